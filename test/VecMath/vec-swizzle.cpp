// sycl::vec construction, element access and swizzles in a kernel, against
// the same steps on plain arrays on the host: element-list constructors
// mixing scalars, vecs and swizzles; x() ... w(), r() ... a(), s0() ... sF();
// two-, three- and four-letter swizzles, swizzle<...>(), lo/hi/odd/even for
// every size, swizzles of swizzles, swizzles in arithmetic and comparisons,
// and swizzles as assignment targets (including permutations of the vec
// itself). Also the layout guarantees: vec<T, 3> has the size and alignment
// of four elements.
//
// A second kernel, on int vecs, checks sycl::elem as swizzle<...>()
// indices, every operator with a writable swizzle as an operand (binary on
// either side, unary, comparisons, logical), every compound assignment and
// ++ and -- (prefix and postfix) through a swizzle, which must write the
// selected elements back; also ++ and -- on swizzles of half vecs.
#include "vecmath.hpp"

#include <sycl/sycl.hpp>

#include <array>

// Layout: N elements, three take the room of four, aligned to the size.
#define CHECK_LAYOUT(T)                                                        \
  static_assert(sizeof(sycl::vec<T, 1>) == sizeof(T), "vec<T, 1> size");       \
  static_assert(sizeof(sycl::vec<T, 2>) == 2 * sizeof(T), "vec<T, 2> size");   \
  static_assert(sizeof(sycl::vec<T, 3>) == 4 * sizeof(T), "vec<T, 3> size");   \
  static_assert(alignof(sycl::vec<T, 3>) == 4 * sizeof(T), "vec<T, 3> align"); \
  static_assert(sizeof(sycl::vec<T, 16>) == 16 * sizeof(T), "vec<T, 16>");     \
  static_assert(alignof(sycl::vec<T, 16>) == 16 * sizeof(T), "vec<T, 16>");    \
  static_assert(sycl::vec<T, 3>::byte_size() == 4 * sizeof(T), "byte_size");   \
  static_assert(sycl::vec<T, 3>::size() == 3, "size");                         \
  static_assert(std::is_trivially_copyable_v<sycl::vec<T, 3>>, "copyable");
CHECK_LAYOUT(char)
CHECK_LAYOUT(unsigned char)
CHECK_LAYOUT(short)
CHECK_LAYOUT(int)
CHECK_LAYOUT(long)
CHECK_LAYOUT(unsigned long long)
CHECK_LAYOUT(float)
CHECK_LAYOUT(double)
static_assert(std::is_same_v<sycl::float4::element_type, float>, "");
static_assert(std::is_same_v<sycl::uchar16, sycl::vec<uint8_t, 16>>, "");
static_assert(std::is_same_v<sycl::long2, sycl::vec<int64_t, 2>>, "");
static_assert(sycl::int3::get_count() == 3 && sycl::int3::get_size() == 16,
              "SYCL 1.2.1 size queries");
static_assert(std::is_same_v<decltype(sycl::vec(1.0f, 2.0f, 3.0f)),
                             sycl::float3>,
              "deduction guide");
static_assert(sycl::elem::x == 0 && sycl::elem::y == 1 && sycl::elem::z == 2 &&
                  sycl::elem::w == 3 && sycl::elem::r == 0 &&
                  sycl::elem::g == 1 && sycl::elem::b == 2 &&
                  sycl::elem::a == 3 && sycl::elem::s0 == 0 &&
                  sycl::elem::s7 == 7 && sycl::elem::s9 == 9 &&
                  sycl::elem::sA == 10 && sycl::elem::sF == 15,
              "sycl::elem");

