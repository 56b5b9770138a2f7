// Kernels whose vector math LLVM maps to a libmvec variant wider than the
// target's registers: a float loop calling a double function (sycl::sinpi,
// cospi, tanpi on float compute in double) and a loop over bytes calling
// float exp, log and pow. Built for plain x86-64, as ctest builds every
// program, they used to call glibc's AVX2 variants through the SSE calling
// convention and get half their lanes wrong (lanes-fit-vector-calls). The
// results are checked against the host's scalar libm within 4 ulp.
#include <sycl/sycl.hpp>

#include "vecmath.hpp"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>

namespace {

constexpr size_t N = 4096;

/// Compares \p Got with \p Want within \p MaxUlps; prints the first
/// mismatches and a summary. Returns 0 on a match.
int checkUlps(const char *Name, const float *Got, const std::vector<float> &Want,
              double MaxUlps) {
  size_t Bad = 0;
  for (size_t I = 0; I < Want.size(); ++I) {
    if (vecmath::ulps(Got[I], Want[I]) <= MaxUlps)
      continue;
    if (Bad++ < 8)
      std::printf("  %s[%zu]: got %.9g, want %.9g\n", Name, I, double(Got[I]),
                  double(Want[I]));
  }
  std::printf("%s: %s, %zu of %zu elements off by more than %g ulp\n", Name,
              Bad ? "FAIL" : "OK", Bad, Want.size(), MaxUlps);
  return Bad ? 1 : 0;
}

} // namespace

int main() {
  sycl::queue Q;
  float *In = sycl::malloc_shared<float>(N, Q);
  uint8_t *Bytes = sycl::malloc_shared<uint8_t>(N, Q);
  float *Out = sycl::malloc_shared<float>(N, Q);
  for (size_t I = 0; I < N; ++I) {
    // Away from tanpi's poles at odd multiples of 1/2.
    In[I] = float(I % 1000) / 1000.0f - 0.4995f;
    Bytes[I] = uint8_t(vecmath::hash(uint32_t(I)));
  }
  const double Pi = 3.14159265358979323846;
  int Rc = 0;
  auto Run = [&](const char *Name, auto Kernel, auto Host) {
    Q.parallel_for(sycl::range<1>(N), Kernel).wait();
    std::vector<float> Want(N);
    for (size_t I = 0; I < N; ++I)
      Want[I] = Host(I);
    Rc |= checkUlps(Name, Out, Want, 4);
  };
  Run("sinpi(float)",
      [=](sycl::id<1> I) { Out[I] = sycl::sinpi(In[I]); },
      [&](size_t I) { return float(std::sin(Pi * double(In[I]))); });
  Run("cospi(float)",
      [=](sycl::id<1> I) { Out[I] = sycl::cospi(In[I]); },
      [&](size_t I) { return float(std::cos(Pi * double(In[I]))); });
  Run("tanpi(float)",
      [=](sycl::id<1> I) { Out[I] = sycl::tanpi(In[I]); },
      [&](size_t I) { return float(std::tan(Pi * double(In[I]))); });
  Run("exp(byte / 64)",
      [=](sycl::id<1> I) { Out[I] = sycl::exp(float(Bytes[I]) / 64.0f); },
      [&](size_t I) { return std::exp(float(Bytes[I]) / 64.0f); });
  Run("log(byte + 1)",
      [=](sycl::id<1> I) { Out[I] = sycl::log(float(Bytes[I]) + 1.0f); },
      [&](size_t I) { return std::log(float(Bytes[I]) + 1.0f); });
  Run("pow(byte / 32, 1.5)",
      [=](sycl::id<1> I) {
        Out[I] = sycl::pow(float(Bytes[I]) / 32.0f, 1.5f);
      },
      [&](size_t I) { return std::pow(float(Bytes[I]) / 32.0f, 1.5f); });
  sycl::free(In, Q);
  sycl::free(Bytes, Q);
  sycl::free(Out, Q);
  return Rc;
}
