// Programs that use what Lanes does not implement. Each LANES_MISUSE case
// must fail to compile with the readable static_assert message that the
// APIMisuse tests in CMakeLists.txt look for, never compile into a silent
// no-op.
#if LANES_MISUSE == 18 // a sub-group size that is not a power of two
#define LANES_SUB_GROUP_SIZE 12
#endif
#include <sycl/sycl.hpp>

int main() {
  sycl::queue Q;
  int *P = sycl::malloc_shared<int>(4, Q);
#if LANES_MISUSE == 1 // an offset of other dimensions than the range's
  Q.submit([&](sycl::handler &CGH) {
    CGH.parallel_for(sycl::range<2>(2, 2), sycl::id<1>(1),
                     [=](sycl::item<2> It) { P[It.get_linear_id()] = 0; });
  });
#elif LANES_MISUSE == 2 // a property Lanes does not know
  struct no_such_property {};
  sycl::property_list Props{no_such_property{}};
  (void)Props;
#elif LANES_MISUSE == 3 // a range kernel asking for an nd_item
  Q.parallel_for(sycl::range<1>(4), [=](sycl::nd_item<1> It) {
    P[It.get_global_id(0)] = 0;
  });
#elif LANES_MISUSE == 4 // an nd-range kernel asking for an item
  Q.parallel_for(sycl::nd_range<1>(4, 2), [=](sycl::item<1> It) { P[It] = 0; });
#elif LANES_MISUSE == 5 // another class's descriptor to device::get_info
  (void)Q.get_device().get_info<sycl::info::platform::name>();
#elif LANES_MISUSE == 6 // an offset and a reduction (queue shortcut)
  Q.parallel_for(sycl::range<1>(4), sycl::id<1>(1),
                 sycl::reduction(P, sycl::plus<int>()),
                 [=](sycl::id<1> I, auto &Sum) { Sum += int(I); });
#elif LANES_MISUSE == 7 // a group reduction with a lambda
  Q.parallel_for(sycl::nd_range<1>(4, 2), [=](sycl::nd_item<1> It) {
    P[It.get_global_id(0)] = sycl::reduce_over_group(
        It.get_group(), 1, [](int A, int B) { return A + B; });
  });
#elif LANES_MISUSE == 8 // a group scan of a class
  struct Pair {
    int A, B;
  };
  Q.parallel_for(sycl::nd_range<1>(4, 2), [=](sycl::nd_item<1> It) {
    Pair X = sycl::inclusive_scan_over_group(It.get_group(), Pair{1, 2},
                                             sycl::plus<Pair>());
    P[It.get_global_id(0)] = X.A;
  });
#elif LANES_MISUSE == 9 // a bitwise reduction of floats
  Q.parallel_for(sycl::nd_range<1>(4, 2), [=](sycl::nd_item<1> It) {
    P[It.get_global_id(0)] =
        int(sycl::reduce_over_group(It.get_group(), 1.0f, sycl::bit_or<>()));
  });
#elif LANES_MISUSE == 10 // a broadcast of a type with a destructor
  struct Owner {
    int *Data;
    ~Owner() {}
  };
  Q.parallel_for(sycl::nd_range<1>(4, 2), [=](sycl::nd_item<1> It) {
    P[It.get_global_id(0)] = *sycl::group_broadcast(It.get_group(), Owner{P}).Data;
  });
#elif LANES_MISUSE == 11 // a 0-dimensional SYCL 1.2.1 atomic accessor
  sycl::buffer<int> Buf{sycl::range<1>(4)};
  Q.submit([&](sycl::handler &CGH) {
    sycl::accessor<int, 0, sycl::access_mode::atomic> Acc(Buf, CGH);
  });
#elif LANES_MISUSE == 12 // a write accessor of a buffer of const elements
  sycl::buffer<const int> Buf{sycl::range<1>(4)};
  Q.submit([&](sycl::handler &CGH) {
    auto Acc = Buf.get_access<sycl::access_mode::write>(CGH);
  });
#elif LANES_MISUSE == 13 // identity() of a reduction without an identity
  Q.parallel_for(sycl::range<1>(4),
                 sycl::reduction(P, [](int A, int B) { return A + B; }),
                 [=](sycl::id<1>, auto &Sum) { Sum.combine(Sum.identity()); });
#elif LANES_MISUSE == 14 // a hierarchical kernel taking an nd_item
  Q.submit([&](sycl::handler &CGH) {
    CGH.parallel_for_work_group(sycl::range<1>(2), sycl::range<1>(2),
                                [=](sycl::nd_item<1> It) {
                                  P[It.get_global_id(0)] = 0;
                                });
  });
#elif LANES_MISUSE == 15 // private memory of a large type
  Q.submit([&](sycl::handler &CGH) {
    CGH.parallel_for_work_group(
        sycl::range<1>(2), sycl::range<1>(2), [=](sycl::group<1> G) {
          sycl::private_memory<double[8]> M(G);
          G.parallel_for_work_item([&](sycl::h_item<1> It) { M(It)[0] = 0; });
        });
  });
#elif LANES_MISUSE == 16 // an atomic_ref of a class
  struct Pair {
    int A, B;
  };
  Pair *S = sycl::malloc_shared<Pair>(1, Q);
  Q.single_task([=] {
    sycl::atomic_ref<Pair, sycl::memory_order::relaxed,
                     sycl::memory_scope::device>
        R(*S);
    (void)R;
  });
#elif LANES_MISUSE == 17 // an atomic_ref whose default order is acquire
  Q.single_task([=] {
    sycl::atomic_ref<int, sycl::memory_order::acquire,
                     sycl::memory_scope::device>
        R(*P);
    R.fetch_add(1);
  });
#elif LANES_MISUSE == 19 // a logical reduction of vecs
  Q.parallel_for(sycl::nd_range<1>(4, 2), [=](sycl::nd_item<1> It) {
    sycl::int2 X = sycl::reduce_over_group(It.get_sub_group(), sycl::int2(1),
                                           sycl::logical_or<>());
    P[It.get_global_id(0)] = X[0];
  });
#elif LANES_MISUSE == 20 // a logical joint reduction of vecs
  sycl::float4 *V = sycl::malloc_shared<sycl::float4>(4, Q);
  Q.parallel_for(sycl::nd_range<1>(4, 2), [=](sycl::nd_item<1> It) {
    sycl::float4 X = sycl::joint_reduce(It.get_sub_group(), V, V + 4,
                                        sycl::logical_and<sycl::float4>());
    P[It.get_global_id(0)] = int(X[0]);
  });
#elif LANES_MISUSE == 21 // a sub-group shuffle of a type with a destructor
  struct Owner {
    int *Data;
    ~Owner() {}
  };
  Q.parallel_for(sycl::nd_range<1>(4, 2), [=](sycl::nd_item<1> It) {
    P[It.get_global_id(0)] =
        *sycl::shift_group_left(It.get_sub_group(), Owner{P}).Data;
  });
#elif LANES_MISUSE == 22 // a sub-group scan of vecs with a lambda
  Q.parallel_for(sycl::nd_range<1>(4, 2), [=](sycl::nd_item<1> It) {
    sycl::int2 X = sycl::inclusive_scan_over_group(
        It.get_sub_group(), sycl::int2(1),
        [](sycl::int2 A, sycl::int2 B) { return A + B; });
    P[It.get_global_id(0)] = X[0];
  });
#elif LANES_MISUSE == 23 // a stream operand the specification does not list
  struct Pair {
    int A, B;
  };
  Q.submit([&](sycl::handler &CGH) {
    sycl::stream Out(1024, 80, CGH);
    CGH.single_task([=] { Out << Pair{1, 2}; });
  });
#elif LANES_MISUSE == 24 // a SYCL 1.2.1 atomic of double
  Q.single_task([=] {
    sycl::atomic<double> A{sycl::global_ptr<double>(nullptr)};
    (void)A;
  });
#elif LANES_MISUSE == 25 // arithmetic on a SYCL 1.2.1 atomic<float>
  float *F = sycl::malloc_shared<float>(1, Q);
  Q.single_task([=] {
    sycl::atomic<float> A{sycl::global_ptr<float>(F)};
    A.fetch_add(1.0f);
  });
#elif LANES_MISUSE == 26 // a target::local accessor that is read-only
  Q.submit([&](sycl::handler &CGH) {
    sycl::accessor<int, 1, sycl::access::mode::read,
                   sycl::access::target::local>
        L(sycl::range<1>(4), CGH);
    CGH.single_task([=] { P[0] = L[0]; });
  });
#elif LANES_MISUSE == 27 // an atomic_ref of half
  sycl::half *H = sycl::malloc_shared<sycl::half>(1, Q);
  Q.single_task([=] {
    sycl::atomic_ref<sycl::half, sycl::memory_order::relaxed,
                     sycl::memory_scope::device>
        R(*H);
    (void)R;
  });
#elif LANES_MISUSE == 28 // a bitwise group reduction of half
  sycl::half *H = sycl::malloc_shared<sycl::half>(4, Q);
  Q.parallel_for(sycl::nd_range<1>(4, 2), [=](sycl::nd_item<1> It) {
    H[It.get_global_id(0)] = sycl::reduce_over_group(
        It.get_group(), H[It.get_global_id(0)], sycl::bit_and<sycl::half>());
  });
#elif LANES_MISUSE == 29 // a span reduction of no elements
  Q.parallel_for(sycl::range<1>(4),
                 sycl::reduction(sycl::span<int, 0>(), sycl::plus<>()),
                 [=](sycl::id<1>, auto &H) { H[0] += 1; });
#elif LANES_MISUSE == 30 // group_local_memory of a sub-group
  Q.parallel_for(sycl::nd_range<1>(4, 2), [=](sycl::nd_item<1> It) {
    auto Tile = sycl::ext::oneapi::group_local_memory_for_overwrite<int[2]>(
        It.get_sub_group());
    (void)Tile;
  });
#elif LANES_MISUSE == 31 // group_local_memory of a type with a destructor
  struct Owner {
    ~Owner() {}
  };
  Q.parallel_for(sycl::nd_range<1>(4, 2), [=](sycl::nd_item<1> It) {
    auto Object = sycl::ext::oneapi::group_local_memory<Owner>(It.get_group());
    (void)Object;
  });
#elif LANES_MISUSE == 32 // a joint scan of vecs into scalars
  sycl::int2 *V = sycl::malloc_shared<sycl::int2>(4, Q);
  Q.parallel_for(sycl::nd_range<1>(4, 2), [=](sycl::nd_item<1> It) {
    sycl::joint_inclusive_scan(It.get_group(), V, V + 4, P,
                               sycl::plus<sycl::int2>(), sycl::int2(0));
  });
#elif LANES_MISUSE == 33 // an offset kernel taking an item without offset
  Q.parallel_for(sycl::range<1>(4), sycl::id<1>(1),
                 [=](sycl::item<1, false> It) { P[It.get_id(0)] = 0; });
#elif LANES_MISUSE == 34 // an offset that is not a sycl::id
  Q.submit([&](sycl::handler &CGH) {
    CGH.parallel_for(sycl::range<1>(4), 1, [=](sycl::id<1> I) { P[I] = 0; });
  });
#elif LANES_MISUSE == 35 // a kernel_handler before the nd_item
  Q.parallel_for(sycl::nd_range<1>(4, 2),
                 [=](sycl::kernel_handler, sycl::nd_item<1> It) {
                   P[It.get_global_id(0)] = 0;
                 });
#elif LANES_MISUSE == 36 // a specialization constant that is an int
  static constexpr int NotAnId = 1;
  Q.submit([&](sycl::handler &CGH) {
    CGH.set_specialization_constant<NotAnId>(2);
  });
#elif LANES_MISUSE == 37 // setting a constant of an executable bundle
  static constexpr sycl::specialization_id<int> Id(1);
  auto Bundle =
      sycl::get_kernel_bundle<sycl::bundle_state::executable>(Q.get_context());
  Bundle.set_specialization_constant<Id>(2);
#elif LANES_MISUSE == 38 // a kernel of an input bundle
  auto Bundle =
      sycl::get_kernel_bundle<sycl::bundle_state::input>(Q.get_context());
  (void)Bundle.get_kernel(sycl::get_kernel_ids().front());
#elif LANES_MISUSE == 39 // a kernel query Lanes does not answer
  auto Bundle =
      sycl::get_kernel_bundle<sycl::bundle_state::executable>(Q.get_context());
  (void)Bundle.get_kernel(sycl::get_kernel_ids().front())
      .get_info<sycl::info::device::name>(Q.get_device());
#elif LANES_MISUSE == 40 // a queue query Lanes does not answer
  (void)Q.get_info<sycl::info::device::name>();
#elif LANES_MISUSE == 41 // an allocator of device memory
  sycl::usm_allocator<int, sycl::usm::alloc::device> Alloc(Q);
  (void)Alloc;
#elif LANES_MISUSE == 42 // iterating a SYCL 1.2.1 atomic accessor
  sycl::buffer<int> Buf(4);
  sycl::host_accessor<int, 1, sycl::access_mode::atomic> Acc(Buf);
  (void)Acc.begin();
#elif LANES_MISUSE == 43 // a SYCL 1.2.1 image accessor that reads and writes
  sycl::image<2> Img(sycl::image_channel_order::rgba,
                     sycl::image_channel_type::fp32, sycl::range<2>(4, 4));
  Q.submit([&](sycl::handler &CGH) {
    sycl::accessor<sycl::float4, 2, sycl::access_mode::read_write,
                   sycl::target::image>
        Acc(Img, CGH);
    (void)Acc;
  });
#elif LANES_MISUSE == 44 // a device query on a kernel
  auto Bundle =
      sycl::get_kernel_bundle<sycl::bundle_state::executable>(Q.get_context());
  (void)Bundle.get_kernel(sycl::get_kernel_ids().at(0))
      .get_info<sycl::info::device::name>();
#elif LANES_MISUSE == 45 // a device query on a context
  (void)Q.get_context().get_info<sycl::info::device::name>();
#elif LANES_MISUSE == 46 // a count for a partition by affinity domain
  (void)Q.get_device()
      .create_sub_devices<
          sycl::info::partition_property::partition_by_affinity_domain>(2);
#elif LANES_MISUSE == 47 // a bit_cast between types of different sizes
  (void)sycl::bit_cast<double>(1.0f);
#elif LANES_MISUSE == 48 // prefetch through a SYCL 2020 local pointer
  sycl::raw_local_ptr<int>(P).prefetch(4);
#elif LANES_MISUSE == 49 // ++ on a swizzle that repeats an element
  sycl::int4 V(1, 2, 3, 4);
  V.xxy()++;
#elif LANES_MISUSE == 50 // another sub-group size than the unit's
  namespace syclex = sycl::ext::oneapi::experimental;
  Q.parallel_for(sycl::nd_range<1>(64, 32),
                 syclex::properties{
                     syclex::sub_group_size<2 * LANES_SUB_GROUP_SIZE>},
                 [=](sycl::nd_item<1>) {});
#elif LANES_MISUSE == 51 // a work-group size of other dimensions
  namespace syclex = sycl::ext::oneapi::experimental;
  Q.parallel_for(sycl::nd_range<1>(64, 32),
                 syclex::properties{syclex::work_group_size<8, 4>},
                 [=](sycl::nd_item<1>) {});
#elif LANES_MISUSE == 52 // a launch property the kernel sets otherwise
  namespace syclex = sycl::ext::oneapi::experimental;
  struct Kernel {
    void operator()(sycl::nd_item<1>) const {}
    auto get(syclex::properties_tag) const {
      return syclex::properties{syclex::work_group_size<32>};
    }
  };
  Q.parallel_for(sycl::nd_range<1>(64, 16),
                 syclex::properties{syclex::work_group_size<16>}, Kernel{});
#elif LANES_MISUSE == 53 // a property that is not a kernel's
  namespace syclex = sycl::ext::oneapi::experimental;
  Q.parallel_for(sycl::range<1>(64),
                 syclex::properties{syclex::device_image_scope},
                 [=](sycl::id<1>) {});
#elif LANES_MISUSE == 54 // a work-group size of 0
  namespace syclex = sycl::ext::oneapi::experimental;
  Q.single_task(syclex::properties{syclex::work_group_size<0>}, [=] {});
#elif LANES_MISUSE == 55 // a kernel's get(properties_tag) returning no list
  namespace syclex = sycl::ext::oneapi::experimental;
  struct Kernel {
    void operator()() const {}
    int get(syclex::properties_tag) const { return 0; }
  };
  Q.single_task(Kernel{});
#elif LANES_MISUSE == 56 // a reduction into a buffer of const elements
  sycl::buffer<const int> Buf{sycl::range<1>(1)};
  Q.submit([&](sycl::handler &CGH) {
    CGH.parallel_for(sycl::range<1>(4),
                     sycl::reduction(Buf, CGH, sycl::plus<int>()),
                     [=](sycl::id<1>, auto &Sum) { Sum += 1; });
  });
#elif LANES_MISUSE == 57 // const elements reinterpreted as non-const
  sycl::buffer<const int> Buf{sycl::range<1>(4)};
  auto Bits = Buf.reinterpret<unsigned>();
#elif LANES_MISUSE == 58 // a host accessor that writes const elements
  sycl::buffer<const int> Buf{sycl::range<1>(4)};
  sycl::host_accessor Acc{Buf, sycl::write_only};
#endif
  sycl::free(P, Q);
  return 0;
}
