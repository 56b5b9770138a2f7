//===- sycl/stream.hpp - sycl::stream -------------------------------------===//
//
/// \file
/// SYCL 2020 4.16: text output from kernels. A stream is created in a
/// command group, `sycl::stream Out(TotalBytes, WorkItemBytes, cgh)`, and
/// captured by the kernel, which writes `Out << "x = " << x << sycl::endl`.
///
/// The kernel side is a call into the runtime per operand
/// (lanes::rt::streamText and friends, lanes/runtime.h), naming the calling
/// work-item by its linear id in the launch, which the builtins give: the
/// runtime keeps each work-item's pending text and format apart, so what a
/// work-item writes between two flushes comes out in one piece even when it
/// spans a barrier. Calls into the runtime are ordinary calls for the
/// kernel pipeline: they run in the work-item loops like any other code
/// (and keep a loop that contains one from being vectorized).
///
/// The handler owns the stream's buffer and writes its output to stdout
/// when the command has run (the runtime's streamFinish), so output is
/// there when submit returns. A stream is two sizes, a pointer and the
/// property list: trivially copyable, compared by the buffer it refers to.
///
/// Operands (SYCL 2020 4.16.2; the specification leaves the spelling of the
/// composite ones to the implementation): characters, strings (char
/// arrays, char * and const char *), bool (true, false), the integer and
/// floating-point types, pointers and multi_ptr (their address), vec
/// ({1, 2, 3}), id and range ({1, 2}), item, nd_item, nd_range, group and
/// h_item (their ids and ranges, named), and the manipulators. Any other
/// operand fails with a static_assert that lists these.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_STREAM_HPP
#define LANES_SYCL_STREAM_HPP

#include "lanes/builtins.h"
#include "lanes/runtime.h"
#include "sycl/group.hpp"
#include "sycl/h_item.hpp"
#include "sycl/handler.hpp"
#include "sycl/id.hpp"
#include "sycl/item.hpp"
#include "sycl/multi_ptr.hpp"
#include "sycl/nd_item.hpp"
#include "sycl/nd_range.hpp"
#include "sycl/property_list.hpp"
#include "sycl/range.hpp"
#include "sycl/vec.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <type_traits>

namespace lanes::detail {
struct StreamAccess;

/// What setprecision and setw return.
class PrecisionManipulator {
public:
  explicit PrecisionManipulator(int Precision) : Precision(Precision) {}
  int precision() const { return Precision; }

private:
  int Precision;
};
class WidthManipulator {
public:
  explicit WidthManipulator(int Width) : Width(Width) {}
  int width() const { return Width; }

private:
  int Width;
};
} // namespace lanes::detail

