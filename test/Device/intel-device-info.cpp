// DPC++'s sycl_ext_intel_device_info on Lanes's CPU device: the aspects
// the device has (free memory, legacy images, and on x86-64 the device
// id) are reported alike by device::has, platform::has and
// info::device::aspects; every ext_intel aspect has its name in the
// messages of aspect_selector; free_memory agrees with /proc/meminfo and
// the physical memory; device_id is the processor signature whose family,
// model and stepping /proc/cpuinfo prints; every descriptor whose aspect
// the device lacks throws errc::feature_not_supported naming the
// descriptor and the aspect, through its deprecated name too; the
// aspects SYCL 2020 defines keep their values; the return types are the
// extension's.
#include <sycl/sycl.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <type_traits>
#include <vector>

#include <unistd.h>

namespace {

namespace intel = sycl::ext::intel::info::device;
using sycl::aspect;

int Failures = 0;

void expect(bool Ok, const std::string &What) {
  std::printf("%s: %s\n", What.c_str(), Ok ? "OK" : "FAIL");
  Failures += !Ok;
}

static_assert(SYCL_EXT_INTEL_DEVICE_INFO == 7,
              "version 7: throttle reasons, fan speed, power limits");

// The aspects of SYCL 2020 keep their values; the extension's come after.
static_assert(int(aspect::cpu) == 0 && int(aspect::fp16) == 6 &&
                  int(aspect::usm_system_allocations) == 18 &&
                  int(aspect::ext_intel_pci_address) == 19,
              "aspect values changed");

// The return types the extension gives.
static_assert(std::is_same_v<intel::device_id::return_type, uint32_t>);
static_assert(
    std::is_same_v<intel::uuid::return_type, std::array<unsigned char, 16>>);
static_assert(std::is_same_v<intel::pci_address::return_type, std::string>);
static_assert(std::is_same_v<intel::gpu_eu_count::return_type, uint32_t>);
static_assert(std::is_same_v<intel::max_mem_bandwidth::return_type, uint64_t>);
static_assert(std::is_same_v<intel::free_memory::return_type, uint64_t>);
static_assert(std::is_same_v<intel::memory_bus_width::return_type, uint32_t>);
static_assert(std::is_same_v<intel::current_clock_throttle_reasons::return_type,
                             std::vector<sycl::ext::intel::throttle_reason>>);
static_assert(std::is_same_v<intel::fan_speed::return_type, int32_t>);
static_assert(std::is_same_v<intel::max_power_limit::return_type, int32_t>);

/// Every aspect of the extension, with the name messages give it.
struct NamedAspect {
  aspect Aspect;
  const char *Name;
};
const NamedAspect IntelAspects[] = {
    {aspect::ext_intel_pci_address, "ext_intel_pci_address"},
    {aspect::ext_intel_gpu_eu_count, "ext_intel_gpu_eu_count"},
    {aspect::ext_intel_gpu_eu_simd_width, "ext_intel_gpu_eu_simd_width"},
    {aspect::ext_intel_gpu_slices, "ext_intel_gpu_slices"},
    {aspect::ext_intel_gpu_subslices_per_slice,
     "ext_intel_gpu_subslices_per_slice"},
    {aspect::ext_intel_gpu_eu_count_per_subslice,
     "ext_intel_gpu_eu_count_per_subslice"},
    {aspect::ext_intel_max_mem_bandwidth, "ext_intel_max_mem_bandwidth"},
    {aspect::ext_intel_mem_channel, "ext_intel_mem_channel"},
    {aspect::ext_intel_device_info_uuid, "ext_intel_device_info_uuid"},
    {aspect::ext_intel_gpu_hw_threads_per_eu,
     "ext_intel_gpu_hw_threads_per_eu"},
    {aspect::ext_intel_free_memory, "ext_intel_free_memory"},
    {aspect::ext_intel_device_id, "ext_intel_device_id"},
    {aspect::ext_intel_memory_clock_rate, "ext_intel_memory_clock_rate"},
    {aspect::ext_intel_memory_bus_width, "ext_intel_memory_bus_width"},
    {aspect::ext_intel_legacy_image, "ext_intel_legacy_image"},
    {aspect::ext_intel_current_clock_throttle_reasons,
     "ext_intel_current_clock_throttle_reasons"},
    {aspect::ext_intel_fan_speed, "ext_intel_fan_speed"},
    {aspect::ext_intel_power_limits, "ext_intel_power_limits"},
};

/// Whether the Lanes device should have \p A.
bool expected(aspect A) {
  if (A == aspect::ext_intel_device_id)
#if defined(__x86_64__)
    return true;
#else
    return false;
#endif
  return A == aspect::ext_intel_free_memory ||
         A == aspect::ext_intel_legacy_image;
}

/// has(), platform::has() and the aspects list agree for every aspect,
/// and the ext_intel ones are those expected.
void checkAspects(const sycl::device &Dev) {
  std::vector<aspect> Listed = Dev.get_info<sycl::info::device::aspects>();
  bool Agree = true;
  for (int A = 0; A <= int(aspect::ext_intel_power_limits); ++A) {
    size_t Count = std::count(Listed.begin(), Listed.end(), aspect(A));
    Agree &= Count == size_t(Dev.has(aspect(A))) &&
             Dev.get_platform().has(aspect(A)) == Dev.has(aspect(A));
  }
  expect(Agree, "has(), platform::has() and info::device::aspects agree on "
                "every aspect, each listed once");
  for (const NamedAspect &A : IntelAspects)
    expect(Dev.has(A.Aspect) == expected(A.Aspect),
           std::string("has(") + A.Name + ") is " +
               (expected(A.Aspect) ? "true" : "false"));
  expect(Dev.has(aspect::ext_intel_legacy_image) == Dev.has(aspect::image),
         "ext_intel_legacy_image agrees with aspect::image");
  expect(sycl::any_device_has_v<aspect::ext_intel_free_memory> &&
             !sycl::all_devices_have_v<aspect::ext_intel_gpu_eu_count>,
         "any_device_has / all_devices_have know the ext_intel aspects");
}

/// aspect_selector's message names every aspect the device lacks.
void checkNames(const sycl::device &Dev) {
  for (const NamedAspect &A : IntelAspects) {
    if (Dev.has(A.Aspect))
      continue;
    std::string Message;
    try {
      sycl::device Selected(sycl::aspect_selector(A.Aspect));
    } catch (const sycl::exception &E) {
      Message = E.what();
    }
    expect(Message.find(std::string("lacks ") + A.Name) != std::string::npos,
           std::string("aspect_selector(") + A.Name + ") names it");
  }
}

/// get_info<Param> throws errc::feature_not_supported naming \p Name and
/// \p AspectName.
template <typename Param>
void expectUnsupported(const sycl::device &Dev, const char *Name,
                       const char *AspectName) {
  std::string What = std::string("get_info<ext::intel::info::device::") + Name +
                     "> throws feature_not_supported";
  try {
    (void)Dev.get_info<Param>();
    expect(false, What + " (it returned)");
  } catch (const sycl::exception &E) {
    std::string Message = E.what();
    expect(E.code() == sycl::errc::feature_not_supported &&
               Message.find(std::string("::") + Name + ">") !=
                   std::string::npos &&
               Message.find(AspectName) != std::string::npos,
           What + " naming it and " + AspectName);
  }
}

void checkUnsupported(const sycl::device &Dev) {
  expectUnsupported<intel::uuid>(Dev, "uuid", "ext_intel_device_info_uuid");
  expectUnsupported<intel::pci_address>(Dev, "pci_address",
                                        "ext_intel_pci_address");
  expectUnsupported<intel::gpu_eu_simd_width>(Dev, "gpu_eu_simd_width",
                                              "ext_intel_gpu_eu_simd_width");
  expectUnsupported<intel::gpu_eu_count>(Dev, "gpu_eu_count",
                                         "ext_intel_gpu_eu_count");
  expectUnsupported<intel::gpu_slices>(Dev, "gpu_slices",
                                       "ext_intel_gpu_slices");
  expectUnsupported<intel::gpu_subslices_per_slice>(
      Dev, "gpu_subslices_per_slice", "ext_intel_gpu_subslices_per_slice");
  expectUnsupported<intel::gpu_eu_count_per_subslice>(
      Dev, "gpu_eu_count_per_subslice", "ext_intel_gpu_eu_count_per_subslice");
  expectUnsupported<intel::gpu_hw_threads_per_eu>(
      Dev, "gpu_hw_threads_per_eu", "ext_intel_gpu_hw_threads_per_eu");
  expectUnsupported<intel::max_mem_bandwidth>(Dev, "max_mem_bandwidth",
                                              "ext_intel_max_mem_bandwidth");
  expectUnsupported<intel::memory_clock_rate>(Dev, "memory_clock_rate",
                                              "ext_intel_memory_clock_rate");
  expectUnsupported<intel::memory_bus_width>(Dev, "memory_bus_width",
                                             "ext_intel_memory_bus_width");
  expectUnsupported<intel::current_clock_throttle_reasons>(
      Dev, "current_clock_throttle_reasons",
      "ext_intel_current_clock_throttle_reasons");
  expectUnsupported<intel::fan_speed>(Dev, "fan_speed", "ext_intel_fan_speed");
  expectUnsupported<intel::min_power_limit>(Dev, "min_power_limit",
                                            "ext_intel_power_limits");
  expectUnsupported<intel::max_power_limit>(Dev, "max_power_limit",
                                            "ext_intel_power_limits");
#if !defined(__x86_64__)
  expectUnsupported<intel::device_id>(Dev, "device_id", "ext_intel_device_id");
#endif
  // The deprecated names are the same descriptors.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
  static_assert(std::is_same_v<sycl::info::device::ext_intel_gpu_eu_count,
                               intel::gpu_eu_count> &&
                std::is_same_v<sycl::info::device::ext_intel_device_info_uuid,
                               intel::uuid>);
  expectUnsupported<sycl::info::device::ext_intel_gpu_slices>(
      Dev, "gpu_slices", "ext_intel_gpu_slices");
#pragma GCC diagnostic pop
}

/// The "Name: value" number of /proc/FILE, 0 if absent.
unsigned long long procValue(const char *File, const char *Name) {
  std::ifstream In(File);
  std::string Line;
  size_t Length = std::strlen(Name);
  while (std::getline(In, Line))
    if (Line.compare(0, Length, Name) == 0) {
      size_t Colon = Line.find(':');
      if (Colon != std::string::npos)
        return std::strtoull(Line.c_str() + Colon + 1, nullptr, 10);
    }
  return 0;
}

void checkFreeMemory(const sycl::device &Dev) {
  uint64_t Free = Dev.get_info<intel::free_memory>();
  uint64_t Total = Dev.get_info<sycl::info::device::global_mem_size>();
  unsigned long long AvailableKiB = procValue("/proc/meminfo", "MemAvailable");
  std::printf("  free_memory %llu of %llu bytes (MemAvailable %llu KiB)\n",
              (unsigned long long)Free, (unsigned long long)Total,
              AvailableKiB);
  expect(Free > 0 && Free < Total,
         "free_memory is more than 0 and less than global_mem_size");
  // Other programs change it between the two reads: allow 1/8 of it.
  uint64_t Available = AvailableKiB * 1024;
  uint64_t Slack = Total / 8;
  expect(AvailableKiB != 0 && Free + Slack >= Available &&
             Free <= Available + Slack,
         "free_memory is MemAvailable of /proc/meminfo");
}

void checkDeviceId(const sycl::device &Dev) {
#if defined(__x86_64__)
  uint32_t Id = Dev.get_info<intel::device_id>();
  unsigned BaseFamily = (Id >> 8) & 0xf;
  unsigned Family = BaseFamily + (BaseFamily == 15 ? (Id >> 20) & 0xff : 0);
  unsigned Model = (Id >> 4) & 0xf;
  if (BaseFamily == 6 || BaseFamily == 15)
    Model |= ((Id >> 16) & 0xf) << 4;
  unsigned long long CpuFamily = procValue("/proc/cpuinfo", "cpu family");
  unsigned long long CpuModel = procValue("/proc/cpuinfo", "model\t");
  unsigned long long Stepping = procValue("/proc/cpuinfo", "stepping");
  std::printf("  device_id 0x%08x: family %u model %u stepping %u; "
              "/proc/cpuinfo: %llu %llu %llu\n",
              Id, Family, Model, Id & 0xf, CpuFamily, CpuModel, Stepping);
  expect(Family == CpuFamily && Model == CpuModel && (Id & 0xf) == Stepping,
         "device_id is the processor signature /proc/cpuinfo decodes");
  expect(Dev.get_info<intel::device_id>() == Id,
         "device_id is the same each time");
#endif
}

} // namespace

int main() {
  sycl::queue Q;
  sycl::device Dev = Q.get_device();
  checkAspects(Dev);
  checkNames(Dev);
  checkUnsupported(Dev);
  try {
    checkFreeMemory(Dev);
    checkDeviceId(Dev);
  } catch (const sycl::exception &E) {
    expect(false, std::string("free_memory and device_id answer (threw ") +
                      E.what() + ")");
  }
  return Failures != 0;
}
