//===- sycl/ext/intel/math/imf_simd.hpp - SIMD intrinsics in a 32-bit word ===//
//
/// \file
/// DPC++'s sycl_ext_intel_math SIMD functions (CUDA's __vadd2 family): an
/// unsigned int read as two 16-bit lanes (names ending in 2 or _16x2; lane
/// 0 is the low half) or four 8-bit lanes (names ending in 4; lane 0 is the
/// low byte), each lane computed on its own and packed back. Then the
/// 32-bit DPX functions (viaddmax_s32, vimax3_u32, vibmin_s32, ...).
///
/// Semantics, as CUDA documents them: plain arithmetic wraps around in the
/// lane; "ss" saturates to the signed lane range, "us" to the unsigned one;
/// vavgu rounds up ((a + b + 1) >> 1), vavgs rounds half away from zero,
/// vhaddu rounds down; vcmp gives all ones (0xffff, 0xff) in a lane where
/// the comparison holds, vset gives 1; vsad sums the lanes' absolute
/// differences into one unsigned int; the _relu forms clamp below at 0; the
/// viadd forms add with wrap-around before taking the maximum or minimum.
///
/// Each lane is widened to int (sign- or zero-extended), computed exactly
/// and masked back: a fixed loop of two or four steps of shifts, adds and
/// selects, with no branches or calls, that the compiler unrolls and the
/// work-item loop vectorizes. As in DPC++, every function is a template
/// enabled only for arguments of exactly the type it takes (unsigned int,
/// or int for the signed 32-bit forms), so an int literal where an
/// unsigned int is due does not compile rather than convert.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_EXT_INTEL_MATH_IMF_SIMD_HPP
#define LANES_SYCL_EXT_INTEL_MATH_IMF_SIMD_HPP

#include <type_traits>

namespace lanes::detail::simd {

/// The layout of a word of LaneBits-bit lanes and the lanes' ranges.
template <int LaneBits> struct Lanes {
  static constexpr int Count = 32 / LaneBits;
  static constexpr unsigned Mask = (1u << LaneBits) - 1;
  static constexpr int SignedMin = -(1 << (LaneBits - 1));
  static constexpr int SignedMax = (1 << (LaneBits - 1)) - 1;
  static constexpr int UnsignedMax = int(Mask);
};

/// Lane \p I of \p X, sign-extended (\p Signed) or zero-extended to int.
template <int LaneBits, bool Signed> inline int lane(unsigned X, int I) {
  if constexpr (Signed)
    return int(X << (32 - LaneBits * (I + 1))) >> (32 - LaneBits);
  else
    return int((X >> (LaneBits * I)) & Lanes<LaneBits>::Mask);
}

/// \p V wrapped around to the signed range of a LaneBits-bit lane.
template <int LaneBits> inline int wrapSigned(int V) {
  return int(unsigned(V) << (32 - LaneBits)) >> (32 - LaneBits);
}

/// \p V clamped to [\p Lo, \p Hi].
inline int clamp(int V, int Lo, int Hi) {
  return V < Lo ? Lo : V > Hi ? Hi : V;
}

/// The word whose lane I is the low LaneBits bits of F(lane I of each
/// argument).
template <int LaneBits, bool Signed, typename Fn, typename... Words>
inline unsigned map(Fn F, Words... Args) {
  unsigned R = 0;
  for (int I = 0; I < Lanes<LaneBits>::Count; ++I)
    R |= (unsigned(F(lane<LaneBits, Signed>(Args, I)...)) &
          Lanes<LaneBits>::Mask)
         << (LaneBits * I);
  return R;
}

/// The sum over all lanes of |lane of X - lane of Y|.
template <int LaneBits, bool Signed>
inline unsigned sumAbsDiff(unsigned X, unsigned Y) {
  unsigned Sum = 0;
  for (int I = 0; I < Lanes<LaneBits>::Count; ++I) {
    int D = lane<LaneBits, Signed>(X, I) - lane<LaneBits, Signed>(Y, I);
    Sum += unsigned(D < 0 ? -D : D);
  }
  return Sum;
}

/// A 32-bit sum with wrap-around (signed overflow is undefined in C++).
inline int wrappingAdd(int A, int B) { return int(unsigned(A) + unsigned(B)); }

/// The larger and the smaller of two values, and \p V clamped below at 0.
template <typename T> inline T max(T A, T B) { return A > B ? A : B; }
template <typename T> inline T min(T A, T B) { return A < B ? A : B; }
inline int relu(int V) { return V > 0 ? V : 0; }

} // namespace lanes::detail::simd

