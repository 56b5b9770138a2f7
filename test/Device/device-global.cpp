// DPC++'s sycl_ext_oneapi_device_global: device_global variables of a
// scalar, an array and a struct that kernels read and write (one counts
// the work-items of two launches, one is a table the host fills with
// queue::copy and kernels read, one a struct through operator->), the host
// copies of queue and handler in bytes and in elements, with events to
// depend on, initial values from the constructor and zero, get_multi_ptr,
// the properties (which change nothing), and errc::invalid for copies that
// do not fit.
#include <sycl/sycl.hpp>

#include <cstdio>
#include <cstring>
#include <string>
#include <type_traits>

namespace syclex = sycl::ext::oneapi::experimental;

namespace {

struct Params {
  int Scale;
  float Offset;
};

syclex::device_global<int> Counter;
syclex::device_global<int[8]> Table;
syclex::device_global<Params> Config{3, 0.5f};
syclex::device_global<int,
                      decltype(syclex::properties{syclex::device_image_scope,
                                                  syclex::host_access_read})>
    Readable{42};
syclex::device_global<float[4]> Zeros;

int Failures = 0;

void expect(bool Ok, const std::string &What) {
  std::printf("%s: %s\n", What.c_str(), Ok ? "OK" : "FAIL");
  Failures += !Ok;
}

template <typename F> void expectInvalid(const std::string &What, F Run) {
  try {
    Run();
    expect(false, What + " throws");
  } catch (const sycl::exception &E) {
    expect(E.code() == sycl::errc::invalid &&
               std::strstr(E.what(), "device_global") != nullptr,
           What + " (" + E.what() + ")");
  }
}

} // namespace

int main() {
  sycl::queue Q;
  constexpr size_t N = 1000;
  int *Out = sycl::malloc_shared<int>(N, Q);
  float *FOut = sycl::malloc_shared<float>(N, Q);

  // Kernels count into a device_global; the host reads it back.
  Q.memset(Out, 0, N * sizeof(int)).wait();
  int Zero = 0;
  Q.memcpy(Counter, &Zero).wait();
  for (int Launch = 0; Launch < 2; ++Launch)
    Q.parallel_for(sycl::nd_range<1>(N, 100), [=](sycl::nd_item<1>) {
       sycl::atomic_ref<int, sycl::memory_order::relaxed,
                        sycl::memory_scope::device>(Counter.get()) += 1;
     }).wait();
  int Count = -1;
  Q.memcpy(&Count, Counter).wait();
  expect(Count == int(2 * N), "kernels count in a device_global");

  // A table filled by queue::copy (elements from an index), read in a
  // kernel with operator[].
  int Values[8] = {10, 11, 12, 13, 14, 15, 16, 17};
  sycl::event Filled = Q.copy(Values, Table, 6, 2);
  Q.copy(Values, Table, 2, 0, Filled).wait();
  Q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> I) {
     Out[I] = Table[I[0] % 8] * Config->Scale;
   }).wait();
  bool Ok = true;
  for (size_t I = 0; I < N; ++I) {
    size_t Slot = I % 8;
    int Want = (Slot < 2 ? Values[Slot] : Values[Slot - 2]) * 3;
    Ok &= Out[I] == Want;
  }
  expect(Ok, "queue::copy into an array device_global, kernels read it");

  // A kernel writes the table; handler::copy and handler::memcpy read it
  // back, whole and in part.
  Q.parallel_for(sycl::range<1>(8), [=](sycl::id<1> I) {
     Table[I[0]] = int(I[0]) * int(I[0]);
   }).wait();
  int Back[8] = {};
  Q.submit([&](sycl::handler &CGH) { CGH.copy(Table, Back); }).wait();
  Ok = true;
  for (int I = 0; I < 8; ++I)
    Ok &= Back[I] == I * I;
  expect(Ok, "handler::copy out of a device_global, whole");
  int Part[3] = {};
  Q.submit([&](sycl::handler &CGH) {
     CGH.memcpy(Part, Table, 3 * sizeof(int), 4 * sizeof(int));
   }).wait();
  expect(Part[0] == 16 && Part[1] == 25 && Part[2] == 36,
         "handler::memcpy out of a device_global from an offset");
  int Seven = 7;
  Q.submit([&](sycl::handler &CGH) {
     CGH.memcpy(Table, &Seven, sizeof(int), 7 * sizeof(int));
   }).wait();
  expect(Table[7] == 7 && Table[6] == 36,
         "handler::memcpy into a device_global at an offset");

  // A struct initialized by the constructor, changed by the host, read by
  // a kernel through operator->; zero-initialized arrays.
  Config = Params{2, 1.25f};
  Q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> I) {
     FOut[I] = float(I[0]) * float(Config->Scale) + Config->Offset + Zeros[1];
   }).wait();
  Ok = true;
  for (size_t I = 0; I < N; ++I)
    Ok &= FOut[I] == float(I) * 2.0f + 1.25f;
  expect(Ok, "operator= of a struct device_global, kernels read it");
  expect(Zeros[0] == 0.0f && Zeros[3] == 0.0f, "zero-initialized");

  // The properties are the list's; the variable works the same.
  static_assert(
      decltype(Readable)::has_property<syclex::device_image_scope_key>());
  static_assert(decltype(Readable)::has_property<syclex::host_access_key>());
  static_assert(!decltype(Readable)::has_property<syclex::init_mode_key>());
  static_assert(
      decltype(Readable)::get_property<syclex::host_access_key>().value ==
      syclex::host_access_enum::read);
  static_assert(std::is_same_v<decltype(Counter)::element_type, int>);
  static_assert(std::is_same_v<decltype(Table)::element_type, int>);
  Q.single_task([=] { Out[0] = Readable + 1; }).wait();
  expect(Out[0] == 43, "device_global with properties, initial value");
  auto Ptr = Counter.get_multi_ptr();
  expect(Ptr.get() == &Counter.get(), "get_multi_ptr");

  // Copies that do not fit.
  int Big[9] = {};
  expectInvalid("memcpy past the end",
                [&] { Q.memcpy(Counter, Big, 2 * sizeof(int)); });
  expectInvalid("memcpy from an offset past the end",
                [&] { Q.memcpy(Big, Table, sizeof(int), 8 * sizeof(int)); });
  expectInvalid("copy of 9 elements", [&] { Q.copy(Big, Table, 9); });
  expectInvalid("copy from index 7 of 2", [&] { Q.copy(Table, Big, 2, 7); });
  expectInvalid("copy of an overflowing count",
                [&] { Q.copy(Table, Big, ~size_t(0) / 2, 1); });

  sycl::free(Out, Q);
  sycl::free(FOut, Q);
  if (Failures)
    std::printf("%d failed\n", Failures);
  return Failures != 0;
}
