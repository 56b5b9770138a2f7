// Kernels specialized for a local size whose row is a multiple of the
// sub-group size, that compute from their sub-group id: their work-item
// loops run each sub-group's lanes as a loop of their own, in which the
// sub-group id and the lane are the loop counters (docs/sub-groups.md).
// Each kernel has one launch, with constant sizes, so it is specialized.
// Checked against the definition:
// - every work-item's sub-group queries, in 1-D, 2-D and 3-D groups;
// - CSR-vector row sums (a sub-group per row, its lanes striding over the
//   row, reduce_over_group), whose row bounds are read before the
//   collective and used after it. When nothing in the kernel writes the
//   array they come from, they are read again after it; when the kernel
//   writes that array, they wait in loop state;
// - a CSR-vector matrix-vector product, whose lanes load their column and
//   then x at it (two loads in a lane's predicated block, on targets
//   without fast gathers);
// - a sub-group reduction's result (kept once per sub-group) feeding a
//   permutation, a scan and another reduction.
#include "subgroups.hpp"

namespace {

enum Query {
  GroupLinearId,
  LocalLinearId,
  LocalLinearRange,
  GroupLinearRange,
  Leader,
  FromLane0,
  NumQueries
};

/// Stores the calling work-item's queries at its slot, and the slot of its
/// sub-group's lane 0 (a sub-group collective, which gives the kernel its
/// sub-group size).
template <int Dims>
void record(const sycl::nd_item<Dims> &It, size_t *Out) {
  sycl::sub_group SG = It.get_sub_group();
  size_t Slot = subgroups::slotOf(It);
  size_t *O = Out + Slot * NumQueries;
  O[GroupLinearId] = SG.get_group_linear_id();
  O[LocalLinearId] = SG.get_local_linear_id();
  O[LocalLinearRange] = SG.get_local_linear_range();
  O[GroupLinearRange] = SG.get_group_linear_range();
  O[Leader] = SG.leader();
  O[FromLane0] = sycl::select_from_group(SG, Slot, sycl::id<1>(0));
}

/// Compares the queries of nd_range(Global, Local) in \p Out with the
/// definition.
template <int Dims>
int checkQueries(sycl::queue &Q, const size_t *Out, size_t SGSize,
                 sycl::range<Dims> Global, sycl::range<Dims> Local) {
  std::string Name = "lane-loops queries" + subgroups::shapeName(Local);
  if (!subgroups::checkedSize(Q, SGSize, Name.c_str()))
    return 1;
  std::vector<size_t> Want(Global.size() * NumQueries);
  for (size_t Slot = 0; Slot < Global.size(); ++Slot) {
    subgroups::Place P = subgroups::placeOfSlot(Slot, Local, SGSize);
    size_t *W = &Want[Slot * NumQueries];
    W[GroupLinearId] = P.SubGroup;
    W[LocalLinearId] = P.Lane;
    W[LocalLinearRange] = P.Size;
    W[GroupLinearRange] = P.NumSubGroups;
    W[Leader] = P.Lane == 0;
    W[FromLane0] = Slot - P.Lane;
  }
  return corpus::check(Name.c_str(), Out, Want);
}

constexpr size_t Rows = 96, RowLocal = 64;

/// Row R's entries: 1 to 40 of them.
size_t rowLength(size_t R) { return 1 + (R * 37 + 11) % 40; }

/// The CSR-vector kernels' result for the calling sub-group's row (one
/// sub-group per row, its lanes striding over the row): the sum of the
/// row's values times 1000 plus the row's length. The row's bounds are
/// read before the collective and used after it. \p Row is set to the row.
template <typename T>
T rowSum(const sycl::nd_item<1> &It, const int *RowPtr, const int *Val,
         size_t &Row) {
  sycl::sub_group SG = It.get_sub_group();
  Row = It.get_group(0) * SG.get_group_linear_range() +
        SG.get_group_linear_id();
  int Lane = int(SG.get_local_linear_id());
  int Begin = RowPtr[Row], End = RowPtr[Row + 1];
  T Sum = 0;
  for (int J = Begin + Lane; J < End; J += int(SG.get_local_linear_range()))
    Sum += Val[J];
  Sum = sycl::reduce_over_group(SG, Sum, sycl::plus<T>());
  return Sum * 1000 + (End - Begin);
}

/// What rowSum gives for every row.
std::vector<long> wantRowSums(const int *RowPtr, const int *Val) {
  std::vector<long> Want(Rows);
  for (size_t R = 0; R < Rows; ++R) {
    long Sum = 0;
    for (int J = RowPtr[R]; J < RowPtr[R + 1]; ++J)
      Sum += Val[J];
    Want[R] = Sum * 1000 + (RowPtr[R + 1] - RowPtr[R]);
  }
  return Want;
}

} // namespace

