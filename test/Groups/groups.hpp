//===- groups.hpp - Shared reference and driver of the group tests --------===//
//
/// \file
/// Host references for the group algorithms, written independently of the
/// Lanes headers: integer arithmetic wraps (computed in uint64_t), float
/// inputs are small integers, quarters or powers of two, so every sum,
/// product, minimum and maximum is exact in any order and the compiled and
/// library-only runs must match the reference bit for bit.
///
/// Every kernel indexes its data by *slot* = group linear id * group size +
/// local linear id, so a group's work-items are consecutive in linear-id
/// order whatever the nd-range's dimensions, and the reference is a fold
/// over each run of GroupSize elements.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_TEST_GROUPS_GROUPS_HPP
#define LANES_TEST_GROUPS_GROUPS_HPP

#include <sycl/sycl.hpp>

#include "../Corpus/corpus.hpp"

#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace groups {

template <template <typename> class OpT, template <typename> class Want>
inline constexpr bool SameOp = std::is_same_v<OpT<int>, Want<int>>;

/// The identity of OpT on T, as the specification defines it (logical
/// operations: 1 and 0 of T).
template <template <typename> class OpT, typename T> T identity() {
  using L = std::numeric_limits<T>;
  if constexpr (SameOp<OpT, sycl::multiplies> ||
                SameOp<OpT, sycl::logical_and>)
    return T(1);
  else if constexpr (SameOp<OpT, sycl::minimum>)
    return L::has_infinity ? L::infinity() : L::max();
  else if constexpr (SameOp<OpT, sycl::maximum>)
    return L::has_infinity ? -L::infinity() : L::lowest();
  else if constexpr (SameOp<OpT, sycl::bit_and>)
    return std::is_same_v<T, bool> ? T(1) : T(~uint64_t(0));
  else
    return T(0);
}

/// A OpT B, wrapping for integers.
template <template <typename> class OpT, typename T> T combine(T A, T B) {
  constexpr bool Int = std::is_integral_v<T>;
  uint64_t UA = uint64_t(A), UB = uint64_t(B);
  if constexpr (SameOp<OpT, sycl::plus>) {
    if constexpr (Int)
      return T(UA + UB);
    else
      return A + B;
  } else if constexpr (SameOp<OpT, sycl::multiplies>) {
    if constexpr (Int)
      return T(UA * UB);
    else
      return A * B;
  } else if constexpr (SameOp<OpT, sycl::minimum>) {
    return B < A ? B : A;
  } else if constexpr (SameOp<OpT, sycl::maximum>) {
    return A < B ? B : A;
  } else if constexpr (SameOp<OpT, sycl::bit_and>) {
    return T(UA & UB);
  } else if constexpr (SameOp<OpT, sycl::bit_or>) {
    return T(UA | UB);
  } else if constexpr (SameOp<OpT, sycl::bit_xor>) {
    return T(UA ^ UB);
  } else if constexpr (SameOp<OpT, sycl::logical_and>) {
    return T(bool(A) && bool(B));
  } else {
    return T(bool(A) || bool(B));
  }
}

/// Input \p I for OpT on T. Products get odd integers or (floats) mostly
/// +-1 with a rare 2 or 0.5; bool inputs lean towards the value that keeps
/// the result interesting in groups of a few work-items.
template <template <typename> class OpT, typename T> T input(uint32_t I) {
  uint32_t V = corpus::input(I, 7);
  constexpr bool AndLike =
      SameOp<OpT, sycl::multiplies> || SameOp<OpT, sycl::logical_and> ||
      SameOp<OpT, sycl::bit_and> || SameOp<OpT, sycl::minimum>;
  if constexpr (std::is_same_v<T, bool>) {
    return AndLike ? V % 13 != 0 : V % 13 == 0;
  } else if constexpr (std::is_floating_point_v<T>) {
    if constexpr (SameOp<OpT, sycl::multiplies>)
      return V % 61 == 0 ? T(2) : V % 61 == 1 ? T(0.5) : V % 2 ? T(1) : T(-1);
    else if constexpr (SameOp<OpT, sycl::logical_and> ||
                       SameOp<OpT, sycl::logical_or>)
      return AndLike ? T(V % 11 != 0) * T(1.5) : T(V % 11 == 0) * T(-3);
    else
      return T(int(V % 129) - 64) * T(0.25);
  } else {
    if constexpr (SameOp<OpT, sycl::multiplies>)
      return T(V | 1);
    else if constexpr (SameOp<OpT, sycl::logical_and>)
      return T(V % 11 == 0 ? 0 : V);
    else if constexpr (SameOp<OpT, sycl::logical_or>)
      return T(V % 11 == 0 ? V : 0);
    else
      return T(V);
  }
}

