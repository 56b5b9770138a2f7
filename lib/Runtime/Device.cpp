//===- Device.cpp - Device properties and kernel names --------------------===//
//
/// \file
/// What the runtime reports about the CPU it runs on (lanes::rt::deviceInfo)
/// and how it names kernels in messages (lanes::rt::demangle). Both are
/// computed once and kept for the life of the process, so the pointers they
/// return never dangle.
///
/// The limits here are the ones launch() enforces: MaxWorkGroupSize and
/// MaxWorkItemSizes bound the local size, LocalMemSize bounds the local
/// memory a launch may request.
//
//===----------------------------------------------------------------------===//

#include "Config.h"

#include "lanes/runtime.h"

#include <cxxabi.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

using namespace lanes::rt;

namespace {

/// Largest work-group the runtime accepts, total and per dimension. A
/// library-only group needs one fiber stack per work-item, so this also
/// bounds the stacks a worker thread keeps.
constexpr size_t MaxGroupSize = 8192;

/// The "model name" line of /proc/cpuinfo, or "unknown CPU".
std::string cpuModel() {
  std::ifstream CpuInfo("/proc/cpuinfo");
  std::string Line;
  while (std::getline(CpuInfo, Line)) {
    if (Line.rfind("model name", 0) != 0)
      continue;
    size_t Colon = Line.find(':');
    if (Colon == std::string::npos)
      break;
    size_t Begin = Line.find_first_not_of(" \t", Colon + 1);
    if (Begin == std::string::npos)
      break;
    return Line.substr(Begin);
  }
  return "unknown CPU";
}

size_t physicalMemory() {
  long Pages = sysconf(_SC_PHYS_PAGES);
  long PageSize = sysconf(_SC_PAGE_SIZE);
  if (Pages <= 0 || PageSize <= 0)
    return 0;
  return size_t(Pages) * size_t(PageSize);
}

DeviceInfo computeDeviceInfo() {
  // Owned by the DeviceInfo, which lives as long as the process.
  static const std::string Name = "Lanes CPU (" + cpuModel() + ")";
  DeviceInfo Info;
  Info.Name = Name.c_str();
  Info.Vendor = "Lanes";
  Info.MaxComputeUnits = detail::config().NumThreads;
  Info.MaxWorkGroupSize = MaxGroupSize;
  for (size_t &Size : Info.MaxWorkItemSizes)
    Size = MaxGroupSize;
  Info.LocalMemSize = lanes::rt::LocalMemoryBytes;
  Info.GlobalMemSize = physicalMemory();
  return Info;
}

} // namespace

const DeviceInfo &lanes::rt::deviceInfo() {
  static const DeviceInfo Info = computeDeviceInfo();
  return Info;
}

const char *lanes::rt::demangle(const char *MangledName) {
  if (!MangledName)
    return "<unnamed kernel>";
  static std::mutex Mutex;
  // Node-based: the strings never move, so their c_str() stays valid.
  static std::unordered_map<std::string, std::string> Cache;
  std::lock_guard<std::mutex> Lock(Mutex);
  auto [It, Inserted] = Cache.try_emplace(MangledName);
  if (!Inserted)
    return It->second.c_str();
  // GCC marks the typeinfo names of internal-linkage types with a leading
  // '*'; it is not part of the mangling.
  const char *Mangled = MangledName[0] == '*' ? MangledName + 1 : MangledName;
  int Status = 0;
  std::unique_ptr<char, decltype(&std::free)> Demangled(
      abi::__cxa_demangle(Mangled, nullptr, nullptr, &Status), &std::free);
  It->second = Status == 0 && Demangled ? Demangled.get() : MangledName;
  return It->second.c_str();
}
