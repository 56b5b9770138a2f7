// sycl::ext::oneapi::group_local_memory_for_overwrite and
// group_local_memory (sycl_ext_oneapi_local_memory): every work-item of a
// group sees the same object, each call site is its own object, objects
// are constructed once per group before any work-item uses them, and a
// kernel may call them from a function it calls (the form SYCLomatic gives
// CUDA's __shared__). Checked against serial host computations.
#include <sycl/sycl.hpp>

#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

int Failures = 0;

void expect(bool Ok, const char *What, size_t Index) {
  if (!Ok && ++Failures <= 10)
    std::printf("FAIL %s at %zu\n", What, Index);
}

/// A device function allocating its own tile, as SYCLomatic writes a
/// function with a __shared__ array.
int reverseInGroup(const sycl::nd_item<1> &It, int Value) {
  auto &Tile = *sycl::ext::oneapi::group_local_memory_for_overwrite<int[64]>(
      It.get_group());
  size_t L = It.get_local_id(0);
  Tile[L] = Value;
  sycl::group_barrier(It.get_group());
  return Tile[It.get_local_range(0) - 1 - L];
}

struct Pair {
  int A;
  float B;
};

/// A type whose default constructor sets a value: for_overwrite
/// default-initializes it once per group.
struct Counter {
  int Count = 7;
};

} // namespace

int main() {
  sycl::queue Q;
  constexpr size_t N = 64 * 1024, Local = 256;
  int *In = sycl::malloc_shared<int>(N, Q);
  int *Out = sycl::malloc_shared<int>(N, Q);
  int *Sums = sycl::malloc_shared<int>(N / Local, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = int(I * 7 % 1000) - 500;

  // A tree reduction through one tile, and a second tile of another type
  // at another call site that must not share its storage.
  Q.parallel_for(sycl::nd_range<1>(N, Local), [=](sycl::nd_item<1> It) {
     sycl::group<1> G = It.get_group();
     auto &Tile =
         *sycl::ext::oneapi::group_local_memory_for_overwrite<int[Local]>(G);
     auto &Copy =
         *sycl::ext::oneapi::group_local_memory_for_overwrite<int[Local]>(G);
     size_t L = It.get_local_id(0);
     Tile[L] = In[It.get_global_id(0)];
     Copy[L] = -In[It.get_global_id(0)];
     for (size_t S = Local / 2; S > 0; S /= 2) {
       sycl::group_barrier(G);
       if (L < S)
         Tile[L] += Tile[L + S];
     }
     sycl::group_barrier(G);
     // Copy is intact: every item reads its right neighbour's value.
     Out[It.get_global_id(0)] = Copy[(L + 1) % Local];
     if (L == 0)
       Sums[It.get_group(0)] = Tile[0];
   }).wait();
  for (size_t Gr = 0; Gr < N / Local; ++Gr) {
    int Sum = 0;
    for (size_t L = 0; L < Local; ++L)
      Sum += In[Gr * Local + L];
    expect(Sums[Gr] == Sum, "tree sum", Gr);
    for (size_t L = 0; L < Local; ++L)
      expect(Out[Gr * Local + L] == -In[Gr * Local + (L + 1) % Local],
             "second tile", Gr * Local + L);
  }

  // The tile of a called function, groups of 64.
  Q.parallel_for(sycl::nd_range<1>(N, 64), [=](sycl::nd_item<1> It) {
     Out[It.get_global_id(0)] = reverseInGroup(It, In[It.get_global_id(0)]);
   }).wait();
  for (size_t I = 0; I < N; ++I)
    expect(Out[I] == In[I / 64 * 64 + 63 - I % 64], "called function", I);

  // Constructed objects, in a 2-D nd-range: every item reads the values
  // the first item constructed, then adds its own share atomically.
  constexpr size_t Rows = 64, Cols = 96;
  Q.parallel_for(sycl::nd_range<2>({Rows, Cols}, {8, 16}),
                 [=](sycl::nd_item<2> It) {
                   sycl::group<2> G = It.get_group();
                   Pair *P =
                       sycl::ext::oneapi::group_local_memory<Pair>(G, 3, 0.5f);
                   Counter *C = sycl::ext::oneapi::
                       group_local_memory_for_overwrite<Counter>(G);
                   size_t Id = It.get_global_linear_id();
                   int Seen = P->A + int(P->B * 4) + C->Count; // 3 + 2 + 7
                   sycl::group_barrier(G);
                   sycl::atomic_ref<int, sycl::memory_order::relaxed,
                                    sycl::memory_scope::work_group,
                                    sycl::access::address_space::local_space>(
                       P->A)
                       .fetch_add(1);
                   sycl::group_barrier(G);
                   Out[Id] = Seen * 1000 + P->A;
                 })
      .wait();
  for (size_t I = 0; I < Rows * Cols; ++I)
    expect(Out[I] == 12 * 1000 + 3 + 8 * 16, "constructed objects", I);

  sycl::free(In, Q);
  sycl::free(Out, Q);
  sycl::free(Sums, Q);
  if (Failures) {
    std::printf("%d failures\n", Failures);
    return EXIT_FAILURE;
  }
  std::printf("passed\n");
  return EXIT_SUCCESS;
}
