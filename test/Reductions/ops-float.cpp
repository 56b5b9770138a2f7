// sycl::reduction of float and double: plus, multiplies, minimum and
// maximum on inputs whose results are exact in any order (checked bit for
// bit), then sums of inexact values checked against a double (long double)
// host sum with a relative tolerance, in a range and an nd_range kernel.
#include "reductions.hpp"

#include <cmath>

/// Sums \p N inexact values of T in [0, 1) and compares with the serial
/// sum in a wider type. The partials are added in group order, so the
/// error stays far below the tolerance.
template <typename T, typename Wide>
int runInexactSum(sycl::queue &Q, const char *Type, size_t N, double Tol) {
  T *In = sycl::malloc_shared<T>(N, Q);
  T *Sum = sycl::malloc_shared<T>(2, Q);
  Wide Want = 0;
  for (size_t I = 0; I < N; ++I) {
    In[I] = T(corpus::input(uint32_t(I), 3) % 1000003) / T(1000003);
    Want += Wide(In[I]);
  }
  Sum[0] = T(0.5);
  Sum[1] = T(0);
  Q.parallel_for(sycl::range<1>(N), sycl::reduction(Sum, sycl::plus<T>()),
                 [=](sycl::id<1> I, auto &S) { S += In[I]; })
      .wait();
  Q.parallel_for(
       sycl::nd_range<1>(N / 256 * 256, 256),
       sycl::reduction(Sum + 1, sycl::plus<>()),
       [=](sycl::nd_item<1> It, auto &S) { S += In[It.get_global_id(0)]; })
      .wait();
  Wide WantNd = 0;
  for (size_t I = 0; I < N / 256 * 256; ++I)
    WantNd += Wide(In[I]);
  int Rc = 0;
  struct {
    const char *Form;
    T Got;
    Wide Want;
  } Results[] = {{"range (prior 0.5)", Sum[0], Want + Wide(0.5)},
                 {"nd_range", Sum[1], WantNd}};
  for (const auto &R : Results) {
    double Err = std::fabs(double(R.Got) - double(R.Want)) / double(R.Want);
    bool Ok = Err <= Tol;
    std::printf("inexact sum %s %zu %s: %s, got %.17g, want %.17g (relative "
                "error %.3g, tolerance %.3g)\n",
                Type, N, R.Form, Ok ? "OK" : "FAIL", double(R.Got),
                double(R.Want), Err, Tol);
    Rc |= !Ok;
  }
  sycl::free(In, Q);
  sycl::free(Sum, Q);
  return Rc;
}

template <typename T> int runFloatOps(sycl::queue &Q, const char *Type) {
  std::string Suffix = std::string(" ") + Type;
  int Rc = reductions::runOp<sycl::plus, T>(Q, "plus" + Suffix);
  Rc |= reductions::runOp<sycl::multiplies, T>(Q, "multiplies" + Suffix);
  Rc |= reductions::runOp<sycl::minimum, T>(Q, "minimum" + Suffix);
  Rc |= reductions::runOp<sycl::maximum, T>(Q, "maximum" + Suffix);
  return Rc;
}

int main() {
  sycl::queue Q;
  int Rc = runFloatOps<float>(Q, "float");
  Rc |= runFloatOps<double>(Q, "double");
  Rc |= runInexactSum<float, double>(Q, "float", size_t(1) << 20, 1e-5);
  Rc |= runInexactSum<double, long double>(Q, "double", size_t(1) << 20, 1e-13);
  return Rc;
}
