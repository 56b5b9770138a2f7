//===- Config.h - Environment settings of the Lanes runtime -----*- C++ -*-===//
//
/// \file
/// The runtime's user-visible knobs, read once from the environment on first
/// use and constant afterwards:
///
///  - LANES_NUM_THREADS=<n>  worker threads per launch (positive integer).
///                           Unset: OpenMP's default, so OMP_NUM_THREADS
///                           works. An invalid value is ignored with one
///                           warning on stderr.
///  - LANES_CHECK=0|1        checked mode, ON unless the value is "0". It
///                           sets lanes_wg_ctx::checked (compiled kernels
///                           report divergent barriers) and makes the fiber
///                           scheduler compare the barrier every work-item of
///                           a group waits at. The checks cost a compare per
///                           barrier, hence on by default.
///  - LANES_VERBOSE=1        print, once per kernel, how it runs (compiled
///                           work-group function or library-only fibers).
//
//===----------------------------------------------------------------------===//
#ifndef LANES_RUNTIME_CONFIG_H
#define LANES_RUNTIME_CONFIG_H

namespace lanes::rt::detail {

/// The runtime settings; see the file comment for their meaning.
struct RuntimeConfig {
  unsigned NumThreads = 1; ///< OpenMP threads each launch asks for
  bool Checked = true;     ///< LANES_CHECK
  bool Verbose = false;    ///< LANES_VERBOSE
};

/// Returns the settings, reading the environment on the first call.
/// Thread-safe.
const RuntimeConfig &config();

} // namespace lanes::rt::detail

#endif // LANES_RUNTIME_CONFIG_H
