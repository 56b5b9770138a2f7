// [[sycl::reqd_work_group_size(...)]] holds: lanes++ compiles it without
// clang's "unknown attribute ignored" warning (-Werror below) on a
// function object's call operator (before the declaration or after the
// parameters), a lambda's, a generic lambda's in a function template and
// from a macro. A kernel then runs with that work-group size: nd_range
// launches of it, a reduction's too, run; launches of another size, a
// hierarchical kernel's group size included, throw errc::nd_range naming
// both sizes, also when only the number of dimensions differs; a range
// kernel and a hierarchical kernel without a group size get it; the
// kernel's compile_work_group_size and info::kernel::attributes queries
// report it. A kernel that calls an operator requiring a size requires
// it too. The work-group function is specialized for the size even where
// the launch's size is known only at run time (IR). Sizes of 0, more than
// three sizes and two sizes on one operator are errors; sizes lanes++
// cannot read and an attribute on something else are warnings.
// RUN: lanes++ -Werror %s -o %t && %t
// RUN: lanes++ -S -emit-llvm %s -o %t.ll
// RUN: FileCheck --check-prefix=IR %s < %t.ll
// RUN: FileCheck --check-prefix=GENERIC %s < %t.ll
// RUN: not lanes++ -fsyntax-only -DBAD %s 2>&1 | FileCheck --check-prefix=BAD %s
#include <sycl/sycl.hpp>

#include <cstdio>
#include <string>

#define EIGHT_BY_FOUR [[sycl::reqd_work_group_size(8, 4)]]

static int Failures = 0;

static void expect(bool Ok, const char *What) {
  if (!Ok) {
    std::printf("FAILED: %s\n", What);
    ++Failures;
  }
}

// Runs Launch, which must throw errc::nd_range with a message that holds
// Text.
template <typename LaunchT>
static void expectThrow(LaunchT Launch, const std::string &Text) {
  try {
    Launch();
    std::printf("FAILED: no exception, expected '%s'\n", Text.c_str());
    ++Failures;
  } catch (const sycl::exception &E) {
    std::string Message = E.what();
    if (E.code() != sycl::errc::nd_range ||
        Message.find(Text) == std::string::npos) {
      std::printf("FAILED: '%s', expected '%s'\n", E.what(), Text.c_str());
      ++Failures;
    }
  }
}

class EightByFour;
class Unsized;

// Writes each work-item's local size (dimension 0).
struct Functor {
  int *Out;
  [[sycl::reqd_work_group_size(16)]] void
  operator()(sycl::nd_item<1> It) const {
    Out[It.get_global_id(0)] = int(It.get_local_range(0));
  }
};

template <typename T> struct Later {
  T *Out;
  void operator()(sycl::nd_item<1> It) const
      [[sycl::reqd_work_group_size(32)]] {
    Out[It.get_global_id(0)] = T(It.get_local_range(0));
  }
};

template <int N> static void generic(sycl::queue &Q, int *Out, size_t Local) {
  Q.parallel_for(sycl::nd_range<1>(64, Local),
                 [=](auto It) [[sycl::reqd_work_group_size(4)]] {
                   Out[It.get_global_id(0)] = N + int(It.get_local_range(0));
                 })
      .wait();
}

static bool all(const int *Out, size_t N, int Value) {
  for (size_t I = 0; I < N; ++I)
    if (Out[I] != Value)
      return false;
  return true;
}

