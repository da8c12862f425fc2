#pragma once
// The GitHub Classroom workflow of a student copy (.github/workflows/classroom.yml): one
// autograding step per lab that grades the lab's CPU checks, worth their points.
#include <string>
#include <string_view>
#include <vector>

#include "course_root.h"

namespace memlab::course {

// Where the template lives in the full course, and where the copy gets the workflow.
inline constexpr std::string_view kClassroomTemplate = "checker/tools/course/classroom/classroom.yml.in";
inline constexpr std::string_view kClassroomWorkflow = ".github/workflows/classroom.yml";

struct ClassroomLab {
  std::string number;  // "04"
  std::string title;   // "Padding a shared-memory tile"
  int cpu_points = 0;  // the sum of the points of the lab's cpu-suite checks
};

// The labs that have CPU checks, with their points; throws when a lab's CPU points are not a
// whole number (Classroom's max-score is one).
std::vector<ClassroomLab> classroom_labs(const std::vector<LabInfo>& labs);

// The command a lab's step runs, in the copy's root: "checker/tools/classroom-grade.sh 04".
std::string classroom_grade_command(const std::string& number);

// The workflow: the template with @GRADING_STEPS@, @REPORTER_ENV@ and @RUNNERS@ filled in.
// Throws when the template lacks one of them.
std::string classroom_workflow(std::string_view template_text, const std::vector<ClassroomLab>& labs);

}  // namespace memlab::course
