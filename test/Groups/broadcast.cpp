// group_broadcast in its three forms (from the leader, from a local linear
// id, from a local id<Dims>) in 1-D, 2-D and 3-D groups, for types of every
// carrier (char, bool, int, unsigned long, float, double) and for types
// that travel in 8-byte chunks: a pointer and a 20-byte struct.
#include "groups.hpp"

#include <cstring>

namespace {

struct Record {
  int A;
  float B;
  char Name[12];
};

template <int Dims>
int runBroadcast(sycl::queue &Q, const char *Name, sycl::range<Dims> Global,
                 sycl::range<Dims> Local, sycl::id<Dims> From) {
  const size_t N = Global.size(), GroupSize = Local.size();
  size_t FromLinear = From[0];
  for (int I = 1; I < Dims; ++I)
    FromLinear = FromLinear * Local[I] + From[I];
  const size_t Source = GroupSize - 1 - GroupSize / 3; // a linear id
  // Per slot: char, bool, int, unsigned long, float, double, pointer index,
  // and the struct's three fields, for the three forms.
  const size_t Fields = 10, Forms = 3;
  double *Out = sycl::malloc_shared<double>(N * Fields * Forms, Q);
  int *Base = sycl::malloc_shared<int>(N, Q);

  Q.parallel_for(sycl::nd_range<Dims>(Global, Local), [=](sycl::nd_item<Dims>
                                                              It) {
     sycl::group<Dims> G = It.get_group();
     size_t Slot = G.get_group_linear_id() * G.get_local_linear_range() +
                   G.get_local_linear_id();
     uint32_t V = corpus::input(uint32_t(Slot));
     char C = char(V);
     bool B = V % 3 == 0;
     int I = int(V);
     unsigned long UL = (unsigned long)V << 31 | V;
     float F = float(int(V % 1000)) * 0.5f;
     double D = double(V) * 0.25;
     const int *P = Base + Slot;
     Record R{int(V), float(V % 77), {}};
     for (int K = 0; K < 11; ++K)
       R.Name[K] = char('a' + (V >> K) % 26);
     for (int Form = 0; Form < 3; ++Form) {
       double *O = Out + (Slot * Forms + Form) * Fields;
       auto Send = [&](auto X) {
         if (Form == 0)
           return sycl::group_broadcast(G, X);
         if (Form == 1)
           return sycl::group_broadcast(G, X, Source);
         return sycl::group_broadcast(G, X, From);
       };
       O[0] = Send(C);
       O[1] = Send(B);
       O[2] = Send(I);
       O[3] = double(Send(UL) % 1000003);
       O[4] = Send(F);
       O[5] = Send(D);
       O[6] = double(Send(P) - Base);
       Record Got = Send(R);
       O[7] = Got.A;
       O[8] = Got.B;
       O[9] = double(std::strlen(Got.Name) * 1000 + Got.Name[3]);
     }
   }).wait();

  std::vector<double> Want(N * Fields * Forms);
  for (size_t Slot = 0; Slot < N; ++Slot) {
    size_t GroupBase = Slot / GroupSize * GroupSize;
    for (size_t Form = 0; Form < Forms; ++Form) {
      size_t From = GroupBase + (Form == 0   ? 0
                                 : Form == 1 ? Source
                                             : FromLinear);
      uint32_t V = corpus::input(uint32_t(From));
      double *W = &Want[(Slot * Forms + Form) * Fields];
      W[0] = char(V);
      W[1] = V % 3 == 0;
      W[2] = int(V);
      W[3] = double(((unsigned long)V << 31 | V) % 1000003);
      W[4] = float(int(V % 1000)) * 0.5f;
      W[5] = double(V) * 0.25;
      W[6] = double(From);
      W[7] = int(V);
      W[8] = float(V % 77);
      W[9] = 11 * 1000 + char('a' + (V >> 3) % 26);
    }
  }
  int Rc = corpus::check(Name, Out, Want);
  sycl::free(Out, Q);
  sycl::free(Base, Q);
  return Rc;
}

} // namespace

int main() {
  sycl::queue Q;
  int Rc = runBroadcast<1>(Q, "broadcast 1-D local 1", {3}, {1}, {0});
  Rc |= runBroadcast<1>(Q, "broadcast 1-D local 13", {39}, {13}, {11});
  Rc |= runBroadcast<1>(Q, "broadcast 1-D local 256", {512}, {256}, {200});
  Rc |= runBroadcast<2>(Q, "broadcast 2-D local 3x5", {6, 10}, {3, 5}, {2, 1});
  Rc |= runBroadcast<3>(Q, "broadcast 3-D local 2x3x4", {4, 3, 8}, {2, 3, 4},
                        {1, 2, 3});
  return Rc;
}
