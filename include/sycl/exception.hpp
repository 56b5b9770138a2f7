//===- sycl/exception.hpp - sycl::exception and errc ----------------------===//
//
/// \file
/// SYCL 2020 4.13.2: the exception class. Standalone so the runtime library
/// can throw it without the rest of the API.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_EXCEPTION_HPP
#define LANES_SYCL_EXCEPTION_HPP

#include <exception>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <system_error>
#include <vector>

namespace sycl {
inline namespace _V1 {

enum class errc {
  success = 0,
  runtime,
  kernel,
  accessor,
  nd_range,
  event,
  kernel_argument,
  build,
  invalid,
  memory_allocation,
  platform,
  profiling,
  feature_not_supported,
  kernel_not_supported,
  backend_mismatch,
};

namespace detail {
class errc_category : public std::error_category {
public:
  const char *name() const noexcept override { return "sycl"; }
  std::string message(int Code) const override {
    static const char *const Names[] = {
        "success",         "runtime",           "kernel",
        "accessor",        "nd_range",          "event",
        "kernel_argument", "build",             "invalid",
        "memory_allocation", "platform",        "profiling",
        "feature_not_supported", "kernel_not_supported", "backend_mismatch"};
    if (Code >= 0 && Code < int(sizeof(Names) / sizeof(Names[0])))
      return Names[Code];
    return "unknown";
  }
};
} // namespace detail

inline const std::error_category &sycl_category() noexcept {
  static const detail::errc_category Category;
  return Category;
}

inline std::error_code make_error_code(errc E) noexcept {
  return {static_cast<int>(E), sycl_category()};
}

class context;

/// SYCL 2020 exception: an error code in sycl_category plus a message, and
/// optionally the context the error belongs to. The constructors taking a
/// context and get_context() are defined in sycl/device.hpp, where context
/// is complete.
class exception : public virtual std::exception {
public:
  exception(std::error_code EC, const std::string &What)
      : EC(EC), Msg(std::make_shared<std::string>(What)) {}
  exception(std::error_code EC, const char *What)
      : exception(EC, std::string(What)) {}
  exception(std::error_code EC) : exception(EC, EC.message()) {}
  exception(int Code, const std::error_category &Cat, const std::string &What)
      : exception(std::error_code(Code, Cat), What) {}
  exception(int Code, const std::error_category &Cat, const char *What)
      : exception(std::error_code(Code, Cat), What) {}
  exception(int Code, const std::error_category &Cat)
      : exception(std::error_code(Code, Cat)) {}

  exception(context Ctx, std::error_code EC, const std::string &What);
  exception(context Ctx, std::error_code EC, const char *What);
  exception(context Ctx, std::error_code EC);
  exception(context Ctx, int Code, const std::error_category &Cat,
            const std::string &What);
  exception(context Ctx, int Code, const std::error_category &Cat,
            const char *What);
  exception(context Ctx, int Code, const std::error_category &Cat);

  const std::error_code &code() const noexcept { return EC; }
  const std::error_category &category() const noexcept {
    return EC.category();
  }
  const char *what() const noexcept override { return Msg->c_str(); }
  /// Whether the exception was constructed with a context.
  bool has_context() const noexcept { return Ctx != nullptr; }
  /// The context given to the constructor; throws errc::invalid when it
  /// was given none.
  context get_context() const;

private:
  std::error_code EC;
  std::shared_ptr<std::string> Msg;
  /// Null without a context; shared by copies, which must not throw.
  std::shared_ptr<const context> Ctx;
};

using exception_ptr_class = std::exception_ptr;
using exception_list = std::vector<std::exception_ptr>;
using async_handler = std::function<void(exception_list)>;

} // namespace _V1
} // namespace sycl

namespace lanes::detail {
/// What the runtime throws for an error it detects while a kernel's groups
/// run (a divergent barrier or collective): an asynchronous error in SYCL's
/// terms. A queue with an async_handler keeps it for the handler; without
/// one it leaves submit() like any other sycl::exception.
class kernel_failure : public sycl::exception {
public:
  using sycl::exception::exception;
};

/// What an exception a host task throws leaves its command as: the
/// exception itself is an asynchronous error (SYCL 2020 4.10), which a
/// queue with an async_handler keeps for it and one without rethrows from
/// submit().
struct host_task_failure {
  std::exception_ptr Error;
};
} // namespace lanes::detail

namespace std {
template <> struct is_error_code_enum<sycl::errc> : true_type {};
} // namespace std

#endif // LANES_SYCL_EXCEPTION_HPP
