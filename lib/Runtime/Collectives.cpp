//===- Collectives.cpp - Group and sub-group collectives, library-only ----===//
//
/// \file
/// Definitions of the collectives of the IR contract (lanes/builtins.h):
/// the work-group ones (__lanes_group_reduce_*, _scan_inclusive_*,
/// _scan_exclusive_* and _broadcast_*) and the sub-group ones
/// (__lanes_sub_group_reduce_*, _scan_inclusive_*, _scan_exclusive_*,
/// _shuffle_* and the sub-group barrier), for kernels the Lanes compiler
/// did not lower.
///
/// A collective is a barrier with a data exchange over a *segment* of the
/// group, a run of work-items in linear-id order (FiberScheduler::
/// collective): every work-item leaves the 8 bytes of its operand (and,
/// for a shuffle, its source lane) in a per-group scratch slot indexed by
/// its linear local id and waits for the rest of its segment; the first
/// work-item of the segment to resume computes the result of every
/// work-item of the segment here, serially in linear-id order (so even
/// float reductions are deterministic), and each work-item returns its
/// own. Integer arithmetic is done in the unsigned type, so it wraps
/// without undefined behaviour.
///
/// Both families share that code. A work-group collective has one
/// segment, the group. A sub-group collective cuts each row of
/// local_size(0) work-items into runs of sg_size, the last one shorter
/// when sg_size does not divide the row; those runs are exactly the
/// sub-groups of the contract, and the caller's run is its segment. So a
/// sub-group collective waits for the work-items of the caller's
/// sub-group only: other sub-groups may be in another collective, or in
/// none, at the same time.
///
/// Like the other builtins: outside any kernel they answer as a lone
/// work-item would (a group, or sub-group, of one: reduce and inclusive
/// scan give x; exclusive scan the identity; broadcast and shuffle x), and
/// reached from a compiled kernel they abort with a message. An operation
/// the type does not have, a broadcast from a work-item beyond the group,
/// or a sub-group size that is not a power of two from 1 to 64, is
/// recorded as the launch's runtime error (sycl::exception with
/// errc::runtime once the launch ends); the call then returns x without
/// waiting. Outside a launch there is nobody to tell, so it prints the
/// error and aborts (compiled kernels declare the collectives nothrow).
///
/// Like __lanes_barrier, the collectives throw only to unwind a work-item
/// of a failed group (FiberScheduler.cpp), which the kernel must let pass:
/// they are not nothrow here, and neither is anything on the way from the
/// kernel to the fiber's wait.
//
//===----------------------------------------------------------------------===//

#include "FiberScheduler.h"
#include "LaunchState.h"
#include "Worker.h"

#include "lanes/builtins.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>
#include <type_traits>

using namespace lanes::rt::detail;

