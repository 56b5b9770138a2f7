// Work chosen by comparing a global id with a limit captured at run time:
// `gid != k` and `gid == k` with work on both sides (the compiler runs the
// work-item loop in three parts), `gid < n` and `gid >= n` (it trims the
// loop to the items below or from n - base), in an nd_range of odd groups
// and in a 2-D range whose rows are rounded up to whole groups, with
// limits before, inside, at the edges of and beyond the groups; then
// fraction-free Gauss-Jordan elimination, whose update of each row skips
// the pivot's column.
#include <sycl/sycl.hpp>

#include "corpus.hpp"

namespace {

constexpr size_t L = 37, Groups = 5, N = L * Groups, Outs = 4;
const size_t Limits[] = {0, 1, 36, 37, 100, N - 1, N, ~size_t(0)};
constexpr size_t Cases = sizeof(Limits) / sizeof(Limits[0]);

/// 1-D nd_range: Outs results per item and limit.
int ndRange(sycl::queue &Q) {
  uint32_t *Out = sycl::malloc_shared<uint32_t>(Cases * Outs * N, Q);
  std::fill(Out, Out + Cases * Outs * N, 0);
  for (size_t C = 0; C < Cases; ++C) {
    size_t K = Limits[C];
    uint32_t *O = Out + C * Outs * N;
    Q.parallel_for(sycl::nd_range<1>(N, L), [=](sycl::nd_item<1> It) {
      size_t Gid = It.get_global_id(0);
      uint32_t In = corpus::input(static_cast<uint32_t>(Gid), 5);
      if (Gid != K)
        O[Gid] = In * 3;
      else
        O[N + Gid] = In + 7;
      if (Gid == K)
        O[N + (Gid + 1) % N] = In ^ 9;
      else
        O[Gid] += 1;
      if (Gid < K)
        O[2 * N + Gid] = In >> 3;
      if (Gid >= K)
        O[3 * N + Gid] = In - 11;
    });
    Q.wait();
  }

  std::vector<uint32_t> Want(Cases * Outs * N, 0);
  for (size_t C = 0; C < Cases; ++C) {
    size_t K = Limits[C];
    uint32_t *W = Want.data() + C * Outs * N;
    for (size_t Gid = 0; Gid < N; ++Gid) {
      uint32_t In = corpus::input(static_cast<uint32_t>(Gid), 5);
      if (Gid != K)
        W[Gid] = In * 3 + 1;
      else
        W[N + Gid] = In + 7;
      if (Gid == K)
        W[N + (Gid + 1) % N] = In ^ 9;
      if (Gid < K)
        W[2 * N + Gid] = In >> 3;
      if (Gid >= K)
        W[3 * N + Gid] = In - 11;
    }
  }
  int Rc = corpus::check("global-id-guards nd_range", Out, Want);
  sycl::free(Out, Q);
  return Rc;
}

/// 2-D range of 3 x 257 items: 257 has no divisor in [32, 256], so the
/// rows run in groups of 128 with the last one rounded up, and the work
/// inside the bounds check of the rounded-up launch is split at the limit.
int range2d(sycl::queue &Q) {
  constexpr size_t Rows = 3, Cols = 257, Items = Rows * Cols, ColOuts = 3;
  const size_t ColLimits[] = {0, 5, 128, 200, 256, 257, 1000};
  constexpr size_t ColCases = sizeof(ColLimits) / sizeof(ColLimits[0]);
  uint32_t *Out = sycl::malloc_shared<uint32_t>(ColCases * ColOuts * Items, Q);
  std::fill(Out, Out + ColCases * ColOuts * Items, 0);
  for (size_t C = 0; C < ColCases; ++C) {
    size_t K = ColLimits[C];
    uint32_t *O = Out + C * ColOuts * Items;
    Q.parallel_for(sycl::range<2>(Rows, Cols), [=](sycl::item<2> It) {
      size_t Col = It[1], I = It.get_linear_id();
      uint32_t In = corpus::input(static_cast<uint32_t>(I), 6);
      O[I] = Col != K ? In : 0;
      if (Col < K)
        O[Items + I] = In + 1;
      else
        O[Items + I] = In + 2;
      if (Col != K)
        O[2 * Items + I] = In * 5;
    });
    Q.wait();
  }

  std::vector<uint32_t> Want(ColCases * ColOuts * Items);
  for (size_t C = 0; C < ColCases; ++C)
    for (size_t I = 0; I < Items; ++I) {
      size_t K = ColLimits[C], Col = I % Cols;
      uint32_t In = corpus::input(static_cast<uint32_t>(I), 6);
      uint32_t *W = Want.data() + C * ColOuts * Items;
      W[I] = Col != K ? In : 0;
      W[Items + I] = Col < K ? In + 1 : In + 2;
      W[2 * Items + I] = Col != K ? In * 5 : 0;
    }
  int Rc = corpus::check("global-id-guards range", Out, Want);
  sycl::free(Out, Q);
  return Rc;
}

/// Fraction-free Gauss-Jordan elimination of a 40 x 41 augmented matrix
/// in wrapping 32-bit arithmetic, one launch per pivot: every row but the
/// pivot's is scaled and reduced, in every column but the pivot's, whose
/// entries the other items still read; a second launch clears it.
int gaussJordan(sycl::queue &Q) {
  constexpr size_t Rows = 40, Cols = 41;
  uint32_t *A = sycl::malloc_shared<uint32_t>(Rows * Cols, Q);
  std::vector<uint32_t> Want(Rows * Cols);
  for (size_t I = 0; I < Rows * Cols; ++I)
    A[I] = Want[I] = corpus::input(static_cast<uint32_t>(I), 7) % 100;

  for (size_t K = 0; K < Rows; ++K) {
    Q.parallel_for(sycl::range<2>(Rows, Cols), [=](sycl::item<2> It) {
      size_t R = It[0], C = It[1];
      if (R == K || C == K)
        return;
      A[R * Cols + C] =
          A[R * Cols + C] * A[K * Cols + K] - A[R * Cols + K] * A[K * Cols + C];
    });
    Q.parallel_for(sycl::range<1>(Rows), [=](sycl::item<1> It) {
      if (It[0] != K)
        A[It[0] * Cols + K] = 0;
    });
    Q.wait();

    std::vector<uint32_t> Before = Want;
    for (size_t R = 0; R < Rows; ++R)
      for (size_t C = 0; C < Cols; ++C)
        if (R != K)
          Want[R * Cols + C] =
              C == K ? 0
                     : Before[R * Cols + C] * Before[K * Cols + K] -
                           Before[R * Cols + K] * Before[K * Cols + C];
  }
  int Rc = corpus::check("global-id-guards gauss-jordan", A, Want);
  sycl::free(A, Q);
  return Rc;
}

} // namespace

int main() {
  sycl::queue Q;
  int Rc = ndRange(Q);
  Rc |= range2d(Q);
  Rc |= gaussJordan(Q);
  return Rc;
}
