// Device, platform and selector queries (SYCL 2020 4.6.1 - 4.6.4), printed
// and checked for consistency with each other and with what the runtime
// does: the work-item size limits fit the work-group limit, a launch just
// above max_work_group_size or local_mem_size fails as the descriptors
// predict and one at the limits runs, has(aspect) agrees with the aspects
// list for every aspect, the vector widths agree with each other, the
// atomic capabilities cover what atomic_ref accepts, and the GPU,
// accelerator and unmet aspect selectors throw errc::runtime. The other
// descriptors of SYCL 2020 A.3 are checked against what kernels, memory
// and the partitioning calls do; get_backend() is Lanes's everywhere, and
// a context answers its own queries.
#include <sycl/sycl.hpp>

#include <algorithm>
#include <cfloat>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <sstream>
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
  expectRejected(
      sycl::aspect_selector(sycl::aspect::fp64, sycl::aspect::online_compiler),
      "lacks online_compiler", "aspect_selector(fp64, online_compiler) throws");
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

/// Throws errc::feature_not_supported, naming the partition property.
template <typename F> void expectNoPartition(F Partition, const char *Name) {
  try {
    Partition();
    expect(false, "create_sub_devices throws");
  } catch (const sycl::exception &E) {
    expect(E.code() == sycl::errc::feature_not_supported &&
               std::string(E.what()).find(Name) != std::string::npos,
           "create_sub_devices throws errc::feature_not_supported naming "
           "the property");
  }
}

/// Sub-groups and partitioning: what the descriptors say, kernels and
/// create_sub_devices do.
void checkSubGroupsAndPartitions(sycl::queue &Q) {
  sycl::device Dev = Q.get_device();
  // A group whose rows are one work-item wide has a sub-group per item.
  size_t MaxGroup = Dev.get_info<di::max_work_group_size>();
  expect(Dev.get_info<di::max_num_sub_groups>() == MaxGroup,
         "max_num_sub_groups is max_work_group_size");
  uint32_t *Count = sycl::malloc_shared<uint32_t>(1, Q);
  Q.parallel_for(sycl::nd_range<2>({64, 1}, {64, 1}), [=](sycl::nd_item<2> It) {
     if (It.get_local_linear_id() == 0)
       *Count = It.get_sub_group().get_group_linear_range();
   }).wait();
  expect(*Count == 64, "a group of 64 rows of one has 64 sub-groups");
  sycl::free(Count, Q);
  expect(!Dev.get_info<di::sub_group_independent_forward_progress>(),
         "sub-groups have no independent forward progress");

  expect(Dev.get_info<di::partition_max_sub_devices>() == 0 &&
             Dev.get_info<di::partition_properties>().empty() &&
             Dev.get_info<di::partition_affinity_domains>().empty() &&
             Dev.get_info<di::partition_type_property>() ==
                 sycl::info::partition_property::no_partition &&
             Dev.get_info<di::partition_type_affinity_domain>() ==
                 sycl::info::partition_affinity_domain::not_applicable,
         "the device is not partitionable and not a sub-device");
  using sycl::info::partition_property;
  expectNoPartition(
      [&] { Dev.create_sub_devices<partition_property::partition_equally>(1); },
      "partition_equally");
  expectNoPartition(
      [&] {
        Dev.create_sub_devices<partition_property::partition_by_counts>(
            std::vector<size_t>{1});
      },
      "partition_by_counts");
  expectNoPartition(
      [&] {
        Dev.create_sub_devices<
            partition_property::partition_by_affinity_domain>(
            sycl::info::partition_affinity_domain::numa);
      },
      "partition_by_affinity_domain");
  try {
    Dev.get_info<di::parent_device>();
    expect(false, "parent_device throws");
  } catch (const sycl::exception &E) {
    expect(E.code() == sycl::errc::invalid, "parent_device throws "
                                            "errc::invalid");
  }
}