namespace {

constexpr int Inputs = 16;

/// The host side: the same operations on plain arrays.
struct Recorder {
  std::vector<float> &Out;
  template <size_t N> void emit(const std::array<float, N> &V) {
    for (float X : V)
      Out.push_back(X);
  }
  void emit(float X) { Out.push_back(X); }
};

template <typename... F> std::array<float, sizeof...(F)> arr(F... X) {
  return {float(X)...};
}
template <size_t N, typename... I>
std::array<float, sizeof...(I)> pick(const std::array<float, N> &V,
                                     I... Index) {
  return {V[Index]...};
}
template <size_t N>
std::array<float, N> add(std::array<float, N> A, const std::array<float, N> &B) {
  for (size_t I = 0; I < N; ++I)
    A[I] += B[I];
  return A;
}

/// What each work-item emits, computed on the host from its 16 inputs.
std::vector<float> reference(const float *In) {
  std::vector<float> Out;
  Recorder R{Out};
  std::array<float, 4> V{In[0], In[1], In[2], In[3]};
  std::array<float, 4> W{In[4], In[5], In[6], In[7]};
  std::array<float, 16> L;
  for (int I = 0; I < 16; ++I)
    L[I] = In[I];
  // Constructors.
  R.emit(arr(In[0], In[1], In[2], In[3]));
  R.emit(std::array<float, 4>{V[1], V[0], In[8], In[9]});
  R.emit(std::array<float, 4>{In[8], V[2], V[1], V[0]});
  R.emit(std::array<float, 4>{V[0], V[1], W[2], W[3]});
  R.emit(std::array<float, 4>{In[5], In[5], In[5], In[5]});
  R.emit(std::array<float, 8>{V[0], V[1], V[2], V[3], W[1], W[0], In[10],
                              In[11]});
  // Element access.
  R.emit(arr(V[0], V[1], V[2], V[3]));
  R.emit(arr(V[0], V[1], V[2], V[3]));
  R.emit(L);
  // Reading swizzles.
  R.emit(pick(V, 1, 0));
  R.emit(pick(V, 2, 1, 0));
  R.emit(pick(V, 3, 2, 1, 0));
  R.emit(pick(V, 0, 0, 1, 1));
  R.emit(pick(V, 3, 3));
  R.emit(pick(V, 2, 0, 3, 1));
  R.emit(pick(V, 1, 2, 3));
  R.emit(pick(V, 0, 1, 3));
  R.emit(pick(V, 3, 2));
  R.emit(pick(V, 2, 1));
  R.emit(pick(pick(V, 3, 2, 1, 0), 1, 0));
  R.emit(pick(pick(V, 3, 1, 2), 2, 2, 0));
  // lo / hi / odd / even, every size (three: the fourth slot is zero).
  std::array<float, 4> T3{In[0], In[1], In[2], 0.0f};
  R.emit(pick(V, 0, 1));
  R.emit(pick(V, 2, 3));
  R.emit(pick(V, 0, 2));
  R.emit(pick(V, 1, 3));
  R.emit(pick(T3, 0, 1));
  R.emit(pick(T3, 2, 3));
  R.emit(pick(T3, 0, 2));
  R.emit(pick(T3, 1, 3));
  R.emit(pick(L, 8, 9, 10, 11, 12, 13, 14, 15));
  R.emit(pick(L, 1, 3, 5, 7, 9, 11, 13, 15));
  R.emit(pick(L, 0, 1));
  R.emit(pick(V, 1));
  // Swizzles in arithmetic.
  R.emit(add(pick(V, 0, 1), pick(W, 2, 3)));
  std::array<float, 3> Scaled = pick(V, 2, 1, 0);
  for (float &X : Scaled)
    X *= 2.0f;
  R.emit(Scaled);
  R.emit(arr(-V[1], -V[0]));
  R.emit(arr(V[0] < W[0] ? -1.0f : 0.0f, V[1] < W[1] ? -1.0f : 0.0f));
  R.emit(arr(1.0f - V[3], 1.0f - V[2]));
  R.emit(V[0] + V[3]);
  // Writing swizzles.
  std::array<float, 4> X = V;
  X[0] = W[0];
  X[1] = W[1];
  R.emit(X);
  X[3] = In[12];
  X[2] = In[12];
  R.emit(X);
  X[1] += W[3];
  X[0] += W[2];
  R.emit(X);
  X = {X[3], X[2], X[1], X[0]};
  R.emit(X);
  X[1] = X[0];
  X[3] = X[2];
  R.emit(X);
  X[0] *= 2.0f;
  X[1] *= 2.0f;
  R.emit(X);
  X[2] = In[13];
  X[0] = In[14];
  R.emit(X);
  X[3] = In[15];
  R.emit(X);
  std::array<float, 4> Y = V;
  std::swap(Y[0], Y[1]);
  R.emit(Y);
  std::array<float, 16> M = L;
  for (int I = 0; I < 8; ++I)
    M[8 + I] = L[I];
  R.emit(M);
  R.emit(In[6]);
  return Out;
}

using Int2 = std::array<int, 2>;
using Int4 = std::array<int, 4>;

/// Elements \p I and \p J of \p A.
Int2 two(const Int4 &A, int I, int J) { return {A[I], A[J]}; }
template <typename Op> Int2 map(const Int2 &A, const Int2 &B, Op F) {
  return {F(A[0], B[0]), F(A[1], B[1])};
}
Int2 splat(int X) { return {X, X}; }
int mask(bool B) { return B ? -1 : 0; }

/// What the int kernel emits for one work-item's 16 inputs.
std::vector<int> intReference(const int *In) {
  std::vector<int> Out;
  auto Emit = [&Out](const auto &Values) {
    Out.insert(Out.end(), std::begin(Values), std::end(Values));
  };
  const Int4 V{In[0], In[1], In[2], In[3]};
  const Int4 W{In[4], In[5], In[6], In[7]};
  const Int2 D{3, -5};
  // sycl::elem.
  Emit(two(V, 3, 0));
  Emit(Int4{V[2], V[1], V[3], V[0]});
  Emit(Int4{In[15], In[0], In[10], In[5]});
  Emit(two(V, 2, 1));
  // Binary operators: swizzle and swizzle, vec or scalar, either side.
  Emit(map(two(V, 0, 1), two(W, 2, 3), std::plus<int>()));
  Emit(map(two(V, 0, 1), splat(7), std::minus<int>()));
  Emit(map(splat(7), two(V, 1, 0), std::minus<int>()));
  Emit(map(two(V, 0, 1), two(W, 3, 2), std::multiplies<int>()));
  Emit(map(two(V, 2, 3), D, std::divides<int>()));
  Emit(map(two(V, 2, 3), D, std::modulus<int>()));
  Emit(map(splat(100), Int2{W[1] | 1, W[0] | 1}, std::divides<int>()));
  Emit(map(two(V, 0, 1), two(W, 2, 3), std::bit_and<int>()));
  Emit(map(two(V, 0, 1), splat(6), std::bit_or<int>()));
  Emit(map(splat(6), two(V, 2, 3), std::bit_xor<int>()));
  const Int4 U{V[0] & 0xFF, V[1] & 0xFF, V[2] & 0xFF, V[3] & 0xFF};
  Emit(Int2{U[0] << 1, U[1] << 3});
  Emit(Int2{U[2] >> 2, U[3] >> 2});
  Emit(Int2{1 << (U[3] & 7), 1 << (U[2] & 7)});
  Emit(map(two(V, 0, 1), two(W, 2, 3),
           [](int A, int B) { return mask(A && B); }));
  Emit(Int2{mask(V[0] != 0), mask(V[1] != 0)});
  Emit(Int2{mask(!V[2]), mask(!V[3])});
  Emit(Int2{~V[0], ~V[1]});
  Emit(Int2{-V[3], -V[2]});
  Emit(two(V, 0, 1));
  Emit(map(two(V, 0, 1), two(W, 0, 1),
           [](int A, int B) { return mask(A == B); }));
  Emit(Int2{mask(V[0] != 5), mask(V[1] != 5)});
  Emit(map(two(V, 0, 1), two(W, 2, 3),
           [](int A, int B) { return mask(A < B); }));
  Emit(Int2{mask(V[2] > 0), mask(V[3] > 0)});
  Emit(Int2{mask(0 <= V[2]), mask(0 <= V[3])});
  Emit(map(two(V, 0, 1), two(W, 1, 0),
           [](int A, int B) { return mask(A >= B); }));
  // Compound assignments through swizzles.
  Int4 X = V;
  X[0] += W[2], X[1] += W[3];
  Emit(X);
  X[2] -= 3, X[3] -= 3;
  Emit(X);
  X[1] *= D[0], X[0] *= D[1];
  Emit(X);
  X[2] /= D[0], X[3] /= D[1];
  Emit(X);
  X[0] %= D[0], X[1] %= D[1];
  Emit(X);
  X[3] &= W[0], X[2] &= W[1];
  Emit(X);
  X[0] |= 12, X[1] |= 12;
  Emit(X);
  X[2] ^= W[3], X[3] ^= W[2];
  Emit(X);
  X = U;
  X[0] <<= 2, X[1] <<= 2;
  Emit(X);
  X[2] >>= 1, X[3] >>= 2;
  Emit(X);
  // ++ and --.
  X = V;
  Emit(two(X, 0, 1));
  ++X[0], ++X[1];
  Emit(X);
  ++X[2], ++X[3];
  Emit(two(X, 2, 3));
  Emit(X);
  Emit(two(X, 3, 0));
  --X[3], --X[0];
  Emit(X);
  --X[1], --X[2];
  Emit(two(X, 1, 2));
  Emit(X);
  X[0] += 2, X[3] += 2;
  Emit(two(X, 0, 3));
  Emit(two(X, 2, 3));
  ++X[2], ++X[3];
  Emit(X);
  std::array<int, 8> E;
  for (int I = 0; I < 8; ++I)
    E[I] = In[8 + I] - (I < 4);
  Emit(E);
  Emit(Int2{5, -3});
  Emit(Int2{3, -7});
  return Out;
}

} // namespace

