// lab: 02-bank-model
// as: bank_model.cpp
// The libc wrapper for raw system calls.
// expect: bank_model.cpp includes sys/syscall.h (raw system calls)
// expect: bank_model.cpp includes unistd.h (POSIX system interface
// expect: bank_model.cpp references syscall (raw system call)
#include <sys/syscall.h>
#include <unistd.h>

#include "lab.h"

int predicted_wavefronts(const WarpAccess&) { return static_cast<int>(syscall(SYS_getpid)); }
