// DPC++'s sycl_ext_oneapi_memcpy2d: ext_oneapi_memcpy2d, ext_oneapi_copy2d,
// ext_oneapi_memset2d and ext_oneapi_fill2d, as queue shortcuts (alone,
// after one event, after a vector of events) and as the command of a
// handler, on USM and on host memory. Each result is checked element by
// element against a host model: the rectangle holds what was copied or
// filled, and the padding between the width and the pitch, and the row
// after the rectangle, keep what they held. Also: pitches equal to the
// width, one row, a width or a height of 0 (nothing is written, and null
// pointers are fine), and errc::invalid, naming the function and the
// numbers, for a width above a pitch, a null pointer and rows past the
// address space.
#include <sycl/sycl.hpp>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

namespace {

int Failures = 0;

void expect(bool Ok, const std::string &What) {
  std::printf("%s: %s\n", What.c_str(), Ok ? "OK" : "FAIL");
  Failures += !Ok;
}

/// A 6-byte element type for copy2d and fill2d.
struct Pixel {
  uint16_t R, G, B;
  friend bool operator==(const Pixel &L, const Pixel &R) {
    return L.R == R.R && L.G == R.G && L.B == R.B;
  }
};

/// Element I of the source grids.
template <typename T> T sourceValue(size_t I);
template <> unsigned char sourceValue<unsigned char>(size_t I) {
  return static_cast<unsigned char>((I * 7 + 3) % 251);
}
template <> int sourceValue<int>(size_t I) { return int(1000 + I); }
template <> Pixel sourceValue<Pixel>(size_t I) {
  return {uint16_t(I), uint16_t(2 * I + 1), uint16_t(3 * I + 2)};
}

/// A value no source element has, for the destination's padding.
template <typename T> T untouched();
template <> unsigned char untouched<unsigned char>() { return 0xFF; }
template <> int untouched<int>() { return -7; }
template <> Pixel untouched<Pixel>() { return {0xDEAD, 0xBEEF, 0xF00D}; }

/// A grid of Pitch x (Rows + 1) elements in shared USM: one row more than
/// the rectangle, to see that nothing is written past its last row.
template <typename T> struct Grid {
  sycl::queue &Q;
  size_t Pitch, Rows;
  T *Data;
  Grid(sycl::queue &Q, size_t Pitch, size_t Rows)
      : Q(Q), Pitch(Pitch), Rows(Rows),
        Data(sycl::malloc_shared<T>(Pitch * (Rows + 1), Q)) {}
  ~Grid() { sycl::free(Data, Q); }
  size_t size() const { return Pitch * (Rows + 1); }
  void fillSource() {
    for (size_t I = 0; I < size(); ++I)
      Data[I] = sourceValue<T>(I);
  }
  void fillUntouched() {
    for (size_t I = 0; I < size(); ++I)
      Data[I] = untouched<T>();
  }
};

/// Whether \p Dest holds Want(R, C) at row R < Height, column C < Width,
/// and untouched<T>() everywhere else.
template <typename T>
bool holds(const Grid<T> &Dest, size_t Width, size_t Height,
           const std::function<T(size_t, size_t)> &Want) {
  for (size_t I = 0; I < Dest.size(); ++I) {
    size_t R = I / Dest.Pitch, C = I % Dest.Pitch;
    T Expected = R < Height && C < Width ? Want(R, C) : untouched<T>();
    if (!(Dest.Data[I] == Expected))
      return false;
  }
  return true;
}

/// The ways to submit a 2-D command: Run(Q, Deps, Handler) submits it
/// after \p Deps, as a queue shortcut or (Handler) in a command group.
enum class Form { Queue, QueueEvent, QueueEvents, Handler };
const char *formName(Form F) {
  switch (F) {
  case Form::Queue:
    return "queue";
  case Form::QueueEvent:
    return "queue, event";
  case Form::QueueEvents:
    return "queue, events";
  case Form::Handler:
    return "handler";
  }
  return "";
}
const Form AllForms[] = {Form::Queue, Form::QueueEvent, Form::QueueEvents,
                         Form::Handler};

/// Submits the memcpy2d or copy2d of Src to Dest in form \p F; a kernel
/// that writes the source first gives the dependencies.
template <typename T>
sycl::event copyIn(Form F, sycl::queue &Q, Grid<T> &Src, Grid<T> &Dest,
                   size_t Width, size_t Height, bool Bytes) {
  T *SrcData = Src.Data;
  size_t N = Src.size();
  sycl::event Wrote = Q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> I) {
    SrcData[I] = sourceValue<T>(I[0]);
  });
  size_t S = sizeof(T);
  switch (F) {
  case Form::Queue:
    Wrote.wait();
    return Bytes ? Q.ext_oneapi_memcpy2d(Dest.Data, Dest.Pitch * S, Src.Data,
                                         Src.Pitch * S, Width * S, Height)
                 : Q.ext_oneapi_copy2d(static_cast<const T *>(Src.Data),
                                       Src.Pitch, Dest.Data, Dest.Pitch, Width,
                                       Height);
  case Form::QueueEvent:
    return Bytes
               ? Q.ext_oneapi_memcpy2d(Dest.Data, Dest.Pitch * S, Src.Data,
                                       Src.Pitch * S, Width * S, Height, Wrote)
               : Q.ext_oneapi_copy2d(static_cast<const T *>(Src.Data),
                                     Src.Pitch, Dest.Data, Dest.Pitch, Width,
                                     Height, Wrote);
  case Form::QueueEvents: {
    std::vector<sycl::event> Deps{Wrote, Q.ext_oneapi_submit_barrier()};
    return Bytes ? Q.ext_oneapi_memcpy2d(Dest.Data, Dest.Pitch * S, Src.Data,
                                         Src.Pitch * S, Width * S, Height, Deps)
                 : Q.ext_oneapi_copy2d(static_cast<const T *>(Src.Data),
                                       Src.Pitch, Dest.Data, Dest.Pitch, Width,
                                       Height, Deps);
  }
  case Form::Handler:
    return Q.submit([&](sycl::handler &CGH) {
      CGH.depends_on(Wrote);
      if (Bytes)
        CGH.ext_oneapi_memcpy2d(Dest.Data, Dest.Pitch * S, Src.Data,
                                Src.Pitch * S, Width * S, Height);
      else
        CGH.ext_oneapi_copy2d(static_cast<const T *>(Src.Data), Src.Pitch,
                              Dest.Data, Dest.Pitch, Width, Height);
    });
  }
  return {};
}

