#include "capture.h"

#include <cuda.h>
#include <memlab/bilingual.h>
#include <memlab/driver_entry.h>

#include <cstring>
#include <map>
#include <stdexcept>

namespace memlab::record {
namespace {

// Each pointer argument points into a window of address space that is reserved and never mapped:
// nothing the launcher asks for runs here, so nothing needs memory. The window is large enough for
// any buffer of the course and leaves room before the pointer for a negative offset.
constexpr std::size_t kWindow = std::size_t{64} << 30;  // 64 GiB of addresses per argument
constexpr std::size_t kBefore = std::size_t{2} << 20;   // the pointer sits 2 MiB into its window
constexpr std::size_t kGranule = std::size_t{2} << 20;

// `why` in English and Chinese (memlab/bilingual.h): the check program reports it.
[[noreturn]] void refuse(const std::string& why) { throw std::runtime_error(why); }

// `what` was being done, in English and Chinese; CUDA's own message follows as CUDA gives it.
void check_runtime(cudaError_t e, const std::string& what) {
  if (e != cudaSuccess) refuse(join_bilingual({what, bilingual(": ", "："), cudaGetErrorString(e)}));
}

void check_driver(CUresult r, const std::string& what) {
  if (r != CUDA_SUCCESS) {
    const char* s = nullptr;
    MEMLAB_DRIVER(cuGetErrorString)(r, &s);
    refuse(join_bilingual({what, bilingual(": ", "："), s ? std::string(s) : bilingual("unknown error", "未知错误")}));
  }
}

struct Windows {
  std::vector<CUdeviceptr> bases;
  std::vector<void*> pointers;
  ~Windows() {
    for (CUdeviceptr b : bases)
      if (b) MEMLAB_DRIVER(cuMemAddressFree)(b, kWindow);
  }
  // The argument a 64-bit word points into, or -1.
  bool find(std::uint64_t word, PlanAddress& out) const {
    for (std::size_t i = 0; i < bases.size(); ++i) {
      if (!bases[i]) continue;
      if (word >= bases[i] && word < bases[i] + kWindow) {
        out.arg = static_cast<int>(i);
        out.offset =
            static_cast<std::int64_t>(word) - static_cast<std::int64_t>(reinterpret_cast<std::uintptr_t>(pointers[i]));
        return true;
      }
    }
    return false;
  }
};

PlanAddress must_find(const Windows& w, const void* p, const std::string& what) {
  PlanAddress a;
  if (!w.find(reinterpret_cast<std::uintptr_t>(p), a))
    refuse(join_bilingual(
        {what, bilingual(" is not inside a buffer the launcher was given", "不在交给启动函数的任何一个缓冲区之内")}));
  return a;
}

PlanKernel read_kernel(cudaGraphNode_t node, const Windows& windows) {
  CUDA_KERNEL_NODE_PARAMS p{};
  check_driver(MEMLAB_DRIVER(cuGraphKernelNodeGetParams)(reinterpret_cast<CUgraphNode>(node), &p),
               bilingual("reading a kernel launch", "读取一次核函数启动"));
  CUfunction f = p.func;
  if (!f && p.kern)
    check_driver(MEMLAB_DRIVER(cuKernelGetFunction)(&f, p.kern),
                 bilingual("finding a launched kernel", "查找被启动的核函数"));
  if (!f) refuse(bilingual("a launched kernel has no function", "被启动的核函数找不到对应的函数"));
  if (!p.kernelParams && p.extra)
    refuse(bilingual("a kernel launched with packed parameters (\"extra\") is not supported",
                     "不支持用打包的参数（\"extra\"）启动核函数"));
  PlanKernel k;
  const char* name = nullptr;
  check_driver(MEMLAB_DRIVER(cuFuncGetName)(&name, f),
               bilingual("naming a launched kernel", "读取被启动的核函数的名字"));
  k.name = name ? name : "";
  k.grid[0] = p.gridDimX, k.grid[1] = p.gridDimY, k.grid[2] = p.gridDimZ;
  k.block[0] = p.blockDimX, k.block[1] = p.blockDimY, k.block[2] = p.blockDimZ;
  k.shared_bytes = p.sharedMemBytes;
  for (std::size_t i = 0;; ++i) {
    size_t offset = 0, size = 0;
    if (MEMLAB_DRIVER(cuFuncGetParamInfo)(f, i, &offset, &size) != CUDA_SUCCESS) break;
    k.param_offsets.push_back(static_cast<std::uint32_t>(offset));
    k.param_sizes.push_back(static_cast<std::uint32_t>(size));
    if (k.params.size() < offset + size) k.params.resize(offset + size);
    if (size) std::memcpy(k.params.data() + offset, p.kernelParams[i], size);
  }
  // Every aligned 8-byte word that points into a given buffer is a pointer to it.
  for (std::size_t i = 0; i < k.param_offsets.size(); ++i) {
    const std::size_t begin = (k.param_offsets[i] + 7) / 8 * 8, end = k.param_offsets[i] + k.param_sizes[i];
    for (std::size_t at = begin; at + 8 <= end; at += 8) {
      std::uint64_t word = 0;
      std::memcpy(&word, k.params.data() + at, 8);
      PlanAddress a;
      if (windows.find(word, a)) k.pointers.push_back({static_cast<std::uint32_t>(at), a});
    }
  }
  int v = -1;
  if (MEMLAB_DRIVER(cuFuncGetAttribute)(&v, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, f) == CUDA_SUCCESS)
    k.max_dynamic_shared = v;
  if (MEMLAB_DRIVER(cuFuncGetAttribute)(&v, CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT, f) == CUDA_SUCCESS)
    k.carveout = v;
  return k;
}

// The graph's nodes in an order that keeps every dependency (Kahn's algorithm, stable).
std::vector<cudaGraphNode_t> in_order(cudaGraph_t graph) {
  size_t n = 0, e = 0;
  const std::string reading_work = bilingual("reading the captured work", "读取捕获到的工作");
  check_runtime(cudaGraphGetNodes(graph, nullptr, &n), reading_work);
  std::vector<cudaGraphNode_t> nodes(n);
  if (n) check_runtime(cudaGraphGetNodes(graph, nodes.data(), &n), reading_work);
    // CUDA 13 added the edges' data to cudaGraphGetEdges (12.x names that form _v2).
#if CUDART_VERSION >= 13000
  auto edges = [&](cudaGraphNode_t* f, cudaGraphNode_t* t, size_t* count) {
    return cudaGraphGetEdges(graph, f, t, nullptr, count);
  };
#else
  auto edges = [&](cudaGraphNode_t* f, cudaGraphNode_t* t, size_t* count) {
    return cudaGraphGetEdges(graph, f, t, count);
  };
#endif
  const std::string reading_order = bilingual("reading the captured order", "读取捕获到的工作的顺序");
  check_runtime(edges(nullptr, nullptr, &e), reading_order);
  std::vector<cudaGraphNode_t> from(e), to(e);
  if (e) check_runtime(edges(from.data(), to.data(), &e), reading_order);
  std::map<cudaGraphNode_t, int> waiting;
  for (auto node : nodes) waiting[node] = 0;
  for (std::size_t i = 0; i < e; ++i) ++waiting[to[i]];
  std::vector<cudaGraphNode_t> order;
  std::vector<bool> done(n, false);
  while (order.size() < n) {
    bool progressed = false;
    for (std::size_t i = 0; i < n; ++i) {
      if (done[i] || waiting[nodes[i]] != 0) continue;
      done[i] = true;
      progressed = true;
      order.push_back(nodes[i]);
      for (std::size_t k = 0; k < e; ++k)
        if (from[k] == nodes[i]) --waiting[to[k]];
    }
    if (!progressed) refuse(bilingual("the captured work has a cycle", "捕获到的工作之间有循环依赖"));
  }
  return order;
}

}  // namespace

Plan capture_plan(const LauncherCall& call, const nlohmann::json& alignments, const nlohmann::json& scalars) {
  check_runtime(cudaFree(nullptr), bilingual("starting CUDA", "启动 CUDA"));
  Windows windows;
  for (const auto& a : alignments) {
    if (a.is_null()) {
      windows.bases.push_back(0);
      windows.pointers.push_back(nullptr);
      continue;
    }
    const auto align = a.get<std::uint64_t>() % 256;
    CUdeviceptr base = 0;
    check_driver(MEMLAB_DRIVER(cuMemAddressReserve)(&base, kWindow, kGranule, 0, 0),
                 bilingual("reserving address space for a buffer", "为缓冲区预留地址空间"));
    windows.bases.push_back(base);
    windows.pointers.push_back(reinterpret_cast<void*>(base + kBefore + align));
  }
  cudaStream_t stream = nullptr;
  check_runtime(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking),
                bilingual("creating the capture stream", "创建用于捕获的流"));
  struct StreamGuard {
    cudaStream_t s;
    ~StreamGuard() { cudaStreamDestroy(s); }
  } guard{stream};
  (void)cudaGetLastError();
  check_runtime(cudaStreamBeginCapture(stream, cudaStreamCaptureModeGlobal),
                bilingual("starting the capture", "开始流捕获"));
  std::string thrown;
  try {
    call(Pointers(windows.pointers), scalars, stream);
  } catch (const std::exception& e) {
    thrown = e.what();
  } catch (...) {
    thrown = bilingual("an exception that is not a std::exception", "一个不是 std::exception 的异常");
  }
  const cudaError_t launch_error = cudaGetLastError();
  cudaGraph_t graph = nullptr;
  const cudaError_t end_error = cudaStreamEndCapture(stream, &graph);
  struct GraphGuard {
    cudaGraph_t g;
    ~GraphGuard() {
      if (g) cudaGraphDestroy(g);
    }
  } graph_guard{graph};
  if (!thrown.empty()) refuse(join_bilingual({bilingual("your launcher threw: ", "你的启动函数抛出了异常："), thrown}));
  if (end_error != cudaSuccess || !graph)
    refuse(join_bilingual({bilingual("your launcher did work the stream capture could not take (another stream, a "
                                     "synchronization, an allocation or a host callback inside the launcher): ",
                                     "你的启动函数做了流捕获接收不了的工作（在启动函数里用了另一个流、同步、"
                                     "内存分配或主机回调）："),
                           cudaGetErrorString(end_error)}));
  if (launch_error != cudaSuccess)
    refuse(join_bilingual({bilingual("a launch in your launcher failed: ", "你的启动函数中的一次启动失败了："),
                           cudaGetErrorString(launch_error)}));

