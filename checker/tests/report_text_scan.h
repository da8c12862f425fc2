#pragma once
// The texts the checker's C++ sources put into a report, found by reading the sources
// (course.chinese_texts, test_chinese_texts.cpp). It reads C++ as tokens, not as a compiler does:
// what follows is a heuristic, made to find English on the report's paths without false alarms
// on code names or on text that goes elsewhere, and documented with what it cannot see.
//
// A text reaches a report when it is, or flows into, one of the report's entrances:
//   - an argument of a function that records a check's text: skip_check, fail_check, fail_spec,
//     report_fatal, expect_true (its detail), expect_value (measured text, doubt),
//     expect_counter_against_work (what, work, launch name), read_counters and run_checked (the
//     launch's name, which failure messages quote), fail_suite;
//   - a field that the records, the judge's rows and the report parts carry: detail,
//     measured_text, required_text, skip_reason, reason, doubt, invalid, ending, environment,
//     outside;
//   - an element added (push_back, emplace_back, insert) to a variable declared as a list of
//     report texts: the submission contract's Violations, which its result.json hands to the
//     judge's build status;
//   - an exception that code run by a check program throws (the harness reports the last one as
//     the reason a check was not evaluated), or that the submission contract throws (its
//     result.json's error, which the report quotes), except std::logic_error and its kin: a
//     course bug;
//   - the Chinese half of memlab::bilingual(en, zh), wherever it is.
// From an entrance the walk follows the values by name through a group of sources (the checker's,
// and one lab's; or the submission contract's): a local's initialiser and assignments (=, +=, push_back, <<), the
// return values of a called function (those of the caller's folder when it has some; the namespace's, when the call
// names one; a method's only when declared to return text), the arguments given for a parameter at every call of its
// function, and a member's assignments: for `work.name`, with `work` declared a TimedWork, those to TimedWork objects
// (or to objects whose type cannot be read), and when the type cannot be read, those in the folder of the file that
// reads the member; a parameter of the same name that a function of that folder puts into a braced initialiser (a
// setter, as PatternList::add(name, ...) fills Pattern::name) counts as an assignment. Only
// values declared as text are followed (std::string, string_view, char, auto); an argument whose
// parameter is only ever the English half of memlab::bilingual() in its function is skipped.
// Every string literal so reached must hold no English sentence (english_sentence.h), unless it
// is the English half of memlab::bilingual(), or it is not text: a literal compared or searched
// for, printed to the console (std::cout, std::cerr, printf), a doctest message, a command-line
// option's help, a course bug's exception.
//
// It cannot see (people read these): text built by the preprocessor (#define); a member filled in
// a constructor's initialiser list, or positionally (Pattern{name, access}) other than through a
// setter of the same name (the submission contract's tables of classes are such: its own test,
// contract.unit, holds each to both languages); English that a program concatenates from pieces
// none of which is a sentence ("X" + " failed"); English that another program makes and hands
// over in a file (the compiler's errors, CUPTI's, NVML's and the CUDA runtime's own error
// strings, the operating system's; the submission contract's violations are no such text: its
// sources are walked, from the list it writes); and text made at run time from numbers or from
// the student's own output. Following by name, it may also follow a name further than the
// program does; a literal so reached that holds English is reported all the same
// (MEMLAB_SCAN_TRACE=path:line prints the way the walk reached a line's literals).
#include <set>
#include <string>
#include <vector>

namespace memlab::test {

struct TextFinding {
  std::string path;  // relative to the course's root
  int line = 0;
  std::string text;      // the literal, as the program has it
  std::string phrase;    // its English sentence
  bool chinese = false;  // found in a Chinese half (else: a text that reaches the report in English only)
};

struct SourceText {
  std::string path;     // relative, as findings name it
  std::string content;  // the file's text
  // Whether the exceptions it throws reach a report: code that runs in a check program's test
  // cases. Tools' errors end the tool on the console.
  bool throws_reach_report = true;
};

struct ScanResult {
  std::vector<TextFinding> findings;  // sorted by path and line, one per literal
  std::set<std::string> checked;      // "path:line: text" of every literal the walk read
};

// One group of sources read together (names are followed within a group).
ScanResult scan_report_texts(const std::vector<SourceText>& group);

}  // namespace memlab::test
