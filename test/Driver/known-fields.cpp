// A local accessor's range is a field of the kernel object that the launch
// stores as a constant: the work-group function gets it as that constant,
// not as a load (lanes-clone-kernels, "known fields"). A range known only
// at run time stays a load. The program checks both results.
// RUN: lanes++ -O2 -S -emit-llvm %s -o %t.ll
// RUN: FileCheck --check-prefix=CONST %s < %t.ll
// RUN: FileCheck --check-prefix=RUNTIME %s < %t.ll
// RUN: lanes++ -O2 %s -o %t && %t 7
#include <sycl/sycl.hpp>

#include <cstdlib>

int main(int Argc, char **Argv) {
  constexpr size_t N = 1024;
  const size_t Width = Argc > 1 ? std::strtoul(Argv[1], nullptr, 10) : 5;
  sycl::queue Q;
  int *Out = sycl::malloc_shared<int>(2 * N, Q);

  // CONST-LABEL: define internal void @{{.*}}.lanes.wg.64x1x1{{"?}}(
  // CONST-NOT:   getelementptr inbounds i8, ptr %0,
  // CONST:       store <4 x i32> <i32 48, i32 48, i32 48, i32 48>
  // CONST:       ret void
  Q.submit([&](sycl::handler &H) {
    sycl::local_accessor<int, 2> Tile(sycl::range<2>(4, 48), H);
    H.parallel_for(sycl::nd_range<1>(N, 64), [=](sycl::nd_item<1> It) {
      Out[It.get_global_id(0)] = int(Tile.get_range()[1]);
    });
  });
  // RUNTIME-LABEL: define internal void @{{.*}}.lanes.wg.32x1x1{{"?}}(
  // RUNTIME:       [[RANGE:%[0-9]+]] = getelementptr inbounds i8, ptr %0, i64 24
  // RUNTIME-NEXT:  load i64, ptr [[RANGE]]
  // RUNTIME:       ret void
  Q.submit([&](sycl::handler &H) {
    sycl::local_accessor<int, 2> Tile(sycl::range<2>(4, Width), H);
    H.parallel_for(sycl::nd_range<1>(N, 32), [=](sycl::nd_item<1> It) {
      Out[N + It.get_global_id(0)] = int(Tile.get_range()[1]);
    });
  });
  Q.wait();
  int Wrong = 0;
  for (size_t I = 0; I < N; ++I)
    Wrong += (Out[I] != 48) + (Out[N + I] != int(Width));
  sycl::free(Out, Q);
  return Wrong != 0;
}
