//===- sycl/queue.hpp - sycl::queue ---------------------------------------===//
//
/// \file
/// SYCL 2020 4.6.5: the queue. Lanes runs each command group when it is
/// submitted and returns once it has finished: an in-order execution that
/// every SYCL program may rely on no more than it may rely on any other.
/// Errors in the use of the API (an invalid nd_range, too much local
/// memory) are synchronous: submit(), or the shortcut that submitted the
/// kernel, throws them. An error found while the kernel ran (a divergent
/// barrier) is asynchronous: a queue with an async_handler keeps it and
/// passes it to the handler at the next wait_and_throw() or
/// throw_asynchronous() (of the queue or of an event of its commands), or
/// when the last copy of the queue is destroyed. A queue without a handler
/// throws it from submit() too, where SYCL's default handler would end the
/// program.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_QUEUE_HPP
#define LANES_SYCL_QUEUE_HPP

#include "lanes/detail/command_graph.hpp"
#include "lanes/detail/identity_hash.hpp"
#include "sycl/device.hpp"
#include "sycl/event.hpp"
#include "sycl/handler.hpp"
#include "sycl/property_list.hpp"

#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

/// The feature-test macros of the DPC++ queue extensions defined here.
#define SYCL_EXT_ONEAPI_MEMCPY2D 1
#define SYCL_EXT_ONEAPI_IN_ORDER_QUEUE_EVENTS 1

namespace lanes::detail {
struct QueueAccess;
} // namespace lanes::detail

