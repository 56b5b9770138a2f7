//===- sycl/reduction.hpp - Reduction variables and reducers --------------===//
//
/// \file
/// SYCL 2020 4.9.2: `sycl::reduction` over USM pointers, one-element
/// buffers and spans, and the reducers that `parallel_for(range | nd_range,
/// reduction..., kernel)` passes to its kernel.
///
/// A reducer is a private accumulator of its work-item, starting at the
/// identity; combine() applies the operation to it and nothing else, so
/// the kernel's loop stays a plain per-item computation. When the kernel
/// returns, the invoker (ReductionInvoker) combines the accumulators of the
/// work-group and one work-item writes the group's value into a partials
/// array (one element per work-group, allocated by the handler). After the
/// launch the host folds the partials in group order, so a floating-point
/// result is the same from run to run, and combines the total with the
/// variable's prior value unless the reduction has
/// property::reduction::initialize_to_identity.
///
/// The group step takes one of two paths:
///  - SYCL function objects (and their std:: counterparts) on scalars that
///    the group collectives carry (lanes/detail/group_collective.hpp) use
///    sycl::reduce_over_group. The compiler lowers that collective to an
///    accumulator carried through its work-item loop, so a sum reduction
///    is a vectorized loop with no local memory and no barrier.
///  - Any other operation or type (user callables, classes) stores each
///    accumulator into work-group local memory, meets at a barrier, and the
///    group's first work-item folds them in local-id order.
///
/// Range kernels run as nd-ranges (lanes/detail/kernel.hpp). When the
/// range was rounded up, the padding work-items skip the kernel but still
/// reach the group step with the identity, since a collective or a barrier
/// must be reached by every work-item of the group.
///
/// A reduction without an identity (a user callable, or a function object
/// with no known identity on the type, passed none) accumulates a
/// MaybeValue<T> instead of a T: a value and whether there is one. The
/// folds skip the empty ones, and everything above then runs on
/// MaybeValue<T> as it does on T (the local-memory path, since the
/// collectives carry scalars only), so a work-item or work-group that
/// combined nothing leaves the variable as it was.
///
/// A span reduction reduces each of its Count elements independently. Its
/// work-items' accumulators live in local memory, Count rows of one value
/// per work-item (a kernel's `h[key] += 1` is then a store that no other
/// work-item touches, and Count need not be known at compile time). After
/// a barrier, work-item L of the group folds rows L, L + size, ... in
/// local-id order, like the scalar local-memory path, into Count rows of
/// one partial per work-group, which the host folds row by row exactly as
/// it folds a scalar reduction's. A launch whose rows do not fit the
/// device's local memory, or whose partials would exceed
/// MaxSpanPartialBytes, throws errc::invalid before anything runs.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_REDUCTION_HPP
#define LANES_SYCL_REDUCTION_HPP

#include "lanes/builtins.h"
#include "lanes/detail/group_collective.hpp"
#include "lanes/detail/kernel.hpp"
#include "sycl/accessor.hpp"
#include "sycl/buffer.hpp"
#include "sycl/exception.hpp"
#include "sycl/functional.hpp"
#include "sycl/group.hpp"
#include "sycl/group_algorithm.hpp"
#include "sycl/handler.hpp"
#include "sycl/nd_range.hpp"
#include "sycl/property_list.hpp"
#include "sycl/span.hpp"

#include <algorithm>
#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>

namespace sycl {
inline namespace _V1 {
template <typename T, typename BinaryOperation, int Dimensions = 0,
          typename Storage = T>
class reducer;
} // namespace _V1
} // namespace sycl

