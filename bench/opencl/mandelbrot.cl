// mandelbrot, OpenCL C twin of bench/sycl/mandelbrot.cpp; the plane and the
// iterations are those of problems/mandelbrot.hpp.
uint escape(float cr, float ci) {
  float zr = 0.0f, zi = 0.0f;
  uint k = 0;
  while (k < MAX_ITER && zr * zr + zi * zi <= 4.0f) {
    float t = zr * zr - zi * zi + cr;
    zi = 2.0f * zr * zi + ci;
    zr = t;
    ++k;
  }
  return k;
}

__kernel void mandelbrot(__global uint *out, ulong w, float x0, float y0,
                         float dx, float dy) {
  size_t i = get_global_id(0);
  out[i] = escape(x0 + (float)(i % w) * dx, y0 + (float)(i / w) * dy);
}

// `--kernel grid-stride`: every work-item takes every get_global_size(0)th
// pixel of `pixels`.
__kernel void mandelbrot_grid_stride(__global uint *out, ulong w, float x0,
                                     float y0, float dx, float dy,
                                     ulong pixels) {
  for (size_t i = get_global_id(0); i < pixels; i += get_global_size(0))
    out[i] = escape(x0 + (float)(i % w) * dx, y0 + (float)(i / w) * dy);
}
