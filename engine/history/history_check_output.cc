// `bench history check`'s verdict as people read it, as JSON, and as a
// Markdown summary for a CI job's page or a pull request.
#include <cctype>
#include <ostream>

#include "engine/common/exit_codes.h"
#include "engine/common/json_layout.h"
#include "engine/common/text_format.h"
#include "engine/compare/timing_words.h"
#include "engine/history/history_check.h"

namespace sudoku {
namespace {

std::string Branch(const SeriesKey& key) {
  return key.branch.empty() ? "-" : key.branch;
}

// "0 changed, 1 slower, 11 pass, 0 new".
std::string Counts(const HistoryCheck& check) {
  return std::to_string(check.Count(SeriesVerdict::kChanged)) + " changed, " +
         std::to_string(check.CountSlower()) + " slower, " +
         std::to_string(check.Count(SeriesVerdict::kPass)) + " pass, " +
         std::to_string(check.Count(SeriesVerdict::kNew)) + " new";
}

// Where a change point stands in the rolling window: "new" when this check
// is the first to report it, "reported at C" when an earlier one did.
std::string Standing(const ThroughputChange& c) {
  if (c.fresh) return ", new";
  if (!c.reported_at.empty()) return ", reported at " + c.reported_at;
  return "";
}

// Whether a reason of `s` already states the exact change `c`.
bool Said(const SeriesCheck& s, const ExactChange& c) {
  for (const ExactChange& said : s.exact_said) {
    if (said.index == c.index && said.column == c.column &&
        said.before == c.before && said.after == c.after) {
      return true;
    }
  }
  return false;
}

}  // namespace

void PrintHistoryCheck(std::ostream& out, const HistoryCheck& check) {
  out << "bench history check: " << check.mode << "\n\n";
  for (const SeriesCheck& s : check.series) {
    const SeriesPoint* newest = s.points.empty() ? nullptr : s.points.back();
    out << ConsoleText(s.key.Name()) << " [" << ConsoleText(Branch(s.key))
        << "] on " << ConsoleText(s.key.Testbed()) << "\n  newest "
        << ConsoleText(newest ? newest->commit : "-") << ", "
        << s.points.size() << (s.points.size() == 1 ? " commit" : " commits")
        << " judged: [" << SeriesVerdictWords(s) << "]\n";
    if (s.measure != check.measure) {
      out << "  judged on " << MeasureLabel(s.measure)
          << ": a commit of it has no CPU time\n";
    }
    for (const std::string& reason : s.reasons) {
      out << "  " << ConsoleText(reason) << '\n';
    }
    for (const std::string& puzzle : s.puzzles) {
      out << "    " << ConsoleText(puzzle) << '\n';
    }
    for (const ExactChange& c : s.exact_changes) {
      if (Said(s, c)) continue;  // a change is said once
      out << "  exact: " << c.column << " " << ConsoleText(c.before) << " -> "
          << ConsoleText(c.after) << " at "
          << ConsoleText(s.points[c.index]->commit) << '\n';
    }
    for (const ThroughputChange& c : s.changes) {
      // In the timing words (timing_words.h), as the reasons above say it.
      out << "  change point: " << MeasureLabel(s.measure) << " "
          << SlowerWords(SlowdownOfRatio(1 + c.size)) << " at "
          << ConsoleText(s.points[c.index]->commit) << " ("
          << SlowdownInterval(c) << "; " << PValueText(c.p_value)
          << Standing(c) << ")\n";
    }
  }
  const int code = check.ExitCode();
  out << "\nverdict: " << (code == kExitOk ? "PASS" : "FAIL") << " (exit "
      << code << "): " << Counts(check) << '\n';
}

void WriteHistoryCheckJson(std::ostream& out, const HistoryCheck& check) {
  Json series = Json::array();
  for (const SeriesCheck& s : check.series) {
    Json exact = Json::array(), changes = Json::array();
    for (const ExactChange& c : s.exact_changes) {
      exact.push_back({{"column", c.column},
                       {"before", c.before},
                       {"after", c.after},
                       {"commit", s.points[c.index]->commit}});
    }
    for (const ThroughputChange& c : s.changes) {
      changes.push_back(
          {{"commit", s.points[c.index]->commit},
           {"size", JsonNumber(c.size)},
           {"size_low", JsonNumber(c.size_low)},
           {"size_high", JsonNumber(c.size_high)},
           {"size_confidence", JsonNumber(c.size_confidence)},
           {"p_value", JsonNumber(c.p_value)},
           {"fresh", c.fresh},
           {"reported_at",
            c.reported_at.empty() ? Json() : Json(c.reported_at)}});
    }
    series.push_back(
        {{"dataset", s.key.dataset},
         {"strategy", s.key.strategy},
         {"limit", s.key.limit},
         {"max_nodes", BudgetText(s.key.max_nodes)},
         {"threads", s.key.threads},
         {"branch", s.key.branch},
         {"testbed", s.key.Testbed()},
         {"measure", MeasureName(s.measure)},
         {"newest", s.points.empty() ? "" : s.points.back()->commit},
         {"commits", s.points.size()},
         {"baseline", s.points.empty() ? "" : s.points[s.baseline]->commit},
         {"verdict", SeriesVerdictName(s.verdict)},
         {"verdict_words", SeriesVerdictWords(s)},
         {"reasons", s.reasons},
         {"puzzles", s.puzzles},
         {"exact_changes", exact},
         {"change_points", changes}});
  }
  const int code = check.ExitCode();
  const Json root = {{"verdict", code == kExitOk ? "pass" : "fail"},
                     {"exit_code", code},
                     {"mode", check.mode},
                     {"measure", MeasureName(check.measure)},
                     {"series", series}};
  // Each top-level member on its line, each series on its own few lines.
  out << MembersOnLines(root, "series", {"exact_changes", "change_points"});
}

void WriteHistoryCheckMarkdown(std::ostream& out, const HistoryCheck& check) {
  const int code = check.ExitCode();
  out << "### bench history check: " << (code == kExitOk ? "PASS" : "FAIL")
      << " (exit " << code << ")\n\n";
  std::string mode = check.mode;
  if (!mode.empty()) mode[0] = static_cast<char>(std::toupper(mode[0]));
  out << mode << ": " << Counts(check) << ".\n\n";
  bool any = false;
  for (const SeriesCheck& s : check.series) {
    if (s.verdict != SeriesVerdict::kChanged &&
        s.verdict != SeriesVerdict::kSlower) {
      continue;
    }
    if (!any) {
      out << "| series | branch | newest | verdict | what changed |\n"
          << "|---|---|---|---|---|\n";
      any = true;
    }
    std::string reasons;
    for (const std::string& reason : s.reasons) {
      reasons += (reasons.empty() ? "" : "\n") + reason;
    }
    for (const std::string& puzzle : s.puzzles) reasons += "\n" + puzzle;
    out << "| " << MarkdownCell(s.key.Name() + " on " + s.key.Testbed())
        << " | " << MarkdownCell(Branch(s.key)) << " | "
        << MarkdownCell(s.points.empty() ? "-" : s.points.back()->commit)
        << " | **" << SeriesVerdictWords(s) << "** | "
        << MarkdownCell(reasons) << " |\n";
  }
  if (!any) out << "No series changed or got slower.\n";
  out << '\n';
}

}  // namespace sudoku
