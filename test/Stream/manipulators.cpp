// The sycl::stream manipulators: bases, showbase, showpos, the field width
// (for the next operand only, for each element of a composite), precision
// and the float notations, checked against the exact text and, where
// std::ostream has the same manipulator, against what std::ostringstream
// writes (sycl::stream follows it). Formats belong to a work-item and last
// until changed, also across flushes, but not into the next command group.
#include "stream_test.hpp"

#include <sycl/sycl.hpp>

#include <iomanip>
#include <sstream>
#include <string>
#include <vector>

namespace {

using streamtest::capture;
using streamtest::expectLines;
using streamtest::expectText;

/// What one single_task writes through \p Write.
template <typename WriteT>
std::string kernelText(sycl::queue &Q, WriteT Write) {
  return capture([&] {
           Q.submit([&](sycl::handler &CGH) {
             sycl::stream Out(4096, 512, CGH);
             CGH.single_task([=] { Write(Out); });
           });
         })
      .Out;
}

int integers(sycl::queue &Q) {
  std::string Got = kernelText(Q, [](const sycl::stream &Out) {
    Out << sycl::hex << 255 << ' ' << -1 << ' ' << short(-1) << ' '
        << sycl::showbase << 255 << ' ' << 0 << ' ' << sycl::oct << 8 << ' '
        << 0 << sycl::noshowbase << ' ' << 8 << sycl::dec << ' ' << 255
        << sycl::endl;
    Out << sycl::showpos << 5 << ' ' << -5 << ' ' << 0 << ' ' << 7u << ' '
        << 1.5 << sycl::noshowpos << ' ' << 5 << sycl::endl;
  });
  std::ostringstream Ref;
  Ref << std::hex << 255 << ' ' << -1 << ' ' << short(-1) << ' '
      << std::showbase << 255 << ' ' << 0 << ' ' << std::oct << 8 << ' ' << 0
      << std::noshowbase << ' ' << 8 << std::dec << ' ' << 255 << '\n';
  Ref << std::showpos << 5 << ' ' << -5 << ' ' << 0 << ' ' << 7u << ' ' << 1.5
      << std::noshowpos << ' ' << 5 << '\n';
  const char *Want = "ff ffffffff ffff 0xff 0 010 0 10 255\n"
                     "+5 -5 +0 7 +1.5 5\n";
  return expectText("integer manipulators", Got, Want) |
         expectText("integer manipulators as std::ostream", Ref.str(), Want);
}

int widths(sycl::queue &Q) {
  std::string Got = kernelText(Q, [](const sycl::stream &Out) {
    Out << sycl::setw(6) << 42 << '|' << 42 << '|' << sycl::setw(4) << "ab"
        << '|' << sycl::setw(3) << 'c' << '|' << sycl::setw(2) << 12345 << '|'
        << sycl::setw(6) << true << sycl::endl;
    Out << sycl::setw(3) << sycl::vec<int, 3>(1, 2, 3) << ' ' << sycl::setw(4)
        << sycl::id<2>(7, 8) << ' ' << 9 << sycl::endl;
    Out << sycl::setw(-3) << 1 << sycl::setw(0) << 2 << sycl::endl;
  });
  std::ostringstream Ref;
  Ref << std::setw(6) << 42 << '|' << 42 << '|' << std::setw(4) << "ab" << '|'
      << std::setw(3) << 'c' << '|' << std::setw(2) << 12345 << '|'
      << std::setw(6) << std::boolalpha << true << '\n';
  std::string FirstLine = "    42|42|  ab|  c|12345|  true\n";
  return expectText("setw", Got,
                    FirstLine + "{  1,   2,   3} {   7,    8} 9\n12\n") |
         expectText("setw as std::ostream", Ref.str(), FirstLine);
}

int floats(sycl::queue &Q) {
  std::string Got = kernelText(Q, [](const sycl::stream &Out) {
    Out << sycl::setprecision(3) << 3.14159 << ' ' << sycl::fixed << 3.14159
        << ' ' << 2.0f << ' ' << sycl::scientific << 1234.5 << ' '
        << sycl::hexfloat << 1.0 << ' ' << 0.5f << ' ' << sycl::defaultfloat
        << 1234.5 << ' ' << sycl::setprecision(10) << 3.14159 << sycl::endl;
    Out << sycl::setprecision(-1) << sycl::fixed << 1.0 << ' '
        << sycl::setprecision(0) << 2.5 << ' ' << sycl::showpos
        << sycl::setprecision(2) << sycl::setw(8) << 2.5 << ' '
        << sycl::defaultfloat << -0.0 << sycl::endl;
  });
  std::ostringstream Ref;
  Ref << std::setprecision(3) << 3.14159 << ' ' << std::fixed << 3.14159 << ' '
      << 2.0f << ' ' << std::scientific << 1234.5 << ' ' << std::hexfloat << 1.0
      << ' ' << 0.5f << ' ' << std::defaultfloat << 1234.5 << ' '
      << std::setprecision(10) << 3.14159 << '\n';
  Ref << std::setprecision(6) << std::fixed << 1.0 << ' '
      << std::setprecision(0) << 2.5 << ' ' << std::showpos
      << std::setprecision(2) << std::setw(8) << 2.5 << ' ' << std::defaultfloat
      << -0.0 << '\n';
  const char *Want = "3.14 3.142 2.000 1.234e+03 0x1p+0 0x1p-1 1.23e+03 "
                     "3.14159\n"
                     "1.000000 2    +2.50 -0\n";
  return expectText("float manipulators", Got, Want) |
         expectText("float manipulators as std::ostream", Ref.str(), Want);
}

/// Each work-item has its own format, kept across flushes; the next command
/// group starts from the default.
int perWorkItem(sycl::queue &Q) {
  auto Got = capture([&] {
    Q.submit([&](sycl::handler &CGH) {
      sycl::stream Out(4096, 64, CGH);
      CGH.parallel_for(sycl::range<1>(6), [=](sycl::id<1> Id) {
        size_t I = Id[0];
        if (I % 2 == 0)
          Out << sycl::hex << sycl::showbase;
        if (I % 3 == 0)
          Out << sycl::setw(5);
        Out << I << ": " << 255 << sycl::flush;
        Out << " and " << 254 << sycl::endl;
      });
    });
  });
  std::vector<std::string> Want = {"    0: 0xff and 0xfe", "1: 255 and 254",
                                   "0x2: 0xff and 0xfe",   "    3: 255 and 254",
                                   "0x4: 0xff and 0xfe",   "5: 255 and 254"};
  int Rc = expectLines("formats per work-item", Got.Out, Want);
  std::string Next =
      kernelText(Q, [](const sycl::stream &Out) { Out << 255 << sycl::endl; });
  return Rc | expectText("next command group, default format", Next, "255\n");
}

} // namespace

int main() {
  sycl::queue Q;
  int Rc = integers(Q);
  Rc |= widths(Q);
  Rc |= floats(Q);
  Rc |= perWorkItem(Q);
  return Rc;
}
