// What parallel_for_work_group rejects and what it accepts at the edges:
// a group size of 0 in some dimension, or of more than the 1024 work-items
// Lanes allows in a hierarchical group (one dimension too large, a product
// too large, a product that would overflow), throws errc::nd_range from
// submit with a message naming the kernel, and runs nothing; no groups at
// all is an empty launch; a second command in the same command group is
// errc::invalid.
#include "hierarchical.hpp"

#include <cstdio>
#include <string>

namespace {

int Failures = 0;

void fail(const std::string &Test, const std::string &Why) {
  std::printf("%s: FAIL, %s\n", Test.c_str(), Why.c_str());
  ++Failures;
}

/// Submits a hierarchical kernel in groups of \p Size and expects
/// errc::nd_range with \p Text in the message; the body must not run.
template <int Dims>
void expectRejected(sycl::queue &Q, const std::string &Test,
                    sycl::range<Dims> Size, const std::string &Text) {
  int *Ran = sycl::malloc_shared<int>(1, Q);
  *Ran = 0;
  sycl::range<Dims> TwoGroups = Size;
  for (int D = 0; D < Dims; ++D)
    TwoGroups[D] = 2;
  try {
    Q.submit([&](sycl::handler &H) {
      H.parallel_for_work_group<class BadSize>(
          TwoGroups, Size, [=](sycl::group<Dims>) { *Ran = 1; });
    });
    fail(Test, "no exception");
  } catch (const sycl::exception &E) {
    std::string What = E.what();
    if (E.code() != sycl::errc::nd_range)
      fail(Test, "wrong errc: " + What);
    else if (What.find("BadSize") == std::string::npos ||
             What.find(Text) == std::string::npos)
      fail(Test, "message lacks the kernel name or '" + Text + "': " + What);
    else if (*Ran)
      fail(Test, "the body ran");
    else
      std::printf("%s: OK\n", Test.c_str());
  }
  sycl::free(Ran, Q);
}

/// A launch of \p Groups groups, some 0: nothing runs, nothing throws.
template <int Dims>
void expectEmpty(sycl::queue &Q, const std::string &Test,
                 sycl::range<Dims> Groups) {
  int *Ran = sycl::malloc_shared<int>(1, Q);
  *Ran = 0;
  try {
    Q.submit([&](sycl::handler &H) {
       H.parallel_for_work_group(Groups, [=](sycl::group<Dims>) { *Ran = 1; });
     }).wait();
    if (*Ran)
      fail(Test, "the body ran");
    else
      std::printf("%s: OK\n", Test.c_str());
  } catch (const sycl::exception &E) {
    fail(Test, std::string("unexpected exception: ") + E.what());
  }
  sycl::free(Ran, Q);
}

void expectOneCommand(sycl::queue &Q) {
  const std::string Test = "second command";
  try {
    Q.submit([&](sycl::handler &H) {
      H.parallel_for_work_group(sycl::range<1>(1), sycl::range<1>(1),
                                [=](sycl::group<1>) {});
      H.single_task([=] {});
    });
    fail(Test, "no exception");
  } catch (const sycl::exception &E) {
    if (E.code() != sycl::errc::invalid)
      fail(Test, std::string("wrong errc: ") + E.what());
    else
      std::printf("%s: OK\n", Test.c_str());
  }
}

} // namespace

int main() {
  sycl::queue Q;
  expectRejected<1>(Q, "size 0", {0}, "is 0 in dimension 0");
  expectRejected<3>(Q, "size {4,0,2}", {4, 0, 2}, "is 0 in dimension 1");
  expectRejected<1>(Q, "size 1025", {1025}, "1024 work-items");
  expectRejected<2>(Q, "size {33,32}", {33, 32}, "1024 work-items");
  expectRejected<2>(Q, "size {1,4096}", {1, 4096}, "1024 work-items");
  expectRejected<3>(Q, "size overflowing",
                    {size_t(1) << 40, size_t(1) << 40, 4}, "1024 work-items");
  expectEmpty<1>(Q, "no groups 1-D", {0});
  expectEmpty<2>(Q, "no groups 2-D", {3, 0});
  expectEmpty<3>(Q, "no groups 3-D", {0, 2, 2});
  expectOneCommand(Q);
  return Failures != 0;
}
