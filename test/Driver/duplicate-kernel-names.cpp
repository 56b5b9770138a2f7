// A kernel name given to two different kernels (lambdas or functor types)
// is an error at the second, with a note at the first, as SYCL 2020 (5.2)
// and DPC++ have it. One kernel launched twice under its name, in other
// launch forms too, is not; neither are unnamed kernels, nor a name declared
// in a function template, which names one kernel per instantiation.
// RUN: not lanes++ -O1 -fno-caret-diagnostics -c %s -o %t.o 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: lanes++ -O1 -DNO_DUPLICATES -c %s -o %t.o
#include <sycl/sycl.hpp>

// CHECK-DAG: duplicate-kernel-names.cpp:[[@LINE+1]]:8: note: the other kernel named 'TwoFunctors' is here
struct Writer {
  int *P;
  void operator()(sycl::id<1> I) const { P[I] = 1; }
};
// CHECK-DAG: duplicate-kernel-names.cpp:[[@LINE+1]]:8: error: kernel name 'TwoFunctors' is given to two different kernels; SYCL requires each kernel to have a name of its own
struct Other {
  int *P;
  void operator()(sycl::id<1> I) const { P[I] = 2; }
};

template <typename T> void launchFor(sycl::queue &Q, int *P) {
  Q.parallel_for<class PerType>(sycl::range<1>(4),
                                [=](sycl::id<1> I) { P[I] = sizeof(T); });
}

int main() {
  sycl::queue Q;
  int *P = sycl::malloc_shared<int>(16, Q);
  auto Once = [=](sycl::id<1> I) { P[I] = 3; };
  Q.parallel_for<class Reused>(sycl::range<1>(4), Once);
  Q.parallel_for<class Reused>(sycl::range<1>(8), Once);
  Q.parallel_for<class Functor>(sycl::range<1>(4), Writer{P});
  Q.submit([&](sycl::handler &H) {
    H.parallel_for<class Functor>(sycl::range<1>(4), Writer{P});
  });
  Q.parallel_for(sycl::range<1>(4), Writer{P});
  Q.parallel_for(sycl::range<1>(4), Other{P});
  launchFor<int>(Q, P);
  launchFor<char>(Q, P);
#ifndef NO_DUPLICATES
  // CHECK-DAG: duplicate-kernel-names.cpp:[[@LINE+1]]:50: note: the other kernel named 'Twice' is here
  Q.parallel_for<class Twice>(sycl::range<1>(4), [=](sycl::id<1> I) { P[I] = 1; });
  // CHECK-DAG: duplicate-kernel-names.cpp:[[@LINE+2]]:32: error: kernel name 'Twice' is given to two different kernels; SYCL requires each kernel to have a name of its own
  Q.submit([&](sycl::handler &H) {
    H.single_task<class Twice>([=] { P[0] = 2; });
  });
  Q.parallel_for<class TwoFunctors>(sycl::range<1>(4), Writer{P});
  Q.parallel_for<class TwoFunctors>(sycl::range<1>(4), Other{P});
#endif
  Q.wait();
  sycl::free(P, Q);
}
