// Work-group-scope variables: what the parallel_for_work_group body
// declares is shared by the group's work-items, and each
// parallel_for_work_item returns only when all its work-items have run
// (the implicit barrier). A first loop fills a group-scope tile, the body
// sums it once, a second loop reads a neighbour's tile entry and the sum,
// a third (a flexible range twice the group) reads a value one work-item
// wrote in the second; the body then changes a group-scope variable and a
// fourth loop must see the new value. A local_accessor is the group's
// local memory here as in nd-range kernels. 1-D, 2-D and 3-D groups.
#include "hierarchical.hpp"

#include <vector>

namespace {

/// The largest group the tests use (the tile's size).
constexpr size_t MaxGroup = 128;

template <int Dims>
int runGroupScope(sycl::queue &Q, sycl::range<Dims> NumGroups,
                  sycl::range<Dims> GroupSize) {
  const hier::Triple Groups = hier::triple(NumGroups),
                     Size = hier::triple(GroupSize);
  const size_t G = hier::product(Groups), P = hier::product(Size);
  std::string Name = "group-scope " + std::to_string(Dims) + "-D groups " +
                     hier::text(Groups, Dims) + " size " +
                     hier::text(Size, Dims);
  // Per group: P inputs; outputs: P (loop 2), 2P (loop 3), P (loop 4).
  unsigned *In = sycl::malloc_shared<unsigned>(G * P, Q);
  unsigned *Out = sycl::malloc_shared<unsigned>(G * 4 * P, Q);
  for (size_t I = 0; I < G * P; ++I)
    In[I] = corpus::input(uint32_t(I), 3) % 100000;

  Q.submit([&](sycl::handler &H) {
     sycl::local_accessor<unsigned, 1> Local(sycl::range<1>(P), H);
     H.parallel_for_work_group(
         NumGroups, GroupSize, [=](sycl::group<Dims> Grp) {
           unsigned Tile[MaxGroup];
           const size_t Size = Grp.get_local_linear_range();
           const size_t Base = Grp.get_group_linear_id() * Size;
           unsigned *O = Out + Grp.get_group_linear_id() * 4 * Size;
           Grp.parallel_for_work_item([&](sycl::h_item<Dims> It) {
             size_t L = It.get_local().get_linear_id();
             Tile[L] = In[Base + L];
             Local[L] = In[Base + L] * 2 + 1;
           });
           unsigned Sum = 0;
           for (size_t I = 0; I < Size; ++I)
             Sum += Tile[I];
           unsigned Picked = 0;
           Grp.parallel_for_work_item([&](sycl::h_item<Dims> It) {
             size_t L = It.get_local().get_linear_id();
             O[L] = Tile[(L + 1) % Size] * 3 + Sum + Local[(L + 2) % Size];
             if (L == Size / 2)
               Picked = Tile[L] + 7;
           });
           sycl::range<Dims> Twice = Grp.get_local_range();
           Twice[Dims - 1] *= 2;
           Grp.parallel_for_work_item(Twice, [&](sycl::h_item<Dims> It) {
             size_t L = It.get_logical_local().get_linear_id();
             O[Size + L] =
                 Picked ^ Tile[It.get_physical_local().get_linear_id()];
           });
           Sum = Sum * 2 + 1;
           Grp.parallel_for_work_item([&](sycl::h_item<Dims> It) {
             size_t L = It.get_local().get_linear_id();
             O[3 * Size + L] = Sum - Tile[L];
           });
         });
   }).wait();

  std::vector<unsigned> Want(G * 4 * P);
  hier::Triple Twice = Size;
  Twice[Dims - 1] *= 2;
  for (size_t GL = 0; GL < G; ++GL) {
    const unsigned *T = In + GL * P;
    unsigned *W = &Want[GL * 4 * P];
    unsigned Sum = 0;
    for (size_t I = 0; I < P; ++I)
      Sum += T[I];
    unsigned Picked = T[P / 2] + 7;
    for (size_t L = 0; L < P; ++L) {
      W[L] = T[(L + 1) % P] * 3 + Sum + (T[(L + 2) % P] * 2 + 1);
      W[3 * P + L] = (Sum * 2 + 1) - T[L];
    }
    for (size_t L = 0; L < 2 * P; ++L)
      W[P + L] = Picked ^ T[hier::physicalLinear(L, Twice, Size, Dims)];
  }
  int Rc = corpus::check(Name.c_str(), Out, Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}

} // namespace

int main() {
  sycl::queue Q;
  int Rc = 0;
  Rc |= runGroupScope<1>(Q, {9}, {1});
  Rc |= runGroupScope<1>(Q, {9}, {37});
  Rc |= runGroupScope<1>(Q, {4}, {128});
  Rc |= runGroupScope<2>(Q, {3, 2}, {5, 7});
  Rc |= runGroupScope<3>(Q, {2, 2, 3}, {2, 3, 5});
  return Rc;
}
