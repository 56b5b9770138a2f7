// marray<bfloat16, N> and the math functions of DPC++'s
// sycl_ext_oneapi_bfloat16_math_functions, on the host and in kernels.
//
// marray: the element-list constructor from bfloat16, float and marrays,
// arithmetic with marrays and with bfloat16 and float scalars (each element
// rounded once per operation, as bfloat16 arithmetic is), the compound
// assignments, comparisons and logical operators giving marray<bool, N>.
//
// Math: every one of the 65536 bit patterns through each unary function
// (ceil, floor, rint, trunc, sqrt, rsqrt, exp, exp2, exp10, log, log2,
// log10, sin, cos) in a kernel, on bfloat16 and on marray<bfloat16, 4>.
// ceil, floor, rint, trunc and sqrt must be exact: the value of the double
// function rounded to nearest even (sqrt in double rounds twice harmlessly:
// 53 >= 2 * 8 + 2 bits). The others must be faithful: within one bfloat16
// ulp of the double function, with its NaNs and infinities; sin and cos are
// checked for |x| < 2^15, where float's vector and scalar libraries both
// reduce arguments accurately. The marray forms of isnan, fabs, fmin, fmax
// and fma must agree with the scalar forms element by element.
#include "bfloat16-bits.hpp"
#include "vecmath.hpp"

#include <sycl/sycl.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <type_traits>
#include <vector>

