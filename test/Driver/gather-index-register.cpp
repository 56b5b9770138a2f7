// LLVM 19's x86 back end splits a gather wider than a register; a part
// whose indices are all undefined (the lanes of a 32-lane sub-group past a
// work-group of 2) reads an undefined register, which the register
// allocator may make the gather's destination: `vpgatherqd (,%zmm0), %ymm0`
// faults as an illegal instruction. This program is fuzzer seed 12899 of
// test/Fuzz/gen_kernels.py as of commit 8ef4e1f, run with
// --opt="-O2 -march=native" --sub-group-size 32; without
// lanes-define-gather-indices two of its gathers have that form and it dies
// of SIGILL on an AVX-512 machine. Compiled only, so any host checks it.
// RUN: lanes++ -O2 -march=znver4 -w -S %s -o %t.s
// RUN: grep -c vpgatherqd %t.s
// RUN: not grep -P 'gather\w*\s+\(%%?\w*,%%zmm(\d+)(,\d)?\), %%[yz]mm\1\b' %t.s
#define LANES_SUB_GROUP_SIZE 32
#include <sycl/sycl.hpp>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace {

uint32_t fuzzInput(uint32_t Seed, uint32_t I) {
  uint32_t X = I * 0x9E3779B1u ^ Seed * 0x85EBCA77u;
  X ^= X >> 15;
  X *= 0x2C1B3C6Du;
  X ^= X >> 12;
  X *= 0x297A2D39u;
  X ^= X >> 15;
  return X;
}

uint64_t fuzzHash(const uint32_t *P, size_t N) {
  uint64_t H = 0xCBF29CE484222325ull;
  for (size_t I = 0; I < N; ++I) {
    H ^= P[I];
    H *= 0x100000001B3ull;
  }
  return H;
}

void fuzzDump(const uint32_t *P, size_t N) {
  for (size_t I = 0; I < N; ++I)
    std::printf("  out %zu 0x%08x\n", I, P[I]);
}

inline uint32_t fuzzRotl(uint32_t X, uint32_t R) {
  R &= 31u;
  return R ? (X << R) | (X >> (32u - R)) : X;
}
inline uint32_t fuzzMin(uint32_t A, uint32_t B) { return A < B ? A : B; }
inline uint32_t fuzzMax(uint32_t A, uint32_t B) { return A < B ? B : A; }

template <int D> void fuzzSync(const sycl::nd_item<D> &It) { It.barrier(); }
template <int D> void fuzzSyncTwoDeep(sycl::nd_item<D> &It) { fuzzSync(It); }


