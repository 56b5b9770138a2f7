// A SYCL 2020 program touching most of the Lanes API. It is only compiled
// (-fsyntax-only with -Wall -Wextra -Werror) by the APIHeaderWarnings tests,
// with g++ and clang++, to keep the headers warning-free in user code.
#include <sycl/sycl.hpp>

#include <cstdio>
#include <functional>
#include <iterator>
#include <vector>

namespace {

constexpr sycl::specialization_id<int> SampleConstant(4);

void helper(sycl::nd_item<2> &It, const sycl::local_accessor<int, 2> &Tile) {
  Tile[It.get_local_id(0)][It.get_local_id(1)] = 1;
  It.barrier();
  sycl::group_barrier(It.get_group());
}

/// Every group algorithm once, in 2-D, with narrow, wide and float types.
void groupAlgorithms(sycl::nd_item<2> &It, const int *In, float *Out) {
  sycl::group<2> G = It.get_group();
  int X = In[It.get_global_linear_id()];
  short S = short(X);
  float F = float(X);
  X = sycl::group_broadcast(G, X) + sycl::group_broadcast(G, X, 1) +
      sycl::group_broadcast(G, X, sycl::id<2>(0, 1));
  bool B = sycl::any_of_group(G, X > 0) && sycl::all_of_group(G, S, [](short V) {
             return V != 0;
           }) && !sycl::none_of_group(G, F > 1.0f);
  S = sycl::reduce_over_group(G, S, sycl::minimum<>()) +
      sycl::exclusive_scan_over_group(G, S, short(1), sycl::multiplies<short>());
  F = sycl::inclusive_scan_over_group(G, F, sycl::maximum<float>(), 0.5f) +
      sycl::reduce_over_group(G, B, sycl::logical_or<>());
  unsigned char C = sycl::joint_reduce(G, In, In + 8, (unsigned char)0,
                                       sycl::bit_xor<unsigned char>());
  sycl::joint_exclusive_scan(G, In, In + 8, Out, sycl::plus<float>());
  sycl::joint_inclusive_scan(G, In, In + 8, Out, sycl::plus<>(), 1.0f);
  Out[0] = F + S + C + sycl::joint_any_of(G, In, In + 8, [](int V) {
             return V > 3;
           });
  static_assert(sycl::known_identity_v<sycl::bit_and<>, unsigned> == ~0u);
  static_assert(!sycl::has_known_identity_v<sycl::logical_and<>, float>);
}

/// The sub-group queries and functions once each, with the pre-2020
/// members and a vec reduction.
void subGroupFunctions(sycl::nd_item<2> &It, const int *In, float *Out) {
  sycl::sub_group SG = It.get_sub_group();
  int X = In[It.get_global_linear_id()];
  uint32_t Lane = SG.get_local_linear_id();
  X += sycl::group_broadcast(SG, X) + sycl::group_broadcast(SG, X, Lane) +
       sycl::select_from_group(SG, X, SG.get_local_id()) +
       sycl::shift_group_left(SG, X) + sycl::shift_group_right(SG, X, 2) +
       sycl::permute_group_by_xor(SG, X, 1) + SG.shuffle(X, 0) +
       SG.shuffle_down(X, 1) + SG.shuffle_up(X, 1) + SG.shuffle_xor(X, 1);
  sycl::group_barrier(SG);
  SG.barrier();
  sycl::float4 V = sycl::reduce_over_group(SG, sycl::float4(float(X)),
                                           sycl::plus<>()) +
                   sycl::exclusive_scan_over_group(
                       SG, sycl::float4(1.0f), sycl::maximum<sycl::float4>());
  bool B = sycl::any_of_group(SG, X > 0) || sycl::all_of_group(SG, X > 1) ||
           sycl::joint_none_of(SG, In, In + 8, [](int I) { return I > 0; });
  Out[0] = V[0] + float(B) + float(SG.get_group_linear_range()) +
           float(SG.get_local_range()[0] + SG.get_max_local_range()[0] +
                 SG.get_group_id()[0] + SG.get_group_range()[0]) +
           float(SG.leader()) +
           float(sycl::inclusive_scan_over_group(SG, short(X), sycl::plus<>()));
}

/// The group algorithms on half (computed in float) and the joint ones on
/// vec.
void halfAndVectorAlgorithms(sycl::nd_item<2> &It, sycl::half *H,
                             sycl::int4 *V) {
  sycl::group<2> G = It.get_group();
  sycl::sub_group SG = It.get_sub_group();
  sycl::half X = H[It.get_global_linear_id()];
  X = sycl::reduce_over_group(G, X, sycl::plus<>()) +
      sycl::inclusive_scan_over_group(SG, X, sycl::minimum<sycl::half>(), X);
  sycl::joint_exclusive_scan(G, H, H + 8, H + 8, sycl::multiplies<>());
  sycl::int4 S = sycl::joint_reduce(SG, V, V + 4, sycl::plus<sycl::int4>());
  sycl::joint_inclusive_scan(G, V, V + 4, V + 4, sycl::maximum<>(), S);
  H[0] = X;
}

/// sycl::half: conversions, mixed arithmetic, vec, marray, built-ins.
sycl::half halfSample(const sycl::half *In, size_t I) {
  sycl::half H = In[I];
  float F = H * 2.0f;
  int N = H;
  H += 1;
  H = -H * H / 2 + F + N;
  sycl::half4 V(H, 1.0f, 2, In[0]);
  V = sycl::fma(V, V.wzyx(), sycl::half4(0.5f)) + sycl::sqrt(V) * H;
  sycl::mhalf3 M(H, H, H);
  M = sycl::clamp(M, sycl::half(0), sycl::half(1)) + sycl::exp(M);
  bool Odd = sycl::isequal(H, V[0]) || sycl::any(sycl::isnan(V)) || H < 1;
  return V.x() + M[1] + sycl::dot(V, V) + sycl::half(Odd) +
         V.convert<float>()[0] + std::numeric_limits<sycl::half>::epsilon();
}

struct Functor {
  int *Out;
  void operator()(sycl::item<1> It) const { Out[It] = int(It.get_id(0)); }
};

} // namespace

