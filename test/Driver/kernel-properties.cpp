// sycl_ext_oneapi_kernel_properties in both modes: properties given to a
// launch (queue and handler, single_task, parallel_for over ranges and
// nd_ranges, with and without reductions and dependencies, hierarchical
// kernels) and declared by a kernel object's get(properties_tag), const or
// not, and both at once.
// - work_group_size<...> is the required work-group size, as
//   [[sycl::reqd_work_group_size]] is: launches of another size throw
//   errc::nd_range naming both; range kernels and hierarchical kernels
//   without a group size get it; compile_work_group_size and
//   info::kernel::attributes report it; the work-group function is
//   specialized for it (IR), though the launch's size is known only at run
//   time. With lanes++, which sees [[sycl::reqd_work_group_size]], a
//   kernel whose property and attribute differ throws errc::invalid.
// - sub_group_size<N> with N the translation unit's size: the kernel runs
//   and compile_sub_group_size reports N.
// - device_has: aspects the device has run; one it lacks throws
//   errc::kernel_not_supported naming it.
// - work_group_size_hint changes nothing.
// What must not compile is in unittests/API/HeaderMisuse.cpp (cases 50-54).
// RUN: lanes++ -Werror %s -o %t && %t | FileCheck %s
// RUN: %library-only -o %t-lib && %t-lib | FileCheck %s
// RUN: lanes++ -S -emit-llvm %s -o %t.ll
// RUN: FileCheck --check-prefix=IR %s < %t.ll
// CHECK: kernel properties: all passed
#include <sycl/sycl.hpp>

#include <cstdio>
#include <string>

namespace syclex = sycl::ext::oneapi::experimental;

static int Failures = 0;

static void expect(bool Ok, const char *What) {
  if (!Ok) {
    std::printf("FAILED: %s\n", What);
    ++Failures;
  }
}

// Runs Launch, which must throw \p Code with a message that holds Text.
template <typename LaunchT>
static void expectThrow(LaunchT Launch, sycl::errc Code,
                        const std::string &Text) {
  try {
    Launch();
    std::printf("FAILED: no exception, expected '%s'\n", Text.c_str());
    ++Failures;
  } catch (const sycl::exception &E) {
    std::string Message = E.what();
    if (E.code() != Code || Message.find(Text) == std::string::npos) {
      std::printf("FAILED: '%s', expected '%s'\n", E.what(), Text.c_str());
      ++Failures;
    }
  }
}

static bool all(const int *Out, size_t N, int Value) {
  for (size_t I = 0; I < N; ++I)
    if (Out[I] != Value)
      return false;
  return true;
}

class Sized;
class SubGrouped;

// Writes each work-item's local size (dimension 0).
struct LocalSize {
  int *Out;
  void operator()(sycl::nd_item<1> It) const {
    Out[It.get_global_id(0)] = int(It.get_local_range(0));
  }
};

// Declares its work-group size through a get that is not const, as the
// extension's own example does.
struct Declared : LocalSize {
  auto get(syclex::properties_tag) {
    return syclex::properties{syclex::work_group_size<32>};
  }
};

// Requires a size by the attribute, which lanes++ alone sees.
struct Attributed {
  [[sycl::reqd_work_group_size(16)]] void operator()(sycl::nd_item<1>) const {}
};

// Declares a size and a hint, through a const get.
struct DeclaredTwoD {
  int *Out;
  void operator()(sycl::nd_item<2> It) const {
    Out[It.get_global_linear_id()] =
        int(It.get_local_range(0) * 10 + It.get_local_range(1));
  }
  auto get(syclex::properties_tag) const {
    return syclex::properties{syclex::work_group_size<8, 4>,
                              syclex::work_group_size_hint<8, 4>};
  }
};

