// A kernel calls a function that is not inlined and returns a sycl::half4
// (an <4 x half> in IR) while a local with a destructor is alive, so the
// call is an invoke. LLVM's scalarizer used to put the result's elements
// past the end of the invoke's block and crash the compiler;
// lanes-route-invoke-vectors keeps them in a block of their own.
// RUN: lanes++ -O2 %s -o %t && %t | FileCheck %s
// RUN: %library-only -o %t-lib && %t-lib | FileCheck %s
// CHECK: twice 10 guards 64
#include <sycl/sycl.hpp>

#include <cstdio>

struct Guard {
  int *Count;
  ~Guard() { *Count += 1; }
};

__attribute__((noinline)) sycl::half4 twice(sycl::half4 X) {
  if (float(X[0]) > 1000.0f)
    throw 1;
  return X + X;
}

int main() {
  sycl::queue Q;
  auto *Data = sycl::malloc_shared<sycl::half4>(64, Q);
  int *Guards = sycl::malloc_shared<int>(64, Q);
  for (int I = 0; I < 64; ++I) {
    Data[I] = sycl::half4(float(I));
    Guards[I] = 0;
  }
  Q.parallel_for(sycl::range<1>(64), [=](sycl::id<1> I) {
     Guard G{&Guards[I]};
     Data[I] = twice(Data[I]);
   }).wait();
  int Total = 0;
  for (int I = 0; I < 64; ++I)
    Total += Guards[I];
  std::printf("twice %g guards %d\n", double(float(Data[5][0])), Total);
  sycl::free(Data, Q);
  sycl::free(Guards, Q);
}