/// The six reduce / scan results of one work-item.
enum Result {
  Reduce,
  ReduceInit,
  ExclusiveScan,
  ExclusiveScanInit,
  InclusiveScan,
  InclusiveScanInit,
  NumResults
};
inline const char *resultName(int R) {
  static const char *Names[] = {"reduce",         "reduce-init",
                                "exclusive-scan", "exclusive-scan-init",
                                "inclusive-scan", "inclusive-scan-init"};
  return Names[R];
}

/// Writes the five joint scans (exclusive, exclusive with \p Init,
/// inclusive, inclusive with \p Init, inclusive in place) of the \p Len
/// values at \p First into \p Want from \p At on, \p Stride apart;
/// returns the reduction without and with \p Init.
template <template <typename> class OpT, typename T>
std::pair<T, T> wantJointScans(const T *First, size_t Len, T Init,
                               size_t Stride, std::vector<T> &Want,
                               size_t At) {
  T Prefix = identity<OpT, T>(), PrefixInit = Init;
  for (size_t I = 0; I < Len; ++I) {
    Want[At + I] = Prefix;
    Want[At + Stride + I] = PrefixInit;
    Prefix = combine<OpT>(Prefix, First[I]);
    PrefixInit = combine<OpT>(PrefixInit, First[I]);
    Want[At + 2 * Stride + I] = Prefix;
    Want[At + 3 * Stride + I] = PrefixInit;
    Want[At + 4 * Stride + I] = Prefix;
  }
  return {Prefix, PrefixInit};
}

/// corpus::check of the results in \p Out (NumResults per work-item)
/// against \p Want; when they differ, also says which algorithm broke.
template <typename T>
int checkResults(const std::string &Name, const T *Out,
                 const std::vector<T> &Want) {
  int Rc = corpus::check(Name.c_str(), Out, Want);
  if (Rc) {
    for (size_t I = 0; I < Want.size(); ++I)
      if (!(Out[I] == Want[I])) {
        std::printf("  first difference: work-item slot %zu, %s\n",
                    I / NumResults, resultName(int(I % NumResults)));
        break;
      }
  }
  return Rc;
}

