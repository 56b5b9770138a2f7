// sycl::ext::oneapi::group_ballot and every member of sub_group_mask
// (sycl_ext_oneapi_sub_group_mask), checked against a host model of the
// mask written bit by bit from the extension's definition. Each work-item
// makes five ballots (lane parity, lanes below a per-sub-group bound, a
// test of its input value, all false and all true, the last with the
// default predicate), applies every member to each mask in the kernel,
// some with its lane or input as the argument, and stores the results. In
// a row's partial last sub-group a mask has size() = the partial size and
// no bits above it. A second kernel keeps to ballot, count, find_low and
// the own lane's bit, as a warp vote ported from CUDA would.
#include <sycl/sycl.hpp>

#include <sycl/ext/oneapi/sub_group_mask.hpp>

#include "subgroups.hpp"

#include <type_traits>

using sycl::ext::oneapi::group_ballot;
using sycl::ext::oneapi::sub_group_mask;

static_assert(SYCL_EXT_ONEAPI_SUB_GROUP_MASK == 1);
static_assert(sub_group_mask::max_bits >= LANES_SUB_GROUP_SIZE);
static_assert(std::is_trivially_copyable_v<sub_group_mask>);
static_assert(!std::is_default_constructible_v<sub_group_mask>);
static_assert(std::is_same_v<
              decltype(group_ballot(std::declval<sycl::sub_group>(), true)),
              sub_group_mask>);