/// Whether Tp is exactly the type T (DPC++'s enable_if on each function).
#define LANES_IMF_EXACTLY(T, Ret) std::enable_if_t<std::is_same_v<Tp, T>, Ret>
// A function of packed lanes: Name on 16-bit lanes (Name##2) and on 8-bit
// lanes (Name##4), Signed lanes or not, computing Expr from the lanes A, B
// (as ints).
#define LANES_IMF_SIMD1(Name, Signed, Expr)                                    \
  template <typename Tp> LANES_IMF_EXACTLY(unsigned, unsigned) Name##2(Tp x) { \
    using L [[maybe_unused]] = lanes::detail::simd::Lanes<16>;                 \
    return lanes::detail::simd::map<16, Signed>([](int A) { return Expr; },    \
                                                x);                            \
  }                                                                            \
  template <typename Tp> LANES_IMF_EXACTLY(unsigned, unsigned) Name##4(Tp x) { \
    using L [[maybe_unused]] = lanes::detail::simd::Lanes<8>;                  \
    return lanes::detail::simd::map<8, Signed>([](int A) { return Expr; }, x); \
  }
#define LANES_IMF_SIMD2(Name, Signed, Expr)                                    \
  template <typename Tp>                                                       \
  LANES_IMF_EXACTLY(unsigned, unsigned)                                        \
  Name##2(Tp x, Tp y) {                                                        \
    using L [[maybe_unused]] = lanes::detail::simd::Lanes<16>;                 \
    return lanes::detail::simd::map<16, Signed>(                               \
        [](int A, int B) { return Expr; }, x, y);                              \
  }                                                                            \
  template <typename Tp>                                                       \
  LANES_IMF_EXACTLY(unsigned, unsigned)                                        \
  Name##4(Tp x, Tp y) {                                                        \
    using L [[maybe_unused]] = lanes::detail::simd::Lanes<8>;                  \
    return lanes::detail::simd::map<8, Signed>(                                \
        [](int A, int B) { return Expr; }, x, y);                              \
  }
