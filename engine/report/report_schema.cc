// The report's columns, once: for each its CSV name, how it is written, how
// it is read back, and how `bench compare` treats it.
#include "engine/report/report_schema.h"

#include <algorithm>
#include <charconv>
#include <type_traits>
#include <vector>

#include "engine/common/text_format.h"

namespace sudoku {
namespace {

template <typename Number>
Number ParseNumber(std::string_view text, const std::string& where) {
  Number value{};
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ec != std::errc() || ptr != end) {
    throw ReportFormatError(where + ": not a number: '" + std::string(text) +
                            "'");
  }
  return value;
}

// Writers, readers and values of one ReportRow or Manifest member each; the
// member is a template argument so that each is a plain function.
template <auto kField>
std::string WriteInteger(const ReportRow& row, const Manifest&) {
  return std::to_string(row.*kField);
}

template <auto kField, int kDecimals>
std::string WriteFixed(const ReportRow& row, const Manifest&) {
  return Fixed(row.*kField, kDecimals);
}

template <auto kField>
std::string WriteText(const ReportRow& row, const Manifest&) {
  return CsvField(row.*kField);
}

template <auto kField>
std::string WriteManifest(const ReportRow&, const Manifest& manifest) {
  return CsvField(manifest.*kField);
}

template <auto kField>
void ReadNumber(std::string_view text, const std::string& where, ReportRow& row,
                Manifest&) {
  using Number = std::remove_cvref_t<decltype(row.*kField)>;
  row.*kField = ParseNumber<Number>(text, where);
}

template <auto kField>
void ReadText(std::string_view text, const std::string&, ReportRow& row,
              Manifest&) {
  row.*kField = std::string(text);
}

template <auto kField>
void ReadManifest(std::string_view text, const std::string&, ReportRow&,
                  Manifest& manifest) {
  manifest.*kField = std::string(text);
}

// The manifest's count of processes, read leniently like its other fields.
std::string WriteRanks(const ReportRow&, const Manifest& manifest) {
  return std::to_string(manifest.ranks);
}
void ReadRanks(std::string_view text, const std::string& where, ReportRow&,
               Manifest& manifest) {
  manifest.ranks = ParseNumber<uint32_t>(text, where);
}

template <auto kField>
double NumberOf(const ReportRow& row) {
  return static_cast<double>(row.*kField);
}

// The kinds of column, one maker each, so that a table row reads as what the
// column is.
template <auto kField>
constexpr ReportColumn Integer(std::string_view name,
                               Compared compared = Compared::kNo,
                               int compare_order = 0) {
  return {.name = name,
          .write = &WriteInteger<kField>,
          .read = &ReadNumber<kField>,
          .compared = compared,
          .compare_order = compare_order,
          .number = &NumberOf<kField>};
}

template <auto kField, int kDecimals>
constexpr ReportColumn Decimal(std::string_view name,
                               Compared compared = Compared::kNo,
                               int compare_order = 0) {
  return {.name = name,
          .write = &WriteFixed<kField, kDecimals>,
          .read = &ReadNumber<kField>,
          .compared = compared,
          .compare_order = compare_order,
          .number = &NumberOf<kField>};
}

template <auto kField>
constexpr ReportColumn Text(std::string_view name) {
  return {.name = name, .write = &WriteText<kField>, .read = &ReadText<kField>};
}

template <auto kField>
constexpr ReportColumn ManifestText(std::string_view name) {
  return {.name = name,
          .write = &WriteManifest<kField>,
          .read = &ReadManifest<kField>};
}

// The CSV writes "no budget" as an empty field.
std::string WriteBudget(const ReportRow& row, const Manifest&) {
  return row.max_nodes == kUnlimitedNodes ? "" : std::to_string(row.max_nodes);
}

void ReadBudget(std::string_view text, const std::string& where, ReportRow& row,
                Manifest&) {
  row.max_nodes =
      text.empty() ? kUnlimitedNodes : ParseNumber<uint64_t>(text, where);
}

// Reports from before --repeat existed ran one round: ReportRow's defaults
// (repeats 1), with the throughput its own extremes.
void OneRound(ReportRow&) {}
void ThroughputIsItsOwnMinimum(ReportRow& row) {
  row.puzzles_per_s_min = row.puzzles_per_s;
}
void ThroughputIsItsOwnMaximum(ReportRow& row) {
  row.puzzles_per_s_max = row.puzzles_per_s;
}
// Reports from before --exec had no strategy that could leave a puzzle
// unanswered.
void NoErrors(ReportRow& row) { row.errors = 0; }

// Reports from before plugins ran compiled-in strategies only.
void BuiltIn(ReportRow& row) { row.strategy_origin = kBuiltInOrigin; }
void NoPluginFile(ReportRow& row) { row.strategy_sha256.clear(); }
// Reports from before the node percentiles: 0, "not recorded". Not compared:
// nodes_total and nodes_max already catch any change in the search, and a
// baseline without these columns must still compare clean.
void NodeQuantileUnknown(ReportRow&) {}

// Reports from before --reference did not look for unchecked claims.
void NothingUnchecked(ReportRow& row) { row.unchecked = 0; }
// Reports from before reference answers were judged apart counted a wrong
// CSV answer as malformed and never looked for several solutions where the
// file claims one.
void NothingJudged(ReportRow& row) {
  row.reference_wrong = 0;
  row.several_claimed_one = 0;
}
// Reports from before solve time in CPU time have none: readers fall back
// to pass_cpu_s (MeasuredThroughput).
void NoSolveCpuTime(ReportRow& row) {
  row.solve_cpu_s = 0;
  row.puzzles_per_cpu_s = 0;
}
// Reports from before the CPU extremes: none (MeasuredSpread then goes by
// the wall clock's).
void NoCpuExtremes(ReportRow& row) {
  row.puzzles_per_cpu_s_min = row.puzzles_per_cpu_s_max = 0;
}
// Reports from before the ABI's build description name no plugin build.
void NoPluginBuild(ReportRow& row) { row.strategy_build.clear(); }

// Reports from before shards name no processes: the Manifest's defaults.
void ProcessesUnknown(ReportRow&) {}

// Reports from before interruption was handled were only written whole;
// their last puzzle line was not recorded (0: unknown).
void Complete(ReportRow& row) { row.complete = true; }
void LastLineUnknown(ReportRow& row) { row.last_line = 0; }

// The instruction columns are empty when the run counted none (a count
// and a sample are never 0 when counted).
void NotCounted(ReportRow& row) {
  row.instructions_per_puzzle = 0;
  row.instructions_by.clear();
  row.instructions_sample = 0;
}

template <auto kField>
std::string WriteIfCounted(const ReportRow& row, const Manifest& manifest) {
  if (row.*kField == 0) return "";
  if constexpr (std::is_same_v<std::remove_cvref_t<decltype(row.*kField)>,
                               double>) {
    return WriteFixed<kField, 1>(row, manifest);
  } else {
    return WriteInteger<kField>(row, manifest);
  }
}

template <auto kField>
void ReadIfCounted(std::string_view text, const std::string& where,
                   ReportRow& row, Manifest& manifest) {
  if (text.empty()) {
    row.*kField = 0;
  } else {
    ReadNumber<kField>(text, where, row, manifest);
  }
}

template <auto kField>
constexpr ReportColumn CountedNumber(std::string_view name) {
  return {.name = name,
          .write = &WriteIfCounted<kField>,
          .read = &ReadIfCounted<kField>,
          .number = &NumberOf<kField>};
}

// "true" or "false", as the CSV writes `complete`.
std::string WriteComplete(const ReportRow& row, const Manifest&) {
  return row.complete ? "true" : "false";
}

void ReadComplete(std::string_view text, const std::string& where,
                  ReportRow& row, Manifest&) {
  if (text != "true" && text != "false") {
    throw ReportFormatError(where + ": not true or false: '" +
                            std::string(text) + "'");
  }
  row.complete = text == "true";
}

// A compared column whose larger (or smaller) values are the better ones.
constexpr ReportColumn Higher(ReportColumn column) {
  column.better = Better::kHigher;
  return column;
}
constexpr ReportColumn Lower(ReportColumn column) {
  column.better = Better::kLower;
  return column;
}

// A column added after the first schema, and what it reads as when absent.
constexpr ReportColumn Added(ReportColumn column,
                             void (*if_absent)(ReportRow&)) {
  column.if_absent = if_absent;
  return column;
}

using enum Compared;
using R = ReportRow;
using M = Manifest;

// clang-format off
constexpr ReportColumn kColumns[] = {
    Text<&R::dataset>("dataset"),
    Text<&R::strategy>("strategy"),
    Integer<&R::limit>("limit"),
    {.name = "max_nodes", .write = &WriteBudget, .read = &ReadBudget},
    Integer<&R::threads>("threads"),
    Integer<&R::puzzles>("puzzles",                  kExact,       1),
    Higher(Integer<&R::solved>("solved",             kExactShown,  2)),
    Integer<&R::multiple>("multiple",                kExactShown,  3),
    Integer<&R::no_solution>("no_solution",          kExactShown,  4),
    Integer<&R::invalid>("invalid",                  kExact,       7),
    Integer<&R::malformed>("malformed",              kExact,       8),
    Lower(Integer<&R::over_budget>("over_budget",    kExactShown,  5)),
    Decimal<&R::wall_s, 6>("wall_s",                 kTiming),
    Higher(Decimal<&R::puzzles_per_s, 1>("puzzles_per_s", kTimingShown, 14)),
    Decimal<&R::mean_us, 3>("mean_us",               kTiming),
    Lower(Decimal<&R::p50_us, 3>("p50_us",           kTimingShown, 15)),
    Decimal<&R::p90_us, 3>("p90_us",                 kTiming),
    Lower(Decimal<&R::p99_us, 3>("p99_us",           kTimingShown, 16)),
    Decimal<&R::max_us, 3>("max_us",                 kTiming),
    Lower(Integer<&R::nodes_total>("nodes_total",    kExactShown,  11)),
    Decimal<&R::nodes_mean, 3>("nodes_mean"),
    Lower(Integer<&R::nodes_max>("nodes_max",        kExact,       12)),
    Higher(Decimal<&R::no_guess_pct, 3>("no_guess_pct", kExact,    13)),
    Lower(Integer<&R::wrong>("wrong",                kExactShown,  6)),
    Lower(Integer<&R::disagreements>("disagreements", kExact,       9)),
    Lower(Integer<&R::expected_differs>("expected_differs", kExact, 10)),
    Decimal<&R::solve_s, 6>("solve_s",               kTiming),
    Decimal<&R::pass_wall_s, 6>("pass_wall_s",       kTiming),
    Decimal<&R::pass_cpu_s, 6>("pass_cpu_s",         kTiming),
    Text<&R::dataset_path>("dataset_path"),
    Integer<&R::dataset_bytes>("dataset_bytes"),
    Text<&R::dataset_sha256>("dataset_sha256"),
    Text<&R::dataset_format>("dataset_format"),
    Text<&R::compression>("compression"),
    ManifestText<&M::version>("version"),
    ManifestText<&M::git_revision>("git_revision"),
    ManifestText<&M::compiler>("compiler"),
    ManifestText<&M::build_flags>("build_flags"),
    ManifestText<&M::cpu>("cpu"),
    ManifestText<&M::date>("date"),
    // Added with --repeat.
    Added(Integer<&R::repeats>("repeats"), &OneRound),
    Added(Decimal<&R::puzzles_per_s_min, 1>("puzzles_per_s_min", kTiming),
          &ThroughputIsItsOwnMinimum),
    Added(Decimal<&R::puzzles_per_s_max, 1>("puzzles_per_s_max", kTiming),
          &ThroughputIsItsOwnMaximum),
    // Added with --exec.
    Added(Lower(Integer<&R::errors>("errors",       kExact,       6)),
          &NoErrors),
    // Added with plugins: which build of the strategy ran.
    Added(Text<&R::strategy_origin>("strategy_origin"), &BuiltIn),
    Added(Text<&R::strategy_sha256>("strategy_sha256"), &NoPluginFile),
    // Added with shards and MPI: the processes and hosts that ran the row.
    Added({.name = "ranks", .write = &WriteRanks, .read = &ReadRanks},
          &ProcessesUnknown),
    Added(ManifestText<&M::hosts>("hosts"), &ProcessesUnknown),
    // Added with the HTML report: the node histogram's percentiles.
    Added(Integer<&R::nodes_p50>("nodes_p50"), &NodeQuantileUnknown),
    Added(Integer<&R::nodes_p90>("nodes_p90"), &NodeQuantileUnknown),
    Added(Integer<&R::nodes_p99>("nodes_p99"), &NodeQuantileUnknown),
    // Added with interruption (SIGINT, SIGTERM): whether the row covers the
    // whole dataset, and its last puzzle line accounted.
    Added({.name = "complete", .write = &WriteComplete, .read = &ReadComplete},
          &Complete),
    Added(Integer<&R::last_line>("last_line"), &LastLineUnknown),
    // Added with --reference: a loaded or process strategy's count claims
    // that nothing could contradict. Not compared: older baselines lack it.
    Added(Integer<&R::unchecked>("unchecked"), &NothingUnchecked),
    // Added with the ABI's optional build description: how a plugin was
    // built (build_flags are bench's own).
    Added(Text<&R::strategy_build>("strategy_build"), &NoPluginBuild),
    // Added with --instructions: the solve calls' instructions per puzzle
    // over a sample, how they were counted and the sample's size. Judged by
    // compare apart from the table's treatments: exact between like builds,
    // within --max-instructions otherwise (CheckInstructions).
    Added(CountedNumber<&R::instructions_per_puzzle>(
              "instructions_per_puzzle"), &NotCounted),
    Added(Text<&R::instructions_by>("instructions_by"), &NotCounted),
    Added(CountedNumber<&R::instructions_sample>("instructions_sample"),
          &NotCounted),
    // Added with reference answers judged apart (issue 36): lines whose
    // reference answer is wrong, and several solutions where the file claims
    // one. Not compared: older baselines counted such lines otherwise, and
    // the outcomes they change (solved, malformed, ...) are compared.
    Added(Integer<&R::reference_wrong>("reference_wrong"), &NothingJudged),
    Added(Integer<&R::several_claimed_one>("several_claimed_one"),
          &NothingJudged),
    // Added with time off the CPU taken out (issues 44, 49): the summed
    // solve time less what the thread spent off the CPU inside solves
    // (engine/pipeline/off_cpu_watch.h), and puzzles per second of it, which
    // a preemption or a scheduler stall does not move. Not in the compared
    // table: compare's timing check reads it (CheckTiming).
    Added(Decimal<&R::solve_cpu_s, 6>("solve_cpu_s", kTiming),
          &NoSolveCpuTime),
    Added(Decimal<&R::puzzles_per_cpu_s, 1>("puzzles_per_cpu_s", kTiming),
          &NoSolveCpuTime),
    // Added with the one measure of time (issue 49): puzzles_per_cpu_s's
    // extremes over --repeat's rounds, the noise compare weighs on it.
    Added(Decimal<&R::puzzles_per_cpu_s_min, 1>("puzzles_per_cpu_s_min",
                                                kTiming),
          &NoCpuExtremes),
    Added(Decimal<&R::puzzles_per_cpu_s_max, 1>("puzzles_per_cpu_s_max",
                                                kTiming),
          &NoCpuExtremes),
};
// clang-format on

}  // namespace

std::span<const ReportColumn> ReportColumns() { return kColumns; }

std::span<const ReportColumn* const> ComparedColumns() {
  static const std::vector<const ReportColumn*> compared = [] {
    std::vector<const ReportColumn*> columns;
    for (const ReportColumn& column : kColumns) {
      if (column.compare_order > 0) columns.push_back(&column);
    }
    std::ranges::stable_sort(columns, {}, &ReportColumn::compare_order);
    return columns;
  }();
  return compared;
}

std::string CsvField(std::string_view text) {
  if (text.find_first_of(",\"\r\n") == std::string_view::npos) {
    return std::string(text);
  }
  std::string quoted = "\"";
  for (char ch : text) {
    if (ch == '"') quoted += '"';
    quoted += ch;
  }
  return quoted + "\"";
}

}  // namespace sudoku
