//===- sycl/image_accessor.hpp - Accessors of images ----------------------===//
//
/// \file
/// SYCL 2020 4.7.6.12 and 4.7.6.13: the accessors of unsampled and sampled
/// images. Each holds a lanes::detail::ImageView (pointer, extents,
/// pitches, format, sampler) and the property list, so device accessors are
/// trivially copyable and kernels capture them by value. A device accessor
/// hands the image's storage to its handler, which keeps it alive until
/// the command has run (Lanes runs it before submit returns); a host
/// accessor owns a reference to the storage itself.
///
/// Creating an accessor checks, on the host, that DataT fits the image's
/// format (float4 or half4 for unorm and sfloat formats, int4 for sint,
/// uint4 for uint) and that a sampled image's linear filtering is not read
/// as int4 or uint4; both throw errc::invalid. An accessor that may write
/// turns on the image's write-back. Reads and writes never throw:
/// see lanes/detail/image_sampling.hpp for coordinates outside the image.
///
/// Lanes extension: unsampled_image_accessor also takes
/// access_mode::read_write (the default mode of unsampled_image::get_access).
/// Class template argument deduction is not offered: DataT cannot be
/// deduced from an image.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_IMAGE_ACCESSOR_HPP
#define LANES_SYCL_IMAGE_ACCESSOR_HPP

#include "lanes/detail/identity_hash.hpp"
#include "lanes/detail/image_sampling.hpp"
#include "sycl/accessor.hpp"
#include "sycl/handler.hpp"
#include "sycl/image.hpp"
#include "sycl/property_list.hpp"

#include <memory>
#include <type_traits>

