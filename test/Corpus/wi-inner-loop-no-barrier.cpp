// An outer loop with barriers around an inner loop whose trip count
// depends on the work-item and holds no barrier; the inner loop's result
// crosses the next barrier.
#include <sycl/sycl.hpp>

#include "corpus.hpp"

int main() {
  constexpr size_t L = 29, Groups = 3, N = L * Groups;
  sycl::queue Q;
  uint32_t *In = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *Out = sycl::malloc_shared<uint32_t>(N, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = corpus::input(I, 43);

  Q.submit([&](sycl::handler &H) {
    sycl::local_accessor<uint32_t, 1> Loc(sycl::range<1>(L), H);
    H.parallel_for(sycl::nd_range<1>(sycl::range<1>(N), sycl::range<1>(L)),
                   [=](sycl::nd_item<1> It) {
                     size_t Lid = It.get_local_id(0);
                     uint32_t Val = In[It.get_global_id(0)];
                     for (unsigned S = 0; S < 4; ++S) {
                       uint32_t Inner = 0;
                       for (size_t K = 0; K <= (Lid * 3 + S) % 11; ++K)
                         Inner = Inner * 7u + (Val >> K);
                       Loc[Lid] = Inner;
                       It.barrier();
                       Val += Loc[(Lid + 4) % L];
                       It.barrier();
                     }
                     Out[It.get_global_id(0)] = Val;
                   });
  });
  Q.wait();

  std::vector<uint32_t> Want(N);
  for (size_t G = 0; G < Groups; ++G) {
    std::vector<uint32_t> Val(In + G * L, In + G * L + L), Buf(L);
    for (unsigned S = 0; S < 4; ++S) {
      for (size_t I = 0; I < L; ++I) {
        uint32_t Inner = 0;
        for (size_t K = 0; K <= (I * 3 + S) % 11; ++K)
          Inner = Inner * 7u + (Val[I] >> K);
        Buf[I] = Inner;
      }
      for (size_t I = 0; I < L; ++I)
        Val[I] += Buf[(I + 4) % L];
    }
    for (size_t I = 0; I < L; ++I)
      Want[G * L + I] = Val[I];
  }
  int Rc = corpus::check("wi-inner-loop-no-barrier", Out, Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}
