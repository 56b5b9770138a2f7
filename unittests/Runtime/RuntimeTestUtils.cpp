//===- RuntimeTestUtils.cpp - Helpers of the runtime tests ----------------===//
//
/// \file
/// Environment and stderr plumbing for tests that start a fresh runtime in
/// a child process.
//
//===----------------------------------------------------------------------===//

#include "RuntimeTestUtils.h"

#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>

using namespace lanes::test;

ScopedEnv::ScopedEnv(std::vector<std::string> Settings) {
  for (const std::string &Setting : Settings) {
    size_t Equal = Setting.find('=');
    std::string Name = Setting.substr(0, Equal);
    const char *Old = std::getenv(Name.c_str());
    Previous.push_back({Name, Old != nullptr, Old ? Old : ""});
    if (Equal == std::string::npos)
      unsetenv(Name.c_str());
    else
      setenv(Name.c_str(), Setting.c_str() + Equal + 1, 1);
  }
}

ScopedEnv::~ScopedEnv() {
  for (auto It = Previous.rbegin(); It != Previous.rend(); ++It) {
    if (It->WasSet)
      setenv(It->Name.c_str(), It->Value.c_str(), 1);
    else
      unsetenv(It->Name.c_str());
  }
}

StderrCapture::StderrCapture() {
  std::fflush(stderr);
  char Path[] = "/tmp/lanes-stderr-XXXXXX";
  FileFd = mkstemp(Path);
  if (FileFd < 0)
    return;
  unlink(Path);
  SavedFd = dup(2);
  dup2(FileFd, 2);
}

StderrCapture::~StderrCapture() { finish(); }

std::string StderrCapture::finish() {
  std::string Text;
  if (FileFd < 0)
    return Text;
  std::fflush(stderr);
  dup2(SavedFd, 2);
  close(SavedFd);
  lseek(FileFd, 0, SEEK_SET);
  char Buffer[4096];
  ssize_t Got;
  while ((Got = read(FileFd, Buffer, sizeof(Buffer))) > 0)
    Text.append(Buffer, size_t(Got));
  close(FileFd);
  FileFd = SavedFd = -1;
  return Text;
}

void lanes::test::expectInChild(std::vector<std::string> Env,
                                const std::function<int()> &Body) {
  // Fork-and-exec: the parent has OpenMP threads, which a bare fork would
  // not take along.
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  ScopedEnv Scoped(std::move(Env));
  EXPECT_EXIT(std::exit(Body()), ::testing::ExitedWithCode(0), "");
}

size_t lanes::test::countOccurrences(const std::string &Text,
                                     const std::string &Needle) {
  size_t Count = 0;
  for (size_t At = Text.find(Needle); At != std::string::npos;
       At = Text.find(Needle, At + Needle.size()))
    ++Count;
  return Count;
}
