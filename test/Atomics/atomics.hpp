//===- atomics.hpp - Shared checks of the atomic_ref tests ----------------===//
//
/// \file
/// What the atomics programs share: the atomic_ref spellings they use, the
/// memory orders by name, and the strongest check an atomic operation
/// allows, that the values a read-modify-write hands back are exactly the
/// expected ones in some order (a lost or duplicated update shows as a
/// repeated or missing value). Inputs come from corpus::input, so the
/// compiled and library-only runs see the same data; the serial reference
/// is written with plain integer arithmetic, independent of Lanes.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_TEST_ATOMICS_ATOMICS_HPP
#define LANES_TEST_ATOMICS_ATOMICS_HPP

#include <sycl/sycl.hpp>

#include "../Corpus/corpus.hpp"

#include <algorithm>
#include <cstdio>
#include <vector>

namespace atomics {

using sycl::memory_order;
using sycl::memory_scope;
using Space = sycl::access::address_space;

/// An atomic_ref into global (USM) memory with device scope.
template <typename T, memory_order Order = memory_order::relaxed>
using GlobalRef =
    sycl::atomic_ref<T, Order, memory_scope::device, Space::global_space>;
/// An atomic_ref into the work-group's local memory.
template <typename T, memory_order Order = memory_order::relaxed>
using LocalRef =
    sycl::atomic_ref<T, Order, memory_scope::work_group, Space::local_space>;

inline const char *orderName(memory_order O) {
  switch (O) {
  case memory_order::relaxed:
    return "relaxed";
  case memory_order::acquire:
    return "acquire";
  case memory_order::release:
    return "release";
  case memory_order::acq_rel:
    return "acq_rel";
  default:
    return "seq_cst";
  }
}

/// Checks that each run of \p Chunk values of \p Got holds the values of
/// the same run of \p Want, in any order. Returns the exit status.
template <typename T>
int checkSameValues(const char *Name, std::vector<T> Got, std::vector<T> Want,
                    size_t Chunk) {
  Chunk = std::max<size_t>(Chunk, 1);
  for (size_t Begin = 0; Begin < Got.size() && Begin < Want.size();
       Begin += Chunk) {
    size_t End = std::min({Begin + Chunk, Got.size(), Want.size()});
    std::sort(Got.begin() + Begin, Got.begin() + End);
    std::sort(Want.begin() + Begin, Want.begin() + End);
  }
  if (Got.size() != Want.size()) {
    std::printf("%s: FAIL, %zu values, want %zu\n", Name, Got.size(),
                Want.size());
    return 1;
  }
  return corpus::check(Name, Got.data(), Want);
}

/// Checks that \p Got holds First, First + Step, ... (Got.size() values,
/// wrapping) in any order. Returns the exit status.
template <typename T>
int checkPermutation(const char *Name, const std::vector<T> &Got, T First,
                     T Step = T(1)) {
  std::vector<T> Want(Got.size());
  T Next = First;
  for (T &W : Want) {
    W = Next;
    Next = T(Next + Step);
  }
  return checkSameValues(Name, Got, Want, Got.size());
}

/// Checks one value. Returns the exit status.
template <typename T> int checkValue(const char *Name, T Got, T Want) {
  return corpus::check(Name, &Got, std::vector<T>{Want});
}

} // namespace atomics

#endif // LANES_TEST_ATOMICS_ATOMICS_HPP
