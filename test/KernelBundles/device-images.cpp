// Device images (SYCL 2020 4.11.12): a bundle's begin()/end() iterate over
// its device images, one per kernel in Lanes; device_image::has_kernel;
// get_kernel_bundle with a selector of images, with and without a device
// list, in each state; a bundle so selected runs its kernels and refuses
// the others; images outlive their bundle; the errors (an empty device
// list).
#include "bundle_checks.hpp"

#include <sycl/sycl.hpp>

#include <algorithm>
#include <cstdio>
#include <iterator>
#include <type_traits>
#include <vector>

namespace {

using bundles::expect;
using bundles::expectThrow;

class Add;
class Mul;
class Neg;

constexpr sycl::bundle_state Executable = sycl::bundle_state::executable;
using Image = sycl::device_image<sycl::bundle_state::executable>;
static_assert(
    std::is_same_v<std::iterator_traits<sycl::kernel_bundle<
                       Executable>::device_image_iterator>::value_type,
                   Image>);

/// Runs kernel Add (through \p Bundle if given): Out[i] += 5.
void submitAdd(sycl::queue &Q, int *Out,
               const sycl::kernel_bundle<Executable> *Bundle = nullptr) {
  Q.submit([&](sycl::handler &H) {
     if (Bundle)
       H.use_kernel_bundle(*Bundle);
     H.parallel_for<Add>(sycl::range<1>(8),
                         [=](sycl::id<1> I) { Out[I] += 5; });
   }).wait();
}
void submitMul(sycl::queue &Q, int *Out,
               const sycl::kernel_bundle<Executable> *Bundle = nullptr) {
  Q.submit([&](sycl::handler &H) {
     if (Bundle)
       H.use_kernel_bundle(*Bundle);
     H.parallel_for<Mul>(sycl::range<1>(8),
                         [=](sycl::id<1> I) { Out[I] *= 3; });
   }).wait();
}
void submitNeg(sycl::queue &Q, int *Out,
               const sycl::kernel_bundle<Executable> *Bundle = nullptr) {
  Q.submit([&](sycl::handler &H) {
     if (Bundle)
       H.use_kernel_bundle(*Bundle);
     H.single_task<Neg>([=] { Out[0] = -Out[0]; });
   }).wait();
}

/// How many images of \p Bundle have kernel \p Id.
template <sycl::bundle_state State>
long imagesWith(const sycl::kernel_bundle<State> &Bundle,
                const sycl::kernel_id &Id) {
  return std::count_if(
      Bundle.begin(), Bundle.end(),
      [&](const sycl::device_image<State> &I) { return I.has_kernel(Id); });
}

} // namespace

int main() {
  int Failures = 0;
  sycl::queue Q;
  sycl::context Ctx = Q.get_context();
  sycl::device Dev = Q.get_device();
  int *Data = sycl::malloc_shared<int>(8, Q);
  std::fill(Data, Data + 8, 1);
  submitAdd(Q, Data);
  submitMul(Q, Data);
  submitNeg(Q, Data);
  Failures +=
      expect(Data[0] == -18 && Data[7] == 18, "kernels without bundles");

  sycl::kernel_id AddId = sycl::get_kernel_id<Add>(),
                  MulId = sycl::get_kernel_id<Mul>(),
                  NegId = sycl::get_kernel_id<Neg>();
  std::vector<sycl::kernel_id> All = sycl::get_kernel_ids();

  // Every kernel in exactly one image, each image with one kernel.
  auto Whole = sycl::get_kernel_bundle<Executable>(Ctx);
  bool OnePerKernel =
      std::distance(Whole.begin(), Whole.end()) == long(All.size());
  for (const sycl::kernel_id &Id : All)
    OnePerKernel &= imagesWith(Whole, Id) == 1;
  for (const Image &I : Whole)
    OnePerKernel &= std::count_if(All.begin(), All.end(), [&](auto &Id) {
                      return I.has_kernel(Id) && I.has_kernel(Id, Dev);
                    }) == 1;
  Failures += expect(OnePerKernel, "one image per kernel");

  // A selector keeps the kernels of the images it accepts.
  auto AddOrMul = [&](const Image &I) {
    return I.has_kernel(AddId) || I.has_kernel(MulId);
  };
  auto Picked = sycl::get_kernel_bundle<Executable>(Ctx, {Dev}, AddOrMul);
  Failures += expect(Picked.has_kernel(AddId) && Picked.has_kernel<Mul>() &&
                         !Picked.has_kernel(NegId) &&
                         Picked.get_kernel_ids().size() == 2 &&
                         std::distance(Picked.begin(), Picked.end()) == 2,
                     "selector: the kernels of the accepted images");
  submitAdd(Q, Data, &Picked);
  submitMul(Q, Data, &Picked);
  Failures += expect(Data[0] == -39 && Data[7] == 69,
                     "selector: the bundle runs its kernels");
  Failures += expectThrow(
      sycl::errc::kernel_not_supported, [&] { submitNeg(Q, Data, &Picked); },
      "selector: a kernel of a rejected image is not in the bundle");

  // Without a device list, in the input state, then built.
  auto Input = sycl::get_kernel_bundle<sycl::bundle_state::input>(
      Ctx, [&](const sycl::device_image<sycl::bundle_state::input> &I) {
        return I.has_kernel(NegId);
      });
  Failures += expect(imagesWith(Input, NegId) == 1 &&
                         Input.get_kernel_ids().size() == 1,
                     "selector without devices, input state");
  auto Built = sycl::build(Input);
  Failures += expect(imagesWith(Built, NegId) == 1 &&
                         std::distance(Built.begin(), Built.end()) == 1,
                     "build keeps the images");
  submitNeg(Q, Data, &Built);
  Failures += expect(Data[0] == 39, "the built bundle runs its kernel");

  // A selector that accepts nothing gives an empty bundle.
  auto None = sycl::get_kernel_bundle<sycl::bundle_state::object>(
      Ctx, {Dev}, [](const sycl::device_image<sycl::bundle_state::object> &) {
        return false;
      });
  Failures += expect(None.empty() && None.begin() == None.end(),
                     "a selector that accepts nothing");

  // An image copied out of a bundle outlives it, and compares.
  std::vector<Image> Kept;
  {
    auto Temporary = sycl::get_kernel_bundle<Mul, Executable>(Ctx);
    Kept.assign(Temporary.begin(), Temporary.end());
  }
  Failures += expect(Kept.size() == 1 && Kept[0].has_kernel(MulId) &&
                         !Kept[0].has_kernel(AddId) &&
                         Kept[0] == *std::find_if(Whole.begin(), Whole.end(),
                                                  [&](const Image &I) {
                                                    return I.has_kernel(MulId);
                                                  }) &&
                         Kept[0] != *std::find_if(Whole.begin(), Whole.end(),
                                                  [&](const Image &I) {
                                                    return I.has_kernel(AddId);
                                                  }),
                     "images outlive their bundle and compare by kernel");

  Failures += expectThrow(
      sycl::errc::invalid,
      [&] { (void)sycl::get_kernel_bundle<Executable>(Ctx, {}, AddOrMul); },
      "selector with an empty device list");

  sycl::free(Data, Q);
  if (Failures)
    std::printf("%d check(s) failed\n", Failures);
  return Failures ? 1 : 0;
}
