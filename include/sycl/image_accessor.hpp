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

/// Keeps \p Img alive in command group \p CGH (Lanes runs the command
/// before submit returns), and turns on its write-back if \p Writes.
template <typename ImageT>
void useImage(sycl::handler &CGH, const ImageT &Img, bool Writes) {
  auto &Storage = ImageAccess::storage(Img);
  if (Writes)
    Storage->markWritten();
  HandlerAccess::keepAlive(CGH, Storage.get());
}
/// The storage of \p Img for a host accessor, its write-back turned on if
/// \p Writes.
template <typename ImageT>
std::shared_ptr<BufferStorage> hostImage(const ImageT &Img, bool Writes) {
  auto &Storage = ImageAccess::storage(Img);
  if (Writes)
    Storage->markWritten();
  return Storage;
}

/// The parts of the image accessors that are the same: the view, the
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
  /// A view already checked (a layer of an image array).
  ImageAccessorBase(const ImageView &View, const sycl::property_list &Props)
      : View(View), Props(Props) {}

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
  Data sampleAt(const CoordT &Coords,
                const sycl::image_sampler &With) const noexcept {
    float S[3] = {0.0f, 0.0f, 0.0f};
    for (int D = 0; D < Dims; ++D)
      S[D] = float(coordAt(Coords, D));
    return View.template sample<Data, Dims>(S, With);
  }
  bool sameView(const ImageAccessorBase &Other) const {
    return View.Data == Other.View.Data;
  }
  /// For std::hash: copies view the same texels.
  friend const void *imageIdentity(const ImageAccessorBase &A) noexcept {
    return A.View.Data;
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
    return this->sampleAt(Coords, this->View.Sampler);
  }
};

/// What the SYCL 1.2.1 image accessors (target::image, host_image and the
/// layers of target::image_array) share: the member types, get_count,
/// get_size, get_range, read() with and without a sampler when Mode reads,
/// write() when it writes.
template <typename DataT, int Dims, sycl::access_mode Mode>
class LegacyImageAccessorBase : public ImageAccessorBase<DataT, Dims> {
  static_assert(Mode != sycl::access_mode::atomic,
                "image accessors cannot be atomic");
  using Base = ImageAccessorBase<DataT, Dims>;
  using Data = typename Base::Data;
  template <typename CoordT>
  using EnableIfCoord = std::enable_if_t<IsUnsampledCoord<Dims, CoordT>, int>;
  template <typename CoordT>
  using EnableIfSamplerCoord = std::enable_if_t<
      IsUnsampledCoord<Dims, CoordT> || IsSampledCoord<Dims, CoordT>, int>;
  static constexpr bool CanRead = Mode == sycl::access_mode::read ||
                                  Mode == sycl::access_mode::read_write ||
                                  Mode == sycl::access_mode::discard_read_write;

protected:
  static constexpr bool CanWrite = Mode != sycl::access_mode::read;
  using Base::Base;

public:
  using value_type = Data;
  using reference = Data &;
  using const_reference = const Data &;

  /// Number of texels.
  size_t get_count() const noexcept { return this->size(); }
  /// Bytes of the image (of the layer), pitches included.
  size_t get_size() const noexcept { return this->View.bytes(); }
  sycl::range<Dims> get_range() const noexcept {
    if constexpr (Dims == 1)
      return sycl::range<1>(this->View.Extent[0]);
    else if constexpr (Dims == 2)
      return sycl::range<2>(this->View.Extent[0], this->View.Extent[1]);
    else
      return sycl::range<3>(this->View.Extent[0], this->View.Extent[1],
                            this->View.Extent[2]);
  }

