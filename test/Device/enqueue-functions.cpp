// sycl_ext_oneapi_enqueue_functions: every free function on a queue and on
// a handler, checked by what the commands leave in memory:
// - submit and submit_with_event (whose event is complete);
// - single_task; parallel_for over a range<N> and a size, nd_launch over an
//   nd_range, each with and without reductions after the kernel and through
//   a launch_config, whose kernel properties hold (a work_group_size the
//   kernel sees, and errc::nd_range for a launch of another size);
// - memcpy, copy, memset, fill, prefetch (both types) and mem_advise;
// - barrier and partial_barrier between commands.
#include <sycl/sycl.hpp>

#include <cstdio>
#include <string>
#include <vector>

namespace syclex = sycl::ext::oneapi::experimental;

class SizedReduction;
class SizedRange;

namespace {

int Failures = 0;

void expect(bool Ok, const char *What) {
  if (!Ok) {
    std::printf("FAIL: %s\n", What);
    ++Failures;
  } else
    std::printf("%s: OK\n", What);
}

bool all(const int *Data, size_t N, int Value) {
  for (size_t I = 0; I < N; ++I)
    if (Data[I] != Value)
      return false;
  return true;
}

bool iota(const int *Data, size_t N, int Scale) {
  for (size_t I = 0; I < N; ++I)
    if (Data[I] != Scale * int(I))
      return false;
  return true;
}

constexpr size_t N = 256;

void kernels(sycl::queue &Q) {
  int *Data = sycl::malloc_shared<int>(N, Q);
  int *Sum = sycl::malloc_shared<int>(1, Q);

  syclex::single_task(Q, [=] { Data[0] = 41; });
  syclex::submit(Q, [&](sycl::handler &H) {
    syclex::single_task(H, [=] { Data[0] += 1; });
  });
  expect(Data[0] == 42, "single_task (queue, handler)");

  syclex::parallel_for(Q, sycl::range<1>(N),
                       [=](sycl::id<1> I) { Data[I] = int(I[0]); });
  expect(iota(Data, N, 1), "parallel_for(queue, range)");
  sycl::event Done = syclex::submit_with_event(Q, [&](sycl::handler &H) {
    syclex::parallel_for(H, N, [=](sycl::id<1> I) { Data[I] *= 2; });
  });
  expect(iota(Data, N, 2) &&
             Done.get_info<sycl::info::event::command_execution_status>() ==
                 sycl::info::event_command_status::complete,
         "parallel_for(handler, size) in submit_with_event");
  syclex::parallel_for(Q, sycl::range<2>(N / 16, 16),
                       [=](sycl::item<2> It) { Data[It.get_linear_id()] = 3; });
  expect(all(Data, N, 3), "parallel_for(queue, range<2>)");

  // Reductions come after the kernel.
  *Sum = 0;
  syclex::parallel_for(
      Q, N, [=](sycl::id<1> I, auto &Acc) { Acc += int(I[0]); },
      sycl::reduction(Sum, sycl::plus<>()));
  expect(*Sum == int(N * (N - 1) / 2), "parallel_for with a reduction");
  int *Max = sycl::malloc_shared<int>(1, Q);
  *Sum = 0;
  *Max = 0;
  syclex::submit(Q, [&](sycl::handler &H) {
    syclex::nd_launch(
        H, sycl::nd_range<1>(N, 32),
        [=](sycl::nd_item<1> It, auto &S, auto &M) {
          S += 1;
          M.combine(int(It.get_global_id(0)));
        },
        sycl::reduction(Sum, sycl::plus<>()),
        sycl::reduction(Max, sycl::maximum<>()));
  });
  expect(*Sum == int(N) && *Max == int(N) - 1,
         "nd_launch(handler) with two reductions");

  syclex::nd_launch(Q, sycl::nd_range<1>(N, 64), [=](sycl::nd_item<1> It) {
    Data[It.get_global_id(0)] = int(It.get_local_range(0));
  });
  expect(all(Data, N, 64), "nd_launch(queue)");

  // launch_config, with kernel properties and without.
  syclex::launch_config Plain{sycl::range<1>(N)};
  syclex::parallel_for(Q, Plain, [=](sycl::id<1> I) { Data[I] = 5; });
  expect(all(Data, N, 5), "parallel_for(queue, launch_config)");
  syclex::launch_config Sized(sycl::nd_range<1>(N, 16),
                              syclex::properties{syclex::work_group_size<16>});
  syclex::nd_launch(Q, Sized, [=](sycl::nd_item<1> It) {
    Data[It.get_global_id(0)] = int(It.get_local_range(0));
  });
  expect(all(Data, N, 16), "nd_launch(queue, launch_config)");
  *Sum = 0;
  syclex::submit(Q, [&](sycl::handler &H) {
    syclex::nd_launch<SizedReduction>(
        H, Sized, [=](sycl::nd_item<1>, auto &S) { S += 2; },
        sycl::reduction(Sum, sycl::plus<>()));
  });
  expect(*Sum == 2 * int(N), "nd_launch(handler, launch_config) reduction");
  try {
    syclex::nd_launch(
        Q,
        syclex::launch_config(sycl::nd_range<1>(N, 32),
                              syclex::properties{syclex::work_group_size<16>}),
        [=](sycl::nd_item<1>) {});
    expect(false, "launch_config's work_group_size holds");
  } catch (const sycl::exception &E) {
    expect(E.code() == sycl::errc::nd_range &&
               std::string(E.what()).find("requires work-group size {16}") !=
                   std::string::npos,
           "launch_config's work_group_size holds");
  }
  syclex::submit(Q, [&](sycl::handler &H) {
    syclex::parallel_for<SizedRange>(
        H,
        syclex::launch_config(sycl::range<1>(100),
                              syclex::properties{syclex::work_group_size<16>}),
        [=](sycl::id<1> I) { Data[I] = 6; });
  });
  expect(all(Data, 100, 6) && all(Data + 100, N - 100, 16),
         "parallel_for(handler, launch_config), padded");
  // The handler's launches with a launch_config have its work_group_size.
  auto Bundle =
      sycl::get_kernel_bundle<sycl::bundle_state::executable>(Q.get_context());
  auto SizeOf = [&](sycl::kernel K) {
    return K
        .get_info<sycl::info::kernel_device_specific::compile_work_group_size>(
            Q.get_device());
  };
  expect(
      SizeOf(Bundle.get_kernel<SizedReduction>()) == sycl::range<3>(1, 1, 16) &&
          SizeOf(Bundle.get_kernel<SizedRange>()) == sycl::range<3>(1, 1, 16),
      "launch_config's work_group_size on handler launches");

  sycl::free(Max, Q);
  sycl::free(Sum, Q);
  sycl::free(Data, Q);
}

void memoryAndBarriers(sycl::queue &Q) {
  int *A = sycl::malloc_shared<int>(N, Q);
  int *B = sycl::malloc_shared<int>(N, Q);
  for (size_t I = 0; I < N; ++I)
    A[I] = int(I);

  syclex::memcpy(Q, B, A, N * sizeof(int));
  expect(iota(B, N, 1), "memcpy(queue)");
  syclex::memset(Q, B, 0, N * sizeof(int));
  expect(all(B, N, 0), "memset(queue)");
  syclex::copy(Q, A, B, N / 2);
  expect(iota(B, N / 2, 1) && all(B + N / 2, N / 2, 0), "copy(queue)");
  syclex::fill(Q, B, 7, N);
  expect(all(B, N, 7), "fill(queue)");
  syclex::submit(Q, [&](sycl::handler &H) { syclex::memcpy(H, B, A, 64); });
  expect(iota(B, 16, 1) && all(B + 16, N - 16, 7), "memcpy(handler)");
  syclex::submit(Q, [&](sycl::handler &H) { syclex::fill(H, B, 9, N); });
  syclex::submit(Q, [&](sycl::handler &H) { syclex::copy(H, A, B + 1, 3); });
  syclex::submit(Q,
                 [&](sycl::handler &H) { syclex::memset(H, B + 8, 0xff, 8); });
  expect(B[0] == 9 && B[1] == 0 && B[3] == 2 && B[4] == 9 && B[8] == -1 &&
             B[9] == -1 && B[10] == 9,
         "fill, copy, memset (handler)");

  // Hints: nothing to move on a CPU, and the data stays.
  syclex::prefetch(Q, A, N * sizeof(int));
  syclex::prefetch(Q, A, N * sizeof(int), syclex::prefetch_type::host);
  syclex::mem_advise(Q, A, N * sizeof(int), 0);
  syclex::submit(Q, [&](sycl::handler &H) {
    syclex::prefetch(H, A, N * sizeof(int), syclex::prefetch_type::device);
  });
  syclex::submit(Q, [&](sycl::handler &H) {
    syclex::mem_advise(H, A, N * sizeof(int), 0);
  });
  expect(iota(A, N, 1), "prefetch and mem_advise");

  // Barriers order what comes after them after what came before.
  sycl::event First = syclex::submit_with_event(Q, [&](sycl::handler &H) {
    syclex::parallel_for(H, N, [=](sycl::id<1> I) { A[I] = 1; });
  });
  syclex::barrier(Q);
  syclex::partial_barrier(Q, {First});
  syclex::submit(Q, [&](sycl::handler &H) {
    syclex::barrier(H);
    syclex::parallel_for(H, N, [=](sycl::id<1> I) { A[I] += 1; });
  });
  syclex::submit(Q, [&](sycl::handler &H) {
    syclex::partial_barrier(H, {First});
    syclex::parallel_for(H, N, [=](sycl::id<1> I) { A[I] *= 3; });
  });
  Q.wait();
  expect(all(A, N, 6), "barrier and partial_barrier");

  sycl::free(B, Q);
  sycl::free(A, Q);
}

} // namespace

int main() {
  sycl::queue Q;
  kernels(Q);
  memoryAndBarriers(Q);
  sycl::queue InOrder{sycl::property::queue::in_order()};
  kernels(InOrder);
  if (Failures) {
    std::printf("%d failures\n", Failures);
    return 1;
  }
  std::printf("enqueue functions: all passed\n");
  return 0;
}
