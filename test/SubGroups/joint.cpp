// joint_reduce, joint_exclusive_scan and joint_inclusive_scan on a
// sub_group, with and without an initial value and in place, each
// sub-group over a range of its own whose length differs between the
// sub-groups of one work-group (0, 1, 5, 17, 64 and 200 elements: several
// chunks, partial ones, and none at all), in rows with partial
// sub-groups. int with plus, unsigned char with maximum (narrow identity),
// signed char with minimum, float with plus, double with minimum.
#include "subgroups.hpp"

namespace {

constexpr size_t Stride = 200, Scans = 5; // excl, excl-init, incl, incl-init,
                                          // in place
const size_t Lengths[6] = {0, 1, 5, 17, 64, 200};

template <template <typename> class OpT, typename T, int Dims>
int runJoint(sycl::queue &Q, const std::string &Type, sycl::range<Dims> Global,
             sycl::range<Dims> Local) {
  const size_t N = Global.size();
  // Enough ranges for sub-groups of one work-item.
  T *In = sycl::malloc_shared<T>(N * Stride, Q);
  T *Scan = sycl::malloc_shared<T>(N * Stride * Scans, Q);
  T *Red = sycl::malloc_shared<T>(N * 2, Q);
  int *Ends = sycl::malloc_shared<int>(N, Q);
  size_t *Reported = sycl::malloc_shared<size_t>(1, Q);
  for (size_t I = 0; I < N * Stride; ++I)
    In[I] = groups::input<OpT, T>(uint32_t(I));
  for (size_t I = 0; I < N * Stride * Scans; ++I)
    Scan[I] = T(0);
  const T Init = groups::input<OpT, T>(999);

  Q.parallel_for(sycl::nd_range<Dims>(Global, Local), [=](sycl::nd_item<Dims>
                                                              It) {
     sycl::sub_group SG = It.get_sub_group();
     size_t Slot = subgroups::slotOf(It);
     if (Slot == 0)
       *Reported = SG.get_max_local_range()[0];
     size_t K = It.get_group_linear_id() * SG.get_group_linear_range() +
                SG.get_group_linear_id();
     size_t Len = Lengths[K % 6];
     const T *First = In + K * Stride, *Last = First + Len;
     T *S = Scan + K * Stride * Scans;
     Red[Slot * 2] = sycl::joint_reduce(SG, First, Last, OpT<T>());
     Red[Slot * 2 + 1] = sycl::joint_reduce(SG, First, Last, Init, OpT<void>());
     int End = 0;
     End += sycl::joint_exclusive_scan(SG, First, Last, S, OpT<void>()) ==
            S + Len;
     End += sycl::joint_exclusive_scan(SG, First, Last, S + Stride, Init,
                                       OpT<T>()) == S + Stride + Len;
     End += sycl::joint_inclusive_scan(SG, First, Last, S + 2 * Stride,
                                       OpT<T>()) == S + 2 * Stride + Len;
     End += sycl::joint_inclusive_scan(SG, First, Last, S + 3 * Stride,
                                       OpT<void>(), Init) ==
            S + 3 * Stride + Len;
     // In place: copy, wait, scan the copy onto itself.
     T *Own = S + 4 * Stride;
     for (size_t I = SG.get_local_linear_id(); I < Len;
          I += SG.get_local_linear_range())
       Own[I] = First[I];
     sycl::group_barrier(SG);
     End += sycl::joint_inclusive_scan(SG, Own, Own + Len, Own, OpT<T>()) ==
            Own + Len;
     Ends[Slot] = End;
   }).wait();

  std::string Name = Type + subgroups::shapeName(Local);
  int Rc = 1;
  if (size_t SGSize = subgroups::checkedSize(Q, *Reported, Name.c_str())) {
    std::vector<T> WantScan(N * Stride * Scans, T(0)), WantRed(N * 2);
    for (size_t Slot = 0; Slot < N; ++Slot) {
      subgroups::Place P = subgroups::placeOfSlot(Slot, Local, SGSize);
      size_t K = Slot / Local.size() * P.NumSubGroups + P.SubGroup;
      size_t Len = Lengths[K % 6];
      auto [Prefix, PrefixInit] = groups::wantJointScans<OpT>(
          In + K * Stride, Len, Init, Stride, WantScan, K * Stride * Scans);
      WantRed[Slot * 2] = Prefix;
      WantRed[Slot * 2 + 1] = PrefixInit;
    }
    Rc = corpus::check((Name + " joint scans").c_str(), Scan, WantScan);
    Rc |= corpus::check((Name + " joint_reduce").c_str(), Red, WantRed);
    Rc |= corpus::check((Name + " returned ends").c_str(), Ends,
                        std::vector<int>(N, 5));
  }
  sycl::free(In, Q);
  sycl::free(Scan, Q);
  sycl::free(Red, Q);
  sycl::free(Ends, Q);
  sycl::free(Reported, Q);
  return Rc;
}

template <int Dims>
int runTypes(sycl::queue &Q, sycl::range<Dims> Global,
             sycl::range<Dims> Local) {
  int Rc = runJoint<sycl::plus, int>(Q, "plus int", Global, Local);
  Rc |= runJoint<sycl::maximum, unsigned char>(Q, "maximum unsigned char",
                                               Global, Local);
  Rc |= runJoint<sycl::minimum, signed char>(Q, "minimum signed char", Global,
                                             Local);
  Rc |= runJoint<sycl::plus, float>(Q, "plus float", Global, Local);
  Rc |= runJoint<sycl::minimum, double>(Q, "minimum double", Global, Local);
  return Rc;
}

} // namespace

int main() {
  sycl::queue Q;
  return subgroups::forEachShape(2, [&](auto Global, auto Local) {
    return runTypes(Q, Global, Local);
  });
}
