// Histograms counted with the SYCL 1.2.1 atomics: access_mode::atomic
// accessors of buffers (global memory, operator[] gives sycl::atomic<T>),
// straight from a range kernel with the member fetch_add and with
// atomic_fetch_add; and per work-group in target::local atomic accessors
// (1-D and 2-D, cleared with store, counted with fetch_add, read with load
// between barriers) merged into a global atomic accessor. A 0-dimensional
// local atomic accessor counts the work-items of each group. Groups run on
// different threads, so a non-atomic update would lose counts; a third of
// the inputs go to bin 0 so that one counter is hot. Checked against a
// serial host reference.
#include "atomics.hpp"

#include <string>

namespace {

using sycl::access::mode;
using sycl::access::target;

/// The bin of input \p I: a third of all inputs land in bin 0.
uint32_t binOf(uint32_t I, uint32_t Bins) {
  uint32_t V = corpus::input(I, 11);
  return V % 3 == 0 ? 0 : V % Bins;
}

/// The weight input \p I adds: 1, or a large value (which wraps).
template <typename T> T weightOf(uint32_t I, bool Weighted) {
  if (!Weighted)
    return T(1);
  return T(uint64_t(corpus::input(I, 12)) << 29 | corpus::input(I, 13));
}

template <typename T>
std::vector<T> reference(size_t N, uint32_t Bins, bool Weighted) {
  std::vector<T> Want(Bins, T(0));
  for (size_t I = 0; I < N; ++I) {
    T &Bin = Want[binOf(uint32_t(I), Bins)];
    using U = std::make_unsigned_t<T>;
    Bin = T(U(Bin) + U(weightOf<T>(uint32_t(I), Weighted)));
  }
  return Want;
}

/// One atomic add per work-item of a range kernel into a global atomic
/// accessor: the member function, or the free one.
template <typename T>
int globalHistogram(sycl::queue &Q, size_t N, uint32_t Bins, bool Weighted,
                    bool FreeFunction) {
  std::string Name = std::string("global atomic accessor, ") +
                     (FreeFunction ? "atomic_fetch_add" : "fetch_add") + ", " +
                     std::to_string(N) + " into " + std::to_string(Bins) +
                     (Weighted ? " weighted" : "");
  std::vector<T> Hist(Bins, T(0));
  {
    sycl::buffer<T, 1> Buf(Hist.data(), sycl::range<1>(Bins));
    Q.submit([&](sycl::handler &CGH) {
      auto Acc = Buf.template get_access<mode::atomic>(CGH);
      CGH.parallel_for(sycl::range<1>(N), [=](sycl::id<1> I) {
        uint32_t Item = uint32_t(I[0]);
        sycl::atomic<T> Bin = Acc[binOf(Item, Bins)];
        if (FreeFunction)
          sycl::atomic_fetch_add(Bin, weightOf<T>(Item, Weighted));
        else
          Bin.fetch_add(weightOf<T>(Item, Weighted));
      });
    });
  }
  return corpus::check(Name.c_str(), Hist.data(),
                       reference<T>(N, Bins, Weighted));
}

/// Per-group histograms in a 1-D local atomic accessor, merged into a
/// global atomic accessor; a 0-D local atomic accessor counts the group's
/// work-items.
template <typename T>
int localHistogram(sycl::queue &Q, size_t Groups, size_t Local, uint32_t Bins,
                   bool Weighted) {
  std::string Name = "local atomic accessor, " + std::to_string(Groups) +
                     " x " + std::to_string(Local) + " into " +
                     std::to_string(Bins) + (Weighted ? " weighted" : "");
  std::vector<T> Hist(Bins, T(0));
  std::vector<int> Sizes(Groups, 0);
  {
    sycl::buffer<T, 1> HistBuf(Hist.data(), sycl::range<1>(Bins));
    sycl::buffer<int, 1> SizesBuf(Sizes.data(), sycl::range<1>(Groups));
    Q.submit([&](sycl::handler &CGH) {
      sycl::accessor<T, 1, mode::atomic> Global(HistBuf, CGH);
      auto GroupSizes = SizesBuf.template get_access<mode::write>(CGH);
      sycl::accessor<T, 1, mode::atomic, target::local> Counts(
          sycl::range<1>(Bins), CGH);
      sycl::accessor<int, 0, mode::atomic, target::local> Members(CGH);
      CGH.parallel_for(
          sycl::nd_range<1>(Groups * Local, Local), [=](sycl::nd_item<1> It) {
            size_t Self = It.get_local_id(0);
            for (size_t B = Self; B < Bins; B += Local)
              Counts[B].store(T(0));
            if (Self == 0)
              sycl::atomic<int, sycl::access::address_space::local_space>(
                  Members)
                  .store(0);
            It.barrier(sycl::access::fence_space::local_space);
            uint32_t Item = uint32_t(It.get_global_id(0));
            Counts[binOf(Item, Bins)].fetch_add(weightOf<T>(Item, Weighted));
            sycl::atomic_fetch_add(
                sycl::atomic<int, sycl::access::address_space::local_space>(
                    Members),
                1);
            It.barrier(sycl::access::fence_space::local_space);
            for (size_t B = Self; B < Bins; B += Local) {
              T Count = Counts[B].load();
              if (Count != T(0))
                Global[B].fetch_add(Count);
            }
            if (Self == 0)
              GroupSizes[It.get_group(0)] = sycl::atomic_load(
                  sycl::atomic<int, sycl::access::address_space::local_space>(
                      Members));
          });
    });
  }
  int Rc = corpus::check(Name.c_str(), Hist.data(),
                         reference<T>(Groups * Local, Bins, Weighted));
  return Rc | corpus::check((Name + ", group sizes").c_str(), Sizes.data(),
                            std::vector<int>(Groups, int(Local)));
}

/// A Rows x Cols histogram of 2-D inputs, in a 2-D local atomic accessor
/// (indexed by id) merged into a 2-D global atomic accessor (indexed as
/// [r][c]).
int localHistogram2d(sycl::queue &Q) {
  constexpr size_t Rows = 3, Cols = 5;
  sycl::range<2> Global(8 * 4, 6 * 4), Local(8, 6);
  std::vector<unsigned long> Hist(Rows * Cols, 0);
  {
    sycl::buffer<unsigned long, 2> Buf(Hist.data(), sycl::range<2>(Rows, Cols));
    Q.submit([&](sycl::handler &CGH) {
      auto Out = Buf.get_access<mode::atomic>(CGH);
      sycl::accessor<unsigned long, 2, mode::atomic, target::local> Counts(
          sycl::range<2>(Rows, Cols), CGH);
      CGH.parallel_for(
          sycl::nd_range<2>(Global, Local), [=](sycl::nd_item<2> It) {
            bool Leader = It.get_local_linear_id() == 0;
            if (Leader)
              for (size_t R = 0; R < Rows; ++R)
                for (size_t C = 0; C < Cols; ++C)
                  Counts[R][C].store(0);
            It.barrier();
            uint32_t Item = uint32_t(It.get_global_linear_id());
            uint32_t V = corpus::input(Item, 14);
            Counts[sycl::id<2>(V % Rows, V / Rows % Cols)].fetch_add(1);
            It.barrier();
            if (Leader)
              for (size_t R = 0; R < Rows; ++R)
                for (size_t C = 0; C < Cols; ++C)
                  Out[R][C].fetch_add(Counts[sycl::id<2>(R, C)].load());
          });
    });
  }
  std::vector<unsigned long> Want(Rows * Cols, 0);
  for (uint32_t I = 0; I < Global.size(); ++I) {
    uint32_t V = corpus::input(I, 14);
    ++Want[V % Rows * Cols + V / Rows % Cols];
  }
  return corpus::check("2-D local and global atomic accessors", Hist.data(),
                       Want);
}

} // namespace

int main() {
  sycl::queue Q;
  int Rc = globalHistogram<unsigned int>(Q, 100003, 61, false, false);
  Rc |= globalHistogram<int>(Q, 4096, 7, false, true);
  Rc |= globalHistogram<unsigned long long>(Q, 50000, 200, true, false);
  Rc |= globalHistogram<long>(Q, 30011, 13, true, true);
  Rc |= globalHistogram<unsigned int>(Q, 1, 3, false, false);
  Rc |= localHistogram<unsigned int>(Q, 96, 13, 31, false);
  Rc |= localHistogram<unsigned long>(Q, 64, 256, 600, true);
  Rc |= localHistogram<long long>(Q, 40, 1, 5, false);
  Rc |= localHistogram<int>(Q, 17, 64, 9, true);
  Rc |= localHistogram2d(Q);
  return Rc;
}
