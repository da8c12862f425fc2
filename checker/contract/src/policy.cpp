#include "policy.h"

#include <algorithm>
#include <cctype>
#include <regex>
#include <set>

#include "symbol_names.h"

namespace contract {

namespace {

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
    if (contains(demangled, file)) return "files";
  if (std::regex_search(demangled, threads)) return "threads";
  if (contains(demangled, "std::chrono::") && contains(demangled, "::now(")) return "time";
  if (contains(demangled, "std::ios_base::Init"))
    return "a static constructor: <iostream>'s std::ios_base::Init; print with printf";
  for (const char* handler :
       {"std::set_terminate", "std::set_unexpected", "std::set_new_handler", "std::locale::global"})
    if (contains(demangled, handler)) return "process-wide handlers";
  return "";
}

// ---- Refused, with the class the message names ---------------------------------------------

struct NameClass {
  std::vector<std::string> names;  // exact names
  std::vector<std::string> prefixes;
  std::string what;
};

const std::vector<NameClass>& refused_classes() {
  static const std::vector<NameClass> classes = {
      {{"exit",    "_exit",    "_Exit",       "quick_exit",   "kill",  "killpg", "raise",  "tgkill",
        "tkill",   "sigqueue", "fork",        "vfork",        "clone", "clone3", "system", "popen",
        "pclose",  "execl",    "execle",      "execlp",       "execv", "execve", "execvp", "execvpe",
        "fexecve", "execveat", "posix_spawn", "posix_spawnp", "daemon"},
       {},
       "ends the process"},
      {{"atexit", "at_quick_exit", "__cxa_atexit", "__cxa_thread_atexit", "__cxa_thread_atexit_impl", "on_exit",
        "__cxa_finalize"},
       {},
       "exit handler: code that runs when the process ends; a static object with a destructor registers one"},
      {{"setjmp", "_setjmp", "__sigsetjmp", "sigsetjmp", "longjmp", "_longjmp", "siglongjmp", "__longjmp_chk"},
       {},
       "non-local jump out of the checker"},
      {{"signal", "sigaction", "sigprocmask", "sigaltstack", "bsd_signal", "sysv_signal", "__sysv_signal", "ssignal",
        "sigemptyset", "sigfillset", "sigaddset"},
       {},
       "signals"},
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
       "files"},
      {{"socket", "connect", "bind", "listen", "accept", "send", "recv", "sendto", "recvfrom", "getaddrinfo",
        "gethostbyname"},
       {},
       "network"},
      {{"getenv", "secure_getenv", "__secure_getenv", "setenv", "putenv", "unsetenv", "clearenv", "environ",
        "__environ", "_environ", "__libc_secure_getenv"},
       {},
       "environment"},
      {{"dlopen", "dlsym", "dlvsym", "dlclose", "dlerror", "dladdr", "dladdr1", "dlinfo", "dlmopen", "dl_iterate_phdr",
        "_dl_find_object", "__libc_dlopen_mode", "__libc_dlsym", "_r_debug", "_DYNAMIC", "getauxval", "_dl_sym",
        "_dl_vsym"},
       {},
       "dynamic loader"},
      {{"thrd_create", "thrd_join", "thrd_sleep", "thrd_yield"},
       {"pthread_", "__pthread_", "omp_", "GOMP_"},
       "threads"},
      {{"clock_gettime", "clock_getres", "clock",         "gettimeofday",    "time",
        "times",         "ftime",        "nanosleep",     "clock_nanosleep", "usleep",
        "sleep",         "pause",        "sched_yield",   "alarm",           "setitimer",
        "getitimer",     "timer_create", "timer_settime", "timerfd_create",  "localtime",
        "localtime_r",   "gmtime",       "gmtime_r",      "mktime",          "__rdtsc"},
       {},
       "time"},
      {{"syscall", "__syscall"}, {}, "raw system call"},
      {{"setlocale", "uselocale", "mallopt", "setrlimit", "prlimit", "prctl", "ptrace"}, {}, "process-wide settings"},
      // CUDA: the checker owns timing, streams, synchronization and the device.
      {{"cudaStreamAddCallback", "cudaLaunchHostFunc"}, {}, "CUDA host callbacks"},
      {{}, {"cudaEvent"}, "CUDA events: the checker does the timing"},
      {{}, {"cudaStream"}, "CUDA streams: enqueue on the stream you are given"},
      {{"cudaDeviceSynchronize", "cudaThreadSynchronize"}, {}, "CUDA synchronization: the checker waits"},
      {{"cudaDeviceReset", "cudaSetDevice", "cudaSetDeviceFlags", "cudaChooseDevice", "cudaInitDevice",
        "cudaSetValidDevices", "cudaCtxResetPersistingL2Cache", "cudaThreadExit", "cudaDeviceFlushGPUDirectRDMAWrites"},
       {"cudaDeviceSet", "cudaThreadSet", "cudaDeviceEnablePeer", "cudaDeviceDisablePeer", "cudaDeviceRegister"},
       "CUDA device control"},
      {{}, {"cudaGraph", "cudaUserObject"}, "CUDA graphs"},
      {{"cudaMallocHost", "cudaHostAlloc", "cudaHostRegister", "cudaHostUnregister", "cudaFreeHost"},
       {"cudaMalloc", "cudaFree", "cudaMemPool"},
       "CUDA memory allocation"},
      {{},
       {"cudaMemcpy", "cudaMemset", "cudaMemPrefetch", "cudaMemAdvise", "cudaMemcpyTo", "cudaMemcpyFrom"},
       "CUDA memory copies"},
      {{"cudaProfilerStart", "cudaProfilerStop"}, {}, "profiler"},
      {{"cudaGetDriverEntryPoint", "cudaGetDriverEntryPointByVersion"}, {}, "driver API"},
      {{}, {"cudaIpc"}, "inter-process CUDA"},
      {{}, {"cupti"}, "CUPTI: profiler"},
      {{}, {"NVPW_"}, "profiler"},
      {{}, {"nvml"}, "NVML"},
      {{}, {"nvtx", "nvToolsExt"}, "NVTX"},
      {{},
       {"cublas", "cufft", "curand", "cusparse", "cusolver", "cudnn", "cutensor", "nccl", "npp", "nvjpeg"},
       "CUDA libraries: the lesson is your own code"},
      {{}, {"nvrtc", "nvJitLink", "__nvJitLink"}, "run-time compilation"},
      {{}, {"cuda"}, "a CUDA runtime function this lab does not allow"},
      {{}, {"cu"}, "driver API"},
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
    return "not provided to submissions: only lab.h, the C++ standard library, libm, console output and the lab's "
           "CUDA runtime functions are";
  }
  for (const NameClass& c : refused_classes()) {
    if (std::find(c.names.begin(), c.names.end(), name) != c.names.end()) return c.what;
    for (const std::string& p : c.prefixes)
      if (starts_with(name, p) && (p != "cu" || (name.size() > 2 && std::isupper(static_cast<unsigned char>(name[2])))))
        return c.what;
  }
  return "not provided to submissions: only lab.h, the C++ standard library, libm, console output and the lab's "
         "CUDA runtime functions are";
}

