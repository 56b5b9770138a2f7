// Large prefix sum in the style of HeCBench's scan benchmarks written with
// SYCL 2020 group algorithms: USM device arrays filled with q.memcpy,
// a first q.parallel_for(nd_range) that scans each block with
// sycl::inclusive_scan_over_group and stores the block totals, a second
// single-group kernel that scans the totals with
// sycl::exclusive_scan_over_group, carrying the running sum from chunk to
// chunk with sycl::reduce_over_group, and a third that adds each block's
// offset. An exclusive scan of a large array of 16-bit keys by
// sycl::joint_exclusive_scan in one group follows, as the radix-sort codes
// use it. Integer data, exact.
// As in HeCBench, the queue is in-order, on the CPU selector unless
// USE_GPU is defined.
#include <sycl/sycl.hpp>

#include "ported.hpp"

#include <vector>

template <typename T> class BlockScan;
template <typename T> class ScanBlockSums;
template <typename T> class AddOffsets;

template <typename T>
void scan(sycl::queue &q, const T *d_in, T *d_out, T *d_block_sums, int n,
          int block_size) {
  const int num_blocks = (n + block_size - 1) / block_size;

  q.parallel_for<BlockScan<T>>(
      sycl::nd_range<1>(sycl::range<1>(num_blocks * block_size),
                        sycl::range<1>(block_size)),
      [=](sycl::nd_item<1> item) {
        int gid = int(item.get_global_id(0));
        T x = gid < n ? d_in[gid] : T(0);
        T prefix = sycl::inclusive_scan_over_group(item.get_group(), x,
                                                   sycl::plus<T>());
        if (gid < n)
          d_out[gid] = prefix;
        if (item.get_local_id(0) == size_t(block_size - 1))
          d_block_sums[item.get_group(0)] = prefix;
      });

  // One group walks over the block sums in chunks of its size.
  q.parallel_for<ScanBlockSums<T>>(
      sycl::nd_range<1>(sycl::range<1>(block_size), sycl::range<1>(block_size)),
      [=](sycl::nd_item<1> item) {
        auto g = item.get_group();
        int lid = int(item.get_local_id(0));
        T carry = 0;
        for (int base = 0; base < num_blocks; base += block_size) {
          int i = base + lid;
          T x = i < num_blocks ? d_block_sums[i] : T(0);
          T excl = sycl::exclusive_scan_over_group(g, x, sycl::plus<>());
          T total = sycl::reduce_over_group(g, x, sycl::plus<>());
          if (i < num_blocks)
            d_block_sums[i] = carry + excl;
          carry += total;
        }
      });

  q.parallel_for<AddOffsets<T>>(
      sycl::nd_range<1>(sycl::range<1>(num_blocks * block_size),
                        sycl::range<1>(block_size)),
      [=](sycl::nd_item<1> item) {
        int gid = int(item.get_global_id(0));
        if (gid < n)
          d_out[gid] += d_block_sums[item.get_group(0)];
      });
  q.wait();
}

template <typename T>
void runScan(sycl::queue &q, ported::Verifier &v, int n, int block_size) {
  std::vector<T> h_in(n), h_out(n), ref(n);
  for (int i = 0; i < n; i++)
    h_in[i] = T(ported::input(uint32_t(i), 22) % 1000);
  T sum = 0;
  for (int i = 0; i < n; i++)
    ref[i] = sum += h_in[i];

  const int num_blocks = (n + block_size - 1) / block_size;
  T *d_in = sycl::malloc_device<T>(n, q);
  T *d_out = sycl::malloc_device<T>(n, q);
  T *d_sums = sycl::malloc_device<T>(num_blocks, q);
  q.memcpy(d_in, h_in.data(), n * sizeof(T)).wait();
  scan(q, d_in, d_out, d_sums, n, block_size);
  q.memcpy(h_out.data(), d_out, n * sizeof(T)).wait();
  std::string what = "inclusive scan n " + std::to_string(n) + " block " +
                     std::to_string(block_size);
  v.equal(what.c_str(), h_out.data(), ref.data(), size_t(n));
  sycl::free(d_in, q);
  sycl::free(d_out, q);
  sycl::free(d_sums, q);
}

int main() {
#ifdef USE_GPU
  sycl::queue q(sycl::gpu_selector_v, sycl::property::queue::in_order());
#else
  sycl::queue q(sycl::cpu_selector_v, sycl::property::queue::in_order());
#endif
  ported::Verifier v("hb-scan");
  runScan<int>(q, v, 200000, 256);
  runScan<long>(q, v, 50001, 64);
  runScan<unsigned>(q, v, 1000, 1000);

  // Exclusive scan of bucket counts by one work-group.
  const int n = 65536 + 3, wg = 128;
  std::vector<unsigned short> keys(n);
  std::vector<int> offsets(n), ref(n);
  for (int i = 0; i < n; ++i)
    keys[i] = (unsigned short)(ported::input(uint32_t(i), 23) % 16);
  int running = 0;
  for (int i = 0; i < n; ++i) {
    ref[i] = running;
    running += keys[i];
  }
  int *d_keys = sycl::malloc_device<int>(n, q);
  int *d_offsets = sycl::malloc_device<int>(n, q);
  unsigned short *d_raw = sycl::malloc_device<unsigned short>(n, q);
  q.memcpy(d_raw, keys.data(), n * sizeof(unsigned short));
  q.parallel_for(sycl::range<1>(n),
                 [=](sycl::id<1> i) { d_keys[i] = d_raw[i]; });
  q.parallel_for(sycl::nd_range<1>(sycl::range<1>(wg), sycl::range<1>(wg)),
                 [=](sycl::nd_item<1> item) {
                   sycl::joint_exclusive_scan(item.get_group(), d_keys,
                                              d_keys + n, d_offsets,
                                              sycl::plus<int>());
                 })
      .wait();
  q.memcpy(offsets.data(), d_offsets, n * sizeof(int)).wait();
  v.equal("joint exclusive scan", offsets.data(), ref.data(), size_t(n));
  sycl::free(d_keys, q);
  sycl::free(d_offsets, q);
  sycl::free(d_raw, q);
  return v.finish();
}
