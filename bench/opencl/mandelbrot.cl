// mandelbrot, OpenCL C twin of bench/sycl/mandelbrot.cpp; the plane and the
// iterations are those of problems/mandelbrot.hpp.
__kernel void mandelbrot(__global uint *out, ulong w, float x0, float y0,
                         float dx, float dy) {
  size_t i = get_global_id(0);
  float cr = x0 + (float)(i % w) * dx;
  float ci = y0 + (float)(i / w) * dy;
  float zr = 0.0f, zi = 0.0f;
  uint k = 0;
  while (k < MAX_ITER && zr * zr + zi * zi <= 4.0f) {
    float t = zr * zr - zi * zi + cr;
    zi = 2.0f * zr * zi + ci;
    zr = t;
    ++k;
  }
  out[i] = k;
}
