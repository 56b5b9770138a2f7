// Loops without barriers whose trip count differs from work-item to
// work-item, in kernels whose local size the compiler sees: an escape-time
// loop with two exits (Mandelbrot's shape) for several local sizes, a loop
// over a range each item reads from memory (some items skip it), warp-style
// rows taken as `gid / W` and `gid % W` without sub-groups, a loop after a
// barrier reading local memory, and a loop that stores in every trip.
#include <sycl/sycl.hpp>

#include "corpus.hpp"

#include <string>

namespace {

constexpr uint32_t MaxTrips = 20, Limit = 1u << 30;

/// The escape-time loop: trips until the square of Z's high half reaches
/// Limit, at most MaxTrips. The kernels call it too (it is inlined into
/// them), and so does the host. Like Mandelbrot's, it leaves from the top
/// of its body (the test) and from its bottom (the count): enough work in
/// between that the optimizer keeps both exits.
uint32_t escape(uint32_t Seed, uint32_t &Trips) {
  uint32_t Z = Seed % (1u << (Seed >> 27)), I = 0;
  while (I < MaxTrips) {
    uint32_t Hi = Z >> 16;
    if (Hi * Hi >= Limit)
      break;
    Z = Z * 3u + (Z >> 5) + (Hi >> 3) + 1u;
    Z ^= Z >> 7;
    ++I;
  }
  Trips = I;
  return Z;
}

/// Runs the escape-time loop over N items in groups of L (a constant, so
/// each instance is specialized); returns the mismatches.
template <size_t L> int runEscape(sycl::queue &Q, size_t Groups) {
  const size_t N = L * Groups;
  uint32_t *In = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *Out = sycl::malloc_shared<uint32_t>(N, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = corpus::input(static_cast<uint32_t>(I), L);
  Q.parallel_for(sycl::nd_range<1>(sycl::range<1>(N), sycl::range<1>(L)),
                 [=](sycl::nd_item<1> It) {
                   size_t I = It.get_global_id(0);
                   uint32_t Trips;
                   uint32_t Z = escape(In[I], Trips);
                   Out[I] = Trips * 1000003u + Z;
                 })
      .wait();
  std::vector<uint32_t> Want(N);
  for (size_t I = 0; I < N; ++I) {
    uint32_t Trips;
    uint32_t Z = escape(In[I], Trips);
    Want[I] = Trips * 1000003u + Z;
  }
  std::string Name = "escape L=" + std::to_string(L);
  int Rc = corpus::check(Name.c_str(), Out, Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}

/// The escape-time loop over a 2-D range, 4x16 groups.
int runEscape2D(sycl::queue &Q) {
  constexpr size_t Rows = 8, Cols = 64, N = Rows * Cols;
  uint32_t *Out = sycl::malloc_shared<uint32_t>(N, Q);
  Q.parallel_for(sycl::nd_range<2>(sycl::range<2>(Rows, Cols),
                                   sycl::range<2>(4, 16)),
                 [=](sycl::nd_item<2> It) {
                   size_t I = It.get_global_id(0) * Cols + It.get_global_id(1);
                   uint32_t Trips;
                   uint32_t Z = escape(
                       corpus::input(static_cast<uint32_t>(I), 2), Trips);
                   Out[I] = Trips ^ Z;
                 })
      .wait();
  std::vector<uint32_t> Want(N);
  for (size_t I = 0; I < N; ++I) {
    uint32_t Trips;
    uint32_t Z = escape(corpus::input(static_cast<uint32_t>(I), 2), Trips);
    Want[I] = Trips ^ Z;
  }
  int Rc = corpus::check("escape 2-D", Out, Want);
  sycl::free(Out, Q);
  return Rc;
}

/// The hash of In[K * 7 % M] for K in [Begin, End), and in \p K where the
/// loop ended. (A loop reading In[K] itself is one the vectorizer may take
/// as it is, which the compiler leaves alone.) Kernel and host call it.
uint32_t hashRange(const uint32_t *In, size_t M, uint32_t Begin, uint32_t End,
                   uint32_t &K) {
  uint32_t Acc = 1;
  for (K = Begin; K < End; ++K)
    Acc = Acc * 31u + In[K * 7 % M] * K;
  return Acc;
}

/// Each item hashes the range [Begin, End) it reads from memory (empty for
/// some); every fifth item skips the loop.
int runRanges(sycl::queue &Q) {
  constexpr size_t L = 48, Groups = 4, N = L * Groups, M = 300;
  uint32_t *In = sycl::malloc_shared<uint32_t>(M, Q);
  uint32_t *Begin = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *End = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *Out = sycl::malloc_shared<uint32_t>(2 * N, Q);
  for (size_t I = 0; I < M; ++I)
    In[I] = corpus::input(static_cast<uint32_t>(I), 5);
  for (size_t I = 0; I < N; ++I) {
    Begin[I] = corpus::input(static_cast<uint32_t>(I), 6) % 200;
    uint32_t Length = corpus::input(static_cast<uint32_t>(I), 7) % 43;
    End[I] = Length < 3 ? Begin[I] / 2 : Begin[I] + Length - 3;
  }
  Q.parallel_for(sycl::nd_range<1>(sycl::range<1>(N), sycl::range<1>(L)),
                 [=](sycl::nd_item<1> It) {
                   size_t I = It.get_global_id(0);
                   if (It.get_local_id(0) % 5 == 3) {
                     Out[2 * I] = 7;
                     Out[2 * I + 1] = 0;
                     return;
                   }
                   uint32_t K;
                   Out[2 * I] = hashRange(In, M, Begin[I], End[I], K);
                   Out[2 * I + 1] = K;
                 })
      .wait();
  std::vector<uint32_t> Want(2 * N);
  for (size_t I = 0; I < N; ++I) {
    if (I % L % 5 == 3) {
      Want[2 * I] = 7;
      Want[2 * I + 1] = 0;
      continue;
    }
    uint32_t K;
    Want[2 * I] = hashRange(In, M, Begin[I], End[I], K);
    Want[2 * I + 1] = K;
  }
  int Rc = corpus::check("ranges", Out, Want);
  for (uint32_t *P : {In, Begin, End, Out})
    sycl::free(P, Q);
  return Rc;
}

/// Item Gid's share of its row: W consecutive items take one row, `gid /
/// W` and `gid % W`, and stride over its elements by W. Kernel and host
/// call it.
template <uint32_t W>
uint32_t rowShare(const uint32_t *RowPtr, const uint32_t *Val, size_t Gid) {
  size_t Row = Gid / W, Lane = Gid % W;
  uint32_t Sum = 0;
  for (uint32_t J = RowPtr[Row] + uint32_t(Lane); J < RowPtr[Row + 1]; J += W)
    Sum += Val[J] * (J + 1u);
  return Sum;
}

/// CSR-vector rows without sub-groups (rowShare).
template <uint32_t W> int runRows(sycl::queue &Q) {
  constexpr size_t L = 128, Groups = 3, N = L * Groups, Rows = N / W;
  uint32_t *RowPtr = sycl::malloc_shared<uint32_t>(Rows + 1, Q);
  RowPtr[0] = 0;
  for (size_t R = 0; R < Rows; ++R)
    RowPtr[R + 1] = RowPtr[R] + corpus::input(static_cast<uint32_t>(R), W) % 70;
  const uint32_t Nnz = RowPtr[Rows];
  uint32_t *Val = sycl::malloc_shared<uint32_t>(Nnz, Q);
  uint32_t *Out = sycl::malloc_shared<uint32_t>(N, Q);
  for (uint32_t J = 0; J < Nnz; ++J)
    Val[J] = corpus::input(J, 9);
  Q.parallel_for(sycl::nd_range<1>(sycl::range<1>(N), sycl::range<1>(L)),
                 [=](sycl::nd_item<1> It) {
                   size_t Gid = It.get_global_id(0);
                   Out[Gid] = rowShare<W>(RowPtr, Val, Gid);
                 })
      .wait();
  std::vector<uint32_t> Want(N);
  for (size_t Gid = 0; Gid < N; ++Gid)
    Want[Gid] = rowShare<W>(RowPtr, Val, Gid);
  std::string Name = "rows of " + std::to_string(W);
  int Rc = corpus::check(Name.c_str(), Out, Want);
  for (uint32_t *P : {RowPtr, Val, Out})
    sycl::free(P, Q);
  return Rc;
}

/// A loop after a barrier, its trip count from local memory, storing one
/// element in every trip (trip K of all items to one row, as a GPU kernel
/// lays it out).
int runAfterBarrier(sycl::queue &Q) {
  constexpr size_t L = 64, Groups = 3, N = L * Groups, Most = 9;
  uint32_t *In = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *Out = sycl::malloc_shared<uint32_t>(N * Most, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = corpus::input(static_cast<uint32_t>(I), 11);
  for (size_t I = 0; I < N * Most; ++I)
    Out[I] = 0;
  Q.submit([&](sycl::handler &H) {
    sycl::local_accessor<uint32_t, 1> Loc(sycl::range<1>(L), H);
    H.parallel_for(sycl::nd_range<1>(sycl::range<1>(N), sycl::range<1>(L)),
                   [=](sycl::nd_item<1> It) {
                     size_t Lid = It.get_local_id(0), I = It.get_global_id(0);
                     Loc[Lid] = In[I];
                     It.barrier();
                     uint32_t Acc = 0;
                     for (uint32_t K = 0; K < Loc[(Lid + 1) % L] % Most; ++K) {
                       Acc += Loc[(Lid + K) % L] >> K;
                       Out[K * N + I] = Acc;
                     }
                   });
  });
  Q.wait();
  std::vector<uint32_t> Want(N * Most, 0);
  for (size_t G = 0; G < Groups; ++G)
    for (size_t Lid = 0; Lid < L; ++Lid) {
      size_t I = G * L + Lid;
      uint32_t Acc = 0;
      for (uint32_t K = 0; K < In[G * L + (Lid + 1) % L] % Most; ++K) {
        Acc += In[G * L + (Lid + K) % L] >> K;
        Want[K * N + I] = Acc;
      }
    }
  int Rc = corpus::check("after a barrier", Out, Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}

} // namespace

int main() {
  sycl::queue Q;
  int Rc = 0;
  Rc |= runEscape<64>(Q, 5);
  Rc |= runEscape<24>(Q, 4);
  Rc |= runEscape<12>(Q, 4);
  Rc |= runEscape<7>(Q, 6);
  Rc |= runEscape<100>(Q, 2);
  Rc |= runEscape2D(Q);
  Rc |= runRanges(Q);
  Rc |= runRows<16>(Q);
  Rc |= runRows<4>(Q);
  Rc |= runAfterBarrier(Q);
  return Rc;
}
