// Warp and block reductions in the style of the CUDA-ported reduction
// kernels of HeCBench (reduce, and the block sums inside its histogram,
// softmax and layernorm codes), with the warp idioms written as SYCL 2020
// sub-group functions:
// (a) the "shuffle down" loop, sum += sycl::shift_group_left(sg, sum, off)
//     for off = SG/2 .. 1, whose lane 0 holds the warp's sum; lane 0 keeps
//     it in a local_accessor and, after sycl::group_barrier, warp 0 adds
//     the kept sums up with the same loop for the block's sum;
// (b) the butterfly all-reduce, sycl::permute_group_by_xor with masks
//     SG/2 .. 1, whose sum and maximum (sycl::max) every lane uses, in a
//     1-D and a 2-D nd_range;
// (c) the SYCL 2020 two-level block reduction: reduce_over_group(sg),
//     the sub-group leaders' sums in local memory (a local_accessor in
//     1-D, sycl::ext::oneapi::group_local_memory_for_overwrite in 2-D),
//     group_barrier(group), then sub-group 0 reduces the leaders' sums
//     with a second reduce_over_group(sg).
// The sub-group size SG comes from info::device::sub_group_sizes on the
// host, and each kernel reports sg.get_max_local_range() (and (c) the
// number of sub-groups) to be checked against it. SYCL leaves a shift or
// permute from outside the sub-group unspecified, so (a) and (b) only run
// local sizes that are multiples of SG, and of (a)'s results only lane 0's
// is read; (c) also runs local sizes that end each row with a partial
// sub-group for most SG (37, 100, 200, 2-D rows of 50). Sub-groups are
// runs of SG work-items along the last dimension, as in Lanes; (b)'s 2-D
// reference relies on it. The data are ints, and floats that are
// multiples of 1/8 below 16 in magnitude, so every float sum here is
// exact in any order: all checks are exact.
// As in HeCBench, the queue is in-order, on the CPU selector unless
// USE_GPU is defined.
#include <sycl/sycl.hpp>

#include "ported.hpp"

#include <algorithm>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

template <typename T> class ShuffleDownReduce;
template <typename T> class ButterflyReduce;
template <typename T> class ButterflyReduce2D;
template <typename T> class BlockReduce;
template <typename T> class BlockReduce2D;

// The largest local size of the 2-D block reduction, which bounds its
// number of sub-groups.
constexpr int MAX_BLOCK = 256;

template <typename T> T make_input(int i, uint32_t salt) {
  uint32_t h = ported::input(uint32_t(i), salt);
  if constexpr (std::is_same_v<T, float>)
    return float(int(h % 255) - 127) * 0.125f;
  else
    return int(h % 20001) - 10000;
}

// What one launch reported: its sub-group size and number of sub-groups.
void check_reported(sycl::queue &q, ported::Verifier &v, const int *d_reported,
                    int warp, int num_sg, const std::string &what) {
  int reported[2];
  q.memcpy(reported, d_reported, sizeof(reported)).wait();
  v.expect(reported[0] == warp, what + ": sub-group size " +
                                    std::to_string(reported[0]) + ", want " +
                                    std::to_string(warp));
  if (num_sg > 0)
    v.expect(reported[1] == num_sg, what + ": " + std::to_string(reported[1]) +
                                        " sub-groups, want " +
                                        std::to_string(num_sg));
}

