// async_work_group_copy, wait_for and device_event (SYCL 2020 4.9.1.5,
// 4.9.1.7, 4.9.1.9). A work-group copies a tile from global into local
// memory, every work-item reads elements that other work-items copied once
// the group has waited, and the results go back to global memory by a
// second copy. Covers the copies of nd_item and of group, device_event::wait
// and wait_for with several events, the decorated, legacy (local_ptr /
// global_ptr) and const-source forms, source and destination strides,
// element counts below, above and not a multiple of the group size, a 2-D
// group, int, float, vec<float, 4> and a struct, and the work-group scope
// of a hierarchical kernel. Outputs start as a sentinel, so a copy that
// writes too little, too much or in the wrong place shows; results are
// compared with serial host references word by word.
#include <sycl/sycl.hpp>

#include "../Corpus/corpus.hpp"

#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

namespace {

using sycl::access::address_space;
using sycl::access::decorated;

/// A struct element type (SYCL lists scalars and vectors; Lanes copies any
/// trivially copyable type).
struct Pair {
  int A;
  float B;
};

/// Input \p I of each element type: small integers and quarters, so every
/// result below is exact.
template <typename T> T input(uint32_t I) {
  uint32_t V = corpus::input(I, 5);
  float F = float(int(V % 129) - 64) * 0.25f;
  if constexpr (std::is_same_v<T, int>)
    return int(V % 100000) - 50000;
  else if constexpr (std::is_same_v<T, float>)
    return F;
  else if constexpr (std::is_same_v<T, Pair>)
    return Pair{int(V % 1000), F};
  else
    return T(F, F * 2, -F, float(V % 7));
}

/// What a work-item computes from element \p X and its neighbour \p Next.
template <typename T> T combine(T X, T Next) {
  if constexpr (std::is_same_v<T, int>)
    return X * 3 + Next;
  else if constexpr (std::is_same_v<T, Pair>)
    return Pair{X.A * 3 + Next.A, X.B + Next.B * 0.5f};
  else
    return X + Next * 0.5f;
}

/// What an output holds before the kernel writes it: 0x5a in every byte.
template <typename T> T sentinel() {
  T S;
  std::memset(static_cast<void *>(&S), 0x5a, sizeof(T));
  return S;
}

/// \p N elements of \p Values as 32-bit words (every type here is made of
/// 4-byte fields without padding).
template <typename T> std::vector<uint32_t> words(const T *Values, size_t N) {
  static_assert(sizeof(T) % 4 == 0, "a type of 4-byte fields");
  std::vector<uint32_t> W(N * sizeof(T) / 4);
  std::memcpy(W.data(), Values, N * sizeof(T));
  return W;
}

template <typename T>
int check(const std::string &Name, const T *Got, const std::vector<T> &Want) {
  return corpus::check(Name.c_str(), words(Got, Want.size()).data(),
                       words(Want.data(), Want.size()));
}

/// The group's \p Count results: element i combined with element i + 1
/// (cyclically) of \p Tile.
template <typename T> std::vector<T> neighbours(const std::vector<T> &Tile) {
  std::vector<T> R(Tile.size());
  for (size_t I = 0; I < Tile.size(); ++I)
    R[I] = combine(Tile[I], Tile[(I + 1) % Tile.size()]);
  return R;
}

/// 1-D groups of \p Local copy \p Count contiguous elements each into local
/// memory (nd_item, decorated pointers, wait_for), combine neighbours and
/// copy the results back (group, legacy pointers, device_event::wait).
template <typename T>
int runTile(sycl::queue &Q, const char *Type, size_t Local, size_t Count) {
  const size_t Groups = 6, N = Groups * Count;
  T *In = sycl::malloc_shared<T>(N, Q);
  T *Out = sycl::malloc_shared<T>(N, Q);
  for (size_t I = 0; I < N; ++I) {
    In[I] = input<T>(uint32_t(I));
    Out[I] = sentinel<T>();
  }

  Q.submit([&](sycl::handler &H) {
     sycl::local_accessor<T, 1> Tile(sycl::range<1>(Count), H);
     sycl::local_accessor<T, 1> Res(sycl::range<1>(Count), H);
     H.parallel_for(
         sycl::nd_range<1>(Groups * Local, Local), [=](sycl::nd_item<1> It) {
           const size_t Base = It.get_group(0) * Count;
           sycl::device_event In2Tile = It.async_work_group_copy(
               Tile.template get_multi_ptr<decorated::yes>(),
               sycl::address_space_cast<address_space::global_space,
                                        decorated::yes>(In + Base),
               Count);
           It.wait_for(In2Tile);
           for (size_t I = It.get_local_id(0); I < Count; I += Local)
             Res[I] = combine(Tile[I], Tile[(I + 1) % Count]);
           sycl::group<1> G = It.get_group();
           sycl::group_barrier(G);
           sycl::device_event Res2Out = G.async_work_group_copy(
               sycl::global_ptr<T>(Out + Base), Res.get_pointer(), Count);
           Res2Out.wait();
         });
   }).wait();

  std::vector<T> Want;
  for (size_t Gr = 0; Gr < Groups; ++Gr) {
    std::vector<T> R =
        neighbours(std::vector<T>(In + Gr * Count, In + (Gr + 1) * Count));
    Want.insert(Want.end(), R.begin(), R.end());
  }
  int Rc = check(std::string("tile ") + Type + " local " +
                     std::to_string(Local) + " count " + std::to_string(Count),
                 Out, Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}

/// Group g gathers column g of a Rows x Cols matrix (source stride Cols,
/// legacy pointers, a const source), reverses it and scatters it into
/// column g of a Rows x 2 Cols matrix (destination stride 2 Cols), whose
/// other columns must keep the sentinel.
template <typename T> int runStrided(sycl::queue &Q, const char *Type) {
  const size_t Rows = 100, Cols = 5, Local = 16;
  T *In = sycl::malloc_shared<T>(Rows * Cols, Q);
  T *Out = sycl::malloc_shared<T>(Rows * 2 * Cols, Q);
  for (size_t I = 0; I < Rows * Cols; ++I)
    In[I] = input<T>(uint32_t(I) + 777);
  for (size_t I = 0; I < Rows * 2 * Cols; ++I)
    Out[I] = sentinel<T>();

  Q.submit([&](sycl::handler &H) {
     sycl::local_accessor<T, 1> Column(sycl::range<1>(Rows), H);
     sycl::local_accessor<T, 1> Reversed(sycl::range<1>(Rows), H);
     H.parallel_for(
         sycl::nd_range<1>(Cols * Local, Local), [=](sycl::nd_item<1> It) {
           const size_t Col = It.get_group(0);
           It.wait_for(It.async_work_group_copy(
               Column.get_pointer(), sycl::global_ptr<const T>(In + Col), Rows,
               Cols));
           for (size_t I = It.get_local_id(0); I < Rows; I += Local)
             Reversed[I] = Column[Rows - 1 - I];
           It.barrier(sycl::access::fence_space::local_space);
           It.get_group()
               .async_work_group_copy(sycl::global_ptr<T>(Out + Col),
                                      Reversed.get_pointer(), Rows, 2 * Cols)
               .wait();
         });
   }).wait();

  std::vector<T> Want(Rows * 2 * Cols, sentinel<T>());
  for (size_t R = 0; R < Rows; ++R)
    for (size_t C = 0; C < Cols; ++C)
      Want[R * 2 * Cols + C] = In[(Rows - 1 - R) * Cols + C];
  int Rc = check(std::string("strided ") + Type, Out, Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}

/// 2-D groups of 2 x 16 copy three arrays of different types and lengths
/// (75 ints and floats, 33 vectors: more than the 32 work-items and not
/// multiples of 32) and wait for all three in one nd_item::wait_for, then
/// copy three results back and wait for them in one group::wait_for.
int runThreeEvents(sycl::queue &Q) {
  using Vec = sycl::vec<float, 4>;
  const sycl::range<2> Global(4, 64), Local(2, 16);
  const size_t Groups = Global.size() / Local.size(), Items = Local.size();
  const size_t NI = 75, NV = 33;
  int *InI = sycl::malloc_shared<int>(Groups * NI, Q);
  float *InF = sycl::malloc_shared<float>(Groups * NI, Q);
  Vec *InV = sycl::malloc_shared<Vec>(Groups * NV, Q);
  int *OutI = sycl::malloc_shared<int>(Groups * NI, Q);
  float *OutF = sycl::malloc_shared<float>(Groups * NI, Q);
  Vec *OutV = sycl::malloc_shared<Vec>(Groups * NV, Q);
  for (size_t I = 0; I < Groups * NI; ++I) {
    InI[I] = input<int>(uint32_t(I));
    InF[I] = input<float>(uint32_t(I) + 5000);
    OutI[I] = sentinel<int>();
    OutF[I] = sentinel<float>();
  }
  for (size_t I = 0; I < Groups * NV; ++I) {
    InV[I] = input<Vec>(uint32_t(I) + 9000);
    OutV[I] = sentinel<Vec>();
  }

  Q.submit([&](sycl::handler &H) {
     sycl::local_accessor<int, 1> TI(sycl::range<1>(NI), H);
     sycl::local_accessor<float, 1> TF(sycl::range<1>(NI), H);
     sycl::local_accessor<Vec, 1> TV(sycl::range<1>(NV), H);
     H.parallel_for(sycl::nd_range<2>(Global, Local), [=](sycl::nd_item<2> It) {
       sycl::group<2> G = It.get_group();
       const size_t Gr = G.get_group_linear_id(), Lid = G.get_local_linear_id();
       auto GlobalPtr = [](auto *P) {
         return sycl::address_space_cast<address_space::global_space,
                                         decorated::yes>(P);
       };
       auto EI = It.async_work_group_copy(TI.get_multi_ptr<decorated::yes>(),
                                          GlobalPtr(InI + Gr * NI), NI);
       auto EF = It.async_work_group_copy(TF.get_multi_ptr<decorated::yes>(),
                                          GlobalPtr(InF + Gr * NI), NI);
       auto EV = It.async_work_group_copy(TV.get_multi_ptr<decorated::yes>(),
                                          GlobalPtr(InV + Gr * NV), NV);
       It.wait_for(EI, EF, EV);
       // Each item reads the element the next item copied, then writes its
       // own results in place once all have read.
       int RI[3];
       float RF[3];
       Vec RV[2];
       for (size_t K = 0, I = Lid; I < NI; ++K, I += Items) {
         RI[K] = combine(TI[I], TI[(I + 1) % NI]);
         RF[K] = combine(TF[I], TF[(I + 1) % NI]);
         if (I < NV)
           RV[K] = combine(TV[I], TV[(I + 1) % NV]);
       }
       sycl::group_barrier(G);
       for (size_t K = 0, I = Lid; I < NI; ++K, I += Items) {
         TI[I] = RI[K];
         TF[I] = RF[K];
         if (I < NV)
           TV[I] = RV[K];
       }
       sycl::group_barrier(G);
       G.wait_for(
           G.async_work_group_copy(GlobalPtr(OutI + Gr * NI),
                                   TI.get_multi_ptr<decorated::yes>(), NI),
           G.async_work_group_copy(GlobalPtr(OutF + Gr * NI),
                                   TF.get_multi_ptr<decorated::yes>(), NI),
           G.async_work_group_copy(GlobalPtr(OutV + Gr * NV),
                                   TV.get_multi_ptr<decorated::yes>(), NV));
     });
   }).wait();

  std::vector<int> WantI;
  std::vector<float> WantF;
  std::vector<Vec> WantV;
  for (size_t Gr = 0; Gr < Groups; ++Gr) {
    auto I = neighbours(std::vector<int>(InI + Gr * NI, InI + (Gr + 1) * NI));
    auto F = neighbours(std::vector<float>(InF + Gr * NI, InF + (Gr + 1) * NI));
    auto V = neighbours(std::vector<Vec>(InV + Gr * NV, InV + (Gr + 1) * NV));
    WantI.insert(WantI.end(), I.begin(), I.end());
    WantF.insert(WantF.end(), F.begin(), F.end());
    WantV.insert(WantV.end(), V.begin(), V.end());
  }
  int Rc = check("three events 2-D int", OutI, WantI) |
           check("three events 2-D float", OutF, WantF) |
           check("three events 2-D vec<float, 4>", OutV, WantV);
  for (void *P : {(void *)InI, (void *)InF, (void *)InV, (void *)OutI,
                  (void *)OutF, (void *)OutV})
    sycl::free(P, Q);
  return Rc;
}

/// The work-group scope of a hierarchical kernel: the body runs once per
/// group, so its copy must move every element by itself.
int runHierarchical(sycl::queue &Q) {
  const size_t Groups = 5, Local = 64, Count = 150;
  int *In = sycl::malloc_shared<int>(Groups * Count, Q);
  int *Out = sycl::malloc_shared<int>(Groups * Count, Q);
  for (size_t I = 0; I < Groups * Count; ++I) {
    In[I] = input<int>(uint32_t(I) + 31);
    Out[I] = sentinel<int>();
  }

  Q.submit([&](sycl::handler &H) {
     sycl::local_accessor<int, 1> Tile(sycl::range<1>(Count), H);
     sycl::local_accessor<int, 1> Res(sycl::range<1>(Count), H);
     H.parallel_for_work_group(
         sycl::range<1>(Groups), sycl::range<1>(Local), [=](sycl::group<1> G) {
           const size_t Base = G.get_group_id(0) * Count;
           G.wait_for(G.async_work_group_copy(
               Tile.get_pointer(), sycl::global_ptr<int>(In + Base), Count));
           G.parallel_for_work_item([&](sycl::h_item<1> It) {
             for (size_t I = It.get_local_id(0); I < Count; I += Local)
               Res[I] = combine(Tile[I], Tile[(I + 1) % Count]);
           });
           G.async_work_group_copy(sycl::global_ptr<int>(Out + Base),
                                   Res.get_pointer(), Count)
               .wait();
         });
   }).wait();

  std::vector<int> Want;
  for (size_t Gr = 0; Gr < Groups; ++Gr) {
    auto R =
        neighbours(std::vector<int>(In + Gr * Count, In + (Gr + 1) * Count));
    Want.insert(Want.end(), R.begin(), R.end());
  }
  int Rc = check("hierarchical work-group scope", Out, Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}

// The overloads SYCL 2020 lists, and no others: both pointers legacy or
// both decorated (the source maybe const), never undecorated or mixed.
template <typename DestT, typename SrcT, typename = void>
constexpr bool CanCopy = false;
template <typename DestT, typename SrcT>
constexpr bool CanCopy<
    DestT, SrcT,
    std::void_t<decltype(std::declval<sycl::nd_item<1>>().async_work_group_copy(
        std::declval<DestT>(), std::declval<SrcT>(), size_t(1)))>> = true;
static_assert(CanCopy<sycl::local_ptr<int>, sycl::global_ptr<int>>);
static_assert(CanCopy<sycl::global_ptr<int>, sycl::local_ptr<const int>>);
static_assert(CanCopy<sycl::decorated_local_ptr<float>,
                      sycl::decorated_global_ptr<const float>>);
static_assert(!CanCopy<sycl::raw_local_ptr<int>, sycl::raw_global_ptr<int>>);
static_assert(!CanCopy<sycl::decorated_local_ptr<int>, sycl::global_ptr<int>>);
static_assert(!CanCopy<sycl::local_ptr<int>, sycl::local_ptr<int>>);
static_assert(!CanCopy<sycl::local_ptr<int>, sycl::global_ptr<float>>);
static_assert(!std::is_default_constructible_v<sycl::device_event>);
static_assert(noexcept(std::declval<sycl::device_event &>().wait()) ==
              !LANES_WAITS_MAY_THROW);

} // namespace

int main() {
  sycl::queue Q;
  int Rc = 0;
  for (size_t Count : {size_t(64), size_t(5), size_t(100), size_t(300)}) {
    Rc |= runTile<int>(Q, "int", 64, Count);
    Rc |= runTile<float>(Q, "float", 64, Count);
  }
  Rc |= runTile<sycl::vec<float, 4>>(Q, "vec<float, 4>", 16, 45);
  Rc |= runTile<Pair>(Q, "struct", 7, 45);
  Rc |= runStrided<int>(Q, "int");
  Rc |= runStrided<float>(Q, "float");
  Rc |= runThreeEvents(Q);
  Rc |= runHierarchical(Q);
  return Rc;
}
