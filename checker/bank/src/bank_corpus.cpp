#include "memlab/bank_corpus.h"

#include <istream>
#include <numeric>
#include <set>
#include <sstream>

#include "memlab/bank_batch.h"
#include "memlab/bank_patterns.h"
#include "memlab/bank_random.h"

namespace memlab::bank {
namespace {

constexpr int kWidths[] = {1, 2, 4, 8, 16};
// Corpus offsets stay below 48 KiB, the most shared memory a block gets on any CUDA GPU
// without opting in to more, so a probe kernel can hold every pattern in static memory.
constexpr std::uint32_t kCorpusBytes = 48u * 1024u;

// Collects patterns in order, dropping any whose batch line is already there.
class CorpusBuilder {
 public:
  void add(std::string name, const WarpAccess& access) {
    if (seen_.insert(format_batch_line(access)).second) patterns_.push_back({std::move(name), access});
  }
  std::vector<NamedAccess> take() { return std::move(patterns_); }

 private:
  std::set<std::string> seen_;
  std::vector<NamedAccess> patterns_;
};

// The name a `# <name>` comment line gives, or nothing for another kind of comment.
std::string comment_text(const std::string& line) {
  const auto start = line.find_first_not_of("# \t");
  return start == std::string::npos ? std::string() : line.substr(start);
}

std::string width_tag(int width) { return "w" + std::to_string(width); }

void add_strides(CorpusBuilder& corpus) {
  for (int width : kWidths)
    for (int stride = 0; stride <= 64; ++stride)
      corpus.add("stride-" + width_tag(width) + "-s" + std::to_string(stride), stride_access(width, stride));
  for (int width : kWidths)
    for (int stride : {0, 1, 2, 3, 4, 8, 16, 32, 33})
      corpus.add("stride-" + width_tag(width) + "-s" + std::to_string(stride) + "-st",
                 stride_access(width, stride, MemoryOp::store));
  // A start that is not a multiple of 128 bytes rotates the banks and must change nothing.
  for (int width : kWidths)
    for (std::uint32_t base : {std::uint32_t(width), 64u, 4096u + 16u})
      corpus.add("stride-" + width_tag(width) + "-s1-base" + std::to_string(base),
                 stride_access(width, 1, MemoryOp::load, base));  // each base is a multiple of 16
}

void add_random(CorpusBuilder& corpus, SplitMix64& rng) {
  for (int width : kWidths) {
    const auto slots = [&](std::uint32_t bytes) { return bytes / std::uint32_t(width); };
    for (int k = 0; k < 6; ++k)  // anywhere: conflicts are rare
      corpus.add("random-" + width_tag(width) + "-wide-" + std::to_string(k),
                 lanes_at(width, [&](int) { return rng.below(slots(kCorpusBytes)) * std::uint32_t(width); }));
    for (int k = 0; k < 6; ++k)  // inside 512 bytes: many shared words and conflicts
      corpus.add("random-" + width_tag(width) + "-512B-" + std::to_string(k),
                 lanes_at(
                     width, [&](int) { return rng.below(slots(512)) * std::uint32_t(width); },
                     k % 2 ? MemoryOp::store : MemoryOp::load));
  }
}

void add_permutations(CorpusBuilder& corpus, SplitMix64& rng) {
  for (int width : kWidths)
    for (int stride : {1, 2}) {
      for (int k = 0; k < 3; ++k) {
        std::array<int, kWarpSize> slot;
        std::iota(slot.begin(), slot.end(), 0);
        for (int i = kWarpSize - 1; i > 0; --i) std::swap(slot[i], slot[rng.below(std::uint32_t(i) + 1)]);
        corpus.add("permuted-" + width_tag(width) + "-s" + std::to_string(stride) + "-" + std::to_string(k),
                   lanes_at(width, [&](int lane) { return slot[lane] * stride * width; }));
      }
    }
}

void add_broadcasts(CorpusBuilder& corpus) {
  for (int width : kWidths) {
    const std::string w = width_tag(width);
    for (int address : {0, 4096 + 3 * 16}) {
      const WarpAccess everyone = lanes_at(width, [&](int) { return address; });
      corpus.add("broadcast-" + w + "-at" + std::to_string(address), everyone);
      corpus.add("broadcast-" + w + "-at" + std::to_string(address) + "-st", as_store(everyone));
    }
    for (int group : {2, 4, 8, 16}) {
      // Consecutive lanes share an element; the groups' elements are adjacent or 128 bytes apart.
      corpus.add("multicast-" + w + "-group" + std::to_string(group) + "-adjacent",
                 lanes_at(width, [&](int lane) { return lane / group * width; }));
      corpus.add("multicast-" + w + "-group" + std::to_string(group) + "-128B-apart",
                 lanes_at(width, [&](int lane) { return lane / group * 128; }));
      // Lanes group apart share an element (lane i -> element i % group).
      corpus.add("multicast-" + w + "-interleaved" + std::to_string(group),
                 lanes_at(width, [&](int lane) { return lane % group * width; }));
    }
  }
  // Narrow lanes touching different bytes of the same word.
  corpus.add("sameword-w1-4bytes", lanes_at(1, [](int lane) { return lane % 4; }));
  corpus.add("sameword-w2-2halves", lanes_at(2, [](int lane) { return lane % 2 * 2; }));
  corpus.add("sameword-w1-4bytes-128B-apart", lanes_at(1, [](int lane) { return lane % 4 + lane / 4 * 128; }));
  corpus.add("sameword-w2-2halves-128B-apart", lanes_at(2, [](int lane) { return lane % 2 * 2 + lane / 2 * 128; }));
}

// Patterns whose two phases of a pair share, overlap or neighbour words: the measurements
// that decided the pair rule of bank_model.h (its comment names which decided what).
void add_merge_probes(CorpusBuilder& corpus) {
  corpus.add("merge-w8-halves-same", lanes_at(8, [](int lane) { return lane % 16 * 8; }));
  corpus.add("merge-w8-halves-same-reversed", lanes_at(8, [](int lane) { return (lane < 16 ? lane : 31 - lane) * 8; }));
  corpus.add("merge-w8-halves-same-st", lanes_at(
                                            8, [](int lane) { return lane % 16 * 8; }, MemoryOp::store));
  corpus.add("merge-w8-halves-same-16way", lanes_at(8, [](int lane) { return lane % 16 * 128; }));
  corpus.add("merge-w8-halves-shifted", lanes_at(8, [](int lane) { return (lane % 16 + lane / 16) * 8; }));
  corpus.add("merge-w8-two-addresses", lanes_at(8, [](int lane) { return lane % 2 * 8; }));
  corpus.add("merge-w8-two-addresses-same-bank", lanes_at(8, [](int lane) { return lane % 2 * 128; }));
  corpus.add("merge-w8-halves-broadcast-differ", lanes_at(8, [](int lane) { return lane / 16 * 8; }));
  corpus.add("merge-w8-broadcast-but-one", lanes_at(8, [](int lane) { return lane == 31 ? 8 : 0; }));
  corpus.add("merge-w8-broadcast-lower-half", with_mask(lanes_at(8, [](int) { return 0; }), 0x0000ffffu));
  corpus.add("merge-w8-broadcast-two-lanes", with_mask(lanes_at(8, [](int) { return 0; }), 0x00010001u));
  corpus.add("merge-w16-quarters-same", lanes_at(16, [](int lane) { return lane % 8 * 16; }));
  corpus.add("merge-w16-quarters-same-st", lanes_at(
                                               16, [](int lane) { return lane % 8 * 16; }, MemoryOp::store));
  corpus.add("merge-w16-quarters-0-1-same", lanes_at(16, [](int lane) { return (lane < 16 ? lane % 8 : lane) * 16; }));
  corpus.add("merge-w16-quarters-1-2-same",
             lanes_at(16, [](int lane) { return (lane >= 8 && lane < 24 ? lane % 8 + 64 : lane) * 16; }));
  corpus.add("merge-w16-quarters-0-2-same", lanes_at(16, [](int lane) { return lane % 16 * 16; }));
  corpus.add("merge-w16-halves-broadcast-differ", lanes_at(16, [](int lane) { return lane / 16 * 16; }));
  corpus.add("merge-w16-quarters-broadcast-differ", lanes_at(16, [](int lane) { return lane / 8 * 16; }));
  corpus.add("merge-w16-two-addresses", lanes_at(16, [](int lane) { return lane % 2 * 16; }));
  corpus.add("merge-w16-broadcast-lower-half", with_mask(lanes_at(16, [](int) { return 0; }), 0x0000ffffu));
  corpus.add("merge-w16-broadcast-quarters-0-3", with_mask(lanes_at(16, [](int) { return 0; }), 0xff0000ffu));
  corpus.add("merge-w16-quarters-same-8way", lanes_at(16, [](int lane) { return lane % 8 * 128; }));
}

void add_inactive(CorpusBuilder& corpus, SplitMix64& rng) {
  for (int width : kWidths) {
    const std::string w = width_tag(width);
    corpus.add("inactive-all-" + w, with_mask(stride_access(width, 1), 0));
    for (int lane : {0, 17, 31})
      corpus.add("inactive-single-lane" + std::to_string(lane) + "-" + w,
                 with_mask(stride_access(width, 32), 1u << lane));
    for (int stride : {1, 2, 32}) {
      corpus.add("inactive-upper-half-" + w + "-s" + std::to_string(stride),
                 with_mask(stride_access(width, stride), 0x0000ffffu));
      corpus.add("inactive-lower-half-" + w + "-s" + std::to_string(stride),
                 with_mask(stride_access(width, stride), 0xffff0000u));
    }
    corpus.add("inactive-odd-lanes-" + w + "-s2", with_mask(stride_access(width, 2), 0x55555555u));
    for (int k = 0; k < 4; ++k) {
      const auto mask = static_cast<std::uint32_t>(rng.next());
      corpus.add("inactive-random-mask-" + w + "-s" + std::to_string(k + 1) + "-" + std::to_string(k),
                 with_mask(stride_access(width, k + 1), mask));
    }
  }
  corpus.add("inactive-all-w4-st", with_mask(stride_access(4, 1, MemoryOp::store), 0));
}

void add_tiles(CorpusBuilder& corpus) {
  struct TileCase {
    const char* type;
    int elem_bytes;
    int cols;
    std::initializer_list<int> pads;
  };
  const TileCase cases[] = {
      {"float", 4, 32, {0, 1, 2}}, {"half", 2, 64, {0, 1, 2}}, {"double", 8, 32, {0, 1}}, {"float4", 16, 8, {0, 1}}};
  for (const TileCase& c : cases) {
    for (int pad : c.pads) {
      const TileLayout tile{32, c.cols, pad, c.elem_bytes, TileSwizzle::none};
      const std::string name = std::string("tile-") + c.type + "-32x" + std::to_string(c.cols) + "-pitch" +
                               std::to_string(tile.pitch_elems());
      for (int col : {0, 1, 5})
        corpus.add(name + "-col" + std::to_string(col), tile_access(tile, TileRead::column, col));
      corpus.add(name + "-col0-st", tile_access(tile, TileRead::column, 0, MemoryOp::store));
      corpus.add(name + "-row3", tile_access(tile, TileRead::row, 3));
    }
    const TileLayout swizzled{32, c.cols, 0, c.elem_bytes, TileSwizzle::xor_row};
    const std::string name = std::string("tile-") + c.type + "-32x" + std::to_string(c.cols) + "-xor";
    for (int col : {0, 1, 7})
      corpus.add(name + "-col" + std::to_string(col), tile_access(swizzled, TileRead::column, col));
    corpus.add(name + "-col0-st", tile_access(swizzled, TileRead::column, 0, MemoryOp::store));
    for (int row : {0, 5}) corpus.add(name + "-row" + std::to_string(row), tile_access(swizzled, TileRead::row, row));
  }
}

}  // namespace

std::vector<NamedAccess> corpus_patterns() {
  CorpusBuilder corpus;
  SplitMix64 rng(20261130);
  add_strides(corpus);
  add_merge_probes(corpus);  // before the families that repeat some of them, to keep their names
  add_random(corpus, rng);
  add_permutations(corpus, rng);
  add_broadcasts(corpus);
  add_inactive(corpus, rng);
  add_tiles(corpus);
  return corpus.take();
}

std::string corpus_text() {
  std::string text =
      "# memlab bank-model corpus: warp shared-memory access patterns in the memlab-bank --batch format\n"
      "# (WIDTH OP and 32 lane byte offsets, - for an inactive lane). Generated by\n"
      "# `memlab-bank-corpus generate`; do not edit. Each pattern follows a `# <name>` line.\n";
  for (const NamedAccess& pattern : corpus_patterns())
    text += "# " + pattern.name + '\n' + format_batch_line(pattern.access) + '\n';
  return text;
}

MeasuredCheck check_measured(std::istream& in) {
  MeasuredCheck check;
  std::string text;
  std::string name = "unnamed";
  for (long line_number = 1; std::getline(in, text); ++line_number) {
    const std::string where = "line " + std::to_string(line_number);
    const auto arrow = text.find("=>");
    const BatchLine line = parse_batch_line(text.substr(0, arrow));
    if (line.kind == BatchLine::Kind::skip) {
      if (auto comment = comment_text(text); !comment.empty()) name = comment;
      continue;
    }
    if (line.kind == BatchLine::Kind::malformed) {
      check.problems.push_back(where + " (" + name + "): " + line.error);
      continue;
    }
    std::istringstream measured_text(arrow == std::string::npos ? std::string() : text.substr(arrow + 2));
    int measured = -1;
    std::string rest;
    if (!(measured_text >> measured) || measured < 0 || ((measured_text >> rest) && rest.front() != '#')) {
      check.problems.push_back(where + " (" + name + "): expected ` => N` (measured wavefronts) after the pattern");
      continue;
    }
    ++check.lines_checked;
    const int predicted = count_wavefronts(line.access);
    if (predicted != measured)
      check.problems.push_back(where + " (" + name + "): the model predicts " + std::to_string(predicted) +
                               ", the GPU measured " + std::to_string(measured) + " wavefronts");
  }
  return check;
}

}  // namespace memlab::bank
