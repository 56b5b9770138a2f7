// Element types aligned beyond 64 bytes (alignas(128), alignas(256)) get
// their alignment everywhere Lanes places them: a buffer's own storage
// (also when it copies a host pointer), USM, and local_accessor arrays
// that follow a smaller one in the same work-group's local memory. The
// kernels also compute through those elements, against a host reference.
#include "buffers.hpp"

#include <cstdint>

namespace {

struct alignas(128) Line {
  float V[32];
};
struct alignas(256) Block {
  int V[4];
};

bool aligned(const void *P, size_t Align) {
  return reinterpret_cast<std::uintptr_t>(P) % Align == 0;
}

} // namespace

int main() {
  buffers::Checker Check;
  sycl::queue Q;

  Line *Usm = sycl::malloc_shared<Line>(3, Q);
  Check.expect("malloc_shared of an alignas(128) type is aligned",
               aligned(Usm, 128) && aligned(Usm + 1, 128));
  sycl::free(Usm, Q);

  std::vector<Line> Host(4);
  for (size_t I = 0; I < Host.size(); ++I)
    for (int K = 0; K < 32; ++K)
      Host[I].V[K] = float(buffers::input(I * 32 + K));
  {
    sycl::buffer<Line> Copied(Host.data(), sycl::range<1>(Host.size()));
    sycl::buffer<Block> Owned{sycl::range<1>(2)};
    sycl::host_accessor CopiedData(Copied);
    sycl::host_accessor OwnedData(Owned);
    Check.expect("a buffer copied from a host pointer keeps alignas(128)",
                 aligned(&CopiedData[0], 128));
    Check.expect("a buffer's own storage keeps alignas(256)",
                 aligned(&OwnedData[0], 256));
  }

  // Each work-group sums its lines through local memory; work-item 0
  // reports the addresses it saw.
  const size_t Groups = 4, Size = 8;
  std::vector<int> Want(Groups * Size);
  for (size_t I = 0; I < Want.size(); ++I)
    Want[I] = buffers::input(I) * 2 + 1;
  std::vector<int> Got(Want.size());
  std::vector<std::uintptr_t> Addresses(Groups * 2);
  {
    sycl::buffer<int> Out(Got.data(), sycl::range<1>(Got.size()));
    sycl::buffer<std::uintptr_t> Addr(Addresses.data(),
                                      sycl::range<1>(Addresses.size()));
    Q.submit([&](sycl::handler &CGH) {
      sycl::accessor O(Out, CGH, sycl::write_only);
      sycl::accessor A(Addr, CGH, sycl::write_only);
      sycl::local_accessor<char, 1> Pad(sycl::range<1>(3), CGH);
      sycl::local_accessor<Block, 1> Blocks(sycl::range<1>(Size), CGH);
      sycl::local_accessor<Line, 0> One(CGH);
      CGH.parallel_for(
          sycl::nd_range<1>(Groups * Size, Size), [=](sycl::nd_item<1> It) {
            size_t L = It.get_local_id(0);
            size_t G = It.get_global_id(0);
            Pad[L % 3] = 1;
            Blocks[L].V[0] = buffers::input(G);
            if (L == 0)
              static_cast<Line &>(One).V[0] = 1.0f;
            sycl::group_barrier(It.get_group());
            O[G] = Blocks[L].V[0] * 2 + int(static_cast<Line &>(One).V[0]);
            if (L == 0) {
              A[It.get_group(0) * 2] =
                  reinterpret_cast<std::uintptr_t>(&Blocks[0]);
              A[It.get_group(0) * 2 + 1] = reinterpret_cast<std::uintptr_t>(
                  &static_cast<Line &>(One).V[0]);
            }
          });
    });
  }
  Check.equal("kernels read and write over-aligned local elements", Got, Want);
  bool LocalAligned = true;
  for (size_t G = 0; G < Groups; ++G)
    LocalAligned &=
        Addresses[G * 2] % 256 == 0 && Addresses[G * 2 + 1] % 128 == 0;
  Check.expect("local_accessor arrays of alignas(256) and alignas(128) "
               "types are aligned",
               LocalAligned);
  return Check.status();
}
