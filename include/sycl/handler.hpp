//===- sycl/handler.hpp - sycl::handler -----------------------------------===//
//
/// \file
/// SYCL 2020 4.9.4: the command-group handler. A command group records one
/// command (a kernel, a USM copy/fill, a host task); the queue runs it once
/// the command-group function returns, or a command graph keeps the
/// handler to run it with each execution of the graph
/// (lanes/detail/command_graph.hpp). local_accessor objects register
/// their sizes here: each gets an offset in the work-group's local memory
/// aligned to 64 bytes or to its element type, and the total becomes the
/// launch's LocalMemBytes. A
/// sycl::stream gets its output buffer here, which the handler owns and
/// writes to stdout once the command has run (sycl/stream.hpp).
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_HANDLER_HPP
#define LANES_SYCL_HANDLER_HPP

#include "lanes/detail/accessor_view.hpp"
#include "lanes/detail/hierarchical.hpp"
#include "lanes/detail/kernel.hpp"
#include "sycl/event.hpp"
#include "sycl/exception.hpp"
#include "sycl/ext/oneapi/device_global.hpp"
#include "sycl/kernel_bundle.hpp"
#include "sycl/nd_range.hpp"

#include <algorithm>
#include <cstring>
#include <functional>
#include <limits>
#include <memory>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace lanes::detail {
struct HandlerAccess;
template <typename KernelName> struct ReductionLaunch;
struct GraphState;

/// What a command group's command is: sycl_ext_oneapi_graph's node types,
/// in the order of its node_type.
enum class CommandKind {
  Empty,
  Subgraph,
  Kernel,
  Memcpy,
  Memset,
  Fill,
  Prefetch,
  MemAdvise,
  Barrier,
  HostTask
};
} // namespace lanes::detail