namespace {

using sycl::ext::oneapi::bfloat16;
namespace bfx = sycl::ext::oneapi::experimental;
using Bf4 = sycl::marray<bfloat16, 4>;

static_assert(SYCL_EXT_ONEAPI_BFLOAT16_MATH_FUNCTIONS == 1);
static_assert(sizeof(Bf4) == 8 && std::is_trivially_copyable_v<Bf4>);
static_assert(std::is_same_v<decltype(std::declval<Bf4>() < bfloat16(1.0f)),
                             sycl::marray<bool, 4>>);
static_assert(std::is_same_v<decltype(bfx::isnan(std::declval<Bf4>())),
                             sycl::marray<bool, 4>>);
static_assert(
    std::is_same_v<decltype(bfx::sqrt(std::declval<bfloat16>())), bfloat16>);

int Failures = 0;

void expect(bool Ok, const std::string &What) {
  std::printf("%s: %s\n", What.c_str(), Ok ? "OK" : "FAIL");
  Failures += !Ok;
}

using namespace bfloat16_bits;

/// The spacing of bfloat16 values at magnitude \p X (finite).
double ulpAt(double X) {
  int E;
  std::frexp(std::fabs(X), &E); // |X| in [2^(E-1), 2^E)
  return std::ldexp(1.0, std::max(E - 1, -126) - 7);
}

/// The bfloat16 nearest to \p X, ties to even, as a double; infinite past
/// the largest finite value's rounding range.
double nearest(double X) {
  if (!std::isfinite(X) || X == 0)
    return X;
  double Q = ulpAt(X);
  double R = std::nearbyint(X / Q) * Q; // the default mode: ties to even
  return std::fabs(R) > std::ldexp(255.0, 120) ? std::copysign(INFINITY, X) : R;
}

//===----------------------------------------------------------------------===//
// marray<bfloat16, N>
//===----------------------------------------------------------------------===//

bool sameValues(const Bf4 &Got, const float (&Want)[4]) {
  for (size_t I = 0; I < 4; ++I)
    if (float(Got[I]) != Want[I])
      return false;
  return true;
}

void checkMarray(sycl::queue &Q) {
  // 1 + 2^-7 and 1 + 2^-8 (a tie, to even: 1), and bfloat16 scalars.
  sycl::marray<bfloat16, 2> Pair(bfloat16(1.0078125f), 3.0f);
  Bf4 M(Pair, bfloat16(-2.0f), 0.5f);
  expect(sameValues(M, {1.0078125f, 3.0f, -2.0f, 0.5f}),
         "element list of bfloat16, float and marray");
  expect(sameValues(Bf4(bfloat16(1.00390625f)), {1, 1, 1, 1}),
         "one element everywhere, rounded to even");
  // 3 * (1 + 2^-7) is a tie between bfloat16 neighbours.
  float Tie = float(nearest(3 * 1.0078125));
  expect(Tie == 3.03125f && sameValues(M + M, {2.015625f, 6, -4, 1}) &&
             sameValues(M * bfloat16(3.0f), {Tie, 9, -6, 1.5f}) &&
             sameValues(1.0f - M, {-0.0078125f, -2, 3, 0.5f}) &&
             sameValues(-M, {-1.0078125f, -3, 2, -0.5f}),
         "arithmetic with marrays and scalars");
  // (1 + 2^-7) * (1 + 2^-7) = 1 + 2^-6 + 2^-14 rounds to 1 + 2^-6 in
  // bfloat16; the + then rounds again.
  Bf4 Sq = M * M + bfloat16(0.0f);
  expect(float(Sq[0]) == 1.015625f, "a product rounded to bfloat16");
  Bf4 C = M;
  C += 1.0f; // 2 + 2^-7 is a tie: 2
  C *= M;
  ++C;
  float First = float(nearest(nearest(nearest(1.0078125 + 1) * 1.0078125) + 1));
  expect(First == 3.015625f && sameValues(C, {First, 13, 3, 1.75f}),
         "compound assignments and ++");
  sycl::marray<bool, 4> Less = M < bfloat16(1.0f),
                        Both = M && Bf4(1.0f, 0.0f, -0.0f, 2.0f);
  expect(!Less[0] && !Less[1] && Less[2] && Less[3] && Both[0] && !Both[1] &&
             !Both[2] && Both[3] && (M == M)[1] && !(M != M)[3] && !(!M)[0],
         "comparisons and logical operators");

  // The same in a kernel: each work-item scales and compares a marray.
  constexpr size_t N = 256;
  Bf4 *Data = sycl::malloc_shared<Bf4>(N, Q);
  int *Signs = sycl::malloc_shared<int>(N, Q);
  for (size_t I = 0; I < N; ++I)
    Data[I] = Bf4(float(I), -float(I), 0.25f * float(I), 1.0f);
  Q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> I) {
     Bf4 V = Data[I];
     V = V * bfloat16(2.0f) + 1.0f;
     sycl::marray<bool, 4> Pos = V > bfloat16(0.0f);
     Data[I] = V;
     Signs[I] = Pos[0] + 2 * Pos[1] + 4 * Pos[2] + 8 * Pos[3];
   }).wait();
  size_t Bad = 0;
  for (size_t I = 0; I < N; ++I) {
    // I and I / 4 are exact in bfloat16; 2 I + 1 is not from 128 on.
    double X = double(I);
    float Want[4] = {float(nearest(2 * X + 1)), float(nearest(-2 * X + 1)),
                     float(nearest(X / 2 + 1)), 3.0f};
    int WantSigns = 1 + 2 * (Want[1] > 0) + 4 + 8;
    Bad += !sameValues(Data[I], Want) || Signs[I] != WantSigns;
  }
  expect(Bad == 0, "kernel marray arithmetic and comparisons, " +
                       std::to_string(N) + " work-items");
  sycl::free(Data, Q);
  sycl::free(Signs, Q);
}

//===----------------------------------------------------------------------===//
// The math functions
//===----------------------------------------------------------------------===//

enum Fn {
  Ceil,
  Floor,
  Rint,
  Trunc,
  Sqrt,
  Rsqrt,
  Exp,
  Exp2,
  Exp10,
  Log,
  Log2,
  Log10,
  Sin,
  Cos,
  NumFns
};
const char *const FnNames[NumFns] = {"ceil",  "floor", "rint", "trunc", "sqrt",
                                     "rsqrt", "exp",   "exp2", "exp10", "log",
                                     "log2",  "log10", "sin",  "cos"};

double reference(Fn F, double X) {
  switch (F) {
  case Ceil:
    return std::ceil(X);
  case Floor:
    return std::floor(X);
  case Rint:
    return std::nearbyint(X);
  case Trunc:
    return std::trunc(X);
  case Sqrt:
    return std::sqrt(X);
  case Rsqrt:
    return 1 / std::sqrt(X);
  case Exp:
    return std::exp(X);
  case Exp2:
    return std::exp2(X);
  case Exp10:
    return std::pow(10.0, X);
  case Log:
    return std::log(X);
  case Log2:
    return std::log2(X);
  case Log10:
    return std::log10(X);
  case Sin:
    return std::sin(X);
  case Cos:
    return std::cos(X);
  default:
    return NAN;
  }
}

