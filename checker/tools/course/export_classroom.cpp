#include "export_classroom.h"

#include <cmath>
#include <stdexcept>

#include "memlab/suites.h"

namespace memlab::course {

namespace {

// A step may compile the grading tools and the checker library first (the first lab's does).
constexpr int kStepTimeoutMinutes = 30;

// YAML's single-quoted scalar: the text as it is, a quote written twice.
std::string yaml_quoted(const std::string& text) {
  std::string quoted = "'";
  for (char c : text) quoted += c == '\'' ? std::string("''") : std::string(1, c);
  return quoted + "'";
}

std::string step_id(const ClassroomLab& lab) { return "lab" + lab.number; }

std::string grading_step(const ClassroomLab& lab) {
  const std::string id = step_id(lab);
  return "    - name: " + yaml_quoted("Lab " + lab.number + ": " + lab.title + " (CPU checks)") + "\n" +
         "      id: " + id + "\n" + "      uses: classroom-resources/autograding-command-grader@v1\n" +
         "      with:\n" + "        test-name: " + yaml_quoted("lab" + lab.number + " CPU checks") + "\n" +
         "        setup-command: ''\n" + "        command: " + yaml_quoted(classroom_grade_command(lab.number)) + "\n" +
         "        timeout: " + std::to_string(kStepTimeoutMinutes) + "\n" +
         "        max-score: " + std::to_string(lab.cpu_points) + "\n";
}

// The reporter reads each step's result from <ID>_RESULTS, the id in capitals.
std::string reporter_env(const ClassroomLab& lab) {
  const std::string id = step_id(lab);
  std::string variable = "LAB" + lab.number + "_RESULTS";
  return "        " + variable + ": \"${{steps." + id + ".outputs.result}}\"\n";
}

void replace_once(std::string& text, const std::string& placeholder, const std::string& value) {
  const size_t at = text.find(placeholder);
  if (at == std::string::npos) {
    throw std::runtime_error(std::string(kClassroomTemplate) + " has no " + placeholder);
  }
  text.replace(at, placeholder.size(), value);
}

// The generated blocks end with a newline; the template's placeholder line has its own.
std::string without_last_newline(std::string text) {
  if (!text.empty() && text.back() == '\n') text.pop_back();
  return text;
}

}  // namespace

std::vector<ClassroomLab> classroom_labs(const std::vector<LabInfo>& labs) {
  std::vector<ClassroomLab> result;
  for (const auto& lab : labs) {
    const auto cpu_checks = lab.manifest.suite(std::string(kCpuSuite));
    if (cpu_checks.empty()) continue;
    double points = 0;
    for (const CheckSpec* check : cpu_checks) points += check->points;
    if (std::abs(points - std::round(points)) > 1e-9) {
      throw std::runtime_error("lab " + lab.number + "'s CPU checks are worth " + std::to_string(points) +
                               " points; GitHub Classroom's max-score takes whole points only");
    }
    result.push_back({lab.number, lab.manifest.title, static_cast<int>(std::lround(points))});
  }
  return result;
}

std::string classroom_grade_command(const std::string& number) { return "checker/tools/classroom-grade.sh " + number; }

std::string classroom_workflow(std::string_view template_text, const std::vector<ClassroomLab>& labs) {
  std::string steps, env, runners;
  for (const auto& lab : labs) {
    steps += grading_step(lab);
    env += reporter_env(lab);
    runners += (runners.empty() ? "" : ",") + step_id(lab);
  }
  std::string workflow(template_text);
  replace_once(workflow, "@GRADING_STEPS@", without_last_newline(steps));
  replace_once(workflow, "@REPORTER_ENV@", without_last_newline(env));
  replace_once(workflow, "@RUNNERS@", runners);
  return workflow;
}

}  // namespace memlab::course
