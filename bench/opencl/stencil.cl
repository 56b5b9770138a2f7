// stencil-1d, OpenCL C twin of bench/sycl/stencil.cpp; the weights are those
// of problems/stencil.hpp.
__constant float weights[2 * RADIUS + 1] = {0.02f, 0.05f, 0.1f,  0.15f, 0.36f,
                                            0.15f, 0.1f,  0.05f, 0.02f};

__kernel void stencil(__global const float *in, __global float *out, ulong n) {
  __local float t[LOCAL + 2 * RADIUS];
  long i = get_global_id(0);
  size_t l = get_local_id(0);
  const long last = (long)n - 1;
  t[l + RADIUS] = in[i];
  if (l < RADIUS) {
    t[l] = in[max(i - RADIUS, 0L)];
    t[l + LOCAL + RADIUS] = in[min(i + LOCAL, last)];
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  float sum = 0.0f;
  for (size_t k = 0; k <= 2 * RADIUS; ++k)
    sum += weights[k] * t[l + k];
  out[i] = sum;
}
