// Sobel edge filter in the style of SYCL-Bench's Sobel3 (written there
// against images): RGBA pixels as sycl::float4 in a buffer<float4, 2>, a
// range<2> kernel over the image taking an item<2>, neighbours clamped to
// the border with sycl::clamp on int coordinates, the 3x3 filter taps in
// a constant table captured by value, the gradient computed on whole
// float4s and its magnitude with sycl::sqrt, and the output clamped to
// [0, 1] with sycl::clamp. A second kernel converts the result to
// luminance with sycl::dot. Pixel values are multiples of 1/256, so the
// gradients are exact and the magnitudes agree to rounding: tolerance
// 1e-6 relative.
#include <sycl/sycl.hpp>

#include "ported.hpp"

#include <cmath>
#include <vector>

class Sobel;
class Luminance;

struct Taps {
  float gx[3][3];
  float gy[3][3];
};

static const Taps sobel_taps = {{{-1, 0, 1}, {-2, 0, 2}, {-1, 0, 1}},
                                {{-1, -2, -1}, {0, 0, 0}, {1, 2, 1}}};

static float clamp01(float x) { return x < 0.f ? 0.f : (x > 1.f ? 1.f : x); }

int main() {
  sycl::queue q;
  ported::Verifier v("sb-sobel");
  const int height = 96, width = 131;
  const size_t npix = size_t(height) * width;

  std::vector<sycl::float4> image(npix), edges(npix);
  std::vector<float> luma(npix);
  for (size_t i = 0; i < npix; ++i) {
    uint32_t h = ported::input(uint32_t(i), 11);
    image[i] = sycl::float4(float(h & 255), float((h >> 8) & 255),
                            float((h >> 16) & 255), 256.f) /
               256.f;
  }

  {
    sycl::buffer<sycl::float4, 2> in_buf(image.data(),
                                         sycl::range<2>(height, width));
    sycl::buffer<sycl::float4, 2> out_buf(edges.data(),
                                          sycl::range<2>(height, width));
    sycl::buffer<float, 2> luma_buf(luma.data(), sycl::range<2>(height, width));

    q.submit([&](sycl::handler &cgh) {
      auto in = in_buf.get_access<sycl::access::mode::read>(cgh);
      auto out = out_buf.get_access<sycl::access::mode::discard_write>(cgh);
      const Taps taps = sobel_taps;
      cgh.parallel_for<Sobel>(
          sycl::range<2>(height, width), [=](sycl::item<2> item) {
            const int y = int(item[0]), x = int(item[1]);
            sycl::float4 gx(0.f), gy(0.f);
            for (int dy = -1; dy <= 1; ++dy)
              for (int dx = -1; dx <= 1; ++dx) {
                int yy = sycl::clamp(y + dy, 0, height - 1);
                int xx = sycl::clamp(x + dx, 0, width - 1);
                sycl::float4 p = in[sycl::id<2>(yy, xx)];
                gx += p * taps.gx[dy + 1][dx + 1];
                gy += p * taps.gy[dy + 1][dx + 1];
              }
            sycl::float4 mag = sycl::sqrt(gx * gx + gy * gy);
            out[item] = sycl::clamp(mag, 0.f, 1.f);
          });
    });

    q.submit([&](sycl::handler &cgh) {
      sycl::accessor rgba{out_buf, cgh, sycl::read_only};
      sycl::accessor gray{luma_buf, cgh, sycl::write_only, sycl::no_init};
      cgh.parallel_for<Luminance>(gray.get_range(), [=](sycl::id<2> id) {
        gray[id] = sycl::dot(rgba[id].xyz(), sycl::float3(0.25f, 0.5f, 0.25f));
      });
    });
  }

  std::vector<float> got(npix * 4), want(npix * 4), want_luma(npix);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      float gx[4] = {}, gy[4] = {};
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
          int yy = std::min(std::max(y + dy, 0), height - 1);
          int xx = std::min(std::max(x + dx, 0), width - 1);
          const sycl::float4 &p = image[size_t(yy) * width + xx];
          for (int c = 0; c < 4; ++c) {
            gx[c] += p[c] * sobel_taps.gx[dy + 1][dx + 1];
            gy[c] += p[c] * sobel_taps.gy[dy + 1][dx + 1];
          }
        }
      size_t i = size_t(y) * width + x;
      for (int c = 0; c < 4; ++c) {
        want[i * 4 + c] = clamp01(std::sqrt(gx[c] * gx[c] + gy[c] * gy[c]));
        got[i * 4 + c] = edges[i][c];
      }
      want_luma[i] = want[i * 4] * 0.25f + want[i * 4 + 1] * 0.5f +
                     want[i * 4 + 2] * 0.25f;
    }
  v.close("edges", got.data(), want.data(), got.size(), 1e-6);
  v.close("luminance", luma.data(), want_luma.data(), npix, 1e-6);
  return v.finish(std::to_string(width) + "x" + std::to_string(height));
}
