// Math in kernels whose work-item loops are as wide as their sub-groups: a
// sub-group collective makes them so, 16 floats or 8 doubles on AVX-512.
// Built for this machine (-march=native), the loops call glibc's vector
// variants, for LLVM's six functions (exp, log, sin, cos, tan, pow) and
// lanes-vector-math's twenty (erf, tanh, ...). Most AVX-512 CPUs prefer
// 256-bit vectors, and a function that does passes a 16-float vector as
// two 256-bit halves; the AVX-512 variant would read one 512-bit register,
// so lanes-fit-vector-calls calls two AVX2 halves instead. Each result is
// within 4 ulp (libmvec's bound) of the host's scalar libm, and the
// collective's results are checked too.
#include <sycl/sycl.hpp>

#include "vecmath.hpp"

#include <cmath>
#include <cstdio>

namespace {

constexpr size_t N = 256, Local = 64;

/// Runs F on N inputs in a kernel that also shifts them across its
/// sub-group, and compares with Host on the host.
template <int Id, typename T, typename F, typename H>
int check(sycl::queue &Q, const char *Name, F Fn, H Host) {
  T *In = sycl::malloc_shared<T>(N, Q);
  T *Out = sycl::malloc_shared<T>(N, Q);
  T *Shifted = sycl::malloc_shared<T>(N, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = T(0.05) + T(I % 97) / T(40) + T(I / 97) / T(7);
  size_t SubGroup = 0;
  size_t *SubGroupOut = sycl::malloc_shared<size_t>(1, Q);
  Q.parallel_for(sycl::nd_range<1>(N, Local), [=](sycl::nd_item<1> It) {
     sycl::sub_group SG = It.get_sub_group();
     size_t I = It.get_global_id(0);
     Out[I] = Fn(In[I]);
     Shifted[I] = sycl::shift_group_left(SG, In[I], 1);
     if (I == 0)
       *SubGroupOut = SG.get_max_local_range()[0];
   }).wait();
  SubGroup = *SubGroupOut;
  int Wrong = 0;
  for (size_t I = 0; I < N; ++I) {
    T Want = Host(In[I]);
    bool Near = vecmath::ulps(Out[I], Want) <= 4;
    size_t Lane = I % SubGroup;
    bool ShiftOk = Lane + 1 < SubGroup ? Shifted[I] == In[I + 1]
                                       : Shifted[I] == In[I];
    if ((!Near || !ShiftOk) && Wrong++ < 3)
      std::printf("  %s(%g) at %zu: %g, want %g\n", Name, double(In[I]), I,
                  double(Out[I]), double(Want));
  }
  std::printf("%s in sub-groups of %zu: %s\n", Name, SubGroup,
              Wrong ? "FAIL" : "OK");
  sycl::free(In, Q);
  sycl::free(Out, Q);
  sycl::free(Shifted, Q);
  sycl::free(SubGroupOut, Q);
  return Wrong ? 1 : 0;
}

} // namespace

int main() {
  sycl::queue Q;
  int Rc = 0;
  Rc |= check<0, float>(Q, "expf", [](float X) { return sycl::exp(X); },
                        [](float X) { return std::exp(X); });
  Rc |= check<1, float>(Q, "logf", [](float X) { return sycl::log(X); },
                        [](float X) { return std::log(X); });
  Rc |= check<2, float>(Q, "sinf", [](float X) { return sycl::sin(X); },
                        [](float X) { return std::sin(X); });
  Rc |= check<3, float>(Q, "powf",
                        [](float X) { return sycl::pow(X, 1.5f); },
                        [](float X) { return std::pow(X, 1.5f); });
  Rc |= check<4, float>(Q, "erff", [](float X) { return sycl::erf(X); },
                        [](float X) { return std::erf(X); });
  Rc |= check<5, float>(Q, "tanhf", [](float X) { return sycl::tanh(X); },
                        [](float X) { return std::tanh(X); });
  Rc |= check<6, float>(Q, "erfcf", [](float X) { return sycl::erfc(X); },
                        [](float X) { return std::erfc(X); });
  Rc |= check<7, double>(Q, "exp", [](double X) { return sycl::exp(X); },
                         [](double X) { return std::exp(X); });
  Rc |= check<8, double>(Q, "cos", [](double X) { return sycl::cos(X); },
                         [](double X) { return std::cos(X); });
  Rc |= check<9, double>(Q, "tanh", [](double X) { return sycl::tanh(X); },
                         [](double X) { return std::tanh(X); });
  return Rc;
}
