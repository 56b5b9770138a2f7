// A kernel name given to two different kernels in two translation units
// (this file again, with -DOTHER_TU), which lanes++ cannot see at once:
// launches under the name throw errc::invalid naming both kernels, and run
// nothing. So do they in library-only builds, where lanes++ checks nothing.
// A named kernel launched twice, also through a handler, runs.
// RUN: lanes++ -O1 -c -DOTHER_TU %s -o %t-tu.o
// RUN: lanes++ -O1 %s %t-tu.o -o %t
// RUN: %t | FileCheck %s
// RUN: %library-only -c -DOTHER_TU -o %t-tu-lib.o 2>/dev/null
// RUN: %library-only %t-tu-lib.o -o %t-lib
// RUN: %t-lib | FileCheck %s
#include <sycl/sycl.hpp>

#include <cstdio>

class Shared;

#ifdef OTHER_TU
void launchOther(sycl::queue &Q, int *P) {
  Q.parallel_for<Shared>(sycl::range<1>(4), [=](sycl::id<1> I) { P[I] = 2; });
}
#else
void launchOther(sycl::queue &Q, int *P);

int main() {
  sycl::queue Q;
  int *P = sycl::malloc_shared<int>(4, Q);
  std::fill(P, P + 4, 0);
  // CHECK: launch 0: invalid: kernel name 'Shared' is given to two different kernels, '{{(main|launchOther).+}}' and '{{(main|launchOther).+}}'; SYCL requires each kernel to have a name of its own
  // CHECK: launch 1: invalid: kernel name 'Shared' is given to two different kernels
  for (int Which = 0; Which < 2; ++Which) {
    try {
      if (Which == 0)
        Q.parallel_for<Shared>(sycl::range<1>(4),
                               [=](sycl::id<1> I) { P[I] = 1; });
      else
        launchOther(Q, P);
      Q.wait();
      std::printf("launch %d ran\n", Which);
    } catch (const sycl::exception &E) {
      std::printf("launch %d: %s: %s\n", Which,
                  E.code() == sycl::errc::invalid ? "invalid" : "other",
                  E.what());
    }
  }
  // CHECK: nothing ran: 0 0 0 0
  std::printf("nothing ran: %d %d %d %d\n", P[0], P[1], P[2], P[3]);

  // CHECK: one kernel, three launches: 3 3 3 3
  auto Once = [=](sycl::id<1> I) { P[I] += 1; };
  Q.parallel_for<class Once>(sycl::range<1>(4), Once);
  Q.parallel_for<class Once>(sycl::range<1>(4), Once);
  Q.submit([&](sycl::handler &H) {
    H.parallel_for<class Once>(sycl::range<1>(4), Once);
  });
  Q.wait();
  std::printf("one kernel, three launches: %d %d %d %d\n", P[0], P[1], P[2],
              P[3]);
  sycl::free(P, Q);
}
#endif
