// compare_exchange_weak / compare_exchange_strong in both forms (one order;
// success and failure orders) and pointer atomics:
//  - a fetch-multiply built from a weak compare-exchange loop (products of
//    odd numbers wrap, and are the same in any order);
//  - slots claimed with a strong compare-exchange from -1: exactly one
//    work-item wins each slot, and every loser gets the winner's id back in
//    `expected`;
//  - a leader elected per work-group in local memory;
//  - a bump allocator on atomic_ref<int *>, in global memory and per group
//    in local memory: fetch_add hands out disjoint ranges (counted in
//    elements, not bytes) that tile the buffer, and ++ / -- / += / -= /
//    fetch_sub move pointers by elements.
#include "atomics.hpp"

#include <string>
#include <type_traits>

namespace {

using namespace atomics;

/// \p A * \p B, wrapping (signed overflow would be undefined).
template <typename T> T wrappingMultiply(T A, T B) {
  using U = std::make_unsigned_t<T>;
  return T(U(A) * U(B));
}

/// Multiplies the counter by an odd factor per work-item.
template <typename T> int fetchMultiply(sycl::queue &Q, const char *Type) {
  const uint32_t N = 30011;
  T *Product = sycl::malloc_shared<T>(1, Q);
  *Product = T(3);
  Q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> I) {
     T Factor = T(corpus::input(uint32_t(I[0])) | 1u);
     sycl::atomic_ref<T, memory_order::acq_rel, memory_scope::device> Ref(
         *Product);
     T Old = Ref.load();
     while (!Ref.compare_exchange_weak(Old, wrappingMultiply(Old, Factor)))
       ;
   }).wait();
  T Want = T(3);
  for (uint32_t I = 0; I < N; ++I)
    Want = wrappingMultiply(Want, T(corpus::input(I) | 1u));
  int Rc = checkValue((std::string("fetch-multiply ") + Type).c_str(), *Product,
                      Want);
  sycl::free(Product, Q);
  return Rc;
}

/// Work-item i tries to claim slot i % Slots with each order pair.
int claimSlots(sycl::queue &Q, memory_order Success, memory_order Failure) {
  std::string Name = std::string("claim slots ") + orderName(Success) + "/" +
                     orderName(Failure);
  const uint32_t N = 5003, Slots = 97;
  int *Owner = sycl::malloc_shared<int>(Slots, Q);
  int *Seen = sycl::malloc_shared<int>(N, Q); // -1 for the winner
  std::fill(Owner, Owner + Slots, -1);
  Q.parallel_for(sycl::nd_range<1>(5120, 64), [=](sycl::nd_item<1> It) {
     int Item = int(It.get_global_id(0));
     if (Item >= int(N))
       return;
     GlobalRef<int, memory_order::seq_cst> Ref(Owner[Item % Slots]);
     int Expected = -1;
     bool Won = Item % 2 ? Ref.compare_exchange_strong(Expected, Item, Success,
                                                       Failure)
                         : Ref.compare_exchange_strong(Expected, Item, Success);
     Seen[Item] = Won ? -1 : Expected;
   }).wait();
  int Rc = 0;
  std::vector<int> Winners(Slots, 0);
  for (uint32_t Item = 0; Item < N; ++Item) {
    int Slot = int(Item % Slots);
    bool Won = Seen[Item] == -1;
    Winners[Slot] += Won;
    // A winner owns its slot; a loser saw the owner.
    int Want = Won ? int(Item) : Owner[Slot];
    int Got = Won ? Owner[Slot] : Seen[Item];
    if (Got != Want && !Rc) {
      std::printf("%s: FAIL at item %u: got %d, want %d\n", Name.c_str(), Item,
                  Got, Want);
      Rc = 1;
    }
  }
  Rc |= corpus::check(Name.c_str(), Winners.data(), std::vector<int>(Slots, 1));
  sycl::free(Owner, Q);
  sycl::free(Seen, Q);
  return Rc;
}

/// Each group's first work-item to swap its local flag from 0 becomes the
/// leader; exactly one per group.
template <int Dims>
int electLeaders(sycl::queue &Q, const char *Shape, sycl::range<Dims> Global,
                 sycl::range<Dims> Local) {
  std::string Name = std::string("elect leaders ") + Shape;
  size_t Groups = Global.size() / Local.size();
  unsigned *Leaders = sycl::malloc_shared<unsigned>(Groups, Q);
  std::fill(Leaders, Leaders + Groups, 0u);
  Q.submit([&](sycl::handler &CGH) {
     sycl::local_accessor<unsigned long long, 0> Flag(CGH);
     CGH.parallel_for(
         sycl::nd_range<Dims>(Global, Local), [=](sycl::nd_item<Dims> It) {
           if (It.get_local_linear_id() == 0)
             Flag = 0;
           sycl::group_barrier(It.get_group());
           unsigned long long Expected = 0;
           LocalRef<unsigned long long, memory_order::acq_rel> Ref(Flag);
           bool Won = Ref.compare_exchange_weak(
               Expected, It.get_local_linear_id() + 1, memory_order::acq_rel,
               memory_order::relaxed);
           // A spurious failure leaves Expected 0: try once more, strongly.
           if (!Won && Expected == 0)
             Won = Ref.compare_exchange_strong(Expected,
                                               It.get_local_linear_id() + 1);
           if (Won)
             GlobalRef<unsigned>(Leaders[It.get_group_linear_id()]) += 1u;
         });
   }).wait();
  int Rc =
      corpus::check(Name.c_str(), Leaders, std::vector<unsigned>(Groups, 1u));
  sycl::free(Leaders, Q);
  return Rc;
}

