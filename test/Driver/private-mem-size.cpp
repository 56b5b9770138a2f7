// info::kernel_device_specific::private_mem_size answers what lanes++
// lowered each kernel to: the loop state per work-item that --lanes-report
// prints for it, in the same compile. A kernel that keeps a private array
// across a barrier keeps at least the array's 64 bytes; one without a
// barrier keeps nothing. The program also runs both kernels and checks
// their results.
// RUN: lanes++ --lanes-report -fno-caret-diagnostics %s -o %t 2> %t.log
// RUN: %t >> %t.log
// RUN: FileCheck %s < %t.log
#include <sycl/sycl.hpp>

#include <cstdio>

class Keeps;
class Streams;

int main() {
  constexpr size_t N = 256, L = 64;
  sycl::queue Q;
  int *In = sycl::malloc_shared<int>(N, Q);
  int *Out = sycl::malloc_shared<int>(N, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = int(I * 7 % 16);

  // The array is indexed by a loaded value, so it stays an array of 16
  // ints, kept per work-item across the barrier.
  // CHECK: private-mem-size.cpp:[[@LINE+1]]:{{.*}} remark: kernel {{.*}}: 1 barrier, 2 sub-CFGs, loop state [[KEEPS:[0-9]+]] bytes per work-item
  Q.parallel_for<Keeps>(sycl::nd_range<1>(N, L), [=](sycl::nd_item<1> It) {
    size_t I = It.get_global_id(0);
    int P[16];
    for (int K = 0; K < 16; ++K)
      P[K] = In[I] + K;
    sycl::group_barrier(It.get_group());
    Out[I] = P[In[(I + 1) % N]];
  });
  // CHECK: private-mem-size.cpp:[[@LINE+2]]:{{.*}} remark: kernel {{.*}}: 0 barriers, 1 sub-CFG, loop state 0 bytes per work-item
  Q.parallel_for<Streams>(sycl::range<1>(N),
                          [=](sycl::id<1> I) { In[I] = Out[I] * 2; });
  Q.wait();
  bool Right = true;
  for (size_t I = 0; I < N; ++I)
    Right &= In[I] == 2 * int(I * 7 % 16 + (I + 1) % N * 7 % 16);

  namespace specific = sycl::info::kernel_device_specific;
  auto Bundle = sycl::get_kernel_bundle<sycl::bundle_state::executable>(
      Q.get_context());
  size_t KeepsBytes = Bundle.get_kernel<Keeps>().get_info<
      specific::private_mem_size>(Q.get_device());
  size_t StreamsBytes = Bundle.get_kernel<Streams>().get_info<
      specific::private_mem_size>(Q.get_device());
  // CHECK: results right
  // CHECK-NEXT: Keeps: private_mem_size [[KEEPS]], at least 64
  // CHECK-NEXT: Streams: private_mem_size 0
  std::printf("results %s\n", Right ? "right" : "wrong");
  std::printf("Keeps: private_mem_size %zu, %s\n", KeepsBytes,
              KeepsBytes >= 16 * sizeof(int) ? "at least 64" : "too few");
  std::printf("Streams: private_mem_size %zu\n", StreamsBytes);
  sycl::free(In, Q);
  sycl::free(Out, Q);
}
