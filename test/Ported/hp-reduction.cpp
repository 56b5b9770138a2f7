// Hierarchical reduction in the style of SYCL-Bench's hierarchical
// Reduction kernel: parallel_for_work_group over groups of a fixed size
// with a local accessor (SYCL 1.2.1 spelling, accessor<T, 1, read_write,
// target::local>) as the group's scratch memory, a first
// parallel_for_work_item in which each work-item sums a strided share of
// the input into sycl::private_memory and stores it in the scratch, then
// a tree of parallel_for_work_item calls over shrinking logical ranges
// (range<1>(active), smaller than the group) that fold the scratch, and a
// body statement that writes the group's result. The partial results are
// reduced again by a second launch with one group. Integer data, exact;
// a double version uses integer-valued data and is exact as well.
#include <sycl/sycl.hpp>

#include "ported.hpp"

#include <vector>

namespace s = sycl;

template <typename T> class HierReduce;

// Reduces in_buf[0, n) into out_buf[0, groups) with groups of wg items.
template <typename T>
void hierReduce(s::queue &q, s::buffer<T> &in_buf, s::buffer<T> &out_buf,
                size_t n, size_t groups, size_t wg) {
  q.submit([&](s::handler &cgh) {
    auto in = in_buf.template get_access<s::access::mode::read>(cgh);
    auto out = out_buf.template get_access<s::access::mode::discard_write>(cgh);
    s::accessor<T, 1, s::access::mode::read_write, s::access::target::local>
        scratch(s::range<1>(wg), cgh);
    cgh.parallel_for_work_group<HierReduce<T>>(
        s::range<1>(groups), s::range<1>(wg), [=](s::group<1> grp) {
          s::private_memory<T> partial(grp);
          grp.parallel_for_work_item([&](s::h_item<1> it) {
            T acc = 0;
            for (size_t i = it.get_global_id(0); i < n; i += groups * wg)
              acc += in[i];
            partial(it) = acc;
            scratch[it.get_local_id(0)] = partial(it);
          });
          for (size_t active = wg / 2; active > 0; active /= 2)
            grp.parallel_for_work_item(s::range<1>(active),
                                       [&](s::h_item<1> it) {
                                         size_t l = it.get_local_id(0);
                                         scratch[l] += scratch[l + active];
                                       });
          out[grp.get_group_id(0)] = scratch[0];
        });
  });
}

template <typename T>
void runCase(s::queue &q, ported::Verifier &v, const char *type, size_t n,
             size_t groups, size_t wg) {
  std::vector<T> data(n);
  T want = 0;
  for (size_t i = 0; i < n; ++i) {
    data[i] = T(int(ported::input(uint32_t(i), 31) % 1001) - 500);
    want += data[i];
  }
  T got = T(-1);
  {
    s::buffer<T> data_buf(data.data(), s::range<1>(n));
    s::buffer<T> partial_buf{s::range<1>(groups)};
    s::buffer<T> result_buf(&got, s::range<1>(1));
    hierReduce(q, data_buf, partial_buf, n, groups, wg);
    hierReduce(q, partial_buf, result_buf, groups, 1, wg);
  }
  std::string what = std::string(type) + " n " + std::to_string(n) +
                     " groups " + std::to_string(groups) + " of " +
                     std::to_string(wg);
  v.equal(what.c_str(), &got, &want, 1);
}

int main() {
  s::queue q;
  ported::Verifier v("hp-reduction");
  runCase<int>(q, v, "int", 1 << 18, 128, 256);
  runCase<long>(q, v, "long", 100003, 64, 64);
  runCase<double>(q, v, "double", 50000, 32, 128);
  runCase<int>(q, v, "int", 3, 2, 8);
  return v.finish();
}
