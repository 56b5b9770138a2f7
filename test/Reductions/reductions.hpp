//===- reductions.hpp - Shared reference and driver of the reduction tests ===//
//
/// \file
/// Runs a sycl::reduction over the same inputs in range kernels (exact and
/// padded) and nd_range kernels, accumulating into the variable's prior
/// value and with initialize_to_identity, and compares every result with a
/// serial fold on the host.
///
/// The operations, identities and inputs are those of the group tests
/// (test/Groups/groups.hpp), written independently of the Lanes headers:
/// integers wrap, floating-point inputs are small multiples of a quarter
/// (or +-1 and a rare 2 or 0.5 for products), so every result is exact in
/// any order and must match bit for bit. Sums of inexact values are
/// checked with a tolerance by the float program itself.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_TEST_REDUCTIONS_REDUCTIONS_HPP
#define LANES_TEST_REDUCTIONS_REDUCTIONS_HPP

#include "../Groups/groups.hpp"

#include <cstdio>
#include <string>
#include <vector>

namespace reductions {

/// Exits-status style comparison of one scalar result.
template <typename T> int check(const std::string &Name, T Got, T Want) {
  std::vector<T> Expected(1, Want);
  return corpus::check(Name.c_str(), &Got, Expected);
}

/// The serial fold of \p N inputs of OpT on T, starting from \p Init.
template <template <typename> class OpT, typename T>
T hostFold(size_t N, T Init) {
  T Acc = Init;
  for (size_t I = 0; I < N; ++I)
    Acc = groups::combine<OpT>(Acc, groups::input<OpT, T>(uint32_t(I)));
  return Acc;
}

/// The prior value of the reduction variable in the accumulating runs.
template <template <typename> class OpT, typename T> T priorValue() {
  return groups::input<OpT, T>(777);
}

/// Runs OpT on T over the first N of \p In through range<Dims>(Shape), with
/// two reductions in one kernel: OpT<T> accumulating into the prior value
/// and the transparent OpT<void> with initialize_to_identity.
/// Shape.size() == N.
template <template <typename> class OpT, typename T, int Dims>
int runRange(sycl::queue &Q, const std::string &Name, const T *In,
             sycl::range<Dims> Shape) {
  const size_t N = Shape.size();
  T *Var = sycl::malloc_shared<T>(2, Q);
  Var[0] = priorValue<OpT, T>();
  Var[1] = priorValue<OpT, T>();
  Q.submit([&](sycl::handler &H) {
     H.parallel_for(
         Shape, sycl::reduction(Var, OpT<T>()),
         sycl::reduction(Var + 1, OpT<void>(),
                         {sycl::property::reduction::initialize_to_identity()}),
         [=](sycl::item<Dims> It, auto &Acc, auto &Init) {
           T X = In[It.get_linear_id()];
           Acc.combine(X);
           Init.combine(X);
         });
   }).wait();
  std::string Where =
      Name + " range " + std::to_string(Dims) + "-D " + std::to_string(N);
  int Rc = check(Where + " (accumulate)", Var[0],
                 hostFold<OpT, T>(N, priorValue<OpT, T>()));
  Rc |= check(Where + " (initialize_to_identity)", Var[1],
              hostFold<OpT, T>(N, groups::identity<OpT, T>()));
  sycl::free(Var, Q);
  return Rc;
}

/// Runs OpT on T over the first N of \p In through an nd_range<1> of
/// groups of \p Local (the global size rounded up; items past N combine
/// nothing).
template <template <typename> class OpT, typename T>
int runNdRange(sycl::queue &Q, const std::string &Name, const T *In, size_t N,
               size_t Local) {
  T *Var = sycl::malloc_shared<T>(1, Q);
  *Var = priorValue<OpT, T>();
  size_t Global = (N + Local - 1) / Local * Local;
  Q.parallel_for(sycl::nd_range<1>(Global, Local),
                 sycl::reduction(Var, OpT<void>()),
                 [=](sycl::nd_item<1> It, auto &R) {
                   size_t I = It.get_global_id(0);
                   if (I < N)
                     R.combine(In[I]);
                 })
      .wait();
  int Rc = check(Name + " nd_range " + std::to_string(Global) + "/" +
                     std::to_string(Local),
                 *Var, hostFold<OpT, T>(N, priorValue<OpT, T>()));
  sycl::free(Var, Q);
  return Rc;
}

/// OpT on T over 1-D ranges (one item, one group, exactly divided and
/// padded) and nd_ranges of one work-item, odd and large groups. The
/// 2-D and 3-D shapes are the shapes program's.
template <template <typename> class OpT, typename T>
int runOp(sycl::queue &Q, const std::string &Name) {
  constexpr size_t MaxN = 5000;
  T *In = sycl::malloc_shared<T>(MaxN, Q);
  for (size_t I = 0; I < MaxN; ++I)
    In[I] = groups::input<OpT, T>(uint32_t(I));
  int Rc = 0;
  for (size_t N : {size_t(1), size_t(200), size_t(4096), size_t(4099)})
    Rc |= runRange<OpT, T, 1>(Q, Name, In, sycl::range<1>(N));
  Rc |= runNdRange<OpT, T>(Q, Name, In, 1, 1);
  Rc |= runNdRange<OpT, T>(Q, Name, In, 1000, 7);
  Rc |= runNdRange<OpT, T>(Q, Name, In, MaxN, 512);
  sycl::free(In, Q);
  return Rc;
}

/// Every SYCL function object that applies to the integer type T.
template <typename T> int runIntegerOps(sycl::queue &Q, const char *Type) {
  std::string Suffix = std::string(" ") + Type;
  int Rc = runOp<sycl::plus, T>(Q, "plus" + Suffix);
  Rc |= runOp<sycl::multiplies, T>(Q, "multiplies" + Suffix);
  Rc |= runOp<sycl::minimum, T>(Q, "minimum" + Suffix);
  Rc |= runOp<sycl::maximum, T>(Q, "maximum" + Suffix);
  Rc |= runOp<sycl::bit_and, T>(Q, "bit_and" + Suffix);
  Rc |= runOp<sycl::bit_or, T>(Q, "bit_or" + Suffix);
  Rc |= runOp<sycl::bit_xor, T>(Q, "bit_xor" + Suffix);
  return Rc;
}

} // namespace reductions

#endif // LANES_TEST_REDUCTIONS_REDUCTIONS_HPP
