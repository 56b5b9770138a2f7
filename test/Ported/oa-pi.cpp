// Pi by numerical integration of 4 / (1 + x^2) over [0, 1], in the style
// of the oneAPI samples (DPC++ "pi" and the reduction tutorials): a queue
// with property::queue::enable_profiling timing the kernel through its
// event, a buffer<double> holding the sum, sycl::reduction(sum_buf, h,
// sycl::plus<>()) in a q.submit command group, h.parallel_for(range,
// reduction, [=](id<1> i, auto &sum) { sum += ...; }), and a host_accessor
// to read the result; then the same with USM, sycl::reduction(ptr,
// sycl::plus<double>(), property::reduction::initialize_to_identity) and
// the queue shortcut, and a float version with the reducer's combine().
// The host sums the same terms serially; reductions add them in another
// order, so the tolerance is 1e-12 relative for double (1e-5 for float),
// and each result must also be within the midpoint rule's error of pi.
#include <sycl/sycl.hpp>

#include "ported.hpp"

#include <cmath>

constexpr double kPi = 3.14159265358979323846;

int main() {
  sycl::queue q(sycl::default_selector_v,
                sycl::property::queue::enable_profiling{});
  ported::Verifier v("oa-pi");
  constexpr size_t num_steps = 1000000 / 4;
  const double step = 1.0 / double(num_steps);

  double host_sum = 0.0;
  for (size_t i = 0; i < num_steps; i++) {
    double x = (double(i) + 0.5) * step;
    host_sum += 4.0 / (1.0 + x * x);
  }
  const double host_pi = host_sum * step;

  // Buffer version.
  double pi_buffer;
  {
    sycl::buffer<double> sum_buf(1);
    q.submit([&](sycl::handler &h) {
      sycl::accessor sum_acc(sum_buf, h, sycl::write_only, sycl::no_init);
      h.single_task([=]() { sum_acc[0] = 0.0; });
    });
    sycl::event e = q.submit([&](sycl::handler &h) {
      auto sum_red = sycl::reduction(sum_buf, h, sycl::plus<>());
      h.parallel_for(sycl::range<1>(num_steps), sum_red,
                     [=](sycl::id<1> i, auto &sum) {
                       double x = (double(i[0]) + 0.5) * step;
                       sum += 4.0 / (1.0 + x * x);
                     });
    });
    e.wait();
    auto start =
        e.get_profiling_info<sycl::info::event_profiling::command_start>();
    auto end = e.get_profiling_info<sycl::info::event_profiling::command_end>();
    v.expect(end >= start, "the kernel ended before it started");
    sycl::host_accessor result(sum_buf, sycl::read_only);
    pi_buffer = result[0] * step;
  }

  // USM version through the queue shortcut.
  double *sum = sycl::malloc_shared<double>(1, q);
  *sum = 42.0; // ignored: initialize_to_identity
  q.parallel_for(
       sycl::range<1>(num_steps),
       sycl::reduction(sum, sycl::plus<double>(),
                       sycl::property::reduction::initialize_to_identity()),
       [=](sycl::id<1> i, auto &s) {
         double x = (double(i[0]) + 0.5) * step;
         s += 4.0 / (1.0 + x * x);
       })
      .wait();
  double pi_usm = *sum * step;
  sycl::free(sum, q);

  // Single precision, combining into the reducer explicitly.
  float sum_f = 0.f;
  const size_t steps_f = 4096;
  {
    sycl::buffer<float> buf(&sum_f, 1);
    q.submit([&](sycl::handler &h) {
      h.parallel_for<class pi_float>(
          sycl::range<1>(steps_f), sycl::reduction(buf, h, sycl::plus<float>()),
          [=](sycl::item<1> it, auto &s) {
            float x = (float(it.get_id(0)) + 0.5f) / float(steps_f);
            s.combine(4.f / (1.f + x * x));
          });
    });
  }
  float host_sum_f = 0.f;
  for (size_t i = 0; i < steps_f; i++) {
    float x = (float(i) + 0.5f) / float(steps_f);
    host_sum_f += 4.f / (1.f + x * x);
  }

  v.close("buffer reduction", &pi_buffer, &host_pi, 1, 1e-12);
  v.close("usm reduction", &pi_usm, &host_pi, 1, 1e-12);
  float pi_f = sum_f / float(steps_f), host_pi_f = host_sum_f / float(steps_f);
  v.close("float reduction", &pi_f, &host_pi_f, 1, 1e-5);
  v.expect(std::fabs(pi_buffer - kPi) < 1e-10,
           "buffer pi " + std::to_string(pi_buffer) + " is not pi");
  v.expect(std::fabs(pi_f - kPi) < 1e-5,
           "float pi " + std::to_string(pi_f) + " is not pi");
  char detail[64];
  std::snprintf(detail, sizeof(detail), "pi = %.12f", pi_buffer);
  return v.finish(detail);
}
