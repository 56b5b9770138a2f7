// sycl::stream from every kind of kernel, every operand type: a single_task
// writing scalars, strings, pointers and the composite SYCL types, checked
// against the exact text; range kernels in 1-D and 2-D whose lines (in any
// order between work-items) must be exactly the expected set; a
// hierarchical kernel; two streams in one command group; and the host-side
// queries of a stream. The text must be on stdout when submit returns,
// before what the host prints next.
#include "stream_test.hpp"

#include <sycl/sycl.hpp>

#include <functional>
#include <string>
#include <vector>

namespace {

using streamtest::capture;
using streamtest::expectLines;
using streamtest::expectText;

int scalars(sycl::queue &Q) {
  auto Got = capture([&] {
    Q.submit([&](sycl::handler &CGH) {
      sycl::stream Out(4096, 256, CGH);
      CGH.single_task([=] {
        const char Array[16] = "array";
        const char *Null = nullptr;
        Out << "text " << 'c' << ' ' << static_cast<signed char>('s')
            << static_cast<unsigned char>('u') << ' ' << Array << ' ' << Null
            << sycl::endl;
        Out << true << ' ' << false << sycl::endl;
        Out << short(-12) << ' ' << static_cast<unsigned short>(65535) << ' '
            << -123456 << ' ' << 4000000000u << ' ' << -9000000000L << ' '
            << 18000000000000000000ull << ' ' << (-9223372036854775807LL - 1)
            << sycl::endl;
        Out << 1.5f << ' ' << -0.25 << ' ' << 1e20 << ' ' << 3.0 << ' ' << 0.1f
            << ' ' << 123456789.0 << sycl::endl;
        Out << reinterpret_cast<int *>(0x1000) << ' ' << nullptr << ' '
            << sycl::global_ptr<int>(reinterpret_cast<int *>(0x2a0)) << ' '
            << reinterpret_cast<const volatile double *>(0x38) << sycl::endl;
      });
    });
    std::printf("host after the kernel\n");
  });
  return expectText("single_task scalars", Got.Out,
                    "text c su array (null)\n"
                    "true false\n"
                    "-12 65535 -123456 4000000000 -9000000000 "
                    "18000000000000000000 -9223372036854775808\n"
                    "1.5 -0.25 1e+20 3 0.1 1.23457e+08\n"
                    "0x1000 0x0 0x2a0 0x38\n"
                    "host after the kernel\n");
}

int composites(sycl::queue &Q) {
  auto Got = capture([&] {
    Q.submit([&](sycl::handler &CGH) {
      sycl::stream Out(4096, 256, CGH);
      CGH.single_task([=] {
        Out << sycl::vec<int, 4>(1, -2, 3, -4) << ' '
            << sycl::float2(0.5f, 2.0f) << ' ' << sycl::vec<long, 1>(7)
            << sycl::endl;
        Out << sycl::id<3>(1, 2, 3) << ' ' << sycl::range<2>(4, 5) << ' '
            << sycl::id<1>(9) << sycl::endl;
        Out << sycl::nd_range<2>(sycl::range<2>(8, 4), sycl::range<2>(2, 2))
            << sycl::endl;
      });
    });
  });
  return expectText("single_task composites", Got.Out,
                    "{1, -2, 3, -4} {0.5, 2} {7}\n"
                    "{1, 2, 3} {4, 5} {9}\n"
                    "nd_range(global_range: {8, 4}, local_range: {2, 2}, "
                    "offset: {0, 0})\n");
}

/// One line per work-item of a 1-D range kernel (1009 is prime: its launch
/// is padded, and the padding work-items must print nothing).
int range1d(sycl::queue &Q, size_t N) {
  auto Got = capture([&] {
    Q.submit([&](sycl::handler &CGH) {
      sycl::stream Out(1 << 20, 128, CGH);
      CGH.parallel_for(sycl::range<1>(N), [=](sycl::item<1> It) {
        size_t I = It.get_id(0);
        Out << It << " squared " << I * I << sycl::endl;
      });
    });
  });
  std::vector<std::string> Want;
  for (size_t I = 0; I < N; ++I)
    Want.push_back("item(range: {" + std::to_string(N) + "}, id: {" +
                   std::to_string(I) + "}, offset: {0}) squared " +
                   std::to_string(I * I));
  return expectLines("range<1>(" + std::to_string(N) + ")", Got.Out, Want);
}

int range2d(sycl::queue &Q) {
  auto Got = capture([&] {
    Q.submit([&](sycl::handler &CGH) {
      sycl::stream Out(1 << 16, 64, CGH);
      CGH.parallel_for(sycl::range<2>(5, 7), [=](sycl::id<2> Id) {
        Out << "id " << Id << sycl::endl;
      });
    });
  });
  std::vector<std::string> Want;
  for (int I = 0; I < 5; ++I)
    for (int J = 0; J < 7; ++J)
      Want.push_back("id {" + std::to_string(I) + ", " + std::to_string(J) +
                     "}");
  return expectLines("range<2>(5, 7)", Got.Out, Want);
}

int hierarchical(sycl::queue &Q) {
  auto Got = capture([&] {
    Q.submit([&](sycl::handler &CGH) {
      sycl::stream Out(1 << 16, 256, CGH);
      CGH.parallel_for_work_group(
          sycl::range<1>(3), sycl::range<1>(4), [=](sycl::group<1> G) {
            Out << G << sycl::endl;
            G.parallel_for_work_item(
                [&](sycl::h_item<1> H) { Out << H << sycl::endl; });
          });
    });
  });
  std::vector<std::string> Want;
  for (int G = 0; G < 3; ++G) {
    Want.push_back("group(id: {" + std::to_string(G) +
                   "}, global_range: {12}, local_range: {4}, "
                   "group_range: {3})");
    for (int L = 0; L < 4; ++L)
      Want.push_back(
          "h_item(global: item(range: {12}, id: {" + std::to_string(G * 4 + L) +
          "}), logical_local: item(range: {4}, id: {" + std::to_string(L) +
          "}), physical_local: item(range: {4}, id: {" + std::to_string(L) +
          "}))");
  }
  return expectLines("parallel_for_work_group", Got.Out, Want);
}

/// Two streams of one command group, and the host-side queries.
int twoStreams(sycl::queue &Q) {
  bool QueriesOk = false;
  auto Got = capture([&] {
    Q.submit([&](sycl::handler &CGH) {
      sycl::stream First(1000, 80, CGH);
      sycl::stream Second(2000, 40, CGH);
      sycl::stream Copy = First;
      QueriesOk =
          First.size() == 1000 && First.get_size() == 1000 &&
          First.get_work_item_buffer_size() == 80 &&
          First.get_max_statement_size() == 80 && Second.size() == 2000 &&
          Second.get_work_item_buffer_size() == 40 && Copy == First &&
          !(Copy != First) && First != Second &&
          std::hash<sycl::stream>()(Copy) == std::hash<sycl::stream>()(First);
      CGH.single_task([=] {
        Second << "second" << sycl::endl;
        First << "first" << sycl::endl;
      });
    });
  });
  int Rc = expectText("two streams", Got.Out, "first\nsecond\n");
  if (!QueriesOk) {
    std::printf("stream queries: FAIL\n");
    return 1;
  }
  std::printf("stream queries: OK\n");
  return Rc;
}

} // namespace

int main() {
  sycl::queue Q;
  int Rc = scalars(Q);
  Rc |= composites(Q);
  Rc |= range1d(Q, 1);
  Rc |= range1d(Q, 300);
  Rc |= range1d(Q, 1009);
  Rc |= range2d(Q);
  Rc |= hierarchical(Q);
  Rc |= twoStreams(Q);
  return Rc;
}
