//===- GxxClient.cpp - A library-only program built by g++ ----------------===//
//
/// \file
/// Built with g++ and linked with nothing but -llanes_rt (no -fopenmp, no
/// Boost): checks that the runtime's interface is self-contained, that
/// sycl::exception and its error category cross the library boundary
/// intact, and that a failing group whose work-items hold non-trivial locals
/// is reported, not terminated, whether its waiting work-items are unwound
/// (their locals destroyed) or abandoned.
/// Exits 0 when every check passes, else the number of the failed check.
//
//===----------------------------------------------------------------------===//

#include "lanes/builtins.h"
#include "lanes/runtime.h"
#include "sycl/exception.hpp"

#include <atomic>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <typeinfo>
#include <vector>

namespace {

template <typename Fn> void entryOf(const void *Object) {
  (*static_cast<const Fn *>(Object))();
}

template <typename Fn>
lanes::rt::LaunchDesc describe(const Fn &Kernel, size_t Global, size_t Local) {
  lanes::rt::LaunchDesc D;
  D.KernelName = typeid(Fn).name();
  D.Entry = &entryOf<Fn>;
  D.KernelObject = &Kernel;
  D.Global[0] = Global;
  D.Local[0] = Local;
  D.LocalMemBytes = Local * sizeof(int);
  return D;
}

int checkBarrierKernel() {
  std::vector<int> Out(256, -1);
  int *Result = Out.data();
  auto Kernel = [Result] {
    int *Local = static_cast<int *>(__lanes_local_memory());
    size_t Lid = __lanes_local_id(0), N = __lanes_local_size(0);
    Local[Lid] = int(__lanes_group_id(0) * N + Lid);
    __lanes_barrier(LANES_FENCE_LOCAL, __FILE__, __LINE__);
    Result[__lanes_group_id(0) * N + Lid] = Local[N - 1 - Lid];
  };
  lanes::rt::launch(describe(Kernel, 256, 32));
  for (int I = 0; I < 256; ++I)
    if (Out[I] != I / 32 * 32 + (31 - I % 32))
      return 1;
  return 0;
}

int checkErrorCategory() {
  auto Kernel = [] {};
  try {
    lanes::rt::launch(describe(Kernel, 100, 64));
  } catch (const sycl::exception &E) {
    if (E.code() != sycl::errc::nd_range ||
        E.code() != sycl::make_error_code(sycl::errc::nd_range) ||
        &E.category() != &sycl::sycl_category())
      return 2;
    return 0;
  }
  return 3;
}

/// Work-item 0 of each group returns, the others wait at a barrier;
/// returns the number of destroyed locals when the launch fails as it must,
/// else -1.
int runPartialBarrier(bool Unwindable) {
  static std::atomic<int> Destroyed;
  struct Counted {
    std::string Owned = std::string(64, 'a');
    ~Counted() { ++Destroyed; }
  };
  Destroyed = 0;
  auto Kernel = [] {
    Counted Local;
    if (__lanes_local_id(0) == 0)
      return;
    __lanes_barrier(LANES_FENCE_LOCAL, "client.cpp", 1);
    std::puts(Local.Owned.c_str());
  };
  lanes::rt::LaunchDesc D = describe(Kernel, 8, 8);
  D.Unwindable = Unwindable;
  try {
    lanes::rt::launch(D);
  } catch (const sycl::exception &E) {
    return E.code() == sycl::errc::runtime ? Destroyed.load() : -1;
  }
  return -1;
}

int checkUnwoundWorkItems() {
  return runPartialBarrier(/*Unwindable=*/true) == 8 ? 0 : 4;
}

int checkAbandonedWorkItems() {
  return runPartialBarrier(/*Unwindable=*/false) == 1 ? 0 : 5;
}

int checkWorkItemException() {
  auto Kernel = [] {
    std::string Owned = "work-item";
    __lanes_barrier(LANES_FENCE_LOCAL, "client.cpp", 2);
    if (__lanes_local_id(0) == 3)
      throw std::runtime_error(Owned + " 3");
  };
  try {
    lanes::rt::launch(describe(Kernel, 8, 8));
  } catch (const std::runtime_error &E) {
    return std::string(E.what()) == "work-item 3" ? 0 : 6;
  }
  return 7;
}

} // namespace

int main() {
  for (int (*Check)() :
       {checkBarrierKernel, checkErrorCategory, checkUnwoundWorkItems,
        checkAbandonedWorkItems, checkWorkItemException})
    if (int Failed = Check()) {
      std::fprintf(stderr, "GxxClient: check %d failed\n", Failed);
      return Failed;
    }
  if (__lanes_work_group_function(nullptr, 1, 1, 1, nullptr) != nullptr)
    return 8;
  return 0;
}
