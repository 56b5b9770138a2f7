//===- Memory.cpp - Per-thread memory of the Lanes runtime ----------------===//
//
/// \file
/// Local-memory buffers, the loop-state scratch arena and the fiber stack
/// pool; see Memory.h for who owns what.
///
/// Fiber stacks come from mmap with MAP_NORESERVE: a group of 8192
/// work-items reserves 64 GiB of address space per thread, but only the
/// few pages each work-item touches become resident. Each stack gets a
/// PROT_NONE guard page so that an overflowing kernel faults instead of
/// corrupting its neighbour. Guard pages split mappings, and Linux limits
/// the number of mappings per process (vm.max_map_count); when mprotect
/// fails for that reason the stack is used without a guard rather than
/// failing the launch.
//
//===----------------------------------------------------------------------===//

#include "Memory.h"

#include "lanes/runtime.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cassert>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>

using namespace lanes::rt::detail;

namespace {

size_t roundUp(size_t Value, size_t Multiple) {
  return (Value + Multiple - 1) / Multiple * Multiple;
}

size_t pageSize() {
  static const size_t Size = size_t(sysconf(_SC_PAGESIZE));
  return Size;
}

} // namespace

void AlignedDeleter::operator()(char *Ptr) const noexcept { std::free(Ptr); }

AlignedPtr lanes::rt::detail::allocateAligned(size_t Bytes) {
  size_t Size = roundUp(Bytes ? Bytes : 1, ArenaAlignment);
  void *Memory = std::aligned_alloc(ArenaAlignment, Size);
  if (!Memory)
    throw std::bad_alloc();
  return AlignedPtr(static_cast<char *>(Memory));
}

void *ReusedBuffer::reserve(size_t Bytes) {
  if (!Memory || Bytes > Capacity) {
    size_t Size = roundUp(Bytes ? Bytes : 1, ArenaAlignment);
    if (Size < Bytes)
      throw std::bad_alloc(); // the rounding overflowed
    Memory.reset();
    Memory = allocateAligned(Size);
    Capacity = Size;
  }
  return Memory.get();
}

StackPool::~StackPool() {
  for (char *Mapping : Idle)
    munmap(Mapping, MappingSize);
}

boost::context::stack_context StackPool::acquire() {
  if (MappingSize == 0) {
    GuardSize = pageSize();
    MappingSize = roundUp(StackSize, GuardSize) + GuardSize;
  }
  char *Mapping = nullptr;
  if (!Idle.empty()) {
    Mapping = Idle.back();
    Idle.pop_back();
  } else {
    // release() must not allocate: make room for every stack now.
    Idle.reserve(Mapped + 1);
    void *Memory = mmap(nullptr, MappingSize, PROT_READ | PROT_WRITE,
                        MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (Memory == MAP_FAILED)
      throw std::bad_alloc();
    Mapping = static_cast<char *>(Memory);
    // Stacks grow down: the guard is the lowest page. Failure (the map
    // count limit) only loses the overflow check.
    (void)mprotect(Mapping, GuardSize, PROT_NONE);
    ++Mapped;
  }
  boost::context::stack_context Stack;
  Stack.size = MappingSize - GuardSize;
  Stack.sp = Mapping + MappingSize;
  return Stack;
}

void StackPool::release(const boost::context::stack_context &Stack) noexcept {
  char *Top = static_cast<char *>(Stack.sp);
  assert(Stack.size == MappingSize - GuardSize && "not a stack of this pool");
  Idle.push_back(Top - MappingSize);
}

void *lanes::rt::groupLocalMemory(const char *File, unsigned Line,
                                  unsigned Column, size_t Size,
                                  size_t Align) noexcept {
  /// One group_local_memory call site's buffer on this thread.
  struct Site {
    const char *File;
    unsigned Line, Column;
    size_t Size, Align;
    AlignedPtr Memory;
    bool is(const char *F, unsigned L, unsigned C, size_t S, size_t A) const {
      return Line == L && Column == C && Size == S && Align == A &&
             (File == F || std::strcmp(File, F) == 0);
    }
  };
  thread_local std::vector<Site> Sites;
  for (Site &S : Sites)
    if (S.is(File, Line, Column, Size, Align))
      return S.Memory.get();
  // allocateAligned gives ArenaAlignment; a larger alignment is reached
  // within a larger buffer, which stays allocated as a whole.
  size_t Extra = Align > ArenaAlignment ? Align : 0;
  AlignedPtr Memory = allocateAligned(Size + Extra);
  char *Start = Memory.get();
  if (Extra)
    Start += (Align - reinterpret_cast<uintptr_t>(Start) % Align) % Align;
  Sites.push_back({File, Line, Column, Size, Align, std::move(Memory)});
  return Start;
}
