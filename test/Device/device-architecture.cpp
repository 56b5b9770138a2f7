// DPC++'s sycl_ext_oneapi_device_architecture on Lanes's CPU device: the
// device's architecture is the Intel Xeon enumerator its cpuid family and
// model name (read here from /proc/cpuinfo) or else x86_64;
// ext_oneapi_architecture_is holds for x86_64 and that answer only, and
// for no category; the enumerators of a family compare in the order the
// extension lists them and aliases equal what they alias; and the
// if_architecture_is chain, in host code and in a kernel, runs exactly
// the first callable whose condition holds for each of its forms.
#include <sycl/sycl.hpp>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

namespace {

namespace syclex = sycl::ext::oneapi::experimental;
using syclex::arch_category;
using syclex::architecture;

int Failures = 0;

void expect(bool Ok, const std::string &What) {
  std::printf("%s: %s\n", What.c_str(), Ok ? "OK" : "FAIL");
  Failures += !Ok;
}

static_assert(SYCL_EXT_ONEAPI_DEVICE_ARCHITECTURE == 1);
static_assert(std::is_same_v<syclex::info::device::architecture::return_type,
                             architecture>);

/// The "Name: value" line of /proc/cpuinfo, "" if absent.
std::string cpuInfo(const char *Name) {
  std::ifstream In("/proc/cpuinfo");
  std::string Line;
  size_t Length = std::strlen(Name);
  while (std::getline(In, Line))
    if (Line.compare(0, Length, Name) == 0 &&
        Line.find_first_not_of(" \t", Length) == Line.find(':')) {
      size_t Begin = Line.find_first_not_of(" \t", Line.find(':') + 1);
      return Begin == std::string::npos ? "" : Line.substr(Begin);
    }
  return "";
}

/// What the extension says a CPU of /proc/cpuinfo's vendor, family and
/// model is.
architecture expectedArchitecture() {
#if defined(__x86_64__)
  if (cpuInfo("vendor_id") != "GenuineIntel")
    return architecture::x86_64;
  unsigned long Family =
      std::strtoul(cpuInfo("cpu family").c_str(), nullptr, 10);
  unsigned long Model = std::strtoul(cpuInfo("model").c_str(), nullptr, 10);
  std::printf("  GenuineIntel family %lu model %lu\n", Family, Model);
  if (Family == 6 && Model == 143)
    return architecture::intel_cpu_spr;
  if (Family == 6 && (Model == 173 || Model == 174))
    return architecture::intel_cpu_gnr;
  if (Family == 19 && Model == 1)
    return architecture::intel_cpu_dmr;
  return architecture::x86_64;
#else
  return architecture::unknown;
#endif
}

void checkQueries(const sycl::device &Dev, architecture Expected) {
  architecture Arch = Dev.get_info<syclex::info::device::architecture>();
  std::printf("  architecture 0x%016llx\n", (unsigned long long)Arch);
  expect(Arch == Expected,
         "info::device::architecture is what cpuid family/model name");
  expect(Dev.ext_oneapi_architecture_is(Arch),
         "ext_oneapi_architecture_is(its own architecture)");
#if defined(__x86_64__)
  expect(Dev.ext_oneapi_architecture_is(architecture::x86_64),
         "ext_oneapi_architecture_is(x86_64) on an x86-64 CPU");
#endif
  bool OthersFalse = true;
  for (architecture Other :
       {architecture::intel_cpu_spr, architecture::intel_cpu_gnr,
        architecture::intel_cpu_dmr, architecture::intel_gpu_pvc,
        architecture::intel_gpu_bdw, architecture::nvidia_gpu_sm_80,
        architecture::amd_gpu_gfx90a, architecture::unknown})
    if (Other != Arch)
      OthersFalse &= !Dev.ext_oneapi_architecture_is(Other);
  expect(OthersFalse, "ext_oneapi_architecture_is(other architectures) "
                      "is false");
  expect(!Dev.ext_oneapi_architecture_is(arch_category::intel_gpu) &&
             !Dev.ext_oneapi_architecture_is(arch_category::nvidia_gpu) &&
             !Dev.ext_oneapi_architecture_is(arch_category::amd_gpu),
         "ext_oneapi_architecture_is(category) is false for every category");
}

/// cpuid display family/model to architecture, for the Xeons the
/// extension names and neighbours it does not.
void checkCpuTable() {
  struct Case {
    unsigned Family, Model;
    architecture Arch;
  } Cases[] = {
      {6, 0x8f, architecture::intel_cpu_spr},
      {6, 0xad, architecture::intel_cpu_gnr},
      {6, 0xae, architecture::intel_cpu_gnr},
      {19, 0x01, architecture::intel_cpu_dmr},
      {6, 0xcf, architecture::x86_64}, // Emerald Rapids
      {6, 0x6a, architecture::x86_64}, // Ice Lake SP
      {15, 0x8f, architecture::x86_64},
  };
  bool Ok = true;
  for (const Case &C : Cases)
    Ok &= lanes::detail::intelCpuArchitecture(C.Family, C.Model) == C.Arch;
  expect(Ok, "Intel family/model map to the extension's Xeons, others to "
             "x86_64");
}

void checkEnumerators() {
  expect(architecture::intel_gpu_bdw < architecture::intel_gpu_skl &&
             architecture::intel_gpu_cml < architecture::intel_gpu_icllp &&
             architecture::intel_gpu_dg1 < architecture::intel_gpu_acm_g10 &&
             architecture::intel_gpu_acm_g12 < architecture::intel_gpu_pvc &&
             architecture::intel_gpu_pvc < architecture::intel_gpu_pvc_vg &&
             architecture::intel_gpu_arl_h < architecture::intel_gpu_bmg_g21 &&
             architecture::intel_gpu_lnl_m < architecture::intel_gpu_ptl_h,
         "Intel GPUs compare in the extension's order");
  expect(architecture::x86_64 < architecture::intel_cpu_spr &&
             architecture::intel_cpu_spr < architecture::intel_cpu_gnr &&
             architecture::intel_cpu_gnr < architecture::intel_cpu_dmr,
         "Intel CPUs compare in the extension's order");
  expect(architecture::nvidia_gpu_sm_50 < architecture::nvidia_gpu_sm_52 &&
             architecture::nvidia_gpu_sm_89 < architecture::nvidia_gpu_sm_90 &&
             architecture::nvidia_gpu_sm_90 < architecture::nvidia_gpu_sm_90a &&
             architecture::nvidia_gpu_sm_90a < architecture::nvidia_gpu_sm_100,
         "NVIDIA GPUs compare in the extension's order");
  expect(architecture::amd_gpu_gfx810 < architecture::amd_gpu_gfx900 &&
             architecture::amd_gpu_gfx908 < architecture::amd_gpu_gfx90a &&
             architecture::amd_gpu_gfx90c < architecture::amd_gpu_gfx940 &&
             architecture::amd_gpu_gfx942 < architecture::amd_gpu_gfx1010 &&
             architecture::amd_gpu_gfx1036 < architecture::amd_gpu_gfx1100,
         "AMD GPUs compare in the extension's order");
  expect(architecture::intel_gpu_12_60_7 == architecture::intel_gpu_pvc &&
             architecture::intel_gpu_8_0_0 == architecture::intel_gpu_bdw &&
             architecture::intel_gpu_bxt == architecture::intel_gpu_apl &&
             architecture::intel_gpu_dg2_g10 ==
                 architecture::intel_gpu_acm_g10 &&
             architecture::intel_gpu_rpl_s == architecture::intel_gpu_adl_s &&
             architecture::intel_gpu_20_4_4 == architecture::intel_gpu_lnl_m,
         "aliases equal what they alias");
  expect(architecture::x86_64 != architecture::unknown &&
             architecture::intel_gpu_bdw != architecture::nvidia_gpu_sm_50 &&
             architecture::nvidia_gpu_sm_50 != architecture::amd_gpu_gfx700 &&
             architecture::intel_cpu_spr != architecture::intel_gpu_pvc,
         "families do not overlap");
}

/// Each if_architecture_is form: its result, a bit of the mask.
uint32_t chainResults() {
  uint32_t Bits = 0;
  int Bit = 0;
  // Which of the chain's callables ran: 1 for the first, 2 for the
  // second..., 0 for none; and how many ran.
  auto Record = [&](int Which, int Ran) {
    Bits |= uint32_t(Ran == 1 ? Which : 7) << (3 * Bit++);
  };
  int Which = 0, Ran = 0;
  auto At = [&](int N) {
    return [&Which, &Ran, N] {
      Which = N;
      ++Ran;
    };
  };
  auto Reset = [&] { Which = Ran = 0; };

  Reset();
  syclex::if_architecture_is<architecture::x86_64>(At(1)).otherwise(At(2));
  Record(Which, Ran); // 0: x86_64
  Reset();
  syclex::if_architecture_is<architecture::intel_gpu_pvc>(At(1))
      .else_if_architecture_is<architecture::x86_64>(At(2))
      .else_if_architecture_is<architecture::x86_64>(At(3))
      .otherwise(At(4));
  Record(Which, Ran); // 1: the first that holds only
  Reset();
  syclex::if_architecture_is<arch_category::intel_gpu,
                             arch_category::nvidia_gpu>(At(1))
      .else_if_architecture_is<arch_category::amd_gpu>(At(2))
      .otherwise(At(3));
  Record(Which, Ran); // 2: categories
  Reset();
  syclex::if_architecture_is<architecture::intel_gpu_pvc, architecture::x86_64>(
      At(1))
      .otherwise(At(2));
  Record(Which, Ran); // 3: any of a list
  Reset();
  syclex::if_architecture_is<architecture::intel_cpu_spr>(At(1))
      .else_if_architecture_is<architecture::intel_cpu_gnr>(At(2))
      .else_if_architecture_is<architecture::intel_cpu_dmr>(At(3))
      .otherwise(At(4));
  Record(Which, Ran); // 4: the specific CPU
  Reset();
  syclex::if_architecture_is_lt<architecture::x86_64>(At(1))
      .else_if_architecture_is_gt<architecture::intel_cpu_dmr>(At(2))
      .else_if_architecture_is_lt<architecture::intel_gpu_bdw>(At(3))
      .else_if_architecture_is_le<architecture::intel_cpu_dmr>(At(4))
      .otherwise(At(5));
  Record(Which, Ran); // 5: comparisons
  Reset();
  syclex::if_architecture_is_between<architecture::intel_gpu_bdw,
                                     architecture::intel_gpu_pvc>(At(1))
      .else_if_architecture_is_between<architecture::x86_64,
                                       architecture::intel_cpu_dmr>(At(2))
      .otherwise(At(3));
  Record(Which, Ran); // 6: between
  Reset();
  syclex::if_architecture_is_ge<architecture::intel_cpu_spr>(At(1)).otherwise(
      At(2));
  Record(Which, Ran); // 7: at least Sapphire Rapids
  Reset();
  syclex::if_architecture_is_le<architecture::intel_cpu_gnr>(At(1)).otherwise(
      At(2));
  Record(Which, Ran); // 8: at most Granite Rapids
  return Bits;
}

/// What chainResults() should give on a device of architecture \p Arch.
uint32_t expectedResults(architecture Arch) {
  int CpuRank = Arch == architecture::intel_cpu_spr   ? 1
                : Arch == architecture::intel_cpu_gnr ? 2
                : Arch == architecture::intel_cpu_dmr ? 3
                                                      : 0;
  int Results[] = {1,
                   2,
                   3,
                   1,
                   CpuRank ? CpuRank : 4,
                   4,
                   2,
                   CpuRank >= 1 ? 1 : 2,
                   CpuRank <= 2 ? 1 : 2};
  uint32_t Bits = 0;
  for (int I = 0; I < 9; ++I)
    Bits |= uint32_t(Results[I]) << (3 * I);
  return Bits;
}

void checkChains(sycl::queue &Q, architecture Arch) {
#if defined(__x86_64__)
  uint32_t Expected = expectedResults(Arch);
  uint32_t Host = chainResults();
  std::printf("  chains: host %08x, expected %08x\n", Host, Expected);
  expect(Host == Expected, "if_architecture_is chains in host code");
  constexpr size_t N = 64;
  uint32_t *Out = sycl::malloc_shared<uint32_t>(N, Q);
  Q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> I) {
     Out[I] = chainResults();
   }).wait();
  bool Same = true;
  for (size_t I = 0; I < N; ++I)
    Same &= Out[I] == Expected;
  expect(Same, "if_architecture_is chains in a kernel, every work-item");
  sycl::free(Out, Q);
#else
  (void)Q;
  (void)Arch;
#endif
}

} // namespace

int main() {
  sycl::queue Q;
  architecture Expected = expectedArchitecture();
  checkQueries(Q.get_device(), Expected);
  checkCpuTable();
  checkEnumerators();
  checkChains(Q, Expected);
  return Failures != 0;
}