/// Arithmetic in kernels that the floating-point configurations promise:
/// subnormals survive, fma rounds once, division and sqrt round
/// correctly.
void checkFloatingPoint(sycl::queue &Q) {
  sycl::device Dev = Q.get_device();
  using sycl::info::fp_config;
  std::vector<fp_config> Single = Dev.get_info<di::single_fp_config>();
  std::vector<fp_config> Double = Dev.get_info<di::double_fp_config>();
  std::vector<fp_config> Half = Dev.get_info<di::half_fp_config>();
  for (fp_config C : {fp_config::denorm, fp_config::inf_nan,
                      fp_config::round_to_nearest, fp_config::fma})
    expect(contains(Single, C) && contains(Double, C),
           "single and double have denorm, inf_nan, round_to_nearest, fma");
  expect(contains(Single, fp_config::correctly_rounded_divide_sqrt) &&
             !contains(Single, fp_config::soft_float),
         "single divides and takes square roots correctly, in hardware");
  expect(contains(Half, fp_config::denorm) &&
             contains(Half, fp_config::round_to_nearest) &&
             contains(Half, fp_config::fma),
         "half: denorm, round_to_nearest and fma");

  // Operands arrive through memory, so nothing folds at compile time.
  float *F = sycl::malloc_shared<float>(8, Q);
  double *D = sycl::malloc_shared<double>(4, Q);
  sycl::half *H = sycl::malloc_shared<sycl::half>(5, Q);
  F[0] = FLT_MIN;
  F[1] = 1.0f + FLT_EPSILON; // (1 + e)^2 - (1 + 2e) = e^2: only fused.
  F[2] = -(1.0f + 2 * FLT_EPSILON);
  F[3] = 2.0f;
  F[4] = 10.0f;
  D[0] = 1.0 + DBL_EPSILON;
  D[1] = -(1.0 + 2 * DBL_EPSILON);
  H[0] = sycl::half(6.103515625e-05f); // the smallest normal half
  H[2] = sycl::half(1.0f + 0x1p-10f);  // (1 + e)^2 - (1 + 2e) = e^2
  H[3] = sycl::half(-(1.0f + 0x1p-9f));
  Q.single_task([=] {
     F[5] = F[0] / 4;                       // subnormal
     F[6] = sycl::fma(F[1], F[1], F[2]);    // FLT_EPSILON^2
     F[7] = sycl::sqrt(F[3]) + F[3] / F[4]; // checked below
     D[2] = sycl::fma(D[0], D[0], D[1]);    // DBL_EPSILON^2
     H[1] = H[0] / sycl::half(4.0f);        // subnormal half
     H[4] = sycl::fma(H[2], H[2], H[3]);    // 2^-20, a subnormal
   }).wait();
  expect(F[5] == FLT_MIN / 4 && F[5] > 0, "float subnormals survive");
  expect(F[6] == FLT_EPSILON * FLT_EPSILON, "float fma rounds once");
  expect(F[7] == float(std::sqrt(2.0)) + float(2.0 / 10.0),
         "float sqrt and division are correctly rounded");
  expect(D[2] == DBL_EPSILON * DBL_EPSILON, "double fma rounds once");
  expect(float(H[1]) == 6.103515625e-05f / 4, "half subnormals survive");
  expect(float(H[4]) == 0x1p-20f, "half fma rounds once");
  sycl::free(F, Q);
  sycl::free(D, Q);
  sycl::free(H, Q);
}

