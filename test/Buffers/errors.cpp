// Invalid uses of buffers and accessors raise sycl::exception with the
// code the specification names and a message that says what was wrong:
// ranged accessors that do not fit (device, placeholder, host, get_access;
// also offsets so large they would wrap around), copies into too small an
// accessor, no_init on a read accessor, bad sub-buffers and reinterprets
// (errc::invalid), write-back from sub-buffers (feature_not_supported).
// A command group that throws runs nothing. Ranges whose element count or
// bytes wrap around a size_t are refused (buffers and local accessors:
// memory_allocation; kernel ranges: nd_range), while an nd-range with a
// global size of 0 is empty, as a range is.
#include "buffers.hpp"

#include <limits>

namespace {

void rangedAccessors(buffers::Checker &Check, sycl::queue &Q) {
  sycl::buffer<int, 2> Buf{sycl::range<2>(8, 10)};
  const sycl::errc Invalid = sycl::errc::invalid;
  Check.throws("device accessor range + offset beyond the buffer", Invalid,
               "exceeds the buffer range {8, 10} in dimension 1", [&] {
                 Q.submit([&](sycl::handler &CGH) {
                   sycl::accessor Acc(Buf, CGH, sycl::range<2>(4, 6),
                                      sycl::id<2>(4, 5), sycl::read_write);
                   CGH.single_task([=] { Acc[0][0] = 1; });
                 });
               });
  Check.throws("accessor range beyond the buffer", Invalid,
               "range {9, 10} at offset {0, 0}", [&] {
                 sycl::accessor Acc(Buf, sycl::range<2>(9, 10));
               });
  Check.throws("host_accessor offset beyond the buffer", Invalid,
               "host_accessor: range {1, 1} at offset {8, 0}", [&] {
                 sycl::host_accessor Acc(Buf, sycl::range<2>(1, 1),
                                         sycl::id<2>(8, 0));
               });
  Check.throws("get_access<mode>(cgh, range, offset)", Invalid,
               "in dimension 0", [&] {
                 Q.submit([&](sycl::handler &CGH) {
                   Buf.get_access<sycl::access::mode::write>(
                       CGH, sycl::range<2>(5, 1), sycl::id<2>(4, 0));
                 });
               });
  Check.throws("host get_access<mode>(range, offset)", Invalid,
               "exceeds the buffer range", [&] {
                 Buf.get_access<sycl::access::mode::read>(sycl::range<2>(1, 11));
               });
  const size_t Huge = std::numeric_limits<size_t>::max() - 2;
  Check.throws("an offset that would wrap around", Invalid,
               "exceeds the buffer range", [&] {
                 sycl::host_accessor Acc(Buf, sycl::range<2>(4, 4),
                                         sycl::id<2>(0, Huge));
               });
  Check.throws("no_init on a read accessor", Invalid, "no_init", [&] {
    Q.submit([&](sycl::handler &CGH) {
      sycl::accessor Acc(Buf, CGH, sycl::read_only, sycl::no_init);
    });
  });
}

void copies(buffers::Checker &Check, sycl::queue &Q) {
  sycl::buffer<int> Big{sycl::range<1>(100)}, Small{sycl::range<1>(10)};
  Check.throws("copy into a smaller accessor", sycl::errc::invalid,
               "holds 40 bytes, fewer than the 400 bytes", [&] {
                 Q.submit([&](sycl::handler &CGH) {
                   CGH.copy(sycl::accessor(Big, CGH, sycl::read_only),
                            sycl::accessor(Small, CGH, sycl::write_only));
                 });
               });
  Check.throws("two commands in one group", sycl::errc::invalid,
               "only one command", [&] {
                 Q.submit([&](sycl::handler &CGH) {
                   sycl::accessor Acc(Small, CGH, sycl::write_only);
                   CGH.fill(Acc, 1);
                   CGH.fill(Acc, 2);
                 });
               });
  // The failed groups ran nothing: a fill of 7, then nothing else.
  std::vector<int> Host(10, 0);
  {
    sycl::buffer<int> Buf(Host.data(), sycl::range<1>(10));
    Q.submit([&](sycl::handler &CGH) {
      CGH.fill(sycl::accessor(Buf, CGH, sycl::write_only), 7);
    });
    try {
      Q.submit([&](sycl::handler &CGH) {
        sycl::accessor Acc(Buf, CGH, sycl::write_only);
        CGH.single_task([=] { Acc[0] = 99; });
        sycl::accessor Bad(Buf, CGH, sycl::range<1>(11));
      });
    } catch (const sycl::exception &) {
    }
  }
  Check.equal("a throwing command group runs nothing", Host,
              std::vector<int>(10, 7));
}

void subBuffers(buffers::Checker &Check) {
  sycl::buffer<int, 2> Whole{sycl::range<2>(6, 8)};
  Check.throws("non-contiguous sub-buffer", sycl::errc::invalid,
               "sub-buffer {2, 4} is not a contiguous part", [&] {
                 sycl::buffer<int, 2> Sub(Whole, sycl::id<2>(1, 0),
                                          sycl::range<2>(2, 4));
               });
  Check.throws("sub-buffer beyond the buffer", sycl::errc::invalid,
               "sub-buffer: range {3, 8} at offset {4, 0}", [&] {
                 sycl::buffer<int, 2> Sub(Whole, sycl::id<2>(4, 0),
                                          sycl::range<2>(3, 8));
               });
  sycl::buffer<int, 2> Rows(Whole, sycl::id<2>(2, 0), sycl::range<2>(2, 8));
  Check.throws("sub-buffer of a sub-buffer", sycl::errc::invalid,
               "from a sub-buffer", [&] {
                 sycl::buffer<int, 2> Sub(Rows, sycl::id<2>(0, 0),
                                          sycl::range<2>(1, 8));
               });
  Check.throws("set_final_data on a sub-buffer",
               sycl::errc::feature_not_supported, "sub-buffers", [&] {
                 std::vector<int> Out(16);
                 Rows.set_final_data(Out.data());
               });
  sycl::buffer<int, 2> Part(Whole, sycl::id<2>(3, 2), sycl::range<2>(1, 5));
  Check.expect("a sub-range of one row is contiguous",
               Part.get_range() == sycl::range<2>(1, 5));
}

void reinterprets(buffers::Checker &Check) {
  sycl::buffer<int> Buf{sycl::range<1>(10)};
  Check.throws("reinterpret to another size", sycl::errc::invalid,
               "differ from the buffer's 40 bytes", [&] {
                 Buf.reinterpret<int, 2>(sycl::range<2>(3, 3));
               });
  Check.throws("reinterpret to a size that does not divide", sycl::errc::invalid,
               "not a whole number of 16-byte elements", [&] {
                 Buf.reinterpret<long double>();
               });
}

void overflows(buffers::Checker &Check, sycl::queue &Q) {
  const size_t Half = size_t(1) << 32;
  const sycl::errc Alloc = sycl::errc::memory_allocation;
  Check.throws("buffer of 2^64 elements", Alloc,
               "buffer: a range of {4294967296, 4294967296} elements of 4 "
               "bytes",
               [&] { sycl::buffer<int, 2> Buf{sycl::range<2>(Half, Half)}; });
  Check.throws("buffer of 2^64 bytes", Alloc,
               "a range of {4611686018427387904} elements of 4 bytes", [&] {
                 sycl::buffer<int, 1> Buf{sycl::range<1>(size_t(1) << 62)};
               });
  std::vector<int> Host(4);
  Check.throws(
      "buffer on host memory of 2^64 elements", Alloc, "buffer: a range of",
      [&] {
        sycl::buffer<int, 3> Buf{Host.data(), sycl::range<3>(2, Half, Half)};
      });
  Check.throws("local accessor of 2^64 bytes", Alloc,
               "local_accessor: a range of {4611686018427387905} elements",
               [&] {
                 Q.submit([&](sycl::handler &CGH) {
                   sycl::local_accessor<int, 1> Local(
                       sycl::range<1>(size_t(-1) / 4 + 2), CGH);
                   CGH.parallel_for(sycl::nd_range<1>(16, 16),
                                    [=](sycl::nd_item<1>) { (void)Local; });
                 });
               });
  int *Ran = sycl::malloc_shared<int>(1, Q);
  *Ran = 0;
  Check.throws("range of 2^64 work-items", sycl::errc::nd_range,
               "has more than 2^64 work-items", [&] {
                 Q.parallel_for(sycl::range<2>(Half, Half),
                                [=](sycl::item<2>) { *Ran = 1; });
               });
  // 2^64 - 125 has no divisor in [32, 256]: groups of 128, the last one
  // rounded up past 2^64.
  Check.throws("range rounded up to 2^64 work-items", sycl::errc::nd_range,
               "range of 18446744073709551491 work-items in dimension 1, "
               "rounded up to whole work-groups of 128, has 2^64 "
               "work-items or more",
               [&] {
                 Q.parallel_for(sycl::range<2>(1, size_t(-125)),
                                [=](sycl::item<2>) { *Ran = 1; });
               });
  Check.throws("nd_range of 2^64 work-items", sycl::errc::nd_range,
               "has more than 2^64 work-items", [&] {
                 Q.parallel_for(sycl::nd_range<2>({Half, Half}, {1, 256}),
                                [=](sycl::nd_item<2>) { *Ran = 1; });
               });
  Q.parallel_for(sycl::nd_range<1>(0, 16), [=](sycl::nd_item<1>) { *Ran = 1; });
  Q.parallel_for(sycl::nd_range<2>({8, 0}, {8, 4}),
                 [=](sycl::nd_item<2>) { *Ran = 1; });
  Q.wait();
  Check.expect("refused and empty launches run nothing", *Ran == 0);
  sycl::free(Ran, Q);
}

} // namespace

int main() {
  buffers::Checker Check;
  sycl::queue Q;
  rangedAccessors(Check, Q);
  copies(Check, Q);
  subBuffers(Check);
  reinterprets(Check);
  overflows(Check, Q);
  return Check.status();
}
