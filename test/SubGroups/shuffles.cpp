// The sub-group functions of SYCL 2020 4.17.3: group_broadcast in its three
// forms, select_from_group, shift_group_left / shift_group_right and
// permute_group_by_xor (default and explicit distances), and the pre-2020
// members shuffle, shuffle_down, shuffle_up and shuffle_xor; for types of
// every carrier (char, bool, short, int, unsigned, long, float, double),
// half and bfloat16 (as bits: every pattern, signalling NaNs included,
// must arrive unchanged) and types that travel in 8-byte chunks (a
// pointer, vec<float, 3>, marray<int, 5> and a 20-byte struct); in 1-D, 2-D and
// 3-D work-groups with whole and partial sub-groups. Every work-item's value
// encodes its slot, so each result says which lane it came from. A lane outside
// the sub-group has no value in SYCL; Lanes documents the caller's own, and
// that is checked too.
#include "subgroups.hpp"

#include <cstring>

namespace {

struct Record {
  int A;
  float B;
  char Name[12];
};

/// The value of type T of the work-item in slot \p Slot (\p Base: the
/// array the pointers point into).
template <typename T> T valueOf(size_t Slot, const int *Base) {
  uint32_t V = corpus::input(uint32_t(Slot), 3);
  if constexpr (std::is_same_v<T, bool>) {
    return V % 3 == 0;
  } else if constexpr (std::is_integral_v<T>) {
    return T(V);
  } else if constexpr (std::is_floating_point_v<T>) {
    return T(int(V % 100000) - 50000) * T(0.5);
  } else if constexpr (sizeof(T) == 2 && !std::is_integral_v<T>) {
    // half or bfloat16: any bits; every fourth a signalling NaN (exponent
    // all ones, quiet bit clear, payload not 0).
    constexpr uint16_t Exponent =
        std::is_same_v<T, sycl::half> ? 0x7c00 : 0x7f80;
    constexpr uint16_t Quiet = (Exponent >> 1) & ~Exponent;
    uint16_t Bits = uint16_t(V);
    if (Slot % 4 == 1)
      Bits = uint16_t((Bits | Exponent | 1) & ~Quiet);
    return sycl::bit_cast<T>(Bits);
  } else if constexpr (std::is_pointer_v<T>) {
    return Base + Slot;
  } else if constexpr (std::is_same_v<T, sycl::vec<float, 3>>) {
    return T(float(V % 1000), float(Slot), -float(V % 77));
  } else if constexpr (std::is_same_v<T, sycl::marray<int, 5>>) {
    return T(int(V), int(V >> 3), int(Slot), int(~V), 7);
  } else {
    Record R{int(V), float(V % 77), {}};
    for (int K = 0; K < 11; ++K)
      R.Name[K] = char('a' + (V >> K) % 26);
    return R;
  }
}

template <typename T> bool same(const T &A, const T &B) {
  if constexpr (std::is_same_v<T, sycl::vec<float, 3>> ||
                std::is_same_v<T, sycl::marray<int, 5>>) {
    for (size_t I = 0; I < A.size(); ++I)
      if (!(A[I] == B[I]))
        return false;
    return true;
  } else if constexpr (std::is_same_v<T, Record>) {
    return A.A == B.A && A.B == B.B &&
           std::memcmp(A.Name, B.Name, sizeof(A.Name)) == 0;
  } else if constexpr (sizeof(T) == 2 && !std::is_integral_v<T>) {
    return std::memcmp(&A, &B, sizeof(T)) == 0; // NaNs compare by bits
  } else {
    return A == B;
  }
}

enum Function {
  BroadcastLeader,
  BroadcastLinear,
  BroadcastId,
  Select,
  ShiftLeft,
  ShiftLeft3,
  ShiftRight,
  ShiftRight3,
  Xor1,
  Xor5,
  MemberShuffle,
  MemberShuffleDown2,
  MemberShuffleUp,
  MemberShuffleXor3,
  NumFunctions
};

const char *functionName(int F) {
  static const char *Names[] = {
      "group_broadcast(sg, x)",   "group_broadcast(sg, x, linear_id)",
      "group_broadcast(sg, x, id)", "select_from_group",
      "shift_group_left",         "shift_group_left(3)",
      "shift_group_right",        "shift_group_right(3)",
      "permute_group_by_xor(1)",  "permute_group_by_xor(5)",
      "sg.shuffle",               "sg.shuffle_down(2)",
      "sg.shuffle_up(1)",         "sg.shuffle_xor(3)"};
  return Names[F];
}

/// The lane select_from_group and sg.shuffle read in lane \p Lane of a
/// sub-group of \p Size: mostly another lane, sometimes one past the end.
size_t selectedLane(size_t Lane, size_t Size) {
  return (Lane * 3 + 1) % (Size + 1);
}

/// The lane function F reads in lane \p Lane of a sub-group of \p Size, or
/// Size and above where there is no such lane.
size_t sourceLane(int F, size_t Lane, size_t Size) {
  const size_t None = Size;
  switch (F) {
  case BroadcastLeader:
    return 0;
  case BroadcastLinear:
    return std::min<size_t>(Size - 1, 2);
  case BroadcastId:
    return Size - 1;
  case Select:
  case MemberShuffle:
    return selectedLane(Lane, Size);
  case ShiftLeft:
    return Lane + 1;
  case ShiftLeft3:
    return Lane + 3;
  case ShiftRight:
  case MemberShuffleUp:
    return Lane >= 1 ? Lane - 1 : None;
  case ShiftRight3:
    return Lane >= 3 ? Lane - 3 : None;
  case Xor1:
    return Lane ^ 1;
  case Xor5:
    return Lane ^ 5;
  case MemberShuffleDown2:
    return Lane + 2;
  default: // MemberShuffleXor3
    return Lane ^ 3;
  }
}

template <typename T, int Dims>
int runShuffles(sycl::queue &Q, const char *Type, sycl::range<Dims> Global,
                sycl::range<Dims> Local) {
  const size_t N = Global.size();
  T *Out = sycl::malloc_shared<T>(N * NumFunctions, Q);
  int *Base = sycl::malloc_shared<int>(N, Q);
  size_t *Reported = sycl::malloc_shared<size_t>(1, Q);
  Q.parallel_for(sycl::nd_range<Dims>(Global, Local), [=](sycl::nd_item<Dims>
                                                              It) {
     sycl::sub_group SG = It.get_sub_group();
     size_t Slot = subgroups::slotOf(It);
     if (Slot == 0)
       *Reported = SG.get_max_local_range()[0];
     T X = valueOf<T>(Slot, Base);
     uint32_t Lane = SG.get_local_linear_id(),
              Size = SG.get_local_linear_range();
     uint32_t Chosen = uint32_t(selectedLane(Lane, Size));
     T *O = Out + Slot * NumFunctions;
     O[BroadcastLeader] = sycl::group_broadcast(SG, X);
     O[BroadcastLinear] =
         sycl::group_broadcast(SG, X, Size - 1 < 2 ? Size - 1 : 2);
     O[BroadcastId] = sycl::group_broadcast(SG, X, sycl::id<1>(Size - 1));
     O[Select] = sycl::select_from_group(SG, X, sycl::id<1>(Chosen));
     O[ShiftLeft] = sycl::shift_group_left(SG, X);
     O[ShiftLeft3] = sycl::shift_group_left(SG, X, 3);
     O[ShiftRight] = sycl::shift_group_right(SG, X);
     O[ShiftRight3] = sycl::shift_group_right(SG, X, 3);
     O[Xor1] = sycl::permute_group_by_xor(SG, X, 1);
     O[Xor5] = sycl::permute_group_by_xor(SG, X, 5);
     O[MemberShuffle] = SG.shuffle(X, Chosen);
     O[MemberShuffleDown2] = SG.shuffle_down(X, 2);
     O[MemberShuffleUp] = SG.shuffle_up(X, 1);
     O[MemberShuffleXor3] = SG.shuffle_xor(X, 3);
   }).wait();

  std::string Name =
      std::string("shuffles ") + Type + subgroups::shapeName(Local);
  int Rc = 1;
  if (size_t SGSize = subgroups::checkedSize(Q, *Reported, Name.c_str())) {
    size_t Bad = 0;
    for (size_t Slot = 0; Slot < N; ++Slot) {
      subgroups::Place P = subgroups::placeOfSlot(Slot, Local, SGSize);
      for (int F = 0; F < NumFunctions; ++F) {
        size_t From = sourceLane(F, P.Lane, P.Size);
        size_t Source = From < P.Size ? Slot - P.Lane + From : Slot;
        if (same(Out[Slot * NumFunctions + F], valueOf<T>(Source, Base)))
          continue;
        if (++Bad <= 10)
          std::printf("  mismatch: work-item slot %zu (lane %zu of %zu), %s "
                      "should read lane %zu\n",
                      Slot, P.Lane, P.Size, functionName(F), From);
      }
    }
    std::printf("%s: %s, %zu of %zu results differ\n", Name.c_str(),
                Bad ? "FAIL" : "OK", Bad, N * NumFunctions);
    Rc = Bad != 0;
  }
  sycl::free(Out, Q);
  sycl::free(Base, Q);
  sycl::free(Reported, Q);
  return Rc;
}

template <typename T> int runShapes(sycl::queue &Q, const char *Type) {
  return subgroups::forEachShape(2, [&](auto Global, auto Local) {
    return runShuffles<T>(Q, Type, Global, Local);
  });
}

} // namespace

int main() {
  sycl::queue Q;
  int Rc = runShapes<char>(Q, "char");
  Rc |= runShapes<bool>(Q, "bool");
  Rc |= runShapes<short>(Q, "short");
  Rc |= runShapes<int>(Q, "int");
  Rc |= runShapes<unsigned>(Q, "unsigned");
  Rc |= runShapes<long>(Q, "long");
  Rc |= runShapes<float>(Q, "float");
  Rc |= runShapes<double>(Q, "double");
  Rc |= runShapes<sycl::half>(Q, "half");
  Rc |= runShapes<sycl::ext::oneapi::bfloat16>(Q, "bfloat16");
  Rc |= runShapes<const int *>(Q, "pointer");
  Rc |= runShapes<sycl::vec<float, 3>>(Q, "vec<float, 3>");
  Rc |= runShapes<sycl::marray<int, 5>>(Q, "marray<int, 5>");
  Rc |= runShapes<Record>(Q, "struct");
  return Rc;
}
