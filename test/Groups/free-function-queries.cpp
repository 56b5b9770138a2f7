// sycl::ext::oneapi::this_work_item::get_nd_item, get_work_group and
// get_sub_group (sycl_ext_oneapi_free_function_queries), and the deprecated
// experimental::this_nd_item, this_group and this_sub_group, called from
// functions the kernels call, the way SYCLomatic writes CUDA's threadIdx
// and blockIdx: each answer is compared with the kernel's own nd_item. A
// 3-D kernel in SYCLomatic's shape, a 1-D kernel asking for three
// dimensions (leading ones of size 1), a 2-D kernel of one row asking for
// one, and a group barrier through get_work_group around a local tile.
// Outside a kernel the queries answer as a lone work-item.
#include <sycl/sycl.hpp>

#include <cstdio>
#include <cstdlib>

namespace {

int Failures = 0;

void expect(bool Ok, const char *What, size_t Index) {
  if (!Ok && ++Failures <= 10)
    std::printf("FAIL %s at %zu\n", What, Index);
}

/// What a SYCLomatic device function computes from its own item:
/// blockIdx.x * blockDim.x + threadIdx.x, then the linear id over all
/// three dimensions.
size_t linearThreadId() {
  auto Item = sycl::ext::oneapi::this_work_item::get_nd_item<3>();
  size_t X = Item.get_group(2) * Item.get_local_range(2) + Item.get_local_id(2);
  size_t Y = Item.get_group(1) * Item.get_local_range(1) + Item.get_local_id(1);
  size_t Z = Item.get_group(0) * Item.get_local_range(0) + Item.get_local_id(0);
  return (Z * Item.get_global_range(1) + Y) * Item.get_global_range(2) + X;
}

/// Reverses each group's values through a tile, with the barrier on the
/// group from get_work_group.
int reversed(int *Tile, int Value) {
  sycl::group<1> G = sycl::ext::oneapi::this_work_item::get_work_group<1>();
  size_t L = G.get_local_id(0);
  Tile[L] = Value;
  sycl::group_barrier(G);
  return Tile[G.get_local_range(0) - 1 - L];
}

/// Lane and sub-group of the caller, packed.
size_t subGroupPosition() {
  sycl::sub_group SG = sycl::ext::oneapi::this_work_item::get_sub_group();
  return SG.get_group_linear_id() * 1000 + SG.get_local_linear_id();
}

#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#endif
size_t deprecatedSpellings() {
  namespace exp = sycl::ext::oneapi::experimental;
  return exp::this_nd_item<1>().get_global_id(0) * 1000000 +
         exp::this_group<1>().get_group_id(0) * 1000 +
         exp::this_sub_group().get_local_linear_id();
}
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

void threeDimensions(sycl::queue &Q) {
  const sycl::range<3> Global(2, 6, 40), Local(1, 3, 20);
  const size_t N = Global.size();
  size_t *Got = sycl::malloc_shared<size_t>(N, Q);
  size_t *Want = sycl::malloc_shared<size_t>(N, Q);
  Q.parallel_for(sycl::nd_range<3>(Global, Local), [=](sycl::nd_item<3> It) {
     size_t I = It.get_global_linear_id();
     Got[I] = linearThreadId();
     Want[I] = I;
   }).wait();
  for (size_t I = 0; I < N; ++I)
    expect(Got[I] == Want[I] && Want[I] == I, "3-D linear id", I);
  sycl::free(Got, Q);
  sycl::free(Want, Q);
}

void oneDimension(sycl::queue &Q) {
  constexpr size_t N = 480, L = 48;
  int *In = sycl::malloc_shared<int>(N, Q);
  int *Rev = sycl::malloc_shared<int>(N, Q);
  size_t *Wide = sycl::malloc_shared<size_t>(4 * N, Q);
  size_t *Sub = sycl::malloc_shared<size_t>(2 * N, Q);
  size_t *Old = sycl::malloc_shared<size_t>(2 * N, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = int(I * 7 % 101);
  Q.submit([&](sycl::handler &H) {
     sycl::local_accessor<int, 1> Tile(sycl::range<1>(L), H);
     H.parallel_for(sycl::nd_range<1>(N, L), [=](sycl::nd_item<1> It) {
       size_t I = It.get_global_id(0);
       Rev[I] = reversed(&Tile[0], In[I]);
       // The OpenCL view: a 1-D kernel seen as 1 x 1 x N.
       auto Item3 = sycl::ext::oneapi::this_work_item::get_nd_item<3>();
       Wide[4 * I] = Item3.get_global_id(2);
       Wide[4 * I + 1] = Item3.get_global_range(0) * 100 +
                         Item3.get_global_range(1) * 10 +
                         Item3.get_local_range(0) + Item3.get_local_range(1);
       Wide[4 * I + 2] = Item3.get_global_linear_id();
       Wide[4 * I + 3] = Item3.get_group_linear_id();
       sycl::sub_group SG = It.get_sub_group();
       Sub[2 * I] = subGroupPosition();
       Sub[2 * I + 1] = SG.get_group_linear_id() * 1000 +
                        SG.get_local_linear_id();
       Old[2 * I] = deprecatedSpellings();
       Old[2 * I + 1] = I * 1000000 + It.get_group(0) * 1000 +
                        SG.get_local_linear_id();
     });
   }).wait();
  for (size_t I = 0; I < N; ++I) {
    size_t G = I / L, Mirror = G * L + (L - 1 - I % L);
    expect(Rev[I] == In[Mirror], "reversed through get_work_group", I);
    expect(Wide[4 * I] == I, "get_nd_item<3> id of a 1-D kernel", I);
    expect(Wide[4 * I + 1] == 112, "leading ranges of size 1", I);
    expect(Wide[4 * I + 2] == I, "get_nd_item<3> linear id", I);
    expect(Wide[4 * I + 3] == G, "get_nd_item<3> group linear id", I);
    expect(Sub[2 * I] == Sub[2 * I + 1], "get_sub_group", I);
    expect(Old[2 * I] == Old[2 * I + 1], "experimental spellings", I);
  }
  for (int *P : {In, Rev})
    sycl::free(P, Q);
  for (size_t *P : {Wide, Sub, Old})
    sycl::free(P, Q);
}

/// A 2-D kernel whose dimension 0 has one work-item asks for one
/// dimension: its last.
void oneRow(sycl::queue &Q) {
  constexpr size_t N = 96;
  size_t *Got = sycl::malloc_shared<size_t>(N, Q);
  Q.parallel_for(sycl::nd_range<2>({1, N}, {1, 32}), [=](sycl::nd_item<2> It) {
     auto Item = sycl::ext::oneapi::this_work_item::get_nd_item<1>();
     Got[It.get_global_id(1)] =
         Item.get_global_id(0) * 1000 + Item.get_global_range(0);
   }).wait();
  for (size_t I = 0; I < N; ++I)
    expect(Got[I] == I * 1000 + N, "get_nd_item<1> of one row", I);
  sycl::free(Got, Q);
}

void outsideKernels() {
  auto Item = sycl::ext::oneapi::this_work_item::get_nd_item<2>();
  expect(Item.get_global_id() == sycl::id<2>(0, 0) &&
             Item.get_global_range() == sycl::range<2>(1, 1),
         "lone work-item outside a kernel", 0);
}

} // namespace

int main() {
  sycl::queue Q;
  threeDimensions(Q);
  oneDimension(Q);
  oneRow(Q);
  outsideKernels();
  if (Failures) {
    std::printf("free-function-queries: %d failures\n", Failures);
    return EXIT_FAILURE;
  }
  std::printf("free-function-queries: OK\n");
  return EXIT_SUCCESS;
}
