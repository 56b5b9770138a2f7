//===- sycl/ext/oneapi/filter_selector.hpp - DPC++'s filter_selector ------===//
//
/// \file
/// DPC++'s sycl_ext_oneapi_filter_selector (deprecated there, still common
/// in ported code): `sycl::ext::oneapi::filter_selector`, a device selector
/// made from a string of filters separated by commas, each of the form
/// `Backend:DeviceType:RelativeDeviceNumber` with every part optional but
/// one at least. A device is selected when any filter matches it.
///
/// The string is parsed when the selector is made, and strictly: the parts
/// of a filter come in that order, each at most once, and are names the
/// extension lists (backends opencl, level_zero, cuda, hip and host; device
/// types cpu, gpu, accelerator and host), Lanes's own backend ext_lanes_cpu,
/// or a decimal device number. Anything else, or an empty filter or part,
/// throws errc::invalid naming the part and its filter.
///
/// Lanes has one device: the CPU, of backend ext_lanes_cpu and relative
/// number 0. A filter matches it when every part it has names that device;
/// filters naming other backends, other device types, SYCL 1.2.1's host
/// device (gone from SYCL 2020) or a higher number match nothing. As in
/// DPC++, the selector scores a device it accepts as default_selector_v
/// does, and when no filter matches any device it throws errc::runtime
/// when it is called, so constructing a device or queue from it throws.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_EXT_ONEAPI_FILTER_SELECTOR_HPP
#define LANES_SYCL_EXT_ONEAPI_FILTER_SELECTOR_HPP

#include "sycl/device.hpp"
#include "sycl/exception.hpp"

#include <algorithm>
#include <climits>
#include <cstddef>
#include <string>

namespace lanes::detail {

/// A name a filter may use in place of a backend or a device type, and
/// whether it describes the Lanes CPU device.
struct FilterName {
  const char *Name;
  bool NamesLanesDevice;
};
inline constexpr FilterName FilterBackends[] = {
    {"ext_lanes_cpu", true}, {"opencl", false}, {"level_zero", false},
    {"cuda", false},         {"hip", false},    {"host", false}};
inline constexpr FilterName FilterDeviceTypes[] = {
    {"cpu", true}, {"gpu", false}, {"accelerator", false}, {"host", false}};

/// The parts of a filter, in the order they must come.
enum class FilterPart { Backend, DeviceType, DeviceNumber, End };

/// Throws errc::invalid: \p Why, about the selector string \p Text.
[[noreturn]] inline void throwBadFilter(const std::string &Text,
                                        const std::string &Why) {
  throw sycl::exception(sycl::make_error_code(sycl::errc::invalid),
                        "filter_selector(\"" + Text + "\"): " + Why +
                            " (a filter is Backend:DeviceType:"
                            "RelativeDeviceNumber, each part optional)");
}

/// The entry of \p Names spelled \p Part, or null.
template <size_t N>
const FilterName *findFilterName(const FilterName (&Names)[N],
                                 const std::string &Part) {
  for (const FilterName &Name : Names)
    if (Part == Name.Name)
      return &Name;
  return nullptr;
}

/// The decimal number \p Part of filter \p Filter, or -1 when it is not
/// one (a sign or any other character); throws errc::invalid when it
/// exceeds INT_MAX.
inline long parseDeviceNumber(const std::string &Text,
                              const std::string &Filter,
                              const std::string &Part) {
  long Number = 0;
  for (char C : Part) {
    if (C < '0' || C > '9')
      return -1;
    Number = Number * 10 + (C - '0');
    if (Number > INT_MAX)
      throwBadFilter(Text, "device number " + Part + " in filter \"" + Filter +
                               "\" is too large");
  }
  return Number;
}

/// Whether \p Filter, one filter of the selector string \p Text, matches
/// the Lanes CPU device; throws errc::invalid when it is malformed.
inline bool filterMatchesLanesDevice(const std::string &Text,
                                     const std::string &Filter) {
  if (Filter.empty())
    throwBadFilter(Text, "empty filter");
  bool Matches = true;
  FilterPart Next = FilterPart::Backend;
  for (size_t Begin = 0; Begin <= Filter.size();) {
    size_t End = std::min(Filter.find(':', Begin), Filter.size());
    std::string Part = Filter.substr(Begin, End - Begin);
    Begin = End + 1;
    if (Part.empty())
      throwBadFilter(Text, "filter \"" + Filter + "\" has an empty part");
    const FilterName *Backend = findFilterName(FilterBackends, Part);
    const FilterName *Type = findFilterName(FilterDeviceTypes, Part);
    long Number = parseDeviceNumber(Text, Filter, Part);
    // "host" is both a backend and a device type: the first that may come.
    if (Backend && Next <= FilterPart::Backend) {
      Matches &= Backend->NamesLanesDevice;
      Next = FilterPart::DeviceType;
    } else if (Type && Next <= FilterPart::DeviceType) {
      Matches &= Type->NamesLanesDevice;
      Next = FilterPart::DeviceNumber;
    } else if (Number >= 0 && Next <= FilterPart::DeviceNumber) {
      Matches &= Number == 0;
      Next = FilterPart::End;
    } else if (Backend || Type || Number >= 0) {
      throwBadFilter(Text, "\"" + Part + "\" is out of place in filter \"" +
                               Filter + "\"");
    } else {
      throwBadFilter(Text, "\"" + Part + "\" in filter \"" + Filter +
                               "\" is not a backend (opencl, level_zero, "
                               "cuda, hip, host, ext_lanes_cpu), a device type "
                               "(cpu, gpu, accelerator, host) or a device "
                               "number");
    }
  }
  return Matches;
}

} // namespace lanes::detail

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi {

/// Selects the devices that one of its filters matches: in Lanes, the CPU
/// device or nothing (see the file comment).
class filter_selector : public device_selector {
public:
  /// Parses \p Filters; throws errc::invalid when a filter is malformed.
  filter_selector(const std::string &Filters) : Text(Filters) {
    for (size_t Begin = 0; Begin <= Text.size();) {
      size_t End = std::min(Text.find(',', Begin), Text.size());
      Matches |= lanes::detail::filterMatchesLanesDevice(
          Text, Text.substr(Begin, End - Begin));
      Begin = End + 1;
    }
  }

  /// default_selector_v's score for a device a filter matches. Throws
  /// errc::runtime when the filters match no device at all.
  int operator()(const device &Dev) const override {
    if (!Matches)
      throw exception(make_error_code(errc::runtime),
                      "no device matches filter_selector(\"" + Text +
                          "\"): Lanes has one device, the CPU (backend "
                          "ext_lanes_cpu, device type cpu, number 0)");
    return default_selector_v(Dev);
  }
  /// The selected device (errc::runtime when there is none).
  device select_device() const { return device(*this); }
  /// Deprecated in DPC++: the selector keeps no state to reset.
  void reset() const {}

private:
  std::string Text;
  /// Whether a filter matches the Lanes CPU device.
  bool Matches = false;
};

} // namespace ext::oneapi
} // namespace _V1
} // namespace sycl

#endif // LANES_SYCL_EXT_ONEAPI_FILTER_SELECTOR_HPP
