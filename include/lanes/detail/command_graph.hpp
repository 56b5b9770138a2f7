//===- lanes/detail/command_graph.hpp - Graphs of recorded commands -------===//
//
/// \file
/// The state behind sycl_ext_oneapi_graph (sycl/ext/oneapi/experimental/
/// graph.hpp). A node keeps the handler of its command group, whose
/// command is recorded, not run; an executable graph runs the commands of
/// its nodes one after another, in an order that respects the edges and
/// otherwise the order the nodes were added in (so also every dependency
/// through a buffer, which Lanes does not make an edge of). Nodes are
/// numbered in the order they were added; edges join those numbers.
//
//===----------------------------------------------------------------------===//
#ifndef LANES_DETAIL_COMMAND_GRAPH_HPP
#define LANES_DETAIL_COMMAND_GRAPH_HPP

#include "sycl/device.hpp"
#include "sycl/handler.hpp"
#include "sycl/property_list.hpp"

#include <algorithm>
#include <functional>
#include <memory>
#include <mutex>
#include <queue>
#include <string>
#include <utility>
#include <vector>

namespace lanes::detail {

/// Throws errc::invalid with \p What.
[[noreturn]] inline void throwGraphError(const std::string &What) {
  throw sycl::exception(sycl::make_error_code(sycl::errc::invalid), What);
}

/// One node of a modifiable graph.
struct GraphNode {
  std::weak_ptr<GraphState> Graph;
  size_t Index = 0;
  CommandKind Kind = CommandKind::Empty;
  /// The command group; null for an empty node.
  std::shared_ptr<sycl::handler> Group;
  /// The queue state it was recorded from; null when added explicitly.
  const void *Queue = nullptr;
  std::vector<size_t> Preds;
  std::vector<size_t> Succs;
};

/// What an executable graph runs: the command groups in order, and the
/// shape it was finalized from, which an update must keep.
struct ExecutableGraph {
  std::vector<std::shared_ptr<sycl::handler>> Order;
  std::vector<CommandKind> Kinds;
  std::vector<std::vector<size_t>> Preds;
  bool Updatable = false;
  /// One run at a time (the extension's rule for a graph submitted twice).
  std::mutex Running;

  void run() {
    std::lock_guard<std::mutex> Lock(Running);
    for (const std::shared_ptr<sycl::handler> &Group : Order)
      HandlerAccess::run(*Group);
  }
};

/// A modifiable graph.
struct GraphState : std::enable_shared_from_this<GraphState> {
  sycl::context Ctx;
  sycl::device Dev;
  sycl::property_list Props;
  size_t Id = 0;
  std::mutex Mutex;
  std::vector<std::shared_ptr<GraphNode>> Nodes;
  /// The queues (their shared states) recording into this graph; some may
  /// have stopped or been destroyed since.
  std::vector<std::weak_ptr<void>> Recorders;

  /// Adds a node of \p Kind for \p Group (null: an empty node), recorded
  /// from \p Queue (or null), after the nodes \p Preds; returns it.
  /// Expects Mutex held.
  std::shared_ptr<GraphNode> addLocked(CommandKind Kind,
                                       std::shared_ptr<sycl::handler> Group,
                                       const void *Queue,
                                       const std::vector<size_t> &Preds) {
    auto Node = std::make_shared<GraphNode>();
    Node->Graph = weak_from_this();
    Node->Index = Nodes.size();
    Node->Kind = Kind;
    Node->Group = std::move(Group);
    Node->Queue = Queue;
    Nodes.push_back(Node);
    for (size_t Pred : Preds)
      addEdgeLocked(Pred, Node->Index);
    return Node;
  }

  /// Adds the command group \p Group, recorded from the queue state
  /// \p Queue (in order when \p InOrder), after the nodes its depends_on
  /// named, and as the extension orders a queue's commands: in an
  /// in-order queue after the queue's last node; a barrier without events
  /// after the queue's nodes that nothing follows yet; and every command
  /// after the queue's last barrier.
  std::shared_ptr<GraphNode> record(std::shared_ptr<sycl::handler> Group,
                                    const void *Queue, bool InOrder) {
    checkBuffers(*Group, "queue::submit");
    std::lock_guard<std::mutex> Lock(Mutex);
    std::vector<size_t> Preds = recordedDepsLocked(*Group);
    CommandKind Kind = HandlerAccess::kind(*Group);
    bool AfterLeaves = Kind == CommandKind::Barrier && Preds.empty();
    bool SeenLast = false;
    bool SeenBarrier = false;
    for (size_t N = Nodes.size(); N-- > 0;) {
      const GraphNode &Prior = *Nodes[N];
      if (Prior.Queue != Queue)
        continue;
      if ((InOrder && !SeenLast) || (AfterLeaves && Prior.Succs.empty()) ||
          (Prior.Kind == CommandKind::Barrier && !SeenBarrier))
        Preds.push_back(N);
      SeenLast = true;
      SeenBarrier |= Prior.Kind == CommandKind::Barrier;
    }
    return addLocked(Kind, std::move(Group), Queue, Preds);
  }