bool complete(const sycl::event &E) {
  return E.get_info<sycl::info::event::command_execution_status>() ==
         sycl::info::event_command_status::complete;
}

/// memcpy2d (in bytes of T) or copy2d (in elements) of a Width x Height
/// rectangle between grids of pitches \p SrcPitch and \p DestPitch.
template <typename T>
void checkCopy(sycl::queue &Q, const char *Name, bool Bytes, size_t SrcPitch,
               size_t DestPitch, size_t Width, size_t Height) {
  for (Form F : AllForms) {
    Grid<T> Src(Q, SrcPitch, Height), Dest(Q, DestPitch, Height);
    Dest.fillUntouched();
    sycl::event Done = copyIn(F, Q, Src, Dest, Width, Height, Bytes);
    Done.wait();
    bool Ok = holds<T>(Dest, Width, Height, [&](size_t R, size_t C) {
      return sourceValue<T>(R * SrcPitch + C);
    });
    expect(Ok && complete(Done),
           std::string(Name) + " (" + formName(F) + "), pitches " +
               std::to_string(SrcPitch) + " -> " + std::to_string(DestPitch) +
               ", " + std::to_string(Width) + " x " + std::to_string(Height));
  }
}

/// memset2d (T = unsigned char) or fill2d of \p Value in form \p F.
template <typename T>
sycl::event fillIn(Form F, sycl::queue &Q, Grid<T> &Dest, const T &Value,
                   int ByteValue, size_t Width, size_t Height, bool Bytes) {
  sycl::event Before = Q.ext_oneapi_submit_barrier();
  switch (F) {
  case Form::Queue:
    return Bytes ? Q.ext_oneapi_memset2d(Dest.Data, Dest.Pitch, ByteValue,
                                         Width, Height)
                 : Q.ext_oneapi_fill2d(Dest.Data, Dest.Pitch, Value, Width,
                                       Height);
  case Form::QueueEvent:
    return Bytes ? Q.ext_oneapi_memset2d(Dest.Data, Dest.Pitch, ByteValue,
                                         Width, Height, Before)
                 : Q.ext_oneapi_fill2d(Dest.Data, Dest.Pitch, Value, Width,
                                       Height, Before);
  case Form::QueueEvents:
    return Bytes ? Q.ext_oneapi_memset2d(Dest.Data, Dest.Pitch, ByteValue,
                                         Width, Height, {Before, Before})
                 : Q.ext_oneapi_fill2d(Dest.Data, Dest.Pitch, Value, Width,
                                       Height, {Before, Before});
  case Form::Handler:
    return Q.submit([&](sycl::handler &CGH) {
      CGH.depends_on({Before});
      if (Bytes)
        CGH.ext_oneapi_memset2d(Dest.Data, Dest.Pitch, ByteValue, Width,
                                Height);
      else
        CGH.ext_oneapi_fill2d(Dest.Data, Dest.Pitch, Value, Width, Height);
    });
  }
  return {};
}

