// K-means clustering in the style of HeCBench's kmeans (a Rodinia port):
// the points are transposed to feature-major order by a "swap" kernel,
// each iteration copies the current centroids to the device with
// q.memcpy, a q.parallel_for(nd_range) assigns every point to its nearest
// centroid, counts the points that changed cluster with
// sycl::reduce_over_group and one sycl::atomic_ref fetch_add per group,
// and accumulates the new centroid sums with atomic float adds
// (atomic_ref<float>::fetch_add) and the cluster sizes with atomic int
// increments; the host divides. Features are small integers, so the
// float sums are exact in any order and every centroid, distance and
// membership must equal the serial computation's: exact checks.
// As in HeCBench, the queue is in-order, on the CPU selector unless
// USE_GPU is defined.
#include <sycl/sycl.hpp>

#include "ported.hpp"

#include <cfloat>
#include <vector>

constexpr int NFEATURES = 4;
constexpr int NCLUSTERS = 8;
constexpr int BLOCK = 128;

using float_atomic =
    sycl::atomic_ref<float, sycl::memory_order::relaxed,
                     sycl::memory_scope::device,
                     sycl::access::address_space::global_space>;
using int_atomic = sycl::atomic_ref<int, sycl::memory_order::relaxed,
                                    sycl::memory_scope::device,
                                    sycl::access::address_space::global_space>;

