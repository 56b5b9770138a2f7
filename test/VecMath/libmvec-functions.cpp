// The twenty math functions whose glibc vector variants lanes-vector-math
// names (acos ... tanh: libmvec has them since glibc 2.35, LLVM 19's table
// does not), each alone in a kernel so that its work-item loop vectorizes
// into libmvec in compiled mode, in float and double, on inputs across its
// domain and on zeros, infinities, NaN, subnormals and the extremes. Each
// result is within 4 ulp (glibc's bound for libmvec) of the host's scalar
// libm, NaN where it is NaN. Built for plain x86-64, as ctest builds every
// program, the loops call the SSE variants (and the AVX2 ones, fitted by
// lanes-fit-vector-calls); with -march=native, AVX2's or AVX-512's.
#include <sycl/sycl.hpp>

#include "vecmath.hpp"

#include <cmath>
#include <cstdio>
#include <limits>
#include <vector>

namespace {

constexpr size_t Spread = 4000;

/// Inputs in [Lo, Hi] (Spread of them, evenly spaced and hashed in between)
/// and the special values every function must take.
template <typename T> std::vector<T> inputs(double Lo, double Hi) {
  std::vector<T> In;
  for (size_t I = 0; I < Spread; ++I) {
    double Jitter = (vecmath::hash(uint32_t(I)) % 1000) / 1000.0;
    In.push_back(T(Lo + (Hi - Lo) * (double(I) + Jitter) / double(Spread)));
  }
  using L = std::numeric_limits<T>;
  for (T Special : {T(0), T(-0.0), T(1), T(-1), L::infinity(), -L::infinity(),
                    L::quiet_NaN(), L::denorm_min(), -L::denorm_min(),
                    L::min(), L::max(), -L::max(), T(Lo), T(Hi)})
    In.push_back(Special);
  return In;
}

template <typename T> const char *typeName() {
  return sizeof(T) == 4 ? "float" : "double";
}

int Failures = 0;

/// Runs \p Kernel (Out[i] = f(A[i], B[i])) and compares with \p Host.
template <typename T, typename KernelT, typename HostT>
void check(sycl::queue &Q, const char *Name, const std::vector<T> &A,
           const std::vector<T> &B, KernelT Kernel, HostT Host) {
  const size_t N = A.size();
  T *DA = sycl::malloc_shared<T>(N, Q);
  T *DB = sycl::malloc_shared<T>(N, Q);
  T *Out = sycl::malloc_shared<T>(N, Q);
  std::copy(A.begin(), A.end(), DA);
  std::copy(B.begin(), B.end(), DB);
  Q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> I) {
     Out[I] = Kernel(DA[I], DB[I]);
   }).wait();
  size_t Bad = 0;
  double Worst = 0;
  for (size_t I = 0; I < N; ++I) {
    T Want = Host(A[I], B[I]);
    double U = vecmath::ulps(Out[I], Want);
    Worst = std::max(Worst, U);
    if (U <= 4)
      continue;
    if (Bad++ < 5)
      std::printf("  %s(%.17g, %.17g): got %.17g, want %.17g\n", Name,
                  double(A[I]), double(B[I]), double(Out[I]), double(Want));
  }
  std::printf("%s %s: %s, at most %.0f ulp\n", typeName<T>(), Name,
              Bad ? "FAIL" : "OK", Bad ? Worst : Worst);
  Failures += Bad != 0;
  sycl::free(DA, Q);
  sycl::free(DB, Q);
  sycl::free(Out, Q);
}

#define ONE(NAME, LO, HI)                                                      \
  check<T>(                                                                    \
      Q, #NAME, inputs<T>(LO, HI), inputs<T>(LO, HI),                          \
      [](T X, T) { return sycl::NAME(X); },                                    \
      [](T X, T) { return T(std::NAME(X)); })
#define TWO(NAME, LO, HI)                                                      \
  check<T>(                                                                    \
      Q, #NAME, inputs<T>(LO, HI), inputs<T>(-(HI), -(LO)),                    \
      [](T X, T Y) { return sycl::NAME(X, Y); },                               \
      [](T X, T Y) { return T(std::NAME(X, Y)); })

template <typename T> void run(sycl::queue &Q) {
  ONE(acos, -1, 1);
  ONE(acosh, 1, 1e4);
  ONE(asin, -1, 1);
  ONE(asinh, -1e4, 1e4);
  ONE(atan, -50, 50);
  TWO(atan2, -10, 10);
  ONE(atanh, -1, 1);
  ONE(cbrt, -1e6, 1e6);
  ONE(cosh, -80, 80);
  ONE(erf, -6, 6);
  ONE(erfc, -6, 30);
  ONE(exp2, -140, 140);
  ONE(expm1, -20, 80);
  TWO(hypot, -1e3, 1e3);
  ONE(log10, 0, 1e6);
  ONE(log1p, -1, 1e6);
  ONE(log2, 0, 1e6);
  ONE(sinh, -80, 80);
  ONE(tanh, -20, 20);
  // exp10 of float is 2^(x log2 10) in double (math_scalar.hpp), so only
  // double's calls exp10.
  if constexpr (sizeof(T) == 8)
    check<T>(
        Q, "exp10", inputs<T>(-300, 300), inputs<T>(-300, 300),
        [](T X, T) { return sycl::exp10(X); },
        [](T X, T) { return T(std::pow(10.0L, (long double)X)); });
}

} // namespace

int main() {
  sycl::queue Q;
  run<float>(Q);
  run<double>(Q);
  std::printf("libmvec-functions: %s\n", Failures ? "FAILED" : "OK");
  return Failures ? 1 : 0;
}
