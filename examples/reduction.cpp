// reduction: the classic work-group tree reduction. Each group of 256
// work-items loads its slice into local memory and halves the active range
// with a barrier at the top of every step; item 0 writes the group's sum.
#include <sycl/sycl.hpp>

#include "common.hpp"

#include <cstdio>

int main(int Argc, char **Argv) {
  const int Reps = repetitions(Argc, Argv);
  constexpr size_t N = 4u << 20, Local = 256, Groups = N / Local;
  sycl::queue Q;
  int *In = sycl::malloc_shared<int>(N, Q);
  int *Partial = sycl::malloc_shared<int>(Groups, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = int(I % 17) - 8;

  double Ms = medianMs([&] {
    Q.submit([&](sycl::handler &H) {
       sycl::local_accessor<int, 1> Tile(sycl::range<1>(Local), H);
       H.parallel_for(sycl::nd_range<1>(N, Local), [=](sycl::nd_item<1> It) {
         size_t L = It.get_local_id(0);
         Tile[L] = In[It.get_global_id(0)];
         for (size_t S = Local / 2; S > 0; S /= 2) {
           sycl::group_barrier(It.get_group());
           if (L < S)
             Tile[L] += Tile[L + S];
         }
         if (L == 0)
           Partial[It.get_group(0)] = Tile[0];
       });
     }).wait();
  }, Reps);

  bool Ok = true;
  long Total = 0, Expected = 0;
  for (size_t G = 0; G < Groups; ++G) {
    long Sum = 0;
    for (size_t I = G * Local; I < (G + 1) * Local; ++I)
      Sum += In[I];
    Ok = Ok && Sum == Partial[G];
    Total += Partial[G];
    Expected += Sum;
  }
  char What[64];
  std::snprintf(What, sizeof What, "sum of %zu ints = %ld (expected %ld)", N,
                Total, Expected);
  sycl::free(In, Q);
  sycl::free(Partial, Q);
  return report("reduction", What, Ok, Ms);
}
