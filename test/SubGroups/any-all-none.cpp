// any_of_group, all_of_group and none_of_group on a sub_group, with a bool
// and with a value and predicate, and joint_any_of / joint_all_of /
// joint_none_of with each sub-group looking at a range of its own (empty,
// shorter and longer than the sub-group). Sub-group k of the launch holds
// all positive values when k % 3 == 0, none when k % 3 == 1 and a single
// one otherwise, so every answer is sometimes true and sometimes false.
#include "subgroups.hpp"

namespace {

/// The value of lane \p Lane of sub-group \p K (of \p Size lanes).
int valueOf(size_t K, size_t Lane, size_t Size) {
  uint32_t V = corpus::input(uint32_t(K * 64 + Lane));
  return K % 3 == 0   ? int(V % 100 + 1)
         : K % 3 == 1 ? -int(V % 100)
                      : (Lane == K * 5 % Size ? 7 : -3);
}

constexpr size_t Stride = 200;
const size_t Lengths[4] = {0, 1, 5, 150};

template <int Dims>
int runAnyAllNone(sycl::queue &Q, sycl::range<Dims> Global,
                  sycl::range<Dims> Local) {
  const size_t N = Global.size();
  int *Out = sycl::malloc_shared<int>(N, Q);
  size_t *Reported = sycl::malloc_shared<size_t>(1, Q);
  // Enough ranges for sub-groups of one work-item.
  int *Ranges = sycl::malloc_shared<int>(N * Stride, Q);
  for (size_t I = 0; I < N * Stride; ++I)
    Ranges[I] = valueOf(I / Stride, I % Stride, Stride);
  Q.parallel_for(sycl::nd_range<Dims>(Global, Local), [=](sycl::nd_item<Dims>
                                                              It) {
     sycl::sub_group SG = It.get_sub_group();
     size_t Slot = subgroups::slotOf(It);
     if (Slot == 0)
       *Reported = SG.get_max_local_range()[0];
     size_t K = It.get_group_linear_id() * SG.get_group_linear_range() +
                SG.get_group_linear_id();
     int X = valueOf(K, SG.get_local_linear_id(), SG.get_local_linear_range());
     auto Positive = [](int V) { return V > 0; };
     const int *First = Ranges + K * Stride, *Last = First + Lengths[K % 4];
     Out[Slot] = sycl::any_of_group(SG, X > 0) |
                 sycl::all_of_group(SG, X > 0) << 1 |
                 sycl::none_of_group(SG, X > 0) << 2 |
                 sycl::any_of_group(SG, X, Positive) << 3 |
                 sycl::all_of_group(SG, X, Positive) << 4 |
                 sycl::none_of_group(SG, X, Positive) << 5 |
                 sycl::joint_any_of(SG, First, Last, Positive) << 6 |
                 sycl::joint_all_of(SG, First, Last, Positive) << 7 |
                 sycl::joint_none_of(SG, First, Last, Positive) << 8;
   }).wait();

  std::string Name = "any/all/none" + subgroups::shapeName(Local);
  int Rc = 1;
  if (size_t SGSize = subgroups::checkedSize(Q, *Reported, Name.c_str())) {
    std::vector<int> Want(N);
    for (size_t Slot = 0; Slot < N; ++Slot) {
      subgroups::Place P = subgroups::placeOfSlot(Slot, Local, SGSize);
      size_t K = Slot / Local.size() * P.NumSubGroups + P.SubGroup;
      bool Any = false, All = true;
      for (size_t L = 0; L < P.Size; ++L) {
        bool Positive = valueOf(K, L, P.Size) > 0;
        Any = Any || Positive;
        All = All && Positive;
      }
      bool JointAny = false, JointAll = true;
      for (size_t I = 0; I < Lengths[K % 4]; ++I) {
        bool Positive = Ranges[K * Stride + I] > 0;
        JointAny = JointAny || Positive;
        JointAll = JointAll && Positive;
      }
      Want[Slot] = (Any | All << 1 | !Any << 2) * 9 |
                   (JointAny << 6 | JointAll << 7 | !JointAny << 8);
    }
    Rc = corpus::check(Name.c_str(), Out, Want);
  }
  sycl::free(Out, Q);
  sycl::free(Reported, Q);
  sycl::free(Ranges, Q);
  return Rc;
}

} // namespace

int main() {
  sycl::queue Q;
  return subgroups::forEachShape(3, [&](auto Global, auto Local) {
    return runAnyAllNone(Q, Global, Local);
  });
}