  /// Throws errc::invalid, naming \p Who, when \p Group uses a buffer and
  /// the graph lacks property::graph::assume_buffer_outlives_graph.
  void checkBuffers(const sycl::handler &Group, const char *Who) const {
    namespace graph = sycl::ext::oneapi::experimental::property::graph;
    if (HandlerAccess::usesBuffers(Group) &&
        !Props.has_property<graph::assume_buffer_outlives_graph>())
      throwGraphError(std::string(Who) +
                      ": the command group uses a buffer, which a "
                      "command_graph allows only with "
                      "property::graph::assume_buffer_outlives_graph");
  }

  /// The indexes of the nodes \p Group's depends_on named, which must be
  /// this graph's. Expects Mutex held.
  std::vector<size_t> recordedDepsLocked(const sycl::handler &Group) {
    std::vector<size_t> Preds;
    for (const std::weak_ptr<GraphNode> &Dep :
         HandlerAccess::recordedDeps(Group)) {
      std::shared_ptr<GraphNode> Node = Dep.lock();
      if (!Node || Node->Graph.lock().get() != this)
        throwGraphError("handler::depends_on: the event of a command "
                        "recorded into another command_graph");
      Preds.push_back(Node->Index);
    }
    return Preds;
  }

  /// Adds the edge \p From -> \p To unless it exists. Expects Mutex held.
  void addEdgeLocked(size_t From, size_t To) {
    std::vector<size_t> &Succs = Nodes[From]->Succs;
    if (std::find(Succs.begin(), Succs.end(), To) != Succs.end())
      return;
    Succs.push_back(To);
    Nodes[To]->Preds.push_back(From);
  }

  /// Whether \p To can be reached from \p From. Expects Mutex held.
  bool reachesLocked(size_t From, size_t To) const {
    std::vector<bool> Seen(Nodes.size());
    std::vector<size_t> Work{From};
    while (!Work.empty()) {
      size_t N = Work.back();
      Work.pop_back();
      if (N == To)
        return true;
      if (Seen[N])
        continue;
      Seen[N] = true;
      Work.insert(Work.end(), Nodes[N]->Succs.begin(), Nodes[N]->Succs.end());
    }
    return false;
  }

  /// The nodes in an order that respects the edges, taking among the nodes
  /// whose predecessors are done the one added first. Throws errc::invalid
  /// for a cycle (made with property::graph::no_cycle_check). Expects
  /// Mutex held.
  std::vector<size_t> runOrderLocked() const {
    std::vector<size_t> Waiting(Nodes.size());
    std::priority_queue<size_t, std::vector<size_t>, std::greater<size_t>>
        Ready;
    for (size_t N = 0; N < Nodes.size(); ++N)
      if (!(Waiting[N] = Nodes[N]->Preds.size()))
        Ready.push(N);
    std::vector<size_t> Order;
    while (!Ready.empty()) {
      size_t N = Ready.top();
      Ready.pop();
      Order.push_back(N);
      for (size_t Succ : Nodes[N]->Succs)
        if (!--Waiting[Succ])
          Ready.push(Succ);
    }
    if (Order.size() != Nodes.size())
      throwGraphError("command_graph::finalize: the graph has a cycle");
    return Order;
  }

  /// Copies what an executable graph of this graph runs into \p Exec.
  void snapshot(ExecutableGraph &Exec) {
    std::lock_guard<std::mutex> Lock(Mutex);
    std::vector<size_t> Order = runOrderLocked();
    Exec.Order.clear();
    for (size_t N : Order)
      if (Nodes[N]->Group)
        Exec.Order.push_back(Nodes[N]->Group);
    Exec.Kinds.clear();
    Exec.Preds.clear();
    for (const std::shared_ptr<GraphNode> &Node : Nodes) {
      Exec.Kinds.push_back(Node->Kind);
      std::vector<size_t> Preds = Node->Preds;
      std::sort(Preds.begin(), Preds.end());
      Exec.Preds.push_back(std::move(Preds));
    }
  }
};

} // namespace lanes::detail

#endif // LANES_DETAIL_COMMAND_GRAPH_HPP
