// Device, platform and selector queries (SYCL 2020 4.6.1 - 4.6.4), printed
// and checked for consistency with each other and with what the runtime
// does: the work-item size limits fit the work-group limit, a launch just
// above max_work_group_size or local_mem_size fails as the descriptors
// predict and one at the limits runs, has(aspect) agrees with the aspects
// list for every aspect, the vector widths agree with each other, the
// atomic capabilities cover what atomic_ref accepts, and the GPU,
// accelerator and unmet aspect selectors throw errc::runtime.
#include <sycl/sycl.hpp>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

namespace {

namespace di = sycl::info::device;

int Failures = 0;

void expect(bool Ok, const char *What) {
  if (!Ok) {
    std::printf("FAIL: %s\n", What);
    ++Failures;
  }
}

template <typename T> bool contains(const std::vector<T> &V, T X) {
  return std::find(V.begin(), V.end(), X) != V.end();
}

void printDevice(const sycl::device &Dev) {
  std::printf("device: %s\n  vendor %s, driver %s, version %s\n",
              Dev.get_info<di::name>().c_str(),
              Dev.get_info<di::vendor>().c_str(),
              Dev.get_info<di::driver_version>().c_str(),
              Dev.get_info<di::version>().c_str());
  sycl::range<3> Sizes = Dev.get_info<di::max_work_item_sizes<3>>();
  std::printf("  compute units %u, clock %u MHz, address bits %u\n",
              Dev.get_info<di::max_compute_units>(),
              Dev.get_info<di::max_clock_frequency>(),
              Dev.get_info<di::address_bits>());
  std::printf("  work-group <= %zu, work-items <= {%zu, %zu, %zu}\n",
              Dev.get_info<di::max_work_group_size>(), Sizes[0], Sizes[1],
              Sizes[2]);
  std::printf("  local memory %llu, global memory %llu, largest allocation "
              "%llu bytes\n",
              (unsigned long long)Dev.get_info<di::local_mem_size>(),
              (unsigned long long)Dev.get_info<di::global_mem_size>(),
              (unsigned long long)Dev.get_info<di::max_mem_alloc_size>());
  std::printf("  preferred / native vector widths: char %u/%u short %u/%u "
              "int %u/%u long %u/%u float %u/%u double %u/%u half %u/%u\n",
              Dev.get_info<di::preferred_vector_width_char>(),
              Dev.get_info<di::native_vector_width_char>(),
              Dev.get_info<di::preferred_vector_width_short>(),
              Dev.get_info<di::native_vector_width_short>(),
              Dev.get_info<di::preferred_vector_width_int>(),
              Dev.get_info<di::native_vector_width_int>(),
              Dev.get_info<di::preferred_vector_width_long>(),
              Dev.get_info<di::native_vector_width_long>(),
              Dev.get_info<di::preferred_vector_width_float>(),
              Dev.get_info<di::native_vector_width_float>(),
              Dev.get_info<di::preferred_vector_width_double>(),
              Dev.get_info<di::native_vector_width_double>(),
              Dev.get_info<di::preferred_vector_width_half>(),
              Dev.get_info<di::native_vector_width_half>());
}

void checkWorkSizes(const sycl::device &Dev) {
  size_t MaxGroup = Dev.get_info<di::max_work_group_size>();
  sycl::range<3> S3 = Dev.get_info<di::max_work_item_sizes<3>>();
  sycl::range<2> S2 = Dev.get_info<di::max_work_item_sizes<2>>();
  sycl::range<1> S1 = Dev.get_info<di::max_work_item_sizes<1>>();
  expect(Dev.get_info<di::max_work_item_dimensions>() == 3,
         "max_work_item_dimensions is 3");
  expect(MaxGroup >= 1, "max_work_group_size is positive");
  for (int D = 0; D < 3; ++D)
    expect(S3[D] >= 1 && S3[D] <= MaxGroup,
           "each max_work_item_sizes<3> is within max_work_group_size");
  // The fastest dimension is the last one in every rank.
  expect(S1[0] == S3[2] && S2[1] == S3[2] && S2[0] == S3[1],
         "max_work_item_sizes<1|2> are the trailing sizes of <3>");
  expect(Dev.get_info<di::max_compute_units>() >= 1,
         "max_compute_units is positive");
  expect(Dev.get_info<di::max_mem_alloc_size>() <=
             Dev.get_info<di::global_mem_size>(),
         "max_mem_alloc_size is within global_mem_size");
  expect(Dev.get_info<di::local_mem_size>() > 0, "local_mem_size is positive");
  expect(Dev.get_info<di::local_mem_type>() != sycl::info::local_mem_type::none,
         "local_mem_type is not none");
  expect(Dev.get_info<di::address_bits>() == 8 * sizeof(void *),
         "address_bits is the pointer width");
  // test/SubGroups checks that kernels see this size.
  expect(Dev.get_info<di::sub_group_sizes>() ==
             std::vector<size_t>{LANES_SUB_GROUP_SIZE},
         "sub_group_sizes is {LANES_SUB_GROUP_SIZE}");
  uint32_t MHz = Dev.get_info<di::max_clock_frequency>();
  expect(MHz == 0 || (MHz >= 100 && MHz <= 20000),
         "max_clock_frequency is unknown (0) or plausible");
}

/// The work-group and local-memory limits are the ones launches obey.
void checkLimitsAtLaunch(sycl::queue &Q) {
  sycl::device Dev = Q.get_device();
  size_t MaxGroup = Dev.get_info<di::max_work_group_size>();
  size_t LocalBytes = size_t(Dev.get_info<di::local_mem_size>());
  int *Out = sycl::malloc_shared<int>(2, Q);
  Out[0] = Out[1] = 0;
  try {
    Q.parallel_for(sycl::nd_range<1>(MaxGroup + 1, MaxGroup + 1),
                   [=](sycl::nd_item<1>) {});
    expect(false, "a group above max_work_group_size throws");
  } catch (const sycl::exception &E) {
    expect(E.code() == sycl::errc::nd_range,
           "a group above max_work_group_size throws errc::nd_range");
  }
  try {
    Q.submit([&](sycl::handler &CGH) {
      sycl::local_accessor<char, 1> Too(sycl::range<1>(LocalBytes + 1), CGH);
      CGH.parallel_for(sycl::nd_range<1>(1, 1),
                       [=](sycl::nd_item<1>) { Too[0] = 0; });
    });
    expect(false, "local memory above local_mem_size throws");
  } catch (const sycl::exception &E) {
    expect(E.code() == sycl::errc::memory_allocation,
           "local memory above local_mem_size throws errc::memory_allocation");
  }
  // Exactly at the limits: one group of 64 using all local memory.
  Q.submit([&](sycl::handler &CGH) {
     sycl::local_accessor<char, 1> All(sycl::range<1>(LocalBytes), CGH);
     CGH.parallel_for(sycl::nd_range<1>(64, 64), [=](sycl::nd_item<1> It) {
       size_t I = It.get_local_id(0);
       All[LocalBytes - 1 - I] = char(I);
       sycl::group_barrier(It.get_group());
       if (I == 0)
         Out[0] = All[LocalBytes - 64] + 1;
     });
   }).wait();
  expect(Out[0] == 64, "a launch using all of local_mem_size runs");
  sycl::free(Out, Q);
}

void checkAspects(const sycl::device &Dev) {
  std::vector<sycl::aspect> Aspects = Dev.get_info<di::aspects>();
  std::printf("  aspects:");
  for (int A = 0; A <= int(sycl::aspect::usm_system_allocations); ++A) {
    sycl::aspect Aspect = sycl::aspect(A);
    bool Listed = contains(Aspects, Aspect);
    if (Listed)
      std::printf(" %d", A);
    expect(Dev.has(Aspect) == Listed, "has(aspect) agrees with aspects");
    expect(Dev.get_platform().has(Aspect) == Listed,
           "platform::has agrees with device::has");
  }
  std::printf("\n");
  expect(Dev.has(sycl::aspect::cpu) && !Dev.has(sycl::aspect::gpu) &&
             !Dev.has(sycl::aspect::accelerator),
         "the device is a CPU");
  expect(Dev.has(sycl::aspect::fp64) && Dev.has(sycl::aspect::atomic64),
         "fp64 and atomic64 (atomic_ref<double>, <long long>) are there");
  expect(Dev.has(sycl::aspect::fp16), "fp16: sycl::half works in kernels");
  for (sycl::aspect A : {sycl::aspect::usm_device_allocations,
                         sycl::aspect::usm_host_allocations,
                         sycl::aspect::usm_shared_allocations,
                         sycl::aspect::usm_system_allocations})
    expect(Dev.has(A), "every USM kind is there");
  expect(Dev.has(sycl::aspect::queue_profiling) ==
             Dev.get_info<di::queue_profiling>(),
         "queue_profiling descriptor agrees with the aspect");
  expect(Dev.get_info<di::is_available>(), "is_available");
  expect(Dev.get_info<di::profiling_timer_resolution>() >= 1,
         "profiling_timer_resolution is positive");
}

void checkVectorWidths(const sycl::device &Dev) {
  uint32_t Preferred[] = {Dev.get_info<di::preferred_vector_width_char>(),
                          Dev.get_info<di::preferred_vector_width_short>(),
                          Dev.get_info<di::preferred_vector_width_int>(),
                          Dev.get_info<di::preferred_vector_width_long>(),
                          Dev.get_info<di::preferred_vector_width_float>(),
                          Dev.get_info<di::preferred_vector_width_double>()};
  uint32_t Native[] = {Dev.get_info<di::native_vector_width_char>(),
                       Dev.get_info<di::native_vector_width_short>(),
                       Dev.get_info<di::native_vector_width_int>(),
                       Dev.get_info<di::native_vector_width_long>(),
                       Dev.get_info<di::native_vector_width_float>(),
                       Dev.get_info<di::native_vector_width_double>()};
  for (int K = 0; K < 6; ++K) {
    uint32_t P = Preferred[K], N = Native[K];
    expect(P >= 1 && (P & (P - 1)) == 0, "preferred widths are powers of 2");
    expect(N >= 1 && (N & (N - 1)) == 0, "native widths are powers of 2");
    // This program runs on the machine it was compiled for.
    expect(P <= N, "the compiled vectors fit the CPU's");
  }
  // Elements halve as they double in size, within each kind.
  expect(Preferred[0] == 2 * Preferred[1] && Native[0] == 2 * Native[1],
         "char vectors hold twice as many as short ones");
  expect(Preferred[2] == 2 * Preferred[3] && Native[2] == 2 * Native[3],
         "int vectors hold twice as many as long ones");
  expect(Preferred[4] == 2 * Preferred[5] && Native[4] == 2 * Native[5],
         "float vectors hold twice as many as double ones");
  // half computes in float lanes: as many halves as floats where vector
  // instructions convert them (F16C), twice as many with AVX-512 FP16
  // arithmetic, and no vectors where conversions are library calls.
  uint32_t HalfP = Dev.get_info<di::preferred_vector_width_half>();
  uint32_t HalfN = Dev.get_info<di::native_vector_width_half>();
#if defined(__AVX512FP16__)
  expect(HalfP == 2 * Preferred[4], "AVX-512 FP16 targets: 2 halves a float");
#elif defined(__F16C__)
  expect(HalfP == Preferred[4], "F16C targets: half vectors are float ones");
#else
  expect(HalfP == 1, "no F16C at compile time: no half vectors");
#endif
#if defined(__x86_64__) || defined(__i386__)
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512fp16"))
    expect(HalfN == 2 * Native[4], "AVX-512 FP16 CPUs: 2 halves a float");
  else if (__builtin_cpu_supports("f16c"))
    expect(HalfN == Native[4], "F16C CPUs: half vectors are float ones");
  else
    expect(HalfN == 1, "CPUs without F16C: no half vectors");
#endif
  expect(HalfP <= HalfN, "the compiled half vectors fit the CPU's");
}

void checkAtomicCapabilities(const sycl::device &Dev) {
  using sycl::memory_order;
  using sycl::memory_scope;
  for (auto Orders : {Dev.get_info<di::atomic_memory_order_capabilities>(),
                      Dev.get_info<di::atomic_fence_order_capabilities>()})
    for (memory_order O :
         {memory_order::relaxed, memory_order::acquire, memory_order::release,
          memory_order::acq_rel, memory_order::seq_cst})
      expect(contains(Orders, O), "every memory order is supported");
  for (auto Scopes : {Dev.get_info<di::atomic_memory_scope_capabilities>(),
                      Dev.get_info<di::atomic_fence_scope_capabilities>()})
    for (memory_scope S :
         {memory_scope::work_item, memory_scope::sub_group,
          memory_scope::work_group, memory_scope::device, memory_scope::system})
      expect(contains(Scopes, S), "every memory scope is supported");
}

/// Constructing a queue from \p Selector throws errc::runtime whose
/// message contains \p Words.
template <typename SelectorT>
void expectRejected(const SelectorT &Selector, const char *Words,
                    const char *What) {
  try {
    sycl::queue Q(Selector);
    expect(false, What);
  } catch (const sycl::exception &E) {
    std::printf("  %s: %s\n", What, E.what());
    expect(E.code() == sycl::errc::runtime &&
               std::string(E.what()).find(Words) != std::string::npos,
           What);
  }
  try {
    sycl::device Dev(Selector);
    (void)Dev;
    expect(false, What);
  } catch (const sycl::exception &E) {
    expect(E.code() == sycl::errc::runtime, What);
  }
}

void checkSelectors() {
  expectRejected(sycl::gpu_selector_v, "no GPU", "gpu_selector_v throws");
  expectRejected(sycl::gpu_selector(), "no GPU", "gpu_selector throws");
  expectRejected(sycl::accelerator_selector_v, "no accelerator",
                 "accelerator_selector_v throws");
  expectRejected(sycl::aspect_selector(sycl::aspect::fp64, sycl::aspect::image),
                 "lacks image", "aspect_selector(fp64, image) throws");
  expectRejected(
      sycl::aspect_selector({sycl::aspect::fp64}, {sycl::aspect::cpu}),
      "has cpu", "aspect_selector denying cpu throws");
  expectRejected([](const sycl::device &) { return -1; }, "device selector",
                 "a selector rejecting everything throws");
  // Selectors the CPU satisfies.
  sycl::queue Cpu(sycl::cpu_selector_v);
  sycl::queue Default(sycl::default_selector_v);
  sycl::queue Aspects(
      sycl::aspect_selector<sycl::aspect::cpu, sycl::aspect::atomic64,
                            sycl::aspect::fp16>());
  sycl::queue Nothing(sycl::aspect_selector(std::vector<sycl::aspect>{}));
  expect(Cpu.get_device() == Default.get_device() &&
             Aspects.get_device().is_cpu() && Nothing.get_device().is_cpu(),
         "accepting selectors give the CPU device");
}

void checkPlatform(const sycl::device &Dev) {
  std::vector<sycl::platform> Platforms = sycl::platform::get_platforms();
  expect(Platforms.size() == 1, "one platform");
  sycl::platform P = Dev.get_platform();
  std::printf("platform: %s, vendor %s, version %s\n",
              P.get_info<sycl::info::platform::name>().c_str(),
              P.get_info<sycl::info::platform::vendor>().c_str(),
              P.get_info<sycl::info::platform::version>().c_str());
  expect(P == Platforms[0], "the device's platform is the platform");
  expect(!P.get_info<sycl::info::platform::name>().empty() &&
             !P.get_info<sycl::info::platform::vendor>().empty() &&
             !P.get_info<sycl::info::platform::version>().empty(),
         "platform name, vendor and version are not empty");
  expect(P.get_devices().size() == 1 && P.get_devices()[0] == Dev,
         "the platform has the device");
  expect(sycl::device::get_devices().size() == 1 &&
             sycl::device::get_devices(sycl::info::device_type::cpu).size() ==
                 1 &&
             sycl::device::get_devices(sycl::info::device_type::gpu).empty() &&
             sycl::device::get_devices(sycl::info::device_type::accelerator)
                 .empty(),
         "get_devices finds the CPU only");
  expect(Dev.is_cpu() && !Dev.is_gpu() && !Dev.is_accelerator() &&
             Dev.get_info<di::device_type>() == sycl::info::device_type::cpu,
         "the device is a CPU device");
}

} // namespace

int main() {
  sycl::queue Q;
  sycl::device Dev = Q.get_device();
  printDevice(Dev);
  checkWorkSizes(Dev);
  checkLimitsAtLaunch(Q);
  checkAspects(Dev);
  checkVectorWidths(Dev);
  checkAtomicCapabilities(Dev);
  checkSelectors();
  checkPlatform(Dev);
  std::printf("%s: %d failure(s)\n", Failures ? "FAIL" : "OK", Failures);
  return Failures ? 1 : 0;
}
