// Monte Carlo estimate of pi in the style of the oneAPI Monte Carlo pi and
// reduction samples, with a self-contained random number generator in
// place of oneMKL: every work-item seeds a xorshift generator from an
// integer hash of its id and draws a fixed number of points in the unit
// square. One h.parallel_for(range, reduction, reduction, reduction, ...)
// counts the hits inside the quarter circle into a buffer
// (sycl::reduction(buf, h, sycl::plus<>())) and tracks the smallest and
// largest drawn value with sycl::minimum<>() and sycl::maximum<>() into
// USM variables; a host_accessor reads the count. As the samples do, it
// reports the device's info::device::name. Points are 16-bit
// integer coordinates tested with integer arithmetic, so the host's
// serial replay must give exactly the same counts.
#include <sycl/sycl.hpp>

#include "ported.hpp"

#include <climits>
#include <cmath>
#include <cstdint>
#include <string>

// The generator, usable in kernels and on the host alike.
struct Xorshift32 {
  uint32_t state;

  explicit Xorshift32(uint32_t seed) {
    // Murmur3's finalizer spreads consecutive seeds; state must not be 0.
    seed ^= seed >> 16;
    seed *= 0x85ebca6bu;
    seed ^= seed >> 13;
    seed *= 0xc2b2ae35u;
    seed ^= seed >> 16;
    state = seed ? seed : 0x9e3779b9u;
  }

  uint32_t next() {
    state ^= state << 13;
    state ^= state >> 17;
    state ^= state << 5;
    return state;
  }
};

constexpr size_t num_items = 1 << 16;
constexpr int samples_per_item = 16;

// Draws one work-item's samples; returns the hits, updates lo and hi.
static inline unsigned int drawSamples(uint32_t id, uint32_t &lo,
                                       uint32_t &hi) {
  Xorshift32 rng(id * 2654435761u + 12345u);
  unsigned int hits = 0;
  for (int s = 0; s < samples_per_item; ++s) {
    uint32_t r = rng.next();
    lo = r < lo ? r : lo;
    hi = r > hi ? r : hi;
    uint64_t x = r & 0xffff, y = r >> 16;
    hits += x * x + y * y < (uint64_t(1) << 32);
  }
  return hits;
}

int main() {
  sycl::queue q(sycl::cpu_selector_v);
  ported::Verifier v("oa-monte-carlo");
  const std::string device_name =
      q.get_device().get_info<sycl::info::device::name>();

  unsigned int count = 0;
  uint32_t *min_val = sycl::malloc_shared<uint32_t>(1, q);
  uint32_t *max_val = sycl::malloc_shared<uint32_t>(1, q);
  *min_val = UINT_MAX;
  *max_val = 0;
  {
    sycl::buffer<unsigned int> count_buf(&count, 1);
    q.submit([&](sycl::handler &h) {
      auto count_red = sycl::reduction(count_buf, h, sycl::plus<>());
      auto min_red = sycl::reduction(min_val, sycl::minimum<>());
      auto max_red = sycl::reduction(max_val, sycl::maximum<>());
      h.parallel_for(sycl::range<1>(num_items), count_red, min_red, max_red,
                     [=](sycl::id<1> idx, auto &hits, auto &lo, auto &hi) {
                       uint32_t my_lo = UINT_MAX, my_hi = 0;
                       hits += drawSamples(uint32_t(idx[0]), my_lo, my_hi);
                       lo.combine(my_lo);
                       hi.combine(my_hi);
                     });
    });
    sycl::host_accessor result(count_buf, sycl::read_only);
    v.expect(result[0] > 0, "no hits at all");
  } // count_buf writes back to count

  unsigned int want = 0;
  uint32_t want_lo = UINT_MAX, want_hi = 0;
  for (size_t i = 0; i < num_items; ++i)
    want += drawSamples(uint32_t(i), want_lo, want_hi);
  v.equal("hits", &count, &want, 1);
  v.equal("min", min_val, &want_lo, 1);
  v.equal("max", max_val, &want_hi, 1);

  const double samples = double(num_items) * samples_per_item;
  const double pi = 4.0 * double(count) / samples;
  // Four standard deviations of the estimate.
  v.expect(std::fabs(pi - 3.14159265358979) < 4 * 1.64 / std::sqrt(samples),
           "pi estimate " + std::to_string(pi) + " is off");
  sycl::free(min_val, q);
  sycl::free(max_val, q);
  char detail[64];
  std::snprintf(detail, sizeof(detail), "%.0f samples, pi ~ %.5f", samples, pi);
  return v.finish(std::string(detail) + " on " + device_name);
}
