// Loads strategy plugins (bench --plugin) and calls them through a trampoline
// that keeps per-thread state and distrusts their answers.
#include "bench/run/plugin_loader.h"

#include <dlfcn.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <filesystem>
#include <system_error>

#include "engine/input/input.h"
#include "strategies/sudoku_strategy_abi.h"

namespace sudoku {
namespace {

// Each thread's plugin states, indexed by Loaded::slot: made on the thread's
// first call to that strategy, freed when the thread ends. The destructor
// needs only the function pointers it keeps (libraries are never unloaded).
class ThreadStates {
 public:
  ~ThreadStates() {
    for (const Entry& e : entries_) {
      if (e.made && e.free_state != nullptr) e.free_state(e.state);
    }
  }
  void* Get(const PluginLoader::Loaded& s) {
    if (s.slot >= entries_.size()) entries_.resize(s.slot + 1);
    Entry& e = entries_[s.slot];
    if (!e.made) {
      e.state = s.descriptor->new_state();
      e.free_state = s.descriptor->free_state;
      e.made = true;
    }
    return e.state;
  }

 private:
  struct Entry {
    void* state = nullptr;
    void (*free_state)(void*) = nullptr;
    bool made = false;
  };
  std::vector<Entry> entries_;
};

thread_local ThreadStates thread_states;

// Outcome::kOverBudget is the last code: anything above is unknown, and the
// engine counts an unknown outcome as a WRONG answer (VerdictOf), naming the
// code; codes past Outcome's 8 bits are named as 255 ("255 or more").
constexpr uint32_t kLastOutcomeCode = 0xff;

// The plugin's answer, translated and not trusted: an unknown outcome code
// is kept (up to 255) with no grid (the engine reports "unknown outcome
// code (77)" as WRONG), and a digit outside 1..9 becomes 0, an empty cell, so the
// engine's verification rejects the grid as WRONG. The node count passes as
// is: the engine holds it against the budget. `givens` is Strategy::Solve's
// copy for this call, so the plugin may write it (a C plugin solving in
// place): the engine verifies against its own.
SolveResult Trampoline(const void* context, const Grid& givens,
                       uint32_t solution_limit, uint64_t node_budget) {
  const auto& s = *static_cast<const PluginLoader::Loaded*>(context);
  void* state =
      s.descriptor->new_state != nullptr ? thread_states.Get(s) : nullptr;
  sudoku_result r;
  std::memset(&r, 0, sizeof(r));
  s.descriptor->solve(state, givens.data(), solution_limit, node_budget, &r);
  SolveResult out;
  out.nodes = r.nodes;
  out.guessed = r.guessed != 0;
  if (r.outcome > SUDOKU_OVER_BUDGET) {
    out.outcome = static_cast<Outcome>(std::min(r.outcome, kLastOutcomeCode));
    out.solutions = 0;
    return out;
  }
  out.outcome = static_cast<Outcome>(r.outcome);
  out.solutions = r.solutions;
  for (int cell = 0; cell < kCells; ++cell) {
    const uint8_t d = r.solution[cell];
    out.solution[cell] = (d >= 1 && d <= 9) ? d : 0;
  }
  return out;
}

static_assert(SUDOKU_SOLVED == static_cast<int>(Outcome::kSolved));
static_assert(SUDOKU_MULTIPLE == static_cast<int>(Outcome::kMultiple));
static_assert(SUDOKU_NO_SOLUTION == static_cast<int>(Outcome::kNoSolution));
static_assert(SUDOKU_OVER_BUDGET == static_cast<int>(Outcome::kOverBudget));
static_assert(SUDOKU_CAP_SEED_FIRST_TREE == kSeedFirstTree);
static_assert(SUDOKU_CAP_SEED_WHOLE_TREE == kSeedWholeTree);
static_assert(SUDOKU_CAP_COUNTS_SOLUTIONS == kCountsSolutions);
static_assert(SUDOKU_CELLS == kCells);

std::string_view OrEmpty(const char* text, std::string_view fallback) {
  return text != nullptr ? std::string_view(text) : fallback;
}

}  // namespace

PluginSpec PluginSpec::Parse(const std::string& text) {
  const size_t equals = text.find('=');
  if (equals == std::string::npos || equals == 0) return {"", text};
  const std::string_view before(text.data(), equals);
  const bool is_label = std::all_of(before.begin(), before.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-';
  });
  if (!is_label) return {"", text};
  return {std::string(before), text.substr(equals + 1)};
}

