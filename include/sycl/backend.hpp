//===- sycl/backend.hpp - The backends ------------------------------------===//
//
/// \file
/// SYCL 2020 4.1: `enum class backend`, whose values the implementation
/// chooses. Lanes is one backend, `ext_lanes_cpu`, the value every
/// `get_backend()` returns. The other values are the backends of other SYCL
/// implementations, so that programs which compare against them compile;
/// no Lanes object has them. Backend interoperability (`backend_traits`,
/// `get_native`, `make_*`) is not implemented.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_BACKEND_HPP
#define LANES_SYCL_BACKEND_HPP

#include <ostream>

namespace sycl {
inline namespace _V1 {

enum class backend : char {
  ext_lanes_cpu,
  opencl,
  ext_oneapi_level_zero,
  ext_oneapi_cuda,
  ext_oneapi_hip,
};

/// Writes the enumerator's name, as in `std::cout << q.get_backend()`.
inline std::ostream &operator<<(std::ostream &Out, backend Backend) {
  switch (Backend) {
  case backend::ext_lanes_cpu:
    return Out << "ext_lanes_cpu";
  case backend::opencl:
    return Out << "opencl";
  case backend::ext_oneapi_level_zero:
    return Out << "ext_oneapi_level_zero";
  case backend::ext_oneapi_cuda:
    return Out << "ext_oneapi_cuda";
  case backend::ext_oneapi_hip:
    return Out << "ext_oneapi_hip";
  }
  return Out << "backend(" << int(Backend) << ")";
}

} // namespace _V1
} // namespace sycl

#endif // LANES_SYCL_BACKEND_HPP
