// Sub-group collectives under sub-group-uniform control: SYCL asks every
// work-item of a sub-group to reach a sub-group collective, not every
// work-item of the work-group, so different sub-groups of one work-group
// may take different paths to (or around) their collectives:
// a. only even sub-groups reduce, then everyone meets at a work-group
//    barrier and reads a value of another sub-group;
// b. even sub-groups scan while odd ones shift and select;
// c. a loop whose trip count depends on the sub-group id, with a
//    permutation and a reduction in its body;
// d. the two-level block reduction of warp code: every sub-group reduces,
//    the leaders store the partial sums, and after a work-group barrier
//    only sub-group 0 reduces them;
// e. odd sub-groups return before the collectives of the even ones;
// f. joint scans and reductions that only some sub-groups call, over
//    ranges of different lengths (some empty);
// g. broadcasts and votes, each in a third of the sub-groups;
// h. sub-group barriers ordering a sub-group's local memory, in a loop of
//    a different trip count in each sub-group, then a broadcast over the
//    work-group from a work-item the input picks.
// Each is checked against a host simulation of every sub-group, in 1-D
// groups whose rows are multiples of the usual sub-group sizes and rows
// that end in partial sub-groups, and in 2-D and 3-D groups. The compiler
// does not see those local sizes, so it builds these kernels for any size.
// i. A kernel launched with a local size it does see, whole sub-groups, is
//    specialized for it: there sub-groups that part ways go on alone right
//    after their own lanes. A loop whose rounds end at two different
//    barriers, where the even sub-groups reduce in round 1 only.
//
// Then the errors, which must throw sycl::exception (errc::runtime) in
// checked mode rather than hang: a collective only part of a sub-group
// reaches, two different collectives in one sub-group, a sub-group
// collective that part of the sub-group meets with a work-group barrier,
// and a sub-group barrier only part of the sub-group reaches.
#include "subgroups.hpp"

