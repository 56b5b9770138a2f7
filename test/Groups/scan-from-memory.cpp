// Work-group scans of elements the work-items load (`scan(g, In[i])`),
// which lanes-read-scan-operands makes the scan load straight from memory
// where the target's vectors hold 8 ints or more (groups-scan-from-memory-
// native): group sizes that are and are not a multiple of the vector,
// the result written over the input and over the next item's, the input
// cleared before the scan, a 2-D group and a scan in a loop. Checked against
// serial host computations.
#include <sycl/sycl.hpp>

#include <cstdio>
#include <vector>

namespace {

int Failures = 0;

void expect(bool Ok, const char *What, size_t Index) {
  if (!Ok && ++Failures <= 10)
    std::printf("FAIL %s at %zu\n", What, Index);
}

constexpr size_t N = 4096;

void fill(int *Data, size_t Count) {
  for (size_t I = 0; I < Count; ++I)
    Data[I] = int(I * 37 % 101) - 50;
}

/// The inclusive (or, with `Exclusive`, exclusive, starting from `Init`)
/// sums of each run of `Local` elements of `In`.
std::vector<int> groupScans(const int *In, size_t Count, size_t Local,
                            bool Exclusive = false, int Init = 0) {
  std::vector<int> Want(Count);
  for (size_t G = 0; G < Count; G += Local) {
    int Sum = Init;
    for (size_t L = 0; L < Local; ++L) {
      if (Exclusive)
        Want[G + L] = Sum;
      Sum += In[G + L];
      if (!Exclusive)
        Want[G + L] = Sum;
    }
  }
  return Want;
}

void check(const int *Got, const std::vector<int> &Want, const char *What) {
  for (size_t I = 0; I < Want.size(); ++I)
    expect(Got[I] == Want[I], What, I);
}

/// The groups of `Local` items that fit in N.
template <size_t Local>
void scanToOut(sycl::queue &Q, const int *In, int *Out, const char *What) {
  constexpr size_t Count = N / Local * Local;
  Q.parallel_for(sycl::nd_range<1>(Count, Local), [=](sycl::nd_item<1> It) {
     size_t I = It.get_global_id(0);
     Out[I] = sycl::inclusive_scan_over_group(It.get_group(), In[I],
                                              sycl::plus<int>());
   }).wait();
  check(Out, groupScans(In, Count, Local), What);
}

} // namespace

int main() {
  sycl::queue Q;
  int *In = sycl::malloc_shared<int>(N + 1, Q);
  int *Out = sycl::malloc_shared<int>(N + 1, Q);
  fill(In, N + 1);

  // Whole vectors, whole vectors and some items, fewer items than a vector.
  scanToOut<256>(Q, In, Out, "inclusive, 256 items");
  scanToOut<44>(Q, In, Out, "inclusive, 44 items");
  scanToOut<5>(Q, In, Out, "inclusive, 5 items");

  // Exclusive with an initial value.
  Q.parallel_for(sycl::nd_range<1>(N, 64), [=](sycl::nd_item<1> It) {
     size_t I = It.get_global_id(0);
     Out[I] = sycl::exclusive_scan_over_group(It.get_group(), In[I], 1000,
                                              sycl::plus<int>());
   }).wait();
  check(Out, groupScans(In, N, 64, /*Exclusive=*/true, 1000),
        "exclusive from 1000, 64 items");

  // The results written over the elements.
  std::vector<int> Want = groupScans(In, N, 128);
  Q.parallel_for(sycl::nd_range<1>(N, 128), [=](sycl::nd_item<1> It) {
     size_t I = It.get_global_id(0);
     In[I] = sycl::inclusive_scan_over_group(It.get_group(), In[I],
                                             sycl::plus<int>());
   }).wait();
  check(In, Want, "in place");

  // Each result one element further on in the group's run, over the next
  // item's element: the scan must have every element before anything is
  // written.
  fill(In, N + 1);
  Want = groupScans(In, N, 128);
  Q.parallel_for(sycl::nd_range<1>(N, 128), [=](sycl::nd_item<1> It) {
     size_t I = It.get_global_id(0), L = It.get_local_id(0);
     In[I - L + (L + 1) % 128] = sycl::inclusive_scan_over_group(
         It.get_group(), In[I], sycl::plus<int>());
   }).wait();
  for (size_t I = 0; I < N; ++I)
    expect(In[I - I % 128 + (I + 1) % 128] == Want[I], "one element on", I);

  // Each item loads its element and clears it before the scan: the scan
  // sums the elements as loaded.
  fill(In, N + 1);
  Want = groupScans(In, N, 128);
  Q.parallel_for(sycl::nd_range<1>(N, 128), [=](sycl::nd_item<1> It) {
     size_t I = It.get_global_id(0);
     int X = In[I];
     In[I] = 0;
     Out[I] =
         sycl::inclusive_scan_over_group(It.get_group(), X, sycl::plus<int>());
   }).wait();
  check(Out, Want, "element cleared before the scan");

  // A 2-D group of 16x8, scanned in linear order (row-major, dimension 1
  // fastest).
  fill(In, N + 1);
  Q.parallel_for(sycl::nd_range<2>({64, 64}, {8, 16}), [=](sycl::nd_item<2>
                                                               It) {
     sycl::group<2> G = It.get_group();
     size_t Slot = G.get_group_linear_id() * 128 + G.get_local_linear_id();
     Out[Slot] =
         sycl::inclusive_scan_over_group(G, In[Slot], sycl::plus<int>());
   }).wait();
  check(Out, groupScans(In, N, 128), "2-D group");

  // A scan in a loop: each round scans another quarter of the elements.
  Q.parallel_for(sycl::nd_range<1>(N / 4, 64), [=](sycl::nd_item<1> It) {
     size_t I = It.get_global_id(0);
     for (size_t Round = 0; Round < 4; ++Round)
       Out[Round * (N / 4) + I] = sycl::inclusive_scan_over_group(
           It.get_group(), In[Round * (N / 4) + I], sycl::plus<int>());
   }).wait();
  check(Out, groupScans(In, N, 64), "a scan a round");

  sycl::free(In, Q);
  sycl::free(Out, Q);
  if (Failures) {
    std::printf("%d failures\n", Failures);
    return 1;
  }
  std::printf("PASS\n");
  return 0;
}
