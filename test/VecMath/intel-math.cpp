// DPC++'s sycl_ext_intel_math (<sycl/ext/intel/math.hpp>) in kernels and
// on the host: every rounded operation (fadd_rd ... dsqrt_rz) and
// conversion on inputs where the four rounding modes give different
// answers, including ties, overflow to infinity or the largest finite
// value, underflow to zero or the smallest subnormal, the sign of exact
// zero sums, and double fma with a product that overflows or underflows;
// the integer intrinsics; and the math functions (erfinv, erfcinv,
// cdfnorm, cdfnorminv to within 2 ulp of values computed with mpmath,
// their special values, saturate, rsqrt, inv, rcbrt, sinpi, cospi, the
// half and half2 forms). Each table row runs in a parallel_for (one
// work-item per row) and directly on the host, and every result must match
// the expected bits (any NaN matches any NaN).
#include <sycl/ext/intel/math.hpp>
#include <sycl/sycl.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <string>

namespace {

namespace imf = sycl::ext::intel::math;
using sycl::half;

int Failures = 0;

void expect(bool Ok, const std::string &What) {
  std::printf("%s: %s\n", What.c_str(), Ok ? "OK" : "FAIL");
  Failures += !Ok;
}

/// Bit-for-bit equality; any NaN matches any NaN.
template <typename T> bool sameBits(T A, T B) {
  if constexpr (std::is_floating_point_v<T>) {
    if (A != A && B != B)
      return true;
  }
  return std::memcmp(&A, &B, sizeof(T)) == 0;
}

/// The distance of \p A from \p B in units of B's last place.
double ulps(double A, double B) {
  if (A == B)
    return 0;
  int E;
  std::frexp(B, &E);
  return std::fabs(A - B) / std::ldexp(1.0, E - 53);
}

constexpr float FMax = std::numeric_limits<float>::max();
constexpr double DMax = std::numeric_limits<double>::max();
constexpr float FInf = std::numeric_limits<float>::infinity();
constexpr double DInf = std::numeric_limits<double>::infinity();

//===----------------------------------------------------------------------===//
// Rounded arithmetic
//===----------------------------------------------------------------------===//

enum Op { Add, Sub, Mul, Div, Rcp, Fma, Sqrt };
const char *OpNames[] = {"add", "sub", "mul", "div", "rcp", "fma", "sqrt"};

/// One operation on A, B, C and its four results: _rd, _rn, _ru, _rz.
template <typename T> struct ArithCase {
  Op Operation;
  T A, B, C;
  T Expect[4];
};

/// The four rounded results of \p Case on float.
void compute(const ArithCase<float> &Case, float *Out) {
  float A = Case.A, B = Case.B, C = Case.C;
  switch (Case.Operation) {
  case Add:
    Out[0] = imf::fadd_rd(A, B), Out[1] = imf::fadd_rn(A, B),
    Out[2] = imf::fadd_ru(A, B), Out[3] = imf::fadd_rz(A, B);
    break;
  case Sub:
    Out[0] = imf::fsub_rd(A, B), Out[1] = imf::fsub_rn(A, B),
    Out[2] = imf::fsub_ru(A, B), Out[3] = imf::fsub_rz(A, B);
    break;
  case Mul:
    Out[0] = imf::fmul_rd(A, B), Out[1] = imf::fmul_rn(A, B),
    Out[2] = imf::fmul_ru(A, B), Out[3] = imf::fmul_rz(A, B);
    break;
  case Div:
    Out[0] = imf::fdiv_rd(A, B), Out[1] = imf::fdiv_rn(A, B),
    Out[2] = imf::fdiv_ru(A, B), Out[3] = imf::fdiv_rz(A, B);
    break;
  case Rcp:
    Out[0] = imf::frcp_rd(A), Out[1] = imf::frcp_rn(A),
    Out[2] = imf::frcp_ru(A), Out[3] = imf::frcp_rz(A);
    break;
  case Fma:
    Out[0] = imf::fmaf_rd(A, B, C), Out[1] = imf::fmaf_rn(A, B, C),
    Out[2] = imf::fmaf_ru(A, B, C), Out[3] = imf::fmaf_rz(A, B, C);
    break;
  case Sqrt:
    Out[0] = imf::fsqrt_rd(A), Out[1] = imf::fsqrt_rn(A),
    Out[2] = imf::fsqrt_ru(A), Out[3] = imf::fsqrt_rz(A);
    break;
  }
}

/// The four rounded results of \p Case on double.
void compute(const ArithCase<double> &Case, double *Out) {
  double A = Case.A, B = Case.B, C = Case.C;
  switch (Case.Operation) {
  case Add:
    Out[0] = imf::dadd_rd(A, B), Out[1] = imf::dadd_rn(A, B),
    Out[2] = imf::dadd_ru(A, B), Out[3] = imf::dadd_rz(A, B);
    break;
  case Sub:
    Out[0] = imf::dsub_rd(A, B), Out[1] = imf::dsub_rn(A, B),
    Out[2] = imf::dsub_ru(A, B), Out[3] = imf::dsub_rz(A, B);
    break;
  case Mul:
    Out[0] = imf::dmul_rd(A, B), Out[1] = imf::dmul_rn(A, B),
    Out[2] = imf::dmul_ru(A, B), Out[3] = imf::dmul_rz(A, B);
    break;
  case Div:
    Out[0] = imf::ddiv_rd(A, B), Out[1] = imf::ddiv_rn(A, B),
    Out[2] = imf::ddiv_ru(A, B), Out[3] = imf::ddiv_rz(A, B);
    break;
  case Rcp:
    Out[0] = imf::drcp_rd(A), Out[1] = imf::drcp_rn(A),
    Out[2] = imf::drcp_ru(A), Out[3] = imf::drcp_rz(A);
    break;
  case Fma:
    Out[0] = imf::fma_rd(A, B, C), Out[1] = imf::fma_rn(A, B, C),
    Out[2] = imf::fma_ru(A, B, C), Out[3] = imf::fma_rz(A, B, C);
    break;
  case Sqrt:
    Out[0] = imf::dsqrt_rd(A), Out[1] = imf::dsqrt_rn(A),
    Out[2] = imf::dsqrt_ru(A), Out[3] = imf::dsqrt_rz(A);
    break;
  }
}

const ArithCase<float> FloatCases[] = {
    {Add, 1, 0x1p-30f, 0, {1, 1, 0x1.000002p0f, 1}},
    {Add, -1, -0x1p-30f, 0, {-0x1.000002p0f, -1, -1, -1}},
    {Add, 1, -1, 0, {-0.0f, 0, 0, 0}}, // exact zero: -0 rounding down
    {Add, FMax, FMax, 0, {FMax, FInf, FInf, FMax}},
    {Add, FInf, 1, 0, {FInf, FInf, FInf, FInf}},
    {Sub, 1, 0x1p-30f, 0, {0x1.fffffep-1f, 1, 1, 0x1.fffffep-1f}},
    {Mul,
     0x1.000002p0f,
     0x1.000002p0f,
     0,
     {0x1.000004p0f, 0x1.000004p0f, 0x1.000006p0f, 0x1.000004p0f}},
    {Mul, 0x1p100f, 0x1p100f, 0, {FMax, FInf, FInf, FMax}},
    {Mul, 0x1p-100f, 0x1p-100f, 0, {0, 0, 0x1p-149f, 0}},
    {Mul, -0x1p-100f, 0x1p-100f, 0, {-0x1p-149f, -0.0f, -0.0f, -0.0f}},
    {Div,
     1,
     3,
     0,
     {0x1.555554p-2f, 0x1.555556p-2f, 0x1.555556p-2f, 0x1.555554p-2f}},
    {Div,
     -1,
     3,
     0,
     {-0x1.555556p-2f, -0x1.555556p-2f, -0x1.555554p-2f, -0x1.555554p-2f}},
    {Div, 1, 0, 0, {FInf, FInf, FInf, FInf}},
    {Rcp,
     3,
     0,
     0,
     {0x1.555554p-2f, 0x1.555556p-2f, 0x1.555556p-2f, 0x1.555554p-2f}},
    // (1 + 2^-23)^2 - 1 = 2^-22 + 2^-46: a tie, to even.
    {Fma,
     0x1.000002p0f,
     0x1.000002p0f,
     -1,
     {0x1p-22f, 0x1p-22f, 0x1.000002p-22f, 0x1p-22f}},
    {Fma, 1, 1, -0x1p-30f, {0x1.fffffep-1f, 1, 1, 0x1.fffffep-1f}},
    {Fma, 2, 3, -6, {-0.0f, 0, 0, 0}},
    {Sqrt,
     2,
     0,
     0,
     {0x1.6a09e6p0f, 0x1.6a09e6p0f, 0x1.6a09e8p0f, 0x1.6a09e6p0f}},
    {Sqrt, -1, 0, 0, {NAN, NAN, NAN, NAN}},
};

const ArithCase<double> DoubleCases[] = {
    {Add, 1, 0x1p-60, 0, {1, 1, 0x1.0000000000001p0, 1}},
    {Add, -1, -0x1p-60, 0, {-0x1.0000000000001p0, -1, -1, -1}},
    {Add, 1, -1, 0, {-0.0, 0, 0, 0}},
    {Add, DMax, DMax, 0, {DMax, DInf, DInf, DMax}},
    {Sub, 1, 0x1p-60, 0, {0x1.fffffffffffffp-1, 1, 1, 0x1.fffffffffffffp-1}},
    {Mul,
     0x1.0000000000001p0,
     0x1.0000000000001p0,
     0,
     {0x1.0000000000002p0, 0x1.0000000000002p0, 0x1.0000000000003p0,
      0x1.0000000000002p0}},
    {Mul, 0x1p600, 0x1p600, 0, {DMax, DInf, DInf, DMax}},
    {Mul, 0x1p-600, 0x1p-600, 0, {0, 0, 0x1p-1074, 0}},
    {Mul, -0x1p-600, 0x1p-600, 0, {-0x1p-1074, -0.0, -0.0, -0.0}},
    {Div,
     1,
     3,
     0,
     {0x1.5555555555555p-2, 0x1.5555555555555p-2, 0x1.5555555555556p-2,
      0x1.5555555555555p-2}},
    {Div, 0x1p-1022, 0x1p500, 0, {0, 0, 0x1p-1074, 0}},
    // Residuals a - R * b below the smallest subnormal.
    {Div,
     0x1p-1022,
     3,
     0,
     {0x0.5555555555555p-1022, 0x0.5555555555555p-1022, 0x0.5555555555556p-1022,
      0x0.5555555555555p-1022}},
    {Div,
     0x1p-1022,
     0x1.2p-220,
     0,
     {0x1.c71c71c71c71cp-803, 0x1.c71c71c71c71cp-803, 0x1.c71c71c71c71dp-803,
      0x1.c71c71c71c71cp-803}},
    {Div, 0x1p600, 0x1p-600, 0, {DMax, DInf, DInf, DMax}},
    {Rcp,
     -3,
     0,
     0,
     {-0x1.5555555555556p-2, -0x1.5555555555555p-2, -0x1.5555555555555p-2,
      -0x1.5555555555555p-2}},
    // (1 + 2^-52)^2 - 1 = 2^-51 + 2^-104: a tie, to even.
    {Fma,
     0x1.0000000000001p0,
     0x1.0000000000001p0,
     -1,
     {0x1p-51, 0x1p-51, 0x1.0000000000001p-51, 0x1p-51}},
    // A product far below the addend's last place.
    {Fma,
     0x1p-600,
     -0x1p-600,
     1,
     {0x1.fffffffffffffp-1, 1, 1, 0x1.fffffffffffffp-1}},
    // A product that underflows to zero on its own.
    {Fma, 0x1p-600, 0x1p-600, 0, {0, 0, 0x1p-1074, 0}},
    // A product that overflows, cancelled by the addend: 2^973 + 2^971 +
    // 2^920, a tie.
    {Fma,
     0x1.0000000000001p600,
     0x1.0000000000001p424,
     -DMax,
     {0x1.4p973, 0x1.4p973, 0x1.4000000000001p973, 0x1.4p973}},
    {Fma, 0x1p600, 0x1p600, 0, {DMax, DInf, DInf, DMax}},
    {Fma, 2, 3, -6, {-0.0, 0, 0, 0}},
    {Sqrt,
     2,
     0,
     0,
     {0x1.6a09e667f3bccp0, 0x1.6a09e667f3bcdp0, 0x1.6a09e667f3bcdp0,
      0x1.6a09e667f3bccp0}},
    {Sqrt,
     0x1.8p-1073, // 3 * 2^-1074, whose root is irrational
     0,
     0,
     {0x1.bb67ae8584caap-537, 0x1.bb67ae8584caap-537, 0x1.bb67ae8584cabp-537,
      0x1.bb67ae8584caap-537}},
};

/// Runs every case in a kernel and on the host; checks both.
template <typename T, size_t N>
void checkArithmetic(sycl::queue &Q, const ArithCase<T> (&Cases)[N],
                     const char *Type) {
  ArithCase<T> *In = sycl::malloc_shared<ArithCase<T>>(N, Q);
  T *Out = sycl::malloc_shared<T>(4 * N, Q);
  std::memcpy(static_cast<void *>(In), Cases, sizeof(Cases));
  Q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> I) {
     compute(In[I], Out + 4 * I[0]);
   }).wait();
  const char *Modes[] = {"rd", "rn", "ru", "rz"};
  for (size_t I = 0; I < N; ++I) {
    T Host[4];
    compute(Cases[I], Host);
    for (int M = 0; M < 4; ++M) {
      char What[160];
      std::snprintf(What, sizeof(What), "%s %s_%s(%a, %a, %a) = %a", Type,
                    OpNames[Cases[I].Operation], Modes[M], double(Cases[I].A),
                    double(Cases[I].B), double(Cases[I].C),
                    double(Cases[I].Expect[M]));
      expect(sameBits(Out[4 * I + M], Cases[I].Expect[M]) &&
                 sameBits(Host[M], Cases[I].Expect[M]),
             What);
    }
  }
  sycl::free(In, Q);
  sycl::free(Out, Q);
}

