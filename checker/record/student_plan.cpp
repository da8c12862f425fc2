#include "memlab/student_plan.h"

#include <stdexcept>

#include "memlab/bilingual.h"

namespace memlab {
namespace {

using nlohmann::json;

constexpr std::size_t kMaxSteps = 64;          // no launcher of the course launches more
constexpr std::size_t kMaxParamBytes = 32764;  // CUDA's limit on a kernel's parameters (12.1+)
constexpr std::size_t kMaxNameBytes = 4096;

// `what` in English and Chinese (memlab/bilingual.h): the check program reports it.
[[noreturn]] void malformed(const std::string& what) {
  throw std::runtime_error(join_bilingual({bilingual("malformed plan: ", "计划的格式不对："), what}));
}

template <class T>
T field(const json& j, const char* name) {
  if (!j.is_object() || !j.contains(name))
    malformed(bilingual(std::string("no field \"") + name + "\"", std::string("没有字段 \"") + name + "\""));
  try {
    return j.at(name).get<T>();
  } catch (const std::exception&) {
    malformed(bilingual(std::string("field \"") + name + "\" has the wrong type",
                        std::string("字段 \"") + name + "\" 的类型不对"));
  }
}

json address_to_json(const PlanAddress& a) { return json{{"arg", a.arg}, {"offset", a.offset}}; }

PlanAddress address_from_json(const json& j, int pointer_args) {
  PlanAddress a;
  a.arg = field<int>(j, "arg");
  a.offset = field<std::int64_t>(j, "offset");
  if (a.arg < 0 || a.arg >= pointer_args)
    malformed(bilingual("an address names pointer argument " + std::to_string(a.arg),
                        "一个地址指向第 " + std::to_string(a.arg) + " 个指针参数"));
  return a;
}

std::string to_hex(const std::vector<std::uint8_t>& bytes) {
  static const char* digits = "0123456789abcdef";
  std::string s;
  s.reserve(bytes.size() * 2);
  for (auto b : bytes) {
    s.push_back(digits[b >> 4]);
    s.push_back(digits[b & 15]);
  }
  return s;
}

std::vector<std::uint8_t> from_hex(const std::string& s) {
  if (s.size() % 2 || s.size() / 2 > kMaxParamBytes)
    malformed(bilingual("parameter bytes of a bad length", "参数字节的长度不对"));
  auto nibble = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    malformed(bilingual("parameter bytes that are not hexadecimal", "参数字节不是十六进制数"));
  };
  std::vector<std::uint8_t> out(s.size() / 2);
  for (std::size_t i = 0; i < out.size(); ++i)
    out[i] = static_cast<std::uint8_t>(nibble(s[2 * i]) * 16 + nibble(s[2 * i + 1]));
  return out;
}

json dims(const unsigned d[3]) { return json::array({d[0], d[1], d[2]}); }

void dims_from(const json& j, const char* name, unsigned out[3]) {
  const auto v = field<std::vector<std::int64_t>>(j, name);
  if (v.size() != 3)
    malformed(bilingual(std::string(name) + " is not three numbers", std::string(name) + " 不是三个数"));
  for (int i = 0; i < 3; ++i) {
    if (v[i] < 1 || v[i] > 0x7fffffff)
      malformed(bilingual(std::string(name) + " out of range", std::string(name) + " 超出范围"));
    out[i] = static_cast<unsigned>(v[i]);
  }
}

}  // namespace

json plan_to_json(const Plan& plan) {
  json steps = json::array();
  for (const auto& s : plan.steps) {
    if (s.kind == PlanStep::Kind::kernel) {
      const auto& k = s.kernel;
      json pointers = json::array();
      for (const auto& p : k.pointers) pointers.push_back(json{{"at", p.at}, {"address", address_to_json(p.address)}});
      steps.push_back(json{{"kernel", k.name},
                           {"grid", dims(k.grid)},
                           {"block", dims(k.block)},
                           {"shared_bytes", k.shared_bytes},
                           {"param_offsets", k.param_offsets},
                           {"param_sizes", k.param_sizes},
                           {"params", to_hex(k.params)},
                           {"pointers", pointers},
                           {"max_dynamic_shared", k.max_dynamic_shared},
                           {"carveout", k.carveout}});
    } else if (s.kind == PlanStep::Kind::memset) {
      const auto& m = s.memset;
      steps.push_back(json{{"memset", address_to_json(m.dst)},
                           {"value", m.value},
                           {"element_size", m.element_size},
                           {"width", m.width},
                           {"height", m.height},
                           {"pitch", m.pitch}});
    } else {
      steps.push_back(json{{"copy_to", address_to_json(s.copy.dst)},
                           {"copy_from", address_to_json(s.copy.src)},
                           {"bytes", s.copy.bytes}});
    }
  }
  return json{{"steps", steps}};
}

