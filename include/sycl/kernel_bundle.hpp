//===- sycl/kernel_bundle.hpp - Kernel bundles, kernels and kernel ids ----===//
//
/// \file
/// SYCL 2020 kernel bundles. Lanes compiles every kernel of a program
/// ahead of time, for its one device, so a bundle in any state (input,
/// object, executable) holds the same things: some of the program's
/// kernels and the specialization constants set on it. compile(), link()
/// and build() change the state and nothing else. A kernel of an
/// executable bundle answers queries about itself on the device
/// (kernel::get_info), and handler::use_kernel_bundle makes a command
/// group's kernel read the bundle's specialization constants.
///
/// The program's kernels are known when it starts: every kernel that a
/// command group or queue shortcut of the program submits registers itself
/// (KernelRecord) before main, under its kernel name type, or its kernel
/// object's type when it has none. kernel_id::get_name() is that type's
/// name.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_KERNEL_BUNDLE_HPP
#define LANES_SYCL_KERNEL_BUNDLE_HPP

#include "lanes/detail/identity_hash.hpp"
#include "lanes/detail/kernel.hpp"
#include "sycl/device.hpp"
#include "sycl/exception.hpp"
#include "sycl/property_list.hpp"
#include "sycl/specialization_id.hpp"

#include <algorithm>
#include <cstdlib>
#include <cxxabi.h>
#include <memory>
#include <mutex>
#include <string>
#include <type_traits>
#include <typeinfo>
#include <vector>

