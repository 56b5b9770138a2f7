// Span reductions (SYCL 2020 4.9.2, reduction(span, ...)): each element of
// the span is reduced on its own. Histograms (reducer[key] += 1, ++) in
// range kernels, 1-D exact and padded and 2-D, and in nd_range kernels;
// static and dynamic extents, a large one; plus, maximum and minimum on
// int, float and double, with and without initialize_to_identity and with
// a user operation and identity; two span reductions and a scalar one in
// one kernel. Every result is checked against a serial host computation,
// exactly: the float and double inputs are multiples of a quarter, so
// their sums are exact in any order. Then the errors: an empty span, a
// null one, a span too large for the local memory and one whose per-group
// partials would pass 1 GiB (errc::invalid, the variables untouched); and a
// range kernel's span too large for groups of 256, which gets smaller ones.
#include "reductions.hpp"

#include <algorithm>
#include <functional>
#include <limits>

namespace {

using reductions::check;

/// The bin of work-item \p I in histograms of \p Bins bins.
size_t key(size_t I, size_t Bins) {
  return corpus::input(uint32_t(I), 3) % Bins;
}

/// Compares \p Got[0..Count) with \p Want; prints and returns 1 on a
/// difference.
template <typename T>
int checkAll(const std::string &Name, const T *Got,
             const std::vector<T> &Want) {
  return corpus::check(Name.c_str(), Got, Want);
}

/// A histogram of the keys of \p N work-items into Bins bins, through a
/// span of static extent in a range<1> kernel (accumulating into the
/// prior counts, with += and with ++) and of dynamic extent in an
/// nd_range<1> kernel (with initialize_to_identity), each with a scalar
/// sum of the keys in the same kernel.
template <size_t Bins> int runHistogram(sycl::queue &Q, size_t N) {
  int *Counts = sycl::malloc_shared<int>(3 * Bins, Q);
  long *KeySum = sycl::malloc_shared<long>(2, Q);
  std::vector<int> Want(Bins, 0);
  long WantSum = 0;
  for (size_t B = 0; B < 3 * Bins; ++B)
    Counts[B] = int(B % Bins) - 5;
  KeySum[0] = KeySum[1] = 1000;
  for (size_t I = 0; I < N; ++I) {
    ++Want[key(I, Bins)];
    WantSum += long(key(I, Bins));
  }
  sycl::property_list Init{sycl::property::reduction::initialize_to_identity()};

  Q.parallel_for(
       sycl::range<1>(N),
       sycl::reduction(sycl::span<int, Bins>(Counts, Bins), sycl::plus<>()),
       sycl::reduction(sycl::span<int, Bins>(Counts + Bins, Bins),
                       sycl::plus<int>()),
       sycl::reduction(KeySum, sycl::plus<>()),
       [=](sycl::item<1> It, auto &Hist, auto &Incr, auto &Sum) {
         size_t K = key(It.get_id(0), Bins);
         Hist[K] += 1;
         ++Incr[K];
         Sum += long(K);
       })
      .wait();
  size_t Local = N % 8 == 0 ? 8 : 1;
  Q.submit([&](sycl::handler &H) {
     H.parallel_for(sycl::nd_range<1>(N, Local),
                    sycl::reduction(KeySum + 1, sycl::plus<>(), Init),
                    sycl::reduction(sycl::span<int>(Counts + 2 * Bins, Bins),
                                    sycl::plus<>(), Init),
                    [=](sycl::nd_item<1> It, auto &Sum, auto &Hist) {
                      size_t K = key(It.get_global_id(0), Bins);
                      Sum += long(K);
                      Hist[K]++;
                    });
   }).wait();

  std::string Name =
      "histogram " + std::to_string(Bins) + " bins " + std::to_string(N);
  std::vector<int> WantPrior(Bins);
  for (size_t B = 0; B < Bins; ++B)
    WantPrior[B] = Want[B] + int(B) - 5;
  int Rc = checkAll(Name + " range +=", Counts, WantPrior);
  Rc |= checkAll(Name + " range ++", Counts + Bins, WantPrior);
  Rc |= checkAll(Name + " nd_range initialize_to_identity", Counts + 2 * Bins,
                 Want);
  Rc |= check(Name + " range key sum", KeySum[0], 1000 + WantSum);
  Rc |= check(Name + " nd_range key sum", KeySum[1], WantSum);
  sycl::free(Counts, Q);
  sycl::free(KeySum, Q);
  return Rc;
}

/// Element E of span reductions over \p N work-items gets the values of
/// the work-items with I % Count == E: the sum (plus), the largest
/// (maximum) and the smallest (minimum), in one range<2> kernel and in
/// one nd_range<2> kernel, through spans of dynamic extent. The sums
/// start from the prior values, maximum and minimum from the identity.
template <typename T> int runOps(sycl::queue &Q, const char *Type) {
  constexpr size_t Count = 7, Rows = 48, Cols = 70, N = Rows * Cols;
  T *In = sycl::malloc_shared<T>(N, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = T(int(corpus::input(uint32_t(I), 9) % 801) - 400) / T(4);
  T *Out = sycl::malloc_shared<T>(6 * Count, Q);
  std::vector<T> WantSum(Count), WantMax(Count), WantMin(Count);
  for (size_t E = 0; E < Count; ++E) {
    WantSum[E] = T(E) * T(0.5);
    WantMax[E] = std::numeric_limits<T>::lowest();
    WantMin[E] = std::numeric_limits<T>::has_infinity
                     ? std::numeric_limits<T>::infinity()
                     : std::numeric_limits<T>::max();
  }
  for (size_t I = 0; I < N; ++I) {
    size_t E = I % Count;
    WantSum[E] += In[I];
    WantMax[E] = std::max(WantMax[E], In[I]);
    WantMin[E] = std::min(WantMin[E], In[I]);
  }
  for (size_t Run = 0; Run < 2; ++Run)
    for (size_t E = 0; E < Count; ++E) {
      Out[Run * 3 * Count + E] = T(E) * T(0.5);
      Out[Run * 3 * Count + Count + E] = T(99999); // ignored: identity
      Out[Run * 3 * Count + 2 * Count + E] = T(-99999);
    }
  sycl::property_list Init{sycl::property::reduction::initialize_to_identity()};
  auto Reductions = [&](T *Base) {
    return std::make_tuple(
        sycl::reduction(sycl::span<T>(Base, Count), sycl::plus<T>()),
        sycl::reduction(sycl::span<T>(Base + Count, Count), sycl::maximum<>(),
                        Init),
        sycl::reduction(sycl::span<T>(Base + 2 * Count, Count),
                        sycl::minimum<T>(), Init));
  };
  auto [Sum0, Max0, Min0] = Reductions(Out);
  Q.parallel_for(sycl::range<2>(Rows, Cols), Sum0, Max0, Min0,
                 [=](sycl::item<2> It, auto &Sum, auto &Max, auto &Min) {
                   size_t I = It.get_linear_id();
                   Sum[I % Count] += In[I];
                   Max[I % Count].combine(In[I]);
                   Min[I % Count].combine(In[I]);
                 })
      .wait();
  auto [Sum1, Max1, Min1] = Reductions(Out + 3 * Count);
  Q.parallel_for(
       sycl::nd_range<2>(sycl::range<2>(Rows, Cols), sycl::range<2>(4, 10)),
       Sum1, Max1, Min1,
       [=](sycl::nd_item<2> It, auto &Sum, auto &Max, auto &Min) {
         size_t I = It.get_global_linear_id();
         Sum[I % Count] += In[I];
         Max[I % Count].combine(In[I]);
         Min[I % Count].combine(In[I]);
       })
      .wait();
  int Rc = 0;
  for (size_t Run = 0; Run < 2; ++Run) {
    std::string Name =
        std::string(Type) + (Run ? " nd_range<2> " : " range<2> ");
    const T *Got = Out + Run * 3 * Count;
    Rc |= checkAll(Name + "plus", Got, WantSum);
    Rc |= checkAll(Name + "maximum", Got + Count, WantMax);
    Rc |= checkAll(Name + "minimum", Got + 2 * Count, WantMin);
  }
  sycl::free(In, Q);
  sycl::free(Out, Q);
  return Rc;
}

/// A user operation with its identity (the local-memory fold of any
/// callable): the largest odd value per element, over a padded range.
int runUserOperation(sycl::queue &Q) {
  constexpr size_t Count = 5, N = 4099;
  int *Out = sycl::malloc_shared<int>(Count, Q);
  std::vector<int> Want(Count, -1);
  for (size_t E = 0; E < Count; ++E)
    Out[E] = 1;
  for (size_t I = 0; I < N; ++I) {
    int X = int(corpus::input(uint32_t(I), 4) % 100000);
    if (X % 2)
      Want[I % Count] = std::max(Want[I % Count], X);
  }
  for (size_t E = 0; E < Count; ++E)
    Want[E] = std::max(Want[E], 1);
  auto LargestOdd = [](int A, int B) {
    bool UseA = A % 2 && (B % 2 == 0 || A > B);
    return UseA ? A : B;
  };
  Q.parallel_for(
       sycl::range<1>(N),
       sycl::reduction(sycl::span<int, Count>(Out, Count), -1, LargestOdd),
       [=](sycl::id<1> I, auto &R) {
         int X = int(corpus::input(uint32_t(I[0]), 4) % 100000);
         R[I[0] % Count].combine(X);
         if (R.identity() != -1 || R[0].identity() != -1)
           R[0].combine(2); // fails the check below
       })
      .wait();
  int Rc = checkAll("user operation with identity", Out, Want);
  sycl::free(Out, Q);
  return Rc;
}

/// Runs \p Body and checks that it throws errc::invalid with a message
/// containing \p Words. Returns 0 if so.
int expectInvalid(const char *Name, const std::string &Words,
                  const std::function<void()> &Body) {
  try {
    Body();
  } catch (const sycl::exception &E) {
    bool Ok = E.code() == sycl::make_error_code(sycl::errc::invalid) &&
              std::string(E.what()).find(Words) != std::string::npos;
    std::printf("%s: %s (%s)\n", Name, Ok ? "OK" : "FAIL", E.what());
    return Ok ? 0 : 1;
  }
  std::printf("%s: FAIL, no exception\n", Name);
  return 1;
}

/// Empty and null spans, a span whose work-item values do not fit the
/// local memory and one with too many partials; the variables stay as
/// they were, the queue works on.
int runErrors(sycl::queue &Q) {
  constexpr size_t Big = 300000; // 1.2 MB a work-item: not even one fits
  int *Vars = sycl::malloc_shared<int>(Big, Q);
  std::fill(Vars, Vars + Big, 7);
  auto Kernel = [](sycl::id<1> I, auto &H) { H[I[0] % 4] += 1; };
  int Rc =
      expectInvalid("empty span", "span of reduction variables is empty", [&] {
        Q.parallel_for(
            sycl::range<1>(8),
            sycl::reduction(sycl::span<int>(Vars, 0), sycl::plus<>()), Kernel);
      });
  Rc |= expectInvalid("null span", "null data pointer", [&] {
    Q.parallel_for(
        sycl::range<1>(8),
        sycl::reduction(sycl::span<int, 4>(nullptr, 4), 0, std::plus<int>()),
        Kernel);
  });
  Rc |=
      expectInvalid("span too large for local memory",
                    "a span reduction of 300000 elements", [&] {
                      Q.parallel_for(sycl::range<1>(1024),
                                     sycl::reduction(sycl::span<int>(Vars, Big),
                                                     sycl::plus<>()),
                                     Kernel);
                    });
  Rc |= expectInvalid(
      "span partials over 1 GiB", "one value per element and work-group", [&] {
        Q.parallel_for(
            sycl::nd_range<1>(size_t(1) << 20, 1),
            sycl::reduction(sycl::span<int>(Vars, 300), sycl::plus<>()),
            [](sycl::nd_item<1>, auto &H) { H[0] += 1; });
      });
  Q.wait();
  Rc |= checkAll("variables after the errors", Vars, std::vector<int>(Big, 7));
  // The largest span that fits groups of 256 ints in 1 MiB works.
  Q.parallel_for(sycl::range<1>(1024),
                 sycl::reduction(sycl::span<int>(Vars, 1024), sycl::plus<>()),
                 [](sycl::id<1> I, auto &H) { H[I[0]] += int(I[0]); })
      .wait();
  std::vector<int> Want(1024);
  for (size_t I = 0; I < 1024; ++I)
    Want[I] = 7 + int(I);
  Rc |= checkAll("span of 1024 elements", Vars, Want);
  sycl::free(Vars, Q);
  return Rc;
}

/// A range kernel's histogram of 4096 bins: 16 KB of local memory per
/// work-item, more than groups of 256 have, so the launch takes smaller
/// groups (64 here) instead of failing.
int runLargeRangeHistogram(sycl::queue &Q) {
  constexpr size_t Bins = 4096, N = 8192;
  int *Hist = sycl::malloc_shared<int>(Bins, Q);
  std::fill(Hist, Hist + Bins, 1);
  Q.parallel_for(sycl::range<1>(N),
                 sycl::reduction(sycl::span<int, Bins>(Hist, Bins),
                                 sycl::plus<>()),
                 [](sycl::id<1> I, auto &H) { H[key(I[0], Bins)] += 1; })
      .wait();
  std::vector<int> Want(Bins, 1);
  for (size_t I = 0; I < N; ++I)
    ++Want[key(I, Bins)];
  int Rc = checkAll("range histogram of 4096 bins", Hist, Want);
  sycl::free(Hist, Q);
  return Rc;
}

} // namespace

int main() {
  sycl::queue Q;
  int Rc = runHistogram<16>(Q, 5000);
  Rc |= runHistogram<16>(Q, 4099);
  Rc |= runHistogram<1>(Q, 1);
  Rc |= runHistogram<300>(Q, 20000);
  Rc |= runOps<int>(Q, "int");
  Rc |= runOps<float>(Q, "float");
  Rc |= runOps<double>(Q, "double");
  Rc |= runUserOperation(Q);
  Rc |= runErrors(Q);
  Rc |= runLargeRangeHistogram(Q);
  std::printf("%s\n", Rc ? "FAILED" : "passed");
  return Rc;
}
