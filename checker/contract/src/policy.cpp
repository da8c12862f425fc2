#include "policy.h"

#include <algorithm>
#include <cctype>
#include <regex>
#include <set>

#include "memlab/bilingual.h"
#include "symbol_names.h"

namespace contract {

namespace {

using memlab::bilingual;

// ---- The classes a violation ends with, in English and Chinese (memlab/bilingual.h) ----------
// Those that more than one list names; the others are written where they are used.

const std::string kFiles = bilingual("files", "文件");
const std::string kThreads = bilingual("threads", "线程");
const std::string kTime = bilingual("time", "时间");
const std::string kSignals = bilingual("signals", "信号");
const std::string kDynamicLoader = bilingual("dynamic loader", "动态加载器");
const std::string kProfiler = bilingual("profiler", "性能分析器");
const std::string kCupti = bilingual("CUPTI: profiler", "CUPTI：性能分析器");
const std::string kNvml = bilingual("NVML", "NVML");
const std::string kNvtx = bilingual("NVTX", "NVTX");
const std::string kDriverApi = bilingual("driver API", "驱动 API");
const std::string kRunTimeCompilation = bilingual("run-time compilation", "运行时编译");
const std::string kLibraryKernels = bilingual("library kernels: this lab's lesson is writing the kernel yourself",
                                              "库的核函数：这个实验要学的正是自己写核函数");
const std::string kCheckerInternals = bilingual("checker internals", "检查程序的内部");
const std::string kIostreamInit = bilingual("a static constructor: <iostream>'s std::ios_base::Init; print with printf",
                                            "静态构造函数：<iostream> 的 std::ios_base::Init；请用 printf 输出");
const std::string kProcessWideHandlers = bilingual("process-wide handlers", "整个进程的处理函数");
const std::string kNotProvided = bilingual(
    "not provided to submissions: only lab.h, the C++ standard library, libm, console output and the lab's "
    "CUDA runtime functions are",
    "不提供给提交的文件：提交的文件只能使用 lab.h、C++ 标准库、libm、控制台输出和本实验的 CUDA 运行时函数");

bool starts_with(const std::string& s, const std::string& prefix) { return s.compare(0, prefix.size(), prefix) == 0; }
bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

// ---- Allowed everywhere ----------------------------------------------------------------------

const std::set<std::string>& allowed_c_names() {
  static const std::set<std::string> names = {
      // nvcc's registration and launch boilerplate (crt/host_runtime.h)
      "__cudaRegisterFatBinary", "__cudaRegisterFatBinaryEnd", "__cudaUnregisterFatBinary", "__cudaRegisterFunction",
      "__cudaRegisterVar", "__cudaRegisterManagedVar", "__cudaRegisterTexture", "__cudaRegisterSurface",
      "__cudaInitModule", "__cudaGetKernel", "__cudaLaunchKernel", "__cudaLaunchKernel_ptsz",
      "__cudaPushCallConfiguration", "__cudaPopCallConfiguration", "cudaLaunchKernel", "cudaLaunchKernel_ptsz",
      // the C++ runtime: unwinding, exceptions, static-local guards, RTTI
      "__gxx_personality_v0", "_Unwind_Resume", "__cxa_guard_acquire", "__cxa_guard_release", "__cxa_guard_abort",
      "__cxa_allocate_exception", "__cxa_free_exception", "__cxa_throw", "__cxa_begin_catch", "__cxa_end_catch",
      "__cxa_rethrow", "__cxa_get_exception_ptr", "__cxa_call_unexpected", "__cxa_call_terminate", "__cxa_bad_cast",
      "__cxa_bad_typeid", "__cxa_pure_virtual", "__cxa_deleted_virtual", "__cxa_throw_bad_array_new_length",
      "__dynamic_cast", "__dso_handle", "_GLOBAL_OFFSET_TABLE_", "__libc_single_threaded", "__stack_chk_fail",
      "__stack_chk_guard", "__errno_location",
      // a crash is reported, not rewarded
      "abort", "__assert_fail", "__assert_perror_fail", "__chk_fail",
      // memory and strings
      "memcpy", "memmove", "memset", "memcmp", "memchr", "strlen", "strnlen", "strcmp", "strncmp", "strchr", "strrchr",
      "strstr", "strcpy", "strncpy", "strcat", "strncat", "strspn", "strcspn", "strpbrk", "__memcpy_chk",
      "__memmove_chk", "__memset_chk", "__strcpy_chk", "__strncpy_chk", "__strcat_chk", "__strncat_chk", "__rawmemchr",
      "malloc", "calloc", "realloc", "free", "aligned_alloc", "posix_memalign", "qsort", "bsearch", "abs", "labs",
      "llabs", "div", "ldiv", "lldiv", "atoi", "atol", "atoll", "atof", "strtol", "strtoll", "strtoul", "strtoull",
      "strtof", "strtod", "strtold", "__isoc23_strtol", "__isoc23_strtoll", "__isoc23_strtoul", "__isoc23_strtoull",
      "__ctype_b_loc", "__ctype_tolower_loc", "__ctype_toupper_loc", "tolower", "toupper", "sscanf", "__isoc99_sscanf",
      "__isoc23_sscanf",
      // formatting into memory, and console output (stdout and stderr are the only FILEs a
      // submission can name: every way to open another one is refused)
      "sprintf", "snprintf", "vsprintf", "vsnprintf", "__sprintf_chk", "__snprintf_chk", "__vsprintf_chk",
      "__vsnprintf_chk", "printf", "vprintf", "puts", "putchar", "putc", "fputc", "fputs", "fprintf", "vfprintf",
      "fwrite", "fflush", "perror", "__printf_chk", "__fprintf_chk", "__vprintf_chk", "__vfprintf_chk", "stdout",
      "stderr", "__overflow"};
  return names;
}

// libm: every function of <math.h>, in double, float (f) and long double (l).
bool is_libm(const std::string& name) {
  static const std::set<std::string> base = {
      "acos",         "asin",     "atan",         "atan2",       "cos",        "sin",     "tan",      "cosh",
      "sinh",         "tanh",     "acosh",        "asinh",       "atanh",      "exp",     "exp2",     "exp10",
      "expm1",        "log",      "log10",        "log1p",       "log2",       "logb",    "ilogb",    "frexp",
      "ldexp",        "modf",     "scalbn",       "scalbln",     "pow",        "sqrt",    "cbrt",     "hypot",
      "erf",          "erfc",     "tgamma",       "lgamma",      "ceil",       "floor",   "trunc",    "round",
      "lround",       "llround",  "nearbyint",    "rint",        "lrint",      "llrint",  "fmod",     "remainder",
      "remquo",       "copysign", "nan",          "nextafter",   "nexttoward", "fdim",    "fmax",     "fmin",
      "fma",          "fabs",     "sincos",       "significand", "j0",         "j1",      "jn",       "y0",
      "y1",           "yn",       "__fpclassify", "__signbit",   "__isinf",    "__isnan", "__finite", "__iseqsig",
      "__issignaling"};
  if (base.count(name)) return true;
  const char last = name.empty() ? '\0' : name.back();
  return (last == 'f' || last == 'l') && base.count(name.substr(0, name.size() - 1));
}

// C++ names that belong to a forbidden facility although they live in std::.
std::string denied_std_class(const std::string& demangled) {
  static const std::regex threads(R"(\bstd::(thread|jthread|this_thread|__future_base|__basic_future|async)\b)");
  for (const char* file : {"basic_ofstream", "basic_ifstream", "basic_fstream", "basic_filebuf", "__basic_file",
                           "filesystem::", "std::random_device"})
    if (contains(demangled, file)) return kFiles;
  if (std::regex_search(demangled, threads)) return kThreads;
  if (contains(demangled, "std::chrono::") && contains(demangled, "::now(")) return kTime;
  if (contains(demangled, "std::ios_base::Init")) return kIostreamInit;
  for (const char* handler :
       {"std::set_terminate", "std::set_unexpected", "std::set_new_handler", "std::locale::global"})
    if (contains(demangled, handler)) return kProcessWideHandlers;
  return "";
}

// ---- Refused, with the class the message names ---------------------------------------------

struct NameClass {
  std::vector<std::string> names;  // exact names
  std::vector<std::string> prefixes;
  std::string what;  // in English and Chinese
};

const std::vector<NameClass>& refused_classes() {
  static const std::vector<NameClass> classes = {
      {{"exit",    "_exit",    "_Exit",       "quick_exit",   "kill",  "killpg", "raise",  "tgkill",
        "tkill",   "sigqueue", "fork",        "vfork",        "clone", "clone3", "system", "popen",
        "pclose",  "execl",    "execle",      "execlp",       "execv", "execve", "execvp", "execvpe",
        "fexecve", "execveat", "posix_spawn", "posix_spawnp", "daemon"},
       {},
       bilingual("ends the process", "结束进程")},
      {{"atexit", "at_quick_exit", "__cxa_atexit", "__cxa_thread_atexit", "__cxa_thread_atexit_impl", "on_exit",
        "__cxa_finalize"},
       {},
       bilingual("exit handler: code that runs when the process ends; a static object with a destructor registers one",
                 "退出处理函数：进程结束时运行的代码；带析构函数的静态对象会注册一个")},
      {{"setjmp", "_setjmp", "__sigsetjmp", "sigsetjmp", "longjmp", "_longjmp", "siglongjmp", "__longjmp_chk"},
       {},
       bilingual("non-local jump out of the checker", "跳出检查程序的非局部跳转")},
      {{"signal", "sigaction", "sigprocmask", "sigaltstack", "bsd_signal", "sysv_signal", "__sysv_signal", "ssignal",
        "sigemptyset", "sigfillset", "sigaddset"},
       {},
       kSignals},
      {{"fopen",    "fopen64",    "freopen",        "freopen64",      "fdopen",
        "fclose",   "fmemopen",   "open_memstream", "tmpfile",        "tmpfile64",
        "tmpnam",   "tempnam",    "mkstemp",        "mkstemp64",      "mkstemps",
        "mkdtemp",  "open",       "open64",         "openat",         "openat64",
        "__open_2", "__open64_2", "__openat_2",     "creat",          "creat64",
        "read",     "write",      "pread",          "pwrite",         "pread64",
        "pwrite64", "readv",      "writev",         "close",          "dup",
        "dup2",     "dup3",       "pipe",           "pipe2",          "unlink",
        "unlinkat", "rename",     "renameat",       "renameat2",      "remove",
        "mkdir",    "mkdirat",    "rmdir",          "truncate",       "ftruncate",
        "chdir",    "fchdir",     "chmod",          "fchmod",         "chown",
        "stat",     "stat64",     "fstat",          "fstat64",        "lstat",
        "lstat64",  "__xstat",    "__fxstat",       "__lxstat",       "statx",
        "access",   "faccessat",  "euidaccess",     "opendir",        "fdopendir",
        "readdir",  "readdir64",  "closedir",       "scandir",        "realpath",
        "readlink", "symlink",    "link",           "fsync",          "fdatasync",
        "sync",     "mmap",       "mmap64",         "munmap",         "mprotect",
        "madvise",  "ioctl",      "fcntl",          "fcntl64",        "sendfile",
        "fread",    "fgets",      "fgetc",          "getc",           "getchar",
        "gets",     "scanf",      "fscanf",         "__isoc99_scanf", "__isoc99_fscanf",
        "setvbuf",  "setbuf",     "fseek",          "fseeko",         "ftell",
        "ftello",   "rewind",     "fileno",         "getline",        "getdelim",
        "ungetc",   "__read_chk", "__fread_chk",    "__fgets_chk",    "memfd_create",
        "shm_open", "stdin"},
       {},
       kFiles},
      {{"socket", "connect", "bind", "listen", "accept", "send", "recv", "sendto", "recvfrom", "getaddrinfo",
        "gethostbyname"},
       {},
       bilingual("network", "网络")},
      {{"getenv", "secure_getenv", "__secure_getenv", "setenv", "putenv", "unsetenv", "clearenv", "environ",
        "__environ", "_environ", "__libc_secure_getenv"},
       {},
       bilingual("environment", "环境变量")},
      {{"dlopen", "dlsym", "dlvsym", "dlclose", "dlerror", "dladdr", "dladdr1", "dlinfo", "dlmopen", "dl_iterate_phdr",
        "_dl_find_object", "__libc_dlopen_mode", "__libc_dlsym", "_r_debug", "_DYNAMIC", "getauxval", "_dl_sym",
        "_dl_vsym"},
       {},
       kDynamicLoader},
      {{"thrd_create", "thrd_join", "thrd_sleep", "thrd_yield"}, {"pthread_", "__pthread_", "omp_", "GOMP_"}, kThreads},
      {{"clock_gettime", "clock_getres", "clock",         "gettimeofday",    "time",
        "times",         "ftime",        "nanosleep",     "clock_nanosleep", "usleep",
        "sleep",         "pause",        "sched_yield",   "alarm",           "setitimer",
        "getitimer",     "timer_create", "timer_settime", "timerfd_create",  "localtime",
        "localtime_r",   "gmtime",       "gmtime_r",      "mktime",          "__rdtsc"},
       {},
       kTime},
      {{"syscall", "__syscall"}, {}, bilingual("raw system call", "原始系统调用")},
      {{"setlocale", "uselocale", "mallopt", "setrlimit", "prlimit", "prctl", "ptrace"},
       {},
       bilingual("process-wide settings", "整个进程的设置")},
      // CUDA: the checker owns timing, streams, synchronization and the device.
      {{"cudaStreamAddCallback", "cudaLaunchHostFunc"}, {}, bilingual("CUDA host callbacks", "CUDA 主机回调")},
      {{}, {"cudaEvent"}, bilingual("CUDA events: the checker does the timing", "CUDA 事件：计时由检查程序来做")},
      {{},
       {"cudaStream"},
       bilingual("CUDA streams: enqueue on the stream you are given", "CUDA 流：把工作放到给你的流上")},
      {{"cudaDeviceSynchronize", "cudaThreadSynchronize"},
       {},
       bilingual("CUDA synchronization: the checker waits", "CUDA 同步：由检查程序来等待")},
      {{"cudaDeviceReset", "cudaSetDevice", "cudaSetDeviceFlags", "cudaChooseDevice", "cudaInitDevice",
        "cudaSetValidDevices", "cudaCtxResetPersistingL2Cache", "cudaThreadExit", "cudaDeviceFlushGPUDirectRDMAWrites"},
       {"cudaDeviceSet", "cudaThreadSet", "cudaDeviceEnablePeer", "cudaDeviceDisablePeer", "cudaDeviceRegister"},
       bilingual("CUDA device control", "CUDA 设备控制")},
      {{}, {"cudaGraph", "cudaUserObject"}, bilingual("CUDA graphs", "CUDA 图")},
      {{"cudaMallocHost", "cudaHostAlloc", "cudaHostRegister", "cudaHostUnregister", "cudaFreeHost"},
       {"cudaMalloc", "cudaFree", "cudaMemPool"},
       bilingual("CUDA memory allocation", "CUDA 内存分配")},
      {{},
       {"cudaMemcpy", "cudaMemset", "cudaMemPrefetch", "cudaMemAdvise", "cudaMemcpyTo", "cudaMemcpyFrom"},
       bilingual("CUDA memory copies", "CUDA 内存复制")},
      {{"cudaProfilerStart", "cudaProfilerStop"}, {}, kProfiler},
      {{"cudaGetDriverEntryPoint", "cudaGetDriverEntryPointByVersion"}, {}, kDriverApi},
      {{}, {"cudaIpc"}, bilingual("inter-process CUDA", "跨进程的 CUDA")},
      {{}, {"cupti"}, kCupti},
      {{}, {"NVPW_"}, kProfiler},
      {{}, {"nvml"}, kNvml},
      {{}, {"nvtx", "nvToolsExt"}, kNvtx},
      {{},
       {"cublas", "cufft", "curand", "cusparse", "cusolver", "cudnn", "cutensor", "nccl", "npp", "nvjpeg"},
       bilingual("CUDA libraries: the lesson is your own code", "CUDA 库：要学的是你自己的代码")},
      {{}, {"nvrtc", "nvJitLink", "__nvJitLink"}, kRunTimeCompilation},
      {{}, {"cuda"}, bilingual("a CUDA runtime function this lab does not allow", "本实验不允许的 CUDA 运行时函数")},
      {{}, {"cu"}, kDriverApi},
  };
  return classes;
}

bool is_global_operator_new_or_delete(const std::string& mangled) {
  for (const char* op : {"_Znw", "_Zna", "_Zdl", "_Zda"})
    if (starts_with(mangled, op)) return true;
  return false;
}

}  // namespace

bool common_reference_allowed(const std::string& name) {
  if (allowed_c_names().count(name) || is_libm(name)) return true;
  if (!is_cpp_name(name)) return false;
  if (is_global_operator_new_or_delete(name)) return true;
  // The type information of a fundamental type (_ZTIi: `throw 42;`) lives in the C++ runtime; it is
  // data, and throwing any type is reported as an exception, not rewarded.
  static const std::regex fundamental_typeinfo("_ZT[IS]P?K?[abcdefghijlmnostwxyz]");
  if (std::regex_match(name, fundamental_typeinfo)) return true;
  const std::string scope = outer_scope(name);
  if (scope != "std" && scope != "__gnu_cxx" && scope != "__cxxabiv1") return false;
  return denied_std_class(demangle(name)).empty();
}

bool common_cuda_api(const std::string& name) {
  static const std::set<std::string> names = {"cudaGetLastError",
                                              "cudaPeekAtLastError",
                                              "cudaGetErrorString",
                                              "cudaGetErrorName",
                                              "cudaGetDevice",
                                              "cudaGetDeviceCount",
                                              "cudaGetDeviceProperties",
                                              "cudaGetDeviceProperties_v2",
                                              "cudaDeviceGetAttribute",
                                              "cudaFuncSetAttribute",
                                              "cudaFuncGetAttributes",
                                              "cudaOccupancyMaxActiveBlocksPerMultiprocessor",
                                              "cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags"};
  return names.count(name) > 0;
}

std::string reference_class(const std::string& name, bool library_kernels) {
  if (is_cpp_name(name)) {
    const std::string demangled = demangle(name);
    const std::string denied = denied_std_class(demangled);
    if (!denied.empty()) return denied;
    const std::string reserved = reserved_scope(outer_scope(name), library_kernels);
    if (!reserved.empty()) return reserved;
    return kNotProvided;
  }
  for (const NameClass& c : refused_classes()) {
    if (std::find(c.names.begin(), c.names.end(), name) != c.names.end()) return c.what;
    for (const std::string& p : c.prefixes)
      if (starts_with(name, p) && (p != "cu" || (name.size() > 2 && std::isupper(static_cast<unsigned char>(name[2])))))
        return c.what;
  }
  return kNotProvided;
}

std::string reserved_scope(const std::string& scope, bool library_kernels) {
  static const std::regex lab_namespace("lab[0-9]+");
  if (scope == "memlab" || scope == "doctest" || scope == "CLI" || scope == "nlohmann" ||
      std::regex_match(scope, lab_namespace))
    return kCheckerInternals;
  if (!library_kernels && (scope == "cub" || scope == "thrust")) return kLibraryKernels;
  return "";
}

std::vector<HeaderRule> forbidden_headers(const LabContract& lab) {
  static const std::string cuda_libraries = bilingual("CUDA libraries", "CUDA 库");
  static const std::string system_calls = bilingual("raw system calls", "原始系统调用");
  static const std::string processes = bilingual("processes", "进程");
  static const std::string jumps = bilingual("non-local jumps", "非局部跳转");
  std::vector<HeaderRule> rules = {
      {"cupti*", kCupti},
      {"nvperf*", kProfiler},
      {"cuda_profiler_api.h", kProfiler},
      {"cudaProfiler*", kProfiler},
      {"nvml.h", kNvml},
      {"nvtx3/", kNvtx},
      {"nvToolsExt*", kNvtx},
      {"cuda.h", kDriverApi},
      {"cudaTypedefs.h", kDriverApi},
      {"cublas*", cuda_libraries},
      {"cufft*", cuda_libraries},
      {"cusparse*", cuda_libraries},
      {"cusolver*", cuda_libraries},
      {"cudnn*", cuda_libraries},
      {"nvrtc.h", kRunTimeCompilation},
      {"nvJitLink.h", kRunTimeCompilation},
      {"dlfcn.h", kDynamicLoader},
      {"link.h", kDynamicLoader},
      {"sys/syscall.h", system_calls},
      {"syscall.h", system_calls},
      {"asm/unistd*", system_calls},
      {"bits/syscall.h", system_calls},
      {"unistd.h", bilingual("POSIX system interface: files, processes, sleep", "POSIX 系统接口：文件、进程、休眠")},
      {"fstream", kFiles},
      {"filesystem", kFiles},
      {"fcntl.h", kFiles},
      {"sys/stat.h", kFiles},
      {"sys/mman.h", bilingual("files: memory mapping", "文件：内存映射")},
      {"dirent.h", kFiles},
      {"thread", kThreads},
      {"future", kThreads},
      {"pthread.h", kThreads},
      {"threads.h", kThreads},
      {"omp.h", kThreads},
      {"spawn.h", processes},
      {"sys/wait.h", processes},
      {"signal.h", kSignals},
      {"csignal", kSignals},
      {"setjmp.h", jumps},
      {"csetjmp", jumps},
      {"chrono", kTime},
      {"ctime", kTime},
      {"sys/time.h", kTime},
      {"iostream", bilingual("its static std::ios_base::Init object is a static constructor; print with printf",
                             "它的静态对象 std::ios_base::Init 是一个静态构造函数；请用 printf 输出")}};
  if (!lab.library_kernels) {
    rules.push_back({"cub/", kLibraryKernels});
    rules.push_back({"thrust/", kLibraryKernels});
  }
  rules.insert(rules.end(), lab.forbidden_headers.begin(), lab.forbidden_headers.end());
  return rules;
}

std::vector<std::string> every_class_text(const LabContract& lab) {
  std::vector<std::string> out = {kFiles,       kThreads,          kTime,          kIostreamInit, kProcessWideHandlers,
                                  kNotProvided, kCheckerInternals, kLibraryKernels};
  for (const NameClass& c : refused_classes()) out.push_back(c.what);
  for (const HeaderRule& rule : forbidden_headers(lab)) out.push_back(rule.reason);
  return out;
}

bool header_matches(const std::string& relative, const std::string& pattern) {
  if (pattern.empty()) return false;
  if (pattern.back() == '/') return starts_with(relative, pattern);
  if (pattern.back() == '*') return starts_with(relative, pattern.substr(0, pattern.size() - 1));
  return relative == pattern;
}

}  // namespace contract