/// Runs every reduce and scan of OpT on T over nd_range(Global, Local) in
/// one kernel and compares with the host fold. Alternates the typed and
/// the transparent function object. Returns 0 on success.
template <template <typename> class OpT, typename T, int Dims>
int runReduceScan(sycl::queue &Q, const std::string &Name,
                  sycl::range<Dims> Global, sycl::range<Dims> Local) {
  const size_t N = Global.size(), GroupSize = Local.size();
  T *In = sycl::malloc_shared<T>(N, Q);
  T *Out = sycl::malloc_shared<T>(N * NumResults, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = input<OpT, T>(uint32_t(I));
  const T Init = input<OpT, T>(12345);

  Q.parallel_for(sycl::nd_range<Dims>(Global, Local), [=](sycl::nd_item<Dims>
                                                              It) {
     sycl::group<Dims> G = It.get_group();
     size_t Slot = G.get_group_linear_id() * G.get_local_linear_range() +
                   G.get_local_linear_id();
     T X = In[Slot];
     T *O = Out + Slot * NumResults;
     O[Reduce] = sycl::reduce_over_group(G, X, OpT<void>());
     O[ReduceInit] = sycl::reduce_over_group(G, X, Init, OpT<T>());
     O[ExclusiveScan] = sycl::exclusive_scan_over_group(G, X, OpT<T>());
     O[ExclusiveScanInit] =
         sycl::exclusive_scan_over_group(G, X, Init, OpT<void>());
     O[InclusiveScan] = sycl::inclusive_scan_over_group(G, X, OpT<void>());
     O[InclusiveScanInit] =
         sycl::inclusive_scan_over_group(G, X, OpT<T>(), Init);
   }).wait();

  std::vector<T> Want(N * NumResults);
  for (size_t Base = 0; Base < N; Base += GroupSize) {
    T Total = identity<OpT, T>();
    for (size_t I = 0; I < GroupSize; ++I)
      Total = combine<OpT>(Total, In[Base + I]);
    T Prefix = identity<OpT, T>(), PrefixInit = Init;
    for (size_t I = 0; I < GroupSize; ++I) {
      // Not a pointer: std::vector<bool> has no addressable elements.
      size_t W = (Base + I) * NumResults;
      Want[W + Reduce] = Total;
      Want[W + ReduceInit] = combine<OpT>(Init, Total);
      Want[W + ExclusiveScan] = Prefix;
      Want[W + ExclusiveScanInit] = PrefixInit;
      Prefix = combine<OpT>(Prefix, In[Base + I]);
      PrefixInit = combine<OpT>(PrefixInit, In[Base + I]);
      Want[W + InclusiveScan] = Prefix;
      Want[W + InclusiveScanInit] = PrefixInit;
    }
  }
  int Rc = checkResults(Name, Out, Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}

/// `Runner::run<Op, T>(Q, Name, Global, Local)` for each Op of OpTs, named
/// in \p Names followed by \p Suffix.
template <typename Runner, typename T, template <typename> class... OpTs>
int runEach(sycl::queue &Q, const char *const (&Names)[sizeof...(OpTs)],
            const std::string &Suffix, sycl::range<1> Global,
            sycl::range<1> Local) {
  int Rc = 0, I = 0;
  ((Rc |= Runner::template run<OpTs, T>(Q, Names[I++] + Suffix, Global,
                                        Local)),
   ...);
  return Rc;
}

/// Every operation of the integer types on T, each checked by
/// `Runner::run<Op, T>(Q, Name, Global, Local)` in 1-D groups of each size
/// of \p Locals (\p Groups groups of each).
template <typename Runner, typename T, size_t N>
int runIntegerOps(sycl::queue &Q, const char *Type, const size_t (&Locals)[N],
                  size_t Groups) {
  int Rc = 0;
  for (size_t Local : Locals)
    Rc |= runEach<Runner, T, sycl::plus, sycl::multiplies, sycl::minimum,
                  sycl::maximum, sycl::bit_and, sycl::bit_or, sycl::bit_xor,
                  sycl::logical_and, sycl::logical_or>(
        Q,
        {"plus", "multiplies", "minimum", "maximum", "bit_and", "bit_or",
         "bit_xor", "logical_and", "logical_or"},
        std::string(" ") + Type + " local " + std::to_string(Local),
        sycl::range<1>(Groups * Local), sycl::range<1>(Local));
  return Rc;
}

/// runReduceScan, as runIntegerOps calls it.
struct ReduceScan {
  template <template <typename> class OpT, typename T, typename... ArgTs>
  static int run(ArgTs &&...Args) { return runReduceScan<OpT, T>(Args...); }
};

/// Every operation of the integer types on T, in 1-D groups of 1, 7 and
/// 256 work-items (4 groups each).
template <typename T> int runAllIntegerOps(sycl::queue &Q, const char *Type) {
  static const size_t Locals[] = {1, 7, 256};
  return runIntegerOps<ReduceScan, T>(Q, Type, Locals, 4);
}

} // namespace groups

#endif // LANES_TEST_GROUPS_GROUPS_HPP