int main() {
  sycl::queue Q;
  const size_t SGSize = LANES_SUB_GROUP_SIZE;
  int Rc = 0;

  // The queries.
  size_t *Out = sycl::malloc_shared<size_t>(256 * NumQueries, Q);
  Q.parallel_for(sycl::nd_range<1>({256}, {64}), [=](sycl::nd_item<1> It) {
     record(It, Out);
   }).wait();
  Rc |= checkQueries<1>(Q, Out, SGSize, {256}, {64});
  Q.parallel_for(sycl::nd_range<2>({8, 32}, {4, 32}), [=](sycl::nd_item<2> It) {
     record(It, Out);
   }).wait();
  Rc |= checkQueries<2>(Q, Out, SGSize, {8, 32}, {4, 32});
  Q.parallel_for(sycl::nd_range<3>({2, 4, 32}, {2, 2, 16}),
                 [=](sycl::nd_item<3> It) { record(It, Out); })
      .wait();
  Rc |= checkQueries<3>(Q, Out, SGSize, {2, 4, 32}, {2, 2, 16});
  sycl::free(Out, Q);

  // CSR-vector row sums: one sub-group per row.
  int *RowPtr = sycl::malloc_shared<int>(Rows + 1, Q);
  RowPtr[0] = 0;
  for (size_t R = 0; R < Rows; ++R)
    RowPtr[R + 1] = RowPtr[R] + int(rowLength(R));
  int *Val = sycl::malloc_shared<int>(RowPtr[Rows], Q);
  for (int J = 0; J < RowPtr[Rows]; ++J)
    Val[J] = int(corpus::input(uint32_t(J), 3) % 1000);
  std::vector<long> Want = wantRowSums(RowPtr, Val);
  const sycl::nd_range<1> PerRow({Rows * SGSize}, {RowLocal});

  // Nothing in the kernel writes RowPtr (Y is of another type).
  long *Y = sycl::malloc_shared<long>(Rows, Q);
  Q.parallel_for(PerRow, [=](sycl::nd_item<1> It) {
     size_t Row;
     long Sum = rowSum<long>(It, RowPtr, Val, Row);
     if (It.get_sub_group().leader())
       Y[Row] = Sum;
   }).wait();
  Rc |= corpus::check("lane-loops row sums, bounds read again", Y, Want);

  // The kernel writes the array the bounds come from (past its rows).
  int *Scratch = sycl::malloc_shared<int>(Rows + 1 + Rows, Q);
  for (size_t R = 0; R <= Rows; ++R)
    Scratch[R] = RowPtr[R];
  Q.parallel_for(PerRow, [=](sycl::nd_item<1> It) {
     size_t Row;
     int Sum = rowSum<int>(It, Scratch, Val, Row);
     if (It.get_sub_group().leader())
       Scratch[Rows + 1 + Row] = Sum;
   }).wait();
  std::vector<int> WantInt(Want.begin(), Want.end());
  Rc |= corpus::check("lane-loops row sums, bounds in loop state",
                      Scratch + Rows + 1, WantInt);

  // A matrix-vector product: each lane loads its column, then x there.
  // The columns jump about, so a lane given another lane's index shows.
  const int Nonzeros = RowPtr[Rows];
  int *Col = sycl::malloc_shared<int>(Nonzeros, Q);
  int *X = sycl::malloc_shared<int>(Rows, Q);
  for (int J = 0; J < Nonzeros; ++J)
    Col[J] = (J * 37 + 5) % int(Rows);
  for (size_t R = 0; R < Rows; ++R)
    X[R] = int(corpus::input(uint32_t(R), 5) % 100) - 50;
  long *Product = sycl::malloc_shared<long>(Rows, Q);
  Q.parallel_for(PerRow, [=](sycl::nd_item<1> It) {
     sycl::sub_group SG = It.get_sub_group();
     const size_t Row = It.get_group(0) * SG.get_group_linear_range() +
                        SG.get_group_linear_id();
     long Sum = 0;
     for (int J = RowPtr[Row] + int(SG.get_local_linear_id());
          J < RowPtr[Row + 1]; J += int(SG.get_local_linear_range()))
       Sum += long(Val[J]) * X[Col[J]];
     Sum = sycl::reduce_over_group(SG, Sum, sycl::plus<long>());
     if (SG.leader())
       Product[Row] = Sum;
   }).wait();
  std::vector<long> WantProduct(Rows);
  for (size_t R = 0; R < Rows; ++R)
    for (int J = RowPtr[R]; J < RowPtr[R + 1]; ++J)
      WantProduct[R] += long(Val[J]) * X[Col[J]];
  Rc |= corpus::check("lane-loops matrix-vector product", Product, WantProduct);

  // A reduction's result, which waits once per sub-group, feeding an xor
  // permutation (of the sum plus the lane), a scan and another reduction.
  const size_t N = 16 * RowLocal;
  int *In = sycl::malloc_shared<int>(N, Q),
      *Chained = sycl::malloc_shared<int>(N, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = int(corpus::input(uint32_t(I), 7) % 1000) - 500;
  Q.parallel_for(sycl::nd_range<1>({N}, {RowLocal}), [=](sycl::nd_item<1> It) {
     sycl::sub_group SG = It.get_sub_group();
     const size_t I = It.get_global_id(0);
     const int Lane = int(SG.get_local_linear_id());
     int S = sycl::reduce_over_group(SG, In[I], sycl::plus<>());
     int T = sycl::permute_group_by_xor(SG, S + Lane, 1);
     int U = sycl::inclusive_scan_over_group(SG, S, sycl::plus<>());
     int V = sycl::reduce_over_group(SG, 2 * S + 1, sycl::plus<>());
     Chained[I] = T * 7 + U * 3 + V + int(SG.get_group_linear_id());
   }).wait();
  std::vector<int> WantChained(N);
  for (size_t I = 0; I < N; ++I) {
    const size_t First = I / SGSize * SGSize, Lane = I % SGSize;
    int S = 0;
    for (size_t J = First; J < First + SGSize; ++J)
      S += In[J];
    const int T = S + int(Lane ^ (SGSize > 1 ? 1 : 0));
    WantChained[I] = T * 7 + int(Lane + 1) * S * 3 + int(SGSize) * (2 * S + 1) +
                     int(I % RowLocal / SGSize);
  }
  Rc |= corpus::check("lane-loops chained collectives", Chained, WantChained);

  // A joint scan over more elements than a sub-group: a loop around two
  // collectives, whose nests chain. The loop's counter and its values per
  // lane are defined both before the loop and in the chain. Each sub-group
  // scans the same elements into a range of its own.
  constexpr size_t ScanLength = 37;
  const size_t SubGroups = RowLocal / SGSize;
  int *Scans = sycl::malloc_shared<int>(SubGroups * ScanLength, Q);
  size_t *Length = sycl::malloc_shared<size_t>(1, Q);
  *Length = ScanLength;
  Q.parallel_for(sycl::nd_range<1>({RowLocal}, {RowLocal}),
                 [=](sycl::nd_item<1> It) {
                   sycl::sub_group SG = It.get_sub_group();
                   sycl::joint_inclusive_scan(
                       SG, In, In + *Length,
                       Scans + SG.get_group_linear_id() * ScanLength,
                       sycl::plus<>());
                 })
      .wait();
  std::vector<int> WantScans(SubGroups * ScanLength);
  for (size_t S = 0; S < SubGroups; ++S)
    for (size_t I = 0; I < ScanLength; ++I)
      WantScans[S * ScanLength + I] =
          (I ? WantScans[S * ScanLength + I - 1] : 0) + In[I];
  Rc |= corpus::check("lane-loops joint scan in a loop", Scans, WantScans);

  sycl::free(Scans, Q);
  sycl::free(Length, Q);
  sycl::free(RowPtr, Q);
  sycl::free(Val, Q);
  sycl::free(Y, Q);
  sycl::free(Scratch, Q);
  sycl::free(Col, Q);
  sycl::free(X, Q);
  sycl::free(Product, Q);
  sycl::free(In, Q);
  sycl::free(Chained, Q);
  return Rc;
}
