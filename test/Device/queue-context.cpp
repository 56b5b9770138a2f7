// Queues made from a context and a device selector (SYCL 2020 4.6.5.1),
// with and without an async_handler and a property_list: each runs kernels
// on the device the selector picks, reports the context it was given,
// keeps its properties, and sends the asynchronous errors of its kernels
// (a divergent barrier, checked mode) to its own handler, else to the
// context's. Selectors that reject the CPU throw errc::runtime.
//
// Also exceptions that carry a context (4.13.2): all six constructors keep
// the code, the message and the context (has_context(), get_context(),
// also in copies); the context that comes back is the one given, with its
// async_handler; an exception made without a context says so, and its
// get_context() throws errc::invalid.
#include <sycl/sycl.hpp>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

class ContextDivergent;
class QueueDivergent;
class RecoveredDivergent;

namespace {

int Failures = 0;

void expect(bool Ok, const char *What) {
  if (!Ok) {
    std::printf("FAIL: %s\n", What);
    ++Failures;
  }
}

/// The kernel names in the errors each handler has been given, in order.
std::vector<std::string> ContextSeen;
std::vector<std::string> QueueSeen;

void record(std::vector<std::string> &Into, sycl::exception_list Errors) {
  for (const std::exception_ptr &Error : Errors) {
    try {
      std::rethrow_exception(Error);
    } catch (const sycl::exception &E) {
      Into.push_back(E.code() == sycl::errc::runtime ? E.what()
                                                     : "not errc::runtime");
    }
  }
}

void contextHandler(sycl::exception_list Errors) {
  record(ContextSeen, Errors);
}
void queueHandler(sycl::exception_list Errors) { record(QueueSeen, Errors); }

bool mentions(const std::vector<std::string> &Seen, const char *Kernel) {
  return Seen.size() == 1 && Seen[0].find(Kernel) != std::string::npos;
}

/// Whether divergent barriers are detected (LANES_CHECK=0 turns it off).
bool checkedMode() {
  const char *Setting = std::getenv("LANES_CHECK");
  return !Setting || std::strcmp(Setting, "0") != 0;
}

/// A kernel whose work-group 1 leaves its barrier half-way.
template <typename Name> void diverge(sycl::queue &Q, int *Out) {
  Q.parallel_for<Name>(sycl::nd_range<1>(64, 16), [=](sycl::nd_item<1> It) {
    if (It.get_group(0) != 1 || It.get_local_id(0) < 8)
      sycl::group_barrier(It.get_group());
    Out[It.get_global_id(0)] = 1;
  });
}

/// Whether \p Q runs a kernel: each work-item writes its square.
bool runs(sycl::queue &Q) {
  const size_t N = 1000;
  std::vector<int> Host(N, -1);
  {
    sycl::buffer<int> Buf(Host.data(), sycl::range<1>(N));
    Q.submit([&](sycl::handler &CGH) {
      sycl::accessor Acc(Buf, CGH, sycl::write_only);
      CGH.parallel_for(sycl::range<1>(N),
                       [=](sycl::id<1> I) { Acc[I] = int(I[0] * I[0]); });
    });
  }
  for (size_t I = 0; I < N; ++I)
    if (Host[I] != int(I * I))
      return false;
  return true;
}

/// Whether constructing a queue with \p Make throws errc::runtime whose
/// message contains \p Fragment.
template <typename MakeT> bool rejects(MakeT Make, const char *Fragment) {
  try {
    sycl::queue Q = Make();
  } catch (const sycl::exception &E) {
    return E.code() == sycl::errc::runtime &&
           std::string(E.what()).find(Fragment) != std::string::npos;
  }
  return false;
}

void checkQueues() {
  sycl::context Ctx(contextHandler);
  sycl::queue Default(Ctx, sycl::default_selector_v);
  sycl::queue InOrder(Ctx, sycl::cpu_selector_v,
                      sycl::property_list{sycl::property::queue::in_order()});
  sycl::queue Own(Ctx, sycl::cpu_selector_v, queueHandler);
  sycl::queue Profiled(
      Ctx, sycl::aspect_selector(sycl::aspect::cpu), queueHandler,
      sycl::property_list{sycl::property::queue::enable_profiling()});
  sycl::queue Custom(
      Ctx, [](const sycl::device &Dev) { return Dev.is_cpu() ? 7 : -1; });
  sycl::queue Legacy(Ctx, sycl::cpu_selector{});
  for (sycl::queue *Q :
       {&Default, &InOrder, &Own, &Profiled, &Custom, &Legacy}) {
    expect(Q->get_context() == Ctx, "get_context() is not the context given");
    expect(Q->get_device().is_cpu(), "the selected device is not the CPU");
    expect(runs(*Q), "a kernel on a queue from a context computed wrongly");
  }
  expect(!Default.is_in_order() && InOrder.is_in_order() &&
             InOrder.has_property<sycl::property::queue::in_order>(),
         "the property_list of queue(context, selector, props) was lost");
  expect(Profiled.has_property<sycl::property::queue::enable_profiling>() &&
             !Own.has_property<sycl::property::queue::enable_profiling>(),
         "the property_list of queue(context, selector, handler, props) "
         "was lost");

  expect(rejects([&] { return sycl::queue(Ctx, sycl::gpu_selector_v); },
                 "no GPU device"),
         "queue(context, gpu_selector_v) did not throw errc::runtime");
  expect(rejects(
             [&] {
               return sycl::queue(Ctx, sycl::accelerator_selector_v,
                                  queueHandler);
             },
             "no accelerator device"),
         "queue(context, accelerator_selector_v, handler) did not throw "
         "errc::runtime");

  if (!checkedMode()) {
    std::printf("asynchronous errors: skipped (LANES_CHECK=0)\n");
    return;
  }
  int *Out = sycl::malloc_shared<int>(64, Default);
  diverge<ContextDivergent>(Default, Out);
  diverge<QueueDivergent>(Own, Out);
  Default.wait_and_throw();
  Own.wait_and_throw();
  expect(mentions(ContextSeen, "ContextDivergent"),
         "queue(context, selector) did not pass its error to the context's "
         "handler");
  expect(mentions(QueueSeen, "QueueDivergent"),
         "queue(context, selector, handler) did not pass its error to its "
         "own handler");
  sycl::free(Out, Default);
}

/// Checks an exception made with a context.
void checkWithContext(const sycl::exception &E, const char *What,
                      const char *Form) {
  bool Ok = E.has_context() && E.code() == sycl::errc::kernel_argument &&
            &E.category() == &sycl::sycl_category() &&
            std::string(E.what()) == What;
  try {
    Ok = Ok && E.get_context() == sycl::context();
  } catch (const sycl::exception &) {
    Ok = false;
  }
  if (!Ok) {
    std::printf("FAIL: exception(%s) lost its code, message or context\n",
                Form);
    ++Failures;
  }
}

void checkExceptions() {
  sycl::context Ctx(contextHandler);
  const std::error_code Code =
      sycl::make_error_code(sycl::errc::kernel_argument);
  const int Value = int(sycl::errc::kernel_argument);
  const std::string Message = Code.message();
  checkWithContext(sycl::exception(Ctx, Code, std::string("a string")),
                   "a string", "context, error_code, string");
  checkWithContext(sycl::exception(Ctx, Code, "a literal"), "a literal",
                   "context, error_code, char *");
  checkWithContext(sycl::exception(Ctx, Code), Message.c_str(),
                   "context, error_code");
  checkWithContext(sycl::exception(Ctx, Value, sycl::sycl_category(),
                                   std::string("a string")),
                   "a string", "context, int, category, string");
  checkWithContext(
      sycl::exception(Ctx, Value, sycl::sycl_category(), "a literal"),
      "a literal", "context, int, category, char *");
  checkWithContext(sycl::exception(Ctx, Value, sycl::sycl_category()),
                   Message.c_str(), "context, int, category");
  sycl::exception NoContext(Value, sycl::sycl_category(), "a literal");
  expect(!NoContext.has_context() &&
             NoContext.code() == sycl::errc::kernel_argument &&
             std::string(NoContext.what()) == "a literal",
         "exception(int, category, char *) is wrong");

  // Thrown and caught by copy, the context stays.
  try {
    throw sycl::exception(Ctx, sycl::errc::kernel_argument, "thrown");
  } catch (const sycl::exception &E) {
    sycl::exception Copy = E;
    checkWithContext(Copy, "thrown", "context, errc, char *: a copy");
  }

  sycl::exception Plain(sycl::errc::kernel_argument, "plain");
  expect(!Plain.has_context(), "an exception without a context has one");
  bool Refused = false;
  try {
    (void)Plain.get_context();
  } catch (const sycl::exception &E) {
    Refused = E.code() == sycl::errc::invalid && !E.has_context();
  }
  expect(Refused, "get_context() without a context did not throw "
                  "errc::invalid");

  // The context that comes back is the one given: a queue made from it
  // passes its errors to the same async_handler.
  if (!checkedMode())
    return;
  sycl::exception Carrier(Ctx, sycl::errc::runtime);
  sycl::queue Recovered(Carrier.get_context(), sycl::default_selector_v);
  int *Out = sycl::malloc_shared<int>(64, Recovered);
  ContextSeen.clear();
  diverge<RecoveredDivergent>(Recovered, Out);
  Recovered.wait_and_throw();
  expect(mentions(ContextSeen, "RecoveredDivergent"),
         "get_context() did not return the context given, with its "
         "async_handler");
  sycl::free(Out, Recovered);
}

} // namespace

int main() {
  checkQueues();
  checkExceptions();
  if (Failures) {
    std::printf("queue-context: %d FAILED\n", Failures);
    return 1;
  }
  std::printf("queue-context: OK\n");
  return 0;
}
