// The reductions and scans of float and double: plus, multiplies, minimum,
// maximum (fmin/fmax), logical_and and logical_or, on exactly representable
// inputs, in 1-D groups of 1, 7 and 256. Minimum and maximum reductions
// skip NaNs, as fmin and fmax do, in groups and in sycl::reduction (whose
// work-item loops vectorize in lanes++ builds).
#include "groups.hpp"

#include <cmath>

template <typename T> int runFloatOps(sycl::queue &Q, const char *Type) {
  int Rc = 0;
  for (size_t Local : {size_t(1), size_t(7), size_t(256)}) {
    sycl::range<1> Global(4 * Local), L(Local);
    std::string Suffix =
        std::string(" ") + Type + " local " + std::to_string(Local);
    Rc |= groups::runReduceScan<sycl::plus, T>(Q, "plus" + Suffix, Global, L);
    Rc |= groups::runReduceScan<sycl::multiplies, T>(Q, "multiplies" + Suffix,
                                                     Global, L);
    Rc |= groups::runReduceScan<sycl::minimum, T>(Q, "minimum" + Suffix,
                                                  Global, L);
    Rc |= groups::runReduceScan<sycl::maximum, T>(Q, "maximum" + Suffix,
                                                  Global, L);
    Rc |= groups::runReduceScan<sycl::logical_and, T>(
        Q, "logical_and" + Suffix, Global, L);
    Rc |= groups::runReduceScan<sycl::logical_or, T>(Q, "logical_or" + Suffix,
                                                     Global, L);
  }
  return Rc;
}

template <typename T> int runNaNSkipping(sycl::queue &Q, const char *Type) {
  constexpr size_t N = 1024, Local = 256, Groups = N / Local;
  T *In = sycl::malloc_shared<T>(N, Q);
  T *Out = sycl::malloc_shared<T>(2 * Groups + 2, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = I % 5 == 0 ? T(NAN) : T((I * 37) % 101) - T(50);
  In[0] = -T(NAN);
  Out[2 * Groups] = -T(INFINITY);
  Out[2 * Groups + 1] = T(INFINITY);
  Q.parallel_for(sycl::nd_range<1>(N, Local), [=](sycl::nd_item<1> It) {
     T X = In[It.get_global_id(0)];
     sycl::group<1> G = It.get_group();
     T Max = sycl::reduce_over_group(G, X, sycl::maximum<T>());
     T Min = sycl::reduce_over_group(G, X, sycl::minimum<T>());
     if (It.get_local_id(0) == 0) {
       Out[2 * G.get_group_id(0)] = Max;
       Out[2 * G.get_group_id(0) + 1] = Min;
     }
   }).wait();
  Q.parallel_for(sycl::range<1>(N),
                 sycl::reduction(Out + 2 * Groups, sycl::maximum<T>()),
                 sycl::reduction(Out + 2 * Groups + 1, sycl::minimum<T>()),
                 [=](sycl::id<1> I, auto &Max, auto &Min) {
                   Max.combine(In[I]);
                   Min.combine(In[I]);
                 })
      .wait();
  int Rc = 0;
  for (size_t G = 0; G <= Groups; ++G) {
    size_t Begin = G < Groups ? G * Local : 0,
           End = G < Groups ? Begin + Local : N;
    T Max = -T(INFINITY), Min = T(INFINITY);
    for (size_t I = Begin; I < End; ++I)
      if (!std::isnan(In[I])) {
        Max = std::max(Max, In[I]);
        Min = std::min(Min, In[I]);
      }
    bool Ok = Out[2 * G] == Max && Out[2 * G + 1] == Min;
    std::printf("minimum and maximum %s skip NaNs (%s %zu): %s\n", Type,
                G < Groups ? "group" : "reduction", G, Ok ? "OK" : "FAIL");
    Rc |= !Ok;
  }
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}

int main() {
  sycl::queue Q;
  int Rc = runFloatOps<float>(Q, "float");
  Rc |= runFloatOps<double>(Q, "double");
  Rc |= runNaNSkipping<float>(Q, "float");
  Rc |= runNaNSkipping<double>(Q, "double");
  return Rc;
}
