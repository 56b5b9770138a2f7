// sg-spmv, reference variant: the CSR product as plain C++ would write it,
// one OpenMP loop over the rows and a SIMD reduction over each row's
// nonzeros (the vector lanes take the nonzeros in turn, as the sub-group's
// lanes do, and the gather of x is the same).
#include "problems/sg_spmv.hpp"

using namespace sg_spmv;

static void run(const int *RowPtr, const int *Col, const float *Val,
                const float *X, float *Y, size_t Rows) {
  // schedule(static), as in sg-scan's reference and for its reason:
  // --cached runs this loop 512 times, and Debian's libomp formats trace
  // strings for every chunk a guided loop hands out.
#pragma omp parallel for schedule(static)
  for (size_t R = 0; R < Rows; ++R) {
    float Sum = 0.0f;
#pragma omp simd reduction(+ : Sum)
    for (int J = RowPtr[R]; J < RowPtr[R + 1]; ++J)
      Sum += Val[J] * X[Col[J]];
    Y[R] = Sum;
  }
}

int main(int Argc, char **Argv) {
  bench::Options Opts = bench::parseOptions(Argc, Argv, /*Cacheable=*/true);
  bench::Reporter Rep("sg-spmv", Opts);
  Problem P = problem(Opts);

  int *RowPtr = bench::alignedAlloc<int>(P.Rows + 1);
  const size_t Nnz = buildRowPtr(RowPtr, P);
  describe(Rep, P, Nnz);
  int *Col = bench::alignedAlloc<int>(Nnz);
  float *Val = bench::alignedAlloc<float>(Nnz);
  float *X = bench::alignedAlloc<float>(P.Rows);
  float *Y = bench::alignedAlloc<float>(P.Rows);
  init(RowPtr, Col, Val, X, P);
  int Rc = Rep.measure(
      [&] {
        for (size_t L = 0; L < P.Launches; ++L)
          run(RowPtr, Col, Val, X, Y, P.Rows);
      },
      [&] { return check(RowPtr, Col, Val, X, Y, P); });
  for (void *Ptr :
       {(void *)RowPtr, (void *)Col, (void *)Val, (void *)X, (void *)Y})
    std::free(Ptr);
  return Rc;
}
