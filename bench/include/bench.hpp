//===- bench.hpp - Options, timing, verification and output of a benchmark ===//
//
/// \file
/// What every benchmark binary shares, whatever its variant (SYCL through
/// lanes++ or g++, the OpenMP reference, the OpenCL host on pocl): the
/// command line, the measurement protocol and the one output format that
/// bench/run.py reads.
///
/// Protocol (bench/README.md, /work/shared/BENCHMARKS.md): one warm-up run,
/// then the result is verified; a wrong answer prints `status=FAIL` and no
/// time. Only then come the timed runs, one output line each, and a second
/// verification of the last timed run.
///
/// Output: one line per event, `lanes-bench` followed by `key=value` fields
/// (values with spaces are double-quoted), e.g.
/// \code
///   lanes-bench bench=reduction variant=lanes phase=run rep=3 ms=4.217
/// \endcode
//
//===----------------------------------------------------------------------===//
#ifndef LANES_BENCH_BENCH_HPP
#define LANES_BENCH_BENCH_HPP

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

/// The variant this binary is; the build defines it.
#ifndef LANES_BENCH_VARIANT
#define LANES_BENCH_VARIANT "unknown"
#endif

namespace bench {

/// The command line every benchmark binary accepts.
struct Options {
  /// `--size smoke` (seconds-long ctest size) or `--size full` (default).
  bool Smoke = false;
  /// `--reps N`: timed runs after the warm-up (default 5).
  int Reps = 5;
  /// `--max-ms T`: stop the timed runs early once they took T ms in all
  /// (at least one always runs); 0 means no cap. For the slow variants.
  double MaxMs = 0;
  /// `--kernel K`: which kernel of a multi-kernel benchmark (babelstream).
  std::string Kernel;
  /// `--cached`: a problem whose input stays in the L1 data cache and that
  /// one launch reads many times over, so that the kernel's own work is
  /// timed rather than memory's (only benchmarks that offer it accept it).
  bool Cached = false;
};

[[noreturn]] inline void usage(const char *Prog, bool Cacheable) {
  std::fprintf(stderr,
               "usage: %s [--size smoke|full] [--reps N] [--max-ms T] "
               "[--kernel K]%s\n",
               Prog, Cacheable ? " [--cached]" : "");
  std::exit(2);
}

/// Parses the command line; exits with a usage message on anything else,
/// `--cached` included unless the benchmark offers it (\p Cacheable).
inline Options parseOptions(int Argc, char **Argv, bool Cacheable = false) {
  Options Opts;
  for (int I = 1; I < Argc; ++I) {
    auto Value = [&]() -> const char * {
      if (I + 1 >= Argc)
        usage(Argv[0], Cacheable);
      return Argv[++I];
    };
    if (!std::strcmp(Argv[I], "--size")) {
      const char *V = Value();
      if (!std::strcmp(V, "smoke"))
        Opts.Smoke = true;
      else if (std::strcmp(V, "full"))
        usage(Argv[0], Cacheable);
    } else if (!std::strcmp(Argv[I], "--reps")) {
      Opts.Reps = std::atoi(Value());
      if (Opts.Reps < 1)
        usage(Argv[0], Cacheable);
    } else if (!std::strcmp(Argv[I], "--max-ms")) {
      Opts.MaxMs = std::atof(Value());
    } else if (!std::strcmp(Argv[I], "--kernel")) {
      Opts.Kernel = Value();
    } else if (Cacheable && !std::strcmp(Argv[I], "--cached")) {
      Opts.Cached = true;
    } else {
      usage(Argv[0], Cacheable);
    }
  }
  return Opts;
}

/// For the problems that read a small input many times over: the input
/// group whose elements work-group \p G reads, G % InputGroups, as a mask
/// (InputGroups is a power of two), so that no group pays for a division
/// that would weigh on a short kernel more than on its twin.
inline size_t inputGroup(size_t G, size_t InputGroups) {
  return G & (InputGroups - 1);
}

/// The outcome of checking a result against the serial host computation.
struct Verdict {
  bool Ok = true;
  std::string Detail;
};

/// Relative-or-absolute closeness: |Got - Want| <= Tol * max(1, |Scale|).
/// \p Scale is the magnitude the rounding error grows with (e.g. the sum of
/// absolute terms of a dot product), not just the result.
inline bool close(double Got, double Want, double Tol, double Scale) {
  return std::fabs(Got - Want) <= Tol * std::max(1.0, std::fabs(Scale)) &&
         !std::isnan(Got);
}

/// Writes the output lines of one benchmark process.
class Reporter {
public:
  Reporter(std::string Bench, const Options &Opts)
      : Bench(std::move(Bench)), Opts(Opts) {}

