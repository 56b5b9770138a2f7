//===- problems/stream.hpp - BabelStream kernels ---------------*- C++ -*-===//
//
/// \file
/// `stream-*`: the BabelStream kernels on three float arrays a, b, c of N
/// elements, one work-item per element, work-groups of 256:
///   copy  c = a          mul   b = s * c        add  c = a + b
///   triad a = b + s * c  dot   sum(a * b)
///   copy-barrier  c = a, with one work-group barrier between the load and
///                 the store (the kernel that exposes the cost of a barrier)
/// `dot` is BabelStream's: a fixed number of work-groups, each work-item
/// sums a grid-strided slice, the group adds the 256 partial sums with a
/// local-memory tree (barriers) and writes one partial per group. The
/// partials are summed on the host, outside the timed region. Each kernel
/// writes an array it does not read, so repeating it gives the same result.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_BENCH_PROBLEMS_STREAM_HPP
#define LANES_BENCH_PROBLEMS_STREAM_HPP

#include "bench.hpp"

#include <cstdlib>

namespace stream {

constexpr size_t Local = 256;
constexpr float Scalar = 0.4f;

enum class Kernel { Copy, Mul, Add, Triad, Dot, CopyBarrier };

struct Problem {
  size_t N;
  size_t DotGroups;
  Kernel K;
};

inline Kernel kernelOf(const std::string &Name) {
  if (Name == "copy")
    return Kernel::Copy;
  if (Name == "mul")
    return Kernel::Mul;
  if (Name == "add")
    return Kernel::Add;
  if (Name == "triad")
    return Kernel::Triad;
  if (Name == "dot")
    return Kernel::Dot;
  if (Name == "copy-barrier")
    return Kernel::CopyBarrier;
  std::fprintf(stderr, "stream: --kernel copy|mul|add|triad|dot|copy-barrier "
                       "is required\n");
  std::exit(2);
}

inline Problem problem(const bench::Options &Opts) {
  size_t N = Opts.Smoke ? size_t(1) << 16 : size_t(16) << 20;
  return {N, Opts.Smoke ? size_t(16) : size_t(256), kernelOf(Opts.Kernel)};
}

inline void describe(const bench::Reporter &Rep, const Problem &P) {
  Rep.config("problem", std::to_string(P.N) + " floats per array");
  Rep.config("local", Local);
  if (P.K == Kernel::Dot)
    Rep.config("groups", P.DotGroups);
}

inline void init(float *A, float *B, float *C, const Problem &P) {
  for (size_t I = 0; I < P.N; ++I) {
    A[I] = 0.1f + float(I % 1024) * 0.001f;
    B[I] = 0.2f - float(I % 512) * 0.0005f;
    C[I] = 0.3f + float(I % 256) * 0.002f;
  }
}

/// Checks the array the kernel wrote (for dot: the sum of Partial) against
/// the arrays it read, which one kernel alone leaves as init() made them.
inline bench::Verdict check(const float *A, const float *B, const float *C,
                            const float *Partial, const Problem &P) {
  auto Fail = [](const char *What, size_t I, float Got, double Want) {
    return bench::Verdict{false, std::string(What) + "[" + std::to_string(I) +
                                     "] = " + std::to_string(Got) +
                                     ", expected " + std::to_string(Want)};
  };
  switch (P.K) {
  case Kernel::Copy:
  case Kernel::CopyBarrier:
    for (size_t I = 0; I < P.N; ++I)
      if (C[I] != A[I])
        return Fail("c", I, C[I], A[I]);
    return {true, "c == a"};
  case Kernel::Mul:
    for (size_t I = 0; I < P.N; ++I)
      if (!bench::close(B[I], double(Scalar) * C[I], 1e-6, B[I]))
        return Fail("b", I, B[I], double(Scalar) * C[I]);
    return {true, "b == s*c within 1e-6"};
  case Kernel::Add:
    for (size_t I = 0; I < P.N; ++I)
      if (!bench::close(C[I], double(A[I]) + B[I], 1e-6, C[I]))
        return Fail("c", I, C[I], double(A[I]) + B[I]);
    return {true, "c == a+b within 1e-6"};
  case Kernel::Triad:
    for (size_t I = 0; I < P.N; ++I) {
      double Want = double(B[I]) + double(Scalar) * C[I];
      if (!bench::close(A[I], Want, 1e-6, Want))
        return Fail("a", I, A[I], Want);
    }
    return {true, "a == b+s*c within 1e-6"};
  case Kernel::Dot: {
    double Want = 0, Got = 0, Scale = 0;
    for (size_t I = 0; I < P.N; ++I) {
      Want += double(A[I]) * B[I];
      Scale += std::fabs(double(A[I]) * B[I]);
    }
    for (size_t G = 0; G < P.DotGroups; ++G)
      Got += Partial[G];
    if (!bench::close(Got, Want, 1e-5, Scale))
      return Fail("dot", 0, float(Got), Want);
    return {true, "dot within 1e-5"};
  }
  }
  return {false, "unknown kernel"};
}

} // namespace stream

#endif
