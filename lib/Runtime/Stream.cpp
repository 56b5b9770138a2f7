//===- Stream.cpp - The kernel output of sycl::stream ---------------------===//
//
/// \file
/// The runtime half of sycl::stream (SYCL 2020 4.16): per-work-item text
/// and format state, flushes into one output per stream, and the write to
/// stdout when the command group ends. The SYCL header turns each `<<`
/// into one call here, naming the work-item by its linear id in the launch.
///
/// Work-items. Each work-item that has pending text or a format other than
/// the default owns a WorkItemOutput, kept in one of ShardCount hash maps
/// chosen by a hash of its id, each behind its own mutex: groups run on
/// several threads at once, and a shard lock is held only to find or erase
/// an entry. The entry itself is then used without a lock: map nodes do not
/// move, and only the calling work-item touches its own entry (one
/// work-item runs on one thread at a time, in compiled work-item loops and
/// library-only fibers alike). Keying by work-item, not by thread, is what
/// keeps a line that spans a barrier in one piece: the other work-items of
/// the group write between its halves, but into their own entries. An entry
/// back at the default format is erased at its flush, so only work-items
/// with something in flight cost memory.
///
/// Limits. A work-item's pending text holds at most WorkItemBytes bytes;
/// what does not fit is dropped, up to the next flush (endl's newline
/// included). A flush appends the pending text, whole, to the stream's
/// output under its mutex, if the output stays within TotalBytes; otherwise
/// the whole flush is dropped, so a line never reaches stdout cut short.
/// streamFinish counts both kinds of loss and reports them on stderr.
///
/// Formats follow std::ostream with the "C" locale: integers in base 10,
/// 16 or 8 (negative numbers in base 16 and 8 show their two's complement
/// in the type's width, showbase adds 0x or 0 to non-zero values, showpos a
/// + to non-negative signed decimals and to floats), floats as printf's %g,
/// %f, %e or %a with the precision (%a ignores it), fields right-aligned in
/// the width with spaces.
//
//===----------------------------------------------------------------------===//

#include "lanes/runtime.h"

#include <algorithm>
#include <atomic>
#include <cinttypes>
#include <cstdio>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

using namespace lanes::rt;

namespace {

/// One work-item's format: what the manipulators set.
struct Format {
  unsigned Base = 10;
  bool ShowBase = false;
  bool ShowPos = false;
  char FloatConversion = 'g'; ///< printf's: g (default), f, e or a
  int Precision = 6;
  int Width = 0;

  bool isDefault() const {
    return Base == 10 && !ShowBase && !ShowPos && FloatConversion == 'g' &&
           Precision == 6 && Width == 0;
  }
};

/// What one work-item has written since its last flush, and its format.
struct WorkItemOutput {
  Format Fmt;
  std::string Pending;
};

/// Number of independently locked maps of work-items.
constexpr unsigned ShardCount = 64;

struct Shard {
  std::mutex Mutex;
  std::unordered_map<uint64_t, WorkItemOutput> Items;
};

} // namespace

struct lanes::rt::StreamBuffer {
  StreamBuffer(size_t TotalBytes, size_t WorkItemBytes)
      : TotalBytes(TotalBytes), WorkItemBytes(WorkItemBytes) {}

  const size_t TotalBytes;
  const size_t WorkItemBytes;
  Shard Shards[ShardCount];

  std::mutex OutputMutex;
  std::string Output;      ///< flushed text, at most TotalBytes (OutputMutex)
  size_t FlushDropped = 0; ///< bytes of flushes that did not fit (OutputMutex)
  /// Bytes that did not fit a work-item's pending text.
  std::atomic<size_t> WorkItemDropped{0};
};

