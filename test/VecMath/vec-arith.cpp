// sycl::vec operators in a kernel, against a serial host reference:
// + - * / with vecs and scalars on either side, compound assignment, unary
// - ++ --, and for integers % & | ^ << >> ~; comparisons and logical
// operators giving vec<intK_t, N> with -1 for true. Every element type, and
// every size for int and float. Operands come through vec::load and results
// leave through vec::store. The SYCL 1.2.1 OpenCL types (cl_int, cl_float4,
// ...) are the scalars and vecs they name (static_asserts).
#include "vecmath.hpp"

#include <sycl/sycl.hpp>

#include <string>
#include <type_traits>

static_assert(std::is_same_v<sycl::cl_bool, bool> &&
              std::is_same_v<sycl::cl_char, std::int8_t> &&
              std::is_same_v<sycl::cl_uchar, std::uint8_t> &&
              std::is_same_v<sycl::cl_short, std::int16_t> &&
              std::is_same_v<sycl::cl_ushort, std::uint16_t> &&
              std::is_same_v<sycl::cl_int, std::int32_t> &&
              std::is_same_v<sycl::cl_uint, std::uint32_t> &&
              std::is_same_v<sycl::cl_long, std::int64_t> &&
              std::is_same_v<sycl::cl_ulong, std::uint64_t> &&
              std::is_same_v<sycl::cl_half, sycl::half> &&
              std::is_same_v<sycl::cl_float, float> &&
              std::is_same_v<sycl::cl_double, double> &&
              std::is_same_v<sycl::opencl::cl_int, std::int32_t> &&
              std::is_same_v<sycl::opencl::cl_half, sycl::half>);
static_assert(std::is_same_v<sycl::cl_char2, sycl::vec<std::int8_t, 2>> &&
              std::is_same_v<sycl::cl_uchar16, sycl::vec<std::uint8_t, 16>> &&
              std::is_same_v<sycl::cl_short3, sycl::vec<std::int16_t, 3>> &&
              std::is_same_v<sycl::cl_ushort8, sycl::vec<std::uint16_t, 8>> &&
              std::is_same_v<sycl::cl_int4, sycl::int4> &&
              std::is_same_v<sycl::cl_uint2, sycl::uint2> &&
              std::is_same_v<sycl::cl_long8, sycl::long8> &&
              std::is_same_v<sycl::cl_ulong16, sycl::ulong16> &&
              std::is_same_v<sycl::cl_half4, sycl::half4> &&
              std::is_same_v<sycl::cl_float4, sycl::float4> &&
              std::is_same_v<sycl::cl_double3, sycl::double3>);

