// Loops whose work-items make different numbers of trips and that hold
// loops of their own, which lanes-implicit-loop-barriers runs in lockstep
// for the whole group where that pays: ragged plane sums by two nested
// strided loops, whose outer loop some rows of the group leave one trip
// early, with each item's count of elements kept past both loops; a nest
// three deep; escape-time loops inside grid-stride loops over pixels; and
// grid-stride loops around a loop of a count the compiler does not know,
// 0 included. Also grid-stride loops over rows with an inner loop of a
// length read per row, where some work-items skip the outer loop
// altogether, some leave it a trip early, and the last row index each one
// took is kept (left as they are: the inner loop reads its row
// contiguously and vectorizes over it).
#include <sycl/sycl.hpp>

#include "corpus.hpp"

#include <algorithm>
#include <string>

namespace {

/// 1, read where the compiler cannot see it.
volatile size_t One = 1;

/// Sums each Ny x Nx plane of In with a Gy x Gx group striding over it
/// (Ny % Gy and Nx % Gx not 0), and counts each item's elements.
template <size_t Gy, size_t Gx, bool RunTime>
int raggedPlaneSums(sycl::queue &Q, const int *In, size_t Planes) {
  constexpr size_t Ny = 42, Nx = 50;
  int *Sums = sycl::malloc_shared<int>(Planes, Q);
  int *Counts = sycl::malloc_shared<int>(Planes * Gy * Gx, Q);
  size_t Ly = RunTime ? One * Gy : Gy;
  Q.parallel_for(sycl::nd_range<2>(sycl::range<2>(Planes * Ly, Gx),
                                   sycl::range<2>(Ly, Gx)),
                 [=](sycl::nd_item<2> It) {
                   size_t Z = It.get_group(0);
                   int S = 0, N = 0;
                   for (size_t Y = It.get_local_id(0); Y < Ny; Y += Gy)
                     for (size_t X = It.get_local_id(1); X < Nx; X += Gx) {
                       S += In[(Z * Ny + Y) * Nx + X] * int(X % 5 + 1);
                       ++N;
                     }
                   int Total = sycl::reduce_over_group(It.get_group(), S,
                                                       sycl::plus<int>());
                   Counts[It.get_global_linear_id()] = N;
                   if (It.get_local_linear_id() == 0)
                     Sums[Z] = Total;
                 })
      .wait();
  std::vector<int> WantSums(Planes, 0), WantCounts(Planes * Gy * Gx, 0);
  for (size_t Z = 0; Z < Planes; ++Z)
    for (size_t Y = 0; Y < Ny; ++Y)
      for (size_t X = 0; X < Nx; ++X) {
        WantSums[Z] += In[(Z * Ny + Y) * Nx + X] * int(X % 5 + 1);
        ++WantCounts[(Z * Gy + Y % Gy) * Gx + X % Gx];
      }
  std::string Name = "ragged plane sums " + std::to_string(Gy) + "x" +
                     std::to_string(Gx) + (RunTime ? " (run-time size)" : "");
  int Rc = corpus::check(Name.c_str(), Sums, WantSums);
  Rc |= corpus::check((Name + ", counts").c_str(), Counts, WantCounts);
  sycl::free(Sums, Q);
  sycl::free(Counts, Q);
  return Rc;
}

/// Rows of In (Cols wide) taken by a grid-stride loop over Groups groups of
/// L items; row R sums its first Len[R] elements. Each item also records
/// the last row it took (-1 for none), how many, and where its index
/// stopped.
template <size_t L>
int gridStrideRows(sycl::queue &Q, const int *In, const uint32_t *Len,
                   size_t Rows, size_t Cols, size_t Groups) {
  const size_t Items = Groups * L;
  int *Out = sycl::malloc_shared<int>(Rows, Q);
  int *Last = sycl::malloc_shared<int>(Items, Q);
  int *Taken = sycl::malloc_shared<int>(Items, Q);
  int *Stop = sycl::malloc_shared<int>(Items, Q);
  Q.parallel_for(sycl::nd_range<1>(Items, L), [=](sycl::nd_item<1> It) {
     size_t Gid = It.get_global_id(0), R = Gid;
     int LastRow = -1, Count = 0;
     for (; R < Rows; R += It.get_global_range(0)) {
       int S = 0;
       for (uint32_t C = 0; C < Len[R]; ++C)
         S += In[R * Cols + C] ^ int(C);
       Out[R] = S;
       LastRow = int(R);
       ++Count;
     }
     Last[Gid] = LastRow;
     Taken[Gid] = Count;
     Stop[Gid] = int(R);
   }).wait();
  std::vector<int> WantOut(Rows, 0), WantLast(Items, -1), WantTaken(Items, 0),
      WantStop(Items);
  for (size_t R = 0; R < Rows; ++R) {
    for (uint32_t C = 0; C < Len[R]; ++C)
      WantOut[R] += In[R * Cols + C] ^ int(C);
    WantLast[R % Items] = int(R);
    ++WantTaken[R % Items];
  }
  for (size_t Gid = 0; Gid < Items; ++Gid)
    WantStop[Gid] = int(Gid + size_t(WantTaken[Gid]) * Items);
  std::string Name = "grid-stride rows, " + std::to_string(Rows) + " rows, " +
                     std::to_string(Groups) + "x" + std::to_string(L);
  int Rc = corpus::check(Name.c_str(), Out, WantOut);
  Rc |= corpus::check((Name + ", last row").c_str(), Last, WantLast);
  Rc |= corpus::check((Name + ", rows taken").c_str(), Taken, WantTaken);
  Rc |= corpus::check((Name + ", stop").c_str(), Stop, WantStop);
  sycl::free(Out, Q);
  sycl::free(Last, Q);
  sycl::free(Taken, Q);
  sycl::free(Stop, Q);
  return Rc;
}

/// A grid-stride loop over rows, a loop over three phases in each, and in
/// each phase a loop over every third element of the row's length.
int threeDeep(sycl::queue &Q, const int *In, const uint32_t *Len, size_t Rows,
              size_t Cols) {
  constexpr size_t L = 32, Groups = 3, Items = L * Groups;
  uint32_t *Out = sycl::malloc_shared<uint32_t>(Items, Q);
  Q.parallel_for(sycl::nd_range<1>(Items, L), [=](sycl::nd_item<1> It) {
     uint32_t Acc = 0;
     for (size_t R = It.get_global_id(0); R < Rows; R += Items)
       for (uint32_t K = 0; K < 3; ++K)
         for (uint32_t C = K; C < Len[R]; C += 3)
           Acc = Acc * 3 + uint32_t(In[R * Cols + C]) * (K + 1);
     Out[It.get_global_id(0)] = Acc;
   }).wait();
  std::vector<uint32_t> Want(Items, 0);
  for (size_t Gid = 0; Gid < Items; ++Gid)
    for (size_t R = Gid; R < Rows; R += Items)
      for (uint32_t K = 0; K < 3; ++K)
        for (uint32_t C = K; C < Len[R]; C += 3)
          Want[Gid] = Want[Gid] * 3 + uint32_t(In[R * Cols + C]) * (K + 1);
  int Rc = corpus::check("three deep", Out, Want);
  sycl::free(Out, Q);
  return Rc;
}

/// An escape-time loop per pixel, in a grid-stride loop over Pixels with
/// Groups groups of L items: how many steps of z = (z * z + p) mod 2^16 it
/// takes, at most 64, until z passes 60000.
template <size_t L>
int escapeTimes(sycl::queue &Q, size_t Pixels, size_t Groups) {
  const size_t Items = Groups * L;
  uint32_t *Out = sycl::malloc_shared<uint32_t>(Pixels, Q);
  Q.parallel_for(sycl::nd_range<1>(Items, L), [=](sycl::nd_item<1> It) {
     for (size_t P = It.get_global_id(0); P < Pixels;
          P += It.get_global_range(0)) {
       uint32_t Z = 0, K = 0;
       while (K < 64 && Z <= 60000) {
         Z = (Z * Z + uint32_t(P)) & 0xffff;
         ++K;
       }
       Out[P] = K;
     }
   }).wait();
  std::vector<uint32_t> Want(Pixels);
  for (size_t P = 0; P < Pixels; ++P) {
    uint32_t Z = 0, K = 0;
    while (K < 64 && Z <= 60000) {
      Z = (Z * Z + uint32_t(P)) & 0xffff;
      ++K;
    }
    Want[P] = K;
  }
  std::string Name = "escape times, " + std::to_string(Pixels) + " pixels, " +
                     std::to_string(Groups) + "x" + std::to_string(L);
  int Rc = corpus::check(Name.c_str(), Out, Want);
  sycl::free(Out, Q);
  return Rc;
}

/// Horner's rule in a grid-stride loop over N values with Groups groups of
/// L items, with Terms coefficients: a count the compiler does not know,
/// so that LLVM unswitches the loop into a version for Terms > 0 and one
/// for Terms == 0. (The 64-bit results tell LLVM that their stores leave
/// Terms alone, so that it may read it once, before the loop.)
template <size_t L>
int polynomials(sycl::queue &Q, const uint32_t *Coef, int Terms, size_t N,
                size_t Groups) {
  uint64_t *Out = sycl::malloc_shared<uint64_t>(N, Q);
  Q.parallel_for(sycl::nd_range<1>(Groups * L, L), [=](sycl::nd_item<1> It) {
     for (size_t I = It.get_global_id(0); I < N; I += It.get_global_range(0)) {
       uint32_t X = uint32_t(I) * 2654435761u, Acc = 0;
       for (int K = 0; K < Terms; ++K)
         Acc = Acc * X + Coef[K];
       Out[I] = Acc;
     }
   }).wait();
  std::vector<uint64_t> Want(N, 0);
  for (size_t I = 0; I < N; ++I) {
    uint32_t Acc = 0;
    for (int K = 0; K < Terms; ++K)
      Acc = Acc * (uint32_t(I) * 2654435761u) + Coef[K];
    Want[I] = Acc;
  }
  std::string Name = "polynomials, " + std::to_string(Terms) + " terms, " +
                     std::to_string(N) + " values, " + std::to_string(Groups) +
                     "x" + std::to_string(L);
  int Rc = corpus::check(Name.c_str(), Out, Want);
  sycl::free(Out, Q);
  return Rc;
}

} // namespace

