//===- problems/histogram.hpp - Histogram with local atomics ---*- C++ -*-===//
//
/// \file
/// `histogram`: counts N bytes into 256 bins. A work-group of 256 takes
/// 16 * 256 consecutive bytes; its work-items clear a local histogram (item
/// L clears bin L), a barrier, each item counts 16 bytes (strided by the
/// local size) with relaxed work-group atomics on local memory, a barrier,
/// then item L adds bin L to the global histogram with one device-scope
/// atomic when it is not zero. The bytes are hashed indices, with every
/// eighth one forced to bin 0 so that bin is contended. Counts are exact.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_BENCH_PROBLEMS_HISTOGRAM_HPP
#define LANES_BENCH_PROBLEMS_HISTOGRAM_HPP

#include "bench.hpp"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace histogram {

constexpr size_t Local = 256;
/// One bin per work-item, so clearing and merging take one step.
constexpr size_t Bins = Local;
/// Bytes each work-item counts.
constexpr size_t PerItem = 16;

struct Problem {
  size_t N;
  size_t groups() const { return N / (Local * PerItem); }
};

inline Problem problem(const bench::Options &Opts) {
  return {Opts.Smoke ? size_t(1) << 16 : size_t(32) << 20};
}

inline void describe(const bench::Reporter &Rep, const Problem &P) {
  Rep.config("problem", std::to_string(P.N) + " bytes, " +
                            std::to_string(Bins) + " bins, " +
                            std::to_string(PerItem) + " per work-item");
  Rep.config("local", Local);
}

inline void init(unsigned char *In, const Problem &P) {
  for (size_t I = 0; I < P.N; ++I) {
    uint32_t H = uint32_t(I) * 2654435761u;
    H ^= H >> 15;
    In[I] = (H & 7) == 0 ? 0 : (unsigned char)(H >> 8);
  }
}

inline bench::Verdict check(const unsigned char *In, const unsigned *Out,
                            const Problem &P) {
  std::vector<unsigned> Want(Bins, 0);
  for (size_t I = 0; I < P.N; ++I)
    ++Want[In[I]];
  for (size_t B = 0; B < Bins; ++B)
    if (Out[B] != Want[B])
      return {false, "bin " + std::to_string(B) + ": " +
                         std::to_string(Out[B]) + ", expected " +
                         std::to_string(Want[B])};
  return {true, std::to_string(Bins) + " bins exact, bin 0 holds " +
                    std::to_string(Want[0])};
}

} // namespace histogram

#endif
