//===- sycl/image.hpp - unsampled_image, sampled_image, image -------------===//
//
/// \file
/// SYCL 2020 4.7.3: images, and the SYCL 1.2.1 image class that SYCL 2020
/// deprecates. Like buffers (sycl/buffer.hpp), an image is a handle to a
/// lanes::detail::BufferStorage that copies share; the last handle, host
/// accessor or command group that uses it runs the write-back. The storage
/// holds the texels with the image's row and slice pitches, so host data
/// (laid out with the same pitches) is copied in and written back with one
/// memcpy each.
///
/// An unsampled_image is read and written through integer coordinates; a
/// sampled_image is read-only, made from host data and an image_sampler
/// that fixes how its reads filter and address (lanes/detail/image_sampling
/// .hpp). A SYCL 1.2.1 image has a channel order and type in place of a
/// format (lanes/detail/image_texel.hpp) and is read with or without a
/// sampler given to each read. The get_access members return the accessors
/// of sycl/image_accessor.hpp; include <sycl/sycl.hpp>.
///
/// Errors (errc::invalid, thrown by the constructors): a range with a zero
/// extent or one above INT_MAX (coordinates are ints), a pitch smaller than
/// a row (or a slice), a null host pointer for a sampled_image, a sampler
/// that repeats or mirrors unnormalized coordinates, and a channel order
/// and type that OpenCL 1.2 does not pair. A null host pointer for an
/// unsampled_image or image gives uninitialized texels, as for buffers.
/// Not implemented: the image properties (use_host_ptr, use_mutex,
/// context_bound), image arrays and mipmaps of SYCL 2020.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_IMAGE_HPP
#define LANES_SYCL_IMAGE_HPP

#include "lanes/detail/buffer_storage.hpp"
#include "lanes/detail/identity_hash.hpp"
#include "lanes/detail/image_sampling.hpp"
#include "sycl/access.hpp"
#include "sycl/image_sampler.hpp"
#include "sycl/property_list.hpp"
#include "sycl/range.hpp"
#include "sycl/usm.hpp"

#include <algorithm>
#include <climits>
#include <cstddef>
#include <cstring>
#include <memory>
#include <new>
#include <string>
#include <type_traits>
#include <utility>

namespace sycl {
inline namespace _V1 {

class handler;
template <typename DataT, int Dims, access_mode Mode, image_target Target>
class unsampled_image_accessor;
template <typename DataT, int Dims, access_mode Mode>
class host_unsampled_image_accessor;
template <typename DataT, int Dims, image_target Target>
class sampled_image_accessor;
template <typename DataT, int Dims> class host_sampled_image_accessor;
template <typename DataT, int Dims, access_mode Mode, target Target,
          access::placeholder IsPlaceholder>
class accessor;

/// SYCL 2020 4.7.1.1: the default allocator of images, of std::byte: 64-byte
/// aligned host memory, like buffer_allocator.
class image_allocator {
public:
  using value_type = std::byte;
  template <typename U> struct rebind { using other = image_allocator; };

  /// Throws std::bad_alloc when there is no memory.
  std::byte *allocate(size_t Count) {
    void *Data = detail_usm::allocate(detail_usm::DefaultAlignment, Count);
    if (!Data)
      throw std::bad_alloc();
    return static_cast<std::byte *>(Data);
  }
  void deallocate(std::byte *Data, size_t) noexcept { std::free(Data); }

  friend bool operator==(const image_allocator &, const image_allocator &) {
    return true;
  }
  friend bool operator!=(const image_allocator &, const image_allocator &) {
    return false;
  }
};

} // namespace _V1
} // namespace sycl

