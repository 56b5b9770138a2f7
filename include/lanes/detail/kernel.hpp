//===- lanes/detail/kernel.hpp - Kernel entries and launch descriptions ---===//
//
/// \file
/// How a SYCL kernel becomes a lanes::rt::launch(). Every kernel of every
/// kind goes through the one entry template kernelEntry<Invoker>: the
/// compiler recognises it (LANES_KERNEL) and turns it into a work-group
/// function. An Invoker holds the user's kernel object by value plus what
/// the launch needs per work-item (the user range of a range kernel) and
/// its command group's specialization constants; its operator() builds the
/// item / nd_item (and kernel_handler) the kernel takes and calls it.
///
/// A range kernel (`parallel_for(range<N>, f)`) is launched as an nd-range
/// whose fastest dimension is split into groups of up to 256 work-items,
/// preferring a group size that divides the range. When none does, the
/// global size is rounded up and a second instantiation of the invoker
/// returns early for the padding work-items. Only that one pays for the
/// bounds check: its conditional stores keep the vectorizer away on targets
/// without masked stores (the same split as DPC++'s range rounding).
/// The deprecated `parallel_for(range<N>, id<N> offset, f)` is the same
/// launch with its own invoker, which adds the offset to each id; plain
/// range kernels do not carry one.
///
/// Kernel-side code here (the invokers and what they call) is inline and
/// free of exceptions and virtual calls.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_DETAIL_KERNEL_HPP
#define LANES_DETAIL_KERNEL_HPP

#include "lanes/builtins.h"
#include "lanes/detail/kernel_properties.hpp"
#include "lanes/detail/work_item.hpp"
#include "lanes/runtime.h"
#include "sycl/exception.hpp"
#include "sycl/item.hpp"
#include "sycl/nd_item.hpp"
#include "sycl/specialization_id.hpp"

#include <algorithm>
#include <array>
#include <string>
#include <type_traits>
#include <typeinfo>