namespace {

enum Op {
  Add,
  Sub,
  Mul,
  Div,
  AddScalar,
  ScalarSub,
  MulScalar,
  ScalarDiv,
  Negate,
  Compound,
  PostIncrement,
  PreIncrementTwice,
  PreDecrement,
  // Integers only.
  Mod,
  And,
  Or,
  Xor,
  ShiftLeft,
  ShiftRight,
  Not,
  AndScalar,
  ScalarXor,
  NumOps
};

enum MaskOp {
  Equal,
  NotEqual,
  Less,
  Greater,
  LessEqual,
  GreaterEqual,
  EqualScalar,
  ScalarLess,
  LogicalAnd,
  LogicalOr,
  LogicalNot,
  NumMaskOps
};

/// The signed integer of T's size: what vec comparisons give.
template <typename T>
using SignedOf = std::conditional_t<
    sizeof(T) == 1, int8_t,
    std::conditional_t<sizeof(T) == 2, int16_t,
                       std::conditional_t<sizeof(T) == 4, int32_t, int64_t>>>;

template <typename T, int N>
int runArith(sycl::queue &Q, const std::string &Name, size_t Items) {
  using V = sycl::vec<T, N>;
  using M = SignedOf<T>;
  static_assert(std::is_same_v<decltype(V() < V()), sycl::vec<M, N>>,
                "comparisons give vec<intK_t, N>");
  static_assert(std::is_trivially_copyable_v<V>, "vec is trivially copyable");
  constexpr bool Int = std::is_integral_v<T>;
  const size_t Len = Items * N;
  T *A = sycl::malloc_shared<T>(Len, Q), *B = sycl::malloc_shared<T>(Len, Q);
  T *S = sycl::malloc_shared<T>(Items, Q);
  T *Out = sycl::malloc_shared<T>(NumOps * Len, Q);
  M *MaskOut = sycl::malloc_shared<M>(NumMaskOps * Len, Q);
  for (size_t I = 0; I < Len; ++I) {
    A[I] = vecmath::input<T>(uint32_t(I), 1);
    B[I] = vecmath::input<T>(uint32_t(I), 2);
    if (B[I] == T(0))
      B[I] = T(3);
    // Every fifth pair equal, so == and <= see true.
    if (I % 5 == 0)
      B[I] = A[I] == T(0) ? T(3) : A[I];
  }
  for (size_t I = 0; I < Items; ++I) {
    S[I] = vecmath::input<T>(uint32_t(I), 3);
    if (S[I] == T(0))
      S[I] = T(5);
  }
  for (size_t I = 0; I < NumOps * Len; ++I)
    Out[I] = T(0);

  Q.parallel_for(sycl::range<1>(Items), [=](sycl::id<1> Id) {
     size_t I = Id[0];
     V X, Y;
     X.load(I, A);
     Y.load(I, B);
     const T Sc = S[I];
     auto Put = [&](int Op, const V &R) { R.store(Op * Items + I, Out); };
     auto PutMask = [&](int Op, const sycl::vec<M, N> &R) {
       R.store(Op * Items + I, MaskOut);
     };
     Put(Add, X + Y);
     Put(Sub, X - Y);
     Put(Mul, X * Y);
     Put(Div, X / Y);
     Put(AddScalar, X + Sc);
     Put(ScalarSub, Sc - X);
     Put(MulScalar, X * Sc);
     Put(ScalarDiv, Sc / Y);
     Put(Negate, -X);
     V C = X;
     C += Y;
     C *= Sc;
     C -= X;
     Put(Compound, C);
     V P = X;
     Put(PostIncrement, P++);
     ++P;
     Put(PreIncrementTwice, P);
     V D = X;
     Put(PreDecrement, --D);
     if constexpr (Int) {
       Put(Mod, X % Y);
       Put(And, X & Y);
       Put(Or, X | Y);
       Put(Xor, X ^ Y);
       // Non-negative operands and shifts below 8: defined in every type.
       Put(ShiftLeft, (X & T(63)) << (Y & T(7)));
       Put(ShiftRight, X >> (Y & T(7)));
       Put(Not, ~X);
       V E = X;
       E &= Sc;
       Put(AndScalar, E);
       Put(ScalarXor, Sc ^ X);
     }
     PutMask(Equal, X == Y);
     PutMask(NotEqual, X != Y);
     PutMask(Less, X < Y);
     PutMask(Greater, X > Y);
     PutMask(LessEqual, X <= Y);
     PutMask(GreaterEqual, X >= Y);
     PutMask(EqualScalar, X == Sc);
     PutMask(ScalarLess, Sc < Y);
     PutMask(LogicalAnd, X && Y);
     PutMask(LogicalOr, X || Y);
     PutMask(LogicalNot, !X);
   }).wait();

  std::vector<T> Want(NumOps * Len, T(0));
  std::vector<M> WantMask(NumMaskOps * Len);
  for (size_t I = 0; I < Items; ++I) {
    for (int K = 0; K < N; ++K) {
      size_t E = I * N + K;
      T X = A[E], Y = B[E], Sc = S[I];
      auto Set = [&](int Op, T R) { Want[Op * Len + E] = R; };
      auto SetMask = [&](int Op, bool R) {
        WantMask[Op * Len + E] = R ? M(-1) : M(0);
      };
      Set(Add, T(X + Y));
      Set(Sub, T(X - Y));
      Set(Mul, T(X * Y));
      Set(Div, T(X / Y));
      Set(AddScalar, T(X + Sc));
      Set(ScalarSub, T(Sc - X));
      Set(MulScalar, T(X * Sc));
      Set(ScalarDiv, T(Sc / Y));
      Set(Negate, T(-X));
      T C = T(X + Y);
      C = T(C * Sc);
      Set(Compound, T(C - X));
      Set(PostIncrement, X);
      Set(PreIncrementTwice, T(T(X + T(1)) + T(1)));
      Set(PreDecrement, T(X - T(1)));
      if constexpr (Int) {
        Set(Mod, T(X % Y));
        Set(And, T(X & Y));
        Set(Or, T(X | Y));
        Set(Xor, T(X ^ Y));
        Set(ShiftLeft, T(T(X & T(63)) << T(Y & T(7))));
        Set(ShiftRight, T(X >> T(Y & T(7))));
        Set(Not, T(~X));
        Set(AndScalar, T(X & Sc));
        Set(ScalarXor, T(Sc ^ X));
      }
      SetMask(Equal, X == Y);
      SetMask(NotEqual, X != Y);
      SetMask(Less, X < Y);
      SetMask(Greater, X > Y);
      SetMask(LessEqual, X <= Y);
      SetMask(GreaterEqual, X >= Y);
      SetMask(EqualScalar, X == Sc);
      SetMask(ScalarLess, Sc < Y);
      SetMask(LogicalAnd, X && Y);
      SetMask(LogicalOr, X || Y);
      SetMask(LogicalNot, !X);
    }
  }
  int Rc = vecmath::check((Name + " operators").c_str(), Out, Want);
  Rc |= vecmath::check((Name + " comparisons").c_str(), MaskOut, WantMask);
  sycl::free(A, Q);
  sycl::free(B, Q);
  sycl::free(S, Q);
  sycl::free(Out, Q);
  sycl::free(MaskOut, Q);
  return Rc;
}

} // namespace

