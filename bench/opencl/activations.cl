// activations, OpenCL C twin of bench/sycl/activations.cpp: the same
// formulas with OpenCL's tanh, erf and exp (problems/activations.hpp).
__kernel void gelu_tanh(__global const float *in, __global float *out) {
  size_t i = get_global_id(0);
  float x = in[i];
  out[i] =
      0.5f * x * (1.0f + tanh(0.7978845608f * (x + 0.044715f * x * x * x)));
}

__kernel void gelu_erf(__global const float *in, __global float *out) {
  size_t i = get_global_id(0);
  float x = in[i];
  out[i] = 0.5f * x * (1.0f + erf(x * 0.70710678f));
}

__kernel void silu(__global const float *in, __global float *out) {
  size_t i = get_global_id(0);
  float x = in[i];
  out[i] = x / (1.0f + exp(-x));
}