Plan plan_from_json(const json& j, int pointer_args) {
  Plan plan;
  const auto steps = field<std::vector<json>>(j, "steps");
  if (steps.size() > kMaxSteps)
    malformed(
        bilingual("more than " + std::to_string(kMaxSteps) + " steps", "多于 " + std::to_string(kMaxSteps) + " 步"));
  for (const auto& js : steps) {
    PlanStep s;
    if (js.is_object() && js.contains("kernel")) {
      s.kind = PlanStep::Kind::kernel;
      auto& k = s.kernel;
      k.name = field<std::string>(js, "kernel");
      if (k.name.empty() || k.name.size() > kMaxNameBytes)
        malformed(bilingual("a kernel name of a bad length", "核函数名字的长度不对"));
      dims_from(js, "grid", k.grid);
      dims_from(js, "block", k.block);
      k.shared_bytes = field<unsigned>(js, "shared_bytes");
      k.param_offsets = field<std::vector<std::uint32_t>>(js, "param_offsets");
      k.param_sizes = field<std::vector<std::uint32_t>>(js, "param_sizes");
      k.params = from_hex(field<std::string>(js, "params"));
      if (k.param_offsets.size() != k.param_sizes.size())
        malformed(bilingual("parameter offsets and sizes differ in number", "参数偏移和参数大小的个数不同"));
      for (std::size_t i = 0; i < k.param_offsets.size(); ++i)
        if (std::uint64_t{k.param_offsets[i]} + k.param_sizes[i] > k.params.size())
          malformed(bilingual("a parameter outside the parameter bytes", "有一个参数超出了参数字节的范围"));
      for (const auto& jp : field<std::vector<json>>(js, "pointers")) {
        PlanKernel::Pointer p;
        p.at = field<std::uint32_t>(jp, "at");
        if (std::uint64_t{p.at} + 8 > k.params.size() || p.at % 8)
          malformed(bilingual("a pointer word outside the parameters", "有一个指针字超出了参数的范围"));
        p.address = address_from_json(field<json>(jp, "address"), pointer_args);
        k.pointers.push_back(p);
      }
      k.max_dynamic_shared = field<int>(js, "max_dynamic_shared");
      k.carveout = field<int>(js, "carveout");
    } else if (js.is_object() && js.contains("memset")) {
      s.kind = PlanStep::Kind::memset;
      auto& m = s.memset;
      m.dst = address_from_json(field<json>(js, "memset"), pointer_args);
      m.value = field<std::uint32_t>(js, "value");
      m.element_size = field<unsigned>(js, "element_size");
      if (m.element_size != 1 && m.element_size != 2 && m.element_size != 4)
        malformed(bilingual("a memset element size", "memset 的元素大小不对"));
      m.width = field<std::uint64_t>(js, "width");
      m.height = field<std::uint64_t>(js, "height");
      m.pitch = field<std::uint64_t>(js, "pitch");
    } else if (js.is_object() && js.contains("copy_to")) {
      s.kind = PlanStep::Kind::copy;
      s.copy.dst = address_from_json(field<json>(js, "copy_to"), pointer_args);
      s.copy.src = address_from_json(field<json>(js, "copy_from"), pointer_args);
      s.copy.bytes = field<std::uint64_t>(js, "bytes");
    } else {
      malformed(bilingual("a step that is neither a kernel, a memset nor a copy",
                          "有一步既不是核函数，也不是 memset 或复制"));
    }
    plan.steps.push_back(std::move(s));
  }
  return plan;
}

std::string question_key(const std::string& function, const json& args) { return function + args.dump(); }

}  // namespace memlab
