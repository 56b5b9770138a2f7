// Every query of group and h_item in a parallel_for_work_group kernel, in
// 1-D, 2-D and 3-D, with a given group size (odd ones, a single work-item,
// the 1024 maximum) and with the size left to Lanes (1 in every dimension
// but the last, 64 there). Each work-item records the answers in its slot
// (group linear id * group size + local linear id); the reference computes
// them from the definitions: global id = group id * group size + local id.
// The body also counts its own runs: once per group, not per work-item.
#include "hierarchical.hpp"

#include <optional>
#include <vector>

namespace {

/// What each work-item records, per dimension (0 past Dims) or once.
enum Field {
  GlobalId = 0,          // h_item::get_global_id(d), 3 fields
  LocalId = 3,           // h_item::get_local_id(d)
  PhysicalId = 6,        // h_item::get_physical_local_id(d)
  GlobalRange = 9,       // h_item::get_global_range(d)
  LocalRange = 12,       // h_item::get_local_range(d)
  GroupId = 15,          // group::get_group_id(d)
  GroupRange = 18,       // group::get_group_range(d)
  GroupLocalRange = 21,  // group::get_local_range(d)
  GlobalLinear = 24,     // get_global().get_linear_id()
  LocalLinear,           // get_local().get_linear_id()
  PhysicalLinear,        // get_physical_local().get_linear_id()
  GroupLinear,           // group::get_group_linear_id()
  GroupLinearRange,      // group::get_group_linear_range()
  GroupLocalLinearRange, // group::get_local_linear_range()
  Consistent,            // the id/range forms agree with the per-dimension ones
  NumFields
};

template <int Dims>
int runIds(sycl::queue &Q, sycl::range<Dims> NumGroups,
           std::optional<sycl::range<Dims>> GroupSize) {
  const hier::Triple Groups = hier::triple(NumGroups);
  const hier::Triple Size =
      GroupSize ? hier::triple(*GroupSize)
                : hier::Triple{Dims == 1 ? 64u : 1u, Dims == 2 ? 64u : 1u,
                               Dims == 3 ? 64u : 1u};
  const size_t G = hier::product(Groups), P = hier::product(Size);
  std::string Name = "ids " + std::to_string(Dims) + "-D groups " +
                     hier::text(Groups, Dims) + " size " +
                     (GroupSize ? hier::text(Size, Dims) : "default");
  size_t *Out = sycl::malloc_shared<size_t>(G * P * NumFields, Q);
  size_t *Runs = sycl::malloc_shared<size_t>(G, Q);
  for (size_t I = 0; I < G * P * NumFields; ++I)
    Out[I] = ~size_t(0);
  for (size_t I = 0; I < G; ++I)
    Runs[I] = 0;

  auto Body = [=](sycl::group<Dims> Grp) {
    Runs[Grp.get_group_linear_id()] += 1;
    Grp.parallel_for_work_item([&](sycl::h_item<Dims> It) {
      size_t Slot = Grp.get_group_linear_id() * Grp.get_local_linear_range() +
                    It.get_local().get_linear_id();
      size_t *O = Out + Slot * NumFields;
      for (int D = 0; D < 3; ++D) {
        bool In = D < Dims;
        O[GlobalId + D] = In ? It.get_global_id(D) : 0;
        O[LocalId + D] = In ? It.get_local_id(D) : 0;
        O[PhysicalId + D] = In ? It.get_physical_local_id(D) : 0;
        O[GlobalRange + D] = In ? It.get_global_range(D) : 1;
        O[LocalRange + D] = In ? It.get_local_range(D) : 1;
        O[GroupId + D] = In ? Grp.get_group_id(D) : 0;
        O[GroupRange + D] = In ? Grp.get_group_range(D) : 1;
        O[GroupLocalRange + D] = In ? Grp.get_local_range(D) : 1;
      }
      O[GlobalLinear] = It.get_global().get_linear_id();
      O[LocalLinear] = It.get_local().get_linear_id();
      O[PhysicalLinear] = It.get_physical_local().get_linear_id();
      O[GroupLinear] = Grp.get_group_linear_id();
      O[GroupLinearRange] = Grp.get_group_linear_range();
      O[GroupLocalLinearRange] = Grp.get_local_linear_range();
      bool Same = It == It && !(It != It);
      Same = Same && It.get_global().get_id() == It.get_global_id() &&
             It.get_global().get_range() == It.get_global_range() &&
             It.get_local_id() == It.get_logical_local_id() &&
             It.get_local_range() == It.get_logical_local_range() &&
             It.get_physical_local_range() == Grp.get_local_range() &&
             It.get_physical_local().get_id() == It.get_physical_local_id() &&
             It.get_logical_local().get_range() == It.get_local_range() &&
             Grp.get_max_local_range() == Grp.get_local_range() &&
             Grp.get_global_range() ==
                 Grp.get_group_range() * Grp.get_local_range() &&
             Grp.get_id() == Grp.get_group_id();
      for (int D = 0; D < Dims; ++D)
        Same = Same && Grp[D] == Grp.get_group_id()[D] &&
               It.get_global_id()[D] == It.get_global_id(D) &&
               It.get_physical_local_id()[D] == It.get_local_id(D);
      O[Consistent] = Same;
    });
  };
  Q.submit([&](sycl::handler &H) {
     if (GroupSize)
       H.parallel_for_work_group(NumGroups, *GroupSize, Body);
     else
       H.parallel_for_work_group(NumGroups, Body);
   }).wait();

  std::vector<size_t> Want(G * P * NumFields), WantRuns(G, 1);
  hier::Triple Global;
  for (int D = 0; D < 3; ++D)
    Global[D] = Groups[D] * Size[D];
  for (size_t GL = 0; GL < G; ++GL) {
    hier::Triple GId = hier::delinear(GL, Groups, Dims);
    for (size_t LL = 0; LL < P; ++LL) {
      hier::Triple LId = hier::delinear(LL, Size, Dims), GlobId;
      size_t *W = &Want[(GL * P + LL) * NumFields];
      for (int D = 0; D < 3; ++D) {
        GlobId[D] = GId[D] * Size[D] + LId[D];
        W[GlobalId + D] = GlobId[D];
        W[LocalId + D] = W[PhysicalId + D] = LId[D];
        W[GlobalRange + D] = Global[D];
        W[LocalRange + D] = W[GroupLocalRange + D] = Size[D];
        W[GroupId + D] = GId[D];
        W[GroupRange + D] = Groups[D];
      }
      W[GlobalLinear] = hier::linear(GlobId, Global, Dims);
      W[LocalLinear] = W[PhysicalLinear] = LL;
      W[GroupLinear] = GL;
      W[GroupLinearRange] = G;
      W[GroupLocalLinearRange] = P;
      W[Consistent] = 1;
    }
  }
  int Rc = corpus::check(Name.c_str(), Out, Want);
  Rc |= corpus::check((Name + " body runs").c_str(), Runs, WantRuns);
  sycl::free(Out, Q);
  sycl::free(Runs, Q);
  return Rc;
}

} // namespace

int main() {
  sycl::queue Q;
  int Rc = 0;
  Rc |= runIds<1>(Q, {5}, sycl::range<1>(37));
  Rc |= runIds<1>(Q, {3}, sycl::range<1>(1));
  Rc |= runIds<1>(Q, {2}, sycl::range<1>(1024));
  Rc |= runIds<1>(Q, {7}, std::nullopt);
  Rc |= runIds<2>(Q, {3, 2}, sycl::range<2>(3, 5));
  Rc |= runIds<2>(Q, {1, 4}, sycl::range<2>(16, 1));
  Rc |= runIds<2>(Q, {2, 3}, std::nullopt);
  Rc |= runIds<3>(Q, {2, 3, 2}, sycl::range<3>(2, 3, 4));
  Rc |= runIds<3>(Q, {1, 1, 3}, sycl::range<3>(4, 8, 32));
  Rc |= runIds<3>(Q, {2, 1, 2}, std::nullopt);
  return Rc;
}
