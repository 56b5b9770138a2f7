// Level-synchronous breadth-first search in the style of HeCBench's bfs
// and its queue-based relatives: a CSR graph copied to malloc_device
// memory with q.memcpy, one q.parallel_for(nd_range) per level over the
// current frontier (global size rounded up to the block size, so the
// kernel checks its id), a compare-exchange on the neighbour's cost
// through sycl::atomic_ref claiming each vertex once, and a fetch_add on
// a device counter appending it to the next frontier. The host reads the
// counter back with q.memcpy after each level and swaps the frontiers.
// A second kernel in the Rodinia mask style (two boolean masks and a
// "stop" flag written by any work-item) recomputes the costs. Both are
// compared exactly with a serial BFS.
// As in HeCBench, the queue is in-order, on the CPU selector unless
// USE_GPU is defined.
#include <sycl/sycl.hpp>

#include "ported.hpp"

#include <queue>
#include <vector>

constexpr int BLOCK_SIZE = 256;

struct Graph {
  std::vector<int> row_offsets, columns;
  int num_nodes() const { return int(row_offsets.size()) - 1; }
};

// A random graph with a few hubs; vertices past `reachable` only point
// at each other, so some of the graph is never reached from vertex 0.
static Graph makeGraph(int nodes, int reachable) {
  Graph g;
  g.row_offsets.push_back(0);
  for (int v = 0; v < nodes; ++v) {
    uint32_t h = ported::input(uint32_t(v), 20);
    int degree = int(h % 7) + (v % 97 == 0 ? 40 : 0);
    for (int e = 0; e < degree; ++e) {
      uint32_t t = ported::input(uint32_t(v * 64 + e), 21);
      int lo = v < reachable ? 0 : reachable;
      int span = v < reachable ? reachable : nodes - reachable;
      g.columns.push_back(lo + int(t % uint32_t(span)));
    }
    g.row_offsets.push_back(int(g.columns.size()));
  }
  return g;
}

static std::vector<int> bfsHost(const Graph &g, int source) {
  std::vector<int> cost(g.num_nodes(), -1);
  std::queue<int> work;
  cost[source] = 0;
  work.push(source);
  while (!work.empty()) {
    int u = work.front();
    work.pop();
    for (int e = g.row_offsets[u]; e < g.row_offsets[u + 1]; ++e)
      if (cost[g.columns[e]] < 0) {
        cost[g.columns[e]] = cost[u] + 1;
        work.push(g.columns[e]);
      }
  }
  return cost;
}