namespace lanes::detail {

/// One kernel of the program.
struct KernelInfo {
  const char *(*Name)();
  /// The sub-group size it was compiled for.
  unsigned SubGroupSize;
  /// The most work-items its work-groups may have, where that is less than
  /// the device's maximum; else 0.
  size_t MaxWorkGroupSize;
  /// The local size it requires (`[[sycl::reqd_work_group_size]]`), as
  /// its launches ask; null until one has registered.
  RequiredSize (*RequiredLocalSize)();
  /// The sub-group size it requires (`[[sycl::reqd_sub_group_size]]`), or
  /// 0; null until a launch has registered.
  uint32_t (*RequiredSubGroupSize)();
  /// The bytes of loop state it keeps per work-item: the most that a
  /// launch of it (a range kernel has two, for padded ranges and not) that
  /// has registered keeps.
  size_t PrivateMemSize;
  /// A named kernel's kernel object type, as its first launch to register
  /// has it, and another that a launch under the same name has; null when
  /// there is none.
  const std::type_info *KernelType, *OtherKernelType;
};

/// The kernels of the program, in the order they registered.
class KernelRegistry {
public:
  static KernelRegistry &get() {
    static KernelRegistry Registry;
    return Registry;
  }
  bool add(const KernelInfo &Kernel) {
    std::lock_guard<std::mutex> Guard(Lock);
    Kernels.push_back(&Kernel);
    return true;
  }
  std::vector<const KernelInfo *> all() {
    std::lock_guard<std::mutex> Guard(Lock);
    return Kernels;
  }
  bool has(const KernelInfo *Kernel) {
    std::lock_guard<std::mutex> Guard(Lock);
    return std::find(Kernels.begin(), Kernels.end(), Kernel) != Kernels.end();
  }

private:
  std::mutex Lock;
  std::vector<const KernelInfo *> Kernels;
};

/// The name of type \p T as C++ spells it, where the C++ library can tell.
template <typename T> const char *typeName() {
  static const std::string Name = [] {
    // From a pointer, as T may be incomplete: skip the "P".
    const char *Mangled = typeid(T *).name() + 1;
    int Status = -1;
    char *Readable = abi::__cxa_demangle(Mangled, nullptr, nullptr, &Status);
    std::string Result = Status == 0 ? Readable : Mangled;
    std::free(Readable);
    return Result;
  }();
  return Name.c_str();
}

/// Kernel \p Key (a KernelKey), which registers itself as the program
/// starts once kernelInfo() is instantiated for it. Info is constant
/// initialized, before any registration runs.
template <typename Key> struct KernelRecord {
  static inline KernelInfo Info{
      &typeName<Key>, SubGroupSize, 0, nullptr, nullptr, 0, nullptr, nullptr};
  static inline const bool Registered = KernelRegistry::get().add(Info);
};

/// Records, as the program starts, that the kernel named \p Key has a
/// kernel object of type \p KernelT: SYCL 2020 (5.2) gives each kernel a
/// name of its own, and launches of a name given to two kernels throw
/// (checkKernelName). This catches what lanes++ cannot: library-only
/// builds, and a name given in two translation units.
template <typename Key, typename KernelT> struct NamedKernelType {
  static inline const bool Set = [] {
    KernelInfo &Info = KernelRecord<Key>::Info;
    if (!Info.KernelType)
      Info.KernelType = &typeid(KernelT);
    else if (*Info.KernelType != typeid(KernelT))
      Info.OtherKernelType = &typeid(KernelT);
    return true;
  }();
};

/// Sets the work-group limit of kernel \p Key as the program starts.
template <typename Key, size_t Limit> struct KernelGroupLimit {
  static inline const bool Set =
      (KernelRecord<Key>::Info.MaxWorkGroupSize = Limit, true);
};

/// Points the record of kernel \p Key at the local and sub-group sizes it
/// requires as the program starts (any launch \p Invoker of the kernel
/// answers: all reach its call operator), and counts the loop state of
/// \p Invoker's work-group functions in its private memory.
template <typename Key, typename Invoker> struct KernelRequirement {
  static inline const bool Set =
      (KernelRecord<Key>::Info.RequiredLocalSize = &requiredLocalSize<Invoker>,
       KernelRecord<Key>::Info.RequiredSubGroupSize =
           &requiredSubGroupSize<Invoker>,
       KernelRecord<Key>::Info.PrivateMemSize = std::max(
           KernelRecord<Key>::Info.PrivateMemSize, privateMemSize<Invoker>()),
       true);
};

/// The kernel named \p NameT whose kernel object is a \p KernelT, whose
/// work-groups may have at most \p GroupLimit work-items if that is not 0,
/// and which \p Invoker launches if that is not void.
template <typename NameT, typename KernelT, size_t GroupLimit = 0,
          typename Invoker = void>
const KernelInfo &kernelInfo() {
  using Key = KernelKey<NameT, KernelT>;
  (void)KernelRecord<Key>::Registered;
  if constexpr (!std::is_same_v<NameT, AutoName>)
    (void)NamedKernelType<Key, typename UserKernelOf<KernelT>::type>::Set;
  if constexpr (GroupLimit != 0)
    (void)KernelGroupLimit<Key, GroupLimit>::Set;
  if constexpr (!std::is_void_v<Invoker>)
    (void)KernelRequirement<Key, Invoker>::Set;
  return KernelRecord<Key>::Info;
}

/// Throws the error for a launch under \p Kernel's name, which was given
/// to two kernels. Out of line: the launch's block must stay whole for
/// lanes-clone-kernels to see the kernel object's fields.
[[noreturn, gnu::noinline, gnu::cold]] inline void
throwSharedKernelName(const KernelInfo &Kernel) {
  throw sycl::exception(
      sycl::make_error_code(sycl::errc::invalid),
      std::string("kernel name '") + Kernel.Name() +
          "' is given to two different kernels, '" +
          rt::demangle(Kernel.KernelType->name()) + "' and '" +
          rt::demangle(Kernel.OtherKernelType->name()) +
          "'; SYCL requires each kernel to have a name of its own");
}

/// Throws errc::invalid when the name of kernel \p NameT, \p KernelT was
/// given to another kernel too. After describeKernel: the branch would
/// hide the stores of the kernel object's fields from the launch.
template <typename NameT, typename KernelT> void checkKernelName() {
  const KernelInfo &Kernel = kernelInfo<NameT, KernelT>();
  if (Kernel.OtherKernelType)
    throwSharedKernelName(Kernel);
}

/// What a kernel bundle holds; copies of a bundle share one.
struct BundleState {
  std::vector<const KernelInfo *> Kernels;
  SpecConstantTable Spec;

