// The explicit memory commands on USM pointers (SYCL 2020 4.9.4.3) and what
// orders them: handler::memcpy, memset, fill and copy, and the queue
// shortcuts of the same names, on device, shared and host allocations of
// int, double and a struct (fill); events returned by each command, taken
// by handler::depends_on and by the shortcuts, chaining copies with kernels
// that consume their results (also on an in_order queue); wait_and_throw on
// a queue and on events of a queue with an async_handler, which must return
// normally and never call the handler when nothing failed. Inside kernels,
// accessor::get_multi_ptr<decorated::no / yes>() and get_pointer() read and
// write a global buffer through multi_ptr. Device allocations are only read
// back through copies, as portable code must.
#include "buffers.hpp"

#include <cstring>
#include <functional>
#include <type_traits>

namespace {

using sycl::usm::alloc;

/// A struct element: fill must copy it whole.
struct Particle {
  int Id;
  float Mass;
  short Charge;
  friend bool operator==(const Particle &L, const Particle &R) {
    return L.Id == R.Id && L.Mass == R.Mass && L.Charge == R.Charge;
  }
};

const char *kindName(alloc Kind) {
  switch (Kind) {
  case alloc::device:
    return "device";
  case alloc::shared:
    return "shared";
  default:
    return "host";
  }
}

template <typename T> T valueOf(size_t I, unsigned Salt) {
  int V = buffers::input(I, Salt);
  if constexpr (std::is_same_v<T, Particle>)
    return Particle{V, float(V) * 0.5f, short(V % 100)};
  else
    return T(V) * T(std::is_floating_point_v<T> ? 0.25 : 1);
}

template <typename T> std::vector<T> inputs(size_t Count, unsigned Salt) {
  std::vector<T> V(Count);
  for (size_t I = 0; I < Count; ++I)
    V[I] = valueOf<T>(I, Salt);
  return V;
}

/// The fields of \p Particles in a row (all exact in double).
std::vector<double> fieldsOf(const std::vector<Particle> &Particles) {
  std::vector<double> Fields;
  for (const Particle &P : Particles)
    for (double F : {double(P.Id), double(P.Mass), double(P.Charge)})
      Fields.push_back(F);
  return Fields;
}

/// Compares field by field for Particle, else as buffers::Checker does.
template <typename T>
void expectEqual(buffers::Checker &Check, const std::string &Name,
                 const std::vector<T> &Got, const std::vector<T> &Want) {
  if constexpr (std::is_same_v<T, Particle>)
    Check.equal(Name, fieldsOf(Got), fieldsOf(Want));
  else
    Check.equal(Name, Got, Want);
}

/// Reads \p Count elements at \p Ptr (of any allocation kind) back to the
/// host with handler::copy.
template <typename T>
std::vector<T> readBack(sycl::queue &Q, const T *Ptr, size_t Count) {
  std::vector<T> Out(Count);
  Q.submit([&](sycl::handler &CGH) {
     CGH.copy(Ptr, Out.data(), Count);
   }).wait();
  return Out;
}

/// handler::memcpy, copy, memset and fill in one command group each, on
/// two allocations of \p Kind; the host model does the same to vectors.
template <typename T>
void handlerCommands(buffers::Checker &Check, sycl::queue &Q, alloc Kind,
                     const char *Type) {
  const size_t N = 301;
  const std::string Name =
      std::string("handler commands on ") + kindName(Kind) + " " + Type;
  std::vector<T> Src = inputs<T>(N, 1), WantA = Src, WantB(N);
  T *A = sycl::malloc<T>(N, Q, Kind);
  T *B = sycl::malloc<T>(N, Q, Kind);
  const T Pattern = valueOf<T>(999, 2);

  Q.submit(
      [&](sycl::handler &CGH) { CGH.memcpy(A, Src.data(), N * sizeof(T)); });
  // B: A shifted by 3, a filled run, and memset bytes at the end.
  Q.submit([&](sycl::handler &CGH) { CGH.copy(A + 3, B, N - 3); });
  std::copy(Src.begin() + 3, Src.end(), WantB.begin());
  Q.submit([&](sycl::handler &CGH) { CGH.fill(B + 10, Pattern, 57); });
  std::fill(WantB.begin() + 10, WantB.begin() + 67, Pattern);
  if constexpr (std::is_arithmetic_v<T>) {
    Q.submit([&](sycl::handler &CGH) {
      CGH.memset(B + N - 3, 0x5A, 3 * sizeof(T));
    });
    std::memset(WantB.data() + N - 3, 0x5A, 3 * sizeof(T));
    // A zero-byte memset and memcpy change nothing.
    Q.submit([&](sycl::handler &CGH) { CGH.memset(A, 0, 0); });
    Q.submit([&](sycl::handler &CGH) { CGH.memcpy(A, B, 0); });
  } else {
    Q.submit([&](sycl::handler &CGH) {
      CGH.fill(B + N - 3, Particle{-1, -2.5f, -3}, 3);
    });
    std::fill(WantB.end() - 3, WantB.end(), Particle{-1, -2.5f, -3});
  }
  Q.wait();
  expectEqual(Check, Name + ": memcpy", readBack(Q, A, N), WantA);
  expectEqual(Check, Name + ": copy, fill, memset", readBack(Q, B, N), WantB);
  sycl::free(A, Q);
  sycl::free(B, Q);
}

/// The queue shortcuts, each after the previous one's event.
template <typename T>
void queueShortcuts(buffers::Checker &Check, sycl::queue &Q, alloc Kind,
                    const char *Type) {
  const size_t N = 250;
  const std::string Name =
      std::string("queue shortcuts on ") + kindName(Kind) + " " + Type;
  std::vector<T> Src = inputs<T>(N, 3), Want = Src;
  T *A = sycl::malloc<T>(N, Q, Kind);
  T *B = sycl::malloc<T>(N, Q, Kind);
  const T Pattern = valueOf<T>(7, 4);

  sycl::event Copied = Q.memcpy(A, Src.data(), N * sizeof(T));
  sycl::event Filled = Q.fill(A + 100, Pattern, 20, Copied);
  std::fill(Want.begin() + 100, Want.begin() + 120, Pattern);
  sycl::event Last = Filled;
  if constexpr (std::is_arithmetic_v<T>) {
    Last = Q.memset(A + 200, 0xC3, 9 * sizeof(T), {Copied, Filled});
    std::memset(Want.data() + 200, 0xC3, 9 * sizeof(T));
  }
  sycl::event Moved = Q.copy(A, B, N, Last);
  std::vector<T> Out(N);
  Q.copy(B, Out.data(), N, std::vector<sycl::event>{Moved}).wait();
  expectEqual(Check, Name, Out, Want);
  sycl::free(A, Q);
  sycl::free(B, Q);
}

/// Copies in, a kernel that consumes them (depends_on one event, then a
/// vector), a memset and a second kernel, a copy out: every step names
/// the events it needs and the host waits only for the last.
void chainWithKernels(buffers::Checker &Check, sycl::queue &Q, alloc Kind) {
  const size_t N = 1000;
  const std::string Name =
      std::string("copies chained with kernels on ") + kindName(Kind);
  std::vector<int> X = inputs<int>(N, 5), Y = inputs<int>(N, 6), Out(N, 0);
  int *DX = sycl::malloc<int>(N, Q, Kind);
  int *DY = sycl::malloc<int>(N, Q, Kind);
  int *DZ = sycl::malloc<int>(N, Q, Kind);

  sycl::event InX = Q.memcpy(DX, X.data(), N * sizeof(int));
  sycl::event InY =
      Q.submit([&](sycl::handler &CGH) { CGH.copy(Y.data(), DY, N); });
  sycl::event Axpy = Q.submit([&](sycl::handler &CGH) {
    CGH.depends_on(InX);
    CGH.depends_on({InY});
    CGH.parallel_for(sycl::range<1>(N),
                     [=](sycl::id<1> I) { DZ[I] = 3 * DX[I] + DY[I]; });
  });
  sycl::event Cleared = Q.submit([&](sycl::handler &CGH) {
    CGH.depends_on(Axpy);
    CGH.memset(DX, 0, N * sizeof(int));
  });
  // Reads DZ (after Axpy) and the cleared DX.
  sycl::event Square =
      Q.parallel_for(sycl::range<1>(N), {Axpy, Cleared}, [=](sycl::id<1> I) {
        DZ[I] = DZ[I] * (DZ[I] % 7) + DX[I];
      });
  sycl::event OutZ = Q.submit([&](sycl::handler &CGH) {
    CGH.depends_on(std::vector<sycl::event>{Square});
    CGH.memcpy(Out.data(), DZ, N * sizeof(int));
  });
  OutZ.wait();

  std::vector<int> Want(N);
  for (size_t I = 0; I < N; ++I) {
    int Z = 3 * X[I] + Y[I];
    Want[I] = Z * (Z % 7);
  }
  Check.equal(Name, Out, Want);
  sycl::free(DX, Q);
  sycl::free(DY, Q);
  sycl::free(DZ, Q);
}

/// The same chain on an in_order queue, with no events at all.
void inOrderChain(buffers::Checker &Check) {
  sycl::queue Q{sycl::property::queue::in_order()};
  const size_t N = 777;
  std::vector<double> X = inputs<double>(N, 7), Out(N, 0.0), Want(N);
  double *D = sycl::malloc_device<double>(N, Q);
  double *Sums = sycl::malloc_device<double>(N, Q);
  Q.memcpy(D, X.data(), N * sizeof(double));
  Q.fill(Sums, 0.5, N);
  Q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> I) {
    Sums[I] += D[I] * 2.0 + D[(I[0] + 1) % N];
  });
  Q.copy(Sums, Out.data(), N);
  Q.wait();
  for (size_t I = 0; I < N; ++I)
    Want[I] = 0.5 + X[I] * 2.0 + X[(I + 1) % N];
  Check.expect("in_order queue reports in order", Q.is_in_order());
  Check.equal("in_order chain of fill, memcpy, kernel and copy", Out, Want);
  sycl::free(D, Q);
  sycl::free(Sums, Q);
}

