//===- stream_test.hpp - Shared checks of the sycl::stream tests ----------===//
//
/// \file
/// What the stream programs share: running a piece of the program with its
/// own stdout and stderr (file descriptors 1 and 2) redirected to temporary
/// files, so that the program can read back what sycl::stream printed, and
/// comparisons that print what differs. The expected texts are spelled out
/// in the programs; nothing here knows how Lanes formats anything.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_TEST_STREAM_STREAM_TEST_HPP
#define LANES_TEST_STREAM_STREAM_TEST_HPP

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace streamtest {

/// What a captured piece of the program wrote.
struct Output {
  std::string Out; ///< to stdout
  std::string Err; ///< to stderr
};

/// The contents of \p File, from its start.
inline std::string readAll(std::FILE *File) {
  std::string Text;
  std::rewind(File);
  char Chunk[4096];
  size_t Got;
  while ((Got = std::fread(Chunk, 1, sizeof(Chunk), File)) > 0)
    Text.append(Chunk, Got);
  return Text;
}

/// Runs \p Body with stdout and stderr going to temporary files; returns
/// what it wrote to each.
template <typename BodyT> Output capture(BodyT Body) {
  std::fflush(stdout);
  std::fflush(stderr);
  std::FILE *OutFile = std::tmpfile();
  std::FILE *ErrFile = std::tmpfile();
  int SavedOut = dup(1);
  int SavedErr = dup(2);
  if (!OutFile || !ErrFile || SavedOut < 0 || SavedErr < 0 ||
      dup2(fileno(OutFile), 1) < 0 || dup2(fileno(ErrFile), 2) < 0) {
    std::perror("stream test: cannot redirect stdout and stderr");
    std::exit(2);
  }
  Body();
  std::fflush(stdout);
  std::fflush(stderr);
  dup2(SavedOut, 1);
  dup2(SavedErr, 2);
  close(SavedOut);
  close(SavedErr);
  Output Result{readAll(OutFile), readAll(ErrFile)};
  std::fclose(OutFile);
  std::fclose(ErrFile);
  return Result;
}

/// The lines of \p Text (without their newlines), sorted; a last line
/// without a newline counts too.
inline std::vector<std::string> sortedLines(const std::string &Text) {
  std::vector<std::string> Lines;
  size_t Begin = 0;
  while (Begin < Text.size()) {
    size_t End = Text.find('\n', Begin);
    if (End == std::string::npos)
      End = Text.size();
    Lines.push_back(Text.substr(Begin, End - Begin));
    Begin = End + 1;
  }
  std::sort(Lines.begin(), Lines.end());
  return Lines;
}

/// Checks that \p Got is \p Want; prints one line, and both texts when they
/// differ. Returns the exit status.
inline int expectText(const std::string &Name, const std::string &Got,
                      const std::string &Want) {
  if (Got == Want) {
    std::printf("%s: OK\n", Name.c_str());
    return 0;
  }
  std::printf("%s: FAIL\n--- got (%zu bytes) ---\n%s\n--- want (%zu bytes) "
              "---\n%s\n---\n",
              Name.c_str(), Got.size(), Got.c_str(), Want.size(), Want.c_str());
  return 1;
}

/// Checks that the lines of \p Got are those of \p Want in any order.
inline int expectLines(const std::string &Name, const std::string &Got,
                       std::vector<std::string> Want) {
  std::vector<std::string> GotLines = sortedLines(Got);
  std::sort(Want.begin(), Want.end());
  if (GotLines == Want) {
    std::printf("%s: OK, %zu lines\n", Name.c_str(), Want.size());
    return 0;
  }
  std::printf("%s: FAIL, %zu lines, want %zu\n", Name.c_str(), GotLines.size(),
              Want.size());
  size_t Shown = 0;
  for (size_t I = 0; I < std::max(GotLines.size(), Want.size()) && Shown < 10;
       ++I) {
    const char *G = I < GotLines.size() ? GotLines[I].c_str() : "(none)";
    const char *W = I < Want.size() ? Want[I].c_str() : "(none)";
    if (I < GotLines.size() && I < Want.size() && GotLines[I] == Want[I])
      continue;
    std::printf("  sorted line %zu: got '%s', want '%s'\n", I, G, W);
    ++Shown;
  }
  return 1;
}

/// Checks that \p Text contains \p Part.
inline int expectContains(const std::string &Name, const std::string &Text,
                          const std::string &Part) {
  if (Text.find(Part) != std::string::npos) {
    std::printf("%s: OK\n", Name.c_str());
    return 0;
  }
  std::printf("%s: FAIL, '%s' not in:\n%s\n", Name.c_str(), Part.c_str(),
              Text.c_str());
  return 1;
}

} // namespace streamtest

#endif // LANES_TEST_STREAM_STREAM_TEST_HPP
