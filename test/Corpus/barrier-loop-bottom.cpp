// Barrier as the last statement of a loop body: iteration S reads what
// iteration S-1 wrote (buffer (S-1)%2), writes buffer S%2, then waits.
#include <sycl/sycl.hpp>

#include "corpus.hpp"

int main() {
  constexpr size_t L = 48, Groups = 3, N = L * Groups;
  constexpr unsigned Steps = 7;
  sycl::queue Q;
  uint32_t *In = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *Out = sycl::malloc_shared<uint32_t>(N, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = corpus::input(I, 2);

  Q.submit([&](sycl::handler &H) {
    sycl::local_accessor<uint32_t, 1> Loc(sycl::range<1>(2 * L), H);
    H.parallel_for(
        sycl::nd_range<1>(sycl::range<1>(N), sycl::range<1>(L)),
        [=](sycl::nd_item<1> It) {
          size_t Lid = It.get_local_id(0);
          uint32_t Val = In[It.get_global_id(0)];
          Loc[Lid] = Val;
          It.barrier();
          for (unsigned S = 1; S <= Steps; ++S) {
            Val = Val * 5u + Loc[((S - 1) % 2) * L + (Lid * 7 + S) % L];
            Loc[(S % 2) * L + Lid] = Val ^ S;
            It.barrier();
          }
          Out[It.get_global_id(0)] = Val ^ Loc[(Steps % 2) * L + (L - 1 - Lid)];
        });
  });
  Q.wait();

  std::vector<uint32_t> Want(N);
  for (size_t G = 0; G < Groups; ++G) {
    std::vector<uint32_t> Val(L), Buf(2 * L);
    for (size_t I = 0; I < L; ++I)
      Buf[I] = Val[I] = In[G * L + I];
    for (unsigned S = 1; S <= Steps; ++S)
      for (size_t I = 0; I < L; ++I) {
        Val[I] = Val[I] * 5u + Buf[((S - 1) % 2) * L + (I * 7 + S) % L];
        Buf[(S % 2) * L + I] = Val[I] ^ S;
      }
    for (size_t I = 0; I < L; ++I)
      Want[G * L + I] = Val[I] ^ Buf[(Steps % 2) * L + (L - 1 - I)];
  }
  int Rc = corpus::check("barrier-loop-bottom", Out, Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}
