//===- sycl/event.hpp - sycl::event ---------------------------------------===//
//
/// \file
/// SYCL 2020 4.6.6: the status of a submitted command. Lanes runs every
/// command before submit() returns (a valid in-order execution), so events
/// are complete when the user sees them; wait() has nothing left to wait
/// for. With property::queue::enable_profiling the event records when the
/// command was submitted, started and ended (steady clock, nanoseconds).
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_EVENT_HPP
#define LANES_SYCL_EVENT_HPP

#include "sycl/exception.hpp"
#include "sycl/info.hpp"

#include <chrono>
#include <cstdint>
#include <memory>
#include <type_traits>
#include <vector>

namespace lanes::detail {

/// Steady-clock time in nanoseconds, the unit of SYCL profiling info.
inline uint64_t nowNs() {
  return static_cast<uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(
          std::chrono::steady_clock::now().time_since_epoch())
          .count());
}

/// What an event knows about its command.
struct EventTimes {
  bool Profiled = false; ///< the times below were recorded
  uint64_t Submit = 0;
  uint64_t Start = 0;
  uint64_t End = 0;
};

struct EventBuilder;

} // namespace lanes::detail

namespace sycl {
inline namespace _V1 {

/// A finished command (or nothing, for a default-constructed event).
class event {
public:
  event() = default;

  /// Returns at once: the command finished when it was submitted.
  void wait() {}
  /// As wait(); Lanes reports every error synchronously, so there is no
  /// asynchronous error to pass to a handler.
  void wait_and_throw() {}
  static void wait(const std::vector<event> &) {}
  static void wait_and_throw(const std::vector<event> &) {}
  /// Commands this event waits for: none are pending in Lanes.
  std::vector<event> get_wait_list() const { return {}; }

  template <typename Param> typename Param::return_type get_info() const {
    static_assert(std::is_same_v<Param, info::event::command_execution_status>,
                  "Lanes does not implement this event info descriptor");
    return info::event_command_status::complete;
  }

  /// Submit, start or end time in nanoseconds. Throws errc::invalid when
  /// the queue was not created with property::queue::enable_profiling.
  template <typename Param> typename Param::return_type
  get_profiling_info() const {
    namespace prof = info::event_profiling;
    static_assert(std::is_same_v<Param, prof::command_submit> ||
                      std::is_same_v<Param, prof::command_start> ||
                      std::is_same_v<Param, prof::command_end>,
                  "Lanes does not implement this profiling descriptor");
    if (!Times || !Times->Profiled)
      throw exception(make_error_code(errc::invalid),
                      "event::get_profiling_info: the queue was not created "
                      "with property::queue::enable_profiling");
    if constexpr (std::is_same_v<Param, prof::command_submit>)
      return Times->Submit;
    else if constexpr (std::is_same_v<Param, prof::command_start>)
      return Times->Start;
    else
      return Times->End;
  }

  friend bool operator==(const event &L, const event &R) {
    return L.Times == R.Times;
  }
  friend bool operator!=(const event &L, const event &R) { return !(L == R); }

private:
  friend struct lanes::detail::EventBuilder;
  explicit event(std::shared_ptr<const lanes::detail::EventTimes> Times)
      : Times(std::move(Times)) {}

  /// Null for a default-constructed event.
  std::shared_ptr<const lanes::detail::EventTimes> Times;
};

} // namespace _V1
} // namespace sycl

namespace lanes::detail {
/// Makes the event of a finished command.
struct EventBuilder {
  static sycl::event finished(const EventTimes &Times) {
    return sycl::event(std::make_shared<const EventTimes>(Times));
  }
};
} // namespace lanes::detail

#endif // LANES_SYCL_EVENT_HPP
