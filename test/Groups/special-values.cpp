// Signed zeros and NaNs through the floating-point group reductions and
// scans, for float, double, half and bfloat16, on work-groups and on
// sub-groups (whole and partial), with and without an initial value:
//  - sums of -0.0 stay -0.0; an exclusive scan starts from SYCL's
//    identity, 0.0, unless given -0.0;
//  - minimum and maximum are fmin and fmax: a NaN loses to any number, a
//    result is a NaN only when every value combined is one, and -0.0 is
//    below +0.0.
// Inputs: a group of NaNs, a group with a run of NaNs then numbers, and a
// group of NaN, +0.0 and -0.0 in turn. The reference folds the values in
// order (an exclusive scan, or a fold with an initial value, starting
// from the identity or that value) and the compiled and library-only runs
// must match it bit for bit (any NaN matching any NaN). Also
// sycl::reduction of -0.0s into -0.0 (-0.0) and with
// initialize_to_identity (0.0).
#include <sycl/sycl.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace {

enum Result {
  Reduce,
  ReduceInit,
  Exclusive,
  ExclusiveInit,
  Inclusive,
  InclusiveInit,
  NumResults
};
const char *const ResultNames[NumResults] = {
    "reduce",         "reduce with init",
    "exclusive scan", "exclusive scan with init",
    "inclusive scan", "inclusive scan with init"};

/// Whether \p A and \p B are the same value: equal with the same sign, or
/// both NaN.
bool same(double A, double B) {
  if (std::isnan(A) || std::isnan(B))
    return std::isnan(A) && std::isnan(B);
  return A == B && std::signbit(A) == std::signbit(B);
}

/// The operations, on the reference's doubles (every value is exact).
template <typename Op> double combine(double A, double B) {
  if constexpr (std::is_same_v<Op, sycl::plus<>>)
    return A + B;
  if (std::isnan(A) || std::isnan(B))
    return std::isnan(A) ? B : A;
  if (A == B) // zeros: -0.0 is the smaller
    return std::signbit(A) == std::is_same_v<Op, sycl::minimum<>> ? A : B;
  return (A < B) == std::is_same_v<Op, sycl::minimum<>> ? A : B;
}
template <typename Op> double identity() {
  if constexpr (std::is_same_v<Op, sycl::plus<>>)
    return 0.0;
  else
    return std::is_same_v<Op, sycl::minimum<>> ? INFINITY : -INFINITY;
}

/// Input \p I of group \p G for Op (see the file comment).
template <typename Op> float input(size_t G, size_t I) {
  if constexpr (std::is_same_v<Op, sycl::plus<>>)
    return -0.0f;
  if (G % 3 == 0)
    return NAN;
  if (G % 3 == 1)
    return I < 5 ? NAN : float(int(I * 7 % 11) - 5);
  return I % 3 == 0 ? NAN : I % 3 == 1 ? 0.0f : -0.0f;
}
template <typename Op> float initValue() {
  return std::is_same_v<Op, sycl::plus<>> ? -0.0f : 3.0f;
}

