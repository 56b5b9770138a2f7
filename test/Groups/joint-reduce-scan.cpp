// joint_reduce, joint_exclusive_scan and joint_inclusive_scan, with and
// without an initial value, over ranges of length 0, 1, below, equal to and
// well above the group size (several chunks and a partial one), and in
// place; int with plus, unsigned char with maximum (wrapping, narrow
// identity), float with plus, double with minimum.
#include "groups.hpp"

namespace {

/// Results per group: [reduce, reduce-init] then the four scans of Len.
template <template <typename> class OpT, typename T>
int runJoint(sycl::queue &Q, const std::string &Name, size_t Local) {
  const size_t Groups = 12, Stride = 4 * Local + 3;
  const size_t Lengths[6] = {0, 1, Local > 1 ? Local - 1 : 1, Local,
                             2 * Local, 4 * Local + 3};
  const size_t Scans = 5; // excl, excl-init, incl, incl-init, in place
  T *In = sycl::malloc_shared<T>(Groups * Stride, Q);
  T *Scan = sycl::malloc_shared<T>(Groups * Stride * Scans, Q);
  T *Red = sycl::malloc_shared<T>(Groups * Local * 2, Q);
  int *Ends = sycl::malloc_shared<int>(Groups * Local, Q);
  for (size_t I = 0; I < Groups * Stride; ++I)
    In[I] = groups::input<OpT, T>(uint32_t(I));
  for (size_t I = 0; I < Groups * Stride * Scans; ++I)
    Scan[I] = T(0);
  const T Init = groups::input<OpT, T>(999);

  Q.parallel_for(sycl::nd_range<1>(Groups * Local, Local), [=](sycl::nd_item<1>
                                                                   It) {
     auto G = It.get_group();
     size_t Group = G.get_group_linear_id(), Len = Lengths[Group % 6];
     const T *First = In + Group * Stride, *Last = First + Len;
     T *S = Scan + Group * Stride * Scans;
     size_t Item = It.get_global_id(0);
     Red[Item * 2] = sycl::joint_reduce(G, First, Last, OpT<T>());
     Red[Item * 2 + 1] = sycl::joint_reduce(G, First, Last, Init, OpT<void>());
     int End = 0;
     End += sycl::joint_exclusive_scan(G, First, Last, S, OpT<void>()) == S + Len;
     End += sycl::joint_exclusive_scan(G, First, Last, S + Stride, Init,
                                       OpT<T>()) == S + Stride + Len;
     End += sycl::joint_inclusive_scan(G, First, Last, S + 2 * Stride,
                                       OpT<T>()) == S + 2 * Stride + Len;
     End += sycl::joint_inclusive_scan(G, First, Last, S + 3 * Stride,
                                       OpT<void>(), Init) == S + 3 * Stride + Len;
     // In place: copy, wait, scan the copy onto itself.
     T *Own = S + 4 * Stride;
     for (size_t I = G.get_local_linear_id(); I < Len; I += Local)
       Own[I] = First[I];
     sycl::group_barrier(G);
     End += sycl::joint_inclusive_scan(G, Own, Own + Len, Own, OpT<T>()) ==
            Own + Len;
     Ends[Item] = End;
   }).wait();

  std::vector<T> WantScan(Groups * Stride * Scans, T(0)),
      WantRed(Groups * Local * 2);
  for (size_t G = 0; G < Groups; ++G) {
    size_t Len = Lengths[G % 6];
    auto [Prefix, PrefixInit] = groups::wantJointScans<OpT>(
        In + G * Stride, Len, Init, Stride, WantScan, G * Stride * Scans);
    for (size_t I = 0; I < Local; ++I) {
      WantRed[(G * Local + I) * 2] = Prefix;
      WantRed[(G * Local + I) * 2 + 1] = PrefixInit;
    }
  }
  int Rc = corpus::check((Name + " joint scans").c_str(), Scan, WantScan);
  Rc |= corpus::check((Name + " joint_reduce").c_str(), Red, WantRed);
  Rc |= corpus::check((Name + " returned ends").c_str(), Ends,
                      std::vector<int>(Groups * Local, 5));
  sycl::free(In, Q);
  sycl::free(Scan, Q);
  sycl::free(Red, Q);
  sycl::free(Ends, Q);
  return Rc;
}

} // namespace

int main() {
  sycl::queue Q;
  int Rc = 0;
  for (size_t Local : {size_t(1), size_t(7), size_t(256)}) {
    std::string L = " local " + std::to_string(Local);
    Rc |= runJoint<sycl::plus, int>(Q, "plus int" + L, Local);
    Rc |= runJoint<sycl::maximum, unsigned char>(Q, "maximum unsigned char" + L,
                                                 Local);
    Rc |= runJoint<sycl::minimum, signed char>(Q, "minimum signed char" + L,
                                               Local);
    Rc |= runJoint<sycl::plus, float>(Q, "plus float" + L, Local);
    Rc |= runJoint<sycl::minimum, double>(Q, "minimum double" + L, Local);
  }
  return Rc;
}
