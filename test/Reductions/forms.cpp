// The ways to write a parallel_for with reductions: three reductions of
// different types and operations in one kernel, the queue shortcuts with
// and without dependencies, a named kernel, and the reducer's operators
// (+=, ++ both ways, *=, &=, |=, ^=, combine chains, identity()).
#include "reductions.hpp"

#include <cmath>

namespace {

using reductions::check;

constexpr size_t N = 3000;

/// Three reductions in one range and one nd_range kernel: an int sum, a
/// double product and a float minimum, the last with
/// initialize_to_identity.
int runThree(sycl::queue &Q, const int *In) {
  int *Sum = sycl::malloc_shared<int>(2, Q);
  double *Prod = sycl::malloc_shared<double>(2, Q);
  float *Min = sycl::malloc_shared<float>(2, Q);
  for (int I = 0; I < 2; ++I) {
    Sum[I] = 100;
    Prod[I] = 3;
    Min[I] = -1000; // ignored: initialize_to_identity
  }
  sycl::property_list Init{sycl::property::reduction::initialize_to_identity()};
  Q.parallel_for(sycl::range<1>(N), sycl::reduction(Sum, sycl::plus<>()),
                 sycl::reduction(Prod, sycl::multiplies<double>()),
                 sycl::reduction(Min, sycl::minimum<float>(), Init),
                 [=](sycl::id<1> I, auto &S, auto &P, auto &M) {
                   S += In[I];
                   P *= In[I] % 97 == 0 ? 2.0 : In[I] % 89 == 0 ? 0.5 : 1.0;
                   M.combine(float(In[I]) * 0.5f);
                 });
  Q.parallel_for(sycl::nd_range<1>(N, 100),
                 sycl::reduction(Sum + 1, sycl::plus<>()),
                 sycl::reduction(Prod + 1, sycl::multiplies<double>()),
                 sycl::reduction(Min + 1, sycl::minimum<float>(), Init),
                 [=](sycl::nd_item<1> It, auto &S, auto &P, auto &M) {
                   int X = In[It.get_global_id(0)];
                   S += X;
                   P *= X % 97 == 0 ? 2.0 : X % 89 == 0 ? 0.5 : 1.0;
                   M.combine(float(X) * 0.5f);
                 });
  int WantSum = 100;
  double WantProd = 3;
  float WantMin = INFINITY;
  for (size_t I = 0; I < N; ++I) {
    WantSum += In[I];
    WantProd *= In[I] % 97 == 0 ? 2.0 : In[I] % 89 == 0 ? 0.5 : 1.0;
    WantMin = std::min(WantMin, float(In[I]) * 0.5f);
  }
  int Rc = 0;
  for (int I = 0; I < 2; ++I) {
    std::string Form = I ? "three nd_range " : "three range ";
    Rc |= check(Form + "sum", Sum[I], WantSum);
    Rc |= check(Form + "product", Prod[I], WantProd);
    Rc |= check(Form + "minimum", Min[I], WantMin);
  }
  sycl::free(Sum, Q);
  sycl::free(Prod, Q);
  sycl::free(Min, Q);
  return Rc;
}

/// The queue shortcuts with no, one and several dependencies, and a kernel
/// name; each adds the sum of In to the running total.
int runShortcuts(sycl::queue &Q, const int *In) {
  long *Sum = sycl::malloc_shared<long>(1, Q);
  *Sum = 0;
  auto Red = [&] { return sycl::reduction(Sum, sycl::plus<long>()); };
  auto Add = [=](sycl::id<1> I, auto &S) { S += In[I]; };
  auto AddNd = [=](sycl::nd_item<1> It, auto &S) {
    S += In[It.get_global_id(0)];
  };
  sycl::range<1> R(N);
  sycl::nd_range<1> Nd(N, 60);
  sycl::event E1 = Q.parallel_for(R, Red(), Add);
  sycl::event E2 = Q.parallel_for(Nd, E1, Red(), AddNd);
  sycl::event E3 = Q.parallel_for(R, {E1, E2}, Red(), Add);
  std::vector<sycl::event> Deps{E3};
  sycl::event E4 = Q.parallel_for<class NamedSum>(Nd, Deps, Red(), AddNd);
  Q.parallel_for(N, E4, Red(), Add).wait();
  Q.submit([&](sycl::handler &H) {
     H.depends_on(E4);
     H.parallel_for<class NamedHandlerSum>(Nd, Red(), AddNd);
   }).wait();
  long Want = 0;
  for (size_t I = 0; I < N; ++I)
    Want += In[I];
  int Rc = check("queue shortcuts (6 sums)", *Sum, 6 * Want);
  sycl::free(Sum, Q);
  return Rc;
}

/// Every reducer operator, each on its own reduction.
int runOperators(sycl::queue &Q, const int *In) {
  unsigned *V = sycl::malloc_shared<unsigned>(8, Q);
  const unsigned Prior[8] = {1, 2, 3, 5, 0xF0F0F0F0u, 0x0F000000u, 7, 11};
  for (int I = 0; I < 8; ++I)
    V[I] = Prior[I];
  Q.parallel_for(sycl::range<1>(N), sycl::reduction(V, sycl::plus<>()),
                 sycl::reduction(V + 1, sycl::plus<unsigned>()),
                 sycl::reduction(V + 2, sycl::plus<>()),
                 sycl::reduction(V + 3, sycl::multiplies<>()),
                 sycl::reduction(V + 4, sycl::bit_and<>()),
                 sycl::reduction(V + 5, sycl::bit_or<unsigned>()),
                 sycl::reduction(V + 6, sycl::bit_xor<>()),
                 sycl::reduction(V + 7, sycl::plus<>()),
                 [=](sycl::id<1> I, auto &Add, auto &PreInc, auto &PostInc,
                     auto &Mul, auto &And, auto &Or, auto &Xor, auto &Chain) {
                   unsigned X = unsigned(In[I]);
                   Add += X;
                   ++PreInc;
                   PostInc++;
                   Mul *= X | 1u;
                   And &= X | 0x0F0F0F0Fu;
                   Or |= X & 0x00FF00FFu;
                   Xor ^= X;
                   Chain.combine(X).combine(Chain.identity() + 1u);
                 });
  unsigned Want[8];
  for (int I = 0; I < 8; ++I)
    Want[I] = Prior[I];
  for (size_t I = 0; I < N; ++I) {
    unsigned X = unsigned(In[I]);
    Want[0] += X;
    Want[1] += 1;
    Want[2] += 1;
    Want[3] *= X | 1u;
    Want[4] &= X | 0x0F0F0F0Fu;
    Want[5] |= X & 0x00FF00FFu;
    Want[6] ^= X;
    Want[7] += X + 1;
  }
  const char *Names[8] = {
      "+=", "prefix ++", "postfix ++", "*=", "&=", "|=", "^=", "combine chain"};
  int Rc = 0;
  for (int I = 0; I < 8; ++I)
    Rc |= check(std::string("operator ") + Names[I], V[I], Want[I]);
  sycl::free(V, Q);
  return Rc;
}

} // namespace

int main() {
  sycl::queue Q;
  int *In = sycl::malloc_shared<int>(N, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = int(corpus::input(uint32_t(I), 5) % 2001) - 1000;
  int Rc = runThree(Q, In);
  Rc |= runShortcuts(Q, In);
  Rc |= runOperators(Q, In);
  sycl::free(In, Q);
  return Rc;
}