int main() {
#ifdef USE_GPU
  sycl::queue q(sycl::gpu_selector_v, sycl::property::queue::in_order());
#else
  sycl::queue q(sycl::cpu_selector_v, sycl::property::queue::in_order());
#endif
  ported::Verifier v("hb-bfs");
  const Graph g = makeGraph(30000, 28000);
  const int n = g.num_nodes();
  const int m = int(g.columns.size());
  const int source = 0;
  std::vector<int> want = bfsHost(g, source);

  int *d_offsets = sycl::malloc_device<int>(n + 1, q);
  int *d_columns = sycl::malloc_device<int>(m, q);
  int *d_cost = sycl::malloc_device<int>(n, q);
  int *d_frontier = sycl::malloc_device<int>(n, q);
  int *d_next = sycl::malloc_device<int>(n, q);
  int *d_count = sycl::malloc_device<int>(1, q);
  q.memcpy(d_offsets, g.row_offsets.data(), sizeof(int) * (n + 1));
  q.memcpy(d_columns, g.columns.data(), sizeof(int) * m);
  q.fill(d_cost, -1, n);
  q.memcpy(d_cost + source, &source, sizeof(int)); // cost 0
  q.memcpy(d_frontier, &source, sizeof(int)).wait();

  int frontier_size = 1, levels = 0;
  for (int level = 0; frontier_size > 0; ++level, ++levels) {
    q.memset(d_count, 0, sizeof(int));
    int blocks = (frontier_size + BLOCK_SIZE - 1) / BLOCK_SIZE;
    q.parallel_for(
        sycl::nd_range<1>(sycl::range<1>(blocks * BLOCK_SIZE),
                          sycl::range<1>(BLOCK_SIZE)),
        [=](sycl::nd_item<1> item) {
          int tid = int(item.get_global_id(0));
          if (tid >= frontier_size)
            return;
          int u = d_frontier[tid];
          for (int e = d_offsets[u]; e < d_offsets[u + 1]; e++) {
            int w = d_columns[e];
            sycl::atomic_ref<int, sycl::memory_order::relaxed,
                             sycl::memory_scope::device,
                             sycl::access::address_space::global_space>
                cost(d_cost[w]);
            int expected = -1;
            if (cost.compare_exchange_strong(expected, level + 1)) {
              sycl::atomic_ref<int, sycl::memory_order::relaxed,
                               sycl::memory_scope::device,
                               sycl::access::address_space::global_space>
                  count(*d_count);
              d_next[count.fetch_add(1)] = w;
            }
          }
        });
    q.memcpy(&frontier_size, d_count, sizeof(int)).wait();
    std::swap(d_frontier, d_next);
  }
  std::vector<int> got(n);
  q.memcpy(got.data(), d_cost, sizeof(int) * n).wait();
  v.equal("queue bfs cost", got.data(), want.data(), size_t(n));

  // Rodinia-style masks: every vertex checks its mask each iteration.
  char *d_mask = sycl::malloc_device<char>(n, q);
  char *d_updating = sycl::malloc_device<char>(n, q);
  char *d_visited = sycl::malloc_device<char>(n, q);
  char *d_stop = sycl::malloc_device<char>(1, q);
  q.memset(d_mask, 0, n);
  q.memset(d_updating, 0, n);
  q.memset(d_visited, 0, n);
  q.fill(d_cost, -1, n);
  const char one = 1;
  const int zero = 0;
  q.memcpy(d_mask + source, &one, 1);
  q.memcpy(d_visited + source, &one, 1);
  q.memcpy(d_cost + source, &zero, sizeof(int)).wait();
  const int blocks = (n + BLOCK_SIZE - 1) / BLOCK_SIZE;
  sycl::nd_range<1> ndr(sycl::range<1>(blocks * BLOCK_SIZE),
                        sycl::range<1>(BLOCK_SIZE));
  char stop;
  int iterations = 0;
  do {
    stop = 0;
    q.memcpy(d_stop, &stop, 1);
    q.parallel_for<class BfsKernel1>(ndr, [=](sycl::nd_item<1> item) {
      int tid = int(item.get_global_id(0));
      if (tid < n && d_mask[tid]) {
        d_mask[tid] = 0;
        for (int e = d_offsets[tid]; e < d_offsets[tid + 1]; e++) {
          int id = d_columns[e];
          if (!d_visited[id]) {
            d_cost[id] = d_cost[tid] + 1;
            d_updating[id] = 1;
          }
        }
      }
    });
    q.parallel_for<class BfsKernel2>(ndr, [=](sycl::nd_item<1> item) {
      int tid = int(item.get_global_id(0));
      if (tid < n && d_updating[tid]) {
        d_mask[tid] = 1;
        d_visited[tid] = 1;
        *d_stop = 1;
        d_updating[tid] = 0;
      }
    });
    q.memcpy(&stop, d_stop, 1).wait();
    ++iterations;
  } while (stop);
  q.memcpy(got.data(), d_cost, sizeof(int) * n).wait();
  v.equal("mask bfs cost", got.data(), want.data(), size_t(n));
  v.expect(iterations == levels, "mask bfs took " + std::to_string(iterations) +
                                     " iterations, queue bfs " +
                                     std::to_string(levels));

  for (void *p :
       {(void *)d_offsets, (void *)d_columns, (void *)d_cost,
        (void *)d_frontier, (void *)d_next, (void *)d_count, (void *)d_mask,
        (void *)d_updating, (void *)d_visited, (void *)d_stop})
    sycl::free(p, q);
  return v.finish(std::to_string(n) + " vertices, " + std::to_string(m) +
                  " edges, " + std::to_string(levels) + " levels");
}
