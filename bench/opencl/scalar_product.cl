// scalar-product, OpenCL C twin of bench/sycl/scalar_product.cpp.
__kernel void scalar_product(__global const float *a, __global const float *b,
                             __global float *result, ulong elements) {
  __local float tile[LOCAL];
  size_t l = get_local_id(0), v = get_group_id(0);
  float sum = 0.0f;
  for (size_t i = l; i < elements; i += LOCAL)
    sum += a[v * elements + i] * b[v * elements + i];
  tile[l] = sum;
  for (size_t s = LOCAL / 2; s > 0; s /= 2) {
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l < s)
      tile[l] += tile[l + s];
  }
  if (l == 0)
    result[v] = tile[0];
}
