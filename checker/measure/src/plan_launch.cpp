#include "plan_launch.h"

#include <cuda.h>
#include <memlab/bilingual.h>
#include <memlab/driver_entry.h>

#include <cstring>
#include <fstream>
#include <iterator>
#include <map>
#include <stdexcept>

namespace memlab {
namespace {

struct DeviceCode {
  std::vector<std::string> paths;
  std::vector<std::string> images;  // kept alive: the driver may read them while loaded
  std::vector<CUlibrary> libraries;
  bool loaded = false;
  std::map<std::string, CUfunction> functions;
};

DeviceCode& code() {
  static DeviceCode c;
  return c;
}

std::string driver_error(CUresult r) {
  const char* s = nullptr;
  MEMLAB_DRIVER(cuGetErrorString)(r, &s);
  return s ? std::string(s) : bilingual("unknown error", "未知错误");
}

void load_now() {
  DeviceCode& c = code();
  if (c.loaded) return;
  if (c.paths.empty())
    throw std::runtime_error(bilingual("no device code of the student's was given to this check program",
                                       "没有把学生的设备代码交给这个检查程序"));
  if (cudaFree(nullptr) != cudaSuccess) throw std::runtime_error(bilingual("CUDA could not start", "CUDA 无法启动"));
  for (const auto& path : c.paths) {
    std::ifstream in(path, std::ios::binary);
    if (!in)
      throw std::runtime_error(
          bilingual("cannot read the student's device code " + path, "无法读取学生的设备代码 " + path));
    c.images.emplace_back(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  for (const auto& image : c.images) {
    CUlibrary lib = nullptr;
    const CUresult r = MEMLAB_DRIVER(cuLibraryLoadData)(&lib, image.data(), nullptr, nullptr, 0, nullptr, nullptr, 0);
    if (r != CUDA_SUCCESS)
      throw std::runtime_error(join_bilingual(
          {bilingual("the student's device code does not load on this GPU: ", "学生的设备代码无法在这块 GPU 上加载："),
           driver_error(r)}));
    c.libraries.push_back(lib);
  }
  c.loaded = true;
}

CUfunction function_named(const std::string& name) {
  load_now();
  DeviceCode& c = code();
  if (auto it = c.functions.find(name); it != c.functions.end()) return it->second;
  for (CUlibrary lib : c.libraries) {
    CUkernel kernel = nullptr;
    if (MEMLAB_DRIVER(cuLibraryGetKernel)(&kernel, lib, name.c_str()) != CUDA_SUCCESS) continue;
    CUfunction f = nullptr;
    const CUresult r = MEMLAB_DRIVER(cuKernelGetFunction)(&f, kernel);
    if (r != CUDA_SUCCESS)
      throw std::runtime_error(join_bilingual(
          {bilingual("kernel " + name + " does not load: ", "核函数 " + name + " 无法加载："), driver_error(r)}));
    c.functions[name] = f;
    return f;
  }
  throw std::runtime_error(bilingual("the plan names a kernel that is not in your compiled .cu file: " + name,
                                     "计划中的核函数不在你编译出的 .cu 文件里：" + name));
}

// The plan's parameter layout must be the loaded kernel's own.
void check_parameters(CUfunction f, const PlanKernel& k) {
  const std::string misfit =
      bilingual("the plan's parameters do not fit kernel " + k.name, "计划中的参数与核函数 " + k.name + " 的参数不符");
  std::size_t i = 0;
  for (;; ++i) {
    size_t offset = 0, size = 0;
    if (MEMLAB_DRIVER(cuFuncGetParamInfo)(f, i, &offset, &size) != CUDA_SUCCESS) break;
    if (i >= k.param_offsets.size() || k.param_offsets[i] != offset || k.param_sizes[i] != size)
      throw std::runtime_error(misfit);
  }
  if (i != k.param_offsets.size()) throw std::runtime_error(misfit);
}

// `what` was being done, in English and Chinese; the driver's message follows as it gives it.
void check(CUresult r, const std::string& what) {
  if (r != CUDA_SUCCESS) throw std::runtime_error(join_bilingual({what, bilingual(": ", "："), driver_error(r)}));
}

CUdeviceptr address(const PlanAddress& a, const std::vector<const void*>& pointers) {
  return static_cast<CUdeviceptr>(reinterpret_cast<std::uintptr_t>(pointers.at(static_cast<std::size_t>(a.arg))) +
                                  static_cast<std::uint64_t>(a.offset));
}

}  // namespace

void load_device_code(const std::vector<std::string>& fatbins) { code().paths = fatbins; }

void launch_plan(const Plan& plan, const std::vector<const void*>& pointers, cudaStream_t stream) {
  const CUstream s = reinterpret_cast<CUstream>(stream);
  for (const PlanStep& step : plan.steps) {
    if (step.kind == PlanStep::Kind::kernel) {
      const PlanKernel& k = step.kernel;
      const CUfunction f = function_named(k.name);
      check_parameters(f, k);
      if (k.max_dynamic_shared > 48 * 1024)
        check(
            MEMLAB_DRIVER(cuFuncSetAttribute)(f, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, k.max_dynamic_shared),
            bilingual("setting the dynamic shared memory of " + k.name, "设置 " + k.name + " 的动态共享内存"));
      if (k.carveout >= 0)
        check(MEMLAB_DRIVER(cuFuncSetAttribute)(f, CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT, k.carveout),
              bilingual("setting the shared-memory carveout of " + k.name, "设置 " + k.name + " 的共享内存划分比例"));
      std::vector<std::uint8_t> params = k.params;
      for (const auto& p : k.pointers) {
        const CUdeviceptr word = address(p.address, pointers);
        std::memcpy(params.data() + p.at, &word, 8);
      }
      std::vector<void*> args(k.param_offsets.size());
      for (std::size_t i = 0; i < args.size(); ++i) args[i] = params.data() + k.param_offsets[i];
      check(MEMLAB_DRIVER(cuLaunchKernel)(f, k.grid[0], k.grid[1], k.grid[2], k.block[0], k.block[1], k.block[2],
                                          k.shared_bytes, s, args.empty() ? nullptr : args.data(), nullptr),
            bilingual("launching your kernel " + k.name, "启动你的核函数 " + k.name));
    } else if (step.kind == PlanStep::Kind::memset) {
      const PlanMemset& m = step.memset;
      const CUdeviceptr dst = address(m.dst, pointers);
      const std::string a_memset = bilingual("a memset", "一次 memset");
      const std::size_t pitch = m.height > 1 ? m.pitch : m.width * m.element_size;
      if (m.element_size == 1)
        check(MEMLAB_DRIVER(cuMemsetD2D8Async)(dst, pitch, static_cast<unsigned char>(m.value), m.width, m.height, s),
              a_memset);
      else if (m.element_size == 2)
        check(MEMLAB_DRIVER(cuMemsetD2D16Async)(dst, pitch, static_cast<unsigned short>(m.value), m.width, m.height, s),
              a_memset);
      else
        check(MEMLAB_DRIVER(cuMemsetD2D32Async)(dst, pitch, m.value, m.width, m.height, s), a_memset);
    } else {
      check(MEMLAB_DRIVER(cuMemcpyAsync)(address(step.copy.dst, pointers), address(step.copy.src, pointers),
                                         step.copy.bytes, s),
            bilingual("a copy", "一次复制"));
    }
  }
}

std::vector<LaunchedKernel> describe_kernels(const Plan& plan) {
  std::vector<LaunchedKernel> out;
  for (const PlanStep& step : plan.steps) {
    if (step.kind != PlanStep::Kind::kernel) continue;
    const CUfunction f = function_named(step.kernel.name);
    LaunchedKernel k;
    k.name = step.kernel.name;
    MEMLAB_DRIVER(cuFuncGetAttribute)(&k.registers, CU_FUNC_ATTRIBUTE_NUM_REGS, f);
    MEMLAB_DRIVER(cuFuncGetAttribute)(&k.static_shared_bytes, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, f);
    MEMLAB_DRIVER(cuFuncGetAttribute)(&k.max_dynamic_shared_bytes, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, f);
    k.dynamic_shared_bytes = static_cast<int>(step.kernel.shared_bytes);
    k.threads_per_block = static_cast<int>(step.kernel.block[0] * step.kernel.block[1] * step.kernel.block[2]);
    out.push_back(k);
  }
  return out;
}

}  // namespace memlab
