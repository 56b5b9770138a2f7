// sycl::sub_group's queries and member types, checked against the
// definition in 1-D, 2-D and 3-D work-groups with whole and partial
// sub-groups; and the "truth" of the sub-group size: the size every kernel
// sees (get_max_local_range) is the one size info::device::sub_group_sizes
// reports, and the lanes of a sub-group are the consecutive work-items the
// queries say they are (select_from_group and shift_group_left/right read
// the slot of the work-item the reference places in that lane).
#include "subgroups.hpp"

#include <type_traits>

static_assert(std::is_same_v<sycl::sub_group::id_type, sycl::id<1>>);
static_assert(std::is_same_v<sycl::sub_group::range_type, sycl::range<1>>);
static_assert(std::is_same_v<sycl::sub_group::linear_id_type, uint32_t>);
static_assert(sycl::sub_group::dimensions == 1);
static_assert(sycl::sub_group::fence_scope == sycl::memory_scope::sub_group);
static_assert(sycl::is_group_v<sycl::sub_group>);
static_assert(std::is_same_v<sycl::ext::oneapi::sub_group, sycl::sub_group>);
static_assert(std::is_trivially_copyable_v<sycl::sub_group>);

namespace {

enum Query {
  GroupId,
  LocalId,
  LocalRange,
  MaxLocalRange,
  GroupRange,
  GroupLinearId,
  LocalLinearId,
  GroupLinearRange,
  LocalLinearRange,
  Leader,
  FromLane0,
  FromLeft,
  FromRight2,
  NumQueries
};

const char *queryName(int Q) {
  static const char *Names[] = {
      "get_group_id",         "get_local_id",
      "get_local_range",      "get_max_local_range",
      "get_group_range",      "get_group_linear_id",
      "get_local_linear_id",  "get_group_linear_range",
      "get_local_linear_range", "leader",
      "select_from_group(0)", "shift_group_left",
      "shift_group_right(2)"};
  return Names[Q];
}

template <int Dims>
int runQueries(sycl::queue &Q, sycl::range<Dims> Global,
               sycl::range<Dims> Local) {
  const size_t N = Global.size();
  size_t *Out = sycl::malloc_shared<size_t>(N * NumQueries, Q);
  Q.parallel_for(sycl::nd_range<Dims>(Global, Local), [=](sycl::nd_item<Dims>
                                                              It) {
     sycl::sub_group SG = It.get_sub_group();
     size_t Slot = subgroups::slotOf(It);
     size_t *O = Out + Slot * NumQueries;
     O[GroupId] = SG.get_group_id()[0];
     O[LocalId] = SG.get_local_id()[0];
     O[LocalRange] = SG.get_local_range()[0];
     O[MaxLocalRange] = SG.get_max_local_range()[0];
     O[GroupRange] = SG.get_group_range()[0];
     O[GroupLinearId] = SG.get_group_linear_id();
     O[LocalLinearId] = SG.get_local_linear_id();
     O[GroupLinearRange] = SG.get_group_linear_range();
     O[LocalLinearRange] = SG.get_local_linear_range();
     O[Leader] = SG.leader();
     O[FromLane0] = sycl::select_from_group(SG, Slot, sycl::id<1>(0));
     O[FromLeft] = sycl::shift_group_left(SG, Slot);
     O[FromRight2] = sycl::shift_group_right(SG, Slot, 2);
   }).wait();

  std::string Name = "queries" + subgroups::shapeName(Local);
  int Rc = 1;
  if (size_t SGSize = subgroups::checkedSize(Q, Out[MaxLocalRange],
                                             Name.c_str())) {
    std::vector<size_t> Want(N * NumQueries);
    for (size_t Slot = 0; Slot < N; ++Slot) {
      subgroups::Place P = subgroups::placeOfSlot(Slot, Local, SGSize);
      size_t *W = &Want[Slot * NumQueries];
      W[GroupId] = W[GroupLinearId] = P.SubGroup;
      W[LocalId] = W[LocalLinearId] = P.Lane;
      W[LocalRange] = W[LocalLinearRange] = P.Size;
      W[MaxLocalRange] = SGSize;
      W[GroupRange] = W[GroupLinearRange] = P.NumSubGroups;
      W[Leader] = P.Lane == 0;
      W[FromLane0] = Slot - P.Lane;
      // Past either end of the sub-group, Lanes gives the caller's own.
      W[FromLeft] = P.Lane + 1 < P.Size ? Slot + 1 : Slot;
      W[FromRight2] = P.Lane >= 2 ? Slot - 2 : Slot;
    }
    Rc = corpus::check(Name.c_str(), Out, Want);
    for (size_t I = 0; Rc && I < Want.size(); ++I)
      if (Out[I] != Want[I]) {
        std::printf("  first difference: work-item slot %zu, %s\n",
                    I / NumQueries, queryName(int(I % NumQueries)));
        break;
      }
  }
  sycl::free(Out, Q);
  return Rc;
}

} // namespace

int main() {
  sycl::queue Q;
  int Rc = 0;
  for (size_t Row : subgroups::RowSizes)
    Rc |= runQueries<1>(Q, {2 * Row}, {Row});
  Rc |= runQueries<2>(Q, {6, 26}, {3, 13});
  Rc |= runQueries<2>(Q, {2, 48}, {2, 24});
  Rc |= runQueries<2>(Q, {4, 1}, {2, 1});
  Rc |= runQueries<3>(Q, {2, 6, 14}, {2, 3, 7});
  Rc |= runQueries<3>(Q, {1, 4, 200}, {1, 2, 100});
  Rc |= runQueries<3>(Q, {2, 2, 64}, {2, 2, 64});
  return Rc;
}
