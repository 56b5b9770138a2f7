// Two classic hierarchical kernels. A tiled matrix multiply: each group
// computes a Tile x Tile block of C = A * B, staging blocks of A and B in
// group-scope arrays and keeping each work-item's sum in private_memory;
// the sizes are no multiples of the tile, so edge groups load zeros and
// skip stores. A tree reduction: each work-item sums a strided share into
// a group-scope array, then parallel_for_work_item over halving flexible
// ranges folds it, and the body stores the group's total. Integer data,
// so the results must match the serial references exactly.
#include "hierarchical.hpp"

#include <cstdint>
#include <vector>

namespace {

constexpr size_t Tile = 8;

int runMatmul(sycl::queue &Q, size_t M, size_t K, size_t N) {
  std::string Name = "matmul " + std::to_string(M) + "x" + std::to_string(K) +
                     " * " + std::to_string(K) + "x" + std::to_string(N);
  unsigned *A = sycl::malloc_shared<unsigned>(M * K, Q);
  unsigned *B = sycl::malloc_shared<unsigned>(K * N, Q);
  unsigned *C = sycl::malloc_shared<unsigned>(M * N, Q);
  for (size_t I = 0; I < M * K; ++I)
    A[I] = corpus::input(uint32_t(I), 21) % 1000;
  for (size_t I = 0; I < K * N; ++I)
    B[I] = corpus::input(uint32_t(I), 22) % 1000;
  sycl::range<2> Groups((M + Tile - 1) / Tile, (N + Tile - 1) / Tile);

  Q.submit([&](sycl::handler &H) {
     H.parallel_for_work_group<class Matmul>(
         Groups, sycl::range<2>(Tile, Tile), [=](sycl::group<2> Grp) {
           unsigned TileA[Tile][Tile], TileB[Tile][Tile];
           sycl::private_memory<unsigned, 2> Sum(Grp);
           Grp.parallel_for_work_item([&](sycl::h_item<2> It) { Sum(It) = 0; });
           for (size_t K0 = 0; K0 < K; K0 += Tile) {
             Grp.parallel_for_work_item([&](sycl::h_item<2> It) {
               size_t I = It.get_local_id(0), J = It.get_local_id(1);
               size_t Row = It.get_global_id(0), Col = It.get_global_id(1);
               TileA[I][J] = Row < M && K0 + J < K ? A[Row * K + K0 + J] : 0;
               TileB[I][J] = K0 + I < K && Col < N ? B[(K0 + I) * N + Col] : 0;
             });
             Grp.parallel_for_work_item([&](sycl::h_item<2> It) {
               size_t I = It.get_local_id(0), J = It.get_local_id(1);
               unsigned Acc = 0;
               for (size_t KK = 0; KK < Tile; ++KK)
                 Acc += TileA[I][KK] * TileB[KK][J];
               Sum(It) += Acc;
             });
           }
           Grp.parallel_for_work_item([&](sycl::h_item<2> It) {
             size_t Row = It.get_global_id(0), Col = It.get_global_id(1);
             if (Row < M && Col < N)
               C[Row * N + Col] = Sum(It);
           });
         });
   }).wait();

  std::vector<unsigned> Want(M * N);
  for (size_t I = 0; I < M; ++I)
    for (size_t J = 0; J < N; ++J) {
      unsigned Acc = 0;
      for (size_t KK = 0; KK < K; ++KK)
        Acc += A[I * K + KK] * B[KK * N + J];
      Want[I * N + J] = Acc;
    }
  int Rc = corpus::check(Name.c_str(), C, Want);
  sycl::free(A, Q);
  sycl::free(B, Q);
  sycl::free(C, Q);
  return Rc;
}

/// Sums \p N values in groups of \p GroupSize (a power of two) work-items,
/// each adding PerItem values first.
int runReduce(sycl::queue &Q, size_t N, size_t GroupSize, size_t PerItem) {
  std::string Name = "reduce " + std::to_string(N) + " in groups of " +
                     std::to_string(GroupSize) + " x " +
                     std::to_string(PerItem);
  const size_t PerGroup = GroupSize * PerItem;
  const size_t Groups = (N + PerGroup - 1) / PerGroup;
  uint64_t *In = sycl::malloc_shared<uint64_t>(N, Q);
  uint64_t *Out = sycl::malloc_shared<uint64_t>(Groups, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = corpus::input(uint32_t(I), 23);

  Q.submit([&](sycl::handler &H) {
     H.parallel_for_work_group<class Reduce>(
         sycl::range<1>(Groups), sycl::range<1>(GroupSize),
         [=](sycl::group<1> Grp) {
           uint64_t Partial[256];
           const size_t Size = Grp.get_local_range(0);
           const size_t Base = Grp.get_group_id(0) * PerGroup;
           Grp.parallel_for_work_item([&](sycl::h_item<1> It) {
             size_t L = It.get_local_id(0);
             uint64_t Acc = 0;
             for (size_t I = Base + L; I < Base + PerGroup && I < N; I += Size)
               Acc += In[I];
             Partial[L] = Acc;
           });
           for (size_t Half = Size / 2; Half > 0; Half /= 2)
             Grp.parallel_for_work_item(sycl::range<1>(Half),
                                        [&](sycl::h_item<1> It) {
                                          size_t L = It.get_logical_local_id(0);
                                          Partial[L] += Partial[L + Half];
                                        });
           Out[Grp.get_group_id(0)] = Partial[0];
         });
   }).wait();

  std::vector<uint64_t> Want(Groups, 0);
  for (size_t I = 0; I < N; ++I)
    Want[I / PerGroup] += In[I];
  int Rc = corpus::check(Name.c_str(), Out, Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}

} // namespace

int main() {
  sycl::queue Q;
  int Rc = 0;
  Rc |= runMatmul(Q, 37, 45, 29);
  Rc |= runMatmul(Q, 64, 16, 64);
  Rc |= runMatmul(Q, 1, 3, 1);
  Rc |= runReduce(Q, 100000, 256, 8);
  Rc |= runReduce(Q, 1000, 64, 3);
  Rc |= runReduce(Q, 5, 1, 2);
  return Rc;
}
