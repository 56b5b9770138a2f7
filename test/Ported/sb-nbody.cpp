// All-pairs N-body step in the style of SYCL-Bench's NBody (NDRange
// variant) and the GPU Gems tiled formulation: bodies as sycl::float4
// (xyz position, w mass), an nd_range<1> kernel that stages one tile of
// positions at a time in a local_accessor<float4> between two barriers,
// accumulates the softened acceleration with sycl::rsqrt, then integrates
// velocity and position. A simpler range<1> kernel computes each body's
// potential energy with sycl::sqrt and sycl::length. Several steps run on
// buffers that stay on the device. The host repeats the same sums in the
// same order: tolerance 1e-4 relative (rsqrt and sqrt may differ in an
// ulp), with a floor of 1e-3 of the largest value against cancellation.
#include <sycl/sycl.hpp>

#include "ported.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

using namespace sycl;

class NBodyStep;
class NBodyPotential;

constexpr float softening = 1e-2f;
constexpr float dt = 1e-3f;

static void hostStep(std::vector<float4> &pos, std::vector<float4> &vel) {
  const size_t n = pos.size();
  std::vector<float4> next(n);
  for (size_t i = 0; i < n; ++i) {
    float ax = 0, ay = 0, az = 0;
    for (size_t j = 0; j < n; ++j) {
      float rx = pos[j].x() - pos[i].x(), ry = pos[j].y() - pos[i].y(),
            rz = pos[j].z() - pos[i].z();
      float dist_sqr = rx * rx + ry * ry + rz * rz + softening;
      float inv_dist = 1.0f / std::sqrt(dist_sqr);
      float s = pos[j].w() * (inv_dist * inv_dist * inv_dist);
      ax += rx * s;
      ay += ry * s;
      az += rz * s;
    }
    vel[i] += float4(ax, ay, az, 0.f) * dt;
    next[i] = pos[i] + float4(vel[i].x(), vel[i].y(), vel[i].z(), 0.f) * dt;
  }
  pos = next;
}

int main() {
  queue q;
  ported::Verifier v("sb-nbody");
  const size_t n = 1000, wg = 64, steps = 3;
  const size_t global = (n + wg - 1) / wg * wg;

  std::vector<float4> pos(n), vel(n);
  for (size_t i = 0; i < n; ++i) {
    auto r = [&](uint32_t salt) {
      return float(ported::input(uint32_t(i), salt) % 2001) / 1000.f - 1.f;
    };
    pos[i] = float4(r(12), r(13), r(14), 0.5f + (r(15) + 1.f) * 0.25f);
    vel[i] = float4(r(16), r(17), r(18), 0.f) * 0.1f;
  }
  std::vector<float4> pos_out(pos), vel_out(vel);
  std::vector<float> potential(n);

  {
    buffer<float4> pos_a(pos_out.data(), range<1>(n));
    buffer<float4> pos_b{range<1>(n)};
    buffer<float4> vel_buf(vel_out.data(), range<1>(n));
    buffer<float> pot_buf(potential.data(), range<1>(n));
    buffer<float4> *cur = &pos_a, *nxt = &pos_b;

    for (size_t step = 0; step < steps; ++step) {
      q.submit([&](handler &cgh) {
        auto p = cur->get_access<access::mode::read>(cgh);
        auto p_new = nxt->get_access<access::mode::discard_write>(cgh);
        auto vel = vel_buf.get_access<access::mode::read_write>(cgh);
        local_accessor<float4, 1> tile(range<1>(wg), cgh);
        cgh.parallel_for<NBodyStep>(
            nd_range<1>(range<1>(global), range<1>(wg)), [=](nd_item<1> it) {
              const size_t i = it.get_global_id(0);
              const size_t lid = it.get_local_id(0);
              const float4 my_pos = i < n ? p[i] : float4(0.f);
              float3 acc(0.f);
              for (size_t base = 0; base < n; base += wg) {
                tile[lid] = base + lid < n ? p[base + lid] : float4(0.f);
                it.barrier(access::fence_space::local_space);
                const size_t count = std::min(wg, n - base);
                for (size_t j = 0; j < count; ++j) {
                  float4 other = tile[j];
                  float3 r = other.xyz() - my_pos.xyz();
                  float dist_sqr =
                      r.x() * r.x() + r.y() * r.y() + r.z() * r.z() + softening;
                  float inv_dist = rsqrt(dist_sqr);
                  acc += r * (other.w() * (inv_dist * inv_dist * inv_dist));
                }
                it.barrier(access::fence_space::local_space);
              }
              if (i < n) {
                float4 v = vel[i] + float4(acc, 0.f) * dt;
                vel[i] = v;
                p_new[i] = my_pos + float4(v.xyz(), 0.f) * dt;
              }
            });
      });
      std::swap(cur, nxt);
    }

    q.submit([&](handler &cgh) {
      accessor p{*cur, cgh, read_only};
      accessor pot{pot_buf, cgh, write_only, no_init};
      cgh.parallel_for<NBodyPotential>(range<1>(n), [=](id<1> i) {
        float e = 0.f;
        for (size_t j = 0; j < n; ++j) {
          if (j == i)
            continue;
          float d = length(p[j].xyz() - p[i].xyz());
          e -= p[j].w() / sqrt(d * d + softening);
        }
        pot[i] = e * p[i].w();
      });
    });
    // Final positions live in whichever buffer was written last.
    host_accessor final_pos{*cur, read_only};
    for (size_t i = 0; i < n; ++i)
      pos_out[i] = final_pos[i];
    pos_a.set_final_data(nullptr);
  }

  std::vector<float4> ref_pos(pos), ref_vel(vel);
  for (size_t step = 0; step < steps; ++step)
    hostStep(ref_pos, ref_vel);
  std::vector<float> ref_pot(n);
  for (size_t i = 0; i < n; ++i) {
    float e = 0.f;
    for (size_t j = 0; j < n; ++j) {
      if (j == i)
        continue;
      float dx = ref_pos[j].x() - ref_pos[i].x(),
            dy = ref_pos[j].y() - ref_pos[i].y(),
            dz = ref_pos[j].z() - ref_pos[i].z();
      float d = std::sqrt(dx * dx + dy * dy + dz * dz);
      e -= ref_pos[j].w() / std::sqrt(d * d + softening);
    }
    ref_pot[i] = e * ref_pos[i].w();
  }

  auto flatten = [](const std::vector<float4> &a) {
    std::vector<float> out;
    for (const float4 &x : a)
      for (int c = 0; c < 4; ++c)
        out.push_back(x[c]);
    return out;
  };
  auto floorOf = [](const std::vector<float> &a) {
    float m = 0;
    for (float x : a)
      m = std::max(m, std::fabs(x));
    return 1e-3 * m;
  };
  std::vector<float> gp = flatten(pos_out), wp = flatten(ref_pos);
  std::vector<float> gv = flatten(vel_out), wv = flatten(ref_vel);
  v.close("positions", gp.data(), wp.data(), gp.size(), 1e-4, floorOf(wp));
  v.close("velocities", gv.data(), wv.data(), gv.size(), 1e-4, floorOf(wv));
  v.close("potential", potential.data(), ref_pot.data(), n, 1e-4,
          floorOf(ref_pot));
  return v.finish(std::to_string(n) + " bodies, " + std::to_string(steps) +
                  " steps");
}