namespace {

enum Predicate {
  LaneParity,
  LaneBelow,
  DataDependent,
  AllFalse,
  AllTrue,
  NumPredicates
};

const char *predicateName(int P) {
  static const char *const Names[NumPredicates] = {
      "lane parity", "lane below", "data-dependent", "all false", "all true"};
  return Names[P];
}

/// Predicate \p P of the lane \p Lane of launch-wide sub-group \p K, whose
/// input is \p Value, with sub-groups of \p MaxSize.
bool predicateOf(int P, size_t K, size_t Lane, size_t MaxSize, uint32_t Value) {
  switch (P) {
  case LaneParity:
    return Lane % 2 == 0;
  case LaneBelow:
    // From none to more than a sub-group has.
    return Lane < K % (MaxSize + 2);
  case DataDependent:
    return Value % 3 == 0;
  case AllFalse:
    return false;
  default:
    return true;
  }
}

/// The results each work-item stores for each ballot.
enum Result {
  Extract32,
  Extract64,
  Count,
  FindLow,
  FindHigh,
  Queries,
  TestOwn,
  ShiftLeft,
  ShiftRight,
  ShiftAssign,
  ShiftFar,
  Complement,
  Flip,
  ResetLow,
  ResetHigh,
  And,
  Or,
  Xor,
  Compound,
  InsertByte,
  InsertWord,
  InsertSigned,
  InsertMarray,
  ExtractByte,
  ExtractPast,
  ExtractBool,
  ExtractMarray,
  ExtractVec,
  RefFlags,
  RefBits,
  SetAll,
  SetOwn,
  ResetAll,
  Equality,
  NumResults
};

/// Words a work-item stores per mask, and in all.
constexpr size_t PerMask = NumResults, PerItem = NumPredicates * PerMask;

/// The mask's bits as one word.
uint64_t bitsOf(const sub_group_mask &M) {
  uint64_t Bits;
  M.extract_bits(Bits);
  return Bits;
}

/// Every member of \p M into \p O (PerMask words), for the work-item in
/// lane \p Lane with input \p Value; \p Partner is another mask of the
/// same sub-group. Always inlined, as a kernel's own code would be: called
/// five times it would stay a call, which keeps the work-item loop scalar
/// (with it inlined, lanes++ vectorizes every member).
[[gnu::always_inline]] inline void recordMask(const sub_group_mask &M,
                                              const sub_group_mask &Partner,
                                              size_t Lane, uint32_t Value,
                                              uint64_t *O) {
  const size_t Size = M.size();
  uint32_t Word32;
  M.extract_bits(Word32);
  O[Extract32] = Word32;
  O[Extract64] = bitsOf(M);
  O[Count] = M.count();
  O[FindLow] = M.find_low()[0];
  O[FindHigh] = M.find_high()[0];
  O[Queries] = M.any() | M.all() << 1 | M.none() << 2 | uint64_t(Size) << 3;
  O[TestOwn] =
      M.test(Lane) | M[Lane] << 1 | M.test(Size) << 2 | M[Size + Lane] << 3;
  O[ShiftLeft] = bitsOf(M << 1);
  O[ShiftRight] = bitsOf(M >> 2);
  sub_group_mask C = M;
  C <<= Lane;
  C >>= Lane / 2;
  O[ShiftAssign] = bitsOf(C);
  O[ShiftFar] = bitsOf(M << sub_group_mask::max_bits) |
                bitsOf(M >> (sub_group_mask::max_bits + Lane)) |
                bitsOf(M >> (Lane + 5));
  O[Complement] = bitsOf(~M);
  C = M;
  C.flip();
  C.flip(Lane);
  C.flip(Size + 1);
  O[Flip] = bitsOf(C);
  C = M;
  C.reset_low();
  O[ResetLow] = bitsOf(C);
  C = M;
  C.reset_high();
  O[ResetHigh] = bitsOf(C);
  O[And] = bitsOf(M & Partner);
  O[Or] = bitsOf(M | Partner);
  O[Xor] = bitsOf(M ^ Partner);
  C = M;
  C &= Partner;
  C |= M >> 1;
  C ^= Partner << 1;
  O[Compound] = bitsOf(C);
  C = M;
  C.insert_bits(uint8_t(Value), Lane);
  O[InsertByte] = bitsOf(C);
  C = M;
  C.insert_bits(Value);
  O[InsertWord] = bitsOf(C);
  C = M;
  C.insert_bits(int16_t(-int(Lane) - 1), 2);
  O[InsertSigned] = bitsOf(C);
  C = M;
  C.insert_bits(sycl::marray<uint8_t, 2>(uint8_t(Value), uint8_t(Value >> 8)),
                Lane % 3);
  O[InsertMarray] = bitsOf(C);
  uint8_t Byte;
  M.extract_bits(Byte, Lane);
  O[ExtractByte] = Byte;
  Word32 = 7;
  M.extract_bits(Word32, Size);
  Byte = 7;
  M.extract_bits(Byte, sub_group_mask::max_bits + Lane);
  O[ExtractPast] = Word32 | uint64_t(Byte) << 32;
  bool Flag;
  M.extract_bits(Flag, Lane);
  O[ExtractBool] = Flag;
  sycl::marray<uint8_t, 3> Bytes;
  M.extract_bits(Bytes, 1);
  O[ExtractMarray] = Bytes[0] | Bytes[1] << 8 | Bytes[2] << 16;
  sycl::vec<uint16_t, 2> Halves;
  M.extract_bits(Halves);
  O[ExtractVec] = Halves[0] | uint64_t(Halves[1]) << 16;

  C = M;
  sub_group_mask::reference R = C[Lane];
  bool Before = R;
  R = !R;
  bool After = C.test(Lane);
  R.flip();
  bool Back = C.test(Lane), Tilde = ~R;
  C[0] = C[Lane];
  C[Size] = true;
  O[RefFlags] = Before | After << 1 | Back << 2 | Tilde << 3;
  O[RefBits] = bitsOf(C);

  C = M;
  C.set();
  O[SetAll] = bitsOf(C);
  C.set(Lane, false);
  C.set(Size);
  O[SetOwn] = bitsOf(C);
  C.reset();
  C.set(Lane ^ 1);
  C.reset(Lane);
  O[ResetAll] = bitsOf(C);
  O[Equality] = (M == M) | (M != M) << 1 | (M == Partner) << 2 |
                (M != Partner) << 3 | (~~M == M) << 4;
}

/// A mask of the extension, one bool per bit: the host reference.
struct ModelMask {
  bool Bit[64] = {};
  size_t Size = 0;

