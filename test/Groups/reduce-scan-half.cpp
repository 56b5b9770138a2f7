// The work-group reductions and scans of sycl::half, vec<half, 4>,
// marray<half, 3>, bfloat16 and marray<bfloat16, 3>: plus, multiplies, minimum
// and maximum, with and without an initial value, in 1-D and 2-D groups whose
// sizes are and are not multiples of the sub-group size. Lanes combines in
// float and rounds once; the reference (../SubGroups/half.hpp) does the same on
// inputs where every float fold is exact, and the results must match bit for
// bit. Then sums of arbitrary halves, which the group may add in any order,
// within a tolerance of the exact sum that rounding after every step exceeds.
#include "../SubGroups/half.hpp"

#include <cmath>

namespace {

using sycl::half;

template <typename V, int Dims>
int runOps(sycl::queue &Q, const std::string &Type, sycl::range<Dims> Global,
           sycl::range<Dims> Local) {
  using halfgroups::runReduceScan;
  int Rc =
      runReduceScan<sycl::plus, V, false>(Q, "plus " + Type, Global, Local);
  Rc |= runReduceScan<sycl::multiplies, V, false>(Q, "multiplies " + Type,
                                                  Global, Local);
  Rc |= runReduceScan<sycl::minimum, V, false>(Q, "minimum " + Type, Global,
                                               Local);
  Rc |= runReduceScan<sycl::maximum, V, false>(Q, "maximum " + Type, Global,
                                               Local);
  return Rc;
}

template <typename V> int runShapes(sycl::queue &Q, const std::string &Type) {
  int Rc = 0;
  for (size_t Local :
       {size_t(1), size_t(7), size_t(13), size_t(16), size_t(24), size_t(256)})
    Rc |= runOps<V, 1>(Q, Type, {3 * Local}, {Local});
  Rc |= runOps<V, 2>(Q, Type, {6, 26}, {3, 13});
  Rc |= runOps<V, 2>(Q, Type, {4, 16}, {2, 8});
  return Rc;
}

/// Sums of halves with full 11-bit significands in work-groups of 256:
/// the result must lie within one half ulp (plus float's reassociation
/// error) of the exact sum, rounded once; summing in half, with a rounding
/// after every step, is off by several ulp.
int runInexactSums(sycl::queue &Q) {
  const size_t Local = 256, N = 4 * Local;
  half *In = sycl::malloc_shared<half>(N, Q);
  half *Out = sycl::malloc_shared<half>(2 * N, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = half(float(std::sin(double(I) * 0.7) * 100.0 + 0.1));
  Q.parallel_for(sycl::nd_range<1>(N, Local), [=](sycl::nd_item<1> It) {
     sycl::group<1> G = It.get_group();
     size_t I = It.get_global_id(0);
     Out[2 * I] = sycl::reduce_over_group(G, In[I], sycl::plus<half>());
     Out[2 * I + 1] = sycl::inclusive_scan_over_group(G, In[I], sycl::plus<>());
   }).wait();
  size_t Bad = 0;
  for (size_t Base = 0; Base < N; Base += Local) {
    double Total = 0, Magnitude = 0;
    for (size_t I = 0; I < Local; ++I) {
      Total += double(In[Base + I]);
      Magnitude += std::fabs(double(In[Base + I]));
    }
    double Prefix = 0, PrefixMagnitude = 0;
    for (size_t I = 0; I < Local; ++I) {
      Prefix += double(In[Base + I]);
      PrefixMagnitude += std::fabs(double(In[Base + I]));
      const double Want[2] = {Total, Prefix};
      const double Mag[2] = {Magnitude, PrefixMagnitude};
      for (int R = 0; R < 2; ++R) {
        double Got = double(Out[2 * (Base + I) + R]);
        // Half ulp of the result, and float's error over Local additions.
        double Ulp = std::ldexp(1.0, std::ilogb(Want[R]) - 10);
        double Tolerance = 0.5 * Ulp + double(Local) * 0x1p-24 * Mag[R];
        if (std::fabs(Got - Want[R]) <= Tolerance)
          continue;
        if (++Bad <= 10)
          std::printf("  mismatch at %zu (%s): got %.9g, want %.9g\n", Base + I,
                      R ? "inclusive-scan" : "reduce", Got, Want[R]);
      }
    }
  }
  std::printf("inexact sums half work-group local 256: %s, %zu of %zu "
              "values differ\n",
              Bad ? "FAIL" : "OK", Bad, 2 * N);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Bad != 0;
}

} // namespace

int main() {
  sycl::queue Q;
  int Rc = runShapes<half>(Q, "half");
  Rc |= runShapes<sycl::vec<half, 4>>(Q, "vec<half, 4>");
  Rc |= runShapes<sycl::marray<half, 3>>(Q, "marray<half, 3>");
  Rc |= runShapes<halfgroups::bfloat16>(Q, "bfloat16");
  Rc |= runShapes<sycl::marray<halfgroups::bfloat16, 3>>(Q,
                                                         "marray<bfloat16, 3>");
  Rc |= runInexactSums(Q);
  return Rc;
}
