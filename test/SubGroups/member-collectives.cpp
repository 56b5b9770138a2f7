//===- member-collectives.cpp - sub_group's pre-2020 member collectives ---===//
//
/// \file
/// The member functions DPC++'s sub_group kept from SYCL_INTEL_sub_group
/// and its sub-group algorithms: shuffle, shuffle_down, shuffle_up,
/// shuffle_xor, broadcast, reduce and the two scans (with and without an
/// initial value, with sycl::plus and sycl::maximum), any, all, and
/// barrier() and barrier(fence_space). Every work-item computes each
/// member and its SYCL 2020 counterpart (select_from_group, ...,
/// group_barrier) on int values; the host checks that the two agree for
/// every work-item and that both give the value the definition names, in
/// 1-D, 2-D and 3-D work-groups with whole and partial sub-groups. A
/// shuffle from a lane outside the sub-group has no value in SYCL; there
/// only the agreement is checked.
//
//===----------------------------------------------------------------------===//
#include "subgroups.hpp"

namespace {

/// The checks, each a member and its SYCL 2020 counterpart.
enum Check {
  Shuffle,
  ShuffleDown,
  ShuffleUp,
  ShuffleXor,
  Broadcast,
  Reduce,
  ReduceInit,
  ExclusiveScan,
  ExclusiveScanInit,
  InclusiveScan,
  InclusiveScanInit,
  Any,
  All,
  Barrier,
  BarrierLocal,
  NumChecks
};

const char *checkName(size_t C) {
  static const char *Names[NumChecks] = {"shuffle",
                                         "shuffle_down(2)",
                                         "shuffle_up(1)",
                                         "shuffle_xor(1)",
                                         "broadcast",
                                         "reduce(plus)",
                                         "reduce(init, max)",
                                         "exclusive_scan(plus)",
                                         "exclusive_scan(init, max)",
                                         "inclusive_scan(plus)",
                                         "inclusive_scan(max, init)",
                                         "any",
                                         "all",
                                         "barrier()",
                                         "barrier(local_space)"};
  return Names[C];
}

/// The value of the work-item in slot \p Slot: small, so that sums of a
/// sub-group do not overflow, and varied, so that maxima move around.
int valueOf(size_t Slot) {
  return int(corpus::input(uint32_t(Slot), 7) % 201) - 100;
}

/// The initial value of the forms that take one.
constexpr int Init = 17;

/// The predicates of any and all: true for about one value in nine and
/// for all but about one in nine, so that sub-groups of a few work-items
/// see both outcomes.
bool anyPred(int X) { return X % 9 == 0; }
bool allPred(int X) { return X % 9 != 4; }

/// Computes every check with the member (into \p Member) and with the SYCL
/// 2020 function (into \p Free), NumChecks values per slot. \p Scratch
/// holds four ints per slot for the barrier exchanges.
template <int Dims>
void runChecks(const sycl::nd_item<Dims> &It, const int *In, int *Member,
               int *Free, int *Scratch, size_t *Reported) {
  sycl::sub_group SG = It.get_sub_group();
  const size_t Slot = subgroups::slotOf(It);
  if (Slot == 0)
    *Reported = SG.get_max_local_range()[0];
  const int X = In[Slot];
  const uint32_t Lane = SG.get_local_linear_id();
  const uint32_t Size = SG.get_local_linear_range();
  int *M = Member + Slot * NumChecks, *F = Free + Slot * NumChecks;
  sycl::plus<int> Plus;
  sycl::maximum<> Max;

  sycl::id<1> From((Lane + 3) % Size);
  M[Shuffle] = SG.shuffle(X, From);
  F[Shuffle] = sycl::select_from_group(SG, X, From);
  M[ShuffleDown] = SG.shuffle_down(X, 2);
  F[ShuffleDown] = sycl::shift_group_left(SG, X, 2);
  M[ShuffleUp] = SG.shuffle_up(X, 1);
  F[ShuffleUp] = sycl::shift_group_right(SG, X, 1);
  M[ShuffleXor] = SG.shuffle_xor(X, sycl::id<1>(1));
  F[ShuffleXor] = sycl::permute_group_by_xor(SG, X, 1);

  sycl::id<1> Source((Size - 1) / 2);
  M[Broadcast] = SG.broadcast(X, Source);
  F[Broadcast] = sycl::group_broadcast(SG, X, Source);

  M[Reduce] = SG.reduce(X, Plus);
  F[Reduce] = sycl::reduce_over_group(SG, X, Plus);
  M[ReduceInit] = SG.reduce(X, Init, Max);
  F[ReduceInit] = sycl::reduce_over_group(SG, X, Init, Max);
  M[ExclusiveScan] = SG.exclusive_scan(X, sycl::plus<>());
  F[ExclusiveScan] = sycl::exclusive_scan_over_group(SG, X, sycl::plus<>());
  M[ExclusiveScanInit] = SG.exclusive_scan(X, Init, Max);
  F[ExclusiveScanInit] = sycl::exclusive_scan_over_group(SG, X, Init, Max);
  M[InclusiveScan] = SG.inclusive_scan(X, Plus);
  F[InclusiveScan] = sycl::inclusive_scan_over_group(SG, X, Plus);
  M[InclusiveScanInit] = SG.inclusive_scan(X, Max, Init);
  F[InclusiveScanInit] = sycl::inclusive_scan_over_group(SG, X, Max, Init);

  M[Any] = SG.any(anyPred(X));
  F[Any] = sycl::any_of_group(SG, anyPred(X));
  M[All] = SG.all(allPred(X));
  F[All] = sycl::all_of_group(SG, allPred(X));

  // Each exchange: write, wait for the sub-group, read the next lane's.
  int *Mine = Scratch + Slot * 4;
  const size_t Next = (Slot - Lane + (Lane + 1) % Size) * 4;
  Mine[0] = X + 1000;
  SG.barrier();
  M[Barrier] = Scratch[Next];
  Mine[1] = X + 2000;
  SG.barrier(sycl::access::fence_space::local_space);
  M[BarrierLocal] = Scratch[Next + 1];
  Mine[2] = X + 1000;
  sycl::group_barrier(SG);
  F[Barrier] = Scratch[Next + 2];
  Mine[3] = X + 2000;
  sycl::group_barrier(SG, sycl::memory_scope::sub_group);
  F[BarrierLocal] = Scratch[Next + 3];
}

/// What the definition gives the work-item in slot \p Slot for check \p C,
/// or false where it gives nothing (a shuffle from outside the sub-group).
bool want(size_t C, size_t Slot, const subgroups::Place &P, const int *In,
          int &Want) {
  const size_t First = Slot - P.Lane, Size = P.Size;
  auto Fold = [&](size_t End, bool Max, int Start) {
    int R = Start;
    for (size_t L = 0; L < End; ++L)
      R = Max ? std::max(R, In[First + L]) : R + In[First + L];
    return R;
  };
  switch (C) {
  case Shuffle:
    Want = In[First + (P.Lane + 3) % Size];
    return true;
  case ShuffleDown:
    Want = P.Lane + 2 < Size ? In[Slot + 2] : 0;
    return P.Lane + 2 < Size;
  case ShuffleUp:
    Want = P.Lane >= 1 ? In[Slot - 1] : 0;
    return P.Lane >= 1;
  case ShuffleXor:
    Want = (P.Lane ^ 1) < Size ? In[First + (P.Lane ^ 1)] : 0;
    return (P.Lane ^ 1) < Size;
  case Broadcast:
    Want = In[First + (Size - 1) / 2];
    return true;
  case Reduce:
    Want = Fold(Size, false, 0);
    return true;
  case ReduceInit:
    Want = Fold(Size, true, Init);
    return true;
  case ExclusiveScan:
    Want = Fold(P.Lane, false, 0);
    return true;
  case ExclusiveScanInit:
    Want = Fold(P.Lane, true, Init);
    return true;
  case InclusiveScan:
    Want = Fold(P.Lane + 1, false, 0);
    return true;
  case InclusiveScanInit:
    Want = Fold(P.Lane + 1, true, Init);
    return true;
  case Any:
  case All: {
    bool AnyOf = false, AllOf = true;
    for (size_t L = 0; L < Size; ++L) {
      AnyOf |= anyPred(In[First + L]);
      AllOf &= allPred(In[First + L]);
    }
    Want = C == Any ? AnyOf : AllOf;
    return true;
  }
  case Barrier:
  case BarrierLocal:
    Want = In[First + (P.Lane + 1) % Size] + (C == Barrier ? 1000 : 2000);
    return true;
  }
  return false;
}

/// Runs the checks over nd_range(Global, Local) and compares.
template <int Dims>
int runShape(sycl::queue &Q, sycl::range<Dims> Global,
             sycl::range<Dims> Local) {
  const size_t N = Global.size();
  int *In = sycl::malloc_shared<int>(N, Q);
  int *Member = sycl::malloc_shared<int>(N * NumChecks, Q);
  int *Free = sycl::malloc_shared<int>(N * NumChecks, Q);
  int *Scratch = sycl::malloc_shared<int>(N * 4, Q);
  size_t *Reported = sycl::malloc_shared<size_t>(1, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = valueOf(I);
  std::fill(Member, Member + N * NumChecks, -77777);
  std::fill(Free, Free + N * NumChecks, -88888);

  Q.parallel_for(sycl::nd_range<Dims>(Global, Local),
                 [=](sycl::nd_item<Dims> It) {
                   runChecks(It, In, Member, Free, Scratch, Reported);
                 })
      .wait();

  const std::string Shape = subgroups::shapeName(Local);
  int Rc = 0;
  size_t SG = subgroups::checkedSize(Q, *Reported, ("member" + Shape).c_str());
  if (!SG)
    Rc = 1;
  for (size_t C = 0; SG && C < NumChecks; ++C) {
    size_t Disagree = 0, Wrong = 0;
    for (size_t Slot = 0; Slot < N; ++Slot) {
      subgroups::Place P = subgroups::placeOfSlot(Slot, Local, SG);
      int M = Member[Slot * NumChecks + C], F = Free[Slot * NumChecks + C];
      int Want = 0;
      bool Defined = want(C, Slot, P, In, Want);
      bool Bad = M != F, BadValue = Defined && M != Want;
      if ((Bad || BadValue) && Disagree + Wrong < 5)
        std::printf("  slot %zu (lane %zu of %zu): member %d, SYCL 2020 %d, "
                    "want %s\n",
                    Slot, P.Lane, P.Size, M, F,
                    Defined ? std::to_string(Want).c_str() : "any");
      Disagree += Bad;
      Wrong += BadValue;
    }
    std::printf("sub_group::%s%s sub-groups of %zu: %s", checkName(C),
                Shape.c_str(), SG, Disagree || Wrong ? "FAIL" : "OK");
    if (Disagree || Wrong)
      std::printf(" (%zu differ from SYCL 2020, %zu from the definition)",
                  Disagree, Wrong);
    std::printf("\n");
    Rc |= Disagree || Wrong;
  }
  sycl::free(In, Q);
  sycl::free(Member, Q);
  sycl::free(Free, Q);
  sycl::free(Scratch, Q);
  sycl::free(Reported, Q);
  return Rc;
}

} // namespace

int main() {
  sycl::queue Q;
  return subgroups::forEachShape(
      3, [&](auto Global, auto Local) { return runShape(Q, Global, Local); });
}