/// Whether \p Got is right for F(\p X): exact (the nearest bfloat16, the
/// sign of zeros included) for the first five functions, else faithful.
bool acceptable(Fn F, uint16_t X, uint16_t Got) {
  double In = decode(X), Want = reference(F, In), G = decode(Got);
  if (std::isnan(Want))
    return isNanBits(Got);
  if (F <= Sqrt)
    return G == nearest(Want) && std::signbit(G) == std::signbit(Want);
  if (std::isinf(Want) || std::isinf(G))
    return G == Want || (std::isinf(G) && std::fabs(Want) >= 0x1.fep127 &&
                         std::signbit(G) == std::signbit(Want));
  return std::fabs(G - Want) < ulpAt(Want);
}

/// Applies function \p F to \p X.
template <typename T> T apply(Fn F, const T &X) {
  switch (F) {
  case Ceil:
    return bfx::ceil(X);
  case Floor:
    return bfx::floor(X);
  case Rint:
    return bfx::rint(X);
  case Trunc:
    return bfx::trunc(X);
  case Sqrt:
    return bfx::sqrt(X);
  case Rsqrt:
    return bfx::rsqrt(X);
  case Exp:
    return bfx::exp(X);
  case Exp2:
    return bfx::exp2(X);
  case Exp10:
    return bfx::exp10(X);
  case Log:
    return bfx::log(X);
  case Log2:
    return bfx::log2(X);
  case Log10:
    return bfx::log10(X);
  case Sin:
    return bfx::sin(X);
  default:
    return bfx::cos(X);
  }
}

/// Every bfloat16 pattern through function \p F in a kernel, scalar and as
/// marrays of four consecutive patterns.
void checkFunction(sycl::queue &Q, Fn F, bfloat16 *Out, Bf4 *MOut) {
  constexpr size_t N = 65536;
  // The function is a constant of each launch, so each work-item loop
  // holds one function's code.
  switch (F) {
#define LANES_LAUNCH(FN)                                                       \
  case FN:                                                                     \
    Q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> I) {                     \
       Out[I] = apply(FN, fromBits(uint16_t(I[0])));                           \
       if (I[0] % 4 == 0) {                                                    \
         uint16_t B = uint16_t(I[0]);                                          \
         Bf4 In(fromBits(B), fromBits(B + 1), fromBits(B + 2),                 \
                fromBits(B + 3));                                              \
         MOut[I[0] / 4] = apply(FN, In);                                       \
       }                                                                       \
     }).wait();                                                                \
    break;
    LANES_LAUNCH(Ceil)
    LANES_LAUNCH(Floor)
    LANES_LAUNCH(Rint)
    LANES_LAUNCH(Trunc)
    LANES_LAUNCH(Sqrt)
    LANES_LAUNCH(Rsqrt)
    LANES_LAUNCH(Exp)
    LANES_LAUNCH(Exp2)
    LANES_LAUNCH(Exp10)
    LANES_LAUNCH(Log)
    LANES_LAUNCH(Log2)
    LANES_LAUNCH(Log10)
    LANES_LAUNCH(Sin)
    LANES_LAUNCH(Cos)
#undef LANES_LAUNCH
  default:
    break;
  }
  size_t Bad = 0, Checked = 0, MarrayBad = 0;
  for (uint32_t B = 0; B < N; ++B) {
    uint16_t Got = bitsOf(Out[B]), FromMarray = bitsOf(MOut[B / 4][B % 4]);
    if (Got != FromMarray && !(isNanBits(Got) && isNanBits(FromMarray)))
      ++MarrayBad;
    if ((F == Sin || F == Cos) && !(std::fabs(decode(uint16_t(B))) < 32768))
      continue;
    ++Checked;
    if (!acceptable(F, uint16_t(B), Got) && Bad++ < 4)
      std::printf("  %s(0x%04x = %.9g) = 0x%04x (%.9g), want %.9g\n",
                  FnNames[F], B, decode(uint16_t(B)), Got, decode(Got),
                  reference(F, decode(uint16_t(B))));
  }
  expect(Bad == 0 && MarrayBad == 0,
         std::string("kernel ") + FnNames[F] + ", " + std::to_string(Checked) +
             " patterns" +
             (MarrayBad ? ", " + std::to_string(MarrayBad) + " marray differ"
                        : std::string()));
}