namespace lanes::detail {

/// The write-back destination for an image's \p Bytes bytes: nothing, a
/// weak or shared pointer (not once it has expired), a pointer, or an
/// output iterator that takes bytes.
inline BufferStorage::FinalData imageFinalData(std::nullptr_t, size_t) {
  return {};
}
template <typename T>
BufferStorage::FinalData imageFinalData(std::weak_ptr<T> Dest, size_t Bytes) {
  return [Dest, Bytes](const void *Data) {
    if (auto Live = Dest.lock())
      std::memcpy(Live.get(), Data, Bytes);
  };
}
template <typename T>
BufferStorage::FinalData imageFinalData(const std::shared_ptr<T> &Dest,
                                        size_t Bytes) {
  return imageFinalData(std::weak_ptr<T>(Dest), Bytes);
}
template <typename T>
BufferStorage::FinalData imageFinalData(T *Dest, size_t Bytes) {
  static_assert(!std::is_const_v<T>, "set_final_data needs writable memory");
  return [Dest, Bytes](const void *Data) { std::memcpy(Dest, Data, Bytes); };
}
template <typename OutputIt>
BufferStorage::FinalData imageFinalData(OutputIt Dest, size_t Bytes) {
  return [Dest, Bytes](const void *Data) {
    std::copy_n(static_cast<const unsigned char *>(Data), Bytes, Dest);
  };
}

/// What unsampled_image and sampled_image share: the storage, its shape
/// and the property list. \p Who names the class in error messages.
template <int Dims, typename AllocatorT> class ImageBase {
  static_assert(Dims >= 1 && Dims <= 3, "SYCL images have 1, 2 or 3 "
                                        "dimensions");
  using Traits = typename std::allocator_traits<
      AllocatorT>::template rebind_traits<std::byte>;

public:
  /// The pitches' range: Dims - 1 dimensions (1 for 1-D images, which
  /// have no pitch).
  static constexpr int PitchDims = Dims > 1 ? Dims - 1 : 1;

  sycl::range<Dims> get_range() const { return Range; }
  /// The row pitch (2-D) or the row and slice pitches (3-D), in bytes.
  template <int N = Dims, std::enable_if_t<(N > 1), int> = 0>
  sycl::range<PitchDims> get_pitch() const {
    if constexpr (Dims == 2)
      return sycl::range<PitchDims>(View.RowPitch);
    else
      return sycl::range<PitchDims>(View.RowPitch, View.SlicePitch);
  }
  /// Number of texels.
  size_t size() const noexcept { return Range.size(); }
  /// Bytes of storage, pitches included.
  size_t byte_size() const noexcept { return Storage->bytes(); }
  AllocatorT get_allocator() const { return Alloc; }

  template <typename Prop> bool has_property() const noexcept {
    return Props.template has_property<Prop>();
  }
  template <typename Prop> Prop get_property() const {
    return Props.template get_property<Prop>();
  }

protected:
  friend struct ImageAccess;

  /// An image of \p Format and \p Range, with \p Pitch (null: rows and
  /// slices packed), holding a copy of \p Host (if not null).
  ImageBase(const char *Who, const void *Host, const TexelFormat &Format,
            const sycl::range<Dims> &Range, const sycl::range<PitchDims> *Pitch,
            AllocatorT Alloc, const sycl::property_list &Props)
      : Range(Range), Alloc(Alloc), Props(Props) {
    View.Format = Format;
    View.Sampler = {};
    shape(Who, Pitch);
    Storage = allocate(Who, View.bytes());
    if (Host)
      std::memcpy(Storage->data(), Host, Storage->bytes());
    View.Data = static_cast<unsigned char *>(Storage->data());
  }

  bool sameImage(const ImageBase &Other) const {
    return Storage == Other.Storage;
  }

  std::shared_ptr<BufferStorage> Storage;
  sycl::range<Dims> Range;
  AllocatorT Alloc;
  sycl::property_list Props;
  ImageView View;

private:
  /// Checks the range and pitches and fills in View's extents and pitches.
  void shape(const char *Who, const sycl::range<PitchDims> *Pitch) {
    for (int D = 0; D < Dims; ++D)
      if (Range[D] == 0 || Range[D] > size_t(INT_MAX))
        throwInvalid(std::string(Who) + ": the range " +
                     formatIndex<Dims>(Range) + " has an extent of " +
                     std::to_string(Range[D]) + " in dimension " +
                     std::to_string(D) + "; extents must be 1 to INT_MAX");
    for (int D = 0; D < 3; ++D)
      View.Extent[D] = D < Dims ? int(Range[D]) : 1;
    size_t Row = size_t(View.Extent[0]) * View.Format.Bytes;
    View.RowPitch = Pitch ? (*Pitch)[0] : Row;
    if (View.RowPitch < Row)
      throwInvalid(std::string(Who) + ": the row pitch " +
                   std::to_string(View.RowPitch) +
                   " is smaller than a row of " + std::to_string(Range[0]) +
                   " texels (" + std::to_string(Row) + " bytes)");
    size_t Slice = View.RowPitch * size_t(View.Extent[1]);
    View.SlicePitch = Pitch && Dims > 2 ? (*Pitch)[PitchDims - 1] : Slice;
    if (View.SlicePitch < Slice)
      throwInvalid(std::string(Who) + ": the slice pitch " +
                   std::to_string(View.SlicePitch) +
                   " is smaller than a slice of " + std::to_string(Range[1]) +
                   " rows (" + std::to_string(Slice) + " bytes)");
  }
  std::shared_ptr<BufferStorage> allocate(const char *Who, size_t Bytes) {
    typename Traits::allocator_type Owner(Alloc);
    std::byte *Data;
    try {
      Data = Traits::allocate(Owner, Bytes);
    } catch (const std::bad_alloc &) {
      throw sycl::exception(
          sycl::make_error_code(sycl::errc::memory_allocation),
          std::string(Who) + ": cannot allocate " + std::to_string(Bytes) +
              " bytes");
    }
    return std::make_shared<BufferStorage>(
        Data, Bytes, [Owner, Bytes](void *Memory) mutable {
          Traits::deallocate(Owner, static_cast<std::byte *>(Memory), Bytes);
        });
  }
};

/// What image accessors need of an image and users must not see.
struct ImageAccess {
  template <typename ImageT> static const ImageView &view(const ImageT &Img) {
    return Img.View;
  }
  template <typename ImageT>
  static const std::shared_ptr<BufferStorage> &storage(const ImageT &Img) {
    return Img.Storage;
  }
};

/// The images that kernels may write (unsampled_image and the SYCL 1.2.1
/// image): set_final_data and set_write_back, and the write-back to the
/// host data they were made from.
template <int Dims, typename AllocatorT>
class WritableImage : public ImageBase<Dims, AllocatorT> {
public:
  /// Where the texels go when the image dies: a pointer, an output
  /// iterator of bytes, a std::weak_ptr or std::shared_ptr (skipped once
  /// it has expired), or nullptr for nowhere.
  template <typename Destination = std::nullptr_t>
  void set_final_data(Destination Dest = nullptr) {
    this->Storage->setFinalData(
        imageFinalData(std::move(Dest), this->byte_size()));
  }
  /// Forces (true) or cancels (false) the write-back.
  void set_write_back(bool Flag = true) { this->Storage->setWriteBack(Flag); }

protected:
  using ImageBase<Dims, AllocatorT>::ImageBase;

