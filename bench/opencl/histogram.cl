// histogram, OpenCL C twin of bench/sycl/histogram.cpp. LOCAL (== the bin
// count) and PER_ITEM come from the host's build options.
__kernel void histogram(__global const uchar *in, __global uint *out) {
  __local uint hist[LOCAL];
  size_t l = get_local_id(0);
  __global const uchar *mine = in + get_group_id(0) * LOCAL * PER_ITEM + l;
  hist[l] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t k = 0; k < PER_ITEM; ++k)
    atomic_inc(&hist[mine[k * LOCAL]]);
  barrier(CLK_LOCAL_MEM_FENCE);
  uint count = hist[l];
  if (count)
    atomic_add(&out[l], count);
}
