//===- sycl/event.hpp - sycl::event ---------------------------------------===//
//
/// \file
/// SYCL 2020 4.6.6: the status of a submitted command. Lanes runs every
/// command before submit() returns (a valid in-order execution), so events
/// are complete when the user sees them; wait() has nothing left to wait
/// for. With property::queue::enable_profiling the event records when the
/// command was submitted, started and ended (steady clock, nanoseconds).
/// wait_and_throw() passes its queue's asynchronous errors to the queue's
/// async_handler (sycl/queue.hpp).
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_EVENT_HPP
#define LANES_SYCL_EVENT_HPP

#include "lanes/detail/identity_hash.hpp"
#include "sycl/backend.hpp"
#include "sycl/exception.hpp"
#include "sycl/info.hpp"

#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
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

/// A queue's asynchronous errors not yet reported, and its async_handler.
/// Shared by the queue's copies and the events of its commands.
struct AsyncErrors {
  sycl::async_handler Handler;
  std::mutex Mutex;
  sycl::exception_list Pending;

  /// Keeps \p Error for the handler.
  void keep(std::exception_ptr Error) {
    std::lock_guard<std::mutex> Lock(Mutex);
    Pending.push_back(std::move(Error));
  }
  /// Passes the errors kept so far, if any, to the handler.
  void report() {
    sycl::exception_list Errors;
    {
      std::lock_guard<std::mutex> Lock(Mutex);
      Errors.swap(Pending);
    }
    if (!Errors.empty())
      Handler(std::move(Errors));
  }
};

struct EventBuilder;
struct GraphNode;

} // namespace lanes::detail

namespace sycl {
inline namespace _V1 {

/// A finished command (or nothing, for a default-constructed event).
class event {
public:
  event() = default;

  /// Returns at once: the command finished when it was submitted. Throws
  /// errc::invalid for the event of a command recorded into a graph
  /// (sycl_ext_oneapi_graph), which never runs as such.
  void wait() { checkNotRecorded("event::wait"); }
  /// As wait(), then passes the asynchronous errors of the event's queue
  /// not yet reported to its async_handler.
  void wait_and_throw() {
    checkNotRecorded("event::wait_and_throw");
    if (Errors)
      Errors->report();
  }
  static void wait(const std::vector<event> &Events) {
    for (const event &E : Events)
      E.checkNotRecorded("event::wait");
  }
  static void wait_and_throw(const std::vector<event> &Events) {
    for (const event &E : Events)
      E.checkNotRecorded("event::wait_and_throw");
    for (const event &E : Events)
      if (E.Errors)
        E.Errors->report();
  }
  /// Commands this event waits for: none are pending in Lanes.
  std::vector<event> get_wait_list() const { return {}; }
  backend get_backend() const noexcept { return backend::ext_lanes_cpu; }

  template <typename Param> typename Param::return_type get_info() const {
    static_assert(std::is_same_v<Param, info::event::command_execution_status>,
                  "event::get_info takes an info::event descriptor");
    checkNotRecorded("event::get_info");
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
                  "event::get_profiling_info takes an info::event_profiling "
                  "descriptor");
    checkNotRecorded("event::get_profiling_info");
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
  friend struct std::hash<event>;
  event(std::shared_ptr<const lanes::detail::EventTimes> Times,
        std::shared_ptr<lanes::detail::AsyncErrors> Errors)
      : Times(std::move(Times)), Errors(std::move(Errors)) {}

  /// Throws errc::invalid, naming \p Function, for a recorded command's
  /// event.
  void checkNotRecorded(const char *Function) const {
    if (Recorded)
      throw exception(make_error_code(errc::invalid),
                      std::string(Function) +
                          " on the event of a command recorded into a "
                          "command_graph: the command runs only as part of "
                          "an executable graph");
  }

  /// Null for a default-constructed event.
  std::shared_ptr<const lanes::detail::EventTimes> Times;
  /// Its queue's, when the queue has an async_handler; else null.
  std::shared_ptr<lanes::detail::AsyncErrors> Errors;
  /// For a command recorded into a graph: true, and its node.
  bool Recorded = false;
  std::weak_ptr<lanes::detail::GraphNode> Node;
};

} // namespace _V1
} // namespace sycl

namespace lanes::detail {
/// Makes the event of a finished command.
struct EventBuilder {
  static sycl::event finished(const EventTimes &Times,
                              std::shared_ptr<AsyncErrors> Errors = nullptr) {
    return sycl::event(std::make_shared<const EventTimes>(Times),
                       std::move(Errors));
  }
  /// Makes the event of a command recorded into a graph as \p Node.
  static sycl::event recorded(std::weak_ptr<GraphNode> Node) {
    sycl::event E(std::make_shared<const EventTimes>(), nullptr);
    E.Recorded = true;
    E.Node = std::move(Node);
    return E;
  }
  /// The node of \p E, if it is the event of a recorded command; else null.
  static const std::weak_ptr<GraphNode> *recordedNode(const sycl::event &E) {
    return E.Recorded ? &E.Node : nullptr;
  }
};
} // namespace lanes::detail

namespace std {
/// Copies of an event hash alike (and so do default-constructed events).
template <> struct hash<sycl::event> {
  size_t operator()(const sycl::event &E) const noexcept {
    return lanes::detail::identityHash(E.Times.get());
  }
};
} // namespace std

#endif // LANES_SYCL_EVENT_HPP
