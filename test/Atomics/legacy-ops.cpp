// Every operation of the SYCL 1.2.1 sycl::atomic<T>, as a member and as
// the atomic_* free function, for every integer type it takes, and load,
// store and exchange for float; in global memory (access_mode::atomic
// buffer accessors, and atomic<T> made from a global_ptr into USM) and in
// local memory (target::local atomic accessors). Checked against a serial
// host reference: the final values of counters that many work-items of
// many groups update at once (and, or, xor, min and max do not depend on
// the order), the values read-modify-writes hand back (a permutation for
// add, sub and exchange), one winner among racing compare-exchanges, and
// stores read back with load.
#include "atomics.hpp"

#include <string>

namespace {

using sycl::access::mode;
using sycl::access::target;

enum class Op { Add, Sub, And, Or, Xor, Min, Max };
constexpr Op AllOps[] = {Op::Add, Op::Sub, Op::And, Op::Or,
                         Op::Xor, Op::Min, Op::Max};

const char *opName(Op O) {
  switch (O) {
  case Op::Add:
    return "fetch_add";
  case Op::Sub:
    return "fetch_sub";
  case Op::And:
    return "fetch_and";
  case Op::Or:
    return "fetch_or";
  case Op::Xor:
    return "fetch_xor";
  case Op::Min:
    return "fetch_min";
  default:
    return "fetch_max";
  }
}

/// The operand work-item \p I applies: one bit cleared (and), one bit set
/// (or), else a value over the type's whole range (negative ones too).
template <typename T> T operandOf(Op O, uint32_t I) {
  using U = std::make_unsigned_t<T>;
  uint64_t R = uint64_t(corpus::input(I, 21)) << 32 | corpus::input(I, 22);
  unsigned Bit = unsigned(R % (sizeof(T) * 8));
  if (O == Op::And)
    return T(U(~(U(1) << Bit)));
  if (O == Op::Or)
    return T(U(1) << Bit);
  return T(U(R));
}

/// The start value of counter \p K.
template <typename T> T initialOf(Op O, size_t K) {
  using U = std::make_unsigned_t<T>;
  if (O == Op::And)
    return T(U(~U(0)));
  if (O == Op::Or)
    return T(0);
  return operandOf<T>(O, uint32_t(1000000 + K));
}

/// The host's \p Old after operation \p O with \p V.
template <typename T> T apply(Op O, T Old, T V) {
  using U = std::make_unsigned_t<T>;
  switch (O) {
  case Op::Add:
    return T(U(Old) + U(V));
  case Op::Sub:
    return T(U(Old) - U(V));
  case Op::And:
    return T(Old & V);
  case Op::Or:
    return T(Old | V);
  case Op::Xor:
    return T(Old ^ V);
  case Op::Min:
    return V < Old ? V : Old;
  default:
    return Old < V ? V : Old;
  }
}

/// The kernel's operation \p O on \p A: the member function, or with
/// \p Free the free function.
template <typename T, sycl::access::address_space Space>
void applyAtomic(Op O, sycl::atomic<T, Space> A, T V, bool Free) {
  switch (O) {
  case Op::Add:
    Free ? (void)sycl::atomic_fetch_add(A, V) : (void)A.fetch_add(V);
    return;
  case Op::Sub:
    Free ? (void)sycl::atomic_fetch_sub(A, V) : (void)A.fetch_sub(V);
    return;
  case Op::And:
    Free ? (void)sycl::atomic_fetch_and(A, V) : (void)A.fetch_and(V);
    return;
  case Op::Or:
    Free ? (void)sycl::atomic_fetch_or(A, V) : (void)A.fetch_or(V);
    return;
  case Op::Xor:
    Free ? (void)sycl::atomic_fetch_xor(A, V) : (void)A.fetch_xor(V);
    return;
  case Op::Min:
    Free ? (void)sycl::atomic_fetch_min(A, V) : (void)A.fetch_min(V);
    return;
  case Op::Max:
    Free ? (void)sycl::atomic_fetch_max(A, V, sycl::memory_order::relaxed)
         : (void)A.fetch_max(V, sycl::memory_order::relaxed);
    return;
  }
}

/// N work-items apply \p O to Counters counters of a global atomic
/// accessor, item i to counter i % Counters through the member function
/// and to counter Counters + i % Counters through the free function.
template <typename T>
int globalOp(sycl::queue &Q, const std::string &Type, Op O, size_t N,
             size_t Counters) {
  std::vector<T> Values(2 * Counters);
  for (size_t K = 0; K < Counters; ++K)
    Values[K] = Values[Counters + K] = initialOf<T>(O, K);
  std::vector<T> Want(Values);
  for (size_t I = 0; I < N; ++I) {
    T V = operandOf<T>(O, uint32_t(I));
    size_t K = I % Counters;
    Want[K] = Want[Counters + K] = apply(O, Want[K], V);
  }
  {
    sycl::buffer<T, 1> Buf(Values.data(), sycl::range<1>(2 * Counters));
    Q.submit([&](sycl::handler &CGH) {
      auto Acc = Buf.template get_access<mode::atomic>(CGH);
      CGH.parallel_for(sycl::range<1>(N), [=](sycl::id<1> Id) {
        uint32_t I = uint32_t(Id[0]);
        T V = operandOf<T>(O, I);
        applyAtomic<T>(O, Acc[I % Counters], V, false);
        applyAtomic<T>(O, Acc[Counters + I % Counters], V, true);
      });
    });
  }
  std::string Name = "global " + Type + " " + opName(O);
  return corpus::check(Name.c_str(), Values.data(), Want);
}

/// The same in local memory: each group applies \p O to one local counter,
/// which its leader then copies out.
template <typename T>
int localOp(sycl::queue &Q, const std::string &Type, Op O, size_t Groups,
            size_t Local) {
  std::vector<T> Want(Groups);
  for (size_t G = 0; G < Groups; ++G) {
    Want[G] = initialOf<T>(O, G);
    for (size_t L = 0; L < Local; ++L)
      Want[G] = apply(O, Want[G], operandOf<T>(O, uint32_t(G * Local + L)));
  }
  std::vector<T> Got(Groups);
  {
    sycl::buffer<T, 1> Buf(Got.data(), sycl::range<1>(Groups));
    Q.submit([&](sycl::handler &CGH) {
      auto Out = Buf.template get_access<mode::write>(CGH);
      sycl::accessor<T, 1, mode::atomic, target::local> Counter(
          sycl::range<1>(1), CGH);
      CGH.parallel_for(
          sycl::nd_range<1>(Groups * Local, Local), [=](sycl::nd_item<1> It) {
            size_t Group = It.get_group(0);
            bool Leader = It.get_local_id(0) == 0;
            if (Leader)
              Counter[0].store(initialOf<T>(O, Group));
            It.barrier(sycl::access::fence_space::local_space);
            uint32_t I = uint32_t(It.get_global_id(0));
            applyAtomic<T>(O, Counter[0], operandOf<T>(O, I), I % 2 == 1);
            It.barrier(sycl::access::fence_space::local_space);
            if (Leader)
              Out[Group] = sycl::atomic_load(Counter[0]);
          });
    });
  }
  std::string Name = "local " + Type + " " + opName(O);
  return corpus::check(Name.c_str(), Got.data(), Want);
}

/// fetch_add(1) and atomic_fetch_sub(1) on one counter each: the values
/// handed back are 0..N-1 and N..1 in some order.
template <typename T>
int fetchReturns(sycl::queue &Q, const std::string &Type, size_t N) {
  std::vector<T> Counters = {T(0), T(N)};
  std::vector<T> Added(N), Subtracted(N);
  {
    sycl::buffer<T, 1> CountersBuf(Counters.data(), sycl::range<1>(2));
    sycl::buffer<T, 1> AddedBuf(Added.data(), sycl::range<1>(N));
    sycl::buffer<T, 1> SubtractedBuf(Subtracted.data(), sycl::range<1>(N));
    Q.submit([&](sycl::handler &CGH) {
      sycl::accessor<T, 1, mode::atomic> C(CountersBuf, CGH);
      sycl::accessor<T, 1, mode::write> A(AddedBuf, CGH);
      sycl::accessor<T, 1, mode::write> S(SubtractedBuf, CGH);
      CGH.parallel_for(sycl::range<1>(N), [=](sycl::id<1> I) {
        A[I] = C[0].fetch_add(T(1));
        S[I] = sycl::atomic_fetch_sub(C[1], T(1));
      });
    });
  }
  int Rc = atomics::checkPermutation(("fetch_add returns, " + Type).c_str(),
                                     Added, T(0));
  Rc |= atomics::checkPermutation(("atomic_fetch_sub returns, " + Type).c_str(),
                                  Subtracted, T(1));
  return Rc | atomics::checkSameValues(("final counts, " + Type).c_str(),
                                       Counters, std::vector<T>{T(N), T(0)}, 1);
}

/// exchange and atomic_exchange of work-item values into one counter each:
/// what they hand back, with the final value, is the start value and every
/// work-item's value.
template <typename T>
int exchanges(sycl::queue &Q, const std::string &Type, size_t N) {
  auto ValueOf = [](size_t I) { return T(I) + T(1); };
  std::vector<T> Counters = {T(0), T(0)};
  std::vector<T> Olds(2 * N);
  {
    sycl::buffer<T, 1> CountersBuf(Counters.data(), sycl::range<1>(2));
    sycl::buffer<T, 1> OldsBuf(Olds.data(), sycl::range<1>(2 * N));
    Q.submit([&](sycl::handler &CGH) {
      auto C = CountersBuf.template get_access<mode::atomic>(CGH);
      auto O = OldsBuf.template get_access<mode::write>(CGH);
      CGH.parallel_for(sycl::range<1>(N), [=](sycl::id<1> I) {
        O[I[0]] = C[0].exchange(ValueOf(I[0]));
        O[N + I[0]] = sycl::atomic_exchange(C[1], ValueOf(I[0]));
      });
    });
  }
  int Rc = 0;
  for (int Which = 0; Which < 2; ++Which) {
    std::vector<T> Seen(Olds.begin() + Which * N,
                        Olds.begin() + (Which + 1) * N);
    Seen.push_back(Counters[Which]);
    std::vector<T> Want = {T(0)};
    for (size_t I = 0; I < N; ++I)
      Want.push_back(ValueOf(I));
    std::string Name =
        std::string(Which ? "atomic_exchange " : "exchange ") + Type;
    Rc |= atomics::checkSameValues(Name.c_str(), Seen, Want, Want.size());
  }
  return Rc;
}

/// compare_exchange_strong: an increment loop on one counter (member) and
/// another (free function) reaches N; and of N work-items swapping 0 for
/// their own value, exactly one wins and every other sees its value.
template <typename T>
int compareExchanges(sycl::queue &Q, const std::string &Type, size_t N) {
  std::vector<T> Counters = {T(0), T(0), T(0)};
  std::vector<T> Seen(N);
  {
    sycl::buffer<T, 1> CountersBuf(Counters.data(), sycl::range<1>(3));
    sycl::buffer<T, 1> SeenBuf(Seen.data(), sycl::range<1>(N));
    Q.submit([&](sycl::handler &CGH) {
      auto C = CountersBuf.template get_access<mode::atomic>(CGH);
      auto S = SeenBuf.template get_access<mode::write>(CGH);
      CGH.parallel_for(sycl::range<1>(N), [=](sycl::id<1> I) {
        sycl::atomic<T> Loop = C[0];
        T Old = Loop.load();
        while (!Loop.compare_exchange_strong(Old, T(Old + T(1))))
          ;
        T FreeOld = sycl::atomic_load(C[1]);
        while (!sycl::atomic_compare_exchange_strong(C[1], FreeOld,
                                                     T(FreeOld + T(1))))
          ;
        T Expected = T(0);
        bool Won = C[2].compare_exchange_strong(Expected, T(I[0] + 1),
                                                sycl::memory_order::relaxed,
                                                sycl::memory_order::relaxed);
        S[I] = Won ? T(0) : Expected;
      });
    });
  }
  int Rc = atomics::checkSameValues(
      ("compare_exchange_strong loops, " + Type).c_str(),
      std::vector<T>{Counters[0], Counters[1]}, std::vector<T>{T(N), T(N)}, 1);
  size_t Winners = 0;
  bool LosersSawWinner = true;
  for (T V : Seen) {
    if (V == T(0))
      ++Winners;
    else
      LosersSawWinner &= V == Counters[2];
  }
  std::string Name = "compare_exchange_strong race, " + Type;
  if (Winners != 1 || !LosersSawWinner || Counters[2] == T(0)) {
    std::printf("%s: FAIL, %zu winners\n", Name.c_str(), Winners);
    return 1;
  }
  std::printf("%s: OK\n", Name.c_str());
  return Rc;
}

/// store and atomic_store through atomic<T> made from global_ptrs into USM,
/// read back with load and atomic_load.
template <typename T>
int storesAndLoads(sycl::queue &Q, const std::string &Type, size_t N) {
  auto ValueOf = [](size_t I) { return T(corpus::input(uint32_t(I), 23)); };
  T *Data = sycl::malloc_shared<T>(N, Q);
  T *Back = sycl::malloc_shared<T>(2 * N, Q);
  Q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> I) {
     sycl::atomic<T> A(sycl::global_ptr<T>(Data + I[0]));
     if (I[0] % 2)
       sycl::atomic_store(A, ValueOf(I[0]));
     else
       A.store(ValueOf(I[0]), sycl::memory_order::relaxed);
   }).wait();
  Q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> I) {
     sycl::atomic<T> A(sycl::global_ptr<T>(Data + I[0]));
     Back[I[0]] = A.load();
     Back[N + I[0]] = sycl::atomic_load(A, sycl::memory_order::relaxed);
   }).wait();
  std::vector<T> Want(2 * N);
  for (size_t I = 0; I < N; ++I)
    Want[I] = Want[N + I] = ValueOf(I);
  int Rc = corpus::check(("store and load, " + Type).c_str(), Back, Want);
  sycl::free(Data, Q);
  sycl::free(Back, Q);
  return Rc;
}

