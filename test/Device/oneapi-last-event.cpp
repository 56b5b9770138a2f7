// DPC++'s sycl_ext_oneapi_in_order_queue_events on in-order queues:
// ext_oneapi_get_last_event() is empty on a fresh queue, then the event of
// the last command (kernels, USM copies and fills, 2-D copies, host tasks,
// barriers), also through a copy of the queue, and waiting on it sees the
// command's results; a command group that throws changes nothing.
// ext_oneapi_set_external_event(E): E (a host task on another queue that
// sets a flag after a delay) comes before the next kernel, which sees the
// flag; the last event is E until that kernel is submitted or the queue is
// waited for, and a second call replaces the first. A queue that is not in
// order throws errc::invalid from both; a discard_events queue does not.
#include <sycl/sycl.hpp>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <optional>
#include <string>
#include <thread>
#include <type_traits>

namespace {

int Failures = 0;

void expect(bool Ok, const std::string &What) {
  std::printf("%s: %s\n", What.c_str(), Ok ? "OK" : "FAIL");
  Failures += !Ok;
}

/// Whether \p Q's last event is \p E.
bool lastIs(const sycl::queue &Q, const sycl::event &E) {
  std::optional<sycl::event> Last = Q.ext_oneapi_get_last_event();
  return Last.has_value() && *Last == E;
}

void lastEvents() {
  sycl::queue Q{sycl::property::queue::in_order{}};
  static_assert(std::is_same_v<decltype(Q.ext_oneapi_get_last_event()),
                               std::optional<sycl::event>>);
  expect(!Q.ext_oneapi_get_last_event().has_value(), "fresh queue: empty");

  constexpr size_t N = 256;
  int *Data = sycl::malloc_shared<int>(N, Q);
  int *Copy = sycl::malloc_shared<int>(N, Q);
  sycl::event E = Q.single_task([=] { Data[0] = 11; });
  expect(lastIs(Q, E), "after single_task");
  E = Q.parallel_for(sycl::range<1>(N),
                     [=](sycl::id<1> I) { Data[I] = int(I[0]) * 3; });
  expect(lastIs(Q, E), "after parallel_for");
  Q.ext_oneapi_get_last_event()->wait();
  bool Ok = true;
  for (size_t I = 0; I < N; ++I)
    Ok &= Data[I] == int(I) * 3;
  expect(Ok, "waiting on the last event sees the kernel's results");

  E = Q.memcpy(Copy, Data, N * sizeof(int));
  expect(lastIs(Q, E), "after memcpy");
  E = Q.fill(Data, 5, N);
  expect(lastIs(Q, E), "after fill");
  E = Q.memset(Data, 0, sizeof(int));
  expect(lastIs(Q, E), "after memset");
  E = Q.ext_oneapi_copy2d(static_cast<const int *>(Copy), 16, Data, 16, 8, 4);
  expect(lastIs(Q, E), "after ext_oneapi_copy2d");
  bool Ran = false;
  E = Q.submit([&](sycl::handler &CGH) { CGH.host_task([&] { Ran = true; }); });
  expect(lastIs(Q, E), "after host_task");
  Q.ext_oneapi_get_last_event()->wait();
  expect(Ran, "waiting on the host task's event");
  E = Q.ext_oneapi_submit_barrier();
  expect(lastIs(Q, E), "after ext_oneapi_submit_barrier");
  sycl::queue Same = Q;
  expect(lastIs(Same, E), "a copy of the queue shares the last event");

  // A command group that throws submits nothing.
  try {
    Q.submit([&](sycl::handler &CGH) {
      CGH.single_task([=] { Data[1] = 1; });
      CGH.single_task([=] { Data[2] = 2; });
    });
  } catch (const sycl::exception &) {
  }
  try {
    Q.ext_oneapi_memcpy2d(Data, 4, Copy, 8, 8, 2);
  } catch (const sycl::exception &) {
  }
  expect(lastIs(Q, E), "a command group that throws leaves the last event");

  sycl::queue Other{sycl::property::queue::in_order{}};
  expect(!Other.ext_oneapi_get_last_event().has_value(),
         "another queue has its own (none)");
  sycl::free(Data, Q);
  sycl::free(Copy, Q);
}

void externalEvents() {
  sycl::queue Q{sycl::property::queue::in_order{}};
  sycl::queue Producer; // not in order
  int *Flag = sycl::malloc_shared<int>(1, Q);
  int *Seen = sycl::malloc_shared<int>(1, Q);
  *Flag = 0;
  *Seen = -1;

  sycl::event Set = Producer.submit([&](sycl::handler &CGH) {
    CGH.host_task([=] {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      *Flag = 1;
    });
  });
  Q.ext_oneapi_set_external_event(Set);
  expect(lastIs(Q, Set), "the external event is the last event");
  sycl::event Read = Q.single_task([=] { *Seen = *Flag; });
  expect(lastIs(Q, Read), "then the kernel's event is the last");
  Read.wait();
  expect(*Seen == 1, "the next kernel runs after the external event");

  // A second call replaces the first; wait() drops it.
  sycl::event First = Producer.single_task([] {});
  sycl::event Second = Producer.single_task([] {});
  Q.ext_oneapi_set_external_event(First);
  Q.ext_oneapi_set_external_event(Second);
  expect(lastIs(Q, Second), "a second external event replaces the first");
  Q.wait();
  expect(lastIs(Q, Read), "wait() drops the external event");
  Q.ext_oneapi_set_external_event(First);
  Q.wait_and_throw();
  expect(lastIs(Q, Read), "wait_and_throw() drops the external event");

  // An external event on a fresh queue.
  sycl::queue Fresh{sycl::property::queue::in_order{}};
  Fresh.ext_oneapi_set_external_event(First);
  expect(lastIs(Fresh, First), "external event on a fresh queue");
  Fresh.wait();
  expect(!Fresh.ext_oneapi_get_last_event().has_value(),
         "fresh queue after wait(): empty again");
  sycl::free(Flag, Q);
  sycl::free(Seen, Q);
}

/// Expects \p Run to throw errc::invalid naming \p Function.
template <typename F>
void expectInvalid(const std::string &What, const char *Function, F Run) {
  try {
    Run();
    expect(false, What + " throws");
  } catch (const sycl::exception &E) {
    expect(E.code() == sycl::errc::invalid &&
               std::strstr(E.what(), Function) != nullptr,
           What + " (" + E.what() + ")");
  }
}

void notInOrder() {
  sycl::queue Q;
  Q.single_task([] {});
  expectInvalid("get_last_event on a queue not in order",
                "ext_oneapi_get_last_event",
                [&] { (void)Q.ext_oneapi_get_last_event(); });
  expectInvalid("set_external_event on a queue not in order",
                "ext_oneapi_set_external_event",
                [&] { Q.ext_oneapi_set_external_event(sycl::event()); });

  sycl::queue Discard{sycl::property_list{
      sycl::property::queue::in_order{},
      sycl::ext::oneapi::property::queue::discard_events{}}};
  sycl::event E = Discard.single_task([] {});
  expect(lastIs(Discard, E), "discard_events in-order queue");
}

} // namespace

int main() {
  static_assert(SYCL_EXT_ONEAPI_IN_ORDER_QUEUE_EVENTS == 1,
                "feature-test macro");
  lastEvents();
  externalEvents();
  notInOrder();
  if (Failures)
    std::printf("%d failed\n", Failures);
  return Failures != 0;
}
