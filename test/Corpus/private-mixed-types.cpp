// Private values of several types live across barriers: uint8_t,
// uint16_t, int32_t (negative), uint64_t, bool, a small struct and a
// pointer into global memory chosen per item.
#include <sycl/sycl.hpp>

#include "corpus.hpp"

namespace {
struct Pair {
  uint16_t Lo;
  uint64_t Hi;
};
} // namespace

int main() {
  constexpr size_t L = 24, Groups = 3, N = L * Groups;
  sycl::queue Q;
  uint32_t *In = sycl::malloc_shared<uint32_t>(N, Q);
  uint64_t *Out = sycl::malloc_shared<uint64_t>(N, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = corpus::input(I, 52);

  Q.submit([&](sycl::handler &H) {
    sycl::local_accessor<uint64_t, 1> Loc(sycl::range<1>(L), H);
    H.parallel_for(sycl::nd_range<1>(sycl::range<1>(N), sycl::range<1>(L)),
                   [=](sycl::nd_item<1> It) {
                     size_t Lid = It.get_local_id(0);
                     size_t Gid = It.get_global_id(0);
                     uint32_t V = In[Gid];
                     uint8_t B = static_cast<uint8_t>(V);
                     uint16_t S = static_cast<uint16_t>(V >> 8);
                     int32_t Neg = -static_cast<int32_t>(V & 0xFFFF);
                     uint64_t Wide = static_cast<uint64_t>(V) * 0x100000001ull;
                     bool Odd = V & 1u;
                     Pair P{static_cast<uint16_t>(Lid * 3), Wide >> 3};
                     const uint32_t *Ptr = In + (Odd ? Gid : N - 1 - Gid);
                     for (int R = 0; R < 3; ++R) {
                       Loc[Lid] = Wide + B + S;
                       It.barrier();
                       uint64_t Got = Loc[(Lid + 1) % L];
                       It.barrier();
                       B = static_cast<uint8_t>(B * 7 + R);
                       S = static_cast<uint16_t>(S ^ (Got >> 5));
                       Neg -= static_cast<int32_t>(Got & 0xFF);
                       Wide = Wide * 3u + Got;
                       P.Lo = static_cast<uint16_t>(P.Lo + B);
                       P.Hi ^= Got;
                       Odd = !Odd;
                     }
                     Out[Gid] = Wide + B + S +
                                static_cast<uint64_t>(int64_t(Neg)) + P.Lo +
                                P.Hi + (Odd ? 1u : 0u) + *Ptr;
                   });
  });
  Q.wait();

  std::vector<uint64_t> Want(N);
  for (size_t G = 0; G < Groups; ++G) {
    struct State {
      uint8_t B;
      uint16_t S;
      int32_t Neg;
      uint64_t Wide;
      bool Odd;
      Pair P;
      uint32_t PtrVal;
    };
    std::vector<State> St(L);
    for (size_t I = 0; I < L; ++I) {
      size_t Gid = G * L + I;
      uint32_t V = In[Gid];
      uint64_t Wide = static_cast<uint64_t>(V) * 0x100000001ull;
      St[I] = {static_cast<uint8_t>(V),
               static_cast<uint16_t>(V >> 8),
               -static_cast<int32_t>(V & 0xFFFF),
               Wide,
               bool(V & 1u),
               Pair{static_cast<uint16_t>(I * 3), Wide >> 3},
               In[(V & 1u) ? Gid : N - 1 - Gid]};
    }
    std::vector<uint64_t> Buf(L);
    for (int R = 0; R < 3; ++R) {
      for (size_t I = 0; I < L; ++I)
        Buf[I] = St[I].Wide + St[I].B + St[I].S;
      for (size_t I = 0; I < L; ++I) {
        State &X = St[I];
        uint64_t Got = Buf[(I + 1) % L];
        X.B = static_cast<uint8_t>(X.B * 7 + R);
        X.S = static_cast<uint16_t>(X.S ^ (Got >> 5));
        X.Neg -= static_cast<int32_t>(Got & 0xFF);
        X.Wide = X.Wide * 3u + Got;
        X.P.Lo = static_cast<uint16_t>(X.P.Lo + X.B);
        X.P.Hi ^= Got;
        X.Odd = !X.Odd;
      }
    }
    for (size_t I = 0; I < L; ++I) {
      const State &X = St[I];
      Want[G * L + I] = X.Wide + X.B + X.S +
                        static_cast<uint64_t>(int64_t(X.Neg)) + X.P.Lo +
                        X.P.Hi + (X.Odd ? 1u : 0u) + X.PtrVal;
    }
  }
  int Rc = corpus::check("private-mixed-types", Out, Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}