namespace {

// Opens the library and checks its table's header; null, with `error` set,
// when the plugin is refused. `handle` is the library's, for its other
// symbols.
const struct sudoku_strategy_table* OpenTable(const std::string& file,
                                              const std::string& where,
                                              std::string& error,
                                              void*& handle) {
  handle = dlopen(file.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) {
    const char* why = dlerror();
    error = where + "cannot be loaded as a shared library (" +
            (why ? why : "unknown reason") + ")";
    return nullptr;
  }
  // Never dlclose: a refused plugin's code is not running, and a loaded
  // one's must outlive every thread.
  const auto entry = reinterpret_cast<sudoku_strategy_table_fn>(
      dlsym(handle, SUDOKU_STRATEGY_TABLE_SYMBOL));
  if (entry == nullptr) {
    error = where + "not a strategy plugin: it exports no " +
            SUDOKU_STRATEGY_TABLE_SYMBOL + " function";
    return nullptr;
  }
  const struct sudoku_strategy_table* table = entry();
  if (table == nullptr) {
    error = where + SUDOKU_STRATEGY_TABLE_SYMBOL + "() returned NULL";
    return nullptr;
  }
  if (table->abi_version != SUDOKU_STRATEGY_ABI_VERSION) {
    error = where + "built for strategy ABI version " +
            std::to_string(table->abi_version) +
            ", but this bench speaks version " +
            std::to_string(SUDOKU_STRATEGY_ABI_VERSION) +
            " (rebuild it against this sudoku_strategy_abi.h)";
    return nullptr;
  }
  if (table->count == 0 || table->strategies == nullptr) {
    error = where + "its table lists no strategies";
    return nullptr;
  }
  return table;
}

// How the library says it was built (the optional sudoku_strategy_build):
// one line of printable text, at most the ABI's 200 bytes; empty when it
// does not say.
std::string BuildDescription(void* handle) {
  const auto describe = reinterpret_cast<sudoku_strategy_build_fn>(
      dlsym(handle, SUDOKU_STRATEGY_BUILD_SYMBOL));
  const char* text = describe != nullptr ? describe() : nullptr;
  if (text == nullptr) return "";
  std::string build(text, strnlen(text, 200));
  for (char& ch : build) {
    if (static_cast<unsigned char>(ch) < 0x20) ch = ' ';
  }
  return build;
}

// What is wrong with one descriptor on its own (named `name` once
// labelled); empty when nothing is.
// A space, a tab, a newline or another control character: a name holding
// one would break the console table, the CSV and --strategy's list.
bool HasBlankOrControl(std::string_view name) {
  return std::ranges::any_of(
      name, [](unsigned char c) { return c <= ' ' || c == 0x7f; });
}

std::string DescriptorFault(const sudoku_strategy& d, const std::string& name) {
  if (name.empty()) return " has an empty name";
  if (HasBlankOrControl(name)) {
    return " has a name with a space or a control character";
  }
  if (name == "all" || name.find(',') != std::string::npos) {
    return " has a name bench cannot select ('all' and ',' are reserved)";
  }
  if (d.solve == nullptr) return " has no solve function";
  if ((d.new_state == nullptr) != (d.free_state == nullptr)) {
    return " has one of new_state and free_state without the other";
  }
  return "";
}

}  // namespace

std::string_view PluginLoader::OwnName(const Strategy& row) {
  const auto* loaded = static_cast<const Loaded*>(row.context);
  return OrEmpty(loaded->descriptor->name, "");
}

