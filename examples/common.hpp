// Shared by the examples: timing of a kernel as the median of a few runs,
// and the one-line report that scripts/run-examples.sh reads.
#ifndef LANES_EXAMPLES_COMMON_HPP
#define LANES_EXAMPLES_COMMON_HPP

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

/// The number of timed runs: the first argument, else 5.
inline int repetitions(int Argc, char **Argv) {
  int Reps = Argc > 1 ? std::atoi(Argv[1]) : 5;
  return Reps > 0 ? Reps : 5;
}

/// Runs `Step` once to warm up, then `Reps` times; returns the median in ms.
template <typename F> double medianMs(F &&Step, int Reps) {
  Step();
  std::vector<double> Times;
  for (int I = 0; I < Reps; ++I) {
    auto Start = std::chrono::steady_clock::now();
    Step();
    auto End = std::chrono::steady_clock::now();
    Times.push_back(std::chrono::duration<double, std::milli>(End - Start).count());
  }
  std::sort(Times.begin(), Times.end());
  return Times[Times.size() / 2];
}

/// Prints "<name>: <what> ... OK|FAILED  time_ms=<t>" and returns the exit code.
inline int report(const char *Name, const char *What, bool Ok, double Ms) {
  std::printf("%-12s %-52s %s  time_ms=%.3f\n", Name, What, Ok ? "OK" : "FAILED", Ms);
  return Ok ? 0 : 1;
}

#endif
