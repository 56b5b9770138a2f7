// Vector addition through buffers in the SYCL 2020 style: accessors built
// with CTAD and the read_only / write_only tags and no_init, results read
// back through a host_accessor and by write-back to the host vector. Sizes
// cover one element, odd sizes (a padded range launch), an exact multiple
// of the group size, and an empty buffer with an empty range.
#include "buffers.hpp"

namespace {

void runVectorAdd(buffers::Checker &Check, sycl::queue &Q, size_t N) {
  std::vector<int> A(N), B(N), C(N, -1), Want(N);
  for (size_t I = 0; I < N; ++I) {
    A[I] = buffers::input(I, 1);
    B[I] = buffers::input(I, 2);
    Want[I] = A[I] + B[I];
  }
  std::vector<int> FromHostAccessor;
  {
    sycl::buffer BufA(A), BufB(B.data(), sycl::range<1>(N));
    sycl::buffer<int> BufC(C.data(), sycl::range<1>(N));
    Q.submit([&](sycl::handler &CGH) {
      sycl::accessor InA(BufA, CGH, sycl::read_only);
      sycl::accessor InB(BufB, CGH, sycl::read_only);
      sycl::accessor Out(BufC, CGH, sycl::write_only, sycl::no_init);
      CGH.parallel_for(sycl::range<1>(N),
                       [=](sycl::id<1> I) { Out[I] = InA[I] + InB[I]; });
    });
    sycl::host_accessor Result(BufC, sycl::read_only);
    FromHostAccessor.assign(Result.get_pointer(), Result.get_pointer() + N);
    // The buffer has not written back yet: C is the buffer's copy source.
    Check.expect("vector-add " + std::to_string(N) + " no early write-back",
                 N == 0 || C[0] == -1);
  }
  std::string Name = "vector-add " + std::to_string(N);
  Check.equal(Name + " host_accessor", FromHostAccessor, Want);
  Check.equal(Name + " write-back", C, Want);
}

/// The same with item<1>, size_t indices and a kernel given by a named
/// function object.
struct Saxpy {
  sycl::accessor<int, 1, sycl::access_mode::read> X;
  sycl::accessor<int, 1, sycl::access_mode::read_write> Y;
  int Alpha;
  void operator()(sycl::item<1> It) const {
    size_t I = It.get_linear_id();
    Y[It] = Alpha * X[I] + Y[I];
  }
};

void runSaxpy(buffers::Checker &Check, sycl::queue &Q, size_t N) {
  std::vector<int> X(N), Y(N), Want(N);
  for (size_t I = 0; I < N; ++I) {
    X[I] = buffers::input(I, 3);
    Y[I] = buffers::input(I, 4);
    Want[I] = 3 * X[I] + Y[I];
  }
  {
    sycl::buffer<int> BufX(X.data(), N), BufY(Y.data(), N);
    Q.submit([&](sycl::handler &CGH) {
      Saxpy Kernel{sycl::accessor(BufX, CGH, sycl::read_only),
                   sycl::accessor(BufY, CGH, sycl::read_write), 3};
      CGH.parallel_for<class SaxpyKernel>(sycl::range<1>(N), Kernel);
    });
  }
  Check.equal("saxpy " + std::to_string(N), Y, Want);
}

} // namespace

int main() {
  static_assert(std::is_trivially_copyable_v<sycl::accessor<int, 1>>,
                "kernels capture accessors by value");
  static_assert(std::is_same_v<decltype(sycl::accessor(
                                   std::declval<sycl::buffer<int> &>(),
                                   std::declval<sycl::handler &>(),
                                   sycl::read_only)),
                               sycl::accessor<int, 1, sycl::access_mode::read,
                                              sycl::target::device>>,
                "CTAD with read_only gives a read accessor");
  static_assert(std::is_same_v<sycl::accessor<int, 1, sycl::access_mode::read>::
                                   reference,
                               const int &>,
                "read accessors give const references");
  buffers::Checker Check;
  sycl::queue Q;
  for (size_t N : {size_t(1), size_t(7), size_t(256), size_t(1000),
                   size_t(1023), size_t(4096), size_t(0)})
    runVectorAdd(Check, Q, N);
  for (size_t N : {size_t(5), size_t(777)})
    runSaxpy(Check, Q, N);
  return Check.status();
}
