// The DPC++ extensions that ported code uses on queues and kernels, which
// Lanes provides as the SYCL 2020 features they wrap:
// - sycl_ext_oneapi_enqueue_barrier: queue::ext_oneapi_submit_barrier()
//   and (events), handler::ext_oneapi_barrier() and (events); a kernel
//   after a barrier sees what the kernels before it wrote, and the
//   barrier's event is complete;
// - sycl_ext_oneapi_queue_empty: queue::ext_oneapi_empty() after commands;
// - sycl_ext_oneapi_discard_queue_events: the queue property is accepted
//   and reported by has_property, and commands still run in order;
// - sycl_ext_oneapi_extended_atomics' names: ext::oneapi::atomic_ref
//   (address space global_space by default), memory_order, memory_scope;
// - the deprecated nd_item::mem_fence and SYCL 1.2.1's group::mem_fence
//   in kernels whose result does not depend on them.
#include <sycl/sycl.hpp>

#include <cstdio>
#include <type_traits>
#include <vector>

namespace {

int Failures = 0;

void expect(bool Ok, const char *What) {
  if (!Ok) {
    std::printf("FAIL: %s\n", What);
    ++Failures;
  } else
    std::printf("%s: OK\n", What);
}

bool complete(const sycl::event &E) {
  return E.get_info<sycl::info::event::command_execution_status>() ==
         sycl::info::event_command_status::complete;
}

void barriers(sycl::queue &Q) {
  constexpr size_t N = 1000;
  int *Data = sycl::malloc_shared<int>(N, Q);
  sycl::event Fill = Q.parallel_for(
      sycl::range<1>(N), [=](sycl::id<1> I) { Data[I] = int(I[0]); });
  sycl::event All = Q.ext_oneapi_submit_barrier();
  sycl::event Some = Q.ext_oneapi_submit_barrier({Fill, All});
  expect(complete(All) && complete(Some), "submit_barrier events complete");
  Q.submit([&](sycl::handler &CGH) {
    CGH.ext_oneapi_barrier();
    CGH.ext_oneapi_barrier({Some});
    CGH.parallel_for(sycl::range<1>(N),
                     [=](sycl::id<1> I) { Data[I] = 2 * Data[I] + 1; });
  });
  Q.wait();
  bool Ok = true;
  for (size_t I = 0; I < N; ++I)
    Ok &= Data[I] == int(2 * I + 1);
  expect(Ok, "kernels around barriers run in order");
  expect(Q.ext_oneapi_empty(), "queue empty after its commands");
  sycl::free(Data, Q);
}

void discardEvents() {
  sycl::queue Q{
      sycl::property_list{sycl::ext::oneapi::property::queue::discard_events{},
                          sycl::property::queue::in_order{}}};
  expect(Q.has_property<sycl::ext::oneapi::property::queue::discard_events>(),
         "discard_events reported");
  expect(!Q.has_property<sycl::property::queue::enable_profiling>(),
         "enable_profiling not reported");
  int *Value = sycl::malloc_shared<int>(1, Q);
  Q.single_task([=] { *Value = 5; });
  Q.single_task([=] { *Value *= 3; });
  Q.wait();
  expect(*Value == 15, "discard_events queue runs in order");
  sycl::free(Value, Q);
}

void atomics(sycl::queue &Q) {
  using Ref =
      sycl::ext::oneapi::atomic_ref<int,
                                    sycl::ext::oneapi::memory_order::relaxed,
                                    sycl::ext::oneapi::memory_scope::device>;
  static_assert(
      std::is_same_v<
          Ref, sycl::atomic_ref<int, sycl::memory_order::relaxed,
                                sycl::memory_scope::device,
                                sycl::access::address_space::global_space>>,
      "ext::oneapi::atomic_ref defaults to global_space");
  int *Counts = sycl::malloc_shared<int>(2, Q);
  Counts[0] = Counts[1] = 0;
  Q.parallel_for(sycl::nd_range<1>(4096, 64), [=](sycl::nd_item<1> It) {
     Ref(Counts[It.get_global_id(0) % 2]).fetch_add(1);
     sycl::ext::oneapi::atomic_ref<int, sycl::memory_order::acq_rel,
                                   sycl::memory_scope::work_group>
         Max(Counts[1]);
     (void)Max.load();
   }).wait();
  expect(Counts[0] == 2048 && Counts[1] == 2048,
         "ext::oneapi::atomic_ref counts");
  sycl::free(Counts, Q);
}

void fences(sycl::queue &Q) {
  constexpr size_t N = 4096, Local = 128;
  std::vector<float> Host(N);
  for (size_t I = 0; I < N; ++I)
    Host[I] = float(I % 97);
  std::vector<float> Out(N / Local);
  {
    sycl::buffer<float> In(Host.data(), sycl::range<1>(N));
    sycl::buffer<float> Sums(Out.data(), sycl::range<1>(N / Local));
    Q.submit([&](sycl::handler &CGH) {
      sycl::accessor A(In, CGH, sycl::read_only);
      sycl::accessor S(Sums, CGH, sycl::write_only);
      sycl::local_accessor<float, 1> Tile(sycl::range<1>(Local), CGH);
      CGH.parallel_for(sycl::nd_range<1>(N, Local), [=](sycl::nd_item<1> It) {
        size_t L = It.get_local_id(0);
        Tile[L] = A[It.get_global_id(0)];
        It.mem_fence(sycl::access::fence_space::local_space);
        It.get_group().mem_fence();
        It.barrier(sycl::access::fence_space::local_space);
        if (L == 0) {
          float Sum = 0;
          for (size_t I = 0; I < Local; ++I)
            Sum += Tile[I];
          S[It.get_group(0)] = Sum;
        }
      });
    });
  }
  bool Ok = true;
  for (size_t G = 0; G < N / Local; ++G) {
    float Want = 0;
    for (size_t I = 0; I < Local; ++I)
      Want += Host[G * Local + I];
    Ok &= Out[G] == Want;
  }
  expect(Ok, "kernel with mem_fence sums its tiles");
}

} // namespace

int main() {
  sycl::queue Q;
  barriers(Q);
  discardEvents();
  atomics(Q);
  fences(Q);
  if (Failures)
    std::printf("%d failed\n", Failures);
  return Failures != 0;
}