std::string reserved_scope(const std::string& scope, bool library_kernels) {
  static const std::regex lab_namespace("lab[0-9]+");
  if (scope == "memlab" || scope == "doctest" || scope == "CLI" || scope == "nlohmann" ||
      std::regex_match(scope, lab_namespace))
    return "checker internals";
  if (!library_kernels && (scope == "cub" || scope == "thrust"))
    return "library kernels: this lab's lesson is writing the kernel yourself";
  return "";
}

std::vector<HeaderRule> forbidden_headers(const LabContract& lab) {
  std::vector<HeaderRule> rules = {
      {"cupti*", "CUPTI: profiler"},
      {"nvperf*", "profiler"},
      {"cuda_profiler_api.h", "profiler"},
      {"cudaProfiler*", "profiler"},
      {"nvml.h", "NVML"},
      {"nvtx3/", "NVTX"},
      {"nvToolsExt*", "NVTX"},
      {"cuda.h", "driver API"},
      {"cudaTypedefs.h", "driver API"},
      {"cublas*", "CUDA libraries"},
      {"cufft*", "CUDA libraries"},
      {"cusparse*", "CUDA libraries"},
      {"cusolver*", "CUDA libraries"},
      {"cudnn*", "CUDA libraries"},
      {"nvrtc.h", "run-time compilation"},
      {"nvJitLink.h", "run-time compilation"},
      {"dlfcn.h", "dynamic loader"},
      {"link.h", "dynamic loader"},
      {"sys/syscall.h", "raw system calls"},
      {"syscall.h", "raw system calls"},
      {"asm/unistd*", "raw system calls"},
      {"bits/syscall.h", "raw system calls"},
      {"unistd.h", "POSIX system interface: files, processes, sleep"},
      {"fstream", "files"},
      {"filesystem", "files"},
      {"fcntl.h", "files"},
      {"sys/stat.h", "files"},
      {"sys/mman.h", "files: memory mapping"},
      {"dirent.h", "files"},
      {"thread", "threads"},
      {"future", "threads"},
      {"pthread.h", "threads"},
      {"threads.h", "threads"},
      {"omp.h", "threads"},
      {"spawn.h", "processes"},
      {"sys/wait.h", "processes"},
      {"signal.h", "signals"},
      {"csignal", "signals"},
      {"setjmp.h", "non-local jumps"},
      {"csetjmp", "non-local jumps"},
      {"chrono", "time"},
      {"ctime", "time"},
      {"sys/time.h", "time"},
      {"iostream", "its static std::ios_base::Init object is a static constructor; print with printf"}};
  if (!lab.library_kernels) {
    rules.push_back({"cub/", "library kernels: this lab's lesson is writing the kernel yourself"});
    rules.push_back({"thrust/", "library kernels: this lab's lesson is writing the kernel yourself"});
  }
  rules.insert(rules.end(), lab.forbidden_headers.begin(), lab.forbidden_headers.end());
  return rules;
}

bool header_matches(const std::string& relative, const std::string& pattern) {
  if (pattern.empty()) return false;
  if (pattern.back() == '/') return starts_with(relative, pattern);
  if (pattern.back() == '*') return starts_with(relative, pattern.substr(0, pattern.size() - 1));
  return relative == pattern;
}

}  // namespace contract
