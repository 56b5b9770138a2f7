//===- lanes/detail/sub_group_size.hpp - The kernels' sub-group size ------===//
//
/// \file
/// LANES_SUB_GROUP_SIZE, the sub-group size of every kernel of a
/// translation unit: the `sg_size` the SYCL headers pass to each
/// __lanes_sub_group_* builtin, what sub_group::get_max_local_range() and
/// info::device::sub_group_sizes report. In compiled mode the pipeline
/// vectorizes the work-item loops of a kernel that uses sub-groups with
/// this many lanes, so the default is the SIMD width of the target the
/// program is compiled for, in 32-bit lanes: 16 with AVX-512F, 8 with AVX,
/// else 4 (SSE2 and NEON). A program may define it (before including any
/// SYCL header, e.g. -DLANES_SUB_GROUP_SIZE=8) to any power of two from 1
/// to 64, the sizes the IR contract allows.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_DETAIL_SUB_GROUP_SIZE_HPP
#define LANES_DETAIL_SUB_GROUP_SIZE_HPP

#ifndef LANES_SUB_GROUP_SIZE
#if defined(__AVX512F__)
#define LANES_SUB_GROUP_SIZE 16
#elif defined(__AVX__)
#define LANES_SUB_GROUP_SIZE 8
#else
#define LANES_SUB_GROUP_SIZE 4
#endif
#endif

namespace lanes::detail {

static_assert(LANES_SUB_GROUP_SIZE >= 1 && LANES_SUB_GROUP_SIZE <= 64 &&
                  (LANES_SUB_GROUP_SIZE & (LANES_SUB_GROUP_SIZE - 1)) == 0,
              "LANES_SUB_GROUP_SIZE must be a power of two from 1 to 64");

/// LANES_SUB_GROUP_SIZE as a constant of the builtins' type.
inline constexpr unsigned SubGroupSize = LANES_SUB_GROUP_SIZE;

} // namespace lanes::detail

#endif // LANES_DETAIL_SUB_GROUP_SIZE_HPP
