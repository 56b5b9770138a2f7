//===- sycl/ext/oneapi/experimental/device_architecture.hpp - Archs -------===//
//
/// \file
/// DPC++'s sycl_ext_oneapi_device_architecture: the `architecture` and
/// `arch_category` enumerations, the device query
/// `info::device::architecture` and `device::ext_oneapi_architecture_is`
/// (sycl/device.hpp answers both from hostArchitecture() here), and the
/// `if_architecture_is` family, which runs one of several callables
/// depending on the device's architecture.
///
/// The Lanes device is the CPU the program runs on, compiled for the host.
/// Its architecture is one of the extension's Intel CPU enumerators when
/// cpuid says the CPU is that processor (GenuineIntel with the
/// family/model of Sapphire Rapids, Granite Rapids or Diamond Rapids), else
/// `x86_64` on any other x86-64 CPU (AMD, older or unlisted Intel ones,
/// Emerald Rapids among them), else `unknown` (32-bit x86, Arm). The
/// extension describes `x86_64` as "any CPU device with the x86_64
/// instruction set", so Lanes treats it as a family: an x86-64 device *is*
/// `x86_64` whatever more specific answer the descriptor gives. No
/// category holds a CPU, so every `arch_category` test is false.
///
/// if_architecture_is and its relatives: which callable runs is decided
/// at compile time for `x86_64`, the GPU enumerators and the categories
/// (the compiler knows it targets x86-64 and not a GPU), and at run time,
/// from the cpuid answer read at program start, for the specific Intel
/// CPUs. They work in host code as well as in kernels.
///
/// Enumerator values: the family in the top byte; Intel GPUs by IP version
/// (major.minor.revision, what the `intel_gpu_<major>_<minor>_<rev>`
/// aliases name), NVIDIA GPUs by compute capability, AMD GPUs by gfx
/// number, Intel CPUs in the extension's order, so that enumerators of a
/// family compare in the order the extension lists them and new ones fit
/// between without renumbering.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_EXT_ONEAPI_EXPERIMENTAL_DEVICE_ARCHITECTURE_HPP
#define LANES_SYCL_EXT_ONEAPI_EXPERIMENTAL_DEVICE_ARCHITECTURE_HPP

#include <cstdint>
#include <type_traits>

#if defined(__x86_64__)
#include <cpuid.h>
#endif

/// The extension is not versioned: the macro is always 1.
#define SYCL_EXT_ONEAPI_DEVICE_ARCHITECTURE 1

