//===- lanes/detail/device_info.hpp - CPU facts beyond the runtime's -----===//
//
/// \file
/// What sycl::device reports about the host CPU that lanes::rt::deviceInfo()
/// does not: the aspects Lanes supports, their names for messages and
/// their OpenCL extension names, the vector widths, the caches, the
/// clock frequency, and the free memory and processor signature of
/// sycl_ext_intel_device_info (sycl/ext/intel/device_info.hpp).
///
/// Vector widths: preferred_vector_width_* are those of the target this
/// translation unit is compiled for (its -m / -march flags, seen through
/// the predefined macros), the widths kernels of this program vectorize
/// to; native_vector_width_* are those of the CPU running the program
/// (__builtin_cpu_supports). Both count elements; char and short need
/// AVX-512BW for 512-bit vectors, integers need AVX2 for 256-bit ones.
/// sycl::half computes in float, so its vectors are float vectors holding
/// converted halves where the conversions are vector instructions (F16C);
/// without F16C every conversion is a library call and there are no half
/// vectors (width 1); AVX-512 FP16 computes on 32 halves per register.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_DETAIL_DEVICE_INFO_HPP
#define LANES_DETAIL_DEVICE_INFO_HPP

#include "sycl/half.hpp"
#include "sycl/info.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>
#include <type_traits>
#include <vector>

#include <unistd.h>

#if defined(__x86_64__)
#include <cpuid.h>
#endif

namespace lanes::detail {

/// Every aspect the Lanes device has; device::has and
/// sycl::info::device::aspects both read this list. USM atomics hold because
/// all USM is coherent host memory that host and kernels update with the same
/// instructions; fp16 because sycl::half works on the host and in kernels.
/// Of DPC++'s ext_intel aspects: free memory (freeMemoryBytes), the device
/// id on x86-64 (processorSignature), and legacy images because sycl::image
/// works (the same as aspect::image).
inline constexpr sycl::aspect SupportedAspects[] = {
    sycl::aspect::cpu,
    sycl::aspect::fp16,
    sycl::aspect::fp64,
    sycl::aspect::atomic64,
    sycl::aspect::image,
    sycl::aspect::queue_profiling,
    sycl::aspect::usm_device_allocations,
    sycl::aspect::usm_host_allocations,
    sycl::aspect::usm_atomic_host_allocations,
    sycl::aspect::usm_shared_allocations,
    sycl::aspect::usm_atomic_shared_allocations,
    sycl::aspect::usm_system_allocations,
    sycl::aspect::ext_intel_free_memory,
    sycl::aspect::ext_intel_legacy_image,
#if defined(__x86_64__)
    sycl::aspect::ext_intel_device_id,
#endif
};

/// Whether SupportedAspects lists \p A.
constexpr bool supportsAspect(sycl::aspect A) {
  for (sycl::aspect Supported : SupportedAspects)
    if (Supported == A)
      return true;
  return false;
}

/// The name of \p A as the specification spells it, for messages.
inline const char *aspectName(sycl::aspect A) {
  static const char *const Names[] = {
      "cpu",
      "gpu",
      "accelerator",
      "custom",
      "emulated",
      "host_debuggable",
      "fp16",
      "fp64",
      "atomic64",
      "image",
      "online_compiler",
      "online_linker",
      "queue_profiling",
      "usm_device_allocations",
      "usm_host_allocations",
      "usm_atomic_host_allocations",
      "usm_shared_allocations",
      "usm_atomic_shared_allocations",
      "usm_system_allocations",
      "ext_intel_pci_address",
      "ext_intel_gpu_eu_count",
      "ext_intel_gpu_eu_simd_width",
      "ext_intel_gpu_slices",
      "ext_intel_gpu_subslices_per_slice",
      "ext_intel_gpu_eu_count_per_subslice",
      "ext_intel_max_mem_bandwidth",
      "ext_intel_mem_channel",
      "ext_intel_device_info_uuid",
      "ext_intel_gpu_hw_threads_per_eu",
      "ext_intel_free_memory",
      "ext_intel_device_id",
      "ext_intel_memory_clock_rate",
      "ext_intel_memory_bus_width",
      "ext_intel_legacy_image",
      "ext_intel_current_clock_throttle_reasons",
      "ext_intel_fan_speed",
      "ext_intel_power_limits",
  };
  static_assert(std::size(Names) ==
                    size_t(sycl::aspect::ext_intel_power_limits) + 1,
                "aspectName needs the name of every aspect, in order");
  size_t Index = size_t(A);
  return Index < std::size(Names) ? Names[Index] : "unknown aspect";
}

/// Bytes of the widest vectors for 8/16-bit integers, 32/64-bit integers
/// and floating point, 0 where there are none; and how half is computed.
struct VectorBytes {
  unsigned NarrowInt;
  unsigned WideInt;
  unsigned Float;
  /// How many bytes of Float vectors one half takes: 2 with native half
  /// arithmetic, 4 when halves are converted to float lanes by vector
  /// instructions, 0 when each conversion is a scalar library call.
  unsigned HalfLane;
};

/// VectorBytes::HalfLane of the compilation target.
constexpr unsigned compiledHalfLane() {
#if defined(__AVX512FP16__)
  return 2;
#elif defined(__F16C__) || defined(__ARM_NEON)
  return 4;
#else
  return 0;
#endif
}

/// The vectors of the compilation target.
constexpr VectorBytes compiledVectorBytes() {
#if defined(__AVX512F__) && defined(__AVX512BW__)
  return {64, 64, 64, compiledHalfLane()};
#elif defined(__AVX512F__)
  return {32, 64, 64, compiledHalfLane()};
#elif defined(__AVX2__)
  return {32, 32, 32, compiledHalfLane()};
#elif defined(__AVX__)
  return {16, 16, 32, compiledHalfLane()};
#elif defined(__SSE2__) || defined(__ARM_NEON)
  return {16, 16, 16, compiledHalfLane()};
#else
  return {0, 0, 0, 0};
#endif
}

/// The vectors of the CPU running the program.
inline VectorBytes hardwareVectorBytes() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_cpu_init();
  unsigned HalfLane = __builtin_cpu_supports("avx512fp16") ? 2u
                      : __builtin_cpu_supports("f16c")     ? 4u
                                                           : 0u;
  if (__builtin_cpu_supports("avx512f"))
    return {__builtin_cpu_supports("avx512bw") ? 64u : 32u, 64, 64, HalfLane};
  if (__builtin_cpu_supports("avx2"))
    return {32, 32, 32, HalfLane};
  if (__builtin_cpu_supports("avx"))
    return {16, 16, 32, HalfLane};
  return {16, 16, 16, HalfLane};
#else
  return compiledVectorBytes();
#endif
}