/// The int kernel: sycl::elem, and every operator through writable
/// swizzles.
int intSwizzles(sycl::queue &Q, size_t Items) {
  const int Width = int(intReference(std::vector<int>(Inputs).data()).size());
  int *In = sycl::malloc_shared<int>(Items * Inputs, Q);
  int *Out = sycl::malloc_shared<int>(Items * Width, Q);
  for (size_t I = 0; I < Items * Inputs; ++I)
    In[I] = vecmath::input<int>(uint32_t(I), 7);

  Q.parallel_for(sycl::range<1>(Items), [=](sycl::item<1> It) {
     const int *P = In + It.get_linear_id() * Inputs;
     int *O = Out + It.get_linear_id() * Width;
     int K = 0;
     auto Emit = [&](const auto &V) {
       for (int J = 0; J < int(std::decay_t<decltype(V)>::size()); ++J)
         O[K++] = int(V[J]);
     };
     using sycl::elem;
     const sycl::int4 V(P[0], P[1], P[2], P[3]);
     const sycl::int4 W(P[4], P[5], P[6], P[7]);
     sycl::int16 L;
     L.load(0, P);
     const sycl::int2 D(3, -5);
     // sycl::elem.
     Emit(V.swizzle<elem::w, elem::x>());
     Emit(V.swizzle<elem::b, elem::g, elem::a, elem::r>());
     Emit(L.swizzle<elem::sF, elem::s0, elem::sA, elem::s5>());
     Emit(V.swizzle<elem::z, elem::y>());
     // Binary operators: on a writable swizzle, with a swizzle, vec or
     // scalar on either side.
     sycl::int4 S = V;
     sycl::int4 T = W;
     Emit(S.xy() + T.zw());
     Emit(S.xy() - 7);
     Emit(7 - S.yx());
     Emit(S.xy() * T.wz());
     Emit(S.zw() / D);
     Emit(S.zw() % D);
     sycl::int4 Odd = W | 1;
     Emit(100 / Odd.yx());
     Emit(S.xy() & T.zw());
     Emit(S.xy() | 6);
     Emit(6 ^ S.zw());
     sycl::int4 U = V & 0xFF;
     sycl::int4 Amount = U & 7;
     Emit(U.xy() << sycl::int2(1, 3));
     Emit(U.zw() >> 2);
     Emit(1 << Amount.wz());
     Emit(S.xy() && T.zw());
     Emit(S.xy() || 0);
     Emit(!S.zw());
     Emit(~S.xy());
     Emit(-S.wz());
     Emit(+S.xy());
     Emit(S.xy() == T.xy());
     Emit(S.xy() != 5);
     Emit(S.xy() < T.zw());
     Emit(S.zw() > 0);
     Emit(0 <= S.zw());
     Emit(S.xy() >= T.yx());
     // Compound assignments through swizzles.
     sycl::int4 X = V;
     X.xy() += T.zw();
     Emit(X);
     X.zw() -= 3;
     Emit(X);
     X.yx() *= D;
     Emit(X);
     X.zw() /= D;
     Emit(X);
     X.xy() %= D;
     Emit(X);
     X.wz() &= T.xy();
     Emit(X);
     X.xy() |= 12;
     Emit(X);
     X.zw() ^= T.wz();
     Emit(X);
     X = U;
     X.xy() <<= 2;
     Emit(X);
     X.zw() >>= sycl::int2(1, 2);
     Emit(X);
     // ++ and --: postfix gives the old values, prefix the swizzle.
     X = V;
     Emit(X.xy()++);
     Emit(X);
     Emit(++X.zw());
     Emit(X);
     Emit(X.wx()--);
     Emit(X);
     Emit(--X.yz());
     Emit(X);
     Emit(++ ++X.xw());
     Emit(X.wzyx().yx()++);
     Emit(X);
     sycl::int8 E = L.hi();
     E.lo()--;
     Emit(E);
     sycl::half2 H(1.5f, -2.5f);
     ++H.yx();
     Emit(H * 2);
     H.xy()--;
     --H.y();
     Emit(H * 2);
   }).wait();

  std::vector<int> Want;
  for (size_t I = 0; I < Items; ++I) {
    std::vector<int> One = intReference(In + I * Inputs);
    Want.insert(Want.end(), One.begin(), One.end());
  }
  int Rc = vecmath::check("operators through int swizzles", Out, Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}

int main() {
  sycl::queue Q;
  const size_t Items = 101;
  const int Width = int(reference(std::vector<float>(Inputs).data()).size());
  float *In = sycl::malloc_shared<float>(Items * Inputs, Q);
  float *Out = sycl::malloc_shared<float>(Items * Width, Q);
  for (size_t I = 0; I < Items * Inputs; ++I)
    In[I] = vecmath::input<float>(uint32_t(I));

  Q.parallel_for(sycl::range<1>(Items), [=](sycl::item<1> It) {
     const float *P = In + It.get_linear_id() * Inputs;
     float *O = Out + It.get_linear_id() * Width;
     int K = 0;
     auto Emit = [&](const auto &V) {
       using VT = std::decay_t<decltype(V)>;
       if constexpr (std::is_arithmetic_v<VT>) {
         O[K++] = float(V);
       } else {
         for (int J = 0; J < int(VT::size()); ++J)
           O[K++] = float(V[J]);
       }
     };
     sycl::float4 V(P[0], P[1], P[2], P[3]);
     sycl::float4 W;
     W.load(1, P);
     sycl::float16 L;
     L.load(0, sycl::address_space_cast<
                   sycl::access::address_space::global_space,
                   sycl::access::decorated::no>(P));
     // Constructors.
     Emit(V);
     Emit(sycl::float4(V.yx(), P[8], P[9]));
     Emit(sycl::float4(P[8], V.zyx()));
     Emit(sycl::float4(V.xy(), W.zw()));
     Emit(sycl::float4(P[5]));
     Emit(sycl::float8(V, sycl::float2(W.y(), W.x()), P[10], P[11]));
     // Element access.
     Emit(sycl::float4(V.x(), V.y(), V.z(), V.w()));
     Emit(sycl::float4(V.r(), V.g(), V.b(), V.a()));
     Emit(sycl::float16(L.s0(), L.s1(), L.s2(), L.s3(), L.s4(), L.s5(),
                        L.s6(), L.s7(), L.s8(), L.s9(), L.sA(), L.sB(),
                        L.sC(), L.sD(), L.sE(), L.sF()));
     // Reading swizzles.
     Emit(V.yx());
     Emit(V.zyx());
     Emit(V.wzyx());
     Emit(V.xxyy());
     Emit(V.ww());
     Emit(V.swizzle<2, 0, 3, 1>());
     Emit(V.gba());
     Emit(V.xyw());
     Emit(V.ab());
     Emit(sycl::float2(V.zy()));
     Emit(V.wzyx().yx());
     Emit(V.wyz().swizzle<2, 2, 0>());
     sycl::float3 T3(P[0], P[1], P[2]);
     Emit(V.lo());
     Emit(V.hi());
     Emit(V.even());
     Emit(V.odd());
     Emit(T3.lo());
     Emit(T3.hi());
     Emit(T3.even());
     Emit(T3.odd());
     Emit(L.hi());
     Emit(L.odd());
     Emit(L.lo().lo().lo());
     float One = sycl::float2(V.xy()).hi();
     Emit(One);
     // Swizzles in arithmetic.
     Emit(V.xy() + W.zw());
     Emit(V.zyx() * 2.0f);
     Emit(-V.yx());
     sycl::int2 Less = V.xy() < W.xy();
     Emit(Less);
     Emit(1.0f - V.wz());
     sycl::vec<float, 1> Single(V.x() + V.w());
     float Unwrapped = Single;
     Emit(Unwrapped);
     // Writing swizzles.
     sycl::float4 X = V;
     X.xy() = W.xy();
     Emit(X);
     X.zw() = P[12];
     Emit(X);
     X.yx() += W.wz();
     Emit(X);
     X.wzyx() = X;
     Emit(X);
     X.odd() = X.even();
     Emit(X);
     X.lo() *= 2.0f;
     Emit(X);
     X.swizzle<2, 0>() = sycl::float2(P[13], P[14]);
     Emit(X);
     X.a() = P[15];
     Emit(X);
     sycl::float4 Y = V;
     Y.xy() = Y.yx();
     Emit(Y);
     sycl::float16 M = L;
     M.hi() = M.lo();
     Emit(M);
     sycl::float4 Z;
     Z[2] = P[6];
     Emit(Z.z());
   }).wait();

  std::vector<float> Want;
  for (size_t I = 0; I < Items; ++I) {
    std::vector<float> One = reference(In + I * Inputs);
    Want.insert(Want.end(), One.begin(), One.end());
  }
  int Rc = vecmath::check("vec construction and swizzles", Out, Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc | intSwizzles(Q, Items);
}
