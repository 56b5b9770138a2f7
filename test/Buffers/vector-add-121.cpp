// Vector addition in the SYCL 1.2.1 style, unmodified: <CL/sycl.hpp>,
// cl::sycl, buf.get_access<access::mode::...>(cgh) with read,
// discard_write, read_write and discard_read_write, an explicitly typed
// global_buffer accessor, item<1> subscripts, a named kernel, and host
// accessors from buf.get_access<mode>().
#include <CL/sycl.hpp>

#include "buffers.hpp"

namespace sycl_121 = cl::sycl;

namespace {

void runVectorAdd(buffers::Checker &Check, sycl_121::queue &Queue, size_t N) {
  std::vector<int> A(N), B(N), C(N), D(N), Want(N), WantD(N);
  for (size_t I = 0; I < N; ++I) {
    A[I] = buffers::input(I, 5);
    B[I] = buffers::input(I, 6);
    D[I] = buffers::input(I, 7);
    Want[I] = A[I] + B[I];
    WantD[I] = 2 * Want[I] - D[I];
  }
  std::vector<int> Host(N);
  {
    sycl_121::buffer<int, 1> BufA(A.data(), sycl_121::range<1>(N));
    sycl_121::buffer<int, 1> BufB(B.data(), sycl_121::range<1>(N));
    sycl_121::buffer<int, 1> BufC(C.data(), sycl_121::range<1>(N));
    sycl_121::buffer<int, 1> BufD(D.data(), sycl_121::range<1>(N));
    Queue.submit([&](sycl_121::handler &CGH) {
      auto InA = BufA.get_access<sycl_121::access::mode::read>(CGH);
      sycl_121::accessor<int, 1, sycl_121::access::mode::read,
                         sycl_121::access::target::global_buffer>
          InB(BufB, CGH);
      auto Out = BufC.get_access<sycl_121::access::mode::discard_write>(CGH);
      CGH.parallel_for<class VectorAdd121>(
          sycl_121::range<1>(N),
          [=](sycl_121::item<1> It) { Out[It] = InA[It] + InB[It]; });
    });
    Queue.submit([&](sycl_121::handler &CGH) {
      auto In = BufC.get_access<sycl_121::access::mode::read>(CGH);
      auto InOut = BufD.get_access<sycl_121::access::mode::read_write>(CGH);
      CGH.parallel_for<class Combine121>(
          sycl_121::range<1>(N), [=](sycl_121::id<1> I) {
            InOut[I] = 2 * In[I] - InOut[I];
          });
    });
    auto HostC = BufC.get_access<sycl_121::access::mode::read>();
    for (size_t I = 0; I < N; ++I)
      Host[I] = HostC[I];
    Check.expect("1.2.1 host accessor is not a placeholder",
                 !HostC.is_placeholder());
    Check.expect("1.2.1 host accessor count", HostC.get_count() == N);
  }
  std::string Name = "1.2.1 vector-add " + std::to_string(N);
  Check.equal(Name + " host accessor", Host, Want);
  Check.equal(Name + " write-back", C, Want);
  Check.equal(Name + " read_write", D, WantD);
}

/// discard_read_write, then a host accessor writes and the next kernel
/// reads what it wrote.
void runHostRoundTrip(buffers::Checker &Check, sycl_121::queue &Queue,
                      size_t N) {
  std::vector<int> Want(N);
  sycl_121::buffer<int, 1> Buf{sycl_121::range<1>(N)};
  Queue.submit([&](sycl_121::handler &CGH) {
    auto Out = Buf.get_access<sycl_121::access::mode::discard_read_write>(CGH);
    CGH.parallel_for<class Iota121>(sycl_121::range<1>(N),
                                    [=](sycl_121::id<1> I) {
                                      Out[I] = int(I[0]);
                                    });
  });
  {
    auto Host = Buf.get_access<sycl_121::access::mode::read_write>();
    for (size_t I = 0; I < N; ++I) {
      Host[I] += 10;
      Want[I] = 3 * (int(I) + 10);
    }
  }
  Queue.submit([&](sycl_121::handler &CGH) {
    auto InOut = Buf.get_access<sycl_121::access::mode::read_write>(CGH);
    CGH.parallel_for<class Triple121>(
        sycl_121::range<1>(N), [=](sycl_121::id<1> I) { InOut[I] *= 3; });
  });
  auto Host = Buf.get_access<sycl_121::access::mode::read>();
  Check.equal("1.2.1 host round trip " + std::to_string(N),
              Host.get_pointer(), Want);
}

} // namespace

int main() {
  buffers::Checker Check;
  sycl_121::queue Queue;
  for (size_t N : {size_t(3), size_t(512), size_t(1001)})
    runVectorAdd(Check, Queue, N);
  runHostRoundTrip(Check, Queue, 300);
  return Check.status();
}
