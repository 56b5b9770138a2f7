//===- sycl/builtins.hpp - The SYCL built-in functions --------------------===//
//
/// \file
/// SYCL 2020 4.17.5 - 4.17.10: the math, half_precision and native,
/// integer, common, geometric and relational built-in functions on scalars,
/// sycl::vec (and swizzles) and sycl::marray. Each group lives in its own
/// header under lanes/detail/; docs/api.md lists what exists, its
/// precision and how the math maps to LLVM intrinsics.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_BUILTINS_HPP
#define LANES_SYCL_BUILTINS_HPP

#include "lanes/detail/builtins_common.hpp"
#include "lanes/detail/builtins_integer.hpp"
#include "lanes/detail/builtins_math.hpp"
#include "lanes/detail/builtins_relational.hpp"
#include "sycl/marray.hpp"
#include "sycl/vec.hpp"

#endif // LANES_SYCL_BUILTINS_HPP
