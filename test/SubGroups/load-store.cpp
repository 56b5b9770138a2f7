// The block loads and stores of DPC++'s sycl_ext_oneapi_sub_group:
// sub_group::load and store of one element per work-item (from a raw
// pointer and from a multi_ptr) and of vec<T, N> for N = 1, 2, 3, 4, 8 and
// 16, whose component k of lane i is element i + k * get_max_local_range()
// of the block. For int, float, short and double, in global memory (USM
// through address_space_cast and a legacy global_ptr, a read and a
// read-write buffer accessor through get_multi_ptr, USM through generic
// multi_ptrs) and in local memory (local_accessor), in 1-D and 2-D
// work-groups whose rows are and are not multiples of the sub-group size.
//
// Every sub-group owns a region of the input and of the output: one block
// per form, one after the other. Each work-item writes what its loads gave
// it, and the host compares that with the input element the definition
// names; each work-item stores values that encode its slot and component,
// and the host compares the whole output with where the definition puts
// them. Elements no lane stores to (the missing lanes of a partial
// sub-group, past the blocks) must keep their sentinel.
#include "subgroups.hpp"

namespace {

/// The forms, in the order of their blocks in a sub-group's region: a raw
/// pointer, a multi_ptr, and vec<T, N> for each N of vec.
enum Form { Raw, MultiPtr, Vec1, Vec2, Vec3, Vec4, Vec8, Vec16, NumForms };
constexpr size_t FormWidth[NumForms] = {1, 1, 1, 2, 3, 4, 8, 16};
constexpr size_t FormStart[NumForms] = {0, 1, 2, 3, 5, 8, 12, 20};
/// Elements per lane of a sub-group's region (the sum of FormWidth).
constexpr size_t Width = 36;

const char *formName(size_t F) {
  static const char *Names[] = {"load/store(T *)",  "load/store(multi_ptr)",
                                "load<1>/store<1>", "load<2>/store<2>",
                                "load<3>/store<3>", "load<4>/store<4>",
                                "load<8>/store<8>", "load<16>/store<16>"};
  return Names[F];
}

/// The value numbered \p I: distinct for every I below 30000, exact in
/// every tested type.
template <typename T> T valueOf(size_t I) { return T(int(I % 30000) - 15000); }
/// What no lane stores.
template <typename T> T sentinel() { return T(-32000); }

/// Loads every form from the region at \p In into \p Loaded (Width values
/// of the work-item) and stores every form, with the values numbered
/// Slot * Width + component, to the region at \p Out. \p In and \p Out
/// are multi_ptrs to the sub-group's regions; \p S is the sub-group size.
template <typename T, typename InPtr, typename OutPtr>
void runForms(const sycl::sub_group &SG, InPtr In, OutPtr Out, size_t S,
              T *Loaded, size_t Slot) {
  T *L = Loaded + Slot * Width;
  L[FormStart[Raw]] = SG.load(In.get() + FormStart[Raw] * S);
  L[FormStart[MultiPtr]] = SG.load(In + FormStart[MultiPtr] * S);
  auto LoadVec = [&](auto NC, Form F) {
    constexpr int N = decltype(NC)::value;
    sycl::vec<T, N> V = SG.template load<N>(In + FormStart[F] * S);
    for (int K = 0; K < N; ++K)
      L[FormStart[F] + K] = V[K];
  };
  LoadVec(std::integral_constant<int, 1>(), Vec1);
  LoadVec(std::integral_constant<int, 2>(), Vec2);
  LoadVec(std::integral_constant<int, 3>(), Vec3);
  LoadVec(std::integral_constant<int, 4>(), Vec4);
  LoadVec(std::integral_constant<int, 8>(), Vec8);
  LoadVec(std::integral_constant<int, 16>(), Vec16);

  const size_t Value = Slot * Width;
  SG.store(Out.get() + FormStart[Raw] * S, valueOf<T>(Value + FormStart[Raw]));
  SG.store(Out + FormStart[MultiPtr] * S,
           valueOf<T>(Value + FormStart[MultiPtr]));
  auto StoreVec = [&](auto NC, Form F) {
    constexpr int N = decltype(NC)::value;
    sycl::vec<T, N> V;
    for (int K = 0; K < N; ++K)
      V[K] = valueOf<T>(Value + FormStart[F] + K);
    SG.template store<N>(Out + FormStart[F] * S, V);
  };
  StoreVec(std::integral_constant<int, 1>(), Vec1);
  StoreVec(std::integral_constant<int, 2>(), Vec2);
  StoreVec(std::integral_constant<int, 3>(), Vec3);
  StoreVec(std::integral_constant<int, 4>(), Vec4);
  StoreVec(std::integral_constant<int, 8>(), Vec8);
  StoreVec(std::integral_constant<int, 16>(), Vec16);
}

/// Where the memory of the test lives and how the kernel points into it.
enum class Memory { USM, Accessor, Generic, Local };

const char *memoryName(Memory M) {
  switch (M) {
  case Memory::USM:
    return "global (USM)";
  case Memory::Accessor:
    return "global (accessor)";
  case Memory::Generic:
    return "generic (USM)";
  default:
    return "local";
  }
}

/// The sub-group's region: the number of sub-groups before it in the whole
/// range, times the region's size.
template <int Dims>
size_t regionOf(const sycl::nd_item<Dims> &It, const sycl::sub_group &SG,
                size_t S) {
  size_t SubGroup = It.get_group_linear_id() * SG.get_group_linear_range() +
                    SG.get_group_linear_id();
  return SubGroup * Width * S;
}

/// Launches the kernel of \p M: every work-item loads and stores every form
/// in its sub-group's regions of \p In and \p Out (\p Size elements each)
/// and writes what it loaded to \p Loaded.
template <Memory M, typename T, int Dims>
void launch(sycl::queue &Q, sycl::nd_range<Dims> Range, const T *In, T *Out,
            size_t Size, T *Loaded, size_t *Reported) {
  using namespace sycl::access;
  auto Start = [=](const sycl::nd_item<Dims> &It) {
    sycl::sub_group SG = It.get_sub_group();
    size_t S = SG.get_max_local_range()[0];
    if (It.get_global_linear_id() == 0)
      *Reported = S;
    return regionOf(It, SG, S);
  };
  if constexpr (M == Memory::USM) {
    Q.parallel_for(Range, [=](sycl::nd_item<Dims> It) {
       size_t R = Start(It);
       // DPC++ 2021's samples wrap the pointer in a legacy global_ptr.
       runForms(
           It.get_sub_group(),
           sycl::address_space_cast<address_space::global_space, decorated::no>(
               In + R),
           sycl::global_ptr<T>(Out + R),
           It.get_sub_group().get_max_local_range()[0], Loaded,
           subgroups::slotOf(It));
     }).wait();
  } else if constexpr (M == Memory::Generic) {
    Q.parallel_for(Range, [=](sycl::nd_item<Dims> It) {
       size_t R = Start(It);
       runForms(It.get_sub_group(),
                sycl::address_space_cast<address_space::generic_space,
                                         decorated::yes>(In + R),
                sycl::address_space_cast<address_space::generic_space,
                                         decorated::no>(Out + R),
                It.get_sub_group().get_max_local_range()[0], Loaded,
                subgroups::slotOf(It));
     }).wait();
  } else if constexpr (M == Memory::Accessor) {
    sycl::buffer<T, 1> InBuf(In, sycl::range<1>(Size));
    sycl::buffer<T, 1> OutBuf(Out, sycl::range<1>(Size));
    Q.submit([&](sycl::handler &H) {
      sycl::accessor InAcc(InBuf, H, sycl::read_only);
      sycl::accessor OutAcc(OutBuf, H, sycl::read_write);
      H.parallel_for(Range, [=](sycl::nd_item<Dims> It) {
        size_t R = Start(It);
        runForms(It.get_sub_group(),
                 InAcc.template get_multi_ptr<decorated::no>() + R,
                 OutAcc.template get_multi_ptr<decorated::no>() + R,
                 It.get_sub_group().get_max_local_range()[0], Loaded,
                 subgroups::slotOf(It));
      });
    });
    // The buffers write Out back when they go.
  } else {
    // The work-group's regions, copied into local memory and back.
    size_t PerGroup = Size / (Range.get_global_range().size() /
                              Range.get_local_range().size());
    Q.submit([&](sycl::handler &H) {
      sycl::local_accessor<T, 1> InTile(sycl::range<1>(PerGroup), H);
      sycl::local_accessor<T, 1> OutTile(sycl::range<1>(PerGroup), H);
      H.parallel_for(Range, [=](sycl::nd_item<Dims> It) {
        sycl::group<Dims> G = It.get_group();
        size_t First = G.get_group_linear_id() * PerGroup;
        for (size_t I = G.get_local_linear_id(); I < PerGroup;
             I += G.get_local_linear_range()) {
          InTile[I] = In[First + I];
          OutTile[I] = Out[First + I];
        }
        sycl::group_barrier(G);
        sycl::sub_group SG = It.get_sub_group();
        size_t S = SG.get_max_local_range()[0];
        size_t R = Start(It) - First;
        runForms(SG, InTile.template get_multi_ptr<decorated::no>() + R,
                 OutTile.get_pointer() + R, S, Loaded, subgroups::slotOf(It));
        sycl::group_barrier(G);
        for (size_t I = G.get_local_linear_id(); I < PerGroup;
             I += G.get_local_linear_range())
          Out[First + I] = OutTile[I];
      });
    });
    Q.wait();
  }
}

/// Prints the first differences of \p Got from \p Want (at most 10) and
/// the summary line; \p Describe(I) says what element I is. Returns 1 on a
/// difference.
template <typename T, typename DescribeT>
int compare(const std::string &Name, const T *Got, const std::vector<T> &Want,
            DescribeT Describe) {
  size_t Bad = 0;
  for (size_t I = 0; I < Want.size(); ++I) {
    if (Got[I] == Want[I])
      continue;
    if (++Bad <= 10)
      std::printf("  mismatch: %s: got %g, want %g\n", Describe(I).c_str(),
                  double(Got[I]), double(Want[I]));
  }
  std::printf("%s: %s, %zu of %zu elements differ\n", Name.c_str(),
              Bad ? "FAIL" : "OK", Bad, Want.size());
  return Bad != 0;
}

/// Runs the kernel of \p M on T over nd_range(Global, Local) and checks
/// its loads and its stores.
template <Memory M, typename T, int Dims>
int runLoadStore(sycl::queue &Q, const char *Type, sycl::range<Dims> Global,
                 sycl::range<Dims> Local) {
  const size_t N = Global.size(), Groups = N / Local.size();
  // The kernel reports its size; the regions need it before the launch.
  const size_t S =
      Q.get_device()
          .template get_info<sycl::info::device::sub_group_sizes>()[0];
  const size_t SubGroups =
      Groups * subgroups::placeOf<Dims>(0, Local, S).NumSubGroups;
  const size_t Size = SubGroups * Width * S;
  T *In = sycl::malloc_shared<T>(Size, Q);
  T *Out = sycl::malloc_shared<T>(Size, Q);
  T *Loaded = sycl::malloc_shared<T>(N * Width, Q);
  size_t *Reported = sycl::malloc_shared<size_t>(1, Q);
  for (size_t I = 0; I < Size; ++I) {
    In[I] = valueOf<T>(I);
    Out[I] = sentinel<T>();
  }
  launch<M>(Q, sycl::nd_range<Dims>(Global, Local), In, Out, Size, Loaded,
            Reported);

  std::string Name = std::string("load-store ") + Type + " " + memoryName(M) +
                     subgroups::shapeName(Local) + " sub-groups of " +
                     std::to_string(S);
  int Rc = 1;
  if (subgroups::checkedSize(Q, *Reported, Name.c_str()) == S) {
    // The element of form F, component K, lane Lane in the region of
    // sub-group SubGroup, as the definition places it.
    auto ElementOf = [&](size_t SubGroup, size_t F, size_t K, size_t Lane) {
      return SubGroup * Width * S + FormStart[F] * S + K * S + Lane;
    };
    std::vector<T> WantLoaded(N * Width), WantOut(Size, sentinel<T>());
    std::vector<size_t> Owner(Size, ~size_t(0));
    for (size_t Slot = 0; Slot < N; ++Slot) {
      subgroups::Place P = subgroups::placeOfSlot(Slot, Local, S);
      size_t SubGroup = Slot / Local.size() * P.NumSubGroups + P.SubGroup;
      for (size_t F = 0; F < NumForms; ++F)
        for (size_t K = 0; K < FormWidth[F]; ++K) {
          size_t E = ElementOf(SubGroup, F, K, P.Lane);
          WantLoaded[Slot * Width + FormStart[F] + K] = In[E];
          WantOut[E] = valueOf<T>(Slot * Width + FormStart[F] + K);
          Owner[E] = Slot;
        }
    }
    auto DescribeLoaded = [&](size_t I) {
      size_t Slot = I / Width, C = I % Width, F = NumForms - 1;
      while (FormStart[F] > C)
        --F;
      subgroups::Place P = subgroups::placeOfSlot(Slot, Local, S);
      return "slot " + std::to_string(Slot) + " (lane " +
             std::to_string(P.Lane) + " of " + std::to_string(P.Size) + "), " +
             formName(F) + " component " + std::to_string(C - FormStart[F]) +
             " loaded";
    };
    auto DescribeOut = [&](size_t I) {
      return "output element " + std::to_string(I) +
             (Owner[I] == ~size_t(0)
                  ? std::string(" (no lane's)")
                  : " (slot " + std::to_string(Owner[I]) + "'s)");
    };
    Rc = compare(Name + " loads", Loaded, WantLoaded, DescribeLoaded);
    Rc |= compare(Name + " stores", Out, WantOut, DescribeOut);
  }
  sycl::free(In, Q);
  sycl::free(Out, Q);
  sycl::free(Loaded, Q);
  sycl::free(Reported, Q);
  return Rc;
}

/// Every shape for one type and memory: 1-D rows of 13 (partial sub-groups
/// for every size above 1), 32 (whole ones up to 32) and 100 (whole ones of
/// 4, partial ones of 8 and 16), and 2-D groups with rows of 13 and 16.
template <Memory M, typename T>
int runShapes(sycl::queue &Q, const char *Type) {
  int Rc = 0;
  for (size_t Row : {13, 32, 100})
    Rc |= runLoadStore<M, T>(Q, Type, sycl::range<1>(2 * Row),
                             sycl::range<1>(Row));
  Rc |=
      runLoadStore<M, T>(Q, Type, sycl::range<2>(6, 26), sycl::range<2>(3, 13));
  Rc |=
      runLoadStore<M, T>(Q, Type, sycl::range<2>(4, 32), sycl::range<2>(2, 16));
  return Rc;
}

template <typename T> int runMemories(sycl::queue &Q, const char *Type) {
  return runShapes<Memory::USM, T>(Q, Type) |
         runShapes<Memory::Accessor, T>(Q, Type) |
         runShapes<Memory::Local, T>(Q, Type);
}

} // namespace

int main() {
  sycl::queue Q;
  int Rc = runMemories<int>(Q, "int");
  Rc |= runMemories<float>(Q, "float");
  Rc |= runMemories<short>(Q, "short");
  Rc |= runMemories<double>(Q, "double");
  Rc |= runShapes<Memory::Generic, int>(Q, "int");
  return Rc;
}
