//===- sycl/ext/oneapi/experimental/graph.hpp - Command graphs ------------===//
//
/// \file
/// DPC++'s sycl_ext_oneapi_graph: a command_graph collects commands, as
/// nodes joined by edges, without running them, either from a queue that
/// records into it (begin_recording) or through add() and make_edge().
/// finalize() makes an executable graph, which a queue runs as one command
/// as often as it is submitted. Lanes runs the nodes one at a time, each
/// after its predecessors and otherwise in the order they were added
/// (lanes/detail/command_graph.hpp).
///
/// A node's command group function runs once, when the node is made; its
/// command (kernel, copy, host task...) runs at each execution of the
/// graph, reading the memory it names then. Whole-graph update replaces
/// the commands of an executable graph with those of a modifiable graph of
/// the same shape. Not provided: dynamic parameters and command groups,
/// update of single nodes and their ranges, graph-owned allocations,
/// native recording, and a queue that starts recording because it depends
/// on a recorded event (handler::depends_on throws errc::invalid instead).
//
//===----------------------------------------------------------------------===//
#ifndef LANES_SYCL_EXT_ONEAPI_EXPERIMENTAL_GRAPH_HPP
#define LANES_SYCL_EXT_ONEAPI_EXPERIMENTAL_GRAPH_HPP

#include "lanes/detail/command_graph.hpp"
#include "lanes/detail/identity_hash.hpp"
#include "sycl/handler.hpp"
#include "sycl/queue.hpp"

#include <atomic>
#include <fstream>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#define SYCL_EXT_ONEAPI_GRAPH 1

namespace lanes::detail {
struct GraphAccess;
} // namespace lanes::detail

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi::experimental {

/// What a node's command is (lanes::detail::CommandKind has the first ten
/// in this order).
enum class node_type {
  empty,
  subgraph,
  kernel,
  memcpy,
  memset,
  memfill,
  prefetch,
  memadvise,
  ext_oneapi_barrier,
  host_task,
  async_malloc,
  async_free
};

/// A node of a modifiable graph. Copies share one node.
class node {
public:
  node() = delete;

  node_type get_type() const { return node_type(int(Impl->Kind)); }
  /// The nodes this node directly depends on, in the order the edges were
  /// made; none once its graph is gone.
  std::vector<node> get_predecessors() const { return neighbours(false); }
  /// The nodes that directly depend on this node.
  std::vector<node> get_successors() const { return neighbours(true); }
  /// The node a recording queue made for the command of \p NodeEvent.
  /// Throws errc::invalid for another event, or when the graph is gone.
  static node get_node_from_event(event NodeEvent) {
    const auto *Node = lanes::detail::EventBuilder::recordedNode(NodeEvent);
    std::shared_ptr<lanes::detail::GraphNode> Impl;
    if (Node)
      Impl = Node->lock();
    if (!Impl)
      lanes::detail::throwGraphError(
          "node::get_node_from_event: the event is not that of a command "
          "recorded into a command_graph that still exists");
    return node(std::move(Impl));
  }

  friend bool operator==(const node &L, const node &R) {
    return L.Impl == R.Impl;
  }
  friend bool operator!=(const node &L, const node &R) { return !(L == R); }

private:
  friend struct lanes::detail::GraphAccess;
  friend struct std::hash<node>;
  explicit node(std::shared_ptr<lanes::detail::GraphNode> Impl)
      : Impl(std::move(Impl)) {}

  std::vector<node> neighbours(bool Successors) const {
    std::vector<node> Result;
    std::shared_ptr<lanes::detail::GraphState> Graph = Impl->Graph.lock();
    if (!Graph)
      return Result;
    std::lock_guard<std::mutex> Lock(Graph->Mutex);
    for (size_t N : Successors ? Impl->Succs : Impl->Preds)
      Result.push_back(node(Graph->Nodes[N]));
    return Result;
  }

  std::shared_ptr<lanes::detail::GraphNode> Impl;
};

namespace property::node {
/// command_graph::add's edges from \p Nodes to the new node.
class depends_on {
public:
  template <typename... NodeTN> depends_on(NodeTN... Nodes) : Nodes{Nodes...} {
    static_assert(
        (std::is_same_v<NodeTN, experimental::node> && ...),
        "property::node::depends_on takes the nodes the new node follows");
  }
  const std::vector<experimental::node> &get_dependencies() const {
    return Nodes;
  }

private:
  std::vector<experimental::node> Nodes;
};
} // namespace property::node

} // namespace ext::oneapi::experimental
} // namespace _V1
} // namespace sycl

