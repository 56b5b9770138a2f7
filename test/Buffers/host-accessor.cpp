// host_accessor between kernels: kernels and host code take turns on one
// 2-D buffer (a few rounds of a small simulation), the host through
// host_accessor with CTAD and tags, chained and id subscripts, ranged host
// accessors at an offset and write_only; a host task through a
// target::host_task accessor. The serial model repeats the same steps.
#include "buffers.hpp"

namespace {

constexpr size_t Rows = 24, Cols = 37;

/// One kernel step: every element becomes a mix of itself and its row's
/// first element (read through a second, read-only, ranged view).
void kernelStep(sycl::queue &Q, sycl::buffer<int, 2> &Buf, int Round) {
  sycl::buffer<int, 2> Firsts{sycl::range<2>(Rows, 1)};
  Q.submit([&](sycl::handler &CGH) {
    sycl::accessor In(Buf, CGH, sycl::range<2>(Rows, 1), sycl::read_only);
    sycl::accessor Out(Firsts, CGH, sycl::write_only, sycl::no_init);
    CGH.copy(In, Out);
  });
  Q.submit([&](sycl::handler &CGH) {
    sycl::accessor Acc(Buf, CGH, sycl::read_write);
    sycl::accessor First(Firsts, CGH, sycl::read_only);
    CGH.parallel_for(sycl::range<2>(Rows, Cols), [=](sycl::item<2> It) {
      size_t R = It[0];
      Acc[It] = (Acc[It] * 3 + First[R][0] + Round) % 10007;
    });
  });
}

void modelKernelStep(std::vector<int> &M, int Round) {
  for (size_t R = 0; R < Rows; ++R) {
    int First = M[R * Cols];
    for (size_t C = 0; C < Cols; ++C)
      M[R * Cols + C] = (M[R * Cols + C] * 3 + First + Round) % 10007;
  }
}

/// The host's turn: a ranged host accessor bumps a box, a full one
/// rewrites the diagonal.
void hostStep(sycl::buffer<int, 2> &Buf, int Round) {
  {
    sycl::host_accessor Box(Buf, sycl::range<2>(5, 7), sycl::id<2>(Round, 2));
    for (size_t R = 0; R < 5; ++R)
      for (size_t C = 0; C < 7; ++C)
        Box[R][C] += 11;
  }
  sycl::host_accessor All(Buf, sycl::read_write);
  for (size_t D = 0; D < Rows && D < Cols; ++D)
    All[sycl::id<2>(D, D)] = int(D) * Round;
}

void modelHostStep(std::vector<int> &M, int Round) {
  for (size_t R = 0; R < 5; ++R)
    for (size_t C = 0; C < 7; ++C)
      M[(R + Round) * Cols + C + 2] += 11;
  for (size_t D = 0; D < Rows && D < Cols; ++D)
    M[D * Cols + D] = int(D) * Round;
}

} // namespace

int main() {
  buffers::Checker Check;
  sycl::queue Q;
  std::vector<int> Model(Rows * Cols);
  sycl::buffer<int, 2> Buf{sycl::range<2>(Rows, Cols)};
  {
    sycl::host_accessor Init(Buf, sycl::write_only);
    for (size_t R = 0; R < Rows; ++R)
      for (size_t C = 0; C < Cols; ++C)
        Init[R][C] = Model[R * Cols + C] = buffers::input(R * Cols + C, 30);
  }
  for (int Round = 1; Round <= 4; ++Round) {
    kernelStep(Q, Buf, Round);
    modelKernelStep(Model, Round);
    hostStep(Buf, Round);
    modelHostStep(Model, Round);
    sycl::host_accessor Now(Buf, sycl::read_only);
    Check.equal("round " + std::to_string(Round), Now.get_pointer(), Model);
  }

  // A host task writes the last row through a host_task accessor.
  Q.submit([&](sycl::handler &CGH) {
    sycl::accessor Last(Buf, CGH, sycl::range<2>(1, Cols),
                        sycl::id<2>(Rows - 1, 0), sycl::write_only_host_task);
    CGH.host_task([=] {
      for (size_t C = 0; C < Cols; ++C)
        Last[0][C] = -int(C);
    });
  });
  for (size_t C = 0; C < Cols; ++C)
    Model[(Rows - 1) * Cols + C] = -int(C);
  sycl::host_accessor Final(Buf, sycl::read_only);
  Check.equal("host task accessor", Final.get_pointer(), Model);
  return Check.status();
}
