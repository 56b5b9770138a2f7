//===- sycl/specialization_id.hpp - Specialization constants --------------===//
//
/// \file
/// SYCL 2020 4.9.5: specialization constants. A `specialization_id<T>`
/// declared at namespace scope names a constant and holds its default;
/// `handler::set_specialization_constant<Id>(v)` sets it for the command
/// group's kernel, which reads it through the `kernel_handler` it takes as
/// its last parameter. Lanes compiles ahead of time, so a specialization
/// constant is a value the kernel reads at run time, not one it is
/// compiled for.
///
/// The values a command group sets live in its handler's SpecConstantTable.
/// Before the command runs, the table becomes a hash table keyed by the
/// address of each specialization_id and free of collisions
/// (multiplicative hashing with a multiplier tried until the keys land in
/// distinct slots). A kernel's lookup is thus one slot, one compare and
/// one load, with no loop in the way of the vectorizer.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_SPECIALIZATION_ID_HPP
#define LANES_SYCL_SPECIALIZATION_ID_HPP

#include "sycl/exception.hpp"

#include <cstdint>
#include <memory>
#include <type_traits>
#include <utility>
#include <vector>

namespace lanes::detail {
struct ItemBuilder;
class SpecConstantTable;
} // namespace lanes::detail

namespace sycl {
inline namespace _V1 {

/// The name and the default value of one specialization constant.
template <typename T> class specialization_id {
public:
  using value_type = T;

  template <typename... ArgTs>
  explicit constexpr specialization_id(ArgTs &&...Args)
      : Default(std::forward<ArgTs>(Args)...) {}
  specialization_id(const specialization_id &) = delete;
  specialization_id(specialization_id &&) = delete;
  specialization_id &operator=(const specialization_id &) = delete;
  specialization_id &operator=(specialization_id &&) = delete;

private:
  friend class lanes::detail::SpecConstantTable;
  T Default;
};

} // namespace _V1
} // namespace sycl

namespace lanes::detail {

/// The value type of a specialization_id; anything else is an error.
template <typename T> struct SpecValue {
  static_assert(std::is_void_v<T> && !std::is_void_v<T>,
                "specialization constants are named by a sycl::"
                "specialization_id<T> declared at namespace scope");
  using type = int;
};
template <typename T> struct SpecValue<const sycl::specialization_id<T>> {
  using type = T;
};
template <typename T>
struct SpecValue<sycl::specialization_id<T>>
    : SpecValue<const sycl::specialization_id<T>> {};

/// The value type of the specialization_id \p Id.
template <auto &Id>
using SpecValueType =
    typename SpecValue<std::remove_reference_t<decltype(Id)>>::type;

/// The specialization constants one command group set.
class SpecConstantTable {
public:
  /// Sets \p Id to \p Value; kernels see it once build() has run.
  template <auto &Id> void set(const SpecValueType<Id> &Value) {
    std::shared_ptr<const void> Stored =
        std::make_shared<SpecValueType<Id>>(Value);
    size_t I = indexOf(&Id);
    if (I < Values.size())
      Values[I].second = std::move(Stored);
    else
      Values.emplace_back(&Id, std::move(Stored));
  }

  /// Takes the values \p Other has for the constants not set here.
  void addMissing(const SpecConstantTable &Other) {
    for (const auto &Entry : Other.Values)
      if (indexOf(Entry.first) == Values.size())
        Values.push_back(Entry);
  }

  /// The value of \p Id on the host: the one set, else its default.
  template <auto &Id> SpecValueType<Id> value() const {
    size_t I = indexOf(&Id);
    if (I < Values.size())
      return *static_cast<const SpecValueType<Id> *>(Values[I].second.get());
    return Id.Default;
  }

  /// The value of \p Id in a kernel, from the table of build().
  template <auto &Id> SpecValueType<Id> get() const {
    const Slot &S = Slots[slotOf(&Id)];
    if (S.Key == &Id)
      return *static_cast<const SpecValueType<Id> *>(S.Value);
    return Id.Default;
  }

  /// Builds the kernels' table of the values set, with no two keys in one
  /// slot: for 2^Bits slots (Bits from about twice log2 of the key count)
  /// it tries multipliers until every key lands alone. Each odd multiplier
  /// makes two given keys collide with a chance of at most 2^(1-Bits).
  void build() {
    if (Values.empty())
      return;
    unsigned Bits = 1;
    while ((size_t(1) << Bits) < Values.size() * Values.size() * 2)
      ++Bits;
    uint64_t Seed = 0x9e3779b97f4a7c15u;
    for (; Bits <= 32; ++Bits)
      for (int Try = 0; Try < 64; ++Try) {
        Seed = Seed * 6364136223846793005u + 1442695040888963407u;
        Multiplier = Seed | 1;
        Shift = 64 - Bits;
        Slots.assign(size_t(1) << Bits, Slot());
        bool Collided = false;
        for (const auto &[Key, Held] : Values) {
          Slot &S = Slots[slotOf(Key)];
          Collided = Collided || S.Key;
          S = Slot{Key, Held.get()};
        }
        if (!Collided)
          return;
      }
    throw sycl::exception(sycl::make_error_code(sycl::errc::runtime),
                          "Lanes could not place the specialization "
                          "constants of a command group in its table");
  }

private:
  struct Slot {
    const void *Key = nullptr;
    const void *Value = nullptr;
  };

  size_t indexOf(const void *Key) const {
    size_t I = 0;
    while (I < Values.size() && Values[I].first != Key)
      ++I;
    return I;
  }
  size_t slotOf(const void *Key) const {
    return size_t((uint64_t(uintptr_t(Key)) * Multiplier) >> Shift);
  }

  std::vector<std::pair<const void *, std::shared_ptr<const void>>> Values;
  /// The kernels' table: two empty slots until build() has values.
  std::vector<Slot> Slots = std::vector<Slot>(2);
  uint64_t Multiplier = 1;
  unsigned Shift = 63;
};

} // namespace lanes::detail

namespace sycl {
inline namespace _V1 {

/// What a kernel that takes it as its last parameter reads its
/// specialization constants from.
class kernel_handler {
public:
  template <auto &Id>
  lanes::detail::SpecValueType<Id> get_specialization_constant() const {
    return Table->get<Id>();
  }

private:
  friend struct lanes::detail::ItemBuilder;
  explicit kernel_handler(const lanes::detail::SpecConstantTable *Table)
      : Table(Table) {}
  const lanes::detail::SpecConstantTable *Table;
};

} // namespace _V1
} // namespace sycl

#endif // LANES_SYCL_SPECIALIZATION_ID_HPP