namespace lanes::detail {
/// What command_graph::add takes as its property list: a sycl::property_list
/// (of which it reads property::node::depends_on_all_leaves) or, braced,
/// that property and property::node::depends_on, which a property_list
/// cannot hold because it has a value.
struct NodeProperties {
  NodeProperties() = default;
  NodeProperties(const sycl::property_list &Props)
      : AllLeaves(Props.has_property<DependsOnAllLeaves>()) {}
  template <typename... PropTN,
            std::enable_if_t<(sizeof...(PropTN) > 0), int> = 0>
  NodeProperties(const PropTN &...Props) {
    (add(Props), ...);
  }

  /// The nodes of the depends_on properties.
  std::vector<sycl::ext::oneapi::experimental::node> Deps;
  /// Whether the node follows every node that nothing follows yet.
  bool AllLeaves = false;

private:
  using DependsOn = sycl::ext::oneapi::experimental::property::node::depends_on;
  using DependsOnAllLeaves =
      sycl::ext::oneapi::experimental::property::node::depends_on_all_leaves;

  void add(const DependsOn &Prop) {
    const auto &Nodes = Prop.get_dependencies();
    Deps.insert(Deps.end(), Nodes.begin(), Nodes.end());
  }
  void add(const DependsOnAllLeaves &) { AllLeaves = true; }
  template <typename PropT> void add(const PropT &) {
    static_assert(sizeof(PropT) == 0,
                  "command_graph::add takes property::node::depends_on and "
                  "property::node::depends_on_all_leaves");
  }
};

/// What the graph classes need of each other.
struct GraphAccess {
  static const std::shared_ptr<GraphNode> &
  impl(const sycl::ext::oneapi::experimental::node &N) {
    return N.Impl;
  }
  static sycl::ext::oneapi::experimental::node
  makeNode(std::shared_ptr<GraphNode> Impl) {
    return sycl::ext::oneapi::experimental::node(std::move(Impl));
  }
  template <typename GraphT> static const auto &state(const GraphT &Graph) {
    return Graph.State;
  }
  template <typename GraphT, typename StateT>
  static GraphT make(std::shared_ptr<StateT> State) {
    return GraphT(std::move(State));
  }
};
} // namespace lanes::detail

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi::experimental {

/// A graph finalized from a modifiable one: what a queue runs. Copies
/// share one graph.
template <> class command_graph<graph_state::executable> {
public:
  command_graph() = delete;

  /// Takes the commands of \p Source, which must have the nodes and edges
  /// this graph was finalized from (errc::invalid otherwise, or when this
  /// graph was finalized without property::graph::updatable, or when
  /// \p Source has nodes other than kernels, barriers and empty ones).
  void update(const command_graph<graph_state::modifiable> &Source);
  /// Lanes's graphs own no memory.
  size_t get_required_mem_size() const noexcept { return 0; }

  friend bool operator==(const command_graph &L, const command_graph &R) {
    return L.State == R.State;
  }
  friend bool operator!=(const command_graph &L, const command_graph &R) {
    return !(L == R);
  }

private:
  friend struct lanes::detail::GraphAccess;
  friend struct std::hash<command_graph>;
  explicit command_graph(std::shared_ptr<lanes::detail::ExecutableGraph> State)
      : State(std::move(State)) {}

  std::shared_ptr<lanes::detail::ExecutableGraph> State;
};

/// A graph under construction. Copies share one graph; when the last is
/// destroyed, the queues recording into it stop.
template <> class command_graph<graph_state::modifiable> {
public:
  /// A graph for \p Dev in \p Ctx, with the graph properties \p Props
  /// (no_cycle_check, assume_buffer_outlives_graph).
  command_graph(const context &Ctx, const device &Dev,
                const property_list &Props = {})
      : State(std::make_shared<lanes::detail::GraphState>()) {
    static std::atomic<size_t> NextId{1};
    State->Ctx = Ctx;
    State->Dev = Dev;
    State->Props = Props;
    State->Id = NextId++;
  }
  explicit command_graph(const queue &Q, const property_list &Props = {})
      : command_graph(Q.get_context(), Q.get_device(), Props) {}
  explicit command_graph(const device &Dev, const property_list &Props = {})
      : command_graph(context(Dev), Dev, Props) {}

  /// An executable graph of the nodes and edges this graph has now (with
  /// property::graph::updatable, one that update() may change). Throws
  /// errc::invalid for a cycle made with property::graph::no_cycle_check.
  command_graph<graph_state::executable>
  finalize(const property_list &Props = {}) const {
    auto Exec = std::make_shared<lanes::detail::ExecutableGraph>();
    State->snapshot(*Exec);
    Exec->Updatable = Props.has_property<property::graph::updatable>();
    return lanes::detail::GraphAccess::make<
        command_graph<graph_state::executable>>(std::move(Exec));
  }

  /// \p Q records its command groups into this graph until end_recording
  /// (as nodes; none runs). Throws errc::invalid when \p Q records into
  /// another graph.
  void begin_recording(queue &Q, const property_list & = {}) {
    std::lock_guard<std::mutex> Lock(State->Mutex);
    startRecordingLocked(Q);
  }
  void begin_recording(const std::vector<queue> &Queues,
                       const property_list & = {}) {
    std::lock_guard<std::mutex> Lock(State->Mutex);
    for (const queue &Q : Queues)
      checkNotOtherGraph(Q, "begin_recording");
    for (const queue &Q : Queues)
      startRecordingLocked(Q);
  }
  /// Every queue recording into this graph stops.
  void end_recording() {
    std::lock_guard<std::mutex> Lock(State->Mutex);
    for (const std::weak_ptr<void> &Recorder : State->Recorders)
      if (auto QueueState = std::static_pointer_cast<detail_queue::QueueState>(
              Recorder.lock()))
        stopRecording(*QueueState);
    State->Recorders.clear();
  }
  /// \p Q stops recording into this graph. Throws errc::invalid when it
  /// records into another graph.
  void end_recording(queue &Q) {
    std::lock_guard<std::mutex> Lock(State->Mutex);
    stopRecordingLocked(Q);
  }
  void end_recording(const std::vector<queue> &Queues) {
    std::lock_guard<std::mutex> Lock(State->Mutex);
    for (const queue &Q : Queues)
      checkNotOtherGraph(Q, "end_recording");
    for (const queue &Q : Queues)
      stopRecordingLocked(Q);
  }

  /// An empty node: one that orders others.
  node add(const lanes::detail::NodeProperties &Props = {}) {
    return addNode(lanes::detail::CommandKind::Empty, nullptr, Props);
  }
  /// A node of the command of the command group \p CGF, which runs now;
  /// the command runs with the graph. Its edges come from \p Props and
  /// from the recorded events it depends on. Throws errc::invalid while a
  /// queue records into this graph, for a barrier (an empty node with
  /// depends_on_all_leaves does that here), and for a command group that
  /// uses a buffer without property::graph::assume_buffer_outlives_graph.
  template <typename T,
            std::enable_if_t<std::is_invocable_v<T &, handler &>, int> = 0>
  node add(T CGF, const lanes::detail::NodeProperties &Props = {}) {
    handler Group = lanes::detail::HandlerAccess::make();
    lanes::detail::HandlerAccess::setGraph(Group, State.get());
    CGF(Group);
    State->checkBuffers(Group, "command_graph::add");
    lanes::detail::CommandKind Kind = lanes::detail::HandlerAccess::kind(Group);
    return addNode(Kind, lanes::detail::HandlerAccess::keep(Group), Props);
  }
  /// \p Dest follows \p Src. Throws errc::invalid while a queue records
  /// into this graph, for a node of another graph, for one node twice and
  /// for an edge that closes a cycle (unless the graph was made with
  /// property::graph::no_cycle_check).
  void make_edge(node &Src, node &Dest) {
    std::lock_guard<std::mutex> Lock(State->Mutex);
    checkNotRecordingLocked("make_edge");
    size_t From = indexOf(Src, "make_edge");
    size_t To = indexOf(Dest, "make_edge");
    if (From == To)
      lanes::detail::throwGraphError(
          "command_graph::make_edge: the source and destination are the "
          "same node");
    if (!State->Props.has_property<property::graph::no_cycle_check>() &&
        State->reachesLocked(To, From))
      lanes::detail::throwGraphError(
          "command_graph::make_edge: the edge would close a cycle");
    State->addEdgeLocked(From, To);
  }

  /// Writes the graph to \p Path in the DOT format: each node's number,
  /// type and (for a kernel) name, and the edges. Throws errc::invalid when
  /// \p Path does not end in ".dot" or cannot be written.
  void print_graph(std::string Path, bool Verbose = false) const;

  /// The nodes, in the order they were added.
  std::vector<node> get_nodes() const { return nodesWhere(false); }
  /// The nodes that depend on none.
  std::vector<node> get_root_nodes() const { return nodesWhere(true); }
  bool empty() const {
    std::lock_guard<std::mutex> Lock(State->Mutex);
    return State->Nodes.empty();
  }
  /// A number no other graph of the process has.
  size_t get_id() const noexcept { return State->Id; }

  friend bool operator==(const command_graph &L, const command_graph &R) {
    return L.State == R.State;
  }
  friend bool operator!=(const command_graph &L, const command_graph &R) {
    return !(L == R);
  }

private:
  friend struct lanes::detail::GraphAccess;
  friend struct std::hash<command_graph>;
  explicit command_graph(std::shared_ptr<lanes::detail::GraphState> State)
      : State(std::move(State)) {}

  static std::string who(const char *Function) {
    return std::string("command_graph::") + Function;
  }
  /// Throws errc::invalid when \p Q records into another graph.
  void checkNotOtherGraph(const queue &Q, const char *Function) const {
    const auto &QueueState = lanes::detail::QueueAccess::state(Q);
    std::lock_guard<std::mutex> Lock(QueueState->RecordingMutex);
    std::shared_ptr<lanes::detail::GraphState> Other =
        QueueState->Recording.lock();
    if (Other && Other != State)
      lanes::detail::throwGraphError(
          who(Function) + ": the queue is recording into another graph");
  }
  void startRecordingLocked(const queue &Q) {
    checkNotOtherGraph(Q, "begin_recording");
    const auto &QueueState = lanes::detail::QueueAccess::state(Q);
    std::lock_guard<std::mutex> Lock(QueueState->RecordingMutex);
    if (QueueState->Recording.lock() == State)
      return;
    QueueState->Recording = State;
    QueueState->MayRecord.store(true, std::memory_order_release);
    State->Recorders.push_back(QueueState);
  }
  /// \p QueueState stops recording (into this graph, if it does).
  void stopRecording(detail_queue::QueueState &QueueState) const {
    std::lock_guard<std::mutex> Lock(QueueState.RecordingMutex);
    if (QueueState.Recording.lock() != State)
      return;
    QueueState.Recording.reset();
    QueueState.MayRecord.store(false, std::memory_order_release);
  }
  void stopRecordingLocked(const queue &Q) {
    checkNotOtherGraph(Q, "end_recording");
    const auto &QueueState = lanes::detail::QueueAccess::state(Q);
    stopRecording(*QueueState);
    auto &Recorders = State->Recorders;
    for (size_t I = Recorders.size(); I-- > 0;)
      if (Recorders[I].lock() == QueueState || Recorders[I].expired())
        Recorders.erase(Recorders.begin() + I);
  }
  /// Throws errc::invalid, naming \p Function, while a queue records into
  /// this graph. Expects State->Mutex held.
  void checkNotRecordingLocked(const char *Function) const {
    for (const std::weak_ptr<void> &Recorder : State->Recorders)
      if (!Recorder.expired())
        lanes::detail::throwGraphError(
            who(Function) + ": a queue is recording into the graph (the "
                            "explicit API waits for end_recording)");
  }
  /// The number of \p N, which must be a node of this graph.
  size_t indexOf(const node &N, const char *Function) const {
    const auto &Impl = lanes::detail::GraphAccess::impl(N);
    if (Impl->Graph.lock() != State)
      lanes::detail::throwGraphError(who(Function) +
                                     ": a node of another graph");
    return Impl->Index;
  }
  node addNode(lanes::detail::CommandKind Kind, std::shared_ptr<handler> Group,
               const lanes::detail::NodeProperties &Props) {
    if (Kind == lanes::detail::CommandKind::Barrier)
      lanes::detail::throwGraphError(
          "command_graph::add: a barrier; add an empty node with "
          "property::node::depends_on_all_leaves instead");
    std::lock_guard<std::mutex> Lock(State->Mutex);
    checkNotRecordingLocked("add");
    std::vector<size_t> Preds;
    if (Group)
      Preds = State->recordedDepsLocked(*Group);
    for (const node &Dep : Props.Deps)
      Preds.push_back(indexOf(Dep, "add"));
    if (Props.AllLeaves)
      for (const auto &Node : State->Nodes)
        if (Node->Succs.empty())
          Preds.push_back(Node->Index);
    return lanes::detail::GraphAccess::makeNode(
        State->addLocked(Kind, std::move(Group), nullptr, Preds));
  }
  std::vector<node> nodesWhere(bool RootsOnly) const {
    std::lock_guard<std::mutex> Lock(State->Mutex);
    std::vector<node> Result;
    for (const auto &Node : State->Nodes)
      if (!RootsOnly || Node->Preds.empty())
        Result.push_back(lanes::detail::GraphAccess::makeNode(Node));
    return Result;
  }

  std::shared_ptr<lanes::detail::GraphState> State;
};

/// Deduction for `command_graph Graph{...}`: a modifiable graph.
command_graph(const context &, const device &)
    ->command_graph<graph_state::modifiable>;
command_graph(const context &, const device &, const property_list &)
    ->command_graph<graph_state::modifiable>;
command_graph(const queue &)->command_graph<graph_state::modifiable>;
command_graph(const queue &, const property_list &)
    ->command_graph<graph_state::modifiable>;
command_graph(const device &)->command_graph<graph_state::modifiable>;
command_graph(const device &, const property_list &)
    ->command_graph<graph_state::modifiable>;

inline void command_graph<graph_state::executable>::update(
    const command_graph<graph_state::modifiable> &Source) {
  using lanes::detail::CommandKind;
  if (!State->Updatable)
    lanes::detail::throwGraphError(
        "command_graph::update: the executable graph was finalized without "
        "property::graph::updatable");
  lanes::detail::ExecutableGraph New;
  lanes::detail::GraphAccess::state(Source)->snapshot(New);
  for (CommandKind Kind : New.Kinds)
    if (Kind != CommandKind::Kernel && Kind != CommandKind::Empty &&
        Kind != CommandKind::Barrier)
      lanes::detail::throwGraphError(
          "command_graph::update: the source graph has a node that is not a "
          "kernel, a barrier or empty");
  if (New.Kinds != State->Kinds || New.Preds != State->Preds)
    lanes::detail::throwGraphError(
        "command_graph::update: the source graph's nodes or edges differ "
        "from those the executable graph was finalized from");
  std::lock_guard<std::mutex> Lock(State->Running);
  State->Order = std::move(New.Order);
}

inline void
command_graph<graph_state::modifiable>::print_graph(std::string Path,
                                                    bool) const {
  static const char *const TypeNames[] = {
      "empty",     "subgraph",     "kernel",
      "memcpy",    "memset",       "memfill",
      "prefetch",  "memadvise",    "ext_oneapi_barrier",
      "host_task", "async_malloc", "async_free"};
  const std::string Suffix = ".dot";
  if (Path.size() < Suffix.size() ||
      Path.compare(Path.size() - Suffix.size(), Suffix.size(), Suffix) != 0)
    lanes::detail::throwGraphError("command_graph::print_graph: '" + Path +
                                   "' does not end in .dot, the one format");
  std::ofstream Out(Path);
  Out << "digraph command_graph_" << State->Id << " {\n";
  {
    std::lock_guard<std::mutex> Lock(State->Mutex);
    for (const auto &Node : State->Nodes) {
      node N = lanes::detail::GraphAccess::makeNode(Node);
      Out << "  n" << Node->Index << " [label=\"" << Node->Index << ": "
          << TypeNames[static_cast<int>(N.get_type())];
      if (const char *Kernel =
              Node->Group
                  ? lanes::detail::HandlerAccess::kernelName(*Node->Group)
                  : nullptr)
        Out << " " << Kernel;
      Out << "\"];\n";
      for (size_t Succ : Node->Succs)
        Out << "  n" << Node->Index << " -> n" << Succ << ";\n";
    }
  }
  Out << "}\n";
  Out.close();
  if (!Out)
    lanes::detail::throwGraphError(
        "command_graph::print_graph: cannot write '" + Path + "'");
}

} // namespace ext::oneapi::experimental