//===----------------------------------------------------------------------===//
// Conversions, integer functions and math functions, in one kernel
//===----------------------------------------------------------------------===//

/// The results the single kernel below stores; each is checked against
/// the same expression evaluated on the host and against its expected
/// value.
struct Results {
  int F2I[4], F2ISat[4];
  unsigned F2U[2];
  long long D2LL[4];
  float LL2F[4], NegLL2F[4], I2F[4], U2F[4], D2F[4], D2FBig[4];
  double ULL2D[4];
  half F2H[4], F2HBig[4], I2H[4];
  int H2I[4];
  int Bits[6];
  long long DBits;
  double HiLo;
  float AsFloat;
  half AsHalf;
  unsigned Brev, BytePerm[2];
  unsigned long long Brevll;
  int Clz[4], Ffs[3], Popc[2], HAdd[4];
  unsigned UHAdd[2], UMulHi, UMul24, Sad[2];
  int MulHi[2], Mul24;
  long long Mul64Hi, MinMax[2];
  unsigned long long UMul64Hi;
  float Saturate[4], RsqrtF, RcbrtF, ErfinvF;
  double Exact[5]; // rsqrt, inv, rcbrt, sinpi, cospi
  double Erfinv[2], Erfcinv[4], Cdfnorm[3], Cdfnorminv[2];
  double Special[8];
  half HalfFns[3]; // inv, la::sqrt, copysign
  half Ceil2[2], Floor2[2], Trunc2[2], Rint2[2], Sqrt2[2];
};