namespace lanes::detail {

/// The kernel name of a kernel launched without an explicit name.
struct AutoName;

template <typename T> inline constexpr bool AlwaysFalse = false;

/// Builds the work-item objects users cannot construct.
struct ItemBuilder {
  template <int Dims, bool WithOffset>
  static sycl::item<Dims, WithOffset> item(const sycl::id<Dims> &Id,
                                           const sycl::range<Dims> &Range) {
    return sycl::item<Dims, WithOffset>(Id, Range);
  }
  template <int Dims>
  static sycl::item<Dims, true> item(const sycl::id<Dims> &Id,
                                     const sycl::range<Dims> &Range,
                                     const sycl::id<Dims> &Offset) {
    return sycl::item<Dims, true>(Id, Range, Offset);
  }
  template <int Dims> static sycl::nd_item<Dims> ndItem() {
    return sycl::nd_item<Dims>(0);
  }
  template <int Dims> static sycl::group<Dims> group() {
    return sycl::group<Dims>(0);
  }
  static sycl::kernel_handler kernelHandler(const SpecConstantTable *Spec) {
    return sycl::kernel_handler(Spec);
  }
};

/// Whether \p KernelT is callable (as const) with \p ArgTs, or with them
/// and a kernel_handler after them. A std::disjunction, so that a generic
/// lambda is instantiated only with the arguments it will receive.
template <typename KernelT, typename... ArgTs>
struct Takes : std::disjunction<std::is_invocable<const KernelT &, ArgTs &...>,
                                std::is_invocable<const KernelT &, ArgTs &...,
                                                  sycl::kernel_handler &>> {};

/// Calls \p Kernel with \p Args, and with a kernel_handler reading the
/// specialization constants \p Spec when it takes one after them.
template <typename KernelT, typename... ArgTs>
[[gnu::always_inline]] inline void callKernel(const KernelT &Kernel,
                                              const SpecConstantTable *Spec,
                                              ArgTs &...Args) {
  if constexpr (std::is_invocable_v<const KernelT &, ArgTs &...>) {
    LANES_INLINE_KERNEL_CALL Kernel(Args...);
  } else {
    sycl::kernel_handler Handler = ItemBuilder::kernelHandler(Spec);
    LANES_INLINE_KERNEL_CALL Kernel(Args..., Handler);
  }
}

/// The one kernel entry: runs the invoker at \p Obj for one work-item.
template <typename Invoker> LANES_KERNEL void kernelEntry(const void *Obj) {
  (*static_cast<const Invoker *>(Obj))();
}

/// Calls range kernel \p Kernel at \p Id of \p UserRange with the argument
/// it takes: item<Dims> (also what generic lambdas and, for Dims == 1,
/// integral parameters get), or id<Dims>; \p Extra (the reducers of a
/// parallel_for with reductions) and a kernel_handler reading \p Spec, if
/// it takes one, follow it. Always inlined, for g++ too
/// (LANES_INLINE_KERNEL_CALL is Clang's only): its item carries an offset
/// (zero here), which would otherwise tip g++ into a call per work-item.
template <typename KernelT, int Dims, typename... ExtraT>
[[gnu::always_inline]] inline void
callRangeKernel(const KernelT &Kernel, const SpecConstantTable *Spec,
                sycl::id<Dims> &Id, const sycl::range<Dims> &UserRange,
                ExtraT &...Extra) {
  // Read the range element by element (typed loads the optimizer can tell
  // apart from the kernel's stores) rather than copying the object.
  sycl::range<Dims> Range =
      gather<sycl::range<Dims>, Dims>([&](int I) { return UserRange[I]; });
  // Arguments are lvalues, so kernels may take them by value, by const
  // reference or by reference.
  using ItemT = sycl::item<Dims, true>;
  using ItemNoOffsetT = sycl::item<Dims, false>;
  if constexpr (Takes<KernelT, ItemT, ExtraT...>::value) {
    ItemT It = ItemBuilder::item<Dims, true>(Id, Range);
    callKernel(Kernel, Spec, It, Extra...);
  } else if constexpr (Takes<KernelT, ItemNoOffsetT, ExtraT...>::value) {
    ItemNoOffsetT It = ItemBuilder::item<Dims, false>(Id, Range);
    callKernel(Kernel, Spec, It, Extra...);
  } else {
    callKernel(Kernel, Spec, Id, Extra...);
  }
}

/// Calls the kernel of `parallel_for(range, offset, f)` at launch id
/// \p LaunchId (in [0, \p UserRange)) with item<Dims, true> (also what
/// generic lambdas and 1-D integral parameters get) or id<Dims>, either
/// holding LaunchId + \p UserOffset, and a kernel_handler if it takes one.
template <typename KernelT, int Dims>
[[gnu::always_inline]] inline void
callOffsetRangeKernel(const KernelT &Kernel, const SpecConstantTable *Spec,
                      const sycl::id<Dims> &LaunchId,
                      const sycl::range<Dims> &UserRange,
                      const sycl::id<Dims> &UserOffset) {
  // Element by element, as callRangeKernel reads the range.
  sycl::range<Dims> Range =
      gather<sycl::range<Dims>, Dims>([&](int I) { return UserRange[I]; });
  sycl::id<Dims> Offset =
      gather<sycl::id<Dims>, Dims>([&](int I) { return UserOffset[I]; });
  sycl::id<Dims> Id = LaunchId + Offset;
  using ItemT = sycl::item<Dims, true>;
  if constexpr (Takes<KernelT, ItemT>::value) {
    ItemT It = ItemBuilder::item<Dims>(Id, Range, Offset);
    callKernel(Kernel, Spec, It);
  } else {
    callKernel(Kernel, Spec, Id);
  }
}

/// Whether an nd-range kernel is called with no noexcept in the way of
/// the exception that unwinds a work-item waiting in one of its barriers.
/// (Each invoker says it as `Unwindable`; see rt::LaunchDesc.)
template <typename KernelT, int Dims, typename... ExtraT>
inline constexpr bool UnwindableNdRangeKernel =
    std::is_invocable_v<const KernelT &, sycl::nd_item<Dims> &, ExtraT &...>
        ? !std::is_nothrow_invocable_v<const KernelT &, sycl::nd_item<Dims> &,
                                       ExtraT &...>
        : !std::is_nothrow_invocable_v<const KernelT &, sycl::nd_item<Dims> &,
                                       ExtraT &..., sycl::kernel_handler &>;

/// Sets \p Id to the global id of the range work-item that runs. Padded:
/// the launch was rounded up, so false for a work-item outside UserRange.
template <int Dims, bool Padded>
[[gnu::always_inline]] inline bool
rangeWorkItem(const sycl::range<Dims> &UserRange, sycl::id<Dims> &Id) {
  Id = gather<sycl::id<Dims>, Dims>(
      [](int D) { return lanes::detail::globalId<Dims>(D); });
  if constexpr (Padded) {
    for (int I = 0; I < Dims; ++I)
      if (Id[I] >= UserRange[I])
        return false;
  }
  return true;
}

/// Calls a range kernel for the work-item that runs (Padded: see
/// rangeWorkItem).
template <typename KernelT, int Dims, bool Padded> struct RangeInvoker {
  /// A range kernel has no group to wait for.
  static constexpr bool Unwindable = true;
  KernelT Kernel;
  sycl::range<Dims> UserRange;
  const SpecConstantTable *Spec = nullptr;

  void operator()() const {
    sycl::id<Dims> Id;
    if (rangeWorkItem<Dims, Padded>(UserRange, Id))
      LANES_INLINE_KERNEL_CALL callRangeKernel(Kernel, Spec, Id, UserRange);
  }
};

/// Calls the kernel of `parallel_for(range, offset, f)` for the work-item
/// that runs: a range launch of UserRange whose ids are shifted by Offset.
/// Padded: as for RangeInvoker.
template <typename KernelT, int Dims, bool Padded> struct OffsetRangeInvoker {
  static constexpr bool Unwindable = true;
  KernelT Kernel;
  sycl::range<Dims> UserRange;
  sycl::id<Dims> Offset;
  const SpecConstantTable *Spec = nullptr;

  void operator()() const {
    sycl::id<Dims> Id;
    if (rangeWorkItem<Dims, Padded>(UserRange, Id))
      LANES_INLINE_KERNEL_CALL callOffsetRangeKernel(Kernel, Spec, Id,
                                                     UserRange, Offset);
  }
};

/// Calls an nd-range kernel with its nd_item.
template <typename KernelT, int Dims> struct NdRangeInvoker {
  static constexpr bool Unwindable = UnwindableNdRangeKernel<KernelT, Dims>;
  KernelT Kernel;
  const SpecConstantTable *Spec = nullptr;
  void operator()() const {
    sycl::nd_item<Dims> It = ItemBuilder::ndItem<Dims>();
    callKernel(Kernel, Spec, It);
  }
};

/// Calls a single_task kernel.
template <typename KernelT> struct SingleTaskInvoker {
  /// A group of one work-item never waits.
  static constexpr bool Unwindable = true;
  KernelT Kernel;
  const SpecConstantTable *Spec = nullptr;
  void operator()() const { callKernel(Kernel, Spec); }
};

/// Static checks with messages a user can act on.
template <typename KernelT, int Dims> constexpr void checkRangeKernel() {
  checkKernelProperties<KernelT, Dims>();
  static_assert(std::is_copy_constructible_v<KernelT>,
                "SYCL kernel objects must be copyable");
  // std::disjunction stops at the first match, so a generic lambda is only
  // instantiated with the argument it will receive.
  static_assert(
      std::disjunction_v<Takes<KernelT, sycl::item<Dims, true>>,
                         Takes<KernelT, sycl::item<Dims, false>>,
                         Takes<KernelT, sycl::id<Dims>>>,
      "a parallel_for(range<N>) kernel must be callable (as const) with "
      "sycl::item<N> or sycl::id<N>, then optionally sycl::kernel_handler");
}
template <typename KernelT, int Dims> constexpr void checkOffsetRangeKernel() {
  checkKernelProperties<KernelT, Dims>();
  static_assert(std::is_copy_constructible_v<KernelT>,
                "SYCL kernel objects must be copyable");
  static_assert(
      std::disjunction_v<Takes<KernelT, sycl::item<Dims, true>>,
                         Takes<KernelT, sycl::id<Dims>>>,
      "a parallel_for(range<N>, id<N> offset) kernel must be callable (as "
      "const) with sycl::item<N> or sycl::id<N> (sycl::item<N, false> "
      "has no offset), then optionally sycl::kernel_handler");
}
template <typename KernelT, int Dims> constexpr void checkNdRangeKernel() {
  checkKernelProperties<KernelT, Dims>();
  static_assert(std::is_copy_constructible_v<KernelT>,
                "SYCL kernel objects must be copyable");
  static_assert(Takes<KernelT, sycl::nd_item<Dims>>::value,
                "a parallel_for(nd_range<N>) kernel must be callable (as "
                "const) with sycl::nd_item<N>, then optionally "
                "sycl::kernel_handler");
}
template <typename KernelT> constexpr void checkSingleTaskKernel() {
  checkKernelProperties<KernelT, 0>();
  static_assert(std::is_copy_constructible_v<KernelT>,
                "SYCL kernel objects must be copyable");
  static_assert(Takes<KernelT>::value,
                "a single_task kernel must be callable (as const) with no "
                "arguments or with sycl::kernel_handler");
}

/// The type that stands for a kernel: the user's kernel name type if one
/// was given, else the kernel object's type.
template <typename NameT, typename KernelT>
using KernelKey =
    std::conditional_t<std::is_same_v<NameT, AutoName>, KernelT, NameT>;

/// The kernel object the user wrote, in \p KernelT.
template <typename KernelT> struct UserKernelOf { using type = KernelT; };
template <typename KernelT, typename PropertiesT>
struct UserKernelOf<WithProperties<KernelT, PropertiesT>> {
  using type = KernelT;
};

/// The mangled name of the kernel's KernelKey, which the runtime reports:
/// for a kernel without a name, the user's kernel object, not the
/// WithProperties around it. Name types may be incomplete
/// (`parallel_for<class Foo>`), so the name is taken from a pointer to the
/// type, minus the Itanium pointer prefix "P".
template <typename NameT, typename KernelT> const char *kernelName() {
  const char *Name =
      typeid(KernelKey<NameT, typename UserKernelOf<KernelT>::type> *).name();
  return Name[0] == 'P' ? Name + 1 : Name;
}

/// A local size, dimension 0 first.
using LocalSize = std::array<size_t, 3>;

/// A local size a kernel requires: Size (dimension 0 first, 1 past the
/// sizes given) for launches of Dims dimensions; Dims 0 when it requires
/// none.
struct RequiredSize {
  LocalSize Size;
  int Dims;
};

/// The kernel object \p Invoker calls.
template <typename Invoker> using InvokedKernel = decltype(Invoker::Kernel);

/// The local size `[[sycl::reqd_work_group_size]]` on the call operator of
/// the kernel \p Invoker runs asks for, which the compiler answers as
/// constants; none in library-only mode, where no compiler sees the
/// attribute.
/// (The compiler folds each query before anything is inlined or promoted
/// to a register, so each spells its entry and dimension as constants.)
template <typename Invoker> RequiredSize attributeLocalSize() {
  return {{__lanes_required_local_size(&kernelEntry<Invoker>, 0),
           __lanes_required_local_size(&kernelEntry<Invoker>, 1),
           __lanes_required_local_size(&kernelEntry<Invoker>, 2)},
          int(__lanes_required_local_size(&kernelEntry<Invoker>, 3))};
}

/// The local size the kernel \p Invoker runs must be launched with: what
/// its work_group_size property asks, else what attributeLocalSize() says.
template <typename Invoker> RequiredSize requiredLocalSize() {
  using KernelT = InvokedKernel<Invoker>;
  if constexpr (HasKernelProperty<KernelT, syclex::work_group_size_key>) {
    constexpr auto Sizes =
        KernelProperty<KernelT, syclex::work_group_size_key>::value;
    RequiredSize Required{{1, 1, 1}, int(Sizes.size())};
    for (int D = 0; D < Required.Dims; ++D)
      Required.Size[D] = Sizes[Required.Dims - 1 - D];
    return Required;
  } else {
    return attributeLocalSize<Invoker>();
  }
}

/// The sub-group size the kernel \p Invoker runs requires: N when its
/// sub_group_size property is N, or when
/// `[[sycl::reqd_sub_group_size(N)]]` is on its call operator, which the
/// compiler answers as a constant; 0 without either, and in library-only
/// mode without the property, where no compiler sees the attribute. (The
/// query spells its entry as a constant, as requiredLocalSize() does.)
template <typename Invoker> uint32_t requiredSubGroupSize() {
  using KernelT = InvokedKernel<Invoker>;
  if constexpr (HasKernelProperty<KernelT, syclex::sub_group_size_key>)
    return KernelProperty<KernelT, syclex::sub_group_size_key>::value;
  else
    return __lanes_required_sub_group_size(&kernelEntry<Invoker>);
}

/// The bytes of loop state the kernel \p Invoker runs keeps per
/// work-item, which the compiler answers once it has lowered the kernel;
/// 0 in library-only mode.
template <typename Invoker> size_t privateMemSize() {
  return __lanes_private_mem_size(&kernelEntry<Invoker>);
}

/// Whether the launch work-items of \p Invoker are the kernel's
/// work-items, so that the launch's local size is the kernel's work-group
/// size (a hierarchical kernel's launch work-items are its groups).
template <typename Invoker> inline constexpr bool LaunchesWorkItems = true;

/// "{a,b}": the first \p Dims sizes of \p Size in SYCL order.
inline std::string formatLocalSize(const LocalSize &Size, int Dims) {
  std::string Text = "{";
  for (int I = Dims - 1; I >= 0; --I)
    Text += std::to_string(Size[I]) + (I ? "," : "}");
  return Text;
}

/// Throws errc::nd_range for a launch of local size \p Local (by value, so
/// that the launch's sizes do not escape) and \p Dims dimensions of a
/// kernel that requires \p Required, as \p Source says.
[[noreturn, gnu::noinline, gnu::cold]] inline void
throwRequiredLocalSize(const char *KernelName, RequiredSize Required,
                       const char *Source, LocalSize Local, int Dims) {
  throw sycl::exception(sycl::make_error_code(sycl::errc::nd_range),
                        std::string("kernel '") + rt::demangle(KernelName) +
                            "' requires work-group size " +
                            formatLocalSize(Required.Size, Required.Dims) +
                            " (" + Source + ") but is launched with " +
                            formatLocalSize(Local, Dims) + " (errc::nd_range)");
}

/// Throws errc::invalid when the kernel \p Invoker runs has both a
/// work_group_size property and a `[[sycl::reqd_work_group_size]]` of
/// another size.
template <typename Invoker> void checkAttributeAgrees(const char *KernelName) {
  if constexpr (HasKernelProperty<InvokedKernel<Invoker>,
                                  syclex::work_group_size_key>) {
    RequiredSize Attribute = attributeLocalSize<Invoker>();
    RequiredSize Property = requiredLocalSize<Invoker>();
    if (Attribute.Dims != 0 &&
        (Attribute.Dims != Property.Dims || Attribute.Size != Property.Size))
      throw sycl::exception(
          sycl::make_error_code(sycl::errc::invalid),
          std::string("kernel '") + rt::demangle(KernelName) +
              "': its work_group_size property " +
              formatLocalSize(Property.Size, Property.Dims) +
              " and its [[sycl::reqd_work_group_size]] " +
              formatLocalSize(Attribute.Size, Attribute.Dims) + " differ");
  }
}

/// Throws errc::nd_range when the kernel \p Invoker runs requires another
/// local size than \p Local, dimension 0 first, or another number of
/// dimensions than \p Dims. Compares element by element, and makes the
/// sizes for the message anew, so that the compiler sees \p Local equal
/// the required constants after it.
template <typename Invoker>
void checkRequiredLocalSize(const char *KernelName, const size_t *Local,
                            int Dims) {
  RequiredSize Required = requiredLocalSize<Invoker>();
  if (Required.Dims == 0)
    return;
  bool Fits = Dims == Required.Dims;
  for (int D = 0; D < 3; ++D)
    Fits &= Local[D] == Required.Size[D];
  if (!Fits)
    throwRequiredLocalSize(
        KernelName, requiredLocalSize<Invoker>(),
        HasKernelProperty<InvokedKernel<Invoker>, syclex::work_group_size_key>
            ? "its work_group_size property"
            : "[[sycl::reqd_work_group_size]]",
        {Local[0], Local[1], Local[2]}, Dims);
}

/// Throws errc::kernel_not_supported for a kernel whose device_has
/// property lists \p Aspect, which the device lacks.
[[noreturn, gnu::noinline, gnu::cold]] inline void
throwMissingAspect(const char *KernelName, sycl::aspect Aspect) {
  throw sycl::exception(
      sycl::make_error_code(sycl::errc::kernel_not_supported),
      std::string("kernel '") + rt::demangle(KernelName) +
          "' requires aspect::" + aspectName(Aspect) +
          " (its device_has property), which the device lacks");
}

/// Sets the name, the entry points and the kernel object of a launch of
/// \p Inv, whose sizes \p Desc already holds: the compiler may specialize
/// the work-group function for a local size it can see to be constant
/// here, and for the fields of \p Inv it sees stored as constants right
/// before the query (an accessor's range), which therefore comes first.
/// \p Inv must not change before the launch. Throws errc::nd_range when
/// the kernel requires another local size; otherwise that size is the
/// constant the work-group function is specialized for.
template <typename NameT, typename KernelT, typename Invoker>
void describeKernel(rt::LaunchDesc &Desc, const Invoker &Inv) {
  Desc.KernelName = kernelName<NameT, KernelT>();
  constexpr const sycl::aspect *Missing = missingAspect<KernelT>();
  if constexpr (Missing != nullptr)
    throwMissingAspect(Desc.KernelName, *Missing);
  checkAttributeAgrees<Invoker>(Desc.KernelName);
  if constexpr (LaunchesWorkItems<Invoker>) {
    checkRequiredLocalSize<Invoker>(Desc.KernelName, Desc.Local, Desc.Dims);
    RequiredSize Required = requiredLocalSize<Invoker>();
    if (Required.Dims != 0)
      std::copy(Required.Size.begin(), Required.Size.end(), Desc.Local);
  }
  Desc.WorkGroupFn = __lanes_work_group_function(
      &kernelEntry<Invoker>, Desc.Local[0], Desc.Local[1], Desc.Local[2], &Inv);
  Desc.Entry = &kernelEntry<Invoker>;
  Desc.KernelObject = &Inv;
  Desc.Unwindable = LANES_WAITS_MAY_THROW && Invoker::Unwindable;
}

/// Throws the error for an nd_range with an offset. Out of line, so that
/// setNdRangeSizes inlines and the compiler sees constant local sizes.
[[noreturn, gnu::noinline, gnu::cold]] inline void
throwNdRangeOffset(const char *KernelName) {
  throw sycl::exception(
      sycl::make_error_code(sycl::errc::feature_not_supported),
      std::string("kernel '") + rt::demangle(KernelName) +
          "': nd_range offsets are not supported by Lanes");
}

/// Fills the sizes of an nd-range launch (SYCL dimension Dims-1 becomes
/// runtime dimension 0).
template <int Dims>
void setNdRangeSizes(rt::LaunchDesc &Desc, const sycl::nd_range<Dims> &R) {
  if (R.get_offset() != sycl::id<Dims>())
    throwNdRangeOffset(Desc.KernelName);
  Desc.Dims = Dims;
  for (int I = 0; I < Dims; ++I) {
    Desc.Global[Dims - 1 - I] = R.get_global_range()[I];
    Desc.Local[Dims - 1 - I] = R.get_local_range()[I];
  }
}

/// The largest work-group a range launch gets.
inline constexpr size_t MaxRangeGroupSize = 256;

/// Work-items per group in the fastest dimension of a range launch: the
/// whole extent up to \p Largest (256 unless local memory calls for fewer),
/// else a divisor in [32, Largest] (powers of two first), else 128 with
/// padding, never more than Largest. The device allows at least 4096
/// (rt::DeviceInfo), so no device query: a constant extent gives the
/// compiler a constant local size.
inline size_t rangeGroupSize(size_t Extent,
                             size_t Largest = MaxRangeGroupSize) {
  if (Extent <= Largest)
    return std::max<size_t>(1, Extent);
  for (size_t Size : {256, 128, 64})
    if (Size <= Largest && Extent % Size == 0)
      return Size;
  for (size_t Size = Largest; Size >= std::min<size_t>(32, Largest); --Size)
    if (Extent % Size == 0)
      return Size;
  return std::min<size_t>(128, Largest);
}

/// How a range maps onto a launch.
enum class RangeShape { Empty, Exact, Padded };

/// Throws the error for a range whose extent \p Extent in SYCL dimension
/// \p Dim cannot be rounded up to whole groups of \p Local work-items.
[[noreturn, gnu::noinline, gnu::cold]] inline void
throwRangeRoundsPast(size_t Extent, int Dim, size_t Local) {
  throw sycl::exception(
      sycl::make_error_code(sycl::errc::nd_range),
      "range of " + std::to_string(Extent) + " work-items in dimension " +
          std::to_string(Dim) + ", rounded up to whole work-groups of " +
          std::to_string(Local) + ", has 2^64 work-items or more");
}

/// Fills the sizes of a range launch: groups along the fastest dimension
/// of at most \p Largest work-items, or of the size \p Required when it is
/// one of \p Dims dimensions (another one is left for describeKernel to
/// report); the global size is rounded up to whole groups.
template <int Dims>
RangeShape setRangeSizes(rt::LaunchDesc &Desc, const sycl::range<Dims> &R,
                         size_t Largest = MaxRangeGroupSize,
                         const RequiredSize &Required = {}) {
  for (int I = 0; I < Dims; ++I)
    if (R[I] == 0)
      return RangeShape::Empty;
  Desc.Dims = Dims;
  for (int I = 0; I < Dims; ++I)
    Desc.Global[Dims - 1 - I] = R[I];
  if (Required.Dims == Dims)
    std::copy(Required.Size.begin(), Required.Size.end(), Desc.Local);
  else
    Desc.Local[0] = rangeGroupSize(Desc.Global[0], Largest);
  bool Exact = true;
  for (int D = 0; D < Dims; ++D) {
    size_t Extent = Desc.Global[D], Local = Desc.Local[D];
    size_t Groups = Extent / Local + (Extent % Local != 0);
    if (__builtin_mul_overflow(Groups, Local, &Desc.Global[D]))
      throwRangeRoundsPast(Extent, Dims - 1 - D, Local);
    Exact &= Desc.Global[D] == Extent;
  }
  return Exact ? RangeShape::Exact : RangeShape::Padded;
}

} // namespace lanes::detail

#endif // LANES_DETAIL_KERNEL_HPP