  bool has(const KernelInfo *Kernel) const {
    return std::find(Kernels.begin(), Kernels.end(), Kernel) != Kernels.end();
  }
  /// Adds \p Kernel unless this one has it.
  void addKernel(const KernelInfo *Kernel) {
    if (!has(Kernel))
      Kernels.push_back(Kernel);
  }
  /// Adds the kernels of \p Other this one lacks, and the constants set
  /// there that are not set here.
  void add(const BundleState &Other) {
    for (const KernelInfo *Kernel : Other.Kernels)
      addKernel(Kernel);
    Spec.addMissing(Other.Spec);
  }
};

struct BundleAccess;

} // namespace lanes::detail

namespace sycl {
inline namespace _V1 {

enum class bundle_state { input, object, executable };

template <bundle_state State> class device_image;

/// Names one kernel of the program.
class kernel_id {
public:
  kernel_id() = delete;
  const char *get_name() const noexcept { return Kernel->Name(); }

  friend bool operator==(const kernel_id &L, const kernel_id &R) {
    return L.Kernel == R.Kernel;
  }
  friend bool operator!=(const kernel_id &L, const kernel_id &R) {
    return !(L == R);
  }

private:
  friend struct lanes::detail::BundleAccess;
  friend struct std::hash<kernel_id>;
  template <bundle_state> friend class device_image;
  explicit kernel_id(const lanes::detail::KernelInfo *Kernel)
      : Kernel(Kernel) {}
  const lanes::detail::KernelInfo *Kernel;
};

template <bundle_state State> class kernel_bundle;

/// A device image of a kernel bundle. Lanes compiles each kernel ahead of
/// time into code of its own, so an image holds one kernel of the program.
template <bundle_state State> class device_image {
public:
  device_image() = delete;

  bool has_kernel(const kernel_id &Id) const noexcept {
    return Id.Kernel == Kernel;
  }
  bool has_kernel(const kernel_id &Id, const device &) const noexcept {
    return has_kernel(Id);
  }

  friend bool operator==(const device_image &L, const device_image &R) {
    return L.Kernel == R.Kernel;
  }
  friend bool operator!=(const device_image &L, const device_image &R) {
    return !(L == R);
  }

private:
  friend struct lanes::detail::BundleAccess;
  friend struct std::hash<device_image>;
  friend class kernel_bundle<State>;
  explicit device_image(const lanes::detail::KernelInfo *Kernel)
      : Kernel(Kernel) {}
  const lanes::detail::KernelInfo *Kernel;
};

/// A kernel of an executable kernel bundle.
class kernel {
public:
  kernel() = delete;

  context get_context() const { return context(); }
  backend get_backend() const noexcept { return backend::ext_lanes_cpu; }
  kernel_bundle<bundle_state::executable> get_kernel_bundle() const;

  /// An info::kernel query.
  template <typename Param> typename Param::return_type get_info() const;
  /// An info::kernel_device_specific query on \p Dev.
  template <typename Param>
  typename Param::return_type get_info(const device &Dev) const;

  friend bool operator==(const kernel &L, const kernel &R) {
    return L.Kernel == R.Kernel && L.Bundle == R.Bundle;
  }
  friend bool operator!=(const kernel &L, const kernel &R) { return !(L == R); }

private:
  friend struct lanes::detail::BundleAccess;
  friend struct std::hash<kernel>;
  kernel(const lanes::detail::KernelInfo *Kernel,
         std::shared_ptr<lanes::detail::BundleState> Bundle)
      : Kernel(Kernel), Bundle(std::move(Bundle)) {}
  const lanes::detail::KernelInfo *Kernel;
  std::shared_ptr<lanes::detail::BundleState> Bundle;
};

/// Some kernels of the program, and the specialization constants set for
/// them (in input state) or built into them.
template <bundle_state State> class kernel_bundle {
public:
  using device_image_iterator = const device_image<State> *;

  kernel_bundle() = delete;

  bool empty() const noexcept { return Bundle->Kernels.empty(); }
  context get_context() const noexcept { return context(); }
  backend get_backend() const noexcept { return backend::ext_lanes_cpu; }
  std::vector<device> get_devices() const { return {device()}; }

  bool has_kernel(const kernel_id &Id) const noexcept;
  bool has_kernel(const kernel_id &Id, const device &) const noexcept {
    return has_kernel(Id);
  }
  template <typename KernelName> bool has_kernel() const noexcept {
    return Bundle->has(&lanes::detail::KernelRecord<KernelName>::Info);
  }
  template <typename KernelName>
  bool has_kernel(const device &) const noexcept {
    return has_kernel<KernelName>();
  }
  std::vector<kernel_id> get_kernel_ids() const;

  /// The bundle's device images: one per kernel, in get_kernel_ids() order.
  device_image_iterator begin() const { return Images.data(); }
  device_image_iterator end() const { return Images.data() + Images.size(); }

  /// Kernel \p Id of the bundle; throws errc::invalid if it has no such
  /// kernel.
  kernel get_kernel(const kernel_id &Id) const;
  template <typename KernelName> kernel get_kernel() const;

  /// Sets \p Id to \p Value for the kernels of the bundle.
  template <auto &Id>
  void set_specialization_constant(lanes::detail::SpecValueType<Id> Value) {
    static_assert(State == bundle_state::input,
                  "kernel_bundle::set_specialization_constant needs a bundle "
                  "in bundle_state::input");
    Bundle->Spec.template set<Id>(Value);
  }
  /// The value of \p Id in the bundle: the one set, else its default.
  template <auto &Id>
  lanes::detail::SpecValueType<Id> get_specialization_constant() const {
    return Bundle->Spec.template value<Id>();
  }

  friend bool operator==(const kernel_bundle &L, const kernel_bundle &R) {
    return L.Bundle == R.Bundle;
  }
  friend bool operator!=(const kernel_bundle &L, const kernel_bundle &R) {
    return !(L == R);
  }

private:
  friend struct lanes::detail::BundleAccess;
  friend struct std::hash<kernel_bundle>;
  explicit kernel_bundle(std::shared_ptr<lanes::detail::BundleState> Bundle)
      : Bundle(std::move(Bundle)) {
    for (const lanes::detail::KernelInfo *Kernel : this->Bundle->Kernels)
      Images.push_back(device_image<State>(Kernel));
  }
  std::shared_ptr<lanes::detail::BundleState> Bundle;
  std::vector<device_image<State>> Images;
};

} // namespace _V1
} // namespace sycl