/// Fills \p R; the same code runs in the kernel and on the host.
void computeResults(Results &R, int Zero) {
  // Zero is 0 at run time, so that nothing below folds to a constant.
  float F = 2.5f + Zero;
  R.F2I[0] = imf::float2int_rd(-F), R.F2I[1] = imf::float2int_rn(-F),
  R.F2I[2] = imf::float2int_ru(-F), R.F2I[3] = imf::float2int_rz(-F);
  R.F2ISat[0] = imf::float2int_rz(3e9f + Zero);
  R.F2ISat[1] = imf::float2int_rd(-3e9f + Zero);
  R.F2ISat[2] = imf::float2int_rn(NAN + Zero);
  R.F2ISat[3] = imf::float2int_ru(0x1p31f + Zero);
  R.F2U[0] = imf::float2uint_rz(-1.5f + Zero);
  R.F2U[1] = imf::float2uint_ru(4294967040.0f + Zero);
  double D = 0x1p51 + 0.5 + Zero;
  R.D2LL[0] = imf::double2ll_rd(D), R.D2LL[1] = imf::double2ll_rn(D),
  R.D2LL[2] = imf::double2ll_ru(D), R.D2LL[3] = imf::double2ll_rz(D);
  long long LL = (1LL << 40) + 1 + Zero;
  R.LL2F[0] = imf::ll2float_rd(LL), R.LL2F[1] = imf::ll2float_rn(LL),
  R.LL2F[2] = imf::ll2float_ru(LL), R.LL2F[3] = imf::ll2float_rz(LL);
  R.NegLL2F[0] = imf::ll2float_rd(-LL), R.NegLL2F[1] = imf::ll2float_rn(-LL),
  R.NegLL2F[2] = imf::ll2float_ru(-LL), R.NegLL2F[3] = imf::ll2float_rz(-LL);
  int I = 16777217 + Zero;
  R.I2F[0] = imf::int2float_rd(I), R.I2F[1] = imf::int2float_rn(I),
  R.I2F[2] = imf::int2float_ru(I), R.I2F[3] = imf::int2float_rz(I);
  unsigned U = 0xffffffffu + unsigned(Zero);
  R.U2F[0] = imf::uint2float_rd(U), R.U2F[1] = imf::uint2float_rn(U),
  R.U2F[2] = imf::uint2float_ru(U), R.U2F[3] = imf::uint2float_rz(U);
  double Tenth = 0.1 + Zero, Huge = 1e300 + Zero;
  R.D2F[0] = imf::double2float_rd(Tenth),
  R.D2F[1] = imf::double2float_rn(Tenth),
  R.D2F[2] = imf::double2float_ru(Tenth),
  R.D2F[3] = imf::double2float_rz(Tenth);
  R.D2FBig[0] = imf::double2float_rd(Huge),
  R.D2FBig[1] = imf::double2float_rn(Huge),
  R.D2FBig[2] = imf::double2float_ru(Huge),
  R.D2FBig[3] = imf::double2float_rz(Huge);
  unsigned long long ULL = ~0ULL + (unsigned long long)Zero;
  R.ULL2D[0] = imf::ull2double_rd(ULL), R.ULL2D[1] = imf::ull2double_rn(ULL),
  R.ULL2D[2] = imf::ull2double_ru(ULL), R.ULL2D[3] = imf::ull2double_rz(ULL);
  float FTenth = 0.1f + Zero, FBig = 1e6f + Zero;
  R.F2H[0] = imf::float2half_rd(FTenth), R.F2H[1] = imf::float2half_rn(FTenth),
  R.F2H[2] = imf::float2half_ru(FTenth), R.F2H[3] = imf::float2half_rz(FTenth);
  R.F2HBig[0] = imf::float2half_rd(FBig),
  R.F2HBig[1] = imf::float2half_rn(FBig),
  R.F2HBig[2] = imf::float2half_ru(FBig),
  R.F2HBig[3] = imf::float2half_rz(FBig);
  int Big = 65535 + Zero;
  R.I2H[0] = imf::int2half_rd(Big), R.I2H[1] = imf::int2half_rn(Big),
  R.I2H[2] = imf::int2half_ru(Big), R.I2H[3] = imf::int2half_rz(Big);
  half H = half(2.5f + Zero);
  R.H2I[0] = imf::half2int_rd(H), R.H2I[1] = imf::half2int_rn(H),
  R.H2I[2] = imf::half2int_ru(H), R.H2I[3] = imf::half2int_rz(H);
  double One = 1.0 + Zero;
  R.Bits[0] = imf::float_as_int(1.0f + Zero);
  R.Bits[1] = int(imf::float_as_uint(-2.0f + Zero));
  R.Bits[2] = imf::double2hiint(One);
  R.Bits[3] = imf::double2loint(0x1.0000000000001p0 + Zero);
  R.Bits[4] = imf::half_as_short(half(1.0f + Zero));
  R.Bits[5] = imf::half_as_ushort(half(-2.0f + Zero));
  R.DBits = imf::double_as_longlong(One);
  R.HiLo = imf::hiloint2double(0x3ff00000 + Zero, 1 + Zero);
  R.AsFloat = imf::int_as_float(0x40000000 + Zero);
  R.AsHalf = imf::ushort_as_half((unsigned short)(0x4000 + Zero));

  R.Brev = imf::brev(0x12345678u + unsigned(Zero));
  R.Brevll = imf::brevll(1ULL + (unsigned long long)Zero);
  R.BytePerm[0] =
      imf::byte_perm(0x33221100u + unsigned(Zero), 0x77665544u, 0x1234u);
  R.BytePerm[1] = imf::byte_perm(0x33221100u + unsigned(Zero), 0x77665544u,
                                 0xf75e1u); // nibble bit 3 and above ignored
  R.Clz[0] = imf::clz(0 + Zero), R.Clz[1] = imf::clz(1 + Zero);
  R.Clz[2] = imf::clz(-1 + Zero), R.Clz[3] = imf::clzll(1LL + Zero);
  R.Ffs[0] = imf::ffs(0 + Zero), R.Ffs[1] = imf::ffs(8 + Zero);
  R.Ffs[2] = imf::ffsll((1LL << 40) + Zero);
  R.Popc[0] = imf::popc(0xffu + unsigned(Zero));
  R.Popc[1] = imf::popcll(~0ULL + (unsigned long long)Zero);
  int IMax = std::numeric_limits<int>::max() + Zero;
  R.HAdd[0] = imf::hadd(IMax, IMax), R.HAdd[1] = imf::hadd(-3 + Zero, 0);
  R.HAdd[2] = imf::rhadd(-3 + Zero, 0), R.HAdd[3] = imf::rhadd(IMax, IMax);
  R.UHAdd[0] = imf::uhadd(0xffffffffu + unsigned(Zero), 1u);
  R.UHAdd[1] = imf::urhadd(0xffffffffu + unsigned(Zero), 0u);
  R.MulHi[0] = imf::mulhi(IMax, IMax), R.MulHi[1] = imf::mulhi(-1 + Zero, 1);
  R.UMulHi = imf::umulhi(0xffffffffu + unsigned(Zero), 0xffffffffu);
  R.Mul64Hi = imf::mul64hi(-1LL + Zero, 1LL);
  R.UMul64Hi = imf::umul64hi(~0ULL + (unsigned long long)Zero, ~0ULL);
  R.Mul24 = imf::mul24(0x00800000 + Zero, 2); // bit 23 is the sign
  R.UMul24 = imf::umul24(0xff000003u + unsigned(Zero), 5u);
  R.Sad[0] = imf::sad(-5 + Zero, 3, 10u);
  R.Sad[1] = imf::usad(3u + unsigned(Zero), 10u, 1u);
  R.MinMax[0] = imf::llmax(-(1LL << 40) + Zero, 3LL);
  R.MinMax[1] = (long long)imf::ullmin(~0ULL + (unsigned long long)Zero, 7ULL) +
                imf::max(-1 + Zero, -2) + imf::min(-1 + Zero, -2) +
                imf::umax(1u + unsigned(Zero), 2u) +
                imf::umin(1u + unsigned(Zero), 2u) +
                imf::llmin(5LL + Zero, 6LL) +
                (long long)imf::ullmax(5ULL + (unsigned long long)Zero, 6ULL);

  R.Saturate[0] = imf::saturate(1.5f + Zero);
  R.Saturate[1] = imf::saturate(-0.5f + Zero);
  R.Saturate[2] = imf::saturate(NAN + Zero);
  R.Saturate[3] = imf::saturate(0.25f + Zero);
  R.RsqrtF = imf::rsqrt(4.0f + Zero);
  R.Exact[0] = imf::rsqrt(0.25 + Zero);
  R.Exact[1] = imf::inv(4.0 + Zero);
  R.Exact[2] = imf::rcbrt(8.0 + Zero);
  R.RcbrtF = imf::rcbrt(-27.0f + Zero);
  R.Exact[3] = imf::sinpi(0.5 + Zero);
  R.Exact[4] = imf::cospi(1.0 + Zero);
  R.Erfinv[0] = imf::erfinv(0.5 + Zero);
  R.Erfinv[1] = imf::erfinv(-0.9 + Zero);
  R.ErfinvF = imf::erfinv(0.5f + Zero);
  R.Erfcinv[0] = imf::erfcinv(1e-300 + Zero);
  R.Erfcinv[1] = imf::erfcinv(1e-10 + Zero);
  R.Erfcinv[2] = imf::ha::erfcinv(1.5 + Zero);
  R.Erfcinv[3] = imf::erfcinv(0.99 + Zero);
  R.Cdfnorm[0] = imf::cdfnorm(1.0 + Zero);
  R.Cdfnorm[1] = imf::cdfnorm(-30.0 + Zero);
  R.Cdfnorm[2] = imf::cdfnorm(-37.5 + Zero);
  R.Cdfnorminv[0] = imf::cdfnorminv(0.975 + Zero);
  R.Cdfnorminv[1] = imf::cdfnorminv(1e-10 + Zero);
  R.Special[0] = imf::erfinv(1.0 + Zero);
  R.Special[1] = imf::erfinv(-1.0 + Zero);
  R.Special[2] = imf::erfinv(1.5 + Zero);
  R.Special[3] = imf::erfcinv(0.0 + Zero);
  R.Special[4] = imf::erfcinv(2.0 + Zero);
  R.Special[5] = imf::cdfnorminv(1.0 + Zero);
  R.Special[6] = imf::cdfnorm(-DInf + Zero);
  R.Special[7] = imf::cdfnorm(DInf + Zero);
  R.HalfFns[0] = imf::inv(half(2.0f + Zero));
  R.HalfFns[1] = imf::la::sqrt(half(9.0f + Zero));
  R.HalfFns[2] = imf::copysign(half(2.0f + Zero), half(-1.0f));
  sycl::half2 V(half(-1.5f + Zero), half(2.5f));
  sycl::half2 C = imf::ceil(V), Fl = imf::floor(V), T = imf::trunc(V),
              Ri = imf::rint(V), S = imf::sqrt(sycl::half2(4.0f + Zero, 9.0f));
  for (int K = 0; K < 2; ++K)
    R.Ceil2[K] = C[K], R.Floor2[K] = Fl[K], R.Trunc2[K] = T[K],
    R.Rint2[K] = Ri[K], R.Sqrt2[K] = S[K];
}

