// sg-spmv: CSR-vector sparse matrix-vector product, one sub-group per row,
// the lanes' partial sums combined by reduce_over_group; --kernel
// no-sub-group combines them with a local-memory tree and barriers
// (problems/sg_spmv.hpp). --cached runs a small matrix by many launches.
#include <sycl/sycl.hpp>

#include "problems/sg_spmv.hpp"

using namespace sg_spmv;

static void launch(sycl::queue &Q, const Problem &P, const int *RowPtr,
                   const int *Col, const float *Val, const float *X, float *Y) {
  const sycl::nd_range<1> Range(P.items(), Local);
  if (P.K == sub_group::Kernel::SubGroup) {
    Q.parallel_for(Range, [=](sycl::nd_item<1> It) {
       sycl::sub_group SG = It.get_sub_group();
       const size_t Row = It.get_group(0) * SG.get_group_linear_range() +
                          SG.get_group_linear_id();
       const int Lane = int(SG.get_local_linear_id());
       const int Size = int(SG.get_local_linear_range());
       float Sum = 0.0f;
       for (int J = RowPtr[Row] + Lane; J < RowPtr[Row + 1]; J += Size)
         Sum += Val[J] * X[Col[J]];
       Sum = sycl::reduce_over_group(SG, Sum, sycl::plus<float>());
       if (Lane == 0)
         Y[Row] = Sum;
     }).wait();
    return;
  }
  Q.submit([&](sycl::handler &H) {
     sycl::local_accessor<float, 1> Tile(sycl::range<1>(Local), H);
     H.parallel_for(Range, [=](sycl::nd_item<1> It) {
       const size_t Row = It.get_global_id(0) / SubGroupSize;
       const size_t L = It.get_local_id(0), Lane = L % SubGroupSize;
       float Sum = 0.0f;
       for (int J = RowPtr[Row] + int(Lane); J < RowPtr[Row + 1];
            J += int(SubGroupSize))
         Sum += Val[J] * X[Col[J]];
       Tile[L] = Sum;
       for (size_t S = SubGroupSize / 2; S > 0; S /= 2) {
         sycl::group_barrier(It.get_group());
         if (Lane < S)
           Tile[L] += Tile[L + S];
       }
       if (Lane == 0)
         Y[Row] = Tile[L];
     });
   }).wait();
}

int main(int Argc, char **Argv) {
  bench::Options Opts = bench::parseOptions(Argc, Argv, /*Cacheable=*/true);
  bench::Reporter Rep("sg-spmv", Opts);
  Problem P = problem(Opts);

  sycl::queue Q;
  int *RowPtr = sycl::malloc_shared<int>(P.Rows + 1, Q);
  const size_t Nnz = buildRowPtr(RowPtr, P);
  describe(Rep, P, Nnz);
  int *Col = sycl::malloc_shared<int>(Nnz, Q);
  float *Val = sycl::malloc_shared<float>(Nnz, Q);
  float *X = sycl::malloc_shared<float>(P.Rows, Q);
  float *Y = sycl::malloc_shared<float>(P.Rows, Q);
  init(RowPtr, Col, Val, X, P);
  int Rc = Rep.measure(
      [&] {
        for (size_t L = 0; L < P.Launches; ++L)
          launch(Q, P, RowPtr, Col, Val, X, Y);
      },
      [&] { return check(RowPtr, Col, Val, X, Y, P); });
  for (void *Ptr :
       {(void *)RowPtr, (void *)Col, (void *)Val, (void *)X, (void *)Y})
    sycl::free(Ptr, Q);
  return Rc;
}
