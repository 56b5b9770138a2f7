// Invalid reductions raise sycl::exception with the right errc, and a
// launch that fails leaves the reduction variable as it was: a null
// variable (errc::invalid, both sycl::reduction forms, also inside a
// command group), an nd_range whose global size is not a multiple of the
// local size (errc::nd_range) and an nd_range with an offset
// (errc::feature_not_supported).
#include <sycl/sycl.hpp>

#include <cstdio>
#include <functional>
#include <string>

namespace {

/// Runs \p Body and checks that it throws errc \p Want. Returns 0 if so.
int expectError(const char *Name, sycl::errc Want,
                const std::function<void()> &Body) {
  try {
    Body();
  } catch (const sycl::exception &E) {
    bool Ok = E.code() == sycl::make_error_code(Want);
    std::printf("%s: %s (%s)\n", Name, Ok ? "OK" : "FAIL, wrong errc",
                E.what());
    return Ok ? 0 : 1;
  }
  std::printf("%s: FAIL, no exception\n", Name);
  return 1;
}

} // namespace

int main() {
  sycl::queue Q;
  int *Var = sycl::malloc_shared<int>(1, Q);
  *Var = 42;
  int *Null = nullptr;
  auto Kernel = [](sycl::id<1>, auto &S) { S.combine(1); };
  auto NdKernel = [](sycl::nd_item<1>, auto &S) { S += 1; };

  int Rc = expectError("null variable", sycl::errc::invalid, [&] {
    Q.parallel_for(sycl::range<1>(8), sycl::reduction(Null, sycl::plus<>()),
                   Kernel);
  });
  Rc |= expectError("null variable with identity", sycl::errc::invalid, [&] {
    Q.parallel_for(sycl::range<1>(8),
                   sycl::reduction(Null, 0, [](int A, int B) { return A + B; }),
                   Kernel);
  });
  Rc |=
      expectError("null variable in a command group", sycl::errc::invalid, [&] {
        Q.submit([&](sycl::handler &H) {
          H.parallel_for(sycl::range<1>(8),
                         sycl::reduction(Var, sycl::plus<>()),
                         sycl::reduction(Null, sycl::plus<>()),
                         [](sycl::id<1>, auto &A, auto &B) {
                           A += 1;
                           B += 1;
                         });
        });
      });
  Rc |= expectError("nd_range not divisible", sycl::errc::nd_range, [&] {
    Q.parallel_for(sycl::nd_range<1>(100, 8),
                   sycl::reduction(Var, sycl::plus<>()), NdKernel);
  });
  Rc |= expectError(
      "nd_range with offset", sycl::errc::feature_not_supported, [&] {
        Q.parallel_for(sycl::nd_range<1>(64, 8, 8),
                       sycl::reduction(Var, sycl::plus<>()), NdKernel);
      });
  bool Untouched = *Var == 42;
  std::printf("variable after failed launches: %s (%d, want 42)\n",
              Untouched ? "OK" : "FAIL", *Var);
  Rc |= !Untouched;
  sycl::free(Var, Q);
  return Rc;
}