/// Traits of the vector-width descriptors: the element type and whether
/// the width is the hardware's.
template <typename Param> struct VectorWidthQuery : std::false_type {};
#define LANES_VECTOR_WIDTH_QUERY(TYPE, ELEMENT)                                \
  template <>                                                                  \
  struct VectorWidthQuery<sycl::info::device::preferred_vector_width_##TYPE>   \
      : std::true_type {                                                       \
    using Element = ELEMENT;                                                   \
    static constexpr bool Native = false;                                      \
  };                                                                           \
  template <>                                                                  \
  struct VectorWidthQuery<sycl::info::device::native_vector_width_##TYPE>      \
      : std::true_type {                                                       \
    using Element = ELEMENT;                                                   \
    static constexpr bool Native = true;                                       \
  };
LANES_VECTOR_WIDTH_QUERY(char, char)
LANES_VECTOR_WIDTH_QUERY(short, short)
LANES_VECTOR_WIDTH_QUERY(int, int32_t)
LANES_VECTOR_WIDTH_QUERY(long, int64_t) // SYCL's long is 64 bits
LANES_VECTOR_WIDTH_QUERY(float, float)
LANES_VECTOR_WIDTH_QUERY(double, double)
LANES_VECTOR_WIDTH_QUERY(half, sycl::half)
#undef LANES_VECTOR_WIDTH_QUERY

/// The answer to vector-width descriptor \p Query: elements per vector,
/// 1 without vectors.
template <typename Query> uint32_t vectorWidth() {
  using Element = typename Query::Element;
  VectorBytes Bytes =
      Query::Native ? hardwareVectorBytes() : compiledVectorBytes();
  if constexpr (IsHalf<Element>) {
    return Bytes.HalfLane ? std::max(1u, Bytes.Float / Bytes.HalfLane) : 1u;
  } else {
    unsigned Width = std::is_floating_point_v<Element> ? Bytes.Float
                     : sizeof(Element) <= 2            ? Bytes.NarrowInt
                                                       : Bytes.WideInt;
    return std::max<uint32_t>(1, Width / sizeof(Element));
  }
}

