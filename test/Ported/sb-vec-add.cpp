// Vector addition in the style of SYCL-Bench's VecAdd, in its SYCL 1.2.1
// spelling (<CL/sycl.hpp>, namespace s = cl::sycl, a queue made from a
// default_selector object): a templated
// benchmark class owns host vectors, wraps them in buffers for the run,
// requests accessors with buffer::get_access<access::mode::...>(cgh) and
// launches parallel_for<VecAddKernel<T>> over a range<1> (taking an id<1>)
// or an nd_range<1> with a bounds check. The buffers' destructors write
// the output back to the host vector. Checked exactly: integers, and
// floats that are small multiples of 1/4, whose sums are exact.
#include <CL/sycl.hpp>

#include "ported.hpp"

#include <vector>

namespace s = cl::sycl;

template <typename T> class VecAddKernel;
template <typename T> class VecAddNDKernel;

template <typename T> class VecAddBench {
protected:
  std::vector<T> input1;
  std::vector<T> input2;
  std::vector<T> output;
  size_t problem_size;
  size_t local_size;

public:
  VecAddBench(size_t size, size_t local)
      : problem_size(size), local_size(local) {}

  void setup() {
    input1.resize(problem_size);
    input2.resize(problem_size);
    output.assign(problem_size, T(0));
    for (size_t i = 0; i < problem_size; i++) {
      input1[i] = T(ported::input(uint32_t(i), 1) % 4096) / T(4);
      input2[i] = T(ported::input(uint32_t(i), 2) % 4096) / T(4);
    }
  }

  void run(s::queue &q, bool use_nd_range) {
    s::buffer<T> input1_buf(input1.data(), s::range<1>(problem_size));
    s::buffer<T> input2_buf(input2.data(), s::range<1>(problem_size));
    s::buffer<T> output_buf(output.data(), s::range<1>(problem_size));

    q.submit([&](s::handler &cgh) {
      auto in1 = input1_buf.template get_access<s::access::mode::read>(cgh);
      auto in2 = input2_buf.template get_access<s::access::mode::read>(cgh);
      auto out =
          output_buf.template get_access<s::access::mode::discard_write>(cgh);
      if (!use_nd_range) {
        cgh.parallel_for<VecAddKernel<T>>(
            s::range<1>(problem_size),
            [=](s::id<1> gid) { out[gid] = in1[gid] + in2[gid]; });
      } else {
        size_t n = problem_size;
        size_t global = (n + local_size - 1) / local_size * local_size;
        cgh.parallel_for<VecAddNDKernel<T>>(
            s::nd_range<1>(s::range<1>(global), s::range<1>(local_size)),
            [=](s::nd_item<1> item) {
              size_t gid = item.get_global_id(0);
              if (gid < n)
                out[gid] = in1[gid] + in2[gid];
            });
      }
    });
    // The buffers go out of scope here and write output back.
  }

  bool verify(ported::Verifier &v, const char *what) {
    std::vector<T> expected(problem_size);
    for (size_t i = 0; i < problem_size; i++)
      expected[i] = input1[i] + input2[i];
    return v.equal(what, output.data(), expected.data(), problem_size);
  }
};

template <typename T>
void runBench(s::queue &q, ported::Verifier &v, const char *what, size_t size,
              bool nd) {
  VecAddBench<T> bench(size, 128);
  bench.setup();
  bench.run(q, nd);
  bench.verify(v, what);
}

int main() {
  s::queue q{s::default_selector{}};
  ported::Verifier v("sb-vec-add");
  runBench<int>(q, v, "int range 65536", 65536, false);
  runBench<float>(q, v, "float range 100003", 100003, false);
  runBench<double>(q, v, "double range 4099", 4099, false);
  runBench<float>(q, v, "float nd_range 50001", 50001, true);
  runBench<long>(q, v, "long nd_range 1", 1, true);
  return v.finish("4 element types");
}
