// sycl::reduction of sycl::half and bfloat16 with plus, multiplies, minimum
// and maximum, which reduce over each work-group through the group
// collectives (in float, rounded once), in range kernels (exact and
// padded) and nd_range kernels, accumulating into the prior value and
// with initialize_to_identity. The inputs keep every partial result exact
// in the type (sums of small integers below 2048 in magnitude for half,
// of at most 125 values +-1 for bfloat16; products of +-1 and a few 2 and
// 0.5), so the result must match the serial fold bit for bit whatever the
// order.
#include "reductions.hpp"

namespace {

using sycl::half;
using sycl::ext::oneapi::bfloat16;

/// Input \p I for OpT on E (half or bfloat16).
template <template <typename> class OpT, typename E> E input(uint32_t I) {
  uint32_t V = corpus::input(I, 5);
  if constexpr (groups::SameOp<OpT, sycl::multiplies>)
    return I % 97 == 3 ? E(2.0f) : I % 97 == 50 ? E(0.5f) : E(V % 2 ? 1 : -1);
  else if constexpr (std::is_same_v<E, half>)
    return half(int(V % 9) - 4);
  else
    return bfloat16(V % 4 ? 0 : int(V % 8) / 4 * 2 - 1);
}

/// The serial fold of the first \p N inputs, from \p Init.
template <template <typename> class OpT, typename E>
E hostFold(size_t N, E Init) {
  float Acc = float(Init);
  for (size_t I = 0; I < N; ++I)
    Acc = groups::combine<OpT>(Acc, float(input<OpT, E>(uint32_t(I))));
  return E(Acc);
}

template <template <typename> class OpT, typename E>
int runOp(sycl::queue &Q, const std::string &Name) {
  constexpr size_t MaxN = 500;
  E *In = sycl::malloc_shared<E>(MaxN, Q);
  E *Var = sycl::malloc_shared<E>(2, Q);
  for (size_t I = 0; I < MaxN; ++I)
    In[I] = input<OpT, E>(uint32_t(I));
  const E Prior = input<OpT, E>(777);
  const E Identity = E(groups::identity<OpT, float>());
  int Rc = 0;
  for (size_t N : {size_t(1), size_t(256), size_t(403)}) {
    Var[0] = Prior;
    Var[1] = Prior;
    Q.submit([&](sycl::handler &H) {
       H.parallel_for(
           sycl::range<1>(N), sycl::reduction(Var, OpT<E>()),
           sycl::reduction(
               Var + 1, OpT<void>(),
               {sycl::property::reduction::initialize_to_identity()}),
           [=](sycl::id<1> I, auto &Acc, auto &Init) {
             Acc.combine(In[I]);
             Init.combine(In[I]);
           });
     }).wait();
    std::string Where = Name + " range " + std::to_string(N);
    Rc |= reductions::check(Where + " (accumulate)", Var[0],
                            hostFold<OpT, E>(N, Prior));
    Rc |= reductions::check(Where + " (initialize_to_identity)", Var[1],
                            hostFold<OpT, E>(N, Identity));
  }
  for (size_t Local : {size_t(7), size_t(16), size_t(256)}) {
    size_t Global = (MaxN + Local - 1) / Local * Local;
    Var[0] = Prior;
    Q.parallel_for(sycl::nd_range<1>(Global, Local),
                   sycl::reduction(Var, OpT<void>()),
                   [=](sycl::nd_item<1> It, auto &R) {
                     size_t I = It.get_global_id(0);
                     if (I < MaxN)
                       R.combine(In[I]);
                   })
        .wait();
    Rc |= reductions::check(Name + " nd_range " + std::to_string(Global) + "/" +
                                std::to_string(Local),
                            Var[0], hostFold<OpT, E>(MaxN, Prior));
  }
  sycl::free(In, Q);
  sycl::free(Var, Q);
  return Rc;
}

template <typename E> int runOps(sycl::queue &Q, const std::string &Type) {
  int Rc = runOp<sycl::plus, E>(Q, "plus " + Type);
  Rc |= runOp<sycl::multiplies, E>(Q, "multiplies " + Type);
  Rc |= runOp<sycl::minimum, E>(Q, "minimum " + Type);
  Rc |= runOp<sycl::maximum, E>(Q, "maximum " + Type);
  return Rc;
}

} // namespace

int main() {
  sycl::queue Q;
  return runOps<half>(Q, "half") | runOps<bfloat16>(Q, "bfloat16");
}