int main() {
#ifdef USE_GPU
  sycl::queue q(sycl::gpu_selector_v, sycl::property::queue::in_order());
#else
  sycl::queue q(sycl::cpu_selector_v, sycl::property::queue::in_order());
#endif
  ported::Verifier v("hb-kmeans");
  const int npoints = 20000, iterations = 5;

  std::vector<float> feature(npoints * NFEATURES); // point-major
  for (int i = 0; i < npoints; i++) {
    // Four blobs with integer coordinates.
    uint32_t h = ported::input(uint32_t(i), 24);
    int blob = int(h % 4);
    for (int f = 0; f < NFEATURES; f++)
      feature[i * NFEATURES + f] =
          float(blob * 16 * (f + 1) % 64 +
                int(ported::input(uint32_t(i * NFEATURES + f), 25) % 16));
  }
  std::vector<float> clusters(NCLUSTERS * NFEATURES);
  for (int c = 0; c < NCLUSTERS; c++)
    for (int f = 0; f < NFEATURES; f++)
      clusters[c * NFEATURES + f] = feature[(c * 37) * NFEATURES + f];

  float *d_feature = sycl::malloc_device<float>(npoints * NFEATURES, q);
  float *d_feature_swap = sycl::malloc_device<float>(npoints * NFEATURES, q);
  float *d_clusters = sycl::malloc_device<float>(NCLUSTERS * NFEATURES, q);
  float *d_new_centers = sycl::malloc_device<float>(NCLUSTERS * NFEATURES, q);
  int *d_new_sizes = sycl::malloc_device<int>(NCLUSTERS, q);
  int *d_membership = sycl::malloc_device<int>(npoints, q);
  int *d_delta = sycl::malloc_device<int>(1, q);
  q.memcpy(d_feature, feature.data(), npoints * NFEATURES * sizeof(float));
  q.fill(d_membership, -1, npoints);

  const int blocks = (npoints + BLOCK - 1) / BLOCK;
  sycl::nd_range<1> ndr(sycl::range<1>(blocks * BLOCK), sycl::range<1>(BLOCK));
  q.parallel_for<class kmeans_swap>(ndr, [=](sycl::nd_item<1> item) {
    int tid = int(item.get_global_id(0));
    if (tid < npoints)
      for (int f = 0; f < NFEATURES; f++)
        d_feature_swap[f * npoints + tid] = d_feature[tid * NFEATURES + f];
  });
  q.wait();

  std::vector<int> ref_membership(npoints, -1), membership(npoints);
  std::vector<float> ref_clusters = clusters;
  for (int iter = 0; iter < iterations; iter++) {
    q.memcpy(d_clusters, clusters.data(),
             sizeof(float) * NCLUSTERS * NFEATURES);
    q.memset(d_new_centers, 0, sizeof(float) * NCLUSTERS * NFEATURES);
    q.memset(d_new_sizes, 0, sizeof(int) * NCLUSTERS);
    q.memset(d_delta, 0, sizeof(int));

    q.parallel_for<class kmeans_assign>(ndr, [=](sycl::nd_item<1> item) {
      int tid = int(item.get_global_id(0));
      int changed = 0;
      if (tid < npoints) {
        int index = 0;
        float min_dist = FLT_MAX;
        for (int c = 0; c < NCLUSTERS; c++) {
          float dist = 0;
          for (int f = 0; f < NFEATURES; f++) {
            float diff = d_feature_swap[f * npoints + tid] -
                         d_clusters[c * NFEATURES + f];
            dist += diff * diff;
          }
          if (dist < min_dist) {
            min_dist = dist;
            index = c;
          }
        }
        changed = d_membership[tid] != index;
        d_membership[tid] = index;
        for (int f = 0; f < NFEATURES; f++) {
          float_atomic center(d_new_centers[index * NFEATURES + f]);
          center.fetch_add(d_feature_swap[f * npoints + tid]);
        }
        int_atomic size(d_new_sizes[index]);
        size.fetch_add(1);
      }
      int block_delta =
          sycl::reduce_over_group(item.get_group(), changed, sycl::plus<>());
      if (item.get_local_id(0) == 0)
        int_atomic(*d_delta).fetch_add(block_delta);
    });

    std::vector<float> new_centers(NCLUSTERS * NFEATURES);
    std::vector<int> new_sizes(NCLUSTERS);
    int delta = 0;
    q.memcpy(new_centers.data(), d_new_centers,
             sizeof(float) * NCLUSTERS * NFEATURES);
    q.memcpy(new_sizes.data(), d_new_sizes, sizeof(int) * NCLUSTERS);
    q.memcpy(&delta, d_delta, sizeof(int));
    q.memcpy(membership.data(), d_membership, sizeof(int) * npoints).wait();

    // Serial reference of the same iteration.
    std::vector<float> ref_centers(NCLUSTERS * NFEATURES, 0.f);
    std::vector<int> ref_sizes(NCLUSTERS, 0);
    int ref_delta = 0;
    for (int i = 0; i < npoints; i++) {
      int index = 0;
      float min_dist = FLT_MAX;
      for (int c = 0; c < NCLUSTERS; c++) {
        float dist = 0;
        for (int f = 0; f < NFEATURES; f++) {
          float diff =
              feature[i * NFEATURES + f] - ref_clusters[c * NFEATURES + f];
          dist += diff * diff;
        }
        if (dist < min_dist) {
          min_dist = dist;
          index = c;
        }
      }
      ref_delta += ref_membership[i] != index;
      ref_membership[i] = index;
      for (int f = 0; f < NFEATURES; f++)
        ref_centers[index * NFEATURES + f] += feature[i * NFEATURES + f];
      ref_sizes[index]++;
    }
    std::string it = "iteration " + std::to_string(iter) + " ";
    v.equal((it + "membership").c_str(), membership.data(),
            ref_membership.data(), size_t(npoints));
    v.equal((it + "sizes").c_str(), new_sizes.data(), ref_sizes.data(),
            size_t(NCLUSTERS));
    v.equal((it + "sums").c_str(), new_centers.data(), ref_centers.data(),
            new_centers.size());
    v.equal((it + "delta").c_str(), &delta, &ref_delta, 1);

    for (int c = 0; c < NCLUSTERS; c++)
      for (int f = 0; f < NFEATURES; f++) {
        if (new_sizes[c])
          clusters[c * NFEATURES + f] =
              new_centers[c * NFEATURES + f] / float(new_sizes[c]);
        if (ref_sizes[c])
          ref_clusters[c * NFEATURES + f] =
              ref_centers[c * NFEATURES + f] / float(ref_sizes[c]);
      }
  }

  sycl::free(d_feature, q);
  sycl::free(d_feature_swap, q);
  sycl::free(d_clusters, q);
  sycl::free(d_new_centers, q);
  sycl::free(d_new_sizes, q);
  sycl::free(d_membership, q);
  sycl::free(d_delta, q);
  return v.finish(std::to_string(npoints) + " points, " +
                  std::to_string(iterations) + " iterations");
}
