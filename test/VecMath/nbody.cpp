// An all-pairs n-body integration as a SYCL program would write it: bodies
// in arrays of float4 (position and mass) and float3 (velocity), forces
// through swizzles, dot and rsqrt, a few time steps. The host does the same
// arithmetic on plain floats in the same order, so the positions must agree
// bit for bit.
#include "vecmath.hpp"

#include <sycl/sycl.hpp>

namespace {

constexpr float Softening = 0.01f;
constexpr float Step = 0.001f;

struct HostBody {
  float P[3], Mass, V[3];
};

/// One step of the host reference: accelerations from the old positions,
/// then velocities, then positions.
void hostStep(std::vector<HostBody> &Bodies) {
  const size_t N = Bodies.size();
  std::vector<HostBody> Next = Bodies;
  for (size_t I = 0; I < N; ++I) {
    float Acc[3] = {0, 0, 0};
    for (size_t J = 0; J < N; ++J) {
      float D[3];
      for (int K = 0; K < 3; ++K)
        D[K] = Bodies[J].P[K] - Bodies[I].P[K];
      float R2 = D[0] * D[0];
      float Y2 = D[1] * D[1];
      R2 += Y2;
      float Z2 = D[2] * D[2];
      R2 += Z2;
      R2 += Softening;
      float Inv = 1.0f / std::sqrt(R2);
      float Inv2 = Inv * Inv;
      float Inv3 = Inv2 * Inv;
      float S = Bodies[J].Mass * Inv3;
      for (int K = 0; K < 3; ++K) {
        float F = D[K] * S;
        Acc[K] += F;
      }
    }
    for (int K = 0; K < 3; ++K) {
      float DV = Acc[K] * Step;
      Next[I].V[K] = Bodies[I].V[K] + DV;
      float DP = Next[I].V[K] * Step;
      Next[I].P[K] = Bodies[I].P[K] + DP;
    }
  }
  Bodies = Next;
}

} // namespace

int main() {
  sycl::queue Q;
  const size_t N = 300;
  const int Steps = 3;
  sycl::float4 *Pos = sycl::malloc_shared<sycl::float4>(N, Q);
  sycl::float4 *NewPos = sycl::malloc_shared<sycl::float4>(N, Q);
  sycl::float3 *Vel = sycl::malloc_shared<sycl::float3>(N, Q);
  std::vector<HostBody> Host(N);
  for (size_t I = 0; I < N; ++I) {
    HostBody &B = Host[I];
    for (int K = 0; K < 3; ++K) {
      B.P[K] = vecmath::input<float>(uint32_t(I * 3 + K), 31);
      B.V[K] = vecmath::input<float>(uint32_t(I * 3 + K), 32) / 64.0f;
    }
    B.Mass = 1.0f + float(vecmath::hash(uint32_t(I)) % 100) / 10.0f;
    Pos[I] = sycl::float4(B.P[0], B.P[1], B.P[2], B.Mass);
    Vel[I] = sycl::float3(B.V[0], B.V[1], B.V[2]);
  }

  for (int S = 0; S < Steps; ++S) {
    Q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> Id) {
       size_t I = Id[0];
       sycl::float4 Self = Pos[I];
       sycl::float3 Acc(0.0f);
       for (size_t J = 0; J < N; ++J) {
         sycl::float4 Other = Pos[J];
         sycl::float3 D = Other.xyz() - Self.xyz();
         float R2 = sycl::dot(D, D);
         R2 += Softening;
         float Inv = sycl::rsqrt(R2);
         float Inv2 = Inv * Inv;
         float Inv3 = Inv2 * Inv;
         float Scale = Other.w() * Inv3;
         Acc += D * Scale;
       }
       sycl::float3 V = Vel[I] + Acc * Step;
       Vel[I] = V;
       NewPos[I] = sycl::float4(Self.xyz() + V * Step, Self.w());
     }).wait();
    std::swap(Pos, NewPos);
    hostStep(Host);
  }

  std::vector<float> Want, Got;
  for (size_t I = 0; I < N; ++I)
    for (int K = 0; K < 3; ++K) {
      Want.push_back(Host[I].P[K]);
      Want.push_back(Host[I].V[K]);
      Got.push_back(Pos[I][K]);
      Got.push_back(Vel[I][K]);
    }
  int Rc = vecmath::check("n-body positions and velocities", Got.data(), Want);
  sycl::free(Pos, Q);
  sycl::free(NewPos, Q);
  sycl::free(Vel, Q);
  return Rc;
}
