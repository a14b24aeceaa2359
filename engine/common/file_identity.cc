// Whether two paths name one file, by device and inode where they exist and by
// normalised path where they do not yet.
#include "engine/common/file_identity.h"

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <vector>

#include "engine/common/atomic_output.h"

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

// `standard`: the descriptor "-" stands for (standard input for an input,
// standard output for an output), known by what it is: a redirect from or
// to a file is that file.
Identity IdentityOf(const std::string& path, int standard) {
  Identity identity;
  if (path.empty()) return identity;
  struct stat info {};
  if (path == "-" ? fstat(standard, &info) == 0
                  : stat(path.c_str(), &info) == 0) {
    // Many outputs may go to /dev/null or a terminal; a FIFO is read or
    // written once, and a second writer would only wait.
    if (S_ISCHR(info.st_mode) || S_ISFIFO(info.st_mode)) return identity;
    identity.comparable = true;
    identity.exists = true;
    identity.device = info.st_dev;
    identity.inode = info.st_ino;
    return identity;
  }
  if (path == "-") return identity;
  // Not there yet: where it will be made, a dangling link's target included.
  identity.comparable = true;
  identity.normal = ResolveOutputPath(path);
  return identity;
}

// "-" as a message names it: what the descriptor is, when it is a file.
std::string Described(const NamedPath& named, int standard) {
  if (named.path != "-") return named.what + " " + named.path;
  char target[4096];
  const std::string link = "/proc/self/fd/" + std::to_string(standard);
  const ssize_t n = readlink(link.c_str(), target, sizeof(target) - 1);
  const std::string which =
      standard == STDIN_FILENO ? "standard input" : "standard output";
  return named.what + " - (" + which +
         (n > 0 ? ", " + std::string(target, static_cast<size_t>(n)) : "") +
         ")";
}

}  // namespace

std::optional<PathClash> FindPathClash(std::span<const NamedPath> inputs,
                                       std::span<const NamedPath> outputs) {
  std::vector<Identity> input_ids;
  for (const NamedPath& input : inputs) {
    input_ids.push_back(IdentityOf(input.path, STDIN_FILENO));
  }
  std::vector<Identity> output_ids;
  for (const NamedPath& output : outputs) {
    const Identity id = IdentityOf(output.path, STDOUT_FILENO);
    for (size_t i = 0; i < inputs.size(); ++i) {
      if (id.Same(input_ids[i])) return PathClash{output, inputs[i], true};
    }
    for (size_t i = 0; i < output_ids.size(); ++i) {
      // Many outputs may share standard output, whatever it is.
      if (output.path == "-" && outputs[i].path == "-") continue;
      if (id.Same(output_ids[i])) return PathClash{output, outputs[i], false};
    }
    output_ids.push_back(id);
  }
  return std::nullopt;
}

std::string DescribeClash(const PathClash& clash) {
  std::string text =
      Described(clash.output, STDOUT_FILENO) + " names the same file as " +
      Described(clash.other,
                clash.other_is_input ? STDIN_FILENO : STDOUT_FILENO);
  text += clash.other_is_input
              ? ": writing it would destroy the input; choose another path"
              : ": one would overwrite the other; choose another path";
  return text;
}

std::string ThisProgram() {
  std::error_code error;
  const std::filesystem::path path =
      std::filesystem::read_symlink("/proc/self/exe", error);
  return error || path.empty() ? std::string("bench") : path.string();
}

}  // namespace sudoku