/// Runs the executable graph as this group's command.
inline void handler::ext_oneapi_graph(
    ext::oneapi::experimental::command_graph<
        ext::oneapi::experimental::graph_state::executable> &Graph) {
  std::shared_ptr<lanes::detail::ExecutableGraph> Exec =
      lanes::detail::GraphAccess::state(Graph);
  setCommand(lanes::detail::CommandKind::Subgraph, [Exec] { Exec->run(); });
}

inline ext::oneapi::experimental::command_graph<>
queue::ext_oneapi_get_graph() const {
  std::shared_ptr<lanes::detail::GraphState> Graph = recordingGraph();
  if (!Graph)
    lanes::detail::throwGraphError(
        "queue::ext_oneapi_get_graph: the queue is not recording into a "
        "command_graph");
  return lanes::detail::GraphAccess::make<
      ext::oneapi::experimental::command_graph<>>(std::move(Graph));
}

} // namespace _V1
} // namespace sycl

namespace std {
/// Copies of a node or a graph hash alike.
template <> struct hash<sycl::ext::oneapi::experimental::node> {
  size_t operator()(const sycl::ext::oneapi::experimental::node &N) const {
    return lanes::detail::identityHash(N.Impl.get());
  }
};
template <sycl::ext::oneapi::experimental::graph_state State>
struct hash<sycl::ext::oneapi::experimental::command_graph<State>> {
  size_t operator()(
      const sycl::ext::oneapi::experimental::command_graph<State> &G) const {
    return lanes::detail::identityHash(G.State.get());
  }
};
} // namespace std

#endif // LANES_SYCL_EXT_ONEAPI_EXPERIMENTAL_GRAPH_HPP
