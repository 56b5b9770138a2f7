// Stream compaction in the style of HeCBench's compaction and
// "warp-aggregated atomics" codes (the CUDA idiom: one atomicAdd per warp
// on a global counter, then each lane writes at the warp's base plus its
// rank among the lanes that keep an element):
// - 1-D: sub-groups with no element to keep leave at once
//   (sycl::none_of_group); in a sub-group that keeps all of them
//   (sycl::all_of_group) a lane's slot is its lane id, else
//   sycl::exclusive_scan_over_group of the flags, the count being
//   sycl::reduce_over_group; the leader does one atomic_ref::fetch_add and
//   sycl::group_broadcast hands the base to the sub-group. Local sizes 128
//   and 200 (a partial last sub-group where SG is 16);
// - 2-D: the coordinates of the pixels above a threshold, with 2 x 50
//   work-groups (partial sub-groups for every SG above 2): sub-groups that
//   keep nothing skip the atomic (sycl::any_of_group), the last lane does
//   the fetch_add of its scan value plus its flag and sycl::select_from_group
//   reads the base from it.
// The order of those outputs depends on the order of the atomics, so they
// are checked as a set: the count, the elements sorted on the host, and
// that nothing was written past the count.
// - an order-preserving compaction per work-group: sub-group exclusive
//   scans, the leaders' totals in a local_accessor, sycl::group_barrier,
//   sub-group 0 scans the totals (in chunks of its size, carrying the sum)
//   and stores the group's count, a second barrier, then each element goes
//   to its group's tile at its rank; a single-group
//   sycl::joint_exclusive_scan turns the counts into offsets and a third
//   kernel moves the tiles together. Local sizes 128, 100 and 37; the
//   tiles, the counts and the final array are compared exactly with a
//   serial std::copy_if.
// The input mixes runs where every element is kept, runs where none is and
// random runs, so all three sub-group paths are taken.
// As in HeCBench, the queue is in-order, on the CPU selector unless
// USE_GPU is defined.
#include <sycl/sycl.hpp>

#include "ported.hpp"

#include <algorithm>
#include <iterator>
#include <string>
#include <vector>

using counter_ref = sycl::atomic_ref<int, sycl::memory_order::relaxed,
                                     sycl::memory_scope::device,
                                     sycl::access::address_space::global_space>;

// Runs of 48 values, a third of them all kept (positive), a third none,
// the rest random.
int make_value(int i) {
  uint32_t run = ported::input(uint32_t(i / 48), 71) % 3;
  int x = int(ported::input(uint32_t(i), 72) % 1000) + 1;
  if (run == 0)
    return x;
  if (run == 1)
    return -x;
  return ported::input(uint32_t(i), 73) % 2 ? x : -x;
}

bool keep(int x) { return x > 0; }

// Checks an unordered compaction: the count, the kept elements as a set,
// and that the rest of the output still holds the fill value -1.
void check_as_set(ported::Verifier &v, const std::string &what,
                  std::vector<int> got, int count, std::vector<int> want) {
  if (!v.expect(count == int(want.size()),
                what + ": count " + std::to_string(count) + ", want " +
                    std::to_string(want.size())))
    return;
  std::vector<int> tail(got.begin() + count, got.end());
  std::vector<int> untouched(tail.size(), -1);
  v.equal((what + " past the count").c_str(), tail.data(), untouched.data(),
          tail.size());
  got.resize(count);
  std::sort(got.begin(), got.end());
  std::sort(want.begin(), want.end());
  v.equal((what + " sorted").c_str(), got.data(), want.data(), want.size());
}

void compact_aggregated(sycl::queue &q, ported::Verifier &v,
                        const std::vector<int> &h_in, const int *d_in,
                        int block) {
  const int n = int(h_in.size());
  const int blocks = (n + block - 1) / block;
  int *d_out = sycl::malloc_device<int>(n, q);
  int *d_count = sycl::malloc_device<int>(1, q);
  q.fill(d_out, -1, n);
  q.memset(d_count, 0, sizeof(int));

  q.parallel_for<class compact_warp_aggregated>(
      sycl::nd_range<1>(sycl::range<1>(blocks * block), sycl::range<1>(block)),
      [=](sycl::nd_item<1> item) {
        sycl::sub_group sg = item.get_sub_group();
        const int gid = int(item.get_global_id(0));
        const int x = gid < n ? d_in[gid] : 0;
        const bool pred = x > 0;
        if (sycl::none_of_group(sg, pred))
          return;

        int slot, total;
        if (sycl::all_of_group(sg, pred)) {
          slot = int(sg.get_local_linear_id());
          total = int(sg.get_local_linear_range());
        } else {
          slot =
              sycl::exclusive_scan_over_group(sg, pred ? 1 : 0, sycl::plus<>());
          total = sycl::reduce_over_group(sg, pred ? 1 : 0, sycl::plus<>());
        }
        int base = 0;
        if (sg.leader())
          base = counter_ref(*d_count).fetch_add(total);
        base = sycl::group_broadcast(sg, base);
        if (pred)
          d_out[base + slot] = x;
      });

  std::vector<int> out(n);
  int count = 0;
  q.memcpy(out.data(), d_out, n * sizeof(int));
  q.memcpy(&count, d_count, sizeof(int)).wait();
  std::vector<int> want;
  std::copy_if(h_in.begin(), h_in.end(), std::back_inserter(want), keep);
  check_as_set(v, "aggregated block " + std::to_string(block), out, count,
               want);
  sycl::free(d_out, q);
  sycl::free(d_count, q);
}

