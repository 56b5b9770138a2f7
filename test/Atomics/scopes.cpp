// atomic_ref under every memory_scope: work_item, sub_group, work_group,
// device and system, each as the default scope and as the scope argument
// of the operations. A counter is shared by exactly the work-items the
// scope covers: one work-item's own, one sub-group's, one work-group's, or
// (device, system) one of a few bins shared by every group; system-scope
// USM counters live in a host allocation. The counters are global (USM,
// or a buffer through an accessor) or local (a local_accessor of an
// nd_range kernel, where device and system scope share by work-group).
// Each work-item adds and subtracts with fetch_add / fetch_sub / +=, under
// the default order and every read-modify-write order given as a constant,
// adds in a compare_exchange_weak loop (five success / failure pairs,
// after a load under each load order), raises a maximum with a
// compare_exchange_strong loop, and exchanges its tag in. int and float
// under each default order (relaxed, acq_rel, seq_cst), unsigned long and
// double under one.
// Floating-point values are quarters of small integers, so every sum is
// exact in any order; the serial reference must match bit for bit, and
// the exchanged values with the last one left must be the initial value
// and the tags of the counter's work-items.
#include "atomics.hpp"

#include <limits>
#include <string>
#include <type_traits>

namespace {

using namespace atomics;

/// The kernel shape: 12 groups of 2 x 42 items. 42 is no multiple of a
/// sub-group size above 2, so each row ends in a partial sub-group.
const sycl::range<2> GlobalSize(8, 126), LocalSize(2, 42);
constexpr uint32_t Items = 8 * 126, GroupItems = 2 * 42;
/// How many bins device- and system-scope counters spread over.
constexpr uint32_t Bins = 7;

/// The counters of one owner.
enum Slot { Sum, CasSum, Max, Exchanged, NumSlots };

/// Where the counters live.
enum class Memory { Usm, Accessor, Local };

const char *memoryName(Memory M) {
  return M == Memory::Usm        ? "global USM"
         : M == Memory::Accessor ? "global accessor"
                                 : "local";
}

const char *scopeName(memory_scope S) {
  switch (S) {
  case memory_scope::work_item:
    return "work_item";
  case memory_scope::sub_group:
    return "sub_group";
  case memory_scope::work_group:
    return "work_group";
  case memory_scope::device:
    return "device";
  default:
    return "system";
  }
}

/// A value in [-64, 64], a quarter of it for floating-point types.
template <typename T> T valueOf(uint32_t Item, uint32_t Salt) {
  int V = int(corpus::input(Item, Salt) % 129) - 64;
  if constexpr (std::is_floating_point_v<T>)
    return T(V) * T(0.25);
  else
    return T(V); // wraps for unsigned types, as the reference does
}

/// The value work-item \p Item exchanges in: never the initial 0.
template <typename T> T tagOf(uint32_t Item) { return T(Item + 1); }

template <typename T> std::vector<T> initialCounters() {
  std::vector<T> C(NumSlots, T(0));
  C[Sum] = T(10);
  C[CasSum] = T(3);
  C[Max] = std::numeric_limits<T>::lowest();
  return C;
}

template <memory_order O>
using OrderC = std::integral_constant<memory_order, O>;

/// Calls \p Fn with read-modify-write order number \p I % 5 as a
/// compile-time constant (an integral_constant that converts to it).
template <typename FnT> void withRmwOrder(uint32_t I, FnT Fn) {
  switch (I % 5) {
  case 0:
    return Fn(OrderC<memory_order::relaxed>());
  case 1:
    return Fn(OrderC<memory_order::acquire>());
  case 2:
    return Fn(OrderC<memory_order::release>());
  case 3:
    return Fn(OrderC<memory_order::acq_rel>());
  default:
    return Fn(OrderC<memory_order::seq_cst>());
  }
}

/// Calls \p Fn with load order number \p I % 3 as a constant.
template <typename FnT> void withLoadOrder(uint32_t I, FnT Fn) {
  switch (I % 3) {
  case 0:
    return Fn(OrderC<memory_order::relaxed>());
  case 1:
    return Fn(OrderC<memory_order::acquire>());
  default:
    return Fn(OrderC<memory_order::seq_cst>());
  }
}

/// Calls \p Fn with compare-exchange success and failure orders number
/// \p I % 5 as constants.
template <typename FnT> void withCasOrders(uint32_t I, FnT Fn) {
  using O = memory_order;
  switch (I % 5) {
  case 0:
    return Fn(OrderC<O::relaxed>(), OrderC<O::relaxed>());
  case 1:
    return Fn(OrderC<O::acquire>(), OrderC<O::acquire>());
  case 2:
    return Fn(OrderC<O::release>(), OrderC<O::relaxed>());
  case 3:
    return Fn(OrderC<O::acq_rel>(), OrderC<O::acquire>());
  default:
    return Fn(OrderC<O::seq_cst>(), OrderC<O::seq_cst>());
  }
}

/// What work-item \p Item does to the counters \p C of its owner (in
/// address space S); returns the value its exchange replaced.
template <typename T, memory_order Order, memory_scope Scope, Space S>
T update(T *C, uint32_t Item) {
  using Ref = sycl::atomic_ref<T, Order, Scope, S>;
  const T X = valueOf<T>(Item, 1), Y = valueOf<T>(Item, 2),
          Z = valueOf<T>(Item, 3);
  Ref Total(C[Sum]);
  Total.fetch_add(X);
  withRmwOrder(Item, [&](auto O) { Total.fetch_add(Y, O, Scope); });
  withRmwOrder(Item + 2, [&](auto O) { Total.fetch_sub(Z, O); });
  Total += X;

  Ref Cas(C[CasSum]);
  T Old = T(0);
  withLoadOrder(Item, [&](auto O) { Old = Cas.load(O, Scope); });
  withCasOrders(Item, [&](auto Success, auto Failure) {
    while (!Cas.compare_exchange_weak(Old, T(Old + Y), Success, Failure, Scope))
      ;
  });

  Ref Highest(C[Max]);
  T Seen = Highest.load();
  withRmwOrder(Item, [&](auto O) {
    while (Seen < Z && !Highest.compare_exchange_strong(Seen, Z, O, Scope))
      ;
  });

  T Replaced = T(0);
  withRmwOrder(Item + 1, [&](auto O) {
    Replaced = Ref(C[Exchanged]).exchange(tagOf<T>(Item), O, Scope);
  });
  return Replaced;
}

/// The index, among the counters of its work-group (\p InGroup) or of the
/// whole kernel, of the owner whose counters work-item \p It updates.
template <memory_scope Scope>
uint32_t ownerOf(const sycl::nd_item<2> &It, bool InGroup) {
  uint32_t Group = uint32_t(It.get_group_linear_id());
  uint32_t Local = 0;
  if (Scope == memory_scope::work_item)
    Local = uint32_t(It.get_local_linear_id());
  else if (Scope == memory_scope::sub_group)
    Local = It.get_sub_group().get_group_linear_id();
  else if (!InGroup &&
           (Scope == memory_scope::device || Scope == memory_scope::system))
    return corpus::input(uint32_t(It.get_global_linear_id()), 4) % Bins;
  return InGroup ? Local : Group * GroupItems + Local;
}

/// Compares the counters \p C of every owner (Items owners at most) and
/// the values \p Replaced handed back by the exchanges with a serial
/// replay of the work-items, each at the owner \p OwnerOf says.
template <typename T>
int checkRun(const std::string &Name, const std::vector<T> &C,
             const std::vector<T> &Replaced,
             const std::vector<uint32_t> &OwnerOf) {
  std::vector<T> Want;
  for (uint32_t O = 0; O < Items; ++O) {
    std::vector<T> Initial = initialCounters<T>();
    Want.insert(Want.end(), Initial.begin(), Initial.end());
  }
  // Per owner: what the exchanges handed back, and the value left.
  std::vector<std::vector<T>> Chains(Items), WantChains(Items);
  int Rc = 0;
  for (uint32_t Item = 0; Item < Items; ++Item) {
    uint32_t O = OwnerOf[Item];
    if (O >= Items) {
      std::printf("%s: FAIL, owner %u of item %u out of range\n", Name.c_str(),
                  O, Item);
      return 1;
    }
    T X = valueOf<T>(Item, 1), Y = valueOf<T>(Item, 2), Z = valueOf<T>(Item, 3);
    T *W = &Want[O * NumSlots];
    W[Sum] = T(W[Sum] + X + Y - Z + X);
    W[CasSum] = T(W[CasSum] + Y);
    W[Max] = std::max(W[Max], Z);
    W[Exchanged] = T(0); // compared through the chains
    Chains[O].push_back(Replaced[Item]);
    WantChains[O].push_back(tagOf<T>(Item));
  }
  std::vector<T> Got = C, ChainValues, WantChainValues;
  for (uint32_t O = 0; O < Items; ++O) {
    Got[O * NumSlots + Exchanged] = T(0);
    if (WantChains[O].empty())
      continue;
    Chains[O].push_back(C[O * NumSlots + Exchanged]);
    WantChains[O].push_back(T(0));
    std::sort(Chains[O].begin(), Chains[O].end());
    std::sort(WantChains[O].begin(), WantChains[O].end());
    ChainValues.insert(ChainValues.end(), Chains[O].begin(), Chains[O].end());
    WantChainValues.insert(WantChainValues.end(), WantChains[O].begin(),
                           WantChains[O].end());
  }
  Rc |= corpus::check((Name + " counters").c_str(), Got.data(), Want);
  Rc |= corpus::check((Name + " exchanges").c_str(), ChainValues.data(),
                      WantChainValues);
  return Rc;
}

/// One kernel of \p Scope on counters in \p M; checks the results.
template <typename T, memory_order Order, memory_scope Scope>
int runScope(sycl::queue &Q, const char *Type, Memory M) {
  const std::string Name = std::string(Type) + " default " + orderName(Order) +
                           ", " + scopeName(Scope) + " scope, " + memoryName(M);
  const size_t Slots = size_t(Items) * NumSlots;
  std::vector<T> Counters, Initial = initialCounters<T>();
  for (uint32_t O = 0; O < Items; ++O)
    Counters.insert(Counters.end(), Initial.begin(), Initial.end());
  const sycl::usm::alloc Kind = Scope == memory_scope::system
                                    ? sycl::usm::alloc::host
                                    : sycl::usm::alloc::shared;
  T *C = sycl::malloc<T>(Slots, Q, Kind);
  T *Replaced = sycl::malloc_shared<T>(Items, Q);
  uint32_t *OwnerOf = sycl::malloc_shared<uint32_t>(Items, Q);
  const sycl::nd_range<2> Shape(GlobalSize, LocalSize);
  std::copy(Counters.begin(), Counters.end(), C);
  if (M == Memory::Usm) {
    Q.parallel_for(Shape, [=](sycl::nd_item<2> It) {
       uint32_t Item = uint32_t(It.get_global_linear_id());
       uint32_t O = ownerOf<Scope>(It, false);
       OwnerOf[Item] = O;
       Replaced[Item] =
           update<T, Order, Scope, Space::global_space>(&C[O * NumSlots], Item);
     }).wait();
  } else if (M == Memory::Accessor) {
    sycl::buffer<T> Buf(Counters.data(), sycl::range<1>(Slots));
    Q.submit([&](sycl::handler &CGH) {
      sycl::accessor Acc(Buf, CGH, sycl::read_write);
      CGH.parallel_for(Shape, [=](sycl::nd_item<2> It) {
        uint32_t Item = uint32_t(It.get_global_linear_id());
        uint32_t O = ownerOf<Scope>(It, false);
        OwnerOf[Item] = O;
        Replaced[Item] = update<T, Order, Scope, Space::global_space>(
            &Acc[O * NumSlots], Item);
      });
    });
  } else {
    Q.submit([&](sycl::handler &CGH) {
      sycl::local_accessor<T, 1> Local(sycl::range<1>(GroupItems * NumSlots),
                                       CGH);
      CGH.parallel_for(Shape, [=](sycl::nd_item<2> It) {
        // Every work-item sets up and copies out one owner's counters.
        uint32_t Self = uint32_t(It.get_local_linear_id());
        uint32_t Row = uint32_t(It.get_group_linear_id()) * GroupItems;
        for (uint32_t S = 0; S < NumSlots; ++S)
          Local[Self * NumSlots + S] = C[(Row + Self) * NumSlots + S];
        sycl::group_barrier(It.get_group());
        uint32_t Item = uint32_t(It.get_global_linear_id());
        uint32_t O = ownerOf<Scope>(It, true);
        OwnerOf[Item] = Row + O;
        Replaced[Item] = update<T, Order, Scope, Space::local_space>(
            &Local[O * NumSlots], Item);
        sycl::group_barrier(It.get_group());
        for (uint32_t S = 0; S < NumSlots; ++S)
          C[(Row + Self) * NumSlots + S] = Local[Self * NumSlots + S];
      });
    });
  }
  if (M != Memory::Accessor)
    std::copy(C, C + Slots, Counters.begin());
  int Rc = checkRun(Name, Counters, std::vector<T>(Replaced, Replaced + Items),
                    std::vector<uint32_t>(OwnerOf, OwnerOf + Items));
  sycl::free(C, Q);
  sycl::free(Replaced, Q);
  sycl::free(OwnerOf, Q);
  return Rc;
}

/// Every scope in every kind of memory.
template <typename T, memory_order Order>
int runType(sycl::queue &Q, const char *Type) {
  int Rc = 0;
  for (Memory M : {Memory::Usm, Memory::Accessor, Memory::Local}) {
    Rc |= runScope<T, Order, memory_scope::work_item>(Q, Type, M);
    Rc |= runScope<T, Order, memory_scope::sub_group>(Q, Type, M);
    Rc |= runScope<T, Order, memory_scope::work_group>(Q, Type, M);
    Rc |= runScope<T, Order, memory_scope::device>(Q, Type, M);
    Rc |= runScope<T, Order, memory_scope::system>(Q, Type, M);
  }
  return Rc;
}

} // namespace

int main() {
  sycl::queue Q;
  int Rc = runType<int, memory_order::relaxed>(Q, "int");
  Rc |= runType<int, memory_order::acq_rel>(Q, "int");
  Rc |= runType<int, memory_order::seq_cst>(Q, "int");
  Rc |= runType<float, memory_order::relaxed>(Q, "float");
  Rc |= runType<float, memory_order::acq_rel>(Q, "float");
  Rc |= runType<float, memory_order::seq_cst>(Q, "float");
  Rc |= runType<unsigned long, memory_order::acq_rel>(Q, "unsigned long");
  Rc |= runType<double, memory_order::seq_cst>(Q, "double");
  return Rc;
}