namespace lanes::detail {

/// The family of an architecture, the top byte of its enumerator.
enum class ArchFamily : uint8_t { None, IntelCpu, IntelGpu, NvidiaGpu, AmdGpu };

/// The enumerator value of the architecture of \p Family with
/// \p Ordinal, which orders the family.
constexpr uint64_t archValue(ArchFamily Family, uint64_t Ordinal) {
  return uint64_t(Family) << 56 | Ordinal;
}
/// An Intel GPU by its IP version Major.Minor.Revision.
constexpr uint64_t intelGpuArch(unsigned Major, unsigned Minor,
                                unsigned Revision) {
  return archValue(ArchFamily::IntelGpu, Major << 16 | Minor << 8 | Revision);
}
/// An NVIDIA GPU by compute capability (sm_\p Sm, \p Variant 1 for "a").
constexpr uint64_t nvidiaGpuArch(unsigned Sm, unsigned Variant = 0) {
  return archValue(ArchFamily::NvidiaGpu, Sm << 8 | Variant);
}
/// An AMD GPU by its gfx number read as hexadecimal (gfx90a is 0x90a).
constexpr uint64_t amdGpuArch(unsigned Gfx) {
  return archValue(ArchFamily::AmdGpu, Gfx);
}

} // namespace lanes::detail

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi::experimental {

/// The architectures the extension names. Within a family, later
/// enumerators compare greater; aliases equal what they alias.
enum class architecture : uint64_t {
  /// None of the others (a CPU without the x86_64 instruction set).
  unknown = 0,

  x86_64 = lanes::detail::archValue(lanes::detail::ArchFamily::IntelCpu, 0),
  intel_cpu_spr =
      lanes::detail::archValue(lanes::detail::ArchFamily::IntelCpu, 0x100),
  intel_cpu_gnr =
      lanes::detail::archValue(lanes::detail::ArchFamily::IntelCpu, 0x200),
  intel_cpu_dmr =
      lanes::detail::archValue(lanes::detail::ArchFamily::IntelCpu, 0x300),

  intel_gpu_bdw = lanes::detail::intelGpuArch(8, 0, 0),
  intel_gpu_skl = lanes::detail::intelGpuArch(9, 0, 9),
  intel_gpu_kbl = lanes::detail::intelGpuArch(9, 1, 9),
  intel_gpu_cfl = lanes::detail::intelGpuArch(9, 2, 9),
  intel_gpu_apl = lanes::detail::intelGpuArch(9, 3, 0),
  intel_gpu_bxt = intel_gpu_apl,
  intel_gpu_glk = lanes::detail::intelGpuArch(9, 4, 0),
  intel_gpu_whl = lanes::detail::intelGpuArch(9, 5, 0),
  intel_gpu_aml = lanes::detail::intelGpuArch(9, 6, 0),
  intel_gpu_cml = lanes::detail::intelGpuArch(9, 7, 0),
  intel_gpu_icllp = lanes::detail::intelGpuArch(11, 0, 0),
  intel_gpu_icl = intel_gpu_icllp,
  intel_gpu_ehl = lanes::detail::intelGpuArch(11, 2, 0),
  intel_gpu_jsl = intel_gpu_ehl,
  intel_gpu_tgllp = lanes::detail::intelGpuArch(12, 0, 0),
  intel_gpu_tgl = intel_gpu_tgllp,
  intel_gpu_rkl = lanes::detail::intelGpuArch(12, 1, 0),
  intel_gpu_adl_s = lanes::detail::intelGpuArch(12, 2, 0),
  intel_gpu_rpl_s = intel_gpu_adl_s,
  intel_gpu_adl_p = lanes::detail::intelGpuArch(12, 3, 0),
  intel_gpu_adl_n = lanes::detail::intelGpuArch(12, 4, 0),
  intel_gpu_dg1 = lanes::detail::intelGpuArch(12, 10, 0),
  intel_gpu_acm_g10 = lanes::detail::intelGpuArch(12, 55, 8),
  intel_gpu_dg2_g10 = intel_gpu_acm_g10,
  intel_gpu_acm_g11 = lanes::detail::intelGpuArch(12, 56, 5),
  intel_gpu_dg2_g11 = intel_gpu_acm_g11,
  intel_gpu_acm_g12 = lanes::detail::intelGpuArch(12, 57, 0),
  intel_gpu_dg2_g12 = intel_gpu_acm_g12,
  intel_gpu_pvc = lanes::detail::intelGpuArch(12, 60, 7),
  intel_gpu_pvc_vg = lanes::detail::intelGpuArch(12, 61, 7),
  intel_gpu_mtl_u = lanes::detail::intelGpuArch(12, 70, 4),
  intel_gpu_mtl_s = intel_gpu_mtl_u,
  intel_gpu_arl_u = intel_gpu_mtl_u,
  intel_gpu_arl_s = intel_gpu_mtl_u,
  intel_gpu_mtl_h = lanes::detail::intelGpuArch(12, 71, 4),
  intel_gpu_arl_h = lanes::detail::intelGpuArch(12, 74, 4),
  intel_gpu_bmg_g21 = lanes::detail::intelGpuArch(20, 1, 4),
  intel_gpu_bmg_g31 = lanes::detail::intelGpuArch(20, 2, 0),
  intel_gpu_lnl_m = lanes::detail::intelGpuArch(20, 4, 4),
  intel_gpu_ptl_h = lanes::detail::intelGpuArch(30, 0, 4),
  intel_gpu_ptl_u = lanes::detail::intelGpuArch(30, 1, 1),
  intel_gpu_wcl = lanes::detail::intelGpuArch(30, 3, 0),
  intel_gpu_8_0_0 = intel_gpu_bdw,
  intel_gpu_9_0_9 = intel_gpu_skl,
  intel_gpu_9_1_9 = intel_gpu_kbl,
  intel_gpu_9_2_9 = intel_gpu_cfl,
  intel_gpu_9_3_0 = intel_gpu_apl,
  intel_gpu_9_4_0 = intel_gpu_glk,
  intel_gpu_9_5_0 = intel_gpu_whl,
  intel_gpu_9_6_0 = intel_gpu_aml,
  intel_gpu_9_7_0 = intel_gpu_cml,
  intel_gpu_11_0_0 = intel_gpu_icllp,
  intel_gpu_11_2_0 = intel_gpu_ehl,
  intel_gpu_12_0_0 = intel_gpu_tgllp,
  intel_gpu_12_1_0 = intel_gpu_rkl,
  intel_gpu_12_2_0 = intel_gpu_adl_s,
  intel_gpu_12_3_0 = intel_gpu_adl_p,
  intel_gpu_12_4_0 = intel_gpu_adl_n,
  intel_gpu_12_10_0 = intel_gpu_dg1,
  intel_gpu_12_55_8 = intel_gpu_acm_g10,
  intel_gpu_12_56_5 = intel_gpu_acm_g11,
  intel_gpu_12_57_0 = intel_gpu_acm_g12,
  intel_gpu_12_60_7 = intel_gpu_pvc,
  intel_gpu_12_61_7 = intel_gpu_pvc_vg,
  intel_gpu_12_70_4 = intel_gpu_mtl_u,
  intel_gpu_12_71_4 = intel_gpu_mtl_h,
  intel_gpu_12_74_4 = intel_gpu_arl_h,
  intel_gpu_20_1_4 = intel_gpu_bmg_g21,
  intel_gpu_20_2_0 = intel_gpu_bmg_g31,
  intel_gpu_20_4_4 = intel_gpu_lnl_m,
  intel_gpu_30_0_4 = intel_gpu_ptl_h,
  intel_gpu_30_1_1 = intel_gpu_ptl_u,
  intel_gpu_30_3_0 = intel_gpu_wcl,

  nvidia_gpu_sm_50 = lanes::detail::nvidiaGpuArch(50),
  nvidia_gpu_sm_52 = lanes::detail::nvidiaGpuArch(52),
  nvidia_gpu_sm_53 = lanes::detail::nvidiaGpuArch(53),
  nvidia_gpu_sm_60 = lanes::detail::nvidiaGpuArch(60),
  nvidia_gpu_sm_61 = lanes::detail::nvidiaGpuArch(61),
  nvidia_gpu_sm_62 = lanes::detail::nvidiaGpuArch(62),
  nvidia_gpu_sm_70 = lanes::detail::nvidiaGpuArch(70),
  nvidia_gpu_sm_72 = lanes::detail::nvidiaGpuArch(72),
  nvidia_gpu_sm_75 = lanes::detail::nvidiaGpuArch(75),
  nvidia_gpu_sm_80 = lanes::detail::nvidiaGpuArch(80),
  nvidia_gpu_sm_86 = lanes::detail::nvidiaGpuArch(86),
  nvidia_gpu_sm_87 = lanes::detail::nvidiaGpuArch(87),
  nvidia_gpu_sm_88 = lanes::detail::nvidiaGpuArch(88),
  nvidia_gpu_sm_89 = lanes::detail::nvidiaGpuArch(89),
  nvidia_gpu_sm_90 = lanes::detail::nvidiaGpuArch(90),
  nvidia_gpu_sm_90a = lanes::detail::nvidiaGpuArch(90, 1),
  nvidia_gpu_sm_100 = lanes::detail::nvidiaGpuArch(100),
  nvidia_gpu_sm_101 = lanes::detail::nvidiaGpuArch(101),
  nvidia_gpu_sm_103 = lanes::detail::nvidiaGpuArch(103),
  /// CUDA 13 renamed compute capability 10.1 to 11.0.
  nvidia_gpu_sm_110 = nvidia_gpu_sm_101,
  nvidia_gpu_sm_120 = lanes::detail::nvidiaGpuArch(120),
  nvidia_gpu_sm_121 = lanes::detail::nvidiaGpuArch(121),

  amd_gpu_gfx700 = lanes::detail::amdGpuArch(0x700),
  amd_gpu_gfx701 = lanes::detail::amdGpuArch(0x701),
  amd_gpu_gfx702 = lanes::detail::amdGpuArch(0x702),
  amd_gpu_gfx801 = lanes::detail::amdGpuArch(0x801),
  amd_gpu_gfx802 = lanes::detail::amdGpuArch(0x802),
  amd_gpu_gfx803 = lanes::detail::amdGpuArch(0x803),
  amd_gpu_gfx805 = lanes::detail::amdGpuArch(0x805),
  amd_gpu_gfx810 = lanes::detail::amdGpuArch(0x810),
  amd_gpu_gfx900 = lanes::detail::amdGpuArch(0x900),
  amd_gpu_gfx902 = lanes::detail::amdGpuArch(0x902),
  amd_gpu_gfx904 = lanes::detail::amdGpuArch(0x904),
  amd_gpu_gfx906 = lanes::detail::amdGpuArch(0x906),
  amd_gpu_gfx908 = lanes::detail::amdGpuArch(0x908),
  amd_gpu_gfx909 = lanes::detail::amdGpuArch(0x909),
  amd_gpu_gfx90a = lanes::detail::amdGpuArch(0x90a),
  amd_gpu_gfx90c = lanes::detail::amdGpuArch(0x90c),
  amd_gpu_gfx940 = lanes::detail::amdGpuArch(0x940),
  amd_gpu_gfx941 = lanes::detail::amdGpuArch(0x941),
  amd_gpu_gfx942 = lanes::detail::amdGpuArch(0x942),
  amd_gpu_gfx1010 = lanes::detail::amdGpuArch(0x1010),
  amd_gpu_gfx1011 = lanes::detail::amdGpuArch(0x1011),
  amd_gpu_gfx1012 = lanes::detail::amdGpuArch(0x1012),
  amd_gpu_gfx1013 = lanes::detail::amdGpuArch(0x1013),
  amd_gpu_gfx1030 = lanes::detail::amdGpuArch(0x1030),
  amd_gpu_gfx1031 = lanes::detail::amdGpuArch(0x1031),
  amd_gpu_gfx1032 = lanes::detail::amdGpuArch(0x1032),
  amd_gpu_gfx1033 = lanes::detail::amdGpuArch(0x1033),
  amd_gpu_gfx1034 = lanes::detail::amdGpuArch(0x1034),
  amd_gpu_gfx1035 = lanes::detail::amdGpuArch(0x1035),
  amd_gpu_gfx1036 = lanes::detail::amdGpuArch(0x1036),
  amd_gpu_gfx1100 = lanes::detail::amdGpuArch(0x1100),
  amd_gpu_gfx1101 = lanes::detail::amdGpuArch(0x1101),
  amd_gpu_gfx1102 = lanes::detail::amdGpuArch(0x1102),
  amd_gpu_gfx1103 = lanes::detail::amdGpuArch(0x1103),
  amd_gpu_gfx1150 = lanes::detail::amdGpuArch(0x1150),
  amd_gpu_gfx1151 = lanes::detail::amdGpuArch(0x1151),
  amd_gpu_gfx1200 = lanes::detail::amdGpuArch(0x1200),
  amd_gpu_gfx1201 = lanes::detail::amdGpuArch(0x1201),
};

/// Groups of architectures: each holds one GPU family. No category holds
/// a CPU.
enum class arch_category {
  intel_gpu,
  nvidia_gpu,
  amd_gpu,
};

namespace info::device {
/// The device's architecture (see this file's introduction).
struct architecture {
  using return_type = ext::oneapi::experimental::architecture;
};
} // namespace info::device

} // namespace ext::oneapi::experimental
} // namespace _V1
} // namespace sycl

