// DPC++'s <sycl/ext/oneapi/experimental/builtins.hpp>: the
// sycl_ext_oneapi_native_math functions native::tanh (float and half) and
// native::exp2 (half) on scalars, vecs, swizzles and marrays, in a kernel
// and on the host, against float references within the half's or float's
// rounding; the SYCL_EXT_ONEAPI_NATIVE_MATH feature-test macro; and
// experimental::printf with a format declared __SYCL_CONSTANT_AS, as DPC++
// programs write it (its output is checked through its return value).
#include <sycl/ext/oneapi/experimental/builtins.hpp>
#include <sycl/sycl.hpp>

#include <cmath>
#include <cstdio>
#include <string>

#if SYCL_EXT_ONEAPI_NATIVE_MATH != 1
#error "SYCL_EXT_ONEAPI_NATIVE_MATH is not 1"
#endif

namespace {

namespace native = sycl::ext::oneapi::experimental::native;
using sycl::half;

int Failures = 0;

void expect(bool Ok, const std::string &What) {
  std::printf("%s: %s\n", What.c_str(), Ok ? "OK" : "FAIL");
  Failures += !Ok;
}

/// Whether \p Got is \p Exact rounded to half (either neighbour: the
/// reference is itself float).
bool nearHalf(half Got, double Exact) {
  return std::fabs(double(float(Got)) - Exact) <=
         std::ldexp(std::fabs(Exact), -10) + 1e-7;
}
/// Whether \p Got is within 4 float ulp of \p Exact.
bool nearFloat(float Got, double Exact) {
  return std::fabs(double(Got) - Exact) <=
         4 * std::ldexp(std::fabs(Exact), -23);
}

/// The native functions' results for input \p X (one work-item's share).
struct Results {
  float TanhF;
  half TanhH, Exp2H;
  sycl::float4 TanhF4;
  sycl::half2 Exp2H2, TanhSwizzle;
  sycl::marray<half, 3> Exp2M;
  sycl::marray<float, 2> TanhM;
  int Printed;
};

void compute(Results &R, float X) {
  R.TanhF = native::tanh(X);
  R.TanhH = native::tanh(half(X));
  R.Exp2H = native::exp2(half(X));
  R.TanhF4 = native::tanh(sycl::float4(X, -X, 2 * X, 0.5f));
  R.Exp2H2 = native::exp2(sycl::half2(half(X), half(-X)));
  sycl::half4 V(half(X), half(1), half(-X), half(2));
  R.TanhSwizzle = native::tanh(V.lo());
  R.Exp2M = native::exp2(sycl::marray<half, 3>(half(X), half(0), half(3)));
  R.TanhM = native::tanh(sycl::marray<float, 2>(X, -X));
  static const __SYCL_CONSTANT_AS char Format[] =
      "experimental::printf x=%d: OK\n";
  R.Printed = sycl::ext::oneapi::experimental::printf(Format, int(X * 4));
}

} // namespace

int main() {
  sycl::queue Q;
  const float Inputs[] = {-3.5f, -0.75f, 0.0f, 0.25f, 1.5f, 4.0f};
  constexpr int N = sizeof(Inputs) / sizeof(Inputs[0]);
  Results *Out = sycl::malloc_shared<Results>(N, Q);
  float *In = sycl::malloc_shared<float>(N, Q);
  for (int I = 0; I < N; ++I)
    In[I] = Inputs[I];
  Q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> I) {
     compute(Out[I], In[I]);
   }).wait();
  std::fflush(stdout);
  for (int I = 0; I < N; ++I) {
    Results Host;
    compute(Host, In[I]);
    double X = In[I];
    for (const Results *R : {&Out[I], &Host}) {
      std::string Where = std::string(R == &Host ? "host" : "kernel") +
                          " x=" + std::to_string(X);
      expect(nearFloat(R->TanhF, std::tanh(X)), "tanh(float) " + Where);
      expect(nearHalf(R->TanhH, std::tanh(double(float(half(X))))),
             "tanh(half) " + Where);
      expect(nearHalf(R->Exp2H, std::exp2(double(float(half(X))))),
             "exp2(half) " + Where);
      expect(nearFloat(R->TanhF4[0], std::tanh(X)) &&
                 nearFloat(R->TanhF4[1], -std::tanh(X)) &&
                 nearFloat(R->TanhF4[2], std::tanh(2 * X)) &&
                 nearFloat(R->TanhF4[3], std::tanh(0.5)),
             "tanh(float4) " + Where);
      double HX = float(half(X));
      expect(nearHalf(R->Exp2H2[0], std::exp2(HX)) &&
                 nearHalf(R->Exp2H2[1], std::exp2(-HX)),
             "exp2(half2) " + Where);
      expect(nearHalf(R->TanhSwizzle[0], std::tanh(HX)) &&
                 nearHalf(R->TanhSwizzle[1], std::tanh(1.0)),
             "tanh(half4.lo()) " + Where);
      expect(nearHalf(R->Exp2M[0], std::exp2(HX)) && R->Exp2M[1] == half(1) &&
                 R->Exp2M[2] == half(8),
             "exp2(marray<half, 3>) " + Where);
      expect(nearFloat(R->TanhM[0], std::tanh(X)) &&
                 nearFloat(R->TanhM[1], -std::tanh(X)),
             "tanh(marray<float, 2>) " + Where);
      std::string Line =
          "experimental::printf x=" + std::to_string(int(X * 4)) + ": OK\n";
      expect(R->Printed == int(Line.size()),
             "printf returns its length " + Where);
    }
  }
  sycl::free(Out, Q);
  sycl::free(In, Q);
  return Failures != 0;
}
