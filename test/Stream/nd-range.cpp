// sycl::stream in nd-range kernels with barriers. What a work-item writes
// between two flushes must come out in one piece even when a barrier lies
// in between, where the compiled work-item loops (and the library-only
// fibers) run the rest of the group: each work-item of many groups on many
// threads writes one line in three parts around two barriers, with a value
// its neighbour published in local memory. Also: nd_item and group
// output in 2-D, and the text work-items leave unflushed at the end of the
// kernel, which comes out in work-item order.
#include "stream_test.hpp"

#include <sycl/sycl.hpp>

#include <string>
#include <vector>

namespace {

using streamtest::capture;
using streamtest::expectLines;
using streamtest::expectText;

int linesAcrossBarriers(sycl::queue &Q, size_t Global, size_t Local) {
  auto Got = capture([&] {
    Q.submit([&](sycl::handler &CGH) {
      sycl::stream Out(1 << 20, 128, CGH);
      sycl::local_accessor<int, 1> Ids(sycl::range<1>(Local), CGH);
      CGH.parallel_for(sycl::nd_range<1>(Global, Local),
                       [=](sycl::nd_item<1> It) {
                         size_t Lid = It.get_local_id(0);
                         size_t Size = It.get_local_range(0);
                         Out << "item " << It.get_global_id(0) << ":";
                         Ids[Lid] = int(It.get_global_id(0));
                         It.barrier();
                         Out << " neighbour " << Ids[(Lid + 1) % Size];
                         It.barrier(sycl::access::fence_space::local_space);
                         Out << " group " << It.get_group(0) << sycl::endl;
                       });
    });
  });
  std::vector<std::string> Want;
  for (size_t G = 0; G < Global; ++G) {
    size_t Group = G / Local;
    size_t Neighbour = Group * Local + (G % Local + 1) % Local;
    Want.push_back("item " + std::to_string(G) + ": neighbour " +
                   std::to_string(Neighbour) + " group " +
                   std::to_string(Group));
  }
  return expectLines("lines across barriers, nd_range(" +
                         std::to_string(Global) + ", " + std::to_string(Local) +
                         ")",
                     Got.Out, Want);
}

std::string pair(size_t A, size_t B) {
  return "{" + std::to_string(A) + ", " + std::to_string(B) + "}";
}

int items2d(sycl::queue &Q) {
  auto Got = capture([&] {
    Q.submit([&](sycl::handler &CGH) {
      sycl::stream Out(1 << 16, 256, CGH);
      CGH.parallel_for(
          sycl::nd_range<2>(sycl::range<2>(4, 6), sycl::range<2>(2, 3)),
          [=](sycl::nd_item<2> It) {
            Out << It << sycl::endl;
            sycl::group_barrier(It.get_group());
            if (It.get_local_linear_id() == 0)
              Out << It.get_group() << sycl::endl;
          });
    });
  });
  std::vector<std::string> Want;
  for (size_t I = 0; I < 4; ++I)
    for (size_t J = 0; J < 6; ++J)
      Want.push_back("nd_item(global_id: " + pair(I, J) +
                     ", local_id: " + pair(I % 2, J % 3) +
                     ", group_id: " + pair(I / 2, J / 3) + ")");
  for (size_t GI = 0; GI < 2; ++GI)
    for (size_t GJ = 0; GJ < 2; ++GJ)
      Want.push_back("group(id: " + pair(GI, GJ) +
                     ", global_range: {4, 6}, local_range: {2, 3}, "
                     "group_range: {2, 2})");
  return expectLines("nd_item and group, 2-D", Got.Out, Want);
}

/// No flush at all: the kernel's end flushes each work-item, in order.
int unflushed(sycl::queue &Q) {
  auto Got = capture([&] {
    Q.submit([&](sycl::handler &CGH) {
      sycl::stream Out(4096, 64, CGH);
      CGH.parallel_for(sycl::nd_range<1>(12, 4), [=](sycl::nd_item<1> It) {
        Out << "[" << It.get_global_id(0);
        It.barrier();
        Out << "]";
      });
    });
  });
  std::string Want;
  for (int I = 0; I < 12; ++I)
    Want += "[" + std::to_string(I) + "]";
  return expectText("unflushed output at the end of the kernel", Got.Out, Want);
}

} // namespace

int main() {
  sycl::queue Q;
  int Rc = linesAcrossBarriers(Q, 8, 4);
  Rc |= linesAcrossBarriers(Q, 64 * 37, 64);
  Rc |= linesAcrossBarriers(Q, 13 * 7, 13);
  Rc |= items2d(Q);
  Rc |= unflushed(Q);
  return Rc;
}
