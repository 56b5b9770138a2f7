// DPC++'s sycl_ext_oneapi_graph: queues recording into a graph (in order
// and not), the explicit API (add, make_edge, the node properties), the
// order nodes run in, sub-graphs, whole-graph update, buffers, print_graph,
// and every error: a recorded event waited for, a queue waited for while
// it records, the explicit API while a queue records, cycles, nodes of
// another graph, barriers added explicitly, buffers without
// assume_buffer_outlives_graph, updates of another shape.
#include <sycl/sycl.hpp>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace exp = sycl::ext::oneapi::experimental;
using exp::node_type;

constexpr sycl::specialization_id<int> Factor(3);

int Failures = 0;

void expect(bool Ok, const std::string &What) {
  std::printf("%s: %s\n", What.c_str(), Ok ? "OK" : "FAIL");
  Failures += !Ok;
}

/// \p F throws a sycl::exception with errc::invalid whose message contains
/// \p Needle.
template <typename F>
void expectInvalid(F &&Call, const std::string &Needle,
                   const std::string &What) {
  bool Ok = false;
  std::string Message = "no exception";
  try {
    Call();
  } catch (const sycl::exception &E) {
    Message = E.what();
    Ok = E.code() == sycl::errc::invalid &&
         Message.find(Needle) != std::string::npos;
  }
  expect(Ok, What + " throws errc::invalid (" + Message + ")");
}

/// The indexes in \p All of \p Nodes.
std::vector<size_t> indexes(const std::vector<exp::node> &All,
                            const std::vector<exp::node> &Nodes) {
  std::vector<size_t> Result;
  for (const exp::node &N : Nodes)
    for (size_t I = 0; I < All.size(); ++I)
      if (All[I] == N)
        Result.push_back(I);
  return Result;
}

void recordInOrder() {
  sycl::queue Q{sycl::property::queue::in_order()};
  const size_t N = 1000;
  int *Data = sycl::malloc_shared<int>(N, Q);
  int *Copy = sycl::malloc_shared<int>(N, Q);
  int HostRuns = 0;
  for (size_t I = 0; I < N; ++I)
    Data[I] = int(I);

  exp::command_graph Graph{Q.get_context(), Q.get_device()};
  expect(Graph.empty(), "a new graph is empty");
  expect(Q.ext_oneapi_get_state() == exp::queue_state::executing,
         "a queue executes before begin_recording");
  Graph.begin_recording(Q);
  expect(Q.ext_oneapi_get_state() == exp::queue_state::recording,
         "begin_recording makes the queue record");
  expect(Q.ext_oneapi_get_graph() == Graph,
         "ext_oneapi_get_graph is the graph recorded into");
  sycl::event Kernel = Q.parallel_for(
      sycl::range<1>(N), [=](sycl::id<1> I) { Data[I] = Data[I] * 2 + 1; });
  sycl::event Memcpy = Q.memcpy(Copy, Data, N * sizeof(int));
  Q.submit([&](sycl::handler &CGH) { CGH.host_task([&] { ++HostRuns; }); });
  expectInvalid([&] { Kernel.wait(); }, "recorded into a command_graph",
                "event::wait on a recorded event");
  expectInvalid(
      [&] { Kernel.get_info<sycl::info::event::command_execution_status>(); },
      "recorded", "event::get_info on a recorded event");
  expectInvalid([&] { Q.wait(); }, "recording", "queue::wait while recording");
  Graph.end_recording();
  expect(Q.ext_oneapi_get_state() == exp::queue_state::executing,
         "end_recording makes the queue execute");
  expectInvalid([&] { Q.ext_oneapi_get_graph(); }, "not recording",
                "ext_oneapi_get_graph of a queue that does not record");
  expect(Data[5] == 5 && HostRuns == 0,
         "recorded commands do not run while recorded");

  std::vector<exp::node> Nodes = Graph.get_nodes();
  expect(Nodes.size() == 3 && Nodes[0].get_type() == node_type::kernel &&
             Nodes[1].get_type() == node_type::memcpy &&
             Nodes[2].get_type() == node_type::host_task,
         "the recorded nodes have the types of their commands, in order");
  expect(exp::node::get_node_from_event(Memcpy) == Nodes[1],
         "get_node_from_event finds the node of a recorded command");
  expect(
      indexes(Nodes, Nodes[1].get_predecessors()) == std::vector<size_t>{0} &&
          indexes(Nodes, Nodes[1].get_successors()) == std::vector<size_t>{2} &&
          indexes(Nodes, Graph.get_root_nodes()) == std::vector<size_t>{0},
      "an in-order queue records a chain");

  auto Exec = Graph.finalize();
  Q.ext_oneapi_graph(Exec).wait();
  bool Once = HostRuns == 1;
  for (size_t I = 0; I < N; ++I)
    Once &= Data[I] == int(2 * I + 1) && Copy[I] == int(2 * I + 1);
  expect(Once, "one run of the graph runs each command once");
  Q.ext_oneapi_graph(Exec);
  exp::execute_graph(Q, Exec);
  Q.submit([&](sycl::handler &CGH) { CGH.ext_oneapi_graph(Exec); });
  bool Four = HostRuns == 4;
  for (size_t I = 0; I < N; ++I)
    Four &= Data[I] == int(16 * I + 15) && Copy[I] == Data[I];
  expect(Four, "each submission of the executable graph runs it again");
  expectInvalid([] { exp::node::get_node_from_event(sycl::event()); },
                "not that of a command recorded",
                "get_node_from_event of another event");
  sycl::free(Data, Q);
  sycl::free(Copy, Q);
}

