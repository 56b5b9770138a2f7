// An exception a host task throws is an asynchronous error (SYCL 2020
// 4.10): on a queue with an async_handler, submit() returns, the queue
// goes on running commands, and the handler gets the exception itself (a
// std::runtime_error stays one, a sycl::exception keeps its code) at
// wait_and_throw(), the event's or the queue's, once. On a queue without
// a handler, submit() throws the host task's exception. A host task may
// take an interop_handle, which names the Lanes backend.
#include <sycl/sycl.hpp>

#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

std::vector<std::string> Seen;

void handler(sycl::exception_list Errors) {
  for (const std::exception_ptr &Error : Errors) {
    try {
      std::rethrow_exception(Error);
    } catch (const sycl::exception &E) {
      Seen.push_back(std::string("sycl ") + E.code().message() + ": " +
                     E.what());
    } catch (const std::exception &E) {
      Seen.push_back(std::string("std: ") + E.what());
    }
  }
}

int Failures = 0;

void expect(bool Ok, const char *What) {
  if (!Ok) {
    std::printf("host-task-errors: FAILED: %s (%zu errors seen)\n", What,
                Seen.size());
    ++Failures;
  }
}

} // namespace

int main() {
  {
    sycl::queue Q(handler);
    int *Count = sycl::malloc_shared<int>(1, Q);
    *Count = 0;
    sycl::event E;
    sycl::backend Backend = sycl::backend::opencl;
    try {
      E = Q.submit([&](sycl::handler &H) {
        H.host_task([] { throw std::runtime_error("first host task"); });
      });
      Q.submit([&](sycl::handler &H) {
        H.host_task([&Backend](sycl::interop_handle Interop) {
          Backend = Interop.get_backend();
          throw sycl::exception(sycl::make_error_code(sycl::errc::runtime),
                                "second host task");
        });
      });
      Q.single_task([=] { *Count += 1; }).wait();
    } catch (const std::exception &Error) {
      std::printf("host-task-errors: FAILED: submit threw: %s\n", Error.what());
      return 1;
    }
    expect(*Count == 1, "the queue stopped after a failed host task");
    expect(Backend == sycl::backend::ext_lanes_cpu,
           "a host task taking an interop_handle did not run on the Lanes "
           "backend");
    expect(Seen.empty(), "the handler ran before wait_and_throw");
    E.wait_and_throw();
    expect(Seen.size() == 2 && Seen[0] == "std: first host task" &&
               Seen[1].find("second host task") != std::string::npos &&
               Seen[1].rfind("sycl ", 0) == 0,
           "the handler did not get both exceptions as thrown");
    Q.wait_and_throw();
    expect(Seen.size() == 2, "an error was reported twice");
    sycl::free(Count, Q);
  }

  sycl::queue Plain;
  bool Thrown = false;
  try {
    Plain.submit([&](sycl::handler &H) {
      H.host_task([] { throw std::logic_error("no handler"); });
    });
  } catch (const std::logic_error &Error) {
    Thrown = std::string(Error.what()) == "no handler";
  }
  expect(Thrown, "without a handler, submit did not throw the exception");

  if (Failures == 0)
    std::printf("host-task-errors: OK\n");
  return Failures ? 1 : 0;
}
