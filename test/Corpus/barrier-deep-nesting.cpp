// Three nested loops with barriers at every level, a uniform if around the
// innermost barrier pair, and an item-dependent if (without barriers)
// between them.
#include <sycl/sycl.hpp>

#include "corpus.hpp"

int main() {
  constexpr size_t L = 12, Groups = 3, N = L * Groups;
  sycl::queue Q;
  uint32_t *In = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *Out = sycl::malloc_shared<uint32_t>(N, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = corpus::input(I, 42);

  Q.submit([&](sycl::handler &H) {
    sycl::local_accessor<uint32_t, 1> Loc(sycl::range<1>(L), H);
    H.parallel_for(sycl::nd_range<1>(sycl::range<1>(N), sycl::range<1>(L)),
                   [=](sycl::nd_item<1> It) {
                     size_t Lid = It.get_local_id(0);
                     size_t Grp = It.get_group(0);
                     uint32_t Val = In[It.get_global_id(0)];
                     for (unsigned A = 0; A < 2; ++A) {
                       Loc[Lid] = Val;
                       It.barrier();
                       Val += Loc[(Lid + A + 1) % L];
                       It.barrier();
                       for (unsigned B = 0; B < 3; ++B) {
                         if (Lid % 2 == B % 2)
                           Val = Val * 5u + B;
                         Loc[Lid] = Val;
                         It.barrier();
                         Val ^= Loc[(Lid + B + 2) % L] >> 1;
                         It.barrier();
                         for (unsigned C = 0; C < 2 + Grp; ++C) {
                           if ((A + B + C) % 2 == 0) {
                             Loc[Lid] = Val + C;
                             It.barrier();
                             Val += Loc[L - 1 - Lid];
                             It.barrier();
                           }
                           Val = Val * 3u + 1u;
                         }
                       }
                     }
                     Out[It.get_global_id(0)] = Val;
                   });
  });
  Q.wait();

  std::vector<uint32_t> Want(N);
  for (size_t G = 0; G < Groups; ++G) {
    std::vector<uint32_t> Val(In + G * L, In + G * L + L), Buf(L);
    for (unsigned A = 0; A < 2; ++A) {
      Buf = Val;
      for (size_t I = 0; I < L; ++I)
        Val[I] += Buf[(I + A + 1) % L];
      for (unsigned B = 0; B < 3; ++B) {
        for (size_t I = 0; I < L; ++I)
          if (I % 2 == B % 2)
            Val[I] = Val[I] * 5u + B;
        Buf = Val;
        for (size_t I = 0; I < L; ++I)
          Val[I] ^= Buf[(I + B + 2) % L] >> 1;
        for (unsigned C = 0; C < 2 + G; ++C) {
          if ((A + B + C) % 2 == 0) {
            for (size_t I = 0; I < L; ++I)
              Buf[I] = Val[I] + C;
            for (size_t I = 0; I < L; ++I)
              Val[I] += Buf[L - 1 - I];
          }
          for (uint32_t &V : Val)
            V = V * 3u + 1u;
        }
      }
    }
    for (size_t I = 0; I < L; ++I)
      Want[G * L + I] = Val[I];
  }
  int Rc = corpus::check("barrier-deep-nesting", Out, Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}