/// Memory, images and the rest of A.3.
void checkMemoryAndLimits(sycl::queue &Q) {
  sycl::device Dev = Q.get_device();
  uint32_t AlignBits = Dev.get_info<di::mem_base_addr_align>();
  expect(AlignBits >= 8 * 128 / 8 && (AlignBits & (AlignBits - 1)) == 0,
         "mem_base_addr_align is a power of two, at least long16's 128 bytes "
         "in bits");
  for (size_t Bytes : {1, 3, 64, 100, 4096, 100000}) {
    char *P = sycl::malloc_shared<char>(Bytes, Q);
    expect(reinterpret_cast<uintptr_t>(P) % (AlignBits / 8) == 0,
           "USM allocations are aligned to mem_base_addr_align");
    sycl::free(P, Q);
    sycl::buffer<char, 1> Buf{sycl::range<1>(Bytes)};
    sycl::host_accessor<char, 1> Acc(Buf);
    expect(reinterpret_cast<uintptr_t>(Acc.get_pointer()) % (AlignBits / 8) ==
               0,
           "buffers are aligned to mem_base_addr_align");
  }
  expect(Dev.get_info<di::global_mem_cache_type>() ==
             sycl::info::global_mem_cache_type::read_write,
         "the caches are read-write");
  uint32_t Line = Dev.get_info<di::global_mem_cache_line_size>();
  uint64_t Cache = Dev.get_info<di::global_mem_cache_size>();
  std::printf("  cache line %u bytes, largest cache %llu bytes\n", Line,
              (unsigned long long)Cache);
  expect(Line == 0 || ((Line & (Line - 1)) == 0 && Line >= 16 && Line <= 1024),
         "global_mem_cache_line_size is unknown (0) or a plausible power of "
         "two");
  expect(Cache == 0 || (Cache >= Line && Cache >= 4096),
         "global_mem_cache_size is unknown (0) or at least a line and a page");
  expect(Dev.get_info<di::max_constant_buffer_size>() ==
             Dev.get_info<di::global_mem_size>(),
         "constant buffers are ordinary memory");
  expect(Dev.get_info<di::host_unified_memory>(), "host_unified_memory");
  uint16_t One = 1;
  unsigned char Low;
  std::memcpy(&Low, &One, 1);
  expect(Dev.get_info<di::is_endian_little>() == (Low == 1),
         "is_endian_little is the CPU's byte order");

  // Images: supported, with int coordinates, as the image classes check.
  expect(Dev.get_info<di::image_support>() && Dev.has(sycl::aspect::image),
         "image_support and aspect::image");
  for (size_t Extent : {Dev.get_info<di::image2d_max_width>(),
                        Dev.get_info<di::image2d_max_height>(),
                        Dev.get_info<di::image3d_max_width>(),
                        Dev.get_info<di::image3d_max_height>(),
                        Dev.get_info<di::image3d_max_depth>(),
                        Dev.get_info<di::image_max_buffer_size>()})
    expect(Extent == size_t(INT_MAX), "image extents go up to INT_MAX");
  try {
    sycl::unsampled_image<2> TooWide(
        sycl::image_format::r8g8b8a8_unorm,
        sycl::range<2>(Dev.get_info<di::image2d_max_width>() + 1, 1));
    expect(false, "an image wider than image2d_max_width throws");
  } catch (const sycl::exception &E) {
    expect(E.code() == sycl::errc::invalid,
           "an image wider than image2d_max_width throws errc::invalid");
  }

  // Limits Lanes does not have answer the largest value of their type.
  expect(Dev.get_info<di::max_read_image_args>() == UINT32_MAX &&
             Dev.get_info<di::max_write_image_args>() == UINT32_MAX &&
             Dev.get_info<di::max_samplers>() == UINT32_MAX &&
             Dev.get_info<di::max_constant_args>() == UINT32_MAX &&
             Dev.get_info<di::max_parameter_size>() == SIZE_MAX &&
             Dev.get_info<di::printf_buffer_size>() == SIZE_MAX,
         "no limits on image arguments, samplers, parameters, printf");

  // No online compiler, no built-in kernels.
  expect(Dev.get_info<di::is_compiler_available>() ==
                 Dev.has(sycl::aspect::online_compiler) &&
             Dev.get_info<di::is_linker_available>() ==
                 Dev.has(sycl::aspect::online_linker) &&
             !Dev.get_info<di::is_compiler_available>(),
         "is_compiler/linker_available agree with the aspects");
  expect(Dev.get_info<di::execution_capabilities>() ==
             std::vector<sycl::info::execution_capability>{
                 sycl::info::execution_capability::exec_kernel},
         "execution_capabilities is exec_kernel");
  expect(Dev.get_info<di::built_in_kernel_ids>().empty() &&
             Dev.get_info<di::built_in_kernels>().empty(),
         "no built-in kernels");
  expect(Dev.get_info<di::profile>() == "FULL_PROFILE" &&
             !Dev.get_info<di::backend_version>().empty(),
         "profile and backend_version");
  expect(Dev.get_info<di::preferred_interop_user_sync>(),
         "preferred_interop_user_sync");

  // The deprecated extension names follow the aspects.
  std::vector<std::string> Extensions = Dev.get_info<di::extensions>();
  for (const std::string &Name : Extensions)
    expect(Dev.has_extension(Name) && Dev.get_platform().has_extension(Name),
           "has_extension agrees with extensions");
  expect(Dev.has_extension("cl_khr_fp64") == Dev.has(sycl::aspect::fp64) &&
             Dev.has_extension("cl_khr_fp16") == Dev.has(sycl::aspect::fp16) &&
             Dev.has_extension("cl_khr_int64_base_atomics") ==
                 Dev.has(sycl::aspect::atomic64) &&
             !Dev.has_extension("cl_khr_gl_sharing"),
         "the extension names follow the aspects");
  expect(Dev.get_platform().get_info<sycl::info::platform::extensions>() ==
             Extensions,
         "the platform's extensions are the device's");
}

