//===- DeviceTest.cpp - device, platform, context and selectors -----------===//
//
// Device queries must report what lanes::rt::deviceInfo() says (in SYCL
// dimension order), and selectors that reject the CPU must fail loudly.
//
//===----------------------------------------------------------------------===//
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include <string>

namespace {

TEST(Device, InfoComesFromTheRuntime) {
  const lanes::rt::DeviceInfo &Info = lanes::rt::deviceInfo();
  sycl::device Dev = sycl::queue().get_device();
  namespace di = sycl::info::device;
  EXPECT_EQ(Dev.get_info<di::name>(), std::string(Info.Name));
  EXPECT_EQ(Dev.get_info<di::vendor>(), std::string(Info.Vendor));
  EXPECT_EQ(Dev.get_info<di::max_compute_units>(), Info.MaxComputeUnits);
  EXPECT_EQ(Dev.get_info<di::max_work_group_size>(), Info.MaxWorkGroupSize);
  EXPECT_EQ(Dev.get_info<di::local_mem_size>(), Info.LocalMemSize);
  EXPECT_EQ(Dev.get_info<di::global_mem_size>(), Info.GlobalMemSize);
  EXPECT_EQ(Dev.get_info<di::max_work_item_dimensions>(), 3u);
  EXPECT_EQ(Dev.get_info<di::device_type>(), sycl::info::device_type::cpu);
  EXPECT_FALSE(Dev.get_info<di::version>().empty());
  EXPECT_FALSE(Dev.get_info<di::driver_version>().empty());
  EXPECT_EQ(Dev.get_info<di::address_bits>(), 8 * sizeof(void *));
  EXPECT_GE(Info.MaxWorkGroupSize, 4096u);
}

TEST(Device, MaxWorkItemSizesInSyclOrder) {
  const size_t *M = lanes::rt::deviceInfo().MaxWorkItemSizes;
  sycl::device Dev;
  namespace di = sycl::info::device;
  sycl::range<3> R3 = Dev.get_info<di::max_work_item_sizes<3>>();
  sycl::range<2> R2 = Dev.get_info<di::max_work_item_sizes<2>>();
  sycl::range<1> R1 = Dev.get_info<di::max_work_item_sizes<1>>();
  EXPECT_EQ(R3, sycl::range<3>(M[2], M[1], M[0]));
  EXPECT_EQ(R2, sycl::range<2>(M[1], M[0]));
  EXPECT_EQ(R1, sycl::range<1>(M[0]));
  auto Default = Dev.get_info<di::max_work_item_sizes<>>();
  static_assert(std::is_same_v<decltype(Default), sycl::range<3>>);
}

TEST(Device, KindAndAspects) {
  sycl::device Dev;
  EXPECT_TRUE(Dev.is_cpu());
  EXPECT_FALSE(Dev.is_gpu());
  EXPECT_FALSE(Dev.is_accelerator());
  EXPECT_TRUE(Dev.has(sycl::aspect::cpu));
  EXPECT_FALSE(Dev.has(sycl::aspect::gpu));
  EXPECT_TRUE(Dev.has(sycl::aspect::usm_shared_allocations));
  EXPECT_TRUE(Dev.has(sycl::aspect::usm_device_allocations));
  EXPECT_TRUE(Dev.has(sycl::aspect::queue_profiling));
  EXPECT_TRUE(Dev.has(sycl::aspect::fp16));
  EXPECT_TRUE(Dev.has(sycl::aspect::image));
  EXPECT_FALSE(Dev.has(sycl::aspect::online_compiler));
}

TEST(Device, Enumeration) {
  EXPECT_EQ(sycl::device::get_devices().size(), 1u);
  EXPECT_EQ(sycl::device::get_devices(sycl::info::device_type::cpu).size(),
            1u);
  EXPECT_TRUE(
      sycl::device::get_devices(sycl::info::device_type::gpu).empty());
  std::vector<sycl::platform> Platforms = sycl::platform::get_platforms();
  ASSERT_EQ(Platforms.size(), 1u);
  EXPECT_EQ(Platforms[0].get_devices().size(), 1u);
  EXPECT_FALSE(
      Platforms[0].get_info<sycl::info::platform::name>().empty());
  EXPECT_FALSE(
      Platforms[0].get_info<sycl::info::platform::vendor>().empty());
  sycl::device Dev;
  EXPECT_EQ(Dev.get_platform(), Platforms[0]);
  EXPECT_EQ(Dev.get_info<sycl::info::device::platform>(), Platforms[0]);
  sycl::context Ctx(Dev);
  EXPECT_EQ(Ctx.get_devices().size(), 1u);
  EXPECT_EQ(Ctx.get_platform(), Platforms[0]);
}

TEST(Device, StandardSelectorsScore) {
  sycl::device Dev;
  EXPECT_GE(sycl::default_selector_v(Dev), 0);
  EXPECT_GE(sycl::cpu_selector_v(Dev), 0);
  EXPECT_LT(sycl::gpu_selector_v(Dev), 0);
  EXPECT_LT(sycl::accelerator_selector_v(Dev), 0);
  EXPECT_TRUE(sycl::device(sycl::cpu_selector_v).is_cpu());
  EXPECT_TRUE(sycl::device(sycl::default_selector_v).is_cpu());
}

/// Runs \p Make, which must throw errc::runtime mentioning \p Text.
template <typename MakeT> void expectNoDevice(MakeT Make, const char *Text) {
  try {
    Make();
    ADD_FAILURE() << "expected sycl::exception";
  } catch (const sycl::exception &E) {
    EXPECT_EQ(E.code(), sycl::errc::runtime);
    EXPECT_NE(std::string(E.what()).find(Text), std::string::npos)
        << E.what();
  }
}

TEST(Device, GpuSelectorThrows) {
  const char *Gpu = "no GPU device: Lanes runs on the CPU";
  expectNoDevice([] { sycl::queue Q(sycl::gpu_selector_v); }, Gpu);
  expectNoDevice([] { sycl::device D(sycl::gpu_selector_v); }, Gpu);
  expectNoDevice([] { sycl::queue Q{sycl::gpu_selector{}}; }, Gpu);
  expectNoDevice([] { sycl::platform P(sycl::gpu_selector_v); }, Gpu);
  expectNoDevice([] { sycl::queue Q(sycl::accelerator_selector_v); },
                 "no accelerator device");
  expectNoDevice(
      [] {
        sycl::queue Q([](const sycl::device &) { return -1; });
      },
      "no device satisfies the device selector");
}

} // namespace