bool PluginLoader::Load(const std::string& spec_text,
                        std::span<const Strategy> builtins,
                        std::string& error) {
  const PluginSpec spec = PluginSpec::Parse(spec_text);
  const std::string where = "--plugin " + spec_text + ": ";
  if (spec.path.empty()) {
    error = where + "no file after '" + spec.label + "='";
    return false;
  }
  // A bare name would make dlopen search the library path instead.
  const std::string file =
      spec.path.find('/') == std::string::npos ? "./" + spec.path : spec.path;
  void* handle = nullptr;
  const struct sudoku_strategy_table* table =
      OpenTable(file, where, error, handle);
  if (table == nullptr) return false;
  std::string sha256;
  try {
    sha256 = Input::FileSha256Hex(file);
  } catch (const InputError& e) {
    error = where + "cannot be hashed (" + e.what() + ")";
    return false;
  }
  std::vector<std::string> names;
  if (!CheckNames(*table, spec, builtins, names, error)) {
    error = where + error;
    return false;
  }
  // The row names the file absolutely, so a report read elsewhere, or
  // later, still says which build it measured.
  // Links resolved: one file is one origin, whatever path reached it.
  std::error_code ignored;
  const std::string absolute =
      std::filesystem::weakly_canonical(file, ignored).string();
  AddRows(*table, names, absolute.empty() ? file : absolute, sha256,
          BuildDescription(handle));
  return true;
}

bool PluginLoader::CheckNames(const struct sudoku_strategy_table& table,
                              const PluginSpec& spec,
                              std::span<const Strategy> builtins,
                              std::vector<std::string>& names,
                              std::string& error) const {
  const std::string prefix = spec.label.empty() ? "" : spec.label + ":";
  // Every descriptor is checked before any is added.
  for (uint32_t i = 0; i < table.count; ++i) {
    const sudoku_strategy& d = table.strategies[i];
    const std::string_view own_name = OrEmpty(d.name, "");
    const std::string name =
        own_name.empty() ? std::string() : prefix + std::string(own_name);
    const std::string which =
        "strategy #" + std::to_string(i + 1) +
        (name.empty() || HasBlankOrControl(name) ? "" : " '" + name + "'");
    if (const std::string fault = DescriptorFault(d, name); !fault.empty()) {
      error = which + fault;
      return false;
    }
    std::string_view clash;
    for (const Strategy& s : builtins) {
      if (s.name == name) clash = kBuiltIn;
    }
    for (const Strategy& s : rows_) {
      if (s.name == name) clash = s.origin;
    }
    if (std::ranges::find(names, name) != names.end()) clash = spec.path;
    if (!clash.empty()) {
      error = which + " is a duplicate: a strategy '" + name +
              "' is already defined (" + std::string(clash) + ")";
      return false;
    }
    names.push_back(name);
  }
  return true;
}

void PluginLoader::AddRows(const struct sudoku_strategy_table& table,
                           const std::vector<std::string>& names,
                           const std::string& path, const std::string& sha256,
                           const std::string& build) {
  const std::string& origin = texts_.emplace_back(path);
  const std::string& origin_sha256 = texts_.emplace_back(sha256);
  const std::string& origin_build = texts_.emplace_back(build);
  for (uint32_t i = 0; i < table.count; ++i) {
    const sudoku_strategy& d = table.strategies[i];
    // Its own slot even when the same file is loaded under another label:
    // dlopen returns the same handle, but each row's ABI state is its own.
    const Loaded& loaded = loaded_.emplace_back(Loaded{&d, loaded_.size()});
    Strategy row{};
    row.name = texts_.emplace_back(names[i]);
    row.summary = OrEmpty(d.summary, "");
    row.solve = nullptr;
    row.capabilities =
        d.capabilities & (kSeedFirstTree | kSeedWholeTree | kCountsSolutions);
    row.node_unit = OrEmpty(d.node_unit, "node");
    row.speed_rank = 0;
    row.context_solve = Trampoline;
    row.context = &loaded;
    row.origin = origin;
    row.origin_sha256 = origin_sha256;
    row.origin_build = origin_build;
    rows_.push_back(row);
  }
}

}  // namespace sudoku