namespace lanes::detail {

/// Unsampled coordinates: int, int2 or int4 (w ignored) for 1, 2 or 3
/// dimensions.
template <int Dims, typename CoordT>
inline constexpr bool IsUnsampledCoord =
    (Dims == 1 && std::is_same_v<CoordT, int>) ||
    (Dims == 2 && std::is_same_v<CoordT, sycl::vec<int, 2>>) ||
    (Dims == 3 && std::is_same_v<CoordT, sycl::vec<int, 4>>);
/// Sampled coordinates: float, float2 or float4 (w ignored).
template <int Dims, typename CoordT>
inline constexpr bool IsSampledCoord =
    (Dims == 1 && std::is_same_v<CoordT, float>) ||
    (Dims == 2 && std::is_same_v<CoordT, sycl::vec<float, 2>>) ||
    (Dims == 3 && std::is_same_v<CoordT, sycl::vec<float, 4>>);

/// Coordinate \p D of \p Coords (a scalar for 1-D images).
template <typename CoordT> auto coordAt(const CoordT &Coords, int D) noexcept {
  if constexpr (std::is_arithmetic_v<CoordT>) {
    (void)D;
    return Coords;
  } else {
    return Coords[D];
  }
}

/// The parts of the four image accessors that are the same: the view, the
/// properties, size(), equality and the checks of DataT.
template <typename DataT, int Dims> class ImageAccessorBase {
  static_assert(Dims >= 1 && Dims <= 3,
                "image accessors have 1, 2 or 3 dimensions");
  static_assert(IsImageData<std::remove_const_t<DataT>>,
                "image accessors read and write int4, uint4, float4 or half4");

public:
  /// Number of texels.
  size_t size() const noexcept {
    return size_t(View.Extent[0]) * size_t(View.Extent[1]) *
           size_t(View.Extent[2]);
  }
  template <typename Prop> bool has_property() const noexcept {
    return Props.template has_property<Prop>();
  }
  template <typename Prop> Prop get_property() const {
    return Props.template get_property<Prop>();
  }

protected:
  using Data = std::remove_const_t<DataT>;

  template <typename ImageT>
  ImageAccessorBase(const char *Who, const ImageT &Img,
                    const sycl::property_list &Props)
      : View(ImageAccess::view(Img)), Props(Props) {
    checkImageData<Data>(Who, View.Format);
  }

  /// Throws errc::invalid when the sampler filters linearly and DataT is
  /// an integer vector.
  void checkFiltering(const char *Who) const {
    if (familyOfData<Data>() != TexelFamily::Float &&
        View.Sampler.filtering == sycl::filtering_mode::linear)
      throwInvalid(std::string(Who) + ": filtering_mode::linear cannot read " +
                   dataName<Data>() + "; use filtering_mode::nearest");
  }

  template <typename CoordT> Data readAt(const CoordT &Coords) const noexcept {
    return View.template read<Data>(coordAt(Coords, 0),
                                    Dims > 1 ? coordAt(Coords, 1) : 0,
                                    Dims > 2 ? coordAt(Coords, 2) : 0);
  }
  template <typename CoordT>
  void writeAt(const CoordT &Coords, const Data &Color) const noexcept {
    View.write(coordAt(Coords, 0), Dims > 1 ? coordAt(Coords, 1) : 0,
               Dims > 2 ? coordAt(Coords, 2) : 0, Color);
  }
  template <typename CoordT>
  Data sampleAt(const CoordT &Coords) const noexcept {
    float S[3] = {0.0f, 0.0f, 0.0f};
    for (int D = 0; D < Dims; ++D)
      S[D] = coordAt(Coords, D);
    return View.template sample<Data, Dims>(S);
  }
  bool sameView(const ImageAccessorBase &Other) const {
    return View.Data == Other.View.Data;
  }

  ImageView View;
  sycl::property_list Props;
};

/// What the device and host unsampled image accessors share: the member
/// types, read() when Mode reads and write() when it writes.
template <typename DataT, int Dims, sycl::access_mode Mode>
class UnsampledImageAccessorBase : public ImageAccessorBase<DataT, Dims> {
  static_assert(Mode == sycl::access_mode::read ||
                    Mode == sycl::access_mode::write ||
                    Mode == sycl::access_mode::read_write,
                "unsampled image accessors have access_mode::read, write or "
                "read_write (read_write is a Lanes extension for device "
                "accessors)");
  using Base = ImageAccessorBase<DataT, Dims>;
  using Data = typename Base::Data;
  template <typename CoordT>
  using EnableIfCoord = std::enable_if_t<IsUnsampledCoord<Dims, CoordT>, int>;
  static constexpr bool CanRead = Mode != sycl::access_mode::write;

protected:
  static constexpr bool CanWrite = Mode != sycl::access_mode::read;
  using Base::Base;

public:
  static constexpr int dimensions = Dims;
  static constexpr sycl::access_mode access_mode = Mode;
  using value_type = std::conditional_t<CanWrite, Data, const Data>;
  using reference = value_type &;
  using const_reference = const Data &;

  /// The texel at \p Coords: int, int2 or int4 (w ignored); (0, 0, 0, 0)
  /// outside the image.
  template <typename CoordT, bool R = CanRead, EnableIfCoord<CoordT> = 0,
            std::enable_if_t<R, int> = 0>
  Data read(const CoordT &Coords) const noexcept {
    return this->readAt(Coords);
  }
  /// Writes \p Color at \p Coords; nothing outside the image.
  template <typename CoordT, bool W = CanWrite, EnableIfCoord<CoordT> = 0,
            std::enable_if_t<W, int> = 0>
  void write(const CoordT &Coords, const Data &Color) const noexcept {
    this->writeAt(Coords, Color);
  }
};

/// What the device and host sampled image accessors share: the member
/// types and read().
template <typename DataT, int Dims>
class SampledImageAccessorBase : public ImageAccessorBase<DataT, Dims> {
  using Data = typename ImageAccessorBase<DataT, Dims>::Data;

protected:
  /// Throws errc::invalid, naming \p Who, when DataT does not fit the
  /// image's format or the sampler filters an int4 or uint4 linearly.
  template <typename ImageT>
  SampledImageAccessorBase(const char *Who, const ImageT &Img,
                           const sycl::property_list &Props)
      : ImageAccessorBase<DataT, Dims>(Who, Img, Props) {
    this->checkFiltering(Who);
  }

public:
  using value_type = const Data;
  using reference = const Data &;
  using const_reference = const Data &;