namespace sycl {
inline namespace _V1 {

/// SYCL 2020 4.16.3: the manipulators of a stream's format. Each one is
/// for the work-item that writes it and lasts until changed, except the
/// width (setw), which applies to the next operand only.
enum class stream_manipulator {
  flush,
  dec,
  hex,
  oct,
  noshowbase,
  showbase,
  noshowpos,
  showpos,
  endl,
  fixed,
  scientific,
  hexfloat,
  defaultfloat,
};

/// Ends the work-item's output unit: what it wrote since its last flush
/// goes to the stream's output, in one piece.
inline constexpr stream_manipulator flush = stream_manipulator::flush;
/// Integers in base 10 (the default), 16 or 8.
inline constexpr stream_manipulator dec = stream_manipulator::dec;
inline constexpr stream_manipulator hex = stream_manipulator::hex;
inline constexpr stream_manipulator oct = stream_manipulator::oct;
/// With or without 0x / 0 before non-decimal integers (default: without).
inline constexpr stream_manipulator noshowbase = stream_manipulator::noshowbase;
inline constexpr stream_manipulator showbase = stream_manipulator::showbase;
/// With or without + before non-negative numbers (default: without).
inline constexpr stream_manipulator noshowpos = stream_manipulator::noshowpos;
inline constexpr stream_manipulator showpos = stream_manipulator::showpos;
/// A newline, then a flush.
inline constexpr stream_manipulator endl = stream_manipulator::endl;
/// Floating point as printf's %f, %e, %a, or %g (the default).
inline constexpr stream_manipulator fixed = stream_manipulator::fixed;
inline constexpr stream_manipulator scientific = stream_manipulator::scientific;
inline constexpr stream_manipulator hexfloat = stream_manipulator::hexfloat;
inline constexpr stream_manipulator defaultfloat =
    stream_manipulator::defaultfloat;

/// Digits of floating-point output (default 6; negative: 6).
inline lanes::detail::PrecisionManipulator setprecision(int Precision) {
  return lanes::detail::PrecisionManipulator(Precision);
}
/// Minimum width of the next operand, right-aligned with spaces (of each of
/// its elements for vec, id, item, ...).
inline lanes::detail::WidthManipulator setw(int Width) {
  return lanes::detail::WidthManipulator(Width);
}

/// SYCL 2020 4.16.2: a buffered output stream for kernels. At most
/// \p TotalBufferSize bytes reach stdout per command group (a flush that
/// would exceed it is dropped whole); a work-item keeps at most
/// \p WorkItemBufferSize bytes between two flushes (the rest is dropped).
/// Dropped output is reported on stderr.
class stream {
public:
  stream(size_t TotalBufferSize, size_t WorkItemBufferSize, handler &CGH,
         const property_list &Props = {})
      : Buffer(CGH.addStream(TotalBufferSize, WorkItemBufferSize)),
        TotalBytes(TotalBufferSize), WorkItemBytes(WorkItemBufferSize),
        Props(Props) {}

  /// The total buffer size.
  size_t size() const noexcept { return TotalBytes; }
  /// Deprecated spelling of size().
  size_t get_size() const { return TotalBytes; }
  size_t get_work_item_buffer_size() const { return WorkItemBytes; }
  /// Deprecated spelling of get_work_item_buffer_size().
  size_t get_max_statement_size() const { return WorkItemBytes; }

  template <typename Prop> bool has_property() const noexcept {
    return Props.has_property<Prop>();
  }
  /// Throws errc::invalid when the stream was not given \p Prop.
  template <typename Prop> Prop get_property() const {
    return Props.get_property<Prop>();
  }

  /// Copies refer to the same stream.
  friend bool operator==(const stream &L, const stream &R) {
    return L.Buffer == R.Buffer;
  }
  friend bool operator!=(const stream &L, const stream &R) { return !(L == R); }

private:
  friend struct lanes::detail::StreamAccess;

  lanes::rt::StreamBuffer *Buffer;
  size_t TotalBytes;
  size_t WorkItemBytes;
  property_list Props;
};

} // namespace _V1
} // namespace sycl

namespace lanes::detail {

using rt::StreamPiece;

struct StreamAccess {
  static rt::StreamBuffer *buffer(const sycl::stream &S) { return S.Buffer; }
};

/// The linear id of the calling work-item in its launch (dimension 0
/// fastest): which of the runtime's per-work-item buffers it writes.
inline uint64_t streamWorkItem() {
  auto Global = [](unsigned Dim) {
    return uint64_t(__lanes_group_id(Dim)) * __lanes_local_size(Dim) +
           __lanes_local_id(Dim);
  };
  auto Size = [](unsigned Dim) {
    return uint64_t(__lanes_num_groups(Dim)) * __lanes_local_size(Dim);
  };
  return (Global(2) * Size(1) + Global(1)) * Size(0) + Global(0);
}

template <typename T> struct IsMultiPtr : std::false_type {};
template <typename T, sycl::access::address_space S, sycl::access::decorated D>
struct IsMultiPtr<sycl::multi_ptr<T, S, D>> : std::true_type {};

/// Whether T is a character: written as itself, not as a number.
template <typename T>
inline constexpr bool IsStreamChar =
    std::is_same_v<T, char> || std::is_same_v<T, signed char> ||
    std::is_same_v<T, unsigned char>;

/// Writes the operands of one `<<` for the calling work-item. Composite
/// operands are punctuation (StreamPiece::Literal) around fields; every
/// field but the last keeps the width (ElementField), the last is written
/// as the caller says (Field at the top, which resets the width).
class StreamWriter {
public:
  explicit StreamWriter(const sycl::stream &S)
      : Buffer(StreamAccess::buffer(S)), WorkItem(streamWorkItem()) {}

