// Work-group local memory through the SYCL 1.2.1 spelling
// accessor<T, Dims, access::mode::read_write, access::target::local>
// (the same thing as local_accessor), together with buffer accessors: a
// tiled matrix transpose (2-D tiles padded against bank conflicts, a
// barrier between the loads and the stores) and per-group sums by a tree
// reduction in local memory.
#include "buffers.hpp"

namespace {

using LocalTile = sycl::accessor<int, 2, sycl::access::mode::read_write,
                                 sycl::access::target::local>;
using LocalRow = sycl::accessor<int, 1, sycl::access::mode::read_write,
                                sycl::access::target::local>;

void runTranspose(buffers::Checker &Check, sycl::queue &Q, size_t Rows,
                  size_t Cols, size_t Tile) {
  std::vector<int> In(Rows * Cols), Out(Rows * Cols, 0), Want(Rows * Cols);
  for (size_t R = 0; R < Rows; ++R)
    for (size_t C = 0; C < Cols; ++C) {
      In[R * Cols + C] = buffers::input(R * Cols + C, 11);
      Want[C * Rows + R] = In[R * Cols + C];
    }
  {
    sycl::buffer<int, 2> Src(In.data(), sycl::range<2>(Rows, Cols));
    sycl::buffer<int, 2> Dest(Out.data(), sycl::range<2>(Cols, Rows));
    Q.submit([&](sycl::handler &CGH) {
      auto From = Src.get_access<sycl::access::mode::read>(CGH);
      auto To = Dest.get_access<sycl::access::mode::discard_write>(CGH);
      LocalTile Block(sycl::range<2>(Tile, Tile + 1), CGH);
      CGH.parallel_for<class TransposeTiles>(
          sycl::nd_range<2>(sycl::range<2>(Rows, Cols),
                            sycl::range<2>(Tile, Tile)),
          [=](sycl::nd_item<2> It) {
            size_t LR = It.get_local_id(0), LC = It.get_local_id(1);
            Block[LR][LC] = From[It.get_global_id()];
            It.barrier(sycl::access::fence_space::local_space);
            // The tile's transpose lands at the mirrored group position.
            size_t R = It.get_group(1) * Tile + LR;
            size_t C = It.get_group(0) * Tile + LC;
            To[sycl::id<2>(R, C)] = Block[LC][LR];
          });
    });
  }
  Check.equal("transpose " + std::to_string(Rows) + "x" +
                  std::to_string(Cols) + " tile " + std::to_string(Tile),
              Out, Want);
}

void runGroupSums(buffers::Checker &Check, sycl::queue &Q, size_t Groups,
                  size_t Size) {
  const size_t N = Groups * Size;
  std::vector<int> In(N), Want(Groups, 0);
  for (size_t I = 0; I < N; ++I) {
    In[I] = buffers::input(I, 12);
    Want[I / Size] += In[I];
  }
  sycl::buffer<int> Data(In.data(), sycl::range<1>(N));
  sycl::buffer<int> Sums{sycl::range<1>(Groups)};
  Q.submit([&](sycl::handler &CGH) {
    sycl::accessor From(Data, CGH, sycl::read_only);
    sycl::accessor To(Sums, CGH, sycl::write_only, sycl::no_init);
    LocalRow Scratch(sycl::range<1>(Size), CGH);
    CGH.parallel_for(sycl::nd_range<1>(N, Size), [=](sycl::nd_item<1> It) {
      size_t L = It.get_local_id(0);
      Scratch[L] = From[It.get_global_id()];
      It.barrier(sycl::access::fence_space::local_space);
      // Fold the upper half onto the lower one; Size need not be a power
      // of two.
      for (size_t Active = Size; Active > 1;) {
        size_t Half = (Active + 1) / 2;
        if (L + Half < Active)
          Scratch[L] += Scratch[L + Half];
        It.barrier(sycl::access::fence_space::local_space);
        Active = Half;
      }
      if (L == 0)
        To[It.get_group(0)] = Scratch[0];
    });
  });
  sycl::host_accessor Result(Sums, sycl::read_only);
  Check.equal("group sums " + std::to_string(Groups) + " x " +
                  std::to_string(Size),
              Result.get_pointer(), Want);
}

} // namespace

int main() {
  static_assert(
      std::is_base_of_v<sycl::local_accessor<int, 2>, LocalTile>,
      "target::local accessors are local_accessors");
  buffers::Checker Check;
  sycl::queue Q;
  runTranspose(Check, Q, 48, 80, 16);
  runTranspose(Check, Q, 21, 14, 7);
  runGroupSums(Check, Q, 5, 64);
  runGroupSums(Check, Q, 9, 37);
  runGroupSums(Check, Q, 3, 1);
  return Check.status();
}