int main(int Argc, char **) {
  sycl::queue Q;
  constexpr size_t N = 128;
  int *Out = sycl::malloc_shared<int>(N + 16, Q);
  // Known at run time only: 16.
  size_t Sixteen = size_t(Argc) * 16;

  // An nd_range launch with the size.
  syclex::properties Props{syclex::work_group_size<16>};
  // IR: define internal void @_ZN5lanes6detail11kernelEntryINS0_14NdRangeInvokerINS0_14WithPropertiesI9LocalSize{{.*}}.lanes.wg.16x1x1(
  Q.parallel_for<Sized>(sycl::nd_range<1>(N, Sixteen), Props, LocalSize{Out})
      .wait();
  expect(all(Out, N, 16), "nd_range launch");
  expectThrow(
      [&] {
        Q.parallel_for(sycl::nd_range<1>(N, 8), Props,
                       [=](sycl::nd_item<1>) {});
      },
      sycl::errc::nd_range,
      "requires work-group size {16} (its work_group_size property) but is "
      "launched with {8}");

  // Declared by the kernel object: launched as is, then with more
  // properties, then with the same size again.
  Q.parallel_for(sycl::nd_range<1>(N, 32), Declared{{Out}}).wait();
  expect(all(Out, N, 32), "declared size");
  expectThrow([&] { Q.parallel_for(sycl::nd_range<1>(N, 64), Declared{{Out}}); },
              sycl::errc::nd_range, "requires work-group size {32}");
  Q.parallel_for(sycl::nd_range<1>(N, 32),
                 syclex::properties{syclex::work_group_size_hint<64>},
                 Declared{{Out}})
      .wait();
  expect(all(Out, N, 32), "declared size and a launch hint");
  expectThrow(
      [&] {
        Q.parallel_for(sycl::nd_range<1>(N, 64),
                       syclex::properties{syclex::work_group_size_hint<64>},
                       Declared{{Out}});
      },
      sycl::errc::nd_range, "requires work-group size {32}");
  Q.parallel_for(sycl::nd_range<1>(N, 32),
                 syclex::properties{syclex::work_group_size<32>}, Declared{{Out}})
      .wait();
  expect(all(Out, N, 32), "declared size given again");

#if LANES_COMPILED_KERNELS
  // The attribute and a property of another size.
  expectThrow(
      [&] {
        Q.parallel_for(sycl::nd_range<1>(N, 32),
                       syclex::properties{syclex::work_group_size<32>},
                       Attributed{});
      },
      sycl::errc::invalid,
      "kernel 'Attributed': its work_group_size property {32} and its "
      "[[sycl::reqd_work_group_size]] {16} differ");
#endif
  Q.parallel_for(sycl::nd_range<1>(N, 16),
                 syclex::properties{syclex::work_group_size<16>}, Attributed{})
      .wait();

  // Two dimensions, in range's order.
  Q.parallel_for(sycl::nd_range<2>({16, 8}, {8, 4}), DeclaredTwoD{Out}).wait();
  expect(all(Out, N, 84), "two dimensions");
  expectThrow(
      [&] { Q.parallel_for(sycl::nd_range<2>({16, 8}, {4, 8}), DeclaredTwoD{Out}); },
      sycl::errc::nd_range,
      "requires work-group size {8,4} (its work_group_size property) but is "
      "launched with {4,8}");

  // A range kernel runs in groups of the size, padded: 100 work-items in
  // groups of 16; the items past 100 do not run. With a dependency.
  for (size_t I = 0; I < N + 16; ++I)
    Out[I] = -1;
  sycl::event Before = Q.parallel_for(sycl::range<1>(N + 16),
                                      [=](sycl::id<1> I) { Out[I] = -1; });
  Q.parallel_for(sycl::range<1>(100), Before, Props,
                 [=](sycl::item<1> It) { Out[It[0]] = 7; })
      .wait();
  expect(all(Out, 100, 7) && all(Out + 100, N + 16 - 100, -1), "range");

  // Reductions after the properties, range and nd_range.
  int *Sum = sycl::malloc_shared<int>(1, Q);
  *Sum = 0;
  Q.parallel_for(sycl::range<1>(N), Props, sycl::reduction(Sum, sycl::plus<>()),
                 [=](sycl::item<1> It, auto &Acc) { Acc += int(It[0]); })
      .wait();
  expect(*Sum == int(N * (N - 1) / 2), "range reduction");
  *Sum = 0;
  Q.parallel_for(sycl::nd_range<1>(N, 16), {Before}, Props,
                 sycl::reduction(Sum, sycl::plus<>()),
                 [=](sycl::nd_item<1> It, auto &Acc) {
                   Acc += int(It.get_local_range(0));
                 })
      .wait();
  expect(*Sum == int(N) * 16, "nd_range reduction");
  expectThrow(
      [&] {
        Q.parallel_for(sycl::nd_range<1>(N, 32), Props,
                       sycl::reduction(Sum, sycl::plus<>()),
                       [=](sycl::nd_item<1>, auto &Acc) { Acc += 1; });
      },
      sycl::errc::nd_range, "requires work-group size {16}");

  // The handler's forms, hierarchical kernels included.
  Q.submit([&](sycl::handler &H) {
     H.parallel_for(sycl::nd_range<1>(N, 16), Props,
                    [=](sycl::nd_item<1> It) { Out[It.get_global_id(0)] = 3; });
   }).wait();
  expect(all(Out, N, 3), "handler nd_range");
  Q.submit([&](sycl::handler &H) {
     H.parallel_for_work_group(
         sycl::range<1>(4), syclex::properties{syclex::work_group_size<24>},
         [=](sycl::group<1> G) {
           Out[G.get_group_id(0)] = int(G.get_local_range(0));
         });
   }).wait();
  expect(all(Out, 4, 24), "hierarchical: the group size");
  expectThrow(
      [&] {
        Q.submit([&](sycl::handler &H) {
          H.parallel_for_work_group(
              sycl::range<1>(4), sycl::range<1>(8),
              syclex::properties{syclex::work_group_size<24>},
              [=](sycl::group<1>) {});
        });
      },
      sycl::errc::nd_range, "requires work-group size {24}");
  Q.submit([&](sycl::handler &H) {
     H.single_task(syclex::properties{syclex::work_group_size<1>},
                   [=] { Out[0] = 5; });
   }).wait();
  expect(Out[0] == 5, "handler single_task");
  expectThrow(
      [&] {
        Q.single_task(syclex::properties{syclex::work_group_size<2>}, [=] {});
      },
      sycl::errc::nd_range, "requires work-group size {2}");

  // Queue single_tasks, with dependencies.
  Q.single_task(syclex::properties{syclex::work_group_size_hint<1>},
                [=] { Out[1] = 6; })
      .wait();
  Q.single_task(Before, syclex::properties{}, [=] { Out[2] = 7; }).wait();
  Q.single_task({Before}, syclex::properties{}, [=] { Out[3] = 8; }).wait();
  expect(Out[1] == 6 && Out[2] == 7 && Out[3] == 8, "queue single_task");

  // The translation unit's sub-group size.
  constexpr unsigned SG = LANES_SUB_GROUP_SIZE;
  Q.parallel_for<SubGrouped>(
       sycl::nd_range<1>(N, 4 * SG),
       syclex::properties{syclex::sub_group_size<SG>},
       [=](sycl::nd_item<1> It) {
         Out[It.get_global_id(0)] =
             int(It.get_sub_group().get_max_local_range()[0]);
       })
      .wait();
  expect(all(Out, N, int(SG)), "sub_group_size");

  // Aspects.
  Q.single_task(syclex::properties{syclex::device_has<sycl::aspect::cpu,
                                                      sycl::aspect::fp64>},
                [=] { Out[0] = 9; })
      .wait();
  expect(Out[0] == 9, "device_has, aspects the device has");
  expectThrow(
      [&] {
        Q.parallel_for(
            sycl::range<1>(N),
            syclex::properties{syclex::device_has<sycl::aspect::fp16,
                                                  sycl::aspect::gpu>},
            [=](sycl::id<1>) {});
      },
      sycl::errc::kernel_not_supported,
      "requires aspect::gpu (its device_has property), which the device "
      "lacks");

  // The queries report the properties as the attributes they stand for.
  namespace specific = sycl::info::kernel_device_specific;
  sycl::device Dev = Q.get_device();
  auto Bundle =
      sycl::get_kernel_bundle<sycl::bundle_state::executable>(Q.get_context());
  sycl::kernel SizedKernel = Bundle.get_kernel<Sized>();
  expect(SizedKernel.get_info<specific::compile_work_group_size>(Dev) ==
                 sycl::range<3>(1, 1, 16) &&
             SizedKernel.get_info<sycl::info::kernel::attributes>() ==
                 "sycl::reqd_work_group_size(16)",
         "queries of a required size");
  sycl::kernel SubGroupedKernel = Bundle.get_kernel<SubGrouped>();
  expect(SubGroupedKernel.get_info<specific::compile_sub_group_size>(Dev) ==
                 SG &&
             SubGroupedKernel.get_info<specific::compile_work_group_size>(
                 Dev) == sycl::range<3>(0, 0, 0),
         "queries of a required sub-group size");

  // The values' members.
  static_assert(syclex::work_group_size<8, 4>[1] == 4 &&
                    syclex::work_group_size<8, 4>.value.size() == 2 &&
                    syclex::sub_group_size<8>.value == 8 &&
                    syclex::device_has<sycl::aspect::cpu>.value[0] ==
                        sycl::aspect::cpu,
                "property values");
  static_assert(
      syclex::has_compile_time_kernel_effect_v<
          syclex::work_group_size_key::value_t<8>> &&
          !syclex::has_compile_time_kernel_effect_v<
              syclex::device_image_scope_key::value_t>,
      "has_compile_time_kernel_effect");

  sycl::free(Sum, Q);
  sycl::free(Out, Q);
  if (Failures == 0)
    std::printf("kernel properties: all passed\n");
  return Failures;
}
