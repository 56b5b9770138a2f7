//===- UsmTest.cpp - USM allocation and the USM commands ------------------===//
//
// Allocation functions (untyped, typed, aligned, by kind), their alignment,
// the pointer queries, usm_allocator, and memcpy / memset / fill / copy
// through the queue and the handler.
//
//===----------------------------------------------------------------------===//
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <memory>
#include <vector>

namespace {

bool alignedTo(const void *P, size_t Alignment) {
  return reinterpret_cast<uintptr_t>(P) % Alignment == 0;
}

TEST(Usm, AllocationsAre64ByteAligned) {
  sycl::queue Q;
  sycl::device Dev = Q.get_device();
  sycl::context Ctx = Q.get_context();
  void *Untyped[] = {
      sycl::malloc_shared(3, Q),
      sycl::malloc_device(100, Q),
      sycl::malloc_host(65, Q),
      sycl::malloc_shared(10, Dev, Ctx),
      sycl::malloc_device(10, Dev, Ctx),
      sycl::malloc_host(10, Dev, Ctx),
      sycl::malloc(17, Q, sycl::usm::alloc::shared),
      sycl::malloc(17, Dev, Ctx, sycl::usm::alloc::device),
      sycl::malloc_shared<char>(1, Q),
      sycl::malloc_device<double>(3, Q),
      sycl::malloc_host<int>(5, Q),
      sycl::malloc<float>(9, Q, sycl::usm::alloc::host),
  };
  for (void *P : Untyped) {
    ASSERT_NE(P, nullptr);
    EXPECT_TRUE(alignedTo(P, 64));
    std::memset(P, 0xab, 1); // host-accessible: the device is the CPU
    sycl::free(P, Q);
  }
}

TEST(Usm, AlignedAllocHonoursLargerAlignment) {
  sycl::queue Q;
  void *A = sycl::aligned_alloc_shared(4096, 100, Q);
  void *B = sycl::aligned_alloc_device(256, 1, Q);
  void *C = sycl::aligned_alloc_host(8, 1, Q); // raised to 64
  int *D = sycl::aligned_alloc_shared<int>(1024, 10, Q);
  void *E = sycl::aligned_alloc(128, 10, Q, sycl::usm::alloc::device);
  EXPECT_TRUE(alignedTo(A, 4096));
  EXPECT_TRUE(alignedTo(B, 256));
  EXPECT_TRUE(alignedTo(C, 64));
  EXPECT_TRUE(alignedTo(D, 1024));
  EXPECT_TRUE(alignedTo(E, 128));
  for (void *P : {A, B, C, static_cast<void *>(D), E})
    sycl::free(P, Q);
  // A non-power-of-two alignment cannot be honoured.
  EXPECT_EQ(sycl::aligned_alloc_shared(48, 10, Q), nullptr);
}

TEST(Usm, ZeroBytesAndFreeingNull) {
  sycl::queue Q;
  EXPECT_EQ(sycl::malloc_shared(0, Q), nullptr);
  EXPECT_EQ(sycl::malloc_device<int>(0, Q), nullptr);
  sycl::free(nullptr, Q);
  sycl::free(nullptr, Q.get_context());
}

TEST(Usm, QueueMemcpyMemsetFillCopy) {
  sycl::queue Q;
  constexpr size_t N = 1000;
  int *Src = sycl::malloc_host<int>(N, Q);
  int *Dev = sycl::malloc_device<int>(N, Q);
  int *Dst = sycl::malloc_shared<int>(N, Q);
  for (size_t I = 0; I < N; ++I)
    Src[I] = int(I * I);

  sycl::event E1 = Q.memcpy(Dev, Src, N * sizeof(int));
  sycl::event E2 = Q.copy(Dev, Dst, N, E1);
  E2.wait();
  for (size_t I = 0; I < N; ++I)
    ASSERT_EQ(Dst[I], int(I * I));

  Q.memset(Dst, 0, N * sizeof(int), {E1, E2}).wait();
  for (size_t I = 0; I < N; ++I)
    ASSERT_EQ(Dst[I], 0);
  Q.memset(Dst, 0x01, 8).wait();
  EXPECT_EQ(Dst[0], 0x01010101);
  EXPECT_EQ(Dst[1], 0x01010101);
  EXPECT_EQ(Dst[2], 0);

  Q.fill(Dst, 42, N / 2, std::vector<sycl::event>{E1}).wait();
  for (size_t I = 0; I < N; ++I)
    ASSERT_EQ(Dst[I], I < N / 2 ? 42 : 0);

  struct Pair {
    short A;
    double B;
  };
  Pair *Pairs = sycl::malloc_shared<Pair>(7, Q);
  Q.fill(Pairs, Pair{3, 2.5}, 7).wait();
  for (int I = 0; I < 7; ++I) {
    EXPECT_EQ(Pairs[I].A, 3);
    EXPECT_EQ(Pairs[I].B, 2.5);
  }
  sycl::event P = Q.prefetch(Pairs, sizeof(Pair));
  Q.mem_advise(Pairs, sizeof(Pair), 0, P).wait();
  Q.memcpy(Pairs, Pairs + 1, sizeof(Pair), {P}).wait();

  for (void *P : {static_cast<void *>(Src), static_cast<void *>(Dev),
                  static_cast<void *>(Dst), static_cast<void *>(Pairs)})
    sycl::free(P, Q);
}

TEST(Usm, HandlerCommands) {
  sycl::queue Q;
  constexpr size_t N = 64;
  float *A = sycl::malloc_shared<float>(N, Q);
  float *B = sycl::malloc_shared<float>(N, Q);
  sycl::event Filled =
      Q.submit([&](sycl::handler &CGH) { CGH.fill(A, 1.5f, N); });
  Q.submit([&](sycl::handler &CGH) {
    CGH.depends_on(Filled);
    CGH.copy(A, B, N);
  });
  Q.submit([&](sycl::handler &CGH) { CGH.memset(A, 0, N * sizeof(float)); });
  Q.wait();
  for (size_t I = 0; I < N; ++I) {
    ASSERT_EQ(A[I], 0.0f);
    ASSERT_EQ(B[I], 1.5f);
  }
  Q.submit([&](sycl::handler &CGH) {
     CGH.memcpy(A, B, N * sizeof(float));
   }).wait();
  for (size_t I = 0; I < N; ++I)
    ASSERT_EQ(A[I], 1.5f);
  sycl::free(A, Q);
  sycl::free(B, Q);
}

TEST(Usm, KernelsReadAndWriteEveryKind) {
  sycl::queue Q;
  constexpr size_t N = 256;
  int *H = sycl::malloc_host<int>(N, Q);
  int *D = sycl::malloc_device<int>(N, Q);
  int *S = sycl::malloc_shared<int>(N, Q);
  for (size_t I = 0; I < N; ++I)
    H[I] = int(I);
  Q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> I) { D[I] = H[I] * 2; });
  Q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> I) { S[I] = D[I] + 1; });
  Q.wait();
  for (size_t I = 0; I < N; ++I)
    ASSERT_EQ(S[I], int(I) * 2 + 1);
  sycl::free(H, Q);
  sycl::free(D, Q);
  sycl::free(S, Q);
}

