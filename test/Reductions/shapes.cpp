// sycl::reduction over 2-D and 3-D ranges (exactly divided and padded) and
// nd_ranges, over empty ranges, through the size_t form, and with every
// kind of work-item argument a range kernel may take. Each shape runs a
// sum (the group collective) and a maximum through a user callable (the
// local-memory path) in the same kernel.
#include "reductions.hpp"

namespace {

using reductions::check;

/// The value the kernels reduce at global linear id \p I.
long valueAt(size_t I) { return long(corpus::input(uint32_t(I), 11) % 1000); }

/// The maximum of two longs, as a callable the group collectives do not know.
struct Larger {
  long operator()(long A, long B) const { return A < B ? B : A; }
};

/// Checks the sum and the maximum of valueAt(0..N-1), combined with the
/// prior values 5 and 1000 (every value is below 1000).
int checkSumMax(const std::string &Name, const long *Var, size_t N) {
  long Sum = 5, Max = 1000;
  for (size_t I = 0; I < N; ++I) {
    Sum += valueAt(I);
    Max = std::max(Max, valueAt(I) + 1000);
  }
  return check(Name + " sum", Var[0], Sum) | check(Name + " max", Var[1], Max);
}

template <int Dims> int runRangeShape(sycl::queue &Q, sycl::range<Dims> Shape) {
  const size_t N = Shape.size();
  long *In = sycl::malloc_shared<long>(N ? N : 1, Q);
  long *Var = sycl::malloc_shared<long>(2, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = valueAt(I);
  Var[0] = 5;
  Var[1] = 1000;
  Q.parallel_for(Shape, sycl::reduction(Var, sycl::plus<long>()),
                 sycl::reduction(Var + 1, 0L, Larger()),
                 [=](sycl::item<Dims> It, auto &Sum, auto &Max) {
                   long X = In[It.get_linear_id()];
                   Sum += X;
                   Max.combine(X + 1000);
                 })
      .wait();
  std::string Name = "range";
  for (int D = 0; D < Dims; ++D)
    Name += (D ? "x" : " ") + std::to_string(Shape[D]);
  int Rc = checkSumMax(Name, Var, N);
  sycl::free(In, Q);
  sycl::free(Var, Q);
  return Rc;
}

template <int Dims>
int runNdRangeShape(sycl::queue &Q, sycl::range<Dims> Global,
                    sycl::range<Dims> Local) {
  const size_t N = Global.size();
  long *In = sycl::malloc_shared<long>(N, Q);
  long *Var = sycl::malloc_shared<long>(2, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = valueAt(I);
  Var[0] = 5;
  Var[1] = 1000;
  Q.submit([&](sycl::handler &H) {
     // Local memory of the kernel's own next to the reduction's.
     sycl::local_accessor<long, 1> Tile(Local.size(), H);
     H.parallel_for(sycl::nd_range<Dims>(Global, Local),
                    sycl::reduction(Var, sycl::plus<>()),
                    sycl::reduction(Var + 1, 0L, Larger()),
                    [=](sycl::nd_item<Dims> It, auto &Sum, auto &Max) {
                      size_t L = It.get_local_linear_id();
                      Tile[L] = In[It.get_global_linear_id()];
                      sycl::group_barrier(It.get_group());
                      // Each item reads its neighbour's value.
                      long X = Tile[(L + 1) % It.get_local_range().size()];
                      Sum += X;
                      Max.combine(X + 1000);
                    });
   }).wait();
  std::string Name = "nd_range";
  for (int D = 0; D < Dims; ++D)
    Name += (D ? "x" : " ") + std::to_string(Global[D]);
  // The neighbour shuffle stays within each group: same sum and maximum.
  int Rc = checkSumMax(Name, Var, N);
  sycl::free(In, Q);
  sycl::free(Var, Q);
  return Rc;
}

/// Every work-item argument a range kernel can take, and the size_t form.
int runArgumentKinds(sycl::queue &Q) {
  constexpr size_t N = 1000;
  int *Var = sycl::malloc_shared<int>(6, Q);
  for (int I = 0; I < 6; ++I)
    Var[I] = 0;
  auto Sum = [&](int I) { return sycl::reduction(Var + I, sycl::plus<>()); };
  Q.parallel_for(sycl::range<1>(N), Sum(0),
                 [=](sycl::id<1> I, auto &S) { S += int(I[0]); });
  Q.parallel_for(sycl::range<1>(N), Sum(1),
                 [=](sycl::item<1> I, auto &S) { S += int(I.get_id(0)); });
  Q.parallel_for(sycl::range<1>(N), Sum(2),
                 [=](sycl::item<1, false> I, auto &S) { S += int(I[0]); });
  Q.parallel_for(sycl::range<1>(N), Sum(3),
                 [=](size_t I, auto &S) { S += int(I); });
  Q.parallel_for(sycl::range<1>(N), Sum(4),
                 [=](auto I, auto &S) { S += int(I.get_linear_id()); });
  Q.submit([&](sycl::handler &H) {
    H.parallel_for(N, Sum(5), [=](sycl::id<1> I, auto &S) { S += int(I); });
  });
  int Rc = 0;
  const char *Kinds[] = {"id",     "item",    "item<1, false>",
                         "size_t", "generic", "size_t range"};
  for (int I = 0; I < 6; ++I)
    Rc |= check(std::string("argument ") + Kinds[I], Var[I],
                int(N * (N - 1) / 2));
  sycl::free(Var, Q);
  return Rc;
}

} // namespace

int main() {
  sycl::queue Q;
  int Rc = runRangeShape(Q, sycl::range<2>(4, 256));
  Rc |= runRangeShape(Q, sycl::range<2>(3, 1021));
  Rc |= runRangeShape(Q, sycl::range<2>(1021, 3));
  Rc |= runRangeShape(Q, sycl::range<3>(2, 2, 512));
  Rc |= runRangeShape(Q, sycl::range<3>(2, 3, 263));
  Rc |= runRangeShape(Q, sycl::range<3>(5, 1, 1));
  // Empty ranges: the identity, combined with the prior value.
  Rc |= runRangeShape(Q, sycl::range<1>(0));
  Rc |= runRangeShape(Q, sycl::range<2>(0, 7));
  Rc |= runRangeShape(Q, sycl::range<3>(3, 4, 0));
  Rc |= runNdRangeShape(Q, sycl::range<1>(768), sycl::range<1>(128));
  Rc |= runNdRangeShape(Q, sycl::range<2>(12, 10), sycl::range<2>(4, 5));
  Rc |= runNdRangeShape(Q, sycl::range<3>(4, 6, 8), sycl::range<3>(2, 3, 4));
  Rc |= runArgumentKinds(Q);
  return Rc;
}
