// DPC++'s sycl_ext_oneapi_filter_selector on Lanes's one device (the CPU,
// backend ext_lanes_cpu, number 0). Filters that describe it (alone or
// among alternatives) select it for queue, device and platform
// construction, score it as default_selector_v does and work through the
// SYCL 1.2.1 device_selector base; filters that name only what Lanes lacks
// (GPUs, accelerators, other backends, the host device, device 1) are
// accepted but construction throws errc::runtime naming the filter, as
// calling the selector does; malformed strings (unknown names, numbers
// that are not, parts out of order, empty filters or parts) throw
// errc::invalid naming the bad part when the selector is made.
#include <sycl/sycl.hpp>

#include <cstdio>
#include <cstring>
#include <string>

namespace {

using sycl::ext::oneapi::filter_selector;

int Failures = 0;

void expect(bool Ok, const std::string &What) {
  std::printf("%s: %s\n", What.c_str(), Ok ? "OK" : "FAIL");
  Failures += !Ok;
}

/// \p Filters selects the CPU device every way a selector is used.
void expectSelects(const std::string &Filters) {
  std::string What = "filter_selector(\"" + Filters + "\") selects the CPU";
  try {
    filter_selector Selector(Filters);
    sycl::queue Q{Selector};
    sycl::device Dev(Selector);
    sycl::platform Platform(Selector);
    const sycl::device_selector &Base = Selector;
    expect(Q.get_device().is_cpu() && Dev.is_cpu() &&
               Selector(Dev) == sycl::default_selector_v(Dev) &&
               Base(Dev) >= 0 && Selector.select_device() == Dev &&
               Dev.get_backend() == sycl::backend::ext_lanes_cpu,
           What);
  } catch (const sycl::exception &E) {
    expect(false, What + " (threw " + E.what() + ")");
  }
}

/// \p Filters parses, but selects nothing: using it throws errc::runtime.
void expectNoDevice(const std::string &Filters) {
  std::string What = "filter_selector(\"" + Filters + "\") selects nothing";
  std::string Name = "\"" + Filters + "\"";
  auto Runtime = [&](const sycl::exception &E) {
    return E.code() == sycl::errc::runtime &&
           std::strstr(E.what(), Name.c_str()) != nullptr;
  };
  filter_selector Selector(Filters);
  int Threw = 0;
  try {
    sycl::queue Q{Selector};
  } catch (const sycl::exception &E) {
    Threw += Runtime(E);
  }
  try {
    sycl::device Dev(Selector);
  } catch (const sycl::exception &E) {
    Threw += Runtime(E);
  }
  try {
    (void)Selector(sycl::device());
  } catch (const sycl::exception &E) {
    Threw += Runtime(E);
    What += std::string(" (") + E.what() + ")";
  }
  expect(Threw == 3, What);
}

/// Making a selector of \p Filters throws errc::invalid whose message
/// contains \p Bad.
void expectInvalid(const std::string &Filters, const std::string &Bad) {
  std::string What = "filter_selector(\"" + Filters + "\") is invalid";
  try {
    filter_selector Selector(Filters);
    expect(false, What + " (no exception)");
  } catch (const sycl::exception &E) {
    expect(E.code() == sycl::errc::invalid &&
               std::strstr(E.what(), Bad.c_str()) != nullptr,
           What + " (" + E.what() + ")");
  }
}

} // namespace

int main() {
  for (const char *Filters :
       {"cpu", "ext_lanes_cpu", "ext_lanes_cpu:cpu", "ext_lanes_cpu:cpu:0",
        "ext_lanes_cpu:0", "cpu:0", "0", "gpu,cpu", "cpu,gpu",
        "level_zero:gpu:0,cpu", "opencl:cpu,ext_lanes_cpu", "host,cpu:0",
        "cuda:gpu:1,0"})
    expectSelects(Filters);

  for (const char *Filters :
       {"gpu", "accelerator", "opencl", "opencl:cpu", "level_zero",
        "level_zero:gpu:0", "cuda", "hip:gpu", "host", "host:host",
        "opencl:host", "cpu:1", "1", "ext_lanes_cpu:gpu", "ext_lanes_cpu:1",
        "gpu,level_zero,cpu:1"})
    expectNoDevice(Filters);

  // Unknown names, including other spellings DPC++ knows from its
  // environment variables (acc, fpga, *, native_cpu) and wrong case.
  expectInvalid("cpx", "\"cpx\"");
  expectInvalid("opencl:cpx", "\"cpx\"");
  expectInvalid("acc", "\"acc\"");
  expectInvalid("fpga", "\"fpga\"");
  expectInvalid("*", "\"*\"");
  expectInvalid("native_cpu:cpu", "\"native_cpu\"");
  expectInvalid("CPU", "\"CPU\"");
  expectInvalid(" cpu", "\" cpu\"");
  expectInvalid("cpu,gpx", "\"gpx\"");
  // Numbers that are not, or too large.
  expectInvalid("cpu:-1", "\"-1\"");
  expectInvalid("cpu:1a", "\"1a\"");
  expectInvalid("cpu:99999999999", "99999999999 in filter \"cpu:99999999999\" "
                                   "is too large");
  // Parts out of order, repeated, or too many.
  expectInvalid("gpu:opencl", "\"opencl\" is out of place");
  expectInvalid("cpu:gpu", "\"gpu\" is out of place");
  expectInvalid("0:cpu", "\"cpu\" is out of place");
  expectInvalid("opencl:cpu:0:1", "\"1\" is out of place");
  expectInvalid("opencl:level_zero", "\"level_zero\" is out of place");
  // Empty filters and parts.
  expectInvalid("", "empty filter");
  expectInvalid("cpu,,gpu", "empty filter");
  expectInvalid("cpu,", "empty filter");
  expectInvalid("cpu:", "filter \"cpu:\" has an empty part");
  expectInvalid("opencl::0", "filter \"opencl::0\" has an empty part");

  if (Failures)
    std::printf("%d failed\n", Failures);
  return Failures != 0;
}
