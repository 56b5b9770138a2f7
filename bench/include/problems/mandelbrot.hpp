//===- problems/mandelbrot.hpp - Escape-time Mandelbrot set -----*- C++ -*-===//
//
/// \file
/// `mandelbrot`: each work-item takes one pixel of a W x H image of the
/// plane [-2.25, 0.75] x [-1.25, 1.25] and iterates z = z^2 + c in float
/// until |z| > 2 or MaxIter iterations, writing the count. The loop's trip
/// count differs from pixel to pixel (1 outside the set, MaxIter inside
/// it) and it has two exits: the kind of loop that runs in lockstep a
/// vector's work-items at a time. 1-D range, local size 256 (a quarter of
/// a row). No barriers. `--kernel grid-stride` launches 16 work-groups
/// only, as code written for a GPU's multiprocessors does, and each
/// work-item takes every 4096th pixel in a grid-stride loop around the
/// escape-time loop (the reference, which has one form, and pocl's kernel
/// do the same).
///
/// The check iterates every pixel again on the host. Contraction into FMA
/// may differ between the kernel and the check (pocl compiles the kernel
/// itself), and a point on the set's edge then escapes sooner or later, so
/// up to one pixel in a hundred may differ (pocl: 0.16%); every other pixel
/// must match.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_BENCH_PROBLEMS_MANDELBROT_HPP
#define LANES_BENCH_PROBLEMS_MANDELBROT_HPP

#include "bench.hpp"

#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace mandelbrot {

constexpr size_t Local = 256;
/// The work-groups of `--kernel grid-stride`.
constexpr size_t GridGroups = 16;
constexpr uint32_t MaxIter = 256;
constexpr float X0 = -2.25f, Y0 = -1.25f, Width = 3.0f, Height = 2.5f;

struct Problem {
  size_t W, H;
  bool GridStride; ///< `--kernel grid-stride`
  size_t pixels() const { return W * H; }
  float dx() const { return Width / float(W); }
  float dy() const { return Height / float(H); }
};

inline Problem problem(const bench::Options &Opts) {
  if (!Opts.Kernel.empty() && Opts.Kernel != "grid-stride") {
    std::fprintf(stderr, "mandelbrot: --kernel grid-stride, or none\n");
    std::exit(2);
  }
  bool GridStride = !Opts.Kernel.empty();
  return Opts.Smoke ? Problem{256, 128, GridStride}
                    : Problem{1024, 1024, GridStride};
}

inline void describe(const bench::Reporter &Rep, const Problem &P) {
  Rep.config("problem", std::to_string(P.W) + "x" + std::to_string(P.H) +
                            " pixels, at most " + std::to_string(MaxIter) +
                            " iterations" +
                            (P.GridStride ? ", " + std::to_string(GridGroups) +
                                                " groups, grid-stride"
                                          : ""));
  Rep.config("local", Local);
}

/// The iterations of the point c = Cr + i Ci, as every variant but pocl's
/// computes them (the OpenCL C kernel spells the same loop out).
inline uint32_t escape(float Cr, float Ci) {
  float Zr = 0.0f, Zi = 0.0f;
  uint32_t K = 0;
  while (K < MaxIter && Zr * Zr + Zi * Zi <= 4.0f) {
    float T = Zr * Zr - Zi * Zi + Cr;
    Zi = 2.0f * Zr * Zi + Ci;
    Zr = T;
    ++K;
  }
  return K;
}

inline bench::Verdict check(const uint32_t *Out, const Problem &P) {
  size_t Differ = 0, First = P.pixels();
  uint64_t Total = 0;
  for (size_t I = 0; I < P.pixels(); ++I) {
    uint32_t Want = escape(X0 + float(I % P.W) * P.dx(),
                           Y0 + float(I / P.W) * P.dy());
    Total += Out[I];
    if (Out[I] != Want && Differ++ == 0)
      First = I;
  }
  if (Differ * 100 > P.pixels())
    return {false, std::to_string(Differ) + " pixels differ, the first " +
                       std::to_string(First) + ": " +
                       std::to_string(Out[First]) + " iterations"};
  return {true, std::to_string(Total) + " iterations, " +
                    std::to_string(Differ) + " pixels on the edge differ"};
}

} // namespace mandelbrot

#endif
