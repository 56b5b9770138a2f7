// vec::convert under every rounding mode, vec::as, vec::load / store
// through multi_ptr, and sycl::bit_cast, in kernels. The host reference for the
// rounding modes is the hardware's: the same conversion done by the CPU with
// its rounding mode set by fesetround (and lrint for floating point to
// integers), so it shares nothing with Lanes' implementation.
#include "vecmath.hpp"

#include <sycl/sycl.hpp>

#include <cfenv>
#include <string>

namespace {

using sycl::rounding_mode;

/// automatic, rte, rtz, rtp, rtn.
constexpr int NumModes = 5;

/// The C rounding mode matching \p Mode (automatic: the default for
/// floating-point results, truncation for integer ones).
int cMode(int Mode, bool ToInteger) {
  switch (Mode) {
  case 0:
    return ToInteger ? FE_TOWARDZERO : FE_TONEAREST;
  case 1:
    return FE_TONEAREST;
  case 2:
    return FE_TOWARDZERO;
  case 3:
    return FE_UPWARD;
  default:
    return FE_DOWNWARD;
  }
}

/// \p X converted by the CPU in C rounding mode \p Mode.
template <typename To, typename From> To hardwareConvert(From X, int Mode) {
  volatile From In = X;
  volatile To Out;
  std::fesetround(Mode);
  if constexpr (std::is_integral_v<To>)
    Out = To(std::llrint(double(In)));
  else
    Out = To(In);
  std::fesetround(FE_TONEAREST);
  return Out;
}

/// Converts N-element vecs of From to To in every rounding mode in a
/// kernel; compares with the hardware.
template <typename From, typename To, int N>
int runConvert(sycl::queue &Q, const std::string &Name,
               const std::vector<From> &Values) {
  const size_t Items = (Values.size() + N - 1) / N, Len = Items * N;
  From *In = sycl::malloc_shared<From>(Len, Q);
  To *Out = sycl::malloc_shared<To>(NumModes * Len, Q);
  for (size_t I = 0; I < Len; ++I)
    In[I] = Values[I % Values.size()];

  Q.parallel_for(sycl::range<1>(Items), [=](sycl::id<1> I) {
     sycl::vec<From, N> V;
     V.load(I[0], In);
     V.template convert<To>().store(0 * Items + I[0], Out);
     V.template convert<To, rounding_mode::rte>().store(1 * Items + I[0], Out);
     V.template convert<To, rounding_mode::rtz>().store(2 * Items + I[0], Out);
     V.template convert<To, rounding_mode::rtp>().store(3 * Items + I[0], Out);
     V.template convert<To, rounding_mode::rtn>().store(4 * Items + I[0], Out);
   }).wait();

  std::vector<To> Want(NumModes * Len);
  for (int M = 0; M < NumModes; ++M)
    for (size_t I = 0; I < Len; ++I) {
      bool ToInteger = std::is_integral_v<To>;
      if constexpr (std::is_integral_v<From> && std::is_integral_v<To>)
        Want[M * Len + I] = To(In[I]);
      else
        Want[M * Len + I] =
            hardwareConvert<To>(In[I], cMode(M, ToInteger));
    }
  int Rc = vecmath::check(("convert " + Name).c_str(), Out, Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}

/// Values whose conversions round in every direction.
std::vector<float> floatsForIntegers() {
  std::vector<float> V = {0.0f, -0.0f, 0.5f,  1.5f,  2.5f,   -0.5f, -1.5f,
                          -2.5f, 0.49f, 0.51f, -0.51f, 3.75f, -3.25f, 100.0f,
                          126.5f, -127.5f, 30000.5f};
  for (uint32_t I = 0; I < 200; ++I)
    V.push_back(vecmath::input<float>(I, 9));
  return V;
}
std::vector<double> doublesForFloats() {
  std::vector<double> V = {0.0, -0.0, 1.0, 1.0 + 1e-9, 1.0 - 1e-9,
                           -1.0 - 1e-9, 0.1, -0.1, 3.4e38, 3.5e38, -3.5e38,
                           1e-46, -1e-46, 1.0 / 3.0, -2.0 / 3.0};
  for (uint32_t I = 0; I < 200; ++I)
    V.push_back(double(vecmath::hash(I, 4)) / 3.0 - 7e8);
  return V;
}
template <typename I> std::vector<I> integersForFloats() {
  std::vector<I> V = {I(0), I(1), I(16777217), I(33554435), I(2147483647),
                      std::numeric_limits<I>::max(),
                      std::numeric_limits<I>::min()};
  if constexpr (std::is_signed_v<I>)
    V.push_back(I(-16777217));
  for (uint32_t K = 0; K < 200; ++K)
    V.push_back(I((uint64_t(vecmath::hash(K, 5)) << 32 | vecmath::hash(K, 6)) >>
                  (K % 40)));
  return V;
}

/// vec::as between vecs of equal size, against memcpy on the host.
template <typename From, int N, typename AsT>
int runAs(sycl::queue &Q, const std::string &Name) {
  const size_t Items = 23;
  using To = typename AsT::element_type;
  constexpr int M = int(AsT::size());
  static_assert(sizeof(sycl::vec<From, N>) == sizeof(AsT), "same size");
  From *In = sycl::malloc_shared<From>(Items * N, Q);
  To *Out = sycl::malloc_shared<To>(Items * M, Q);
  for (size_t I = 0; I < Items * N; ++I)
    In[I] = vecmath::input<From>(uint32_t(I), 7);
  Q.parallel_for(sycl::range<1>(Items), [=](sycl::id<1> I) {
     sycl::vec<From, N> V;
     V.load(I[0], sycl::address_space_cast<
                      sycl::access::address_space::global_space,
                      sycl::access::decorated::yes>(In));
     AsT R = V.template as<AsT>();
     R.store(I[0], sycl::address_space_cast<
                       sycl::access::address_space::global_space,
                       sycl::access::decorated::no>(Out));
   }).wait();
  std::vector<To> Want(Items * M);
  for (size_t I = 0; I < Items; ++I) {
    // vec<T, 3> carries a fourth element that is zero after load.
    unsigned char Bytes[sizeof(AsT)] = {};
    std::memcpy(Bytes, In + I * N, N * sizeof(From));
    std::memcpy(&Want[I * M], Bytes, M * sizeof(To));
  }
  int Rc = vecmath::check(("as " + Name).c_str(), Out, Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}

/// sycl::bit_cast in a kernel, both ways between From and To (the same
/// size), against the bytes copied on the host.
template <typename From, typename To>
int runBitCast(sycl::queue &Q, const std::string &Name) {
  constexpr size_t Items = 100;
  From *In = sycl::malloc_shared<From>(Items, Q);
  To *Out = sycl::malloc_shared<To>(Items, Q);
  From *Back = sycl::malloc_shared<From>(Items, Q);
  unsigned char *Bytes = reinterpret_cast<unsigned char *>(In);
  for (size_t I = 0; I < Items * sizeof(From); ++I)
    Bytes[I] = (unsigned char)vecmath::hash(uint32_t(I), 11);
  Q.parallel_for(sycl::range<1>(Items), [=](sycl::id<1> I) {
     Out[I] = sycl::bit_cast<To>(In[I]);
     Back[I] = sycl::bit_cast<From>(Out[I]);
   }).wait();
  std::vector<To> Want(Items);
  std::memcpy(Want.data(), In, Items * sizeof(From));
  std::vector<From> Same(In, In + Items);
  int Rc = vecmath::check(("bit_cast " + Name).c_str(), Out, Want) |
           vecmath::check(("bit_cast back " + Name).c_str(), Back, Same);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  sycl::free(Back, Q);
  return Rc;
}

/// sycl::bit_cast of a whole float4 to an int4 in a kernel.
int runBitCastVec(sycl::queue &Q) {
  constexpr size_t Items = 64;
  sycl::float4 *In = sycl::malloc_shared<sycl::float4>(Items, Q);
  sycl::int4 *Out = sycl::malloc_shared<sycl::int4>(Items, Q);
  for (size_t I = 0; I < Items * 4; ++I)
    In[I / 4][I % 4] = vecmath::input<float>(uint32_t(I), 13);
  Q.parallel_for(sycl::range<1>(Items), [=](sycl::id<1> I) {
     Out[I] = sycl::bit_cast<sycl::int4>(In[I]);
   }).wait();
  std::vector<int> Want(Items * 4), Got(Items * 4);
  for (size_t I = 0; I < Items * 4; ++I) {
    float F = In[I / 4][I % 4];
    std::memcpy(&Want[I], &F, sizeof(F));
    Got[I] = Out[I / 4][I % 4];
  }
  int Rc = vecmath::check("bit_cast float4 to int4", Got.data(), Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}

} // namespace

int main() {
  sycl::queue Q;
  int Rc = 0;
  auto Floats = floatsForIntegers();
  Rc |= runConvert<float, int, 4>(Q, "float4 to int4", Floats);
  Rc |= runConvert<float, long, 3>(Q, "float3 to long3", Floats);
  Rc |= runConvert<float, short, 8>(Q, "float8 to short8", Floats);
  Rc |= runConvert<double, int, 2>(Q, "double2 to int2",
                                   std::vector<double>(Floats.begin(),
                                                       Floats.end()));
  Rc |= runConvert<double, float, 4>(Q, "double4 to float4",
                                     doublesForFloats());
  Rc |= runConvert<int, float, 16>(Q, "int16 to float16",
                                   integersForFloats<int>());
  Rc |= runConvert<long, float, 4>(Q, "long4 to float4",
                                   integersForFloats<long>());
  Rc |= runConvert<unsigned long, float, 2>(
      Q, "ulong2 to float2", integersForFloats<unsigned long>());
  Rc |= runConvert<long, double, 3>(Q, "long3 to double3",
                                    integersForFloats<long>());
  Rc |= runConvert<float, double, 4>(Q, "float4 to double4", Floats);
  Rc |= runConvert<int, signed char, 8>(Q, "int8 to char8",
                                        integersForFloats<int>());
  Rc |= runConvert<unsigned, unsigned short, 4>(
      Q, "uint4 to ushort4", integersForFloats<unsigned>());
  Rc |= runAs<float, 4, sycl::int4>(Q, "float4 as int4");
  Rc |= runAs<int, 2, sycl::float2>(Q, "int2 as float2");
  Rc |= runAs<unsigned char, 16, sycl::uint4>(Q, "uchar16 as uint4");
  Rc |= runAs<double, 2, sycl::long2>(Q, "double2 as long2");
  Rc |= runAs<float, 3, sycl::int3>(Q, "float3 as int3");
  Rc |= runAs<short, 8, sycl::double2>(Q, "short8 as double2");
  Rc |= runBitCast<float, uint32_t>(Q, "float to uint");
  Rc |= runBitCast<double, long>(Q, "double to long");
  Rc |= runBitCast<int, float>(Q, "int to float");
  Rc |= runBitCastVec(Q);
  static_assert(sycl::bit_cast<uint32_t>(1.0f) == 0x3f800000u,
                "sycl::bit_cast is constexpr");
  return Rc;
}