namespace lanes::detail {

/// What the kernel bundle functions need of the classes above.
struct BundleAccess {
  static sycl::kernel_id id(const KernelInfo *Kernel) {
    return sycl::kernel_id(Kernel);
  }
  static const KernelInfo *info(const sycl::kernel_id &Id) { return Id.Kernel; }
  template <sycl::bundle_state State>
  static sycl::kernel_id id(const sycl::device_image<State> &Image) {
    return sycl::kernel_id(Image.Kernel);
  }
  static sycl::kernel makeKernel(const KernelInfo *Kernel,
                                 std::shared_ptr<BundleState> Bundle) {
    return sycl::kernel(Kernel, std::move(Bundle));
  }
  template <sycl::bundle_state State>
  static sycl::kernel_bundle<State>
  makeBundle(std::shared_ptr<BundleState> Bundle) {
    return sycl::kernel_bundle<State>(std::move(Bundle));
  }
  template <sycl::bundle_state State>
  static const std::shared_ptr<BundleState> &
  state(const sycl::kernel_bundle<State> &Bundle) {
    return Bundle.Bundle;
  }
};

/// Throws errc::invalid, naming \p Function, unless \p Devices lists a
/// device (Lanes's one device is in every context).
inline void checkDevices(const std::vector<sycl::device> &Devices,
                         const char *Function) {
  if (Devices.empty())
    throw sycl::exception(sycl::make_error_code(sycl::errc::invalid),
                          std::string(Function) + ": the list of devices is "
                                                  "empty");
}

/// A new bundle of \p State with the kernels \p Ids.
template <sycl::bundle_state State>
sycl::kernel_bundle<State> bundleOf(const std::vector<sycl::kernel_id> &Ids) {
  auto Bundle = std::make_shared<BundleState>();
  for (const sycl::kernel_id &Id : Ids)
    Bundle->addKernel(BundleAccess::info(Id));
  return BundleAccess::makeBundle<State>(std::move(Bundle));
}

/// A bundle of state \p To with the kernels and constants of \p From (a
/// copy: later changes to one do not reach the other).
template <sycl::bundle_state To, sycl::bundle_state From>
sycl::kernel_bundle<To> bundleLike(const sycl::kernel_bundle<From> &Bundle,
                                   const std::vector<sycl::device> &Devices,
                                   const char *Function) {
  checkDevices(Devices, Function);
  return BundleAccess::makeBundle<To>(
      std::make_shared<BundleState>(*BundleAccess::state(Bundle)));
}

/// One bundle of state \p To with the kernels of all \p Bundles and the
/// constants set in them (where two set one, the first's value).
template <sycl::bundle_state To, sycl::bundle_state From>
sycl::kernel_bundle<To>
joined(const std::vector<sycl::kernel_bundle<From>> &Bundles) {
  auto Joined = std::make_shared<BundleState>();
  for (const sycl::kernel_bundle<From> &Bundle : Bundles)
    Joined->add(*BundleAccess::state(Bundle));
  return BundleAccess::makeBundle<To>(std::move(Joined));
}

} // namespace lanes::detail

