//===- sycl/sub_group.hpp - sycl::sub_group and its functions -------------===//
//
/// \file
/// SYCL 2020 4.9.1.8 (sub_group), the sub-group forms of 4.17.3 (the
/// shuffles select_from_group, shift_group_left, shift_group_right and
/// permute_group_by_xor) and group_barrier(sub_group). group_broadcast and
/// the 4.17.4 algorithms take a sub_group through sycl/group_algorithm.hpp.
///
/// A sub-group is a run of LANES_SUB_GROUP_SIZE (SG,
/// lanes/detail/sub_group_size.hpp) consecutive work-items along the
/// fastest dimension of one row of the work-group, as the IR contract
/// defines it: the work-item with local id (x, y, z) in the builtins'
/// order (SYCL's (z, y, x) in 3-D) is lane x % SG of sub-group x / SG of
/// row (y, z). A row's last sub-group is partial when SG does not divide
/// the local range's last SYCL dimension. Sub-groups are numbered row by
/// row: linear id (z * L1 + y) * ceil(L0 / SG) + x / SG. A sub_group holds
/// nothing; every query calls the builtins when it is made, with SG a
/// constant power of two so that lanes and sub-group ids are masks and
/// shifts of the local id.
///
/// Every work-item of a sub-group must reach each sub-group collective and
/// sub-group barrier it calls, as SYCL asks; other sub-groups need not.
///
/// The members of the pre-2020 extension (shuffle, shuffle_down,
/// shuffle_up, shuffle_xor, broadcast, reduce, exclusive_scan,
/// inclusive_scan, any, all, barrier) call the SYCL 2020 functions
/// (select_from_group, ..., group_barrier), so they compile to the same
/// code.
///
/// The block loads and stores of DPC++'s sycl_ext_oneapi_sub_group
/// (sub_group::load and store) exchange nothing: each lane reads or writes
/// its own element of the block, indexed by its lane, so they are plain
/// loads and stores that vectorize with the work-item loop.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_SUB_GROUP_HPP
#define LANES_SYCL_SUB_GROUP_HPP

#include "lanes/builtins.h"
#include "lanes/detail/group_collective.hpp"
#include "lanes/detail/sub_group_size.hpp"
#include "lanes/detail/work_item.hpp"
#include "sycl/access.hpp"
#include "sycl/group_algorithm.hpp"
#include "sycl/id.hpp"
#include "sycl/multi_ptr.hpp"
#include "sycl/range.hpp"
#include "sycl/vec.hpp"

