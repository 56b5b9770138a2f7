// Bitonic sort in the style of HeCBench's bitonic-sort and the classic
// CUDA sample: USM device memory, and three kernels launched with
// q.parallel_for(nd_range). A local kernel sorts each chunk of
// 2 * work-group-size keys in a local_accessor, stepping through the
// bitonic network with sycl::group_barrier between steps; for every
// larger merge size a global kernel does the compare-exchange steps whose
// stride exceeds a chunk (one launch per step) and a local kernel
// finishes the steps inside each chunk. Each work-item handles one
// compare-exchange pair. Compared exactly with std::sort.
// As in HeCBench, the queue is in-order, on the CPU selector unless
// USE_GPU is defined.
#include <sycl/sycl.hpp>

#include "ported.hpp"

#include <algorithm>
#include <vector>

constexpr int WG = 256;
constexpr int CHUNK = 2 * WG;

// Compares and orders the pair (i, i + j) of a bitonic network step; the
// direction alternates with bit k of the (global) index.
template <typename Key>
inline void compareExchange(Key *keys, unsigned i, unsigned j, unsigned k,
                            unsigned global_i) {
  Key a = keys[i], b = keys[i + j];
  bool ascending = (global_i & k) == 0;
  if ((a > b) == ascending) {
    keys[i] = b;
    keys[i + j] = a;
  }
}

// On each chunk, the steps of merge size k_only whose strides lie inside
// the chunk; with sort_all, every smaller merge size's steps before them.
void localSteps(sycl::queue &q, int *d_keys, int n, unsigned k_only,
                bool sort_all) {
  q.submit([&](sycl::handler &cgh) {
    sycl::local_accessor<int, 1> sh(sycl::range<1>(CHUNK), cgh);
    cgh.parallel_for(
        sycl::nd_range<1>(sycl::range<1>(n / 2), sycl::range<1>(WG)),
        [=](sycl::nd_item<1> item) {
          auto g = item.get_group();
          unsigned lid = unsigned(item.get_local_id(0));
          unsigned base = unsigned(item.get_group(0)) * CHUNK;
          sh[lid] = d_keys[base + lid];
          sh[lid + WG] = d_keys[base + lid + WG];
          sycl::group_barrier(g);
          int *s = sh.get_multi_ptr<sycl::access::decorated::no>().get();
          for (unsigned k = sort_all ? 2 : k_only; k <= k_only; k <<= 1)
            for (unsigned j = std::min(k, unsigned(CHUNK)) / 2; j > 0;
                 j >>= 1) {
              unsigned i = 2 * lid - (lid & (j - 1));
              compareExchange(s, i, j, k, base + i);
              sycl::group_barrier(g);
            }
          d_keys[base + lid] = sh[lid];
          d_keys[base + lid + WG] = sh[lid + WG];
        });
  });
}

void bitonicSort(sycl::queue &q, int *d_keys, int n) {
  localSteps(q, d_keys, n, CHUNK, true);
  for (unsigned k = 2 * CHUNK; k <= unsigned(n); k <<= 1) {
    for (unsigned j = k / 2; j >= unsigned(CHUNK); j >>= 1)
      q.parallel_for<class BitonicGlobalStep>(
          sycl::nd_range<1>(sycl::range<1>(n / 2), sycl::range<1>(WG)),
          [=](sycl::nd_item<1> item) {
            unsigned tid = unsigned(item.get_global_id(0));
            unsigned i = 2 * tid - (tid & (j - 1));
            compareExchange(d_keys, i, j, k, i);
          });
    localSteps(q, d_keys, n, k, false);
  }
  q.wait();
}

void runSort(sycl::queue &q, ported::Verifier &v, int n, uint32_t salt,
             int modulus) {
  std::vector<int> keys(n);
  for (int i = 0; i < n; i++)
    keys[i] =
        int(ported::input(uint32_t(i), salt) % uint32_t(modulus)) - modulus / 2;
  int *d_keys = sycl::malloc_device<int>(n, q);
  q.memcpy(d_keys, keys.data(), n * sizeof(int)).wait();
  bitonicSort(q, d_keys, n);
  std::vector<int> got(n);
  q.memcpy(got.data(), d_keys, n * sizeof(int)).wait();
  std::sort(keys.begin(), keys.end());
  std::string what = "n " + std::to_string(n) + " keys in [" +
                     std::to_string(-modulus / 2) + ", " +
                     std::to_string(modulus - 1 - modulus / 2) + "]";
  v.equal(what.c_str(), got.data(), keys.data(), size_t(n));
  sycl::free(d_keys, q);
}

int main() {
#ifdef USE_GPU
  sycl::queue q(sycl::gpu_selector_v, sycl::property::queue::in_order());
#else
  sycl::queue q(sycl::cpu_selector_v, sycl::property::queue::in_order());
#endif
  ported::Verifier v("hb-bitonic");
  runSort(q, v, 1 << 14, 26, 1 << 30);
  runSort(q, v, 1 << 12, 27, 100); // many duplicates
  runSort(q, v, CHUNK, 28, 1000);  // the local kernel alone
  return v.finish();
}
