// Tiled matrix multiply with hierarchical parallelism, in the style of
// the hierarchical kernels of SYCL-Bench and the SYCL specification's
// examples: buffers and get_access accessors, a
// parallel_for_work_group<class Name>(groups, group_size, [=](group<2>))
// whose body declares the two tiles as work-group-scope arrays and each
// work-item's running sum as sycl::private_memory<float, 2>, and
// parallel_for_work_item loops that load the tiles, accumulate, and store
// (each loop's end being the work-group barrier). The group also reads
// its own id and range. Small-integer inputs make every sum exact.
#include <sycl/sycl.hpp>

#include "ported.hpp"

#include <vector>

using namespace sycl;

constexpr size_t TS = 16;

class HierMatmul;

int main() {
  queue q;
  ported::Verifier v("hp-matmul");
  const size_t M = 96, K = 80, N = 112; // multiples of TS

  std::vector<float> a(M * K), b(K * N), c(M * N, -1.f), ref(M * N, 0.f);
  for (size_t i = 0; i < M * K; ++i)
    a[i] = float(int(ported::input(uint32_t(i), 29) % 11) - 5);
  for (size_t i = 0; i < K * N; ++i)
    b[i] = float(int(ported::input(uint32_t(i), 30) % 11) - 5);
  std::vector<size_t> group_ids(M / TS * (N / TS), 0);

  {
    buffer<float, 2> a_buf(a.data(), range<2>(M, K));
    buffer<float, 2> b_buf(b.data(), range<2>(K, N));
    buffer<float, 2> c_buf(c.data(), range<2>(M, N));
    buffer<size_t, 1> id_buf(group_ids.data(), range<1>(group_ids.size()));

    q.submit([&](handler &cgh) {
      auto A = a_buf.get_access<access::mode::read>(cgh);
      auto B = b_buf.get_access<access::mode::read>(cgh);
      auto C = c_buf.get_access<access::mode::write>(cgh);
      auto ids = id_buf.get_access<access::mode::write>(cgh);
      cgh.parallel_for_work_group<HierMatmul>(
          range<2>(M / TS, N / TS), range<2>(TS, TS), [=](group<2> grp) {
            float tile_a[TS][TS];
            float tile_b[TS][TS];
            private_memory<float, 2> sum(grp);
            const size_t gi = grp.get_group_id(0), gj = grp.get_group_id(1);
            ids[gi * grp.get_group_range(1) + gj] = grp.get_group_linear_id();

            grp.parallel_for_work_item([&](h_item<2> it) { sum(it) = 0.f; });
            for (size_t kt = 0; kt < K; kt += TS) {
              grp.parallel_for_work_item([&](h_item<2> it) {
                size_t li = it.get_local_id(0), lj = it.get_local_id(1);
                tile_a[li][lj] = A[gi * TS + li][kt + lj];
                tile_b[li][lj] = B[kt + li][gj * TS + lj];
              });
              grp.parallel_for_work_item([&](h_item<2> it) {
                size_t li = it.get_local_id(0), lj = it.get_local_id(1);
                float acc = sum(it);
                for (size_t k = 0; k < TS; ++k)
                  acc += tile_a[li][k] * tile_b[k][lj];
                sum(it) = acc;
              });
            }
            grp.parallel_for_work_item(
                [&](h_item<2> it) { C[it.get_global_id()] = sum(it); });
          });
    });
  }

  for (size_t i = 0; i < M; ++i)
    for (size_t k = 0; k < K; ++k)
      for (size_t j = 0; j < N; ++j)
        ref[i * N + j] += a[i * K + k] * b[k * N + j];
  std::vector<size_t> want_ids(group_ids.size());
  for (size_t i = 0; i < want_ids.size(); ++i)
    want_ids[i] = i;
  v.equal("c", c.data(), ref.data(), ref.size());
  v.equal("group linear ids", group_ids.data(), want_ids.data(),
          want_ids.size());
  return v.finish(std::to_string(M) + "x" + std::to_string(K) + " * " +
                  std::to_string(K) + "x" + std::to_string(N));
}
