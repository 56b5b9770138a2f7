//===- lanes/runtime.h - The C++ API's view of the Lanes runtime ----------===//
//
/// \file
/// What the header-only SYCL API (include/sycl) asks of the runtime library
/// (lib/Runtime, liblanes_rt). No LLVM, no SYCL classes beyond
/// sycl::exception: the API translates its ranges into a LaunchDesc.
///
/// Thread safety: every function may be called from any host thread.
/// launch() blocks until the whole nd-range has run.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_RUNTIME_H
#define LANES_RUNTIME_H

#include "lanes/builtins.h"

#include <cstddef>
#include <cstdint>

namespace lanes::rt {

/// LaunchDesc's namespace, and so launch()'s symbol, names the version of
/// the work-group function's calling convention (lanes_wg_fn): a program
/// compiled for another version fails to load against this runtime, where
/// it would otherwise run with groups missing.
inline namespace group_runs {

/// One nd-range launch. Sizes are in OpenCL dimension order (0 = fastest);
/// unused dimensions are 1.
struct LaunchDesc {
  const char *KernelName = nullptr; ///< mangled type name (typeid().name())
  lanes_entry_fn Entry = nullptr;   ///< runs one work-item (always set)
  lanes_wg_fn WorkGroupFn = nullptr;///< compiled form, or nullptr
  const void *KernelObject = nullptr;
  int Dims = 1;
  size_t Global[3] = {1, 1, 1};
  size_t Local[3] = {1, 1, 1};
  size_t LocalMemBytes = 0;
  /// Entry lets an exception pass out of every barrier and collective it
  /// waits in (lanes/builtins.h declared them with LANES_WAITS_MAY_THROW,
  /// and no noexcept function lies in between). When a library-only group
  /// fails, its waiting work-items are then unwound, destroying their
  /// locals; otherwise they are abandoned. Ignored with WorkGroupFn.
  bool Unwindable = false;
};

} // namespace group_runs

/// Local memory per work-group, as the device reports it
/// (info::device::local_mem_size): 1 MiB, well above what GPU-style kernels
/// use and still cheap to keep per worker thread.
inline constexpr size_t LocalMemoryBytes = size_t(1) << 20;

/// The alignment of each work-group's local memory, and so the largest
/// alignment a local_accessor's elements may have: a page.
inline constexpr size_t LocalMemoryAlignment = 4096;

/// The calling thread's buffer of `Size` bytes, aligned to `Align` (a power
/// of two), for the group_local_memory call at `File`:`Line`:`Column`
/// (sycl/group_local_memory.hpp): the same pointer for the same arguments
/// on the same thread, whatever group it runs, so it is declared `const`.
/// Its contents are unspecified. Terminates when no memory is left.
__attribute__((const)) void *groupLocalMemory(const char *File,
                                              unsigned Line, unsigned Column,
                                              size_t Size,
                                              size_t Align) noexcept;

/// Runs every work-group of `D`: through D.WorkGroupFn when set, else one
/// fiber per work-item. Throws sycl::exception:
///  - errc::nd_range: a global size not divisible by the local size, a zero
///    size, a local size above the device maximum (total or per dimension);
///  - errc::memory_allocation: LocalMemBytes above the device's local memory;
///  - errc::runtime: a divergent barrier (kernel, group and barriers named),
///    a barrier reached outside a running kernel. An error found while the
///    groups run (the divergent barrier) is a lanes::detail::kernel_failure.
/// Messages name the kernel (demangled).
void launch(const LaunchDesc &D);

/// The CPU device's properties, computed once.
struct DeviceInfo {
  const char *Name;
  const char *Vendor;
  unsigned MaxComputeUnits;   ///< worker threads launch() uses
  size_t MaxWorkGroupSize;    ///< >= 4096
  size_t MaxWorkItemSizes[3]; ///< OpenCL dimension order, each >= 4096
  size_t LocalMemSize;        ///< bytes of local memory per work-group
  size_t GlobalMemSize;       ///< bytes
};
const DeviceInfo &deviceInfo();

/// Demangles a typeid name for messages ("main::{lambda(...)#1}").
/// The returned pointer stays valid for the life of the process.
const char *demangle(const char *MangledName);

/// Prints that the running kernel called \p Query (a free function query
/// of sycl/free_function_queries.hpp, "this_work_item::get_nd_item") with
/// \p Dims dimensions although a dimension past them has more than one
/// work-item, and aborts.
[[noreturn]] void queryDimensionsError(const char *Query, int Dims) noexcept;

//===----------------------------------------------------------------------===//
// Kernel output: what sycl::stream (SYCL 2020 4.16) asks of the runtime.
//===----------------------------------------------------------------------===//

/// The output of one sycl::stream during one command group. Each work-item
/// has its own pending text and format (base, precision, width, ...), found
/// by the work-item's linear id in the launch; a flush moves the pending
/// text, whole, into the stream's output, and streamFinish writes that
/// output to stdout. Limits: a work-item's pending text keeps at most
/// WorkItemBytes bytes (the rest, up to its next flush, is dropped); the
/// output keeps at most TotalBytes bytes (a flush that does not fit is
/// dropped whole). lib/Runtime/Stream.cpp has the details.
///
/// Thread safety: the kernel-side functions (streamText ... streamFlush)
/// may be called by any number of threads at once, as long as no two run
/// for the same work-item at the same time (one work-item runs on one
/// thread at a time in both modes). streamFinish and streamDestroy must not
/// overlap with any other call on the same stream. None of them throws.
struct StreamBuffer;

/// How a piece of text relates to the field width (setw): a Literal is
/// written as it is (punctuation); a Field is right-aligned in the width,
/// which then goes back to 0; an ElementField is a field of a composite
/// value (vec, id, ...) that is not its last, and keeps the width for the
/// next element.
enum class StreamPiece : unsigned { Literal, Field, ElementField };

/// The format settings of sycl::stream's manipulators. Precision and Width
/// take an argument; the others none.
enum class StreamFormat : unsigned {
  Dec,
  Hex,
  Oct,
  ShowBase,
  NoShowBase,
  ShowPos,
  NoShowPos,
  Fixed,
  Scientific,
  HexFloat,
  DefaultFloat,
  Precision,
  Width,
};

/// A stream of \p TotalBytes output and \p WorkItemBytes per work-item
/// between flushes. Throws std::bad_alloc when out of memory.
StreamBuffer *streamCreate(size_t TotalBytes, size_t WorkItemBytes);
/// Flushes the text every work-item left pending (in work-item order),
/// writes the output to stdout and empties it; reports on stderr how much
/// was dropped, naming \p KernelName (mangled, may be null).
void streamFinish(StreamBuffer *S, const char *KernelName) noexcept;
/// Frees \p S (null is allowed); its unfinished output is lost.
void streamDestroy(StreamBuffer *S) noexcept;

/// Appends \p Length bytes at \p Text for work-item \p WorkItem.
void streamText(StreamBuffer *S, uint64_t WorkItem, const char *Text,
                size_t Length, StreamPiece Piece) noexcept;
/// Appends an integer of \p Bytes bytes (1 to 8), whose bits are the low
/// ones of \p Bits, in the work-item's base.
void streamInteger(StreamBuffer *S, uint64_t WorkItem, uint64_t Bits,
                   unsigned Bytes, bool Signed, StreamPiece Piece) noexcept;
/// Appends a floating-point value in the work-item's float format.
void streamFloat(StreamBuffer *S, uint64_t WorkItem, double Value,
                 StreamPiece Piece) noexcept;
/// Appends an address, in hexadecimal with a 0x prefix.
void streamPointer(StreamBuffer *S, uint64_t WorkItem, const void *Address,
                   StreamPiece Piece) noexcept;
/// Changes one format setting of the work-item (\p Argument is the
/// precision or width; negative values count as 6 and 0).
void streamFormat(StreamBuffer *S, uint64_t WorkItem, StreamFormat Setting,
                  int Argument) noexcept;
/// Moves the work-item's pending text into the stream's output.
void streamFlush(StreamBuffer *S, uint64_t WorkItem) noexcept;

} // namespace lanes::rt

#endif // LANES_RUNTIME_H
