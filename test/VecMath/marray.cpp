// sycl::marray in kernels against a serial host reference: element-list
// constructors, operator[], begin / end, arithmetic with marrays and
// scalars on either side, compound assignment, ++ and unary -, integer
// % & | ^ << >> ~, comparisons and logical operators giving marray<bool, N>,
// and marray<bool, N> itself. Sizes vec does not have (1, 5, 7, 33).
#include "vecmath.hpp"

#include <sycl/sycl.hpp>

#include <string>

static_assert(sizeof(sycl::marray<float, 5>) == 5 * sizeof(float),
              "marray has no padding");
static_assert(sizeof(sycl::mdouble3) == 3 * sizeof(double), "");
static_assert(std::is_trivially_copyable_v<sycl::marray<int, 7>>, "");
static_assert(std::is_same_v<sycl::mint4, sycl::marray<int32_t, 4>>, "");
static_assert(std::is_same_v<decltype(sycl::marray<int, 3>() ==
                                      sycl::marray<int, 3>()),
                             sycl::marray<bool, 3>>,
              "comparisons give marray<bool, N>");

namespace {

enum Op {
  Add,
  Sub,
  Mul,
  Div,
  ScalarSub,
  MulScalar,
  Negate,
  Compound,
  Increment,
  Rotated,
  Sum,
  // Integers only.
  Mod,
  And,
  Or,
  Xor,
  ShiftLeft,
  ShiftRight,
  Not,
  NumOps
};

enum BoolOp {
  Equal,
  NotEqual,
  Less,
  GreaterEqual,
  ScalarGreater,
  LogicalAnd,
  LogicalNot,
  BoolAnd,
  BoolXor,
  BoolNotOr,
  NumBoolOps
};

template <typename T, size_t N>
int runMarray(sycl::queue &Q, const std::string &Name, size_t Items) {
  using MA = sycl::marray<T, N>;
  using MB = sycl::marray<bool, N>;
  constexpr bool Int = std::is_integral_v<T>;
  const size_t Len = Items * N;
  T *A = sycl::malloc_shared<T>(Len, Q), *B = sycl::malloc_shared<T>(Len, Q);
  T *Out = sycl::malloc_shared<T>(NumOps * Len, Q);
  bool *BoolOut = sycl::malloc_shared<bool>(NumBoolOps * Len, Q);
  for (size_t I = 0; I < Len; ++I) {
    A[I] = vecmath::input<T>(uint32_t(I), 11);
    B[I] = vecmath::input<T>(uint32_t(I), 12);
    if (B[I] == T(0) || I % 4 == 0)
      B[I] = A[I] == T(0) ? T(7) : A[I];
  }
  for (size_t I = 0; I < NumOps * Len; ++I)
    Out[I] = T(0);

  Q.parallel_for(sycl::range<1>(Items), [=](sycl::id<1> Id) {
     size_t I = Id[0];
     MA X, Y;
     for (size_t K = 0; K < N; ++K) {
       X[K] = A[I * N + K];
       Y[K] = B[I * N + K];
     }
     auto Put = [&](int Op, const MA &R) {
       T *O = Out + (Op * Items + I) * N;
       for (const T &E : R)
         *O++ = E;
     };
     auto PutBool = [&](int Op, const MB &R) {
       for (size_t K = 0; K < R.size(); ++K)
         BoolOut[(Op * Items + I) * N + K] = R[K];
     };
     const T Three = T(3);
     Put(Add, X + Y);
     Put(Sub, X - Y);
     Put(Mul, X * Y);
     Put(Div, X / Y);
     Put(ScalarSub, Three - X);
     Put(MulScalar, X * Three);
     Put(Negate, -X);
     MA C = X;
     C += Y;
     C *= Three;
     Put(Compound, C);
     MA P = X;
     ++P;
     P++;
     Put(Increment, P);
     // An element-list constructor: the last element first.
     if constexpr (N > 1) {
       sycl::marray<T, N - 1> Front;
       for (size_t K = 0; K + 1 < N; ++K)
         Front[K] = X[K];
       Put(Rotated, MA(X[N - 1], Front));
     } else {
       Put(Rotated, MA(X[0]));
     }
     T Total = T(0);
     for (T E : X)
       Total = T(Total + E);
     Put(Sum, MA(Total));
     if constexpr (Int) {
       Put(Mod, X % Y);
       Put(And, X & Y);
       Put(Or, X | Y);
       Put(Xor, X ^ Y);
       Put(ShiftLeft, (X & T(31)) << T(2));
       Put(ShiftRight, X >> T(1));
       Put(Not, ~X);
     }
     MB Eq = X == Y, Lt = X < Y;
     PutBool(Equal, Eq);
     PutBool(NotEqual, X != Y);
     PutBool(Less, Lt);
     PutBool(GreaterEqual, X >= Y);
     PutBool(ScalarGreater, Three > X);
     PutBool(LogicalAnd, X && Y);
     PutBool(LogicalNot, !X);
     PutBool(BoolAnd, Eq && Lt);
     PutBool(BoolXor, Eq ^ Lt);
     PutBool(BoolNotOr, !(Eq | Lt));
   }).wait();

  std::vector<T> Want(NumOps * Len, T(0));
  std::vector<bool> WantBools(NumBoolOps * Len);
  for (size_t I = 0; I < Items; ++I) {
    T Total = T(0);
    for (size_t K = 0; K < N; ++K)
      Total = T(Total + A[I * N + K]);
    for (size_t K = 0; K < N; ++K) {
      size_t E = I * N + K;
      T X = A[E], Y = B[E];
      auto Set = [&](int Op, T R) { Want[Op * Len + E] = R; };
      auto SetBool = [&](int Op, bool R) { WantBools[Op * Len + E] = R; };
      Set(Add, T(X + Y));
      Set(Sub, T(X - Y));
      Set(Mul, T(X * Y));
      Set(Div, T(X / Y));
      Set(ScalarSub, T(T(3) - X));
      Set(MulScalar, T(X * T(3)));
      Set(Negate, T(-X));
      Set(Compound, T(T(X + Y) * T(3)));
      Set(Increment, T(T(X + T(1)) + T(1)));
      Set(Rotated, A[I * N + (K + N - 1) % N]);
      Set(Sum, Total);
      if constexpr (Int) {
        Set(Mod, T(X % Y));
        Set(And, T(X & Y));
        Set(Or, T(X | Y));
        Set(Xor, T(X ^ Y));
        Set(ShiftLeft, T(T(X & T(31)) << 2));
        Set(ShiftRight, T(X >> 1));
        Set(Not, T(~X));
      }
      SetBool(Equal, X == Y);
      SetBool(NotEqual, X != Y);
      SetBool(Less, X < Y);
      SetBool(GreaterEqual, X >= Y);
      SetBool(ScalarGreater, T(3) > X);
      SetBool(LogicalAnd, X && Y);
      SetBool(LogicalNot, !X);
      SetBool(BoolAnd, X == Y && X < Y);
      SetBool(BoolXor, (X == Y) != (X < Y));
      SetBool(BoolNotOr, !(X == Y || X < Y));
    }
  }
  int Rc = vecmath::check((Name + " operators").c_str(), Out, Want);
  size_t BadBools = 0;
  for (size_t I = 0; I < WantBools.size(); ++I)
    BadBools += BoolOut[I] != WantBools[I];
  if (BadBools) {
    std::printf("%s comparisons: FAIL, %zu of %zu differ\n", Name.c_str(),
                BadBools, WantBools.size());
    Rc = 1;
  } else {
    std::printf("%s comparisons: OK, %zu elements\n", Name.c_str(),
                WantBools.size());
  }
  sycl::free(A, Q);
  sycl::free(B, Q);
  sycl::free(Out, Q);
  sycl::free(BoolOut, Q);
  return Rc;
}

} // namespace

int main() {
  sycl::queue Q;
  int Rc = 0;
  Rc |= runMarray<int, 1>(Q, "marray<int, 1>", 37);
  Rc |= runMarray<int, 5>(Q, "marray<int, 5>", 129);
  Rc |= runMarray<float, 7>(Q, "marray<float, 7>", 37);
  Rc |= runMarray<float, 33>(Q, "marray<float, 33>", 5);
  Rc |= runMarray<double, 3>(Q, "marray<double, 3>", 300);
  Rc |= runMarray<unsigned char, 6>(Q, "marray<uchar, 6>", 37);
  Rc |= runMarray<short, 4>(Q, "marray<short, 4>", 37);
  Rc |= runMarray<unsigned long, 2>(Q, "marray<ulong, 2>", 37);
  return Rc;
}
