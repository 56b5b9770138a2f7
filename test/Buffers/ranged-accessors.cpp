// 2-D and 3-D buffers through ranged accessors (a range at an offset)
// written by parallel_for(range) and nd_range kernels. Subscripts are
// relative to the offset (SYCL 2020), by id (`Acc[Id]`) and chained
// (`Acc[i][j][k]`); elements outside the box must keep their values. Also
// checks get_range, get_offset, size, byte_size and that get_pointer is
// the start of the whole buffer.
#include "buffers.hpp"

namespace {

/// The value a kernel stores at buffer element (linear) \p Linear from
/// input \p In.
int update(int In, size_t Linear) { return 3 * In - int(Linear % 97); }

/// Host model of one kernel: every element of the box \p Range at \p At
/// of \p Whole gets update().
template <int Dims>
std::vector<int> expectBox(const std::vector<int> &In, sycl::range<Dims> Whole,
                           sycl::range<Dims> Range, sycl::id<Dims> At) {
  std::vector<int> Want = In;
  for (size_t L = 0; L < Whole.size(); ++L) {
    size_t Index[3] = {0, 0, 0}, Rest = L;
    for (int D = Dims - 1; D >= 0; --D) {
      Index[D] = Rest % Whole[D];
      Rest /= Whole[D];
    }
    bool Inside = true;
    for (int D = 0; D < Dims; ++D)
      Inside &= Index[D] >= At[D] && Index[D] < At[D] + Range[D];
    if (Inside)
      Want[L] = update(In[L], L);
  }
  return Want;
}

template <int Dims> std::vector<int> inputs(sycl::range<Dims> Whole) {
  std::vector<int> In(Whole.size());
  for (size_t I = 0; I < In.size(); ++I)
    In[I] = buffers::input(I, Dims);
  return In;
}

/// The linear index in \p Whole of \p Index + \p At (computed in the
/// kernel to check the offset arithmetic independently).
template <int Dims>
size_t linearOf(sycl::id<Dims> Index, sycl::id<Dims> At,
                sycl::range<Dims> Whole) {
  size_t L = 0;
  for (int D = 0; D < Dims; ++D)
    L = L * Whole[D] + Index[D] + At[D];
  return L;
}

/// A range kernel writes the box through Acc[Id]; queries checked on the
/// host accessor afterwards.
template <int Dims>
void runRangeKernel(buffers::Checker &Check, sycl::queue &Q,
                    const std::string &Name, sycl::range<Dims> Whole,
                    sycl::range<Dims> Range, sycl::id<Dims> At) {
  std::vector<int> In = inputs(Whole), Data = In;
  {
    sycl::buffer<int, Dims> Buf(Data.data(), Whole);
    Q.submit([&](sycl::handler &CGH) {
      sycl::accessor Acc(Buf, CGH, Range, At, sycl::read_write);
      Check.expect(Name + " get_range", Acc.get_range() == Range);
      Check.expect(Name + " get_offset", Acc.get_offset() == At);
      Check.expect(Name + " size", Acc.size() == Range.size() &&
                                       Acc.byte_size() ==
                                           Range.size() * sizeof(int) &&
                                       Acc.get_count() == Range.size());
      CGH.parallel_for(Range, [=](sycl::item<Dims> It) {
        sycl::id<Dims> Id = It.get_id();
        Acc[Id] = update(Acc[Id], linearOf(Id, At, Whole));
      });
    });
    sycl::host_accessor Host(Buf, Range, At, sycl::read_only);
    // get_pointer is the buffer's start; [0...] is the box's first element.
    Check.expect(Name + " get_pointer is the buffer start",
                 &Host[sycl::id<Dims>()] ==
                     Host.get_pointer() + linearOf(sycl::id<Dims>(), At, Whole));
  }
  Check.equal(Name, Data, expectBox(In, Whole, Range, At));
}

/// An nd-range kernel reads a read-only ranged accessor and writes another
/// buffer's box with chained subscripts.
void runNdRange2D(buffers::Checker &Check, sycl::queue &Q) {
  const sycl::range<2> Whole(40, 64), Range(16, 24), Local(4, 8);
  const sycl::id<2> At(8, 16);
  std::vector<int> In = inputs(Whole), Data = In, Source = In;
  {
    sycl::buffer<int, 2> Src(Source.data(), Whole), Dest(Data.data(), Whole);
    Q.submit([&](sycl::handler &CGH) {
      sycl::accessor From(Src, CGH, Range, At, sycl::read_only);
      sycl::accessor To(Dest, CGH, Range, At, sycl::write_only);
      CGH.parallel_for(sycl::nd_range<2>(Range, Local),
                       [=](sycl::nd_item<2> It) {
                         size_t I = It.get_global_id(0), J = It.get_global_id(1);
                         To[I][J] = update(From[I][J], (I + At[0]) * Whole[1] +
                                                           J + At[1]);
                       });
    });
  }
  Check.equal("2-D nd_range chained", Data, expectBox(In, Whole, Range, At));
}

void runNdRange3D(buffers::Checker &Check, sycl::queue &Q) {
  const sycl::range<3> Whole(6, 10, 17), Range(4, 6, 8), Local(2, 3, 4);
  const sycl::id<3> At(1, 3, 6);
  std::vector<int> In = inputs(Whole), Data = In;
  {
    sycl::buffer<int, 3> Buf(Data.data(), Whole);
    Q.submit([&](sycl::handler &CGH) {
      auto Acc = Buf.get_access<sycl::access::mode::read_write>(CGH, Range, At);
      CGH.parallel_for(sycl::nd_range<3>(Range, Local),
                       [=](sycl::nd_item<3> It) {
                         sycl::id<3> Id = It.get_global_id();
                         size_t I = Id[0], J = Id[1], K = Id[2];
                         Acc[I][J][K] =
                             update(Acc[Id], linearOf(Id, At, Whole));
                       });
    });
  }
  Check.equal("3-D nd_range chained", Data, expectBox(In, Whole, Range, At));
}

/// Two ranged accessors of one buffer in one kernel: a row shifted into
/// the next (reads and writes do not overlap).
void runTwoViews(buffers::Checker &Check, sycl::queue &Q) {
  const size_t Rows = 9, Cols = 33;
  std::vector<int> Data(Rows * Cols), Want(Rows * Cols);
  for (size_t I = 0; I < Data.size(); ++I)
    Data[I] = Want[I] = buffers::input(I, 9);
  for (size_t C = 0; C < Cols; ++C)
    Want[5 * Cols + C] = Data[2 * Cols + C] + 1;
  {
    sycl::buffer<int, 2> Buf(Data.data(), sycl::range<2>(Rows, Cols));
    Q.submit([&](sycl::handler &CGH) {
      sycl::accessor<int, 2, sycl::access_mode::read> Row2(
          Buf, CGH, sycl::range<2>(1, Cols), sycl::id<2>(2, 0));
      sycl::accessor<int, 2, sycl::access_mode::write> Row5(
          Buf, CGH, sycl::range<2>(1, Cols), sycl::id<2>(5, 0));
      CGH.parallel_for(sycl::range<1>(Cols), [=](sycl::id<1> C) {
        Row5[0][C] = Row2[sycl::id<2>(0, C)] + 1;
      });
    });
  }
  Check.equal("two ranged views", Data, Want);
}

} // namespace

int main() {
  buffers::Checker Check;
  sycl::queue Q;
  runRangeKernel<1>(Check, Q, "1-D range", {1000}, {517}, {300});
  runRangeKernel<2>(Check, Q, "2-D range", {37, 53}, {20, 31}, {5, 7});
  runRangeKernel<2>(Check, Q, "2-D whole rows", {12, 40}, {5, 40}, {6, 0});
  runRangeKernel<3>(Check, Q, "3-D range", {6, 10, 17}, {4, 5, 9}, {1, 3, 6});
  runRangeKernel<3>(Check, Q, "3-D corner", {5, 7, 300}, {1, 1, 300},
                    {4, 6, 0});
  runRangeKernel<2>(Check, Q, "2-D empty range", {8, 8}, {0, 3}, {8, 2});
  runNdRange2D(Check, Q);
  runNdRange3D(Check, Q);
  runTwoViews(Check, Q);
  return Check.status();
}
