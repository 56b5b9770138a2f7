// Specialization constants (SYCL 2020 4.9.5) read through kernel_handler
// in every kind of kernel: single_task, range (item, id, 2-D, padded, with
// an offset), nd_range with a barrier, with reductions (range and
// nd_range) and parallel_for_work_group. Each kernel reads one constant
// the command group set and one it left at its default; a struct-typed
// constant is built by its constexpr constructor; 24 constants set in one
// group all read back; a kernel submitted without a command group reads
// the defaults, and handler::get_specialization_constant agrees with the
// kernel.
#include <sycl/sycl.hpp>

#include "../Corpus/corpus.hpp"

#include <cstdio>
#include <utility>
#include <vector>

namespace {

struct Affine {
  int Scale;
  int Shift;
  constexpr Affine(int Scale, int Shift) : Scale(Scale), Shift(Shift) {}
  int operator()(int X) const { return X * Scale + Shift; }
};

constexpr sycl::specialization_id<int> Factor(3);
constexpr sycl::specialization_id<int> Bias(-7);
constexpr sycl::specialization_id<Affine> Map(2, 5);
template <int N> constexpr sycl::specialization_id<int> Many(100 + N);

constexpr size_t N = 1000;

/// What each kernel below writes for work-item \p I: Factor (set to
/// \p F) times I plus Bias (left at -7).
std::vector<int> want(size_t Count, int F) {
  std::vector<int> W(Count);
  for (size_t I = 0; I < Count; ++I)
    W[I] = int(I) * F - 7;
  return W;
}

int runKernels(sycl::queue &Q, int *Out) {
  int Rc = 0;
  // single_task.
  Q.submit([&](sycl::handler &H) {
     H.set_specialization_constant<Factor>(11);
     H.single_task([=](sycl::kernel_handler KH) {
       Out[0] = KH.get_specialization_constant<Factor>();
       Out[1] = KH.get_specialization_constant<Bias>();
     });
   }).wait();
  Rc |= corpus::check("single_task", Out, {11, -7});

  // range<1> with item, a size that pads the launch.
  Q.submit([&](sycl::handler &H) {
     H.set_specialization_constant<Factor>(5);
     H.parallel_for(sycl::range<1>(N),
                    [=](sycl::item<1> It, sycl::kernel_handler KH) {
                      int I = int(It.get_id(0));
                      Out[I] = I * KH.get_specialization_constant<Factor>() +
                               KH.get_specialization_constant<Bias>();
                    });
   }).wait();
  Rc |= corpus::check("range<1>, item", Out, want(N, 5));

  // range<2> with id, taking the kernel_handler by const reference.
  Q.submit([&](sycl::handler &H) {
     H.set_specialization_constant<Factor>(-4);
     H.parallel_for(sycl::range<2>(10, N / 10),
                    [=](sycl::id<2> Id, const sycl::kernel_handler &KH) {
                      int I = int(Id[0] * (N / 10) + Id[1]);
                      Out[I] = I * KH.get_specialization_constant<Factor>() +
                               KH.get_specialization_constant<Bias>();
                    });
   }).wait();
  Rc |= corpus::check("range<2>, id", Out, want(N, -4));

  // range with an offset.
  Q.submit([&](sycl::handler &H) {
     H.set_specialization_constant<Factor>(9);
     H.parallel_for(sycl::range<1>(N - 100), sycl::id<1>(100),
                    [=](sycl::item<1> It, sycl::kernel_handler KH) {
                      int I = int(It.get_id(0));
                      Out[I] = I * KH.get_specialization_constant<Factor>() +
                               KH.get_specialization_constant<Bias>();
                    });
   }).wait();
  std::vector<int> W = want(N, 9);
  Rc |= corpus::check("range with offset", Out + 100,
                      std::vector<int>(W.begin() + 100, W.end()));

  // nd_range with a barrier: each work-item writes its neighbour's value.
  Q.submit([&](sycl::handler &H) {
     H.set_specialization_constant<Factor>(6);
     sycl::local_accessor<int, 1> Tile(sycl::range<1>(100), H);
     H.parallel_for(sycl::nd_range<1>(N, 100), [=](sycl::nd_item<1> It,
                                                   sycl::kernel_handler KH) {
       size_t L = It.get_local_id(0);
       int I = int(It.get_global_id(0));
       Tile[L] = I * KH.get_specialization_constant<Factor>();
       sycl::group_barrier(It.get_group());
       size_t From = (L + 1) % 100;
       Out[I] = Tile[From] + KH.get_specialization_constant<Bias>();
     });
   }).wait();
  W = want(N, 6);
  std::vector<int> Rotated(N);
  for (size_t I = 0; I < N; ++I)
    Rotated[I] = W[I / 100 * 100 + (I % 100 + 1) % 100];
  Rc |= corpus::check("nd_range with a barrier", Out, Rotated);
  return Rc;
}

int runReductionsAndGroups(sycl::queue &Q, int *Out) {
  int Rc = 0;
  int *Sum = sycl::malloc_shared<int>(2, Q);
  Sum[0] = Sum[1] = 0;
  long Want = 0;
  for (size_t I = 0; I < N; ++I)
    Want += int(I) * 2 - 7;
  Q.submit([&](sycl::handler &H) {
     H.set_specialization_constant<Factor>(2);
     H.parallel_for(sycl::range<1>(N), sycl::reduction(Sum, sycl::plus<int>()),
                    [=](sycl::id<1> I, auto &Acc, sycl::kernel_handler KH) {
                      Acc +=
                          int(I[0]) * KH.get_specialization_constant<Factor>() +
                          KH.get_specialization_constant<Bias>();
                    });
   }).wait();
  Q.submit([&](sycl::handler &H) {
     H.set_specialization_constant<Factor>(2);
     H.parallel_for(
         sycl::nd_range<1>(N, 50), sycl::reduction(Sum + 1, sycl::plus<int>()),
         [=](sycl::nd_item<1> It, auto &Acc, sycl::kernel_handler KH) {
           Acc += int(It.get_global_id(0)) *
                      KH.get_specialization_constant<Factor>() +
                  KH.get_specialization_constant<Bias>();
         });
   }).wait();
  Rc |= corpus::check("reductions (range, nd_range)", Sum,
                      std::vector<int>{int(Want), int(Want)});
  sycl::free(Sum, Q);

  // parallel_for_work_group, and a struct-typed constant set here.
  Q.submit([&](sycl::handler &H) {
     H.set_specialization_constant<Map>(Affine(3, 1));
     H.parallel_for_work_group(
         sycl::range<1>(N / 50), sycl::range<1>(50),
         [=](sycl::group<1> G, sycl::kernel_handler KH) {
           Affine A = KH.get_specialization_constant<Map>();
           G.parallel_for_work_item([&](sycl::h_item<1> It) {
             int I = int(It.get_global_id(0));
             Out[I] = A(I);
           });
         });
   }).wait();
  std::vector<int> WantMap(N);
  for (size_t I = 0; I < N; ++I)
    WantMap[I] = int(I) * 3 + 1;
  Rc |= corpus::check("parallel_for_work_group, struct constant", Out, WantMap);
  return Rc;
}

template <int... I>
int runMany(sycl::queue &Q, int *Out, std::integer_sequence<int, I...>) {
  // Every constant set (some twice, the last value counts), read back in
  // one kernel; then a group that sets nothing reads every default.
  bool HostSaw = true;
  Q.submit([&](sycl::handler &H) {
     (H.set_specialization_constant<Many<I>>(-1), ...);
     (H.set_specialization_constant<Many<I>>(I * I), ...);
     HostSaw = ((H.get_specialization_constant<Many<I>>() == I * I) && ...) &&
               H.get_specialization_constant<Factor>() == 3;
     H.single_task([=](sycl::kernel_handler KH) {
       ((Out[I] = KH.get_specialization_constant<Many<I>>()), ...);
     });
   }).wait();
  int Rc = corpus::check("24 constants set", Out, std::vector<int>{(I * I)...});
  Q.single_task([=](sycl::kernel_handler KH) {
     ((Out[I] = KH.get_specialization_constant<Many<I>>()), ...);
     Out[sizeof...(I)] = KH.get_specialization_constant<Factor>();
     Out[sizeof...(I) + 1] = KH.get_specialization_constant<Map>()(10);
   }).wait();
  Rc |= corpus::check("defaults", Out, std::vector<int>{(100 + I)..., 3, 25});
  if (!HostSaw) {
    std::printf("FAIL: handler::get_specialization_constant\n");
    Rc = 1;
  }
  return Rc;
}

} // namespace

int main() {
  sycl::queue Q;
  int *Out = sycl::malloc_shared<int>(N, Q);
  int Rc = runKernels(Q, Out);
  Rc |= runReductionsAndGroups(Q, Out);
  Rc |= runMany(Q, Out, std::make_integer_sequence<int, 24>());
  sycl::free(Out, Q);
  if (!Rc)
    std::printf("spec-constants: all OK\n");
  return Rc;
}
