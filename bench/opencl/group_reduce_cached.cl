// group-reduce-cached, OpenCL C twin of the tree kernel of
// bench/sycl/group_reduce_cached.cpp. LOCAL and INPUT_GROUPS come from the
// host's build options.
__kernel void group_reduce_cached(__global const int *in,
                                  __global int *sums) {
  __local int tile[LOCAL];
  size_t g = get_group_id(0), l = get_local_id(0);
  tile[l] = in[g % INPUT_GROUPS * LOCAL + l];
  for (size_t s = LOCAL / 2; s > 0; s /= 2) {
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l < s)
      tile[l] += tile[l + s];
  }
  if (l == 0)
    sums[g] = tile[0];
}
