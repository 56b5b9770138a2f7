// transpose, OpenCL C twin of bench/sycl/transpose.cpp (dimension 0 is the
// column, SYCL's dimension 1).
__kernel void transpose(__global const float *in, __global float *out,
                        ulong n) {
  __local float t[TILE][TILE + 1];
  size_t lr = get_local_id(1), lc = get_local_id(0);
  size_t r0 = get_group_id(1) * TILE, c0 = get_group_id(0) * TILE;
  t[lr][lc] = in[(r0 + lr) * n + c0 + lc];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[(c0 + lr) * n + r0 + lc] = t[lc][lr];
}
