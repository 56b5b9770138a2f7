// Kernel bundles: the program's kernel ids, bundles of
// all kernels or of some, in each state; specialization constants set on
// an input bundle, carried by build() (a copy), compile() and link(), and
// read by kernels of command groups that use the bundle (nd_range, range
// with a reduction); join(); kernel queries on the device, a hierarchical
// kernel's smaller work-group limit among them; and the errors:
// a name no kernel has, an empty device list, a kernel not in the bundle,
// mixing handler and bundle specialization constants. Also
// queue::get_info and queue::submit with a secondary queue.
#include "bundle_checks.hpp"

#include <sycl/sycl.hpp>

#include "../Corpus/corpus.hpp"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace {

using bundles::expect;
using bundles::expectThrow;

class Scale;
class Sum;
class Copy;
class Groups;
class NeverSubmitted;

constexpr sycl::specialization_id<int> Factor(3);
constexpr sycl::specialization_id<int> Bias(-7);

constexpr size_t N = 256;

bool contains(const std::vector<sycl::kernel_id> &Ids,
              const sycl::kernel_id &Id) {
  return std::find(Ids.begin(), Ids.end(), Id) != Ids.end();
}

/// Out[i] = i * Factor + Bias, in work-groups of 64 with a barrier.
void submitScale(
    sycl::queue &Q, int *Out,
    const sycl::kernel_bundle<sycl::bundle_state::executable> *Bundle) {
  Q.submit([&](sycl::handler &H) {
     if (Bundle)
       H.use_kernel_bundle(*Bundle);
     H.parallel_for<Scale>(
         sycl::nd_range<1>(N, 64),
         [=](sycl::nd_item<1> It, sycl::kernel_handler KH) {
           size_t I = It.get_global_id(0);
           int V = int(I) * KH.get_specialization_constant<Factor>();
           sycl::group_barrier(It.get_group());
           Out[I] = V + KH.get_specialization_constant<Bias>();
         });
   }).wait();
}

/// Out[0] = the size of the one work-group of \p Size work-items of a
/// hierarchical kernel.
void submitGroups(sycl::queue &Q, int *Out, size_t Size) {
  Q.submit([&](sycl::handler &H) {
     H.parallel_for_work_group<Groups>(
         sycl::range<1>(1), sycl::range<1>(Size), [=](sycl::group<1> G) {
           G.parallel_for_work_item([&](sycl::h_item<1> It) {
             Out[0] = int(It.get_local_range(0));
           });
         });
   }).wait();
}

std::vector<int> scaled(int F, int B) {
  std::vector<int> W(N);
  for (size_t I = 0; I < N; ++I)
    W[I] = int(I) * F + B;
  return W;
}

int runIds() {
  int Rc = 0;
  std::vector<sycl::kernel_id> All = sycl::get_kernel_ids();
  sycl::kernel_id ScaleId = sycl::get_kernel_id<Scale>();
  sycl::kernel_id SumId = sycl::get_kernel_id<Sum>();
  // Scale, Sum, Copy, Groups and the unnamed kernel of the secondary
  // queue.
  Rc |= expect(All.size() == 5 && contains(All, ScaleId) &&
                   contains(All, SumId) &&
                   contains(All, sycl::get_kernel_id<Copy>()),
               "get_kernel_ids lists the program's kernels");
  Rc |= expect(std::strstr(ScaleId.get_name(), "Scale") && ScaleId != SumId &&
                   ScaleId == sycl::get_kernel_id<Scale>(),
               "kernel_id names and compares");
  Rc |= expectThrow(
      sycl::errc::runtime, [] { sycl::get_kernel_id<NeverSubmitted>(); },
      "get_kernel_id of a name no kernel has");
  return Rc;
}