void compact_pixels_2d(sycl::queue &q, ported::Verifier &v) {
  const int h = 121, w = 230, by = 2, bx = 50;
  const int threshold = 700;
  std::vector<int> image(h * w);
  for (int i = 0; i < h * w; ++i)
    image[i] = make_value(i);
  int *d_image = sycl::malloc_device<int>(h * w, q);
  int *d_coords = sycl::malloc_device<int>(h * w, q);
  int *d_count = sycl::malloc_device<int>(1, q);
  q.memcpy(d_image, image.data(), h * w * sizeof(int));
  q.fill(d_coords, -1, h * w);
  q.memset(d_count, 0, sizeof(int));

  const int gy = (h + by - 1) / by * by, gx = (w + bx - 1) / bx * bx;
  q.parallel_for<class compact_pixels>(
      sycl::nd_range<2>(sycl::range<2>(gy, gx), sycl::range<2>(by, bx)),
      [=](sycl::nd_item<2> item) {
        sycl::sub_group sg = item.get_sub_group();
        const int y = int(item.get_global_id(0));
        const int x = int(item.get_global_id(1));
        const bool pred = y < h && x < w && d_image[y * w + x] > threshold;
        const int flag = pred ? 1 : 0;
        const int rank =
            sycl::exclusive_scan_over_group(sg, flag, sycl::plus<>());
        const int last = int(sg.get_local_linear_range()) - 1;
        int base = 0;
        if (sycl::any_of_group(sg, pred)) {
          if (int(sg.get_local_linear_id()) == last)
            base = counter_ref(*d_count).fetch_add(rank + flag);
          base = sycl::select_from_group(sg, base, last);
        }
        if (pred)
          d_coords[base + rank] = (y << 16) | x;
      });

  std::vector<int> coords(h * w);
  int count = 0;
  q.memcpy(coords.data(), d_coords, h * w * sizeof(int));
  q.memcpy(&count, d_count, sizeof(int)).wait();
  std::vector<int> want;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      if (image[y * w + x] > threshold)
        want.push_back((y << 16) | x);
  check_as_set(v, "2-D pixels", coords, count, want);
  sycl::free(d_image, q);
  sycl::free(d_coords, q);
  sycl::free(d_count, q);
}

