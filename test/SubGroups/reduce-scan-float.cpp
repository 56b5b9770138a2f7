// The sub-group reductions and scans of float and double: plus,
// multiplies, minimum, maximum (fmin/fmax), logical_and and logical_or on
// exactly representable inputs, compared bit for bit; then sums and scans
// of arbitrary values, where the reduction may combine in any order, within
// a relative tolerance.
#include "subgroups.hpp"

#include <cmath>

namespace {

template <typename T> int runExactOps(sycl::queue &Q, const char *Type) {
  int Rc = 0;
  for (size_t Local : subgroups::RowSizes) {
    sycl::range<1> Global(3 * Local), L(Local);
    std::string Suffix =
        std::string(" ") + Type + " local " + std::to_string(Local);
    using subgroups::runReduceScan;
    Rc |= runReduceScan<sycl::plus, T>(Q, "plus" + Suffix, Global, L);
    Rc |= runReduceScan<sycl::multiplies, T>(Q, "multiplies" + Suffix, Global,
                                             L);
    Rc |= runReduceScan<sycl::minimum, T>(Q, "minimum" + Suffix, Global, L);
    Rc |= runReduceScan<sycl::maximum, T>(Q, "maximum" + Suffix, Global, L);
    Rc |= runReduceScan<sycl::logical_and, T>(Q, "logical_and" + Suffix,
                                              Global, L);
    Rc |= runReduceScan<sycl::logical_or, T>(Q, "logical_or" + Suffix, Global,
                                             L);
  }
  return Rc;
}

/// Sums of values with long mantissas: reduce (in any order) and the
/// inclusive scan (in lane order) within a relative tolerance of the
/// serial sum.
template <typename T>
int runInexactSums(sycl::queue &Q, const char *Type, size_t Local) {
  const size_t N = 5 * Local;
  T *In = sycl::malloc_shared<T>(N, Q);
  T *Out = sycl::malloc_shared<T>(2 * N, Q);
  size_t *Reported = sycl::malloc_shared<size_t>(1, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = T(std::sin(double(I) * 0.7)) * T(1000) + T(0.1);
  Q.parallel_for(sycl::nd_range<1>(N, Local), [=](sycl::nd_item<1> It) {
     sycl::sub_group SG = It.get_sub_group();
     size_t I = It.get_global_id(0);
     if (I == 0)
       *Reported = SG.get_max_local_range()[0];
     Out[2 * I] = sycl::reduce_over_group(SG, In[I], sycl::plus<T>());
     Out[2 * I + 1] =
         sycl::inclusive_scan_over_group(SG, In[I], sycl::plus<>());
   }).wait();
  std::string Name = std::string("inexact plus ") + Type + " local " +
                     std::to_string(Local);
  int Rc = 1;
  if (size_t SG = subgroups::checkedSize(Q, *Reported, Name.c_str())) {
    size_t Bad = 0;
    for (size_t I = 0; I < N; ++I) {
      subgroups::Place P = subgroups::placeOfSlot(I, sycl::range<1>(Local), SG);
      double Total = 0, Prefix = 0, Magnitude = 0;
      for (size_t L = 0; L < P.Size; ++L) {
        double X = double(In[I - P.Lane + L]);
        Total += X;
        Magnitude += std::fabs(X);
        if (L <= P.Lane)
          Prefix += X;
      }
      double Tolerance = Magnitude * (sizeof(T) == 4 ? 1e-5 : 1e-13);
      Bad += std::fabs(double(Out[2 * I]) - Total) > Tolerance;
      Bad += std::fabs(double(Out[2 * I + 1]) - Prefix) > Tolerance;
    }
    std::printf("%s: %s, %zu of %zu results outside the tolerance\n",
                Name.c_str(), Bad ? "FAIL" : "OK", Bad, 2 * N);
    Rc = Bad != 0;
  }
  sycl::free(In, Q);
  sycl::free(Out, Q);
  sycl::free(Reported, Q);
  return Rc;
}

} // namespace

int main() {
  sycl::queue Q;
  int Rc = runExactOps<float>(Q, "float");
  Rc |= runExactOps<double>(Q, "double");
  for (size_t Local : subgroups::RowSizes) {
    Rc |= runInexactSums<float>(Q, "float", Local);
    Rc |= runInexactSums<double>(Q, "double", Local);
  }
  return Rc;
}
