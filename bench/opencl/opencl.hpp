//===- opencl.hpp - The OpenCL host side shared by the pocl variants ------===//
//
/// \file
/// A small host harness over the OpenCL 1.2 C API (the ICD loader,
/// -lOpenCL) for the `pocl` variant of every benchmark: picks the first CPU
/// device (pocl's), builds a kernel file from the bench/opencl directory,
/// owns the buffers and launches NDRanges synchronously, so that a timed
/// step is "enqueue, clFinish" like the SYCL variants' "submit, wait".
///
/// What pocl does with the kernel (its work-group method, read from
/// POCL_WORK_GROUP_METHOD at startup) is recorded in `phase=config` lines.
/// pocl compiles at clBuildProgram and, per local size, at the first launch;
/// both show up in the `build` and `warmup` lines, never in the timed runs.
/// Any OpenCL error ends the process with its code (exit status 2).
//
//===----------------------------------------------------------------------===//
#ifndef LANES_BENCH_OPENCL_HPP
#define LANES_BENCH_OPENCL_HPP

#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include "bench.hpp"

#include <fstream>
#include <sstream>
#include <vector>

#ifndef LANES_BENCH_CL_DIR
#error "the build defines LANES_BENCH_CL_DIR, the directory of the .cl files"
#endif

namespace ocl {

[[noreturn]] inline void fail(const char *What, cl_int Err) {
  std::fprintf(stderr, "OpenCL error %d in %s\n", int(Err), What);
  std::exit(2);
}

inline void check(cl_int Err, const char *What) {
  if (Err != CL_SUCCESS)
    fail(What, Err);
}

/// One OpenCL device, context, in-order queue and the program of one
/// benchmark. Not copyable; releases everything on destruction.
class Runtime {
public:
  explicit Runtime(const bench::Reporter &Rep) : Rep(Rep) {
    cl_uint Count = 0;
    check(clGetPlatformIDs(0, nullptr, &Count), "clGetPlatformIDs");
    std::vector<cl_platform_id> Platforms(Count);
    check(clGetPlatformIDs(Count, Platforms.data(), nullptr),
          "clGetPlatformIDs");
    for (cl_platform_id P : Platforms)
      if (clGetDeviceIDs(P, CL_DEVICE_TYPE_CPU, 1, &Device, nullptr) ==
          CL_SUCCESS)
        break;
    if (!Device)
      fail("finding a CPU device (is pocl-opencl-icd installed?)",
           CL_DEVICE_NOT_FOUND);
    cl_int Err;
    Context = clCreateContext(nullptr, 1, &Device, nullptr, nullptr, &Err);
    check(Err, "clCreateContext");
    Queue = clCreateCommandQueue(Context, Device, 0, &Err);
    check(Err, "clCreateCommandQueue");
    Rep.config("device", deviceString(CL_DEVICE_NAME));
    Rep.config("driver", deviceString(CL_DRIVER_VERSION));
    cl_uint Units = 0;
    clGetDeviceInfo(Device, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof Units, &Units,
                    nullptr);
    Rep.config("compute_units", Units);
    const char *Method = std::getenv("POCL_WORK_GROUP_METHOD");
    Rep.config("pocl_method", Method ? Method : "default");
  }
  Runtime(const Runtime &) = delete;
  Runtime &operator=(const Runtime &) = delete;
  ~Runtime() {
    for (cl_mem M : Buffers)
      clReleaseMemObject(M);
    for (cl_kernel K : Kernels)
      clReleaseKernel(K);
    if (Program)
      clReleaseProgram(Program);
    clReleaseCommandQueue(Queue);
    clReleaseContext(Context);
  }