TEST(Usm, PointerQueries) {
  sycl::queue Q;
  sycl::context Ctx = Q.get_context();
  using sycl::usm::alloc;
  int *H = sycl::malloc_host<int>(10, Q);
  char *D = static_cast<char *>(sycl::malloc_device(33, Q));
  double *S = sycl::aligned_alloc_shared<double>(256, 4, Q);
  void *K = sycl::malloc(8, Q.get_device(), Ctx, alloc::device);
  EXPECT_EQ(sycl::get_pointer_type(H, Ctx), alloc::host);
  EXPECT_EQ(sycl::get_pointer_type(H + 9, Ctx), alloc::host);
  EXPECT_EQ(sycl::get_pointer_type(D + 32, Ctx), alloc::device);
  EXPECT_EQ(sycl::get_pointer_type(S + 3, Ctx), alloc::shared);
  EXPECT_EQ(sycl::get_pointer_type(K, Ctx), alloc::device);
  // Past the end of the bytes asked for, and memory that is not USM.
  EXPECT_EQ(sycl::get_pointer_type(D + 33, Ctx), alloc::unknown);
  int Local = 0;
  EXPECT_EQ(sycl::get_pointer_type(&Local, Ctx), alloc::unknown);
  EXPECT_EQ(sycl::get_pointer_type(nullptr, Ctx), alloc::unknown);
  EXPECT_EQ(sycl::get_pointer_device(S, Ctx), Q.get_device());
  EXPECT_THROW(sycl::get_pointer_device(&Local, Ctx), sycl::exception);
  // Freed (the addresses kept as integers, which stay valid).
  uintptr_t Freed[] = {uintptr_t(S), uintptr_t(H)};
  sycl::free(S, Q);
  sycl::free(H, Ctx);
  sycl::free(D, Q);
  sycl::free(K, Q);
  for (uintptr_t Address : Freed)
    EXPECT_EQ(sycl::get_pointer_type(reinterpret_cast<void *>(Address), Ctx),
              alloc::unknown);
  // Kind unknown allocates nothing.
  EXPECT_EQ(sycl::malloc(8, Q, alloc::unknown), nullptr);
}

TEST(Usm, UsmAllocatorInContainers) {
  sycl::queue Q;
  using Shared = sycl::usm_allocator<int, sycl::usm::alloc::shared>;
  std::vector<int, Shared> V(1000, 1, Shared(Q));
  EXPECT_EQ(sycl::get_pointer_type(V.data(), Q.get_context()),
            sycl::usm::alloc::shared);
  EXPECT_TRUE(alignedTo(V.data(), 64));
  int *P = V.data();
  Q.parallel_for(sycl::range<1>(V.size()), [=](sycl::id<1> I) {
     P[I] += int(I[0]);
   }).wait();
  for (size_t I = 0; I < V.size(); ++I)
    ASSERT_EQ(V[I], int(I) + 1);
  // Rebound, over-aligned, of host memory; equal when of one kind.
  using Host = sycl::usm_allocator<double, sycl::usm::alloc::host, 4096>;
  Host A(Q.get_context(), Q.get_device());
  std::vector<double, Host> W(10, 2.0, A);
  EXPECT_TRUE(alignedTo(W.data(), 4096));
  EXPECT_EQ(sycl::get_pointer_type(W.data(), Q.get_context()),
            sycl::usm::alloc::host);
  std::allocator_traits<Host>::rebind_alloc<char> C(A);
  EXPECT_EQ(C, A);
  EXPECT_NE(Shared(Q), A);
  EXPECT_EQ(Shared(Q).allocate(0), nullptr);
}

} // namespace
