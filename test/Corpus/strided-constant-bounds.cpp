// Loops that start at a local id and stride over a range with constant
// bounds, in kernels whose local size the compiler sees: each work-item
// makes the same number of trips (lanes-uniform-trip-counts counts them and
// unrolls the short ones) or, where the bound is ragged, not. Plane sums
// by two nested strided loops in 8x32 groups, then the group reduction; a
// tile loaded by a strided loop, ragged (some items one trip more) and
// even, between barriers; a count-down loop; a guard every work-item
// passes (`lid < 64` in a group of 32) around a barrier; and the same
// plane sums with the local size known only at run time.
#include <sycl/sycl.hpp>

#include "corpus.hpp"

#include <string>

namespace {

constexpr size_t Planes = 6, Ny = 32, Nx = 256;

/// 1, read where the compiler cannot see it.
volatile size_t One = 1;

/// Sums each plane of In (Ny x Nx) with a group of Gy x Gx work-items
/// striding over it; the local size is a constant unless RunTime.
template <size_t Gy, size_t Gx, bool RunTime>
int planeSums(sycl::queue &Q, const int *In) {
  int *Sums = sycl::malloc_shared<int>(Planes, Q);
  size_t Ly = RunTime ? One * Gy : Gy;
  Q.parallel_for(sycl::nd_range<2>(sycl::range<2>(Planes * Ly, Gx),
                                   sycl::range<2>(Ly, Gx)),
                 [=](sycl::nd_item<2> It) {
                   size_t Z = It.get_group(0);
                   int S = 0;
                   for (size_t Y = It.get_local_id(0); Y < Ny; Y += Gy)
                     for (size_t X = It.get_local_id(1); X < Nx; X += Gx)
                       S += In[(Z * Ny + Y) * Nx + X] * int(X % 5 + 1);
                   int Total = sycl::reduce_over_group(It.get_group(), S,
                                                       sycl::plus<int>());
                   if (It.get_local_linear_id() == 0)
                     Sums[Z] = Total;
                 })
      .wait();
  std::vector<int> Want(Planes, 0);
  for (size_t Z = 0; Z < Planes; ++Z)
    for (size_t I = 0; I < Ny * Nx; ++I)
      Want[Z] += In[Z * Ny * Nx + I] * int(I % Nx % 5 + 1);
  std::string Name = "plane sums " + std::to_string(Gy) + "x" +
                     std::to_string(Gx) + (RunTime ? " (run-time size)" : "");
  int Rc = corpus::check(Name.c_str(), Sums, Want);
  sycl::free(Sums, Q);
  return Rc;
}

/// Each group of L loads a tile of T elements with a loop striding by L
/// (T % L != 0: ragged), waits, then each item sums its mirrored elements
/// with a count-down loop; an always-true guard holds a second barrier.
template <size_t L, size_t T>
int tiles(sycl::queue &Q, const int *In, size_t Groups) {
  int *Out = sycl::malloc_shared<int>(Groups * L, Q);
  Q.submit([&](sycl::handler &H) {
     sycl::local_accessor<int, 1> Tile{sycl::range<1>(T), H};
     H.parallel_for(
         sycl::nd_range<1>(sycl::range<1>(Groups * L), sycl::range<1>(L)),
         [=](sycl::nd_item<1> It) {
           size_t Lid = It.get_local_id(0);
           size_t Base = It.get_group(0) * T;
           for (size_t I = Lid; I < T; I += L)
             Tile[I] = In[Base + I];
           sycl::group_barrier(It.get_group());
           int S = 0;
           for (int I = int(T - 1 - Lid); I >= 0; I -= int(L))
             S += Tile[size_t(I)] * (I % 3 + 1);
           if (Lid < 2 * L) {
             sycl::group_barrier(It.get_group());
             Tile[Lid] = S;
           }
           sycl::group_barrier(It.get_group());
           Out[It.get_global_id(0)] = Tile[(Lid + 1) % L] - S;
         });
   }).wait();
  std::vector<int> Sums(Groups * L), Want(Groups * L);
  for (size_t G = 0; G < Groups; ++G) {
    for (size_t Lid = 0; Lid < L; ++Lid) {
      int S = 0;
      for (int I = int(T - 1 - Lid); I >= 0; I -= int(L))
        S += In[G * T + size_t(I)] * (I % 3 + 1);
      Sums[G * L + Lid] = S;
    }
    for (size_t Lid = 0; Lid < L; ++Lid)
      Want[G * L + Lid] = Sums[G * L + (Lid + 1) % L] - Sums[G * L + Lid];
  }
  std::string Name =
      "tiles of " + std::to_string(T) + " by " + std::to_string(L);
  int Rc = corpus::check(Name.c_str(), Out, Want);
  sycl::free(Out, Q);
  return Rc;
}

} // namespace

int main() {
  sycl::queue Q;
  const size_t N = Planes * Ny * Nx;
  int *In = sycl::malloc_shared<int>(N, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = int(corpus::input(uint32_t(I)) % 1000) - 500;
  int Rc = 0;
  Rc |= planeSums<8, 32, false>(Q, In);
  Rc |= planeSums<8, 32, true>(Q, In);
  Rc |= planeSums<4, 64, false>(Q, In);
  Rc |= tiles<32, 96>(Q, In, 7);  // three trips each
  Rc |= tiles<32, 100>(Q, In, 7); // four trips for items below 4, else three
  Rc |= tiles<48, 48>(Q, In, 5);  // one trip
  sycl::free(In, Q);
  return Rc;
}