/// Item \p Item's moves of the three cursors (in address space S): it takes
/// 1 + Item % 5 elements at Cursors[0] and fills them with its id, moves
/// Cursors[1] up by 3 (odd items) or 1, and Cursors[2] down by 3.
template <Space S> void moveCursors(int **Cursors, int Item) {
  using Ref =
      sycl::atomic_ref<int *, memory_order::relaxed, memory_scope::device, S>;
  int Count = 1 + Item % 5;
  int *Mine = Ref(Cursors[0]).fetch_add(Count, memory_order::acq_rel);
  for (int K = 0; K < Count; ++K)
    Mine[K] = Item;
  Ref Up(Cursors[1]), Down(Cursors[2]);
  if (Item % 2) {
    ++Up;
    Up += 2;
    Down--;
    Down.fetch_sub(2);
  } else {
    Up++;
    --Down;
    Down -= 3;
    Down += 1;
  }
}

/// A bump allocator over one pool: global cursors moved by every item of a
/// range kernel, or (\p GroupSize > 0) local cursors per work-group, each
/// group allocating from its own part of the pool.
int bumpAllocate(sycl::queue &Q, uint32_t N, uint32_t GroupSize) {
  std::string Name = GroupSize ? "local bump allocator" : "bump allocator";
  const uint32_t Groups = GroupSize ? N / GroupSize : 1;
  const uint32_t PerGroup = N / Groups;
  // Where each group's part of the pool starts, and where it ends.
  std::vector<size_t> Start(Groups + 1, 0);
  for (uint32_t I = 0; I < N; ++I)
    Start[I / PerGroup + 1] += 1 + I % 5;
  for (uint32_t G = 0; G < Groups; ++G)
    Start[G + 1] += Start[G];
  const size_t Total = Start[Groups];
  int *Pool = sycl::malloc_shared<int>(Total, Q);
  int **Cursors = sycl::malloc_shared<int *>(3 * Groups, Q);
  std::fill(Pool, Pool + Total, -1);
  for (uint32_t G = 0; G < Groups; ++G) {
    Cursors[3 * G] = Pool + Start[G];  // fetch_add
    Cursors[3 * G + 1] = Pool;         // ++, +=
    Cursors[3 * G + 2] = Pool + Total; // --, -=, fetch_sub
  }
  if (!GroupSize) {
    Q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> I) {
       moveCursors<Space::global_space>(Cursors, int(I[0]));
     }).wait();
  } else {
    Q.submit([&](sycl::handler &CGH) {
       sycl::local_accessor<int *, 1> Local(sycl::range<1>(3), CGH);
       CGH.parallel_for(
           sycl::nd_range<1>(N, GroupSize), [=](sycl::nd_item<1> It) {
             size_t Self = It.get_local_id(0), Row = 3 * It.get_group(0);
             if (Self < 3)
               Local[Self] = Cursors[Row + Self];
             sycl::group_barrier(It.get_group());
             moveCursors<Space::local_space>(&Local[0],
                                             int(It.get_global_id(0)));
             sycl::group_barrier(It.get_group());
             if (Self < 3)
               Cursors[Row + Self] = Local[Self];
           });
     }).wait();
  }
  std::vector<int> Counts(N, 0), WantCounts(N);
  for (size_t E = 0; E < Total; ++E)
    if (Pool[E] >= 0 && Pool[E] < int(N))
      ++Counts[Pool[E]];
  for (uint32_t I = 0; I < N; ++I)
    WantCounts[I] = int(1 + I % 5);
  int Rc = corpus::check((Name + " counts").c_str(), Counts.data(), WantCounts);
  std::vector<long> Offsets, WantOffsets;
  for (uint32_t G = 0; G < Groups; ++G) {
    long Odd = 0;
    for (uint32_t I = G * PerGroup; I < (G + 1) * PerGroup; ++I)
      Odd += I % 2;
    for (int K = 0; K < 3; ++K)
      Offsets.push_back(long(Cursors[3 * G + K] - Pool));
    WantOffsets.push_back(long(Start[G + 1]));
    WantOffsets.push_back(3 * Odd + (long(PerGroup) - Odd));
    WantOffsets.push_back(long(Total) - 3 * long(PerGroup));
  }
  Rc |= corpus::check((Name + " cursors").c_str(), Offsets.data(), WantOffsets);
  sycl::free(Pool, Q);
  sycl::free(Cursors, Q);
  return Rc;
}

} // namespace

int main() {
  sycl::queue Q;
  int Rc = fetchMultiply<unsigned int>(Q, "unsigned int");
  Rc |= fetchMultiply<long long>(Q, "long long");
  Rc |= fetchMultiply<unsigned long>(Q, "unsigned long");
  using O = memory_order;
  Rc |= claimSlots(Q, O::relaxed, O::relaxed);
  Rc |= claimSlots(Q, O::acquire, O::acquire);
  Rc |= claimSlots(Q, O::release, O::relaxed);
  Rc |= claimSlots(Q, O::acq_rel, O::acquire);
  Rc |= claimSlots(Q, O::seq_cst, O::seq_cst);
  Rc |= claimSlots(Q, O::relaxed, O::seq_cst); // failure stronger: allowed
  Rc |= electLeaders<1>(Q, "1-D 50 x 37", {50 * 37}, {37});
  Rc |= electLeaders<2>(Q, "2-D (8 x 3) x (4 x 16)", {32, 48}, {4, 16});
  Rc |= electLeaders<3>(Q, "3-D (2 x 2 x 5) x (3 x 1 x 7)", {6, 2, 35},
                        {3, 1, 7});
  Rc |= bumpAllocate(Q, 7919, 0);
  Rc |= bumpAllocate(Q, 248 * 32, 32);
  return Rc;
}
