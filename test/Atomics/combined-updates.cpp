// Relaxed atomic updates whose results the kernel ignores, the kind
// lanes-aggregate-atomics combines into one update per work-group: every
// combinable operation on counters of one array from a padded range
// launch, one total from a 2-D nd-range, a total and a maximum from a 3-D
// one, sub-group leaders adding their sums (with partial sub-groups), the
// leader of a local-memory tree, a counter in local memory, and an update
// under a condition no item meets at an address that is null (it must not
// run). Each result is checked against a serial fold of the same inputs.
#include "atomics.hpp"

#include <limits>

namespace {

using namespace atomics;

/// The counters of the range run, one per operation.
enum Slot { Add, Sub, Min, Max, UMin, And, Or, Xor, NumSlots };

/// An input of either sign for item \p I.
int64_t valueOf(uint32_t I) { return int64_t(corpus::input(I, 3)) - (1 << 30); }

int rangeCounters(sycl::queue &Q) {
  const uint32_t N = 10007; // prime: the launch is padded
  int64_t *C = sycl::malloc_shared<int64_t>(NumSlots, Q);
  const std::vector<int64_t> Init = {5,
                                     -7,
                                     std::numeric_limits<int64_t>::max(),
                                     std::numeric_limits<int64_t>::min(),
                                     -1,
                                     -1,
                                     0,
                                     0x5a5a};
  std::copy(Init.begin(), Init.end(), C);
  Q.parallel_for(sycl::range<1>(N), [=](sycl::item<1> It) {
     uint32_t I = uint32_t(It[0]);
     int64_t X = valueOf(I);
     GlobalRef<int64_t>(C[Add]) += X;
     GlobalRef<int64_t>(C[Sub]).fetch_sub(X);
     GlobalRef<int64_t>(C[Min]).fetch_min(X);
     GlobalRef<int64_t>(C[Max]).fetch_max(X);
     sycl::atomic_ref<uint64_t, memory_order::relaxed, memory_scope::device>(
         reinterpret_cast<uint64_t &>(C[UMin]))
         .fetch_min(uint64_t(X) | 0xff);
     GlobalRef<int64_t>(C[And]).fetch_and(~(int64_t(1) << (I % 40)));
     if (I % 5 == 0)
       GlobalRef<int64_t>(C[Or]).fetch_or(int64_t(1) << (I % 63));
     GlobalRef<int64_t>(C[Xor]) ^= X;
   }).wait();
  std::vector<int64_t> Want = Init;
  for (uint32_t I = 0; I < N; ++I) {
    int64_t X = valueOf(I);
    Want[Add] = int64_t(uint64_t(Want[Add]) + uint64_t(X));
    Want[Sub] = int64_t(uint64_t(Want[Sub]) - uint64_t(X));
    Want[Min] = std::min(Want[Min], X);
    Want[Max] = std::max(Want[Max], X);
    Want[UMin] = int64_t(std::min(uint64_t(Want[UMin]), uint64_t(X) | 0xff));
    Want[And] &= ~(int64_t(1) << (I % 40));
    if (I % 5 == 0)
      Want[Or] |= int64_t(1) << (I % 63);
    Want[Xor] ^= X;
  }
  int Rc = corpus::check("range: add sub min max umin and or xor", C, Want);
  sycl::free(C, Q);
  return Rc;
}

int ndRangeTotal(sycl::queue &Q) {
  const size_t W = 96, H = 40; // groups of 16x8 with a partial column
  int *In = sycl::malloc_shared<int>(W * H, Q);
  int *Total = sycl::malloc_shared<int>(1, Q);
  for (size_t I = 0; I < W * H; ++I)
    In[I] = int(corpus::input(uint32_t(I)) % 2001) - 1000;
  *Total = 17;
  Q.parallel_for(sycl::nd_range<2>({H, W}, {8, 16}), [=](sycl::nd_item<2> It) {
     size_t I = It.get_global_id(0) * W + It.get_global_id(1);
     GlobalRef<int>(*Total).fetch_add(In[I]);
   }).wait();
  std::vector<int> Want = {17};
  for (size_t I = 0; I < W * H; ++I)
    Want[0] += In[I];
  int Rc = corpus::check("2-D nd-range: one total", Total, Want);
  sycl::free(In, Q);
  sycl::free(Total, Q);
  return Rc;
}

int ndRange3d(sycl::queue &Q) {
  const size_t X = 24, Y = 10, Z = 6; // groups of 8x5x2
  long *Out = sycl::malloc_shared<long>(2, Q);
  Out[0] = -5;
  Out[1] = std::numeric_limits<long>::min();
  const sycl::nd_range<3> Range({Z, Y, X}, {2, 5, 8});
  Q.parallel_for(Range, [=](sycl::nd_item<3> It) {
     uint32_t I = uint32_t(It.get_global_linear_id());
     long V = long(corpus::input(I) % 100003) - 50000;
     GlobalRef<long>(Out[0]).fetch_add(V);
     GlobalRef<long>(Out[1]).fetch_max(V);
   }).wait();
  std::vector<long> Want = {-5, std::numeric_limits<long>::min()};
  for (size_t I = 0; I < X * Y * Z; ++I) {
    long V = long(corpus::input(uint32_t(I)) % 100003) - 50000;
    Want[0] += V;
    Want[1] = std::max(Want[1], V);
  }
  int Rc = corpus::check("3-D nd-range: a total and a maximum", Out, Want);
  sycl::free(Out, Q);
  return Rc;
}

int subGroupLeaders(sycl::queue &Q) {
  const size_t Local = 100, N = 4000; // partial sub-groups at every size
  int *In = sycl::malloc_shared<int>(N, Q);
  unsigned *Totals = sycl::malloc_shared<unsigned>(3, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = int(corpus::input(uint32_t(I), 1) % 1000);
  Totals[0] = 0;
  Totals[1] = 0;
  Q.parallel_for(sycl::nd_range<1>(N, Local), [=](sycl::nd_item<1> It) {
     sycl::sub_group SG = It.get_sub_group();
     int Sum = sycl::reduce_over_group(SG, In[It.get_global_id(0)],
                                       sycl::plus<int>());
     if (It.get_global_id(0) == 0)
       Totals[2] = unsigned(SG.get_max_local_range()[0]);
     if (SG.leader()) {
       GlobalRef<unsigned>(Totals[0]) += unsigned(Sum);
       GlobalRef<unsigned>(Totals[1]).fetch_max(unsigned(Sum));
     }
   }).wait();
  const size_t SGSize = Totals[2];
  std::vector<unsigned> Want = {0, 0, Totals[2]};
  for (size_t G = 0; G < N; G += Local)
    for (size_t S = G; S < G + Local; S += SGSize) {
      unsigned Sum = 0;
      for (size_t I = S; I < std::min(S + SGSize, G + Local); ++I)
        Sum += unsigned(In[I]);
      Want[0] += Sum;
      Want[1] = std::max(Want[1], Sum);
    }
  int Rc =
      corpus::check("sub-group leaders: total and largest sum", Totals, Want);
  sycl::free(In, Q);
  sycl::free(Totals, Q);
  return Rc;
}

int treeLeaders(sycl::queue &Q) {
  const size_t Local = 64, N = 64 * 50, Run = 8;
  int *In = sycl::malloc_shared<int>(N, Q);
  long *Total = sycl::malloc_shared<long>(1, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = int(corpus::input(uint32_t(I), 2) % 4001) - 2000;
  *Total = 0;
  Q.submit([&](sycl::handler &H) {
     sycl::local_accessor<int, 1> Tile(sycl::range<1>(Local), H);
     H.parallel_for(sycl::nd_range<1>(N, Local), [=](sycl::nd_item<1> It) {
       size_t L = It.get_local_id(0), Lane = L % Run;
       Tile[L] = In[It.get_global_id(0)];
       for (size_t S = Run / 2; S > 0; S /= 2) {
         sycl::group_barrier(It.get_group());
         if (Lane < S)
           Tile[L] += Tile[L + S];
       }
       if (Lane == 0)
         GlobalRef<long>(*Total) += Tile[L];
     });
   }).wait();
  std::vector<long> Want = {0};
  for (size_t I = 0; I < N; ++I)
    Want[0] += In[I];
  int Rc = corpus::check("local-memory tree: leaders' total", Total, Want);
  sycl::free(In, Q);
  sycl::free(Total, Q);
  return Rc;
}

int localCounter(sycl::queue &Q) {
  const size_t Local = 128, Groups = 20;
  int *In = sycl::malloc_shared<int>(Local * Groups, Q);
  int *Out = sycl::malloc_shared<int>(Groups * 2, Q);
  for (size_t I = 0; I < Local * Groups; ++I)
    In[I] = int(corpus::input(uint32_t(I), 4) % 301) - 150;
  Q.submit([&](sycl::handler &H) {
     sycl::local_accessor<int, 1> Counters(sycl::range<1>(2), H);
     H.parallel_for(sycl::nd_range<1>(Local * Groups, Local),
                    [=](sycl::nd_item<1> It) {
                      size_t L = It.get_local_id(0);
                      if (L == 0) {
                        Counters[0] = 0;
                        Counters[1] = std::numeric_limits<int>::max();
                      }
                      sycl::group_barrier(It.get_group());
                      int X = In[It.get_global_id(0)];
                      LocalRef<int>(Counters[0]) += X;
                      LocalRef<int>(Counters[1]).fetch_min(X);
                      sycl::group_barrier(It.get_group());
                      if (L < 2)
                        Out[It.get_group(0) * 2 + L] = Counters[L];
                    });
   }).wait();
  std::vector<int> Want(Groups * 2);
  for (size_t G = 0; G < Groups; ++G) {
    Want[G * 2] = 0;
    Want[G * 2 + 1] = std::numeric_limits<int>::max();
    for (size_t I = G * Local; I < (G + 1) * Local; ++I) {
      Want[G * 2] += In[I];
      Want[G * 2 + 1] = std::min(Want[G * 2 + 1], In[I]);
    }
  }
  int Rc = corpus::check("local counters: sum and min per group", Out, Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}

/// No item meets the condition, and the address it guards is null: a
/// combined update must not be made.
int updateNoItemMakes(sycl::queue &Q) {
  const size_t N = 1024;
  int *In = sycl::malloc_shared<int>(N, Q);
  int *Count = sycl::malloc_shared<int>(1, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = int(I % 7);
  *Count = 0;
  int *Nowhere = nullptr;
  for (int *Target : {Nowhere, Count})
    Q.parallel_for(sycl::nd_range<1>(N, 256), [=](sycl::nd_item<1> It) {
       int X = In[It.get_global_id(0)];
       if (X > 6 || (Target != Nowhere && X == 3))
         GlobalRef<int>(*Target) += 1;
     }).wait();
  std::vector<int> Want = {int(N / 7 + (N % 7 > 3 ? 1 : 0))};
  int Rc = corpus::check("updates no item makes, then some", Count, Want);
  sycl::free(In, Q);
  sycl::free(Count, Q);
  return Rc;
}

} // namespace

int main() {
  sycl::queue Q;
  int Rc = rangeCounters(Q);
  Rc |= ndRangeTotal(Q);
  Rc |= ndRange3d(Q);
  Rc |= subGroupLeaders(Q);
  Rc |= treeLeaders(Q);
  Rc |= localCounter(Q);
  Rc |= updateNoItemMakes(Q);
  return Rc;
}
