// sycl::reduction into one-element buffers: a sum and a maximum over an
// accessor's elements in range and nd_range kernels, read back through a
// host_accessor and through the host memory the buffer writes back to;
// initialize_to_identity; an explicit identity; a buffer of more than one
// element raises errc::invalid.
#include "reductions.hpp"

namespace {

using reductions::check;

constexpr size_t N = 2000;

long valueAt(size_t I) { return long(corpus::input(uint32_t(I), 13) % 3001); }

int runBuffers(sycl::queue &Q) {
  std::vector<long> Host(N);
  for (size_t I = 0; I < N; ++I)
    Host[I] = valueAt(I);
  long WantSum = 0, WantMax = 0;
  for (long X : Host) {
    WantSum += X;
    WantMax = std::max(WantMax, X);
  }
  sycl::buffer<long> In(Host.data(), sycl::range<1>(N));
  long SumHost = 7, MaxHost = -1;
  int Rc = 0;
  {
    sycl::buffer<long> Sum(&SumHost, sycl::range<1>(1));
    sycl::buffer<long> Max(&MaxHost, sycl::range<1>(1));
    Q.submit([&](sycl::handler &H) {
      sycl::accessor<long, 1, sycl::access_mode::read> X(In, H);
      H.parallel_for(sycl::range<1>(N), sycl::reduction(Sum, H, sycl::plus<>()),
                     sycl::reduction(Max, H, sycl::maximum<long>()),
                     [=](sycl::id<1> I, auto &S, auto &M) {
                       S += X[I];
                       M.combine(X[I]);
                     });
    });
    Rc |= check("buffer range sum", sycl::host_accessor(Sum)[0], 7 + WantSum);
    Rc |= check("buffer range max", sycl::host_accessor(Max)[0], WantMax);
    // Again over an nd_range: the sum starts afresh, the maximum (with an
    // explicit identity) accumulates.
    Q.submit([&](sycl::handler &H) {
      sycl::accessor<long, 1, sycl::access_mode::read> X(In, H);
      sycl::property_list Init{
          sycl::property::reduction::initialize_to_identity()};
      H.parallel_for(
          sycl::nd_range<1>(N, 50),
          sycl::reduction(Sum, H, sycl::plus<>(), Init),
          sycl::reduction(Max, H, 0L,
                          [](long A, long B) { return A < B ? B : A; }),
          [=](sycl::nd_item<1> It, auto &S, auto &M) {
            S += X[It.get_global_id(0)];
            M.combine(X[It.get_global_id(0)] + 1);
          });
    });
  }
  // The buffers wrote back when they went away.
  Rc |= check("buffer nd_range sum (written back)", SumHost, WantSum);
  Rc |= check("buffer nd_range max (written back)", MaxHost, WantMax + 1);
  return Rc;
}

int runWrongSize(sycl::queue &Q) {
  sycl::buffer<int> Two{sycl::range<1>(2)};
  try {
    Q.submit([&](sycl::handler &H) {
      H.parallel_for(sycl::range<1>(4), sycl::reduction(Two, H, sycl::plus<>()),
                     [](sycl::id<1>, auto &S) { S += 1; });
    });
  } catch (const sycl::exception &E) {
    bool Ok = E.code() == sycl::make_error_code(sycl::errc::invalid);
    std::printf("buffer of two elements: %s (%s)\n", Ok ? "OK" : "FAIL",
                E.what());
    return Ok ? 0 : 1;
  }
  std::printf("buffer of two elements: FAIL, no exception\n");
  return 1;
}

} // namespace

int main() {
  sycl::queue Q;
  int Rc = runBuffers(Q);
  Rc |= runWrongSize(Q);
  return Rc;
}
