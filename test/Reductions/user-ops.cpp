// sycl::reduction with an explicit identity: user lambdas on int and
// double (the local-memory path), a struct (an arg-min of value and
// index), the std:: function objects (the group collectives), the SYCL
// logical operations on int (no known identity there) and a SYCL function
// object given its identity anyway.
#include "reductions.hpp"

#include <functional>

namespace {

using reductions::check;

constexpr size_t N = 2500;

/// The smallest value and the first index holding it.
struct ArgMin {
  int Value;
  int Index;
};
bool operator==(const ArgMin &A, const ArgMin &B) {
  return A.Value == B.Value && A.Index == B.Index;
}

int valueAt(size_t I) { return int(corpus::input(uint32_t(I), 9) % 5003); }

int runLambdas(sycl::queue &Q, const int *In) {
  int *Max = sycl::malloc_shared<int>(1, Q);
  double *Sum = sycl::malloc_shared<double>(1, Q);
  ArgMin *Min = sycl::malloc_shared<ArgMin>(1, Q);
  *Max = -7;
  *Sum = 0.25;
  *Min = ArgMin{1 << 30, -1};
  auto Larger = [](int A, int B) { return A < B ? B : A; };
  auto Add = [](double A, double B) { return A + B; };
  auto Smaller = [](ArgMin A, ArgMin B) {
    return B.Value < A.Value || (B.Value == A.Value && B.Index < A.Index) ? B
                                                                          : A;
  };
  Q.parallel_for(sycl::range<1>(N), sycl::reduction(Max, INT32_MIN, Larger),
                 sycl::reduction(Sum, 0.0, Add),
                 sycl::reduction(Min, ArgMin{INT32_MAX, INT32_MAX}, Smaller),
                 [=](sycl::id<1> I, auto &Mx, auto &S, auto &Mn) {
                   Mx.combine(In[I]);
                   S.combine(In[I] * 0.5);
                   Mn.combine(ArgMin{In[I], int(I[0])});
                 });
  int WantMax = -7;
  double WantSum = 0.25;
  ArgMin WantMin{1 << 30, -1};
  for (size_t I = 0; I < N; ++I) {
    WantMax = std::max(WantMax, In[I]);
    WantSum += In[I] * 0.5;
    WantMin = Smaller(WantMin, ArgMin{In[I], int(I)});
  }
  int Rc = check("lambda max int", *Max, WantMax);
  Rc |= check("lambda sum double", *Sum, WantSum);
  bool MinOk = *Min == WantMin;
  std::printf("lambda arg-min struct: %s, got %d at %d, want %d at %d\n",
              MinOk ? "OK" : "FAIL", Min->Value, Min->Index, WantMin.Value,
              WantMin.Index);
  Rc |= !MinOk;
  sycl::free(Max, Q);
  sycl::free(Sum, Q);
  sycl::free(Min, Q);
  return Rc;
}

/// std:: function objects and SYCL ones with explicit identities, in an
/// nd_range kernel of 2-D groups.
int runExplicitIdentities(sycl::queue &Q, const int *In) {
  long *L = sycl::malloc_shared<long>(3, Q);
  int *Logic = sycl::malloc_shared<int>(4, Q);
  L[0] = 1; // std::plus<>
  L[1] = 3; // std::multiplies<long>
  L[2] = 2; // sycl::plus<long>, identity given
  Logic[0] = 1, Logic[1] = 0, Logic[2] = 1, Logic[3] = 5;
  constexpr size_t Rows = 50, Cols = 50; // N elements
  Q.parallel_for(sycl::nd_range<2>({Rows, Cols}, {5, 10}),
                 sycl::reduction(L, 0L, std::plus<>()),
                 sycl::reduction(L + 1, 1L, std::multiplies<long>()),
                 sycl::reduction(L + 2, 0L, sycl::plus<long>()),
                 sycl::reduction(Logic, 1, sycl::logical_and<int>()),
                 sycl::reduction(Logic + 1, 0, sycl::logical_or<>()),
                 sycl::reduction(Logic + 2, 1, std::logical_and<int>()),
                 sycl::reduction(Logic + 3, 0, std::bit_xor<>()),
                 [=](sycl::nd_item<2> It, auto &P, auto &M, auto &S, auto &And,
                     auto &Or, auto &StdAnd, auto &Xor) {
                   int X = In[It.get_global_linear_id()];
                   P.combine(X);
                   M.combine(X % 101 == 0 ? -1 : 1);
                   S += X;
                   And.combine(X % 977 != 0 ? X : 0);
                   Or.combine(X % 977 == 0 ? X : 0);
                   StdAnd.combine(X);
                   Xor.combine(X);
                 });
  long WantPlus = 1, WantMul = 3, WantSycl = 2;
  int WantAnd = 1, WantOr = 0, WantStdAnd = 1, WantXor = 5;
  for (size_t I = 0; I < N; ++I) {
    int X = In[I];
    WantPlus += X;
    WantMul *= X % 101 == 0 ? -1 : 1;
    WantSycl += X;
    WantAnd = WantAnd && (X % 977 != 0);
    WantOr = WantOr || (X % 977 == 0);
    WantStdAnd = WantStdAnd && X;
    WantXor ^= X;
  }
  int Rc = check("std::plus<>", L[0], WantPlus);
  Rc |= check("std::multiplies<long>", L[1], WantMul);
  Rc |= check("sycl::plus<long> with identity", L[2], WantSycl);
  Rc |= check("sycl::logical_and<int>", Logic[0], WantAnd);
  Rc |= check("sycl::logical_or<> on int", Logic[1], WantOr);
  Rc |= check("std::logical_and<int>", Logic[2], WantStdAnd);
  Rc |= check("std::bit_xor<>", Logic[3], WantXor);
  sycl::free(L, Q);
  sycl::free(Logic, Q);
  return Rc;
}

} // namespace

int main() {
  sycl::queue Q;
  int *In = sycl::malloc_shared<int>(N, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = valueAt(I);
  int Rc = runLambdas(Q, In);
  Rc |= runExplicitIdentities(Q, In);
  sycl::free(In, Q);
  return Rc;
}
