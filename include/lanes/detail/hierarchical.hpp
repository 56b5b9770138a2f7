//===- lanes/detail/hierarchical.hpp - parallel_for_work_group launches ---===//
//
/// \file
/// How a hierarchical kernel (`parallel_for_work_group`, SYCL 2020
/// 4.9.4.2.3) reaches the runtime. The model says the group body runs once
/// per work-group and each `parallel_for_work_item` runs the group's
/// work-items; on a CPU that is one thread per group running a loop per
/// parallel_for_work_item. So the launch is an nd-range of one work-item
/// per group and work-groups of that one work-item: HierarchicalInvoker
/// builds the group<N> with the logical group size and calls the body once,
/// and the loops (sycl/h_item.hpp) are ordinary code the loop vectorizer
/// sees. Variables of the body are the group's shared variables, and the
/// end of each loop is the implicit work-group barrier. In library-only
/// mode a group is one fiber.
///
/// The group size defaults to DefaultHierarchicalGroupSize work-items in
/// the last dimension (1 in the others) and may not exceed
/// MaxHierarchicalGroupSize, the capacity of private_memory
/// (sycl/private_memory.hpp). No groups at all runs nothing.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_DETAIL_HIERARCHICAL_HPP
#define LANES_DETAIL_HIERARCHICAL_HPP

#include "lanes/detail/kernel.hpp"
#include "lanes/runtime.h"
#include "sycl/exception.hpp"
#include "sycl/group.hpp"
#include "sycl/private_memory.hpp"

#include <string>
#include <type_traits>

namespace lanes::detail {

/// Work-items in the last dimension of a hierarchical group whose size the
/// program leaves to the runtime: long enough for vector loops, small
/// enough to leave many groups for the threads.
inline constexpr size_t DefaultHierarchicalGroupSize = 64;

/// Builds the group of a hierarchical kernel, which users cannot construct.
struct HierarchicalBuilder {
  template <int Dims>
  static sycl::group<Dims> group(const sycl::range<Dims> &LocalRange) {
    return sycl::group<Dims>(LocalRange);
  }
};

/// Runs the group body of a hierarchical kernel once for the launch
/// work-item, which stands for one whole work-group of GroupSize.
template <typename KernelT, int Dims> struct HierarchicalInvoker {
  /// Its work-groups of one work-item never wait.
  static constexpr bool Unwindable = true;
  KernelT Kernel;
  sycl::range<Dims> GroupSize;
  const SpecConstantTable *Spec = nullptr;

  void operator()() const {
    // Element by element, as RangeInvoker reads its range.
    sycl::range<Dims> Size =
        gather<sycl::range<Dims>, Dims>([this](int I) { return GroupSize[I]; });
    sycl::group<Dims> G = HierarchicalBuilder::group<Dims>(Size);
    callKernel(Kernel, Spec, G);
  }
};

template <typename KernelT, int Dims> constexpr void checkWorkGroupKernel() {
  checkKernelProperties<KernelT, Dims>();
  static_assert(std::is_copy_constructible_v<KernelT>,
                "SYCL kernel objects must be copyable");
  static_assert(Takes<KernelT, sycl::group<Dims>>::value,
                "a parallel_for_work_group kernel must be callable (as "
                "const) with sycl::group<N>, then optionally "
                "sycl::kernel_handler");
}

/// A hierarchical kernel's launch work-items are its groups.
template <typename KernelT, int Dims>
inline constexpr bool LaunchesWorkItems<HierarchicalInvoker<KernelT, Dims>> =
    false;

/// The group size of a parallel_for_work_group without one: the size the
/// kernel \p Invoker runs requires, else DefaultHierarchicalGroupSize.
template <typename Invoker, int Dims> sycl::range<Dims> defaultWorkGroupSize() {
  RequiredSize Required = requiredLocalSize<Invoker>();
  return gather<sycl::range<Dims>, Dims>([&](int I) {
    if (Required.Dims != 0)
      return Required.Size[Dims - 1 - I];
    return I == Dims - 1 ? DefaultHierarchicalGroupSize : size_t(1);
  });
}

/// "{a,b}" in SYCL order, for messages.
template <int Dims> std::string formatRange(const sycl::range<Dims> &R) {
  std::string Text = "{";
  for (int I = 0; I < Dims; ++I)
    Text += (I ? "," : "") + std::to_string(R[I]);
  return Text + "}";
}

/// Throws errc::nd_range unless every dimension of \p GroupSize is
/// positive and the group has at most MaxHierarchicalGroupSize work-items.
/// Takes the kernel's name rather than the launch's descriptor, which
/// would escape into the call, so that its local sizes of 1 stay constants
/// the compiler specializes the kernel for.
template <int Dims>
void checkWorkGroupSize(const char *KernelName,
                        const sycl::range<Dims> &GroupSize) {
  auto Fail = [&](const std::string &What) {
    throw sycl::exception(
        sycl::make_error_code(sycl::errc::nd_range),
        std::string("kernel '") + rt::demangle(KernelName) +
            "': parallel_for_work_group size " + formatRange(GroupSize) + What +
            " (errc::nd_range)");
  };
  size_t Items = 1;
  for (int I = 0; I < Dims; ++I) {
    if (GroupSize[I] == 0)
      Fail(" is 0 in dimension " + std::to_string(I) +
           "; sizes must be positive");
    // Checking each factor first keeps the product from overflowing.
    if (GroupSize[I] > MaxHierarchicalGroupSize)
      Items = MaxHierarchicalGroupSize + 1;
    else
      Items *= GroupSize[I];
    if (Items > MaxHierarchicalGroupSize)
      Fail(" exceeds the " + std::to_string(MaxHierarchicalGroupSize) +
           " work-items Lanes allows in a hierarchical work-group");
  }
}

/// Fills the sizes of a hierarchical launch of \p NumGroups groups: one
/// launch work-item per group, in work-groups of one. Returns false when
/// there is no group to run. Throws errc::nd_range when the kernel
/// \p Invoker runs requires another group size than \p GroupSize.
template <typename Invoker, int Dims>
bool setWorkGroupSizes(rt::LaunchDesc &Desc, const sycl::range<Dims> &NumGroups,
                       const sycl::range<Dims> &GroupSize) {
  checkWorkGroupSize(Desc.KernelName, GroupSize);
  LocalSize Group = {1, 1, 1};
  for (int I = 0; I < Dims; ++I)
    Group[Dims - 1 - I] = GroupSize[I];
  checkRequiredLocalSize<Invoker>(Desc.KernelName, Group.data(), Dims);
  if (NumGroups.size() == 0)
    return false;
  Desc.Dims = Dims;
  for (int I = 0; I < Dims; ++I)
    Desc.Global[Dims - 1 - I] = NumGroups[I];
  return true;
}

} // namespace lanes::detail

#endif // LANES_DETAIL_HIERARCHICAL_HPP