// (a) Warp sums by shift_group_left, block sums through local memory.
template <typename T>
void shuffle_down_reduce(sycl::queue &q, ported::Verifier &v,
                         const std::vector<T> &h_in, const T *d_in, int block,
                         int warp, int *d_reported) {
  const int n = int(h_in.size());
  const int blocks = (n + block - 1) / block;
  const int warps_per_block = block / warp;
  T *d_warp_sums = sycl::malloc_device<T>(blocks * warps_per_block, q);
  T *d_block_sums = sycl::malloc_device<T>(blocks, q);

  q.submit([&](sycl::handler &cgh) {
    sycl::local_accessor<T, 1> warp_sums(sycl::range<1>(warps_per_block), cgh);
    cgh.parallel_for<ShuffleDownReduce<T>>(
        sycl::nd_range<1>(sycl::range<1>(blocks * block),
                          sycl::range<1>(block)),
        [=](sycl::nd_item<1> item) {
          sycl::sub_group sg = item.get_sub_group();
          const int gid = int(item.get_global_id(0));
          const int warp_size = int(sg.get_max_local_range()[0]);
          const int num_warps = int(sg.get_group_range()[0]);
          const int lane = int(sg.get_local_id()[0]);
          const int warp_id = int(sg.get_group_id()[0]);
          if (gid == 0) {
            d_reported[0] = warp_size;
            d_reported[1] = num_warps;
          }

          T sum = gid < n ? d_in[gid] : T(0);
          for (int offset = warp_size / 2; offset > 0; offset /= 2)
            sum += sycl::shift_group_left(sg, sum, offset);
          if (lane == 0) {
            warp_sums[warp_id] = sum;
            d_warp_sums[int(item.get_group(0)) * num_warps + warp_id] = sum;
          }
          sycl::group_barrier(item.get_group());

          if (warp_id == 0) {
            T total = 0;
            for (int i = lane; i < num_warps; i += warp_size)
              total += warp_sums[i];
            for (int offset = warp_size / 2; offset > 0; offset /= 2)
              total += sycl::shift_group_left(sg, total, offset);
            if (lane == 0)
              d_block_sums[item.get_group(0)] = total;
          }
        });
  });

  std::vector<T> warp_sums(blocks * warps_per_block), block_sums(blocks);
  q.memcpy(warp_sums.data(), d_warp_sums, warp_sums.size() * sizeof(T));
  q.memcpy(block_sums.data(), d_block_sums, blocks * sizeof(T)).wait();
  std::vector<T> ref_warp(warp_sums.size(), T(0)), ref_block(blocks, T(0));
  for (int i = 0; i < n; ++i) {
    ref_warp[i / warp] += h_in[i];
    ref_block[i / block] += h_in[i];
  }
  std::string what = "shuffle-down block " + std::to_string(block);
  check_reported(q, v, d_reported, warp, warps_per_block, what);
  v.equal((what + " warp sums").c_str(), warp_sums.data(), ref_warp.data(),
          ref_warp.size());
  v.equal((what + " block sums").c_str(), block_sums.data(), ref_block.data(),
          ref_block.size());
  sycl::free(d_warp_sums, q);
  sycl::free(d_block_sums, q);
}

// What the butterfly kernels store for the sum: the element x times the
// sub-group size less the sub-group's sum (zero for a sub-group of equals).
template <typename T> T centered(T x, int warp, T sum) {
  return x * T(warp) - sum;
}

