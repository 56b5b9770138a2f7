//===- sycl/ext/oneapi/enqueue_functions.hpp - Free enqueue functions -----===//
//
/// \file
/// DPC++'s sycl_ext_oneapi_enqueue_functions: free functions that enqueue
/// each kind of command to a queue or, inside a command group, a handler
/// (`single_task`, `parallel_for`, `nd_launch`, the USM commands,
/// barriers and `execute_graph`), `submit` and `submit_with_event`, and
/// `launch_config`, which bundles a range with properties. Each is the queue or
/// handler member it names, which it calls; the queue forms return nothing (a
/// Lanes command has finished when it returns anyway).
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_EXT_ONEAPI_ENQUEUE_FUNCTIONS_HPP
#define LANES_SYCL_EXT_ONEAPI_ENQUEUE_FUNCTIONS_HPP

#include "sycl/ext/oneapi/experimental/graph.hpp"
#include "sycl/ext/oneapi/kernel_properties.hpp"
#include "sycl/handler.hpp"
#include "sycl/queue.hpp"

#include <cstddef>
#include <type_traits>
#include <utility>
#include <vector>

#define SYCL_EXT_ONEAPI_ENQUEUE_FUNCTIONS 1

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi::experimental {

namespace detail_enqueue {
template <typename T> struct IsRange : std::false_type {};
template <int Dims> struct IsRange<range<Dims>> : std::true_type {};
template <int Dims> struct IsRange<nd_range<Dims>> : std::true_type {};

/// `Command(handler)` in a command group of \p Q.
template <typename CommandT> void enqueue(queue &Q, CommandT &&Command) {
  Q.submit([&](handler &H) { Command(H); });
}
} // namespace detail_enqueue

/// A kernel's range with properties for its launch. Lanes gives the
/// properties to the launch as a property list given to parallel_for, so
/// the kernel properties (work_group_size, ...) hold here too.
template <typename Range, typename Properties = empty_properties_t>
class launch_config {
  static_assert(detail_enqueue::IsRange<Range>::value,
                "launch_config takes a sycl::range or a sycl::nd_range");
  static_assert(is_property_list_v<Properties>,
                "launch_config takes an ext::oneapi::experimental::"
                "properties list after its range");

public:
  launch_config(Range R, Properties Props = {}) : R(R), Props(Props) {}

  /// (Lanes) the range and the properties.
  const Range &getRange() const { return R; }
  const Properties &getProperties() const { return Props; }

private:
  Range R;
  Properties Props;
};

template <typename CommandGroupFunc>
void submit(queue Q, CommandGroupFunc &&CGF) {
  Q.submit(std::forward<CommandGroupFunc>(CGF));
}
template <typename CommandGroupFunc>
event submit_with_event(queue Q, CommandGroupFunc &&CGF) {
  return Q.submit(std::forward<CommandGroupFunc>(CGF));
}

template <typename KernelName = lanes::detail::AutoName, typename KernelType>
void single_task(handler &H, const KernelType &Kernel) {
  H.single_task<KernelName>(Kernel);
}
template <typename KernelName = lanes::detail::AutoName, typename KernelType>
void single_task(queue Q, const KernelType &Kernel) {
  detail_enqueue::enqueue(
      Q, [&](handler &H) { H.single_task<KernelName>(Kernel); });
}

/// A basic kernel over range<Dims>, with reductions after the kernel.
template <typename KernelName = lanes::detail::AutoName, int Dims,
          typename KernelType, typename... Reductions>
void parallel_for(handler &H, range<Dims> R, const KernelType &Kernel,
                  Reductions &&...Reds) {
  H.parallel_for<KernelName>(R, Reds..., Kernel);
}
template <typename KernelName = lanes::detail::AutoName, int Dims,
          typename KernelType, typename... Reductions>
void parallel_for(queue Q, range<Dims> R, const KernelType &Kernel,
                  Reductions &&...Reds) {
  detail_enqueue::enqueue(
      Q, [&](handler &H) { H.parallel_for<KernelName>(R, Reds..., Kernel); });
}
template <typename KernelName = lanes::detail::AutoName, typename KernelType,
          typename... Reductions>
void parallel_for(handler &H, size_t Count, const KernelType &Kernel,
                  Reductions &&...Reds) {
  H.parallel_for<KernelName>(range<1>(Count), Reds..., Kernel);
}
template <typename KernelName = lanes::detail::AutoName, typename KernelType,
          typename... Reductions>
void parallel_for(queue Q, size_t Count, const KernelType &Kernel,
                  Reductions &&...Reds) {
  parallel_for<KernelName>(Q, range<1>(Count), Kernel, Reds...);
}
template <typename KernelName = lanes::detail::AutoName, int Dims,
          typename Properties, typename KernelType, typename... Reductions>
void parallel_for(handler &H, launch_config<range<Dims>, Properties> Config,
                  const KernelType &Kernel, Reductions &&...Reds) {
  H.parallel_for<KernelName>(Config.getRange(), Config.getProperties(), Reds...,
                             Kernel);
}
template <typename KernelName = lanes::detail::AutoName, int Dims,
          typename Properties, typename KernelType, typename... Reductions>
void parallel_for(queue Q, launch_config<range<Dims>, Properties> Config,
                  const KernelType &Kernel, Reductions &&...Reds) {
  detail_enqueue::enqueue(Q, [&](handler &H) {
    H.parallel_for<KernelName>(Config.getRange(), Config.getProperties(),
                               Reds..., Kernel);
  });
}

/// An nd-range kernel, with reductions after the kernel.
template <typename KernelName = lanes::detail::AutoName, int Dims,
          typename KernelType, typename... Reductions>
void nd_launch(handler &H, nd_range<Dims> R, const KernelType &Kernel,
               Reductions &&...Reds) {
  H.parallel_for<KernelName>(R, Reds..., Kernel);
}
template <typename KernelName = lanes::detail::AutoName, int Dims,
          typename KernelType, typename... Reductions>
void nd_launch(queue Q, nd_range<Dims> R, const KernelType &Kernel,
               Reductions &&...Reds) {
  detail_enqueue::enqueue(
      Q, [&](handler &H) { H.parallel_for<KernelName>(R, Reds..., Kernel); });
}
template <typename KernelName = lanes::detail::AutoName, int Dims,
          typename Properties, typename KernelType, typename... Reductions>
void nd_launch(handler &H, launch_config<nd_range<Dims>, Properties> Config,
               const KernelType &Kernel, Reductions &&...Reds) {
  H.parallel_for<KernelName>(Config.getRange(), Config.getProperties(), Reds...,
                             Kernel);
}
template <typename KernelName = lanes::detail::AutoName, int Dims,
          typename Properties, typename KernelType, typename... Reductions>
void nd_launch(queue Q, launch_config<nd_range<Dims>, Properties> Config,
               const KernelType &Kernel, Reductions &&...Reds) {
  detail_enqueue::enqueue(Q, [&](handler &H) {
    H.parallel_for<KernelName>(Config.getRange(), Config.getProperties(),
                               Reds..., Kernel);
  });
}

// The USM commands.
inline void memcpy(handler &H, void *Dest, const void *Src, size_t Bytes) {
  H.memcpy(Dest, Src, Bytes);
}
inline void memcpy(queue Q, void *Dest, const void *Src, size_t Bytes) {
  detail_enqueue::enqueue(Q, [&](handler &H) { H.memcpy(Dest, Src, Bytes); });
}
template <typename T>
void copy(handler &H, const T *Src, T *Dest, size_t Count) {
  H.copy(Src, Dest, Count);
}
template <typename T> void copy(queue Q, const T *Src, T *Dest, size_t Count) {
  detail_enqueue::enqueue(Q, [&](handler &H) { H.copy(Src, Dest, Count); });
}
inline void memset(handler &H, void *Ptr, int Value, size_t Bytes) {
  H.memset(Ptr, Value, Bytes);
}
inline void memset(queue Q, void *Ptr, int Value, size_t Bytes) {
  detail_enqueue::enqueue(Q, [&](handler &H) { H.memset(Ptr, Value, Bytes); });
}
template <typename T>
void fill(handler &H, T *Ptr, const T &Pattern, size_t Count) {
  H.fill(Ptr, Pattern, Count);
}
template <typename T>
void fill(queue Q, T *Ptr, const T &Pattern, size_t Count) {
  detail_enqueue::enqueue(Q, [&](handler &H) { H.fill(Ptr, Pattern, Count); });
}

/// Where a prefetch moves memory to; both are the host's memory in Lanes.
enum class prefetch_type { device, host };
inline void prefetch(handler &H, void *Ptr, size_t Bytes,
                     prefetch_type = prefetch_type::device) {
  H.prefetch(Ptr, Bytes);
}
inline void prefetch(queue Q, void *Ptr, size_t Bytes,
                     prefetch_type = prefetch_type::device) {
  detail_enqueue::enqueue(Q, [&](handler &H) { H.prefetch(Ptr, Bytes); });
}
inline void mem_advise(handler &H, void *Ptr, size_t Bytes, int Advice) {
  H.mem_advise(Ptr, Bytes, Advice);
}
inline void mem_advise(queue Q, void *Ptr, size_t Bytes, int Advice) {
  detail_enqueue::enqueue(
      Q, [&](handler &H) { H.mem_advise(Ptr, Bytes, Advice); });
}

// The command barriers.
inline void barrier(handler &H) { H.ext_oneapi_barrier(); }
inline void barrier(queue Q) { Q.ext_oneapi_submit_barrier(); }
inline void partial_barrier(handler &H, const std::vector<event> &Events) {
  H.ext_oneapi_barrier(Events);
}
inline void partial_barrier(queue Q, const std::vector<event> &Events) {
  Q.ext_oneapi_submit_barrier(Events);
}

// sycl_ext_oneapi_graph's executable graphs.
inline void execute_graph(handler &H,
                          command_graph<graph_state::executable> &Graph) {
  H.ext_oneapi_graph(Graph);
}
inline void execute_graph(queue Q,
                          command_graph<graph_state::executable> &Graph) {
  Q.ext_oneapi_graph(Graph);
}

} // namespace ext::oneapi::experimental
} // namespace _V1
} // namespace sycl

#endif // LANES_SYCL_EXT_ONEAPI_ENQUEUE_FUNCTIONS_HPP
