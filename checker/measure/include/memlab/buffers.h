#pragma once
// Device arrays with guard zones. Every allocation is surrounded by canary bytes that the
// checker verifies after each launch (a write past either end is reported with its offset),
// and outputs are poisoned before each launch (an element the kernel forgot to write shows
// up as a mismatch instead of passing on stale data).
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "memlab/guard_report.h"  // describe_guard_hit: the message of check_guards

namespace memlab {

class GuardedAllocation {
 public:
  static constexpr std::size_t kGuardBytes = 64 * 1024;  // keeps the payload 256-byte aligned
  static constexpr unsigned char kCanary = 0xA5;
  static constexpr unsigned char kPoison = 0xFF;  // all-ones: NaN as float and half

  GuardedAllocation(std::size_t payload_bytes, std::string name);
  ~GuardedAllocation();
  GuardedAllocation(GuardedAllocation&&) noexcept;
  GuardedAllocation& operator=(GuardedAllocation&&) = delete;
  GuardedAllocation(const GuardedAllocation&) = delete;
  GuardedAllocation& operator=(const GuardedAllocation&) = delete;

  void* payload() const { return base_ + kGuardBytes; }
  std::size_t payload_bytes() const { return bytes_; }
  const std::string& name() const { return name_; }

  void poison();
  void upload(const void* host, std::size_t bytes);
  void download(void* host, std::size_t bytes) const;
  // Throws OutOfBoundsWrite naming the first changed byte before or after the payload.
  void check_guards(std::size_t element_bytes) const;

 private:
  unsigned char* base_ = nullptr;
  std::size_t bytes_ = 0;
  std::string name_;
};

struct OutOfBoundsWrite : std::exception {
  std::string message;
  explicit OutOfBoundsWrite(std::string m) : message(std::move(m)) {}
  const char* what() const noexcept override { return message.c_str(); }
};

template <class T>
class DeviceArray {
 public:
  DeviceArray(std::size_t n, std::string name) : n_(n), mem_(n * sizeof(T), std::move(name)) {}
  T* data() const { return static_cast<T*>(mem_.payload()); }
  std::size_t size() const { return n_; }
  std::size_t bytes() const { return n_ * sizeof(T); }
  void poison() { mem_.poison(); }
  void upload(const std::vector<T>& host) { mem_.upload(host.data(), host.size() * sizeof(T)); }
  std::vector<T> download() const {
    std::vector<T> host(n_);
    mem_.download(host.data(), bytes());
    return host;
  }
  void check_guards() const { mem_.check_guards(sizeof(T)); }

 private:
  std::size_t n_;
  GuardedAllocation mem_;
};

}  // namespace memlab
