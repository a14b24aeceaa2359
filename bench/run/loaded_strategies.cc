// The strategies a run can name: the built-in ones, those of every --plugin
// library, and the --exec processes (or --isolate's servers), each an
// ordinary Strategy row.
#include "bench/run/loaded_strategies.h"

#include <algorithm>

#include "bench/run/plugin_server.h"
#include "strategies/registry.h"

namespace sudoku {

bool LoadedStrategies::Load(const RunCommandOptions& o, std::ostream& err) {
  for (const std::string& path : o.plugins) {
    std::string error;
    if (!plugins_.Load(path, AllStrategies(), error)) {
      err << "bench: " << error << '\n';
      return false;
    }
  }
  for (const Strategy& s : AllStrategies()) all_.push_back(&s);
  if (o.isolate) {
    // Each plugin strategy is served by a child of this executable, which
    // loads the library itself: a crash ends that child, not the run.
    for (const Strategy& s : plugins_.strategies()) {
      processes_.AddServed(
          s,
          ServePluginCommand(std::string(s.origin),
                             std::string(PluginLoader::OwnName(s))),
          o.exec_timeout);
    }
  } else {
    for (const Strategy& s : plugins_.strategies()) all_.push_back(&s);
  }
  if (!AddProcessStrategies(o, err)) return false;
  for (const std::string& name : o.strategies) {
    if (name == "all" || Find(name) != nullptr) continue;
    std::string choices = "all";
    for (const Strategy* s : all_) choices += ", " + std::string(s->name);
    err << "bench: --strategy: no strategy named '" << name
        << "' (choose from " << choices << ")\n";
    return false;
  }
  return true;
}

bool LoadedStrategies::AddProcessStrategies(const RunCommandOptions& o,
                                            std::ostream& err) {
  for (const std::string& spec : o.execs) {
    std::string error;
    if (!processes_.Add(spec, o.exec_timeout, all_, error)) {
      err << "bench: " << error << '\n';
      return false;
    }
  }
  for (const Strategy& s : processes_.strategies()) all_.push_back(&s);
  return true;
}

const Strategy* LoadedStrategies::Find(std::string_view name) const {
  for (const Strategy* s : all_) {
    if (s->name == name) return s;
  }
  return nullptr;
}

std::vector<const Strategy*> LoadedStrategies::Selected(
    const RunCommandOptions& o, int& reference) const {
  reference = -1;
  std::vector<const Strategy*> selected;
  if (o.parse_only) return selected;
  for (const std::string& name : o.strategies) {
    std::vector<const Strategy*> named = {Find(name)};
    if (name == "all") named = all_;
    for (const Strategy* s : named) {
      if (std::find(selected.begin(), selected.end(), s) == selected.end()) {
        selected.push_back(s);
      }
    }
  }
  // The reference runs beside them, last, so that the first strategy (the
  // one --solutions writes) is still the first one named.
  if (!o.reference.empty()) {
    const Strategy* s = Find(o.reference);
    auto it = std::find(selected.begin(), selected.end(), s);
    if (it == selected.end()) {
      selected.push_back(s);
      it = selected.end() - 1;
    }
    reference = static_cast<int>(it - selected.begin());
  }
  return selected;
}

void LoadedStrategies::List(std::ostream& out) const {
  size_t width = 0;
  for (const Strategy* s : all_) width = std::max(width, s->name.size());
  for (const Strategy* s : all_) {
    out << s->name << std::string(width - s->name.size() + 2, ' ')
        << s->summary << "  [" << (s->origin.empty() ? kBuiltIn : s->origin)
        << (s->origin_sha256.empty()
                ? ""
                : ", sha256 " + std::string(s->origin_sha256.substr(0, 12)))
        << "]\n";
  }
}

}  // namespace sudoku
