// activations: one activation function per element, one work-item each
// (problems/activations.hpp); --kernel erf|silu picks the others. Each is
// a call of sycl::tanh, sycl::erf or sycl::exp in the work-item loop.
#include <sycl/sycl.hpp>

#include "problems/activations.hpp"

using namespace activations;

static void launch(sycl::queue &Q, const Problem &P, const float *In,
                   float *Out) {
  const sycl::nd_range<1> Range(P.N, Local);
  switch (P.K) {
  case Kernel::GeluTanh:
    Q.parallel_for(Range, [=](sycl::nd_item<1> It) {
      size_t I = It.get_global_id(0);
      float X = In[I];
      Out[I] = 0.5f * X *
               (1.0f + sycl::tanh(0.7978845608f * (X + 0.044715f * X * X * X)));
    });
    break;
  case Kernel::GeluErf:
    Q.parallel_for(Range, [=](sycl::nd_item<1> It) {
      size_t I = It.get_global_id(0);
      float X = In[I];
      Out[I] = 0.5f * X * (1.0f + sycl::erf(X * 0.70710678f));
    });
    break;
  case Kernel::Silu:
    Q.parallel_for(Range, [=](sycl::nd_item<1> It) {
      size_t I = It.get_global_id(0);
      float X = In[I];
      Out[I] = X / (1.0f + sycl::exp(-X));
    });
    break;
  }
  Q.wait();
}

int main(int Argc, char **Argv) {
  bench::Options Opts = bench::parseOptions(Argc, Argv);
  bench::Reporter Rep("activations", Opts);
  Problem P = problem(Opts);
  describe(Rep, P);

  sycl::queue Q;
  float *In = sycl::malloc_shared<float>(P.N, Q);
  float *Out = sycl::malloc_shared<float>(P.N, Q);
  init(In, P);
  int Rc = Rep.measure([&] { launch(Q, P, In, Out); },
                       [&] { return check(In, Out, P); });
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}
