// No barriers: every nd_item / group query in 1-D, 2-D and 3-D, written to
// memory and compared with ids computed on the host (SYCL dimension N-1 is
// the fastest-varying one in every linear id).
#include <sycl/sycl.hpp>

#include "corpus.hpp"

namespace {

constexpr size_t Fields = 8;

template <int D>
int runQueries(sycl::queue &Q, sycl::range<D> Global, sycl::range<D> Local,
               const char *Name) {
  size_t N = Global.size();
  uint32_t *Out = sycl::malloc_shared<uint32_t>(N * Fields * 3, Q);
  Q.fill(Out, 0xFFFFFFFFu, N * Fields * 3);
  Q.wait();
  Q.parallel_for(sycl::nd_range<D>(Global, Local), [=](sycl::nd_item<D> It) {
    size_t Gl = It.get_global_linear_id();
    uint32_t *O = Out + Gl * Fields * 3;
    for (int Dim = 0; Dim < D; ++Dim) {
      O[Dim * Fields + 0] = It.get_global_id(Dim);
      O[Dim * Fields + 1] = It.get_local_id(Dim);
      O[Dim * Fields + 2] = It.get_group(Dim);
      O[Dim * Fields + 3] = It.get_local_range(Dim);
      O[Dim * Fields + 4] = It.get_global_range(Dim);
      O[Dim * Fields + 5] = It.get_group_range(Dim);
      O[Dim * Fields + 6] = It.get_local_linear_id();
      O[Dim * Fields + 7] = It.get_group_linear_id();
    }
  });
  Q.wait();

  std::vector<uint32_t> Want(N * Fields * 3, 0xFFFFFFFFu);
  size_t GroupsPerDim[3] = {1, 1, 1};
  for (int Dim = 0; Dim < D; ++Dim)
    GroupsPerDim[Dim] = Global[Dim] / Local[Dim];
  for (size_t Gl = 0; Gl < N; ++Gl) {
    size_t Id[3] = {0, 0, 0}, Rest = Gl;
    for (int Dim = D - 1; Dim >= 0; --Dim) {
      Id[Dim] = Rest % Global[Dim];
      Rest /= Global[Dim];
    }
    size_t LocalLinear = 0, GroupLinear = 0;
    for (int Dim = 0; Dim < D; ++Dim) {
      LocalLinear = LocalLinear * Local[Dim] + Id[Dim] % Local[Dim];
      GroupLinear = GroupLinear * GroupsPerDim[Dim] + Id[Dim] / Local[Dim];
    }
    uint32_t *O = Want.data() + Gl * Fields * 3;
    for (int Dim = 0; Dim < D; ++Dim) {
      O[Dim * Fields + 0] = Id[Dim];
      O[Dim * Fields + 1] = Id[Dim] % Local[Dim];
      O[Dim * Fields + 2] = Id[Dim] / Local[Dim];
      O[Dim * Fields + 3] = Local[Dim];
      O[Dim * Fields + 4] = Global[Dim];
      O[Dim * Fields + 5] = GroupsPerDim[Dim];
      O[Dim * Fields + 6] = LocalLinear;
      O[Dim * Fields + 7] = GroupLinear;
    }
  }
  int Rc = corpus::check(Name, Out, Want);
  sycl::free(Out, Q);
  return Rc;
}

} // namespace

int main() {
  sycl::queue Q{sycl::cpu_selector_v};
  int Rc = runQueries<1>(Q, sycl::range<1>(91), sycl::range<1>(13),
                         "nd-item-queries 1-D");
  Rc |= runQueries<2>(Q, sycl::range<2>(6, 35), sycl::range<2>(3, 7),
                      "nd-item-queries 2-D");
  Rc |= runQueries<3>(Q, sycl::range<3>(4, 6, 10), sycl::range<3>(2, 3, 5),
                      "nd-item-queries 3-D");
  return Rc;
}
