// The barrier sits two calls deep: the kernel calls exchange(), which calls
// synchronize(), which calls nd_item::barrier(); nd_item goes by reference.
#include <sycl/sycl.hpp>

#include "corpus.hpp"

namespace {

constexpr size_t L = 21;

void synchronize(const sycl::nd_item<1> &It) {
  It.barrier(sycl::access::fence_space::local_space);
}

template <typename Acc>
uint32_t exchange(sycl::nd_item<1> &It, const Acc &Loc, uint32_t Val,
                  size_t Shift) {
  size_t Lid = It.get_local_id(0);
  Loc[Lid] = Val;
  synchronize(It);
  uint32_t Got = Loc[(Lid + Shift) % L];
  synchronize(It);
  return Got;
}

} // namespace

int main() {
  constexpr size_t Groups = 4, N = L * Groups;
  sycl::queue Q;
  uint32_t *In = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *Out = sycl::malloc_shared<uint32_t>(N, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = corpus::input(I, 15);

  Q.submit([&](sycl::handler &H) {
    sycl::local_accessor<uint32_t, 1> Loc(sycl::range<1>(L), H);
    H.parallel_for(sycl::nd_range<1>(sycl::range<1>(N), sycl::range<1>(L)),
                   [=](sycl::nd_item<1> It) {
                     uint32_t Val = In[It.get_global_id(0)];
                     for (size_t S = 1; S <= 3; ++S)
                       Val = Val * 3u + exchange(It, Loc, Val, S);
                     Out[It.get_global_id(0)] = Val;
                   });
  });
  Q.wait();

  std::vector<uint32_t> Want(N);
  for (size_t G = 0; G < Groups; ++G) {
    std::vector<uint32_t> Val(In + G * L, In + G * L + L), Buf;
    for (size_t S = 1; S <= 3; ++S) {
      Buf = Val;
      for (size_t I = 0; I < L; ++I)
        Val[I] = Val[I] * 3u + Buf[(I + S) % L];
    }
    for (size_t I = 0; I < L; ++I)
      Want[G * L + I] = Val[I];
  }
  int Rc = corpus::check("barrier-in-helper", Out, Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}
