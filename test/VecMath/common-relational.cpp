// The common (SYCL 2020 4.17.8), geometric (4.17.9) and relational (4.17.10)
// built-ins in kernels, in float and double, on scalars, vecs, swizzles and
// marrays, against host references that do the same arithmetic in the same
// order (so they agree bit for bit; degrees and radians within an ulp of a
// long-double constant). Relational results: bool on scalars, -1 / 0 in
// vec<intK_t, N>, marray<bool, N> on marrays.
#include "vecmath.hpp"

#include <sycl/sycl.hpp>

#include <string>

namespace {

using LD = long double;
constexpr LD PiL = 3.14159265358979323846264338327950288L;

/// The results each work-item writes, in order, for one set of inputs.
/// Shared by the kernel (through sycl::) and the host (by hand) so that
/// both emit the same sequence.
enum Slot {
  ClampV,
  ClampS,
  Degrees,
  Radians,
  MaxV,
  MinS,
  MixV,
  MixS,
  StepV,
  StepS,
  SmoothV,
  SmoothS,
  Sign,
  Cross3,
  Cross4,
  Dot1,
  Dot2,
  Dot3,
  Dot4,
  DotSwizzle,
  Length,
  Distance,
  Normalize,
  NormalizeZero,
  FastLength,
  FastDistance,
  FastNormalize,
  BitselectV,
  SelectV,
  SelectM,
  SelectS,
  NumSlots
};

/// Relational slots (ints: -1 / 0 for vecs, 1 / 0 for bools).
enum RelSlot {
  IsEqual,
  IsNotEqual,
  IsGreater,
  IsGreaterEqual,
  IsLess,
  IsLessEqual,
  IsLessGreater,
  IsOrdered,
  IsUnordered,
  IsFinite,
  IsInf,
  IsNan,
  IsNormal,
  SignBit,
  IsLessM,
  IsNanM,
  IsLessS,
  SignBitS,
  AnyV,
  AllV,
  AnyM,
  AllM,
  AnyS,
  NumRelSlots
};

constexpr int Width = 4;

template <typename T> T clampRef(T X, T Lo, T Hi) {
  return std::fmin(std::fmax(X, Lo), Hi);
}
template <typename T> T mixRef(T X, T Y, T A) {
  T Diff = Y - X;
  T Scaled = Diff * A;
  return X + Scaled;
}
template <typename T> T smoothRef(T E0, T E1, T X) {
  T Num = X - E0, Den = E1 - E0;
  T S = clampRef(Num / Den, T(0), T(1));
  T Twice = T(2) * S;
  T Poly = T(3) - Twice;
  T Square = S * S;
  return Square * Poly;
}
template <typename T> T dotRef(const T *A, const T *B, int N) {
  T Sum = A[0] * B[0];
  for (int I = 1; I < N; ++I) {
    T Product = A[I] * B[I];
    Sum += Product;
  }
  return Sum;
}
/// p / length(p), or p itself when the length is zero; with infinite
/// elements (and no NaN) their direction alone, as OpenCL 1.2 7.5.1 says.
template <typename T> void normalizeRef(const T *P, T *Out) {
  int Infinities = 0;
  bool Nan = false;
  for (int K = 0; K < Width; ++K)
    Infinities += std::isinf(P[K]), Nan |= std::isnan(P[K]);
  if (Infinities && !Nan) {
    for (int K = 0; K < Width; ++K)
      Out[K] = std::isinf(P[K])
                   ? std::copysign(T(1), P[K]) / std::sqrt(T(Infinities))
                   : P[K] * T(0);
    return;
  }
  T Length = std::sqrt(dotRef(P, P, Width));
  for (int K = 0; K < Width; ++K)
    Out[K] = Length == 0 ? P[K] : P[K] / Length;
}

template <typename T> int runCommon(sycl::queue &Q, const std::string &Name) {
  using V = sycl::vec<T, Width>;
  using MA = sycl::marray<T, Width>;
  using M = std::conditional_t<sizeof(T) == 4, int32_t, int64_t>;
  using IV = sycl::vec<M, Width>;
  const size_t Items = 257;
  const size_t Len = Items * Width;
  T *In = sycl::malloc_shared<T>(4 * Len, Q);
  M *Masks = sycl::malloc_shared<M>(Len, Q);
  T *Out = sycl::malloc_shared<T>(NumSlots * Len, Q);
  M *RelOut = sycl::malloc_shared<M>(NumRelSlots * Len, Q);
  for (size_t I = 0; I < 4 * Len; ++I) {
    In[I] = vecmath::input<T>(uint32_t(I), 21);
    uint32_t H = vecmath::hash(uint32_t(I), 22);
    // Some equal pairs, zeros, infinities, NaNs and subnormals.
    if (H % 9 == 0 && I >= Len)
      In[I] = In[I - Len];
    else if (H % 23 == 0)
      In[I] = T(0);
    else if (H % 29 == 0)
      In[I] = std::numeric_limits<T>::infinity();
    else if (H % 31 == 0)
      In[I] = -std::numeric_limits<T>::quiet_NaN();
    else if (H % 37 == 0)
      In[I] = std::numeric_limits<T>::denorm_min();
  }
  for (size_t I = 0; I < Len; ++I)
    Masks[I] = M(uint64_t(vecmath::hash(uint32_t(I), 23)) << 32 |
                 vecmath::hash(uint32_t(I), 24));
  for (size_t I = 0; I < NumSlots * Len; ++I)
    Out[I] = T(0);
  for (size_t I = 0; I < NumRelSlots * Len; ++I)
    RelOut[I] = M(7);

  Q.parallel_for(sycl::range<1>(Items), [=](sycl::id<1> Id) {
     size_t I = Id[0];
     V A, B, C, D;
     A.load(I, In);
     B.load(Items + I, In);
     C.load(2 * Items + I, In);
     D.load(3 * Items + I, In);
     IV Mask;
     Mask.load(I, Masks);
     MA MAa, MAb;
     for (int K = 0; K < Width; ++K)
       MAa[K] = A[K], MAb[K] = B[K];
     auto Put = [&](int S, const V &R) { R.store(S * Items + I, Out); };
     auto PutScalar = [&](int S, T R) { Out[(S * Items + I) * Width] = R; };
     auto PutRel = [&](int S, const IV &R) { R.store(S * Items + I, RelOut); };
     auto PutRelM = [&](int S, const sycl::marray<bool, Width> &R) {
       for (int K = 0; K < Width; ++K)
         RelOut[(S * Items + I) * Width + K] = R[K];
     };
     auto PutRelScalar = [&](int S, int R) {
       RelOut[(S * Items + I) * Width] = R;
     };
     // Common functions.
     V Lo = sycl::fmin(B, C), Hi = sycl::fmax(B, C);
     Put(ClampV, sycl::clamp(A, Lo, Hi));
     Put(ClampS, sycl::clamp(A, T(-1), T(2)));
     Put(Degrees, sycl::degrees(A));
     Put(Radians, sycl::radians(A));
     Put(MaxV, sycl::max(A, B));
     Put(MinS, sycl::min(A, T(0.5)));
     Put(MixV, sycl::mix(A, B, C));
     Put(MixS, sycl::mix(A, B, T(0.25)));
     Put(StepV, sycl::step(B, A));
     Put(StepS, sycl::step(T(0), A));
     Put(SmoothV, sycl::smoothstep(Lo, Lo + T(1), A));
     Put(SmoothS, sycl::smoothstep(T(-1), T(3), A));
     Put(Sign, sycl::sign(A));
     // Geometric functions.
     sycl::vec<T, 3> A3 = A.xyz(), B3 = B.xyz();
     Put(Cross3, V(sycl::cross(A3, B3), T(0)));
     Put(Cross4, sycl::cross(A, B));
     PutScalar(Dot1, sycl::dot(A.x(), B.x()));
     PutScalar(Dot2, sycl::dot(A.xy(), B.xy()));
     PutScalar(Dot3, sycl::dot(A3, B3));
     PutScalar(Dot4, sycl::dot(A, B));
     PutScalar(DotSwizzle, sycl::dot(A.wzyx(), B));
     PutScalar(Length, sycl::length(A));
     PutScalar(Distance, sycl::distance(A3, B3));
     Put(Normalize, sycl::normalize(A));
     Put(NormalizeZero, sycl::normalize(A * T(0)));
     if constexpr (std::is_same_v<T, float>) {
       PutScalar(FastLength, sycl::fast_length(A));
       PutScalar(FastDistance, sycl::fast_distance(A, B));
       Put(FastNormalize, sycl::fast_normalize(A));
     }
     // bitselect and select.
     Put(BitselectV, sycl::bitselect(A, B, C));
     Put(SelectV, sycl::select(A, B, Mask));
     MA Picked = sycl::select(MAa, MAb, MAa < MAb);
     Put(SelectM, V(Picked[0], Picked[1], Picked[2], Picked[3]));
     PutScalar(SelectS, sycl::select(A.x(), B.x(), A.y() < B.y()));
     // Relational functions.
     PutRel(IsEqual, sycl::isequal(A, B));
     PutRel(IsNotEqual, sycl::isnotequal(A, B));
     PutRel(IsGreater, sycl::isgreater(A, B));
     PutRel(IsGreaterEqual, sycl::isgreaterequal(A, B));
     PutRel(IsLess, sycl::isless(A, B));
     PutRel(IsLessEqual, sycl::islessequal(A, B));
     PutRel(IsLessGreater, sycl::islessgreater(A, B));
     PutRel(IsOrdered, sycl::isordered(A, B));
     PutRel(IsUnordered, sycl::isunordered(A, B));
     PutRel(IsFinite, sycl::isfinite(A));
     PutRel(IsInf, sycl::isinf(A));
     PutRel(IsNan, sycl::isnan(A.xyzw()));
     PutRel(IsNormal, sycl::isnormal(A));
     PutRel(SignBit, sycl::signbit(A));
     PutRelM(IsLessM, sycl::isless(MAa, MAb));
     PutRelM(IsNanM, sycl::isnan(MAa));
     PutRelScalar(IsLessS, sycl::isless(A.x(), B.x()));
     PutRelScalar(SignBitS, sycl::signbit(A.x()));
     PutRelScalar(AnyV, sycl::any(Mask));
     PutRelScalar(AllV, sycl::all(Mask | IV(M(Mask[0] < 0 ? -1 : 0))));
     PutRelScalar(AnyM, sycl::any(MAa < MAb));
     PutRelScalar(AllM, sycl::all(MAa < MAb));
     PutRelScalar(AnyS, sycl::any(M(Mask[1])));
   }).wait();

  std::vector<T> Want(NumSlots * Len, T(0));
  std::vector<M> WantRel(NumRelSlots * Len, M(7));
  for (size_t I = 0; I < Items; ++I) {
    const T *A = In + I * Width, *B = In + Len + I * Width;
    const T *C = In + 2 * Len + I * Width;
    const M *Mask = Masks + I * Width;
    auto Set = [&](int S, int K, T R) { Want[(S * Items + I) * Width + K] = R; };
    auto SetRel = [&](int S, int K, M R) {
      WantRel[(S * Items + I) * Width + K] = R;
    };
    auto Truth = [](bool B) { return B ? M(-1) : M(0); };
    for (int K = 0; K < Width; ++K) {
      T X = A[K], Y = B[K], Z = C[K];
      T Lo = std::fmin(Y, Z), Hi = std::fmax(Y, Z);
      Set(ClampV, K, clampRef(X, Lo, Hi));
      Set(ClampS, K, clampRef(X, T(-1), T(2)));
      Set(Degrees, K, T(LD(X) * (180 / PiL)));
      Set(Radians, K, T(LD(X) * (PiL / 180)));
      Set(MaxV, K, X < Y ? Y : X);
      Set(MinS, K, T(0.5) < X ? T(0.5) : X);
      Set(MixV, K, mixRef(X, Y, Z));
      Set(MixS, K, mixRef(X, Y, T(0.25)));
      Set(StepV, K, X < Y ? T(0) : T(1));
      Set(StepS, K, X < T(0) ? T(0) : T(1));
      Set(SmoothV, K, smoothRef(Lo, T(Lo + T(1)), X));
      Set(SmoothS, K, smoothRef(T(-1), T(3), X));
      Set(Sign, K, X > 0 ? T(1) : X < 0 ? T(-1) : X == X ? X : T(0));
      Set(BitselectV, K, [&] {
        M Bits, BBits, CBits;
        std::memcpy(&Bits, &X, sizeof(T));
        std::memcpy(&BBits, &Y, sizeof(T));
        std::memcpy(&CBits, &Z, sizeof(T));
        M R = (Bits & ~CBits) | (BBits & CBits);
        T Res;
        std::memcpy(&Res, &R, sizeof(T));
        return Res;
      }());
      Set(SelectV, K, Mask[K] < 0 ? Y : X);
      Set(SelectM, K, X < Y ? Y : X);
      SetRel(IsEqual, K, Truth(X == Y));
      SetRel(IsNotEqual, K, Truth(X != Y));
      SetRel(IsGreater, K, Truth(X > Y));
      SetRel(IsGreaterEqual, K, Truth(X >= Y));
      SetRel(IsLess, K, Truth(X < Y));
      SetRel(IsLessEqual, K, Truth(X <= Y));
      SetRel(IsLessGreater, K, Truth(X < Y || X > Y));
      SetRel(IsOrdered, K, Truth(X == X && Y == Y));
      SetRel(IsUnordered, K, Truth(X != X || Y != Y));
      SetRel(IsFinite, K, Truth(std::isfinite(X)));
      SetRel(IsInf, K, Truth(std::isinf(X)));
      SetRel(IsNan, K, Truth(std::isnan(X)));
      SetRel(IsNormal, K, Truth(std::isnormal(X)));
      SetRel(SignBit, K, Truth(std::signbit(X)));
      SetRel(IsLessM, K, X < Y);
      SetRel(IsNanM, K, std::isnan(X));
    }
    auto Cross = [&](int S) {
      for (int K = 0; K < 3; ++K) {
        int J = (K + 1) % 3, L = (K + 2) % 3;
        T Left = A[J] * B[L];
        T Right = A[L] * B[J];
        Set(S, K, Left - Right);
      }
    };
    Cross(Cross3);
    Cross(Cross4);
    Set(Dot1, 0, A[0] * B[0]);
    Set(Dot2, 0, dotRef(A, B, 2));
    Set(Dot3, 0, dotRef(A, B, 3));
    Set(Dot4, 0, dotRef(A, B, 4));
    T Reversed[Width] = {A[3], A[2], A[1], A[0]};
    Set(DotSwizzle, 0, dotRef(Reversed, B, 4));
    T Len4 = std::sqrt(dotRef(A, A, 4));
    Set(Length, 0, Len4);
    T Diff[3] = {T(A[0] - B[0]), T(A[1] - B[1]), T(A[2] - B[2])};
    Set(Distance, 0, std::sqrt(dotRef(Diff, Diff, 3)));
    T Scaled[Width], Zeros[Width], Unit[Width], ZeroUnit[Width];
    for (int K = 0; K < Width; ++K)
      Scaled[K] = A[K], Zeros[K] = A[K] * T(0);
    normalizeRef(Scaled, Unit);
    normalizeRef(Zeros, ZeroUnit);
    for (int K = 0; K < Width; ++K) {
      Set(Normalize, K, Unit[K]);
      Set(NormalizeZero, K, ZeroUnit[K]);
    }
    if constexpr (std::is_same_v<T, float>) {
      Set(FastLength, 0, Len4);
      T D4[Width] = {T(A[0] - B[0]), T(A[1] - B[1]), T(A[2] - B[2]),
                     T(A[3] - B[3])};
      Set(FastDistance, 0, std::sqrt(dotRef(D4, D4, 4)));
      T Sum = dotRef(A, A, 4);
      T Scale = T(1) / std::sqrt(Sum);
      for (int K = 0; K < Width; ++K)
        Set(FastNormalize, K, Sum == 0 ? A[K] : A[K] * Scale);
    }
    Set(SelectS, 0, A[1] < B[1] ? B[0] : A[0]);
    SetRel(IsLessS, 0, A[0] < B[0]);
    SetRel(SignBitS, 0, std::signbit(A[0]));
    bool AnyNeg = false, AllNeg = true, AnyLess = false, AllLess = true;
    for (int K = 0; K < Width; ++K) {
      AnyNeg = AnyNeg || Mask[K] < 0;
      AllNeg = AllNeg && (Mask[K] < 0 || Mask[0] < 0);
      AnyLess = AnyLess || A[K] < B[K];
      AllLess = AllLess && A[K] < B[K];
    }
    SetRel(AnyV, 0, AnyNeg);
    SetRel(AllV, 0, AllNeg);
    SetRel(AnyM, 0, AnyLess);
    SetRel(AllM, 0, AllLess);
    SetRel(AnyS, 0, Mask[1] < 0);
  }
  // Degrees and radians: within an ulp of the long-double product.
  int Rc = 0;
  for (int S : {Degrees, Radians})
    for (size_t E = 0; E < Len; ++E) {
      T &G = Out[S * Len + E], &W = Want[S * Len + E];
      if (vecmath::ulps(G, W) <= 1)
        G = W;
    }
  Rc |= vecmath::check((Name + " common and geometric").c_str(), Out, Want);
  Rc |= vecmath::check((Name + " relational").c_str(), RelOut, WantRel);
  sycl::free(In, Q);
  sycl::free(Masks, Q);
  sycl::free(Out, Q);
  sycl::free(RelOut, Q);
  return Rc;
}

} // namespace