namespace lanes::detail {

//===----------------------------------------------------------------------===//
// Operations
//===----------------------------------------------------------------------===//

/// Keeps a parameter out of template argument deduction.
template <typename T> struct NonDeducedOf { using type = T; };
template <typename T> using NonDeduced = typename NonDeducedOf<T>::type;

/// True when Op is Sycl<T>, Sycl<void>, Std<T> or Std<void>: a SYCL
/// function object or its standard library twin.
template <typename Op, template <typename> class Sycl,
          template <typename> class Std, typename T>
inline constexpr bool IsOperation =
    IsFunctionObjectFor<Op, Sycl, T> || std::is_same_v<Op, Std<T>> ||
    std::is_same_v<Op, Std<void>>;

template <typename Op, typename T>
inline constexpr bool IsPlus = IsOperation<Op, sycl::plus, std::plus, T>;
template <typename Op, typename T>
inline constexpr bool IsMultiplies =
    IsOperation<Op, sycl::multiplies, std::multiplies, T>;
template <typename Op, typename T>
inline constexpr bool IsBitAnd =
    IsOperation<Op, sycl::bit_and, std::bit_and, T>;
template <typename Op, typename T>
inline constexpr bool IsBitOr = IsOperation<Op, sycl::bit_or, std::bit_or, T>;
template <typename Op, typename T>
inline constexpr bool IsBitXor =
    IsOperation<Op, sycl::bit_xor, std::bit_xor, T>;

/// Stands for "no operation the group collectives know".
struct NoGroupOperation {};

/// The SYCL function object the group collectives know for Op on T: Op
/// itself, sycl::X<T> for std::X, NoGroupOperation when there is none.
template <typename Op, typename T> constexpr auto groupOperation() {
  if constexpr (builtinOp<Op, T>() >= 0)
    return Op();
  else if constexpr (IsPlus<Op, T>)
    return sycl::plus<T>();
  else if constexpr (IsMultiplies<Op, T>)
    return sycl::multiplies<T>();
  else if constexpr (IsBitAnd<Op, T>)
    return sycl::bit_and<T>();
  else if constexpr (IsBitOr<Op, T>)
    return sycl::bit_or<T>();
  else if constexpr (IsBitXor<Op, T>)
    return sycl::bit_xor<T>();
  else if constexpr (IsOperation<Op, sycl::logical_and, std::logical_and, T>)
    return sycl::logical_and<T>();
  else if constexpr (IsOperation<Op, sycl::logical_or, std::logical_or, T>)
    return sycl::logical_or<T>();
  else
    return NoGroupOperation();
}
template <typename Op, typename T>
using GroupOperation = decltype(groupOperation<Op, T>());

/// Whether Op on T reduces over a group through the collective builtins.
template <typename Op, typename T>
inline constexpr bool HasGroupCollective =
    IsCollectiveScalar<T> &&
    !std::is_same_v<GroupOperation<Op, T>, NoGroupOperation>;

//===----------------------------------------------------------------------===//
// Kernel side
//===----------------------------------------------------------------------===//

/// Whether the calling work-item is its group's first. Tested dimension by
/// dimension, each a comparison of one work-item loop's counter, which the
/// compiler can narrow the loop to (rather than of the linear id).
template <int Dims> bool isLeader() {
  bool First = true;
  for (int D = 0; D < Dims; ++D)
    First = First && localId<Dims>(D) == 0;
  return First;
}

/// The local memory \p Offset bytes into the work-group's block, as T.
template <typename T> T *localScratch(size_t Offset) {
  return reinterpret_cast<T *>(static_cast<char *>(__lanes_local_memory()) +
                               Offset);
}

/// What a reduction without an identity accumulates: Value is meaningful
/// only when Has is set, that is once something was combined.
template <typename T> struct MaybeValue {
  T Value;
  bool Has;
};

/// The type of the values a reduction accumulates (T or MaybeValue<T>),
/// and the type of its variable.
template <typename E> struct AccumulatedOf { using Type = E; };
template <typename T> struct AccumulatedOf<MaybeValue<T>> { using Type = T; };
template <typename E> using VariableType = typename AccumulatedOf<E>::Type;
template <typename E>
inline constexpr bool IsMaybeValue =
    !std::is_same_v<VariableType<std::remove_reference_t<E>>,
                    std::remove_reference_t<E>>;

/// The value of an accumulated value (T() for an empty MaybeValue).
template <typename T> const T &valueOf(const T &V) { return V; }
template <typename T> const T &valueOf(const MaybeValue<T> &V) {
  return V.Value;
}

/// Combines \p X into the accumulated value \p Acc.
template <typename T, typename Op>
void combineValue(T &Acc, const T &X, const Op &Combiner) {
  Acc = T(Combiner(Acc, X));
}
template <typename T, typename Op>
void combineValue(MaybeValue<T> &Acc, const T &X, const Op &Combiner) {
  Acc.Value = Acc.Has ? T(Combiner(Acc.Value, X)) : X;
  Acc.Has = true;
}

/// \p Values[0] combined with each of the \p Count - 1 others in order.
template <typename T, typename Op>
T foldInOrder(const T *Values, size_t Count, const Op &Combiner) {
  T Total = Values[0];
  for (size_t I = 1; I < Count; ++I)
    Total = T(Combiner(Total, Values[I]));
  return Total;
}

/// The values among \p Values combined in order, skipping the empty ones.
template <typename T, typename Op>
MaybeValue<T> foldInOrder(const MaybeValue<T> *Values, size_t Count,
                          const Op &Combiner) {
  size_t First = 0;
  while (First < Count && !Values[First].Has)
    ++First;
  if (First == Count)
    return {T(), false};
  T Total = Values[First].Value;
  for (size_t I = First + 1; I < Count; ++I)
    if (Values[I].Has)
      Total = T(Combiner(Total, Values[I].Value));
  return {Total, true};
}

/// Whether Lanes knows an identity of Op on T: SYCL's known identities,
/// and those of the std:: twins of the SYCL function objects.
template <typename Op, typename T>
inline constexpr bool KnowsIdentity =
    sycl::has_known_identity_v<Op, T> ||
    sycl::has_known_identity_v<GroupOperation<Op, T>, T>;

/// That identity.
template <typename Op, typename T> constexpr T knownIdentity() {
  if constexpr (sycl::has_known_identity_v<Op, T>)
    return sycl::known_identity_v<Op, T>;
  else
    return sycl::known_identity_v<GroupOperation<Op, T>, T>;
}

template <typename E, typename Op, bool KnownIdentity> struct ReductionSlot;
template <typename E, typename Op, bool KnownIdentity> struct SpanReductionSlot;

/// Builds and reads reducers, whose constructors users cannot call.
struct ReducerAccess {
  template <typename E, typename Op, bool Known, int Dims>
  static typename ReductionSlot<E, Op, Known>::ReducerType
  make(const ReductionSlot<E, Op, Known> &Slot, const sycl::group<Dims> &) {
    return {Slot.initialValue(), valueOf(Slot.Identity), Slot.Combiner};
  }
  /// Points the work-item's reducer at its column of the span's rows and
  /// starts every element at the identity.
  template <typename E, typename Op, bool Known, int Dims>
  static typename SpanReductionSlot<E, Op, Known>::ReducerType
  make(const SpanReductionSlot<E, Op, Known> &Slot,
       const sycl::group<Dims> &G) {
    size_t Stride = G.get_local_linear_range();
    E *Column =
        localScratch<E>(Slot.Element.LocalOffset) + G.get_local_linear_id();
    E Initial = Slot.Element.initialValue();
    for (size_t K = 0; K < Slot.Count; ++K)
      Column[K * Stride] = Initial;
    return {Column, Stride, valueOf(Slot.Element.Identity),
            Slot.Element.Combiner};
  }
  template <typename T, typename Op, typename E>
  static const E &value(const sycl::reducer<T, Op, 0, E> &Reducer) {
    return Reducer.Value;
  }
};

/// What a reduction needs inside the kernel: the identity, the operation
/// and where the work-group's value goes. Small and trivially copyable
/// when Op is, like everything a kernel object holds. E: what it
/// accumulates (T, or MaybeValue<T> without an identity). KnownIdentity:
/// the identity is Op's known one, a constant the optimizer sees.
template <typename E, typename Op, bool KnownIdentity> struct ReductionSlot {
  using T = VariableType<E>;
  using ReducerType = sycl::reducer<T, Op, 0, E>;

  E *Partials; ///< one element per work-group
  E Identity;  ///< an empty MaybeValue without an identity
  Op Combiner;
  size_t LocalOffset; ///< local-memory path only: the group's scratch

  /// What a work-item's accumulator starts at. For floating-point sums
  /// that is -0.0, also an identity of IEEE addition, because x + -0.0
  /// folds to x and x + 0.0 does not (-0.0 + 0.0 is 0.0).
  E initialValue() const {
    if constexpr (IsMaybeValue<E>)
      return {T(), false}; // a constant: the first combine need not test
    else if constexpr (!KnownIdentity)
      return Identity;
    else if constexpr (IsPlus<Op, T> &&
                       (IsFloatingPoint<T> || IsBfloat16<T>))
      return -T(0);
    else
      return knownIdentity<Op, T>();
  }

  /// Combines the value of \p Reducer of every work-item of \p G; the
  /// group's first work-item stores the result in Partials. Every
  /// work-item of the group must call it.
  template <int Dims>
  void finish(sycl::group<Dims> G, const ReducerType &Reducer) const {
    const E &Value = ReducerAccess::value(Reducer);
    if constexpr (HasGroupCollective<Op, E>) {
      E Total = sycl::reduce_over_group(G, Value, GroupOperation<Op, E>());
      if (isLeader<Dims>())
        Partials[G.get_group_linear_id()] = Total;
    } else {
      E *Scratch = localScratch<E>(LocalOffset);
      Scratch[G.get_local_linear_id()] = Value;
      sycl::group_barrier(G);
      if (isLeader<Dims>())
        Partials[G.get_group_linear_id()] =
            foldInOrder(Scratch, G.get_local_linear_range(), Combiner);
    }
  }
};

/// A span reduction inside the kernel: Element's Partials and LocalOffset
/// hold Count rows (of one value per work-group and of one value per
/// work-item of the group).
template <typename E, typename Op, bool KnownIdentity>
struct SpanReductionSlot {
  using ReducerType = sycl::reducer<VariableType<E>, Op, 1, E>;

