// Odd local sizes 7 and 33 (and 3x5 in 2-D): a rotation through local
// memory and a tree reduction that must handle sizes that are not powers
// of two.
#include <sycl/sycl.hpp>

#include "corpus.hpp"

#include <string>

namespace {

/// Runs the rotate-and-reduce kernel with local size L; returns mismatches.
int runWithLocalSize(sycl::queue &Q, size_t L, size_t Groups) {
  size_t N = L * Groups;
  uint32_t *In = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *Out = sycl::malloc_shared<uint32_t>(N, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = corpus::input(static_cast<uint32_t>(I), static_cast<uint32_t>(L));
  size_t Pow2 = 1;
  while (Pow2 < L)
    Pow2 *= 2;

  Q.submit([&](sycl::handler &H) {
    sycl::local_accessor<uint32_t, 1> Loc(sycl::range<1>(L), H);
    H.parallel_for(sycl::nd_range<1>(sycl::range<1>(N), sycl::range<1>(L)),
                   [=](sycl::nd_item<1> It) {
                     size_t Lid = It.get_local_id(0);
                     uint32_t Val = In[It.get_global_id(0)];
                     Loc[Lid] = Val;
                     It.barrier();
                     uint32_t Rot = Loc[(Lid + 3) % L];
                     It.barrier();
                     for (size_t Stride = Pow2 / 2; Stride > 0; Stride /= 2) {
                       if (Lid < Stride && Lid + Stride < L)
                         Loc[Lid] += Loc[Lid + Stride];
                       It.barrier();
                     }
                     Out[It.get_global_id(0)] = Rot ^ Loc[0];
                   });
  });
  Q.wait();

  std::vector<uint32_t> Want(N);
  for (size_t G = 0; G < Groups; ++G) {
    uint32_t Sum = 0;
    for (size_t I = 0; I < L; ++I)
      Sum += In[G * L + I];
    for (size_t I = 0; I < L; ++I)
      Want[G * L + I] = In[G * L + (I + 3) % L] ^ Sum;
  }
  std::string Name = "local-size-odd L=" + std::to_string(L);
  int Rc = corpus::check(Name.c_str(), Out, Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}

/// A 2-D group of 3x5 items transposing through a 2-D local accessor.
int run2D(sycl::queue &Q) {
  constexpr size_t R = 3, C = 5, GR = 2, GC = 3;
  constexpr size_t N = R * C * GR * GC;
  uint32_t *In = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *Out = sycl::malloc_shared<uint32_t>(N, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = corpus::input(I, 99);
  Q.submit([&](sycl::handler &H) {
    sycl::local_accessor<uint32_t, 2> Loc(sycl::range<2>(R, C), H);
    H.parallel_for(
        sycl::nd_range<2>(sycl::range<2>(R * GR, C * GC), sycl::range<2>(R, C)),
        [=](sycl::nd_item<2> It) {
          size_t Y = It.get_local_id(0), X = It.get_local_id(1);
          Loc[Y][X] = In[It.get_global_linear_id()];
          It.barrier();
          Out[It.get_global_linear_id()] =
              Loc[R - 1 - Y][(X + 1) % C] + Loc[Y][C - 1 - X];
        });
  });
  Q.wait();
  std::vector<uint32_t> Want(N);
  size_t W = C * GC;
  for (size_t Gy = 0; Gy < R * GR; ++Gy)
    for (size_t Gx = 0; Gx < W; ++Gx) {
      size_t By = Gy / R * R, Bx = Gx / C * C, Y = Gy % R, X = Gx % C;
      Want[Gy * W + Gx] = In[(By + R - 1 - Y) * W + Bx + (X + 1) % C] +
                          In[(By + Y) * W + Bx + C - 1 - X];
    }
  int Rc = corpus::check("local-size-odd 3x5", Out, Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}

} // namespace

int main() {
  sycl::queue Q;
  int Rc = runWithLocalSize(Q, 7, 5);
  Rc |= runWithLocalSize(Q, 33, 3);
  Rc |= run2D(Q);
  return Rc;
}