  /// The sampler's read at \p Coords: float, float2 or float4 (w ignored).
  template <typename CoordT,
            std::enable_if_t<IsSampledCoord<Dims, CoordT>, int> = 0>
  Data read(const CoordT &Coords) const noexcept {
    return this->sampleAt(Coords);
  }
};

} // namespace lanes::detail

namespace sycl {
inline namespace _V1 {

/// SYCL 2020 4.7.6.12: texel access to an unsampled_image from a kernel
/// (image_target::device) or a host task. read() needs access_mode::read
/// or read_write, write() write or read_write.
template <typename DataT, int Dims, access_mode Mode,
          image_target Target = image_target::device>
class unsampled_image_accessor
    : public lanes::detail::UnsampledImageAccessorBase<DataT, Dims, Mode> {
  using Base = lanes::detail::UnsampledImageAccessorBase<DataT, Dims, Mode>;

public:
  static constexpr image_target access_target = Target;

  /// Throws errc::invalid when DataT does not fit the image's format.
  template <typename AllocatorT>
  unsampled_image_accessor(unsampled_image<Dims, AllocatorT> &Img, handler &CGH,
                           const property_list &Props = {})
      : Base("unsampled_image_accessor", Img, Props) {
    auto &Storage = lanes::detail::ImageAccess::storage(Img);
    if (Base::CanWrite)
      Storage->markWritten();
    lanes::detail::HandlerAccess::keepAlive(CGH, Storage.get());
  }
  /// The same, with a tag (read_only, write_only, read_write) that names
  /// the accessor's mode.
  template <typename AllocatorT, typename TagT,
            lanes::detail::EnableIfTagOf<TagT, Dims, Mode, target::device> = 0>
  unsampled_image_accessor(unsampled_image<Dims, AllocatorT> &Img, handler &CGH,
                           TagT, const property_list &Props = {})
      : unsampled_image_accessor(Img, CGH, Props) {}

  friend bool operator==(const unsampled_image_accessor &L,
                         const unsampled_image_accessor &R) {
    return L.sameView(R);
  }
  friend bool operator!=(const unsampled_image_accessor &L,
                         const unsampled_image_accessor &R) {
    return !(L == R);
  }

private:
  friend struct std::hash<unsampled_image_accessor>;
};

/// SYCL 2020 4.7.6.12: texel access to an unsampled_image from host code,
/// immediately. Keeps the image's texels alive as long as it exists.
template <typename DataT, int Dims = 1,
          access_mode Mode =
              (std::is_const_v<DataT> ? sycl::access_mode::read
                                      : sycl::access_mode::read_write)>
class host_unsampled_image_accessor
    : public lanes::detail::UnsampledImageAccessorBase<DataT, Dims, Mode> {
  using Base = lanes::detail::UnsampledImageAccessorBase<DataT, Dims, Mode>;

public:
  /// Throws errc::invalid when DataT does not fit the image's format.
  template <typename AllocatorT>
  host_unsampled_image_accessor(unsampled_image<Dims, AllocatorT> &Img,
                                const property_list &Props = {})
      : Base("host_unsampled_image_accessor", Img, Props),
        Storage(lanes::detail::ImageAccess::storage(Img)) {
    if (Base::CanWrite)
      Storage->markWritten();
  }
  /// The same, with a tag (read_only, write_only, read_write) that names
  /// the accessor's mode.
  template <typename AllocatorT, typename TagT,
            lanes::detail::EnableIfTagOf<TagT, Dims, Mode, target::device> = 0>
  host_unsampled_image_accessor(unsampled_image<Dims, AllocatorT> &Img, TagT,
                                const property_list &Props = {})
      : host_unsampled_image_accessor(Img, Props) {}

  friend bool operator==(const host_unsampled_image_accessor &L,
                         const host_unsampled_image_accessor &R) {
    return L.sameView(R);
  }
  friend bool operator!=(const host_unsampled_image_accessor &L,
                         const host_unsampled_image_accessor &R) {
    return !(L == R);
  }

private:
  friend struct std::hash<host_unsampled_image_accessor>;

  std::shared_ptr<lanes::detail::BufferStorage> Storage;
};

/// SYCL 2020 4.7.6.13: reads of a sampled_image through its sampler from a
/// kernel (image_target::device) or a host task.
template <typename DataT, int Dims, image_target Target = image_target::device>
class sampled_image_accessor
    : public lanes::detail::SampledImageAccessorBase<DataT, Dims> {
public:
  /// Throws errc::invalid when DataT does not fit the image's format or
  /// the sampler filters an int4 or uint4 linearly.
  template <typename AllocatorT>
  sampled_image_accessor(sampled_image<Dims, AllocatorT> &Img, handler &CGH,
                         const property_list &Props = {})
      : lanes::detail::SampledImageAccessorBase<DataT, Dims>(
            "sampled_image_accessor", Img, Props) {
    lanes::detail::HandlerAccess::keepAlive(
        CGH, lanes::detail::ImageAccess::storage(Img).get());
  }

  friend bool operator==(const sampled_image_accessor &L,
                         const sampled_image_accessor &R) {
    return L.sameView(R);
  }
  friend bool operator!=(const sampled_image_accessor &L,
                         const sampled_image_accessor &R) {
    return !(L == R);
  }

private:
  friend struct std::hash<sampled_image_accessor>;
};

/// SYCL 2020 4.7.6.13: reads of a sampled_image through its sampler from
/// host code. Keeps the image's texels alive as long as it exists.
template <typename DataT, int Dims>
class host_sampled_image_accessor
    : public lanes::detail::SampledImageAccessorBase<DataT, Dims> {
public:
  /// Throws errc::invalid when DataT does not fit the image's format or
  /// the sampler filters an int4 or uint4 linearly.
  template <typename AllocatorT>
  host_sampled_image_accessor(sampled_image<Dims, AllocatorT> &Img,
                              const property_list &Props = {})
      : lanes::detail::SampledImageAccessorBase<DataT, Dims>(
            "host_sampled_image_accessor", Img, Props),
        Storage(lanes::detail::ImageAccess::storage(Img)) {}

  friend bool operator==(const host_sampled_image_accessor &L,
                         const host_sampled_image_accessor &R) {
    return L.sameView(R);
  }
  friend bool operator!=(const host_sampled_image_accessor &L,
                         const host_sampled_image_accessor &R) {
    return !(L == R);
  }

private:
  friend struct std::hash<host_sampled_image_accessor>;

  std::shared_ptr<lanes::detail::BufferStorage> Storage;
};

} // namespace _V1
} // namespace sycl