// (b) Every lane's sum and maximum of its sub-group, 1-D.
template <typename T>
void butterfly_reduce(sycl::queue &q, ported::Verifier &v,
                      const std::vector<T> &h_in, const T *d_in, int block,
                      int warp, int *d_reported) {
  const int n = int(h_in.size());
  const int blocks = (n + block - 1) / block;
  T *d_centered = sycl::malloc_device<T>(n, q);
  T *d_gap = sycl::malloc_device<T>(n, q);

  q.parallel_for<ButterflyReduce<T>>(
      sycl::nd_range<1>(sycl::range<1>(blocks * block), sycl::range<1>(block)),
      [=](sycl::nd_item<1> item) {
        sycl::sub_group sg = item.get_sub_group();
        const int gid = int(item.get_global_id(0));
        const int warp_size = int(sg.get_max_local_range()[0]);
        if (gid == 0)
          d_reported[0] = warp_size;
        const bool valid = gid < n;
        const T x = valid ? d_in[gid] : T(0);
        T sum = x;
        T hi = valid ? x : std::numeric_limits<T>::lowest();
        for (int mask = warp_size / 2; mask > 0; mask /= 2) {
          sum += sycl::permute_group_by_xor(sg, sum, mask);
          hi = sycl::max(hi, sycl::permute_group_by_xor(sg, hi, mask));
        }
        if (valid) {
          d_centered[gid] = centered(x, warp_size, sum);
          d_gap[gid] = hi - x;
        }
      });

  std::vector<T> got_centered(n), got_gap(n), ref_centered(n), ref_gap(n);
  q.memcpy(got_centered.data(), d_centered, n * sizeof(T));
  q.memcpy(got_gap.data(), d_gap, n * sizeof(T)).wait();
  for (int start = 0; start < n; start += warp) {
    int end = std::min(start + warp, n);
    T sum = 0, hi = std::numeric_limits<T>::lowest();
    for (int i = start; i < end; ++i) {
      sum += h_in[i];
      hi = std::max(hi, h_in[i]);
    }
    for (int i = start; i < end; ++i) {
      ref_centered[i] = centered(h_in[i], warp, sum);
      ref_gap[i] = hi - h_in[i];
    }
  }
  std::string what = "butterfly block " + std::to_string(block);
  check_reported(q, v, d_reported, warp, 0, what);
  v.equal((what + " sums").c_str(), got_centered.data(), ref_centered.data(),
          size_t(n));
  v.equal((what + " maxima").c_str(), got_gap.data(), ref_gap.data(),
          size_t(n));
  sycl::free(d_centered, q);
  sycl::free(d_gap, q);
}

// (b) in 2-D: an h x w array, blocks of 2 rows and 2 warps of columns,
// padded; the padding takes part in the butterflies with the identities.
template <typename T>
void butterfly_reduce_2d(sycl::queue &q, ported::Verifier &v, int h, int w,
                         int warp, int *d_reported) {
  const int by = 2, bx = 2 * warp;
  const int gy = (h + by - 1) / by * by, gx = (w + bx - 1) / bx * bx;
  std::vector<T> h_in(h * w);
  for (int i = 0; i < h * w; ++i)
    h_in[i] = make_input<T>(i, 103);
  T *d_in = sycl::malloc_device<T>(h * w, q);
  T *d_centered = sycl::malloc_device<T>(h * w, q);
  T *d_gap = sycl::malloc_device<T>(h * w, q);
  q.memcpy(d_in, h_in.data(), h * w * sizeof(T));

  q.parallel_for<ButterflyReduce2D<T>>(
      sycl::nd_range<2>(sycl::range<2>(gy, gx), sycl::range<2>(by, bx)),
      [=](sycl::nd_item<2> item) {
        sycl::sub_group sg = item.get_sub_group();
        const int row = int(item.get_global_id(0));
        const int col = int(item.get_global_id(1));
        const int warp_size = int(sg.get_max_local_range()[0]);
        if (row == 0 && col == 0)
          d_reported[0] = warp_size;
        const bool valid = row < h && col < w;
        const T x = valid ? d_in[row * w + col] : T(0);
        T sum = x;
        T hi = valid ? x : std::numeric_limits<T>::lowest();
        for (int mask = warp_size / 2; mask > 0; mask /= 2) {
          sum += sycl::permute_group_by_xor(sg, sum, mask);
          hi = sycl::max(hi, sycl::permute_group_by_xor(sg, hi, mask));
        }
        if (valid) {
          d_centered[row * w + col] = centered(x, warp_size, sum);
          d_gap[row * w + col] = hi - x;
        }
      });

  std::vector<T> got_centered(h * w), got_gap(h * w);
  std::vector<T> ref_centered(h * w), ref_gap(h * w);
  q.memcpy(got_centered.data(), d_centered, h * w * sizeof(T));
  q.memcpy(got_gap.data(), d_gap, h * w * sizeof(T)).wait();
  for (int r = 0; r < h; ++r)
    for (int start = 0; start < w; start += warp) {
      const T *in = &h_in[r * w];
      int end = std::min(start + warp, w);
      T sum = 0, hi = std::numeric_limits<T>::lowest();
      for (int c = start; c < end; ++c) {
        sum += in[c];
        hi = std::max(hi, in[c]);
      }
      for (int c = start; c < end; ++c) {
        ref_centered[r * w + c] = centered(in[c], warp, sum);
        ref_gap[r * w + c] = hi - in[c];
      }
    }
  std::string what =
      "2-D butterfly " + std::to_string(h) + "x" + std::to_string(w);
  check_reported(q, v, d_reported, warp, 0, what);
  v.equal((what + " sums").c_str(), got_centered.data(), ref_centered.data(),
          size_t(h * w));
  v.equal((what + " maxima").c_str(), got_gap.data(), ref_gap.data(),
          size_t(h * w));
  sycl::free(d_in, q);
  sycl::free(d_centered, q);
  sycl::free(d_gap, q);
}

