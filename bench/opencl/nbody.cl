// nbody, OpenCL C twin of bench/sycl/nbody.cpp. Bodies are (x, y, z, mass).
__kernel void nbody(__global const float *pos, __global float *acc, ulong n,
                    float softening) {
  __local float tile[4 * LOCAL];
  size_t i = get_global_id(0), l = get_local_id(0);
  float px = pos[4 * i], py = pos[4 * i + 1], pz = pos[4 * i + 2];
  float ax = 0.0f, ay = 0.0f, az = 0.0f;
  for (size_t t = 0; t < n; t += LOCAL) {
    for (size_t c = 0; c < 4; ++c)
      tile[4 * l + c] = pos[4 * (t + l) + c];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (size_t j = 0; j < LOCAL; ++j) {
      float dx = tile[4 * j] - px, dy = tile[4 * j + 1] - py,
            dz = tile[4 * j + 2] - pz;
      float r2 = dx * dx + dy * dy + dz * dz + softening;
      float inv = 1.0f / sqrt(r2);
      float s = tile[4 * j + 3] * inv * inv * inv;
      ax += dx * s;
      ay += dy * s;
      az += dz * s;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  acc[4 * i] = ax;
  acc[4 * i + 1] = ay;
  acc[4 * i + 2] = az;
  acc[4 * i + 3] = 0.0f;
}
