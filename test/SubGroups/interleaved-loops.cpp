// Loops whose lanes take interleaved elements of a range their sub-group
// shares, `for (j = begin + lane; j < end; j += step)`, in kernels whose
// lanes get a loop of their own: the compiler runs such a loop in lockstep
// over the lanes (lanes-lockstep-loops, docs/sub-groups.md).
// Checked against the definition, with rows from empty to many trips long:
// - a sum over the row, with a weight each lane loads before the loop and
//   uses after it, and a store in the loop (trips every lane makes, then
//   the last trips of some lanes only);
// - a 32-bit index stepping over two sub-groups' width, with a running
//   maximum and the last index each lane visited;
// - lanes that skip the loop on a test of their own, besides those its own
//   test skips;
// - a row walked backwards, the index falling by the sub-group's width;
// - the loop's test as `<=` (up to the row's last index) and as `>`
//   (backwards while above the index before the row);
// - each lane's sum with and without its last element (the loop's running
//   value used after it both as it was in the last trip and as that trip
//   left it), from a weight at `lane + 1` (which GVN makes the lane loop's
//   step too).
#include "subgroups.hpp"

namespace {

constexpr size_t Rows = 64, RowLocal = 64;

/// Row R's entries: 0 to 300 of them.
size_t rowLength(size_t R) { return (R * 53 + 7) % 301; }

/// The calling sub-group's row: one sub-group per row.
size_t rowOf(const sycl::nd_item<1> &It) {
  sycl::sub_group SG = It.get_sub_group();
  return It.get_group(0) * SG.get_group_linear_range() +
         SG.get_group_linear_id();
}

} // namespace

