// The buffer sizes of sycl::stream. A work-item keeps at most
// workItemBufferSize bytes between two flushes, the rest up to its next
// flush (endl's newline included) is dropped; a flush that would take the
// output of the command group past totalBufferSize is dropped whole, and
// smaller ones after it still fit. Both losses are reported on stderr with
// their sizes. The per-work-item limit holds per work-item across a
// barrier, and the next command group starts with empty buffers.
#include "stream_test.hpp"

#include <sycl/sycl.hpp>

#include <set>
#include <string>

namespace {

using streamtest::capture;
using streamtest::expectContains;
using streamtest::expectText;

int workItemLimit(sycl::queue &Q) {
  auto Got = capture([&] {
    Q.submit([&](sycl::handler &CGH) {
      sycl::stream Out(1024, 10, CGH);
      CGH.single_task<class WorkItemLimit>([=] {
        Out << "0123456789ABCDEF" << sycl::endl;
        Out << "xyz" << sycl::endl;
        Out << "12345678" << 12345 << sycl::endl;
      });
    });
  });
  // Dropped: "ABCDEF\n" (7), "345\n" (4).
  return expectText("work-item buffer limit", Got.Out,
                    "0123456789xyz\n1234567812") |
         expectContains("work-item buffer limit reported", Got.Err,
                        "sycl::stream of kernel '") |
         expectContains("work-item buffer limit report names the kernel",
                        Got.Err, "WorkItemLimit': dropped") |
         expectContains("work-item buffer limit report counts", Got.Err,
                        ": dropped 11 bytes beyond the work-item buffer size "
                        "(10 bytes between flushes)\n");
}

int totalLimit(sycl::queue &Q) {
  auto Got = capture([&] {
    Q.submit([&](sycl::handler &CGH) {
      sycl::stream Out(20, 16, CGH);
      CGH.single_task([=] {
        for (int I = 0; I < 3; ++I)
          Out << "aaaaaaa" << sycl::endl;
        Out << "bb" << sycl::endl;
      });
    });
  });
  return expectText("total buffer limit", Got.Out, "aaaaaaa\naaaaaaa\nbb\n") |
         expectContains("total buffer limit reported", Got.Err,
                        "dropped 8 bytes of flushes beyond the total buffer "
                        "size (20 bytes)");
}

/// Many work-items race for a total buffer of ten lines: exactly ten whole
/// lines, all different, come out.
int totalLimitParallel(sycl::queue &Q) {
  auto Got = capture([&] {
    Q.submit([&](sycl::handler &CGH) {
      sycl::stream Out(80, 16, CGH);
      CGH.parallel_for(sycl::nd_range<1>(64, 8), [=](sycl::nd_item<1> It) {
        Out << "item " << sycl::setw(2) << It.get_global_id(0) << sycl::endl;
      });
    });
  });
  std::set<std::string> Lines;
  bool Whole = Got.Out.size() == 80 && Got.Out.back() == '\n';
  for (size_t At = 0; Whole && At < Got.Out.size(); At += 8) {
    std::string Line = Got.Out.substr(At, 8);
    Whole = Line.compare(0, 5, "item ") == 0 && Line[7] == '\n';
    Lines.insert(Line);
  }
  if (!Whole || Lines.size() != 10) {
    std::printf("total buffer limit, parallel: FAIL, got:\n%s\n",
                Got.Out.c_str());
    return 1;
  }
  std::printf("total buffer limit, parallel: OK\n");
  return expectContains("total buffer limit, parallel, reported", Got.Err,
                        "dropped 432 bytes of flushes beyond the total "
                        "buffer size (80 bytes)");
}

/// A barrier between the parts of a work-item's text: the limit counts
/// that work-item's bytes only.
int workItemLimitAcrossBarrier(sycl::queue &Q) {
  auto Got = capture([&] {
    Q.submit([&](sycl::handler &CGH) {
      sycl::stream Out(4096, 6, CGH);
      CGH.parallel_for(sycl::nd_range<1>(16, 8), [=](sycl::nd_item<1> It) {
        Out << "ab";
        It.barrier();
        Out << "cdefgh" << sycl::endl;
      });
    });
  });
  std::string Want;
  for (int I = 0; I < 16; ++I)
    Want += "abcdef";
  return expectText("work-item limit across a barrier", Got.Out, Want) |
         expectContains("work-item limit across a barrier reported", Got.Err,
                        "dropped 48 bytes beyond the work-item buffer size");
}

int freshBuffers(sycl::queue &Q) {
  auto Got = capture([&] {
    Q.submit([&](sycl::handler &CGH) {
      sycl::stream Out(20, 16, CGH);
      CGH.single_task([=] { Out << "fresh" << sycl::endl; });
    });
  });
  return expectText("next command group", Got.Out, "fresh\n") |
         expectText("next command group, nothing reported", Got.Err, "");
}

} // namespace

int main() {
  sycl::queue Q;
  int Rc = workItemLimit(Q);
  Rc |= totalLimit(Q);
  Rc |= totalLimitParallel(Q);
  Rc |= workItemLimitAcrossBarrier(Q);
  Rc |= freshBuffers(Q);
  return Rc;
}
