#include "memlab/measurement_record.h"

#include <cmath>
#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <stdexcept>

namespace memlab {

using nlohmann::json;

namespace {

const char* outcome_name(Outcome o) {
  switch (o) {
    case Outcome::value: return "value";
    case Outcome::flag: return "flag";
    case Outcome::failed: return "failed";
    case Outcome::skipped: return "skipped";
  }
  return "?";
}

Outcome outcome_from(const std::string& s) {
  if (s == "value") return Outcome::value;
  if (s == "flag") return Outcome::flag;
  if (s == "failed") return Outcome::failed;
  if (s == "skipped") return Outcome::skipped;
  throw std::runtime_error(fmt::format(R"(unknown outcome "{}")", s));
}

double finite(const json& j, const char* key) {
  const double v = j.at(key).get<double>();
  if (!std::isfinite(v)) throw std::runtime_error(fmt::format("{} is not a finite number", key));
  return v;
}

}  // namespace

std::string to_line(const MeasurementRecord& r) {
  json j;
  switch (r.kind) {
    case MeasurementRecord::Kind::start:
      j = {{"record", "start"},
           {"suite", r.suite},
           {"seed", r.seed},
           {"environment", r.environment},
           {"skip_reason", r.skip_reason}};
      break;
    case MeasurementRecord::Kind::check:
      j = {{"record", "check"},
           {"id", r.id},
           {"outcome", outcome_name(r.outcome)},
           {"measured_text", r.measured_text},
           {"doubt", r.doubt},
           {"detail", r.detail}};
      if (r.outcome == Outcome::value || r.outcome == Outcome::flag) {
        // A NaN cannot travel as JSON; an unmeasurable value is a failed measurement.
        const bool ok =
            std::isfinite(r.estimate.value) && std::isfinite(r.estimate.low) && std::isfinite(r.estimate.high);
        if (!ok) {
          j["outcome"] = "failed";
          j["detail"] = fmt::format("the measurement was not a finite number ({})", r.measured_text);
        } else {
          j["value"] = r.estimate.value;
          j["low"] = r.estimate.low;
          j["high"] = r.estimate.high;
        }
      }
      if (r.gap) j["gap"] = {{"starter_ms", r.gap->starter_ms}, {"target_ms", r.gap->target_ms}};
      break;
    case MeasurementRecord::Kind::fatal: j = {{"record", "fatal"}, {"reason", r.reason}}; break;
    case MeasurementRecord::Kind::end: j = {{"record", "end"}}; break;
  }
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

MeasurementRecord record_from_line(const std::string& line) {
  json j;
  try {
    j = json::parse(line);
  } catch (const json::parse_error&) {
    throw std::runtime_error("not JSON");
  }
  MeasurementRecord r;
  try {
    const std::string kind = j.at("record").get<std::string>();
    if (kind == "start") {
      r.kind = MeasurementRecord::Kind::start;
      r.suite = j.at("suite").get<std::string>();
      r.seed = j.at("seed").get<std::string>();
      r.environment = j.at("environment").get<std::string>();
      r.skip_reason = j.at("skip_reason").get<std::string>();
    } else if (kind == "check") {
      r.kind = MeasurementRecord::Kind::check;
      r.id = j.at("id").get<std::string>();
      r.outcome = outcome_from(j.at("outcome").get<std::string>());
      r.measured_text = j.at("measured_text").get<std::string>();
      r.doubt = j.at("doubt").get<std::string>();
      r.detail = j.at("detail").get<std::string>();
      if (r.outcome == Outcome::value || r.outcome == Outcome::flag)
        r.estimate = {finite(j, "value"), finite(j, "low"), finite(j, "high")};
      if (j.contains("gap")) {
        const json& g = j.at("gap");
        GapMeasurement m{finite(g, "starter_ms"), finite(g, "target_ms")};
        if (!(m.starter_ms > 0 && m.target_ms > 0)) throw std::runtime_error("gap times must be positive");
        r.gap = m;
      }
    } else if (kind == "fatal") {
      r.kind = MeasurementRecord::Kind::fatal;
      r.reason = j.at("reason").get<std::string>();
    } else if (kind == "end") {
      r.kind = MeasurementRecord::Kind::end;
    } else {
      throw std::runtime_error(fmt::format(R"(unknown record "{}")", kind));
    }
  } catch (const json::exception& e) {
    throw std::runtime_error(std::string("missing or mistyped field: ") + e.what());
  }
  return r;
}

}  // namespace memlab
