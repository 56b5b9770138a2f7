// One helper with barriers called from two call sites of a kernel (and a
// second helper calling it), so its barriers are reached along several
// paths in a fixed order.
#include <sycl/sycl.hpp>

#include "corpus.hpp"

namespace {

constexpr size_t L = 35;

/// Rotates the group's values by Shift through local memory.
template <typename Acc>
uint32_t rotate(sycl::nd_item<1> &It, const Acc &Loc, uint32_t Val,
                size_t Shift) {
  size_t Lid = It.get_local_id(0);
  It.barrier();
  Loc[Lid] = Val;
  It.barrier();
  return Loc[(Lid + Shift) % L];
}

/// Two rotations, so rotate()'s barriers run twice per call.
template <typename Acc>
uint32_t twist(sycl::nd_item<1> &It, const Acc &Loc, uint32_t Val) {
  uint32_t A = rotate(It, Loc, Val, 2);
  uint32_t B = rotate(It, Loc, A ^ Val, L - 1);
  return A + B;
}

} // namespace

int main() {
  constexpr size_t Groups = 3, N = L * Groups;
  sycl::queue Q;
  uint32_t *In = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *Out = sycl::malloc_shared<uint32_t>(N, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = corpus::input(I, 16);

  Q.submit([&](sycl::handler &H) {
    sycl::local_accessor<uint32_t, 1> Loc(sycl::range<1>(L), H);
    H.parallel_for(sycl::nd_range<1>(sycl::range<1>(N), sycl::range<1>(L)),
                   [=](sycl::nd_item<1> It) {
                     uint32_t Val = In[It.get_global_id(0)];
                     uint32_t First = rotate(It, Loc, Val, 5);
                     uint32_t Second = rotate(It, Loc, First * 3u, 11);
                     uint32_t Third = twist(It, Loc, Second);
                     Out[It.get_global_id(0)] = First ^ Second ^ Third;
                   });
  });
  Q.wait();

  auto Rotate = [](const std::vector<uint32_t> &V, size_t Shift) {
    std::vector<uint32_t> R(L);
    for (size_t I = 0; I < L; ++I)
      R[I] = V[(I + Shift) % L];
    return R;
  };
  std::vector<uint32_t> Want(N);
  for (size_t G = 0; G < Groups; ++G) {
    std::vector<uint32_t> Val(In + G * L, In + G * L + L);
    std::vector<uint32_t> First = Rotate(Val, 5), Tmp(L);
    for (size_t I = 0; I < L; ++I)
      Tmp[I] = First[I] * 3u;
    std::vector<uint32_t> Second = Rotate(Tmp, 11);
    std::vector<uint32_t> A = Rotate(Second, 2);
    for (size_t I = 0; I < L; ++I)
      Tmp[I] = A[I] ^ Second[I];
    std::vector<uint32_t> B = Rotate(Tmp, L - 1);
    for (size_t I = 0; I < L; ++I)
      Want[G * L + I] = First[I] ^ Second[I] ^ (A[I] + B[I]);
  }
  int Rc = corpus::check("barrier-helper-called-twice", Out, Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}