/// get_backend() everywhere, and the context's own queries.
void checkBackendAndContext(sycl::queue &Q) {
  sycl::device Dev = Q.get_device();
  sycl::context Ctx = Q.get_context();
  sycl::event E = Q.single_task([] {});
  auto Bundle = sycl::get_kernel_bundle<sycl::bundle_state::executable>(Ctx);
  constexpr sycl::backend Lanes = sycl::backend::ext_lanes_cpu;
  expect(Q.get_backend() == Lanes && Dev.get_backend() == Lanes &&
             Dev.get_platform().get_backend() == Lanes &&
             Ctx.get_backend() == Lanes && E.get_backend() == Lanes &&
             Bundle.get_backend() == Lanes &&
             Bundle.get_kernel(Bundle.get_kernel_ids()[0]).get_backend() ==
                 Lanes &&
             Dev.get_backend() != sycl::backend::opencl,
         "every object's backend is ext_lanes_cpu");
  std::ostringstream Name;
  Name << Q.get_backend() << ' ' << sycl::backend::opencl;
  expect(Name.str() == "ext_lanes_cpu opencl", "a backend prints its name");

  namespace ci = sycl::info::context;
  expect(Ctx.get_info<ci::platform>() == Dev.get_platform() &&
             Ctx.get_info<ci::devices>() == std::vector<sycl::device>{Dev},
         "the context's platform and devices");
  expect(Ctx.get_info<ci::atomic_memory_order_capabilities>() ==
                 Dev.get_info<di::atomic_memory_order_capabilities>() &&
             Ctx.get_info<ci::atomic_fence_order_capabilities>() ==
                 Dev.get_info<di::atomic_fence_order_capabilities>() &&
             Ctx.get_info<ci::atomic_memory_scope_capabilities>() ==
                 Dev.get_info<di::atomic_memory_scope_capabilities>() &&
             Ctx.get_info<ci::atomic_fence_scope_capabilities>() ==
                 Dev.get_info<di::atomic_fence_scope_capabilities>(),
         "the context's atomic capabilities are its device's");
  static_assert(sycl::any_device_has_v<sycl::aspect::fp64> &&
                    sycl::all_devices_have<sycl::aspect::cpu>::value &&
                    !sycl::any_device_has_v<sycl::aspect::gpu> &&
                    !sycl::all_devices_have_v<sycl::aspect::online_compiler>,
                "the aspect traits answer for the one device");
  expect(sycl::any_device_has_v<sycl::aspect::image> ==
                 Dev.has(sycl::aspect::image) &&
             sycl::all_devices_have_v<sycl::aspect::fp16> ==
                 Dev.has(sycl::aspect::fp16) &&
             sycl::any_device_has_v<sycl::aspect::emulated> ==
                 Dev.has(sycl::aspect::emulated),
         "the aspect traits agree with has(aspect)");
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
  checkSubGroupsAndPartitions(Q);
  checkFloatingPoint(Q);
  checkMemoryAndLimits(Q);
  checkBackendAndContext(Q);
  std::printf("%s: %d failure(s)\n", Failures ? "FAIL" : "OK", Failures);
  return Failures ? 1 : 0;
}
