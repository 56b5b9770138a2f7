// Invalid uses of images raise sycl::exception with errc::invalid and a
// message that names what was wrong, on the host, when the image or the
// accessor is created: an accessor DataT that does not fit the image's
// format, linear filtering read as int4 or uint4, repeat and
// mirrored_repeat with unnormalized coordinates, pitches smaller than a row
// or a slice, zero extents, and a sampled image without host data. A
// device accessor throws before the rest of its command group runs.
#include "../Buffers/buffers.hpp"

#include <memory>
#include <vector>

namespace {

using sycl::image_format;
const sycl::errc Invalid = sycl::errc::invalid;

void dataTypes(buffers::Checker &Check, sycl::queue &Q) {
  sycl::unsampled_image<2> Ints(image_format::r8g8b8a8_sint,
                                sycl::range<2>(4, 4));
  sycl::unsampled_image<1> Floats(image_format::r16b16g16a16_sfloat,
                                  sycl::range<1>(4));
  bool Ran = false;
  Check.throws(
      "float4 device accessor of an sint image", Invalid,
      "DataT float4 does not match image_format::r8g8b8a8_sint", [&] {
        Q.submit([&](sycl::handler &CGH) {
          auto A = Ints.get_access<sycl::float4, sycl::access_mode::write>(CGH);
          CGH.single_task([=] {
            A.write(sycl::int2{0, 0}, sycl::float4(1.0f));
          });
          Ran = true;
        });
      });
  Check.expect("the accessor threw before the kernel was recorded", !Ran);
  Check.throws(
      "uint4 host accessor of an sint image", Invalid, "accessed as int4",
      [&] { sycl::host_unsampled_image_accessor<sycl::uint4, 2> A(Ints); });
  Check.throws("int4 host accessor of an sfloat image", Invalid,
               "does not match image_format::r16b16g16a16_sfloat",
               [&] { Floats.get_host_access<sycl::int4>(); });
  std::vector<float> Texels(4 * 4);
  sycl::sampled_image<1> Sampled(
      Texels.data(), image_format::r32g32b32a32_sfloat,
      {sycl::addressing_mode::clamp,
       sycl::coordinate_normalization_mode::unnormalized,
       sycl::filtering_mode::nearest},
      sycl::range<1>(4));
  Check.throws("uint4 sampled accessor of an sfloat image", Invalid,
               "DataT uint4 does not match", [&] {
                 Q.submit([&](sycl::handler &CGH) {
                   Sampled.get_access<sycl::uint4>(CGH);
                 });
               });
}

void samplers(buffers::Checker &Check, sycl::queue &Q) {
  std::vector<int> Texels(4 * 8);
  sycl::image_sampler Linear{sycl::addressing_mode::clamp_to_edge,
                             sycl::coordinate_normalization_mode::normalized,
                             sycl::filtering_mode::linear};
  sycl::sampled_image<2> Img(Texels.data(), image_format::r32b32g32a32_sint,
                             Linear, sycl::range<2>(4, 2));
  Check.throws("linear filtering of int4 (device)", Invalid,
               "filtering_mode::linear cannot read int4", [&] {
                 Q.submit([&](sycl::handler &CGH) {
                   sycl::sampled_image_accessor<sycl::int4, 2> A(Img, CGH);
                 });
               });
  std::vector<unsigned> UTexels(4 * 8);
  sycl::sampled_image<1> UImg(UTexels.data(), image_format::r32b32g32a32_uint,
                              Linear, sycl::range<1>(8));
  Check.throws("linear filtering of uint4 (host)", Invalid,
               "filtering_mode::linear cannot read uint4",
               [&] { UImg.get_host_access<sycl::uint4>(); });
  for (auto Mode : {sycl::addressing_mode::repeat,
                    sycl::addressing_mode::mirrored_repeat}) {
    bool Repeat = Mode == sycl::addressing_mode::repeat;
    Check.throws(std::string(Repeat ? "repeat" : "mirrored_repeat") +
                     " with unnormalized coordinates",
                 Invalid,
                 Repeat ? "addressing_mode::repeat needs normalized coordinates"
                        : "addressing_mode::mirrored_repeat needs normalized",
                 [&] {
                   sycl::sampled_image<1> Bad(
                       Texels.data(), image_format::r32b32g32a32_sint,
                       {Mode, sycl::coordinate_normalization_mode::unnormalized,
                        sycl::filtering_mode::nearest},
                       sycl::range<1>(8));
                 });
  }
}

void shapes(buffers::Checker &Check) {
  std::vector<unsigned char> Host(4096);
  Check.throws(
      "row pitch smaller than a row", Invalid,
      "row pitch 12 is smaller than a row of 4 texels (16 bytes)", [&] {
        sycl::unsampled_image<2> Img(Host.data(), image_format::r8g8b8a8_unorm,
                                     sycl::range<2>(4, 4), sycl::range<1>(12));
      });
  Check.throws("slice pitch smaller than a slice", Invalid,
               "slice pitch 100 is smaller than a slice of 4 rows "
               "(128 bytes)",
               [&] {
                 sycl::unsampled_image<3> Img(image_format::r8g8b8a8_unorm,
                                              sycl::range<3>(4, 4, 2),
                                              sycl::range<2>(32, 100));
               });
  Check.throws("sampled image row pitch", Invalid, "row pitch", [&] {
    sycl::sampled_image<2> Img(
        Host.data(), image_format::r32g32b32a32_sfloat,
        {sycl::addressing_mode::none,
         sycl::coordinate_normalization_mode::unnormalized,
         sycl::filtering_mode::nearest},
        sycl::range<2>(2, 2), sycl::range<1>(31));
  });
  Check.throws("zero extent", Invalid,
               "the range {4, 0} has an extent of 0 in dimension 1", [&] {
                 sycl::unsampled_image<2> Img(image_format::r8g8b8a8_uint,
                                              sycl::range<2>(4, 0));
               });
  sycl::image_sampler S{sycl::addressing_mode::clamp,
                        sycl::coordinate_normalization_mode::normalized,
                        sycl::filtering_mode::nearest};
  Check.throws("sampled image from a null pointer", Invalid,
               "host pointer is null", [&] {
                 sycl::sampled_image<1> Img(static_cast<const void *>(nullptr),
                                            image_format::r8g8b8a8_uint, S,
                                            sycl::range<1>(4));
               });
  std::shared_ptr<const void> Empty;
  Check.throws("sampled image from an empty shared_ptr", Invalid,
               "host pointer is null", [&] {
                 sycl::sampled_image<2> Img(Empty, image_format::r8g8b8a8_uint,
                                            S, sycl::range<2>(4, 4));
               });
}

} // namespace

int main() {
  buffers::Checker Check;
  sycl::queue Q;
  dataTypes(Check, Q);
  samplers(Check, Q);
  shapes(Check);
  return Check.status();
}
