// An id's operators take the scalar by value, so a constexpr local of the
// enclosing function used as `I / Block` stays a constant: the kernel
// lambda does not capture it (binding it to a reference would odr-use it),
// and the division becomes a shift, not a division by a loaded value (which
// no x86 vector instruction does). The program checks the result.
// RUN: lanes++ -O2 -S -emit-llvm %s -o - | FileCheck %s
// RUN: lanes++ -O2 %s -o %t && %t
#include <sycl/sycl.hpp>

#include <cstdio>

int main() {
  constexpr size_t N = 4096;
  constexpr size_t Block = 512;
  sycl::queue Q;
  int *Out = sycl::malloc_shared<int>(N, Q);
  int *Sums = sycl::malloc_shared<int>(N / Block, Q);
  for (size_t I = 0; I < N / Block; ++I)
    Sums[I] = int(I) * 3;
  // CHECK-LABEL: define internal void @{{.*}}.lanes.wg{{.*}}(
  // CHECK-NOT:   udiv
  // CHECK:       lshr {{.*}}9
  // CHECK:       ret void
  Q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> I) {
     Out[I] = Sums[I / Block] + int(I % Block == 0);
   }).wait();
  bool Ok = true;
  for (size_t I = 0; I < N; ++I)
    Ok &= Out[I] == int(I / Block) * 3 + int(I % Block == 0);
  std::printf("id / constexpr: %s\n", Ok ? "OK" : "FAIL");
  return Ok ? 0 : 1;
}
