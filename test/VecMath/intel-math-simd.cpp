// DPC++'s sycl_ext_intel_math SIMD intrinsics (<sycl/ext/intel/math.hpp>:
// vabs2 ... vsubus4 on 16- and 8-bit lanes of an unsigned int, and the DPX
// functions viaddmax_*, vimax3_*, vibmax_*, ...) in a kernel, one
// work-item per input, against a host reference written here that unpacks
// the lanes, computes with 64-bit integers, saturates or wraps, and repacks.
// Inputs: every pair of words built from the lane edge values (0, 1, 0x7f,
// 0x80, 0xff, 0x7fff, 0x8000, 0xffff, ...), and a few thousand
// pseudo-random words. Every function's results must match bit for bit
// (for vibmax / vibmin, the predicates too).
#include <sycl/ext/intel/math.hpp>
#include <sycl/sycl.hpp>

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace {

namespace imf = sycl::ext::intel::math;
using u32 = std::uint32_t;
using u64 = std::uint64_t;
using i64 = std::int64_t;

int Failures = 0;

void expect(bool Ok, const std::string &What) {
  std::printf("%s: %s\n", What.c_str(), Ok ? "OK" : "FAIL");
  Failures += !Ok;
}

//===----------------------------------------------------------------------===//
// The host reference
//===----------------------------------------------------------------------===//

/// Lane \p I of \p X, \p Bits wide, as a signed or unsigned value.
i64 unpack(u32 X, int Bits, bool Signed, int I) {
  i64 V = (X >> (Bits * I)) & ((u64(1) << Bits) - 1);
  if (Signed && V >= (i64(1) << (Bits - 1)))
    V -= i64(1) << Bits;
  return V;
}

/// The word whose lanes are the low \p Bits bits of \p Values.
u32 pack(const std::vector<i64> &Values, int Bits) {
  u32 R = 0;
  for (size_t I = 0; I < Values.size(); ++I)
    R |= u32(u64(Values[I]) & ((u64(1) << Bits) - 1)) << (Bits * I);
  return R;
}

i64 clampTo(i64 V, i64 Lo, i64 Hi) { return V < Lo ? Lo : V > Hi ? Hi : V; }
i64 signedMin(int Bits) { return -(i64(1) << (Bits - 1)); }
i64 signedMax(int Bits) { return (i64(1) << (Bits - 1)) - 1; }
i64 unsignedMax(int Bits) { return (i64(1) << Bits) - 1; }
/// \p V wrapped to a signed \p Bits-bit value.
i64 wrapSigned(i64 V, int Bits) {
  i64 M = i64(1) << Bits;
  V = ((V % M) + M) % M;
  return V > signedMax(Bits) ? V - M : V;
}
i64 absOf(i64 V) { return V < 0 ? -V : V; }
i64 maxOf(i64 A, i64 B) { return A > B ? A : B; }
i64 minOf(i64 A, i64 B) { return A < B ? A : B; }

/// F applied lane by lane to X, Y and Z (F gets the lane width too).
template <typename Fn>
u32 lanewise(int Bits, bool Signed, Fn F, u32 X, u32 Y = 0, u32 Z = 0) {
  std::vector<i64> R;
  for (int I = 0; I < 32 / Bits; ++I)
    R.push_back(F(unpack(X, Bits, Signed, I), unpack(Y, Bits, Signed, I),
                  unpack(Z, Bits, Signed, I), Bits));
  return pack(R, Bits);
}

/// The sum of the absolute differences of the lanes.
u32 sad(int Bits, bool Signed, u32 X, u32 Y) {
  i64 Sum = 0;
  for (int I = 0; I < 32 / Bits; ++I)
    Sum += absOf(unpack(X, Bits, Signed, I) - unpack(Y, Bits, Signed, I));
  return u32(Sum);
}

/// The reference for the predicated max / min of 16-bit lanes: the result
/// in the low 32 bits, the high lane's predicate in bit 32, the low lane's
/// in bit 33.
u64 predicated16(bool Signed, bool Max, u32 X, u32 Y) {
  u32 R = lanewise(
      16, Signed,
      [&](i64 A, i64 B, i64, int) { return Max ? maxOf(A, B) : minOf(A, B); },
      X, Y);
  auto Pred = [&](int I) {
    i64 A = unpack(X, 16, Signed, I), B = unpack(Y, 16, Signed, I);
    return Max ? A >= B : A <= B;
  };
  return R | (u64(Pred(1)) << 32) | (u64(Pred(0)) << 33);
}

/// 32-bit values as signed or unsigned 64-bit integers.
i64 s32(u32 X) { return i64(std::int32_t(X)); }
i64 u32v(u32 X) { return i64(X); }

// Lambdas of the reference: lane values a, b, c and the lane width.
#define L1(Expr) [](i64 a, i64, i64, int w) -> i64 { return (void)w, Expr; }
#define L2(Expr) [](i64 a, i64 b, i64, int w) -> i64 { return (void)w, Expr; }
#define L3(Expr) [](i64 a, i64 b, i64 c, int w) -> i64 { return (void)w, Expr; }

//===----------------------------------------------------------------------===//
// The functions under test and their references
//===----------------------------------------------------------------------===//

// vibmax / vibmin results with their predicates, as the reference packs
// them.
u64 withPreds(u32 R, bool Hi, bool Lo) {
  return R | (u64(Hi) << 32) | (u64(Lo) << 33);
}
#define PRED16(Fn)                                                             \
  [&] {                                                                        \
    bool Hi = false, Lo = false;                                               \
    u32 R = imf::Fn(x, y, &Hi, &Lo);                                           \
    return withPreds(R, Hi, Lo);                                               \
  }()
#define PRED32(Fn, T)                                                          \
  [&] {                                                                        \
    bool P = false;                                                            \
    T R = imf::Fn(T(x), T(y), &P);                                             \
    return u64(u32(R)) | (u64(P) << 32);                                       \
  }()

// Apply(name, call on x, y, z (unsigned ints), reference on X, Y, Z).
// clang-format off
#define PAIRED(Apply, Name, Bits, S, Expr)                                     \
  Apply(Name, imf::Name(x, y), lanewise(Bits, S, L2(Expr), X, Y))
#define BOTH(Apply, Name, S, Expr)                                             \
  PAIRED(Apply, Name##2, 16, S, Expr) PAIRED(Apply, Name##4, 8, S, Expr)
#define COMPARE(Apply, Name, S, Pred)                                          \
  BOTH(Apply, vcmp##Name, S, (Pred) ? -1 : 0)                                  \
  BOTH(Apply, vset##Name, S, (Pred) ? 1 : 0)
#define FUNCTIONS(Apply)                                                           \
  Apply(vabs2, imf::vabs2(x), lanewise(16, true, L1(absOf(a)), X))                 \
  Apply(vabs4, imf::vabs4(x), lanewise(8, true, L1(absOf(a)), X))                  \
  Apply(vabsss2, imf::vabsss2(x),                                                  \
    lanewise(16, true, L1(minOf(absOf(a), signedMax(w))), X))                  \
  Apply(vabsss4, imf::vabsss4(x),                                                  \
    lanewise(8, true, L1(minOf(absOf(a), signedMax(w))), X))                   \
  Apply(vneg2, imf::vneg2(x), lanewise(16, true, L1(-a), X))                       \
  Apply(vneg4, imf::vneg4(x), lanewise(8, true, L1(-a), X))                        \
  Apply(vnegss2, imf::vnegss2(x),                                                  \
    lanewise(16, true, L1(clampTo(-a, signedMin(w), signedMax(w))), X))        \
  Apply(vnegss4, imf::vnegss4(x),                                                  \
    lanewise(8, true, L1(clampTo(-a, signedMin(w), signedMax(w))), X))         \
  BOTH(Apply, vabsdiffs, true, absOf(a - b))                                          \
  BOTH(Apply, vabsdiffu, false, absOf(a - b))                                         \
  BOTH(Apply, vadd, false, a + b)                                                     \
  BOTH(Apply, vaddss, true, clampTo(a + b, signedMin(w), signedMax(w)))               \
  BOTH(Apply, vaddus, false, clampTo(a + b, 0, unsignedMax(w)))                       \
  BOTH(Apply, vsub, false, a - b)                                                     \
  BOTH(Apply, vsubss, true, clampTo(a - b, signedMin(w), signedMax(w)))               \
  BOTH(Apply, vsubus, false, clampTo(a - b, 0, unsignedMax(w)))                       \
  BOTH(Apply, vhaddu, false, (a + b) / 2)                                             \
  BOTH(Apply, vavgu, false, (a + b + 1) / 2)                                          \
  BOTH(Apply, vavgs, true, a + b >= 0 ? (a + b + 1) / 2 : -((-(a + b) + 1) / 2))      \
  BOTH(Apply, vmaxs, true, maxOf(a, b))                                               \
  BOTH(Apply, vmaxu, false, maxOf(a, b))                                              \
  BOTH(Apply, vmins, true, minOf(a, b))                                               \
  BOTH(Apply, vminu, false, minOf(a, b))                                              \
  COMPARE(Apply, eq, false, a == b)                                                   \
  COMPARE(Apply, ne, false, a != b)                                                   \
  COMPARE(Apply, ges, true, a >= b)                                                   \
  COMPARE(Apply, geu, false, a >= b)                                                  \
  COMPARE(Apply, gts, true, a > b)                                                    \
  COMPARE(Apply, gtu, false, a > b)                                                   \
  COMPARE(Apply, les, true, a <= b)                                                   \
  COMPARE(Apply, leu, false, a <= b)                                                  \
  COMPARE(Apply, lts, true, a < b)                                                    \
  COMPARE(Apply, ltu, false, a < b)                                                   \
  Apply(vsads2, imf::vsads2(x, y), sad(16, true, X, Y))                            \
  Apply(vsads4, imf::vsads4(x, y), sad(8, true, X, Y))                             \
  Apply(vsadu2, imf::vsadu2(x, y), sad(16, false, X, Y))                           \
  Apply(vsadu4, imf::vsadu4(x, y), sad(8, false, X, Y))                            \
  Apply(viaddmax_s16x2, imf::viaddmax_s16x2(x, y, z),                              \
    lanewise(16, true, L3(maxOf(wrapSigned(a + b, 16), c)), X, Y, Z))          \
  Apply(viaddmax_s16x2_relu, imf::viaddmax_s16x2_relu(x, y, z),                    \
    lanewise(16, true, L3(maxOf(maxOf(wrapSigned(a + b, 16), c), 0)), X, Y, Z))\
  Apply(viaddmax_u16x2, imf::viaddmax_u16x2(x, y, z),                              \
    lanewise(16, false, L3(maxOf((a + b) % 65536, c)), X, Y, Z))               \
  Apply(viaddmin_s16x2, imf::viaddmin_s16x2(x, y, z),                              \
    lanewise(16, true, L3(minOf(wrapSigned(a + b, 16), c)), X, Y, Z))          \
  Apply(viaddmin_s16x2_relu, imf::viaddmin_s16x2_relu(x, y, z),                    \
    lanewise(16, true, L3(maxOf(minOf(wrapSigned(a + b, 16), c), 0)), X, Y, Z))\
  Apply(viaddmin_u16x2, imf::viaddmin_u16x2(x, y, z),                              \
    lanewise(16, false, L3(minOf((a + b) % 65536, c)), X, Y, Z))               \
  Apply(vimax3_s16x2, imf::vimax3_s16x2(x, y, z),                                  \
    lanewise(16, true, L3(maxOf(maxOf(a, b), c)), X, Y, Z))                    \
  Apply(vimax3_s16x2_relu, imf::vimax3_s16x2_relu(x, y, z),                        \
    lanewise(16, true, L3(maxOf(maxOf(maxOf(a, b), c), 0)), X, Y, Z))          \
  Apply(vimax3_u16x2, imf::vimax3_u16x2(x, y, z),                                  \
    lanewise(16, false, L3(maxOf(maxOf(a, b), c)), X, Y, Z))                   \
  Apply(vimin3_s16x2, imf::vimin3_s16x2(x, y, z),                                  \
    lanewise(16, true, L3(minOf(minOf(a, b), c)), X, Y, Z))                    \
  Apply(vimin3_s16x2_relu, imf::vimin3_s16x2_relu(x, y, z),                        \
    lanewise(16, true, L3(maxOf(minOf(minOf(a, b), c), 0)), X, Y, Z))          \
  Apply(vimin3_u16x2, imf::vimin3_u16x2(x, y, z),                                  \
    lanewise(16, false, L3(minOf(minOf(a, b), c)), X, Y, Z))                   \
  Apply(vimax_s16x2_relu, imf::vimax_s16x2_relu(x, y),                             \
    lanewise(16, true, L2(maxOf(maxOf(a, b), 0)), X, Y))                       \
  Apply(vimin_s16x2_relu, imf::vimin_s16x2_relu(x, y),                             \
    lanewise(16, true, L2(maxOf(minOf(a, b), 0)), X, Y))                       \
  Apply(vibmax_s16x2, PRED16(vibmax_s16x2), predicated16(true, true, X, Y))        \
  Apply(vibmax_u16x2, PRED16(vibmax_u16x2), predicated16(false, true, X, Y))       \
  Apply(vibmin_s16x2, PRED16(vibmin_s16x2), predicated16(true, false, X, Y))       \
  Apply(vibmin_u16x2, PRED16(vibmin_u16x2), predicated16(false, false, X, Y))      \
  Apply(viaddmax_s32, u32(imf::viaddmax_s32(int(x), int(y), int(z))),              \
    u32(maxOf(wrapSigned(s32(X) + s32(Y), 32), s32(Z))))                       \
  Apply(viaddmax_s32_relu, u32(imf::viaddmax_s32_relu(int(x), int(y), int(z))),    \
    u32(maxOf(maxOf(wrapSigned(s32(X) + s32(Y), 32), s32(Z)), 0)))             \
  Apply(viaddmax_u32, imf::viaddmax_u32(x, y, z),                                  \
    u32(maxOf((u32v(X) + u32v(Y)) % (i64(1) << 32), u32v(Z))))                 \
  Apply(viaddmin_s32, u32(imf::viaddmin_s32(int(x), int(y), int(z))),              \
    u32(minOf(wrapSigned(s32(X) + s32(Y), 32), s32(Z))))                       \
  Apply(viaddmin_s32_relu, u32(imf::viaddmin_s32_relu(int(x), int(y), int(z))),    \
    u32(maxOf(minOf(wrapSigned(s32(X) + s32(Y), 32), s32(Z)), 0)))             \
  Apply(viaddmin_u32, imf::viaddmin_u32(x, y, z),                                  \
    u32(minOf((u32v(X) + u32v(Y)) % (i64(1) << 32), u32v(Z))))                 \
  Apply(vimax3_s32, u32(imf::vimax3_s32(int(x), int(y), int(z))),                  \
    u32(maxOf(maxOf(s32(X), s32(Y)), s32(Z))))                                 \
  Apply(vimax3_s32_relu, u32(imf::vimax3_s32_relu(int(x), int(y), int(z))),        \
    u32(maxOf(maxOf(maxOf(s32(X), s32(Y)), s32(Z)), 0)))                       \
  Apply(vimax3_u32, imf::vimax3_u32(x, y, z),                                      \
    u32(maxOf(maxOf(u32v(X), u32v(Y)), u32v(Z))))                              \
  Apply(vimin3_s32, u32(imf::vimin3_s32(int(x), int(y), int(z))),                  \
    u32(minOf(minOf(s32(X), s32(Y)), s32(Z))))                                 \
  Apply(vimin3_s32_relu, u32(imf::vimin3_s32_relu(int(x), int(y), int(z))),        \
    u32(maxOf(minOf(minOf(s32(X), s32(Y)), s32(Z)), 0)))                       \
  Apply(vimin3_u32, imf::vimin3_u32(x, y, z),                                      \
    u32(minOf(minOf(u32v(X), u32v(Y)), u32v(Z))))                              \
  Apply(vimax_s32_relu, u32(imf::vimax_s32_relu(int(x), int(y))),                  \
    u32(maxOf(maxOf(s32(X), s32(Y)), 0)))                                      \
  Apply(vimin_s32_relu, u32(imf::vimin_s32_relu(int(x), int(y))),                  \
    u32(maxOf(minOf(s32(X), s32(Y)), 0)))                                      \
  Apply(vibmax_s32, PRED32(vibmax_s32, int),                                       \
    u64(u32(maxOf(s32(X), s32(Y)))) | (u64(s32(X) >= s32(Y)) << 32))          \
  Apply(vibmax_u32, PRED32(vibmax_u32, unsigned),                                  \
    u64(u32(maxOf(u32v(X), u32v(Y)))) | (u64(X >= Y) << 32))                  \
  Apply(vibmin_s32, PRED32(vibmin_s32, int),                                       \
    u64(u32(minOf(s32(X), s32(Y)))) | (u64(s32(X) <= s32(Y)) << 32))          \
  Apply(vibmin_u32, PRED32(vibmin_u32, unsigned),                                  \
    u64(u32(minOf(u32v(X), u32v(Y)))) | (u64(X <= Y) << 32))
// clang-format on

#define COUNT(Name, Call, Ref) +1
constexpr int NumFunctions = 0 FUNCTIONS(COUNT);
#define NAME(Name, Call, Ref) #Name,
const char *const Names[] = {FUNCTIONS(NAME)};

/// One input row: the arguments x, y and z.
struct Row {
  u32 X, Y, Z;
};

/// A small deterministic generator (xorshift32).
u32 nextRandom(u32 &State) {
  State ^= State << 13;
  State ^= State >> 17;
  State ^= State << 5;
  return State;
}

/// Every pair of words made of 16-bit and of 8-bit edge lanes (z the
/// reversed x), then random words.
std::vector<Row> makeRows() {
  const u32 Edge16[] = {0,      1,      0x7f,   0x80,   0xff,  0x7ffe,
                        0x7fff, 0x8000, 0x8001, 0xfffe, 0xffff};
  const u32 Edge8[] = {0, 1, 0x7e, 0x7f, 0x80, 0x81, 0xfe, 0xff};
  std::vector<u32> Words;
  for (u32 Hi : Edge16)
    for (u32 Lo : Edge16)
      Words.push_back(Hi << 16 | Lo);
  u32 State = 0x2545f491u;
  for (int I = 0; I < 120; ++I) {
    u32 W = 0;
    for (int B = 0; B < 4; ++B)
      W |= Edge8[nextRandom(State) % 8] << (8 * B);
    Words.push_back(W);
  }
  std::vector<Row> Rows;
  for (u32 A : Words)
    for (u32 B : Words)
      Rows.push_back({A, B, (B << 16) | (A >> 16)});
  for (int I = 0; I < 4000; ++I) {
    u32 A = nextRandom(State), B = nextRandom(State), C = nextRandom(State);
    Rows.push_back({A, B, C});
  }
  return Rows;
}

/// Runs every function on every row in a kernel and compares with the
/// reference.
void checkAll(sycl::queue &Q) {
  std::vector<Row> Rows = makeRows();
  size_t N = Rows.size();
  Row *In = sycl::malloc_shared<Row>(N, Q);
  u64 *Out = sycl::malloc_shared<u64>(N * NumFunctions, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = Rows[I];
  Q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> Id) {
     size_t I = Id[0];
     unsigned x = In[I].X, y = In[I].Y, z = In[I].Z;
     (void)z;
     u64 *O = Out + I * NumFunctions;
     int K = 0;
#define DEVICE(Name, Call, Ref) O[K++] = u64(Call);
     FUNCTIONS(DEVICE)
   }).wait();

  int Failed[NumFunctions] = {};
  for (size_t I = 0; I < N; ++I) {
    u32 X = Rows[I].X, Y = Rows[I].Y, Z = Rows[I].Z;
    (void)Z;
    const u64 *O = Out + I * NumFunctions;
    int K = 0;
#define HOST(Name, Call, Ref)                                                  \
  {                                                                            \
    u64 Want = u64(Ref);                                                       \
    if (O[K] != Want && Failed[K]++ < 3)                                       \
      std::printf("  %s(%#x, %#x, %#x) = %#llx, want %#llx\n", #Name, X, Y, Z, \
                  (unsigned long long)O[K], (unsigned long long)Want);         \
    ++K;                                                                       \
  }
    FUNCTIONS(HOST)
  }
  for (int K = 0; K < NumFunctions; ++K)
    expect(Failed[K] == 0,
           std::string(Names[K]) + " on " + std::to_string(N) + " inputs");
  sycl::free(In, Q);
  sycl::free(Out, Q);
}

/// A few values from CUDA's documentation worked by hand, so that the
/// reference itself is checked.
void checkKnownValues() {
  expect(imf::vavgs2(0xfffdu, 0u) == 0xfffeu && // avg(-3, 0) = -1.5 -> -2
             imf::vavgs2(3u, 0u) == 2u &&       // avg(3, 0) = 1.5 -> 2
             imf::vavgu4(0x01ff0000u, 0x00ff0001u) == 0x01ff0001u,
         "vavgs2 / vavgu4 round half away from zero / up");
  expect(imf::vcmpgts4(0x7f80ff00u, 0x807f0000u) == 0xff000000u &&
             imf::vsetgtu4(0x7f80ff00u, 0x807f0000u) == 0x00010100u,
         "vcmpgts4 all ones, vsetgtu4 ones");
  expect(imf::vaddss2(0x7fff8000u, 0x0001ffffu) == 0x7fff8000u &&
             imf::vaddus4(0xff01u, 0x0101u) == 0xff02u &&
             imf::vabsss2(0x80008000u) == 0x7fff7fffu &&
             imf::vabs2(0x80008000u) == 0x80008000u,
         "saturation at the lane limits");
  expect(imf::vsads2(0x80007fffu, 0x7fff8000u) == 2u * 0xffffu,
         "vsads2 sums without wrapping");
}

} // namespace

int main() {
  sycl::queue Q;
  checkAll(Q);
  checkKnownValues();
  return Failures != 0;
}