namespace lanes::detail {

namespace syclex = sycl::ext::oneapi::experimental;

/// The family of \p Arch.
constexpr ArchFamily archFamily(syclex::architecture Arch) {
  return ArchFamily(uint64_t(Arch) >> 56);
}

/// The family the device's architecture belongs to, as far as the
/// compiler knows: Intel CPUs (x86_64 and the specific ones) when it
/// targets x86-64.
constexpr ArchFamily compiledArchFamily() {
#if defined(__x86_64__)
  return ArchFamily::IntelCpu;
#else
  return ArchFamily::None;
#endif
}

/// The architecture of an x86-64 CPU whose cpuid vendor is GenuineIntel,
/// by its display family and model (model with the extended model bits):
/// the Xeon processors the extension names, x86_64 for the others.
constexpr syclex::architecture intelCpuArchitecture(unsigned Family,
                                                    unsigned Model) {
  if (Family == 6 && Model == 0x8f)
    return syclex::architecture::intel_cpu_spr; // Sapphire Rapids
  if (Family == 6 && (Model == 0xad || Model == 0xae))
    return syclex::architecture::intel_cpu_gnr; // Granite Rapids X and D
  if (Family == 19 && Model == 0x01)
    return syclex::architecture::intel_cpu_dmr; // Diamond Rapids
  return syclex::architecture::x86_64;
}

/// The architecture of the CPU running the program, from cpuid.
inline syclex::architecture detectHostArchitecture() {
#if defined(__x86_64__)
  unsigned Eax, Ebx, Ecx, Edx;
  if (!__get_cpuid(0, &Eax, &Ebx, &Ecx, &Edx))
    return syclex::architecture::x86_64;
  // "GenuineIntel", in the register order EBX, EDX, ECX.
  bool Intel = Ebx == 0x756e6547 && Edx == 0x49656e69 && Ecx == 0x6c65746e;
  if (!Intel || !__get_cpuid(1, &Eax, &Ebx, &Ecx, &Edx))
    return syclex::architecture::x86_64;
  unsigned Family = (Eax >> 8) & 0xf;
  unsigned Model = (Eax >> 4) & 0xf;
  if (Family == 6 || Family == 15)
    Model |= ((Eax >> 16) & 0xf) << 4;
  if (Family == 15)
    Family += (Eax >> 20) & 0xff;
  return intelCpuArchitecture(Family, Model);
#else
  return syclex::architecture::unknown;
#endif
}

/// detectHostArchitecture(), asked once.
inline syclex::architecture hostArchitecture() {
  static const syclex::architecture Arch = detectHostArchitecture();
  return Arch;
}

/// hostArchitecture() as a variable that kernels read with a plain load;
/// set when the program starts.
inline const syclex::architecture HostArchitecture = hostArchitecture();

/// Whether the device is \p Arch: x86_64 for every x86-64 CPU, a specific
/// CPU when cpuid says so, never a GPU. \p Host is the device's specific
/// architecture.
constexpr bool architectureIs(syclex::architecture Arch,
                              syclex::architecture Host) {
  if (Arch == syclex::architecture::x86_64)
    return compiledArchFamily() == ArchFamily::IntelCpu;
  return archFamily(Arch) == ArchFamily::IntelCpu && Arch == Host;
}

/// The family of the architectures in \p Category.
constexpr ArchFamily categoryFamily(syclex::arch_category Category) {
  switch (Category) {
  case syclex::arch_category::intel_gpu:
    return ArchFamily::IntelGpu;
  case syclex::arch_category::nvidia_gpu:
    return ArchFamily::NvidiaGpu;
  case syclex::arch_category::amd_gpu:
    return ArchFamily::AmdGpu;
  }
  return ArchFamily::None;
}

/// Whether the device's architecture is in \p Category.
constexpr bool architectureIn(syclex::arch_category Category) {
  return categoryFamily(Category) != ArchFamily::None &&
         categoryFamily(Category) == compiledArchFamily();
}

/// How if_architecture_is_lt and its relatives compare the device's
/// architecture with theirs.
enum class ArchComparison { Less, LessEqual, Greater, GreaterEqual };

/// Whether the device's architecture \p Host is in the family of \p Arch
/// and compares with it as \p Comparison says.
constexpr bool architectureCompares(syclex::architecture Host,
                                    ArchComparison Comparison,
                                    syclex::architecture Arch) {
  if (archFamily(Arch) != compiledArchFamily() ||
      archFamily(Host) != archFamily(Arch))
    return false;
  switch (Comparison) {
  case ArchComparison::Less:
    return Host < Arch;
  case ArchComparison::LessEqual:
    return Host <= Arch;
  case ArchComparison::Greater:
    return Host > Arch;
  case ArchComparison::GreaterEqual:
    return Host >= Arch;
  }
  return false;
}

/// Checks what every if_architecture_is form requires of its callable.
template <typename T> constexpr void checkArchitectureCallable() {
  static_assert(std::is_invocable_v<T &>,
                "if_architecture_is and its relatives take a callable with "
                "no parameters, e.g. [&] { ... }");
}

/// The object of unspecified type if_architecture_is and its relatives
/// return: it runs the first callable of the chain whose condition holds.
class ArchitectureChain {
public:
  /// \p Taken: whether a callable of the chain has run.
  explicit constexpr ArchitectureChain(bool Taken) : Taken(Taken) {}