/// The OpenCL extension names of the aspects above, for the deprecated
/// info::device::extensions and has_extension that older programs use to
/// ask for double, half and 64-bit atomics.
inline std::vector<std::string> extensionNames() {
  std::vector<std::string> Names;
  if (supportsAspect(sycl::aspect::fp64))
    Names.push_back("cl_khr_fp64");
  if (supportsAspect(sycl::aspect::fp16))
    Names.push_back("cl_khr_fp16");
  if (supportsAspect(sycl::aspect::atomic64))
    Names.insert(Names.end(), {"cl_khr_int64_base_atomics",
                               "cl_khr_int64_extended_atomics"});
  return Names;
}

/// The caches of the CPU as the C library reads them (cpuid on x86):
/// the line size of the first-level data cache and the size of the
/// largest cache, 0 where it cannot tell.
struct CacheFacts {
  uint32_t LineBytes;
  uint64_t LargestBytes;
};
inline CacheFacts cacheFacts() {
  auto Ask = [](int Name) {
    long Value = sysconf(Name);
    return Value > 0 ? uint64_t(Value) : uint64_t(0);
  };
  return {uint32_t(Ask(_SC_LEVEL1_DCACHE_LINESIZE)),
          std::max({Ask(_SC_LEVEL1_DCACHE_SIZE), Ask(_SC_LEVEL2_CACHE_SIZE),
                    Ask(_SC_LEVEL3_CACHE_SIZE), Ask(_SC_LEVEL4_CACHE_SIZE)})};
}

/// The CPU's maximum clock in MHz: cpufreq's cpuinfo_max_freq where the
/// kernel has it, else the "cpu MHz" of /proc/cpuinfo (the current clock;
/// virtual machines report their nominal one), else 0. Read once.
inline uint32_t clockFrequencyMHz() {
  static const uint32_t MHz = [] {
    std::ifstream MaxFreq("/sys/devices/system/cpu/cpu0/cpufreq/"
                          "cpuinfo_max_freq");
    unsigned long KHz = 0;
    if (MaxFreq >> KHz && KHz > 0)
      return uint32_t(KHz / 1000);
    std::ifstream CpuInfo("/proc/cpuinfo");
    std::string Line;
    while (std::getline(CpuInfo, Line)) {
      size_t Colon = Line.find(':');
      if (Line.rfind("cpu MHz", 0) == 0 && Colon != std::string::npos)
        return uint32_t(std::strtod(Line.c_str() + Colon + 1, nullptr) + 0.5);
    }
    return uint32_t(0);
  }();
  return MHz;
}

/// The bytes of memory the program could still allocate without the
/// system swapping: MemAvailable of /proc/meminfo (Linux 3.14 and later;
/// free memory plus the caches the kernel can drop), else the free
/// physical pages; at most the physical memory (global_mem_size). Read
/// anew each time: other programs change it.
inline uint64_t freeMemoryBytes() {
  long PageSize = sysconf(_SC_PAGESIZE);
  long Pages = sysconf(_SC_PHYS_PAGES);
  uint64_t Total =
      Pages > 0 && PageSize > 0 ? uint64_t(Pages) * uint64_t(PageSize) : 0;
  std::ifstream MemInfo("/proc/meminfo");
  std::string Line;
  while (std::getline(MemInfo, Line)) {
    if (Line.rfind("MemAvailable:", 0) == 0) {
      uint64_t KiB = std::strtoull(Line.c_str() + 13, nullptr, 10);
      return std::min(Total, KiB * 1024);
    }
  }
  long FreePages = sysconf(_SC_AVPHYS_PAGES);
  uint64_t Free = FreePages > 0 && PageSize > 0
                      ? uint64_t(FreePages) * uint64_t(PageSize)
                      : 0;
  return std::min(Total, Free);
}

/// The processor signature of the CPU running the program, cpuid leaf 1
/// EAX: stepping, model, family, type and the extended model and family;
/// 0 where there is no cpuid (the device then lacks
/// aspect::ext_intel_device_id).
inline uint32_t processorSignature() {
#if defined(__x86_64__)
  unsigned Eax, Ebx, Ecx, Edx;
  if (__get_cpuid(1, &Eax, &Ebx, &Ecx, &Edx))
    return Eax;
#endif
  return 0;
}
} // namespace lanes::detail

#endif // LANES_DETAIL_DEVICE_INFO_HPP
