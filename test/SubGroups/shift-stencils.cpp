// Stencils by sub-group shifts, as warp code writes them: each work-item
// loads its point, takes the points up to K places to its left and right
// from its sub-group (shift_group_right / shift_group_left by K), and the
// lanes whose neighbour lies outside the sub-group (lane < K on the left,
// lane + K >= size on the right) read it from memory instead, clamped at
// the ends of the array. Whatever the sub-groups, every work-item then
// sums the clamped neighbourhood of its point, which is the reference.
// With whole sub-groups (local sizes that are multiples of the sub-group
// size), the compiled kernels chain their nests around the shifts and join
// each shift and its halo load into one load (docs/sub-groups.md); with
// partial ones they take the exchange loop over the group.
#include "subgroups.hpp"

namespace {

constexpr size_t N = 1536;
constexpr int Weights[] = {5, -3, 7, 2};

template <int Radius>
std::vector<int> wantStencil(const int *In) {
  std::vector<int> Want(N);
  for (size_t I = 0; I < N; ++I) {
    int Sum = Weights[0] * In[I];
    for (int K = 1; K <= Radius; ++K) {
      size_t L = I >= size_t(K) ? I - K : 0, R = std::min(I + K, N - 1);
      Sum += Weights[K] * In[L] - Weights[K] * 2 * In[R];
    }
    Want[I] = Sum;
  }
  return Want;
}

template <int Radius>
int run(sycl::queue &Q, const int *In, int *Out, size_t Local) {
  Q.parallel_for(sycl::nd_range<1>({N}, {Local}), [=](sycl::nd_item<1> It) {
     sycl::sub_group SG = It.get_sub_group();
     const long I = long(It.get_global_id(0)), Last = long(N) - 1;
     const unsigned Lane = SG.get_local_linear_id();
     const unsigned Size = SG.get_local_linear_range();
     const int X = In[I];
     int Sum = Weights[0] * X;
     for (unsigned K = 1; K <= Radius; ++K) {
       int Left = sycl::shift_group_right(SG, X, K);
       int Right = sycl::shift_group_left(SG, X, K);
       if (Lane < K)
         Left = In[std::max(I - long(K), 0L)];
       if (Lane + K >= Size)
         Right = In[std::min(I + long(K), Last)];
       Sum += Weights[K] * Left - Weights[K] * 2 * Right;
     }
     Out[I] = Sum;
   }).wait();
  std::string Name = "shift-stencils radius " + std::to_string(Radius) +
                     ", local size " + std::to_string(Local);
  return corpus::check(Name.c_str(), Out, wantStencil<Radius>(In));
}

} // namespace

int main() {
  sycl::queue Q;
  int *In = sycl::malloc_shared<int>(N, Q), *Out = sycl::malloc_shared<int>(N, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = int(corpus::input(uint32_t(I), 5) % 2000) - 1000;
  int Rc = 0;
  Rc |= run<1>(Q, In, Out, 64);
  Rc |= run<3>(Q, In, Out, 128);
  Rc |= run<3>(Q, In, Out, 24); // partial sub-groups of 16 (and 32)
  Rc |= run<2>(Q, In, Out, 1536);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}