template <typename T> int allIntegerOps(sycl::queue &Q, const char *TypeName) {
  std::string Type = TypeName;
  int Rc = 0;
  for (Op O : AllOps) {
    Rc |= globalOp<T>(Q, Type, O, 5003, 7);
    Rc |= localOp<T>(Q, Type, O, 23, 64);
  }
  Rc |= fetchReturns<T>(Q, Type, 3001);
  Rc |= exchanges<T>(Q, Type, 2048);
  Rc |= compareExchanges<T>(Q, Type, 1500);
  Rc |= storesAndLoads<T>(Q, Type, 1000);
  return Rc;
}

/// atomic<float>: load, store and exchange.
int floatOps(sycl::queue &Q) {
  int Rc = storesAndLoads<float>(Q, "float", 777);
  return Rc | exchanges<float>(Q, "float", 1024);
}

} // namespace

int main() {
  sycl::queue Q;
  int Rc = allIntegerOps<int>(Q, "int");
  Rc |= allIntegerOps<unsigned int>(Q, "unsigned int");
  Rc |= allIntegerOps<long>(Q, "long");
  Rc |= allIntegerOps<unsigned long>(Q, "unsigned long");
  Rc |= allIntegerOps<long long>(Q, "long long");
  Rc |= allIntegerOps<unsigned long long>(Q, "unsigned long long");
  Rc |= floatOps(Q);
  return Rc;
}
