//===- problems/activations.hpp - Activation functions ---------*- C++ -*-===//
//
/// \file
/// `activations`: a neural network's activation function over N floats,
/// one work-item per element, out[i] = f(in[i]), 1-D range, local size 256,
/// no barriers. The kernels are one call of a transcendental function each,
/// the work-item loops that vectorize only through a vector math library
/// (glibc's libmvec):
/// - default: GELU, tanh form, 0.5x(1 + tanh(0.7978845608(x + 0.044715x^3)))
/// - `--kernel erf`: GELU, exact, 0.5x(1 + erf(0.70710678x))
/// - `--kernel silu`: SiLU, x / (1 + exp(-x))
///
/// exp had vector variants in LLVM 19's libmvec table already, so silu is
/// the control; tanh and erf gained them with `lanes-vector-math`.
///
/// The input is a fixed pattern over [-8, 8] in steps of 1/4096 (every value
/// exact in float), restarting every 65537 elements, so that the
/// work-groups do not all see the same values. The check computes
/// every output again on the host in double (std::tanh, std::erf, std::exp
/// of the float input) and accepts |got - want| <= 1e-5 * max(1, |want|):
/// libmvec is within 4 ulp of float, and 1 + tanh or 1 + erf near x = -8,
/// where they cancel, loses at most that much of 1, scaled by |x|/2 <= 4.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_BENCH_PROBLEMS_ACTIVATIONS_HPP
#define LANES_BENCH_PROBLEMS_ACTIVATIONS_HPP

#include "bench.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace activations {

constexpr size_t Local = 256;
/// The check's tolerance, relative above 1 and absolute below.
constexpr double Tolerance = 1e-5;

enum class Kernel { GeluTanh, GeluErf, Silu };

struct Problem {
  size_t N;
  Kernel K;
};

inline Kernel kernelOf(const std::string &Name) {
  if (Name.empty())
    return Kernel::GeluTanh;
  if (Name == "erf")
    return Kernel::GeluErf;
  if (Name == "silu")
    return Kernel::Silu;
  std::fprintf(stderr, "activations: --kernel erf|silu, or none (GELU, tanh "
                       "form)\n");
  std::exit(2);
}

inline Problem problem(const bench::Options &Opts) {
  return {Opts.Smoke ? size_t(1) << 16 : size_t(16) << 20,
          kernelOf(Opts.Kernel)};
}

inline const char *formula(Kernel K) {
  switch (K) {
  case Kernel::GeluTanh:
    return "GELU, tanh form";
  case Kernel::GeluErf:
    return "GELU, erf form";
  case Kernel::Silu:
    return "SiLU";
  }
  return "?";
}

inline void describe(const bench::Reporter &Rep, const Problem &P) {
  Rep.config("problem", std::to_string(P.N) + " floats, " + formula(P.K));
  Rep.config("local", Local);
}

/// The input pattern: -8 + (I mod 65537) / 4096, in [-8, 8].
inline void init(float *In, const Problem &P) {
  for (size_t I = 0; I < P.N; ++I)
    In[I] = -8.0f + float(I % 65537) / 4096.0f;
}

/// The activation of \p X in double, what every output is checked against.
inline double activation(double X, Kernel K) {
  switch (K) {
  case Kernel::GeluTanh:
    return 0.5 * X *
           (1.0 + std::tanh(0.7978845608 * (X + 0.044715 * X * X * X)));
  case Kernel::GeluErf:
    return 0.5 * X * (1.0 + std::erf(X * 0.70710678));
  case Kernel::Silu:
    return X / (1.0 + std::exp(-X));
  }
  return 0;
}

inline bench::Verdict check(const float *In, const float *Out,
                            const Problem &P) {
  double MaxErr = 0;
  for (size_t I = 0; I < P.N; ++I) {
    double Want = activation(In[I], P.K);
    if (!bench::close(Out[I], Want, Tolerance, Want))
      return {false, "out[" + std::to_string(I) +
                         "] = " + std::to_string(Out[I]) +
                         " for x = " + std::to_string(In[I]) + ", expected " +
                         std::to_string(Want)};
    MaxErr = std::max(MaxErr, std::fabs(Out[I] - Want) /
                                  std::max(1.0, std::fabs(Want)));
  }
  char Buf[96];
  std::snprintf(Buf, sizeof Buf, "%zu outputs within 1e-5, largest error %.2e",
                P.N, MaxErr);
  return {true, Buf};
}

} // namespace activations

#endif
