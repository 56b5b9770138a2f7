// [[sycl::reqd_sub_group_size(N)]] (and DPC++'s [[intel::...]] spelling)
// holds when N is the translation unit's sub-group size, the one size the
// device lists: then lanes++ compiles it without clang's "unknown attribute
// ignored" warning (-Werror below), in the spec's lambda position, on a
// function object's call operator and from a macro, and the kernels run
// with N lanes (the program checks get_max_local_range and a shift); their
// compile_sub_group_size query reports N, and 0 for a kernel without the
// attribute (which runs with N lanes all the same), and so does
// info::kernel::attributes; compile_num_sub_groups is 0 for all. Any other N is an error; an argument lanes++ cannot read
// is a warning. Other unknown attributes still warn.
// RUN: lanes++ -Werror -DLANES_SUB_GROUP_SIZE=8 %s -o %t && %t
// RUN: not lanes++ -fsyntax-only -DLANES_SUB_GROUP_SIZE=8 -DWANT=32 %s 2>&1 \
// RUN:   | FileCheck --check-prefix=OTHER %s
// RUN: not lanes++ -fsyntax-only -DLANES_SUB_GROUP_SIZE=8 -DWANT=12 %s 2>&1 \
// RUN:   | FileCheck --check-prefix=NONE %s
// RUN: lanes++ -fsyntax-only -DLANES_SUB_GROUP_SIZE=8 -DWANT=Want %s 2>&1 \
// RUN:   | FileCheck --check-prefix=UNREAD %s
// RUN: lanes++ -fsyntax-only -DLANES_SUB_GROUP_SIZE=8 -DUNKNOWN %s 2>&1 \
// RUN:   | FileCheck --check-prefix=UNKNOWN %s
#include <sycl/sycl.hpp>

#include <cstdio>
#include <string>

#ifndef WANT
#define WANT 8
#endif
#define SIZE_EIGHT [[intel::reqd_sub_group_size(8)]]

constexpr int Want = 8;
constexpr size_t N = 64;

class Lambda;
class MacroLambda;
class Unsized;

// Each work-item writes its sub-group's size and its right neighbour's
// local id (shift_group_left by one; the last lane keeps its own). Not
// itself annotated, so that each kernel requires only what it says.
static void shiftIds(int *Out, sycl::nd_item<1> It) {
  sycl::sub_group SG = It.get_sub_group();
  int Id = int(It.get_local_id(0));
  int Right = sycl::shift_group_left(SG, Id);
  Out[It.get_global_id(0)] = int(SG.get_max_local_range()[0]) * 1000 + Right;
}

struct Functor {
  int *Out;
  [[sycl::reqd_sub_group_size(8)]] void operator()(sycl::nd_item<1> It) const {
    shiftIds(Out, It);
  }
};

static int check(const int *Out, const char *Form) {
  for (size_t I = 0; I < N; ++I) {
    int Lane = int(I % 8), Id = int(I % 32);
    int Expected = 8 * 1000 + (Lane == 7 ? Id : Id + 1);
    if (Out[I] != Expected) {
      std::printf("%s: item %zu got %d, expected %d\n", Form, I, Out[I],
                  Expected);
      return 1;
    }
  }
  return 0;
}

// The kernel's compile_sub_group_size must be Expected, its
// compile_num_sub_groups 0 and its attributes name the size (or none).
static int checkQueries(const sycl::kernel &Kernel, const sycl::device &Dev,
                        uint32_t Expected, const char *Form) {
  namespace specific = sycl::info::kernel_device_specific;
  uint32_t Size = Kernel.get_info<specific::compile_sub_group_size>(Dev);
  uint32_t Count = Kernel.get_info<specific::compile_num_sub_groups>(Dev);
  std::string Attributes = Kernel.get_info<sycl::info::kernel::attributes>();
  std::string Want =
      Expected ? "sycl::reqd_sub_group_size(" + std::to_string(Expected) + ")"
               : "";
  if (Size == Expected && Count == 0 && Attributes == Want)
    return 0;
  std::printf("%s: compile_sub_group_size %u, expected %u; "
              "compile_num_sub_groups %u, expected 0; attributes '%s', "
              "expected '%s'\n",
              Form, Size, Expected, Count, Attributes.c_str(), Want.c_str());
  return 1;
}

int main() {
  sycl::queue Q;
  int *Out = sycl::malloc_shared<int>(N, Q);
  sycl::nd_range<1> Range(N, 32);
  int Failures = 0;

  // OTHER: reqd-sub-group-size.cpp:[[@LINE+5]]:{{[0-9]+}}: error: reqd_sub_group_size(32): this translation unit's kernels have sub-group size 8, the one size the device lists; compile it with -DLANES_SUB_GROUP_SIZE=32 to give them 32
  // NONE: reqd-sub-group-size.cpp:[[@LINE+4]]:{{[0-9]+}}: error: reqd_sub_group_size(12): this translation unit's kernels have sub-group size 8, the one size the device lists; Lanes' sub-group sizes are the powers of two from 1 to 64, one per translation unit (-DLANES_SUB_GROUP_SIZE)
  // UNREAD: reqd-sub-group-size.cpp:[[@LINE+3]]:{{[0-9]+}}: warning: lanes++ cannot check reqd_sub_group_size(Want): it reads an integer literal, written or from a macro; the kernels of this translation unit have sub-group size 8
  // UNREAD-NOT: unknown attribute
  Q.parallel_for<Lambda>(Range, [=](sycl::nd_item<1> It)
                                    [[sycl::reqd_sub_group_size(WANT)]] {
                                      shiftIds(Out, It);
                                    })
      .wait();
  Failures += check(Out, "lambda");

  Q.parallel_for(Range, Functor{Out}).wait();
  Failures += check(Out, "function object");

  Q.parallel_for<MacroLambda>(Range, [=](sycl::nd_item<1> It) SIZE_EIGHT {
     shiftIds(Out, It);
   }).wait();
  Failures += check(Out, "macro");

  Q.parallel_for<Unsized>(Range, [=](sycl::nd_item<1> It) {
     shiftIds(Out, It);
   }).wait();
  Failures += check(Out, "no attribute");

  sycl::device Dev = Q.get_device();
  auto Bundle =
      sycl::get_kernel_bundle<sycl::bundle_state::executable>(Q.get_context());
  Failures += checkQueries(Bundle.get_kernel<Lambda>(), Dev, 8, "lambda");
  Failures +=
      checkQueries(Bundle.get_kernel<Functor>(), Dev, 8, "function object");
  Failures += checkQueries(Bundle.get_kernel<MacroLambda>(), Dev, 8, "macro");
  Failures +=
      checkQueries(Bundle.get_kernel<Unsized>(), Dev, 0, "no attribute");

#ifdef UNKNOWN
  // UNKNOWN-NOT: reqd_sub_group_size
  // UNKNOWN: reqd-sub-group-size.cpp:[[@LINE+2]]:{{[0-9]+}}: warning: unknown attribute 'no_such_attribute' ignored
  // UNKNOWN-NOT: reqd_sub_group_size
  Q.parallel_for(Range, [=](sycl::nd_item<1> It) [[sycl::no_such_attribute]] {
     Functor{Out}(It);
   }).wait();
#endif
  sycl::free(Out, Q);
  return Failures;
}