int runBundles(sycl::queue &Q, int *Out) {
  int Rc = 0;
  sycl::context Ctx = Q.get_context();
  sycl::device Dev = Q.get_device();
  using sycl::bundle_state;

  // Input bundle of every kernel; constants set on it.
  auto Input = sycl::get_kernel_bundle<bundle_state::input>(Ctx);
  Rc |= expect(!Input.empty() && Input.has_kernel<Scale>() &&
                   Input.has_kernel(sycl::get_kernel_id<Sum>(), Dev) &&
                   Input.get_kernel_ids().size() ==
                       sycl::get_kernel_ids().size() &&
                   Input.get_devices().size() == 1,
               "input bundle of every kernel");
  Input.set_specialization_constant<Factor>(5);
  Rc |= expect(Input.get_specialization_constant<Factor>() == 5 &&
                   Input.get_specialization_constant<Bias>() == -7,
               "input bundle's constants: set and default");

  // build() copies: setting the input bundle later changes nothing built.
  auto Exec = sycl::build(Input);
  Input.set_specialization_constant<Factor>(9);
  Rc |= expect(Exec.get_specialization_constant<Factor>() == 5,
               "build copies the constants");
  submitScale(Q, Out, &Exec);
  Rc |= corpus::check("nd_range kernel reads the bundle's constants", Out,
                      scaled(5, -7));
  submitScale(Q, Out, nullptr);
  Rc |= corpus::check("without the bundle, the defaults", Out, scaled(3, -7));

  // compile() and link(): the constants go along.
  Input.set_specialization_constant<Bias>(100);
  auto Linked = sycl::link(sycl::compile(Input, {Dev}), {Dev});
  submitScale(Q, Out, &Linked);
  Rc |= corpus::check("compile and link carry the constants", Out,
                      scaled(9, 100));

  // A reduction kernel of the bundle.
  int *Total = sycl::malloc_shared<int>(1, Q);
  *Total = 0;
  Q.submit([&](sycl::handler &H) {
     H.use_kernel_bundle(Exec);
     H.parallel_for<Sum>(sycl::range<1>(N),
                         sycl::reduction(Total, sycl::plus<>()),
                         [=](sycl::id<1>, auto &R, sycl::kernel_handler KH) {
                           R += KH.get_specialization_constant<Factor>();
                         });
   }).wait();
  Rc |= expect(*Total == int(N) * 5, "reduction kernel of the bundle");
  sycl::free(Total, Q);

  // A bundle of one kernel; the kernel and its queries.
  auto OnlyScale =
      sycl::get_kernel_bundle<Scale, bundle_state::executable>(Ctx);
  Rc |= expect(OnlyScale.has_kernel<Scale>() && !OnlyScale.has_kernel<Sum>() &&
                   OnlyScale.get_kernel_ids().size() == 1,
               "bundle of one kernel");
  sycl::kernel K = OnlyScale.get_kernel<Scale>();
  size_t SubGroup = Dev.get_info<sycl::info::device::sub_group_sizes>()[0];
  size_t MaxGroup = Dev.get_info<sycl::info::device::max_work_group_size>();
  namespace specific = sycl::info::kernel_device_specific;
  Rc |= expect(K.get_kernel_bundle() == OnlyScale &&
                   K == OnlyScale.get_kernel(sycl::get_kernel_id<Scale>()) &&
                   K.get_info<specific::work_group_size>(Dev) == MaxGroup &&
                   K.get_info<specific::preferred_work_group_size_multiple>(
                       Dev) == SubGroup &&
                   K.get_info<specific::max_sub_group_size>(Dev) == SubGroup &&
                   K.get_info<specific::max_num_sub_groups>(Dev) == MaxGroup &&
                   K.get_info<specific::compile_work_group_size>(Dev) ==
                       sycl::range<3>(0, 0, 0) &&
                   K.get_info<specific::compile_sub_group_size>(Dev) == 0 &&
                   K.get_info<specific::compile_num_sub_groups>(Dev) == 0,
               "kernel queries on the device");
  std::printf("  work_group_size %zu, sub-group size %zu\n", MaxGroup,
              SubGroup);
  // Compiled, the loop state of Scale (test/Driver/private-mem-size.cpp
  // holds it to lanes++ --lanes-report); library-only, no compiler lowered
  // it.
  size_t Private = K.get_info<specific::private_mem_size>(Dev);
#if !(defined(LANES_COMPILED_KERNELS) && LANES_COMPILED_KERNELS)
  Rc |= expect(Private == 0, "private_mem_size in library-only mode");
#endif
  std::printf("  private_mem_size %zu\n", Private);
  Rc |= expectThrow(
      sycl::errc::invalid, [&] { K.get_info<specific::global_work_size>(Dev); },
      "global_work_size of a SYCL kernel");
  Rc |= expect(K.get_info<sycl::info::kernel::attributes>().empty(),
               "info::kernel::attributes of a kernel without attributes");
  Rc |= expectThrow(
      sycl::errc::invalid, [&] { K.get_info<sycl::info::kernel::num_args>(); },
      "info::kernel::num_args of a SYCL kernel");

  // A hierarchical kernel: its groups have a smaller limit than the
  // device's, which its query reports and a launch at the limit meets.
  size_t Limit = sycl::get_kernel_bundle<bundle_state::executable>(Ctx)
                     .get_kernel<Groups>()
                     .get_info<specific::work_group_size>(Dev);
  Rc |= expect(Limit > 0 && Limit < MaxGroup,
               "work_group_size of a hierarchical kernel");
  std::printf("  hierarchical work_group_size %zu\n", Limit);
  submitGroups(Q, Out, Limit);
  Rc |= expect(size_t(Out[0]) == Limit, "a hierarchical launch at the limit");
  Rc |= expectThrow(
      sycl::errc::nd_range, [&] { submitGroups(Q, Out, Limit + 1); },
      "a hierarchical launch past the limit");

  // join: every kernel of both, the first bundle's value of a constant.
  auto SumInput = sycl::get_kernel_bundle<bundle_state::input>(
      Ctx, {sycl::get_kernel_id<Sum>()});
  SumInput.set_specialization_constant<Factor>(-1);
  SumInput.set_specialization_constant<Bias>(42);
  auto ScaleInput = sycl::get_kernel_bundle<Scale, bundle_state::input>(Ctx);
  ScaleInput.set_specialization_constant<Factor>(2);
  auto Joined = sycl::join(std::vector{ScaleInput, SumInput});
  Rc |= expect(Joined.has_kernel<Scale>() && Joined.has_kernel<Sum>() &&
                   Joined.get_kernel_ids().size() == 2 &&
                   Joined.get_specialization_constant<Factor>() == 2 &&
                   Joined.get_specialization_constant<Bias>() == 42,
               "join");
  Rc |= expect(sycl::has_kernel_bundle<bundle_state::executable>(Ctx) &&
                   sycl::has_kernel_bundle<Sum, bundle_state::object>(Ctx) &&
                   sycl::is_compatible<Scale>(Dev) &&
                   sycl::is_compatible(sycl::get_kernel_ids(), Dev),
               "has_kernel_bundle and is_compatible");

  // Errors.
  Rc |= expectThrow(
      sycl::errc::invalid,
      [&] {
        sycl::get_kernel_bundle<bundle_state::input>(
            Ctx, std::vector<sycl::device>());
      },
      "get_kernel_bundle with no devices");
  Rc |= expectThrow(
      sycl::errc::invalid,
      [&] { OnlyScale.get_kernel(sycl::get_kernel_id<Sum>()); },
      "get_kernel of a kernel not in the bundle");
  Rc |= expectThrow(
      sycl::errc::kernel_not_supported,
      [&] {
        Q.submit([&](sycl::handler &H) {
          H.use_kernel_bundle(OnlyScale);
          H.parallel_for<Copy>(sycl::range<1>(N),
                               [=](sycl::id<1> I) { Out[I] = int(I[0]); });
        });
      },
      "a kernel not in the bundle of use_kernel_bundle");
  Rc |= expectThrow(
      sycl::errc::invalid,
      [&] {
        Q.submit([&](sycl::handler &H) {
          H.use_kernel_bundle(Exec);
          H.set_specialization_constant<Factor>(1);
        });
      },
      "set_specialization_constant after use_kernel_bundle");
  Rc |= expectThrow(
      sycl::errc::invalid,
      [&] {
        Q.submit([&](sycl::handler &H) {
          H.use_kernel_bundle(Exec);
          (void)H.get_specialization_constant<Factor>();
        });
      },
      "get_specialization_constant after use_kernel_bundle");
  Rc |= expectThrow(
      sycl::errc::invalid,
      [&] {
        Q.submit([&](sycl::handler &H) {
          H.set_specialization_constant<Factor>(1);
          H.use_kernel_bundle(Exec);
        });
      },
      "use_kernel_bundle after set_specialization_constant");
  return Rc;
}

int runQueue(sycl::queue &Q, int *Out) {
  int Rc =
      expect(Q.get_info<sycl::info::queue::device>() == Q.get_device() &&
                 Q.get_info<sycl::info::queue::context>() == Q.get_context(),
             "queue::get_info");
  sycl::queue Secondary;
  Q.submit(
       [&](sycl::handler &H) {
         H.parallel_for(sycl::range<1>(N),
                        [=](sycl::id<1> I) { Out[I] = 2 * int(I[0]); });
       },
       Secondary)
      .wait();
  std::vector<int> Want(N);
  for (size_t I = 0; I < N; ++I)
    Want[I] = 2 * int(I);
  Rc |= corpus::check("submit with a secondary queue", Out, Want);
  return Rc;
}

} // namespace

int main() {
  sycl::queue Q;
  int *Out = sycl::malloc_shared<int>(N, Q);
  int Rc = runIds();
  Rc |= runBundles(Q, Out);
  Rc |= runQueue(Q, Out);
  sycl::free(Out, Q);
  if (!Rc)
    std::printf("kernel-bundles: all OK\n");
  return Rc;
}
