#include "memlab/report_words.h"

#include <sstream>
#include <vector>

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
    "your code printed (host code, run by the recorder; at most 4 KB):\n{text}",
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
    {" {checks} scored 0 of 0 on this GPU: this GPU cannot grade it by time, so its points moved to the counter "
     "check named in its output.",
     " {checks} scored 0 of 0 on this GPU: this GPU cannot grade them by time, so their points moved to the "
     "counter check named in their output."},
    "not graded: your code left processes running after the check program ended ({processes}). The judge ended "
    "them. A process that outlives its step could change what later steps read, so the checks of this step get no "
    "points. Start no process that outlives the function the checker called.",
    "containment: your code could write only in its own scratch folder, open no network connection, and trace or "
    "signal no other process; every process it started was ended with its step (Landlock ABI {abi}, seccomp)",
    "containment: WEAKER on this machine: {missing}. Every process your code started was still ended with its step, "
    "and the verdicts were still decided outside its process; to grade with the full containment, use Linux 6.12 or "
    "newer with Landlock enabled",
    "the kernel has no Landlock, so the code could change files of the grading",
    "Landlock ABI {abi} cannot close the network (ABI 4 can)",
    "Landlock ABI {abi} cannot stop signals to other processes (ABI 6 can)",
    "no seccomp filter, so the code could trace other processes and open sockets",
    "containment: not recorded (the results were written by an older judge)",
    "; ",
};

// Simplified Chinese, with the terms of docs/glossary.zh.md (bank, wavefront, 参考解答, ...). Chinese puts no
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
    "你的代码打印的内容（主机代码，由记录器运行；最多 4 KB）：\n{text}",
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
    "跳过的检查需要 CUDA GPU：在有 GPU 的机器上，用同样的两条命令就能为它们评分（docs/setup.zh.md）。",
    "跳过的检查需要 CUDA GPU：在有 GPU 的机器上，用同样的两条命令就能为它们评分（docs/setup.zh.md）。",

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
    {"有 {checks}在这块 GPU 上得 0 分（满分 0）：这块 GPU "
     "无法按时间为它评分，分数已转给它的输出中写明的计数器检查。",
     "有 {checks}在这块 GPU 上得 0 分（满分 0）：这块 GPU "
     "无法按时间为它们评分，分数已转给它们的输出中写明的计数器"
     "检查。"},
    "未评分：检查程序结束后，你的代码留下了仍在运行的进程（{processes}"
    "）。裁判程序已经结束了它们。比所在步骤活得更久的进程"
    "可能改动后面步骤要读的内容，所以这一步的检查都不得分。不要启动在检查程序调用的函数返回后还继续运行的进程。",
    "隔离：你的代码只能在它自己的临时文件夹中写文件，不能建立网络连接，也不能跟踪其他进程或向其发信号；它启动的每个进程"
    "都随"
    "所在步骤一起结束（Landlock ABI {abi}，seccomp）",
    "隔离：这台机器上的隔离较弱：{missing}"
    "。你的代码启动的每个进程仍随所在步骤一起结束，判定也仍在它的进程之外作出；要得到完整的"
    "隔离，请在启用了 Landlock 的 Linux 6.12 或更新版本上评分",
    "内核没有 Landlock，所以代码可以改动评分用的文件",
    "Landlock ABI {abi} 无法关闭网络（ABI 4 可以）",
    "Landlock ABI {abi} 无法阻止向其他进程发信号（ABI 6 可以）",
    "没有 seccomp 过滤器，所以代码可以跟踪其他进程、打开套接字",
    "隔离：未记录（结果由旧版裁判程序写出）",
    "；",
};

}  // namespace

const ReportWords& report_words(Language language) { return language == Language::zh ? kChinese : kEnglish; }

std::string left_behind_text(const std::string& processes, Language language) {
  return fill(report_words(language).left_behind, fmt::arg("processes", processes));
}

std::string containment_text(bool contained, int landlock_abi, bool seccomp, Language language) {
  const ReportWords& w = report_words(language);
  if (!contained) return w.containment_unknown;
  if (landlock_abi >= 6 && seccomp) return fill(w.containment_full, fmt::arg("abi", landlock_abi));
  std::vector<std::string> missing;
  if (landlock_abi <= 0) {
    missing.push_back(w.containment_no_landlock);
  } else {
    if (landlock_abi < 4) missing.push_back(fill(w.containment_no_network, fmt::arg("abi", landlock_abi)));
    missing.push_back(fill(w.containment_no_signals, fmt::arg("abi", landlock_abi)));
  }
  if (!seccomp) missing.push_back(w.containment_no_seccomp);
  std::string text;
  for (size_t i = 0; i < missing.size(); ++i) text += (i ? w.gap_separator : "") + missing[i];
  return fill(w.containment_weaker, fmt::arg("missing", text));
}

std::string count_text(double value) {
  std::ostringstream out;
  out << value;
  return out.str();
}

}  // namespace memlab