namespace {

Shard &shardOf(StreamBuffer &S, uint64_t WorkItem) {
  // Fibonacci hashing: neighbouring work-items land in different shards.
  return S.Shards[(WorkItem * 0x9E3779B97F4A7C15ull) >> 58];
}
static_assert(ShardCount == 64, "shardOf takes the top 6 bits");

/// The entry of \p WorkItem, created with the default format if need be.
WorkItemOutput &outputOf(StreamBuffer &S, uint64_t WorkItem) {
  Shard &Sh = shardOf(S, WorkItem);
  std::lock_guard<std::mutex> Lock(Sh.Mutex);
  return Sh.Items[WorkItem];
}

/// Appends \p Count copies of \p Fill, or \p Length bytes of \p Text when
/// it is not null, as far as the work-item's buffer allows.
void append(StreamBuffer &S, WorkItemOutput &Out, const char *Text,
            size_t Length, char Fill = ' ') {
  size_t Room = S.WorkItemBytes - std::min(S.WorkItemBytes, Out.Pending.size());
  size_t Taken = std::min(Room, Length);
  if (Text)
    Out.Pending.append(Text, Taken);
  else
    Out.Pending.append(Taken, Fill);
  if (Taken < Length)
    S.WorkItemDropped.fetch_add(Length - Taken, std::memory_order_relaxed);
}

/// Appends \p Text as a piece of kind \p Piece (see StreamPiece).
void appendPiece(StreamBuffer &S, WorkItemOutput &Out, const char *Text,
                 size_t Length, StreamPiece Piece) {
  if (Piece != StreamPiece::Literal) {
    size_t Width = static_cast<size_t>(Out.Fmt.Width);
    if (Width > Length)
      append(S, Out, nullptr, Width - Length);
    if (Piece == StreamPiece::Field)
      Out.Fmt.Width = 0;
  }
  append(S, Out, Text, Length);
}

/// Moves the pending text of \p Out into the output, whole or not at all.
void moveToOutput(StreamBuffer &S, WorkItemOutput &Out) {
  if (Out.Pending.empty())
    return;
  {
    std::lock_guard<std::mutex> Lock(S.OutputMutex);
    if (S.Output.size() + Out.Pending.size() <= S.TotalBytes)
      S.Output += Out.Pending;
    else
      S.FlushDropped += Out.Pending.size();
  }
  Out.Pending.clear();
}

/// printf into a string.
template <typename... Args>
std::string formatted(const char *Spec, Args... Values) {
  char Small[64];
  int Length = std::snprintf(Small, sizeof(Small), Spec, Values...);
  if (Length < 0)
    return std::string();
  if (static_cast<size_t>(Length) < sizeof(Small))
    return std::string(Small, static_cast<size_t>(Length));
  std::string Large(static_cast<size_t>(Length) + 1, '\0');
  std::snprintf(&Large[0], Large.size(), Spec, Values...);
  Large.resize(static_cast<size_t>(Length));
  return Large;
}

std::string formatInteger(uint64_t Bits, unsigned Bytes, bool Signed,
                          const Format &F) {
  unsigned Shift = Bytes >= 8 ? 0 : 64 - 8 * Bytes;
  uint64_t Unsigned = Bits << Shift >> Shift;
  if (F.Base == 16)
    return formatted(F.ShowBase ? "%#" PRIx64 : "%" PRIx64, Unsigned);
  if (F.Base == 8)
    return formatted(F.ShowBase ? "%#" PRIo64 : "%" PRIo64, Unsigned);
  if (!Signed)
    return formatted("%" PRIu64, Unsigned);
  // Sign-extend from the type's width.
  int64_t Value = static_cast<int64_t>(Bits << Shift) >> Shift;
  return formatted(F.ShowPos ? "%+" PRId64 : "%" PRId64, Value);
}

std::string formatFloat(double Value, const Format &F) {
  if (F.FloatConversion == 'a')
    return formatted(F.ShowPos ? "%+a" : "%a", Value);
  char Spec[8] = {'%', 0};
  size_t At = 1;
  if (F.ShowPos)
    Spec[At++] = '+';
  Spec[At++] = '.';
  Spec[At++] = '*';
  Spec[At++] = F.FloatConversion;
  return formatted(Spec, F.Precision, Value);
}

/// "kernel 'K'" or "a command group", for the report on stderr.
std::string kernelPhrase(const char *KernelName) {
  if (!KernelName)
    return "a command group";
  return std::string("kernel '") + demangle(KernelName) + "'";
}

/// Runs \p Write on the entry of \p WorkItem. Out of memory, the text is
/// lost and counted as dropped (\p Length bytes of it, if known).
template <typename WriteFn>
void withOutput(StreamBuffer *S, uint64_t WorkItem, size_t Length,
                WriteFn Write) noexcept {
  try {
    Write(outputOf(*S, WorkItem));
  } catch (...) {
    S->WorkItemDropped.fetch_add(Length, std::memory_order_relaxed);
  }
}

} // namespace

StreamBuffer *lanes::rt::streamCreate(size_t TotalBytes, size_t WorkItemBytes) {
  return new StreamBuffer(TotalBytes, WorkItemBytes);
}

void lanes::rt::streamDestroy(StreamBuffer *S) noexcept { delete S; }

void lanes::rt::streamText(StreamBuffer *S, uint64_t WorkItem, const char *Text,
                           size_t Length, StreamPiece Piece) noexcept {
  withOutput(S, WorkItem, Length, [&](WorkItemOutput &Out) {
    appendPiece(*S, Out, Text, Length, Piece);
  });
}

void lanes::rt::streamInteger(StreamBuffer *S, uint64_t WorkItem, uint64_t Bits,
                              unsigned Bytes, bool Signed,
                              StreamPiece Piece) noexcept {
  withOutput(S, WorkItem, 0, [&](WorkItemOutput &Out) {
    std::string Text = formatInteger(Bits, Bytes, Signed, Out.Fmt);
    appendPiece(*S, Out, Text.data(), Text.size(), Piece);
  });
}

