// any_of_group, all_of_group and none_of_group with a bool and with a value
// and predicate, and joint_any_of / joint_all_of / joint_none_of over
// ranges shorter than, equal to and longer than the group (and empty), in
// groups where the answer is sometimes true and sometimes false.
#include "groups.hpp"

namespace {

int runGroupForms(sycl::queue &Q, size_t Local) {
  const size_t Groups = 24, N = Groups * Local;
  int *In = sycl::malloc_shared<int>(N, Q);
  int *Out = sycl::malloc_shared<int>(N, Q);
  // Group g: every value positive when g % 3 == 0, none when g % 3 == 1,
  // a few (or, for groups of 1, all) otherwise.
  for (size_t I = 0; I < N; ++I) {
    size_t G = I / Local;
    uint32_t V = corpus::input(uint32_t(I));
    In[I] = G % 3 == 0   ? int(V % 100 + 1)
            : G % 3 == 1 ? -int(V % 100)
                         : (I % Local == (G * 5) % Local ? 7 : -3);
  }
  Q.parallel_for(sycl::nd_range<1>(N, Local), [=](sycl::nd_item<1> It) {
     auto G = It.get_group();
     size_t I = It.get_global_id(0);
     int X = In[I];
     auto Positive = [](int V) { return V > 0; };
     int Bits = sycl::any_of_group(G, X > 0) | sycl::all_of_group(G, X > 0) << 1 |
                sycl::none_of_group(G, X > 0) << 2 |
                sycl::any_of_group(G, X, Positive) << 3 |
                sycl::all_of_group(G, X, Positive) << 4 |
                sycl::none_of_group(G, X, Positive) << 5;
     Out[I] = Bits;
   }).wait();
  std::vector<int> Want(N);
  for (size_t Base = 0; Base < N; Base += Local) {
    bool Any = false, All = true;
    for (size_t I = Base; I < Base + Local; ++I) {
      Any = Any || In[I] > 0;
      All = All && In[I] > 0;
    }
    int Bits = Any | All << 1 | !Any << 2;
    Bits |= Bits << 3;
    for (size_t I = Base; I < Base + Local; ++I)
      Want[I] = Bits;
  }
  std::string Name = "any/all/none_of_group local " + std::to_string(Local);
  int Rc = corpus::check(Name.c_str(), Out, Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}

/// Each group g looks at a range of Lengths[g % 5] elements of its own.
int runJointForms(sycl::queue &Q, size_t Local) {
  const size_t Groups = 15;
  const size_t Lengths[5] = {0, 1, Local > 1 ? Local - 1 : 1, Local,
                             3 * Local + 2};
  const size_t Stride = 3 * Local + 2;
  float *Data = sycl::malloc_shared<float>(Groups * Stride, Q);
  int *Out = sycl::malloc_shared<int>(Groups * Local, Q);
  for (size_t G = 0; G < Groups; ++G)
    for (size_t I = 0; I < Stride; ++I) {
      uint32_t V = corpus::input(uint32_t(G * Stride + I), 3);
      // Groups (g / 5) % 3 == 0: all positive; 1: one positive; 2: none.
      size_t Kind = (G / 5) % 3;
      Data[G * Stride + I] = Kind == 0 ? float(V % 9 + 1)
                             : Kind == 1 && I == (V % 2 ? Lengths[G % 5] - 1
                                                        : Lengths[G % 5] / 2)
                                 ? 0.5f
                                 : -float(V % 9);
    }
  Q.parallel_for(sycl::nd_range<1>(Groups * Local, Local),
                 [=](sycl::nd_item<1> It) {
                   auto G = It.get_group();
                   size_t Group = G.get_group_linear_id();
                   const float *First = Data + Group * Stride;
                   const float *Last = First + Lengths[Group % 5];
                   auto Positive = [](float V) { return V > 0; };
                   Out[It.get_global_id(0)] =
                       sycl::joint_any_of(G, First, Last, Positive) |
                       sycl::joint_all_of(G, First, Last, Positive) << 1 |
                       sycl::joint_none_of(G, First, Last, Positive) << 2;
                 })
      .wait();
  std::vector<int> Want(Groups * Local);
  for (size_t G = 0; G < Groups; ++G) {
    bool Any = false, All = true;
    for (size_t I = 0; I < Lengths[G % 5]; ++I) {
      Any = Any || Data[G * Stride + I] > 0;
      All = All && Data[G * Stride + I] > 0;
    }
    for (size_t I = 0; I < Local; ++I)
      Want[G * Local + I] = Any | All << 1 | !Any << 2;
  }
  std::string Name = "joint_any/all/none_of local " + std::to_string(Local);
  int Rc = corpus::check(Name.c_str(), Out, Want);
  sycl::free(Data, Q);
  sycl::free(Out, Q);
  return Rc;
}

} // namespace

int main() {
  sycl::queue Q;
  int Rc = 0;
  for (size_t Local : {size_t(1), size_t(7), size_t(256)}) {
    Rc |= runGroupForms(Q, Local);
    Rc |= runJointForms(Q, Local);
  }
  return Rc;
}
