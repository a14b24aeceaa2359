// Whether two paths name one file, by device and inode where they exist and by
// normalised path where they do not yet.
#include "engine/common/file_identity.h"

#include <sys/stat.h>

#include <filesystem>
#include <vector>

namespace sudoku {
namespace {

// What a path stands for when compared: an existing file's device and inode,
// or the normalised absolute path of one not yet made.
struct Identity {
  bool comparable = false;  // "-" and devices are not compared
  bool exists = false;
  dev_t device = 0;
  ino_t inode = 0;
  std::string normal;

  bool Same(const Identity& other) const {
    if (!comparable || !other.comparable) return false;
    if (exists && other.exists) {
      return device == other.device && inode == other.inode;
    }
    return !exists && !other.exists && normal == other.normal;
  }
};

Identity IdentityOf(const std::string& path) {
  Identity identity;
  if (path.empty() || path == "-") return identity;
  struct stat info {};
  if (stat(path.c_str(), &info) == 0) {
    // Many outputs may go to /dev/null or a terminal; a FIFO is read or
    // written once, and a second writer would only wait.
    if (S_ISCHR(info.st_mode) || S_ISFIFO(info.st_mode)) return identity;
    identity.comparable = true;
    identity.exists = true;
    identity.device = info.st_dev;
    identity.inode = info.st_ino;
    return identity;
  }
  std::error_code error;
  const std::filesystem::path absolute = std::filesystem::absolute(path, error);
  if (error) return identity;
  identity.comparable = true;
  identity.normal =
      std::filesystem::weakly_canonical(absolute, error).lexically_normal();
  if (error) identity.normal = absolute.lexically_normal();
  return identity;
}

}  // namespace

std::optional<PathClash> FindPathClash(std::span<const NamedPath> inputs,
                                       std::span<const NamedPath> outputs) {
  std::vector<Identity> input_ids;
  for (const NamedPath& input : inputs) input_ids.push_back(IdentityOf(input.path));
  std::vector<Identity> output_ids;
  for (const NamedPath& output : outputs) {
    const Identity id = IdentityOf(output.path);
    for (size_t i = 0; i < inputs.size(); ++i) {
      if (id.Same(input_ids[i])) return PathClash{output, inputs[i], true};
    }
    for (size_t i = 0; i < output_ids.size(); ++i) {
      if (id.Same(output_ids[i])) return PathClash{output, outputs[i], false};
    }
    output_ids.push_back(id);
  }
  return std::nullopt;
}

std::string DescribeClash(const PathClash& clash) {
  std::string text = clash.output.what + " " + clash.output.path +
                     " names the same file as " + clash.other.what + " " +
                     clash.other.path;
  text += clash.other_is_input
              ? ": writing it would destroy the input; choose another path"
              : ": one would overwrite the other; choose another path";
  return text;
}

}  // namespace sudoku
