// The words of the interactive bank-conflict page, one table per language, with the same keys
// in the same order. Keys under "page." are the page's own text, written by the C++ side (title,
// introduction, the explorer's aria-label, the no-JavaScript fallback); every other key is a
// label of the script, which the page embeds as JSON (#bank-explorer-labels) and the script
// takes all its visible text from. {name} in a text is filled in by the script; a key ending in
// ".one" / ".other" is a count, the script picks ".one" for 1 (Chinese has one form for both).
//
// Header only: the tables are constant data (memlab_figures_core's sources are listed in
// docs/site/CMakeLists.txt). A Chinese paragraph stays on one line: a line break between two
// Chinese characters shows as a space.
#pragma once

#include "languages.hpp"

#include <cstddef>
#include <iterator>
#include <stdexcept>
#include <string>
#include <string_view>

namespace memlab::site::figures {

struct ExplorerLabel {
  std::string_view key;
  std::string_view text;
};

inline constexpr std::string_view kExplorerPageKeyPrefix = "page.";

inline constexpr ExplorerLabel kExplorerLabelsEnglish[] = {
    {"page.title", "Bank conflicts, interactive"},
    {"page.intro", R"html(<h1>Bank conflicts, interactive</h1>
<p>Shared memory has 32 banks, each 4 bytes wide: the 32-bit word <code>w</code> lives in bank
<code>w % 32</code>. In one <em>wavefront</em> every bank delivers one word, to every lane that asked
for it, so a warp's access takes as many wavefronts as the busiest bank has distinct words.</p>
<p>Each column of the table below is a bank; row <em>k</em> holds the <em>k</em>-th distinct word that
bank must deliver, labelled with the lanes that asked for it. Green cells are the one wavefront
every access needs; red cells are the extra wavefronts of a conflict. Every table on this page was
computed by the course's bank model, the same code the checker grades with, and only drawn here.</p>
<p>Two layers: <strong>stride patterns</strong> (lane <code>i</code> reads the 4-byte word
<code>i * S</code>) and a <strong>32 x 32 transpose tile</strong> of floats, unpadded, padded by one
float per row, and XOR-swizzled. The address of the page keeps the view, so a link can open it.</p>
)html"},
    {"page.explorer", "Bank-conflict explorer"},
    {"page.fallback", "The explorer needs JavaScript; the bank tables on the course pages show the same model."},
    // The layer choice.
    {"layer.legend", "Layer"},
    {"layer.stride", "Stride patterns"},
    {"layer.tile", "Transpose tile"},
    // Stride patterns.
    {"stride.slider", "Stride S (4-byte words): {value}"},
    {"stride.summary",
     "Lane i reads word {stride}i: {verdict}. {crowding} The gcd rule agrees: gcd({stride}, {banks}) = "
     "{gcd}."},
    // Transpose tile.
    {"tile.legend", "Tile"},
    {"tile.plain", "no padding"},
    {"tile.padded", "padded by one float"},
    {"tile.swizzled", "XOR swizzle"},
    {"access.legend", "The warp"},
    {"access.col", "reads a column"},
    {"access.row", "writes a row"},
    {"index.slider", "Column or row: {value}"},
    {"tile.summary.col", "Lane i reads element (i, {index}): {verdict}. {crowding}"},
    {"tile.summary.row", "Lane i writes element ({index}, i): {verdict}. {crowding}"},
    {"caption.tile",
     "The tile: each element (row, column) shows the bank that holds it; the warp's elements are bold."},
    {"caption.banks", "The bank table of this warp access."},
    // Verdicts.
    {"wavefronts.one", "{n} wavefront"},
    {"wavefronts.other", "{n} wavefronts"},
    {"words.one", "{n} distinct word"},
    {"words.other", "{n} distinct words"},
    {"verdict.conflict", "{wavefronts}, a {ways}-way bank conflict"},
    {"verdict.free", "{wavefronts}, conflict-free"},
    {"crowding.busiest", "The busiest bank, bank {bank}, holds {words}."},
    {"crowding.none", "Every bank it touches delivers one word."},
    // The drawings.
    {"banks.title", "Bank table: {wavefronts}"},
    {"phase.lanes", "lanes {first}-{last}: {text}"},
    {"phase.merged", "served with the previous phase (0 wavefronts)"},
    {"axis.bank", "bank"},
    {"axis.word", "w{k}"},
    {"cell.title.one", "bank {bank}, word {word} (bytes {first}-{last}): lane {lanes}"},
    {"cell.title.other", "bank {bank}, word {word} (bytes {first}-{last}): lanes {lanes}"},
    {"tile.title", "Banks of the elements of {declaration}"},
    {"element.title", "element ({row}, {col}): bank {bank}"},
};

inline constexpr ExplorerLabel kExplorerLabelsChinese[] = {
    {"page.title", "bank 冲突：交互演示"},
    {"page.intro", R"html(<h1>bank 冲突：交互演示</h1>
<p>共享内存有 32 个 bank，每个 4 字节宽：32 位字 <code>w</code> 位于 bank <code>w % 32</code>。在一个 <em>wavefront</em> 中，每个 bank 交付一个字，交给请求这个字的每一个 lane；因此一个 warp 的访问需要多少个 wavefront，取决于最忙的那个 bank 要交付多少个不同的字。</p>
<p>下面表格的每一列是一个 bank；第 <em>k</em> 行是这个 bank 要交付的第 <em>k</em> 个不同的字，并标出请求它的 lane。绿色格子是每次访问都需要的那一个 wavefront，红色格子是冲突带来的额外 wavefront。本页的每张表都由课程的 bank 模型算出（检查程序评分用的也是这份代码），这里只负责把它们画出来。</p>
<p>两种视图：<strong>步长模式</strong>（lane <code>i</code> 读取第 <code>i * S</code> 个 4 字节字），以及一个 float 类型的 <strong>32 x 32 转置 tile</strong>，分为不填充、每行填充一个 float 和异或 swizzle 三种布局。页面地址会记住当前视图，因此可以用链接直接打开它。</p>
)html"},
    {"page.explorer", "bank 冲突交互图"},
    {"page.fallback", "交互图需要 JavaScript；课程页面上的 bank 表展示的是同一个模型。"},
    // The layer choice.
    {"layer.legend", "视图"},
    {"layer.stride", "步长模式"},
    {"layer.tile", "转置 tile"},
    // Stride patterns.
    {"stride.slider", "步长 S（以 4 字节字计）：{value}"},
    {"stride.summary",
     "lane i 读取字 {stride}i：{verdict}。{crowding}gcd 规则给出同样的结果：gcd({stride}, {banks}) = {gcd}。"},
    // Transpose tile.
    {"tile.legend", "tile"},
    {"tile.plain", "无填充"},
    {"tile.padded", "每行填充一个 float"},
    {"tile.swizzled", "异或 swizzle"},
    {"access.legend", "warp"},
    {"access.col", "读取一列"},
    {"access.row", "写入一行"},
    {"index.slider", "列号或行号：{value}"},
    {"tile.summary.col", "lane i 读取元素 (i, {index})：{verdict}。{crowding}"},
    {"tile.summary.row", "lane i 写入元素 ({index}, i)：{verdict}。{crowding}"},
    {"caption.tile", "tile：每个元素（行，列）上标着存放它的 bank；warp 访问的元素以粗体显示。"},
    {"caption.banks", "这次 warp 访问的 bank 表。"},
    // Verdicts.
    {"wavefronts.one", "{n} 个 wavefront"},
    {"wavefronts.other", "{n} 个 wavefront"},
    {"words.one", "{n} 个不同的字"},
    {"words.other", "{n} 个不同的字"},
    {"verdict.conflict", "{wavefronts}，{ways} 路 bank 冲突"},
    {"verdict.free", "{wavefronts}，无冲突"},
    {"crowding.busiest", "最忙的是 bank {bank}，它要交付 {words}。"},
    {"crowding.none", "它访问的每个 bank 都只交付一个字。"},
    // The drawings.
    {"banks.title", "bank 表：{wavefronts}"},
    {"phase.lanes", "lane {first}-{last}：{text}"},
    {"phase.merged", "与上一阶段一并完成（0 个 wavefront）"},
    {"axis.bank", "bank"},
    {"axis.word", "字{k}"},
    {"cell.title.one", "bank {bank}，字 {word}（字节 {first}-{last}）：lane {lanes}"},
    {"cell.title.other", "bank {bank}，字 {word}（字节 {first}-{last}）：lane {lanes}"},
    {"tile.title", "{declaration} 中各元素所在的 bank"},
    {"element.title", "元素 ({row}, {col})：bank {bank}"},
};

static_assert(std::size(kExplorerLabelsEnglish) == std::size(kExplorerLabelsChinese),
              "the bank explorer's label tables must have the same keys");

// One language's table, for range-for.
struct ExplorerLabels {
  const ExplorerLabel* first;
  std::size_t count;
  const ExplorerLabel* begin() const { return first; }
  const ExplorerLabel* end() const { return first + count; }
};

inline ExplorerLabels explorer_labels(Language language) {
  if (language == Language::zh) return {kExplorerLabelsChinese, std::size(kExplorerLabelsChinese)};
  return {kExplorerLabelsEnglish, std::size(kExplorerLabelsEnglish)};
}

// One label's text; std::logic_error for a key the table lacks.
inline std::string explorer_label(Language language, std::string_view key) {
  for (const auto& label : explorer_labels(language)) {
    if (label.key == key) return std::string(label.text);
  }
  throw std::logic_error("the bank explorer has no label \"" + std::string(key) + "\"");
}

inline bool is_page_label(std::string_view key) {
  return key.substr(0, kExplorerPageKeyPrefix.size()) == kExplorerPageKeyPrefix;
}

}  // namespace memlab::site::figures
