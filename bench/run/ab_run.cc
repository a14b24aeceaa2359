// bench --ab A,B: two strategies (two builds of one) interleaved per puzzle
// in one pass, and a verdict on B's throughput against A's.
#include "bench/run/ab_run.h"

#include <sys/stat.h>

#include <iostream>
#include <memory>

#include "bench/run/run_datasets.h"
#include "engine/compare/ab_verdict.h"
#include "engine/input/input.h"

namespace sudoku {

bool ResolveAb(const RunCommandOptions& o, bool max_slowdown_given,
               const StrategyLookup& find, std::vector<const Strategy*>& pair) {
  if (o.ab.empty()) {
    if (!max_slowdown_given) return true;
    std::cerr << "bench: --max-slowdown judges an --ab run; give --ab A,B\n";
    return false;
  }
  const size_t comma = o.ab.find(',');
  const std::string a = o.ab.substr(0, comma);
  const std::string b =
      comma == std::string::npos ? "" : o.ab.substr(comma + 1);
  if (a.empty() || b.empty() || b.find(',') != std::string::npos) {
    std::cerr << "bench: --ab takes two strategy names, A,B (got '" << o.ab
              << "')\n";
    return false;
  }
  if (a == b) {
    std::cerr << "bench: --ab " << o.ab
              << ": one strategy against itself; load the plugin twice under "
                 "two labels (--plugin base=PATH --plugin new=PATH)\n";
    return false;
  }
  for (const std::string& name : {a, b}) {
    const Strategy* s = find(name);
    if (s == nullptr) {
      std::cerr << "bench: --ab: no strategy named '" << name
                << "' (see --list)\n";
      return false;
    }
    pair.push_back(s);
  }
  if (o.repeat > 1 || o.parse_only) {
    std::cerr << "bench: --ab runs one interleaved pass; it does not combine "
                 "with --repeat or --parse-only\n";
    return false;
  }
  return true;
}

size_t AbBatchFor(const std::string& path) {
  struct stat info {};
  if (path == "-" || stat(path.c_str(), &info) != 0 || !S_ISREG(info.st_mode)) {
    return AbBatchSize(0, false);
  }
  try {
    const Input probe(path);  // sniffs the compression from the first bytes
    return AbBatchSize(static_cast<uint64_t>(info.st_size),
                       probe.facts().compression == "none");
  } catch (const InputError&) {
    return AbBatchSize(0, false);  // the pass itself will say why
  }
}

void RunAbPair(const RunCommandOptions& o, const RunOptions& run,
               std::optional<double> max_slowdown, Observers& observers,
               Outputs& outputs, ExitCode& exit_code) {
  auto ab = std::make_unique<AbCheck>(std::string(run.strategies[0]->name),
                                      std::string(run.strategies[1]->name),
                                      run.batch_size);
  AbCheck* check = ab.get();
  observers.Add(std::move(ab));
  RunDatasets(o, run, observers, outputs, exit_code, check, max_slowdown);
}

}  // namespace sudoku