namespace sycl {
inline namespace _V1 {

/// The id of the kernel named \p KernelName; throws errc::runtime when no
/// kernel of the program has that name.
template <typename KernelName> kernel_id get_kernel_id() {
  const lanes::detail::KernelInfo *Kernel =
      &lanes::detail::KernelRecord<KernelName>::Info;
  if (!lanes::detail::KernelRegistry::get().has(Kernel))
    throw exception(make_error_code(errc::runtime),
                    std::string("get_kernel_id: no kernel of the program is "
                                "named ") +
                        Kernel->Name());
  return lanes::detail::BundleAccess::id(Kernel);
}

/// The ids of every kernel of the program.
inline std::vector<kernel_id> get_kernel_ids() {
  std::vector<kernel_id> Ids;
  for (const lanes::detail::KernelInfo *Kernel :
       lanes::detail::KernelRegistry::get().all())
    Ids.push_back(lanes::detail::BundleAccess::id(Kernel));
  return Ids;
}

/// A bundle of the kernels \p KernelIds. Throws errc::invalid when
/// \p Devs is empty.
template <bundle_state State>
kernel_bundle<State>
get_kernel_bundle(const context &, const std::vector<device> &Devs,
                  const std::vector<kernel_id> &KernelIds) {
  lanes::detail::checkDevices(Devs, "get_kernel_bundle");
  return lanes::detail::bundleOf<State>(KernelIds);
}
template <bundle_state State>
kernel_bundle<State>
get_kernel_bundle(const context &Ctx, const std::vector<kernel_id> &KernelIds) {
  return get_kernel_bundle<State>(Ctx, Ctx.get_devices(), KernelIds);
}
/// A bundle of every kernel of the program.
template <bundle_state State>
kernel_bundle<State> get_kernel_bundle(const context &Ctx,
                                       const std::vector<device> &Devs) {
  return get_kernel_bundle<State>(Ctx, Devs, get_kernel_ids());
}
template <bundle_state State>
kernel_bundle<State> get_kernel_bundle(const context &Ctx) {
  return get_kernel_bundle<State>(Ctx, Ctx.get_devices());
}
/// A bundle of the kernel named \p KernelName.
template <typename KernelName, bundle_state State>
kernel_bundle<State> get_kernel_bundle(const context &Ctx,
                                       const std::vector<device> &Devs) {
  return get_kernel_bundle<State>(Ctx, Devs, {get_kernel_id<KernelName>()});
}
template <typename KernelName, bundle_state State>
kernel_bundle<State> get_kernel_bundle(const context &Ctx) {
  return get_kernel_bundle<KernelName, State>(Ctx, Ctx.get_devices());
}

/// A bundle of the kernels whose device images \p Select, a callable
/// taking `const device_image<State> &`, accepts. Throws errc::invalid
/// when \p Devs is empty.
template <bundle_state State, typename SelectorT,
          std::enable_if_t<std::is_invocable_r_v<bool, SelectorT &,
                                                 const device_image<State> &>,
                           int> = 0>
kernel_bundle<State> get_kernel_bundle(const context &Ctx,
                                       const std::vector<device> &Devs,
                                       SelectorT Select) {
  std::vector<kernel_id> Ids;
  for (const device_image<State> &Image : get_kernel_bundle<State>(Ctx, Devs))
    if (Select(Image))
      Ids.push_back(lanes::detail::BundleAccess::id(Image));
  return get_kernel_bundle<State>(Ctx, Devs, Ids);
}
template <bundle_state State, typename SelectorT,
          std::enable_if_t<std::is_invocable_r_v<bool, SelectorT &,
                                                 const device_image<State> &>,
                           int> = 0>
kernel_bundle<State> get_kernel_bundle(const context &Ctx, SelectorT Select) {
  return get_kernel_bundle<State>(Ctx, Ctx.get_devices(), std::move(Select));
}

/// Whether get_kernel_bundle with the same arguments returns a bundle:
/// always, as Lanes compiled every kernel for its device in every state.
/// Throws errc::invalid when \p Devs is empty.
template <bundle_state State>
bool has_kernel_bundle(const context &, const std::vector<device> &Devs) {
  lanes::detail::checkDevices(Devs, "has_kernel_bundle");
  return true;
}
template <bundle_state State>
bool has_kernel_bundle(const context &Ctx, const std::vector<device> &Devs,
                       const std::vector<kernel_id> &) {
  return has_kernel_bundle<State>(Ctx, Devs);
}
template <bundle_state State> bool has_kernel_bundle(const context &Ctx) {
  return has_kernel_bundle<State>(Ctx, Ctx.get_devices());
}
template <bundle_state State>
bool has_kernel_bundle(const context &Ctx,
                       const std::vector<kernel_id> &KernelIds) {
  return has_kernel_bundle<State>(Ctx, Ctx.get_devices(), KernelIds);
}
template <typename KernelName, bundle_state State>
bool has_kernel_bundle(const context &Ctx, const std::vector<device> &Devs) {
  return has_kernel_bundle<State>(Ctx, Devs, {get_kernel_id<KernelName>()});
}
template <typename KernelName, bundle_state State>
bool has_kernel_bundle(const context &Ctx) {
  return has_kernel_bundle<KernelName, State>(Ctx, Ctx.get_devices());
}

/// Whether the kernels can run on \p Dev: every kernel can.
inline bool is_compatible(const std::vector<kernel_id> &, const device &) {
  return true;
}
template <typename KernelName> bool is_compatible(const device &Dev) {
  return is_compatible({get_kernel_id<KernelName>()}, Dev);
}

/// One bundle of the kernels of \p Bundles; where two of them set one
/// specialization constant, the first's value.
template <bundle_state State>
kernel_bundle<State> join(const std::vector<kernel_bundle<State>> &Bundles) {
  return lanes::detail::joined<State>(Bundles);
}

/// The object bundle of \p InputBundle's kernels and constants.
inline kernel_bundle<bundle_state::object>
compile(const kernel_bundle<bundle_state::input> &InputBundle,
        const std::vector<device> &Devs, const property_list & = {}) {
  return lanes::detail::bundleLike<bundle_state::object>(InputBundle, Devs,
                                                         "compile");
}
inline kernel_bundle<bundle_state::object>
compile(const kernel_bundle<bundle_state::input> &InputBundle,
        const property_list &Props = {}) {
  return compile(InputBundle, InputBundle.get_devices(), Props);
}

/// The executable bundle of the kernels and constants of \p ObjectBundles.
inline kernel_bundle<bundle_state::executable>
link(const std::vector<kernel_bundle<bundle_state::object>> &ObjectBundles,
     const std::vector<device> &Devs, const property_list & = {}) {
  lanes::detail::checkDevices(Devs, "link");
  return lanes::detail::joined<bundle_state::executable>(ObjectBundles);
}
inline kernel_bundle<bundle_state::executable>
link(const kernel_bundle<bundle_state::object> &ObjectBundle,
     const std::vector<device> &Devs, const property_list &Props = {}) {
  return link(std::vector<kernel_bundle<bundle_state::object>>{ObjectBundle},
              Devs, Props);
}
inline kernel_bundle<bundle_state::executable>
link(const std::vector<kernel_bundle<bundle_state::object>> &ObjectBundles,
     const property_list &Props = {}) {
  return link(ObjectBundles, std::vector<device>{device()}, Props);
}
inline kernel_bundle<bundle_state::executable>
link(const kernel_bundle<bundle_state::object> &ObjectBundle,
     const property_list &Props = {}) {
  return link(ObjectBundle, ObjectBundle.get_devices(), Props);
}

/// The executable bundle of \p InputBundle's kernels and constants.
inline kernel_bundle<bundle_state::executable>
build(const kernel_bundle<bundle_state::input> &InputBundle,
      const std::vector<device> &Devs, const property_list & = {}) {
  return lanes::detail::bundleLike<bundle_state::executable>(InputBundle, Devs,
                                                             "build");
}
inline kernel_bundle<bundle_state::executable>
build(const kernel_bundle<bundle_state::input> &InputBundle,
      const property_list &Props = {}) {
  return build(InputBundle, InputBundle.get_devices(), Props);
}

template <bundle_state State>
bool kernel_bundle<State>::has_kernel(const kernel_id &Id) const noexcept {
  return Bundle->has(lanes::detail::BundleAccess::info(Id));
}

template <bundle_state State>
std::vector<kernel_id> kernel_bundle<State>::get_kernel_ids() const {
  std::vector<kernel_id> Ids;
  for (const lanes::detail::KernelInfo *Kernel : Bundle->Kernels)
    Ids.push_back(lanes::detail::BundleAccess::id(Kernel));
  return Ids;
}

template <bundle_state State>
kernel kernel_bundle<State>::get_kernel(const kernel_id &Id) const {
  static_assert(State == bundle_state::executable,
                "kernel_bundle::get_kernel needs a bundle in "
                "bundle_state::executable (see sycl::build)");
  if (!has_kernel(Id))
    throw exception(make_error_code(errc::invalid),
                    std::string("kernel_bundle::get_kernel: the bundle has no "
                                "kernel ") +
                        Id.get_name());
  return lanes::detail::BundleAccess::makeKernel(
      lanes::detail::BundleAccess::info(Id), Bundle);
}

template <bundle_state State>
template <typename KernelName>
kernel kernel_bundle<State>::get_kernel() const {
  return get_kernel(get_kernel_id<KernelName>());
}

inline kernel_bundle<bundle_state::executable>
kernel::get_kernel_bundle() const {
  return lanes::detail::BundleAccess::makeBundle<bundle_state::executable>(
      Bundle);
}

template <typename Param> typename Param::return_type kernel::get_info() const {
  if constexpr (std::is_same_v<Param, info::kernel::num_args>) {
    throw exception(make_error_code(errc::invalid),
                    "info::kernel::num_args is only for kernels from backend "
                    "interoperability and built-in kernels");
  } else {
    static_assert(std::is_same_v<Param, info::kernel::attributes>,
                  "kernel::get_info() takes an info::kernel descriptor "
                  "(num_args or attributes)");
    std::string Attributes;
    lanes::detail::RequiredSize Local = {};
    if (Kernel->RequiredLocalSize)
      Local = Kernel->RequiredLocalSize();
    if (Local.Dims) {
      std::string Sizes =
          lanes::detail::formatLocalSize(Local.Size, Local.Dims);
      Sizes.front() = '(';
      Sizes.back() = ')';
      Attributes = "sycl::reqd_work_group_size" + Sizes;
    }
    if (Kernel->RequiredSubGroupSize && Kernel->RequiredSubGroupSize())
      Attributes += std::string(Attributes.empty() ? "" : " ") +
                    "sycl::reqd_sub_group_size(" +
                    std::to_string(Kernel->RequiredSubGroupSize()) + ")";
    return Attributes;
  }
}

template <typename Param>
typename Param::return_type kernel::get_info(const device &Dev) const {
  namespace specific = info::kernel_device_specific;
  size_t MaxGroup = Dev.get_info<info::device::max_work_group_size>();
  if (Kernel->MaxWorkGroupSize)
    MaxGroup = std::min(MaxGroup, Kernel->MaxWorkGroupSize);
  unsigned SubGroup = Kernel->SubGroupSize;
  if constexpr (std::is_same_v<Param, specific::global_work_size>) {
    throw exception(make_error_code(errc::invalid),
                    "info::kernel_device_specific::global_work_size is only "
                    "for built-in kernels and custom devices");
  } else if constexpr (std::is_same_v<Param, specific::work_group_size>) {
    return MaxGroup;
  } else if constexpr (std::is_same_v<Param,
                                      specific::compile_work_group_size>) {
    lanes::detail::LocalSize Required = {};
    if (Kernel->RequiredLocalSize)
      Required = Kernel->RequiredLocalSize().Size;
    return range<3>(Required[2], Required[1], Required[0]);
  } else if constexpr (std::is_same_v<Param,
                                      specific::compile_sub_group_size>) {
    return Kernel->RequiredSubGroupSize ? Kernel->RequiredSubGroupSize() : 0;
  } else if constexpr (std::is_same_v<Param, specific::private_mem_size>) {
    return Kernel->PrivateMemSize;
  } else if constexpr (std::is_same_v<Param,
                                      specific::compile_num_sub_groups>) {
    return 0; // No SYCL 2020 kernel attribute sets it.
  } else if constexpr (std::is_same_v<
                           Param,
                           specific::preferred_work_group_size_multiple>) {
    return SubGroup;
  } else if constexpr (std::is_same_v<Param, specific::max_num_sub_groups>) {
    lanes::detail::RequiredSize Local = {};
    if (Kernel->RequiredLocalSize)
      Local = Kernel->RequiredLocalSize();
    // Each row along dimension 0 splits into sub-groups; without a required
    // size, rows one work-item wide give a sub-group per work-item.
    if (Local.Dims)
      return uint32_t(Local.Size[1] * Local.Size[2] *
                      ((Local.Size[0] + SubGroup - 1) / SubGroup));
    return uint32_t(MaxGroup);
  } else {
    static_assert(std::is_same_v<Param, specific::max_sub_group_size>,
                  "kernel::get_info(device) takes an "
                  "info::kernel_device_specific descriptor that Lanes "
                  "answers (docs/api.md)");
    return SubGroup;
  }
}

} // namespace _V1
} // namespace sycl

namespace std {
/// Equal kernel ids, device images, kernels and kernel bundles hash alike.
template <> struct hash<sycl::kernel_id> {
  size_t operator()(const sycl::kernel_id &Id) const noexcept {
    return lanes::detail::identityHash(Id.Kernel);
  }
};
template <sycl::bundle_state State> struct hash<sycl::device_image<State>> {
  size_t operator()(const sycl::device_image<State> &Image) const noexcept {
    return lanes::detail::identityHash(Image.Kernel);
  }
};
template <> struct hash<sycl::kernel> {
  size_t operator()(const sycl::kernel &K) const noexcept {
    return lanes::detail::identityHash(K.Kernel, K.Bundle.get());
  }
};
template <sycl::bundle_state State> struct hash<sycl::kernel_bundle<State>> {
  size_t operator()(const sycl::kernel_bundle<State> &B) const noexcept {
    return lanes::detail::identityHash(B.Bundle.get());
  }
};
} // namespace std

#endif // LANES_SYCL_KERNEL_BUNDLE_HPP