  /// The texel at \p Coords: int, int2 or int4 (w ignored); the border
  /// color outside the image.
  template <typename CoordT, bool R = CanRead, EnableIfCoord<CoordT> = 0,
            std::enable_if_t<R, int> = 0>
  Data read(const CoordT &Coords) const noexcept {
    return this->readAt(Coords);
  }
  /// The read of \p With at \p Coords: int, int2 or int4, or float,
  /// float2 or float4 (w ignored). int4 and uint4 read nearest under
  /// linear filtering.
  template <typename CoordT, bool R = CanRead, EnableIfSamplerCoord<CoordT> = 0,
            std::enable_if_t<R, int> = 0>
  Data read(const CoordT &Coords, const sycl::sampler &With) const noexcept {
    return this->sampleAt(Coords, {With.get_addressing_mode(),
                                   With.get_coordinate_normalization_mode(),
                                   With.get_filtering_mode()});
  }
  /// Writes \p Color at \p Coords; nothing outside the image.
  template <typename CoordT, bool W = CanWrite, EnableIfCoord<CoordT> = 0,
            std::enable_if_t<W, int> = 0>
  void write(const CoordT &Coords, const Data &Color) const noexcept {
    this->writeAt(Coords, Color);
  }
};

/// One layer of a target::image_array accessor: a Dims-dimensional image
/// accessor. A layer past the last reads the border color and drops
/// writes.
template <typename DataT, int Dims, sycl::access_mode Mode>
class ImageArrayLayer : public LegacyImageAccessorBase<DataT, Dims, Mode> {
public:
  ImageArrayLayer(const ImageView &Array, size_t Index,
                  const sycl::property_list &Props) noexcept
      : LegacyImageAccessorBase<DataT, Dims, Mode>(layer(Array, Index), Props) {
  }

private:
  static ImageView layer(ImageView View, size_t Index) noexcept {
    int &Layers = View.Extent[Dims];
    size_t Pitch = Dims == 1 ? View.RowPitch : View.SlicePitch;
    if (Index < size_t(Layers))
      View.Data += Index * Pitch;
    else
      View.Extent[0] = 0;
    Layers = 1;
    View.SlicePitch = Pitch;
    return View;
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
    lanes::detail::useImage(CGH, Img, Base::CanWrite);
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
        Storage(lanes::detail::hostImage(Img, Base::CanWrite)) {}
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
    lanes::detail::useImage(CGH, Img, false);
  }

  friend bool operator==(const sampled_image_accessor &L,
                         const sampled_image_accessor &R) {
    return L.sameView(R);
  }
  friend bool operator!=(const sampled_image_accessor &L,
                         const sampled_image_accessor &R) {
    return !(L == R);
  }
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
        Storage(lanes::detail::hostImage(Img, false)) {}

  friend bool operator==(const host_sampled_image_accessor &L,
                         const host_sampled_image_accessor &R) {
    return L.sameView(R);
  }
  friend bool operator!=(const host_sampled_image_accessor &L,
                         const host_sampled_image_accessor &R) {
    return !(L == R);
  }

private:
  std::shared_ptr<lanes::detail::BufferStorage> Storage;
};

/// SYCL 1.2.1 4.7.6.11 (deprecated in SYCL 2020): a kernel's access to a
/// SYCL 1.2.1 image, with access_mode::read, write or discard_write.
template <typename DataT, int Dims, access_mode Mode,
          access::placeholder IsPlaceholder>
class accessor<DataT, Dims, Mode, target::image, IsPlaceholder>
    : public lanes::detail::LegacyImageAccessorBase<DataT, Dims, Mode> {
  static_assert(Mode == access_mode::read || Mode == access_mode::write ||
                    Mode == access_mode::discard_write,
                "target::image accessors have access_mode::read, write or "
                "discard_write");
  using Base = lanes::detail::LegacyImageAccessorBase<DataT, Dims, Mode>;

public:
  /// Throws errc::invalid when DataT does not fit the image's channel
  /// type.
  template <typename AllocatorT>
  accessor(image<Dims, AllocatorT> &Img, handler &CGH,
           const property_list &Props = {})
      : Base("accessor<..., target::image>", Img, Props) {
    lanes::detail::useImage(CGH, Img, Base::CanWrite);
  }

  friend bool operator==(const accessor &L, const accessor &R) {
    return L.sameView(R);
  }
  friend bool operator!=(const accessor &L, const accessor &R) {
    return !(L == R);
  }
};

/// SYCL 1.2.1 4.7.6.11 (deprecated in SYCL 2020): host code's access to a
/// SYCL 1.2.1 image, immediately, with any access_mode but atomic. Keeps
/// the image's texels alive as long as it exists.
template <typename DataT, int Dims, access_mode Mode,
          access::placeholder IsPlaceholder>
