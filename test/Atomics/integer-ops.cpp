// Every integer operation of atomic_ref, for all six integer types, with
// each default order (relaxed, acq_rel, seq_cst) and each explicit order
// (relaxed, acquire, release, acq_rel, seq_cst), three ways: global
// counters from a range kernel of a prime size (so the launch is padded),
// global counters from an nd-range kernel of many groups, and counters in
// each group's local memory (atomic_ref<..., local_space>). All work-items
// (of a group) hit the same few counters. The final value of each counter
// is checked against a serial fold, and the values the ticket-like
// operations (fetch_add(1), ++, --, exchange) return must be the expected
// ones in some order: a lost update repeats a value.
#include "atomics.hpp"

#include <limits>
#include <string>
#include <type_traits>

namespace {

using namespace atomics;

/// Counter slots of one run.
enum Slot {
  Ticket,   ///< fetch_add(1)
  Sub,      ///< fetch_sub(x)
  And,      ///< fetch_and(clear one low bit), from all ones
  Or,       ///< fetch_or(one bit)
  Xor,      ///< fetch_xor(x)
  Min,      ///< fetch_min(x), from the largest value
  Max,      ///< fetch_max(x), from the lowest value
  PreInc,   ///< ++a
  PostDec,  ///< a--
  AddSub,   ///< += x, then -= y
  AndOp,    ///< &= (clear one high bit), from all ones
  OrOp,     ///< |= (one bit)
  XorOp,    ///< ^= x
  Exchange, ///< exchange(item + 1), from 0
  Stored,   ///< store then load of the item's own slot
  NumSlots
};

const char *slotName(int S) {
  static const char *Names[] = {
      "fetch_add(1)", "fetch_sub", "fetch_and", "fetch_or", "fetch_xor",
      "fetch_min",    "fetch_max", "++a",       "a--",      "+= -=",
      "&=",           "|=",        "^=",        "exchange", "store/load"};
  return Names[S];
}

template <typename T> T operandOf(uint32_t Item, uint32_t Salt) {
  // Spread the 32 random bits over the whole type, signed values included.
  uint64_t V = uint64_t(corpus::input(Item, Salt)) * 0x9E3779B97F4A7C15ull;
  return T(V >> (64 - 8 * sizeof(T)));
}

template <typename T> constexpr int Bits = int(8 * sizeof(T));

/// The counters' initial values.
template <typename T> std::vector<T> initialCounters() {
  std::vector<T> C(NumSlots, T(0));
  C[Sub] = operandOf<T>(1u << 30, 9);
  C[And] = C[AndOp] = T(~T(0));
  C[Min] = std::numeric_limits<T>::max();
  C[Max] = std::numeric_limits<T>::lowest();
  C[PostDec] = T(T(0) - T(7)); // wraps for unsigned types
  C[XorOp] = operandOf<T>(1u << 29, 9);
  return C;
}

/// What every work-item does to the counters \p C in address space Space,
/// with default order Default and explicit order Explicit. The per-item
/// results go to Returned (one row per item).
template <typename T, memory_order Default, memory_order Explicit,
          Space CounterSpace>
void apply(T *C, T *Stores, T *Returned, uint32_t Item) {
  using Ref = sycl::atomic_ref<T, Default, memory_scope::device, CounterSpace>;
  constexpr memory_scope Scope = memory_scope::device;
  T *R = Returned + size_t(Item) * 4;
  T X = operandOf<T>(Item, 1), Y = operandOf<T>(Item, 2);
  R[0] = Ref(C[Ticket]).fetch_add(T(1), Explicit, Scope);
  Ref(C[Sub]).fetch_sub(X, Explicit);
  Ref(C[And]).fetch_and(T(~(T(1) << (Item % (Bits<T> / 2)))), Explicit);
  Ref(C[Or]).fetch_or(T(T(1) << (Item % 61 % Bits<T>)), Explicit, Scope);
  Ref(C[Xor]).fetch_xor(X, Explicit);
  Ref(C[Min]).fetch_min(Y, Explicit);
  Ref(C[Max]).fetch_max(Y, Explicit, Scope);
  R[1] = ++Ref(C[PreInc]);
  R[2] = Ref(C[PostDec])--;
  Ref(C[AddSub]) += X;
  Ref(C[AddSub]) -= Y;
  if (Item % 3 == 0) // only high bits, and not all of them
    Ref(C[AndOp]) &= T(~(T(1) << (Bits<T> / 2 + Item % (Bits<T> / 4))));
  Ref(C[OrOp]) |= T(T(1) << (Item % 29));
  Ref(C[XorOp]) ^= Y;
  R[3] = Ref(C[Exchange]).exchange(T(Item + 1), Explicit);
  sycl::atomic_ref<T, Default, memory_scope::device> Own(Stores[Item]);
  Own.store(X);
  Own = T(Own.load() ^ Y);
  Own.store(T(Own ^ X), memory_order::relaxed);
  if (Explicit == memory_order::acquire || Explicit == memory_order::seq_cst)
    Stores[Item] = Own.load(Explicit, Scope);
}

/// The serial reference of the counters after items [First, First + N).
template <typename T>
std::vector<T> referenceCounters(uint32_t First, uint32_t N) {
  std::vector<T> C = initialCounters<T>();
  using U = std::make_unsigned_t<T>;
  for (uint32_t Item = First; Item < First + N; ++Item) {
    T X = operandOf<T>(Item, 1), Y = operandOf<T>(Item, 2);
    C[Ticket] = T(U(C[Ticket]) + 1);
    C[Sub] = T(U(C[Sub]) - U(X));
    C[And] &= T(~(T(1) << (Item % (Bits<T> / 2))));
    C[Or] |= T(T(1) << (Item % 61 % Bits<T>));
    C[Xor] ^= X;
    C[Min] = std::min(C[Min], Y);
    C[Max] = std::max(C[Max], Y);
    C[PreInc] = T(U(C[PreInc]) + 1);
    C[PostDec] = T(U(C[PostDec]) - 1);
    C[AddSub] = T(U(C[AddSub]) + U(X) - U(Y));
    if (Item % 3 == 0)
      C[AndOp] &= T(~(T(1) << (Bits<T> / 2 + Item % (Bits<T> / 4))));
    C[OrOp] |= T(T(1) << (Item % 29));
    C[XorOp] ^= Y;
  }
  C[Exchange] = T(First + N); // the last exchange; checked separately
  return C;
}

/// Checks the counters and returned values of a run over \p N items in
/// groups of \p GroupItems, each group with its own counters (one group
/// for global counters): row g of \p C holds group g's counters.
template <typename T>
int checkRun(const std::string &Name, const T *C, const T *Stores,
             const T *Returned, uint32_t N, uint32_t GroupItems) {
  const uint32_t Groups = N / GroupItems;
  std::vector<std::vector<T>> Want(Groups);
  for (uint32_t G = 0; G < Groups; ++G)
    Want[G] = referenceCounters<T>(G * GroupItems, GroupItems);
  int Rc = 0;
  for (int S = 0; S < NumSlots; ++S) {
    if (S == Exchange || S == Stored)
      continue;
    std::vector<T> Got(Groups), WantSlot(Groups);
    for (uint32_t G = 0; G < Groups; ++G) {
      Got[G] = C[G * NumSlots + S];
      WantSlot[G] = Want[G][S];
    }
    Rc |=
        corpus::check((Name + " " + slotName(S)).c_str(), Got.data(), WantSlot);
  }
  // What the ticket-like operations hand back, per group in any order.
  std::vector<T> Got[4], Expect[4];
  const T PostDecStart = initialCounters<T>()[PostDec];
  for (uint32_t G = 0; G < Groups; ++G) {
    for (uint32_t K = 0; K < GroupItems; ++K) {
      const T *Row = Returned + size_t(G * GroupItems + K) * 4;
      for (int Column = 0; Column < 4; ++Column)
        Got[Column].push_back(Row[Column]);
      Expect[0].push_back(T(K));
      Expect[1].push_back(T(K + 1));
      Expect[2].push_back(T(PostDecStart - T(K)));
      // exchange: the values handed back and the one left are the initial
      // 0 and every item's id + 1.
      Expect[3].push_back(T(G * GroupItems + K + 1));
    }
    Got[3].push_back(C[G * NumSlots + Exchange]);
    Expect[3].push_back(T(0));
  }
  const char *Names[] = {" fetch_add(1) results", " ++a results",
                         " a-- results", " exchange results"};
  for (int Column = 0; Column < 4; ++Column)
    Rc |= checkSameValues((Name + Names[Column]).c_str(), Got[Column],
                          Expect[Column], GroupItems + (Column == 3 ? 1 : 0));
  std::vector<T> WantStores(N);
  for (uint32_t Item = 0; Item < N; ++Item)
    WantStores[Item] = operandOf<T>(Item, 2);
  Rc |= corpus::check((Name + " store/load").c_str(), Stores, WantStores);
  return Rc;
}

/// Where a run keeps its counters and how it launches.
enum class Mode { GlobalRange, GlobalNdRange, LocalNdRange };

const char *modeName(Mode M) {
  return M == Mode::GlobalRange     ? " global range"
         : M == Mode::GlobalNdRange ? " global nd-range"
                                    : " local nd-range";
}

/// Runs apply<T, Default, Explicit> over every item in mode \p M.
template <typename T, memory_order Default, memory_order Explicit>
int runMode(sycl::queue &Q, const std::string &Name, Mode M) {
  // Prime for the range launch; the nd-ranges are 70 groups of 143.
  const uint32_t N = M == Mode::GlobalRange ? 10007 : 10010, Local = 143;
  const uint32_t Groups = M == Mode::LocalNdRange ? N / Local : 1;
  T *C = sycl::malloc_shared<T>(Groups * NumSlots, Q);
  T *Init = sycl::malloc_shared<T>(NumSlots, Q);
  T *Stores = sycl::malloc_shared<T>(N, Q);
  T *Returned = sycl::malloc_shared<T>(size_t(N) * 4, Q);
  std::vector<T> Initial = initialCounters<T>();
  std::copy(Initial.begin(), Initial.end(), Init);
  std::copy(Initial.begin(), Initial.end(), C);
  std::fill(Stores, Stores + N, T(0));
  if (M == Mode::GlobalRange) {
    Q.parallel_for(sycl::range<1>(N), [=](sycl::item<1> It) {
       apply<T, Default, Explicit, Space::global_space>(C, Stores, Returned,
                                                        uint32_t(It[0]));
     }).wait();
  } else if (M == Mode::GlobalNdRange) {
    Q.parallel_for(sycl::nd_range<1>(N, Local), [=](sycl::nd_item<1> It) {
       apply<T, Default, Explicit, Space::generic_space>(
           C, Stores, Returned, uint32_t(It.get_global_id(0)));
     }).wait();
  } else {
    Q.submit([&](sycl::handler &CGH) {
       sycl::local_accessor<T, 1> Counters(sycl::range<1>(NumSlots), CGH);
       CGH.parallel_for(sycl::nd_range<1>(N, Local), [=](sycl::nd_item<1> It) {
         size_t Self = It.get_local_id(0);
         if (Self < NumSlots)
           Counters[Self] = Init[Self];
         sycl::group_barrier(It.get_group());
         apply<T, Default, Explicit, Space::local_space>(
             &Counters[0], Stores, Returned, uint32_t(It.get_global_id(0)));
         sycl::group_barrier(It.get_group());
         if (Self < NumSlots)
           C[It.get_group(0) * NumSlots + Self] = Counters[Self];
       });
     }).wait();
  }
  int Rc = checkRun<T>(Name + modeName(M), C, Stores, Returned, N, N / Groups);
  sycl::free(C, Q);
  sycl::free(Init, Q);
  sycl::free(Stores, Q);
  sycl::free(Returned, Q);
  return Rc;
}

/// Every mode of apply<T, Default, Explicit>.
template <typename T, memory_order Default, memory_order Explicit>
int runOrders(sycl::queue &Q, const char *Type) {
  std::string Name = std::string(Type) + " default " + orderName(Default) +
                     " explicit " + orderName(Explicit);
  int Rc = 0;
  for (Mode M : {Mode::GlobalRange, Mode::GlobalNdRange, Mode::LocalNdRange})
    Rc |= runMode<T, Default, Explicit>(Q, Name, M);
  return Rc;
}

template <typename T> int runType(sycl::queue &Q, const char *Type) {
  using O = memory_order;
  int Rc = runOrders<T, O::relaxed, O::relaxed>(Q, Type);
  Rc |= runOrders<T, O::acq_rel, O::acquire>(Q, Type);
  Rc |= runOrders<T, O::acq_rel, O::release>(Q, Type);
  Rc |= runOrders<T, O::seq_cst, O::acq_rel>(Q, Type);
  Rc |= runOrders<T, O::seq_cst, O::seq_cst>(Q, Type);
  return Rc;
}

} // namespace

int main() {
  sycl::queue Q;
  int Rc = runType<int>(Q, "int");
  Rc |= runType<unsigned int>(Q, "unsigned int");
  Rc |= runType<long>(Q, "long");
  Rc |= runType<unsigned long>(Q, "unsigned long");
  Rc |= runType<long long>(Q, "long long");
  Rc |= runType<unsigned long long>(Q, "unsigned long long");
  return Rc;
}
