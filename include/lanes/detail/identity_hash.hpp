//===- lanes/detail/identity_hash.hpp - std::hash of SYCL handles ---------===//
//
/// \file
/// SYCL 2020 4.5.2 (common reference semantics): std::hash of a device,
/// queue, buffer, accessor, ... hashes the object's identity, so that
/// copies, which compare equal, hash alike. Each specialization, next to
/// its class, passes identityHash() exactly the members its operator==
/// compares (the address of the state its copies share, and for views such
/// as sub-buffers what tells them apart), or a subset of them: equal
/// objects then always hash equal.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_DETAIL_IDENTITY_HASH_HPP
#define LANES_DETAIL_IDENTITY_HASH_HPP

#include <cstddef>
#include <functional>

namespace lanes::detail {

/// Combines the std::hash of each part (as boost::hash_combine does).
template <typename... PartTN>
std::size_t identityHash(const PartTN &...Parts) noexcept {
  std::size_t Seed = 0;
  ((Seed ^= std::hash<PartTN>()(Parts) + std::size_t(0x9e3779b97f4a7c15u) +
            (Seed << 6) + (Seed >> 2)),
   ...);
  return Seed;
}

} // namespace lanes::detail

#endif // LANES_DETAIL_IDENTITY_HASH_HPP
