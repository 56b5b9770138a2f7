//===- Sanitizers.h - AddressSanitizer hooks for fibers ---------*- C++ -*-===//
//
/// \file
/// AddressSanitizer must be told when execution moves to another stack
/// (otherwise it takes a fiber's frames for a stack overflow of the thread)
/// and when a stack is reused after a fiber was abandoned mid-way (its
/// frames' redzones are still poisoned). These wrappers compile to nothing
/// without ASan. The switch protocol is the one of
/// <sanitizer/common_interface_defs.h>: startSwitch() right before a
/// context switch, finishSwitch() right after arriving on the other side.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_RUNTIME_SANITIZERS_H
#define LANES_RUNTIME_SANITIZERS_H

#include <cstddef>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define LANES_HAS_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) && !defined(LANES_HAS_ASAN)
#define LANES_HAS_ASAN 1
#endif

#ifdef LANES_HAS_ASAN
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#endif

namespace lanes::rt::detail {

/// About to switch to the stack [Bottom, Bottom + Size). `FakeStackSave`
/// keeps the leaving context's fake stack; null when it will never resume.
inline void startStackSwitch(void **FakeStackSave, const void *Bottom,
                             size_t Size) {
#ifdef LANES_HAS_ASAN
  __sanitizer_start_switch_fiber(FakeStackSave, Bottom, Size);
#else
  (void)FakeStackSave, (void)Bottom, (void)Size;
#endif
}

/// Arrived on a stack; reports the stack we came from when asked.
inline void finishStackSwitch(void *FakeStack, const void **OldBottom,
                              size_t *OldSize) {
#ifdef LANES_HAS_ASAN
  __sanitizer_finish_switch_fiber(FakeStack, OldBottom, OldSize);
#else
  (void)FakeStack, (void)OldBottom, (void)OldSize;
#endif
}

/// Forgets the poisoning of stack memory whose frames never returned.
inline void unpoisonStack(const void *Bottom, size_t Size) {
#ifdef LANES_HAS_ASAN
  ASAN_UNPOISON_MEMORY_REGION(Bottom, Size);
#else
  (void)Bottom, (void)Size;
#endif
}

} // namespace lanes::rt::detail

#endif // LANES_RUNTIME_SANITIZERS_H