int main(int Argc, char **) {
  sycl::queue Q;
  constexpr size_t N = 128;
  int *Out = sycl::malloc_shared<int>(N + 16, Q);
  // Known at run time only: 16.
  size_t Sixteen = size_t(Argc) * 16;

  // IR: define internal void @_ZN5lanes6detail11kernelEntryINS0_14NdRangeInvokerI7FunctorLi1EEEEEvPKv.lanes.wg.16x1x1(
  // GENERIC-NOT: define internal void @_ZN5lanes6detail11kernelEntryINS0_14NdRangeInvokerI7FunctorLi1EEEEEvPKv.lanes.wg(
  Q.parallel_for(sycl::nd_range<1>(N, Sixteen), Functor{Out}).wait();
  expect(all(Out, N, 16), "function object");
  expectThrow(
      [&] { Q.parallel_for(sycl::nd_range<1>(N, 2 * Sixteen), Functor{Out}); },
      "kernel 'Functor' requires work-group size {16} "
      "([[sycl::reqd_work_group_size]]) but is launched with {32}");

  Q.parallel_for(sycl::nd_range<1>(N, 32), Later<int>{Out}).wait();
  expect(all(Out, N, 32), "class template");
  expectThrow(
      [&] { Q.parallel_for(sycl::nd_range<1>(N, 64), Later<int>{Out}); },
      "requires work-group size {32}");

  generic<100>(Q, Out, 4);
  expect(all(Out, 64, 104), "generic lambda");
  expectThrow([&] { generic<100>(Q, Out, 8); }, "requires work-group size {4}");

  // Two dimensions from a macro: 8 rows of 4.
  auto TwoD = [=](sycl::nd_item<2> It) EIGHT_BY_FOUR {
    Out[It.get_global_linear_id()] =
        int(It.get_local_range(0) * 10 + It.get_local_range(1));
  };
  Q.parallel_for<EightByFour>(sycl::nd_range<2>({16, 8}, {8, 4}), TwoD).wait();
  expect(all(Out, N, 84), "two dimensions");
  expectThrow(
      [&] { Q.parallel_for(sycl::nd_range<2>({16, 8}, {4, 8}), TwoD); },
      "requires work-group size {8,4} ([[sycl::reqd_work_group_size]]) but "
      "is launched with {4,8}");

  // A size counts its dimensions: {1,16} is not {16}, in launches of
  // every kind.
  auto Row = [=](sycl::nd_item<2> It) [[sycl::reqd_work_group_size(16)]] {
    Out[It.get_global_linear_id()] = 1;
  };
  expectThrow(
      [&] { Q.parallel_for(sycl::nd_range<2>({1, N}, {1, 16}), Row); },
      "requires work-group size {16} ([[sycl::reqd_work_group_size]]) but "
      "is launched with {1,16}");
  expectThrow(
      [&] {
        Q.parallel_for(sycl::range<2>(2, 16), [=](sycl::item<2> It)
                                                  [[sycl::reqd_work_group_size(
                                                      16)]] {
                                                    Out[It.get_linear_id()] = 1;
                                                  });
      },
      "requires work-group size {16}");
  expectThrow(
      [&] {
        Q.submit([&](sycl::handler &H) {
          H.parallel_for_work_group(
              sycl::range<2>(2, 2),
              [=](sycl::group<2>) [[sycl::reqd_work_group_size(24)]] {});
        });
      },
      "requires work-group size {24} ([[sycl::reqd_work_group_size]]) but is "
      "launched with {1,24}");

  // A kernel that calls Functor's operator requires its size.
  auto Caller = [=](sycl::nd_item<1> It) { Functor{Out}(It); };
  Q.parallel_for(sycl::nd_range<1>(N, 16), Caller).wait();
  expect(all(Out, N, 16), "caller");
  Q.parallel_for<Unsized>(sycl::nd_range<1>(N, 8), [=](sycl::nd_item<1> It) {
     Out[It.get_global_id(0)] = 8;
   }).wait();
  expect(all(Out, N, 8), "no required size");
  expectThrow([&] { Q.parallel_for(sycl::nd_range<1>(N, 8), Caller); },
              "requires work-group size {16}");

  // A range kernel runs in groups of the size, padded: 100 work-items in
  // groups of 16; the items past 100 do not run.
  for (size_t I = 0; I < N + 16; ++I)
    Out[I] = -1;
  Q.parallel_for(sycl::range<1>(100), [=](sycl::item<1> It)
                                          [[sycl::reqd_work_group_size(16)]] {
                                            Out[It[0]] = 7;
                                          })
      .wait();
  expect(all(Out, 100, 7) && all(Out + 100, N + 16 - 100, -1), "range");

  // A reduction's kernel.
  int *Sum = sycl::malloc_shared<int>(1, Q);
  *Sum = 0;
  Q.parallel_for(sycl::nd_range<1>(N, 16), sycl::reduction(Sum, sycl::plus<>()),
                 [=](sycl::nd_item<1> It, auto &Acc)
                     [[sycl::reqd_work_group_size(16)]] {
                       Acc += int(It.get_local_range(0));
                     })
      .wait();
  expect(*Sum == int(N) * 16, "reduction");
  expectThrow(
      [&] {
        Q.parallel_for(sycl::nd_range<1>(N, 32),
                       sycl::reduction(Sum, sycl::plus<>()),
                       [=](sycl::nd_item<1>, auto &Acc)
                           [[sycl::reqd_work_group_size(16)]] { Acc += 1; });
      },
      "requires work-group size {16}");

  // Hierarchical: the group size is the one required, else an error.
  Q.submit([&](sycl::handler &H) {
     H.parallel_for_work_group(sycl::range<1>(4), [=](sycl::group<1> G)
                                                      [[sycl::reqd_work_group_size(
                                                          24)]] {
                                                        Out[G.get_group_id(0)] =
                                                            int(G.get_local_range(
                                                                0));
                                                      });
   }).wait();
  expect(all(Out, 4, 24), "hierarchical");
  expectThrow(
      [&] {
        Q.submit([&](sycl::handler &H) {
          H.parallel_for_work_group(
              sycl::range<1>(4), sycl::range<1>(8),
              [=](sycl::group<1>) [[sycl::reqd_work_group_size(24)]] {});
        });
      },
      "requires work-group size {24} ([[sycl::reqd_work_group_size]]) but is "
      "launched with {8}");

  // A single task is one work-item, in one dimension.
  Q.single_task([=]() [[sycl::reqd_work_group_size(1)]] { Out[0] = 5; }).wait();
  expect(Out[0] == 5, "single task");
  expectThrow(
      [&] { Q.single_task([=]() [[sycl::reqd_work_group_size(2)]] {}); },
      "requires work-group size {2}");
  expectThrow(
      [&] { Q.single_task([=]() [[sycl::reqd_work_group_size(1, 1)]] {}); },
      "requires work-group size {1,1} ([[sycl::reqd_work_group_size]]) but "
      "is launched with {1}");

  // The kernels' queries: SYCL's order, missing leading dimensions 1;
  // {0,0,0} for a kernel that requires no size.
  namespace specific = sycl::info::kernel_device_specific;
  sycl::device Dev = Q.get_device();
  auto Bundle =
      sycl::get_kernel_bundle<sycl::bundle_state::executable>(Q.get_context());
  expect(Bundle.get_kernel<Functor>()
                 .get_info<specific::compile_work_group_size>(Dev) ==
             sycl::range<3>(1, 1, 16),
         "compile_work_group_size of a function object");
  expect(Bundle.get_kernel<EightByFour>()
                 .get_info<specific::compile_work_group_size>(Dev) ==
             sycl::range<3>(1, 8, 4),
         "compile_work_group_size in two dimensions");
  expect(Bundle.get_kernel<Unsized>()
                 .get_info<specific::compile_work_group_size>(Dev) ==
             sycl::range<3>(0, 0, 0),
         "compile_work_group_size without the attribute");
  // max_num_sub_groups of a required size: each of the 8 rows of 4 is one
  // sub-group (sub-groups have at least 4 lanes), as such a group sees.
  Q.parallel_for(sycl::nd_range<2>({8, 4}, {8, 4}), [=](sycl::nd_item<2> It) {
     Out[It.get_global_linear_id()] =
         int(It.get_sub_group().get_group_linear_range());
   }).wait();
  expect(Bundle.get_kernel<EightByFour>()
                     .get_info<specific::max_num_sub_groups>(Dev) == 8 &&
             all(Out, 32, 8),
         "max_num_sub_groups of a required size");
  // info::kernel::attributes: the sizes as given, in SYCL's order.
  expect(Bundle.get_kernel<Functor>().get_info<sycl::info::kernel::attributes>() ==
             "sycl::reqd_work_group_size(16)",
         "attributes of a function object");
  expect(Bundle.get_kernel<EightByFour>()
                 .get_info<sycl::info::kernel::attributes>() ==
             "sycl::reqd_work_group_size(8,4)",
         "attributes in two dimensions");
  expect(Bundle.get_kernel<Unsized>()
             .get_info<sycl::info::kernel::attributes>()
             .empty(),
         "attributes without the attribute");

#ifdef BAD
  // BAD-DAG: reqd-work-group-size.cpp:[[@LINE+2]]:{{[0-9]+}}: error: reqd_work_group_size(0): a work-group size must be at least 1
  Q.parallel_for(sycl::nd_range<1>(N, 16), [=](sycl::nd_item<1>)
                                               [[sycl::reqd_work_group_size(0)]] {});
  // BAD-DAG: reqd-work-group-size.cpp:[[@LINE+2]]:{{[0-9]+}}: error: reqd_work_group_size(1, 2, 3, 4): it takes one size per dimension of the kernel's range, 1 to 3 sizes
  Q.parallel_for(sycl::nd_range<1>(N, 16), [=](sycl::nd_item<1>)
                                               [[sycl::reqd_work_group_size(1, 2, 3, 4)]] {});
  constexpr size_t Size = 16;
  // BAD-DAG: reqd-work-group-size.cpp:[[@LINE+2]]:{{[0-9]+}}: warning: reqd_work_group_size(Size) ignored: lanes++ reads sizes that are integer literals, written or from a macro
  Q.parallel_for(sycl::nd_range<1>(N, 16), [=](sycl::nd_item<1>)
                                               [[sycl::reqd_work_group_size(Size)]] {});
  // BAD-DAG: reqd-work-group-size.cpp:[[@LINE+1]]:{{[0-9]+}}: warning: reqd_work_group_size(16) ignored: lanes++ honours it on a kernel's call operator, a lambda's (after its parameters) or a function object's operator()
  [[sycl::reqd_work_group_size(16)]] int Unused = 0;
  // BAD-DAG: reqd-work-group-size.cpp:[[@LINE+3]]:{{[0-9]+}}: error: reqd_work_group_size(8): this call operator already requires another work-group size
  Q.parallel_for(sycl::nd_range<1>(N, 16), [=](sycl::nd_item<1>)
                                               [[sycl::reqd_work_group_size(16)]]
                                               [[sycl::reqd_work_group_size(8)]] {});
  // BAD-NOT: unknown attribute
#endif
  sycl::free(Sum, Q);
  sycl::free(Out, Q);
  if (Failures == 0)
    std::printf("reqd_work_group_size: all passed\n");
  return Failures;
}
