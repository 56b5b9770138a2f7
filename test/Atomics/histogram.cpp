// Histograms counted with atomic_ref::fetch_add: straight into global memory
// from a range kernel, and per work-group in local memory (a local_accessor
// cleared, filled and merged into global memory between barriers) in 1-D,
// 2-D and 3-D nd-ranges with many groups. Groups run on different threads,
// so a non-atomic update would lose counts; a third of the inputs go to bin
// 0 so that one counter is hot. Weighted histograms add 64-bit values.
#include "atomics.hpp"

#include <string>

namespace {

using namespace atomics;

/// The bin of input \p I: a third of all inputs land in bin 0.
uint32_t binOf(uint32_t I, uint32_t Bins) {
  uint32_t V = corpus::input(I, 3);
  return V % 3 == 0 ? 0 : V % Bins;
}

/// The weight input \p I adds: 1, or a large 64-bit value (which wraps).
template <typename T> T weightOf(uint32_t I, bool Weighted) {
  if (!Weighted)
    return T(1);
  return T(uint64_t(corpus::input(I, 5)) << 29 | corpus::input(I, 6));
}

template <typename T>
std::vector<T> reference(size_t N, uint32_t Bins, bool Weighted) {
  std::vector<T> Want(Bins, T(0));
  for (size_t I = 0; I < N; ++I) {
    T &Bin = Want[binOf(uint32_t(I), Bins)];
    Bin = T(Bin + weightOf<T>(uint32_t(I), Weighted));
  }
  return Want;
}

/// One fetch_add per work-item of a range kernel, into global memory.
template <typename T>
int globalHistogram(sycl::queue &Q, size_t N, uint32_t Bins, bool Weighted) {
  std::string Name = "global histogram of " + std::to_string(N) + " into " +
                     std::to_string(Bins) + (Weighted ? " weighted" : "");
  T *Hist = sycl::malloc_shared<T>(Bins, Q);
  std::fill(Hist, Hist + Bins, T(0));
  Q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> I) {
     uint32_t Item = uint32_t(I[0]);
     GlobalRef<T> Bin(Hist[binOf(Item, Bins)]);
     Bin.fetch_add(weightOf<T>(Item, Weighted));
   }).wait();
  int Rc = corpus::check(Name.c_str(), Hist, reference<T>(N, Bins, Weighted));
  sycl::free(Hist, Q);
  return Rc;
}

/// Per-group histograms in local memory, merged into global memory.
template <int Dims, typename T>
int localHistogram(sycl::queue &Q, const char *Shape, sycl::range<Dims> Global,
                   sycl::range<Dims> Local, uint32_t Bins, bool Weighted) {
  std::string Name = std::string("local histogram ") + Shape + " into " +
                     std::to_string(Bins) + (Weighted ? " weighted" : "");
  T *Hist = sycl::malloc_shared<T>(Bins, Q);
  std::fill(Hist, Hist + Bins, T(0));
  Q.submit([&](sycl::handler &CGH) {
     sycl::local_accessor<T, 1> Counts(sycl::range<1>(Bins), CGH);
     CGH.parallel_for(sycl::nd_range<Dims>(Global, Local),
                      [=](sycl::nd_item<Dims> It) {
                        size_t Self = It.get_local_linear_id();
                        size_t Size = It.get_local_range().size();
                        for (size_t B = Self; B < Bins; B += Size)
                          Counts[B] = T(0);
                        sycl::group_barrier(It.get_group());
                        uint32_t Item = uint32_t(It.get_global_linear_id());
                        LocalRef<T> Bin(Counts[binOf(Item, Bins)]);
                        Bin += weightOf<T>(Item, Weighted);
                        sycl::group_barrier(It.get_group());
                        for (size_t B = Self; B < Bins; B += Size)
                          if (Counts[B] != T(0))
                            GlobalRef<T>(Hist[B]).fetch_add(Counts[B]);
                      });
   }).wait();
  int Rc = corpus::check(Name.c_str(), Hist,
                         reference<T>(Global.size(), Bins, Weighted));
  sycl::free(Hist, Q);
  return Rc;
}

} // namespace

int main() {
  sycl::queue Q;
  int Rc = globalHistogram<unsigned int>(Q, 100003, 61, false);
  Rc |= globalHistogram<int>(Q, 4096, 7, false);
  Rc |= globalHistogram<unsigned long long>(Q, 50000, 200, true);
  Rc |= globalHistogram<unsigned int>(Q, 1, 3, false);
  Rc |= localHistogram<1, unsigned int>(Q, "1-D 96 x 13", {96 * 13}, {13}, 31,
                                        false);
  Rc |= localHistogram<1, unsigned long>(Q, "1-D 64 x 256", {64 * 256}, {256},
                                         600, true);
  Rc |= localHistogram<2, int>(Q, "2-D (12 x 5) x (7 x 3)", {12 * 7, 5 * 3},
                               {7, 3}, 17, false);
  Rc |= localHistogram<3, unsigned long long>(
      Q, "3-D (3 x 4 x 5) x (2 x 3 x 8)", {3 * 2, 4 * 3, 5 * 8}, {2, 3, 8}, 9,
      true);
  Rc |= localHistogram<1, long long>(Q, "1-D 40 x 1", {40}, {1}, 5, false);
  return Rc;
}
