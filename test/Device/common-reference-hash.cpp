// std::hash of the classes with common reference semantics (SYCL 2020
// 4.5.2): device, platform, context, queue, event, buffer, accessor (every
// target, the deprecated host_buffer and local ones included),
// host_accessor, local_accessor, unsampled_image, sampled_image, their four
// accessors, kernel_id, device_image, kernel, kernel_bundle and stream.
// For each, copies compare equal and hash alike, and unordered_set and
// unordered_map keyed by the class hold one entry per distinct object.
// Objects with their own state (two queues, two buffers, ...) compare
// unequal and, since their hash is that of the state's address, hash
// differently.
#include <sycl/sycl.hpp>

#include <cstdio>
#include <string>
#include <type_traits>
#include <unordered_map>
#include <unordered_set>
#include <vector>

class Touch;
class Other;

namespace {

int Failures = 0;

void expect(bool Ok, const std::string &What) {
  if (!Ok) {
    std::printf("FAIL: %s\n", What.c_str());
    ++Failures;
  }
}

/// Checks std::hash<T> on \p A, a copy of it, and \p B. \p Distinct says
/// that B is another object, which must compare unequal and hash
/// differently.
template <typename T>
void checkHash(const char *Name, const T &A, const T &B, bool Distinct) {
  static_assert(std::is_nothrow_invocable_r_v<size_t, std::hash<T>, const T &>,
                "std::hash<T> takes a const T &");
  const T Copy = A;
  std::hash<T> Hash;
  std::string Prefix = std::string(Name) + ": ";
  expect(Copy == A && Hash(Copy) == Hash(A) && Hash(A) == std::hash<T>()(A),
         Prefix + "a copy compares equal but hashes differently");
  expect(Distinct == (A != B),
         Prefix + (Distinct ? "two objects are equal" : "the objects differ"));
  if (Distinct)
    expect(Hash(A) != Hash(B), Prefix + "two objects hash alike");
  else
    expect(Hash(A) == Hash(B), Prefix + "equal objects hash differently");

  std::unordered_set<T> Set{A, Copy, B};
  expect(Set.size() == (Distinct ? 2u : 1u) && Set.count(Copy) == 1 &&
             Set.count(B) == 1,
         Prefix + "unordered_set does not hold one entry per object");
  std::unordered_map<T, int> Map;
  Map[A] += 1;
  Map[Copy] += 2;
  Map[B] += 4;
  expect(Distinct ? Map.size() == 2 && Map.at(A) == 3 && Map.at(B) == 4
                  : Map.size() == 1 && Map.at(A) == 7,
         Prefix + "unordered_map does not hold one entry per object");
}

void platformObjects(sycl::queue &Q) {
  // Lanes has one device, platform and context: every object is equal.
  checkHash("device", Q.get_device(), sycl::device(sycl::cpu_selector_v),
            false);
  checkHash("platform", Q.get_device().get_platform(), sycl::platform(), false);
  checkHash("context", Q.get_context(), sycl::context(), false);
  std::unordered_map<sycl::device, int> PerDevice;
  for (const sycl::device &Dev : sycl::device::get_devices())
    ++PerDevice[Dev];
  ++PerDevice[Q.get_device()];
  expect(PerDevice.size() == 1 && PerDevice.begin()->second == 2,
         "unordered_map<device, int> over get_devices() and a queue's");

  sycl::queue Second;
  checkHash("queue", Q, Second, true);
  sycl::event First = Q.single_task([] {});
  sycl::event Next = Q.single_task([] {});
  checkHash("event", First, Next, true);
  checkHash("event (default)", sycl::event(), sycl::event(), false);
}

void bufferObjects(sycl::queue &Q) {
  std::vector<int> Data(64, 1), OtherData(64, 2);
  sycl::buffer<int> Buf(Data.data(), sycl::range<1>(64));
  sycl::buffer<int> OtherBuf(OtherData.data(), sycl::range<1>(64));
  checkHash("buffer", Buf, OtherBuf, true);
  sycl::buffer<int> Low(Buf, sycl::id<1>(0), sycl::range<1>(32));
  sycl::buffer<int> High(Buf, sycl::id<1>(32), sycl::range<1>(32));
  checkHash("sub-buffer", Low, High, true);

  sycl::accessor Placeholder(Buf, sycl::read_write);
  sycl::accessor OtherPlaceholder(OtherBuf, sycl::read_write);
  checkHash("accessor (placeholder)", Placeholder, OtherPlaceholder, true);
  {
    sycl::host_accessor Host(Buf, sycl::read_only);
    sycl::host_accessor OtherHost(OtherBuf, sycl::read_only);
    checkHash("host_accessor", Host, OtherHost, true);
    sycl::accessor<int, 1, sycl::access_mode::read, sycl::target::host_buffer>
        Legacy(Buf), OtherLegacy(OtherBuf);
    checkHash("accessor<target::host_buffer>", Legacy, OtherLegacy, true);
  }

  int *Out = sycl::malloc_shared<int>(2, Q);
  Q.submit([&](sycl::handler &CGH) {
     sycl::accessor Acc(Buf, CGH, sycl::write_only);
     sycl::accessor OtherAcc(OtherBuf, CGH, sycl::write_only);
     checkHash("accessor", Acc, OtherAcc, true);
     sycl::accessor<int, 1, sycl::access_mode::read,
                    sycl::target::constant_buffer>
         Constant(Buf, CGH), OtherConstant(OtherBuf, CGH);
     checkHash("accessor<target::constant_buffer>", Constant, OtherConstant,
               true);
     sycl::local_accessor<int, 1> Local(sycl::range<1>(16), CGH);
     sycl::local_accessor<int, 1> OtherLocal(sycl::range<1>(16), CGH);
     checkHash("local_accessor", Local, OtherLocal, true);
     sycl::accessor<int, 1, sycl::access_mode::read_write, sycl::target::local>
         LegacyLocal(sycl::range<1>(8), CGH),
         OtherLegacyLocal(sycl::range<1>(8), CGH);
     checkHash("accessor<target::local>", LegacyLocal, OtherLegacyLocal, true);
     sycl::accessor<int, 1, sycl::access_mode::atomic, sycl::target::local>
         AtomicLocal(sycl::range<1>(8), CGH),
         OtherAtomicLocal(sycl::range<1>(8), CGH);
     checkHash("accessor<access_mode::atomic, target::local>", AtomicLocal,
               OtherAtomicLocal, true);
     sycl::stream Out1(1024, 128, CGH), Out2(1024, 128, CGH);
     checkHash("stream", Out1, Out2, true);
     // A kernel that uses them, so that the command group is complete.
     CGH.parallel_for<Touch>(
         sycl::nd_range<1>(16, 16), [=](sycl::nd_item<1> It) {
           size_t I = It.get_local_id(0);
           Local[I] = int(I);
           OtherLocal[I] = Constant[I] + OtherConstant[I];
           sycl::group_barrier(It.get_group());
           Acc[I] = Local[15 - I];
           OtherAcc[I] = OtherLocal[I];
           if (I == 0) {
             Out[0] = int(LegacyLocal.size() + OtherLegacyLocal.size());
             Out[1] = int(AtomicLocal.size() + OtherAtomicLocal.size());
           }
         });
   }).wait();
  expect(Out[0] == 16 && Out[1] == 16, "the local accessors' kernel ran");
  sycl::free(Out, Q);
  sycl::host_accessor Check(Buf, sycl::read_only);
  expect(Check[0] == 15 && Check[15] == 0, "the accessors' kernel ran");
}

void imageObjects(sycl::queue &Q) {
  using sycl::image_format;
  std::vector<float> Texels(4 * 16, 0.5f);
  sycl::unsampled_image<2> Img(image_format::r32g32b32a32_sfloat,
                               sycl::range<2>(4, 4));
  sycl::unsampled_image<2> OtherImg(image_format::r32g32b32a32_sfloat,
                                    sycl::range<2>(4, 4));
  checkHash("unsampled_image", Img, OtherImg, true);
  sycl::image_sampler Sampler{sycl::addressing_mode::clamp_to_edge,
                              sycl::coordinate_normalization_mode::unnormalized,
                              sycl::filtering_mode::nearest};
  sycl::sampled_image<2> Sampled(Texels.data(),
                                 image_format::r32g32b32a32_sfloat, Sampler,
                                 sycl::range<2>(4, 4));
  sycl::sampled_image<2> OtherSampled(Texels.data(),
                                      image_format::r32g32b32a32_sfloat,
                                      Sampler, sycl::range<2>(4, 4));
  checkHash("sampled_image", Sampled, OtherSampled, true);
  {
    sycl::host_unsampled_image_accessor<sycl::float4, 2,
                                        sycl::access_mode::read>
        Host(Img), OtherHost(OtherImg);
    checkHash("host_unsampled_image_accessor", Host, OtherHost, true);
    sycl::host_sampled_image_accessor<sycl::float4, 2> HostSampled(Sampled),
        OtherHostSampled(OtherSampled);
    checkHash("host_sampled_image_accessor", HostSampled, OtherHostSampled,
              true);
  }
  Q.submit([&](sycl::handler &CGH) {
     sycl::unsampled_image_accessor<sycl::float4, 2, sycl::access_mode::write>
         Write(Img, CGH), OtherWrite(OtherImg, CGH);
     checkHash("unsampled_image_accessor", Write, OtherWrite, true);
     sycl::sampled_image_accessor<sycl::float4, 2> Read(Sampled, CGH),
         OtherRead(OtherSampled, CGH);
     checkHash("sampled_image_accessor", Read, OtherRead, true);
     CGH.parallel_for<Other>(sycl::range<2>(4, 4), [=](sycl::item<2> It) {
       sycl::int2 At{int(It[1]), int(It[0])};
       sycl::float2 Coord{float(It[1]), float(It[0])};
       Write.write(At, Read.read(Coord) + OtherRead.read(Coord));
       OtherWrite.write(At, sycl::float4(1.0f));
     });
   }).wait();
  sycl::host_unsampled_image_accessor<sycl::float4, 2, sycl::access_mode::read>
      Result(Img);
  expect(Result.read(sycl::int2(3, 3))[0] == 1.0f,
         "the image accessors' kernel ran");
}

void bundleObjects(sycl::queue &Q) {
  constexpr sycl::bundle_state Executable = sycl::bundle_state::executable;
  sycl::kernel_id TouchId = sycl::get_kernel_id<Touch>();
  sycl::kernel_id OtherId = sycl::get_kernel_id<Other>();
  checkHash("kernel_id", TouchId, OtherId, true);
  auto Bundle = sycl::get_kernel_bundle<Executable>(Q.get_context());
  auto OtherBundle = sycl::get_kernel_bundle<Executable>(Q.get_context());
  checkHash("kernel_bundle", Bundle, OtherBundle, true);
  std::vector<sycl::device_image<Executable>> Images(Bundle.begin(),
                                                     Bundle.end());
  expect(Images.size() >= 2, "the bundle has an image per kernel");
  if (Images.size() >= 2)
    checkHash("device_image", Images[0], Images[1], true);
  checkHash("kernel", Bundle.get_kernel(TouchId), Bundle.get_kernel(OtherId),
            true);
  checkHash("kernel (two bundles)", Bundle.get_kernel(TouchId),
            OtherBundle.get_kernel(TouchId), true);
}

} // namespace

int main() {
  sycl::queue Q;
  platformObjects(Q);
  bufferObjects(Q);
  imageObjects(Q);
  bundleObjects(Q);
  if (Failures) {
    std::printf("common-reference-hash: %d FAILED\n", Failures);
    return 1;
  }
  std::printf("common-reference-hash: OK\n");
  return 0;
}