  template <typename T> void write(const T &Value, StreamPiece Last) const {
    if constexpr (std::is_same_v<T, sycl::stream_manipulator>)
      manipulate(Value);
    else if constexpr (std::is_same_v<T, PrecisionManipulator>)
      rt::streamFormat(Buffer, WorkItem, rt::StreamFormat::Precision,
                       Value.precision());
    else if constexpr (std::is_same_v<T, WidthManipulator>)
      rt::streamFormat(Buffer, WorkItem, rt::StreamFormat::Width,
                       Value.width());
    else if constexpr (std::is_same_v<T, bool>)
      string(Value ? "true" : "false", Last);
    else if constexpr (IsStreamChar<T>)
      rt::streamText(Buffer, WorkItem, reinterpret_cast<const char *>(&Value),
                     1, Last);
    else if constexpr (std::is_integral_v<T>)
      rt::streamInteger(Buffer, WorkItem, static_cast<uint64_t>(Value),
                        sizeof(T), std::is_signed_v<T>, Last);
    else if constexpr (std::is_floating_point_v<T>)
      rt::streamFloat(Buffer, WorkItem, static_cast<double>(Value), Last);
    else if constexpr (std::is_array_v<T> &&
                       std::is_same_v<std::remove_cv_t<std::remove_extent_t<T>>,
                                      char>)
      text(Value, boundedLength(Value, std::extent_v<T>), Last);
    else if constexpr (std::is_same_v<std::remove_cv_t<T>, char *> ||
                       std::is_same_v<std::remove_cv_t<T>, const char *>)
      string(Value, Last);
    else if constexpr (std::is_pointer_v<T>)
      rt::streamPointer(Buffer, WorkItem, address(Value), Last);
    else if constexpr (std::is_null_pointer_v<T>)
      rt::streamPointer(Buffer, WorkItem, nullptr, Last);
    else if constexpr (IsMultiPtr<T>::value)
      rt::streamPointer(Buffer, WorkItem, Value.get(), Last);
    else if constexpr (IsVec<T>)
      elements(Value, Value.size(), Last);
    else
      composite(Value, Last);
  }

private:
  void text(const char *Text, size_t Length, StreamPiece Piece) const {
    rt::streamText(Buffer, WorkItem, Text, Length, Piece);
  }
  void literal(const char *Text) const {
    text(Text, __builtin_strlen(Text), StreamPiece::Literal);
  }
  void string(const char *Text, StreamPiece Piece) const {
    if (!Text)
      Text = "(null)";
    text(Text, __builtin_strlen(Text), Piece);
  }
  /// Any pointer as the address the runtime prints.
  template <typename P> static const void *address(P *Pointer) {
    if constexpr (std::is_function_v<P>)
      return reinterpret_cast<const void *>(Pointer);
    else
      return const_cast<const void *>(
          static_cast<const volatile void *>(Pointer));
  }
  /// The length of the string in a char array that may lack the NUL.
  static size_t boundedLength(const char *Text, size_t Capacity) {
    size_t Length = 0;
    while (Length < Capacity && Text[Length])
      ++Length;
    return Length;
  }

  /// {a, b, c}: the first \p Count elements of \p Values.
  template <typename ArrayT>
  void elements(const ArrayT &Values, size_t Count, StreamPiece Last) const {
    literal("{");
    for (size_t I = 0; I < Count; ++I) {
      if (I)
        literal(", ");
      write(Values[static_cast<int>(I)],
            I + 1 == Count ? Last : StreamPiece::ElementField);
    }
    literal("}");
  }
  /// "Name: value" after the first part of a composite.
  template <typename T>
  void part(const char *Name, const T &Value, StreamPiece Piece) const {
    literal(Name);
    write(Value, Piece);
  }