  template <syclex::architecture... Archs, typename T>
  ArchitectureChain else_if_architecture_is(T Fn) {
    return next(
        Fn, [] { return (architectureIs(Archs, HostArchitecture) || ...); });
  }
  template <syclex::arch_category... Categories, typename T>
  ArchitectureChain else_if_architecture_is(T Fn) {
    return next(Fn, [] { return (architectureIn(Categories) || ...); });
  }
  template <syclex::architecture Arch, typename T>
  ArchitectureChain else_if_architecture_is_lt(T Fn) {
    return compare<ArchComparison::Less, Arch>(Fn);
  }
  template <syclex::architecture Arch, typename T>
  ArchitectureChain else_if_architecture_is_le(T Fn) {
    return compare<ArchComparison::LessEqual, Arch>(Fn);
  }
  template <syclex::architecture Arch, typename T>
  ArchitectureChain else_if_architecture_is_gt(T Fn) {
    return compare<ArchComparison::Greater, Arch>(Fn);
  }
  template <syclex::architecture Arch, typename T>
  ArchitectureChain else_if_architecture_is_ge(T Fn) {
    return compare<ArchComparison::GreaterEqual, Arch>(Fn);
  }
  template <syclex::architecture Arch1, syclex::architecture Arch2, typename T>
  ArchitectureChain else_if_architecture_is_between(T Fn) {
    static_assert(archFamily(Arch1) == archFamily(Arch2),
                  "if_architecture_is_between needs two architectures of "
                  "the same family");
    return next(Fn, [] {
      return architectureCompares(HostArchitecture,
                                  ArchComparison::GreaterEqual, Arch1) &&
             architectureCompares(HostArchitecture, ArchComparison::LessEqual,
                                  Arch2);
    });
  }

