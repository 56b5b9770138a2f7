// When and where a buffer's data goes back to the host (SYCL 2020 4.7.2.3):
// to a non-const host pointer, container or shared_ptr when the buffer dies
// after a write, nowhere for const host data and iterators, to the final
// data set by set_final_data (pointer, output iterator, weak_ptr,
// shared_ptr, nullptr), never after set_write_back(false), even without a
// writer after set_write_back(true); use_host_ptr keeps the data in the
// host memory itself.
#include "buffers.hpp"

#include <list>
#include <memory>

namespace {

constexpr size_t N = 100;

std::vector<int> iota(int From) {
  std::vector<int> V(N);
  for (size_t I = 0; I < N; ++I)
    V[I] = From + int(I);
  return V;
}

/// Adds 1000 to every element in a kernel.
template <typename BufferT> void addThousand(sycl::queue &Q, BufferT &Buf) {
  Q.submit([&](sycl::handler &CGH) {
    sycl::accessor Acc(Buf, CGH, sycl::read_write);
    CGH.parallel_for(Buf.get_range(), [=](sycl::id<1> I) { Acc[I] += 1000; });
  });
}

/// Reads every element in a kernel (a read-only use of the buffer).
template <typename BufferT>
void readAll(sycl::queue &Q, BufferT &Buf, sycl::buffer<int> &Sink) {
  Q.submit([&](sycl::handler &CGH) {
    sycl::accessor In(Buf, CGH, sycl::read_only);
    sycl::accessor Out(Sink, CGH, sycl::write_only);
    CGH.parallel_for(Buf.get_range(), [=](sycl::id<1> I) { Out[I] = In[I]; });
  });
}

void hostPointers(buffers::Checker &Check, sycl::queue &Q) {
  std::vector<int> Host = iota(0);
  {
    sycl::buffer<int> Buf(Host.data(), sycl::range<1>(N));
    addThousand(Q, Buf);
    Check.expect("no write-back while the buffer lives", Host[5] == 5);
  }
  Check.equal("write-back to the host pointer", Host, iota(1000));

  const std::vector<int> Const = iota(0);
  std::vector<int> Copy = iota(0);
  {
    sycl::buffer<int> Buf(static_cast<const int *>(Copy.data()),
                          sycl::range<1>(N));
    addThousand(Q, Buf);
  }
  Check.equal("no write-back to const host data", Copy, Const);

  std::vector<int> Container = iota(7);
  {
    sycl::buffer Buf(Container);
    addThousand(Q, Buf);
  }
  Check.equal("write-back to a container", Container, iota(1007));

  std::list<int> Source(N, 3);
  std::vector<int> Out(N, 0);
  {
    sycl::buffer<int> Buf(Source.begin(), Source.end());
    addThousand(Q, Buf);
    Buf.set_final_data(Out.begin());
  }
  Check.expect("no write-back to input iterators",
               Source.front() == 3 && Source.back() == 3);
  Check.equal("set_final_data(vector iterator)", Out,
              std::vector<int>(N, 1003));
}

void finalData(buffers::Checker &Check, sycl::queue &Q) {
  std::vector<int> Host = iota(0), Other(N, -1);
  {
    sycl::buffer<int> Buf(Host.data(), sycl::range<1>(N));
    Buf.set_final_data(Other.data());
    addThousand(Q, Buf);
  }
  Check.equal("set_final_data(T*) leaves the host pointer", Host, iota(0));
  Check.equal("set_final_data(T*)", Other, iota(1000));

  Host = iota(0);
  {
    sycl::buffer<int> Buf(Host.data(), sycl::range<1>(N));
    Buf.set_final_data(nullptr);
    addThousand(Q, Buf);
  }
  Check.equal("set_final_data(nullptr)", Host, iota(0));

  Host = iota(0);
  {
    sycl::buffer<int> Buf(Host.data(), sycl::range<1>(N));
    addThousand(Q, Buf);
    Buf.set_write_back(false);
  }
  Check.equal("set_write_back(false)", Host, iota(0));

  std::shared_ptr<int[]> Live(new int[N]), Expired(new int[N]),
      Shared(new int[N]);
  std::weak_ptr<int[]> Weak = Live, Gone = Expired;
  Expired.reset();
  std::list<int> Appended;
  const std::vector<int> Start = iota(0);
  {
    sycl::buffer<int> A(Start.data(), sycl::range<1>(N));
    sycl::buffer<int> B(Start.data(), sycl::range<1>(N));
    sycl::buffer<int> C(Start.data(), sycl::range<1>(N));
    sycl::buffer<int> D(Start.data(), sycl::range<1>(N));
    A.set_final_data(Weak);
    B.set_final_data(Gone);
    C.set_final_data(Shared);
    D.set_final_data(std::back_inserter(Appended));
    addThousand(Q, A);
    addThousand(Q, B);
    addThousand(Q, D);
    Q.submit([&](sycl::handler &CGH) {
      sycl::accessor Acc(C, CGH, sycl::write_only);
      CGH.parallel_for(N, [=](sycl::id<1> I) { Acc[I] = 2 * int(I[0]); });
    });
  }
  std::vector<int> Twice(N);
  for (size_t I = 0; I < N; ++I)
    Twice[I] = 2 * int(I);
  Check.equal("set_final_data(weak_ptr)", Live.get(), iota(1000));
  Check.equal("set_final_data(shared_ptr)", Shared.get(), Twice);
  Check.equal("set_final_data(back_inserter)",
              std::vector<int>(Appended.begin(), Appended.end()), iota(1000));
}

/// Write-back needs a writer, unless set_write_back(true) forces it.
void writersOnly(buffers::Checker &Check, sycl::queue &Q) {
  std::vector<int> Host = iota(0), Sink(N), Forced(N, -1), Unforced(N, -1);
  sycl::buffer<int> SinkBuf(Sink.data(), sycl::range<1>(N));
  {
    sycl::buffer<int> Read(static_cast<const int *>(Host.data()),
                           sycl::range<1>(N));
    Read.set_final_data(Unforced.data());
    readAll(Q, Read, SinkBuf);
    sycl::buffer<int> ForcedBuf(static_cast<const int *>(Host.data()),
                                sycl::range<1>(N));
    ForcedBuf.set_final_data(Forced.data());
    ForcedBuf.set_write_back(true);
    readAll(Q, ForcedBuf, SinkBuf);
  }
  Check.equal("no write-back without a writer", Unforced,
              std::vector<int>(N, -1));
  Check.equal("set_write_back(true) forces it", Forced, iota(0));
}

void sharedPointers(buffers::Checker &Check, sycl::queue &Q) {
  std::shared_ptr<int> Data(new int[N], std::default_delete<int[]>());
  std::copy_n(iota(0).begin(), N, Data.get());
  {
    sycl::buffer<int> Buf(Data, sycl::range<1>(N));
    addThousand(Q, Buf);
  }
  Check.equal("write-back to a shared_ptr", Data.get(), iota(1000));

  // Released by the application: the buffer owns the data, nothing to
  // write back (and nothing may crash).
  {
    std::shared_ptr<int[]> Dropped(new int[N]);
    std::copy_n(iota(0).begin(), N, Dropped.get());
    sycl::buffer<int> Buf(Dropped, sycl::range<1>(N));
    Dropped.reset();
    addThousand(Q, Buf);
    sycl::host_accessor Acc(Buf, sycl::read_only);
    Check.equal("buffer keeps a released shared_ptr's data",
                Acc.get_pointer(), iota(1000));
  }

  std::shared_ptr<int> Empty;
  sycl::buffer<int> Uninitialized(Empty, sycl::range<1>(N));
  Check.expect("empty shared_ptr gives a buffer of the range",
               Uninitialized.size() == N);
}

void useHostPtr(buffers::Checker &Check, sycl::queue &Q) {
  std::vector<int> Host = iota(0);
  {
    sycl::buffer<int> Buf(Host.data(), sycl::range<1>(N),
                          {sycl::property::buffer::use_host_ptr()});
    Check.expect("has_property<use_host_ptr>",
                 Buf.has_property<sycl::property::buffer::use_host_ptr>());
    addThousand(Q, Buf);
    sycl::host_accessor Acc(Buf, sycl::read_only);
    Check.expect("use_host_ptr: host_accessor points at the host data",
                 Acc.get_pointer() == Host.data() && &Acc[7] == &Host[7]);
    Check.expect("use_host_ptr: the data is in place", Host[7] == 1007);
  }
  Check.equal("use_host_ptr after destruction", Host, iota(1000));
}

/// A buffer that dies inside its command group lives on in the handler
/// until the kernel has run, then writes back.
void bufferInsideCommandGroup(buffers::Checker &Check, sycl::queue &Q) {
  std::vector<int> Host = iota(0);
  Q.submit([&](sycl::handler &CGH) {
    sycl::buffer<int> Local(Host.data(), sycl::range<1>(N));
    sycl::accessor Acc(Local, CGH, sycl::read_write);
    CGH.parallel_for(N, [=](sycl::id<1> I) { Acc[I] *= 2; });
  });
  std::vector<int> Want(N);
  for (size_t I = 0; I < N; ++I)
    Want[I] = 2 * int(I);
  Check.equal("buffer dies in its command group", Host, Want);
}

} // namespace

int main() {
  buffers::Checker Check;
  sycl::queue Q;
  hostPointers(Check, Q);
  finalData(Check, Q);
  writersOnly(Check, Q);
  sharedPointers(Check, Q);
  useHostPtr(Check, Q);
  bufferInsideCommandGroup(Check, Q);
  return Check.status();
}
