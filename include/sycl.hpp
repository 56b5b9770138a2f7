//===- sycl.hpp - Short spelling of the Lanes SYCL header -----------------===//
//
/// \file
/// Same as <sycl/sycl.hpp>.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_HPP
#define LANES_SYCL_HPP

#include "sycl/sycl.hpp"

#endif // LANES_SYCL_HPP