int main() {
  sycl::queue Q;
  const size_t SGSize = LANES_SUB_GROUP_SIZE;
  int Rc = 0;

  int *RowPtr = sycl::malloc_shared<int>(Rows + 1, Q);
  RowPtr[0] = 0;
  for (size_t R = 0; R < Rows; ++R)
    RowPtr[R + 1] = RowPtr[R] + int(rowLength(R));
  const size_t Nnz = size_t(RowPtr[Rows]);
  int *Val = sycl::malloc_shared<int>(Nnz, Q);
  for (size_t J = 0; J < Nnz; ++J)
    Val[J] = int(corpus::input(uint32_t(J), 5) % 1000);
  long *Weight = sycl::malloc_shared<long>(Rows * SGSize, Q);
  for (size_t I = 0; I < Rows * SGSize; ++I)
    Weight[I] = long(corpus::input(uint32_t(I), 6) % 7) + 1;
  const sycl::nd_range<1> PerRow({Rows * SGSize}, {RowLocal});

  // Weighted sums, and every value doubled.
  long *Y = sycl::malloc_shared<long>(Rows, Q);
  long *Doubled = sycl::malloc_shared<long>(Nnz, Q);
  Q.parallel_for(PerRow, [=](sycl::nd_item<1> It) {
     sycl::sub_group SG = It.get_sub_group();
     const size_t Row = rowOf(It);
     const int Lane = int(SG.get_local_linear_id());
     const int Size = int(SG.get_local_linear_range());
     const long W = Weight[Row * Size + Lane];
     long Sum = 0;
     for (int J = RowPtr[Row] + Lane; J < RowPtr[Row + 1]; J += Size) {
       Sum += Val[J];
       Doubled[J] = 2L * Val[J];
     }
     Sum = sycl::reduce_over_group(SG, Sum * W, sycl::plus<long>());
     if (SG.leader())
       Y[Row] = Sum;
   }).wait();
  std::vector<long> WantY(Rows);
  std::vector<long> WantDoubled(Nnz);
  for (size_t R = 0; R < Rows; ++R)
    for (int J = RowPtr[R]; J < RowPtr[R + 1]; ++J) {
      WantY[R] += Val[J] * Weight[R * SGSize + size_t(J - RowPtr[R]) % SGSize];
      WantDoubled[size_t(J)] = 2L * Val[J];
    }
  Rc |= corpus::check("interleaved-loops weighted sums", Y, WantY);
  Rc |= corpus::check("interleaved-loops stores", Doubled, WantDoubled);

  // A 32-bit index over every other sub-group's width of the row: each
  // lane's largest value and the last index it visited (-1: none).
  int *Max = sycl::malloc_shared<int>(Rows, Q);
  int *Last = sycl::malloc_shared<int>(Rows * SGSize, Q);
  Q.parallel_for(PerRow, [=](sycl::nd_item<1> It) {
     sycl::sub_group SG = It.get_sub_group();
     const size_t Row = rowOf(It);
     const int Lane = int(SG.get_local_linear_id());
     const int Size = int(SG.get_local_linear_range());
     int M = -1, L = -1;
     for (int J = RowPtr[Row] + Lane; J < RowPtr[Row + 1]; J += 2 * Size) {
       M = sycl::max(M, Val[J]);
       L = J;
     }
     Last[Row * Size + Lane] = L;
     M = sycl::reduce_over_group(SG, M, sycl::maximum<int>());
     if (SG.leader())
       Max[Row] = M;
   }).wait();
  std::vector<int> WantMax(Rows, -1), WantLast(Rows * SGSize, -1);
  for (size_t R = 0; R < Rows; ++R)
    for (int J = RowPtr[R]; J < RowPtr[R + 1]; ++J)
      if (size_t Off = size_t(J - RowPtr[R]); Off % (2 * SGSize) < SGSize) {
        WantMax[R] = std::max(WantMax[R], Val[J]);
        WantLast[R * SGSize + Off % (2 * SGSize)] = J;
      }
  Rc |= corpus::check("interleaved-loops maxima", Max, WantMax);
  Rc |= corpus::check("interleaved-loops last indices", Last, WantLast);

  // Odd lanes do not sum (they give minus the row's start): they skip the
  // loop on a test of their own, the others where the loop's test says so.
  long *Z = sycl::malloc_shared<long>(Rows, Q);
  Q.parallel_for(PerRow, [=](sycl::nd_item<1> It) {
     sycl::sub_group SG = It.get_sub_group();
     const size_t Row = rowOf(It);
     const int Lane = int(SG.get_local_linear_id());
     const int Size = int(SG.get_local_linear_range());
     const int Begin = RowPtr[Row], End = RowPtr[Row + 1];
     long Sum = -Begin;
     if (Lane % 2 == 0) {
       Sum = 0;
       for (int J = Begin + Lane; J < End; J += Size)
         Sum += Val[J] * long(Lane + 1);
     }
     Sum = sycl::reduce_over_group(SG, Sum, sycl::plus<long>());
     if (SG.leader())
       Z[Row] = Sum;
   }).wait();
  std::vector<long> WantZ(Rows);
  for (size_t R = 0; R < Rows; ++R) {
    for (size_t Lane = 0; Lane < SGSize; ++Lane)
      WantZ[R] -= Lane % 2 * RowPtr[R];
    for (int J = RowPtr[R]; J < RowPtr[R + 1]; ++J)
      if (size_t Lane = size_t(J - RowPtr[R]) % SGSize; Lane % 2 == 0)
        WantZ[R] += Val[J] * long(Lane + 1);
  }
  Rc |= corpus::check("interleaved-loops skipped rows", Z, WantZ);

  // The row walked backwards from its end, each lane's sum weighted by its
  // lane: the index falls by a sub-group's width per trip.
  long *Back = sycl::malloc_shared<long>(Rows, Q);
  Q.parallel_for(PerRow, [=](sycl::nd_item<1> It) {
     sycl::sub_group SG = It.get_sub_group();
     const size_t Row = rowOf(It);
     const int Lane = int(SG.get_local_linear_id());
     const int Size = int(SG.get_local_linear_range());
     long Sum = 0;
     for (int J = RowPtr[Row + 1] - Size + Lane; J >= RowPtr[Row]; J -= Size)
       Sum += Val[J] * long(Lane + 3);
     Sum = sycl::reduce_over_group(SG, Sum, sycl::plus<long>());
     if (SG.leader())
       Back[Row] = Sum;
   }).wait();
  std::vector<long> WantBack(Rows);
  for (size_t R = 0; R < Rows; ++R)
    for (int J = RowPtr[R]; J < RowPtr[R + 1]; ++J) {
      size_t Lane = (SGSize - size_t(RowPtr[R + 1] - J) % SGSize) % SGSize;
      WantBack[R] += Val[J] * long(Lane + 3);
    }
  Rc |= corpus::check("interleaved-loops rows backwards", Back, WantBack);

  // The other two orders: up to a row's last index (`j <= last`), and
  // backwards from the row's last sub-group's width while above the index
  // before the row (`j > before`). The bounds are read from memory, so
  // that InstCombine cannot turn the tests into `<` and `>=` of the row's
  // ends, nor the start into a sum without no-wrap flags.
  int *LastOf = sycl::malloc_shared<int>(Rows, Q);
  int *TopOf = sycl::malloc_shared<int>(Rows, Q);
  int *BeforeOf = sycl::malloc_shared<int>(Rows, Q);
  for (size_t R = 0; R < Rows; ++R) {
    LastOf[R] = RowPtr[R + 1] - 1;
    TopOf[R] = RowPtr[R + 1] - int(SGSize);
    BeforeOf[R] = RowPtr[R] - 1;
  }
  // One kernel, two nests: the first collective splits the loops apart.
  // The first loop's `Lane + 1` is the lane loop's step too, which GVN
  // merges on both ways round the loop into one PHI.
  long *Inclusive = sycl::malloc_shared<long>(Rows, Q);
  long *Above = sycl::malloc_shared<long>(Rows, Q);
  Q.parallel_for(PerRow, [=](sycl::nd_item<1> It) {
     sycl::sub_group SG = It.get_sub_group();
     const size_t Row = rowOf(It);
     const int Lane = int(SG.get_local_linear_id());
     const int Size = int(SG.get_local_linear_range());
     long Up = 0, Down = 0;
     for (int J = RowPtr[Row] + Lane; J <= LastOf[Row]; J += Size)
       Up += Val[J] * long(Lane + 1);
     Up = sycl::reduce_over_group(SG, Up, sycl::plus<long>());
     for (int J = TopOf[Row] + Lane; J > BeforeOf[Row]; J -= Size)
       Down += Val[J] * long(Lane + 3);
     Down = sycl::reduce_over_group(SG, Down, sycl::plus<long>());
     if (SG.leader()) {
       Inclusive[Row] = Up;
       Above[Row] = Down;
     }
   }).wait();
  std::vector<long> WantInclusive(Rows);
  for (size_t R = 0; R < Rows; ++R)
    for (int J = RowPtr[R]; J < RowPtr[R + 1]; ++J)
      WantInclusive[R] += Val[J] * long(size_t(J - RowPtr[R]) % SGSize + 1);
  Rc |= corpus::check("interleaved-loops inclusive ends", Inclusive,
                      WantInclusive);
  Rc |= corpus::check("interleaved-loops rows backwards, strict", Above,
                      WantBack);

  // The lanes' sums reduced, and each lane's sum but its last element; the
  // sums start at the next lane's weight.
  long *Sums = sycl::malloc_shared<long>(Rows, Q);
  long *ButLast = sycl::malloc_shared<long>(Rows * SGSize, Q);
  Q.parallel_for(PerRow, [=](sycl::nd_item<1> It) {
     sycl::sub_group SG = It.get_sub_group();
     const size_t Row = rowOf(It);
     const int Lane = int(SG.get_local_linear_id());
     const int Size = int(SG.get_local_linear_range());
     long Sum = Weight[Row * Size + size_t(Lane + 1) % Size], Before = 0;
     for (int J = RowPtr[Row] + Lane; J < RowPtr[Row + 1]; J += Size) {
       Before = Sum;
       Sum += Val[J];
     }
     ButLast[Row * Size + Lane] = Before;
     Sum = sycl::reduce_over_group(SG, Sum, sycl::plus<long>());
     if (SG.leader())
       Sums[Row] = Sum;
   }).wait();
  std::vector<long> WantSums(Rows), WantButLast(Rows * SGSize);
  for (size_t R = 0; R < Rows; ++R) {
    std::vector<long> LaneSums(SGSize);
    for (size_t Lane = 0; Lane < SGSize; ++Lane) {
      LaneSums[Lane] = Weight[R * SGSize + (Lane + 1) % SGSize];
      WantSums[R] += LaneSums[Lane];
    }
    for (int J = RowPtr[R]; J < RowPtr[R + 1]; ++J) {
      const size_t Lane = size_t(J - RowPtr[R]) % SGSize;
      WantButLast[R * SGSize + Lane] = LaneSums[Lane];
      LaneSums[Lane] += Val[J];
      WantSums[R] += Val[J];
    }
  }
  Rc |= corpus::check("interleaved-loops sums", Sums, WantSums);
  Rc |= corpus::check("interleaved-loops sums but the last", ButLast,
                      WantButLast);

  for (void *P :
       {(void *)RowPtr, (void *)Val, (void *)Weight, (void *)Y, (void *)Doubled,
        (void *)Max, (void *)Last, (void *)Z, (void *)Back, (void *)LastOf,
        (void *)TopOf, (void *)BeforeOf, (void *)Inclusive, (void *)Above,
        (void *)Sums, (void *)ButLast})
    sycl::free(P, Q);
  return Rc;
}