namespace {

using subgroups::Place;
using subgroups::placeOfSlot;
using subgroups::shapeName;
using subgroups::slotOf;

/// The most work-items of any nd-range below.
constexpr size_t MaxItems = 1024;
/// The elements of each of a sub-group's two joint scan outputs (f).
constexpr size_t JointSlice = 40;

/// The USM buffers every kernel shares.
struct Data {
  int *In;          ///< MaxItems inputs
  int *Out;         ///< a result per slot
  int *Extra;       ///< group sums (d), joint scan outputs (f)
  size_t *Reported; ///< the sub-group size the kernel saw
};
constexpr size_t ExtraSize = MaxItems * 2 * JointSlice;

/// Runs Kernel(It, Tile), Tile a local int per work-item, over
/// nd_range(Global, Local). Returns the sub-group size the kernel
/// reported, or 0 (after printing why) when it is wrong.
template <int Dims, typename KernelT>
size_t launch(sycl::queue &Q, const Data &D, sycl::range<Dims> Global,
              sycl::range<Dims> Local, const std::string &Name,
              KernelT Kernel) {
  size_t *Reported = D.Reported;
  Q.submit([&](sycl::handler &CGH) {
     sycl::local_accessor<int, 1> Tile(sycl::range<1>(Local.size()), CGH);
     CGH.parallel_for(
         sycl::nd_range<Dims>(Global, Local), [=](sycl::nd_item<Dims> It) {
           if (It.get_global_linear_id() == 0)
             *Reported = It.get_sub_group().get_max_local_range()[0];
           Kernel(It, Tile);
         });
   }).wait();
  return subgroups::checkedSize(Q, *Reported, Name.c_str());
}

/// Calls Fn(First, P) for every sub-group of \p N work-items in groups of
/// \p Local: its lane 0's slot and that lane's place.
template <int Dims, typename FnT>
void forEachSubGroup(size_t N, sycl::range<Dims> Local, size_t SG, FnT Fn) {
  for (size_t Slot = 0; Slot < N;) {
    Place P = placeOfSlot(Slot, Local, SG);
    Fn(Slot, P);
    Slot += P.Size;
  }
}

/// a. Only even sub-groups reduce; odd ones go straight to the work-group
/// barrier, where they wait while the even ones exchange their values.
template <int Dims>
int evenReduce(sycl::queue &Q, const Data &D, sycl::range<Dims> Global,
               sycl::range<Dims> Local) {
  const int *In = D.In;
  int *Out = D.Out;
  const size_t N = Global.size(), GroupSize = Local.size();
  std::string Name = "even sub-groups reduce" + shapeName(Local);
  size_t SG = launch(Q, D, Global, Local, Name, [=](auto It, const auto &Tile) {
    sycl::sub_group S = It.get_sub_group();
    size_t Slot = slotOf(It), Lid = It.get_local_linear_id();
    int X = In[Slot];
    if (S.get_group_linear_id() % 2 == 0)
      X = sycl::reduce_over_group(S, X, sycl::plus<>());
    Tile[Lid] = X;
    sycl::group_barrier(It.get_group());
    Out[Slot] = X * 3 + Tile[(Lid + S.get_max_local_range()[0]) % GroupSize];
  });
  if (!SG)
    return 1;
  std::vector<int> X(In, In + N), Want(N);
  forEachSubGroup(N, Local, SG, [&](size_t First, const Place &P) {
    if (P.SubGroup % 2 != 0)
      return;
    int Sum = 0;
    for (size_t L = 0; L < P.Size; ++L)
      Sum += In[First + L];
    std::fill_n(&X[First], P.Size, Sum);
  });
  for (size_t Slot = 0; Slot < N; ++Slot) {
    size_t GroupFirst = Slot / GroupSize * GroupSize;
    size_t Lid = Slot - GroupFirst;
    Want[Slot] = X[Slot] * 3 + X[GroupFirst + (Lid + SG) % GroupSize];
  }
  return corpus::check(Name.c_str(), Out, Want);
}

/// b. Even sub-groups scan while odd ones shift and select.
template <int Dims>
int scanOrShuffle(sycl::queue &Q, const Data &D, sycl::range<Dims> Global,
                  sycl::range<Dims> Local) {
  const int *In = D.In;
  int *Out = D.Out;
  const size_t N = Global.size();
  std::string Name = "scan or shuffle" + shapeName(Local);
  size_t SG = launch(Q, D, Global, Local, Name, [=](auto It, const auto &) {
    sycl::sub_group S = It.get_sub_group();
    size_t Slot = slotOf(It);
    size_t Lane = S.get_local_linear_id(), Size = S.get_local_linear_range();
    int X = In[Slot];
    if (S.get_group_linear_id() % 2 == 0) {
      X = sycl::inclusive_scan_over_group(S, X, sycl::plus<>());
    } else {
      int Left = sycl::shift_group_left(S, X, 1);
      if (Lane + 1 >= Size)
        Left = 0; // unspecified
      X = Left * 7 +
          sycl::select_from_group(S, X, sycl::id<1>((Lane * 3 + 1) % Size));
    }
    Out[Slot] = X;
  });
  if (!SG)
    return 1;
  std::vector<int> Want(N);
  forEachSubGroup(N, Local, SG, [&](size_t First, const Place &P) {
    const int *X = In + First;
    int Sum = 0;
    for (size_t L = 0; L < P.Size; ++L) {
      Sum += X[L];
      int Left = L + 1 < P.Size ? X[L + 1] : 0;
      Want[First + L] =
          P.SubGroup % 2 == 0 ? Sum : Left * 7 + X[(L * 3 + 1) % P.Size];
    }
  });
  return corpus::check(Name.c_str(), Out, Want);
}

/// c. A loop of (sub-group id % 3 + 1) trips, each a permutation and a
/// reduction.
template <int Dims>
int uniformLoop(sycl::queue &Q, const Data &D, sycl::range<Dims> Global,
                sycl::range<Dims> Local) {
  const int *In = D.In;
  int *Out = D.Out;
  const size_t N = Global.size();
  std::string Name = "sub-group-uniform loop" + shapeName(Local);
  size_t SG = launch(Q, D, Global, Local, Name, [=](auto It, const auto &) {
    sycl::sub_group S = It.get_sub_group();
    size_t Slot = slotOf(It);
    size_t Lane = S.get_local_linear_id(), Size = S.get_local_linear_range();
    int X = In[Slot];
    size_t Trips = S.get_group_linear_id() % 3 + 1;
    for (size_t T = 0; T < Trips; ++T) {
      unsigned Mask = unsigned(T % 2 + 1);
      int Partner = sycl::permute_group_by_xor(S, X, Mask);
      if ((Lane ^ Mask) >= Size)
        Partner = X; // unspecified
      X = Partner + sycl::reduce_over_group(S, X & 255, sycl::plus<>()) +
          int(T);
    }
    Out[Slot] = X;
  });
  if (!SG)
    return 1;
  std::vector<int> Want(N);
  forEachSubGroup(N, Local, SG, [&](size_t First, const Place &P) {
    std::vector<int> X(In + First, In + First + P.Size);
    for (size_t T = 0; T < P.SubGroup % 3 + 1; ++T) {
      size_t Mask = T % 2 + 1;
      int Sum = 0;
      for (int V : X)
        Sum += V & 255;
      std::vector<int> Next(P.Size);
      for (size_t L = 0; L < P.Size; ++L)
        Next[L] = ((L ^ Mask) < P.Size ? X[L ^ Mask] : X[L]) + Sum + int(T);
      X = Next;
    }
    std::copy(X.begin(), X.end(), &Want[First]);
  });
  return corpus::check(Name.c_str(), Out, Want);
}

/// d. The two-level block reduction: sub-group sums, then sub-group 0
/// alone reduces the leaders' partial sums into the group's sum.
template <int Dims>
int blockReduce(sycl::queue &Q, const Data &D, sycl::range<Dims> Global,
                sycl::range<Dims> Local) {
  const int *In = D.In;
  int *Out = D.Out, *GroupSums = D.Extra;
  const size_t N = Global.size(), GroupSize = Local.size();
  std::string Name = "block reduce" + shapeName(Local);
  size_t SG = launch(Q, D, Global, Local, Name, [=](auto It, const auto &Tile) {
    sycl::sub_group S = It.get_sub_group();
    size_t Slot = slotOf(It);
    int Sum = sycl::reduce_over_group(S, In[Slot], sycl::plus<>());
    if (S.leader())
      Tile[S.get_group_linear_id()] = Sum;
    sycl::group_barrier(It.get_group());
    if (S.get_group_linear_id() == 0) {
      // Lanes past the number of sub-groups contribute 0.
      size_t Partials = S.get_group_linear_range();
      int Partial = 0;
      for (size_t I = S.get_local_linear_id(); I < Partials;
           I += S.get_local_linear_range())
        Partial += Tile[I];
      int Total = sycl::reduce_over_group(S, Partial, sycl::plus<>());
      if (S.leader())
        GroupSums[It.get_group_linear_id()] = Total;
    }
    Out[Slot] = Sum;
  });
  if (!SG)
    return 1;
  std::vector<int> Want(N), WantGroups(N / GroupSize, 0);
  forEachSubGroup(N, Local, SG, [&](size_t First, const Place &P) {
    int Sum = 0;
    for (size_t L = 0; L < P.Size; ++L)
      Sum += In[First + L];
    std::fill_n(&Want[First], P.Size, Sum);
    WantGroups[First / GroupSize] += Sum;
  });
  int Rc = corpus::check(Name.c_str(), Out, Want);
  return Rc |
         corpus::check((Name + ", group sums").c_str(), GroupSums, WantGroups);
}

/// e. Odd sub-groups return before the collectives of the even ones, and
/// nothing waits for the whole work-group afterwards.
template <int Dims>
int earlyReturn(sycl::queue &Q, const Data &D, sycl::range<Dims> Global,
                sycl::range<Dims> Local) {
  const int *In = D.In;
  int *Out = D.Out;
  const size_t N = Global.size();
  std::string Name = "early return" + shapeName(Local);
  size_t SG = launch(Q, D, Global, Local, Name, [=](auto It, const auto &) {
    sycl::sub_group S = It.get_sub_group();
    size_t Slot = slotOf(It);
    int X = In[Slot];
    if (S.get_group_linear_id() % 2 == 1) {
      Out[Slot] = -X;
      return;
    }
    X = sycl::exclusive_scan_over_group(S, X, sycl::plus<>());
    Out[Slot] = sycl::reduce_over_group(S, X, sycl::maximum<>()) - X;
  });
  if (!SG)
    return 1;
  std::vector<int> Want(N);
  forEachSubGroup(N, Local, SG, [&](size_t First, const Place &P) {
    std::vector<int> Before(P.Size);
    int Sum = 0;
    for (size_t L = 0; L < P.Size; ++L) {
      Before[L] = Sum;
      Sum += In[First + L];
    }
    int Max = *std::max_element(Before.begin(), Before.end());
    for (size_t L = 0; L < P.Size; ++L)
      Want[First + L] = P.SubGroup % 2 == 1 ? -In[First + L] : Max - Before[L];
  });
  return corpus::check(Name.c_str(), Out, Want);
}

/// Where sub-group \p Id of group \p G reads its joint range, how long it
/// is, and whether that sub-group calls the joint algorithms at all (f).
struct JointRange {
  size_t Offset, Length;
  bool Called;
  JointRange(size_t G, size_t Id)
      : Offset((G * 13 + Id * 29) % (MaxItems - JointSlice)),
        Length((Id * 5 + G * 3) % (JointSlice - 2)), Called(Id % 3 != 1) {}
};

/// f. Joint scans and a joint reduction, called by two sub-groups in three
/// over ranges of their own lengths. Each called sub-group writes its
/// inclusive and its exclusive scan to its own two slices of Extra.
template <int Dims>
int jointSome(sycl::queue &Q, const Data &D, sycl::range<Dims> Global,
              sycl::range<Dims> Local) {
  const int *In = D.In;
  int *Out = D.Out, *Scans = D.Extra;
  const size_t N = Global.size();
  std::fill_n(Scans, ExtraSize, -1);
  std::string Name = "joint in some sub-groups" + shapeName(Local);
  size_t SG = launch(Q, D, Global, Local, Name, [=](auto It, const auto &) {
    sycl::sub_group S = It.get_sub_group();
    size_t G = It.get_group_linear_id(), Id = S.get_group_linear_id();
    int Result = 0;
    JointRange R(G, Id);
    if (R.Called) {
      const int *First = In + R.Offset, *Last = First + R.Length;
      int *Slices =
          Scans + (G * S.get_group_linear_range() + Id) * 2 * JointSlice;
      sycl::joint_inclusive_scan(S, First, Last, Slices, sycl::plus<>());
      sycl::joint_exclusive_scan(S, First, Last, Slices + JointSlice, 100,
                                 sycl::plus<>());
      Result = sycl::joint_reduce(S, First, Last, 7, sycl::plus<>());
    }
    Out[slotOf(It)] = Result;
  });
  if (!SG)
    return 1;
  std::vector<int> Want(N), WantScans(ExtraSize, -1);
  forEachSubGroup(N, Local, SG, [&](size_t First, const Place &P) {
    size_t G = First / Local.size();
    JointRange R(G, P.SubGroup);
    if (!R.Called)
      return;
    int *Slices =
        &WantScans[(G * P.NumSubGroups + P.SubGroup) * 2 * JointSlice];
    int Sum = 0;
    for (size_t I = 0; I < R.Length; ++I) {
      Slices[JointSlice + I] = 100 + Sum;
      Sum += In[R.Offset + I];
      Slices[I] = Sum;
    }
    std::fill_n(&Want[First], P.Size, 7 + Sum);
  });
  int Rc = corpus::check(Name.c_str(), Out, Want);
  return Rc | corpus::check((Name + ", scans").c_str(), Scans, WantScans);
}

/// g. A third of the sub-groups broadcasts, another votes, the last one
/// keeps its values.
template <int Dims>
int broadcastOrVote(sycl::queue &Q, const Data &D, sycl::range<Dims> Global,
                    sycl::range<Dims> Local) {
  const int *In = D.In;
  int *Out = D.Out;
  const size_t N = Global.size();
  std::string Name = "broadcast or vote" + shapeName(Local);
  size_t SG = launch(Q, D, Global, Local, Name, [=](auto It, const auto &) {
    sycl::sub_group S = It.get_sub_group();
    size_t Slot = slotOf(It);
    size_t Id = S.get_group_linear_id(), Size = S.get_local_linear_range();
    int X = In[Slot];
    if (Id % 3 == 0)
      X = sycl::group_broadcast(S, X, uint32_t(Id / 3 % Size));
    else if (Id % 3 == 1)
      X = int(sycl::any_of_group(S, X > 400)) * 2 +
          int(sycl::all_of_group(S, X > -450));
    Out[Slot] = X;
  });
  if (!SG)
    return 1;
  std::vector<int> Want(In, In + N);
  forEachSubGroup(N, Local, SG, [&](size_t First, const Place &P) {
    const int *X = In + First;
    int Result;
    if (P.SubGroup % 3 == 0) {
      Result = X[P.SubGroup / 3 % P.Size];
    } else if (P.SubGroup % 3 == 1) {
      bool Any = false, All = true;
      for (size_t L = 0; L < P.Size; ++L) {
        Any = Any || X[L] > 400;
        All = All && X[L] > -450;
      }
      Result = int(Any) * 2 + int(All);
    } else {
      return;
    }
    std::fill_n(&Want[First], P.Size, Result);
  });
  return corpus::check(Name.c_str(), Out, Want);
}

/// h. (sub-group id % 3) rounds, each: every work-item stores its value in
/// local memory, waits at a sub-group barrier, adds its right neighbour's
/// within the sub-group (wrapping), and waits again before the next store.
template <int Dims>
int barrierRounds(sycl::queue &Q, const Data &D, sycl::range<Dims> Global,
                  sycl::range<Dims> Local) {
  const int *In = D.In;
  int *Out = D.Out;
  const size_t N = Global.size();
  std::string Name = "sub-group barrier rounds" + shapeName(Local);
  size_t SG = launch(Q, D, Global, Local, Name, [=](auto It, const auto &Tile) {
    sycl::sub_group S = It.get_sub_group();
    size_t Slot = slotOf(It), Lid = It.get_local_linear_id();
    size_t Lane = S.get_local_linear_id(), Size = S.get_local_linear_range();
    int X = In[Slot];
    for (size_t R = 0; R < S.get_group_linear_id() % 3; ++R) {
      Tile[Lid] = X;
      if (R % 2)
        S.barrier();
      else
        sycl::group_barrier(S);
      X += Tile[Lid - Lane + (Lane + 1) % Size];
      sycl::group_barrier(S);
    }
    // The sub-groups part ways in the loop, so the broadcast is computed
    // from what each work-item saved, the chosen item's number included.
    size_t From = size_t(In[1]) % It.get_group().get_local_linear_range();
    Out[Slot] = X + sycl::group_broadcast(It.get_group(), X, From);
  });
  if (!SG)
    return 1;
  std::vector<int> Rounds(N), Want(N);
  forEachSubGroup(N, Local, SG, [&](size_t First, const Place &P) {
    std::vector<int> X(In + First, In + First + P.Size), Next(P.Size);
    for (size_t R = 0; R < P.SubGroup % 3; ++R) {
      for (size_t L = 0; L < P.Size; ++L)
        Next[L] = X[L] + X[(L + 1) % P.Size];
      X = Next;
    }
    std::copy(X.begin(), X.end(), &Rounds[First]);
  });
  const size_t From = size_t(In[1]) % Local.size();
  for (size_t Slot = 0; Slot < N; ++Slot)
    Want[Slot] = Rounds[Slot] + Rounds[Slot - Slot % Local.size() + From];
  return corpus::check(Name.c_str(), Out, Want);
}

/// Runs every kernel above in nd_range(Global, Local).
template <int Dims>
int runAll(sycl::queue &Q, const Data &D, sycl::range<Dims> Global,
           sycl::range<Dims> Local) {
  int Rc = 0;
  Rc |= evenReduce(Q, D, Global, Local);
  Rc |= scanOrShuffle(Q, D, Global, Local);
  Rc |= uniformLoop(Q, D, Global, Local);
  Rc |= blockReduce(Q, D, Global, Local);
  Rc |= earlyReturn(Q, D, Global, Local);
  Rc |= jointSome(Q, D, Global, Local);
  Rc |= broadcastOrVote(Q, D, Global, Local);
  Rc |= barrierRounds(Q, D, Global, Local);
  return Rc;
}

class RoundsAlone;

/// i. Sub-groups that part ways in a kernel specialized for whole
/// sub-groups. All sub-groups leave the loop's first nest for the first
/// barrier in round 0; in round 1 the even ones go on alone through their
/// reduction to the second barrier, where the odd ones wait.
int roundsAlone(sycl::queue &Q, const Data &D) {
  constexpr size_t N = 192, Local = 64;
  const int *In = D.In;
  int *Out = D.Out, *Rounds = D.Extra;
  size_t *Reported = D.Reported;
  // Read at run time, so that the compiler cannot tell the rounds apart:
  // three rounds, the even sub-groups reduce in round 1, and round 0 ends
  // at the first barrier.
  Rounds[0] = 3;
  Rounds[1] = 1;
  Rounds[2] = 0;
  Q.parallel_for<RoundsAlone>(sycl::nd_range<1>(N, Local), [=](sycl::nd_item<1>
                                                                   It) {
     sycl::sub_group S = It.get_sub_group();
     size_t I = It.get_global_id(0);
     if (I == 0)
       *Reported = S.get_max_local_range()[0];
     int X = In[I];
     for (int Round = 0; Round < Rounds[0]; ++Round) {
       if (Round == Rounds[1] && S.get_group_linear_id() % 2 == 0)
         X = sycl::reduce_over_group(S, X, sycl::plus<>());
       if (Round == Rounds[2])
         sycl::group_barrier(It.get_group());
       else
         sycl::group_barrier(It.get_group());
       X += Round;
     }
     Out[I] = X;
   }).wait();
  const char *Name = "rounds alone (64, specialized)";
  size_t SG = subgroups::checkedSize(Q, *Reported, Name);
  if (!SG)
    return 1;
  std::vector<int> Want(In, In + N);
  forEachSubGroup(
      N, sycl::range<1>(Local), SG, [&](size_t First, const Place &P) {
        int Sum = 0;
        for (size_t L = 0; L < P.Size; ++L)
          Sum += In[First + L];
        for (size_t L = 0; L < P.Size; ++L)
          Want[First + L] = (P.SubGroup % 2 == 0 ? Sum : In[First + L]) + 1 + 2;
      });
  return corpus::check(Name, Out, Want);
}

/// Runs \p Launch, which must throw sycl::exception with errc::runtime and
/// a message that names the kernel and speaks of a sub-group or a barrier
/// (the library-only and the compiled modes word it differently).
template <typename LaunchT>
int expectError(const char *Name, const char *Kernel, LaunchT Launch) {
  try {
    Launch();
  } catch (const sycl::exception &E) {
    std::string What = E.what();
    bool Ok = E.code() == sycl::errc::runtime &&
              What.find(Kernel) != std::string::npos &&
              (What.find("sub-group") != std::string::npos ||
               What.find("barrier") != std::string::npos);
    std::printf("%s: %s: %s\n", Name, Ok ? "OK" : "FAIL, wrong error",
                What.c_str());
    return Ok ? 0 : 1;
  }
  std::printf("%s: FAIL, no error was raised\n", Name);
  return 1;
}

class PartOfSubGroup;
class TwoCollectives;
class CollectiveOrBarrier;
class PartialBarrier;

/// The broken kernels: each sub-group splits by lane.
int runErrors(sycl::queue &Q, int *Out) {
  const sycl::nd_range<1> Range(32, 16);
  int Rc = 0;
  Rc |= expectError("collective in half a sub-group", "PartOfSubGroup", [&] {
    Q.parallel_for<PartOfSubGroup>(Range, [=](sycl::nd_item<1> It) {
       sycl::sub_group S = It.get_sub_group();
       int X = 1;
       if (S.get_local_linear_id() < S.get_local_linear_range() / 2)
         X = sycl::reduce_over_group(S, X, sycl::plus<>());
       Out[It.get_global_id(0)] = X;
     }).wait();
  });
  Rc |= expectError("two collectives in one sub-group", "TwoCollectives", [&] {
    Q.parallel_for<TwoCollectives>(Range, [=](sycl::nd_item<1> It) {
       sycl::sub_group S = It.get_sub_group();
       int X = 1;
       if (S.get_local_linear_id() % 2 == 0)
         X = sycl::reduce_over_group(S, X, sycl::plus<>());
       else
         X = sycl::inclusive_scan_over_group(S, X, sycl::plus<>());
       Out[It.get_global_id(0)] = X;
     }).wait();
  });
  Rc |= expectError(
      "collective or barrier in one sub-group", "CollectiveOrBarrier", [&] {
        Q.parallel_for<CollectiveOrBarrier>(Range, [=](sycl::nd_item<1> It) {
           sycl::sub_group S = It.get_sub_group();
           int X = 1;
           if (S.get_local_linear_id() % 2 == 0)
             X = sycl::reduce_over_group(S, X, sycl::plus<>());
           else
             sycl::group_barrier(It.get_group());
           Out[It.get_global_id(0)] = X;
         }).wait();
      });
  Rc |= expectError(
      "sub-group barrier in half a sub-group", "PartialBarrier", [&] {
        Q.parallel_for<PartialBarrier>(Range, [=](sycl::nd_item<1> It) {
           sycl::sub_group S = It.get_sub_group();
           if (S.get_local_linear_id() % 2 == 0)
             sycl::group_barrier(S);
           Out[It.get_global_id(0)] = 1;
         }).wait();
      });
  return Rc;
}

} // namespace

