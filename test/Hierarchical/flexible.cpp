// parallel_for_work_item(range, f): logical ranges smaller than the group,
// equal, larger and not a multiple, a multiple, empty, and one that differs
// from group to group, in 1-D, 2-D and 3-D. SYCL 2020 4.9.4.2.3 lets the
// logical range differ from the physical group size and leaves the mapping
// to the implementation; Lanes runs logical id l on physical work-item
// l % group size in each dimension. Every logical work-item must run
// exactly once per group, see the logical range and its own logical id,
// and report the physical id and the global id (group id * group size +
// physical id) of the work-item that runs it.
#include "hierarchical.hpp"

#include <vector>

namespace {

/// What each logical work-item records.
enum Field {
  Runs = 0,           // how often it ran
  PhysicalId = 1,     // get_physical_local_id(d), 3 fields
  GlobalId = 4,       // get_global_id(d)
  LogicalRange = 7,   // get_logical_local_range(d)
  PhysicalRange = 10, // get_physical_local_range(d)
  PhysicalLinear = 13,
  NumFields
};

/// The logical range group \p GroupLinear uses: \p R, its last dimension
/// grown by GroupLinear % 3 when \p Vary.
hier::Triple logicalRange(hier::Triple R, int Dims, size_t GroupLinear,
                          bool Vary) {
  if (Vary)
    R[Dims - 1] += GroupLinear % 3;
  return R;
}

template <int Dims>
int runFlexible(sycl::queue &Q, sycl::range<Dims> NumGroups,
                sycl::range<Dims> GroupSize, sycl::range<Dims> Logical,
                bool Vary = false) {
  const hier::Triple Groups = hier::triple(NumGroups),
                     Size = hier::triple(GroupSize), R = hier::triple(Logical);
  const size_t G = hier::product(Groups);
  // Room for the largest logical range of any group.
  const size_t Slots = hier::product(logicalRange(R, Dims, 2, Vary));
  std::string Name = "flexible " + std::to_string(Dims) + "-D groups " +
                     hier::text(Groups, Dims) + " size " +
                     hier::text(Size, Dims) + " logical " +
                     hier::text(R, Dims) + (Vary ? " (+ group % 3)" : "");
  const size_t N = G * Slots * NumFields;
  size_t *Out = sycl::malloc_shared<size_t>(N, Q);
  for (size_t I = 0; I < N; ++I)
    Out[I] = 0;

  Q.submit([&](sycl::handler &H) {
     H.parallel_for_work_group(
         NumGroups, GroupSize, [=](sycl::group<Dims> Grp) {
           sycl::range<Dims> Mine = Logical;
           if (Vary)
             Mine[Dims - 1] += Grp.get_group_linear_id() % 3;
           Grp.parallel_for_work_item(Mine, [&](sycl::h_item<Dims> It) {
             size_t *O = Out + (Grp.get_group_linear_id() * Slots +
                                It.get_logical_local().get_linear_id()) *
                                   NumFields;
             O[Runs] += 1;
             for (int D = 0; D < Dims; ++D) {
               O[PhysicalId + D] = It.get_physical_local_id(D);
               O[GlobalId + D] = It.get_global_id(D);
               O[LogicalRange + D] = It.get_logical_local_range(D);
               O[PhysicalRange + D] = It.get_physical_local_range(D);
             }
             O[PhysicalLinear] = It.get_physical_local().get_linear_id();
           });
         });
   }).wait();

  std::vector<size_t> Want(N, 0);
  for (size_t GL = 0; GL < G; ++GL) {
    hier::Triple GId = hier::delinear(GL, Groups, Dims);
    hier::Triple Mine = logicalRange(R, Dims, GL, Vary);
    for (size_t L = 0; L < hier::product(Mine); ++L) {
      hier::Triple PId =
          hier::physical(hier::delinear(L, Mine, Dims), Size, Dims);
      size_t *W = &Want[(GL * Slots + L) * NumFields];
      W[Runs] = 1;
      for (int D = 0; D < Dims; ++D) {
        W[PhysicalId + D] = PId[D];
        W[GlobalId + D] = GId[D] * Size[D] + PId[D];
        W[LogicalRange + D] = Mine[D];
        W[PhysicalRange + D] = Size[D];
      }
      W[PhysicalLinear] = hier::linear(PId, Size, Dims);
    }
  }
  int Rc = corpus::check(Name.c_str(), Out, Want);
  sycl::free(Out, Q);
  return Rc;
}

} // namespace

int main() {
  sycl::queue Q;
  int Rc = 0;
  for (size_t R : {3, 8, 21, 64, 0, 1})
    Rc |= runFlexible<1>(Q, {4}, {8}, {R});
  Rc |= runFlexible<1>(Q, {6}, {5}, {6}, /*Vary=*/true);
  Rc |= runFlexible<1>(Q, {3}, {1}, {9});
  Rc |= runFlexible<2>(Q, {2, 3}, {3, 4}, {2, 3});
  Rc |= runFlexible<2>(Q, {2, 3}, {3, 4}, {7, 10});
  Rc |= runFlexible<2>(Q, {3, 2}, {3, 4}, {3, 1});
  Rc |= runFlexible<2>(Q, {2, 2}, {2, 5}, {5, 3}, /*Vary=*/true);
  Rc |= runFlexible<3>(Q, {2, 1, 3}, {2, 3, 4}, {5, 2, 9});
  Rc |= runFlexible<3>(Q, {1, 2, 2}, {2, 3, 4}, {1, 1, 1});
  Rc |= runFlexible<3>(Q, {2, 2, 1}, {1, 2, 3}, {2, 4, 6}, /*Vary=*/true);
  return Rc;
}