int main() {
  sycl::queue Q;
  const size_t Planes = 5, Rows = 700, Cols = 40;
  const size_t N = std::max(Planes * 42 * 50, Rows * Cols);
  int *In = sycl::malloc_shared<int>(N, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = int(corpus::input(uint32_t(I)) % 1000) - 500;
  uint32_t *Len = sycl::malloc_shared<uint32_t>(Rows, Q);
  for (size_t R = 0; R < Rows; ++R)
    Len[R] = corpus::input(uint32_t(R), 7) % (Cols + 1);
  int Rc = 0;
  Rc |= raggedPlaneSums<8, 32, false>(Q, In, Planes);
  Rc |= raggedPlaneSums<8, 32, true>(Q, In, Planes);
  Rc |= raggedPlaneSums<4, 16, false>(Q, In, Planes);
  Rc |= gridStrideRows<64>(Q, In, Len, Rows, Cols, 3); // 3 or 4 rows each
  Rc |= gridStrideRows<64>(Q, In, Len, 100, Cols, 3);  // none or one
  Rc |= gridStrideRows<16>(Q, In, Len, Rows, Cols, 7); // 6 or 7
  Rc |= threeDeep(Q, In, Len, Rows, Cols);
  Rc |= escapeTimes<64>(Q, 5000, 3); // 26 or 27 pixels each
  Rc |= escapeTimes<32>(Q, 50, 2);   // none or one
  for (int Terms : {0, 1, 7})
    Rc |= polynomials<64>(Q, Len, int(One) * Terms, 1000, 3);
  sycl::free(In, Q);
  sycl::free(Len, Q);
  return Rc;
}