void recordOutOfOrder() {
  sycl::queue Q;
  int *Data = sycl::malloc_shared<int>(4, Q);
  exp::command_graph Graph{Q};
  Graph.begin_recording(Q);
  sycl::event A = Q.single_task([=] { Data[0] = 1; });
  sycl::event B = Q.single_task([=] { Data[1] = 2; });
  sycl::event C = Q.submit([&](sycl::handler &CGH) {
    CGH.depends_on({A, B});
    CGH.single_task([=] { Data[2] = Data[0] + Data[1]; });
  });
  sycl::event Barrier = Q.ext_oneapi_submit_barrier();
  Q.single_task(C, [=] { Data[3] = Data[2] * 10; });
  Graph.end_recording(Q);
  std::vector<exp::node> Nodes = Graph.get_nodes();
  expect(indexes(Nodes, Graph.get_root_nodes()) == (std::vector<size_t>{0, 1}),
         "an out-of-order queue's commands without dependencies are roots");
  expect(indexes(Nodes, Nodes[2].get_predecessors()) ==
             (std::vector<size_t>{0, 1}),
         "depends_on on recorded events makes edges");
  expect(Nodes[3].get_type() == node_type::ext_oneapi_barrier &&
             indexes(Nodes, Nodes[3].get_predecessors()) ==
                 std::vector<size_t>{2},
         "a recorded barrier follows the queue's nodes that nothing follows");
  expect(indexes(Nodes, Nodes[4].get_predecessors()) ==
             (std::vector<size_t>{2, 3}),
         "a command recorded after a barrier follows it");
  auto Exec = Graph.finalize();
  Q.ext_oneapi_graph(Exec);
  expect(Data[3] == 30, "the out-of-order graph runs in dependency order");

  sycl::queue Other;
  sycl::event Recorded;
  {
    exp::command_graph Temporary{Other};
    Temporary.begin_recording(Other);
    Recorded = Other.single_task([] {});
  }
  expect(Other.ext_oneapi_get_state() == exp::queue_state::executing,
         "destroying the graph ends its recording");
  expectInvalid(
      [&] {
        Q.submit([&](sycl::handler &CGH) {
          CGH.depends_on(B);
          CGH.single_task([] {});
        });
      },
      "not recorded into one",
      "a command that is not recorded depending on a recorded one");
  exp::command_graph Second{Q};
  Second.begin_recording(Q);
  expectInvalid([&] { Q.single_task(A, [] {}); }, "another command_graph",
                "depending on an event recorded into another graph");
  expectInvalid([&] { Graph.begin_recording(Q); }, "another graph",
                "begin_recording of a queue recording into another graph");
  expectInvalid([&] { Graph.end_recording(Q); }, "another graph",
                "end_recording of a queue recording into another graph");
  Second.end_recording();
  sycl::free(Data, Q);
}