namespace {

using CollectiveOperand = FiberScheduler::CollectiveOperand;

enum class CollectiveKind {
  Reduce,
  InclusiveScan,
  ExclusiveScan,
  Broadcast,
  Shuffle
};

/// What the work-items asked for; the same in every work-item of a
/// segment.
struct CollectiveRequest {
  CollectiveKind Kind;
  unsigned Op;           ///< a LANES_OP_* (reductions and scans)
  size_t Broadcast;      ///< the linear local id to broadcast from
  bool SubGroup;         ///< the segment is a sub-group, not the group
  unsigned SubGroupSize; ///< the kernel's sg_size (sub-group collectives)
};

/// The largest sub-group size of the contract.
constexpr unsigned MaxSubGroupSize = 64;

template <typename T> uint64_t toBits(T Value) {
  static_assert(sizeof(T) <= sizeof(uint64_t), "operands fit 8 bytes");
  uint64_t Bits = 0;
  std::memcpy(&Bits, &Value, sizeof(T));
  return Bits;
}

template <typename T> T fromBits(uint64_t Bits) {
  T Value;
  std::memcpy(&Value, &Bits, sizeof(T));
  return Value;
}

/// Whether `Op` is defined on T: the bitwise and unsigned operations only
/// on integers.
template <typename T> bool isValidOp(unsigned Op) {
  if (std::is_floating_point_v<T>)
    return Op <= LANES_OP_MAX;
  return Op <= LANES_OP_XOR;
}

/// Whether `Size` is a sub-group size of the contract.
bool isValidSubGroupSize(unsigned Size) {
  return Size >= 1 && Size <= MaxSubGroupSize && (Size & (Size - 1)) == 0;
}

/// The identity of a valid `Op` on T (lanes/builtins.h).
template <typename T> T identity(unsigned Op) {
  using Limits = std::numeric_limits<T>;
  switch (Op) {
  case LANES_OP_MUL:
    return T(1);
  case LANES_OP_MIN:
    return Limits::has_infinity ? Limits::infinity() : Limits::max();
  case LANES_OP_MAX:
    return Limits::has_infinity ? -Limits::infinity() : Limits::lowest();
  case LANES_OP_UMIN:
  case LANES_OP_AND:
    if constexpr (std::is_integral_v<T>)
      return T(~std::make_unsigned_t<T>(0));
    [[fallthrough]];
  default: // ADD (-0.0 on floats: x + -0.0 is x), UMAX, OR, XOR
    return -T(0);
  }
}

template <typename T> T combineFloat(unsigned Op, T A, T B) {
  switch (Op) {
  case LANES_OP_ADD:
    return A + B;
  case LANES_OP_MUL:
    return A * B;
  case LANES_OP_MIN:
    return std::fmin(A, B);
  default: // MAX
    return std::fmax(A, B);
  }
}

template <typename T> T combineInt(unsigned Op, T A, T B) {
  using U = std::make_unsigned_t<T>;
  U UA = U(A), UB = U(B);
  switch (Op) {
  case LANES_OP_ADD:
    return T(UA + UB);
  case LANES_OP_MUL:
    return T(UA * UB);
  case LANES_OP_MIN:
    return A < B ? A : B;
  case LANES_OP_MAX:
    return A < B ? B : A;
  case LANES_OP_UMIN:
    return UA < UB ? A : B;
  case LANES_OP_UMAX:
    return UA < UB ? B : A;
  case LANES_OP_AND:
    return T(UA & UB);
  case LANES_OP_OR:
    return T(UA | UB);
  default: // XOR
    return T(UA ^ UB);
  }
}

/// A op B for a valid `Op` on T.
template <typename T> T combine(unsigned Op, T A, T B) {
  if constexpr (std::is_floating_point_v<T>)
    return combineFloat(Op, A, B);
  else
    return combineInt(Op, A, B);
}

/// The results of the work-items [Begin, End) (linear local ids), one
/// segment of the collective `R`, from their operands alone.
template <typename T>
void computeSegment(const CollectiveRequest &R,
                    const CollectiveOperand *Operands, uint64_t *Results,
                    size_t Begin, size_t End) {
  switch (R.Kind) {
  case CollectiveKind::Broadcast:
    for (size_t I = Begin; I < End; ++I)
      Results[I] = Operands[Begin + R.Broadcast].Bits;
    return;
  case CollectiveKind::Shuffle:
    for (size_t I = Begin; I < End; ++I) {
      uint64_t Lane = Operands[I].Index;
      Results[I] =
          Lane < End - Begin ? Operands[Begin + Lane].Bits : Operands[I].Bits;
    }
    return;
  default:
    break;
  }
  T Acc = fromBits<T>(Operands[Begin].Bits);
  Results[Begin] = R.Kind == CollectiveKind::ExclusiveScan
                       ? toBits(identity<T>(R.Op))
                       : Operands[Begin].Bits;
  for (size_t I = Begin + 1; I < End; ++I) {
    if (R.Kind == CollectiveKind::ExclusiveScan)
      Results[I] = toBits(Acc);
    Acc = combine(R.Op, Acc, fromBits<T>(Operands[I].Bits));
    if (R.Kind == CollectiveKind::InclusiveScan)
      Results[I] = toBits(Acc);
  }
  if (R.Kind == CollectiveKind::Reduce)
    for (size_t I = Begin; I < End; ++I)
      Results[I] = toBits(Acc);
}

/// FiberScheduler::CollectiveFn for operands of type T.
template <typename T>
void computeCollective(const CollectiveOperand *Operands, uint64_t *Results,
                       size_t Begin, size_t End, const void *Arg) {
  computeSegment<T>(*static_cast<const CollectiveRequest *>(Arg), Operands,
                    Results, Begin, End);
}

/// The segment of collective `R` that the work-item with local id `Id`, in
/// a group of local size `Size`, belongs to: the group, or the work-item's
/// sub-group (lane Id[0] % sg_size of sub-group Id[0] / sg_size of row
/// (Id[1], Id[2]), sub-groups numbered row by row).
CollectiveSegment segmentOf(const CollectiveRequest &R, const uint64_t Id[3],
                            const uint64_t Size[3]) {
  CollectiveSegment Segment;
  if (!R.SubGroup) {
    Segment.End = Size[0] * Size[1] * Size[2];
    return Segment;
  }
  const size_t SG = R.SubGroupSize, PerRow = (Size[0] + SG - 1) / SG;
  const size_t Row = Id[2] * Size[1] + Id[1], InRow = Id[0] / SG;
  const size_t RowBegin = Row * Size[0];
  Segment.Begin = RowBegin + InRow * SG;
  Segment.End = std::min<size_t>(Segment.Begin + SG, RowBegin + Size[0]);
  Segment.SubGroup = Row * PerRow + InRow;
  return Segment;
}

/// Reports a misused collective: the launch's error inside a library-only
/// kernel, else (outside any kernel) a message and abort.
void reportMisuse(const WorkItem *Item, const char *Builtin, const char *File,
                  unsigned Line, const std::string &What) {
  std::string Where = std::string(Builtin) + " at " +
                      (File ? File : "<unknown file>") + ":" +
                      std::to_string(Line);
  LaunchState *Launch = currentWorker().Launch;
  if (Item && Launch) {
    Launch->failRuntime(Where + " in work-group " +
                        Launch->formatId(Item->Group->group_id) + ": " + What);
    return;
  }
  std::fprintf(stderr, "lanes: error: %s: %s\n", Where.c_str(), What.c_str());
  std::abort();
}

/// What is wrong with request `R` on operands of type T in a group of
/// `GroupSize` work-items, or an empty string.
template <typename T>
std::string misuseOf(const CollectiveRequest &R, size_t GroupSize) {
  if (R.SubGroup && !isValidSubGroupSize(R.SubGroupSize))
    return "sub-group size " + std::to_string(R.SubGroupSize) +
           " is not a power of two from 1 to " +
           std::to_string(MaxSubGroupSize);
  if (R.Kind == CollectiveKind::Broadcast) {
    if (R.Broadcast >= GroupSize)
      return "broadcast from work-item " + std::to_string(R.Broadcast) +
             " of a group of " + std::to_string(GroupSize);
  } else if (R.Kind != CollectiveKind::Shuffle && !isValidOp<T>(R.Op)) {
    return "operation " + std::to_string(R.Op) + " is not defined on this type";
  }
  return std::string();
}

/// The body of every collective builtin. `Index` is the work-item's own
/// index operand (a shuffle's source lane), 0 for the others.
template <typename T>
T runCollective(const char *Builtin, CollectiveRequest R, T X, uint64_t Index,
                const char *File, unsigned Line) {
  const WorkItem *Item = currentItem(Builtin);
  requireLibraryOnlyItem(Item, Builtin, File, Line);
  size_t GroupSize = 1;
  if (Item) {
    const uint64_t *Size = Item->Group->local_size;
    GroupSize = Size[0] * Size[1] * Size[2];
  }
  std::string Misuse = misuseOf<T>(R, GroupSize);
  if (!Misuse.empty()) {
    reportMisuse(Item, Builtin, File, Line, Misuse);
    return X;
  }
  CollectiveOperand Operand = {toBits(X), Index};
  if (!Item) {
    // A lone work-item: the one-element collective.
    uint64_t Result = 0;
    computeCollective<T>(&Operand, &Result, 0, 1, &R);
    return fromBits<T>(Result);
  }
  return fromBits<T>(FiberScheduler::collective(
      Operand, segmentOf(R, Item->LocalId, Item->Group->local_size), Builtin,
      File, Line, &computeCollective<T>, &R));
}

/// A work-group collective of `Kind`.
CollectiveRequest groupRequest(CollectiveKind Kind, unsigned Op,
                               size_t Broadcast = 0) {
  return {Kind, Op, Broadcast, false, 0};
}

/// A sub-group collective of `Kind` in sub-groups of `SubGroupSize`.
CollectiveRequest subGroupRequest(CollectiveKind Kind, unsigned Op,
                                  unsigned SubGroupSize) {
  return {Kind, Op, 0, true, SubGroupSize};
}

} // namespace