template <typename T>
void checkFill(sycl::queue &Q, const char *Name, bool Bytes, const T &Value,
               int ByteValue, size_t Pitch, size_t Width, size_t Height) {
  for (Form F : AllForms) {
    Grid<T> Dest(Q, Pitch, Height);
    Dest.fillUntouched();
    sycl::event Done =
        fillIn(F, Q, Dest, Value, ByteValue, Width, Height, Bytes);
    Done.wait();
    bool Ok =
        holds<T>(Dest, Width, Height, [&](size_t, size_t) { return Value; });
    expect(Ok && complete(Done), std::string(Name) + " (" + formName(F) +
                                     "), pitch " + std::to_string(Pitch) +
                                     ", " + std::to_string(Width) + " x " +
                                     std::to_string(Height));
  }
}

/// Copies between host memory and device USM, both ways.
void hostAndDevice(sycl::queue &Q) {
  constexpr size_t W = 5, H = 4, HostPitch = 6, DevPitch = 8;
  int Host[HostPitch * H], Back[HostPitch * H];
  for (size_t I = 0; I < HostPitch * H; ++I) {
    Host[I] = int(I);
    Back[I] = -1;
  }
  int *Dev = sycl::malloc_device<int>(DevPitch * H, Q);
  Q.ext_oneapi_copy2d(Host, HostPitch, Dev, DevPitch, W, H).wait();
  Q.submit([&](sycl::handler &CGH) {
     CGH.ext_oneapi_memcpy2d(Back, HostPitch * sizeof(int), Dev,
                             DevPitch * sizeof(int), W * sizeof(int), H);
   }).wait();
  bool Ok = true;
  for (size_t I = 0; I < HostPitch * H; ++I)
    Ok &= Back[I] == (I % HostPitch < W ? int(I) : -1);
  expect(Ok, "host -> device -> host");
  sycl::free(Dev, Q);
}

/// Widths or heights of 0 write nothing, even through null pointers.
void empty(sycl::queue &Q) {
  Grid<int> Src(Q, 4, 3), Dest(Q, 4, 3);
  Src.fillSource();
  Dest.fillUntouched();
  Q.ext_oneapi_copy2d(static_cast<const int *>(Src.Data), 4, Dest.Data, 4, 0,
                      3);
  Q.ext_oneapi_copy2d(static_cast<const int *>(Src.Data), 4, Dest.Data, 4, 4,
                      0);
  Q.ext_oneapi_memcpy2d(Dest.Data, 16, Src.Data, 16, 0, 3);
  Q.ext_oneapi_memcpy2d(Dest.Data, 16, Src.Data, 16, 16, 0);
  Q.ext_oneapi_memset2d(Dest.Data, 16, 0, 0, 3);
  Q.ext_oneapi_memset2d(Dest.Data, 16, 0, 16, 0);
  Q.ext_oneapi_fill2d(Dest.Data, 4, 5, 0, 3);
  Q.submit([&](sycl::handler &CGH) {
    CGH.ext_oneapi_fill2d(Dest.Data, 4, 5, 4, 0);
  });
  Q.wait();
  expect(holds<int>(Dest, 0, 0, {}), "width or height 0 writes nothing");
  bool Threw = false;
  try {
    Q.ext_oneapi_memcpy2d(nullptr, 8, nullptr, 8, 0, 5);
    Q.ext_oneapi_copy2d<int>(nullptr, 8, nullptr, 8, 8, 0);
    Q.ext_oneapi_memset2d(nullptr, 0, 1, 0, 0);
    Q.ext_oneapi_fill2d(nullptr, 2, 1.5f, 2, 0);
  } catch (const sycl::exception &) {
    Threw = true;
  }
  expect(!Threw, "width or height 0 with null pointers");
}

/// Expects \p Run to throw errc::invalid, naming \p Function and containing
/// \p Detail, and \p Dest to keep its contents.
template <typename F>
void expectInvalid(const std::string &What, const char *Function,
                   const std::string &Detail, const Grid<int> &Dest, F Run) {
  try {
    Run();
    expect(false, What + " throws");
  } catch (const sycl::exception &E) {
    expect(E.code() == sycl::errc::invalid &&
               std::strstr(E.what(), Function) != nullptr &&
               std::strstr(E.what(), Detail.c_str()) != nullptr &&
               holds<int>(Dest, 0, 0, {}),
           What + " (" + E.what() + ")");
  }
}

