#include "memlab/bank_batch.h"

#include <charconv>
#include <istream>
#include <ostream>
#include <vector>

namespace memlab::bank {
namespace {

constexpr std::size_t kFieldsPerLine = 2 + kWarpSize;

std::vector<std::string_view> split_fields(std::string_view line) {
  std::vector<std::string_view> fields;
  std::size_t pos = 0;
  while (pos < line.size()) {
    while (pos < line.size() && (line[pos] == ' ' || line[pos] == '\t' || line[pos] == '\r')) ++pos;
    const std::size_t start = pos;
    while (pos < line.size() && line[pos] != ' ' && line[pos] != '\t' && line[pos] != '\r') ++pos;
    if (pos > start) fields.push_back(line.substr(start, pos - start));
  }
  return fields;
}

// Digits only: no sign, no hex, nothing after the number.
std::optional<std::uint64_t> parse_decimal(std::string_view text) {
  std::uint64_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

BatchLine malformed(std::string why) {
  BatchLine line;
  line.kind = BatchLine::Kind::malformed;
  line.error = std::move(why);
  return line;
}

}  // namespace

BatchLine parse_batch_line(std::string_view text) {
  const auto fields = split_fields(text);
  if (fields.empty() || fields.front().front() == '#') return BatchLine{};
  if (fields.size() != kFieldsPerLine)
    return malformed("expected " + std::to_string(kFieldsPerLine) + " fields (WIDTH OP and 32 lane offsets), found " +
                     std::to_string(fields.size()));

  BatchLine line;
  line.kind = BatchLine::Kind::access;
  WarpAccess& access = line.access;
  const auto width = parse_decimal(fields[0]);
  if (!width || !is_supported_width(static_cast<int>(*width)))
    return malformed("width '" + std::string(fields[0]) + "' is not one of 1, 2, 4, 8, 16");
  access.width_bytes = static_cast<int>(*width);
  if (fields[1] == "ld") {
    access.op = MemoryOp::load;
  } else if (fields[1] == "st") {
    access.op = MemoryOp::store;
  } else {
    return malformed("operation '" + std::string(fields[1]) + "' is neither ld nor st");
  }

  access.active_mask = 0;
  for (int lane = 0; lane < kWarpSize; ++lane) {
    const std::string_view field = fields[2 + lane];
    if (field == "-") continue;
    const auto offset = parse_decimal(field);
    if (!offset)
      return malformed("lane " + std::to_string(lane) + ": '" + std::string(field) +
                       "' is neither a byte offset nor -");
    if (auto problem = find_offset_problem(lane, *offset, access.width_bytes)) return malformed(*problem);
    access.byte_address[lane] = static_cast<std::uint32_t>(*offset);
    access.active_mask |= 1u << lane;
  }
  return line;
}

std::string format_batch_line(const WarpAccess& access) {
  std::string text = std::to_string(access.width_bytes) + ' ' + op_name(access.op);
  for (int lane = 0; lane < kWarpSize; ++lane)
    text += access.is_active(lane) ? ' ' + std::to_string(access.byte_address[lane]) : std::string(" -");
  return text;
}

std::string format_batch_answer(const AccessResult& result) {
  return std::to_string(result.wavefronts) + ' ' + std::to_string(result.ways);
}

int run_batch(std::istream& in, std::ostream& out, std::ostream& err, std::string_view program) {
  int status = 0;
  std::string text;
  for (long line_number = 1; std::getline(in, text); ++line_number) {
    const BatchLine line = parse_batch_line(text);
    if (!text.empty() && text.back() == '\r') text.pop_back();
    if (line.kind == BatchLine::Kind::skip) {
      out << text << '\n';  // blank and comment lines pass through: output line N answers input line N
      continue;
    }
    if (line.kind == BatchLine::Kind::malformed) {
      // A comment in the answer's place keeps the lines aligned and the output a valid batch file.
      out << "# error: " << line.error << '\n';
      err << program << ": line " << line_number << ": " << line.error << '\n';
      status = 1;
      continue;
    }
    out << format_batch_answer(analyze(line.access)) << '\n';
  }
  return status;
}

}  // namespace memlab::bank