  Plan plan;
  for (cudaGraphNode_t node : in_order(graph)) {
    cudaGraphNodeType type{};
    check_runtime(cudaGraphNodeGetType(node, &type), bilingual("reading the captured work", "读取捕获到的工作"));
    PlanStep step;
    if (type == cudaGraphNodeTypeKernel) {
      step.kind = PlanStep::Kind::kernel;
      step.kernel = read_kernel(node, windows);
    } else if (type == cudaGraphNodeTypeMemset) {
      cudaMemsetParams m{};
      check_runtime(cudaGraphMemsetNodeGetParams(node, &m), bilingual("reading a memset", "读取一次 memset"));
      step.kind = PlanStep::Kind::memset;
      step.memset.dst = must_find(windows, m.dst, bilingual("a memset's address", "memset 的地址"));
      step.memset.value = m.value;
      step.memset.element_size = m.elementSize;
      step.memset.width = m.width;
      step.memset.height = m.height;
      step.memset.pitch = m.pitch;
    } else if (type == cudaGraphNodeTypeMemcpy) {
      cudaMemcpy3DParms c{};
      check_runtime(cudaGraphMemcpyNodeGetParams(node, &c), bilingual("reading a copy", "读取一次复制"));
      if (c.srcArray || c.dstArray || c.extent.height > 1 || c.extent.depth > 1)
        refuse(bilingual("a copy that is not one contiguous range between the given buffers",
                         "一次复制不是给定缓冲区之间的一段连续范围"));
      step.kind = PlanStep::Kind::copy;
      step.copy.dst = must_find(windows, static_cast<char*>(c.dstPtr.ptr) + c.dstPos.x,
                                bilingual("a copy's destination", "复制的目标地址"));
      step.copy.src = must_find(windows, static_cast<char*>(c.srcPtr.ptr) + c.srcPos.x,
                                bilingual("a copy's source", "复制的源地址"));
      step.copy.bytes = c.extent.width;
    } else if (type == cudaGraphNodeTypeEmpty || type == cudaGraphNodeTypeWaitEvent ||
               type == cudaGraphNodeTypeEventRecord) {
      continue;  // order only: the plan is one stream, in an order that keeps it
    } else if (type == cudaGraphNodeTypeHost) {
      refuse(bilingual("your launcher adds a host callback to the stream", "你的启动函数向流中加入了主机回调"));
    } else {
      const int node_type = static_cast<int>(type);
      refuse(bilingual("your launcher adds work of a kind the course does not replay (graph node type " +
                           std::to_string(node_type) + ")",
                       "你的启动函数加入了课程不会重放的一类工作（图节点类型 " + std::to_string(node_type) + "）"));
    }
    plan.steps.push_back(std::move(step));
  }
  // Work the launcher started outside the capture (on a stream of its own) ran here for real, on
  // addresses that are not mapped: it fails, and the plan is not trusted.
  const cudaError_t after = cudaDeviceSynchronize();
  if (after != cudaSuccess)
    refuse(join_bilingual({bilingual("your launcher ran work outside the given stream, and it failed: ",
                                     "你的启动函数在给定的流之外运行了工作，而且失败了："),
                           cudaGetErrorString(after)}));
  return plan;
}

}  // namespace memlab::record
