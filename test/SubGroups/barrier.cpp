// group_barrier(sub_group) and the pre-2020 sg.barrier(): they order the
// local-memory traffic of a sub-group (test/SubGroups/divergent.cpp runs
// them where the sub-groups part ways). Each round every work-item stores
// a value in local memory, waits at a sub-group barrier and reads its
// right neighbour's within its sub-group (wrapping in a partial one), then
// combines it with sub-group and work-group collectives; three rounds in a
// loop, so collectives, barriers and local memory interleave.
#include "subgroups.hpp"

namespace {

template <int Dims>
int runRounds(sycl::queue &Q, sycl::range<Dims> Global,
              sycl::range<Dims> Local) {
  const size_t N = Global.size(), GroupSize = Local.size();
  const int Rounds = 3;
  int64_t *Out = sycl::malloc_shared<int64_t>(N, Q);
  size_t *Reported = sycl::malloc_shared<size_t>(1, Q);
  auto Kernel = [=](sycl::nd_item<Dims> It,
                    const sycl::local_accessor<int64_t, 1> &Tile) {
    sycl::sub_group SG = It.get_sub_group();
    size_t Slot = subgroups::slotOf(It);
    if (Slot == 0)
      *Reported = SG.get_max_local_range()[0];
    size_t Lid = It.get_local_linear_id();
    size_t Lane = SG.get_local_linear_id(), Size = SG.get_local_linear_range();
    size_t First = Lid - Lane;
    int64_t X = int64_t(corpus::input(uint32_t(Slot)) % 1000);
    for (int R = 0; R < Rounds; ++R) {
      Tile[Lid] = X;
      if (R % 2)
        SG.barrier();
      else
        sycl::group_barrier(SG);
      int64_t Right = Tile[First + (Lane + 1) % Size];
      sycl::group_barrier(SG, sycl::memory_scope::sub_group);
      X = Right * 3 + sycl::reduce_over_group(SG, X, sycl::plus<>()) -
          sycl::reduce_over_group(It.get_group(), X, sycl::maximum<>());
    }
    Out[Slot] = X;
  };
  Q.submit([&](sycl::handler &CGH) {
     sycl::local_accessor<int64_t, 1> Tile(sycl::range<1>(GroupSize), CGH);
     CGH.parallel_for(sycl::nd_range<Dims>(Global, Local),
                      [=](sycl::nd_item<Dims> It) { Kernel(It, Tile); });
   }).wait();

  std::string Name = "barrier rounds" + subgroups::shapeName(Local);
  int Rc = 1;
  if (size_t SGSize = subgroups::checkedSize(Q, *Reported, Name.c_str())) {
    std::vector<int64_t> X(N), Want(N);
    for (size_t Slot = 0; Slot < N; ++Slot)
      X[Slot] = int64_t(corpus::input(uint32_t(Slot)) % 1000);
    for (int R = 0; R < Rounds; ++R) {
      for (size_t Slot = 0; Slot < N; ++Slot) {
        subgroups::Place P = subgroups::placeOfSlot(Slot, Local, SGSize);
        size_t First = Slot - P.Lane, GroupFirst = Slot / GroupSize * GroupSize;
        int64_t Sum = 0, Max = X[GroupFirst];
        for (size_t L = 0; L < P.Size; ++L)
          Sum += X[First + L];
        for (size_t I = 0; I < GroupSize; ++I)
          Max = std::max(Max, X[GroupFirst + I]);
        Want[Slot] = X[First + (P.Lane + 1) % P.Size] * 3 + Sum - Max;
      }
      X = Want;
    }
    Rc = corpus::check(Name.c_str(), Out, Want);
  }
  sycl::free(Out, Q);
  sycl::free(Reported, Q);
  return Rc;
}

} // namespace

int main() {
  sycl::queue Q;
  return subgroups::forEachShape(3, [&](auto Global, auto Local) {
    return runRounds(Q, Global, Local);
  });
}