  ReductionSlot<E, Op, KnownIdentity> Element;
  size_t Count;

  /// Folds each row of the group's work-items' values into its partial.
  /// Every work-item of the group must call it.
  template <int Dims>
  void finish(sycl::group<Dims> G, const ReducerType &) const {
    sycl::group_barrier(G);
    const E *Rows = localScratch<E>(Element.LocalOffset);
    size_t Size = G.get_local_linear_range();
    size_t Groups = G.get_group_linear_range();
    for (size_t K = G.get_local_linear_id(); K < Count; K += Size)
      Element.Partials[K * Groups + G.get_group_linear_id()] =
          foldInOrder(Rows + K * Size, Size, Element.Combiner);
  }
};

/// Element I of an IndexedList.
template <size_t I, typename T> struct IndexedElement { T Element; };

/// A tuple that is an aggregate (trivially copyable when its elements are,
/// unlike std::tuple) and that builds elements in place, so it can hold
/// reducers, which cannot be copied or moved.
template <typename Indices, typename... Ts> struct IndexedListOf;
template <size_t... I, typename... Ts>
struct IndexedListOf<std::index_sequence<I...>, Ts...>
    : IndexedElement<I, Ts>... {};
template <typename... Ts>
using IndexedList = IndexedListOf<std::index_sequence_for<Ts...>, Ts...>;

template <size_t I, typename T> T &elementAt(IndexedElement<I, T> &List) {
  return List.Element;
}
template <size_t I, typename T>
const T &elementAt(const IndexedElement<I, T> &List) {
  return List.Element;
}

/// How a parallel_for with reductions was launched.
enum class ReductionShape { NdRange, Range, PaddedRange };

/// ReductionInvoker::Unwindable. A range kernel has returned before the
/// group combines the reducers; it is not asked about nd_item at all (a
/// generic one need not compile with it).
template <ReductionShape Shape, typename KernelT, int Dims,
          typename... ReducerT>
constexpr bool unwindableReduction() {
  if constexpr (Shape == ReductionShape::NdRange)
    return UnwindableNdRangeKernel<KernelT, Dims, ReducerT...>;
  else
    return true;
}

/// Runs one work-item of a parallel_for with reductions: builds a reducer
/// per slot, calls the kernel with them (not for a padding work-item), then
/// combines each reducer's value over the work-group.
template <typename KernelT, int Dims, ReductionShape Shape, typename... Slots>
struct ReductionInvoker {
  static constexpr bool Unwindable =
      unwindableReduction<Shape, KernelT, Dims,
                          typename Slots::ReducerType...>();
  KernelT Kernel;
  sycl::range<Dims> UserRange; ///< range kernels only
  IndexedList<Slots...> Reductions;
  const SpecConstantTable *Spec = nullptr;

  void operator()() const { run(std::index_sequence_for<Slots...>()); }

private:
  template <size_t... I> void run(std::index_sequence<I...>) const {
    sycl::group<Dims> G = ItemBuilder::group<Dims>();
    IndexedList<typename Slots::ReducerType...> Reducers{
        {ReducerAccess::make(elementAt<I>(Reductions), G)}...};
    callKernel(elementAt<I>(Reducers)...);
    (elementAt<I>(Reductions).finish(G, elementAt<I>(Reducers)), ...);
  }