class accessor<DataT, Dims, Mode, target::host_image, IsPlaceholder>
    : public lanes::detail::LegacyImageAccessorBase<DataT, Dims, Mode> {
  using Base = lanes::detail::LegacyImageAccessorBase<DataT, Dims, Mode>;

public:
  /// Throws errc::invalid when DataT does not fit the image's channel
  /// type.
  template <typename AllocatorT>
  accessor(image<Dims, AllocatorT> &Img, const property_list &Props = {})
      : Base("accessor<..., target::host_image>", Img, Props),
        Storage(lanes::detail::hostImage(Img, Base::CanWrite)) {}

  friend bool operator==(const accessor &L, const accessor &R) {
    return L.sameView(R);
  }
  friend bool operator!=(const accessor &L, const accessor &R) {
    return !(L == R);
  }

private:
  std::shared_ptr<lanes::detail::BufferStorage> Storage;
};

/// SYCL 1.2.1 4.7.6.11 (deprecated in SYCL 2020): a kernel's access to a
/// (Dims + 1)-dimensional SYCL 1.2.1 image as an array of Dims-dimensional
/// layers (rows of a 2-D image, slices of a 3-D one); acc[i] is layer i,
/// read and written like a target::image accessor.
template <typename DataT, int Dims, access_mode Mode,
          access::placeholder IsPlaceholder>
class accessor<DataT, Dims, Mode, target::image_array, IsPlaceholder>
    : public lanes::detail::ImageAccessorBase<DataT, Dims + 1> {
  static_assert(Dims == 1 || Dims == 2,
                "target::image_array accessors have 1 or 2 dimensions (of "
                "2-D or 3-D images)");
  static_assert(Mode == access_mode::read || Mode == access_mode::write ||
                    Mode == access_mode::discard_write,
                "target::image_array accessors have access_mode::read, write "
                "or discard_write");
  using Base = lanes::detail::ImageAccessorBase<DataT, Dims + 1>;

public:
  /// Throws errc::invalid when DataT does not fit the image's channel
  /// type.
  template <typename AllocatorT>
  accessor(image<Dims + 1, AllocatorT> &Img, handler &CGH,
           const property_list &Props = {})
      : Base("accessor<..., target::image_array>", Img, Props) {
    lanes::detail::useImage(CGH, Img, Mode != access_mode::read);
  }

  /// Number of texels, of all layers.
  size_t get_count() const noexcept { return this->size(); }
  /// Bytes of the image, pitches included.
  size_t get_size() const noexcept { return this->View.bytes(); }

  /// Layer \p Index.
  lanes::detail::ImageArrayLayer<DataT, Dims, Mode>
  operator[](size_t Index) const noexcept {
    return {this->View, Index, this->Props};
  }

  friend bool operator==(const accessor &L, const accessor &R) {
    return L.sameView(R);
  }
  friend bool operator!=(const accessor &L, const accessor &R) {
    return !(L == R);
  }
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
    return lanes::detail::identityHash(imageIdentity(A));
  }
};
template <typename DataT, int Dims, sycl::access_mode Mode>
struct hash<sycl::host_unsampled_image_accessor<DataT, Dims, Mode>> {
  size_t operator()(const sycl::host_unsampled_image_accessor<DataT, Dims, Mode>
                        &A) const noexcept {
    return lanes::detail::identityHash(imageIdentity(A));
  }
};
template <typename DataT, int Dims, sycl::image_target Target>
struct hash<sycl::sampled_image_accessor<DataT, Dims, Target>> {
  size_t operator()(const sycl::sampled_image_accessor<DataT, Dims, Target> &A)
      const noexcept {
    return lanes::detail::identityHash(imageIdentity(A));
  }
};
template <typename DataT, int Dims>
struct hash<sycl::host_sampled_image_accessor<DataT, Dims>> {
  size_t operator()(
      const sycl::host_sampled_image_accessor<DataT, Dims> &A) const noexcept {
    return lanes::detail::identityHash(imageIdentity(A));
  }
};
} // namespace std

#endif // LANES_SYCL_IMAGE_ACCESSOR_HPP
