// Scalar product in the style of SYCL-Bench's ScalarProd (including
// <CL/sycl.hpp> and naming cl::sycl, as SYCL-Bench does): one kernel
// multiplies the two input vectors element-wise into a buffer, then
// reduction kernels run in a loop, each folding work-group-sized blocks
// of one buffer in a local_accessor (interleaved tree with
// nd_item::barrier(access::fence_space::local_space)) and writing one
// partial sum per group to a second buffer, the two swapping roles until
// one value is left. The final value is read through a host_accessor.
// Integers are checked exactly; for float the inputs are small integers,
// so every partial sum is exact as well.
#include <CL/sycl.hpp>

#include "ported.hpp"

#include <utility>
#include <vector>

namespace s = cl::sycl;

template <typename T> class ScalarProdKernel;
template <typename T> class ScalarProdReduction;

template <typename T>
T scalarProduct(s::queue &q, const std::vector<T> &a, const std::vector<T> &b,
                size_t local_size) {
  const size_t n = a.size();
  s::buffer<T> input1_buf(a.data(), s::range<1>(n));
  s::buffer<T> input2_buf(b.data(), s::range<1>(n));
  s::buffer<T> output_buf{s::range<1>(n)};

  q.submit([&](s::handler &cgh) {
    auto in1 = input1_buf.template get_access<s::access::mode::read>(cgh);
    auto in2 = input2_buf.template get_access<s::access::mode::read>(cgh);
    auto out =
        output_buf.template get_access<s::access::mode::discard_write>(cgh);
    cgh.parallel_for<ScalarProdKernel<T>>(
        s::range<1>(n), [=](s::id<1> gid) { out[gid] = in1[gid] * in2[gid]; });
  });

  // Each pass folds the blocks of one buffer into ceil(size / local_size)
  // partial sums at the front of the other: writing them in place would
  // race with groups that have not yet read their block.
  s::buffer<T> partial_buf{s::range<1>((n + local_size - 1) / local_size)};
  s::buffer<T> *src = &output_buf, *dst = &partial_buf;
  for (size_t size = n; size > 1;) {
    const size_t groups = (size + local_size - 1) / local_size;
    q.submit([&](s::handler &cgh) {
      auto in = src->template get_access<s::access::mode::read>(cgh);
      auto out = dst->template get_access<s::access::mode::write>(cgh);
      s::local_accessor<T, 1> scratch(s::range<1>(local_size), cgh);
      const size_t wg = local_size;
      cgh.parallel_for<ScalarProdReduction<T>>(
          s::nd_range<1>(s::range<1>(groups * wg), s::range<1>(wg)),
          [=](s::nd_item<1> item) {
            size_t gid = item.get_global_id(0);
            size_t lid = item.get_local_id(0);
            scratch[lid] = gid < size ? in[gid] : T(0);
            item.barrier(s::access::fence_space::local_space);
            for (size_t i = 1; i < wg; i *= 2) {
              if (lid % (2 * i) == 0 && lid + i < wg)
                scratch[lid] += scratch[lid + i];
              item.barrier(s::access::fence_space::local_space);
            }
            if (lid == 0)
              out[item.get_group(0)] = scratch[0];
          });
    });
    std::swap(src, dst);
    size = groups;
  }
  s::host_accessor result{*src, s::read_only};
  return result[0];
}

template <typename T>
void runCase(s::queue &q, ported::Verifier &v, size_t n, size_t local_size) {
  std::vector<T> a(n), b(n);
  T expected = 0;
  for (size_t i = 0; i < n; ++i) {
    a[i] = T(int(ported::input(uint32_t(i), 7) % 9) - 4);
    b[i] = T(int(ported::input(uint32_t(i), 8) % 9) - 4);
    expected += a[i] * b[i];
  }
  T got = scalarProduct(q, a, b, local_size);
  std::string what =
      "n " + std::to_string(n) + " local " + std::to_string(local_size);
  v.equal(what.c_str(), &got, &expected, 1);
}

int main() {
  s::queue q;
  ported::Verifier v("sb-scalar-prod");
  runCase<int>(q, v, 1 << 17, 256);
  runCase<float>(q, v, 100000, 128);
  runCase<long>(q, v, 9999, 64);
  runCase<int>(q, v, 1, 32);
  return v.finish();
}
