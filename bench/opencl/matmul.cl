// matmul, OpenCL C twin of bench/sycl/matmul.cpp. OpenCL dimension 0 is the
// fastest varying one: the column (SYCL's dimension 1).
__kernel void matmul(__global const float *a, __global const float *b,
                     __global float *c, ulong n) {
  __local float ta[TILE][TILE], tb[TILE][TILE];
  size_t row = get_global_id(1), col = get_global_id(0);
  size_t lr = get_local_id(1), lc = get_local_id(0);
  float sum = 0.0f;
  for (size_t k0 = 0; k0 < n; k0 += TILE) {
    ta[lr][lc] = a[row * n + k0 + lc];
    tb[lr][lc] = b[(k0 + lr) * n + col];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (size_t k = 0; k < TILE; ++k)
      sum += ta[lr][k] * tb[k][lc];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  c[row * n + col] = sum;
}
