//===- sycl/group_local_memory.hpp - Local memory declared in a kernel ----===//
//
/// \file
/// The sycl_ext_oneapi_local_memory extension: `sycl::ext::oneapi::
/// group_local_memory_for_overwrite<T>(group)` and `group_local_memory<T>(
/// group, args...)`, which give every work-item of a work-group a pointer
/// to the same object of type T in local memory, without a local_accessor
/// in the command group (the form SYCLomatic gives CUDA's `__shared__`).
///
/// Each call site is its own allocation, as the extension requires. The
/// call passes its source position (a GroupAt, built from the group
/// argument with the caller's __builtin_FILE/LINE/COLUMN; g++ has no
/// __builtin_COLUMN, so in a library-only build with g++ two calls on one
/// source line share their object when their types have the same size and
/// alignment: write them on separate lines), and the runtime
/// (lanes::rt::groupLocalMemory) keeps one buffer per site and thread. A
/// work-group runs on one thread, its work-items and fibers included, and
/// a thread runs one group at a time, so the buffer is the group's alone
/// while it runs; the next group on that thread reuses it, whose contents
/// are then unspecified, as local memory's are. The runtime call is
/// declared `const`, so in compiled mode it is made once per work-group
/// function rather than once per work-item.
///
/// As the extension requires, a call must be at kernel scope (reached once
/// by every work-item, not in a loop or a branch), T must be trivially
/// destructible, and the group a sycl::group. group_local_memory (and
/// group_local_memory_for_overwrite of a T whose default constructor does
/// something) constructs the object in the work-group's first work-item and
/// then meets the others at a group barrier.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_GROUP_LOCAL_MEMORY_HPP
#define LANES_SYCL_GROUP_LOCAL_MEMORY_HPP

#include "lanes/runtime.h"
#include "sycl/group.hpp"
#include "sycl/multi_ptr.hpp"

#include <new>
#include <type_traits>
#include <utility>

namespace lanes::detail {

/// The work-group argument of the local-memory functions, with the source
/// position of the call: the defaulted arguments of this implicit
/// conversion are evaluated at the caller. Only sycl::group converts.
struct GroupAt {
  template <int Dims>
  GroupAt(const sycl::group<Dims> &G, const char *File = __builtin_FILE(),
          unsigned Line = __builtin_LINE(),
#if __has_builtin(__builtin_COLUMN)
          unsigned Column = __builtin_COLUMN())
#else
          unsigned Column = 0)
#endif
      : First(G.get_local_linear_id() == 0), File(File), Line(Line),
        Column(Column) {}

  bool First; ///< whether the caller is the group's first work-item
  const char *File;
  unsigned Line, Column;
};

/// This call site's object of type T: default initialized when Overwrite
/// (nothing to do for a trivial T), else constructed as `T{Args...}`; what
/// is to be done, the group's first work-item does before every work-item
/// goes on.
template <typename T, bool Overwrite, typename... Args>
sycl::multi_ptr<T, sycl::access::address_space::local_space,
                sycl::access::decorated::legacy>
groupLocalObject(const GroupAt &G, Args &&...As) {
  static_assert(std::is_trivially_destructible_v<T>,
                "sycl::ext::oneapi::group_local_memory: T must be trivially "
                "destructible (the extension requires it)");
  static_assert(sizeof(T) <= lanes::rt::LocalMemoryBytes,
                "sycl::ext::oneapi::group_local_memory: T is larger than "
                "the device's local memory (info::device::local_mem_size)");
  void *Storage = lanes::rt::groupLocalMemory(G.File, G.Line, G.Column,
                                              sizeof(T), alignof(T));
  if constexpr (!Overwrite || !std::is_trivially_default_constructible_v<T>) {
    if (G.First) {
      if constexpr (Overwrite)
        ::new (Storage) T;
      else
        ::new (Storage) T{std::forward<Args>(As)...};
    }
    __lanes_barrier(LANES_FENCE_LOCAL, G.File, G.Line);
  }
  return sycl::multi_ptr<T, sycl::access::address_space::local_space,
                         sycl::access::decorated::legacy>(
      static_cast<T *>(Storage));
}

/// The message for a group argument that is not a sycl::group.
template <typename Group> constexpr void checkWorkGroup() {
  static_assert(std::is_convertible_v<Group, GroupAt>,
                "sycl::ext::oneapi::group_local_memory: the group must be a "
                "sycl::group (a work-group), not a sub_group");
}

} // namespace lanes::detail

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi {

/// The work-group's object of type T for this call site, default
/// initialized (left as it is for a trivial T).
template <typename T>
multi_ptr<T, access::address_space::local_space, access::decorated::legacy>
group_local_memory_for_overwrite(lanes::detail::GroupAt G) {
  return lanes::detail::groupLocalObject<T, true>(G);
}

/// The work-group's object of type T for this call site, constructed as
/// `T{Args...}`; the arguments must be the same in every work-item.
template <typename T, typename... Args>
multi_ptr<T, access::address_space::local_space, access::decorated::legacy>
group_local_memory(lanes::detail::GroupAt G, Args &&...As) {
  return lanes::detail::groupLocalObject<T, false>(G,
                                                   std::forward<Args>(As)...);
}

/// Any other group: a compile-time error.
template <typename T, typename Group,
          std::enable_if_t<!std::is_convertible_v<Group, lanes::detail::GroupAt>,
                           int> = 0>
multi_ptr<T, access::address_space::local_space, access::decorated::legacy>
group_local_memory_for_overwrite(Group) {
  lanes::detail::checkWorkGroup<Group>();
  return {};
}
template <typename T, typename Group, typename... Args,
          std::enable_if_t<!std::is_convertible_v<Group, lanes::detail::GroupAt>,
                           int> = 0>
multi_ptr<T, access::address_space::local_space, access::decorated::legacy>
group_local_memory(Group, Args &&...) {
  lanes::detail::checkWorkGroup<Group>();
  return {};
}

} // namespace ext::oneapi
} // namespace _V1
} // namespace sycl

#endif
