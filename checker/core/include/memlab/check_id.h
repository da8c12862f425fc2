#pragma once
// The name of one of a lab's checks, as the checker API takes it.
//
// A lab's checker never writes a check's name as a string: it names the constant that the build
// generates from lab.json (<build>/labs/<lab>/generated/lab_checks.h, by memlab-lab-header):
//
//   memlab::expect_true(lab::check::every_stride_exact, ok, detail);
//
// The constructor is explicit and there is no conversion from a string, so a misspelt or removed
// check is a compile error instead of a failure at run time.
namespace memlab {

struct CheckId {
  const char* name;  // the check's id in lab.json

  constexpr explicit CheckId(const char* id) : name(id) {}
};

}  // namespace memlab