  /// Builds LANES_BENCH_CL_DIR/\p File with \p Options (e.g. -DLOCAL=256);
  /// prints the build log and exits if it fails. Reports the build time.
  void build(const char *File, const std::string &Options) {
    std::string Path = std::string(LANES_BENCH_CL_DIR) + "/" + File;
    std::ifstream In(Path);
    if (!In) {
      std::fprintf(stderr, "cannot read %s\n", Path.c_str());
      std::exit(2);
    }
    std::stringstream Text;
    Text << In.rdbuf();
    std::string Source = Text.str();
    const char *Src = Source.c_str();
    cl_int Err;
    Program = clCreateProgramWithSource(Context, 1, &Src, nullptr, &Err);
    check(Err, "clCreateProgramWithSource");
    auto Start = std::chrono::steady_clock::now();
    Err =
        clBuildProgram(Program, 1, &Device, Options.c_str(), nullptr, nullptr);
    auto End = std::chrono::steady_clock::now();
    if (Err != CL_SUCCESS) {
      size_t Size = 0;
      clGetProgramBuildInfo(Program, Device, CL_PROGRAM_BUILD_LOG, 0, nullptr,
                            &Size);
      std::string Log(Size, '\0');
      clGetProgramBuildInfo(Program, Device, CL_PROGRAM_BUILD_LOG, Size,
                            &Log[0], nullptr);
      std::fprintf(stderr, "%s: build failed:\n%s\n", Path.c_str(),
                   Log.c_str());
      fail("clBuildProgram", Err);
    }
    Rep.config("cl_options", Options);
    Rep.phaseMs("build",
                std::chrono::duration<double, std::milli>(End - Start).count());
  }

  /// The kernel \p Name of the built program, owned by the runtime.
  cl_kernel kernel(const char *Name) {
    cl_int Err;
    cl_kernel K = clCreateKernel(Program, Name, &Err);
    check(Err, Name);
    Kernels.push_back(K);
    return K;
  }

  /// A device buffer of \p Count elements, initialised from \p Init when
  /// given; owned by the runtime.
  template <typename T> cl_mem buffer(size_t Count, const T *Init = nullptr) {
    cl_int Err;
    cl_mem M = clCreateBuffer(
        Context, CL_MEM_READ_WRITE | (Init ? CL_MEM_COPY_HOST_PTR : 0),
        Count * sizeof(T), const_cast<T *>(Init), &Err);
    check(Err, "clCreateBuffer");
    Buffers.push_back(M);
    return M;
  }

  /// Copies \p Count elements of \p From into \p To (blocking).
  template <typename T> void read(cl_mem From, size_t Count, T *To) {
    check(clEnqueueReadBuffer(Queue, From, CL_TRUE, 0, Count * sizeof(T), To, 0,
                              nullptr, nullptr),
          "clEnqueueReadBuffer");
  }

  /// Copies \p Count elements of \p From into \p To (blocking).
  template <typename T> void write(cl_mem To, size_t Count, const T *From) {
    check(clEnqueueWriteBuffer(Queue, To, CL_TRUE, 0, Count * sizeof(T), From,
                               0, nullptr, nullptr),
          "clEnqueueWriteBuffer");
  }

  /// Runs \p K over a \p Dims-dimensional NDRange and waits for it.
  void run(cl_kernel K, cl_uint Dims, const size_t *Global,
           const size_t *Local) {
    check(clEnqueueNDRangeKernel(Queue, K, Dims, nullptr, Global, Local, 0,
                                 nullptr, nullptr),
          "clEnqueueNDRangeKernel");
    check(clFinish(Queue), "clFinish");
  }

private:
  const bench::Reporter &Rep;
  cl_device_id Device = nullptr;
  cl_context Context = nullptr;
  cl_command_queue Queue = nullptr;
  cl_program Program = nullptr;
  std::vector<cl_kernel> Kernels;
  std::vector<cl_mem> Buffers;

  std::string deviceString(cl_device_info What) const {
    size_t Size = 0;
    clGetDeviceInfo(Device, What, 0, nullptr, &Size);
    std::string S(Size, '\0');
    clGetDeviceInfo(Device, What, Size, &S[0], nullptr);
    while (!S.empty() && S.back() == '\0')
      S.pop_back();
    return S;
  }
};

/// Sets the arguments of \p K in order: cl_mem handles and scalars by value.
template <typename... Args> void setArgs(cl_kernel K, const Args &...A) {
  cl_uint Index = 0;
  (check(clSetKernelArg(K, Index++, sizeof(A), &A), "clSetKernelArg"), ...);
}

/// "-DNAME=value" for a kernel build option.
inline std::string define(const char *Name, size_t Value) {
  return std::string(" -D") + Name + "=" + std::to_string(Value);
}

} // namespace ocl

#endif // LANES_BENCH_OPENCL_HPP