namespace sycl {
inline namespace _V1 {

template <typename T, int Dims> class local_accessor;
class stream;
namespace ext::oneapi::experimental {
/// sycl_ext_oneapi_graph (sycl/ext/oneapi/experimental/graph.hpp).
enum class graph_state { modifiable, executable };
/// Whether a queue runs its commands or records them into a graph.
enum class queue_state { executing, recording };
template <graph_state State = graph_state::modifiable> class command_graph;
} // namespace ext::oneapi::experimental
template <typename DataT, int Dims, access::mode Mode, access::target Target,
          access::placeholder IsPlaceholder>
class accessor;

/// SYCL 2020 4.10.2: what a host task may take to reach the backend's
/// native objects. The Lanes backend has none, so it only names the
/// backend.
class interop_handle {
public:
  interop_handle() = delete;
  backend get_backend() const noexcept { return backend::ext_lanes_cpu; }

private:
  friend class handler;
  explicit interop_handle(int) {}
};

/// Records the command of one command group.
class handler {
public:
  handler(const handler &) = delete;
  handler &operator=(const handler &) = delete;

  /// Runs \p Kernel once.
  template <typename KernelName = lanes::detail::AutoName, typename KernelType>
  void single_task(const KernelType &Kernel) {
    lanes::detail::checkSingleTaskKernel<KernelType>();
    using Inv = lanes::detail::SingleTaskInvoker<KernelType>;
    setKernel<KernelName, KernelType>(lanes::rt::LaunchDesc(),
                                      std::make_shared<Inv>(Inv{Kernel}));
  }

  /// Runs \p Kernel once, with the kernel properties \p Properties
  /// (sycl_ext_oneapi_kernel_properties; lanes/detail/kernel_properties.hpp).
  template <typename KernelName = lanes::detail::AutoName, typename PropertiesT,
            typename KernelType,
            typename = std::enable_if_t<
                ext::oneapi::experimental::is_property_list_v<PropertiesT>>>
  void single_task(PropertiesT, const KernelType &Kernel) {
    single_task<KernelName>(lanes::detail::withProperties<PropertiesT>(Kernel));
  }

  /// Hierarchical kernel (SYCL 2020 4.9.4.2.3): runs \p Kernel once per
  /// work-group of \p NumGroups, passing group<Dims>; the group size is
  /// chosen by Lanes (lanes/detail/hierarchical.hpp).
  template <typename KernelName = lanes::detail::AutoName, int Dims,
            typename KernelType>
  void parallel_for_work_group(range<Dims> NumGroups,
                               const KernelType &Kernel) {
    using Inv = lanes::detail::HierarchicalInvoker<KernelType, Dims>;
    parallel_for_work_group<KernelName>(
        NumGroups, lanes::detail::defaultWorkGroupSize<Inv, Dims>(), Kernel);
  }

  /// Hierarchical kernel in groups of \p GroupSize work-items. Throws
  /// errc::nd_range when the group size is 0 in a dimension or above
  /// Lanes's limit for hierarchical groups.
  template <typename KernelName = lanes::detail::AutoName, int Dims,
            typename KernelType>
  void parallel_for_work_group(range<Dims> NumGroups, range<Dims> GroupSize,
                               const KernelType &Kernel) {
    lanes::detail::checkWorkGroupKernel<KernelType, Dims>();
    // For kernel::get_info: its groups' limit.
    lanes::detail::kernelInfo<KernelName, KernelType,
                              lanes::detail::MaxHierarchicalGroupSize>();
    using Inv = lanes::detail::HierarchicalInvoker<KernelType, Dims>;
    lanes::rt::LaunchDesc Desc;
    Desc.KernelName = lanes::detail::kernelName<KernelName, KernelType>();
    if (!lanes::detail::setWorkGroupSizes<Inv>(Desc, NumGroups, GroupSize)) {
      setCommand(lanes::detail::CommandKind::Kernel, [] {});
      return;
    }
    setKernel<KernelName, KernelType>(
        Desc, std::make_shared<Inv>(Inv{Kernel, GroupSize}));
  }

  /// The hierarchical kernels with kernel properties.
  template <typename KernelName = lanes::detail::AutoName, int Dims,
            typename PropertiesT, typename KernelType,
            typename = std::enable_if_t<
                ext::oneapi::experimental::is_property_list_v<PropertiesT>>>
  void parallel_for_work_group(range<Dims> NumGroups, PropertiesT,
                               const KernelType &Kernel) {
    parallel_for_work_group<KernelName>(
        NumGroups, lanes::detail::withProperties<PropertiesT>(Kernel));
  }
  template <typename KernelName = lanes::detail::AutoName, int Dims,
            typename PropertiesT, typename KernelType,
            typename = std::enable_if_t<
                ext::oneapi::experimental::is_property_list_v<PropertiesT>>>
  void parallel_for_work_group(range<Dims> NumGroups, range<Dims> GroupSize,
                               PropertiesT, const KernelType &Kernel) {
    parallel_for_work_group<KernelName>(
        NumGroups, GroupSize,
        lanes::detail::withProperties<PropertiesT>(Kernel));
  }

  /// Runs \p Kernel once per id of \p Range, passing item<Dims> or id<Dims>.
  template <typename KernelName = lanes::detail::AutoName, int Dims,
            typename KernelType>
  void parallel_for(range<Dims> Range, const KernelType &Kernel) {
    lanes::detail::checkRangeKernel<KernelType, Dims>();
    setRangeKernel<KernelName, KernelType, lanes::detail::RangeInvoker>(
        Range, Kernel, Range);
  }

  /// Runs \p Kernel once per id in [\p Offset, \p Offset + \p Range),
  /// passing item<Dims> (whose get_offset() is \p Offset) or id<Dims>.
  /// Deprecated in SYCL 2020, which has no reductions in this form.
  template <typename KernelName = lanes::detail::AutoName, int Dims,
            typename KernelType>
  void parallel_for(range<Dims> Range, id<Dims> Offset,
                    const KernelType &Kernel) {
    lanes::detail::checkOffsetRangeKernel<KernelType, Dims>();
    setRangeKernel<KernelName, KernelType, lanes::detail::OffsetRangeInvoker>(
        Range, Kernel, Range, Offset);
  }

  /// parallel_for over range<1>(\p Count).
  template <typename KernelName = lanes::detail::AutoName, typename KernelType>
  void parallel_for(size_t Count, const KernelType &Kernel) {
    parallel_for<KernelName>(range<1>(Count), Kernel);
  }

  /// Runs \p Kernel in work-groups of \p Range's local size, passing
  /// nd_item<Dims>. Throws errc::nd_range (from the runtime) when the
  /// global size is not a multiple of the local size.
  template <typename KernelName = lanes::detail::AutoName, int Dims,
            typename KernelType>
  void parallel_for(nd_range<Dims> Range, const KernelType &Kernel) {
    lanes::detail::checkNdRangeKernel<KernelType, Dims>();
    using Inv = lanes::detail::NdRangeInvoker<KernelType, Dims>;
    lanes::rt::LaunchDesc Desc;
    Desc.KernelName = lanes::detail::kernelName<KernelName, KernelType>();
    lanes::detail::setNdRangeSizes(Desc, Range);
    setKernel<KernelName, KernelType>(Desc, std::make_shared<Inv>(Inv{Kernel}));
  }

  /// parallel_for over a range<N>, an nd_range<N> or a size with kernel
  /// properties (sycl_ext_oneapi_kernel_properties), reductions or both:
  /// \p A, if it is a property list, then the sycl::reduction objects,
  /// then the kernel, which takes one reducer per reduction after its
  /// item (sycl/reduction.hpp). Other extra arguments fail to compile.
  template <typename KernelName = lanes::detail::AutoName, typename RangeT,
            typename First, typename Second, typename... Rest>
  void parallel_for(RangeT Range, const First &A, const Second &B,
                    const Rest &...More) {
    if constexpr (ext::oneapi::experimental::is_property_list_v<First>)
      parallelForWithProperties<KernelName, First>(
          Range, std::forward_as_tuple(B, More...),
          std::make_index_sequence<sizeof...(Rest)>());
    else
      lanes::detail::ReductionLaunch<KernelName>::run(*this, Range, A, B,
                                                      More...);
  }

  /// Runs \p Task on the host as this group's command (SYCL 2020 4.10),
  /// with an interop_handle if it takes one. An exception it throws is an
  /// asynchronous error: queue::submit keeps it for the async_handler.
  template <typename TaskT> void host_task(TaskT &&Task) {
    if constexpr (std::is_invocable_v<TaskT &, interop_handle>) {
      host_task([Run = std::forward<TaskT>(Task)]() mutable {
        Run(interop_handle(0));
      });
    } else {
      static_assert(std::is_invocable_v<TaskT &>,
                    "host_task takes a callable with no arguments or an "
                    "interop_handle");
      setCommand(lanes::detail::CommandKind::HostTask,
                 [Run = std::function<void()>(std::forward<TaskT>(Task))] {
                   try {
                     Run();
                   } catch (...) {
                     throw lanes::detail::host_task_failure{
                         std::current_exception()};
                   }
                 });
    }
  }

  // USM commands (SYCL 2020 4.9.4).
  void memcpy(void *Dest, const void *Src, size_t Bytes) {
    setCommand(lanes::detail::CommandKind::Memcpy, [Dest, Src, Bytes] {
      if (Bytes)
        std::memcpy(Dest, Src, Bytes);
    });
  }
  void memset(void *Ptr, int Value, size_t Bytes) {
    setCommand(lanes::detail::CommandKind::Memset, [Ptr, Value, Bytes] {
      if (Bytes)
        std::memset(Ptr, Value, Bytes);
    });
  }
  // sycl_ext_oneapi_device_global: copies into and out of a
  // device_global (sycl/ext/oneapi/device_global.hpp), in bytes from an
  // offset or in elements from an index; errc::invalid outside it.
  template <typename T, typename Props>
  void memcpy(ext::oneapi::experimental::device_global<T, Props> &Dest,
              const void *Src, size_t Bytes = sizeof(T), size_t Offset = 0) {
    memcpy(deviceGlobalBytes(Dest, Offset, Bytes, "handler::memcpy"), Src,
           Bytes);
  }
  template <typename T, typename Props>
  void memcpy(void *Dest,
              const ext::oneapi::experimental::device_global<T, Props> &Src,
              size_t Bytes = sizeof(T), size_t Offset = 0) {
    memcpy(Dest, deviceGlobalBytes(Src, Offset, Bytes, "handler::memcpy"),
           Bytes);
  }
  template <typename T, typename Props>
  void copy(const std::remove_all_extents_t<T> *Src,
            ext::oneapi::experimental::device_global<T, Props> &Dest,
            size_t Count = sizeof(T) / sizeof(std::remove_all_extents_t<T>),
            size_t StartIndex = 0) {
    memcpy(lanes::detail::deviceGlobalElements(Dest, Count, StartIndex,
                                               "handler::copy"),
           Src, Count * sizeof(std::remove_all_extents_t<T>));
  }
  template <typename T, typename Props>
  void copy(const ext::oneapi::experimental::device_global<T, Props> &Src,
            std::remove_all_extents_t<T> *Dest,
            size_t Count = sizeof(T) / sizeof(std::remove_all_extents_t<T>),
            size_t StartIndex = 0) {
    memcpy(Dest,
           lanes::detail::deviceGlobalElements(Src, Count, StartIndex,
                                               "handler::copy"),
           Count * sizeof(std::remove_all_extents_t<T>));
  }

  /// Writes \p Pattern to \p Count consecutive T starting at \p Ptr.
  template <typename T> void fill(void *Ptr, const T &Pattern, size_t Count) {
    setCommand(lanes::detail::CommandKind::Fill, [Ptr, Pattern, Count] {
      T *Dest = static_cast<T *>(Ptr);
      for (size_t I = 0; I < Count; ++I)
        Dest[I] = Pattern;
    });
  }
  /// Copies \p Count T from \p Src to \p Dest.
  template <typename T> void copy(const T *Src, T *Dest, size_t Count) {
    memcpy(Dest, Src, Count * sizeof(T));
  }
  /// Hints are accepted; all memory is the host's already.
  void prefetch(const void *, size_t) {
    setCommand(lanes::detail::CommandKind::Prefetch, [] {});
  }
  void mem_advise(const void *, size_t, int) {
    setCommand(lanes::detail::CommandKind::MemAdvise, [] {});
  }

  // sycl_ext_oneapi_memcpy2d: Height rows of Width bytes (for copy2d and
  // fill2d, elements of T) in memory whose rows lie Pitch bytes (elements)
  // apart. Rows are copied first to last, each with one memmove. Throws
  // errc::invalid when Width exceeds a pitch, or when the rectangle is not
  // empty and a pointer is null.
  void ext_oneapi_memcpy2d(void *Dest, size_t DestPitch, const void *Src,
                           size_t SrcPitch, size_t Width, size_t Height) {
    copyBoxes(pitchedRows("ext_oneapi_memcpy2d", "source", Src, SrcPitch, Width,
                          Height, 1),
              pitchedRows("ext_oneapi_memcpy2d", "destination", Dest, DestPitch,
                          Width, Height, 1));
  }
  template <typename T>
  void ext_oneapi_copy2d(const T *Src, size_t SrcPitch, T *Dest,
                         size_t DestPitch, size_t Width, size_t Height) {
    copyBoxes(pitchedRows("ext_oneapi_copy2d", "source", Src, SrcPitch, Width,
                          Height, sizeof(T)),
              pitchedRows("ext_oneapi_copy2d", "destination", Dest, DestPitch,
                          Width, Height, sizeof(T)));
  }
  /// Writes `(unsigned char)Value` to each byte of the rows.
  void ext_oneapi_memset2d(void *Dest, size_t DestPitch, int Value,
                           size_t Width, size_t Height) {
    fillElements(pitchedRows("ext_oneapi_memset2d", "destination", Dest,
                             DestPitch, Width, Height, 1),
                 static_cast<unsigned char>(Value));
  }
  /// Writes \p Pattern to each T of the rows.
  template <typename T>
  void ext_oneapi_fill2d(void *Dest, size_t DestPitch, const T &Pattern,
                         size_t Width, size_t Height) {
    fillElements(pitchedRows("ext_oneapi_fill2d", "destination", Dest,
                             DestPitch, Width, Height, sizeof(T)),
                 Pattern);
  }

  // Explicit memory commands on buffer accessors (SYCL 2020 4.9.4.3). They
  // work on the accessor's range at its offset, in row-major order, and
  // bind the accessors to this group as require() does.

  /// Binds \p Acc (a placeholder, say) to this command group: its buffer
  /// stays alive until the command has run. Commands run in submission
  /// order, so there is no other dependency to record.
  template <typename T, int D, access::mode M, access::target Tg,
            access::placeholder P>
  void require(const accessor<T, D, M, Tg, P> &Acc) {
    static_assert(Tg != access::target::host_buffer &&
                      Tg != access::target::local,
                  "handler::require takes accessors of buffers for kernels "
                  "or host tasks");
    keepAlive(lanes::detail::ViewAccess::storage(Acc));
  }
  /// Copies the elements of \p Src to consecutive memory at \p Dest.
  template <typename SrcT, int D, access::mode M, access::target Tg,
            access::placeholder P, typename DestT>
  void copy(const accessor<SrcT, D, M, Tg, P> &Src, DestT *Dest) {
    lanes::detail::checkCopyAccessor<M, Tg, true>();
    static_assert(!std::is_const_v<DestT>,
                  "handler::copy: the destination must not be const");
    require(Src);
    copyBoxes(lanes::detail::ViewAccess::box(Src),
              lanes::detail::ByteBox::contiguous(Dest, Src.byte_size()));
  }
  template <typename SrcT, int D, access::mode M, access::target Tg,
            access::placeholder P, typename DestT>
  void copy(const accessor<SrcT, D, M, Tg, P> &Src,
            std::shared_ptr<DestT> Dest) {
    copy(Src, Dest.get());
  }
  /// Copies consecutive elements at \p Src into the elements of \p Dest.
  template <typename SrcT, typename DestT, int D, access::mode M,
            access::target Tg, access::placeholder P>
  void copy(const SrcT *Src, const accessor<DestT, D, M, Tg, P> &Dest) {
    lanes::detail::checkCopyAccessor<M, Tg, false>();
    require(Dest);
    copyBoxes(lanes::detail::ByteBox::contiguous(Src, Dest.byte_size()),
              lanes::detail::ViewAccess::box(Dest));
  }
  template <typename SrcT, typename DestT, int D, access::mode M,
            access::target Tg, access::placeholder P>
  void copy(std::shared_ptr<SrcT> Src,
            const accessor<DestT, D, M, Tg, P> &Dest) {
    copy(static_cast<const SrcT *>(Src.get()), Dest);
  }
  /// Copies the elements of \p Src, in row-major order, to the first
  /// elements of \p Dest (which may differ in type, rank and shape); throws
  /// errc::invalid when \p Dest has fewer bytes than \p Src.
  template <typename SrcT, int SrcD, access::mode SrcM, access::target SrcTg,
            access::placeholder SrcP, typename DestT, int DestD,
            access::mode DestM, access::target DestTg, access::placeholder DestP>
  void copy(const accessor<SrcT, SrcD, SrcM, SrcTg, SrcP> &Src,
            const accessor<DestT, DestD, DestM, DestTg, DestP> &Dest) {
    lanes::detail::checkCopyAccessor<SrcM, SrcTg, true>();
    lanes::detail::checkCopyAccessor<DestM, DestTg, false>();
    lanes::detail::checkCopyFits(Src.byte_size(), Dest.byte_size());
    require(Src);
    require(Dest);
    copyBoxes(lanes::detail::ViewAccess::box(Src),
              lanes::detail::ViewAccess::box(Dest));
  }
  /// Writes \p Value to every element of \p Dest.
  template <typename T, int D, access::mode M, access::target Tg,
            access::placeholder P, typename ValueT>
  void fill(const accessor<T, D, M, Tg, P> &Dest, const ValueT &Value) {
    lanes::detail::checkCopyAccessor<M, Tg, false>();
    require(Dest);
    fillElements(lanes::detail::ViewAccess::box(Dest),
                 std::remove_const_t<T>(Value));
  }
  /// The buffer's data is host memory already: nothing to update.
  template <typename T, int D, access::mode M, access::target Tg,
            access::placeholder P>
  void update_host(const accessor<T, D, M, Tg, P> &Acc) {
    require(Acc);
    setCommand(lanes::detail::CommandKind::Empty, [] {});
  }

  /// Sets specialization constant \p Id to \p Value for this group's
  /// kernel. Throws errc::invalid after use_kernel_bundle, whose bundle
  /// then holds the values.
  template <auto &Id>
  void set_specialization_constant(lanes::detail::SpecValueType<Id> Value) {
    checkNoBundle("set_specialization_constant");
    SpecConstants.set<Id>(Value);
    SetSpecConstant = true;
  }
  /// The value of \p Id for this group's kernel: the one set, else its
  /// default. Throws errc::invalid after use_kernel_bundle.
  template <auto &Id>
  lanes::detail::SpecValueType<Id> get_specialization_constant() const {
    checkNoBundle("get_specialization_constant");
    return SpecConstants.value<Id>();
  }

  /// Runs this group's kernel with the specialization constants of
  /// \p KernelBundle, which must hold the kernel (else the kernel's
  /// launch throws errc::kernel_not_supported). Throws errc::invalid after
  /// set_specialization_constant.
  void use_kernel_bundle(
      const kernel_bundle<bundle_state::executable> &KernelBundle) {
    if (SetSpecConstant)
      throw exception(make_error_code(errc::invalid),
                      "handler::use_kernel_bundle after "
                      "handler::set_specialization_constant: a command group "
                      "takes its specialization constants from one or the "
                      "other");
    Bundle = lanes::detail::BundleAccess::state(KernelBundle);
    SpecConstants = Bundle->Spec;
  }

  /// Lanes runs commands in submission order and finishes each before
  /// submit returns, so every dependency is already satisfied. The event
  /// of a command recorded into a graph becomes an edge of the graph this
  /// group is recorded into or added to; elsewhere it is errc::invalid.
  void depends_on(event Event) {
    const auto *Node = lanes::detail::EventBuilder::recordedNode(Event);
    if (!Node)
      return;
    if (!Graph)
      throw exception(make_error_code(errc::invalid),
                      "handler::depends_on: the event of a command recorded "
                      "into a command_graph, in a command group that is not "
                      "recorded into one (Lanes does not start recording a "
                      "queue for it)");
    RecordedDeps.push_back(*Node);
  }
  void depends_on(const std::vector<event> &Events) {
    for (const event &E : Events)
      depends_on(E);
  }
  /// sycl_ext_oneapi_enqueue_barrier: the command group's command waits
  /// for every earlier command of its queue, or for \p Events. In Lanes
  /// they have all finished already, so it has nothing to do but in a
  /// graph, where it orders the nodes.
  void ext_oneapi_barrier() {
    if (!Command)
      Kind = lanes::detail::CommandKind::Barrier;
  }
  void ext_oneapi_barrier(const std::vector<event> &Events) {
    depends_on(Events);
    ext_oneapi_barrier();
  }

  /// sycl_ext_oneapi_graph: runs the executable graph \p Graph
  /// (sycl/ext/oneapi/experimental/graph.hpp, which defines it).
  void
  ext_oneapi_graph(ext::oneapi::experimental::command_graph<
                   ext::oneapi::experimental::graph_state::executable> &Graph);

private:
  friend struct lanes::detail::HandlerAccess;
  template <typename T, int Dims> friend class local_accessor;
  friend class stream;
  template <typename KernelName>
  friend struct lanes::detail::ReductionLaunch;

  handler() = default;
  /// For HandlerAccess::keep only.
  handler &operator=(handler &&) = default;

  /// Records a copy of the bytes of \p Src to \p Dest.
  void copyBoxes(const lanes::detail::ByteBox &Src,
                 const lanes::detail::ByteBox &Dest) {
    setCommand(lanes::detail::CommandKind::Memcpy,
               [Src, Dest] { lanes::detail::copyBox(Src, Dest); });
  }
  /// Records writing \p Value to every element (a T) of \p Box.
  template <typename T>
  void fillElements(const lanes::detail::ByteBox &Box, const T &Value) {
    setCommand(lanes::detail::CommandKind::Fill,
               [Box, Value] { lanes::detail::fillBox(Box, Value); });
  }
  /// The rows of the 2-D command \p Who: \p Height rows of \p Width
  /// elements of \p ElemBytes bytes from \p Data, \p Pitch elements apart.
  /// Throws errc::invalid, naming \p Who and the \p Role pointer, when
  /// \p Width exceeds \p Pitch, or when the rows are not empty and \p Data
  /// is null or they reach past the address space.
  static lanes::detail::ByteBox pitchedRows(const char *Who, const char *Role,
                                            const void *Data, size_t Pitch,
                                            size_t Width, size_t Height,
                                            size_t ElemBytes) {
    auto Fail = [&](const std::string &Why) {
      lanes::detail::throwInvalid(std::string(Who) + ": " + Why + " (width " +
                                  std::to_string(Width) + ", height " +
                                  std::to_string(Height) + ", " + Role +
                                  " pitch " + std::to_string(Pitch) + ")");
    };
    if (Width > Pitch)
      Fail("the width exceeds the " + std::string(Role) + " pitch");
    if (Width == 0 || Height == 0)
      return lanes::detail::ByteBox::contiguous(Data, 0);
    if (!Data)
      Fail("the " + std::string(Role) + " pointer is null");
    // The last element is (Height - 1) * Pitch + Width elements on.
    size_t Elements = ~size_t(0) / ElemBytes;
    if (Pitch > Elements || Height - 1 > (Elements - Width) / Pitch)
      Fail("the " + std::string(Role) + " rows reach past the address space");
    return lanes::detail::ByteBox::pitched(Data, Width * ElemBytes, Height,
                                           Pitch * ElemBytes);
  }
  /// Keeps the buffer storage \p Storage (if any) alive as long as the
  /// handler, which outlives its command.
  void keepAlive(lanes::detail::BufferStorage *Storage) {
    if (Storage)
      KeptAlive.push_back(Storage->shared_from_this());
  }

  /// Records \p Command, a command of kind \p Kind.
  template <typename CommandT>
  void setCommand(lanes::detail::CommandKind Kind, CommandT &&Command) {
    if (this->Command)
      throw exception(make_error_code(errc::invalid),
                      "a command group may contain only one command");
    this->Command = std::forward<CommandT>(Command);
    this->Kind = Kind;
  }

  /// Throws errc::invalid, naming handler::\p Function, after
  /// use_kernel_bundle.
  void checkNoBundle(const char *Function) const {
    if (Bundle)
      throw exception(make_error_code(errc::invalid),
                      std::string("handler::") + Function +
                          " after handler::use_kernel_bundle: the kernel "
                          "reads the bundle's specialization constants");
  }

  /// Points \p Invoker, of the kernel \p KernelName, \p KernelType, at the
  /// group's specialization constants, once the kernel bundle the group
  /// uses, if any, is found to hold the kernel. Comes before
  /// describeKernel, which may specialize the kernel for the invoker as it
  /// is then.
  template <typename KernelName, typename KernelType, typename Inv>
  void prepareKernel(Inv &Invoker) {
    const lanes::detail::KernelInfo &Kernel =
        lanes::detail::kernelInfo<KernelName, KernelType, 0, Inv>();
    if (Bundle && !Bundle->has(&Kernel))
      throw exception(make_error_code(errc::kernel_not_supported),
                      std::string("kernel ") + Kernel.Name() +
                          " is not in the kernel bundle of "
                          "handler::use_kernel_bundle");
    Invoker.Spec = &SpecConstants;
  }

  /// In a group of a graph, remembers how to point \p Invoker at the
  /// specialization constants once HandlerAccess::keep has moved them.
  /// Comes after describeKernel, which must see the invoker's fields
  /// stored right before it.
  template <typename Inv> void keepSpecTarget(Inv &Invoker) {
    if (Graph)
      RepointSpec =
          [Target = &Invoker](const lanes::detail::SpecConstantTable *Table) {
            Target->Spec = Table;
          };
  }

  /// parallel_for over \p Range with the reductions \p Args but the last
  /// (\p I indexes them), then the last, the kernel, given properties
  /// \p PropertiesT.
  template <typename KernelName, typename PropertiesT, typename RangeT,
            typename ArgsT, size_t... I>
  void parallelForWithProperties(const RangeT &Range, const ArgsT &Args,
                                 std::index_sequence<I...>) {
    parallel_for<KernelName>(Range, std::get<I>(Args)...,
                             lanes::detail::withProperties<PropertiesT>(
                                 std::get<sizeof...(I)>(Args)));
  }

  /// Records the launch of \p Invoker with the sizes in \p Desc; the
  /// command keeps the invoker alive.
  template <typename KernelName, typename KernelType, typename Inv>
  void setKernel(lanes::rt::LaunchDesc Desc, std::shared_ptr<Inv> Invoker) {
    prepareKernel<KernelName, KernelType>(*Invoker);
    lanes::detail::describeKernel<KernelName, KernelType>(Desc,
                                                          *Invoker.get());
    lanes::detail::checkKernelName<KernelName, KernelType>();
    keepSpecTarget(*Invoker);
    Desc.LocalMemBytes = LocalMemBytes;
    MangledKernelName = Desc.KernelName;
    setCommand(lanes::detail::CommandKind::Kernel,
               [Desc, Invoker] { lanes::rt::launch(Desc); });
  }

  /// Records the launch of a range kernel over \p Range through
  /// `Invoker<KernelType, Dims, Padded>{Fields...}`, Padded when the launch
  /// is rounded up past \p Range; nothing for an empty range.
  template <typename KernelName, typename KernelType,
            template <typename, int, bool> class Invoker, int Dims,
            typename... FieldTs>
  void setRangeKernel(const range<Dims> &Range, const FieldTs &...Fields) {
    lanes::rt::LaunchDesc Desc;
    auto Launch = [&](auto Padded) {
      using Inv = Invoker<KernelType, Dims, decltype(Padded)::value>;
      setKernel<KernelName, KernelType>(Desc,
                                        std::make_shared<Inv>(Inv{Fields...}));
    };
    switch (lanes::detail::setRangeSizes(
        Desc, Range, lanes::detail::MaxRangeGroupSize,
        lanes::detail::requiredLocalSize<Invoker<KernelType, Dims, false>>())) {
    case lanes::detail::RangeShape::Empty:
      setCommand(lanes::detail::CommandKind::Kernel, [] {});
      return;
    case lanes::detail::RangeShape::Exact:
      Launch(std::false_type());
      return;
    case lanes::detail::RangeShape::Padded:
      Launch(std::true_type());
      return;
    }
  }

  /// A new stream output of \p TotalBytes, \p WorkItemBytes per work-item,
  /// owned by this handler.
  lanes::rt::StreamBuffer *addStream(size_t TotalBytes, size_t WorkItemBytes) {
    std::shared_ptr<lanes::rt::StreamBuffer> Buffer(
        lanes::rt::streamCreate(TotalBytes, WorkItemBytes),
        lanes::rt::streamDestroy);
    Streams.push_back(Buffer);
    return Buffer.get();
  }
  /// Writes the output of every stream of this group to stdout.
  void finishStreams() noexcept {
    for (const auto &S : Streams)
      lanes::rt::streamFinish(S.get(), MangledKernelName);
  }

  /// Reserves \p Bytes of local memory; returns its offset, aligned to 64
  /// bytes or to \p Align if larger (at most LocalMemoryAlignment).
  size_t allocateLocal(size_t Bytes, size_t Align = 64) {
    Align = std::max<size_t>(Align, 64);
    size_t Offset = (LocalMemBytes + Align - 1) / Align * Align;
    // Saturated, so that the launch reports what is far above the limit.
    constexpr size_t Max = std::numeric_limits<size_t>::max();
    LocalMemBytes = Bytes > Max - Offset ? Max : Offset + Bytes;
    return Offset;
  }

  size_t LocalMemBytes = 0;
  /// What the group's kernel reads through its kernel_handler.
  lanes::detail::SpecConstantTable SpecConstants;
  bool SetSpecConstant = false;
  /// The bundle of use_kernel_bundle, if any.
  std::shared_ptr<const lanes::detail::BundleState> Bundle;
  std::function<void()> Command;
  lanes::detail::CommandKind Kind = lanes::detail::CommandKind::Empty;
  /// The graph this group is recorded into or added to, if any, and the
  /// nodes of the recorded commands it depends on.
  lanes::detail::GraphState *Graph = nullptr;
  std::vector<std::weak_ptr<lanes::detail::GraphNode>> RecordedDeps;
  /// In such a group: points the kernel at a moved SpecConstants.
  std::function<void(const lanes::detail::SpecConstantTable *)> RepointSpec;
  /// The kernel's mangled name, once one is set (for stream reports).
  const char *MangledKernelName = nullptr;
  std::vector<std::shared_ptr<lanes::rt::StreamBuffer>> Streams;
  std::vector<std::shared_ptr<lanes::detail::BufferStorage>> KeptAlive;
};

} // namespace _V1
} // namespace sycl

