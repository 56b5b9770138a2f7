// The SYCL integer built-ins (SYCL 2020 4.17.7) on every integer width, in
// kernels, on full-range inputs (so saturation, wrapping and the high halves
// of products all happen), called on scalars, on vec<T, 4> and swizzles and
// on marray<T, 4>; compared bit for bit with host references computed in
// 128-bit arithmetic and bit loops.
#include "vecmath.hpp"

#include <sycl/sycl.hpp>

#include <string>

namespace {

__extension__ typedef __int128 I128;
__extension__ typedef unsigned __int128 U128;

enum Func {
  Abs,
  AbsDiff,
  AddSat,
  Hadd,
  Rhadd,
  Clamp,
  Clz,
  Ctz,
  MadHi,
  MadSat,
  Max,
  Min,
  MulHi,
  Rotate,
  SubSat,
  Popcount,
  MaxScalar,
  ClampScalar,
  Mad24,
  Mul24,
  Upsample,
  NumFuncs
};
const char *const Names[NumFuncs] = {
    "abs",    "abs_diff", "add_sat",  "hadd",     "rhadd",  "clamp",
    "clz",    "ctz",      "mad_hi",   "mad_sat",  "max",    "min",
    "mul_hi", "rotate",   "sub_sat",  "popcount", "max (scalar)",
    "clamp (scalars)", "mad24", "mul24", "upsample"};

template <typename T> constexpr int Bits = int(sizeof(T)) * 8;

/// A full-range value, or (for mad24 and mul24) one of 24 bits.
template <typename T> T fullInput(uint32_t I, uint32_t Salt) {
  uint64_t H = uint64_t(vecmath::hash(I, Salt)) << 32 | vecmath::hash(I, ~Salt);
  // Some small values and extremes, where the edge cases are.
  switch (H % 11) {
  case 0:
    return std::numeric_limits<T>::max();
  case 1:
    return std::numeric_limits<T>::min();
  case 2:
    return T(H % 5);
  default:
    return T(H);
  }
}

template <typename T> T saturate(I128 X) {
  I128 Lo = I128(std::numeric_limits<T>::min());
  I128 Hi = I128(std::numeric_limits<T>::max());
  return T(X < Lo ? Lo : X > Hi ? Hi : X);
}

template <typename T> T referenceOf(int F, T A, T B, T C) {
  constexpr int W = Bits<T>;
  constexpr bool Signed = std::is_signed_v<T>;
  I128 X = I128(A), Y = I128(B), Z = I128(C);
  auto Product = [&]() {
    // Unsigned 64-bit products need all 128 bits.
    return Signed ? U128(X * Y) : U128(uint64_t(A)) * U128(uint64_t(B));
  };
  switch (F) {
  case Abs:
    return T(X < 0 ? -X : X);
  case AbsDiff:
    return T(X > Y ? X - Y : Y - X);
  case AddSat:
    return saturate<T>(X + Y);
  case Hadd:
    return T((X + Y) >> 1);
  case Rhadd:
    return T((X + Y + 1) >> 1);
  case Clamp: {
    T Lo = B < C ? B : C, Hi = B < C ? C : B;
    return A < Lo ? Lo : A > Hi ? Hi : A;
  }
  case Clz: {
    int N = 0;
    for (int Bit = W - 1; Bit >= 0 && !((U128(X) >> Bit) & 1); --Bit)
      ++N;
    return T(N);
  }
  case Ctz: {
    int N = 0;
    while (N < W && !((U128(X) >> N) & 1))
      ++N;
    return T(N);
  }
  case MadHi: {
    U128 P = Product();
    I128 High = Signed ? (I128(P) >> W) : I128(P >> W);
    return T(U128(High) + U128(Z));
  }
  case MadSat:
    if (Signed)
      return saturate<T>(X * Y + Z);
    else {
      U128 P = Product() + U128(uint64_t(C));
      U128 Max = U128(std::numeric_limits<T>::max());
      return T(P > Max ? Max : P);
    }
  case Max:
    return A < B ? B : A;
  case Min:
    return B < A ? B : A;
  case MulHi: {
    U128 P = Product();
    return T(Signed ? (I128(P) >> W) : I128(P >> W));
  }
  case Rotate: {
    U128 Mask = (U128(1) << W) - 1, V = U128(X) & Mask;
    for (int K = 0; K < int(U128(Y) & U128(W - 1)); ++K)
      V = ((V << 1) | (V >> (W - 1))) & Mask;
    return T(V);
  }
  case SubSat:
    return saturate<T>(X - Y);
  case Popcount: {
    int N = 0;
    for (int Bit = 0; Bit < W; ++Bit)
      N += int((U128(X) >> Bit) & 1);
    return T(N);
  }
  case MaxScalar:
    return A < T(5) ? T(5) : A;
  case ClampScalar:
    return A < T(3) ? T(3) : A > T(100) ? T(100) : A;
  case Mad24:
    return T(uint32_t(X * Y + Z));
  case Mul24:
    return T(uint32_t(X * Y));
  }
  return T(0);
}

/// Every function on T: scalars, vec<T, 4> (some through swizzles) and
/// marray<T, 4>. Returns 0 when all match.
template <typename T> int runInteger(sycl::queue &Q, const std::string &Name) {
  constexpr bool Is32 = sizeof(T) == 4;
  constexpr bool HasUpsample = sizeof(T) <= 4;
  using U = std::make_unsigned_t<T>;
  // upsample's result: twice as wide, signed like T.
  using Wide = std::conditional_t<
      sizeof(T) == 1, int16_t,
      std::conditional_t<sizeof(T) == 2, int32_t, int64_t>>;
  using Up = std::conditional_t<std::is_signed_v<T>, Wide,
                                std::make_unsigned_t<Wide>>;
  const size_t Items = 301, Len = Items * 4;
  T *A = sycl::malloc_shared<T>(3 * Len, Q);
  T *Out = sycl::malloc_shared<T>(3 * NumFuncs * Len, Q);
  Up *UpOut = sycl::malloc_shared<Up>(3 * Len, Q);
  for (size_t I = 0; I < 3 * Len; ++I)
    A[I] = fullInput<T>(uint32_t(I % Len), uint32_t(I / Len + 1));
  for (size_t I = 0; I < 3 * NumFuncs * Len; ++I)
    Out[I] = T(0);

  Q.parallel_for(sycl::range<1>(Items), [=](sycl::id<1> Id) {
     size_t I = Id[0];
     using V = sycl::vec<T, 4>;
     using MA = sycl::marray<T, 4>;
     V X, Y, Z;
     X.load(I, A);
     Y.load(Items + I, A);
     Z.load(2 * Items + I, A);
     // 24-bit operands for mad24 and mul24.
     V X24 = X & T(0x7FFFFF), Y24 = Y & T(0x7FFFFF);
     MA MX, MY, MZ;
     for (int K = 0; K < 4; ++K)
       MX[K] = X[K], MY[K] = Y[K], MZ[K] = Z[K];
     auto Put = [&](int Form, int F, int K, T R) {
       Out[((Form * NumFuncs + F) * Items + I) * 4 + K] = R;
     };
     auto PutV = [&](int F, const V &R) {
       for (int K = 0; K < 4; ++K)
         Put(1, F, K, R[K]);
     };
     auto PutM = [&](int F, const MA &R) {
       for (int K = 0; K < 4; ++K)
         Put(2, F, K, R[K]);
     };
     for (int K = 0; K < 4; ++K) {
       T A1 = X[K], B1 = Y[K], C1 = Z[K];
       Put(0, Abs, K, sycl::abs(A1));
       Put(0, AbsDiff, K, sycl::abs_diff(A1, B1));
       Put(0, AddSat, K, sycl::add_sat(A1, B1));
       Put(0, Hadd, K, sycl::hadd(A1, B1));
       Put(0, Rhadd, K, sycl::rhadd(A1, B1));
       Put(0, Clamp, K,
           sycl::clamp(A1, sycl::min(B1, C1), sycl::max(B1, C1)));
       Put(0, Clz, K, sycl::clz(A1));
       Put(0, Ctz, K, sycl::ctz(A1));
       Put(0, MadHi, K, sycl::mad_hi(A1, B1, C1));
       Put(0, MadSat, K, sycl::mad_sat(A1, B1, C1));
       Put(0, Max, K, sycl::max(A1, B1));
       Put(0, Min, K, sycl::min(A1, B1));
       Put(0, MulHi, K, sycl::mul_hi(A1, B1));
       Put(0, Rotate, K, sycl::rotate(A1, B1));
       Put(0, SubSat, K, sycl::sub_sat(A1, B1));
       Put(0, Popcount, K, sycl::popcount(A1));
       Put(0, MaxScalar, K, sycl::max(A1, T(5)));
       Put(0, ClampScalar, K, sycl::clamp(A1, T(3), T(100)));
       if constexpr (Is32) {
         Put(0, Mad24, K, sycl::mad24(T(X24[K]), T(Y24[K]), C1));
         Put(0, Mul24, K, sycl::mul24(T(X24[K]), T(Y24[K])));
       }
       if constexpr (HasUpsample)
         UpOut[I * 4 + K] = sycl::upsample(A1, U(B1));
     }
     PutV(Abs, sycl::abs(X));
     PutV(AbsDiff, sycl::abs_diff(X, Y));
     PutV(AddSat, sycl::add_sat(X.xyzw(), Y));
     PutV(Hadd, sycl::hadd(X, Y.xyzw()));
     PutV(Rhadd, sycl::rhadd(X, Y));
     PutV(Clamp, sycl::clamp(X, sycl::min(Y, Z), sycl::max(Y, Z)));
     PutV(Clz, sycl::clz(X));
     PutV(Ctz, sycl::ctz(X.wzyx()).wzyx());
     PutV(MadHi, sycl::mad_hi(X, Y, Z));
     PutV(MadSat, sycl::mad_sat(X, Y, Z));
     PutV(Max, sycl::max(X, Y));
     PutV(Min, sycl::min(X, Y));
     PutV(MulHi, sycl::mul_hi(X, Y));
     PutV(Rotate, sycl::rotate(X, Y));
     PutV(SubSat, sycl::sub_sat(X, Y));
     PutV(Popcount, sycl::popcount(X));
     PutV(MaxScalar, sycl::max(X, T(5)));
     PutV(ClampScalar, sycl::clamp(X, T(3), T(100)));
     if constexpr (Is32) {
       PutV(Mad24, sycl::mad24(X24, Y24, Z));
       PutV(Mul24, sycl::mul24(X24, Y24));
     }
     if constexpr (HasUpsample) {
       sycl::vec<Up, 4> R = sycl::upsample(X, Y.template convert<U>());
       R.store(Items + I, UpOut);
     }
     PutM(Abs, sycl::abs(MX));
     PutM(AbsDiff, sycl::abs_diff(MX, MY));
     PutM(AddSat, sycl::add_sat(MX, MY));
     PutM(Hadd, sycl::hadd(MX, MY));
     PutM(Rhadd, sycl::rhadd(MX, MY));
     PutM(Clamp, sycl::clamp(MX, sycl::min(MY, MZ), sycl::max(MY, MZ)));
     PutM(Clz, sycl::clz(MX));
     PutM(Ctz, sycl::ctz(MX));
     PutM(MadHi, sycl::mad_hi(MX, MY, MZ));
     PutM(MadSat, sycl::mad_sat(MX, MY, MZ));
     PutM(Max, sycl::max(MX, MY));
     PutM(Min, sycl::min(MX, MY));
     PutM(MulHi, sycl::mul_hi(MX, MY));
     PutM(Rotate, sycl::rotate(MX, MY));
     PutM(SubSat, sycl::sub_sat(MX, MY));
     PutM(Popcount, sycl::popcount(MX));
     PutM(MaxScalar, sycl::max(MX, T(5)));
     PutM(ClampScalar, sycl::clamp(MX, T(3), T(100)));
     if constexpr (HasUpsample) {
       sycl::marray<U, 4> MU;
       for (int K = 0; K < 4; ++K)
         MU[K] = U(MY[K]);
       sycl::marray<Up, 4> R = sycl::upsample(MX, MU);
       for (int K = 0; K < 4; ++K)
         UpOut[(2 * Items + I) * 4 + K] = R[K];
     }
   }).wait();

  int Rc = 0;
  const char *Forms[3] = {"scalar", "vec", "marray"};
  for (int Form = 0; Form < 3; ++Form)
    for (int F = 0; F < Upsample; ++F) {
      if ((F == Mad24 || F == Mul24) && (!Is32 || Form == 2))
        continue;
      std::vector<T> Want(Len);
      for (size_t E = 0; E < Len; ++E) {
        T X = A[E], Y = A[Len + E], Z = A[2 * Len + E];
        if (F == Mad24 || F == Mul24)
          X = T(X & T(0x7FFFFF)), Y = T(Y & T(0x7FFFFF));
        Want[E] = referenceOf<T>(F, X, Y, Z);
      }
      std::string Label = Name + " " + Names[F] + " (" + Forms[Form] + ")";
      Rc |= vecmath::check(Label.c_str(),
                           Out + (Form * NumFuncs + F) * Len, Want);
    }
  if constexpr (HasUpsample) {
    std::vector<Up> Want(3 * Len);
    for (size_t E = 0; E < 3 * Len; ++E) {
      size_t S = E % Len;
      Want[E] = Up((U128(U(A[S])) << Bits<T>) | U128(U(A[Len + S])));
    }
    Rc |= vecmath::check((Name + " upsample").c_str(), UpOut, Want);
  }
  sycl::free(A, Q);
  sycl::free(Out, Q);
  sycl::free(UpOut, Q);
  return Rc;
}

} // namespace

int main() {
  sycl::queue Q;
  int Rc = 0;
  Rc |= runInteger<signed char>(Q, "char");
  Rc |= runInteger<unsigned char>(Q, "uchar");
  Rc |= runInteger<short>(Q, "short");
  Rc |= runInteger<unsigned short>(Q, "ushort");
  Rc |= runInteger<int>(Q, "int");
  Rc |= runInteger<unsigned>(Q, "uint");
  Rc |= runInteger<long>(Q, "long");
  Rc |= runInteger<unsigned long>(Q, "ulong");
  return Rc;
}