#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace sycl {
inline namespace _V1 {

template <int Dims> class nd_item;

/// The sub-group of the calling work-item, from nd_item::get_sub_group().
/// Trivially copyable and empty.
class sub_group {
public:
  using id_type = id<1>;
  using range_type = range<1>;
  using linear_id_type = uint32_t;
  static constexpr int dimensions = 1;
  static constexpr memory_scope fence_scope = memory_scope::sub_group;

  sub_group() = delete;

  /// This sub-group's index in its work-group.
  id_type get_group_id() const { return id_type(get_group_linear_id()); }
  /// The calling work-item's lane.
  id_type get_local_id() const { return id_type(get_local_linear_id()); }
  /// This sub-group's number of work-items (fewer than
  /// get_max_local_range() in a row's partial last sub-group).
  range_type get_local_range() const {
    return range_type(get_local_linear_range());
  }
  /// The kernel's sub-group size, LANES_SUB_GROUP_SIZE.
  range_type get_max_local_range() const { return range_type(Size); }
  /// The number of sub-groups in the work-group.
  range_type get_group_range() const {
    return range_type(get_group_linear_range());
  }

  linear_id_type get_group_linear_id() const {
    size_t Row =
        __lanes_local_id(2) * __lanes_local_size(1) + __lanes_local_id(1);
    return linear_id_type(Row * perRow() + (__lanes_local_id(0) >> Shift));
  }
  linear_id_type get_local_linear_id() const {
    return linear_id_type(__lanes_local_id(0) & Mask);
  }
  linear_id_type get_group_linear_range() const {
    return linear_id_type(__lanes_local_size(2) * __lanes_local_size(1) *
                          perRow());
  }
  /// Size, but for a row's partial last sub-group. Written so that a
  /// local size known to be a multiple of Size (a specialized kernel) folds
  /// it to the constant without knowing the local id's range.
  linear_id_type get_local_linear_range() const {
    size_t Local = __lanes_local_size(0), Tail = Local & Mask;
    bool Full = Tail == 0 || (__lanes_local_id(0) | Mask) < Local;
    return linear_id_type(Full ? Size : Tail);
  }
  /// True in lane 0.
  bool leader() const { return get_local_linear_id() == 0; }

  // The pre-2020 members (SYCL_INTEL_sub_group and the sub-group
  // algorithms DPC++ kept as members, deprecated), still common in code
  // written for DPC++. Each is a SYCL 2020 function, called with the
  // caller's source position (\p Site, or \p File and \p Line), so it
  // compiles to what the function does. They are defined after the
  // functions below this class.

  /// group_barrier(*this).
  void barrier(const char *File = __builtin_FILE(),
               unsigned Line = __builtin_LINE()) const {
    __lanes_sub_group_barrier(LANES_FENCE_LOCAL | LANES_FENCE_GLOBAL, Size,
                              File, Line);
  }
  /// group_barrier(*this), ordering the memory of \p Space only (as
  /// nd_item::barrier does).
  void barrier(access::fence_space Space, const char *File = __builtin_FILE(),
               unsigned Line = __builtin_LINE()) const {
    __lanes_sub_group_barrier(lanes::detail::fenceFlags(Space), Size, File,
                              Line);
  }
  /// select_from_group(*this, X, Lane).
  template <typename T> T shuffle(T X, id_type Lane, LANES_CALL_SITE) const;
  /// shift_group_left(*this, X, Delta).
  template <typename T>
  T shuffle_down(T X, linear_id_type Delta, LANES_CALL_SITE) const;
  /// shift_group_right(*this, X, Delta).
  template <typename T>
  T shuffle_up(T X, linear_id_type Delta, LANES_CALL_SITE) const;
  /// permute_group_by_xor(*this, X, Mask).
  template <typename T> T shuffle_xor(T X, id_type Mask, LANES_CALL_SITE) const;

  /// group_broadcast(*this, X, Lane).
  template <typename T> T broadcast(T X, id_type Lane, LANES_CALL_SITE) const;
  /// reduce_over_group(*this, X, Op).
  template <typename T, typename BinaryOperation>
  T reduce(T X, BinaryOperation Op, LANES_CALL_SITE) const;
  /// reduce_over_group(*this, X, Init, Op).
  template <typename V, typename T, typename BinaryOperation>
  T reduce(V X, T Init, BinaryOperation Op, LANES_CALL_SITE) const;
  /// exclusive_scan_over_group(*this, X, Op).
  template <typename T, typename BinaryOperation>
  T exclusive_scan(T X, BinaryOperation Op, LANES_CALL_SITE) const;
  /// exclusive_scan_over_group(*this, X, Init, Op).
  template <typename V, typename T, typename BinaryOperation>
  T exclusive_scan(V X, T Init, BinaryOperation Op, LANES_CALL_SITE) const;
  /// inclusive_scan_over_group(*this, X, Op).
  template <typename T, typename BinaryOperation>
  T inclusive_scan(T X, BinaryOperation Op, LANES_CALL_SITE) const;
  /// inclusive_scan_over_group(*this, X, Op, Init): the operation before
  /// the initial value, as in SYCL 2020.
  template <typename V, typename BinaryOperation, typename T>
  T inclusive_scan(V X, BinaryOperation Op, T Init, LANES_CALL_SITE) const;
  /// any_of_group(*this, Pred).
  bool any(bool Pred, LANES_CALL_SITE) const;
  /// all_of_group(*this, Pred).
  bool all(bool Pred, LANES_CALL_SITE) const;

  // The block loads and stores of the same extension (later DPC++'s
  // sycl_ext_oneapi_group_load_store, revision 1). Every lane passes the
  // same pointer, the start of the sub-group's block. Lane i reads or
  // writes element i; in the vec<T, N> forms component k is element
  // i + k * get_max_local_range(), so the block holds N runs of SG
  // elements (a partial sub-group leaves its missing lanes' elements
  // alone). multi_ptrs may point to global, local or generic memory.

  /// \p Src[lane]. Any trivially copyable T.
  template <typename T> T load(const T *Src) const {
    static_assert(std::is_trivially_copyable_v<T>,
                  "sub_group::load and store take trivially copyable types");
    return Src[lane()];
  }
  /// \p Src[lane].
  template <typename CVT, access::address_space Space, access::decorated D>
  std::remove_cv_t<CVT> load(multi_ptr<CVT, Space, D> Src) const {
    checkBlockSpace<Space>();
    return load(static_cast<const CVT *>(Src.get()));
  }
  /// Component k: \p Src[lane + k * get_max_local_range()].
  template <int N, typename CVT, access::address_space Space,
            access::decorated D>
  vec<std::remove_cv_t<CVT>, N> load(multi_ptr<CVT, Space, D> Src) const {
    checkBlockSpace<Space>();
    vec<std::remove_cv_t<CVT>, N> R;
    const CVT *Block = Src.get() + lane();
    for (int K = 0; K < N; ++K)
      R[K] = Block[size_t(K) * Size];
    return R;
  }

  /// Writes \p X to \p Dst[lane]. Any trivially copyable T.
  template <typename T> void store(T *Dst, const std::remove_cv_t<T> &X) const {
    static_assert(std::is_trivially_copyable_v<T>,
                  "sub_group::load and store take trivially copyable types");
    Dst[lane()] = X;
  }
  /// Writes \p X to \p Dst[lane].
  template <typename T, access::address_space Space, access::decorated D>
  void store(multi_ptr<T, Space, D> Dst, const std::remove_cv_t<T> &X) const {
    checkBlockSpace<Space>();
    store(Dst.get(), X);
  }
  /// Writes component k of \p X to \p Dst[lane + k *
  /// get_max_local_range()].
  template <int N, typename T, access::address_space Space, access::decorated D>
  void store(multi_ptr<T, Space, D> Dst,
             const vec<std::remove_cv_t<T>, N> &X) const {
    checkBlockSpace<Space>();
    T *Block = Dst.get() + lane();
    for (int K = 0; K < N; ++K)
      Block[size_t(K) * Size] = X[K];
  }

private:
  template <int Dims> friend class nd_item;
  explicit sub_group(int) {}

  static constexpr unsigned Size = lanes::detail::SubGroupSize;
  static constexpr size_t Mask = Size - 1;
  static constexpr unsigned Shift = __builtin_ctz(Size);

  /// Sub-groups per row: ceil(local size in dimension 0 / Size).
  static size_t perRow() { return (__lanes_local_size(0) + Mask) >> Shift; }
  /// The calling work-item's lane, as the index of a block load or store.
  static size_t lane() { return __lanes_local_id(0) & Mask; }

  /// The address spaces of DPC++'s block loads and stores (global and
  /// local), and generic, which its raw-pointer forms take.
  template <access::address_space Space>
  static constexpr void checkBlockSpace() {
    static_assert(Space == access::address_space::global_space ||
                      Space == access::address_space::local_space ||
                      Space == access::address_space::generic_space,
                  "sub_group::load and store take pointers to global, local "
                  "or generic memory");
  }
};

template <> struct is_group<sub_group> : std::true_type {};

/// Waits until every work-item of the sub-group has reached this call
/// (__lanes_sub_group_barrier). \p File and \p Line default to the
/// caller's source position and name the barrier in diagnostics.
inline void group_barrier(const sub_group &G,
                          memory_scope Scope = sub_group::fence_scope,
                          const char *File = __builtin_FILE(),
                          unsigned Line = __builtin_LINE()) {
  (void)G;
  (void)Scope;
  __lanes_sub_group_barrier(LANES_FENCE_LOCAL | LANES_FENCE_GLOBAL,
                            lanes::detail::SubGroupSize, File, Line);
}

} // namespace _V1
} // namespace sycl

