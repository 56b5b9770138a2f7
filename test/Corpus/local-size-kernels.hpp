// Shared by local-size-odd.cpp and local-size-prime.cpp: a rotation through
// local memory plus a tree reduction for any 1-D local size, and a 2-D
// transpose through a 2-D local accessor for any RxC group.
#ifndef LANES_TEST_CORPUS_LOCAL_SIZE_KERNELS_HPP
#define LANES_TEST_CORPUS_LOCAL_SIZE_KERNELS_HPP

#include <sycl/sycl.hpp>

#include "corpus.hpp"

#include <string>
#include <vector>

namespace local_size {

/// Runs the rotate-and-reduce kernel with local size L; returns mismatches.
inline int runWithLocalSize(sycl::queue &Q, const char *Program, size_t L,
                     size_t Groups) {
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
  std::string Name = std::string(Program) + " L=" + std::to_string(L);
  int Rc = corpus::check(Name.c_str(), Out, Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}

/// A 2-D group of RxC items (GRxGC groups) transposing through a 2-D local
/// accessor.
inline int run2D(sycl::queue &Q, const char *Program, size_t R, size_t C, size_t GR,
          size_t GC) {
  size_t N = R * C * GR * GC;
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
  std::string Name = std::string(Program) + " " + std::to_string(R) + "x" +
                     std::to_string(C);
  int Rc = corpus::check(Name.c_str(), Out, Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}

} // namespace local_size

#endif
