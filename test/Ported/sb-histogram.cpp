// 256-bin byte histogram in the style of the local-memory histograms of
// SYCL-Bench and the CUDA samples: every work-group clears a private
// histogram in a local_accessor, its work-items count a grid-strided share
// of the input with sycl::atomic_ref<..., memory_scope::work_group,
// access::address_space::local_space>, and after a barrier the group adds
// its bins to the global histogram with device-scope atomic_refs on a
// buffer accessor. A second pass counts 64 coarse bins with only global
// atomics. Counts are integers and checked exactly.
#include <sycl/sycl.hpp>

#include "ported.hpp"

#include <cstdint>
#include <vector>

namespace s = sycl;

constexpr size_t NUM_BINS = 256;

class HistogramLocal;
class HistogramGlobal;

using local_atomic = s::atomic_ref<unsigned int, s::memory_order::relaxed,
                                   s::memory_scope::work_group,
                                   s::access::address_space::local_space>;
using global_atomic = s::atomic_ref<unsigned int, s::memory_order::relaxed,
                                    s::memory_scope::device,
                                    s::access::address_space::global_space>;

int main() {
  s::queue q;
  ported::Verifier v("sb-histogram");

  const size_t n = (1 << 18) + 77;
  std::vector<uint8_t> data(n);
  for (size_t i = 0; i < n; ++i) {
    uint32_t h = ported::input(uint32_t(i), 10);
    // Skewed towards low bytes, so some bins see heavy contention.
    data[i] = uint8_t(h % 3 == 0 ? h % 8 : h >> 8);
  }
  std::vector<unsigned int> hist(NUM_BINS, 0), coarse(NUM_BINS / 4, 0);

  {
    s::buffer<uint8_t> data_buf(data.data(), s::range<1>(n));
    s::buffer<unsigned int> hist_buf(hist.data(), s::range<1>(NUM_BINS));
    s::buffer<unsigned int> coarse_buf(coarse.data(),
                                       s::range<1>(NUM_BINS / 4));
    const size_t wg = 128, groups = 64;

    q.submit([&](s::handler &cgh) {
      auto in = data_buf.get_access<s::access::mode::read>(cgh);
      auto out = hist_buf.get_access<s::access::mode::read_write>(cgh);
      s::local_accessor<unsigned int, 1> local_hist(s::range<1>(NUM_BINS), cgh);
      cgh.parallel_for<HistogramLocal>(
          s::nd_range<1>(s::range<1>(wg * groups), s::range<1>(wg)),
          [=](s::nd_item<1> item) {
            const size_t lid = item.get_local_id(0);
            for (size_t b = lid; b < NUM_BINS; b += wg)
              local_hist[b] = 0;
            item.barrier(s::access::fence_space::local_space);

            for (size_t i = item.get_global_id(0); i < n;
                 i += item.get_global_range(0)) {
              local_atomic bin(local_hist[in[i]]);
              bin.fetch_add(1u);
            }
            item.barrier(s::access::fence_space::local_space);

            for (size_t b = lid; b < NUM_BINS; b += wg) {
              global_atomic total(out[b]);
              total += local_hist[b];
            }
          });
    });

    q.submit([&](s::handler &cgh) {
      s::accessor in{data_buf, cgh, s::read_only};
      s::accessor out{coarse_buf, cgh, s::read_write};
      cgh.parallel_for<HistogramGlobal>(s::range<1>(n), [=](s::id<1> i) {
        s::atomic_ref<unsigned int, s::memory_order::relaxed,
                      s::memory_scope::device>
            bin(out[in[i] / 4]);
        bin++;
      });
    });
  }

  std::vector<unsigned int> want(NUM_BINS, 0), want_coarse(NUM_BINS / 4, 0);
  for (uint8_t x : data) {
    ++want[x];
    ++want_coarse[x / 4];
  }
  v.equal("256 bins, local atomics", hist.data(), want.data(), NUM_BINS);
  v.equal("64 bins, global atomics", coarse.data(), want_coarse.data(),
          NUM_BINS / 4);
  return v.finish(std::to_string(n) + " bytes");
}
