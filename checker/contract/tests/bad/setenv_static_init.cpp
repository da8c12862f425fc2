// lab: 02-bank-model
// as: bank_model.cpp
// Changes the checker's environment before main runs, through a global's initializer.
// expect: bank_model.cpp references setenv (environment)
// expect: bank_model.cpp has a static constructor
// expect: calls setenv
// expect-zh: bank_model.cpp 有静态构造函数
// expect-zh: 调用 setenv
#include <cstdlib>

#include "lab.h"

static int configured = setenv("MEMLAB_SEED", "1", 1);

int predicted_wavefronts(const WarpAccess&) { return configured; }
