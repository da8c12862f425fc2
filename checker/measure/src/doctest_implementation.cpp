// doctest's implementation, compiled once into every check program. It has a file of its own so
// that it compiles beside harness.cpp instead of inside it: together they were the longest
// compile on the way to a student's first verdict.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>
