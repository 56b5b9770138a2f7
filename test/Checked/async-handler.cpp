// A divergent barrier found while a kernel runs is an asynchronous error:
// on a queue with an async_handler, submit() returns and the handler gets
// the error (errc::runtime, naming the kernel) at the queue's
// wait_and_throw(), at an event's wait_and_throw(), or when the last copy
// of the queue goes away; each error once, in order. An invalid nd_range
// stays synchronous: submit() throws it even with a handler. A queue
// without a handler made from a context with one passes its errors to the
// context's handler; the queue's own handler comes first.
#include "expect-error.hpp"

#include <vector>

class FirstDivergent;
class SecondDivergent;
class ThirdDivergent;
class FourthDivergent;
class FifthDivergent;

namespace {

/// The messages of every error the handler has been given, in order.
std::vector<std::string> Seen;
int Calls = 0;
/// Those the context's handler has been given.
std::vector<std::string> ContextSeen;

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

void handler(sycl::exception_list Errors) {
  ++Calls;
  record(Seen, Errors);
}

void contextHandler(sycl::exception_list Errors) {
  record(ContextSeen, Errors);
}

/// Submits a kernel whose work-group 1 leaves its barrier half-way.
template <typename Name> sycl::event diverge(sycl::queue &Q, int *Out) {
  return Q.parallel_for<Name>(
      sycl::nd_range<1>(64, 16), [=](sycl::nd_item<1> It) {
        if (It.get_group(0) != 1 || It.get_local_id(0) < 8)
          sycl::group_barrier(It.get_group());
        Out[It.get_global_id(0)] = 1;
      });
}

int expect(bool Ok, const char *What) {
  if (!Ok)
    std::printf("async-handler: FAILED: %s (handler called %d times, %zu "
                "errors)\n",
                What, Calls, Seen.size());
  return Ok ? 0 : 1;
}

bool names(size_t I, const char *Kernel) {
  return I < Seen.size() && Seen[I].find(Kernel) != std::string::npos &&
         Seen[I].find("work-group (1)") != std::string::npos;
}

} // namespace

int main() {
  int Failures = 0;
  sycl::queue Plain;
  int *Out = sycl::malloc_shared<int>(64, Plain);
  {
    sycl::queue Q(handler);
    sycl::event E;
    try {
      diverge<FirstDivergent>(Q, Out);
      E = diverge<SecondDivergent>(Q, Out);
    } catch (const sycl::exception &Error) {
      std::printf("async-handler: FAILED: submit threw: %s\n", Error.what());
      return 1;
    }
    Failures += expect(Calls == 0, "the handler ran before wait_and_throw");
    E.wait_and_throw();
    Failures +=
        expect(Calls == 1 && Seen.size() == 2 && names(0, "FirstDivergent") &&
                   names(1, "SecondDivergent"),
               "event::wait_and_throw did not pass both errors");
    Q.wait_and_throw();
    Failures += expect(Calls == 1, "an error was reported twice");

    {
      sycl::queue Copy = Q;
      diverge<ThirdDivergent>(Copy, Out);
      // A synchronous error is thrown, not kept.
      bool Thrown = false;
      try {
        Copy.parallel_for(sycl::nd_range<1>(64, 24), [=](sycl::nd_item<1>) {});
      } catch (const sycl::exception &Error) {
        Thrown = Error.code() == sycl::errc::nd_range;
      }
      Failures += expect(Thrown, "an invalid nd_range was not thrown");
    }
    Failures += expect(Calls == 1, "the handler ran while a copy was alive");
  }
  Failures +=
      expect(Calls == 2 && Seen.size() == 3 && names(2, "ThirdDivergent"),
             "destroying the queue did not report its error");

  {
    sycl::device Dev = Plain.get_device();
    sycl::context Ctx(Dev, contextHandler);
    sycl::queue FromContext(Ctx, Dev);
    sycl::queue Own(Ctx, Dev, handler);
    try {
      diverge<FourthDivergent>(FromContext, Out);
      diverge<FifthDivergent>(Own, Out);
    } catch (const sycl::exception &Error) {
      std::printf("async-handler: FAILED: submit threw: %s\n", Error.what());
      return 1;
    }
    FromContext.wait_and_throw();
    Own.wait_and_throw();
    Failures +=
        expect(ContextSeen.size() == 1 &&
                   ContextSeen[0].find("FourthDivergent") != std::string::npos,
               "the context's handler did not get its queue's error");
    Failures +=
        expect(Calls == 3 && Seen.size() == 4 && names(3, "FifthDivergent"),
               "a queue's own handler did not come before its "
               "context's");
  }

  // Without a handler the error leaves submit().
  Failures += expectRuntimeError("async-handler (no handler)",
                                 [&] { diverge<FirstDivergent>(Plain, Out); },
                                 {"FirstDivergent", "work-group (1)"});
  sycl::free(Out, Plain);
  if (Failures == 0)
    std::printf("async-handler: OK\n");
  return Failures;
}