// (c) Block sums by two sub-group reductions, any local size.
template <typename T>
void block_reduce(sycl::queue &q, ported::Verifier &v,
                  const std::vector<T> &h_in, const T *d_in, int block,
                  int warp, int *d_reported) {
  const int n = int(h_in.size());
  const int blocks = (n + block - 1) / block;
  const int num_sg = (block + warp - 1) / warp;
  T *d_block_sums = sycl::malloc_device<T>(blocks, q);

  q.submit([&](sycl::handler &cgh) {
    sycl::local_accessor<T, 1> partials(sycl::range<1>(num_sg), cgh);
    cgh.parallel_for<BlockReduce<T>>(
        sycl::nd_range<1>(sycl::range<1>(blocks * block),
                          sycl::range<1>(block)),
        [=](sycl::nd_item<1> item) {
          sycl::group<1> g = item.get_group();
          sycl::sub_group sg = item.get_sub_group();
          const int gid = int(item.get_global_id(0));
          if (gid == 0) {
            d_reported[0] = int(sg.get_max_local_range()[0]);
            d_reported[1] = int(sg.get_group_range()[0]);
          }
          T x = gid < n ? d_in[gid] : T(0);
          T sum = sycl::reduce_over_group(sg, x, sycl::plus<T>());
          if (sg.leader())
            partials[sg.get_group_linear_id()] = sum;
          sycl::group_barrier(g);

          if (sg.get_group_linear_id() == 0) {
            const int count = int(sg.get_group_linear_range());
            const int step = int(sg.get_local_linear_range());
            T total = 0;
            for (int i = int(sg.get_local_linear_id()); i < count; i += step)
              total += partials[i];
            total = sycl::reduce_over_group(sg, total, sycl::plus<>());
            if (sg.leader())
              d_block_sums[g.get_group_linear_id()] = total;
          }
        });
  });

  std::vector<T> block_sums(blocks), ref(blocks, T(0));
  q.memcpy(block_sums.data(), d_block_sums, blocks * sizeof(T)).wait();
  for (int i = 0; i < n; ++i)
    ref[i / block] += h_in[i];
  std::string what = "block reduce " + std::to_string(block);
  check_reported(q, v, d_reported, warp, num_sg, what);
  v.equal((what + " sums").c_str(), block_sums.data(), ref.data(),
          size_t(blocks));
  sycl::free(d_block_sums, q);
}