  void writeBackTo(void *Host) {
    if (Host)
      set_final_data(Host);
  }
  void writeBackShared(const std::shared_ptr<void> &Host) {
    if (!Host)
      return;
    // As for buffers (SYCL 2020 4.7.2.3): no write-back once the
    // application has let go of the data.
    size_t Bytes = this->byte_size();
    this->Storage->setFinalData([Host, Bytes](const void *Data) {
      if (Host.use_count() > 1)
        std::memcpy(Host.get(), Data, Bytes);
    });
  }
};

} // namespace lanes::detail

namespace sycl {
inline namespace _V1 {

/// SYCL 2020 4.7.3.1: a Dims-dimensional image read and written by texel
/// through unsampled image accessors. Copies are handles to the same
/// texels.
template <int Dims = 1, typename AllocatorT = image_allocator>
class unsampled_image : public lanes::detail::WritableImage<Dims, AllocatorT> {
  using Base = lanes::detail::WritableImage<Dims, AllocatorT>;
  using Base::PitchDims;
  template <int N>
  using EnableIfPitch = std::enable_if_t<(N > 1) && N == Dims, int>;
  static constexpr const char *Who = "unsampled_image";

public:
  /// Uninitialized texels; no write-back unless set_final_data is called.
  unsampled_image(image_format Format, const range<Dims> &Range,
                  const property_list &Props = {})
      : unsampled_image(Format, Range, AllocatorT(), Props) {}
  unsampled_image(image_format Format, const range<Dims> &Range,
                  AllocatorT Alloc, const property_list &Props = {})
      : Base(Who, nullptr, lanes::detail::texelFormat(Format), Range, nullptr,
             Alloc, Props) {}
  template <int N = Dims, EnableIfPitch<N> = 0>
  unsampled_image(image_format Format, const range<Dims> &Range,
                  const range<PitchDims> &Pitch,
                  const property_list &Props = {})
      : unsampled_image(Format, Range, Pitch, AllocatorT(), Props) {}
  template <int N = Dims, EnableIfPitch<N> = 0>
  unsampled_image(image_format Format, const range<Dims> &Range,
                  const range<PitchDims> &Pitch, AllocatorT Alloc,
                  const property_list &Props = {})
      : Base(Who, nullptr, lanes::detail::texelFormat(Format), Range, &Pitch,
             Alloc, Props) {}

  /// A copy of the texels at \p Host (laid out with the image's pitches),
  /// written back there when the image dies if it was written. A null
  /// \p Host gives uninitialized texels and no write-back.
  unsampled_image(void *Host, image_format Format, const range<Dims> &Range,
                  const property_list &Props = {})
      : unsampled_image(Host, Format, Range, AllocatorT(), Props) {}
  unsampled_image(void *Host, image_format Format, const range<Dims> &Range,
                  AllocatorT Alloc, const property_list &Props = {})
      : Base(Who, Host, lanes::detail::texelFormat(Format), Range, nullptr,
             Alloc, Props) {
    this->writeBackTo(Host);
  }
  template <int N = Dims, EnableIfPitch<N> = 0>
  unsampled_image(void *Host, image_format Format, const range<Dims> &Range,
                  const range<PitchDims> &Pitch,
                  const property_list &Props = {})
      : unsampled_image(Host, Format, Range, Pitch, AllocatorT(), Props) {}
  template <int N = Dims, EnableIfPitch<N> = 0>
  unsampled_image(void *Host, image_format Format, const range<Dims> &Range,
                  const range<PitchDims> &Pitch, AllocatorT Alloc,
                  const property_list &Props = {})
      : Base(Who, Host, lanes::detail::texelFormat(Format), Range, &Pitch,
             Alloc, Props) {
    this->writeBackTo(Host);
  }

  /// The texels of \p Host, shared with the application: written back if
  /// the application still holds them when the image dies.
  unsampled_image(std::shared_ptr<void> &Host, image_format Format,
                  const range<Dims> &Range, const property_list &Props = {})
      : unsampled_image(Host, Format, Range, AllocatorT(), Props) {}
  unsampled_image(std::shared_ptr<void> &Host, image_format Format,
                  const range<Dims> &Range, AllocatorT Alloc,
                  const property_list &Props = {})
      : Base(Who, Host.get(), lanes::detail::texelFormat(Format), Range,
             nullptr, Alloc, Props) {
    this->writeBackShared(Host);
  }
  template <int N = Dims, EnableIfPitch<N> = 0>
  unsampled_image(std::shared_ptr<void> &Host, image_format Format,
                  const range<Dims> &Range, const range<PitchDims> &Pitch,
                  const property_list &Props = {})
      : unsampled_image(Host, Format, Range, Pitch, AllocatorT(), Props) {}
  template <int N = Dims, EnableIfPitch<N> = 0>
  unsampled_image(std::shared_ptr<void> &Host, image_format Format,
                  const range<Dims> &Range, const range<PitchDims> &Pitch,
                  AllocatorT Alloc, const property_list &Props = {})
      : Base(Who, Host.get(), lanes::detail::texelFormat(Format), Range, &Pitch,
             Alloc, Props) {
    this->writeBackShared(Host);
  }

  /// A device (or host task) accessor in command group \p CGH. The
  /// default mode read_write is a Lanes extension for device accessors.
  template <typename DataT,
            access_mode Mode = (std::is_const_v<DataT>
                                    ? access_mode::read
                                    : access_mode::read_write),
            image_target Target = image_target::device>
  unsampled_image_accessor<DataT, Dims, Mode, Target>
  get_access(handler &CGH, const property_list &Props = {}) {
    return {*this, CGH, Props};
  }
  /// A host accessor.
  template <typename DataT, access_mode Mode = (std::is_const_v<DataT>
                                                    ? access_mode::read
                                                    : access_mode::read_write)>
  host_unsampled_image_accessor<DataT, Dims, Mode>
  get_host_access(const property_list &Props = {}) {
    return {*this, Props};
  }

  friend bool operator==(const unsampled_image &L, const unsampled_image &R) {
    return L.sameImage(R);
  }
  friend bool operator!=(const unsampled_image &L, const unsampled_image &R) {
    return !(L == R);
  }
};

/// SYCL 2020 4.7.3.2: a read-only Dims-dimensional image made from host
/// data, read through its sampler by sampled image accessors.
template <int Dims = 1, typename AllocatorT = image_allocator>
class sampled_image : public lanes::detail::ImageBase<Dims, AllocatorT> {
  using Base = lanes::detail::ImageBase<Dims, AllocatorT>;
  using Base::PitchDims;
  template <int N>
  using EnableIfPitch = std::enable_if_t<(N > 1) && N == Dims, int>;
  static constexpr const char *Who = "sampled_image";

public:
  /// A copy of the texels at \p Host (not null), laid out with the
  /// image's pitches; throws errc::invalid for a null \p Host or a sampler
  /// that repeats or mirrors unnormalized coordinates.
  sampled_image(const void *Host, image_format Format, image_sampler Sampler,
                const range<Dims> &Range, const property_list &Props = {})
      : Base(Who, checkHost(Host), lanes::detail::texelFormat(Format), Range,
             nullptr, AllocatorT(), Props) {
    setSampler(Sampler);
  }
  template <int N = Dims, EnableIfPitch<N> = 0>
  sampled_image(const void *Host, image_format Format, image_sampler Sampler,
                const range<Dims> &Range, const range<PitchDims> &Pitch,
                const property_list &Props = {})
      : Base(Who, checkHost(Host), lanes::detail::texelFormat(Format), Range,
             &Pitch, AllocatorT(), Props) {
    setSampler(Sampler);
  }
  sampled_image(std::shared_ptr<const void> &Host, image_format Format,
                image_sampler Sampler, const range<Dims> &Range,
                const property_list &Props = {})
      : sampled_image(Host.get(), Format, Sampler, Range, Props) {}
  template <int N = Dims, EnableIfPitch<N> = 0>
  sampled_image(std::shared_ptr<const void> &Host, image_format Format,
                image_sampler Sampler, const range<Dims> &Range,
                const range<PitchDims> &Pitch, const property_list &Props = {})
      : sampled_image(Host.get(), Format, Sampler, Range, Pitch, Props) {}

  /// A device (or host task) accessor in command group \p CGH.
  template <typename DataT, image_target Target = image_target::device>
  sampled_image_accessor<DataT, Dims, Target>
  get_access(handler &CGH, const property_list &Props = {}) {
    return {*this, CGH, Props};
  }
  /// A host accessor.
  template <typename DataT>
  host_sampled_image_accessor<DataT, Dims>
  get_host_access(const property_list &Props = {}) {
    return {*this, Props};
  }

  friend bool operator==(const sampled_image &L, const sampled_image &R) {
    return L.sameImage(R);
  }
  friend bool operator!=(const sampled_image &L, const sampled_image &R) {
    return !(L == R);
  }

private:
  static const void *checkHost(const void *Host) {
    if (!Host)
      lanes::detail::throwInvalid(
          "sampled_image: the host pointer is null; a sampled image is "
          "made from host data");
    return Host;
  }
  void setSampler(const image_sampler &Sampler) {
    bool Wraps = Sampler.addressing == addressing_mode::repeat ||
                 Sampler.addressing == addressing_mode::mirrored_repeat;
    if (Wraps &&
        Sampler.coordinate == coordinate_normalization_mode::unnormalized)
      lanes::detail::throwInvalid(
          std::string("sampled_image: addressing_mode::") +
          (Sampler.addressing == addressing_mode::repeat ? "repeat"
                                                         : "mirrored_repeat") +
          " needs normalized coordinates (OpenCL 1.2 section 8.2)");
    this->View.Sampler = Sampler;
  }
};

/// SYCL 1.2.1 4.7.3 (deprecated in SYCL 2020, which keeps it): a
/// Dims-dimensional image of a channel order and type, read and written
/// through accessor<DataT, Dims, Mode, target::image> (reads with or
/// without a sampler), target::host_image and, one layer at a time,
/// target::image_array. Copies are handles to the same texels.
template <int Dims = 1, typename AllocatorT = image_allocator>
class image : public lanes::detail::WritableImage<Dims, AllocatorT> {
  using Base = lanes::detail::WritableImage<Dims, AllocatorT>;
  using Base::PitchDims;
  template <int N>
  using EnableIfPitch = std::enable_if_t<(N > 1) && N == Dims, int>;
  using Order = image_channel_order;
  using Type = image_channel_type;
  static constexpr const char *Who = "image";

public:
  /// Uninitialized texels; no write-back unless set_final_data is called.
  /// Every constructor throws errc::invalid for an order and type that
  /// OpenCL 1.2 does not pair.
  image(Order O, Type T, const range<Dims> &Range,
        const property_list &Props = {})
      : image(O, T, Range, AllocatorT(), Props) {}
  image(Order O, Type T, const range<Dims> &Range, AllocatorT Alloc,
        const property_list &Props = {})
      : Base(Who, nullptr, format(O, T), Range, nullptr, Alloc, Props) {}
  template <int N = Dims, EnableIfPitch<N> = 0>
  image(Order O, Type T, const range<Dims> &Range,
        const range<PitchDims> &Pitch, const property_list &Props = {})
      : image(O, T, Range, Pitch, AllocatorT(), Props) {}
  template <int N = Dims, EnableIfPitch<N> = 0>
  image(Order O, Type T, const range<Dims> &Range,
        const range<PitchDims> &Pitch, AllocatorT Alloc,
        const property_list &Props = {})
      : Base(Who, nullptr, format(O, T), Range, &Pitch, Alloc, Props) {}

  /// A copy of the texels at \p Host (laid out with the image's pitches),
  /// written back there when the image dies if it was written.
  image(void *Host, Order O, Type T, const range<Dims> &Range,
        const property_list &Props = {})
      : image(Host, O, T, Range, AllocatorT(), Props) {}
  image(void *Host, Order O, Type T, const range<Dims> &Range, AllocatorT Alloc,
        const property_list &Props = {})
      : Base(Who, Host, format(O, T), Range, nullptr, Alloc, Props) {
    this->writeBackTo(Host);
  }
  template <int N = Dims, EnableIfPitch<N> = 0>
  image(void *Host, Order O, Type T, const range<Dims> &Range,
        const range<PitchDims> &Pitch, const property_list &Props = {})
      : image(Host, O, T, Range, Pitch, AllocatorT(), Props) {}
  template <int N = Dims, EnableIfPitch<N> = 0>
  image(void *Host, Order O, Type T, const range<Dims> &Range,
        const range<PitchDims> &Pitch, AllocatorT Alloc,
        const property_list &Props = {})
      : Base(Who, Host, format(O, T), Range, &Pitch, Alloc, Props) {
    this->writeBackTo(Host);
  }

  /// A copy of the texels at \p Host, never written back.
  image(const void *Host, Order O, Type T, const range<Dims> &Range,
        const property_list &Props = {})
      : image(Host, O, T, Range, AllocatorT(), Props) {}
  image(const void *Host, Order O, Type T, const range<Dims> &Range,
        AllocatorT Alloc, const property_list &Props = {})
      : Base(Who, Host, format(O, T), Range, nullptr, Alloc, Props) {}
  template <int N = Dims, EnableIfPitch<N> = 0>
  image(const void *Host, Order O, Type T, const range<Dims> &Range,
        const range<PitchDims> &Pitch, const property_list &Props = {})
      : image(Host, O, T, Range, Pitch, AllocatorT(), Props) {}
  template <int N = Dims, EnableIfPitch<N> = 0>
  image(const void *Host, Order O, Type T, const range<Dims> &Range,
        const range<PitchDims> &Pitch, AllocatorT Alloc,
        const property_list &Props = {})
      : Base(Who, Host, format(O, T), Range, &Pitch, Alloc, Props) {}

  /// The texels of \p Host, shared with the application: written back if
  /// the application still holds them when the image dies.
  image(std::shared_ptr<void> &Host, Order O, Type T, const range<Dims> &Range,
        const property_list &Props = {})
      : image(Host, O, T, Range, AllocatorT(), Props) {}
  image(std::shared_ptr<void> &Host, Order O, Type T, const range<Dims> &Range,
        AllocatorT Alloc, const property_list &Props = {})
      : Base(Who, Host.get(), format(O, T), Range, nullptr, Alloc, Props) {
    this->writeBackShared(Host);
  }
  template <int N = Dims, EnableIfPitch<N> = 0>
  image(std::shared_ptr<void> &Host, Order O, Type T, const range<Dims> &Range,
        const range<PitchDims> &Pitch, const property_list &Props = {})
      : image(Host, O, T, Range, Pitch, AllocatorT(), Props) {}
  template <int N = Dims, EnableIfPitch<N> = 0>
  image(std::shared_ptr<void> &Host, Order O, Type T, const range<Dims> &Range,
        const range<PitchDims> &Pitch, AllocatorT Alloc,
        const property_list &Props = {})
      : Base(Who, Host.get(), format(O, T), Range, &Pitch, Alloc, Props) {
    this->writeBackShared(Host);
  }

  /// Number of texels.
  size_t get_count() const noexcept { return this->size(); }
  /// Bytes of storage, pitches included.
  size_t get_size() const noexcept { return this->byte_size(); }

  /// A kernel's accessor in command group \p CGH (access_mode::read,
  /// write or discard_write).
  template <typename DataT, access_mode Mode>
  accessor<DataT, Dims, Mode, target::image, access::placeholder::false_t>
  get_access(handler &CGH) {
    return {*this, CGH};
  }
  /// A host accessor.
  template <typename DataT, access_mode Mode>
  accessor<DataT, Dims, Mode, target::host_image, access::placeholder::false_t>
  get_access() {
    return {*this};
  }

  friend bool operator==(const image &L, const image &R) {
    return L.sameImage(R);
  }
  friend bool operator!=(const image &L, const image &R) { return !(L == R); }

private:
  static lanes::detail::TexelFormat format(Order O, Type T) {
    return lanes::detail::texelFormat(Who, O, T);
  }
};

} // namespace _V1
} // namespace sycl

namespace std {
/// Copies of an image hash alike.
template <int Dims, typename AllocatorT>
struct hash<sycl::unsampled_image<Dims, AllocatorT>> {
  size_t
  operator()(const sycl::unsampled_image<Dims, AllocatorT> &I) const noexcept {
    return lanes::detail::identityHash(
        lanes::detail::ImageAccess::storage(I).get());
  }
};
template <int Dims, typename AllocatorT>
struct hash<sycl::image<Dims, AllocatorT>> {
  size_t operator()(const sycl::image<Dims, AllocatorT> &I) const noexcept {
    return lanes::detail::identityHash(
        lanes::detail::ImageAccess::storage(I).get());
  }
};
template <int Dims, typename AllocatorT>
struct hash<sycl::sampled_image<Dims, AllocatorT>> {
  size_t
  operator()(const sycl::sampled_image<Dims, AllocatorT> &I) const noexcept {
    return lanes::detail::identityHash(
        lanes::detail::ImageAccess::storage(I).get());
  }
};
} // namespace std

#endif // LANES_SYCL_IMAGE_HPP
