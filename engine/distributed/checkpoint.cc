// The checkpoint file: JSON around the mergeable statistics.
#include "engine/distributed/checkpoint.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

namespace sudoku {
namespace {

using json = nlohmann::json;

constexpr std::string_view kFormat = "sudoku-bench checkpoint 1";

}  // namespace

std::string CheckpointJson(const Checkpoint& c) {
  json settings = json::object();
  for (const auto& [name, value] : c.settings) settings[name] = value;
  json datasets = json::array();
  for (const Checkpoint::Dataset& d : c.datasets) {
    datasets.push_back(
        {{"path", d.path}, {"size", d.size}, {"sha256", d.sha256}});
  }
  json outputs = json::array();
  for (const auto& [path, length] : c.outputs) {
    json output = {{"path", path}, {"length", length}};
    if (const auto t = c.temporaries.find(path); t != c.temporaries.end()) {
      output["temporary"] = t->second;
    }
    outputs.push_back(output);
  }
  json j = {{"format", kFormat},
            {"args", c.args},
            {"settings", settings},
            {"datasets", datasets},
            {"stats", json::parse(ShardStatsJson(c.stats))},
            {"outputs", outputs}};
  if (c.in_progress) {
    j["in_progress"] = {{"lines", c.in_progress->lines},
                        {"line_position", c.in_progress->line_position}};
  }
  return j.dump(1) + "\n";
}

Checkpoint ParseCheckpoint(const std::string& text, const std::string& where) {
  Checkpoint c;
  try {
    const json j = json::parse(text);
    if (j.at("format") != kFormat) {
      throw CheckpointError(where + ": not a " + std::string(kFormat) +
                            " file");
    }
    c.args = j.at("args").get<std::vector<std::string>>();
    for (const auto& [name, value] : j.at("settings").items()) {
      c.settings.emplace_back(name, value.get<std::string>());
    }
    for (const json& d : j.at("datasets")) {
      c.datasets.push_back({d.at("path"), d.at("size"), d.at("sha256")});
    }
    c.stats = ParseShardStats(j.at("stats").dump(), where);
    for (const json& o : j.at("outputs")) {
      c.outputs.emplace_back(o.at("path"), o.at("length"));
      if (o.contains("temporary")) {
        c.temporaries[o.at("path")] = o.at("temporary").get<std::string>();
      }
    }
    if (j.contains("in_progress")) {
      const json& p = j.at("in_progress");
      c.in_progress = PassPoint{p.at("lines"), p.at("line_position")};
    }
  } catch (const json::exception& error) {
    throw CheckpointError(where + ": not a checkpoint: " + error.what());
  } catch (const ShardStatsError& error) {
    throw CheckpointError(error.what());
  }
  if (c.in_progress && c.stats.datasets.empty()) {
    throw CheckpointError(where + ": a dataset in progress without its pass");
  }
  if (c.stats.datasets.size() > c.datasets.size()) {
    throw CheckpointError(where + ": more passes than datasets");
  }
  return c;
}

Checkpoint ReadCheckpointFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    throw CheckpointError("cannot read " + path + ": " + std::strerror(errno));
  }
  std::ostringstream text;
  text << in.rdbuf();
  return ParseCheckpoint(text.str(), path);
}

std::string BuildMismatch(const Manifest& made_by, const Manifest& current) {
  const std::pair<const char*, std::pair<std::string, std::string>> fields[] = {
      {"version", {made_by.version, current.version}},
      {"git revision", {made_by.git_revision, current.git_revision}},
      {"compiler", {made_by.compiler, current.compiler}},
      {"build flags", {made_by.build_flags, current.build_flags}}};
  for (const auto& [name, values] : fields) {
    if (values.first != values.second) {
      return std::string("made by another build (") + name + " '" +
             values.first + "', this build '" + values.second + "')";
    }
  }
  return "";
}

}  // namespace sudoku