/// A queue with an async_handler: wait_and_throw on it and on its events
/// returns normally and the handler never runs, also after a command group
/// that failed (synchronously) at submission.
void waitAndThrow(buffers::Checker &Check) {
  int HandlerCalls = 0;
  sycl::queue Q(sycl::default_selector_v,
                [&HandlerCalls](sycl::exception_list Errors) {
                  HandlerCalls += 1 + int(Errors.size());
                });
  const size_t N = 64;
  std::vector<int> Out(N, 0), Want(N);
  for (size_t I = 0; I < N; ++I)
    Want[I] = int(I * I) + 1;
  int *Data = sycl::malloc_shared<int>(N, Q);
  try {
    sycl::event Filled = Q.fill(Data, 1, N);
    Filled.wait_and_throw();
    sycl::event Squares =
        Q.parallel_for(sycl::range<1>(N), Filled,
                       [=](sycl::id<1> I) { Data[I] += int(I[0] * I[0]); });
    Q.wait_and_throw();
    sycl::event Copied = Q.memcpy(Out.data(), Data, N * sizeof(int), Squares);
    sycl::event::wait_and_throw({Filled, Squares, Copied});
    Copied.wait_and_throw();
    Q.throw_asynchronous();
    Check.expect("wait_and_throw returns normally", true);
  } catch (const std::exception &E) {
    Check.fail(std::string("wait_and_throw threw: ") + E.what());
  }
  Check.equal("results after wait_and_throw", Out, Want);
  Check.expect("async_handler not called", HandlerCalls == 0);

  Check.throws(
      "an invalid nd_range throws at submission", sycl::errc::nd_range,
      "not divisible", [&] {
        Q.parallel_for(
            sycl::nd_range<1>(sycl::range<1>(10), sycl::range<1>(4)),
            [=](sycl::nd_item<1> It) { Data[It.get_global_id(0)] = 0; });
      });
  try {
    Q.wait_and_throw();
    Check.expect("wait_and_throw after a synchronous error returns normally",
                 true);
  } catch (const std::exception &E) {
    Check.fail(std::string("wait_and_throw after a synchronous error threw: ") +
               E.what());
  }
  Check.expect("async_handler not called for a synchronous error",
               HandlerCalls == 0);
  sycl::free(Data, Q);
}

