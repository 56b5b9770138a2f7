// Two-stage local-memory reduction in the style of SYCL-Bench's Reduction
// and the classic "reduce6" GPU kernels: each work-item first accumulates
// a grid-strided share of the input, then the group folds its values in
// two SYCL 1.2.1 local accessors (accessor<T, 1, access::mode::read_write,
// access::target::local>), a sum and a maximum at once, halving the active
// range each step with nd_item::barrier(access::fence_space::local_space).
// Stage one writes one partial per group; stage two is a single
// work-group that reduces the partials the same way. The first run sizes
// its work-groups from info::device::max_work_group_size and its grid
// from info::device::max_compute_units. Integer data, exact.
#include <sycl/sycl.hpp>

#include "ported.hpp"

#include <algorithm>
#include <climits>
#include <vector>

using namespace sycl;

using local_int =
    accessor<int, 1, access::mode::read_write, access::target::local>;

template <int Stage> class ReduceSumMax;

// One reduction stage over in[0, n) into sums[group], maxs[group].
template <int Stage>
void reduceStage(queue &q, buffer<int> &in_buf, buffer<int> &in_max_buf,
                 buffer<int> &sum_buf, buffer<int> &max_buf, size_t n,
                 size_t groups, size_t wg) {
  q.submit([&](handler &cgh) {
    auto in = in_buf.get_access<access::mode::read>(cgh);
    auto in_max = in_max_buf.get_access<access::mode::read>(cgh);
    auto sums = sum_buf.get_access<access::mode::discard_write>(cgh);
    auto maxs = max_buf.get_access<access::mode::discard_write>(cgh);
    local_int local_sum(range<1>(wg), cgh);
    local_int local_max(range<1>(wg), cgh);
    cgh.parallel_for<ReduceSumMax<Stage>>(
        nd_range<1>(range<1>(groups * wg), range<1>(wg)), [=](nd_item<1> item) {
          const size_t lid = item.get_local_id(0);
          const size_t stride = item.get_global_range(0);
          int s = 0, m = INT_MIN;
          for (size_t i = item.get_global_id(0); i < n; i += stride) {
            s += in[i];
            m = max(m, in_max[i]);
          }
          local_sum[lid] = s;
          local_max[lid] = m;
          item.barrier(access::fence_space::local_space);
          for (size_t active = wg / 2; active > 0; active /= 2) {
            if (lid < active) {
              local_sum[lid] += local_sum[lid + active];
              local_max[lid] = max(local_max[lid], local_max[lid + active]);
            }
            item.barrier(access::fence_space::local_space);
          }
          if (lid == 0) {
            sums[item.get_group(0)] = local_sum[0];
            maxs[item.get_group(0)] = local_max[0];
          }
        });
  });
}

void runCase(queue &q, ported::Verifier &v, size_t n, size_t groups,
             size_t wg) {
  std::vector<int> data(n);
  for (size_t i = 0; i < n; ++i)
    data[i] = int(ported::input(uint32_t(i), 9) % 2001) - 1000;
  int sum = 0, mx = INT_MIN;
  {
    buffer<int> data_buf(data.data(), range<1>(n));
    buffer<int> partial_sum(range<1>{groups}), partial_max(range<1>{groups});
    buffer<int> result_sum(&sum, range<1>(1)), result_max(&mx, range<1>(1));
    reduceStage<1>(q, data_buf, data_buf, partial_sum, partial_max, n, groups,
                   wg);
    reduceStage<2>(q, partial_sum, partial_max, result_sum, result_max, groups,
                   1, wg);
  }
  int want_sum = 0, want_max = INT_MIN;
  for (int x : data) {
    want_sum += x;
    want_max = std::max(want_max, x);
  }
  std::string what = "n " + std::to_string(n) + " groups " +
                     std::to_string(groups) + " wg " + std::to_string(wg);
  v.equal((what + " sum").c_str(), &sum, &want_sum, 1);
  v.equal((what + " max").c_str(), &mx, &want_max, 1);
}

int main() {
  queue q;
  ported::Verifier v("sb-reduction");
  // Benchmarks pick their work-group size from the device's limit.
  size_t max_wg = q.get_device().get_info<info::device::max_work_group_size>();
  size_t wg = 1;
  while (wg * 2 <= max_wg && wg < 256)
    wg *= 2;
  size_t compute_units =
      q.get_device().get_info<info::device::max_compute_units>();
  v.expect(compute_units >= 1, "the device has no compute units");
  runCase(q, v, 1 << 18, std::min<size_t>(4 * compute_units, 512), wg);
  runCase(q, v, 100001, 96, 128);
  runCase(q, v, 37, 4, 16);
  return v.finish("sum and max");
}