void explicitApi() {
  sycl::queue Q;
  std::vector<int> *Order = new std::vector<int>;
  auto Task = [Order](int Id) {
    return [Order, Id](sycl::handler &CGH) {
      CGH.host_task([Order, Id] { Order->push_back(Id); });
    };
  };
  exp::command_graph Graph{Q.get_context(),
                           Q.get_device(),
                           {exp::property::graph::no_cycle_check()}};
  exp::command_graph Checked{Q.get_device()};
  exp::node A = Graph.add(Task(0));
  exp::node B = Graph.add(Task(1));
  exp::node C = Graph.add(Task(2), {exp::property::node::depends_on(A)});
  exp::node Join = Graph.add({exp::property::node::depends_on_all_leaves()});
  exp::node D = Graph.add(Task(3), {exp::property::node::depends_on(Join)});
  Graph.make_edge(B, A);
  std::vector<exp::node> Nodes = Graph.get_nodes();
  expect(Join.get_type() == node_type::empty &&
             indexes(Nodes, Join.get_predecessors()) ==
                 (std::vector<size_t>{1, 2}),
         "depends_on_all_leaves follows the nodes that nothing follows");
  expect(indexes(Nodes, A.get_predecessors()) == std::vector<size_t>{1} &&
             indexes(Nodes, B.get_successors()) ==
                 (std::vector<size_t>{3, 0}) &&
             indexes(Nodes, Graph.get_root_nodes()) == std::vector<size_t>{1},
         "make_edge and depends_on make edges");
  auto Exec = Graph.finalize();
  Q.ext_oneapi_graph(Exec);
  expect(*Order == (std::vector<int>{1, 0, 2, 3}),
         "nodes run after their predecessors, else in the order added");
  Graph.add(Task(9));
  Q.ext_oneapi_graph(Exec);
  expect(*Order == (std::vector<int>{1, 0, 2, 3, 1, 0, 2, 3}),
         "a node added after finalize is not in the executable graph");

  expectInvalid([&] { Graph.make_edge(A, A); }, "same node",
                "make_edge of a node to itself");
  exp::node E = Checked.add(Task(4));
  exp::node F = Checked.add(Task(5), {exp::property::node::depends_on(E)});
  expectInvalid([&] { Checked.make_edge(F, E); }, "cycle",
                "make_edge closing a cycle");
  expectInvalid([&] { Checked.make_edge(E, A); }, "another graph",
                "make_edge with a node of another graph");
  expectInvalid(
      [&] { Checked.add(Task(6), {exp::property::node::depends_on(A)}); },
      "another graph", "add depending on a node of another graph");
  Graph.make_edge(D, B);
  expectInvalid([&] { Graph.finalize(); }, "cycle",
                "finalize of a graph with a cycle (no_cycle_check)");
  expectInvalid(
      [&] {
        Checked.add([](sycl::handler &CGH) { CGH.ext_oneapi_barrier(); });
      },
      "barrier", "add of a barrier");
  Checked.begin_recording(Q);
  expectInvalid([&] { Checked.add(); }, "recording", "add while recording");
  expectInvalid([&] { Checked.make_edge(E, F); }, "recording",
                "make_edge while recording");
  Checked.end_recording();

  expectInvalid([&] { Checked.print_graph("graph.txt"); }, ".dot",
                "print_graph to a file that is not .dot");
  std::string Path = "lanes-graph-test.dot";
  Checked.print_graph(Path);
  std::ifstream In(Path);
  std::stringstream Text;
  Text << In.rdbuf();
  expect(Text.str().find("digraph") == 0 &&
             Text.str().find("n0 -> n1;") != std::string::npos &&
             Text.str().find("host_task") != std::string::npos,
         "print_graph writes the nodes and edges as DOT");
  std::remove(Path.c_str());
  delete Order;
}

void subgraphsAndUpdate() {
  sycl::queue Q;
  int *Data = sycl::malloc_shared<int>(2, Q);
  Data[0] = Data[1] = 0;
  auto Add = [](int *P, int V) {
    return [=](sycl::handler &CGH) { CGH.single_task([=] { *P += V; }); };
  };
  exp::command_graph Inner{Q};
  Inner.add(Add(Data, 1));
  auto InnerExec = Inner.finalize();
  exp::command_graph Outer{Q};
  exp::node Sub = Outer.add(
      [&](sycl::handler &CGH) { exp::execute_graph(CGH, InnerExec); });
  Outer.add(Add(Data, 10), {exp::property::node::depends_on(Sub)});
  auto OuterExec = Outer.finalize();
  Q.ext_oneapi_graph(OuterExec);
  Q.ext_oneapi_graph(OuterExec);
  expect(Sub.get_type() == node_type::subgraph && Data[0] == 22,
         "a sub-graph node runs its graph each time");

  exp::command_graph First{Q};
  exp::node K = First.add(Add(Data, 100));
  First.add(Add(Data, 1000), {exp::property::node::depends_on(K)});
  auto Updatable = First.finalize({exp::property::graph::updatable()});
  exp::command_graph Same{Q};
  exp::node K2 = Same.add(Add(Data + 1, 5));
  Same.add(Add(Data + 1, 7), {exp::property::node::depends_on(K2)});
  Updatable.update(Same);
  Q.ext_oneapi_graph(Updatable);
  expect(Data[0] == 22 && Data[1] == 12,
         "a whole-graph update runs the source graph's commands");
  exp::command_graph Shape{Q};
  Shape.add(Add(Data, 1));
  Shape.add(Add(Data, 1));
  expectInvalid([&] { Updatable.update(Shape); }, "differ",
                "update from a graph of another shape");
  auto Fixed = First.finalize();
  expectInvalid([&] { Fixed.update(Same); }, "updatable",
                "update of a graph finalized without updatable");
  exp::command_graph Copies{Q};
  Copies.add([&](sycl::handler &CGH) { CGH.memcpy(Data, Data + 1, 4); });
  auto CopyExec = Copies.finalize({exp::property::graph::updatable()});
  expectInvalid([&] { CopyExec.update(Copies); }, "not a kernel",
                "update from a graph with a copy node");
  sycl::free(Data, Q);
}

