// scan, OpenCL C twin of bench/sycl/scan.cpp's tree. LOCAL comes from the
// host's build options.
__kernel void scan(__global const int *in, __global int *out) {
  __local int tile[2 * LOCAL];
  size_t i = get_global_id(0), l = get_local_id(0);
  size_t from = 0;
  tile[l] = in[i];
  for (size_t d = 1; d < LOCAL; d *= 2) {
    barrier(CLK_LOCAL_MEM_FENCE);
    int value = tile[from + l];
    if (l >= d)
      value += tile[from + l - d];
    tile[LOCAL - from + l] = value;
    from = LOCAL - from;
  }
  out[i] = tile[from + l];
}