/// length, distance and normalize of vectors whose squares overflow or
/// fall below the normal numbers (3-4-5 triangles scaled by powers of
/// two, exactly): the results are the unscaled ones, scaled back.
template <typename T> int runGeometricRange(sycl::queue &Q, const char *Name) {
  using V2 = sycl::vec<T, 2>;
  constexpr bool F = sizeof(T) == 4;
  // Beyond the square root of the largest number, below that of the
  // smallest normal one, then near the largest and among the subnormals.
  const int Exps[] = {F ? 100 : 900, F ? -100 : -900, F ? -135 : -1060,
                      F ? 124 : 1020, F ? -149 : -1074};
  constexpr int Cases = 5, PerCase = 5;
  T *Out = sycl::malloc_shared<T>(Cases * PerCase, Q);
  int *E = sycl::malloc_shared<int>(Cases, Q);
  std::copy(std::begin(Exps), std::end(Exps), E);
  Q.parallel_for(sycl::range<1>(Cases), [=](sycl::id<1> I) {
     T S = std::ldexp(T(1), E[I]);
     V2 P(T(3) * S, T(4) * S);
     T *O = Out + I * PerCase;
     O[0] = sycl::length(P);
     O[1] = sycl::distance(P, -P);
     V2 U = sycl::normalize(P);
     O[2] = U[0], O[3] = U[1];
     O[4] = sycl::length(sycl::vec<T, 3>(T(0), T(4) * S, T(3) * S));
   }).wait();
  int Bad = 0;
  for (int C = 0; C < Cases; ++C) {
    T S = std::ldexp(T(1), Exps[C]);
    T Want[PerCase] = {T(5) * S, T(10) * S, T(3) / T(5), T(4) / T(5), T(5) * S};
    for (int K = 0; K < PerCase; ++K)
      if (!vecmath::sameBits(Out[C * PerCase + K], Want[K]) && Bad++ < 8)
        std::printf("  %s range case 2^%d [%d]: got %.17g, want %.17g\n", Name,
                    Exps[C], K, double(Out[C * PerCase + K]), double(Want[K]));
  }
  std::printf("%s geometric out of range: %s\n", Name, Bad ? "FAIL" : "OK");
  sycl::free(Out, Q);
  sycl::free(E, Q);
  return Bad ? 1 : 0;
}

int main() {
  sycl::queue Q;
  int Rc = runCommon<float>(Q, "float");
  Rc |= runCommon<double>(Q, "double");
  Rc |= runGeometricRange<float>(Q, "float");
  Rc |= runGeometricRange<double>(Q, "double");
  return Rc;
}