// A comparison Pred of lanes A, B: vcmp##Name gives all ones where it
// holds, vset##Name gives 1.
#define LANES_IMF_SIMD_COMPARE(Name, Signed, Pred)                             \
  LANES_IMF_SIMD2(vcmp##Name, Signed, (Pred) ? -1 : 0)                         \
  LANES_IMF_SIMD2(vset##Name, Signed, (Pred) ? 1 : 0)
// A DPX function of three 16-bit lanes A, B, C (Name##_s16x2 or _u16x2).
#define LANES_IMF_DPX16(Name, Signed, Expr)                                    \
  template <typename Tp>                                                       \
  LANES_IMF_EXACTLY(unsigned, unsigned)                                        \
  Name(Tp x, Tp y, Tp z) {                                                     \
    return lanes::detail::simd::map<16, Signed>(                               \
        [](int A, int B, int C) { return Expr; }, x, y, z);                    \
  }
// A DPX function of three 32-bit values A, B, C of type T.
#define LANES_IMF_DPX32(Name, T, Expr)                                         \
  template <typename Tp> LANES_IMF_EXACTLY(T, T) Name(Tp x, Tp y, Tp z) {      \
    T A = x, B = y, C = z;                                                     \
    return Expr;                                                               \
  }

namespace sycl {
inline namespace _V1 {
namespace ext::intel::math {

/// |a| per lane: wraps (the most negative value stays), or saturates (ss).
LANES_IMF_SIMD1(vabs, true, A < 0 ? -A : A)
LANES_IMF_SIMD1(vabsss, true,
                A < 0 ? lanes::detail::simd::min(-A, L::SignedMax) : A)
/// -a per lane: wraps, or saturates (ss).
LANES_IMF_SIMD1(vneg, true, -A)
LANES_IMF_SIMD1(vnegss, true, lanes::detail::simd::min(-A, L::SignedMax))

/// |a - b| per lane, of signed or unsigned lanes.
LANES_IMF_SIMD2(vabsdiffs, true, A > B ? A - B : B - A)
LANES_IMF_SIMD2(vabsdiffu, false, A > B ? A - B : B - A)

/// a + b and a - b per lane: wrapping, signed-saturated (ss) or
/// unsigned-saturated (us).
LANES_IMF_SIMD2(vadd, false, A + B)
LANES_IMF_SIMD2(vaddss, true,
                lanes::detail::simd::clamp(A + B, L::SignedMin, L::SignedMax))
LANES_IMF_SIMD2(vaddus, false, lanes::detail::simd::min(A + B, L::UnsignedMax))
LANES_IMF_SIMD2(vsub, false, A - B)
LANES_IMF_SIMD2(vsubss, true,
                lanes::detail::simd::clamp(A - B, L::SignedMin, L::SignedMax))
LANES_IMF_SIMD2(vsubus, false, lanes::detail::simd::max(A - B, 0))

/// (a + b) / 2 per lane: unsigned rounded down (vhaddu) or up (vavgu);
/// signed rounded half away from zero (vavgs).
LANES_IMF_SIMD2(vhaddu, false, (A + B) >> 1)
LANES_IMF_SIMD2(vavgu, false, (A + B + 1) >> 1)
LANES_IMF_SIMD2(vavgs, true, (A + B + (A + B >= 0)) >> 1)

/// The larger and the smaller lane, signed or unsigned.
LANES_IMF_SIMD2(vmaxs, true, lanes::detail::simd::max(A, B))
LANES_IMF_SIMD2(vmaxu, false, lanes::detail::simd::max(A, B))
LANES_IMF_SIMD2(vmins, true, lanes::detail::simd::min(A, B))
LANES_IMF_SIMD2(vminu, false, lanes::detail::simd::min(A, B))

/// Comparisons per lane: vcmp* all ones where true, vset* 1 where true.
LANES_IMF_SIMD_COMPARE(eq, false, A == B)
LANES_IMF_SIMD_COMPARE(ne, false, A != B)
LANES_IMF_SIMD_COMPARE(ges, true, A >= B)
LANES_IMF_SIMD_COMPARE(geu, false, A >= B)
LANES_IMF_SIMD_COMPARE(gts, true, A > B)
LANES_IMF_SIMD_COMPARE(gtu, false, A > B)
LANES_IMF_SIMD_COMPARE(les, true, A <= B)
LANES_IMF_SIMD_COMPARE(leu, false, A <= B)
LANES_IMF_SIMD_COMPARE(lts, true, A < B)
LANES_IMF_SIMD_COMPARE(ltu, false, A < B)

/// The sum of the lanes' absolute differences, signed or unsigned lanes.
template <typename Tp>
LANES_IMF_EXACTLY(unsigned, unsigned)
vsads2(Tp x, Tp y) {
  return lanes::detail::simd::sumAbsDiff<16, true>(x, y);
}
template <typename Tp>
LANES_IMF_EXACTLY(unsigned, unsigned)
vsads4(Tp x, Tp y) {
  return lanes::detail::simd::sumAbsDiff<8, true>(x, y);
}
template <typename Tp>
LANES_IMF_EXACTLY(unsigned, unsigned)
vsadu2(Tp x, Tp y) {
  return lanes::detail::simd::sumAbsDiff<16, false>(x, y);
}
template <typename Tp>
LANES_IMF_EXACTLY(unsigned, unsigned)
vsadu4(Tp x, Tp y) {
  return lanes::detail::simd::sumAbsDiff<8, false>(x, y);
}

/// max(a + b, c) and min(a + b, c), the sum wrapping around, per 16-bit
/// lane or on 32-bit values; _relu clamps the result below at 0.
LANES_IMF_DPX16(
    viaddmax_s16x2, true,
    lanes::detail::simd::max(lanes::detail::simd::wrapSigned<16>(A + B), C))
LANES_IMF_DPX16(viaddmax_s16x2_relu, true,
                lanes::detail::simd::relu(lanes::detail::simd::max(
                    lanes::detail::simd::wrapSigned<16>(A + B), C)))
LANES_IMF_DPX16(viaddmax_u16x2, false,
                lanes::detail::simd::max((A + B) & 0xffff, C))
LANES_IMF_DPX16(
    viaddmin_s16x2, true,
    lanes::detail::simd::min(lanes::detail::simd::wrapSigned<16>(A + B), C))
LANES_IMF_DPX16(viaddmin_s16x2_relu, true,
                lanes::detail::simd::relu(lanes::detail::simd::min(
                    lanes::detail::simd::wrapSigned<16>(A + B), C)))
LANES_IMF_DPX16(viaddmin_u16x2, false,
                lanes::detail::simd::min((A + B) & 0xffff, C))
LANES_IMF_DPX32(viaddmax_s32, int,
                lanes::detail::simd::max(lanes::detail::simd::wrappingAdd(A, B),
                                         C))
LANES_IMF_DPX32(viaddmax_s32_relu, int,
                lanes::detail::simd::relu(lanes::detail::simd::max(
                    lanes::detail::simd::wrappingAdd(A, B), C)))
LANES_IMF_DPX32(viaddmax_u32, unsigned, lanes::detail::simd::max(A + B, C))
LANES_IMF_DPX32(viaddmin_s32, int,
                lanes::detail::simd::min(lanes::detail::simd::wrappingAdd(A, B),
                                         C))
LANES_IMF_DPX32(viaddmin_s32_relu, int,
                lanes::detail::simd::relu(lanes::detail::simd::min(
                    lanes::detail::simd::wrappingAdd(A, B), C)))
LANES_IMF_DPX32(viaddmin_u32, unsigned, lanes::detail::simd::min(A + B, C))

/// max(a, b, c) and min(a, b, c), per 16-bit lane or on 32-bit values;
/// _relu clamps the result below at 0.
LANES_IMF_DPX16(vimax3_s16x2, true,
                lanes::detail::simd::max(lanes::detail::simd::max(A, B), C))
LANES_IMF_DPX16(vimax3_s16x2_relu, true,
                lanes::detail::simd::relu(lanes::detail::simd::max(
                    lanes::detail::simd::max(A, B), C)))
LANES_IMF_DPX16(vimax3_u16x2, false,
                lanes::detail::simd::max(lanes::detail::simd::max(A, B), C))
LANES_IMF_DPX16(vimin3_s16x2, true,
                lanes::detail::simd::min(lanes::detail::simd::min(A, B), C))
LANES_IMF_DPX16(vimin3_s16x2_relu, true,
                lanes::detail::simd::relu(lanes::detail::simd::min(
                    lanes::detail::simd::min(A, B), C)))
LANES_IMF_DPX16(vimin3_u16x2, false,
                lanes::detail::simd::min(lanes::detail::simd::min(A, B), C))
LANES_IMF_DPX32(vimax3_s32, int,
                lanes::detail::simd::max(lanes::detail::simd::max(A, B), C))
LANES_IMF_DPX32(vimax3_s32_relu, int,
                lanes::detail::simd::relu(lanes::detail::simd::max(
                    lanes::detail::simd::max(A, B), C)))
LANES_IMF_DPX32(vimax3_u32, unsigned,
                lanes::detail::simd::max(lanes::detail::simd::max(A, B), C))
LANES_IMF_DPX32(vimin3_s32, int,
                lanes::detail::simd::min(lanes::detail::simd::min(A, B), C))
LANES_IMF_DPX32(vimin3_s32_relu, int,
                lanes::detail::simd::relu(lanes::detail::simd::min(
                    lanes::detail::simd::min(A, B), C)))
LANES_IMF_DPX32(vimin3_u32, unsigned,
                lanes::detail::simd::min(lanes::detail::simd::min(A, B), C))

/// max(a, b, 0) and max(min(a, b), 0), per signed 16-bit lane or on int.
template <typename Tp>
LANES_IMF_EXACTLY(unsigned, unsigned)
vimax_s16x2_relu(Tp x, Tp y) {
  return lanes::detail::simd::map<16, true>(
      [](int A, int B) {
        return lanes::detail::simd::relu(lanes::detail::simd::max(A, B));
      },
      x, y);
}
template <typename Tp>
LANES_IMF_EXACTLY(unsigned, unsigned)
vimin_s16x2_relu(Tp x, Tp y) {
  return lanes::detail::simd::map<16, true>(
      [](int A, int B) {
        return lanes::detail::simd::relu(lanes::detail::simd::min(A, B));
      },
      x, y);
}
template <typename Tp> LANES_IMF_EXACTLY(int, int) vimax_s32_relu(Tp x, Tp y) {
  return lanes::detail::simd::relu(lanes::detail::simd::max<int>(x, y));
}
template <typename Tp> LANES_IMF_EXACTLY(int, int) vimin_s32_relu(Tp x, Tp y) {
  return lanes::detail::simd::relu(lanes::detail::simd::min<int>(x, y));
}

/// max(a, b) (vibmax) and min(a, b) (vibmin), per 16-bit lane or on 32-bit
/// values, also storing a >= b (vibmax) or a <= b (vibmin): per lane
/// through \p p_hi (lane 1) and \p p_lo (lane 0), or through \p p.
template <typename Tp>
LANES_IMF_EXACTLY(unsigned, unsigned)
vibmax_s16x2(Tp x, Tp y, bool *p_hi, bool *p_lo) {
  *p_hi = lanes::detail::simd::lane<16, true>(x, 1) >=
          lanes::detail::simd::lane<16, true>(y, 1);
  *p_lo = lanes::detail::simd::lane<16, true>(x, 0) >=
          lanes::detail::simd::lane<16, true>(y, 0);
  return lanes::detail::simd::map<16, true>(
      [](int A, int B) { return lanes::detail::simd::max(A, B); }, x, y);
}
template <typename Tp>
LANES_IMF_EXACTLY(unsigned, unsigned)
vibmax_u16x2(Tp x, Tp y, bool *p_hi, bool *p_lo) {
  *p_hi = lanes::detail::simd::lane<16, false>(x, 1) >=
          lanes::detail::simd::lane<16, false>(y, 1);
  *p_lo = lanes::detail::simd::lane<16, false>(x, 0) >=
          lanes::detail::simd::lane<16, false>(y, 0);
  return lanes::detail::simd::map<16, false>(
      [](int A, int B) { return lanes::detail::simd::max(A, B); }, x, y);
}
template <typename Tp>
LANES_IMF_EXACTLY(unsigned, unsigned)
vibmin_s16x2(Tp x, Tp y, bool *p_hi, bool *p_lo) {
  *p_hi = lanes::detail::simd::lane<16, true>(x, 1) <=
          lanes::detail::simd::lane<16, true>(y, 1);
  *p_lo = lanes::detail::simd::lane<16, true>(x, 0) <=
          lanes::detail::simd::lane<16, true>(y, 0);
  return lanes::detail::simd::map<16, true>(
      [](int A, int B) { return lanes::detail::simd::min(A, B); }, x, y);
}
template <typename Tp>
LANES_IMF_EXACTLY(unsigned, unsigned)
vibmin_u16x2(Tp x, Tp y, bool *p_hi, bool *p_lo) {
  *p_hi = lanes::detail::simd::lane<16, false>(x, 1) <=
          lanes::detail::simd::lane<16, false>(y, 1);
  *p_lo = lanes::detail::simd::lane<16, false>(x, 0) <=
          lanes::detail::simd::lane<16, false>(y, 0);
  return lanes::detail::simd::map<16, false>(
      [](int A, int B) { return lanes::detail::simd::min(A, B); }, x, y);
}
template <typename Tp>
LANES_IMF_EXACTLY(int, int)
vibmax_s32(Tp x, Tp y, bool *p) {
  *p = x >= y;
  return lanes::detail::simd::max<int>(x, y);
}
template <typename Tp>
LANES_IMF_EXACTLY(unsigned, unsigned)
vibmax_u32(Tp x, Tp y, bool *p) {
  *p = x >= y;
  return lanes::detail::simd::max<unsigned>(x, y);
}
template <typename Tp>
LANES_IMF_EXACTLY(int, int)
vibmin_s32(Tp x, Tp y, bool *p) {
  *p = x <= y;
  return lanes::detail::simd::min<int>(x, y);
}
template <typename Tp>
LANES_IMF_EXACTLY(unsigned, unsigned)
vibmin_u32(Tp x, Tp y, bool *p) {
  *p = x <= y;
  return lanes::detail::simd::min<unsigned>(x, y);
}

} // namespace ext::intel::math
} // namespace _V1
} // namespace sycl

#undef LANES_IMF_EXACTLY
#undef LANES_IMF_SIMD1
#undef LANES_IMF_SIMD2
#undef LANES_IMF_SIMD_COMPARE
#undef LANES_IMF_DPX16
#undef LANES_IMF_DPX32

#endif // LANES_SYCL_EXT_INTEL_MATH_IMF_SIMD_HPP
