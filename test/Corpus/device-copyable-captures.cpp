// Kernels that capture the types SYCL 2020 calls device copyable (3.13.1):
// a type of the program's own with a user-provided copy constructor, which
// the program declares device copyable by specializing
// sycl::is_device_copyable; std::tuple, std::pair, std::array,
// std::optional, std::variant and std::string_view of device copyable
// types; and a sycl::span over USM. Each work-item reads them across a
// barrier and writes what it read; the host computes the same. The
// trait's answers, for these types and for ones it must reject, are
// checked at compile time.
#include <sycl/sycl.hpp>

#include "corpus.hpp"

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <variant>
#include <vector>

namespace {

/// Not trivially copyable (its copy constructor is the program's own), so
/// device copyable only because the program says so below.
struct Scaled {
  explicit Scaled(uint32_t Factor) : Factor(Factor) {}
  Scaled(const Scaled &Other) : Factor(Other.Factor) {}
  Scaled &operator=(const Scaled &) = default;
  uint32_t apply(uint32_t X) const { return X * Factor; }
  uint32_t Factor;
};

/// Owns heap memory: not device copyable.
struct Owning {
  std::vector<uint32_t> Values;
};

} // namespace

template <> struct sycl::is_device_copyable<Scaled> : std::true_type {};

static_assert(sycl::is_device_copyable_v<uint32_t>);
static_assert(sycl::is_device_copyable_v<Scaled>);
static_assert(sycl::is_device_copyable_v<const Scaled>);
static_assert(sycl::is_device_copyable_v<Scaled[2]>);
static_assert(sycl::is_device_copyable_v<std::tuple<Scaled, uint32_t>>);
static_assert(sycl::is_device_copyable_v<std::pair<uint32_t, Scaled>>);
static_assert(sycl::is_device_copyable_v<std::array<Scaled, 3>>);
static_assert(sycl::is_device_copyable_v<std::optional<Scaled>>);
static_assert(sycl::is_device_copyable_v<std::variant<uint32_t, Scaled>>);
static_assert(sycl::is_device_copyable_v<std::string_view>);
static_assert(sycl::is_device_copyable_v<sycl::span<uint32_t>>);
static_assert(sycl::is_device_copyable_v<std::array<Owning, 0>>);
static_assert(!sycl::is_device_copyable_v<Owning>);
static_assert(!sycl::is_device_copyable_v<std::string>);
static_assert(!sycl::is_device_copyable_v<const Owning[2]>);
static_assert(!sycl::is_device_copyable_v<std::array<Owning, 1>>);
static_assert(!sycl::is_device_copyable_v<std::tuple<uint32_t, Owning>>);
static_assert(!sycl::is_device_copyable_v<std::optional<Owning>>);
static_assert(!sycl::is_device_copyable_v<std::variant<uint32_t, Owning>>);

int main() {
  constexpr size_t L = 32, Groups = 4, N = L * Groups;
  sycl::queue Q;
  uint32_t *In = sycl::malloc_shared<uint32_t>(N, Q);
  uint32_t *Out = sycl::malloc_shared<uint32_t>(N, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = corpus::input(uint32_t(I), 61);

  const Scaled Scale(3);
  const std::tuple<Scaled, uint32_t> Tuple(Scaled(5), 7);
  const std::pair<uint32_t, Scaled> Pair(11, Scaled(13));
  const std::array<Scaled, 3> Array = {Scaled(17), Scaled(19), Scaled(23)};
  const std::optional<Scaled> Present(Scaled(29)), Absent;
  const std::variant<uint32_t, Scaled> Variant(Scaled(31));
  const std::string_view Text = "device copyable";
  const sycl::span<const uint32_t> Window(In + 8, 16);

  Q.submit([&](sycl::handler &H) {
    sycl::local_accessor<uint32_t, 1> Tile(sycl::range<1>(L), H);
    H.parallel_for(sycl::nd_range<1>(N, L), [=](sycl::nd_item<1> It) {
      size_t G = It.get_global_id(0), Lid = It.get_local_id(0);
      uint32_t X = Scale.apply(In[G]);
      X += std::get<0>(Tuple).apply(std::get<1>(Tuple));
      X ^= Pair.second.apply(Pair.first + uint32_t(Lid));
      X += Array[Lid % 3].apply(X);
      X += Present ? Present->apply(1) : 0;
      X += Absent ? Absent->apply(1) : 2;
      X += std::get<Scaled>(Variant).apply(uint32_t(Text.size()));
      X += uint32_t(Text[Lid % Text.size()]);
      X ^= Window[Lid % Window.size()];
      Tile[Lid] = X;
      sycl::group_barrier(It.get_group());
      Out[G] = Tile[(Lid + 1) % L] + X;
    });
  });
  Q.wait();

  std::vector<uint32_t> Mine(N), Want(N);
  const std::string_view HostText = "device copyable";
  for (size_t G = 0; G < N; ++G) {
    size_t Lid = G % L;
    uint32_t X = In[G] * 3;
    X += 5 * 7;
    X ^= 13 * (11 + uint32_t(Lid));
    X += X * uint32_t(Lid % 3 == 0 ? 17 : Lid % 3 == 1 ? 19 : 23);
    X += 29;
    X += 2;
    X += 31 * uint32_t(HostText.size());
    X += uint32_t(HostText[Lid % HostText.size()]);
    X ^= In[8 + Lid % 16];
    Mine[G] = X;
  }
  for (size_t G = 0; G < N; ++G)
    Want[G] = Mine[G - G % L + (G % L + 1) % L] + Mine[G];
  int Rc = corpus::check("device-copyable-captures", Out, Want);
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}
