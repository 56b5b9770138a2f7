// private_memory: one value per physical work-item that lives as long as
// the parallel_for_work_group body. Values written in one
// parallel_for_work_item are read and updated in the following ones
// (three rounds in a group-scope loop), a second object of a 32-byte type
// with default member initializers starts from them, a third holds an
// array per work-item, and a flexible range
// twice the group reads the value of the physical work-item that runs each
// logical one (logical id l runs on l % group size). 1-D, 2-D and 3-D,
// up to the largest hierarchical group (1024 work-items).
#include "hierarchical.hpp"

#include <vector>

namespace {

/// 32 bytes, the largest private_memory element Lanes allows.
struct Quad {
  unsigned A = 11;
  unsigned B[7] = {1, 2, 3, 4, 5, 6, 7};
};
static_assert(sizeof(Quad) == 32, "Quad is meant to be the largest element");

template <int Dims>
int runPrivate(sycl::queue &Q, sycl::range<Dims> NumGroups,
               sycl::range<Dims> GroupSize) {
  const hier::Triple Groups = hier::triple(NumGroups),
                     Size = hier::triple(GroupSize);
  const size_t G = hier::product(Groups), P = hier::product(Size);
  std::string Name = "private-memory " + std::to_string(Dims) + "-D groups " +
                     hier::text(Groups, Dims) + " size " +
                     hier::text(Size, Dims);
  // Per group: P values after the rounds, then 2P from the flexible loop.
  unsigned *In = sycl::malloc_shared<unsigned>(G * P, Q);
  unsigned *Out = sycl::malloc_shared<unsigned>(G * 3 * P, Q);
  for (size_t I = 0; I < G * P; ++I)
    In[I] = corpus::input(uint32_t(I), 5);

  Q.submit([&](sycl::handler &H) {
     H.parallel_for_work_group(
         NumGroups, GroupSize, [=](sycl::group<Dims> Grp) {
           sycl::private_memory<unsigned, Dims> Mine(Grp);
           sycl::private_memory<Quad, Dims> Extra(Grp);
           sycl::private_memory<unsigned short[3], Dims> Pair(Grp);
           const size_t Size = Grp.get_local_linear_range();
           const size_t Base = Grp.get_group_linear_id() * Size;
           Grp.parallel_for_work_item([&](sycl::h_item<Dims> It) {
             size_t L = It.get_local().get_linear_id();
             Quad &E = Extra(It);
             Mine(It) = In[Base + L] + E.A + E.B[6];
             E.B[6] = unsigned(L);
             Pair(It)[0] = (unsigned short)(L);
             Pair(It)[2] = (unsigned short)(L * 3);
           });
           for (unsigned Round = 0; Round < 3; ++Round)
             Grp.parallel_for_work_item([&](sycl::h_item<Dims> It) {
               Mine(It) = Mine(It) * 3 + Round + Extra(It).B[6] +
                          (Pair(It)[2] - Pair(It)[0]);
             });
           unsigned *O = Out + Base * 3;
           Grp.parallel_for_work_item([&](sycl::h_item<Dims> It) {
             O[It.get_local().get_linear_id()] = Mine(It);
           });
           sycl::range<Dims> Twice = Grp.get_local_range();
           Twice[Dims - 1] *= 2;
           Grp.parallel_for_work_item(Twice, [&](sycl::h_item<Dims> It) {
             O[Size + It.get_logical_local().get_linear_id()] =
                 Mine(It) ^ Extra(It).A;
           });
         });
   }).wait();

  std::vector<unsigned> Want(G * 3 * P);
  hier::Triple Twice = Size;
  Twice[Dims - 1] *= 2;
  for (size_t GL = 0; GL < G; ++GL) {
    std::vector<unsigned> Mine(P);
    for (size_t L = 0; L < P; ++L) {
      Mine[L] = In[GL * P + L] + 11 + 7;
      for (unsigned Round = 0; Round < 3; ++Round)
        Mine[L] = Mine[L] * 3 + Round + unsigned(L) +
                  ((unsigned short)(L * 3) - (unsigned short)(L));
      Want[GL * 3 * P + L] = Mine[L];
    }
    for (size_t L = 0; L < 2 * P; ++L)
      Want[GL * 3 * P + P + L] =
          Mine[hier::physicalLinear(L, Twice, Size, Dims)] ^ 11;
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
  Rc |= runPrivate<1>(Q, {5}, {1});
  Rc |= runPrivate<1>(Q, {5}, {61});
  Rc |= runPrivate<1>(Q, {3}, {1024});
  Rc |= runPrivate<2>(Q, {2, 3}, {6, 7});
  Rc |= runPrivate<2>(Q, {2, 1}, {32, 32});
  Rc |= runPrivate<3>(Q, {2, 3, 1}, {3, 2, 5});
  Rc |= runPrivate<3>(Q, {1, 2, 2}, {4, 16, 16});
  return Rc;
}
