// atomic_ref<float> and atomic_ref<double>: fetch_add / fetch_sub / += / -=
// sums (compare-exchange loops), fetch_min / fetch_max, exchange, and
// load / store, from range and nd-range kernels where every work-item hits
// the same counter, and with the counters in each work-group's local
// memory (atomic_ref<..., local_space>). Inputs are quarters of small integers,
// so every sum is exact in any order and must match the serial reference bit
// for bit; one sum of 1/(i+1) is compared with a tolerance instead. A NaN
// operand of fetch_min / fetch_max is never stored (std::min / std::max
// semantics).
#include "atomics.hpp"

#include <cmath>
#include <limits>
#include <string>

namespace {

using namespace atomics;

enum Slot { Add, Sub, AddOp, SubOp, Min, Max, Harmonic, Exchange, NumSlots };

const char *slotName(int S) {
  static const char *Names[] = {"fetch_add", "fetch_sub", "+=",
                                "-=",        "fetch_min", "fetch_max",
                                "harmonic",  "exchange"};
  return Names[S];
}

/// A quarter of an integer in [-64, 64]: exact sums for any order.
template <typename T> T quarterOf(uint32_t Item, uint32_t Salt) {
  return T(int(corpus::input(Item, Salt) % 129) - 64) * T(0.25);
}

template <typename T> std::vector<T> initialCounters() {
  std::vector<T> C(NumSlots, T(0));
  C[Sub] = T(1000.5);
  C[Min] = std::numeric_limits<T>::infinity();
  C[Max] = -std::numeric_limits<T>::infinity();
  C[Exchange] = T(-1);
  return C;
}

template <typename T, memory_order Default, Space CounterSpace>
void apply(T *C, T *Own, T *Exchanged, uint32_t Item) {
  using Ref = sycl::atomic_ref<T, Default, memory_scope::device, CounterSpace>;
  T X = quarterOf<T>(Item, 1), Y = quarterOf<T>(Item, 2);
  Ref(C[Add]).fetch_add(X);
  Ref(C[Sub]).fetch_sub(Y, memory_order::acq_rel);
  Ref(C[AddOp]) += Y;
  Ref(C[SubOp]) -= X;
  Ref(C[Min]).fetch_min(X * Y, memory_order::relaxed, memory_scope::device);
  Ref(C[Max]).fetch_max(X - Y);
  if (Item % 1000 == 7) { // NaNs never win
    Ref(C[Min]).fetch_min(std::numeric_limits<T>::quiet_NaN());
    Ref(C[Max]).fetch_max(std::numeric_limits<T>::quiet_NaN());
  }
  Ref(C[Harmonic]).fetch_add(T(1) / T(Item + 1), memory_order::seq_cst);
  Exchanged[Item] = Ref(C[Exchange]).exchange(T(Item));
  sycl::atomic_ref<T, Default, memory_scope::device> Mine(Own[Item]);
  Mine.store(X);
  Mine = Mine.load(memory_order::acquire) + Y;
}

/// Where a run keeps its counters and how it launches.
enum class Mode { GlobalRange, GlobalNdRange, LocalNdRange };

const char *modeName(Mode M) {
  return M == Mode::GlobalRange     ? " global range"
         : M == Mode::GlobalNdRange ? " global nd-range"
                                    : " local nd-range";
}

/// Checks row g of \p C, the counters after items [g * GroupItems,
/// (g + 1) * GroupItems), and what the items stored and exchanged.
template <typename T>
int checkRun(const std::string &Name, const T *C, const T *Own,
             const T *Exchanged, uint32_t N, uint32_t GroupItems) {
  const uint32_t Groups = N / GroupItems;
  std::vector<T> Got[NumSlots], Want[NumSlots];
  std::vector<T> Values, WantValues, WantOwn(N);
  int Rc = 0;
  // Rounding differs with the order of the additions.
  const double Tolerance = std::is_same_v<T, float> ? 1e-4 : 1e-12;
  for (uint32_t G = 0; G < Groups; ++G) {
    std::vector<T> Counters = initialCounters<T>();
    double WantHarmonic = 0;
    for (uint32_t Item = G * GroupItems; Item < (G + 1) * GroupItems; ++Item) {
      T X = quarterOf<T>(Item, 1), Y = quarterOf<T>(Item, 2);
      Counters[Add] += X;
      Counters[Sub] -= Y;
      Counters[AddOp] += Y;
      Counters[SubOp] -= X;
      Counters[Min] = std::min(Counters[Min], X * Y);
      Counters[Max] = std::max(Counters[Max], X - Y);
      WantHarmonic += 1.0 / double(Item + 1);
      WantOwn[Item] = X + Y;
      Values.push_back(Exchanged[Item]);
      WantValues.push_back(T(Item));
    }
    for (int S = Add; S <= Max; ++S) {
      Got[S].push_back(C[G * NumSlots + S]);
      Want[S].push_back(Counters[S]);
    }
    double Sum = double(C[G * NumSlots + Harmonic]);
    if (std::fabs(Sum - WantHarmonic) > Tolerance * WantHarmonic && !Rc) {
      std::printf("%s harmonic of group %u: FAIL, got %.17g, want %.17g\n",
                  Name.c_str(), G, Sum, WantHarmonic);
      Rc = 1;
    }
    // exchange: the values handed back and the one left are the initial
    // -1 and every item's id.
    Values.push_back(C[G * NumSlots + Exchange]);
    WantValues.push_back(T(-1));
  }
  for (int S = Add; S <= Max; ++S)
    Rc |= corpus::check((Name + " " + slotName(S)).c_str(), Got[S].data(),
                        Want[S]);
  Rc |= checkSameValues((Name + " exchange results").c_str(), Values,
                        WantValues, GroupItems + 1);
  Rc |= corpus::check((Name + " store/load").c_str(), Own, WantOwn);
  return Rc;
}

template <typename T, memory_order Default>
int runFloat(sycl::queue &Q, const char *Type, Mode M) {
  std::string Name =
      std::string(Type) + " default " + orderName(Default) + modeName(M);
  // Prime for the range launch, else 2 x 10012 in groups of 1 x 4. Exact
  // sums stay below 2^24 quarters.
  const uint32_t N = M == Mode::GlobalRange ? 20011 : 20024;
  const uint32_t Groups = M == Mode::LocalNdRange ? N / 4 : 1;
  T *C = sycl::malloc_shared<T>(Groups * NumSlots, Q);
  T *Init = sycl::malloc_shared<T>(NumSlots, Q);
  T *Own = sycl::malloc_shared<T>(N, Q);
  T *Exchanged = sycl::malloc_shared<T>(N, Q);
  std::vector<T> Initial = initialCounters<T>();
  std::copy(Initial.begin(), Initial.end(), C);
  std::copy(Initial.begin(), Initial.end(), Init);
  sycl::nd_range<2> Shape({2, 10012}, {1, 4});
  if (M == Mode::GlobalRange) {
    Q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> I) {
       apply<T, Default, Space::generic_space>(C, Own, Exchanged,
                                               uint32_t(I[0]));
     }).wait();
  } else if (M == Mode::GlobalNdRange) {
    Q.parallel_for(Shape, [=](sycl::nd_item<2> It) {
       apply<T, Default, Space::global_space>(
           C, Own, Exchanged, uint32_t(It.get_global_linear_id()));
     }).wait();
  } else {
    Q.submit([&](sycl::handler &CGH) {
       sycl::local_accessor<T, 1> Counters(sycl::range<1>(NumSlots), CGH);
       CGH.parallel_for(Shape, [=](sycl::nd_item<2> It) {
         // Two counters per work-item of the group of 4.
         size_t Self = It.get_local_linear_id();
         for (size_t S = Self; S < NumSlots; S += 4)
           Counters[S] = Init[S];
         sycl::group_barrier(It.get_group());
         apply<T, Default, Space::local_space>(
             &Counters[0], Own, Exchanged, uint32_t(It.get_global_linear_id()));
         sycl::group_barrier(It.get_group());
         for (size_t S = Self; S < NumSlots; S += 4)
           C[It.get_group_linear_id() * NumSlots + S] = Counters[S];
       });
     }).wait();
  }
  int Rc = checkRun(Name, C, Own, Exchanged, N, N / Groups);
  sycl::free(C, Q);
  sycl::free(Init, Q);
  sycl::free(Own, Q);
  sycl::free(Exchanged, Q);
  return Rc;
}

template <typename T> int runType(sycl::queue &Q, const char *Type) {
  int Rc = 0;
  for (Mode M : {Mode::GlobalRange, Mode::GlobalNdRange, Mode::LocalNdRange}) {
    Rc |= runFloat<T, memory_order::relaxed>(Q, Type, M);
    Rc |= runFloat<T, memory_order::acq_rel>(Q, Type, M);
    Rc |= runFloat<T, memory_order::seq_cst>(Q, Type, M);
  }
  return Rc;
}

} // namespace

int main() {
  sycl::queue Q;
  int Rc = runType<float>(Q, "float");
  Rc |= runType<double>(Q, "double");
  return Rc;
}