int main() {
  sycl::queue Q{sycl::cpu_selector_v,
                sycl::property_list{sycl::property::queue::in_order{},
                                    sycl::property::queue::enable_profiling{}}};
  sycl::device Dev = Q.get_device();
  std::printf("%s: %u units, %zu max group\n",
              Dev.get_info<sycl::info::device::name>().c_str(),
              Dev.get_info<sycl::info::device::max_compute_units>(),
              Dev.get_info<sycl::info::device::max_work_group_size>());
  sycl::range<3> Max =
      Dev.get_info<sycl::info::device::max_work_item_sizes<3>>();
  (void)Max;
  std::printf("%s %s: %llu-byte cache, %zu fp configs, %zu extensions\n",
              Dev.get_info<sycl::info::device::profile>().c_str(),
              Dev.get_info<sycl::info::device::backend_version>().c_str(),
              (unsigned long long)
                  Dev.get_info<sycl::info::device::global_mem_cache_size>(),
              Dev.get_info<sycl::info::device::single_fp_config>().size(),
              Dev.get_info<sycl::info::device::extensions>().size());
  sycl::context Ctx(Dev, [](sycl::exception_list) {});
  sycl::queue FromContext(Ctx, Dev);
  static_assert(sycl::is_device_copyable_v<std::pair<int, sycl::float4>>);
  if (sycl::bit_cast<uint32_t>(1.0f) != 0x3f800000u ||
      FromContext.get_backend() != sycl::backend::ext_lanes_cpu ||
      Ctx.get_info<sycl::info::context::devices>().size() != 1)
    return 1;

  constexpr size_t N = 64;
  int *A = sycl::malloc_shared<int>(N, Q);
  int *B = static_cast<int *>(sycl::malloc_device(N * sizeof(int), Q));
  sycl::event E = Q.fill(A, 0, N);
  E = Q.parallel_for(sycl::range<1>(N), E, [=](sycl::id<1> I) {
    size_t S = I;
    int Signed = I;
    A[I] = Signed + int(S);
  });
  Q.parallel_for(N, Functor{A});
  Q.parallel_for(sycl::range<2>(8, 8), [=](sycl::item<2> It) {
    B[It.get_linear_id()] = int(It[0] + It.get_id(1));
  });
  // Reductions with a known identity, a given one and none.
  int *Sums = sycl::malloc_shared<int>(3, Q);
  Q.parallel_for(
      sycl::range<1>(N), sycl::reduction(Sums, std::plus<>()),
      sycl::reduction(Sums + 1, 0, [](int X, int Y) { return X + Y; }),
      sycl::reduction(Sums + 2, [](int X, int Y) { return X + Y; }),
      [=](sycl::id<1> I, auto &Known, auto &Given, auto &None) {
        Known += A[I] + Known.identity();
        Given.combine(A[I] + Given.identity());
        None.combine(A[I]);
      });
  sycl::free(Sums, Q);
  // The deprecated offset form, through the queue and the handler.
  Q.parallel_for(sycl::range<2>(4, 8), sycl::id<2>(4, 0), E,
                 [=](sycl::item<2> It) {
                   B[It.get_linear_id() + 32] = int(It.get_offset()[0] + It[1]);
                 });
  Q.submit([&](sycl::handler &CGH) {
    CGH.parallel_for(sycl::range<1>(N / 2), sycl::id<1>(N / 2),
                     [=](sycl::id<1> I) { A[I] = 1; });
  });
  // USM: an allocator of shared memory and the pointer queries.
  std::vector<int, sycl::usm_allocator<int, sycl::usm::alloc::shared>> Vec(
      N, 0, Q);
  if (sycl::get_pointer_type(Vec.data(), Q.get_context()) ==
      sycl::usm::alloc::shared)
    Vec[0] = int(sycl::get_pointer_device(Vec.data(), Q.get_context())
                     .get_info<sycl::info::device::max_compute_units>());
  // Kernel bundles: the constant set on an input bundle, the kernel's
  // queries, and the queue's.
  auto Input = sycl::get_kernel_bundle<sycl::bundle_state::input>(
      Q.get_info<sycl::info::queue::context>());
  Input.set_specialization_constant<SampleConstant>(7);
  auto Built = sycl::build(Input);
  Q.submit([&](sycl::handler &CGH) {
    CGH.use_kernel_bundle(Built);
    CGH.single_task<class BundledKernel>([=](sycl::kernel_handler KH) {
      A[0] = KH.get_specialization_constant<SampleConstant>();
    });
  });
  A[1] = int(Built.get_kernel<class BundledKernel>()
                 .get_info<sycl::info::kernel_device_specific::
                               preferred_work_group_size_multiple>(
                     Q.get_info<sycl::info::queue::device>()));
  A[2] =
      int(Built.get_kernel<class BundledKernel>()
              .get_info<
                  sycl::info::kernel_device_specific::compile_work_group_size>(
                  Q.get_device())
              .size());
  // Device images: a selector keeps the kernels whose image it accepts.
  auto Selected = sycl::get_kernel_bundle<sycl::bundle_state::executable>(
      Q.get_context(),
      [](const sycl::device_image<sycl::bundle_state::executable> &Image) {
        return Image.has_kernel(sycl::get_kernel_id<class BundledKernel>());
      });
  A[5] = int(std::distance(Selected.begin(), Selected.end()));
  sycl::kernel Bundled = Built.get_kernel<class BundledKernel>();
  A[3] = int(
      Bundled
          .get_info<sycl::info::kernel_device_specific::compile_sub_group_size>(
              Q.get_device()));
  A[4] = int(
      Bundled
          .get_info<sycl::info::kernel_device_specific::compile_num_sub_groups>(
              Q.get_device()));
  Q.submit([&](sycl::handler &CGH) {
    CGH.set_specialization_constant<SampleConstant>(
        CGH.get_specialization_constant<SampleConstant>() + 1);
    CGH.parallel_for(sycl::range<1>(N),
                     [=](sycl::id<1> I, sycl::kernel_handler KH) {
                       A[I] = KH.get_specialization_constant<SampleConstant>();
                     });
  });
  Q.submit([&](sycl::handler &CGH) {
    sycl::local_accessor<int, 2> Tile(sycl::range<2>(4, 4), CGH);
    sycl::local_accessor<int, 0> Count(CGH);
    sycl::local_accessor<float, 3> Cube(sycl::range<3>(1, 4, 4), CGH);
    sycl::local_accessor<double, 1> Line(sycl::range<1>(16), CGH);
    CGH.depends_on(E);
    CGH.parallel_for<class SampleKernel>(
        sycl::nd_range{sycl::range<2>(8, 8), sycl::range<2>(4, 4)},
        [=](sycl::nd_item<2> It) {
          helper(It, Tile);
          groupAlgorithms(It, B, reinterpret_cast<float *>(B) + 8);
          subGroupFunctions(It, B, reinterpret_cast<float *>(B) + 8);
          halfAndVectorAlgorithms(It, reinterpret_cast<sycl::half *>(B),
                                  reinterpret_cast<sycl::int4 *>(B));
          if (It.get_group().leader())
            Count = 0;
          It.barrier(sycl::access::fence_space::local_space);
          Count += 1;
          Cube[0][It.get_local_id(0)][It.get_local_id(1)] = 1.0f;
          Line[It.get_local_linear_id()] = 2.0;
          double *Raw = Line.get_multi_ptr<sycl::access::decorated::no>();
          It.wait_for(It.async_work_group_copy(
              Tile.get_pointer(), sycl::global_ptr<const int>(B), 16));
          It.get_group()
              .async_work_group_copy(
                  sycl::address_space_cast<
                      sycl::access::address_space::global_space,
                      sycl::access::decorated::yes>(B),
                  Tile.get_multi_ptr<sycl::access::decorated::yes>(), 8, 2)
              .wait();
          It.barrier();
          int Total = Count;
          B[It.get_global_linear_id()] +=
              Total + Tile[sycl::id<2>(0, 0)] + int(Raw[0]);
        });
  });
  Q.single_task([=] { A[0] = B[0]; });
  {
    sycl::buffer<unsigned, 2> Hist(sycl::range<2>(2, 4));
    Q.submit([&](sycl::handler &CGH) {
      sycl::stream Out(1024, 80, CGH);
      auto Global = Hist.get_access<sycl::access::mode::atomic>(CGH);
      sycl::accessor<int, 1, sycl::access::mode::atomic,
                     sycl::access::target::local>
          Local(sycl::range<1>(4), CGH);
      CGH.parallel_for(sycl::nd_range<1>(8, 4), [=](sycl::nd_item<1> It) {
        size_t I = It.get_local_id(0);
        Local[I].store(0);
        It.barrier();
        sycl::atomic_fetch_add(Local[(I + 1) % 4], 1);
        Global[I % 2][I].fetch_or(1u << I);
        It.barrier();
        Out << It << ' ' << Local[I].load() << sycl::hex << sycl::setw(4)
            << 255u << sycl::setprecision(3) << 1.5f << sycl::endl;
      });
    });
    // Accessor iterators: a ranged 2-D host accessor, reversed.
    sycl::host_accessor Row(Hist, sycl::range<2>(1, 3), sycl::id<2>(1, 1),
                            sycl::read_only);
    std::vector<unsigned> Reversed(Row.crbegin(), Row.crend());
    for (unsigned &X : sycl::host_accessor(Hist))
      X += Reversed.front();
  }
  {
    // 0-dimensional accessors: a buffer's first element.
    sycl::buffer<int> First{sycl::range<1>(2)};
    Q.submit([&](sycl::handler &CGH) {
      sycl::accessor<int, 0> Acc(First, CGH);
      CGH.single_task([=] {
        Acc += 1;
        static const char Format[] = "first %d\n";
        sycl::ext::oneapi::experimental::printf(Format, int(Acc));
      });
    });
    A[0] += sycl::host_accessor<const int, 0>(First);
  }
  {
    // A read-only buffer, kept in the host's const data.
    static const int Table[4] = {1, 2, 3, 4};
    sycl::buffer<const int> Lookup(Table, sycl::range<1>(4),
                                   {sycl::property::buffer::use_host_ptr()});
    Q.submit([&](sycl::handler &CGH) {
      sycl::accessor In{Lookup, CGH};
      CGH.parallel_for(sycl::range<1>(4),
                       [=](sycl::id<1> I) { B[I] += In[I]; });
    });
    A[0] += sycl::host_accessor(Lookup)[3];
  }
  {
    // Images: a 2-D unsampled image read and written in a kernel, and a
    // sampled image read with linear filtering.
    std::vector<float> Texels(4 * 4 * 2, 0.5f);
    sycl::unsampled_image<2> Img(Texels.data(),
                                 sycl::image_format::r32g32b32a32_sfloat,
                                 sycl::range<2>(4, 2));
    sycl::unsampled_image<2> Bytes(sycl::image_format::r8g8b8a8_unorm,
                                   sycl::range<2>(4, 2), sycl::range<1>(32));
    sycl::image_sampler Sampler{sycl::addressing_mode::clamp_to_edge,
                                sycl::coordinate_normalization_mode::normalized,
                                sycl::filtering_mode::linear};
    sycl::sampled_image<2> Smooth(Texels.data(),
                                  sycl::image_format::r32g32b32a32_sfloat,
                                  Sampler, sycl::range<2>(4, 2));
    Q.submit([&](sycl::handler &CGH) {
      sycl::unsampled_image_accessor<sycl::float4, 2, sycl::access_mode::read>
          In(Img, CGH, sycl::read_only);
      auto Out = Bytes.get_access<sycl::half4, sycl::access_mode::write>(CGH);
      auto Filtered = Smooth.get_access<sycl::float4>(CGH);
      CGH.parallel_for(sycl::range<2>(4, 2), [=](sycl::item<2> It) {
        sycl::int2 C{int(It[0]), int(It[1])};
        sycl::float4 V =
            In.read(C) + Filtered.read(sycl::float2(It[0] / 4.0f, 0.5f));
        Out.write(C, V.convert<sycl::half>());
      });
    });
    auto Host = Bytes.get_host_access<sycl::float4, sycl::access_mode::read>();
    A[1] += int(Host.read(sycl::int2{3, 1})[0] * Bytes.get_pitch()[0]);
    A[2] += int(Smooth.get_host_access<sycl::float4>().read(
        sycl::float2(0.5f, 0.5f))[1]);
  }
  sycl::half *Hs = sycl::malloc_shared<sycl::half>(N, Q);
  Q.parallel_for(N, [=](sycl::id<1> I) { Hs[I] = halfSample(Hs, I); });
  sycl::free(Hs, Q);
  Q.copy(A, B, N).wait();
  Q.memcpy(A, B, N * sizeof(int));
  Q.memset(B, 0, N * sizeof(int));
  E = Q.single_task([] {});
  uint64_t T =
      E.get_profiling_info<sycl::info::event_profiling::command_end>() -
      E.get_profiling_info<sycl::info::event_profiling::command_start>();
  (void)T;
  Q.wait_and_throw();
  sycl::free(A, Q);
  sycl::free(B, Q);
  return 0;
}
