// A shard's statistics as JSON (nlohmann-json), read back exactly, and the
// merge of parts into one run.
#include "engine/distributed/shard_stats.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <ostream>

#include "engine/input/puzzle.h"

namespace sudoku {
namespace {

using nlohmann::json;

constexpr std::string_view kFormatName = "sudoku-bench shard stats";
constexpr int kFormatVersion = 1;

// Sparse: only the buckets that hold a value, as [bucket, count] pairs.
json HistogramJson(const LogHistogram& h) {
  json buckets = json::array();
  const auto& counts = h.bucket_counts();
  for (int b = 0; b < LogHistogram::kBuckets; ++b) {
    if (counts[b] != 0) buckets.push_back({b, counts[b]});
  }
  return {{"count", h.count()},
          {"sum", h.sum()},
          {"min", h.min()},
          {"max", h.max()},
          {"buckets", buckets}};
}

LogHistogram HistogramFrom(const json& j) {
  std::array<uint64_t, LogHistogram::kBuckets> counts{};
  for (const json& pair : j.at("buckets")) {
    const int bucket = pair.at(0).get<int>();
    if (bucket < 0 || bucket >= LogHistogram::kBuckets) {
      throw ShardStatsError("histogram bucket " + std::to_string(bucket) +
                            " out of range");
    }
    counts[bucket] = pair.at(1).get<uint64_t>();
  }
  return LogHistogram::Restore(counts, j.at("count"), j.at("sum"), j.at("min"),
                               j.at("max"));
}

json StatsJson(const StrategyStats& s) {
  json slowest = json::array();
  for (const SlowPuzzle& p : s.slowest.Sorted()) {
    slowest.push_back({{"nanos", p.nanos},
                       {"nodes", p.nodes},
                       {"line", p.line},
                       {"puzzle", FormatGrid(p.puzzle)},
                       {"over_budget", p.over_budget}});
  }
  json stats = {{"verdicts", s.verdicts},
                {"disagreements", s.disagreements},
                {"expected_differs", s.expected_differs},
                {"no_guess", s.no_guess},
                {"nodes_total", s.nodes_total},
                {"nodes_max", s.nodes_max},
                {"nanos", HistogramJson(s.nanos)},
                {"nodes", HistogramJson(s.nodes)},
                {"slowest", slowest}};
  // Only when some claim went unchecked, so files of runs of built-in
  // strategies stay as they were.
  if (s.unchecked > 0) stats["unchecked"] = s.unchecked;
  // Likewise only when the file's references were caught out.
  if (s.reference_wrong > 0) stats["reference_wrong"] = s.reference_wrong;
  if (s.several_claimed_one > 0) {
    stats["several_claimed_one"] = s.several_claimed_one;
  }
  // Only when some solve was caught off the CPU; older files have none.
  if (s.off_cpu_nanos > 0) stats["off_cpu_nanos"] = s.off_cpu_nanos;
  return stats;
}

StrategyStats StatsFrom(const json& j, size_t keep_slowest) {
  StrategyStats s(keep_slowest);
  const auto verdicts = j.at("verdicts").get<std::vector<uint64_t>>();
  if (verdicts.size() != kVerdicts) {
    throw ShardStatsError("expected " + std::to_string(kVerdicts) +
                          " verdict counts");
  }
  std::copy(verdicts.begin(), verdicts.end(), s.verdicts);
  s.disagreements = j.at("disagreements");
  s.expected_differs = j.at("expected_differs");
  s.unchecked = j.value("unchecked", uint64_t{0});
  s.reference_wrong = j.value("reference_wrong", uint64_t{0});
  s.several_claimed_one = j.value("several_claimed_one", uint64_t{0});
  s.no_guess = j.at("no_guess");
  // Saturated as a pass saturates them (AddNodes), whatever the file says.
  s.nodes_total = AddNodes(0, j.at("nodes_total"));
  s.nodes_max = std::min(j.at("nodes_max").get<uint64_t>(), kMostNodes);
  s.nanos = HistogramFrom(j.at("nanos"));
  s.nodes = HistogramFrom(j.at("nodes"));
  // More than the solve time would leave less than none: MakeRows caps it.
  s.off_cpu_nanos = j.value("off_cpu_nanos", uint64_t{0});
  for (const json& p : j.at("slowest")) {
    SlowPuzzle puzzle{p.at("nanos"), p.at("nodes"), p.at("line"), {},
                      p.value("over_budget", false)};
    if (ParseGrid(p.at("puzzle").get<std::string>(), puzzle.puzzle)) {
      throw ShardStatsError("a slowest puzzle is no grid");
    }
    s.slowest.Offer(puzzle);
  }
  return s;
}

json FormatJson(const DatasetFormat& f) {
  return {{"name", FormatName(f)},
          {"kind", static_cast<int>(f.kind)},
          {"puzzle_column", f.puzzle_column},
          {"solution_column", f.solution_column},
          {"columns_needed", f.columns_needed}};
}

DatasetFormat FormatFrom(const json& j) {
  DatasetFormat f;
  f.kind = static_cast<DatasetFormat::Kind>(j.at("kind").get<int>());
  f.puzzle_column = j.at("puzzle_column");
  f.solution_column = j.at("solution_column");
  f.columns_needed = j.at("columns_needed");
  return f;
}

json DatasetJson(const DatasetResult& r) {
  json stats = json::array();
  for (const StrategyStats& s : r.stats) stats.push_back(StatsJson(s));
  json dataset = {{"path", r.path},
                  {"sha256", r.sha256},
                  {"raw_bytes", r.raw_bytes},
                  {"compression", r.input.compression},
                  {"format", FormatJson(r.format)},
                  {"first_line", r.first_line},
                  {"last_line", r.last_line},
                  {"split", r.split_by_blocks ? "blocks" : "ranges"},
                  {"puzzle_lines", r.puzzle_lines},
                  {"malformed", r.malformed},
                  {"invalid", r.invalid},
                  {"wrong_answers", r.wrong_answers},
                  {"disagreements", r.disagreements},
                  {"read_error", r.read_error},
                  {"wall_s", r.wall_s},
                  {"cpu_s", r.cpu_s},
                  {"strategies", stats}};
  // Only an interrupted pass says so: whole runs' files stay as they were.
  if (r.interrupted_by != 0) dataset["interrupted_by"] = r.interrupted_by;
  return dataset;
}

DatasetResult DatasetFrom(const json& j, size_t keep_slowest) {
  DatasetResult r;
  r.path = j.at("path");
  r.sha256 = j.at("sha256");
  r.raw_bytes = j.at("raw_bytes");
  r.input.compression = j.at("compression");
  r.input.raw_size = r.raw_bytes;
  r.format = FormatFrom(j.at("format"));
  r.first_line = j.at("first_line");
  r.last_line = j.at("last_line");
  // Files written before the block rule existed were all split by ranges.
  r.split_by_blocks = j.value("split", "ranges") == "blocks";
  r.puzzle_lines = j.at("puzzle_lines");
  r.malformed = j.at("malformed");
  r.invalid = j.at("invalid");
  r.wrong_answers = j.at("wrong_answers");
  r.disagreements = j.at("disagreements");
  r.read_error = j.at("read_error");
  r.wall_s = j.at("wall_s");
  r.cpu_s = j.at("cpu_s");
  r.interrupted_by = j.value("interrupted_by", 0);
  for (const json& s : j.at("strategies")) {
    r.stats.push_back(StatsFrom(s, keep_slowest));
  }
  return r;
}

json ManifestJson(const Manifest& m) {
  return {{"version", m.version},   {"git_revision", m.git_revision},
          {"compiler", m.compiler}, {"build_flags", m.build_flags},
          {"cpu", m.cpu},           {"date", m.date},
          {"ranks", m.ranks},       {"hosts", m.hosts}};
}

Manifest ManifestFrom(const json& j) {
  Manifest m;
  m.version = j.at("version");
  m.git_revision = j.at("git_revision");
  m.compiler = j.at("compiler");
  m.build_flags = j.at("build_flags");
  m.cpu = j.at("cpu");
  m.date = j.at("date");
  // Files written before the manifest named its processes: one, host unknown.
  m.ranks = j.value("ranks", 1u);
  m.hosts = j.value("hosts", std::string());
  return m;
}

json SettingsJson(const ShardSettings& s) {
  json strategies = json::array();
  for (const ShardStrategy& st : s.strategies) {
    strategies.push_back(
        {{"name", st.name}, {"origin", st.origin}, {"sha256", st.sha256}});
  }
  return {{"strategies", strategies},
          {"limit", s.limit},
          {"max_nodes", s.max_nodes},
          {"slowest", s.slowest},
          {"threads", s.threads}};
}

ShardSettings SettingsFrom(const json& j) {
  ShardSettings s;
  for (const json& st : j.at("strategies")) {
    s.strategies.push_back({st.at("name"), st.at("origin"), st.at("sha256")});
  }
  s.limit = j.at("limit");
  s.max_nodes = j.at("max_nodes");
  s.slowest = j.at("slowest");
  s.threads = j.at("threads");
  return s;
}

}  // namespace

ShardSettings SettingsOf(const RunOptions& options) {
  ShardSettings s;
  for (const Strategy* st : options.strategies) {
    s.strategies.push_back(
        {std::string(st->name),
         std::string(st->origin.empty() ? kBuiltInOrigin : st->origin),
         std::string(st->origin_sha256)});
  }
  s.limit = options.solution_limit;
  s.max_nodes = options.max_nodes;
  s.slowest = options.slowest;
  s.threads = options.threads;
  return s;
}

std::string ShardStatsJson(const ShardPart& part) {
  json datasets = json::array();
  for (const DatasetResult& r : part.datasets) {
    datasets.push_back(DatasetJson(r));
  }
  const json j = {
      {"format", kFormatName},
      {"version", kFormatVersion},
      {"shard", {{"index", part.shard.index}, {"count", part.shard.count}}},
      {"manifest", ManifestJson(part.manifest)},
      {"settings", SettingsJson(part.settings)},
      {"datasets", datasets}};
  return j.dump(1) + "\n";
}

// nlohmann converts a floating-point number to an integer field with a bare
// cast, undefined when it does not fit (found by tests/fuzz/shard_stats):
// only the two timings may hold one.
namespace {
void RejectFloatsInIntegerFields(const json& j, std::string_view key) {
  if (j.is_number_float() && key != "wall_s" && key != "cpu_s") {
    throw ShardStatsError("'" + std::string(key) + "' is not an integer");
  }
  if (j.is_object()) {
    for (const auto& [name, value] : j.items()) {
      RejectFloatsInIntegerFields(value, name);
    }
  } else if (j.is_array()) {
    for (const json& value : j) RejectFloatsInIntegerFields(value, key);
  }
}
}  // namespace

ShardPart ParseShardStats(const std::string& text, const std::string& where) {
  try {
    const json j = json::parse(text);
    RejectFloatsInIntegerFields(j, "");
    if (j.at("format") != kFormatName || j.at("version") != kFormatVersion) {
      throw ShardStatsError("not a version " + std::to_string(kFormatVersion) +
                            " shard stats file");
    }
    ShardPart part;
    part.shard = {j.at("shard").at("index"), j.at("shard").at("count")};
    if (part.shard.index < 1 || part.shard.index > part.shard.count) {
      throw ShardStatsError("shard " + part.shard.Name() + " is no part");
    }
    part.manifest = ManifestFrom(j.at("manifest"));
    part.settings = SettingsFrom(j.at("settings"));
    for (const json& d : j.at("datasets")) {
      part.datasets.push_back(DatasetFrom(d, part.settings.slowest));
    }
    return part;
  } catch (const json::exception& error) {
    throw ShardStatsError(where + ": not a shard stats file: " + error.what());
  } catch (const ShardStatsError& error) {
    throw ShardStatsError(where + ": " + error.what());
  }
}

namespace {

bool SameBuild(const Manifest& a, const Manifest& b) {
  return a.version == b.version && a.git_revision == b.git_revision &&
         a.compiler == b.compiler && a.build_flags == b.build_flags;
}

bool SameSettings(const ShardSettings& a, const ShardSettings& b) {
  return a.strategies == b.strategies && a.limit == b.limit &&
         a.max_nodes == b.max_nodes && a.slowest == b.slowest;
}

// Every part of 1..N once, all of one build, settings and dataset list.
void CheckParts(const std::vector<ShardPart>& parts,
                const std::vector<std::string>& names) {
  if (parts.empty()) throw ShardStatsError("no shard stats file given");
  const ShardPart& first = parts.front();
  const uint32_t count = first.shard.count;
  std::vector<int> seen(count + 1, -1);
  for (size_t i = 0; i < parts.size(); ++i) {
    const ShardPart& p = parts[i];
    const std::string which = names[i] + " (shard " + p.shard.Name() + ")";
    if (p.shard.count != count) {
      throw ShardStatsError(which + " is of another split than " + names[0] +
                            " (shard " + first.shard.Name() + ")");
    }
    if (seen[p.shard.index] >= 0) {
      throw ShardStatsError(which + " repeats " + names[seen[p.shard.index]]);
    }
    seen[p.shard.index] = static_cast<int>(i);
    if (!SameBuild(p.manifest, first.manifest)) {
      throw ShardStatsError(
          which + " was run by another build than " + names[0] + " (" +
          p.manifest.version + " " + p.manifest.git_revision + " against " +
          first.manifest.version + " " + first.manifest.git_revision + ")");
    }
    if (!SameSettings(p.settings, first.settings)) {
      throw ShardStatsError(which + " ran other settings than " + names[0] +
                            " (strategies, their builds, --limit, "
                            "--max-nodes or --slowest)");
    }
    bool same_data = p.datasets.size() == first.datasets.size();
    for (size_t d = 0; same_data && d < p.datasets.size(); ++d) {
      same_data = p.datasets[d].sha256 == first.datasets[d].sha256 &&
                  p.datasets[d].raw_bytes == first.datasets[d].raw_bytes;
    }
    // Checked first: a part stopped early hashed only what it read, so its
    // SHA-256 would differ for that reason alone.
    for (const DatasetResult& d : p.datasets) {
      if (d.complete()) continue;
      throw ShardStatsError(
          which +
          (d.interrupted_by != 0 ? " was interrupted (signal " +
                                       std::to_string(d.interrupted_by) + ")"
                                 : " stopped early (" + d.read_error + ")") +
          " in " + d.path +
          ": a partial part cannot be merged into the whole run; run that "
          "part again");
    }
    if (!same_data) {
      throw ShardStatsError(which + " read other datasets than " + names[0] +
                            " (their SHA-256 differ)");
    }
    for (size_t d = 0; d < p.datasets.size(); ++d) {
      if (p.datasets[d].split_by_blocks == first.datasets[d].split_by_blocks) {
        continue;
      }
      throw ShardStatsError(which + " split " + p.datasets[d].path +
                            " by another rule than " + names[0] +
                            " (line blocks against byte ranges)");
    }
  }
  for (uint32_t k = 1; k <= count; ++k) {
    if (seen[k] < 0) {
      throw ShardStatsError("shard " + Shard{k, count}.Name() +
                            " is missing: give every part 1.." +
                            std::to_string(count));
    }
  }
}

// Adds a later part's pass over the same dataset to `into`.
void MergeDataset(DatasetResult& into, const DatasetResult& part) {
  if (into.format.kind == DatasetFormat::Kind::kUnknown) {
    into.format = part.format;
  }
  // Under the block rule a later part can hold an earlier line.
  if (part.first_line != 0 &&
      (into.first_line == 0 || part.first_line < into.first_line)) {
    into.first_line = part.first_line;
  }
  into.last_line = std::max(into.last_line, part.last_line);
  into.interrupted_by = std::max(into.interrupted_by, part.interrupted_by);
  into.puzzle_lines += part.puzzle_lines;
  into.malformed += part.malformed;
  into.invalid += part.invalid;
  into.wrong_answers += part.wrong_answers;
  into.disagreements += part.disagreements;
  if (into.read_error.empty()) into.read_error = part.read_error;
  // The parts ran side by side: the run took as long as its longest part.
  into.wall_s = std::max(into.wall_s, part.wall_s);
  into.cpu_s += part.cpu_s;
  for (size_t s = 0; s < into.stats.size(); ++s) {
    into.stats[s].Merge(part.stats[s]);
  }
}

}  // namespace

ShardPart MergeShards(const std::vector<ShardPart>& parts,
                      const std::vector<std::string>& names) {
  CheckParts(parts, names);
  std::vector<const ShardPart*> ordered(parts.size());
  for (const ShardPart& p : parts) ordered[p.shard.index - 1] = &p;
  ShardPart whole = *ordered.front();
  whole.shard = Shard{};
  std::vector<std::string> hosts;
  whole.manifest.ranks = 0;
  for (const ShardPart* p : ordered) {
    whole.manifest.ranks += p->manifest.ranks;
    hosts.push_back(p->manifest.hosts);
  }
  whole.manifest.hosts = CombineHosts(hosts);
  for (size_t k = 1; k < ordered.size(); ++k) {
    for (size_t d = 0; d < whole.datasets.size(); ++d) {
      MergeDataset(whole.datasets[d], ordered[k]->datasets[d]);
    }
  }
  // The merged run is no longer a part of anything.
  for (DatasetResult& d : whole.datasets) d.split_by_blocks = false;
  return whole;
}

std::vector<ReportRow> ShardRows(const ShardPart& part, size_t dataset) {
  // MakeRows reads a strategy's name and origin only; these stand in for the
  // strategies the parts ran, which this process need not have.
  std::vector<Strategy> strategies(part.settings.strategies.size());
  RunOptions options;
  for (size_t i = 0; i < strategies.size(); ++i) {
    const ShardStrategy& s = part.settings.strategies[i];
    strategies[i].name = s.name;
    strategies[i].origin = s.origin;
    strategies[i].origin_sha256 = s.sha256;
    options.strategies.push_back(&strategies[i]);
  }
  options.solution_limit = part.settings.limit;
  options.max_nodes = part.settings.max_nodes;
  options.threads = part.settings.threads;
  std::vector<ReportRow> rows = MakeRows(part.datasets[dataset], options);
  // Named among all the part's datasets, as the run that made it named them.
  std::vector<std::string> paths;
  for (const DatasetResult& d : part.datasets) paths.push_back(d.path);
  const std::string name = DatasetNames(paths)[dataset];
  for (ReportRow& row : rows) row.dataset = name;
  return rows;
}

void ShardStatsWriter::ReportPass(const Manifest& manifest,
                                  const DatasetResult& result,
                                  const std::vector<ReportRow>& /*rows*/) {
  part_.manifest = manifest;
  part_.datasets.push_back(result);
}

void ShardStatsWriter::Finish() { out_ << ShardStatsJson(part_); }

}  // namespace sudoku