  /// Runs \p Fn if no callable of the chain has run.
  template <typename T> void otherwise(T Fn) {
    checkArchitectureCallable<T>();
    if constexpr (std::is_invocable_v<T &>)
      if (!Taken)
        Fn();
  }

private:
  /// Runs \p Fn if no callable has run yet and \p Condition() holds.
  template <typename T, typename CondT>
  ArchitectureChain next(T &Fn, CondT Condition) {
    checkArchitectureCallable<T>();
    if (Taken || !Condition())
      return *this;
    if constexpr (std::is_invocable_v<T &>)
      Fn();
    return ArchitectureChain(true);
  }
  template <ArchComparison Comparison, syclex::architecture Arch, typename T>
  ArchitectureChain compare(T &Fn) {
    return next(Fn, [] {
      return architectureCompares(HostArchitecture, Comparison, Arch);
    });
  }

  bool Taken;
};

} // namespace lanes::detail

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi::experimental {

/// Runs \p Fn if the device has one of \p Archs.
template <architecture... Archs, typename T>
lanes::detail::ArchitectureChain if_architecture_is(T Fn) {
  return lanes::detail::ArchitectureChain(false)
      .else_if_architecture_is<Archs...>(Fn);
}
/// Runs \p Fn if the device's architecture is in one of \p Categories.
template <arch_category... Categories, typename T>
lanes::detail::ArchitectureChain if_architecture_is(T Fn) {
  return lanes::detail::ArchitectureChain(false)
      .else_if_architecture_is<Categories...>(Fn);
}
/// Runs \p Fn if the device's architecture is in the family of \p Arch
/// and compares less than it.
template <architecture Arch, typename T>
lanes::detail::ArchitectureChain if_architecture_is_lt(T Fn) {
  return lanes::detail::ArchitectureChain(false)
      .else_if_architecture_is_lt<Arch>(Fn);
}
/// ... less than or equal to it.
template <architecture Arch, typename T>
lanes::detail::ArchitectureChain if_architecture_is_le(T Fn) {
  return lanes::detail::ArchitectureChain(false)
      .else_if_architecture_is_le<Arch>(Fn);
}
/// ... greater than it.
template <architecture Arch, typename T>
lanes::detail::ArchitectureChain if_architecture_is_gt(T Fn) {
  return lanes::detail::ArchitectureChain(false)
      .else_if_architecture_is_gt<Arch>(Fn);
}
/// ... greater than or equal to it.
template <architecture Arch, typename T>
lanes::detail::ArchitectureChain if_architecture_is_ge(T Fn) {
  return lanes::detail::ArchitectureChain(false)
      .else_if_architecture_is_ge<Arch>(Fn);
}
/// Runs \p Fn if the device's architecture is in the family of \p Arch1
/// and \p Arch2 (which must be one) and between them, both included.
template <architecture Arch1, architecture Arch2, typename T>
lanes::detail::ArchitectureChain if_architecture_is_between(T Fn) {
  return lanes::detail::ArchitectureChain(false)
      .else_if_architecture_is_between<Arch1, Arch2>(Fn);
}

} // namespace ext::oneapi::experimental
} // namespace _V1
} // namespace sycl

#endif // LANES_SYCL_EXT_ONEAPI_EXPERIMENTAL_DEVICE_ARCHITECTURE_HPP
