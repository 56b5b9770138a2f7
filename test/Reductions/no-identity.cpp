// sycl::reduction without an identity (SYCL 2020 4.9.2: "an implementation
// is required to compute a correct reduction even when the application does
// not specify an identity value"): user lambdas on int, double and a struct,
// a SYCL function object with no known identity on the type, in range and
// nd_range kernels of 1 to 3 dimensions, where many work-items and whole
// work-groups combine nothing, span and buffer variables, and mixed with
// reductions that have identities. Also the std:: function objects, whose
// identities Lanes knows from their SYCL twins, and the errors.
#include "reductions.hpp"

#include <functional>

namespace {

using reductions::check;

constexpr size_t N = 4099;

/// The smallest value and the first index holding it.
struct ArgMin {
  int Value;
  int Index;
};

/// An arg-min that has no identity: the combination of two ArgMins.
struct SmallerOf {
  ArgMin operator()(const ArgMin &A, const ArgMin &B) const {
    return B.Value < A.Value || (B.Value == A.Value && B.Index < A.Index) ? B
                                                                          : A;
  }
};

/// A type sycl::plus applies to, and on which it has no known identity.
struct Pair {
  int A;
  long B;
  Pair operator+(const Pair &O) const { return {A + O.A, B + O.B}; }
};

int checkArgMin(const char *Name, const ArgMin &Got, const ArgMin &Want) {
  bool Ok = Got.Value == Want.Value && Got.Index == Want.Index;
  std::printf("%s: %s, got %d at %d, want %d at %d\n", Name, Ok ? "OK" : "FAIL",
              Got.Value, Got.Index, Want.Value, Want.Index);
  return !Ok;
}

int checkPair(const char *Name, const Pair &Got, const Pair &Want) {
  bool Ok = Got.A == Want.A && Got.B == Want.B;
  std::printf("%s: %s, got {%d, %ld}, want {%d, %ld}\n", Name,
              Ok ? "OK" : "FAIL", Got.A, Got.B, Want.A, Want.B);
  return !Ok;
}

int valueAt(size_t I) { return int(corpus::input(uint32_t(I), 11) % 9001); }

auto Larger = [](int A, int B) { return A < B ? B : A; };
auto AddDouble = [](double A, double B) { return A + B; };
auto AddInt = [](int A, int B) { return A + B; };

/// Lambdas and a function object without an identity, every work-item
/// combining once, in a 1-D range of \p Items (a multiple of the group
/// size Lanes picks, or not).
int runLambdas(sycl::queue &Q, const int *In, size_t Items) {
  int *Max = sycl::malloc_shared<int>(1, Q);
  double *Sum = sycl::malloc_shared<double>(1, Q);
  ArgMin *Min = sycl::malloc_shared<ArgMin>(1, Q);
  *Max = -7;
  *Sum = 0.25;
  *Min = ArgMin{1 << 30, -1};
  Q.parallel_for(sycl::range<1>(Items), sycl::reduction(Max, Larger),
                 sycl::reduction(Sum, AddDouble),
                 sycl::reduction(Min, SmallerOf()),
                 [=](sycl::id<1> I, auto &Mx, auto &S, auto &Mn) {
                   Mx.combine(In[I]);
                   S.combine(In[I] * 0.5);
                   Mn.combine(ArgMin{In[I], int(I[0])});
                 })
      .wait();
  int WantMax = -7;
  double WantSum = 0.25;
  ArgMin WantMin{1 << 30, -1};
  for (size_t I = 0; I < Items; ++I) {
    WantMax = Larger(WantMax, In[I]);
    WantSum += In[I] * 0.5;
    WantMin = SmallerOf()(WantMin, ArgMin{In[I], int(I)});
  }
  std::string Where = " range " + std::to_string(Items);
  int Rc = check("lambda max int" + Where, *Max, WantMax);
  Rc |= check("lambda sum double" + Where, *Sum, WantSum);
  Rc |= checkArgMin(("arg-min struct" + Where).c_str(), *Min, WantMin);
  sycl::free(Max, Q);
  sycl::free(Sum, Q);
  sycl::free(Min, Q);
  return Rc;
}

/// Only the work-items whose value is a multiple of \p Every combine, some
/// of them twice, so that most work-items and (for large Every) whole
/// groups combine nothing; an nd_range of 2-D groups.
int runSparse(sycl::queue &Q, const int *In, int Every) {
  int *Var = sycl::malloc_shared<int>(3, Q);
  Pair *P = sycl::malloc_shared<Pair>(1, Q);
  Var[0] = -5;  // max of the chosen
  Var[1] = 100; // sum of the chosen, twice each
  Var[2] = 3;   // logical_and<int> of the chosen
  *P = Pair{1, 2};
  constexpr size_t Rows = 64, Cols = 64; // 4096 of the inputs
  Q.parallel_for(
       sycl::nd_range<2>({Rows, Cols}, {8, 16}), sycl::reduction(Var, Larger),
       sycl::reduction(Var + 1, AddInt),
       sycl::reduction(Var + 2, sycl::logical_and<int>()),
       sycl::reduction(P, sycl::plus<Pair>()),
       [=](sycl::nd_item<2> It, auto &Mx, auto &S, auto &And, auto &Sum) {
         int X = In[It.get_global_linear_id()];
         if (X % Every != 0)
           return;
         Mx.combine(X);
         S.combine(X);
         S.combine(X);
         And.combine(X % 3);
         Sum.combine(Pair{1, X});
       })
      .wait();
  int WantMax = -5, WantSum = 100, WantAnd = 3;
  Pair WantPair{1, 2};
  for (size_t I = 0; I < Rows * Cols; ++I) {
    int X = In[I];
    if (X % Every != 0)
      continue;
    WantMax = Larger(WantMax, X);
    WantSum += 2 * X;
    WantAnd = WantAnd && X % 3;
    WantPair = WantPair + Pair{1, X};
  }
  std::string Where = " nd_range, every " + std::to_string(Every);
  int Rc = check("lambda max" + Where, Var[0], WantMax);
  Rc |= check("lambda sum" + Where, Var[1], WantSum);
  Rc |= check("sycl::logical_and<int>" + Where, Var[2], WantAnd);
  Rc |= checkPair(("sycl::plus<Pair>" + Where).c_str(), *P, WantPair);
  sycl::free(Var, Q);
  sycl::free(P, Q);
  return Rc;
}

/// Kernels in which no work-item combines, and an empty range: the
/// variables keep their values.
int runNothingCombined(sycl::queue &Q) {
  int *Var = sycl::malloc_shared<int>(2, Q);
  ArgMin *Min = sycl::malloc_shared<ArgMin>(1, Q);
  Var[0] = 41;
  Var[1] = -3;
  *Min = ArgMin{8, 9};
  Q.parallel_for(sycl::range<2>(30, 7), sycl::reduction(Var, AddInt),
                 sycl::reduction(Min, SmallerOf()),
                 [=](sycl::item<2> It, auto &S, auto &Mn) {
                   if (It.get_linear_id() == 1000) { // never
                     S.combine(1);
                     Mn.combine(ArgMin{0, 0});
                   }
                 })
      .wait();
  Q.parallel_for(sycl::range<1>(0), sycl::reduction(Var + 1, Larger),
                 [=](sycl::id<1>, auto &Mx) { Mx.combine(1 << 20); })
      .wait();
  int Rc = check("nothing combined: lambda sum", Var[0], 41);
  Rc |= check("empty range: lambda max", Var[1], -3);
  Rc |= checkArgMin("nothing combined: arg-min", *Min, ArgMin{8, 9});
  sycl::free(Var, Q);
  sycl::free(Min, Q);
  return Rc;
}

/// A 3-D range whose size Lanes pads, several combinations a work-item.
int runRange3D(sycl::queue &Q, const int *In) {
  long *Var = sycl::malloc_shared<long>(1, Q);
  *Var = 10;
  sycl::range<3> Shape(5, 9, 13);
  Q.parallel_for(Shape,
                 sycl::reduction(Var, [](long A, long B) { return A + B; }),
                 [=](sycl::item<3> It, auto &S) {
                   size_t I = It.get_linear_id();
                   for (size_t K = 0; K < I % 4; ++K)
                     S.combine(In[I] + long(K));
                 })
      .wait();
  long Want = 10;
  for (size_t I = 0; I < Shape.size(); ++I)
    for (size_t K = 0; K < I % 4; ++K)
      Want += In[I] + long(K);
  int Rc = check("lambda sum long, range 5x9x13", *Var, Want);
  sycl::free(Var, Q);
  return Rc;
}

/// A histogram of a span without an identity (bins never hit keep their
/// value), and a buffer variable, beside a reduction with a known one.
int runSpanAndBuffer(sycl::queue &Q, const int *In) {
  constexpr size_t Bins = 10;
  int *Hist = sycl::malloc_shared<int>(Bins, Q);
  for (size_t B = 0; B < Bins; ++B)
    Hist[B] = int(B) * 1000;
  int Largest = 123;
  long Total = 5;
  {
    sycl::buffer<int> LargestBuf(&Largest, 1);
    Q.submit([&](sycl::handler &H) {
      H.parallel_for(sycl::range<1>(N),
                     sycl::reduction(sycl::span<int, Bins>(Hist, Bins), AddInt),
                     sycl::reduction(LargestBuf, H, Larger),
                     sycl::reduction(&Total, sycl::plus<long>()),
                     [=](sycl::id<1> I, auto &Bin, auto &Mx, auto &T) {
                       int X = In[I];
                       if (X % 10 < 7) // bins 7, 8 and 9 stay untouched
                         Bin[X % 10].combine(1);
                       Mx.combine(X);
                       T += X;
                     });
    });
  }
  int WantHist[Bins];
  int WantLargest = 123;
  long WantTotal = 5;
  for (size_t B = 0; B < Bins; ++B)
    WantHist[B] = int(B) * 1000;
  for (size_t I = 0; I < N; ++I) {
    if (In[I] % 10 < 7)
      ++WantHist[In[I] % 10];
    WantLargest = Larger(WantLargest, In[I]);
    WantTotal += In[I];
  }
  int Rc = 0;
  for (size_t B = 0; B < Bins; ++B)
    Rc |=
        check("span histogram bin " + std::to_string(B), Hist[B], WantHist[B]);
  Rc |= check("buffer lambda max", Largest, WantLargest);
  Rc |= check("sycl::plus<long> beside them", Total, WantTotal);
  sycl::free(Hist, Q);
  return Rc;
}

/// std:: function objects given no identity: Lanes uses their SYCL twins',
/// so initialize_to_identity works and the reducer has identity().
int runStdObjects(sycl::queue &Q, const int *In) {
  int *Var = sycl::malloc_shared<int>(5, Q);
  Var[0] = 7;  // std::plus<int>
  Var[1] = 99; // std::plus<>, initialize_to_identity
  Var[2] = 1;  // std::bit_or<>
  Var[3] = -1; // identities seen by work-item 0
  Var[4] = -1;
  Q.parallel_for(
       sycl::range<1>(N), sycl::reduction(Var, std::plus<int>()),
       sycl::reduction(Var + 1, std::plus<>(),
                       {sycl::property::reduction::initialize_to_identity()}),
       sycl::reduction(Var + 2, std::bit_or<>()),
       [=](sycl::id<1> I, auto &P, auto &Init, auto &Or) {
         P += In[I];
         Init.combine(In[I]);
         Or |= 1 << (In[I] % 20);
         if (I[0] == 0) {
           Var[3] = P.identity();
           Var[4] = Or.identity();
         }
       })
      .wait();
  int WantPlus = 7, WantInit = 0, WantOr = 1;
  for (size_t I = 0; I < N; ++I) {
    WantPlus += In[I];
    WantInit += In[I];
    WantOr |= 1 << (In[I] % 20);
  }
  int Rc = check("std::plus<int>", Var[0], WantPlus);
  Rc |= check("std::plus<> initialize_to_identity", Var[1], WantInit);
  Rc |= check("std::bit_or<>", Var[2], WantOr);
  Rc |= check("std::plus<int> identity()", Var[3], 0);
  Rc |= check("std::bit_or<> identity()", Var[4], 0);
  sycl::free(Var, Q);
  return Rc;
}

/// initialize_to_identity needs an identity: errc::invalid, and the
/// variable is untouched.
int runErrors(sycl::queue &Q) {
  int *Var = sycl::malloc_shared<int>(1, Q);
  *Var = 17;
  int Rc = 0;
  try {
    Q.parallel_for(
         sycl::range<1>(8),
         sycl::reduction(Var, AddInt,
                         {sycl::property::reduction::initialize_to_identity()}),
         [=](sycl::id<1>, auto &S) { S.combine(1); })
        .wait();
    std::printf("initialize_to_identity without an identity: FAIL, no "
                "exception\n");
    Rc = 1;
  } catch (const sycl::exception &E) {
    bool Ok = E.code() == sycl::errc::invalid &&
              std::string(E.what()).find("initialize_to_identity") !=
                  std::string::npos;
    std::printf("initialize_to_identity without an identity: %s (%s)\n",
                Ok ? "OK" : "FAIL", E.what());
    Rc |= !Ok;
  }
  Rc |= check("variable after the error", *Var, 17);
  sycl::free(Var, Q);
  return Rc;
}

} // namespace

int main() {
  sycl::queue Q;
  int *In = sycl::malloc_shared<int>(N, Q);
  for (size_t I = 0; I < N; ++I)
    In[I] = valueAt(I);
  int Rc = 0;
  for (size_t Items : {size_t(1), size_t(256), size_t(4096), N})
    Rc |= runLambdas(Q, In, Items);
  for (int Every : {1, 7, 1000, 9001})
    Rc |= runSparse(Q, In, Every);
  Rc |= runNothingCombined(Q);
  Rc |= runRange3D(Q, In);
  Rc |= runSpanAndBuffer(Q, In);
  Rc |= runStdObjects(Q, In);
  Rc |= runErrors(Q);
  sycl::free(In, Q);
  return Rc;
}