namespace std {
/// Copies of an image accessor hash alike: equal accessors view the same
/// texels.
template <typename DataT, int Dims, sycl::access_mode Mode,
          sycl::image_target Target>
struct hash<sycl::unsampled_image_accessor<DataT, Dims, Mode, Target>> {
  size_t
  operator()(const sycl::unsampled_image_accessor<DataT, Dims, Mode, Target> &A)
      const noexcept {
    return lanes::detail::identityHash(static_cast<const void *>(A.View.Data));
  }
};
template <typename DataT, int Dims, sycl::access_mode Mode>
struct hash<sycl::host_unsampled_image_accessor<DataT, Dims, Mode>> {
  size_t operator()(const sycl::host_unsampled_image_accessor<DataT, Dims, Mode>
                        &A) const noexcept {
    return lanes::detail::identityHash(static_cast<const void *>(A.View.Data));
  }
};
template <typename DataT, int Dims, sycl::image_target Target>
struct hash<sycl::sampled_image_accessor<DataT, Dims, Target>> {
  size_t operator()(const sycl::sampled_image_accessor<DataT, Dims, Target> &A)
      const noexcept {
    return lanes::detail::identityHash(static_cast<const void *>(A.View.Data));
  }
};
template <typename DataT, int Dims>
struct hash<sycl::host_sampled_image_accessor<DataT, Dims>> {
  size_t operator()(
      const sycl::host_sampled_image_accessor<DataT, Dims> &A) const noexcept {
    return lanes::detail::identityHash(static_cast<const void *>(A.View.Data));
  }
};
} // namespace std

#endif // LANES_SYCL_IMAGE_ACCESSOR_HPP
