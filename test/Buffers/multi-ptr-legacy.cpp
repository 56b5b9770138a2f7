// The multi_ptr members and names that older SYCL code uses (SYCL 2020
// 4.7.7), in kernels, against a serial host reference: prefetch(n) on
// global pointers of every decoration and on legacy pointers of the other
// address spaces (a hint that must not change results), get_pointer()
// (the deprecated spelling of get()), and the deprecated constant_ptr
// alias holding what a constant_buffer accessor's get_pointer() returns.
// Also SYCL_EXTERNAL (SYCL 2020 5.10.1): <sycl/sycl.hpp> defines it, and a
// kernel calls a function declared with it before its definition.
#include <sycl/sycl.hpp>

#include <cstdio>
#include <type_traits>
#include <vector>

#ifndef SYCL_EXTERNAL
#error "<sycl/sycl.hpp> does not define SYCL_EXTERNAL"
#endif

SYCL_EXTERNAL int blend(int Value, int Weight);

static_assert(
    std::is_same_v<
        sycl::constant_ptr<int>,
        sycl::multi_ptr<int, sycl::access::address_space::constant_space,
                        sycl::access::decorated::legacy>>,
    "constant_ptr<T> is the legacy constant_space multi_ptr");
static_assert(sycl::constant_ptr<const float>::address_space ==
                  sycl::access::address_space::constant_space,
              "constant_ptr's address space");

namespace {

constexpr int Weights = 4;

int Failures = 0;

void expect(bool Ok, const char *What) {
  if (!Ok) {
    std::printf("FAIL: %s\n", What);
    ++Failures;
  }
}

/// get_pointer() is get() for every form of multi_ptr.
void hostPointers() {
  int X[4] = {1, 2, 3, 4};
  sycl::global_ptr<int> Legacy(X);
  sycl::raw_global_ptr<int> Raw(X);
  sycl::decorated_global_ptr<int> Decorated(X + 1);
  sycl::constant_ptr<int> Constant(X + 2);
  sycl::local_ptr<const int> Local(X + 3);
  expect(Legacy.get_pointer() == X && Raw.get_pointer() == X &&
             Decorated.get_pointer() == X + 1 &&
             Constant.get_pointer() == X + 2 && Local.get_pointer() == X + 3,
         "get_pointer() differs from get()");
  static_assert(std::is_same_v<decltype(Constant.get_pointer()), int *>);
  static_assert(std::is_same_v<decltype(Local.get_pointer()), const int *>);
  // Hints on the host: nothing happens.
  Legacy.prefetch(4);
  Raw.prefetch(4);
  Decorated.prefetch(0);
  Constant.prefetch(2);
  Local.prefetch(1);
  expect(X[0] == 1 && X[3] == 4 && Legacy.get() == X,
         "prefetch changed memory or the pointer");
}

} // namespace

int main() {
  hostPointers();

  const size_t N = 1000;
  sycl::queue Q;
  int *In = sycl::malloc_shared<int>(N, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = int(I * 7 % 101) - 50;
  std::vector<int> WeightData{3, -1, 4, 2};
  std::vector<int> Got(N, 0);
  {
    sycl::buffer<int> WeightBuf(WeightData.data(), sycl::range<1>(Weights));
    sycl::buffer<int> OutBuf(Got.data(), sycl::range<1>(N));
    Q.submit([&](sycl::handler &CGH) {
      sycl::accessor<int, 1, sycl::access_mode::read,
                     sycl::target::constant_buffer>
          W(WeightBuf, CGH);
      sycl::accessor Out(OutBuf, CGH, sycl::write_only);
      CGH.parallel_for(sycl::range<1>(N), [=](sycl::id<1> Id) {
        size_t I = Id[0];
        sycl::constant_ptr<const int> Weight = W.get_pointer();
        sycl::global_ptr<const int> Legacy(In);
        sycl::decorated_global_ptr<const int> Decorated(In);
        sycl::raw_global_ptr<const int> Raw(In);
        Legacy.prefetch(16);
        Decorated.prefetch(8);
        Raw.prefetch(N - I);
        Weight.prefetch(Weights);
        const int *Values = Legacy.get_pointer();
        int Next = I + 1 < N ? Raw.get_pointer()[I + 1] : 0;
        Out[I] = blend(Values[I], Weight.get_pointer()[I % Weights]) +
                 blend(Next, Decorated.get()[0]);
      });
    });
  }
  for (size_t I = 0; I < N; ++I) {
    int Next = I + 1 < N ? In[I + 1] : 0;
    int Want = blend(In[I], WeightData[I % Weights]) + blend(Next, In[0]);
    if (Got[I] != Want) {
      if (Failures < 8)
        std::printf("FAIL: element %zu is %d, want %d\n", I, Got[I], Want);
      ++Failures;
    }
  }
  sycl::free(In, Q);
  if (Failures) {
    std::printf("multi-ptr-legacy: %d FAILED\n", Failures);
    return 1;
  }
  std::printf("multi-ptr-legacy: OK\n");
  return 0;
}

SYCL_EXTERNAL int blend(int Value, int Weight) {
  return Value * Weight + Value / 4;
}