/// The marray forms of isnan, fabs, fmin, fmax and fma against the scalar
/// ones, in a kernel.
void checkMarrayForms(sycl::queue &Q) {
  constexpr size_t N = 4096;
  Bf4 *In = sycl::malloc_shared<Bf4>(3 * N, Q);
  Bf4 *Out = sycl::malloc_shared<Bf4>(4 * N, Q);
  sycl::marray<bool, 4> *NaNs =
      sycl::malloc_shared<sycl::marray<bool, 4>>(N, Q);
  for (uint32_t K = 0; K < 3 * N; ++K)
    for (uint32_t E = 0; E < 4; ++E) {
      uint32_t H = vecmath::hash(4 * K + E, 9);
      uint16_t B = uint16_t(H);
      if ((H >> 16) % 4 != 0) // mostly moderate magnitudes
        B = uint16_t((B & 0x807f) | ((112 + (H >> 18) % 30) << 7));
      In[K][E] = fromBits(B);
    }
  Q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> I) {
     Bf4 A = In[I], B = In[N + I], C = In[2 * N + I];
     Out[I] = bfx::fabs(A);
     Out[N + I] = bfx::fmin(A, B);
     Out[2 * N + I] = bfx::fmax(A, B);
     Out[3 * N + I] = bfx::fma(A, B, C);
     NaNs[I] = bfx::isnan(A);
   }).wait();
  size_t Bad = 0;
  for (size_t K = 0; K < N; ++K)
    for (size_t E = 0; E < 4; ++E) {
      bfloat16 A = In[K][E], B = In[N + K][E], C = In[2 * N + K][E];
      bfloat16 Want[4] = {bfx::fabs(A), bfx::fmin(A, B), bfx::fmax(A, B),
                          bfx::fma(A, B, C)};
      for (size_t Op = 0; Op < 4; ++Op) {
        uint16_t G = bitsOf(Out[Op * N + K][E]), W = bitsOf(Want[Op]);
        Bad += G != W && !(isNanBits(G) && isNanBits(W));
      }
      Bad += NaNs[K][E] != bfx::isnan(A);
    }
  expect(Bad == 0, "kernel marray isnan, fabs, fmin, fmax, fma, " +
                       std::to_string(4 * N) + " elements");
  sycl::free(In, Q);
  sycl::free(Out, Q);
  sycl::free(NaNs, Q);
}

void checkMath(sycl::queue &Q) {
  // Host spellings: the extension's namespace, ADL beside sycl::'s own.
  bfloat16 Two(2.0f), Half(0.5f);
  expect(bitsOf(sycl::ext::oneapi::sqrt(Two)) == 0x3fb5 &&
             float(bfx::ceil(Half)) == 1.0f && float(bfx::rint(Half)) == 0.0f,
         "host sqrt(2), ceil(0.5), rint(0.5)");
  {
    using namespace sycl;
    expect(float(exp2(Two)) == 4.0f && float(log2(Two)) == 1.0f &&
               sqrt(4.0f) == 2.0f && float(floor(-Half)) == -1.0f,
           "bfloat16 overloads found by ADL beside sycl::'s own");
  }
  bfloat16 *Out = sycl::malloc_shared<bfloat16>(65536, Q);
  Bf4 *MOut = sycl::malloc_shared<Bf4>(65536 / 4, Q);
  for (int F = 0; F < NumFns; ++F)
    checkFunction(Q, Fn(F), Out, MOut);
  sycl::free(Out, Q);
  sycl::free(MOut, Q);
  checkMarrayForms(Q);
}

} // namespace

int main() {
  sycl::queue Q;
  checkMarray(Q);
  checkMath(Q);
  if (Failures)
    std::printf("%d check(s) FAILED\n", Failures);
  else
    std::printf("all bfloat16 marray and math checks passed\n");
  return Failures ? 1 : 0;
}
