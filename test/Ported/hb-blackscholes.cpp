// European option pricing with the Black-Scholes formula, in the style of
// HeCBench's BlackScholes (a CUDA-samples port): an in-order queue,
// malloc_device arrays for the stock price, strike and expiry filled with
// q.memcpy, a q.parallel_for(nd_range) kernel in which each work-item
// prices several options in a grid-stride loop, calling inline helpers
// that use sycl::exp, sycl::log, sycl::sqrt and sycl::fabs (the
// polynomial approximation of the cumulative normal distribution), and
// the call and put prices copied back with q.memcpy. The host evaluates
// the same formula with <cmath> in double: tolerance 1e-4 relative, with
// an absolute floor of 1e-4 near zero prices (float, and vectorized
// exp/log may differ from libm by a few ulp).
#include <sycl/sycl.hpp>

#include "ported.hpp"

#include <cmath>
#include <vector>

constexpr float RISKFREE = 0.02f;
constexpr float VOLATILITY = 0.30f;

// Polynomial approximation of the cumulative normal distribution.
inline float CND(float d) {
  const float A1 = 0.31938153f;
  const float A2 = -0.356563782f;
  const float A3 = 1.781477937f;
  const float A4 = -1.821255978f;
  const float A5 = 1.330274429f;
  const float RSQRT2PI = 0.39894228040143267794f;

  float K = 1.0f / (1.0f + 0.2316419f * sycl::fabs(d));
  float cnd = RSQRT2PI * sycl::exp(-0.5f * d * d) *
              (K * (A1 + K * (A2 + K * (A3 + K * (A4 + K * A5)))));
  if (d > 0)
    cnd = 1.0f - cnd;
  return cnd;
}

inline void BlackScholesBody(float &call, float &put, float S, float X, float T,
                             float R, float V) {
  float sqrtT = sycl::sqrt(T);
  float d1 = (sycl::log(S / X) + (R + 0.5f * V * V) * T) / (V * sqrtT);
  float d2 = d1 - V * sqrtT;
  float CNDD1 = CND(d1);
  float CNDD2 = CND(d2);
  float expRT = sycl::exp(-R * T);
  call = S * CNDD1 - X * expRT * CNDD2;
  put = X * expRT * (1.0f - CNDD2) - S * (1.0f - CNDD1);
}

static double cndHost(double d) {
  const double A1 = 0.31938153, A2 = -0.356563782, A3 = 1.781477937,
               A4 = -1.821255978, A5 = 1.330274429,
               RSQRT2PI = 0.39894228040143267794;
  double K = 1.0 / (1.0 + 0.2316419 * std::fabs(d));
  double cnd = RSQRT2PI * std::exp(-0.5 * d * d) *
               (K * (A1 + K * (A2 + K * (A3 + K * (A4 + K * A5)))));
  return d > 0 ? 1.0 - cnd : cnd;
}

int main() {
#ifdef USE_GPU
  sycl::queue q(sycl::gpu_selector_v, sycl::property::queue::in_order());
#else
  sycl::queue q(sycl::cpu_selector_v, sycl::property::queue::in_order());
#endif
  ported::Verifier v("hb-blackscholes");
  const int opt_n = 100000;

  std::vector<float> h_S(opt_n), h_X(opt_n), h_T(opt_n);
  for (int i = 0; i < opt_n; i++) {
    h_S[i] = 5.0f + float(ported::input(uint32_t(i), 40) % 2500) / 100.f;
    h_X[i] = 1.0f + float(ported::input(uint32_t(i), 41) % 9900) / 100.f;
    h_T[i] = 0.25f + float(ported::input(uint32_t(i), 42) % 975) / 100.f;
  }

  float *d_S = sycl::malloc_device<float>(opt_n, q);
  float *d_X = sycl::malloc_device<float>(opt_n, q);
  float *d_T = sycl::malloc_device<float>(opt_n, q);
  float *d_call = sycl::malloc_device<float>(opt_n, q);
  float *d_put = sycl::malloc_device<float>(opt_n, q);
  q.memcpy(d_S, h_S.data(), opt_n * sizeof(float));
  q.memcpy(d_X, h_X.data(), opt_n * sizeof(float));
  q.memcpy(d_T, h_T.data(), opt_n * sizeof(float));

  // A fixed grid, smaller than the problem: each work-item loops.
  sycl::range<1> gws(128 * 120), lws(128);
  q.parallel_for<class blackscholes>(
      sycl::nd_range<1>(gws, lws), [=](sycl::nd_item<1> item) {
        const int tid = int(item.get_global_id(0));
        const int threadN = int(item.get_global_range(0));
        for (int opt = tid; opt < opt_n; opt += threadN)
          BlackScholesBody(d_call[opt], d_put[opt], d_S[opt], d_X[opt],
                           d_T[opt], RISKFREE, VOLATILITY);
      });

  std::vector<float> h_call(opt_n), h_put(opt_n);
  q.memcpy(h_call.data(), d_call, opt_n * sizeof(float));
  q.memcpy(h_put.data(), d_put, opt_n * sizeof(float));
  q.wait();

  std::vector<double> want_call(opt_n), want_put(opt_n), got_call(opt_n),
      got_put(opt_n);
  for (int i = 0; i < opt_n; i++) {
    double S = h_S[i], X = h_X[i], T = h_T[i], R = RISKFREE, V = VOLATILITY;
    double sqrtT = std::sqrt(T);
    double d1 = (std::log(S / X) + (R + 0.5 * V * V) * T) / (V * sqrtT);
    double d2 = d1 - V * sqrtT;
    double expRT = std::exp(-R * T);
    want_call[i] = S * cndHost(d1) - X * expRT * cndHost(d2);
    want_put[i] = X * expRT * (1.0 - cndHost(d2)) - S * (1.0 - cndHost(d1));
    got_call[i] = h_call[i];
    got_put[i] = h_put[i];
  }
  v.close("call", got_call.data(), want_call.data(), opt_n, 1e-4);
  v.close("put", got_put.data(), want_put.data(), opt_n, 1e-4);

  sycl::free(d_S, q);
  sycl::free(d_X, q);
  sycl::free(d_T, q);
  sycl::free(d_call, q);
  sycl::free(d_put, q);
  return v.finish(std::to_string(opt_n) + " options");
}
