//===- Collectives.cpp - Group collectives in library-only mode -----------===//
//
/// \file
/// Definitions of the work-group collectives of the IR contract
/// (__lanes_group_reduce_*, _scan_inclusive_*, _scan_exclusive_* and
/// _broadcast_* in lanes/builtins.h) for kernels the Lanes compiler did not
/// lower.
///
/// A collective is a barrier with a data exchange (FiberScheduler::
/// collective): every work-item leaves the 8 bytes of its operand in a
/// per-group scratch slot indexed by its linear local id and waits; the
/// first work-item to resume computes the result of every work-item here,
/// serially in linear-id order (so even float reductions are deterministic),
/// and each work-item returns its own. Integer arithmetic is done in the
/// unsigned type, so it wraps without undefined behaviour.
///
/// Like the other builtins: outside any kernel they answer as a lone
/// work-item would (reduce and inclusive scan: x; exclusive scan: the
/// identity; broadcast: x), and reached from a compiled kernel they abort
/// with a message. An operation the type does not have, or a broadcast from
/// a work-item beyond the group, is recorded as the launch's runtime error
/// (sycl::exception with errc::runtime once the launch ends); the call then
/// returns x without waiting. Outside a launch there is nobody to tell, so
/// it prints the error and aborts (the builtins are nothrow).
//
//===----------------------------------------------------------------------===//

#include "FiberScheduler.h"
#include "LaunchState.h"
#include "Worker.h"

#include "lanes/builtins.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>
#include <type_traits>

using namespace lanes::rt::detail;

/// Definitions must repeat the declarations' exception specification.
#define LANES_NOTHROW __attribute__((nothrow))

namespace {

enum class CollectiveKind { Reduce, InclusiveScan, ExclusiveScan, Broadcast };

/// What the work-items asked for; the same in every work-item of a group.
struct CollectiveRequest {
  CollectiveKind Kind;
  unsigned Op;      ///< a LANES_OP_* (not for broadcasts)
  size_t Broadcast; ///< the linear local id to broadcast from
};

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
  default: // ADD, UMAX, OR, XOR
    return T(0);
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

/// FiberScheduler::CollectiveFn for operands of type T: every work-item's
/// result, combining in linear-id order.
template <typename T>
void computeCollective(const uint64_t *Operands, uint64_t *Results,
                       size_t GroupSize, const void *Arg) {
  const CollectiveRequest &R = *static_cast<const CollectiveRequest *>(Arg);
  if (R.Kind == CollectiveKind::Broadcast) {
    uint64_t Value = Operands[R.Broadcast];
    for (size_t I = 0; I < GroupSize; ++I)
      Results[I] = Value;
    return;
  }
  T Acc = fromBits<T>(Operands[0]);
  Results[0] = R.Kind == CollectiveKind::ExclusiveScan
                   ? toBits(identity<T>(R.Op))
                   : Operands[0];
  for (size_t I = 1; I < GroupSize; ++I) {
    if (R.Kind == CollectiveKind::ExclusiveScan)
      Results[I] = toBits(Acc);
    Acc = combine(R.Op, Acc, fromBits<T>(Operands[I]));
    if (R.Kind == CollectiveKind::InclusiveScan)
      Results[I] = toBits(Acc);
  }
  if (R.Kind == CollectiveKind::Reduce)
    for (size_t I = 0; I < GroupSize; ++I)
      Results[I] = toBits(Acc);
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

/// The body of every collective builtin.
template <typename T>
T runCollective(const char *Builtin, const CollectiveRequest &R, T X,
                const char *File, unsigned Line) {
  const WorkItem *Item = currentItem(Builtin);
  size_t GroupSize = 1;
  if (Item) {
    const uint64_t *Size = Item->Group->local_size;
    GroupSize = Size[0] * Size[1] * Size[2];
  }
  if (R.Kind == CollectiveKind::Broadcast) {
    if (R.Broadcast >= GroupSize) {
      reportMisuse(Item, Builtin, File, Line,
                   "broadcast from work-item " + std::to_string(R.Broadcast) +
                       " of a group of " + std::to_string(GroupSize));
      return X;
    }
  } else if (!isValidOp<T>(R.Op)) {
    reportMisuse(Item, Builtin, File, Line,
                 "operation " + std::to_string(R.Op) +
                     " is not defined on this type");
    return X;
  }
  if (!Item) {
    // A lone work-item: the one-element collective.
    uint64_t Operand = toBits(X), Result = 0;
    computeCollective<T>(&Operand, &Result, 1, &R);
    return fromBits<T>(Result);
  }
  return fromBits<T>(FiberScheduler::collective(
      toBits(X), Builtin, File, Line, &computeCollective<T>, &R));
}

} // namespace

extern "C" {

#define LANES_DEFINE_COLLECTIVES(T, SUFFIX)                                    \
  LANES_NOTHROW T __lanes_group_reduce_##SUFFIX(unsigned Op, T X,             \
                                                const char *File,             \
                                                unsigned Line) {               \
    return runCollective<T>("__lanes_group_reduce_" #SUFFIX,                   \
                            {CollectiveKind::Reduce, Op, 0}, X, File, Line);   \
  }                                                                            \
  LANES_NOTHROW T __lanes_group_scan_inclusive_##SUFFIX(                       \
      unsigned Op, T X, const char *File, unsigned Line) {                     \
    return runCollective<T>("__lanes_group_scan_inclusive_" #SUFFIX,           \
                            {CollectiveKind::InclusiveScan, Op, 0}, X, File,   \
                            Line);                                             \
  }                                                                            \
  LANES_NOTHROW T __lanes_group_scan_exclusive_##SUFFIX(                       \
      unsigned Op, T X, const char *File, unsigned Line) {                     \
    return runCollective<T>("__lanes_group_scan_exclusive_" #SUFFIX,           \
                            {CollectiveKind::ExclusiveScan, Op, 0}, X, File,   \
                            Line);                                             \
  }                                                                            \
  LANES_NOTHROW T __lanes_group_broadcast_##SUFFIX(                            \
      T X, size_t Item, const char *File, unsigned Line) {                     \
    return runCollective<T>("__lanes_group_broadcast_" #SUFFIX,                \
                            {CollectiveKind::Broadcast, 0, Item}, X, File,     \
                            Line);                                             \
  }

LANES_DEFINE_COLLECTIVES(int32_t, i32)
LANES_DEFINE_COLLECTIVES(int64_t, i64)
LANES_DEFINE_COLLECTIVES(float, f32)
LANES_DEFINE_COLLECTIVES(double, f64)
#undef LANES_DEFINE_COLLECTIVES

} // extern "C"