  bool get(size_t I) const { return I < Size && Bit[I]; }
  uint64_t bits() const {
    uint64_t Bits = 0;
    for (size_t I = 0; I < Size; ++I)
      Bits |= uint64_t(Bit[I]) << I;
    return Bits;
  }
  size_t count() const {
    size_t N = 0;
    for (size_t I = 0; I < Size; ++I)
      N += Bit[I];
    return N;
  }
  size_t findLow() const {
    for (size_t I = 0; I < Size; ++I)
      if (Bit[I])
        return I;
    return Size;
  }
  size_t findHigh() const {
    for (size_t I = Size; I-- > 0;)
      if (Bit[I])
        return I;
    return Size;
  }
  /// Bits moved \p Shift up (positive) or down (negative).
  ModelMask shifted(long long Shift) const {
    ModelMask R = *this;
    for (size_t I = 0; I < Size; ++I) {
      long long From = (long long)I - Shift;
      R.Bit[I] = From >= 0 && get(size_t(From));
    }
    return R;
  }
  template <typename Fn> ModelMask combined(const ModelMask &B, Fn F) const {
    ModelMask R = *this;
    for (size_t I = 0; I < Size; ++I)
      R.Bit[I] = F(Bit[I], B.get(I));
    return R;
  }
  ModelMask complement() const {
    ModelMask R = *this;
    for (size_t I = 0; I < Size; ++I)
      R.Bit[I] = !Bit[I];
    return R;
  }
  ModelMask inserted(uint64_t Value, size_t Width, size_t Pos) const {
    ModelMask R = *this;
    for (size_t J = 0; J < Width && Pos + J < Size; ++J)
      R.Bit[Pos + J] = (Value >> J & 1) != 0;
    return R;
  }
  uint64_t extracted(size_t Width, size_t Pos) const {
    uint64_t Out = 0;
    for (size_t J = 0; J < Width; ++J)
      Out |= uint64_t(get(Pos + J)) << J;
    return Out;
  }
};

/// The results recordMask must store for mask \p M in lane \p Lane.
void modelResults(const ModelMask &M, const ModelMask &Partner, size_t Lane,
                  uint32_t Value, uint64_t *O) {
  const size_t Size = M.Size;
  auto AndFn = [](bool A, bool B) { return A && B; };
  auto OrFn = [](bool A, bool B) { return A || B; };
  auto XorFn = [](bool A, bool B) { return A != B; };
  O[Extract32] = M.extracted(32, 0);
  O[Extract64] = M.extracted(64, 0);
  O[Count] = M.count();
  O[FindLow] = M.findLow();
  O[FindHigh] = M.findHigh();
  bool Any = M.count() > 0, All = M.count() == Size;
  O[Queries] = Any | All << 1 | !Any << 2 | uint64_t(Size) << 3;
  O[TestOwn] = M.get(Lane) | M.get(Lane) << 1;
  O[ShiftLeft] = M.shifted(1).bits();
  O[ShiftRight] = M.shifted(-2).bits();
  O[ShiftAssign] =
      M.shifted((long long)Lane).shifted(-(long long)(Lane / 2)).bits();
  long long MaxBits = sub_group_mask::max_bits;
  O[ShiftFar] = M.shifted(MaxBits).bits() |
                M.shifted(-(MaxBits + (long long)Lane)).bits() |
                M.shifted(-(long long)(Lane + 5)).bits();
  O[Complement] = M.complement().bits();
  ModelMask C = M.complement();
  if (Lane < Size)
    C.Bit[Lane] = !C.Bit[Lane];
  O[Flip] = C.bits();
  C = M;
  if (M.findLow() < Size)
    C.Bit[M.findLow()] = false;
  O[ResetLow] = C.bits();
  C = M;
  if (M.findHigh() < Size)
    C.Bit[M.findHigh()] = false;
  O[ResetHigh] = C.bits();
  O[And] = M.combined(Partner, AndFn).bits();
  O[Or] = M.combined(Partner, OrFn).bits();
  O[Xor] = M.combined(Partner, XorFn).bits();
  O[Compound] = M.combined(Partner, AndFn)
                    .combined(M.shifted(-1), OrFn)
                    .combined(Partner.shifted(1), XorFn)
                    .bits();
  O[InsertByte] = M.inserted(uint8_t(Value), 8, Lane).bits();
  O[InsertWord] = M.inserted(Value, 32, 0).bits();
  O[InsertSigned] = M.inserted(uint16_t(-int(Lane) - 1), 16, 2).bits();
  O[InsertMarray] = M.inserted(Value & 0xFFFF, 16, Lane % 3).bits();
  O[ExtractByte] = M.extracted(8, Lane);
  O[ExtractPast] = 0;
  // A bool takes CHAR_BIT bits, and is true when any of them is set.
  O[ExtractBool] = M.extracted(8, Lane) != 0;
  O[ExtractMarray] = M.extracted(24, 1);
  O[ExtractVec] = M.extracted(32, 0);

  bool Before = M.get(Lane);
  // The reference's writes reach bits below size() only; the lane always
  // is one, so the flip and the flip back land.
  O[RefFlags] = Before | !Before << 1 | Before << 2 | !Before << 3;
  C = M;
  C.Bit[0] = M.get(Lane);
  O[RefBits] = C.bits();

  C = M;
  for (size_t I = 0; I < Size; ++I)
    C.Bit[I] = true;
  O[SetAll] = C.bits();
  C.Bit[Lane] = false;
  O[SetOwn] = C.bits();
  for (size_t I = 0; I < Size; ++I)
    C.Bit[I] = false;
  if ((Lane ^ 1) < Size)
    C.Bit[Lane ^ 1] = true;
  C.Bit[Lane] = false;
  O[ResetAll] = C.bits();
  bool Same = M.bits() == Partner.bits();
  O[Equality] = 1 | Same << 2 | !Same << 3 | 1 << 4;
}

/// Input of slot \p Slot.
uint32_t inputOf(size_t Slot) { return corpus::input(uint32_t(Slot), 62); }

/// The partner of every mask: the lanes whose input has bit 2 set.
bool partnerOf(uint32_t Value) { return (Value & 4) != 0; }

template <int Dims>
int runMembers(sycl::queue &Q, sycl::range<Dims> Global,
               sycl::range<Dims> Local) {
  const size_t N = Global.size();
  uint32_t *In = sycl::malloc_shared<uint32_t>(N, Q);
  uint64_t *Out = sycl::malloc_shared<uint64_t>(N * PerItem, Q);
  size_t *Reported = sycl::malloc_shared<size_t>(1, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = inputOf(I);

  Q.parallel_for(sycl::nd_range<Dims>(Global, Local), [=](sycl::nd_item<Dims>
                                                              It) {
     sycl::sub_group SG = It.get_sub_group();
     size_t Slot = subgroups::slotOf(It);
     const size_t MaxSize = SG.get_max_local_range()[0];
     if (Slot == 0)
       *Reported = MaxSize;
     size_t K = It.get_group_linear_id() * SG.get_group_linear_range() +
                SG.get_group_linear_id();
     size_t Lane = SG.get_local_linear_id();
     uint32_t Value = In[Slot];
     uint64_t *O = Out + Slot * PerItem;
     sub_group_mask Partner = group_ballot(SG, partnerOf(Value));
     // Written out, not a loop over the predicates: each ballot's switch
     // folds, and the six ballots are one run of collectives.
     recordMask(
         group_ballot(SG, predicateOf(LaneParity, K, Lane, MaxSize, Value)),
         Partner, Lane, Value, O + LaneParity * PerMask);
     recordMask(
         group_ballot(SG, predicateOf(LaneBelow, K, Lane, MaxSize, Value)),
         Partner, Lane, Value, O + LaneBelow * PerMask);
     recordMask(
         group_ballot(SG, predicateOf(DataDependent, K, Lane, MaxSize, Value)),
         Partner, Lane, Value, O + DataDependent * PerMask);
     recordMask(
         group_ballot(SG, predicateOf(AllFalse, K, Lane, MaxSize, Value)),
         Partner, Lane, Value, O + AllFalse * PerMask);
     recordMask(group_ballot(SG), Partner, Lane, Value, O + AllTrue * PerMask);
   }).wait();

  std::string Name = "ballot members" + subgroups::shapeName(Local);
  int Rc = 1;
  if (size_t SGSize = subgroups::checkedSize(Q, *Reported, Name.c_str())) {
    std::vector<uint64_t> Want(N * PerItem);
    for (size_t Slot = 0; Slot < N; ++Slot) {
      subgroups::Place P = subgroups::placeOfSlot(Slot, Local, SGSize);
      size_t K = Slot / Local.size() * P.NumSubGroups + P.SubGroup;
      size_t First = Slot - P.Lane;
      ModelMask Partner;
      Partner.Size = P.Size;
      for (size_t L = 0; L < P.Size; ++L)
        Partner.Bit[L] = partnerOf(In[First + L]);
      for (int Pred = 0; Pred < NumPredicates; ++Pred) {
        ModelMask M;
        M.Size = P.Size;
        for (size_t L = 0; L < P.Size; ++L)
          M.Bit[L] = predicateOf(Pred, K, L, SGSize, In[First + L]);
        modelResults(M, Partner, P.Lane, In[Slot],
                     Want.data() + Slot * PerItem + Pred * PerMask);
      }
    }
    Rc = corpus::check(Name.c_str(), Out, Want);
    if (Rc) {
      size_t I = 0;
      while (Out[I] == Want[I])
        ++I;
      std::printf("  first: slot %zu, %s ballot, result %zu\n", I / PerItem,
                  predicateName(int(I % PerItem / PerMask)), I % PerMask);
    }
  }
  sycl::free(In, Q);
  sycl::free(Out, Q);
  sycl::free(Reported, Q);
  return Rc;
}

/// Ballot of a test of the input, its count and lowest lane, and whether
/// the item's own bit is set.
template <int Dims>
int runCount(sycl::queue &Q, sycl::range<Dims> Global,
             sycl::range<Dims> Local) {
  const size_t N = Global.size();
  uint32_t *In = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *Out = sycl::malloc_shared<uint32_t>(N, Q);
  size_t *Reported = sycl::malloc_shared<size_t>(1, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = inputOf(I);

  Q.parallel_for(sycl::nd_range<Dims>(Global, Local),
                 [=](sycl::nd_item<Dims> It) {
                   sycl::sub_group SG = It.get_sub_group();
                   size_t Slot = subgroups::slotOf(It);
                   if (Slot == 0)
                     *Reported = SG.get_max_local_range()[0];
                   sub_group_mask M = group_ballot(SG, In[Slot] % 3 == 0);
                   Out[Slot] = M.count() | uint32_t(M.find_low()[0]) << 8 |
                               uint32_t(M[SG.get_local_linear_id()]) << 16;
                 })
      .wait();

  std::string Name = "ballot count" + subgroups::shapeName(Local);
  int Rc = 1;
  if (size_t SGSize = subgroups::checkedSize(Q, *Reported, Name.c_str())) {
    std::vector<uint32_t> Want(N);
    for (size_t Slot = 0; Slot < N; ++Slot) {
      subgroups::Place P = subgroups::placeOfSlot(Slot, Local, SGSize);
      size_t First = Slot - P.Lane, Count = 0, Low = P.Size;
      for (size_t L = P.Size; L-- > 0;)
        if (In[First + L] % 3 == 0) {
          ++Count;
          Low = L;
        }
      Want[Slot] = uint32_t(Count | Low << 8 | size_t(In[Slot] % 3 == 0) << 16);
    }
    Rc = corpus::check(Name.c_str(), Out, Want);
  }
  sycl::free(In, Q);
  sycl::free(Out, Q);
  sycl::free(Reported, Q);
  return Rc;
}

} // namespace

int main() {
  sycl::queue Q;
  auto Run = [&](auto Global, auto Local) {
    return runMembers(Q, Global, Local) | runCount(Q, Global, Local);
  };
  int Rc = subgroups::forEachShape(3, Run);
  // 2-D rows that sub-groups of every size up to 32 divide.
  Rc |= Run(sycl::range<2>(4, 64), sycl::range<2>(2, 32));
  return Rc;
}