  template <typename... ReducerT> void callKernel(ReducerT &...Rs) const {
    if constexpr (Shape == ReductionShape::NdRange) {
      sycl::nd_item<Dims> It = ItemBuilder::ndItem<Dims>();
      detail::callKernel(Kernel, Spec, It, Rs...);
    } else {
      sycl::id<Dims> Id = gather<sycl::id<Dims>, Dims>(
          [](int D) { return lanes::detail::globalId<Dims>(D); });
      if constexpr (Shape == ReductionShape::PaddedRange) {
        // No early return: the work-item still joins the group step.
        bool Inside = true;
        for (int I = 0; I < Dims; ++I)
          Inside = Inside && Id[I] < UserRange[I];
        if (!Inside)
          return;
      }
      LANES_INLINE_KERNEL_CALL callRangeKernel(Kernel, Spec, Id, UserRange,
                                               Rs...);
    }
  }
};

//===----------------------------------------------------------------------===//
// Host side
//===----------------------------------------------------------------------===//

/// Number of work-groups of \p Desc (the runtime rejects sizes that are not
/// whole groups before any runs, so rounding up only sizes the partials).
inline size_t groupCount(const rt::LaunchDesc &Desc) {
  size_t Groups = 1;
  for (int I = 0; I < Desc.Dims; ++I)
    Groups *= Desc.Local[I]
                  ? (Desc.Global[I] + Desc.Local[I] - 1) / Desc.Local[I]
                  : 0;
  return Groups;
}

/// Work-items per group of \p Desc.
inline size_t groupSize(const rt::LaunchDesc &Desc) {
  size_t Size = 1;
  for (int I = 0; I < Desc.Dims; ++I)
    Size *= Desc.Local[I];
  return Size;
}

template <typename ReductionT> struct ReductionResult;

/// What sycl::reduction returns for a USM variable. E: what it accumulates
/// (T, or MaybeValue<T> without an identity); KnownIdentity: the identity
/// is Op's known one.
template <typename E, typename Op, bool KnownIdentity> struct Reduction {
  using Accumulated = E;
  using T = VariableType<E>;
  using Slot = ReductionSlot<E, Op, KnownIdentity>;
  using Result = ReductionResult<Reduction>;

  T *Variable;
  E Identity; ///< an empty MaybeValue without an identity
  Op Combiner;
  bool InitializeToIdentity;

  /// Partials per work-group.
  size_t partialsPerGroup() const { return 1; }

  /// Bytes of local memory per work-item (none with a group collective).
  size_t localBytesPerItem() const {
    return HasGroupCollective<Op, E> ? 0 : sizeof(E);
  }

  /// Nothing to check: a launch that runs has room for one value per
  /// work-item and one per work-group.
  void checkLaunch(const rt::LaunchDesc &) const {}

  /// Folds \p Count partials in order and stores the result, combined with
  /// the prior value, or with the identity if InitializeToIdentity (which
  /// turns a -0.0 sum into the 0.0 the specification's identity gives).
  void store(const E *Partials, size_t Count) const {
    E Total = Count ? foldInOrder(Partials, Count, Combiner) : Identity;
    if constexpr (IsMaybeValue<E>) {
      if (Total.Has)
        *Variable = T(Combiner(*Variable, Total.Value));
    } else {
      *Variable =
          T(Combiner(InitializeToIdentity ? Identity : *Variable, Total));
    }
  }
};

/// The most bytes of per-work-group partials a span reduction may need.
inline constexpr size_t MaxSpanPartialBytes = size_t(1) << 30;

/// What sycl::reduction returns for a span: Count reductions, of Variable,
/// Variable + 1, ..., with the same identity, operation and properties.
template <typename E, typename Op, bool KnownIdentity> struct SpanReduction {
  using Accumulated = E;
  using Slot = SpanReductionSlot<E, Op, KnownIdentity>;
  using Result = ReductionResult<SpanReduction>;

  Reduction<E, Op, KnownIdentity> Element; ///< of the span's first element
  size_t Count;

  /// Partials per work-group, one row each.
  size_t partialsPerGroup() const { return Count; }

  /// Bytes of local memory per work-item: its value of every element.
  size_t localBytesPerItem() const { return Count * sizeof(E); }

  /// Throws errc::invalid, naming the kernel, when the launch \p Desc
  /// needs more local memory than the device has for the work-items' rows
  /// or more than MaxSpanPartialBytes for the work-groups' rows.
  void checkLaunch(const rt::LaunchDesc &Desc) const {
    size_t Items = groupSize(Desc), Groups = groupCount(Desc);
    size_t LocalBytes = rt::deviceInfo().LocalMemSize;
    std::string What = std::string("kernel '") + rt::demangle(Desc.KernelName) +
                       "': a span reduction of " + std::to_string(Count) +
                       " elements of " + std::to_string(sizeof(E)) + " bytes";
    if (Count > LocalBytes / sizeof(E) / std::max<size_t>(Items, 1))
      throw sycl::exception(
          sycl::make_error_code(sycl::errc::invalid),
          What +
              " keeps one value per element and work-item in local "
              "memory, more than the device's " +
              std::to_string(LocalBytes) + " bytes for work-groups of " +
              std::to_string(Items) +
              " work-items; use smaller work-groups or fewer elements");
    if (Count > MaxSpanPartialBytes / sizeof(E) / std::max<size_t>(Groups, 1))
      throw sycl::exception(
          sycl::make_error_code(sycl::errc::invalid),
          What +
              " keeps one value per element and work-group, more than "
              "Lanes's limit of " +
              std::to_string(MaxSpanPartialBytes) + " bytes for " +
              std::to_string(Groups) +
              " work-groups; use larger work-groups or fewer elements");
  }

  /// Stores each element's result from its row of \p Groups partials.
  void store(const E *Partials, size_t Groups) const {
    Reduction<E, Op, KnownIdentity> Each = Element;
    for (size_t K = 0; K < Count; ++K, ++Each.Variable)
      Each.store(Partials + K * Groups, Groups);
  }
};

/// True for the span reductions.
template <typename Red> inline constexpr bool IsSpanReduction = false;
template <typename E, typename Op, bool KnownIdentity>
inline constexpr bool IsSpanReduction<SpanReduction<E, Op, KnownIdentity>> =
    true;

template <typename T> inline constexpr bool IsReduction = false;
template <typename E, typename Op, bool Known>
inline constexpr bool IsReduction<Reduction<E, Op, Known>> = true;
template <typename E, typename Op, bool Known>
inline constexpr bool IsReduction<SpanReduction<E, Op, Known>> = true;

/// What `sycl::reduction(variable, op)`, given no identity, returns: a
/// reduction with Op's known identity on T when there is one, else one of
/// MaybeValue<T>.
template <typename T, typename Op>
using ReductionOf =
    std::conditional_t<KnowsIdentity<Op, T>, Reduction<T, Op, true>,
                       Reduction<MaybeValue<T>, Op, false>>;

/// The span reduction of elements like Red's.
template <typename Red> struct SpanOfReduction;
template <typename E, typename Op, bool Known>
struct SpanOfReduction<Reduction<E, Op, Known>> {
  using Type = SpanReduction<E, Op, Known>;
};
template <typename Red> using SpanOf = typename SpanOfReduction<Red>::Type;

/// The partials of one reduction of one launch, and its result.
template <typename ReductionT> struct ReductionResult {
  using E = typename ReductionT::Accumulated;

  ReductionT Spec;
  std::unique_ptr<E[]> Partials;
  size_t Groups;

  ReductionResult(const ReductionT &Spec, size_t Groups)
      : Spec(Spec), Partials(new E[Groups * Spec.partialsPerGroup()]),
        Groups(Groups) {}

  void store() const { Spec.store(Partials.get(), Groups); }
};

/// Whether T is a sycl::id: an offset where reductions were expected.
template <typename T> inline constexpr bool IsOffset = false;
template <int Dims> inline constexpr bool IsOffset<sycl::id<Dims>> = true;

/// The static checks of `parallel_for(range, Args...)`: reductions, then
/// the kernel. An id first is an offset that handler's
/// `parallel_for(range<N>, id<N>, kernel)` did not take.
template <typename FirstT, typename... ArgTs>
constexpr bool checkReductionArguments() {
  constexpr size_t Count = sizeof...(ArgTs);
  if constexpr (IsOffset<FirstT>) {
    static_assert(Count != 1,
                  "the offset of parallel_for(range<N>, id<N> offset, "
                  "kernel) must be a sycl::id<N> of the range's N, after a "
                  "sycl::range<N> (an nd_range holds its own offset)");
    static_assert(Count == 1, "SYCL 2020 has no parallel_for with both an "
                              "offset and reductions");
    return false;
  } else {
    constexpr bool AllReductions = [] {
      bool Flags[] = {IsReduction<FirstT>, IsReduction<ArgTs>...};
      for (size_t I = 0; I < Count; ++I)
        if (!Flags[I])
          return false;
      return true;
    }();
    static_assert(AllReductions,
                  "Lanes does not implement parallel_for arguments other "
                  "than one ext::oneapi::experimental::properties list, then "
                  "sycl::reduction objects, between the range and the "
                  "kernel, except one sycl::id<N> offset after a range<N>; "
                  "the kernel comes last");
    return AllReductions;
  }
}

template <int Dims, typename KernelT, typename... Slots>
constexpr bool checkRangeReductionKernel() {
  checkKernelProperties<KernelT, Dims>();
  constexpr bool Callable = std::disjunction_v<
      Takes<KernelT, sycl::item<Dims, true>, typename Slots::ReducerType...>,
      Takes<KernelT, sycl::item<Dims, false>, typename Slots::ReducerType...>,
      Takes<KernelT, sycl::id<Dims>, typename Slots::ReducerType...>>;
  static_assert(Callable,
                "a parallel_for(range<N>) kernel with reductions must be "
                "callable (as const) with sycl::item<N> or sycl::id<N>, "
                "then one reducer (auto &) per reduction, in order, then "
                "optionally sycl::kernel_handler");
  return Callable;
}

template <int Dims, typename KernelT, typename... Slots>
constexpr bool checkNdRangeReductionKernel() {
  checkKernelProperties<KernelT, Dims>();
  constexpr bool Callable = Takes<KernelT, sycl::nd_item<Dims>,
                                  typename Slots::ReducerType...>::value;
  static_assert(Callable,
                "a parallel_for(nd_range<N>) kernel with reductions must be "
                "callable (as const) with sycl::nd_item<N>, then one reducer "
                "(auto &) per reduction, in order, then optionally "
                "sycl::kernel_handler");
  return Callable;
}

/// The handler side of `parallel_for(range | nd_range, reduction...,
/// kernel)`. A class template so that handler.hpp can name it before this
/// header defines it; KernelName is the user's kernel name type.
template <typename KernelName> struct ReductionLaunch {
  /// \p Args: the reductions, then the kernel.
  template <typename RangeT, typename... ArgTs>
  static void run(sycl::handler &CGH, const RangeT &Range,
                  const ArgTs &...Args) {
    if constexpr (checkReductionArguments<ArgTs...>()) {
      constexpr size_t Count = sizeof...(ArgTs) - 1;
      auto All = std::forward_as_tuple(Args...);
      dispatch(CGH, Range, std::get<Count>(All), All,
               std::make_index_sequence<Count>());
    }
  }

private:
  template <typename RangeT, typename KernelT, typename TupleT, size_t... I>
  static void dispatch(sycl::handler &CGH, const RangeT &Range,
                       const KernelT &Kernel, const TupleT &All,
                       std::index_sequence<I...>) {
    if constexpr (std::is_integral_v<RangeT>)
      launchRange(CGH, sycl::range<1>(Range), Kernel, std::get<I>(All)...);
    else
      launch(CGH, Range, Kernel, std::get<I>(All)...);
  }

  /// Anything but a range or an nd_range.
  template <typename RangeT, typename KernelT, typename... Reds>
  static void launch(sycl::handler &, const RangeT &, const KernelT &,
                     const Reds &...) {
    static_assert(AlwaysFalse<RangeT>,
                  "parallel_for with reductions takes a sycl::range<N>, a "
                  "sycl::nd_range<N> or a size");
  }
  template <int Dims, typename KernelT, typename... Reds>
  static void launch(sycl::handler &CGH, const sycl::range<Dims> &Range,
                     const KernelT &Kernel, const Reds &...Rs) {
    launchRange(CGH, Range, Kernel, Rs...);
  }
  template <int Dims, typename KernelT, typename... Reds>
  static void launch(sycl::handler &CGH, const sycl::nd_range<Dims> &Range,
                     const KernelT &Kernel, const Reds &...Rs) {
    if constexpr (checkNdRangeReductionKernel<Dims, KernelT,
                                              typename Reds::Slot...>()) {
      rt::LaunchDesc Desc;
      Desc.KernelName = kernelName<KernelName, KernelT>();
      setNdRangeSizes(Desc, Range);
      record<ReductionShape::NdRange>(CGH, Desc, Kernel,
                                      Range.get_global_range(), Rs...);
    }
  }

  /// The most work-items a range launch's group may have so that the
  /// values its reductions keep per work-item fit the local memory: 256,
  /// or fewer for large span reductions (a span's rows take one value per
  /// element and work-item). Without a span the answer is the constant
  /// 256, so that a constant range still gives a constant local size.
  template <typename... Reds>
  static size_t largestRangeGroup(const sycl::handler &CGH,
                                  const Reds &...Rs) {
    if constexpr (!(IsSpanReduction<Reds> || ...)) {
      return MaxRangeGroupSize;
    } else {
      size_t PerItem = (Rs.localBytesPerItem() + ...);
      // Each allocation is 64-byte aligned.
      size_t Used = CGH.LocalMemBytes + 64 * sizeof...(Reds);
      size_t Free = rt::deviceInfo().LocalMemSize;
      Free = Free > Used ? Free - Used : 0;
      return std::clamp<size_t>(Free / PerItem, 1, MaxRangeGroupSize);
    }
  }

  template <int Dims, typename KernelT, typename... Reds>
  static void launchRange(sycl::handler &CGH, const sycl::range<Dims> &Range,
                          const KernelT &Kernel, const Reds &...Rs) {
    if constexpr (checkRangeReductionKernel<Dims, KernelT,
                                            typename Reds::Slot...>()) {
      rt::LaunchDesc Desc;
      using Exact = ReductionInvoker<KernelT, Dims, ReductionShape::Range,
                                     typename Reds::Slot...>;
      switch (setRangeSizes(Desc, Range, largestRangeGroup(CGH, Rs...),
                            requiredLocalSize<Exact>())) {
      case RangeShape::Empty:
        CGH.setCommand(CommandKind::Kernel,
                       [Rs...] { (Rs.store(nullptr, 0), ...); });
        return;
      case RangeShape::Exact:
        record<ReductionShape::Range>(CGH, Desc, Kernel, Range, Rs...);
        return;
      case RangeShape::Padded:
        record<ReductionShape::PaddedRange>(CGH, Desc, Kernel, Range, Rs...);
        return;
      }
    }
  }

  /// Records the launch described by \p Desc and the host fold after it.
  template <ReductionShape Shape, int Dims, typename KernelT, typename... Reds>
  static void record(sycl::handler &CGH, rt::LaunchDesc Desc,
                     const KernelT &Kernel, const sycl::range<Dims> &Range,
                     const Reds &...Rs) {
    using Inv = ReductionInvoker<KernelT, Dims, Shape, typename Reds::Slot...>;
    Desc.KernelName = kernelName<KernelName, KernelT>(); // for the errors
    (Rs.checkLaunch(Desc), ...);
    size_t Groups = groupCount(Desc);
    auto Results = std::make_shared<std::tuple<typename Reds::Result...>>(
        typename Reds::Result(Rs, Groups)...);
    auto Invoker = std::make_shared<Inv>(Inv{
        Kernel, Range,
        makeSlots(CGH, Desc, *Results, std::index_sequence_for<Reds...>())});
    CGH.prepareKernel<KernelName, KernelT>(*Invoker);
    describeKernel<KernelName, KernelT>(Desc, *Invoker);
    checkKernelName<KernelName, KernelT>();
    CGH.keepSpecTarget(*Invoker);
    Desc.LocalMemBytes = CGH.LocalMemBytes;
    CGH.MangledKernelName = Desc.KernelName;
    CGH.setCommand(CommandKind::Kernel, [Desc, Invoker, Results] {
      rt::launch(Desc);
      std::apply([](const auto &...R) { (R.store(), ...); }, *Results);
    });
  }

  /// The kernel-side slots of \p Results; reserves the local memory of
  /// those that need it.
  template <typename... Reds, size_t... I>
  static auto makeSlots(sycl::handler &CGH, const rt::LaunchDesc &Desc,
                        const std::tuple<ReductionResult<Reds>...> &Results,
                        std::index_sequence<I...>) {
    return IndexedList<typename Reds::Slot...>{
        {slotOf(CGH, Desc, std::get<I>(Results))}...};
  }

  template <typename E, typename Op, bool Known>
  static ReductionSlot<E, Op, Known>
  slotOf(sycl::handler &CGH, const rt::LaunchDesc &Desc,
         const ReductionResult<Reduction<E, Op, Known>> &Result) {
    size_t Offset = 0;
    if constexpr (!HasGroupCollective<Op, E>)
      Offset = CGH.allocateLocal(groupSize(Desc) * sizeof(E));
    return {Result.Partials.get(), Result.Spec.Identity, Result.Spec.Combiner,
            Offset};
  }

  /// A span's slot, with local memory for its rows of work-item values.
  template <typename E, typename Op, bool Known>
  static SpanReductionSlot<E, Op, Known>
  slotOf(sycl::handler &CGH, const rt::LaunchDesc &Desc,
         const ReductionResult<SpanReduction<E, Op, Known>> &Result) {
    const Reduction<E, Op, Known> &Element = Result.Spec.Element;
    size_t Count = Result.Spec.Count;
    size_t Offset = CGH.allocateLocal(Count * groupSize(Desc) * sizeof(E));
    return {{Result.Partials.get(), Element.Identity, Element.Combiner, Offset},
            Count};
  }
};

/// The checks of a reduction variable of type T with operation Op.
template <typename T, typename Op> constexpr void checkReductionType() {
  static_assert(!std::is_const_v<T>,
                "a sycl::reduction variable must not be const");
  static_assert(std::is_trivially_copyable_v<T> &&
                    std::is_default_constructible_v<T>,
                "Lanes implements reductions of trivially copyable, default "
                "constructible types only");
  static_assert(std::is_invocable_r_v<T, const Op &, const T &, const T &>,
                "the operation of a sycl::reduction must be callable (as "
                "const) with two values of the variable's type and return "
                "one");
}

/// Throws errc::invalid for a null reduction variable.
inline void checkReductionVariable(const void *Variable) {
  if (!Variable)
    throw sycl::exception(sycl::make_error_code(sycl::errc::invalid),
                          "sycl::reduction: the reduction variable is a "
                          "null pointer");
}

/// Throws errc::invalid for an empty span or one whose data is a null
/// pointer (a span of static extent 0 does not compile).
template <typename T, size_t Extent>
void checkSpanReductionVariables(sycl::span<T, Extent> Vars) {
  static_assert(Extent != 0, "a sycl::reduction of a sycl::span needs at "
                             "least one element");
  if (Vars.empty())
    throw sycl::exception(sycl::make_error_code(sycl::errc::invalid),
                          "sycl::reduction: the span of reduction variables "
                          "is empty");
  if (!Vars.data())
    throw sycl::exception(sycl::make_error_code(sycl::errc::invalid),
                          "sycl::reduction: the span of reduction variables "
                          "has a null data pointer");
}

/// The one element of \p Buf as the variable of a reduction in command
/// group \p CGH, which a read-write accessor binds the buffer to (so the
/// storage outlives the command). Throws errc::invalid unless \p Buf has
/// exactly one element.
template <typename T, int Dims, typename AllocatorT>
T *bufferReductionVariable(sycl::buffer<T, Dims, AllocatorT> &Buf,
                           sycl::handler &CGH) {
  static_assert(!std::is_const_v<T>,
                "sycl::reduction: the variable is a buffer of const T, which "
                "kernels cannot write");
  if (Buf.size() != 1)
    throw sycl::exception(sycl::make_error_code(sycl::errc::invalid),
                          "sycl::reduction: a reduction buffer must hold "
                          "exactly one element, this one holds " +
                              std::to_string(Buf.size()));
  sycl::accessor<T, Dims, sycl::access_mode::read_write> Element(Buf, CGH);
  return Element.template get_multi_ptr<sycl::access::decorated::no>().get();
}

} // namespace lanes::detail