extern "C" {

#define LANES_DEFINE_COLLECTIVES(T, SUFFIX)                                    \
  T __lanes_group_reduce_##SUFFIX(unsigned Op, T X, const char *File,          \
                                  unsigned Line) {                             \
    return runCollective<T>("__lanes_group_reduce_" #SUFFIX,                   \
                            groupRequest(CollectiveKind::Reduce, Op), X, 0,    \
                            File, Line);                                       \
  }                                                                            \
  T __lanes_group_scan_inclusive_##SUFFIX(unsigned Op, T X, const char *File,  \
                                          unsigned Line) {                     \
    return runCollective<T>("__lanes_group_scan_inclusive_" #SUFFIX,           \
                            groupRequest(CollectiveKind::InclusiveScan, Op),   \
                            X, 0, File, Line);                                 \
  }                                                                            \
  T __lanes_group_scan_exclusive_##SUFFIX(unsigned Op, T X, const char *File,  \
                                          unsigned Line) {                     \
    return runCollective<T>("__lanes_group_scan_exclusive_" #SUFFIX,           \
                            groupRequest(CollectiveKind::ExclusiveScan, Op),   \
                            X, 0, File, Line);                                 \
  }                                                                            \
  T __lanes_group_broadcast_##SUFFIX(T X, size_t Item, const char *File,       \
                                     unsigned Line) {                          \
    return runCollective<T>("__lanes_group_broadcast_" #SUFFIX,                \
                            groupRequest(CollectiveKind::Broadcast, 0, Item),  \
                            X, 0, File, Line);                                 \
  }                                                                            \
  T __lanes_sub_group_reduce_##SUFFIX(unsigned Op, T X, unsigned SubGroupSize, \
                                      const char *File, unsigned Line) {       \
    return runCollective<T>(                                                   \
        "__lanes_sub_group_reduce_" #SUFFIX,                                   \
        subGroupRequest(CollectiveKind::Reduce, Op, SubGroupSize), X, 0, File, \
        Line);                                                                 \
  }                                                                            \
  T __lanes_sub_group_scan_inclusive_##SUFFIX(                                 \
      unsigned Op, T X, unsigned SubGroupSize, const char *File,               \
      unsigned Line) {                                                         \
    return runCollective<T>(                                                   \
        "__lanes_sub_group_scan_inclusive_" #SUFFIX,                           \
        subGroupRequest(CollectiveKind::InclusiveScan, Op, SubGroupSize), X,   \
        0, File, Line);                                                        \
  }                                                                            \
  T __lanes_sub_group_scan_exclusive_##SUFFIX(                                 \
      unsigned Op, T X, unsigned SubGroupSize, const char *File,               \
      unsigned Line) {                                                         \
    return runCollective<T>(                                                   \
        "__lanes_sub_group_scan_exclusive_" #SUFFIX,                           \
        subGroupRequest(CollectiveKind::ExclusiveScan, Op, SubGroupSize), X,   \
        0, File, Line);                                                        \
  }                                                                            \
  T __lanes_sub_group_shuffle_##SUFFIX(T X, size_t Lane,                       \
                                       unsigned SubGroupSize,                  \
                                       const char *File, unsigned Line) {      \
    return runCollective<T>(                                                   \
        "__lanes_sub_group_shuffle_" #SUFFIX,                                  \
        subGroupRequest(CollectiveKind::Shuffle, 0, SubGroupSize), X, Lane,    \
        File, Line);                                                           \
  }

/// A sub-group barrier is a sub-group collective whose result nobody
/// reads: each work-item takes its own lane's value back.
void __lanes_sub_group_barrier(unsigned, unsigned SubGroupSize,
                               const char *File, unsigned Line) {
  runCollective<int32_t>(
      "__lanes_sub_group_barrier",
      subGroupRequest(CollectiveKind::Shuffle, 0, SubGroupSize), 0, ~0ull, File,
      Line);
}

LANES_DEFINE_COLLECTIVES(int32_t, i32)
LANES_DEFINE_COLLECTIVES(int64_t, i64)
LANES_DEFINE_COLLECTIVES(float, f32)
LANES_DEFINE_COLLECTIVES(double, f64)
#undef LANES_DEFINE_COLLECTIVES

} // extern "C"