  /// A `phase=config` line: what is measured (sizes, local sizes, ...).
  void config(const char *Key, const std::string &Value) const {
    line("config", std::string(Key) + "=" + quote(Value));
  }
  void config(const char *Key, size_t Value) const {
    config(Key, std::to_string(Value));
  }

  /// An extra `phase=<Phase> ms=<Ms>` line (e.g. the OpenCL build).
  void phaseMs(const char *Phase, double Ms) const {
    line(Phase, "ms=" + fmt(Ms));
  }

  /// The whole protocol: warm-up, verify, timed runs, verify again. Returns
  /// the process exit code (0 when both verifications passed).
  template <typename StepF, typename CheckF>
  int measure(StepF &&Step, CheckF &&Check) const {
    line("warmup", "ms=" + fmt(timeMs(Step)));
    if (!verify(Check()))
      return 1;
    double Total = 0;
    int Done = 0;
    for (int R = 1; R <= Opts.Reps; ++R) {
      double Ms = timeMs(Step);
      line("run", "rep=" + std::to_string(R) + " ms=" + fmt(Ms));
      Total += Ms;
      Done = R;
      if (Opts.MaxMs > 0 && Total >= Opts.MaxMs)
        break;
    }
    if (Done < Opts.Reps)
      line("capped", "reps=" + std::to_string(Done) +
                         " asked=" + std::to_string(Opts.Reps) +
                         " max_ms=" + fmt(Opts.MaxMs));
    return verify(Check()) ? 0 : 1;
  }

private:
  std::string Bench;
  Options Opts;

  template <typename StepF> static double timeMs(StepF &Step) {
    auto Start = std::chrono::steady_clock::now();
    Step();
    auto End = std::chrono::steady_clock::now();
    return std::chrono::duration<double, std::milli>(End - Start).count();
  }

  bool verify(const Verdict &V) const {
    line("verify", std::string("status=") + (V.Ok ? "OK" : "FAIL") +
                       " detail=" + quote(V.Detail));
    return V.Ok;
  }

  static std::string fmt(double Ms) {
    char Buf[32];
    std::snprintf(Buf, sizeof Buf, "%.4f", Ms);
    return Buf;
  }

  static std::string quote(const std::string &S) {
    if (!S.empty() && S.find_first_of(" \"=") == std::string::npos)
      return S;
    std::string Q = "\"";
    for (char C : S)
      Q += C == '"' ? '\'' : C;
    return Q + "\"";
  }

  void line(const char *Phase, const std::string &Fields) const {
    std::string Name = Bench;
    if (Opts.Cached)
      Name += "-cached";
    if (!Opts.Kernel.empty())
      Name += "-" + Opts.Kernel;
    std::printf("lanes-bench bench=%s variant=%s size=%s phase=%s %s\n",
                Name.c_str(), LANES_BENCH_VARIANT,
                Opts.Smoke ? "smoke" : "full", Phase, Fields.c_str());
    std::fflush(stdout);
  }
};

/// 64-byte aligned host memory for the variants without USM (reference,
/// OpenCL host), matching what sycl::malloc_shared gives the SYCL variants.
template <typename T> T *alignedAlloc(size_t Count) {
  size_t Bytes = (Count * sizeof(T) + 63) / 64 * 64;
  T *P = static_cast<T *>(std::aligned_alloc(64, Bytes));
  if (!P) {
    std::fprintf(stderr, "out of memory (%zu bytes)\n", Bytes);
    std::exit(2);
  }
  return P;
}

} // namespace bench

#endif // LANES_BENCH_BENCH_HPP