namespace sycl {
inline namespace _V1 {

/// SYCL 2020 4.9.2.3: a work-item's view of one reduction variable, passed
/// to the kernel by reference. It accumulates privately; the launch
/// combines the work-items' values afterwards. Storage is what it
/// accumulates, T or, for a reduction without an identity,
/// lanes::detail::MaybeValue<T>: itself for a work-item's own value, a
/// reference for one element of a span reducer (what
/// reducer<T, BinaryOperation, 1, Storage>::operator[] returns).
template <typename T, typename BinaryOperation, int Dimensions,
          typename Storage>
class reducer {
  static_assert(Dimensions == 0, "a sycl::reducer has Dimensions 0, or 1 "
                                 "for a reduction of a sycl::span");
  template <typename Op>
  using EnableIfPlus = std::enable_if_t<lanes::detail::IsPlus<Op, T>, int>;
  template <typename Op>
  using EnableIfMultiplies =
      std::enable_if_t<lanes::detail::IsMultiplies<Op, T>, int>;
  template <typename Op>
  using EnableIfBitAnd = std::enable_if_t<lanes::detail::IsBitAnd<Op, T>, int>;
  template <typename Op>
  using EnableIfBitOr = std::enable_if_t<lanes::detail::IsBitOr<Op, T>, int>;
  template <typename Op>
  using EnableIfBitXor = std::enable_if_t<lanes::detail::IsBitXor<Op, T>, int>;
  template <typename Op>
  using EnableIfIncrement =
      std::enable_if_t<lanes::detail::IsPlus<Op, T> && std::is_integral_v<T> &&
                           !std::is_same_v<T, bool>,
                       int>;

public:
  using value_type = T;
  using binary_operation = BinaryOperation;
  static constexpr int dimensions = Dimensions;

  reducer(const reducer &) = delete;
  reducer(reducer &&) = delete;
  reducer &operator=(const reducer &) = delete;
  reducer &operator=(reducer &&) = delete;

  /// Combines \p Partial into this work-item's value.
  reducer &combine(const T &Partial) {
    lanes::detail::combineValue(Value, Partial, Combiner);
    return *this;
  }
  /// The identity of the operation (known or given to sycl::reduction).
  T identity() const {
    static_assert(!lanes::detail::IsMaybeValue<Storage>,
                  "identity() is available only for a reduction with an "
                  "identity: one its operation is known to have on the "
                  "type, or one passed to sycl::reduction");
    return Identity;
  }

  // Shorthands for the SYCL function objects (and their std:: twins).
  template <typename Op = BinaryOperation, EnableIfPlus<Op> = 0>
  reducer &operator+=(const T &Partial) {
    return combine(Partial);
  }
  template <typename Op = BinaryOperation, EnableIfMultiplies<Op> = 0>
  reducer &operator*=(const T &Partial) {
    return combine(Partial);
  }
  template <typename Op = BinaryOperation, EnableIfBitAnd<Op> = 0>
  reducer &operator&=(const T &Partial) {
    return combine(Partial);
  }
  template <typename Op = BinaryOperation, EnableIfBitOr<Op> = 0>
  reducer &operator|=(const T &Partial) {
    return combine(Partial);
  }
  template <typename Op = BinaryOperation, EnableIfBitXor<Op> = 0>
  reducer &operator^=(const T &Partial) {
    return combine(Partial);
  }
  /// Adds one (integer sums only).
  template <typename Op = BinaryOperation, EnableIfIncrement<Op> = 0>
  reducer &operator++() {
    return combine(T(1));
  }
  template <typename Op = BinaryOperation, EnableIfIncrement<Op> = 0>
  reducer &operator++(int) {
    return combine(T(1));
  }

private:
  friend struct lanes::detail::ReducerAccess;
  template <typename, typename, int, typename> friend class reducer;
  reducer(Storage Initial, const T &Identity, const BinaryOperation &Combiner)
      : Value(Initial), Identity(Identity), Combiner(Combiner) {}

  Storage Value;
  T Identity; ///< T() without an identity
  BinaryOperation Combiner;
};

/// SYCL 2020 4.9.2.3: a work-item's view of the elements of a span
/// reduction; `Reducer[K]` is a reducer (Dimensions 0) of element K, with
/// combine() and the operators of the scalar reducer.
template <typename T, typename BinaryOperation, typename Storage>
class reducer<T, BinaryOperation, 1, Storage> {
public:
  using value_type = T;
  using binary_operation = BinaryOperation;
  static constexpr int dimensions = 1;

  reducer(const reducer &) = delete;
  reducer(reducer &&) = delete;
  reducer &operator=(const reducer &) = delete;
  reducer &operator=(reducer &&) = delete;

  /// A reducer of element \p Index, which must lie inside the span.
  reducer<T, BinaryOperation, 0, Storage &> operator[](size_t Index) {
    return {Column[Index * Stride], Identity, Combiner};
  }
  /// The identity of the operation (known or given to sycl::reduction).
  T identity() const {
    static_assert(!lanes::detail::IsMaybeValue<Storage>,
                  "identity() is available only for a reduction with an "
                  "identity: one its operation is known to have on the "
                  "type, or one passed to sycl::reduction");
    return Identity;
  }

private:
  friend struct lanes::detail::ReducerAccess;
  reducer(Storage *Column, size_t Stride, const T &Identity,
          const BinaryOperation &Combiner)
      : Column(Column), Stride(Stride), Identity(Identity), Combiner(Combiner) {
  }

  Storage *Column; ///< element 0 of this work-item; element K at K * Stride
  size_t Stride;   ///< work-items in the group
  T Identity;      ///< T() without an identity
  BinaryOperation Combiner;
};

/// A reduction into `*Variable` with \p Combiner, any callable combining
/// two T. Uses the identity of a SYCL function object (or of its std::
/// twin) when it has one on T, and otherwise counts only the values the
/// work-items combine. Throws errc::invalid for a null \p Variable, and
/// for property::reduction::initialize_to_identity without a known
/// identity.
template <typename T, typename BinaryOperation>
lanes::detail::ReductionOf<T, BinaryOperation>
reduction(T *Variable, BinaryOperation Combiner,
          const property_list &Props = {}) {
  lanes::detail::checkReductionType<T, BinaryOperation>();
  lanes::detail::checkReductionVariable(Variable);
  bool Initialize =
      Props.has_property<property::reduction::initialize_to_identity>();
  if constexpr (lanes::detail::KnowsIdentity<BinaryOperation, T>) {
    return {Variable, lanes::detail::knownIdentity<BinaryOperation, T>(),
            Combiner, Initialize};
  } else {
    if (Initialize)
      throw exception(make_error_code(errc::invalid),
                      "sycl::reduction: property::reduction::"
                      "initialize_to_identity needs the identity, and this "
                      "operation has no known identity on this type: pass "
                      "one, sycl::reduction(variable, identity, op, "
                      "properties)");
    return {Variable, {T(), false}, Combiner, false};
  }
}

/// A reduction into `*Variable` with \p Combiner, any callable combining
/// two T, and its \p Identity. Throws errc::invalid for a null \p Variable.
template <typename T, typename BinaryOperation>
lanes::detail::Reduction<T, BinaryOperation, false>
reduction(T *Variable, const lanes::detail::NonDeduced<T> &Identity,
          BinaryOperation Combiner, const property_list &Props = {}) {
  lanes::detail::checkReductionType<T, BinaryOperation>();
  lanes::detail::checkReductionVariable(Variable);
  return {Variable, Identity, Combiner,
          Props.has_property<property::reduction::initialize_to_identity>()};
}

/// A reduction into the one element of buffer \p Variable in command group
/// \p CGH, with any callable \p Combiner (its identity as above). Throws
/// errc::invalid unless the buffer has exactly one element.
template <typename T, int Dims, typename AllocatorT, typename BinaryOperation>
lanes::detail::ReductionOf<T, BinaryOperation>
reduction(buffer<T, Dims, AllocatorT> Variable, handler &CGH,
          BinaryOperation Combiner, const property_list &Props = {}) {
  return reduction(lanes::detail::bufferReductionVariable(Variable, CGH),
                   Combiner, Props);
}

/// A reduction into the one element of buffer \p Variable in command group
/// \p CGH, with any callable \p Combiner and its \p Identity.
template <typename T, int Dims, typename AllocatorT, typename BinaryOperation>
lanes::detail::Reduction<T, BinaryOperation, false>
reduction(buffer<T, Dims, AllocatorT> Variable, handler &CGH,
          const lanes::detail::NonDeduced<T> &Identity,
          BinaryOperation Combiner, const property_list &Props = {}) {
  return reduction(lanes::detail::bufferReductionVariable(Variable, CGH),
                   Identity, Combiner, Props);
}

/// A reduction of each element of \p Vars with \p Combiner, any callable
/// (its identity as above): the kernel's reducer is a
/// reducer<T, BinaryOperation, 1>. Throws errc::invalid for an empty span
/// or one whose data is a null pointer.
template <typename T, size_t Extent, typename BinaryOperation>
lanes::detail::SpanOf<lanes::detail::ReductionOf<T, BinaryOperation>>
reduction(span<T, Extent> Vars, BinaryOperation Combiner,
          const property_list &Props = {}) {
  lanes::detail::checkSpanReductionVariables(Vars);
  return {reduction(Vars.data(), Combiner, Props), Vars.size()};
}

/// A reduction of each element of \p Vars with \p Combiner, any callable
/// combining two T, and its \p Identity. Throws errc::invalid for an
/// empty span or one whose data is a null pointer.
template <typename T, size_t Extent, typename BinaryOperation>
lanes::detail::SpanReduction<T, BinaryOperation, false>
reduction(span<T, Extent> Vars, const lanes::detail::NonDeduced<T> &Identity,
          BinaryOperation Combiner, const property_list &Props = {}) {
  lanes::detail::checkSpanReductionVariables(Vars);
  return {reduction(Vars.data(), Identity, Combiner, Props), Vars.size()};
}

} // namespace _V1
} // namespace sycl

#endif // LANES_SYCL_REDUCTION_HPP