namespace lanes::detail {

template <> struct ScopeOfImpl<sycl::sub_group> {
  using type = SubGroupScope;
};

/// R, for the functions that only sub-groups have.
template <typename Group, typename R>
using EnableIfSubGroup =
    std::enable_if_t<std::is_same_v<Group, sycl::sub_group>, R>;

} // namespace lanes::detail

namespace sycl {
inline namespace _V1 {

//===----------------------------------------------------------------------===//
// 4.17.3.2 - 4.17.3.4 shuffles (sub_group only)
//===----------------------------------------------------------------------===//
// Each work-item names the lane it reads. A lane beyond the sub-group
// (past its end, before lane 0, or past a partial sub-group's size) has no
// value in SYCL; Lanes returns the caller's own X there. Any trivially
// copyable T.

/// \p X of lane \p RemoteLocalId of the caller's sub-group.
template <typename Group, typename T>
lanes::detail::EnableIfSubGroup<Group, T>
select_from_group(Group G, T X, typename Group::id_type RemoteLocalId,
                  LANES_CALL_SITE) {
  (void)G;
  return lanes::detail::selectValue<lanes::detail::SubGroupScope>(
      X, size_t(RemoteLocalId[0]), Site);
}

/// \p X of the lane \p Delta above the caller's.
template <typename Group, typename T>
lanes::detail::EnableIfSubGroup<Group, T>
shift_group_left(Group G, T X, typename Group::linear_id_type Delta = 1,
                 LANES_CALL_SITE) {
  size_t Lane = size_t(G.get_local_linear_id()) + Delta;
  return lanes::detail::selectValue<lanes::detail::SubGroupScope>(X, Lane,
                                                                  Site);
}

/// \p X of the lane \p Delta below the caller's.
template <typename Group, typename T>
lanes::detail::EnableIfSubGroup<Group, T>
shift_group_right(Group G, T X, typename Group::linear_id_type Delta = 1,
                  LANES_CALL_SITE) {
  // Below lane 0 the difference wraps around to a huge lane: own X.
  size_t Lane = size_t(G.get_local_linear_id()) - size_t(Delta);
  return lanes::detail::selectValue<lanes::detail::SubGroupScope>(X, Lane,
                                                                  Site);
}

/// \p X of the lane whose id is the caller's xor \p Mask.
template <typename Group, typename T>
lanes::detail::EnableIfSubGroup<Group, T>
permute_group_by_xor(Group G, T X, typename Group::linear_id_type Mask,
                     LANES_CALL_SITE) {
  size_t Lane = size_t(G.get_local_linear_id() ^ Mask);
  return lanes::detail::selectValue<lanes::detail::SubGroupScope>(X, Lane,
                                                                  Site);
}

template <typename T>
T sub_group::shuffle(T X, id_type Lane, lanes::detail::CallSite Site) const {
  return select_from_group(*this, X, Lane, Site);
}
template <typename T>
T sub_group::shuffle_down(T X, linear_id_type Delta,
                          lanes::detail::CallSite Site) const {
  return shift_group_left(*this, X, Delta, Site);
}
template <typename T>
T sub_group::shuffle_up(T X, linear_id_type Delta,
                        lanes::detail::CallSite Site) const {
  return shift_group_right(*this, X, Delta, Site);
}
template <typename T>
T sub_group::shuffle_xor(T X, id_type Mask,
                         lanes::detail::CallSite Site) const {
  return permute_group_by_xor(*this, X, linear_id_type(Mask[0]), Site);
}
template <typename T>
T sub_group::broadcast(T X, id_type Lane, lanes::detail::CallSite Site) const {
  return group_broadcast(*this, X, Lane, Site);
}
template <typename T, typename BinaryOperation>
T sub_group::reduce(T X, BinaryOperation Op,
                    lanes::detail::CallSite Site) const {
  return reduce_over_group(*this, X, Op, Site);
}
template <typename V, typename T, typename BinaryOperation>
T sub_group::reduce(V X, T Init, BinaryOperation Op,
                    lanes::detail::CallSite Site) const {
  return reduce_over_group(*this, X, Init, Op, Site);
}
template <typename T, typename BinaryOperation>
T sub_group::exclusive_scan(T X, BinaryOperation Op,
                            lanes::detail::CallSite Site) const {
  return exclusive_scan_over_group(*this, X, Op, Site);
}
template <typename V, typename T, typename BinaryOperation>
T sub_group::exclusive_scan(V X, T Init, BinaryOperation Op,
                            lanes::detail::CallSite Site) const {
  return exclusive_scan_over_group(*this, X, Init, Op, Site);
}
template <typename T, typename BinaryOperation>
T sub_group::inclusive_scan(T X, BinaryOperation Op,
                            lanes::detail::CallSite Site) const {
  return inclusive_scan_over_group(*this, X, Op, Site);
}
template <typename V, typename BinaryOperation, typename T>
T sub_group::inclusive_scan(V X, BinaryOperation Op, T Init,
                            lanes::detail::CallSite Site) const {
  return inclusive_scan_over_group(*this, X, Op, Init, Site);
}
inline bool sub_group::any(bool Pred, lanes::detail::CallSite Site) const {
  return any_of_group(*this, Pred, Site);
}
inline bool sub_group::all(bool Pred, lanes::detail::CallSite Site) const {
  return all_of_group(*this, Pred, Site);
}

namespace ext::oneapi {
/// The pre-2020 name of sycl::sub_group.
using sub_group = sycl::sub_group;
} // namespace ext::oneapi

} // namespace _V1
} // namespace sycl

#endif // LANES_SYCL_SUB_GROUP_HPP