void lanes::rt::streamFloat(StreamBuffer *S, uint64_t WorkItem, double Value,
                            StreamPiece Piece) noexcept {
  withOutput(S, WorkItem, 0, [&](WorkItemOutput &Out) {
    std::string Text = formatFloat(Value, Out.Fmt);
    appendPiece(*S, Out, Text.data(), Text.size(), Piece);
  });
}

void lanes::rt::streamPointer(StreamBuffer *S, uint64_t WorkItem,
                              const void *Address, StreamPiece Piece) noexcept {
  withOutput(S, WorkItem, 0, [&](WorkItemOutput &Out) {
    std::string Text =
        formatted("0x%" PRIxPTR, reinterpret_cast<uintptr_t>(Address));
    appendPiece(*S, Out, Text.data(), Text.size(), Piece);
  });
}

void lanes::rt::streamFormat(StreamBuffer *S, uint64_t WorkItem,
                             StreamFormat Setting, int Argument) noexcept {
  withOutput(S, WorkItem, 0, [&](WorkItemOutput &Out) {
    Format &F = Out.Fmt;
    switch (Setting) {
    case StreamFormat::Dec:
      F.Base = 10;
      break;
    case StreamFormat::Hex:
      F.Base = 16;
      break;
    case StreamFormat::Oct:
      F.Base = 8;
      break;
    case StreamFormat::ShowBase:
    case StreamFormat::NoShowBase:
      F.ShowBase = Setting == StreamFormat::ShowBase;
      break;
    case StreamFormat::ShowPos:
    case StreamFormat::NoShowPos:
      F.ShowPos = Setting == StreamFormat::ShowPos;
      break;
    case StreamFormat::Fixed:
      F.FloatConversion = 'f';
      break;
    case StreamFormat::Scientific:
      F.FloatConversion = 'e';
      break;
    case StreamFormat::HexFloat:
      F.FloatConversion = 'a';
      break;
    case StreamFormat::DefaultFloat:
      F.FloatConversion = 'g';
      break;
    case StreamFormat::Precision:
      // As printf takes a negative precision: as if none was given.
      F.Precision = Argument < 0 ? 6 : Argument;
      break;
    case StreamFormat::Width:
      F.Width = std::max(Argument, 0);
      break;
    }
  });
}

void lanes::rt::streamFlush(StreamBuffer *S, uint64_t WorkItem) noexcept {
  Shard &Sh = shardOf(*S, WorkItem);
  std::unique_lock<std::mutex> Lock(Sh.Mutex);
  auto It = Sh.Items.find(WorkItem);
  if (It == Sh.Items.end())
    return;
  // Other threads may rehash the map once it is unlocked: keep a reference
  // to the entry (which stays put), not the iterator.
  WorkItemOutput &Out = It->second;
  Lock.unlock();
  try {
    moveToOutput(*S, Out);
  } catch (...) {
    // Out of memory growing the output: this flush is lost.
    std::lock_guard<std::mutex> OutputLock(S->OutputMutex);
    S->FlushDropped += Out.Pending.size();
    Out.Pending.clear();
  }
  if (!Out.Fmt.isDefault())
    return;
  Lock.lock();
  Sh.Items.erase(WorkItem);
}

void lanes::rt::streamFinish(StreamBuffer *S, const char *KernelName) noexcept {
  // The text work-items left pending, in work-item order.
  std::vector<std::pair<uint64_t, WorkItemOutput *>> Left;
  try {
    for (Shard &Sh : S->Shards)
      for (auto &[WorkItem, Out] : Sh.Items)
        if (!Out.Pending.empty())
          Left.emplace_back(WorkItem, &Out);
    std::sort(Left.begin(), Left.end());
    for (auto &Entry : Left)
      moveToOutput(*S, *Entry.second);
  } catch (...) {
    // Out of memory: what is already in the output is still written.
  }
  std::fwrite(S->Output.data(), 1, S->Output.size(), stdout);
  std::fflush(stdout);

  size_t WorkItemDropped = S->WorkItemDropped.exchange(0);
  if (WorkItemDropped || S->FlushDropped) {
    try {
      std::string Report =
          "lanes: sycl::stream of " + kernelPhrase(KernelName) + ": dropped";
      if (WorkItemDropped)
        Report += " " + std::to_string(WorkItemDropped) +
                  " bytes beyond the work-item buffer size (" +
                  std::to_string(S->WorkItemBytes) + " bytes between flushes)";
      if (WorkItemDropped && S->FlushDropped)
        Report += " and";
      if (S->FlushDropped)
        Report += " " + std::to_string(S->FlushDropped) +
                  " bytes of flushes beyond the total buffer size (" +
                  std::to_string(S->TotalBytes) + " bytes)";
      std::fprintf(stderr, "%s\n", Report.c_str());
    } catch (...) {
      std::fprintf(stderr, "lanes: sycl::stream: output was dropped\n");
    }
  }

  S->FlushDropped = 0;
  S->Output.clear();
  for (Shard &Sh : S->Shards)
    Sh.Items.clear();
}
