//===- CL/sycl.hpp - SYCL 1.2.1 spelling of the Lanes SYCL header ---------===//
//
/// \file
/// For programs written against SYCL 1.2.1: the same API as <sycl/sycl.hpp>,
/// also reachable as cl::sycl.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_CL_SYCL_HPP
#define LANES_CL_SYCL_HPP

#include "sycl/sycl.hpp"

namespace cl {
namespace sycl = ::sycl;
} // namespace cl

#endif // LANES_CL_SYCL_HPP
