// Floating point with exactly representable values only (small integers
// and halves in float and double), so every summation order gives the same
// bits: a tree reduction and a neighbour average across barriers.
#include <sycl/sycl.hpp>

#include "corpus.hpp"

int main() {
  constexpr size_t L = 64, Groups = 4, N = L * Groups;
  sycl::queue Q;
  float *In = sycl::malloc_shared<float>(N, Q);
  double *Out = sycl::malloc_shared<double>(N, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = static_cast<float>(corpus::input(I, 53) % 1024) * 0.5f;

  Q.submit([&](sycl::handler &H) {
    sycl::local_accessor<float, 1> Loc(sycl::range<1>(L), H);
    H.parallel_for(sycl::nd_range<1>(sycl::range<1>(N), sycl::range<1>(L)),
                   [=](sycl::nd_item<1> It) {
                     size_t Lid = It.get_local_id(0);
                     float V = In[It.get_global_id(0)];
                     Loc[Lid] = V;
                     It.barrier();
                     double Avg = (double(Loc[(Lid + 1) % L]) + V) * 0.5;
                     It.barrier();
                     for (size_t S = L / 2; S > 0; S /= 2) {
                       if (Lid < S)
                         Loc[Lid] += Loc[Lid + S];
                       It.barrier();
                     }
                     Out[It.get_global_id(0)] = Avg + double(Loc[0]);
                   });
  });
  Q.wait();

  std::vector<double> Want(N);
  for (size_t G = 0; G < Groups; ++G) {
    double Sum = 0;
    for (size_t I = 0; I < L; ++I)
      Sum += In[G * L + I];
    for (size_t I = 0; I < L; ++I)
      Want[G * L + I] =
          (double(In[G * L + (I + 1) % L]) + In[G * L + I]) * 0.5 + Sum;
  }
  int Rc = corpus::check("float-exact-reduction", Out, Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}