int main() {
  sycl::queue Q;
  Data D;
  D.In = sycl::malloc_shared<int>(MaxItems, Q);
  D.Out = sycl::malloc_shared<int>(MaxItems, Q);
  D.Extra = sycl::malloc_shared<int>(ExtraSize, Q);
  D.Reported = sycl::malloc_shared<size_t>(1, Q);
  for (size_t I = 0; I < MaxItems; ++I)
    D.In[I] = int(corpus::input(uint32_t(I), 11) % 1000) - 500;

  int Rc = 0;
  // Rows that are multiples of 4, 8 and 16 (and not of 64), rows with a
  // partial last sub-group for every size above 4 (20) or 1 (13), groups
  // of one, several rows.
  for (size_t Row : {64, 20, 13, 1})
    Rc |= runAll(Q, D, sycl::range<1>(3 * Row), sycl::range<1>(Row));
  Rc |= runAll(Q, D, sycl::range<2>(6, 64), sycl::range<2>(3, 32));
  Rc |= runAll(Q, D, sycl::range<2>(4, 26), sycl::range<2>(2, 13));
  Rc |= runAll(Q, D, sycl::range<3>(2, 6, 14), sycl::range<3>(2, 3, 7));
  Rc |= runAll(Q, D, sycl::range<3>(2, 2, 48), sycl::range<3>(1, 2, 24));
  Rc |= roundsAlone(Q, D);

  // A sub-group of one cannot split.
  std::vector<size_t> Sizes =
      Q.get_device().get_info<sycl::info::device::sub_group_sizes>();
  if (Sizes.size() == 1 && Sizes[0] > 1)
    Rc |= runErrors(Q, D.Out);
  else
    std::printf("errors: skipped, sub-groups of one\n");

  sycl::free(D.In, Q);
  sycl::free(D.Out, Q);
  sycl::free(D.Extra, Q);
  sycl::free(D.Reported, Q);
  return Rc;
}
