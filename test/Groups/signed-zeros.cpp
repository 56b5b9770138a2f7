// The sign of zero through floating-point sums, for float, double, half
// and bfloat16: every work-item contributes -0.0. A sum of -0.0s is -0.0,
// so reduce_over_group and the inclusive scans give -0.0, on work-groups
// and on sub-groups (whole and partial), with and without an initial
// value of -0.0; an exclusive scan starts from SYCL's identity, 0.0,
// unless given -0.0; sycl::reduction accumulating into -0.0 gives -0.0,
// and with initialize_to_identity 0.0. The compiled and the library-only
// runs must agree bit for bit with these.
#include <sycl/sycl.hpp>

#include <cmath>
#include <cstdio>
#include <string>

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
// Only the exclusive scan without an initial value gives +0.0.
constexpr bool WantNegative[NumResults] = {true, true, false, true, true, true};

/// Prints and counts the values Got[0], Got[Stride], ... (\p Count of
/// them) that are not a zero of the wanted sign.
template <typename T>
size_t countWrong(const std::string &Name, const T *Got, size_t Count,
                  size_t Stride, bool Negative) {
  size_t Bad = 0;
  for (size_t I = 0; I < Count; ++I) {
    float F = float(Got[I * Stride]);
    if (F == 0 && std::signbit(F) == Negative)
      continue;
    if (++Bad <= 3)
      std::printf("  %s at %zu: got %g, want %s0\n", Name.c_str(), I, double(F),
                  Negative ? "-" : "+");
  }
  return Bad;
}

/// The group algorithms on a work-group (OnSubGroup false) or on its
/// sub-groups, in work-groups of \p Local.
template <typename T, bool OnSubGroup>
size_t runGroups(sycl::queue &Q, const std::string &Type, size_t Local) {
  const size_t N = 3 * Local;
  T *In = sycl::malloc_shared<T>(N, Q);
  T *Out = sycl::malloc_shared<T>(N * NumResults, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = T(-0.0f);
  Q.parallel_for(sycl::nd_range<1>(N, Local), [=](sycl::nd_item<1> It) {
     size_t I = It.get_global_id(0);
     T X = In[I], Init = T(-0.0f);
     T *O = Out + I * NumResults;
     auto Run = [&](auto G) {
       O[Reduce] = sycl::reduce_over_group(G, X, sycl::plus<>());
       O[ReduceInit] = sycl::reduce_over_group(G, X, Init, sycl::plus<T>());
       O[Exclusive] = sycl::exclusive_scan_over_group(G, X, sycl::plus<T>());
       O[ExclusiveInit] =
           sycl::exclusive_scan_over_group(G, X, Init, sycl::plus<>());
       O[Inclusive] = sycl::inclusive_scan_over_group(G, X, sycl::plus<>());
       O[InclusiveInit] =
           sycl::inclusive_scan_over_group(G, X, sycl::plus<T>(), Init);
     };
     if constexpr (OnSubGroup)
       Run(It.get_sub_group());
     else
       Run(It.get_group());
   }).wait();
  std::string Name = Type + (OnSubGroup ? " sub-group" : " work-group") +
                     " local " + std::to_string(Local);
  size_t Bad = 0;
  for (int R = 0; R < NumResults; ++R)
    Bad += countWrong(Name + " " + ResultNames[R], Out + R, N, NumResults,
                      WantNegative[R]);
  std::printf("%s: %s\n", Name.c_str(), Bad ? "FAIL" : "OK");
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Bad;
}

/// sycl::reduction with sycl::plus over 100 work-items.
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
  std::string Name = Type + " sycl::reduction";
  size_t Bad =
      countWrong(Name, Var, 1, 1, true) +
      countWrong(Name + " initialize_to_identity", Var + 1, 1, 1, false);
  std::printf("%s: %s\n", Name.c_str(), Bad ? "FAIL" : "OK");
  sycl::free(In, Q);
  sycl::free(Var, Q);
  return Bad;
}

template <typename T> size_t runType(sycl::queue &Q, const std::string &Type) {
  size_t Bad = runReduction<T>(Q, Type);
  // Whole and partial sub-groups of every size Lanes uses.
  for (size_t Local : {size_t(7), size_t(20), size_t(256)}) {
    Bad += runGroups<T, false>(Q, Type, Local);
    Bad += runGroups<T, true>(Q, Type, Local);
  }
  return Bad;
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
