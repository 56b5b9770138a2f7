//===- sycl/device_event.hpp - sycl::device_event -------------------------===//
//
/// \file
/// SYCL 2020 4.9.1.9: the event of an async_work_group_copy of group or
/// nd_item (sycl/group.hpp), waited on by device_event::wait or wait_for.
///
/// A CPU has no copy engine to overlap with the kernel, so the copy is not
/// asynchronous: each work-item copies its share of the elements when it
/// calls async_work_group_copy, and waiting is a work-group barrier, after
/// which every share is written. The barrier builtin waits for the calling
/// work-item's group, so the event needs no group: it holds only the source
/// position of the copy that made it, which names its barrier in
/// diagnostics (lanes/builtins.h).
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_DEVICE_EVENT_HPP
#define LANES_SYCL_DEVICE_EVENT_HPP

#include "lanes/builtins.h"

namespace sycl {
inline namespace _V1 {

template <int Dims> class group;

/// The completion of one async_work_group_copy. Made only by the copy.
class device_event {
public:
  /// Waits until every work-item of the calling work-item's group has done
  /// its share of the copy. Like a barrier, every work-item of the group
  /// must call it. noexcept as specified when lanes++ compiles the kernel;
  /// in library-only mode the barrier may throw the exception that unwinds
  /// the work-items of a failed group (lanes/builtins.h), so it is not
  /// noexcept there.
  void wait() noexcept(!LANES_WAITS_MAY_THROW) {
    __lanes_barrier(LANES_FENCE_LOCAL | LANES_FENCE_GLOBAL, File, Line);
  }

private:
  template <int Dims> friend class group;

  device_event(const char *File, unsigned Line) : File(File), Line(Line) {}

  const char *File;
  unsigned Line;
};

} // namespace _V1
} // namespace sycl

#endif // LANES_SYCL_DEVICE_EVENT_HPP