/// Compares the values of the kernel's and the host's results with the
/// expected ones, bit for bit.
template <typename T>
void checkValues(const char *What, const T *Kernel, const T *Host,
                 std::initializer_list<T> Expected) {
  size_t I = 0;
  bool Ok = true;
  for (T E : Expected) {
    Ok &= sameBits(Kernel[I], E) && sameBits(Host[I], E);
    ++I;
  }
  expect(Ok, What);
}

/// Kernel and host results within \p MaxUlps of \p Expected.
void checkNear(const char *What, double Kernel, double Host, double Expected,
               double MaxUlps = 2) {
  expect(ulps(Kernel, Expected) <= MaxUlps && ulps(Host, Expected) <= MaxUlps,
         What);
}

half h(float X) { return half(X); }

void checkResults(sycl::queue &Q) {
  Results *K = sycl::malloc_shared<Results>(1, Q);
  int *Zero = sycl::malloc_shared<int>(1, Q);
  *Zero = 0;
  Q.parallel_for(sycl::range<1>(1), [=](sycl::id<1>) {
     computeResults(*K, *Zero);
   }).wait();
  Results Host;
  computeResults(Host, *Zero);
  const Results &R = *K;
  constexpr int IMin = std::numeric_limits<int>::min();
  constexpr int IMax = std::numeric_limits<int>::max();
  checkValues("float2int_{rd,rn,ru,rz}(-2.5)", R.F2I, Host.F2I,
              {-3, -2, -2, -2});
  checkValues("float2int saturates, NaN gives 0", R.F2ISat, Host.F2ISat,
              {IMax, IMin, 0, IMax});
  checkValues("float2uint saturates", R.F2U, Host.F2U, {0u, 4294967040u});
  checkValues("double2ll_{rd,rn,ru,rz}(2^51 + 0.5)", R.D2LL, Host.D2LL,
              {1LL << 51, 1LL << 51, (1LL << 51) + 1, 1LL << 51});
  checkValues("ll2float_{rd,rn,ru,rz}(2^40 + 1)", R.LL2F, Host.LL2F,
              {0x1p40f, 0x1p40f, 0x1.000002p40f, 0x1p40f});
  checkValues("ll2float_{rd,rn,ru,rz}(-2^40 - 1)", R.NegLL2F, Host.NegLL2F,
              {-0x1.000002p40f, -0x1p40f, -0x1p40f, -0x1p40f});
  checkValues("int2float_{rd,rn,ru,rz}(2^24 + 1)", R.I2F, Host.I2F,
              {0x1p24f, 0x1p24f, 0x1.000002p24f, 0x1p24f});
  checkValues("uint2float_{rd,rn,ru,rz}(2^32 - 1)", R.U2F, Host.U2F,
              {0x1.fffffep31f, 0x1p32f, 0x1p32f, 0x1.fffffep31f});
  checkValues("double2float_{rd,rn,ru,rz}(0.1)", R.D2F, Host.D2F,
              {0x1.999998p-4f, 0x1.99999ap-4f, 0x1.99999ap-4f, 0x1.999998p-4f});
  checkValues("double2float_{rd,rn,ru,rz}(1e300)", R.D2FBig, Host.D2FBig,
              {FMax, FInf, FInf, FMax});
  checkValues("ull2double_{rd,rn,ru,rz}(2^64 - 1)", R.ULL2D, Host.ULL2D,
              {0x1.fffffffffffffp63, 0x1p64, 0x1p64, 0x1.fffffffffffffp63});
  checkValues("float2half_{rd,rn,ru,rz}(0.1f)", R.F2H, Host.F2H,
              {h(0x1.998p-4f), h(0x1.998p-4f), h(0x1.99cp-4f), h(0x1.998p-4f)});
  checkValues("float2half_{rd,rn,ru,rz}(1e6f)", R.F2HBig, Host.F2HBig,
              {h(65504), h(FInf), h(FInf), h(65504)});
  checkValues("int2half_{rd,rn,ru,rz}(65535)", R.I2H, Host.I2H,
              {h(65504), h(FInf), h(FInf), h(65504)});
  checkValues("half2int_{rd,rn,ru,rz}(2.5)", R.H2I, Host.H2I, {2, 2, 3, 2});
  checkValues("bit reinterpretations", R.Bits, Host.Bits,
              {0x3f800000, int(0xc0000000u), 0x3ff00000, 1, 0x3c00, 0xc000});
  checkValues("double_as_longlong(1)", &R.DBits, &Host.DBits,
              {0x3ff0000000000000LL});
  checkValues("hiloint2double", &R.HiLo, &Host.HiLo, {0x1.0000000000001p0});
  checkValues("int_as_float", &R.AsFloat, &Host.AsFloat, {2.0f});
  checkValues("ushort_as_half", &R.AsHalf, &Host.AsHalf, {h(2)});

  checkValues("brev", &R.Brev, &Host.Brev, {0x1e6a2c48u});
  checkValues("brevll", &R.Brevll, &Host.Brevll, {1ULL << 63});
  checkValues("byte_perm", R.BytePerm, Host.BytePerm,
              {0x11223344u, 0x77556611u});
  checkValues("clz, clzll", R.Clz, Host.Clz, {32, 31, 0, 63});
  checkValues("ffs, ffsll", R.Ffs, Host.Ffs, {0, 4, 41});
  checkValues("popc, popcll", R.Popc, Host.Popc, {8, 64});
  checkValues("hadd, rhadd", R.HAdd, Host.HAdd, {IMax, -2, -1, IMax});
  checkValues("uhadd, urhadd", R.UHAdd, Host.UHAdd, {0x80000000u, 0x80000000u});
  checkValues("mulhi", R.MulHi, Host.MulHi, {0x3fffffff, -1});
  checkValues("umulhi", &R.UMulHi, &Host.UMulHi, {0xfffffffeu});
  checkValues("mul64hi", &R.Mul64Hi, &Host.Mul64Hi, {-1LL});
  checkValues("umul64hi", &R.UMul64Hi, &Host.UMul64Hi, {0xfffffffffffffffeULL});
  checkValues("mul24", &R.Mul24, &Host.Mul24, {-16777216});
  checkValues("umul24", &R.UMul24, &Host.UMul24, {15u});
  checkValues("sad, usad", R.Sad, Host.Sad, {18u, 8u});
  checkValues("max, min, umax, umin, llmax, llmin, ullmax, ullmin", R.MinMax,
              Host.MinMax, {3LL, 7LL - 1 - 2 + 2 + 1 + 5 + 6});

  checkValues("saturate", R.Saturate, Host.Saturate, {1.0f, 0.0f, 0.0f, 0.25f});
  checkValues("rsqrt(float)", &R.RsqrtF, &Host.RsqrtF, {0.5f});
  checkValues("rsqrt, inv, rcbrt, sinpi, cospi (double)", R.Exact, Host.Exact,
              {2.0, 0.25, 0.5, 1.0, -1.0});
  checkValues("rcbrt(float)", &R.RcbrtF, &Host.RcbrtF, {float(-1.0 / 3)});
  checkNear("erfinv(0.5)", R.Erfinv[0], Host.Erfinv[0], 0x1.e861fbb24c00ap-2);
  checkNear("erfinv(-0.9)", R.Erfinv[1], Host.Erfinv[1], -0x1.29c0146770651p+0);
  checkValues("erfinv(0.5f)", &R.ErfinvF, &Host.ErfinvF,
              {float(0x1.e861fbb24c00ap-2)});
  checkNear("erfcinv(1e-300)", R.Erfcinv[0], Host.Erfcinv[0],
            0x1.a359fd2c5e942p+4);
  checkNear("erfcinv(1e-10)", R.Erfcinv[1], Host.Erfcinv[1],
            0x1.24a92a0d51497p+2);
  checkNear("ha::erfcinv(1.5)", R.Erfcinv[2], Host.Erfcinv[2],
            -0x1.e861fbb24c00ap-2);
  checkNear("erfcinv(0.99)", R.Erfcinv[3], Host.Erfcinv[3],
            0x1.22680c94cadd9p-7);
  checkNear("cdfnorm(1)", R.Cdfnorm[0], Host.Cdfnorm[0], 0x1.aec4bd120d37dp-1);
  checkNear("cdfnorm(-30)", R.Cdfnorm[1], Host.Cdfnorm[1],
            0x1.7795ad05ea397p-656);
  checkNear("cdfnorm(-37.5)", R.Cdfnorm[2], Host.Cdfnorm[2],
            0x1.08eda98086fd1p-1021);
  checkNear("cdfnorminv(0.975)", R.Cdfnorminv[0], Host.Cdfnorminv[0],
            0x1.f5c0331eeff83p+0);
  checkNear("cdfnorminv(1e-10)", R.Cdfnorminv[1], Host.Cdfnorminv[1],
            -0x1.97203597a2155p+2);
  checkValues("erfinv, erfcinv, cdfnorminv, cdfnorm special values", R.Special,
              Host.Special,
              {DInf, -DInf, double(NAN), DInf, -DInf, DInf, 0.0, 1.0});
  checkValues("inv, la::sqrt, copysign on half", R.HalfFns, Host.HalfFns,
              {h(0.5f), h(3), h(-2)});
  checkValues("ceil(half2)", R.Ceil2, Host.Ceil2, {h(-1), h(3)});
  checkValues("floor(half2)", R.Floor2, Host.Floor2, {h(-2), h(2)});
  checkValues("trunc(half2)", R.Trunc2, Host.Trunc2, {h(-1), h(2)});
  checkValues("rint(half2)", R.Rint2, Host.Rint2, {h(-2), h(2)});
  checkValues("sqrt(half2)", R.Sqrt2, Host.Sqrt2, {h(2), h(3)});
  sycl::free(K, Q);
  sycl::free(Zero, Q);
}

} // namespace

int main() {
  sycl::queue Q;
  checkArithmetic(Q, FloatCases, "float");
  checkArithmetic(Q, DoubleCases, "double");
  checkResults(Q);
  return Failures != 0;
}
