// Indices clamped at the edges of the data in kernels that use sub-groups,
// so that each row of work-items runs as a nest: a loop over the
// sub-groups around the lanes of one. lanes-version-clamps tests such a
// nest's clamps once, before it, when every clamped index moves by a
// constant step from sub-group to sub-group (and from row to row): here
// an index that falls as the work-item rises, unsigned clamps, and a 2-D
// blur whose x and y are both clamped. The groups at the edges clamp, the
// others do not; every work-item also adds its sub-group's sum, so the
// kernels need their sub-groups. Checked against a serial host reference.
#include "subgroups.hpp"

namespace {

constexpr size_t N = 1536, W = 96, H = 40, Elements = W * H;

/// The device's one sub-group size (queries.cpp checks it is the kernels').
size_t size(sycl::queue &Q) {
  return Q.get_device().get_info<sycl::info::device::sub_group_sizes>()[0];
}

/// Sum of `Values` over each work-item's sub-group, for one row of `Row`
/// work-items, split into sub-groups of `SG` lanes.
std::vector<int> subGroupSums(const std::vector<int> &Values, size_t Row,
                              size_t SG) {
  std::vector<int> Sums(Values.size());
  for (size_t Start = 0; Start < Values.size(); Start += Row)
    for (size_t First = Start; First < Start + Row; First += SG) {
      size_t End = std::min(First + SG, Start + Row);
      int Sum = 0;
      for (size_t I = First; I < End; ++I)
        Sum += Values[I];
      for (size_t I = First; I < End; ++I)
        Sums[I] = Sum;
    }
  return Sums;
}

/// Work-item I reads around J = N - 1 - I: signed clamps of an index that
/// falls as I rises.
template <size_t Local> int falling(sycl::queue &Q, const int *In, int *Out) {
  Q.parallel_for(sycl::nd_range<1>({N}, {Local}), [=](sycl::nd_item<1> It) {
     const long J = long(N) - 1 - long(It.get_global_id(0)), Last = long(N) - 1;
     int Sum = 0;
     for (long K = 1; K <= 3; ++K)
       Sum += int(K) * In[std::max(J - K, 0L)] - In[std::min(J + K, Last)];
     Out[It.get_global_id(0)] =
         sycl::reduce_over_group(It.get_sub_group(), Sum, sycl::plus<>());
   }).wait();
  std::vector<int> Sums(N);
  for (size_t I = 0; I < N; ++I) {
    long J = long(N) - 1 - long(I);
    for (long K = 1; K <= 3; ++K)
      Sums[I] +=
          int(K) * In[std::max(J - K, 0L)] - In[std::min(J + K, long(N) - 1)];
  }
  std::string Name = "falling, local size " + std::to_string(Local);
  return corpus::check(Name.c_str(), Out, subGroupSums(Sums, Local, size(Q)));
}

/// Unsigned clamps: max(I, K) - K and min(I + K, N - 1) on size_t.
template <size_t Local>
int unsignedClamps(sycl::queue &Q, const int *In, int *Out) {
  Q.parallel_for(sycl::nd_range<1>({N}, {Local}), [=](sycl::nd_item<1> It) {
     const size_t I = It.get_global_id(0);
     int Sum = 0;
     for (size_t K = 1; K <= 4; ++K)
       Sum += In[std::max(I, K) - K] * int(K) + In[std::min(I + K, N - 1)];
     Out[I] = sycl::reduce_over_group(It.get_sub_group(), Sum, sycl::plus<>());
   }).wait();
  std::vector<int> Sums(N);
  for (size_t I = 0; I < N; ++I)
    for (size_t K = 1; K <= 4; ++K)
      Sums[I] += In[std::max(I, K) - K] * int(K) + In[std::min(I + K, N - 1)];
  std::string Name = "unsigned, local size " + std::to_string(Local);
  return corpus::check(Name.c_str(), Out, subGroupSums(Sums, Local, size(Q)));
}

/// A 3x3 box blur of a W x H image, x and y clamped at the borders, plus
/// each work-item's sub-group sum of its pixel.
template <size_t LY, size_t LX>
int blur(sycl::queue &Q, const int *In, int *Out) {
  const sycl::range<2> Local(LY, LX);
  Q.parallel_for(sycl::nd_range<2>({H, W}, Local), [=](sycl::nd_item<2> It) {
     const long Y = long(It.get_global_id(0)), X = long(It.get_global_id(1));
     int Sum = 0;
     for (long DY = -1; DY <= 1; ++DY) {
       const long YY = std::min(std::max(Y + DY, 0L), long(H) - 1);
       for (long DX = -1; DX <= 1; ++DX)
         Sum += In[YY * long(W) + std::min(std::max(X + DX, 0L), long(W) - 1)];
     }
     Out[Y * long(W) + X] =
         Sum + sycl::reduce_over_group(It.get_sub_group(), In[Y * W + X],
                                       sycl::plus<>());
   }).wait();
  // Each group's row is Local[1] consecutive pixels of an image row (W is
  // a multiple of it), so the sub-groups are those of rows of Local[1].
  std::vector<int> Pixels(In, In + W * H), Want(W * H);
  std::vector<int> Sums = subGroupSums(Pixels, Local[1], size(Q));
  for (long Y = 0; Y < long(H); ++Y)
    for (long X = 0; X < long(W); ++X) {
      int Sum = 0;
      for (long DY = -1; DY <= 1; ++DY)
        for (long DX = -1; DX <= 1; ++DX)
          Sum += Pixels[std::clamp(Y + DY, 0L, long(H) - 1) * long(W) +
                        std::clamp(X + DX, 0L, long(W) - 1)];
      Want[Y * W + X] = Sum + Sums[Y * W + X];
    }
  std::string Name = "blur, local size " + std::to_string(Local[1]) + "x" +
                     std::to_string(Local[0]);
  return corpus::check(Name.c_str(), Out, Want);
}

} // namespace

int main() {
  sycl::queue Q;
  static_assert(Elements >= N, "the image is the larger use of the buffers");
  int *In = sycl::malloc_shared<int>(Elements, Q),
      *Out = sycl::malloc_shared<int>(Elements, Q);
  for (size_t I = 0; I < Elements; ++I)
    In[I] = int(corpus::input(uint32_t(I), 7) % 2000) - 1000;
  int Rc = 0;
  // Constant local sizes, so that the kernels are compiled for them and
  // each row of work-items runs as a nest of sub-groups.
  Rc |= falling<64>(Q, In, Out) | falling<128>(Q, In, Out) |
        falling<24>(Q, In, Out) | falling<1536>(Q, In, Out);
  Rc |= unsignedClamps<64>(Q, In, Out) | unsignedClamps<256>(Q, In, Out) |
        unsignedClamps<24>(Q, In, Out);
  Rc |= blur<4, 32>(Q, In, Out) | blur<2, 48>(Q, In, Out) |
        blur<8, 12>(Q, In, Out) | blur<1, 96>(Q, In, Out);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}
