// The checkpoint file: JSON around the mergeable statistics, written
// atomically.
#include "engine/distributed/checkpoint.h"

#include <fcntl.h>
#include <unistd.h>

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

std::string Errno() { return std::strerror(errno); }

void WriteAll(int fd, const std::string& text, const std::string& path) {
  size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw CheckpointError("cannot write " + path + ": " + Errno());
    done += static_cast<size_t>(n);
  }
}

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
    outputs.push_back({{"path", path}, {"length", length}});
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
  if (!in) throw CheckpointError("cannot read " + path + ": " + Errno());
  std::ostringstream text;
  text << in.rdbuf();
  return ParseCheckpoint(text.str(), path);
}

void WriteFileAtomically(const std::string& path, const std::string& text) {
  const std::string temporary = path + ".tmp";
  const int fd = open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0)
    throw CheckpointError("cannot write " + temporary + ": " + Errno());
  try {
    WriteAll(fd, text, temporary);
    if (fsync(fd) != 0) {
      throw CheckpointError("cannot sync " + temporary + ": " + Errno());
    }
  } catch (...) {
    close(fd);
    throw;
  }
  close(fd);
  if (std::rename(temporary.c_str(), path.c_str()) != 0) {
    throw CheckpointError("cannot rename " + temporary + " to " + path + ": " +
                          Errno());
  }
  // The rename itself survives a power cut only once the directory is
  // synced.
  std::string directory = std::filesystem::path(path).parent_path().string();
  if (directory.empty()) directory = ".";
  const int dir = open(directory.c_str(), O_RDONLY | O_DIRECTORY);
  if (dir >= 0) {
    fsync(dir);
    close(dir);
  }
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
