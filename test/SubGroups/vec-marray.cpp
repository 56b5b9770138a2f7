// reduce_over_group, exclusive_scan_over_group and inclusive_scan_over_group
// of sycl::vec and sycl::marray, with and without an initial value, on a
// sub_group and on a work-group: component by component, each component
// exactly as the scalar algorithm on the element type (narrow elements,
// unsigned minimum, float maximum as fmax). Shapes with partial
// sub-groups, 1-D to 3-D.
#include "subgroups.hpp"

namespace {

template <typename V> constexpr size_t Components = V::size();

/// Component C of the value in slot \p Slot.
template <template <typename> class OpT, typename V>
V vectorInput(size_t Slot) {
  using E = typename V::value_type;
  V X;
  for (size_t C = 0; C < Components<V>; ++C)
    X[C] = groups::input<OpT, E>(uint32_t(Slot * Components<V> + C));
  return X;
}

template <template <typename> class OpT, typename V>
V vectorCombine(const V &A, const V &B) {
  V R;
  for (size_t C = 0; C < Components<V>; ++C)
    R[C] = groups::combine<OpT>(A[C], B[C]);
  return R;
}

template <typename V> bool sameVector(const V &A, const V &B) {
  for (size_t C = 0; C < Components<V>; ++C)
    if (!(A[C] == B[C]))
      return false;
  return true;
}

/// The six results of OpT on V over the sub-groups (OnSubGroup) or the
/// work-groups of nd_range(Global, Local).
template <template <typename> class OpT, typename V, bool OnSubGroup,
          int Dims>
int runVector(sycl::queue &Q, const std::string &Type,
              sycl::range<Dims> Global, sycl::range<Dims> Local) {
  using E = typename V::value_type;
  using namespace groups;
  const size_t N = Global.size();
  V *In = sycl::malloc_shared<V>(N, Q);
  V *Out = sycl::malloc_shared<V>(N * NumResults, Q);
  size_t *Reported = sycl::malloc_shared<size_t>(1, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = vectorInput<OpT, V>(I);
  const V Init = vectorInput<OpT, V>(777);

  Q.parallel_for(sycl::nd_range<Dims>(Global, Local), [=](sycl::nd_item<Dims>
                                                              It) {
     size_t Slot = subgroups::slotOf(It);
     if (Slot == 0)
       *Reported = It.get_sub_group().get_max_local_range()[0];
     auto G = [&] {
       if constexpr (OnSubGroup)
         return It.get_sub_group();
       else
         return It.get_group();
     }();
     V X = In[Slot];
     V *O = Out + Slot * NumResults;
     O[Reduce] = sycl::reduce_over_group(G, X, OpT<void>());
     O[ReduceInit] = sycl::reduce_over_group(G, X, Init, OpT<V>());
     O[ExclusiveScan] = sycl::exclusive_scan_over_group(G, X, OpT<V>());
     O[ExclusiveScanInit] =
         sycl::exclusive_scan_over_group(G, X, Init, OpT<void>());
     O[InclusiveScan] = sycl::inclusive_scan_over_group(G, X, OpT<void>());
     O[InclusiveScanInit] =
         sycl::inclusive_scan_over_group(G, X, OpT<V>(), Init);
   }).wait();

  std::string Name = Type + (OnSubGroup ? " sub-group" : " work-group") +
                     subgroups::shapeName(Local);
  int Rc = 1;
  if (size_t SGSize = subgroups::checkedSize(Q, *Reported, Name.c_str())) {
    V Identity;
    for (size_t C = 0; C < Components<V>; ++C)
      Identity[C] = identity<OpT, E>();
    size_t Bad = 0;
    for (size_t Slot = 0; Slot < N; ++Slot) {
      size_t Lane = Slot % Local.size(), Size = Local.size();
      if (OnSubGroup) {
        subgroups::Place P = subgroups::placeOfSlot(Slot, Local, SGSize);
        Lane = P.Lane;
        Size = P.Size;
      }
      V Total = Identity, Prefix = Identity;
      for (size_t L = 0; L < Size; ++L) {
        Total = vectorCombine<OpT>(Total, In[Slot - Lane + L]);
        if (L < Lane)
          Prefix = vectorCombine<OpT>(Prefix, In[Slot - Lane + L]);
      }
      V Want[NumResults] = {
          Total,
          vectorCombine<OpT>(Init, Total),
          Prefix,
          vectorCombine<OpT>(Init, Prefix),
          vectorCombine<OpT>(Prefix, In[Slot]),
          vectorCombine<OpT>(vectorCombine<OpT>(Init, Prefix), In[Slot])};
      for (int R = 0; R < NumResults; ++R) {
        if (sameVector(Out[Slot * NumResults + R], Want[R]))
          continue;
        if (++Bad <= 10)
          std::printf("  mismatch: work-item slot %zu, %s\n", Slot,
                      resultName(R));
      }
    }
    std::printf("%s: %s, %zu of %zu results differ\n", Name.c_str(),
                Bad ? "FAIL" : "OK", Bad, N * NumResults);
    Rc = Bad != 0;
  }
  sycl::free(In, Q);
  sycl::free(Out, Q);
  sycl::free(Reported, Q);
  return Rc;
}

template <template <typename> class OpT, typename V>
int runBoth(sycl::queue &Q, const std::string &Type) {
  int Rc = runVector<OpT, V, true, 1>(Q, Type, {39}, {13});
  Rc |= runVector<OpT, V, true, 1>(Q, Type, {200}, {100});
  Rc |= runVector<OpT, V, true, 2>(Q, Type, {4, 48}, {2, 24});
  Rc |= runVector<OpT, V, true, 3>(Q, Type, {2, 6, 14}, {2, 3, 7});
  Rc |= runVector<OpT, V, false, 1>(Q, Type, {39}, {13});
  Rc |= runVector<OpT, V, false, 2>(Q, Type, {4, 48}, {2, 24});
  return Rc;
}

} // namespace

int main() {
  sycl::queue Q;
  int Rc = runBoth<sycl::plus, sycl::vec<int, 4>>(Q, "plus vec<int, 4>");
  Rc |= runBoth<sycl::bit_xor, sycl::vec<unsigned char, 8>>(
      Q, "bit_xor vec<unsigned char, 8>");
  Rc |= runBoth<sycl::maximum, sycl::vec<float, 3>>(Q,
                                                    "maximum vec<float, 3>");
  Rc |= runBoth<sycl::multiplies, sycl::vec<double, 2>>(
      Q, "multiplies vec<double, 2>");
  Rc |= runBoth<sycl::minimum, sycl::marray<unsigned, 3>>(
      Q, "minimum marray<unsigned, 3>");
  Rc |= runBoth<sycl::plus, sycl::marray<short, 5>>(Q,
                                                   "plus marray<short, 5>");
  Rc |= runBoth<sycl::bit_and, sycl::marray<int64_t, 2>>(
      Q, "bit_and marray<int64_t, 2>");
  return Rc;
}
