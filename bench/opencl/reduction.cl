// reduction, OpenCL C twin of bench/sycl/reduction.cpp. LOCAL comes from the
// host's build options.
__kernel void reduction(__global const int *in, __global int *partial) {
  __local int tile[LOCAL];
  size_t l = get_local_id(0);
  tile[l] = in[get_global_id(0)];
  for (size_t s = LOCAL / 2; s > 0; s /= 2) {
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l < s)
      tile[l] += tile[l + s];
  }
  if (l == 0)
    partial[get_group_id(0)] = tile[0];
}
