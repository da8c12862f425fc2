#include "memlab/report_words.h"

#include <sstream>

namespace memlab {
namespace {

// The English table is the reports as they have always read, word for word: tests and readers
// match these lines.
const ReportWords kEnglish = {
    {"PASS", "FAIL", "INCONCLUSIVE", "SKIP"},
    "measured {value}",
    "required {value}",
    "what it checks: {text}",
    "hint: {text}",

    "Lab {lab} ({title}): graded {graded}",
    "the REFERENCE SOLUTION {files} in {dir} (not your files)",
    "your files {files} in {dir}",
    "a known-wrong submission, {files} in {dir}",
    "the submission {files} in {dir}",
    "thresholds: {text}",
    "grading tree: {text}",
    "{suite}:",
    {"{points}/{max} point", "{points}/{max} points"},
    " (skipped: same reason as above)",
    " (not graded: see submission_contract)",
    "next: {text}",
    "lab {lab}: {passed} passed, {failed} failed, {inconclusive} inconclusive, {skipped} skipped; score {score} / "
    "{max}",
    "report: {report}, {gradescope}",

    "your files were not graded: fix what submission_contract says above (the compiler's first errors, or the "
    "contract's violations), then run ctest again.",
    "start with {id}: it failed, and speed or counters mean little while the result is wrong. Read its hint above, "
    "change your files, run ctest again.",
    "{id} failed: read its line and hint above, change your files, run ctest again.",
    "{id} could not decide: read its line and hint above, change your files, run ctest again.",
    "every check that ran passed.",
    "the skipped checks need a CUDA GPU: on a machine with one, the same two commands grade them (docs/setup.md).",
    " The skipped checks need a CUDA GPU: on a machine with one, the same two commands grade them (docs/setup.md).",

    "your files compile in a folder of their own and define, include and reference only what the lab allows",
    "Hand in each file the lab names exactly once (any folder layout, or a .zip or .tar.gz of them).",
    "Read the first compiler error above; fix it and run ctest again.",
    "Remove the calls and definitions named above: only what lab.h declares may have external linkage, and only the "
    "CUDA calls the lab needs may be used.",

    {"pass", "fail", "inconclusive", "skip"},
    "Skipped: {reason}",
    "no reason given",
    "measured: {value}",
    "required: {value}",
    "{verdict}: {detail}",
    "its points moved to {check} on this GPU",
    "score: 0, shown as failed: this machine was too noisy to decide; a regrade on an idle GPU decides it",
    "{lab}: not graded yet in this build",
    "Lab {lab}: graded {graded}: {score} / {max}",
    " (the checks that ran here are worth {gradable} of the {max})",
    {"{n} point", "{n} points"},
    {"{n} check", "{n} checks"},
    "How the score counts: a passed check scores its points; a failed check scores 0. A skipped check scores 0 of its "
    "points and Gradescope shows it as failed, with \"Skipped:\" and the reason at the top of its output; only a "
    "grading on a machine that can run it gives it its points. ",
    {"Here {checks} ({points}) was skipped: {reason}. ", "Here {checks} ({points}) were skipped: {reason}. "},
    "Here no check was skipped. ",
    "An inconclusive check (the machine was too noisy to decide, even when measured again) scores 0 and shows as "
    "failed; a regrade on an idle GPU decides it. ",
    {"Here {checks} ({points}) was inconclusive.", "Here {checks} ({points}) were inconclusive."},
    "Here no check was inconclusive.",
    {" {checks} timed on this GPU scored 0 of 0: this GPU cannot grade it by time, so the points moved to the counter "
     "check named in its output.",
     " {checks} timed on this GPU scored 0 of 0: this GPU cannot grade them by time, so the points moved to the "
     "counter check named in their output."},
};

// Simplified Chinese, with the course's terms (docs: 存储体, 波前, 参考解答, ...). Chinese puts no
// space between sentences, and its own punctuation (，：；（）) around the English identifiers.
const ReportWords kChinese = {
    {"通过", "未通过", "无法判定", "跳过"},
    "实测 {value}",
    "要求 {value}",
    "检查内容：{text}",
    "提示：{text}",

    "实验 {lab}（{title}）：评分对象为{graded}",
    "参考解答（{dir} 中的 {files}，不是你的文件）",
    "你的文件（{dir} 中的 {files}）",
    "一份已知错误的提交（{dir} 中的 {files}）",
    "提交的文件（{dir} 中的 {files}）",
    "阈值：{text}",
    "评分代码树：{text}",
    "检查组 {suite}：",
    {"{points}/{max} 分", "{points}/{max} 分"},
    "（跳过：原因同上）",
    "（未评分：见 submission_contract）",
    "下一步：{text}",
    "实验 {lab}：通过 {passed} 项，未通过 {failed} 项，无法判定 {inconclusive} 项，跳过 {skipped} 项；得分 {score} / "
    "{max}",
    "报告：{report}，{gradescope}",

    "你的文件没有参与评分：先按上面 submission_contract 所说的改正（编译器报出的前几条错误，或违反提交约定之处），"
    "再运行 ctest。",
    "先改 {id}：它未通过，而结果不对时，速度和计数器都说明不了什么。读上面它的提示，修改你的文件，再运行 ctest。",
    "{id} 未通过：读上面它的那一行和提示，修改你的文件，再运行 ctest。",
    "{id} 无法判定：读上面它的那一行和提示，修改你的文件，再运行 ctest。",
    "运行了的检查全部通过。",
    "跳过的检查需要 CUDA GPU：在有 GPU 的机器上，用同样的两条命令就能为它们评分（docs/setup.md）。",
    "跳过的检查需要 CUDA GPU：在有 GPU 的机器上，用同样的两条命令就能为它们评分（docs/setup.md）。",

    "你的文件能在单独的文件夹中编译，并且只定义、包含和引用本实验允许的内容",
    "本实验列出的每个文件都要提交，且只提交一次（文件夹结构不限，也可以打包成 .zip 或 .tar.gz）。",
    "读上面编译器报出的第一条错误，改正后再运行 ctest。",
    "删掉上面列出的调用和定义：只有 lab.h 声明的内容可以有外部链接，也只能使用本实验需要的 CUDA 调用。",

    {"通过", "未通过", "无法判定", "跳过"},
    "已跳过：{reason}",
    "未给出原因",
    "实测：{value}",
    "要求：{value}",
    "{verdict}：{detail}",
    "在这块 GPU 上，它的分数转给了 {check}",
    "得分：0，显示为未通过：这台机器噪声太大，无法判定；在空闲的 GPU 上重新评分即可判定",
    "{lab}：本次构建中尚未评分",
    "实验 {lab}：评分对象为{graded}：{score} / {max}",
    "（在这里运行的检查共 {gradable} 分，满分 {max}）",
    {"{n} 分", "{n} 分"},
    {"{n} 项检查", "{n} 项检查"},
    "计分规则：通过的检查得到它的全部分数；未通过的检查得 0 分。跳过的检查得 0 分，Gradescope 把它显示为未通过，"
    "并在输出开头写上“已跳过：”和原因；只有在能运行它的机器上重新评分，它才能得分。",
    {"这次有 {checks}（{points}）被跳过：{reason}。", "这次有 {checks}（{points}）被跳过：{reason}。"},
    "这次没有检查被跳过。",
    "无法判定的检查（机器噪声太大，重测后仍无法判定）得 0 分，显示为未通过；在空闲的 GPU 上重新评分即可判定。",
    {"这次有 {checks}（{points}）无法判定。", "这次有 {checks}（{points}）无法判定。"},
    "这次没有无法判定的检查。",
    {"有 {checks}在这块 GPU 上计时，得 0 分（满分 0）：这块 GPU "
     "无法按时间为它评分，分数已转给它的输出中写明的计数器检查。",
     "有 {checks}在这块 GPU 上计时，得 0 分（满分 0）：这块 GPU "
     "无法按时间为它们评分，分数已转给它们的输出中写明的计数器"
     "检查。"},
};

}  // namespace

const ReportWords& report_words(Language language) { return language == Language::zh ? kChinese : kEnglish; }

std::string count_text(double value) {
  std::ostringstream out;
  out << value;
  return out.str();
}

}  // namespace memlab
