// What a report says of one (dataset, strategy): plain data derived from a
// DatasetResult, plus the run manifest.
#include "engine/report/report.h"

#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "engine/build_info.h"

namespace sudoku {
namespace {

std::string CpuModel() {
  std::ifstream cpuinfo("/proc/cpuinfo");
  std::string line;
  while (std::getline(cpuinfo, line)) {
    if (line.starts_with("model name")) {
      const auto colon = line.find(':');
      if (colon != std::string::npos) {
        size_t start = line.find_first_not_of(' ', colon + 1);
        return start == std::string::npos ? "" : line.substr(start);
      }
    }
  }
  return "unknown";
}

std::string UtcNow() {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char buffer[32];
  std::strftime(buffer, sizeof(buffer), "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buffer;
}

std::string HostName() {
  char name[256] = {};
  if (gethostname(name, sizeof(name) - 1) != 0) return "unknown";
  return name;
}

double Micros(uint64_t nanos) { return static_cast<double>(nanos) / 1000.0; }

}  // namespace

Manifest CurrentManifest() {
  Manifest m;
  m.version = SUDOKU_VERSION;
  m.git_revision = SUDOKU_GIT_REVISION;
  m.compiler = SUDOKU_COMPILER;
  m.build_flags = SUDOKU_BUILD_FLAGS;
  m.cpu = CpuModel();
  m.date = UtcNow();
  m.hosts = HostName() + ":1";
  return m;
}

std::string CombineHosts(const std::vector<std::string>& host_lists) {
  std::vector<std::pair<std::string, uint64_t>> counted;
  for (const std::string& list : host_lists) {
    std::istringstream entries(list);
    std::string entry;
    while (entries >> entry) {
      const size_t colon = entry.rfind(':');
      const std::string name = entry.substr(0, colon);
      uint64_t count = 1;  // a name without a readable count is one process
      if (colon != std::string::npos) {
        std::from_chars(entry.data() + colon + 1, entry.data() + entry.size(),
                        count);
      }
      auto it = std::find_if(counted.begin(), counted.end(),
                             [&](const auto& c) { return c.first == name; });
      if (it == counted.end()) {
        counted.emplace_back(name, count);
      } else {
        it->second += count;
      }
    }
  }
  std::string combined;
  for (const auto& [name, count] : counted) {
    if (!combined.empty()) combined += ' ';
    combined += name + ":" + std::to_string(count);
  }
  return combined;
}

std::vector<std::string> DatasetNames(const std::vector<std::string>& paths) {
  // Each path's components, the file name first.
  std::vector<std::vector<std::filesystem::path>> parts;
  for (const std::string& path : paths) {
    const std::filesystem::path normal =
        std::filesystem::path(path).lexically_normal();
    std::vector<std::filesystem::path> components(normal.begin(),
                                                  normal.end());
    if (!components.empty() && components.back().empty()) components.pop_back();
    std::reverse(components.begin(), components.end());
    parts.push_back(std::move(components));
  }
  std::vector<std::string> bases;
  for (size_t i = 0; i < parts.size(); ++i) {
    // One component more than this path shares with any other, from the end.
    size_t keep = 1;
    for (size_t j = 0; j < parts.size(); ++j) {
      if (parts[j] == parts[i]) continue;
      size_t shared = 0;
      while (shared < parts[i].size() && shared < parts[j].size() &&
             parts[i][shared] == parts[j][shared]) {
        ++shared;
      }
      keep = std::max(keep, shared + 1);
    }
    keep = std::min(keep, parts[i].size());
    std::filesystem::path name;
    for (size_t k = keep; k-- > 0;) name /= parts[i][k];
    bases.push_back(paths[i] == "-" || keep == 0 ? paths[i] : name.string());
  }
  // A path given again is counted, " (2)", by the first count that is no
  // other dataset's name (a file may be named "a.txt (2)"): the names are
  // the report's keys, unique by construction.
  const std::set<std::string> taken_by_paths(bases.begin(), bases.end());
  std::set<std::string> taken;
  std::map<std::string, int> count;
  std::vector<std::string> names;
  for (const std::string& base : bases) {
    std::string text = base;
    if (!taken.insert(text).second) {
      int& n = count[base];
      if (n == 0) n = 1;
      do {
        text = base + " (" + std::to_string(++n) + ")";
      } while (taken_by_paths.count(text) > 0 || !taken.insert(text).second);
    }
    names.push_back(std::move(text));
  }
  return names;
}

TimingMeasure CommonTimingMeasure(std::span<const ReportRow* const> rows) {
  const auto every = [&](auto has) { return std::ranges::all_of(rows, has); };
  if (every([](const ReportRow* r) { return r->puzzles_per_cpu_s > 0; })) {
    return TimingMeasure::kThreadCpu;
  }
  if (every([](const ReportRow* r) {
        return PassCpuPuzzlesPerSecond(*r) > 0;
      })) {
    return TimingMeasure::kPassCpu;
  }
  return TimingMeasure::kWall;
}

TimingMeasure CommonTimingMeasure(const ReportRow& a, const ReportRow& b) {
  const ReportRow* rows[] = {&a, &b};
  return CommonTimingMeasure(rows);
}

double MeasuredThroughput(const ReportRow& row, TimingMeasure measure) {
  switch (measure) {
    case TimingMeasure::kThreadCpu:
      return row.puzzles_per_cpu_s;
    case TimingMeasure::kPassCpu:
      return PassCpuPuzzlesPerSecond(row);
    case TimingMeasure::kWall:
      break;
  }
  return row.puzzles_per_s;
}

double MeasuredSpread(const ReportRow& row, TimingMeasure measure) {
  const auto spread = [](double low, double median, double high) {
    return median > 0 && high >= low ? (high - low) / median : 0.0;
  };
  // A report from before the CPU extremes has none: no rounds to go by but
  // the wall clock's.
  if (measure == TimingMeasure::kThreadCpu && row.puzzles_per_cpu_s_max > 0) {
    return spread(row.puzzles_per_cpu_s_min, row.puzzles_per_cpu_s,
                  row.puzzles_per_cpu_s_max);
  }
  return spread(row.puzzles_per_s_min, row.puzzles_per_s,
                row.puzzles_per_s_max);
}

std::string_view TimingMeasureKey(TimingMeasure measure) {
  return measure == TimingMeasure::kWall ? "wall" : "cpu";
}

std::string_view TimingMeasureLabel(TimingMeasure measure) {
  return measure == TimingMeasure::kWall ? "puzzles/s (wall clock)"
                                         : "puzzles per CPU-second";
}

double CpuPuzzlesPerSecond(const ReportRow& row) {
  if (row.puzzles_per_cpu_s > 0) return row.puzzles_per_cpu_s;
  return PassCpuPuzzlesPerSecond(row);
}

double PassCpuPuzzlesPerSecond(const ReportRow& row) {
  if (!(row.pass_cpu_s > 0 && row.pass_wall_s > 0 && row.wall_s > 0)) return 0;
  const double cpu_s = row.pass_cpu_s * (row.wall_s / row.pass_wall_s);
  return static_cast<double>(row.puzzles) / cpu_s;
}

std::vector<ReportRow> MakeRows(const DatasetResult& result,
                                const RunOptions& options) {
  double total_solve_s = 0;
  for (const StrategyStats& s : result.stats) {
    total_solve_s += static_cast<double>(s.nanos.sum()) * 1e-9;
  }
  std::vector<ReportRow> rows;
  for (size_t i = 0; i < result.stats.size(); ++i) {
    const StrategyStats& s = result.stats[i];
    ReportRow row;
    row.dataset = std::filesystem::path(result.path).filename().string();
    if (result.path == "-") row.dataset = "-";
    row.dataset_path = result.path;
    row.strategy = std::string(options.strategies[i]->name);
    row.limit = options.solution_limit;
    row.max_nodes = options.max_nodes;
    row.threads = options.threads;
    row.puzzles = s.puzzles();
    row.solved = s.count(Verdict::kSolved);
    row.multiple = s.count(Verdict::kMultiple);
    row.no_solution = s.count(Verdict::kNoSolution);
    row.invalid = s.count(Verdict::kInvalid);
    row.malformed = s.count(Verdict::kMalformed);
    row.over_budget = s.count(Verdict::kOverBudget);
    row.wrong = s.count(Verdict::kWrong);
    row.disagreements = s.disagreements;
    row.expected_differs = s.expected_differs;
    row.solve_s = static_cast<double>(s.nanos.sum()) * 1e-9;
    row.wall_s = total_solve_s > 0 ? result.wall_s * row.solve_s / total_solve_s
                                   : result.wall_s / result.stats.size();
    row.puzzles_per_s = row.wall_s > 0 ? row.puzzles / row.wall_s : 0;
    row.mean_us = s.nanos.Mean() / 1000.0;
    row.p50_us = Micros(s.nanos.Quantile(0.50));
    row.p90_us = Micros(s.nanos.Quantile(0.90));
    row.p99_us = Micros(s.nanos.Quantile(0.99));
    row.max_us = Micros(s.nanos.max());
    row.nodes_total = s.nodes_total;
    row.nodes_max = s.nodes_max;
    row.nodes_mean = s.nodes.Mean();
    row.no_guess_pct =
        row.solved > 0 ? 100.0 * static_cast<double>(s.no_guess) / row.solved
                       : 0.0;
    row.pass_wall_s = result.wall_s;
    row.pass_cpu_s = result.cpu_s;
    row.dataset_bytes = result.raw_bytes;
    row.dataset_sha256 = result.sha256;
    row.dataset_format = std::string(FormatName(result.format));
    row.compression = result.input.compression;
    row.puzzles_per_s_min = row.puzzles_per_s_max = row.puzzles_per_s;
    row.errors = s.count(Verdict::kError);
    const Strategy& strategy = *options.strategies[i];
    if (!strategy.origin.empty()) row.strategy_origin = strategy.origin;
    row.strategy_sha256 = std::string(strategy.origin_sha256);
    row.nodes_p50 = s.nodes.Quantile(0.50);
    row.nodes_p90 = s.nodes.Quantile(0.90);
    row.nodes_p99 = s.nodes.Quantile(0.99);
    row.complete = result.complete();
    row.last_line = result.last_line;
    row.unchecked = s.unchecked;
    row.reference_wrong = s.reference_wrong;
    row.several_claimed_one = s.several_claimed_one;
    row.strategy_build = std::string(strategy.origin_build);
    const uint64_t solve_nanos = s.nanos.sum();
    row.solve_cpu_s =
        static_cast<double>(solve_nanos -
                            std::min(s.off_cpu_nanos, solve_nanos)) *
        1e-9;
    row.puzzles_per_cpu_s =
        row.solve_cpu_s > 0 ? row.puzzles / row.solve_cpu_s : 0;
    row.puzzles_per_cpu_s_min = row.puzzles_per_cpu_s_max =
        row.puzzles_per_cpu_s;
    rows.push_back(row);
  }
  return rows;
}

}  // namespace sudoku