void compact_ordered(sycl::queue &q, ported::Verifier &v,
                     const std::vector<int> &h_in, const int *d_in, int block) {
  const int n = int(h_in.size());
  const int blocks = (n + block - 1) / block;
  // The leaders' totals, one a sub-group at most, and the group's count.
  const int scratch = block + 1;
  int *d_tiles = sycl::malloc_device<int>(blocks * block, q);
  int *d_counts = sycl::malloc_device<int>(blocks, q);
  int *d_offsets = sycl::malloc_device<int>(blocks, q);
  int *d_out = sycl::malloc_device<int>(n, q);
  q.fill(d_tiles, -1, blocks * block);
  q.fill(d_out, -1, n);

  q.submit([&](sycl::handler &cgh) {
    sycl::local_accessor<int, 1> sums(sycl::range<1>(scratch), cgh);
    cgh.parallel_for<class compact_tile>(
        sycl::nd_range<1>(sycl::range<1>(blocks * block),
                          sycl::range<1>(block)),
        [=](sycl::nd_item<1> item) {
          sycl::group<1> g = item.get_group();
          sycl::sub_group sg = item.get_sub_group();
          const int gid = int(item.get_global_id(0));
          const int x = gid < n ? d_in[gid] : 0;
          const int flag = x > 0 ? 1 : 0;
          const int sg_id = int(sg.get_group_linear_id());
          const int num_sg = int(sg.get_group_linear_range());

          const int rank =
              sycl::exclusive_scan_over_group(sg, flag, sycl::plus<>());
          const int sg_total =
              sycl::reduce_over_group(sg, flag, sycl::plus<>());
          if (sg.leader())
            sums[sg_id] = sg_total;
          sycl::group_barrier(g);

          if (sg_id == 0) {
            const int lane = int(sg.get_local_linear_id());
            const int width = int(sg.get_local_linear_range());
            int carry = 0;
            for (int start = 0; start < num_sg; start += width) {
              const int i = start + lane;
              const int t = i < num_sg ? sums[i] : 0;
              const int excl =
                  sycl::exclusive_scan_over_group(sg, t, sycl::plus<>());
              const int chunk = sycl::reduce_over_group(sg, t, sycl::plus<>());
              if (i < num_sg)
                sums[i] = carry + excl;
              carry += chunk;
            }
            if (sg.leader())
              sums[num_sg] = carry;
          }
          sycl::group_barrier(g);

          const int tile = int(g.get_group_linear_id()) * block;
          if (flag)
            d_tiles[tile + sums[sg_id] + rank] = x;
          if (g.leader())
            d_counts[g.get_group_linear_id()] = sums[num_sg];
        });
  });

  q.parallel_for<class compact_offsets>(
      sycl::nd_range<1>(sycl::range<1>(128), sycl::range<1>(128)),
      [=](sycl::nd_item<1> item) {
        sycl::joint_exclusive_scan(item.get_group(), d_counts,
                                   d_counts + blocks, d_offsets,
                                   sycl::plus<>());
      });

  q.parallel_for<class compact_gather>(
      sycl::nd_range<1>(sycl::range<1>(blocks * block), sycl::range<1>(block)),
      [=](sycl::nd_item<1> item) {
        const int b = int(item.get_group(0));
        const int lid = int(item.get_local_id(0));
        if (lid < d_counts[b])
          d_out[d_offsets[b] + lid] = d_tiles[b * block + lid];
      });

  std::vector<int> tiles(blocks * block), counts(blocks), out(n);
  q.memcpy(tiles.data(), d_tiles, tiles.size() * sizeof(int));
  q.memcpy(counts.data(), d_counts, blocks * sizeof(int));
  q.memcpy(out.data(), d_out, n * sizeof(int)).wait();

  std::vector<int> ref_tiles(blocks * block, -1), ref_counts(blocks, 0);
  std::vector<int> ref_out(n, -1);
  for (int b = 0; b < blocks; ++b) {
    auto first = h_in.begin() + b * block;
    auto last = h_in.begin() + std::min(n, (b + 1) * block);
    auto end = std::copy_if(first, last, ref_tiles.begin() + b * block, keep);
    ref_counts[b] = int(end - (ref_tiles.begin() + b * block));
  }
  std::copy_if(h_in.begin(), h_in.end(), ref_out.begin(), keep);
  std::string what = "ordered block " + std::to_string(block);
  v.equal((what + " counts").c_str(), counts.data(), ref_counts.data(),
          size_t(blocks));
  v.equal((what + " tiles").c_str(), tiles.data(), ref_tiles.data(),
          tiles.size());
  v.equal((what + " output").c_str(), out.data(), ref_out.data(), size_t(n));
  for (int *p : {d_tiles, d_counts, d_offsets, d_out})
    sycl::free(p, q);
}

int main() {
#ifdef USE_GPU
  sycl::queue q(sycl::gpu_selector_v, sycl::property::queue::in_order());
#else
  sycl::queue q(sycl::cpu_selector_v, sycl::property::queue::in_order());
#endif
  ported::Verifier v("hb-compact");
  std::vector<size_t> sizes =
      q.get_device().get_info<sycl::info::device::sub_group_sizes>();
  const int n = 60013;
  std::vector<int> h_in(n);
  for (int i = 0; i < n; ++i)
    h_in[i] = make_value(i);
  int *d_in = sycl::malloc_device<int>(n, q);
  q.memcpy(d_in, h_in.data(), n * sizeof(int)).wait();

  for (int block : {128, 200})
    compact_aggregated(q, v, h_in, d_in, block);
  compact_pixels_2d(q, v);
  for (int block : {128, 100, 37})
    compact_ordered(q, v, h_in, d_in, block);

  sycl::free(d_in, q);
  int kept = int(std::count_if(h_in.begin(), h_in.end(), keep));
  return v.finish(std::to_string(kept) + " of " + std::to_string(n) +
                  " kept, sub-group size " + std::to_string(sizes.back()));
}