void errors(sycl::queue &Q) {
  Grid<int> Src(Q, 8, 3), Dest(Q, 8, 3);
  Src.fillSource();
  Dest.fillUntouched();
  const int *In = Src.Data;
  int *Out = Dest.Data;
  expectInvalid("memcpy2d width above the source pitch", "ext_oneapi_memcpy2d",
                "width 33, height 3, source pitch 32", Dest,
                [&] { Q.ext_oneapi_memcpy2d(Out, 40, In, 32, 33, 3); });
  expectInvalid("memcpy2d width above the destination pitch",
                "ext_oneapi_memcpy2d",
                "width 33, height 3, destination "
                "pitch 32",
                Dest, [&] {
                  Q.submit([&](sycl::handler &CGH) {
                    CGH.ext_oneapi_memcpy2d(Out, 32, In, 40, 33, 3);
                  });
                });
  expectInvalid("copy2d width above the source pitch", "ext_oneapi_copy2d",
                "width 9, height 2, source pitch 8", Dest,
                [&] { Q.ext_oneapi_copy2d(In, 8, Out, 9, 9, 2); });
  expectInvalid("copy2d width above the destination pitch", "ext_oneapi_copy2d",
                "width 5, height 0, destination pitch 4", Dest, [&] {
                  Q.submit([&](sycl::handler &CGH) {
                    CGH.ext_oneapi_copy2d(In, 8, Out, 4, 5, 0);
                  });
                });
  expectInvalid("memset2d width above the pitch", "ext_oneapi_memset2d",
                "width 17, height 1, destination pitch 16", Dest,
                [&] { Q.ext_oneapi_memset2d(Out, 16, 0, 17, 1); });
  expectInvalid("fill2d width above the pitch", "ext_oneapi_fill2d",
                "width 3, height 2, destination pitch 2", Dest, [&] {
                  Q.submit([&](sycl::handler &CGH) {
                    CGH.ext_oneapi_fill2d(Out, 2, 1, 3, 2);
                  });
                });
  expectInvalid("memcpy2d from null", "ext_oneapi_memcpy2d",
                "source pointer is null", Dest,
                [&] { Q.ext_oneapi_memcpy2d(Out, 32, nullptr, 32, 4, 1); });
  expectInvalid("copy2d to null", "ext_oneapi_copy2d",
                "destination pointer is null", Dest,
                [&] { Q.ext_oneapi_copy2d<int>(In, 8, nullptr, 8, 1, 1); });
  expectInvalid("memset2d of null", "ext_oneapi_memset2d",
                "destination pointer is null", Dest,
                [&] { Q.ext_oneapi_memset2d(nullptr, 4, 0, 4, 2); });
  expectInvalid("fill2d of null", "ext_oneapi_fill2d",
                "destination pointer is null", Dest, [&] {
                  Q.submit([&](sycl::handler &CGH) {
                    CGH.ext_oneapi_fill2d(nullptr, 4, 1, 4, 2);
                  });
                });
  size_t Huge = ~size_t(0) / 8;
  expectInvalid("copy2d rows past the address space", "ext_oneapi_copy2d",
                "source rows reach past the address space", Dest,
                [&] { Q.ext_oneapi_copy2d(In, Huge, Out, 8, 1, 4); });
  expectInvalid("fill2d pitch past the address space", "ext_oneapi_fill2d",
                "destination rows reach past the address space", Dest,
                [&] { Q.ext_oneapi_fill2d(Out, Huge, 1.0, 1, 2); });
}

} // namespace

int main() {
  static_assert(SYCL_EXT_ONEAPI_MEMCPY2D == 1, "feature-test macro");
  sycl::queue Q;
  // Pitches above the width on either side, equal to it, and one row.
  checkCopy<unsigned char>(Q, "memcpy2d", true, 37, 45, 29, 7);
  checkCopy<unsigned char>(Q, "memcpy2d", true, 30, 30, 30, 5);
  checkCopy<int>(Q, "memcpy2d of ints", true, 16, 11, 11, 6);
  checkCopy<unsigned char>(Q, "memcpy2d", true, 64, 9, 9, 1);
  checkCopy<int>(Q, "copy2d<int>", false, 13, 17, 11, 5);
  checkCopy<int>(Q, "copy2d<int>", false, 12, 12, 12, 4);
  checkCopy<Pixel>(Q, "copy2d<Pixel>", false, 7, 10, 6, 9);
  checkFill<unsigned char>(Q, "memset2d", true, 0xA5, 0x1A5, 40, 33, 6);
  checkFill<unsigned char>(Q, "memset2d", true, 0, 0, 24, 24, 3);
  checkFill<int>(Q, "fill2d<int>", false, -123456, 0, 10, 7, 8);
  checkFill<int>(Q, "fill2d<int>", false, 42, 0, 5, 5, 1);
  checkFill<Pixel>(Q, "fill2d<Pixel>", false, Pixel{1, 2, 3}, 0, 9, 7, 4);
  hostAndDevice(Q);
  empty(Q);
  errors(Q);
  if (Failures)
    std::printf("%d failed\n", Failures);
  return Failures != 0;
}