/// multi_ptrs from accessors inside kernels: reads through a raw pointer
/// from get_multi_ptr<decorated::no>(), writes through a decorated one
/// with get_multi_ptr<decorated::yes>(), updates in place through
/// get_pointer(), and checks that a ranged accessor's multi_ptr is the
/// buffer's first element, whatever the accessor's offset.
void multiPtrs(buffers::Checker &Check, sycl::queue &Q) {
  const size_t N = 513, Offset = 100, Count = 300;
  std::vector<int> In = inputs<int>(N, 8), Out(N, -1),
                   Inout = inputs<int>(N, 9);
  std::vector<int> WantOut(N, -1), WantInout = Inout, Flags(4, 0);
  {
    sycl::buffer<int> InBuf(In.data(), sycl::range<1>(N));
    sycl::buffer<int> OutBuf(Out.data(), sycl::range<1>(N));
    sycl::buffer<int> InoutBuf(Inout.data(), sycl::range<1>(N));
    sycl::buffer<int> FlagBuf(Flags.data(), sycl::range<1>(4));
    Q.submit([&](sycl::handler &CGH) {
      sycl::accessor Src(InBuf, CGH, sycl::read_only);
      sycl::accessor Dest(OutBuf, CGH, sycl::range<1>(Count),
                          sycl::id<1>(Offset), sycl::write_only);
      sycl::accessor Both(InoutBuf, CGH, sycl::read_write);
      static_assert(
          std::is_same_v<
              decltype(Src.get_multi_ptr<sycl::access::decorated::no>()),
              sycl::raw_global_ptr<const int>>,
          "a read accessor's multi_ptr points to const");
      static_assert(
          std::is_same_v<
              decltype(Dest.get_multi_ptr<sycl::access::decorated::yes>()),
              sycl::decorated_global_ptr<int>>,
          "get_multi_ptr<decorated::yes> is a decorated global_ptr");
      sycl::accessor FlagAcc(FlagBuf, CGH, sycl::write_only);
      CGH.parallel_for(sycl::range<1>(Count), [=](sycl::id<1> I) {
        auto From = Src.get_multi_ptr<sycl::access::decorated::no>();
        auto To = Dest.get_multi_ptr<sycl::access::decorated::yes>();
        sycl::global_ptr<int> InPlace = Both.get_pointer();
        size_t J = I[0] + Offset;
        // Index, dereference of an offset pointer, and ++ on a copy.
        auto Next = From + J;
        ++Next;
        To[J] = From[J] * 3 - *Next;
        *(InPlace + J) += int(J);
        if (I[0] == 0) {
          FlagAcc[0] = To.get() == &Dest[0] - Offset;
          FlagAcc[1] = From.get() == &Src[0];
          FlagAcc[2] = InPlace.get_raw() == &Both[0];
          FlagAcc[3] = To.get_decorated() == To.get();
        }
      });
    });
  }
  for (size_t J = Offset; J < Offset + Count; ++J) {
    WantOut[J] = In[J] * 3 - In[J + 1];
    WantInout[J] += int(J);
  }
  Check.equal("read through get_multi_ptr<no>, write through <yes>", Out,
              WantOut);
  Check.equal("update through get_pointer", Inout, WantInout);
  Check.equal("multi_ptrs point to the buffer's first element", Flags,
              std::vector<int>(4, 1));
}

} // namespace

int main() {
  buffers::Checker Check;
  sycl::queue Q;
  for (alloc Kind : {alloc::device, alloc::shared, alloc::host}) {
    handlerCommands<int>(Check, Q, Kind, "int");
    handlerCommands<double>(Check, Q, Kind, "double");
    handlerCommands<Particle>(Check, Q, Kind, "struct");
    queueShortcuts<int>(Check, Q, Kind, "int");
    queueShortcuts<double>(Check, Q, Kind, "double");
    queueShortcuts<Particle>(Check, Q, Kind, "struct");
    chainWithKernels(Check, Q, Kind);
  }
  inOrderChain(Check);
  waitAndThrow(Check);
  multiPtrs(Check, Q);
  return Check.status();
}