/// The six results of Op over the work-groups of \p Local (OnSubGroup:
/// over their sub-groups) against the reference. Returns the number of
/// wrong values.
template <typename T, typename Op, bool OnSubGroup>
size_t runGroups(sycl::queue &Q, const std::string &Type, const char *OpName,
                 size_t Local) {
  const size_t N = 3 * Local;
  T *In = sycl::malloc_shared<T>(N, Q);
  T *Out = sycl::malloc_shared<T>(N * NumResults, Q);
  size_t *SG = sycl::malloc_shared<size_t>(1, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = T(input<Op>(I / Local, I % Local));
  Q.parallel_for(sycl::nd_range<1>(N, Local), [=](sycl::nd_item<1> It) {
     size_t I = It.get_global_id(0);
     if (I == 0)
       *SG = It.get_sub_group().get_max_local_range()[0];
     T X = In[I], Init = T(initValue<Op>());
     T *O = Out + I * NumResults;
     auto Run = [&](auto G) {
       O[Reduce] = sycl::reduce_over_group(G, X, Op());
       O[ReduceInit] = sycl::reduce_over_group(G, X, Init, Op());
       O[Exclusive] = sycl::exclusive_scan_over_group(G, X, Op());
       O[ExclusiveInit] = sycl::exclusive_scan_over_group(G, X, Init, Op());
       O[Inclusive] = sycl::inclusive_scan_over_group(G, X, Op());
       O[InclusiveInit] = sycl::inclusive_scan_over_group(G, X, Op(), Init);
     };
     if constexpr (OnSubGroup)
       Run(It.get_sub_group());
     else
       Run(It.get_group());
   }).wait();

  // The reference, one segment (a work-group or a sub-group) at a time.
  const size_t Segment = OnSubGroup ? *SG : Local;
  const double Init = initValue<Op>();
  std::vector<double> Want(N * NumResults);
  for (size_t First = 0; First < N;) {
    size_t End = std::min(First + Segment, (First / Local + 1) * Local);
    double Total = double(In[First]);
    for (size_t I = First + 1; I < End; ++I)
      Total = combine<Op>(Total, double(In[I]));
    double Prefix = 0; // before item I, when I > First
    for (size_t I = First; I < End; ++I) {
      double *W = Want.data() + I * NumResults;
      double Upto =
          I == First ? double(In[I]) : combine<Op>(Prefix, double(In[I]));
      W[Reduce] = Total;
      W[ReduceInit] = combine<Op>(Init, Total);
      W[Exclusive] =
          I == First ? identity<Op>() : combine<Op>(identity<Op>(), Prefix);
      W[ExclusiveInit] = I == First ? Init : combine<Op>(Init, Prefix);
      W[Inclusive] = Upto;
      W[InclusiveInit] = combine<Op>(Init, Upto);
      Prefix = Upto;
    }
    First = End;
  }

  std::string Name = Type + " " + OpName +
                     (OnSubGroup ? " sub-group" : " work-group") + " local " +
                     std::to_string(Local);
  size_t Bad = 0;
  for (size_t I = 0; I < N * NumResults; ++I) {
    double Got = double(float(Out[I]));
    if (same(Got, Want[I]))
      continue;
    if (++Bad <= 5)
      std::printf("  %s of item %zu: got %g, want %g\n",
                  ResultNames[I % NumResults], I / NumResults, Got, Want[I]);
  }
  std::printf("%s: %s, %zu of %zu values differ\n", Name.c_str(),
              Bad ? "FAIL" : "OK", Bad, N * NumResults);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  sycl::free(SG, Q);
  return Bad;
}

/// sycl::reduction with sycl::plus of 100 -0.0s, into -0.0 and with
/// initialize_to_identity.
template <typename T>
size_t runReduction(sycl::queue &Q, const std::string &Type) {
  constexpr size_t N = 100;
  T *In = sycl::malloc_shared<T>(N, Q);
  T *Var = sycl::malloc_shared<T>(2, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = T(-0.0f);
  Var[0] = Var[1] = T(-0.0f);
  Q.parallel_for(
       sycl::range<1>(N), sycl::reduction(Var, sycl::plus<T>()),
       sycl::reduction(Var + 1, sycl::plus<>(),
                       {sycl::property::reduction::initialize_to_identity()}),
       [=](sycl::id<1> I, auto &Sum, auto &FromIdentity) {
         Sum += In[I];
         FromIdentity += In[I];
       })
      .wait();
  bool Ok =
      same(double(float(Var[0])), -0.0) && same(double(float(Var[1])), 0.0);
  std::printf("%s sycl::reduction of -0.0: %s, got %g and %g\n", Type.c_str(),
              Ok ? "OK" : "FAIL", double(float(Var[0])), double(float(Var[1])));
  sycl::free(In, Q);
  sycl::free(Var, Q);
  return !Ok;
}

template <typename T, typename Op>
size_t runOp(sycl::queue &Q, const std::string &Type, const char *OpName) {
  size_t Bad = 0;
  // Whole and partial sub-groups of every size Lanes uses.
  for (size_t Local : {size_t(7), size_t(20), size_t(256)}) {
    Bad += runGroups<T, Op, false>(Q, Type, OpName, Local);
    Bad += runGroups<T, Op, true>(Q, Type, OpName, Local);
  }
  return Bad;
}

template <typename T> size_t runType(sycl::queue &Q, const std::string &Type) {
  return runReduction<T>(Q, Type) + runOp<T, sycl::plus<>>(Q, Type, "plus") +
         runOp<T, sycl::minimum<>>(Q, Type, "minimum") +
         runOp<T, sycl::maximum<>>(Q, Type, "maximum");
}

} // namespace

int main() {
  sycl::queue Q;
  size_t Bad = runType<float>(Q, "float");
  Bad += runType<double>(Q, "double");
  Bad += runType<sycl::half>(Q, "half");
  Bad += runType<sycl::ext::oneapi::bfloat16>(Q, "bfloat16");
  return Bad != 0;
}
