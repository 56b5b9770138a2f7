// atomic_fence, and atomic_ref orders that publish plain stores:
//  - "the last group finishes": each group sums its slice
//    (reduce_over_group), its leader stores the partial sum with a plain
//    store and takes a ticket from a global counter; the group with the
//    last ticket adds every partial sum. The ordering comes either from
//    fences (release fence + relaxed fetch_add, acquire fence after it) or
//    from the counter (acq_rel fetch_add), with the orders given as
//    compile-time constants or as values the kernel only sees at run time;
//  - message passing from group g to group g + 1: data, release fence,
//    relaxed flag; whoever sees the flag (acquire fence after the relaxed
//    load) must see the data. Nobody waits for a flag, because SYCL
//    promises no forward progress between groups.
#include "atomics.hpp"

#include <string>

namespace {

using namespace atomics;

/// How the last group learns that every partial sum is written.
enum class Publish { Fences, FencesRuntimeOrder, AcqRelCounter };

const char *publishName(Publish P) {
  return P == Publish::Fences               ? "fences"
         : P == Publish::FencesRuntimeOrder ? "fences (run-time orders)"
                                            : "acq_rel counter";
}

template <int Dims>
int lastGroupSum(sycl::queue &Q, const char *Shape, sycl::range<Dims> Global,
                 sycl::range<Dims> Local, Publish How) {
  std::string Name =
      std::string("last-group sum ") + Shape + " by " + publishName(How);
  const size_t N = Global.size(), Groups = N / Local.size();
  uint64_t *In = sycl::malloc_shared<uint64_t>(N, Q);
  uint64_t *Partial = sycl::malloc_shared<uint64_t>(Groups, Q);
  // Ticket counter, number of groups that found themselves last, total.
  uint64_t *State = sycl::malloc_shared<uint64_t>(3, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = uint64_t(corpus::input(uint32_t(I))) << 20;
  std::fill(State, State + 3, 0);
  // The kernel only sees these at run time.
  memory_order Release = memory_order::release;
  memory_order Acquire = memory_order::acquire;

  Q.parallel_for(sycl::nd_range<Dims>(Global, Local), [=](sycl::nd_item<Dims>
                                                              It) {
     sycl::group<Dims> G = It.get_group();
     uint64_t Sum = sycl::reduce_over_group(G, In[It.get_global_linear_id()],
                                            sycl::plus<>());
     if (!G.leader())
       return;
     Partial[G.get_group_linear_id()] = Sum;
     uint64_t Ticket;
     if (How == Publish::AcqRelCounter) {
       Ticket = GlobalRef<uint64_t, memory_order::acq_rel>(State[0]) += 1;
     } else {
       sycl::atomic_fence(How == Publish::Fences ? memory_order::release
                                                 : Release,
                          memory_scope::device);
       Ticket = GlobalRef<uint64_t>(State[0]).fetch_add(1) + 1;
     }
     if (Ticket != Groups)
       return;
     if (How != Publish::AcqRelCounter)
       sycl::atomic_fence(How == Publish::Fences ? memory_order::acquire
                                                 : Acquire,
                          memory_scope::device);
     uint64_t Total = 0;
     for (size_t K = 0; K < Groups; ++K)
       Total += Partial[K];
     State[1] += 1;
     State[2] = Total;
   }).wait();

  uint64_t Want = 0;
  for (size_t I = 0; I < N; ++I)
    Want += In[I];
  int Rc = corpus::check(Name.c_str(), State,
                         std::vector<uint64_t>{Groups, 1, Want});
  sycl::free(In, Q);
  sycl::free(Partial, Q);
  sycl::free(State, Q);
  return Rc;
}

/// Group g publishes four words and a flag; group g + 1 reads them if it
/// sees the flag. Returns 1 if a seen flag came with stale data.
int messagePassing(sycl::queue &Q, size_t Groups, size_t Local) {
  const size_t Words = 4;
  uint32_t *Data = sycl::malloc_shared<uint32_t>(Groups * Words, Q);
  int *Flag = sycl::malloc_shared<int>(Groups, Q);
  int *Seen = sycl::malloc_shared<int>(Groups, Q);
  std::fill(Data, Data + Groups * Words, 0u);
  std::fill(Flag, Flag + Groups, 0);
  Q.parallel_for(sycl::nd_range<1>(Groups * Local, Local), [=](sycl::nd_item<1>
                                                                   It) {
     size_t G = It.get_group(0);
     if (It.get_local_id(0) != 0)
       return;
     for (size_t K = 0; K < Words; ++K)
       Data[G * Words + K] = corpus::input(uint32_t(G * Words + K));
     sycl::atomic_fence(memory_order::release, memory_scope::device);
     GlobalRef<int>(Flag[G]).store(1);
     Seen[G] = 0;
     if (G == 0 || GlobalRef<int>(Flag[G - 1]).load() == 0)
       return;
     sycl::atomic_fence(memory_order::acquire, memory_scope::device);
     bool Fresh = true;
     for (size_t K = 0; K < Words; ++K)
       Fresh &= Data[(G - 1) * Words + K] ==
                corpus::input(uint32_t((G - 1) * Words + K));
     Seen[G] = Fresh ? 1 : 2;
   }).wait();
  size_t Observed = 0, Stale = 0;
  for (size_t G = 0; G < Groups; ++G) {
    Observed += Seen[G] != 0;
    Stale += Seen[G] == 2;
  }
  std::printf("message passing over %zu groups: %s, %zu flags seen, %zu with "
              "stale data\n",
              Groups, Stale ? "FAIL" : "OK", Observed, Stale);
  sycl::free(Data, Q);
  sycl::free(Flag, Q);
  sycl::free(Seen, Q);
  return Stale ? 1 : 0;
}

} // namespace

int main() {
  sycl::queue Q;
  int Rc = 0;
  for (Publish How :
       {Publish::Fences, Publish::FencesRuntimeOrder, Publish::AcqRelCounter}) {
    Rc |= lastGroupSum<1>(Q, "1-D 1000 x 64", {64000}, {64}, How);
    Rc |= lastGroupSum<1>(Q, "1-D 1 x 100", {100}, {100}, How);
    Rc |= lastGroupSum<2>(Q, "2-D (30 x 7) x (5 x 3)", {150, 21}, {5, 3}, How);
    Rc |= lastGroupSum<3>(Q, "3-D (4 x 5 x 6) x (2 x 2 x 2)", {8, 10, 12},
                          {2, 2, 2}, How);
  }
  Rc |= messagePassing(Q, 20000, 1);
  Rc |= messagePassing(Q, 3001, 16);
  return Rc;
}
