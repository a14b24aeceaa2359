// bench bisect's plan as plain data: bench's command lines per commit, the
// words of BENCH-ARGS it refuses, and what `git bisect` said.
#include "bench/bisect/bisect_plan.h"

#include <cctype>
#include <sstream>
#include <utility>

#include "engine/common/text_format.h"

namespace sudoku {
namespace {

// Set by bisect itself, or no fit for one run per commit.
constexpr std::string_view kClashing[] = {
    "--strategy",     "--ab",     "--plugin",     "--exec",  "--csv",
    "--per-puzzle",   "--html",   "--solutions",  "--stats", "--batch",
    "--max-slowdown", "--repeat", "--parse-only", "--list",  "--resume",
    "--checkpoint",   "--shard",  "--progress",   "--quiet"};

void Append(std::vector<std::string>& to,
            const std::vector<std::string>& words) {
  to.insert(to.end(), words.begin(), words.end());
}

// Every run's end: quiet, batched alike, then the person's BENCH-ARGS.
std::vector<std::string> Finished(std::vector<std::string> args,
                                  const BisectCommandOptions& o) {
  Append(args, {"--quiet", "--progress", "never", "--batch",
                std::to_string(o.batch)});
  Append(args, o.bench_args);
  return args;
}

bool IsHash(std::string_view word) {
  if (word.size() != 40) return false;
  for (const char c : word) {
    if (!std::isxdigit(static_cast<unsigned char>(c))) return false;
  }
  return true;
}

}  // namespace

std::string ClashingBenchArg(std::span<const std::string> bench_args) {
  for (const std::string& word : bench_args) {
    if (word == "--") break;       // what follows is datasets
    if (word == "-") return word;  // standard input can be read only once
    if (word.starts_with("-s") || word.starts_with("-q")) return word;
    for (const std::string_view option : kClashing) {
      if (word == option ||
          (word.starts_with(option) && word[option.size()] == '=')) {
        return word;
      }
    }
  }
  return "";
}

std::string LabelledStrategy(const std::string& label,
                             const std::string& strategy) {
  return label + ":" + strategy;
}

std::vector<std::string> LoadArtifact(const BisectCommandOptions& o,
                                      const std::string& label,
                                      const std::string& artifact) {
  if (o.exec.empty()) {
    return {"--plugin", label.empty() ? artifact : label + "=" + artifact};
  }
  const std::string name =
      label.empty() ? o.strategy : LabelledStrategy(label, o.strategy);
  return {"--exec", name + "=" + ShellQuoted(artifact)};
}

std::vector<std::string> SearchRunArgs(const BisectCommandOptions& o,
                                       const std::string& artifact,
                                       const std::string& csv,
                                       const std::string& per_puzzle) {
  std::vector<std::string> args = LoadArtifact(o, "", artifact);
  Append(args, {"--strategy", o.strategy, "--csv", csv});
  if (!per_puzzle.empty()) Append(args, {"--per-puzzle", per_puzzle});
  return Finished(std::move(args), o);
}

std::vector<std::string> SpeedRunArgs(const BisectCommandOptions& o,
                                      const std::string& good_artifact,
                                      const std::string& artifact,
                                      const std::string& label,
                                      const std::string& per_puzzle) {
  std::vector<std::string> args = LoadArtifact(o, "good", good_artifact);
  Append(args, LoadArtifact(o, label, artifact));
  Append(args, {"--ab",
                LabelledStrategy("good", o.strategy) + "," +
                    LabelledStrategy(label, o.strategy),
                "--per-puzzle", per_puzzle});
  return Finished(std::move(args), o);
}

std::vector<std::string> StepCommand(const BisectCommandOptions& o,
                                     const std::string& bench,
                                     const std::string& good_hash,
                                     const std::string& bad_hash,
                                     const std::string& work_dir) {
  std::vector<std::string> command = {bench,
                                      "bisect",
                                      "--good",
                                      good_hash,
                                      "--bad",
                                      bad_hash,
                                      "--build",
                                      o.build,
                                      o.exec.empty() ? "--plugin" : "--exec",
                                      o.exec.empty() ? o.plugin : o.exec,
                                      "--strategy",
                                      o.strategy,
                                      "--max-slowdown",
                                      std::to_string(o.max_slowdown_pct),
                                      "--batch",
                                      std::to_string(o.batch),
                                      "--step",
                                      work_dir};
  if (!o.per_puzzle.empty()) Append(command, {"--per-puzzle", o.per_puzzle});
  command.push_back("--");
  Append(command, o.bench_args);
  return command;
}

BisectEnd ParseBisectOutput(std::string_view text) {
  BisectEnd end;
  std::istringstream in{std::string(text)};
  bool listing = false;
  for (std::string line; std::getline(in, line);) {
    if (line.ends_with(" is the first bad commit") &&
        IsHash(line.substr(0, 40))) {
      end.first_bad = line.substr(0, 40);
    } else if (line.starts_with("The first bad commit could be any of")) {
      listing = true;
      end.candidates.clear();
    } else if (listing && IsHash(line)) {
      end.candidates.push_back(line);
    } else {
      listing = false;
    }
  }
  return end;
}

}  // namespace sudoku