  // The SYCL objects: ids and ranges as {a, b, c}, the others as
  // name(part: value, ...).
  template <int D>
  void composite(const sycl::id<D> &Value, StreamPiece Last) const {
    elements(Value, D, Last);
  }
  template <int D>
  void composite(const sycl::range<D> &Value, StreamPiece Last) const {
    elements(Value, D, Last);
  }
  template <int D>
  void composite(const sycl::item<D, true> &Value, StreamPiece Last) const {
    part("item(range: ", Value.get_range(), StreamPiece::ElementField);
    part(", id: ", Value.get_id(), StreamPiece::ElementField);
    part(", offset: ", Value.get_offset(), Last);
    literal(")");
  }
  template <int D>
  void composite(const sycl::item<D, false> &Value, StreamPiece Last) const {
    part("item(range: ", Value.get_range(), StreamPiece::ElementField);
    part(", id: ", Value.get_id(), Last);
    literal(")");
  }
  template <int D>
  void composite(const sycl::nd_item<D> &Value, StreamPiece Last) const {
    part("nd_item(global_id: ", Value.get_global_id(),
         StreamPiece::ElementField);
    part(", local_id: ", Value.get_local_id(), StreamPiece::ElementField);
    part(", group_id: ", Value.get_group().get_group_id(), Last);
    literal(")");
  }
  template <int D>
  void composite(const sycl::nd_range<D> &Value, StreamPiece Last) const {
    part("nd_range(global_range: ", Value.get_global_range(),
         StreamPiece::ElementField);
    part(", local_range: ", Value.get_local_range(), StreamPiece::ElementField);
    part(", offset: ", Value.get_offset(), Last);
    literal(")");
  }
  template <int D>
  void composite(const sycl::group<D> &Value, StreamPiece Last) const {
    part("group(id: ", Value.get_group_id(), StreamPiece::ElementField);
    part(", global_range: ", Value.get_global_range(),
         StreamPiece::ElementField);
    part(", local_range: ", Value.get_local_range(), StreamPiece::ElementField);
    part(", group_range: ", Value.get_group_range(), Last);
    literal(")");
  }
  template <int D>
  void composite(const sycl::h_item<D> &Value, StreamPiece Last) const {
    part("h_item(global: ", Value.get_global(), StreamPiece::ElementField);
    part(", logical_local: ", Value.get_logical_local(),
         StreamPiece::ElementField);
    part(", physical_local: ", Value.get_physical_local(), Last);
    literal(")");
  }
  /// Anything else.
  template <typename T> void composite(const T &, StreamPiece) const {
    static_assert(AlwaysFalse<T>,
                  "sycl::stream cannot write this type: it writes char, "
                  "strings (char arrays, char *, const char *), bool, "
                  "integers, float, double, pointers, multi_ptr, vec, id, "
                  "range, item, nd_item, nd_range, group, h_item and the "
                  "stream manipulators");
  }

  void manipulate(sycl::stream_manipulator M) const {
    using rt::StreamFormat;
    using sycl::stream_manipulator;
    switch (M) {
    case stream_manipulator::flush:
      rt::streamFlush(Buffer, WorkItem);
      return;
    case stream_manipulator::endl:
      literal("\n");
      rt::streamFlush(Buffer, WorkItem);
      return;
    case stream_manipulator::dec:
      return format(StreamFormat::Dec);
    case stream_manipulator::hex:
      return format(StreamFormat::Hex);
    case stream_manipulator::oct:
      return format(StreamFormat::Oct);
    case stream_manipulator::noshowbase:
      return format(StreamFormat::NoShowBase);
    case stream_manipulator::showbase:
      return format(StreamFormat::ShowBase);
    case stream_manipulator::noshowpos:
      return format(StreamFormat::NoShowPos);
    case stream_manipulator::showpos:
      return format(StreamFormat::ShowPos);
    case stream_manipulator::fixed:
      return format(StreamFormat::Fixed);
    case stream_manipulator::scientific:
      return format(StreamFormat::Scientific);
    case stream_manipulator::hexfloat:
      return format(StreamFormat::HexFloat);
    case stream_manipulator::defaultfloat:
      return format(StreamFormat::DefaultFloat);
    }
  }
  void format(rt::StreamFormat Setting) const {
    rt::streamFormat(Buffer, WorkItem, Setting, 0);
  }

  rt::StreamBuffer *Buffer;
  uint64_t WorkItem;
};

} // namespace lanes::detail

namespace std {
/// Copies of a stream hash alike.
template <> struct hash<sycl::stream> {
  size_t operator()(const sycl::stream &S) const noexcept {
    return hash<const void *>()(lanes::detail::StreamAccess::buffer(S));
  }
};
} // namespace std

namespace sycl {
inline namespace _V1 {

/// Writes \p Value for the calling work-item.
template <typename T>
const stream &operator<<(const stream &Out, const T &Value) {
  lanes::detail::StreamWriter(Out).write(Value, lanes::rt::StreamPiece::Field);
  return Out;
}

} // namespace _V1
} // namespace sycl

#endif // LANES_SYCL_STREAM_HPP