int main() {
  sycl::queue Q;
  int Rc = 0;
  // Every size for int and float, in ranges that are not multiples of
  // anything.
  Rc |= runArith<int, 1>(Q, "int1", 37);
  Rc |= runArith<int, 2>(Q, "int2", 300);
  Rc |= runArith<int, 3>(Q, "int3", 37);
  Rc |= runArith<int, 4>(Q, "int4", 129);
  Rc |= runArith<int, 8>(Q, "int8", 37);
  Rc |= runArith<int, 16>(Q, "int16", 37);
  Rc |= runArith<float, 1>(Q, "float1", 37);
  Rc |= runArith<float, 2>(Q, "float2", 37);
  Rc |= runArith<float, 3>(Q, "float3", 301);
  Rc |= runArith<float, 4>(Q, "float4", 37);
  Rc |= runArith<float, 8>(Q, "float8", 37);
  Rc |= runArith<float, 16>(Q, "float16", 37);
  // Every other element type.
  Rc |= runArith<char, 8>(Q, "char8", 37);
  Rc |= runArith<signed char, 4>(Q, "schar4", 37);
  Rc |= runArith<unsigned char, 16>(Q, "uchar16", 37);
  Rc |= runArith<short, 3>(Q, "short3", 37);
  Rc |= runArith<unsigned short, 8>(Q, "ushort8", 37);
  Rc |= runArith<unsigned int, 4>(Q, "uint4", 37);
  Rc |= runArith<long, 2>(Q, "long2", 37);
  Rc |= runArith<unsigned long, 3>(Q, "ulong3", 37);
  Rc |= runArith<long long, 4>(Q, "longlong4", 37);
  Rc |= runArith<unsigned long long, 2>(Q, "ulonglong2", 37);
  Rc |= runArith<double, 2>(Q, "double2", 37);
  Rc |= runArith<double, 3>(Q, "double3", 37);
  Rc |= runArith<double, 4>(Q, "double4", 37);
  return Rc;
}