namespace lanes::detail {
/// What queue needs of a handler and users must not see.
struct HandlerAccess {
  static sycl::handler make() { return sycl::handler(); }
  /// Makes \p H the handler of a command group recorded into or added to
  /// \p Graph (if not null), before the command group function runs.
  static void setGraph(sycl::handler &H, GraphState *Graph) { H.Graph = Graph; }
  /// Moves the state of \p H, a group of a graph, to a handler the graph
  /// keeps (the command group function ran on \p H, so that the compiler
  /// sees it called once, as without graphs).
  static std::shared_ptr<sycl::handler> keep(sycl::handler &H) {
    std::shared_ptr<sycl::handler> Kept(new sycl::handler());
    *Kept = std::move(H);
    if (Kept->RepointSpec)
      Kept->RepointSpec(&Kept->SpecConstants);
    return Kept;
  }
  static CommandKind kind(const sycl::handler &H) { return H.Kind; }
  static const std::vector<std::weak_ptr<GraphNode>> &
  recordedDeps(const sycl::handler &H) {
    return H.RecordedDeps;
  }
  /// The mangled name of \p H's kernel; null when it has none.
  static const char *kernelName(const sycl::handler &H) {
    return H.MangledKernelName;
  }
  /// Whether \p H's command uses a buffer (or an image).
  static bool usesBuffers(const sycl::handler &H) {
    return !H.KeptAlive.empty();
  }
  /// Keeps \p Storage alive until \p H's command has run (for image
  /// accessors, which handler::require does not take).
  static void keepAlive(sycl::handler &H, BufferStorage *Storage) {
    H.keepAlive(Storage);
  }
  /// Runs the recorded command, if any, with the specialization constants
  /// set, then writes the output of the group's streams (also when the command
  /// throws: what the kernel flushed may explain why).
  static void run(sycl::handler &H) {
    struct StreamsFinisher {
      sycl::handler &H;
      ~StreamsFinisher() { H.finishStreams(); }
    } Finisher{H};
    H.SpecConstants.build();
    if (H.Command)
      H.Command();
  }
};
} // namespace lanes::detail

#endif // LANES_SYCL_HANDLER_HPP
