//===- Config.cpp - Environment settings of the Lanes runtime -------------===//
//
/// \file
/// Parses LANES_NUM_THREADS, LANES_CHECK and LANES_VERBOSE exactly once (a
/// function-local static), so a kernel never sees a setting change under it
/// and a bad value warns once, not once per launch. Programs that want a
/// different setting start a new process; the unit tests do so through
/// death-test subprocesses.
//
//===----------------------------------------------------------------------===//

#include "Config.h"

#include <omp.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

using namespace lanes::rt::detail;

namespace {

/// More threads than this is certainly a typo, not a machine.
constexpr unsigned long MaxThreads = 1u << 16;

/// Parses a positive decimal integer that fills the whole string.
bool parsePositive(const char *Text, unsigned long &Value) {
  if (!Text || *Text < '0' || *Text > '9')
    return false;
  char *End = nullptr;
  errno = 0;
  Value = std::strtoul(Text, &End, 10);
  return errno == 0 && *End == '\0' && Value > 0 && Value <= MaxThreads;
}

unsigned readNumThreads() {
  int OmpDefault = omp_get_max_threads();
  unsigned Default = OmpDefault > 0 ? unsigned(OmpDefault) : 1u;
  const char *Text = std::getenv("LANES_NUM_THREADS");
  if (!Text)
    return Default;
  unsigned long Value = 0;
  if (parsePositive(Text, Value))
    return unsigned(Value);
  std::fprintf(stderr,
               "lanes: warning: ignoring LANES_NUM_THREADS='%s' (expected a "
               "positive integer); using %u threads\n",
               Text, Default);
  return Default;
}

bool readChecked() {
  const char *Text = std::getenv("LANES_CHECK");
  if (!Text || std::strcmp(Text, "1") == 0)
    return true;
  if (std::strcmp(Text, "0") == 0)
    return false;
  std::fprintf(stderr,
               "lanes: warning: ignoring LANES_CHECK='%s' (expected 0 or 1); "
               "checked mode stays on\n",
               Text);
  return true;
}

bool readVerbose() {
  const char *Text = std::getenv("LANES_VERBOSE");
  return Text && *Text && std::strcmp(Text, "0") != 0;
}

RuntimeConfig readConfig() {
  RuntimeConfig C;
  C.NumThreads = readNumThreads();
  C.Checked = readChecked();
  C.Verbose = readVerbose();
  return C;
}

} // namespace

const RuntimeConfig &lanes::rt::detail::config() {
  static const RuntimeConfig Config = readConfig();
  return Config;
}