// (c) in 2-D: tile sums of an h x w array, with the leaders' sums in
// group_local_memory as SYCLomatic writes CUDA's __shared__ arrays.
template <typename T>
void block_reduce_2d(sycl::queue &q, ported::Verifier &v, int h, int w, int by,
                     int bx, int warp, int *d_reported) {
  const int tiles_y = (h + by - 1) / by, tiles_x = (w + bx - 1) / bx;
  std::vector<T> h_in(h * w);
  for (int i = 0; i < h * w; ++i)
    h_in[i] = make_input<T>(i, 104);
  T *d_in = sycl::malloc_device<T>(h * w, q);
  T *d_tile_sums = sycl::malloc_device<T>(tiles_y * tiles_x, q);
  q.memcpy(d_in, h_in.data(), h * w * sizeof(T));

  q.parallel_for<BlockReduce2D<T>>(
      sycl::nd_range<2>(sycl::range<2>(tiles_y * by, tiles_x * bx),
                        sycl::range<2>(by, bx)),
      [=](sycl::nd_item<2> item) {
        sycl::group<2> g = item.get_group();
        sycl::sub_group sg = item.get_sub_group();
        auto &partials =
            *sycl::ext::oneapi::group_local_memory_for_overwrite<T[MAX_BLOCK]>(
                g);
        const int row = int(item.get_global_id(0));
        const int col = int(item.get_global_id(1));
        if (row == 0 && col == 0) {
          d_reported[0] = int(sg.get_max_local_range()[0]);
          d_reported[1] = int(sg.get_group_range()[0]);
        }
        T x = row < h && col < w ? d_in[row * w + col] : T(0);
        T sum = sycl::reduce_over_group(sg, x, sycl::plus<T>());
        if (sg.leader())
          partials[sg.get_group_linear_id()] = sum;
        sycl::group_barrier(g);

        if (sg.get_group_linear_id() == 0) {
          const int count = int(sg.get_group_linear_range());
          const int step = int(sg.get_local_linear_range());
          T total = 0;
          for (int i = int(sg.get_local_linear_id()); i < count; i += step)
            total += partials[i];
          total = sycl::reduce_over_group(sg, total, sycl::plus<>());
          if (sg.leader())
            d_tile_sums[g.get_group_linear_id()] = total;
        }
      });

  std::vector<T> tile_sums(tiles_y * tiles_x), ref(tiles_y * tiles_x, T(0));
  q.memcpy(tile_sums.data(), d_tile_sums, tile_sums.size() * sizeof(T)).wait();
  for (int r = 0; r < h; ++r)
    for (int c = 0; c < w; ++c)
      ref[(r / by) * tiles_x + c / bx] += h_in[r * w + c];
  std::string what =
      "2-D block reduce " + std::to_string(by) + "x" + std::to_string(bx);
  check_reported(q, v, d_reported, warp, by * ((bx + warp - 1) / warp), what);
  v.equal((what + " sums").c_str(), tile_sums.data(), ref.data(), ref.size());
  sycl::free(d_in, q);
  sycl::free(d_tile_sums, q);
}

template <typename T>
void run_all(sycl::queue &q, ported::Verifier &v, int warp, int *d_reported) {
  const int n = 20011;
  std::vector<T> h_in(n);
  for (int i = 0; i < n; ++i)
    h_in[i] = make_input<T>(i, 101);
  T *d_in = sycl::malloc_device<T>(n, q);
  q.memcpy(d_in, h_in.data(), n * sizeof(T)).wait();

  // The warp-synchronous idioms need whole warps.
  for (int block : {2 * warp, 6 * warp, 16 * warp}) {
    shuffle_down_reduce(q, v, h_in, d_in, block, warp, d_reported);
    butterfly_reduce(q, v, h_in, d_in, block, warp, d_reported);
  }
  butterfly_reduce_2d<T>(q, v, 45, 100, warp, d_reported);

  for (int block : {4 * warp, 37, 100, 200, 256})
    block_reduce(q, v, h_in, d_in, block, warp, d_reported);
  block_reduce_2d<T>(q, v, 62, 170, 4, 50, warp, d_reported);
  block_reduce_2d<T>(q, v, 62, 170, 2, 3 * warp, warp, d_reported);
  sycl::free(d_in, q);
}

int main() {
#ifdef USE_GPU
  sycl::queue q(sycl::gpu_selector_v, sycl::property::queue::in_order());
#else
  sycl::queue q(sycl::cpu_selector_v, sycl::property::queue::in_order());
#endif
  ported::Verifier v("hb-warp-reduce");
  std::vector<size_t> sizes =
      q.get_device().get_info<sycl::info::device::sub_group_sizes>();
  const int warp = int(*std::max_element(sizes.begin(), sizes.end()));

  int *d_reported = sycl::malloc_device<int>(2, q);
  run_all<int>(q, v, warp, d_reported);
  run_all<float>(q, v, warp, d_reported);
  sycl::free(d_reported, q);
  return v.finish("sub-group size " + std::to_string(warp));
}
