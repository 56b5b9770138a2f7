//===- problems/scalar_product.hpp - Many dot products ---------*- C++ -*-===//
//
/// \file
/// `scalar-product`, in the manner of the CUDA samples' scalarProd: many
/// independent vector pairs, one work-group of 256 per pair. Each work-item
/// accumulates a strided slice of its pair, then the group sums the 256
/// partial sums with a local-memory tree (a barrier at the top of each
/// halving step); item 0 writes the pair's dot product.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_BENCH_PROBLEMS_SCALAR_PRODUCT_HPP
#define LANES_BENCH_PROBLEMS_SCALAR_PRODUCT_HPP

#include "bench.hpp"

namespace scalar_product {

constexpr size_t Local = 256;

struct Problem {
  size_t Pairs;    ///< Vector pairs, one work-group each.
  size_t Elements; ///< Elements per vector.
  size_t total() const { return Pairs * Elements; }
};

inline Problem problem(const bench::Options &Opts) {
  return Opts.Smoke ? Problem{8, 2048} : Problem{256, 16384};
}

inline void describe(const bench::Reporter &Rep, const Problem &P) {
  Rep.config("problem", std::to_string(P.Pairs) + " pairs of " +
                            std::to_string(P.Elements) + " floats");
  Rep.config("local", Local);
}

inline void init(float *A, float *B, const Problem &P) {
  for (size_t I = 0; I < P.total(); ++I) {
    A[I] = float(int(I % 13) - 6) * 0.25f;
    B[I] = float(int(I * 7 % 11) - 5) * 0.125f + float(I / 9973 % 4);
  }
}

inline bench::Verdict check(const float *A, const float *B, const float *Result,
                            const Problem &P) {
  for (size_t V = 0; V < P.Pairs; ++V) {
    double Sum = 0, Scale = 0;
    for (size_t E = V * P.Elements; E < (V + 1) * P.Elements; ++E) {
      Sum += double(A[E]) * B[E];
      Scale += std::fabs(double(A[E]) * B[E]);
    }
    if (!bench::close(Result[V], Sum, 1e-5, Scale))
      return {false, "pair " + std::to_string(V) + ": " +
                         std::to_string(Result[V]) + ", expected " +
                         std::to_string(Sum)};
  }
  return {true, std::to_string(P.Pairs) + " dot products within 1e-5"};
}

} // namespace scalar_product

#endif
