//===- problems/sg_spmv.hpp - CSR SpMV, one sub-group a row -----*- C++ -*-===//
//
/// \file
/// `sg-spmv`: y = A x for a sparse matrix A in CSR form, by the "CSR-vector"
/// kernel of Bell and Garland (NVIDIA NVR-2008-004, 2008), with a sub-group
/// where they had a warp: one sub-group per row, lane j of it takes the
/// row's nonzeros j, j + SubGroupSize, ..., the sub-group sums the lanes'
/// partial sums (`reduce_over_group(sub_group, x, plus)`) and lane 0 writes
/// y[row]. Local size 256 (256 / SubGroupSize rows per work-group).
/// `--kernel no-sub-group` sums the lanes' partial sums with a local-memory
/// tree per sub-group's run instead (log2(SubGroupSize) halving steps, a
/// group barrier at the top of each), as CSR-vector did before warp
/// shuffles.
///
/// The matrix is square and generated from a hash, the same in every
/// variant: row r has 16 to 64 nonzeros, in increasing, distinct columns a
/// random 1 to MaxGap apart in a window around column r; values and x are
/// in [-1, 1). Checked against a serial CSR product in double within 1e-5
/// of the sum of the absolute products.
///
/// `--cached`: the same kernels on 1024 rows (41K nonzeros: 320 KB of
/// columns and values, in one core's L2), 512 launches a timed run. At the
/// full size the kernels stream 84 MB of columns and values, so that row's
/// ratios time memory more than the exchange within a sub-group. A launch
/// per product, as sg-scan-cached (problems/sg_scan.hpp).
//
//===----------------------------------------------------------------------===//
#ifndef LANES_BENCH_PROBLEMS_SG_SPMV_HPP
#define LANES_BENCH_PROBLEMS_SG_SPMV_HPP

#include "problems/sub_group.hpp"

#include <cstdint>

namespace sg_spmv {

using sub_group::Local;
using sub_group::SubGroupSize;

constexpr size_t MinNonzeros = 16, MaxNonzeros = 64;

struct Problem {
  size_t Rows; ///< Also the columns; a multiple of Local / SubGroupSize.
  /// Launches in one timed run, each computing the same product.
  size_t Launches;
  sub_group::Kernel K;
  /// Work-items: one sub-group per row.
  size_t items() const { return Rows * SubGroupSize; }
  /// The widest gap between a row's columns (at most 63), so that a row of
  /// MaxNonzeros fits the matrix.
  size_t maxGap() const { return std::min<size_t>(63, Rows / MaxNonzeros); }
};

inline Problem problem(const bench::Options &Opts) {
  sub_group::Kernel K = sub_group::kernelOf("sg-spmv", Opts.Kernel);
  if (Opts.Cached)
    return Opts.Smoke ? Problem{256, 4, K} : Problem{1024, 512, K};
  return {Opts.Smoke ? size_t(2048) : size_t(256) << 10, 1, K};
}

/// A 32-bit integer hash (Chris Wellons's "lowbias32").
inline uint32_t hash(uint32_t X) {
  X ^= X >> 16;
  X *= 0x7feb352dU;
  X ^= X >> 15;
  X *= 0x846ca68bU;
  X ^= X >> 16;
  return X;
}

/// A float in [-1, 1) from a hash.
inline float unit(uint32_t H) { return float(H >> 8) / float(1 << 23) - 1.0f; }

inline size_t rowNonzeros(size_t Row) {
  return MinNonzeros + hash(uint32_t(Row)) % (MaxNonzeros - MinNonzeros + 1);
}

/// Fills RowPtr (Rows + 1 entries); returns the number of nonzeros.
inline size_t buildRowPtr(int *RowPtr, const Problem &P) {
  size_t Nnz = 0;
  for (size_t R = 0; R < P.Rows; ++R) {
    RowPtr[R] = int(Nnz);
    Nnz += rowNonzeros(R);
  }
  RowPtr[P.Rows] = int(Nnz);
  return Nnz;
}

inline void describe(const bench::Reporter &Rep, const Problem &P, size_t Nnz) {
  std::string Matrix =
      std::to_string(P.Rows) + " rows, " + std::to_string(Nnz) + " nonzeros";
  if (P.Launches > 1)
    Matrix += " (" +
              std::to_string(Nnz * (sizeof(int) + sizeof(float)) / 1024) +
              " KB) by " + std::to_string(P.Launches) + " launches";
  Rep.config("problem", Matrix + ", " + sub_group::describeSize());
  Rep.config("local", Local);
}

/// The columns and values of every row, and x.
inline void init(const int *RowPtr, int *Col, float *Val, float *X,
                 const Problem &P) {
  const size_t Gap = P.maxGap();
  for (size_t R = 0; R < P.Rows; ++R) {
    const size_t Begin = size_t(RowPtr[R]), End = size_t(RowPtr[R + 1]);
    // The row's columns lie within a window of Span around column R.
    const size_t Span = (End - Begin) * Gap;
    size_t C = std::min(R - std::min(R, Span / 2), P.Rows - Span);
    for (size_t J = Begin; J < End; ++J) {
      Col[J] = int(C);
      Val[J] = unit(hash(uint32_t(J) ^ 0x9e3779b9U));
      C += 1 + hash(uint32_t(J) * 2654435761U) % Gap;
    }
  }
  for (size_t C = 0; C < P.Rows; ++C)
    X[C] = unit(hash(uint32_t(C) + 0x632be5abU));
}

inline bench::Verdict check(const int *RowPtr, const int *Col, const float *Val,
                            const float *X, const float *Y, const Problem &P) {
  for (size_t R = 0; R < P.Rows; ++R) {
    double Sum = 0, Scale = 0;
    for (int J = RowPtr[R]; J < RowPtr[R + 1]; ++J) {
      Sum += double(Val[J]) * X[Col[J]];
      Scale += std::fabs(double(Val[J]) * X[Col[J]]);
    }
    if (!bench::close(Y[R], Sum, 1e-5, Scale))
      return {false, "y[" + std::to_string(R) + "] = " + std::to_string(Y[R]) +
                         ", expected " + std::to_string(Sum)};
  }
  return {true, std::to_string(P.Rows) + " rows within 1e-5"};
}

} // namespace sg_spmv

#endif
