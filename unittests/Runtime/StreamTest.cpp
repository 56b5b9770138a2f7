//===- StreamTest.cpp - The runtime half of sycl::stream ------------------===//
//
/// \file
/// lanes::rt::stream* without the SYCL header: formats of integers of every
/// width (two's complement in hexadecimal and octal), floats and pointers;
/// the field width; the two buffer limits and what streamFinish reports;
/// and many host threads writing the pieces of many work-items' lines
/// interleaved, as work-item loops and barriers do, which must still come
/// out one whole line per work-item. streamFinish writes to stdout, which
/// the tests redirect to a temporary file.
//
//===----------------------------------------------------------------------===//

#include "lanes/runtime.h"

#include "gtest/gtest.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <string>
#include <thread>
#include <vector>

using namespace lanes::rt;

namespace {

using Piece = StreamPiece;

/// A stream freed at the end of the test.
struct StreamDeleter {
  void operator()(StreamBuffer *S) const { streamDestroy(S); }
};
using StreamPtr = std::unique_ptr<StreamBuffer, StreamDeleter>;

StreamPtr makeStream(size_t Total, size_t WorkItem) {
  return StreamPtr(streamCreate(Total, WorkItem));
}

/// What \p Fd (1 or 2) receives while \p Body runs.
template <typename BodyT> std::string captureFd(int Fd, BodyT Body) {
  std::fflush(Fd == 1 ? stdout : stderr);
  std::FILE *File = std::tmpfile();
  int Saved = dup(Fd);
  EXPECT_TRUE(File && Saved >= 0 && dup2(fileno(File), Fd) >= 0);
  Body();
  std::fflush(Fd == 1 ? stdout : stderr);
  dup2(Saved, Fd);
  close(Saved);
  std::string Text;
  std::rewind(File);
  char Chunk[4096];
  size_t Got;
  while ((Got = std::fread(Chunk, 1, sizeof(Chunk), File)) > 0)
    Text.append(Chunk, Got);
  std::fclose(File);
  return Text;
}

/// The stdout of streamFinish on \p S.
std::string finish(StreamBuffer *S) {
  return captureFd(1, [&] { streamFinish(S, nullptr); });
}

void text(StreamBuffer *S, uint64_t Item, const std::string &T,
          Piece P = Piece::Literal) {
  streamText(S, Item, T.data(), T.size(), P);
}

/// One integer in \p Base, with showbase, as work-item 0 writes it.
std::string integer(uint64_t Bits, unsigned Bytes, bool Signed,
                    StreamFormat Base, bool ShowBase = false) {
  StreamPtr S = makeStream(1024, 256);
  streamFormat(S.get(), 0, Base, 0);
  if (ShowBase)
    streamFormat(S.get(), 0, StreamFormat::ShowBase, 0);
  streamInteger(S.get(), 0, Bits, Bytes, Signed, Piece::Field);
  return finish(S.get());
}

TEST(Stream, IntegersOfEveryWidth) {
  EXPECT_EQ(integer(uint64_t(-1), 1, true, StreamFormat::Dec), "-1");
  EXPECT_EQ(integer(uint64_t(-1), 1, true, StreamFormat::Hex), "ff");
  EXPECT_EQ(integer(uint64_t(-1), 2, true, StreamFormat::Hex), "ffff");
  EXPECT_EQ(integer(uint64_t(-2), 4, true, StreamFormat::Oct), "37777777776");
  EXPECT_EQ(integer(uint64_t(-1), 8, true, StreamFormat::Hex),
            "ffffffffffffffff");
  EXPECT_EQ(integer(0x80000000u, 4, true, StreamFormat::Dec), "-2147483648");
  EXPECT_EQ(integer(0x80000000u, 4, false, StreamFormat::Dec), "2147483648");
  EXPECT_EQ(integer(uint64_t(1) << 63, 8, true, StreamFormat::Dec),
            "-9223372036854775808");
  EXPECT_EQ(integer(uint64_t(-1), 8, false, StreamFormat::Dec),
            "18446744073709551615");
  EXPECT_EQ(integer(0x1ff, 1, false, StreamFormat::Dec), "255");
  EXPECT_EQ(integer(26, 4, true, StreamFormat::Hex, true), "0x1a");
  EXPECT_EQ(integer(8, 4, true, StreamFormat::Oct, true), "010");
  EXPECT_EQ(integer(0, 4, true, StreamFormat::Hex, true), "0");
}

TEST(Stream, FloatsPointersAndWidth) {
  StreamPtr S = makeStream(1024, 256);
  StreamBuffer *B = S.get();
  streamFloat(B, 0, 0.1, Piece::Field);
  text(B, 0, " ");
  streamFormat(B, 0, StreamFormat::Scientific, 0);
  streamFormat(B, 0, StreamFormat::Precision, 2);
  streamFloat(B, 0, -1234.5, Piece::Field);
  text(B, 0, " ");
  streamPointer(B, 0, reinterpret_cast<void *>(0xbeef), Piece::Field);
  text(B, 0, " ");
  // The width pads each element of a composite and goes back to 0 after
  // its last one.
  streamFormat(B, 0, StreamFormat::Width, 3);
  text(B, 0, "{");
  streamInteger(B, 0, 1, 4, true, Piece::ElementField);
  text(B, 0, ", ");
  streamInteger(B, 0, 2, 4, true, Piece::Field);
  text(B, 0, "} ");
  streamInteger(B, 0, 3, 4, true, Piece::Field);
  EXPECT_EQ(finish(B), "0.1 -1.23e+03 0xbeef {  1,   2} 3");
}

TEST(Stream, WorkItemLimitDropsUpToTheFlush) {
  StreamPtr S = makeStream(1024, 4);
  std::string Err = captureFd(2, [&] {
    EXPECT_EQ(captureFd(1,
                        [&] {
                          text(S.get(), 7, "abcdef");
                          streamFlush(S.get(), 7);
                          text(S.get(), 7, "gh\n");
                          streamFlush(S.get(), 7);
                          streamFinish(S.get(), nullptr);
                        }),
              "abcdgh\n");
  });
  EXPECT_NE(Err.find("dropped 2 bytes beyond the work-item buffer size (4 "
                     "bytes between flushes)"),
            std::string::npos)
      << Err;
}

TEST(Stream, TotalLimitDropsWholeFlushes) {
  StreamPtr S = makeStream(10, 10);
  std::string Err = captureFd(2, [&] {
    EXPECT_EQ(captureFd(1,
                        [&] {
                          for (uint64_t Item = 0; Item < 3; ++Item) {
                            text(S.get(), Item, "1234\n");
                            streamFlush(S.get(), Item);
                          }
                          text(S.get(), 3, "x");
                          streamFinish(S.get(), nullptr);
                        }),
              "1234\n1234\n");
  });
  EXPECT_NE(Err.find("dropped 6 bytes of flushes beyond the total buffer "
                     "size (10 bytes)"),
            std::string::npos)
      << Err;
  // Finishing empties the stream and its counts.
  Err = captureFd(2, [&] { EXPECT_EQ(finish(S.get()), ""); });
  EXPECT_EQ(Err, "");
}

TEST(Stream, UnflushedTextComesOutInWorkItemOrder) {
  StreamPtr S = makeStream(1024, 16);
  for (uint64_t Item : {5, 1, 3})
    text(S.get(), Item, std::to_string(Item));
  text(S.get(), 9, "flushed ");
  streamFlush(S.get(), 9);
  EXPECT_EQ(finish(S.get()), "flushed 135");
}

/// Threads each run the work-items of their own "groups"; every work-item
/// writes its line in three pieces, the pieces of a group's work-items
/// interleaved (as a work-item loop with two barriers runs them).
TEST(Stream, ConcurrentWorkItemsKeepTheirLinesWhole) {
  constexpr unsigned Threads = 8, GroupsPerThread = 16, GroupSize = 32;
  StreamPtr S = makeStream(1 << 24, 64);
  std::vector<std::thread> Pool;
  for (unsigned T = 0; T < Threads; ++T)
    Pool.emplace_back([&S, T] {
      for (unsigned G = 0; G < GroupsPerThread; ++G) {
        uint64_t First = (uint64_t(T) * GroupsPerThread + G) * GroupSize;
        for (int Part = 0; Part < 3; ++Part)
          for (uint64_t Item = First; Item < First + GroupSize; ++Item) {
            if (Part == 0)
              streamInteger(S.get(), Item, Item, 8, false, Piece::Field);
            text(S.get(), Item, Part == 2 ? " c\n" : Part ? " b" : " a");
            if (Part == 2)
              streamFlush(S.get(), Item);
          }
      }
    });
  for (std::thread &T : Pool)
    T.join();
  std::string Out = finish(S.get());
  std::vector<std::string> Lines;
  for (size_t Begin = 0; Begin < Out.size();) {
    size_t End = Out.find('\n', Begin);
    ASSERT_NE(End, std::string::npos);
    Lines.push_back(Out.substr(Begin, End - Begin));
    Begin = End + 1;
  }
  std::vector<std::string> Want;
  for (uint64_t Item = 0; Item < Threads * GroupsPerThread * GroupSize; ++Item)
    Want.push_back(std::to_string(Item) + " a b c");
  std::sort(Lines.begin(), Lines.end());
  std::sort(Want.begin(), Want.end());
  EXPECT_EQ(Lines, Want);
}

TEST(Stream, DestroyAcceptsNull) { streamDestroy(nullptr); }

} // namespace