namespace sycl {
inline namespace _V1 {

namespace detail_queue {
template <typename T>
inline constexpr bool IsSelector =
    std::is_invocable_r_v<int, const T &, const device &>;
template <typename T>
using EnableIfSelector = std::enable_if_t<IsSelector<T>, int>;

/// True for the dependency arguments of the queue shortcuts.
template <typename T>
inline constexpr bool IsDependency =
    std::is_convertible_v<T, event> ||
    std::is_convertible_v<T, const std::vector<event> &>;

/// The state shared by copies of one queue.
struct QueueState {
  context Ctx;
  device Dev;
  property_list Props;
  /// Null without an async_handler.
  std::shared_ptr<lanes::detail::AsyncErrors> Errors;
  /// sycl_ext_oneapi_in_order_queue_events, for in-order queues: the event
  /// of the last command, and the external event set since it, if any.
  std::mutex EventsMutex;
  std::optional<event> LastEvent;
  std::optional<event> ExternalEvent;
  /// sycl_ext_oneapi_graph: the graph the queue records into, if any.
  std::mutex RecordingMutex;
  std::weak_ptr<lanes::detail::GraphState> Recording;
  /// Set while Recording is set, so that a submission to a queue that does
  /// not record skips the mutex.
  std::atomic<bool> MayRecord{false};

  QueueState() = default;
  QueueState(const QueueState &) = delete;
  QueueState &operator=(const QueueState &) = delete;
  /// SYCL 2020 4.13.1.1: errors still kept reach the handler now.
  ~QueueState() {
    if (Errors)
      Errors->report();
  }
};
} // namespace detail_queue

/// Submits command groups to the Lanes CPU device. Copies share one queue.
class queue {
public:
  explicit queue(const property_list &Props = {})
      : queue(device(), async_handler(), Props) {}
  explicit queue(const async_handler &Handler, const property_list &Props = {})
      : queue(device(), Handler, Props) {}
  template <typename SelectorT, detail_queue::EnableIfSelector<SelectorT> = 0>
  explicit queue(const SelectorT &Selector, const property_list &Props = {})
      : queue(device(Selector), async_handler(), Props) {}
  template <typename SelectorT, detail_queue::EnableIfSelector<SelectorT> = 0>
  queue(const SelectorT &Selector, const async_handler &Handler,
        const property_list &Props = {})
      : queue(device(Selector), Handler, Props) {}
  explicit queue(const device &Dev, const property_list &Props = {})
      : queue(Dev, async_handler(), Props) {}
  queue(const device &Dev, const async_handler &Handler,
        const property_list &Props = {})
      : queue(context(Dev), Dev, Handler, Props) {}
  /// The device \p Selector picks, in \p Ctx (throws errc::runtime when
  /// \p Selector rejects the CPU).
  template <typename SelectorT, detail_queue::EnableIfSelector<SelectorT> = 0>
  explicit queue(const context &Ctx, const SelectorT &Selector,
                 const property_list &Props = {})
      : queue(Ctx, device(Selector), async_handler(), Props) {}
  template <typename SelectorT, detail_queue::EnableIfSelector<SelectorT> = 0>
  explicit queue(const context &Ctx, const SelectorT &Selector,
                 const async_handler &Handler, const property_list &Props = {})
      : queue(Ctx, device(Selector), Handler, Props) {}
  queue(const context &Ctx, const device &Dev, const property_list &Props = {})
      : queue(Ctx, Dev, async_handler(), Props) {}
  /// Without \p Handler, the queue's asynchronous errors go to \p Ctx's
  /// handler, if it has one (SYCL 2020 4.13.1.2).
  queue(const context &Ctx, const device &Dev, const async_handler &Handler,
        const property_list &Props = {})
      : State(std::make_shared<detail_queue::QueueState>()) {
    State->Ctx = Ctx;
    State->Dev = Dev;
    State->Props = Props;
    if (Handler || Ctx.Handler) {
      State->Errors = std::make_shared<lanes::detail::AsyncErrors>();
      State->Errors->Handler = Handler ? Handler : *Ctx.Handler;
    }
  }

  device get_device() const { return State->Dev; }
  context get_context() const { return State->Ctx; }
  backend get_backend() const noexcept { return backend::ext_lanes_cpu; }
  /// Whether the queue was created with property::queue::in_order. (Lanes
  /// executes every queue in order.)
  bool is_in_order() const {
    return State->Props.has_property<property::queue::in_order>();
  }
  /// info::queue::context or info::queue::device.
  template <typename Param> typename Param::return_type get_info() const {
    static_assert(std::is_same_v<Param, info::queue::context> ||
                      std::is_same_v<Param, info::queue::device>,
                  "queue::get_info takes info::queue::context or "
                  "info::queue::device");
    if constexpr (std::is_same_v<Param, info::queue::context>)
      return get_context();
    else
      return get_device();
  }
  template <typename Prop> bool has_property() const noexcept {
    return State->Props.has_property<Prop>();
  }
  template <typename Prop> Prop get_property() const {
    return State->Props.get_property<Prop>();
  }

  /// Runs the command group \p CGF; returns once its command has finished.
  template <typename CGF> event submit(CGF &&Function) {
    static_assert(std::is_invocable_v<CGF &, handler &>,
                  "queue::submit expects a command group function taking "
                  "sycl::handler &");
    lanes::detail::EventTimes Times;
    Times.Profiled = has_property<property::queue::enable_profiling>();
    Times.Submit = lanes::detail::nowNs();
    // A queue recording into a graph records the group instead of running
    // it. Function is called here only, on this handler, so that the
    // compiler inlines it and sees the launch's constant sizes.
    std::shared_ptr<lanes::detail::GraphState> Graph = recordingGraph();
    handler CGH = lanes::detail::HandlerAccess::make();
    lanes::detail::HandlerAccess::setGraph(CGH, Graph.get());
    Function(CGH);
    if (Graph)
      return lanes::detail::EventBuilder::recorded(Graph->record(
          lanes::detail::HandlerAccess::keep(CGH), State.get(), is_in_order()));
    Times.Start = lanes::detail::nowNs();
    try {
      lanes::detail::HandlerAccess::run(CGH);
    } catch (const lanes::detail::kernel_failure &) {
      if (!State->Errors)
        throw;
      State->Errors->keep(std::current_exception());
    } catch (const lanes::detail::host_task_failure &Failure) {
      if (!State->Errors)
        std::rethrow_exception(Failure.Error);
      State->Errors->keep(Failure.Error);
    }
    Times.End = lanes::detail::nowNs();
    event Done = lanes::detail::EventBuilder::finished(Times, State->Errors);
    if (is_in_order())
      recordLastEvent(Done);
    return Done;
  }

  /// Runs the command group \p Function here. SYCL runs it on the
  /// secondary queue when the primary cannot, but both queues have the one
  /// Lanes device, where it would fail the same way.
  template <typename CGF> event submit(CGF &&Function, queue &) {
    return submit(std::forward<CGF>(Function));
  }

  /// sycl_ext_oneapi_enqueue_barrier: an event that completes when every
  /// earlier command of the queue (or those of \p Events) has, which in
  /// Lanes they all have.
  event ext_oneapi_submit_barrier() {
    return submit([](handler &CGH) { CGH.ext_oneapi_barrier(); });
  }
  event ext_oneapi_submit_barrier(const std::vector<event> &Events) {
    return submit([&](handler &CGH) { CGH.ext_oneapi_barrier(Events); });
  }
  /// sycl_ext_oneapi_queue_empty: whether every submitted command has
  /// finished; always, in Lanes.
  bool ext_oneapi_empty() const noexcept { return true; }

  /// sycl_ext_oneapi_in_order_queue_events (DPC++ 2025.2 and later, which
  /// return std::optional): the event of the last command submitted to
  /// this in-order queue, or the external event set after it; empty when
  /// neither exists. Throws errc::invalid when the queue is not in order.
  std::optional<event> ext_oneapi_get_last_event() const {
    checkInOrder("ext_oneapi_get_last_event");
    std::lock_guard<std::mutex> Lock(State->EventsMutex);
    return State->ExternalEvent ? State->ExternalEvent : State->LastEvent;
  }
  /// Makes \p External a dependency of the next command of this in-order
  /// queue (replacing one set before), until that command is submitted or
  /// the queue is waited for. Every Lanes event is complete, so the command
  /// has nothing to wait for. Throws errc::invalid when the queue is not in
  /// order.
  void ext_oneapi_set_external_event(const event &External) {
    checkInOrder("ext_oneapi_set_external_event");
    std::lock_guard<std::mutex> Lock(State->EventsMutex);
    State->ExternalEvent = External;
  }

  /// Every submitted command has finished already; an external event
  /// (ext_oneapi_set_external_event) stops being a dependency. Throws
  /// errc::invalid while the queue records into a graph.
  void wait() {
    checkNotRecording("wait");
    dropExternalEvent();
  }
  void wait_and_throw() {
    checkNotRecording("wait_and_throw");
    dropExternalEvent();
    throw_asynchronous();
  }

  // sycl_ext_oneapi_graph (sycl/ext/oneapi/experimental/graph.hpp).
  /// Whether the queue records into a graph.
  ext::oneapi::experimental::queue_state ext_oneapi_get_state() const {
    return recordingGraph() ? ext::oneapi::experimental::queue_state::recording
                            : ext::oneapi::experimental::queue_state::executing;
  }
  /// The graph the queue records into; errc::invalid when there is none.
  ext::oneapi::experimental::command_graph<> ext_oneapi_get_graph() const;
  /// Runs the executable graph \p Graph as one command (or records it as
  /// a sub-graph node).
  event
  ext_oneapi_graph(ext::oneapi::experimental::command_graph<
                   ext::oneapi::experimental::graph_state::executable> &Graph) {
    return submitAfter({}, [&](handler &CGH) { CGH.ext_oneapi_graph(Graph); });
  }
  event ext_oneapi_graph(
      ext::oneapi::experimental::command_graph<
          ext::oneapi::experimental::graph_state::executable> &Graph,
      event Dep) {
    return submitAfter({Dep},
                       [&](handler &CGH) { CGH.ext_oneapi_graph(Graph); });
  }
  event ext_oneapi_graph(
      ext::oneapi::experimental::command_graph<
          ext::oneapi::experimental::graph_state::executable> &Graph,
      const std::vector<event> &Deps) {
    return submitAfter(Deps,
                       [&](handler &CGH) { CGH.ext_oneapi_graph(Graph); });
  }
  /// Passes recorded asynchronous errors to the async_handler.
  void throw_asynchronous() {
    if (State->Errors)
      State->Errors->report();
  }

  // Kernel shortcuts (SYCL 2020 4.6.5). Each optionally takes the events
  // it depends on, one or a vector (also as a braced list), before the
  // kernel.
  template <typename KernelName = lanes::detail::AutoName, typename KernelType>
  event single_task(const KernelType &Kernel) {
    return single_task<KernelName>(std::vector<event>(), Kernel);
  }
  template <typename KernelName = lanes::detail::AutoName, typename KernelType>
  event single_task(event Dep, const KernelType &Kernel) {
    return single_task<KernelName>(std::vector<event>{Dep}, Kernel);
  }
  template <typename KernelName = lanes::detail::AutoName, typename KernelType>
  event single_task(const std::vector<event> &Deps, const KernelType &Kernel) {
    return submit([&](handler &CGH) {
      CGH.depends_on(Deps);
      CGH.single_task<KernelName>(Kernel);
    });
  }
  /// single_task with kernel properties (sycl_ext_oneapi_kernel_properties).
  template <typename KernelName = lanes::detail::AutoName, typename PropertiesT,
            typename KernelType,
            typename = std::enable_if_t<
                ext::oneapi::experimental::is_property_list_v<PropertiesT>>>
  event single_task(PropertiesT, const KernelType &Kernel) {
    return single_task<KernelName>(
        lanes::detail::withProperties<PropertiesT>(Kernel));
  }
  template <typename KernelName = lanes::detail::AutoName, typename PropertiesT,
            typename KernelType,
            typename = std::enable_if_t<
                ext::oneapi::experimental::is_property_list_v<PropertiesT>>>
  event single_task(event Dep, PropertiesT, const KernelType &Kernel) {
    return single_task<KernelName>(
        Dep, lanes::detail::withProperties<PropertiesT>(Kernel));
  }
  template <typename KernelName = lanes::detail::AutoName, typename PropertiesT,
            typename KernelType,
            typename = std::enable_if_t<
                ext::oneapi::experimental::is_property_list_v<PropertiesT>>>
  event single_task(const std::vector<event> &Deps, PropertiesT,
                    const KernelType &Kernel) {
    return single_task<KernelName>(
        Deps, lanes::detail::withProperties<PropertiesT>(Kernel));
  }

  /// parallel_for over a range<N>, an nd_range<N> or a 1-D size.
  template <typename KernelName = lanes::detail::AutoName, typename RangeT,
            typename KernelType>
  event parallel_for(const RangeT &Range, const KernelType &Kernel) {
    return parallel_for<KernelName>(Range, std::vector<event>(), Kernel);
  }
  template <typename KernelName = lanes::detail::AutoName, typename RangeT,
            typename KernelType>
  event parallel_for(const RangeT &Range, event Dep,
                     const KernelType &Kernel) {
    return parallel_for<KernelName>(Range, std::vector<event>{Dep}, Kernel);
  }
  template <typename KernelName = lanes::detail::AutoName, typename RangeT,
            typename KernelType>
  event parallel_for(const RangeT &Range, const std::vector<event> &Deps,
                     const KernelType &Kernel) {
    return submit([&](handler &CGH) {
      CGH.depends_on(Deps);
      CGH.parallel_for<KernelName>(Range, Kernel);
    });
  }
  /// parallel_for over [\p Offset, \p Offset + \p Range) (deprecated in SYCL
  /// 2020; not in its queue class, but DPC++ has these three shortcuts).
  template <typename KernelName = lanes::detail::AutoName, int Dims,
            typename KernelType>
  event parallel_for(range<Dims> Range, id<Dims> Offset,
                     const KernelType &Kernel) {
    return parallel_for<KernelName>(Range, Offset, std::vector<event>(),
                                    Kernel);
  }
  template <typename KernelName = lanes::detail::AutoName, int Dims,
            typename KernelType>
  event parallel_for(range<Dims> Range, id<Dims> Offset, event Dep,
                     const KernelType &Kernel) {
    return parallel_for<KernelName>(Range, Offset, std::vector<event>{Dep},
                                    Kernel);
  }
  template <typename KernelName = lanes::detail::AutoName, int Dims,
            typename KernelType>
  event parallel_for(range<Dims> Range, id<Dims> Offset,
                     const std::vector<event> &Deps, const KernelType &Kernel) {
    return submit([&](handler &CGH) {
      CGH.depends_on(Deps);
      CGH.parallel_for<KernelName>(Range, Offset, Kernel);
    });
  }
  /// parallel_for with reductions: the sycl::reduction objects, then the
  /// kernel (see handler::parallel_for), after optional dependencies.
  template <typename KernelName = lanes::detail::AutoName, typename RangeT,
            typename First, typename Second, typename... Rest,
            std::enable_if_t<!detail_queue::IsDependency<First>, int> = 0>
  event parallel_for(const RangeT &Range, const First &A, const Second &B,
                     const Rest &...More) {
    return parallel_for<KernelName>(Range, std::vector<event>(), A, B,
                                    More...);
  }
  template <typename KernelName = lanes::detail::AutoName, typename RangeT,
            typename First, typename Second, typename... Rest>
  event parallel_for(const RangeT &Range, event Dep, const First &A,
                     const Second &B, const Rest &...More) {
    return parallel_for<KernelName>(Range, std::vector<event>{Dep}, A, B,
                                    More...);
  }
  template <typename KernelName = lanes::detail::AutoName, typename RangeT,
            typename First, typename Second, typename... Rest>
  event parallel_for(const RangeT &Range, const std::vector<event> &Deps,
                     const First &A, const Second &B, const Rest &...More) {
    return submit([&](handler &CGH) {
      CGH.depends_on(Deps);
      CGH.parallel_for<KernelName>(Range, A, B, More...);
    });
  }

  // USM shortcuts (SYCL 2020 4.6.5), with the same optional dependencies
  // as the last argument.
  event memcpy(void *Dest, const void *Src, size_t Bytes,
               const std::vector<event> &Deps = {}) {
    return submitAfter(Deps,
                       [&](handler &CGH) { CGH.memcpy(Dest, Src, Bytes); });
  }
  event memcpy(void *Dest, const void *Src, size_t Bytes, event Dep) {
    return memcpy(Dest, Src, Bytes, std::vector<event>{Dep});
  }
  event memset(void *Ptr, int Value, size_t Bytes,
               const std::vector<event> &Deps = {}) {
    return submitAfter(Deps,
                       [&](handler &CGH) { CGH.memset(Ptr, Value, Bytes); });
  }
  event memset(void *Ptr, int Value, size_t Bytes, event Dep) {
    return memset(Ptr, Value, Bytes, std::vector<event>{Dep});
  }
  template <typename T>
  event fill(void *Ptr, const T &Pattern, size_t Count,
             const std::vector<event> &Deps = {}) {
    return submitAfter(Deps,
                       [&](handler &CGH) { CGH.fill(Ptr, Pattern, Count); });
  }
  template <typename T>
  event fill(void *Ptr, const T &Pattern, size_t Count, event Dep) {
    return fill(Ptr, Pattern, Count, std::vector<event>{Dep});
  }
  template <typename T>
  event copy(const T *Src, T *Dest, size_t Count,
             const std::vector<event> &Deps = {}) {
    return submitAfter(Deps,
                       [&](handler &CGH) { CGH.copy(Src, Dest, Count); });
  }
  template <typename T>
  event copy(const T *Src, T *Dest, size_t Count, event Dep) {
    return copy(Src, Dest, Count, std::vector<event>{Dep});
  }
  event prefetch(const void *Ptr, size_t Bytes,
                 const std::vector<event> &Deps = {}) {
    return submitAfter(Deps,
                       [&](handler &CGH) { CGH.prefetch(Ptr, Bytes); });
  }
  event prefetch(const void *Ptr, size_t Bytes, event Dep) {
    return prefetch(Ptr, Bytes, std::vector<event>{Dep});
  }
  event mem_advise(const void *Ptr, size_t Bytes, int Advice,
                   const std::vector<event> &Deps = {}) {
    return submitAfter(Deps, [&](handler &CGH) {
      CGH.mem_advise(Ptr, Bytes, Advice);
    });
  }
  event mem_advise(const void *Ptr, size_t Bytes, int Advice, event Dep) {
    return mem_advise(Ptr, Bytes, Advice, std::vector<event>{Dep});
  }

  // sycl_ext_oneapi_memcpy2d: the handler's 2-D copies and fills, with the
  // same optional trailing dependencies.
  event ext_oneapi_memcpy2d(void *Dest, size_t DestPitch, const void *Src,
                            size_t SrcPitch, size_t Width, size_t Height,
                            const std::vector<event> &Deps = {}) {
    return submitAfter(Deps, [&](handler &CGH) {
      CGH.ext_oneapi_memcpy2d(Dest, DestPitch, Src, SrcPitch, Width, Height);
    });
  }
  event ext_oneapi_memcpy2d(void *Dest, size_t DestPitch, const void *Src,
                            size_t SrcPitch, size_t Width, size_t Height,
                            event Dep) {
    return ext_oneapi_memcpy2d(Dest, DestPitch, Src, SrcPitch, Width, Height,
                               std::vector<event>{Dep});
  }
  template <typename T>
  event ext_oneapi_copy2d(const T *Src, size_t SrcPitch, T *Dest,
                          size_t DestPitch, size_t Width, size_t Height,
                          const std::vector<event> &Deps = {}) {
    return submitAfter(Deps, [&](handler &CGH) {
      CGH.ext_oneapi_copy2d(Src, SrcPitch, Dest, DestPitch, Width, Height);
    });
  }
  template <typename T>
  event ext_oneapi_copy2d(const T *Src, size_t SrcPitch, T *Dest,
                          size_t DestPitch, size_t Width, size_t Height,
                          event Dep) {
    return ext_oneapi_copy2d(Src, SrcPitch, Dest, DestPitch, Width, Height,
                             std::vector<event>{Dep});
  }
  event ext_oneapi_memset2d(void *Dest, size_t DestPitch, int Value,
                            size_t Width, size_t Height,
                            const std::vector<event> &Deps = {}) {
    return submitAfter(Deps, [&](handler &CGH) {
      CGH.ext_oneapi_memset2d(Dest, DestPitch, Value, Width, Height);
    });
  }
  event ext_oneapi_memset2d(void *Dest, size_t DestPitch, int Value,
                            size_t Width, size_t Height, event Dep) {
    return ext_oneapi_memset2d(Dest, DestPitch, Value, Width, Height,
                               std::vector<event>{Dep});
  }
  template <typename T>
  event ext_oneapi_fill2d(void *Dest, size_t DestPitch, const T &Pattern,
                          size_t Width, size_t Height,
                          const std::vector<event> &Deps = {}) {
    return submitAfter(Deps, [&](handler &CGH) {
      CGH.ext_oneapi_fill2d(Dest, DestPitch, Pattern, Width, Height);
    });
  }
  template <typename T>
  event ext_oneapi_fill2d(void *Dest, size_t DestPitch, const T &Pattern,
                          size_t Width, size_t Height, event Dep) {
    return ext_oneapi_fill2d(Dest, DestPitch, Pattern, Width, Height,
                             std::vector<event>{Dep});
  }

  // sycl_ext_oneapi_device_global: the handler's copies into and out of
  // a device_global, with the same optional trailing dependencies.
  template <typename T, typename Props>
  event memcpy(ext::oneapi::experimental::device_global<T, Props> &Dest,
               const void *Src, size_t Bytes = sizeof(T), size_t Offset = 0,
               const std::vector<event> &Deps = {}) {
    return submitAfter(
        Deps, [&](handler &CGH) { CGH.memcpy(Dest, Src, Bytes, Offset); });
  }
  template <typename T, typename Props>
  event memcpy(ext::oneapi::experimental::device_global<T, Props> &Dest,
               const void *Src, size_t Bytes, size_t Offset, event Dep) {
    return memcpy(Dest, Src, Bytes, Offset, std::vector<event>{Dep});
  }
  template <typename T, typename Props>
  event memcpy(void *Dest,
               const ext::oneapi::experimental::device_global<T, Props> &Src,
               size_t Bytes = sizeof(T), size_t Offset = 0,
               const std::vector<event> &Deps = {}) {
    return submitAfter(
        Deps, [&](handler &CGH) { CGH.memcpy(Dest, Src, Bytes, Offset); });
  }
  template <typename T, typename Props>
  event memcpy(void *Dest,
               const ext::oneapi::experimental::device_global<T, Props> &Src,
               size_t Bytes, size_t Offset, event Dep) {
    return memcpy(Dest, Src, Bytes, Offset, std::vector<event>{Dep});
  }
  template <typename T, typename Props>
  event copy(const std::remove_all_extents_t<T> *Src,
             ext::oneapi::experimental::device_global<T, Props> &Dest,
             size_t Count = sizeof(T) / sizeof(std::remove_all_extents_t<T>),
             size_t StartIndex = 0, const std::vector<event> &Deps = {}) {
    return submitAfter(
        Deps, [&](handler &CGH) { CGH.copy(Src, Dest, Count, StartIndex); });
  }
  template <typename T, typename Props>
  event copy(const std::remove_all_extents_t<T> *Src,
             ext::oneapi::experimental::device_global<T, Props> &Dest,
             size_t Count, size_t StartIndex, event Dep) {
    return copy(Src, Dest, Count, StartIndex, std::vector<event>{Dep});
  }
  template <typename T, typename Props>
  event copy(const ext::oneapi::experimental::device_global<T, Props> &Src,
             std::remove_all_extents_t<T> *Dest,
             size_t Count = sizeof(T) / sizeof(std::remove_all_extents_t<T>),
             size_t StartIndex = 0, const std::vector<event> &Deps = {}) {
    return submitAfter(
        Deps, [&](handler &CGH) { CGH.copy(Src, Dest, Count, StartIndex); });
  }
  template <typename T, typename Props>
  event copy(const ext::oneapi::experimental::device_global<T, Props> &Src,
             std::remove_all_extents_t<T> *Dest, size_t Count,
             size_t StartIndex, event Dep) {
    return copy(Src, Dest, Count, StartIndex, std::vector<event>{Dep});
  }

  friend bool operator==(const queue &L, const queue &R) {
    return L.State == R.State;
  }
  friend bool operator!=(const queue &L, const queue &R) { return !(L == R); }

private:
  friend struct std::hash<queue>;
  friend struct lanes::detail::QueueAccess;

  /// The graph the queue records into, if any.
  std::shared_ptr<lanes::detail::GraphState> recordingGraph() const {
    if (!State->MayRecord.load(std::memory_order_acquire))
      return nullptr;
    std::lock_guard<std::mutex> Lock(State->RecordingMutex);
    return State->Recording.lock();
  }
  /// Throws errc::invalid, naming queue::\p Function, while the queue
  /// records into a graph.
  void checkNotRecording(const char *Function) const {
    if (recordingGraph())
      throw exception(make_error_code(errc::invalid),
                      std::string("queue::") + Function +
                          ": the queue is recording into a command_graph, "
                          "whose commands do not run until the graph does");
  }

  /// Submits the command \p Record puts in a handler after \p Deps.
  template <typename RecordT>
  event submitAfter(const std::vector<event> &Deps, RecordT Record) {
    return submit([&](handler &CGH) {
      CGH.depends_on(Deps);
      Record(CGH);
    });
  }

  /// sycl_ext_oneapi_in_order_queue_events: \p Done is the last event,
  /// and the external event was the dependency of its command.
  void recordLastEvent(const event &Done) {
    std::lock_guard<std::mutex> Lock(State->EventsMutex);
    State->LastEvent = Done;
    State->ExternalEvent.reset();
  }
  /// After a wait: the external event is no dependency any more.
  void dropExternalEvent() {
    std::lock_guard<std::mutex> Lock(State->EventsMutex);
    State->ExternalEvent.reset();
  }
  /// Throws errc::invalid, naming queue::\p Function, unless the queue is
  /// in order.
  void checkInOrder(const char *Function) const {
    if (!is_in_order())
      throw exception(make_error_code(errc::invalid),
                      std::string("queue::") + Function +
                          ": the queue is not in order (it was made without "
                          "property::queue::in_order)");
  }

  std::shared_ptr<detail_queue::QueueState> State;
};

} // namespace _V1
} // namespace sycl

namespace lanes::detail {
/// What graphs need of a queue: its shared state.
struct QueueAccess {
  static const std::shared_ptr<sycl::detail_queue::QueueState> &
  state(const sycl::queue &Q) {
    return Q.State;
  }
};
} // namespace lanes::detail

namespace std {
/// Copies of a queue hash alike.
template <> struct hash<sycl::queue> {
  size_t operator()(const sycl::queue &Q) const noexcept {
    return lanes::detail::identityHash(Q.State.get());
  }
};
} // namespace std

#endif // LANES_SYCL_QUEUE_HPP