void buffersAndReductions() {
  sycl::queue Q;
  std::vector<int> Host(64, 1);
  sycl::buffer<int> Buf(Host.data(), sycl::range<1>(64));
  auto Double = [&](sycl::handler &CGH) {
    sycl::accessor Acc(Buf, CGH);
    CGH.parallel_for(sycl::range<1>(64), [=](sycl::id<1> I) { Acc[I] *= 2; });
  };
  exp::command_graph Plain{Q};
  expectInvalid([&] { Plain.add(Double); }, "assume_buffer_outlives_graph",
                "a buffer in a graph without assume_buffer_outlives_graph");
  Plain.begin_recording(Q);
  expectInvalid([&] { Q.submit(Double); }, "assume_buffer_outlives_graph",
                "recording a buffer without assume_buffer_outlives_graph");
  Plain.end_recording();

  int *Sum = sycl::malloc_shared<int>(1, Q);
  *Sum = 0;
  exp::command_graph Graph{
      Q, {exp::property::graph::assume_buffer_outlives_graph()}};
  Graph.begin_recording(Q);
  Q.submit(Double);
  Q.submit([&](sycl::handler &CGH) {
    sycl::accessor Acc(Buf, CGH, sycl::read_only);
    CGH.parallel_for(sycl::range<1>(64), sycl::reduction(Sum, sycl::plus<>()),
                     [=](sycl::id<1> I, auto &R) { R += Acc[I]; });
  });
  Graph.end_recording();
  auto Exec = Graph.finalize();
  Q.ext_oneapi_graph(Exec);
  Q.ext_oneapi_graph(Exec);
  sycl::host_accessor Read(Buf);
  expect(Read[0] == 4 && Read[63] == 4 && *Sum == 64 * 2 + 64 * 4,
         "buffer kernels and reductions run again with each run");

  // The groups' specialization constants outlive the command group
  // function that set them.
  int *Out = sycl::malloc_shared<int>(3, Q);
  exp::command_graph Spec{Q};
  Spec.begin_recording(Q);
  Q.submit([&](sycl::handler &CGH) {
    CGH.set_specialization_constant<Factor>(7);
    CGH.single_task([=](sycl::kernel_handler KH) {
      Out[0] = KH.get_specialization_constant<Factor>();
    });
  });
  Q.submit([&](sycl::handler &CGH) {
    CGH.set_specialization_constant<Factor>(5);
    CGH.parallel_for(sycl::range<1>(10),
                     sycl::reduction(Out + 1, sycl::plus<>()),
                     [=](sycl::id<1>, auto &R, sycl::kernel_handler KH) {
                       R += KH.get_specialization_constant<Factor>();
                     });
  });
  Spec.end_recording();
  Spec.add([&](sycl::handler &CGH) {
    CGH.set_specialization_constant<Factor>(9);
    CGH.single_task([=](sycl::kernel_handler KH) {
      Out[2] = KH.get_specialization_constant<Factor>();
    });
  });
  Out[1] = 0;
  auto SpecExec = Spec.finalize();
  Q.ext_oneapi_graph(SpecExec);
  expect(Out[0] == 7 && Out[1] == 50 && Out[2] == 9,
         "graph nodes keep the specialization constants their groups set");
  sycl::free(Out, Q);
  sycl::free(Sum, Q);
}

} // namespace

int main() {
  recordInOrder();
  recordOutOfOrder();
  explicitApi();
  subgraphsAndUpdate();
  buffersAndReductions();
  std::printf("%s\n", Failures ? "SOME FAILED" : "ALL OK");
  return Failures ? 1 : 0;
}
