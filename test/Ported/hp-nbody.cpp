// N-body accelerations with hierarchical parallelism, in the style of
// SYCL-Bench's NBody hierarchical variant: USM arrays of sycl::float4
// (xyz position, w mass), parallel_for_work_group with an explicit group
// size whose body keeps a tile of positions in a work-group-scope array
// and each work-item's position and acceleration in
// sycl::private_memory<float4> and private_memory<float3>; per tile one
// parallel_for_work_item loads the tile and another accumulates the
// softened interactions with sycl::rsqrt; the last one stores. The host
// repeats the sums in the same order: tolerance 1e-4 relative (rsqrt may
// differ from 1 / std::sqrt in an ulp), with a floor of 1e-3 of the
// largest component against cancellation.
#include <sycl/sycl.hpp>

#include "ported.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

constexpr size_t TILE = 64;
constexpr float EPS2 = 1e-3f;

int main() {
  sycl::queue q;
  ported::Verifier v("hp-nbody");
  const size_t n = 1536; // a multiple of TILE

  sycl::float4 *pos = sycl::malloc_shared<sycl::float4>(n, q);
  sycl::float4 *acc = sycl::malloc_shared<sycl::float4>(n, q);
  for (size_t i = 0; i < n; ++i) {
    auto r = [&](uint32_t salt) {
      return float(ported::input(uint32_t(i), salt) % 4001) / 2000.f - 1.f;
    };
    pos[i] = sycl::float4(r(32), r(33), r(34), 1.f + 0.5f * r(35));
  }

  q.submit([&](sycl::handler &cgh) {
     cgh.parallel_for_work_group(
         sycl::range<1>(n / TILE), sycl::range<1>(TILE),
         [=](sycl::group<1> grp) {
           sycl::float4 tile[TILE];
           sycl::private_memory<sycl::float4> my_pos(grp);
           sycl::private_memory<sycl::float3> my_acc(grp);
           grp.parallel_for_work_item([&](sycl::h_item<1> it) {
             my_pos(it) = pos[it.get_global_id(0)];
             my_acc(it) = sycl::float3(0.f);
           });
           for (size_t base = 0; base < n; base += TILE) {
             grp.parallel_for_work_item([&](sycl::h_item<1> it) {
               tile[it.get_local_id(0)] = pos[base + it.get_local_id(0)];
             });
             grp.parallel_for_work_item([&](sycl::h_item<1> it) {
               sycl::float3 p = my_pos(it).xyz();
               sycl::float3 a = my_acc(it);
               for (size_t j = 0; j < TILE; ++j) {
                 sycl::float3 r = tile[j].xyz() - p;
                 float d2 = sycl::dot(r, r) + EPS2;
                 float inv = sycl::rsqrt(d2);
                 a += r * (tile[j].w() * inv * inv * inv);
               }
               my_acc(it) = a;
             });
           }
           grp.parallel_for_work_item([&](sycl::h_item<1> it) {
             acc[it.get_global_id(0)] = sycl::float4(my_acc(it), 0.f);
           });
         });
   }).wait();

  std::vector<float> got(n * 3), want(n * 3);
  float largest = 0.f;
  for (size_t i = 0; i < n; ++i) {
    float a[3] = {0.f, 0.f, 0.f};
    for (size_t j = 0; j < n; ++j) {
      float r[3] = {pos[j].x() - pos[i].x(), pos[j].y() - pos[i].y(),
                    pos[j].z() - pos[i].z()};
      float d2 = r[0] * r[0] + r[1] * r[1] + r[2] * r[2] + EPS2;
      float inv = 1.f / std::sqrt(d2);
      for (int c = 0; c < 3; ++c)
        a[c] += r[c] * (pos[j].w() * inv * inv * inv);
    }
    for (int c = 0; c < 3; ++c) {
      want[i * 3 + c] = a[c];
      got[i * 3 + c] = acc[i][c];
      largest = std::max(largest, std::fabs(a[c]));
    }
  }
  v.close("accelerations", got.data(), want.data(), got.size(), 1e-4,
          1e-3 * largest);
  sycl::free(pos, q);
  sycl::free(acc, q);
  return v.finish(std::to_string(n) + " bodies");
}
