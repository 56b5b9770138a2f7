// Work-item loops that call the math functions LLVM 19's libmvec table
// lacks (sycl::tanh, erf, atan2, cbrt, ...) vectorize into glibc's vector
// variants (lanes-vector-math); with -fveclib=none they stay scalar.
// RUN: lanes++ -O2 -march=x86-64-v3 --lanes-report -c %s -o %t.o 2>&1 | FileCheck %s
// RUN: nm %t.o | FileCheck %s --check-prefix=SYMBOLS
// RUN: lanes++ -O2 -march=x86-64-v3 -fveclib=none --lanes-report -c %s -o %t.none.o 2>&1 | FileCheck %s --check-prefix=NONE
#include <sycl/sycl.hpp>

// CHECK: 1 of 1 work-item loop vectorized (8 lanes)
// CHECK: 1 of 1 work-item loop vectorized (8 lanes)
// CHECK: 1 of 1 work-item loop vectorized (4 lanes)
// NONE-COUNT-3: 0 of 1 work-item loop vectorized
// SYMBOLS-DAG: U _ZGVdN8v_tanhf
// SYMBOLS-DAG: U _ZGVdN8v_erff
// SYMBOLS-DAG: U _ZGVdN8vv_atan2f
// SYMBOLS-DAG: U _ZGVdN4v_cbrt
void gelu(sycl::queue &Q, const float *X, float *Y, size_t N) {
  Q.parallel_for(sycl::nd_range<1>(N, 256), [=](sycl::nd_item<1> It) {
    size_t I = It.get_global_id(0);
    float x = X[I];
    Y[I] = 0.5f * x *
           (1.0f + sycl::tanh(0.7978845608f * (x + 0.044715f * x * x * x)));
  });
}

void erfAtan2(sycl::queue &Q, const float *X, float *Y, size_t N) {
  Q.parallel_for(sycl::nd_range<1>(N, 256), [=](sycl::nd_item<1> It) {
    size_t I = It.get_global_id(0);
    Y[I] = sycl::erf(X[I]) + sycl::atan2(X[I], Y[I]);
  });
}

void cubeRoots(sycl::queue &Q, const double *X, double *Y, size_t N) {
  Q.parallel_for(sycl::nd_range<1>(N, 256), [=](sycl::nd_item<1> It) {
    size_t I = It.get_global_id(0);
    Y[I] = sycl::cbrt(X[I]);
  });
}
