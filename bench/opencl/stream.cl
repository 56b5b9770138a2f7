// stream, OpenCL C twins of the kernels of bench/sycl/stream.cpp.
__kernel void copy(__global const float *a, __global float *c) {
  size_t i = get_global_id(0);
  c[i] = a[i];
}

__kernel void mul(__global float *b, __global const float *c, float s) {
  size_t i = get_global_id(0);
  b[i] = s * c[i];
}

__kernel void add(__global const float *a, __global const float *b,
                  __global float *c) {
  size_t i = get_global_id(0);
  c[i] = a[i] + b[i];
}

__kernel void triad(__global float *a, __global const float *b,
                    __global const float *c, float s) {
  size_t i = get_global_id(0);
  a[i] = b[i] + s * c[i];
}

__kernel void copy_barrier(__global const float *a, __global float *c) {
  size_t i = get_global_id(0);
  float v = a[i];
  barrier(CLK_LOCAL_MEM_FENCE);
  c[i] = v;
}

__kernel void dot_product(__global const float *a, __global const float *b,
                  __global float *partial, ulong n) {
  __local float tile[LOCAL];
  size_t l = get_local_id(0), stride = get_global_size(0);
  float sum = 0.0f;
  for (size_t i = get_global_id(0); i < n; i += stride)
    sum += a[i] * b[i];
  tile[l] = sum;
  for (size_t s = LOCAL / 2; s > 0; s /= 2) {
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l < s)
      tile[l] += tile[l + s];
  }
  if (l == 0)
    partial[get_group_id(0)] = tile[0];
}
