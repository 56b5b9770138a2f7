//===- lanes/detail/box_copy.hpp - Copying boxes of row-major arrays ------===//
//
/// \file
/// The host side of the handler's explicit memory commands on accessors
/// (SYCL 2020 4.9.4.3: copy, fill). A ranged accessor of a 2-D or 3-D
/// buffer sees a box that is not contiguous in memory; a ByteBox describes
/// it as rows of contiguous bytes (merging rows that follow each other, so
/// a whole buffer is a single row). Copies walk a source and a destination
/// box together in linear (row-major) order and move the longest run that
/// is contiguous on both sides with one memmove; the two boxes may have
/// different shapes, as handler::copy between accessors allows.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_DETAIL_BOX_COPY_HPP
#define LANES_DETAIL_BOX_COPY_HPP

#include <algorithm>
#include <cstddef>
#include <cstring>

namespace lanes::detail {

/// A box inside a row-major array, as rows of contiguous bytes.
struct ByteBox {
  char *Origin = nullptr; ///< the first byte of the first row
  size_t RowBytes = 0;    ///< bytes in one contiguous row
  size_t Rows = 0;
  size_t RowsPerPlane = 1;
  size_t RowStride = 0;   ///< bytes from one row to the next in a plane
  size_t PlaneStride = 0; ///< bytes from one plane to the next

  size_t bytes() const { return RowBytes * Rows; }
  char *row(size_t R) const {
    return Origin + R / RowsPerPlane * PlaneStride + R % RowsPerPlane * RowStride;
  }

  /// \p Bytes contiguous bytes at \p Data.
  static ByteBox contiguous(const void *Data, size_t Bytes) {
    ByteBox Box;
    Box.Origin = static_cast<char *>(const_cast<void *>(Data));
    Box.RowBytes = Bytes;
    Box.Rows = Bytes ? 1 : 0;
    return Box;
  }

  /// \p Rows rows of \p RowBytes bytes, \p PitchBytes apart, from \p Data
  /// (the 2-D USM commands of sycl_ext_oneapi_memcpy2d).
  static ByteBox pitched(const void *Data, size_t RowBytes, size_t Rows,
                         size_t PitchBytes) {
    if (Rows <= 1 || RowBytes == PitchBytes)
      return contiguous(Data, RowBytes * Rows);
    ByteBox Box = contiguous(Data, RowBytes);
    Box.Rows = RowBytes ? Rows : 0;
    Box.PlaneStride = PitchBytes;
    return Box;
  }

  /// The box of extents \p Access starting at \p Origin in a Dims-dimensional
  /// array of extents \p Memory, with \p ElemBytes-byte elements.
  template <int Dims, typename RangeT>
  static ByteBox of(const void *Origin, const RangeT &Memory,
                    const RangeT &Access, size_t ElemBytes) {
    // Pad to three dimensions with leading extents of 1.
    size_t M[3] = {1, 1, 1}, A[3] = {1, 1, 1};
    for (int I = 0; I < Dims; ++I) {
      M[3 - Dims + I] = Memory[I];
      A[3 - Dims + I] = Access[I];
    }
    ByteBox Box = contiguous(Origin, A[2] * ElemBytes);
    if (A[0] * A[1] * A[2] == 0)
      return contiguous(Origin, 0);
    Box.RowsPerPlane = A[1];
    Box.Rows = A[0] * A[1];
    Box.RowStride = M[2] * ElemBytes;
    Box.PlaneStride = M[1] * M[2] * ElemBytes;
    if (A[2] == M[2]) {
      // Whole rows: the rows of a plane are one run, and whole planes make
      // the box a single run.
      Box.RowBytes *= A[1];
      Box.RowsPerPlane = 1;
      Box.Rows = A[0];
      if (A[1] == M[1]) {
        Box.RowBytes *= A[0];
        Box.Rows = 1;
      }
    }
    return Box;
  }
};

/// Copies the bytes of \p Src, in linear order, to the first Src.bytes()
/// bytes of \p Dest (which must hold at least as many).
inline void copyBox(const ByteBox &Src, const ByteBox &Dest) {
  size_t SrcRow = 0, SrcAt = 0, DestRow = 0, DestAt = 0;
  for (size_t Left = Src.bytes(); Left;) {
    size_t Run = std::min(Src.RowBytes - SrcAt, Dest.RowBytes - DestAt);
    std::memmove(Dest.row(DestRow) + DestAt, Src.row(SrcRow) + SrcAt, Run);
    Left -= Run;
    SrcAt += Run;
    DestAt += Run;
    if (SrcAt == Src.RowBytes) {
      ++SrcRow;
      SrcAt = 0;
    }
    if (DestAt == Dest.RowBytes) {
      ++DestRow;
      DestAt = 0;
    }
  }
}

/// Writes \p Value to every element of \p Box (whose elements are T).
template <typename T> void fillBox(const ByteBox &Box, const T &Value) {
  for (size_t R = 0; R < Box.Rows; ++R) {
    T *Row = reinterpret_cast<T *>(Box.row(R));
    std::fill(Row, Row + Box.RowBytes / sizeof(T), Value);
  }
}

} // namespace lanes::detail

#endif // LANES_DETAIL_BOX_COPY_HPP
