//===- lanes/detail/buffer_storage.hpp - The memory behind sycl::buffer ---===//
//
/// \file
/// One BufferStorage holds the bytes of one SYCL buffer (SYCL 2020 4.7.2)
/// and is shared, through std::shared_ptr, by every handle that refers to
/// them: buffer copies, sub-buffers, reinterpreted buffers, host accessors
/// and the handler of a command group that uses the buffer. The last owner
/// to go away runs the buffer's write-back, so destruction order cannot
/// lose data: a host_accessor or a pending command keeps the storage alive
/// after the user's last buffer handle is gone.
///
/// Lanes runs every command before submit() returns, so there is nothing to
/// wait for and no copy to a device: the storage is host memory (owned, from
/// the buffer's allocator, or the user's own memory with use_host_ptr), the
/// host data is copied in once at construction and written back once, when
/// the storage dies.
///
/// Write-back follows SYCL 2020 4.7.2.3: the data goes to the final-data
/// destination only if a write accessor was created on the buffer, unless
/// set_write_back(true) forces it or set_write_back(false) cancels it.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_DETAIL_BUFFER_STORAGE_HPP
#define LANES_DETAIL_BUFFER_STORAGE_HPP

#include "sycl/exception.hpp"

#include <cstddef>
#include <functional>
#include <limits>
#include <memory>
#include <string>
#include <utility>

namespace lanes::detail {

/// Throws errc::memory_allocation: \p What's \p Range of elements of
/// \p ElementSize bytes is more bytes than a size_t counts. Out of line,
/// so that checkedBytes inlines into command groups and folds away.
template <typename RangeT>
[[noreturn, gnu::noinline, gnu::cold]] void
throwTooManyBytes(const RangeT &Range, size_t ElementSize, const char *What) {
  std::string Shape;
  for (int I = 0; I < RangeT::dimensions; ++I)
    Shape += (I ? ", " : "{") + std::to_string(Range[I]);
  throw sycl::exception(sycl::make_error_code(sycl::errc::memory_allocation),
                        std::string(What) + ": a range of " + Shape +
                            "} elements of " + std::to_string(ElementSize) +
                            " bytes is more bytes than a size_t counts");
}

/// The bytes of an array of \p Range elements of \p ElementSize bytes.
/// Throws errc::memory_allocation, naming \p What, when they do not fit in
/// a size_t (where range::size() would wrap around).
template <typename RangeT>
size_t checkedBytes(const RangeT &Range, size_t ElementSize, const char *What) {
  size_t Bytes = ElementSize;
  bool Overflow = false;
  for (int I = 0; I < RangeT::dimensions; ++I) {
    if (Range[I] == 0)
      return 0;
    Overflow |= Bytes > std::numeric_limits<size_t>::max() / Range[I];
    Bytes *= Range[I];
  }
  if (Overflow)
    throwTooManyBytes(Range, ElementSize, What);
  return Bytes;
}

/// The bytes of one buffer and where they go when the last owner is gone.
/// Not thread-safe beyond std::shared_ptr's own reference count: SYCL
/// gives buffers to one command group at a time.
class BufferStorage : public std::enable_shared_from_this<BufferStorage> {
public:
  /// Frees the memory a storage owns; empty when the memory is the user's.
  using Release = std::function<void(void *)>;
  /// Copies the buffer's bytes to the final-data destination.
  using FinalData = std::function<void(const void *)>;

  /// Storage of \p Bytes bytes at \p Data, freed by \p Free (if any).
  BufferStorage(void *Data, size_t Bytes, Release Free)
      : Data(Data), Bytes(Bytes), Free(std::move(Free)) {}
  BufferStorage(const BufferStorage &) = delete;
  BufferStorage &operator=(const BufferStorage &) = delete;
  ~BufferStorage() {
    bool Write = WriteBack == WriteBackMode::Forced ||
                 (WriteBack == WriteBackMode::IfWritten && Written);
    if (Write && Final)
      Final(Data);
    if (Free)
      Free(Data);
  }

  void *data() const { return Data; }
  size_t bytes() const { return Bytes; }

  /// Sets (or, with an empty function, clears) where the data goes.
  void setFinalData(FinalData Destination) { Final = std::move(Destination); }
  /// set_write_back(\p Flag): force or cancel the write-back.
  void setWriteBack(bool Flag) {
    WriteBack = Flag ? WriteBackMode::Forced : WriteBackMode::Never;
  }
  /// Records that an accessor that may write was created.
  void markWritten() { Written = true; }

private:
  enum class WriteBackMode { IfWritten, Forced, Never };

  void *Data;
  size_t Bytes;
  Release Free;
  FinalData Final;
  WriteBackMode WriteBack = WriteBackMode::IfWritten;
  bool Written = false;
};

/// What accessors need of a buffer and users must not see.
struct BufferAccess {
  /// The buffer's first element.
  template <typename BufferT> static auto *data(const BufferT &Buf) {
    return Buf.data();
  }
  template <typename BufferT>
  static const std::shared_ptr<BufferStorage> &storage(const BufferT &Buf) {
    return Buf.Storage;
  }
};

/// Throws errc::invalid with \p Message.
[[noreturn]] inline void throwInvalid(const std::string &Message) {
  throw sycl::exception(sycl::make_error_code(sycl::errc::invalid), Message);
}

/// "{a, b, c}": a range or id for an error message.
template <int Dims, typename ArrayT>
std::string formatIndex(const ArrayT &Values) {
  std::string Text = "{";
  for (int I = 0; I < Dims; ++I)
    Text += (I ? ", " : "") + std::to_string(Values[I]);
  return Text + "}";
}

/// Throws errc::invalid, naming \p What, unless \p Offset + \p Range lies
/// inside \p Whole in every dimension.
template <int Dims, typename RangeT, typename IdT>
void checkSubRange(const char *What, const RangeT &Whole, const RangeT &Range,
                   const IdT &Offset) {
  for (int I = 0; I < Dims; ++I) {
    // Written so that a huge offset cannot wrap around.
    if (Range[I] <= Whole[I] && Offset[I] <= Whole[I] - Range[I])
      continue;
    throwInvalid(std::string(What) + ": range " + formatIndex<Dims>(Range) +
                 " at offset " + formatIndex<Dims>(Offset) +
                 " exceeds the buffer range " + formatIndex<Dims>(Whole) +
                 " in dimension " + std::to_string(I));
  }
}

} // namespace lanes::detail

#endif // LANES_DETAIL_BUFFER_STORAGE_HPP
