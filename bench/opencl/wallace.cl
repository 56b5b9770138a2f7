// wallace, OpenCL C twin of bench/sycl/wallace.cpp; the hash is the one of
// problems/wallace.hpp.
uint hash_of(uint r, uint g) {
  return (r + 1) * 2654435761u ^ (g * 0x85EBCA77u + 0x165667B1u);
}

__kernel void wallace(__global const float *seed, __global float *out,
                      uint rounds) {
  __local float pool[POOL];
  uint l = get_local_id(0), g = get_group_id(0), groups = get_num_groups(0);
  for (uint k = 0; k < 4; ++k)
    pool[l + k * LOCAL] = seed[g * POOL + l + k * LOCAL];
  for (uint r = 0; r < rounds; ++r) {
    barrier(CLK_LOCAL_MEM_FENCE);
    uint h = hash_of(r, g);
    uint a = ((h >> 11) & 1023u) | 1u, b = (h >> 21) & 1023u;
    float x[4];
    for (uint k = 0; k < 4; ++k)
      x[k] = pool[(a * (l + k * LOCAL) + b) & (POOL - 1)];
    barrier(CLK_LOCAL_MEM_FENCE);
    float t = 0.5f * ((x[0] + x[1]) + (x[2] + x[3]));
    for (uint k = 0; k < 4; ++k)
      pool[l + k * LOCAL] = t - x[k];
    out[(r * groups + g) * LOCAL + l] = t - x[0];
  }
}
