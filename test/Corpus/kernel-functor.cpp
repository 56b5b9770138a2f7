// The kernel is a named function object (not a lambda) holding a local
// accessor and USM pointers as members; its operator() calls a member
// function that contains the barrier.
#include <sycl/sycl.hpp>

#include "corpus.hpp"

namespace {

constexpr size_t L = 25;

class RotateKernel {
public:
  RotateKernel(const uint32_t *In, uint32_t *Out,
               sycl::local_accessor<uint32_t, 1> Loc, unsigned Rounds)
      : In(In), Out(Out), Loc(Loc), Rounds(Rounds) {}

  void operator()(sycl::nd_item<1> It) const {
    uint32_t Val = In[It.get_global_id(0)];
    for (unsigned R = 0; R < Rounds; ++R)
      Val = step(It, Val, R);
    Out[It.get_global_id(0)] = Val;
  }

private:
  uint32_t step(const sycl::nd_item<1> &It, uint32_t Val, unsigned R) const {
    size_t Lid = It.get_local_id(0);
    Loc[Lid] = Val;
    It.barrier();
    uint32_t Next = Val + (Loc[(Lid + R + 1) % L] ^ R);
    It.barrier();
    return Next;
  }

  const uint32_t *In;
  uint32_t *Out;
  sycl::local_accessor<uint32_t, 1> Loc;
  unsigned Rounds;
};

} // namespace

int main() {
  constexpr size_t Groups = 4, N = L * Groups;
  constexpr unsigned Rounds = 5;
  sycl::queue Q;
  uint32_t *In = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *Out = sycl::malloc_shared<uint32_t>(N, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = corpus::input(I, 45);

  Q.submit([&](sycl::handler &H) {
    sycl::local_accessor<uint32_t, 1> Loc(sycl::range<1>(L), H);
    H.parallel_for(sycl::nd_range<1>(sycl::range<1>(N), sycl::range<1>(L)),
                   RotateKernel(In, Out, Loc, Rounds));
  });
  Q.wait();

  std::vector<uint32_t> Want(N);
  for (size_t G = 0; G < Groups; ++G) {
    std::vector<uint32_t> Val(In + G * L, In + G * L + L), Buf;
    for (unsigned R = 0; R < Rounds; ++R) {
      Buf = Val;
      for (size_t I = 0; I < L; ++I)
        Val[I] += Buf[(I + R + 1) % L] ^ R;
    }
    for (size_t I = 0; I < L; ++I)
      Want[G * L + I] = Val[I];
  }
  int Rc = corpus::check("kernel-functor", Out, Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}