// Kernel 0: seed 12899, dims 1, local {2}, groups {3}.
static uint64_t fuzzKernel0(sycl::queue &Q, bool Dump) {
  constexpr uint32_t Seed = 12899u;
  constexpr size_t NItems = 6, NOut = 15;
  uint32_t *In = sycl::malloc_shared<uint32_t>(NItems, Q);
  uint32_t *Uni = sycl::malloc_shared<uint32_t>(8, Q);
  uint32_t *Gs = sycl::malloc_shared<uint32_t>(NItems * 1 + 1, Q);
  uint32_t *Out = sycl::malloc_shared<uint32_t>(NItems * NOut, Q);
  for (uint32_t I = 0; I < NItems; ++I)
    In[I] = fuzzInput(Seed, I);
  for (uint32_t I = 0; I < 8; ++I)
    Uni[I] = fuzzInput(Seed ^ 0x5A5A5A5Au, I) % 8u;
  for (uint32_t I = 0; I < NItems * NOut; ++I)
    Out[I] = 0xA5A5A5A5u;
  const uint32_t P0 = 5u;
  const uint32_t P1 = 3u;
  const uint32_t P2 = 2u;
  const uint32_t P3 = 0x038A7F2Eu;
  Q.submit([&](sycl::handler &H) {
    sycl::local_accessor<uint32_t, 1> Loc(sycl::range<1>(4), H);
    sycl::local_accessor<uint32_t, 1> Sh(sycl::range<1>(3), H);
    H.parallel_for(
        sycl::nd_range<1>(sycl::range<1>(6), sycl::range<1>(2)),
        [=](sycl::nd_item<1> It) {
          const uint32_t Lid = static_cast<uint32_t>(It.get_local_linear_id());
          const uint32_t GroupBase = static_cast<uint32_t>(It.get_group_linear_id()) * 2u;
          const uint32_t Self = In[GroupBase + Lid];
          uint32_t v0 = Self;
          uint32_t v1 = Lid;
          uint32_t v2 = Self ^ 0x9E3779B9u;
          uint32_t v3 = Lid * 2654435761u;
          uint32_t v4 = Self + Lid;
          uint32_t v5 = GroupBase;
          uint32_t u0 = P0;
          uint32_t u1 = GroupBase;
          uint32_t u2 = Uni[2];
          uint32_t u3 = static_cast<uint32_t>(It.get_group_linear_id()) * 7u;
          uint32_t Pa[2] = {Self, Lid};
          Loc[0u + Lid] = Self + 0u;
          Loc[2u + Lid] = Self + 1u;
          Gs[(GroupBase + Lid) * 1u + 0u] = Self ^ 1u;
          if (Lid == 0) {
            Sh[0] = P0 + 0u;
            Sh[1] = P1 + 1u;
            Sh[2] = P2 + 2u;
          }
          It.barrier();
          v4 = Lid;
          {
            uint32_t i1Next = 0;
            while (i1Next < ((((Gs[(GroupBase + (static_cast<uint32_t>(It.get_group_linear_id()) % 2u)) * 1u + 0u] <= Uni[static_cast<uint32_t>(It.get_group(0)) % 8u]) ? Loc[0u + (2u % 2u)] : 0x7FFFFFFFu) % (3u | 1u)) + 0u)) {
              const uint32_t i1 = i1Next++;
              It.barrier(sycl::access::fence_space::local_space);
              if (Lid == 1u)
                Sh[0u] = v1;
              v2 = sycl::reduce_over_group(It.get_sub_group(), static_cast<uint32_t>(It.get_local_id(0)), sycl::minimum<uint32_t>());
              It.barrier();
              if (Lid == 1u)
                Sh[0u] = (fuzzRotl(Loc[0u + Lid], static_cast<uint32_t>(It.get_group_range(0))) + fuzzMin(Lid, Gs[(GroupBase + Lid) * 1u + 0u]));
            }
          }
          Pa[fuzzMin(v3, Lid) & 1u] = (((v2 % (2u | 1u)) == 0u) ? (Loc[2u + (v4 % 2u)] & u1) : static_cast<uint32_t>(It.get_group_linear_id()));
          v5 = fuzzMax((0xFFFFFFFEu & u1), ((v4 < v5) ? static_cast<uint32_t>(It.get_group(0)) : u0));
          It.barrier();
          sycl::group_barrier(It.get_group());
          if (11u >= (static_cast<uint32_t>(It.get_local_range(0)) >> (Sh[1u] & 31u))) {
            sycl::group_barrier(It.get_sub_group());
            It.barrier();
            if ((~Uni[0xFFFFFFFEu % 8u]) > (9u >> (static_cast<uint32_t>(It.get_global_id(0)) & 31u))) {
              v2 = (((2u - v4) > fuzzMin(v1, v0)) ? fuzzRotl(Gs[(GroupBase + Lid) * 1u + 0u], u3) : (~v3));
              Pa[(P2 & Loc[2u + Lid]) & 1u] = (Uni[P0 % 8u] & u3);
            } else {
              v4 = (1u * (v2 - Loc[2u + Lid]));
              v1 = fuzzMax(fuzzRotl(v3, Loc[2u + Lid]), (0u - Loc[2u + Lid]));
            }
            It.barrier();
          } else {
            sycl::group_barrier(It.get_sub_group());
          }
          auto Block6 = [&]() {
            if (((u3 | u1) % (6u | 1u)) != 1u) {
              It.barrier();
              v2 = ((Loc[2u + (u1 % 2u)] + Loc[2u + (v4 % 2u)]) + (~static_cast<uint32_t>(It.get_global_id(0))));
              Pa[(((Pa[v1 & 1u] & 1u) != 0u) ? v3 : Uni[71u % 8u]) & 1u] = ((((static_cast<uint32_t>(It.get_global_linear_id()) % (3u | 1u)) != 1u) ? v4 : Pa[u0 & 1u]) / (((v2 < Gs[(GroupBase + Lid) * 1u + 0u]) ? 58u : Loc[2u + (static_cast<uint32_t>(It.get_sub_group().get_max_local_range()[0]) % 2u)]) | 1u));
            } else {
              It.barrier(sycl::access::fence_space::global_and_local);
              if ((Sh[0u] & 1u) != 0u) {
                sycl::group_barrier(It.get_sub_group());
                for (uint32_t i2 = 0; i2 < (2u + ((0u - v3) % (3u | 1u))); ++i2) {
                  Pa[Lid & 1u] = ((~Loc[0u + (P2 % 2u)]) - (Gs[(GroupBase + Lid) * 1u + 0u] | 45u));
                  if (i2 < 1u) {
                    It.barrier();
                    v1 = (~(u1 << (Lid & 31u)));
                  }
                  Gs[(GroupBase + Lid) * 1u + 0u] = (~(Pa[v2 & 1u] ^ v0));
                  v1 = (((In[static_cast<uint32_t>(It.get_group_range(0)) % 6u] <= Uni[48u % 8u]) ? Pa[v5 & 1u] : v4) - (Loc[0u + (i2 % 2u)] ^ v0));
                }
                if (Lid == 1u)
                  Sh[2u] = fuzzMax(fuzzMax(0x7FFFFFFFu, u0), (static_cast<uint32_t>(It.get_global_linear_id()) ^ v3));
                sycl::group_barrier(It.get_group());
              } else {
                sycl::group_barrier(It.get_sub_group());
                if ((fuzzRotl(u3, P1) % (4u | 1u)) != 0u) {
                  It.barrier(sycl::access::fence_space::global_and_local);
                  It.barrier(sycl::access::fence_space::local_space);
                  v3 = Uni[P0 % 8u];
                } else {
                  v2 = (fuzzRotl(v2, Lid) / ((P3 << (Lid & 31u)) | 1u));
                }
                u1 = static_cast<uint32_t>(It.get_group_linear_id());
                for (uint32_t i3 = 0; i3 < ((31u % (4u | 1u)) + 0u); ++i3) {
                  u2 = Loc[0u + (i3 % 2u)];
                  It.barrier();
                  v5 = sycl::exclusive_scan_over_group(It.get_sub_group(), ((((((v5 & 1u) != 0u) ? Loc[0u + (6u % 2u)] : Lid) & 1u) != 0u) ? ((Uni[u1 % 8u] <= u3) ? Loc[2u + ((Lid + 15u) % 2u)] : u1) : (v4 ^ u0)), sycl::minimum<uint32_t>());
                }
              }
              for (uint32_t i4 = 0; i4 < ((fuzzMin(Uni[static_cast<uint32_t>(It.get_group_linear_id()) % 8u], Sh[1u]) % (3u | 1u)) + 0u); ++i4) {
                for (uint32_t i5 = 0; i5 < 3u; ++i5) {
                  v2 = fuzzMin((((Gs[(GroupBase + Lid) * 1u + 0u] & 1u) == 0u) ? v0 : Loc[2u + ((Lid + 15u) % 2u)]), (Pa[v1 & 1u] % (i4 | 1u)));
                }
                Pa[((Lid < static_cast<uint32_t>(It.get_group_linear_id())) ? static_cast<uint32_t>(It.get_group_range(0)) : Uni[u0 % 8u]) & 1u] = Lid;
                sycl::group_barrier(It.get_sub_group());
              }
              It.barrier();
            }
            Loc[0u + Lid] = (8u >> (0x7FFFFFFFu & 31u));
            Loc[0u + Lid] = (fuzzRotl(P3, Uni[10u % 8u]) - (v1 + In[Lid % 6u]));
          };
          Block6();
          Block6();
          uint32_t *O = Out + (GroupBase + Lid) * NOut;
          O[0] = v0;
          O[1] = v1;
          O[2] = v2;
          O[3] = v3;
          O[4] = v4;
          O[5] = v5;
          O[6] = u0;
          O[7] = u1;
          O[8] = u2;
          O[9] = u3;
          O[10] = Pa[0];
          O[11] = Pa[1];
          O[12] = Loc[0u + Lid];
          O[13] = Loc[2u + Lid];
          O[14] = Gs[(GroupBase + Lid) * 1u + 0u];
        });
  });
  Q.wait();
  uint64_t Hash = fuzzHash(Out, NItems * NOut);
  if (Dump)
    fuzzDump(Out, NItems * NOut);
  sycl::free(In, Q);
  sycl::free(Uni, Q);
  sycl::free(Gs, Q);
  sycl::free(Out, Q);
  return Hash;
}

struct FuzzKernel {
  uint32_t Seed;
  uint64_t (*Run)(sycl::queue &, bool);
};
const FuzzKernel Kernels[] = {
    {12899u, fuzzKernel0},
};

} // namespace

int main(int Argc, char **Argv) {
  int Only = -1;
  bool Dump = false;
  for (int I = 1; I < Argc; ++I) {
    if (!std::strcmp(Argv[I], "--dump"))
      Dump = true;
    else if (!std::strcmp(Argv[I], "--only") && I + 1 < Argc)
      Only = std::atoi(Argv[++I]);
  }
  sycl::queue Q;
  for (int K = 0; K < 1; ++K) {
    if (Only >= 0 && K != Only)
      continue;
    try {
      uint64_t Hash = Kernels[K].Run(Q, Dump);
      std::printf("kernel %d seed %u: 0x%016llx\n", K, Kernels[K].Seed,
                  static_cast<unsigned long long>(Hash));
    } catch (const sycl::exception &E) {
      std::printf("kernel %d seed %u: exception: %s\n", K, Kernels[K].Seed,
                  E.what());
    }
    std::fflush(stdout);
  }
  return 0;
}
