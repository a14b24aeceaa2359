// A program's output files: checked, opened, and their writes checked.
#include "engine/cli/output_files.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <ostream>
#include <utility>

namespace sudoku {
namespace {

bool IsStandardOutput(const std::string& path) {
  return path.empty() || path == "-";
}

}  // namespace

OutputFiles::OutputFiles(std::string program, std::ostream& standard_output,
                         std::ostream& err)
    : program_(std::move(program)),
      standard_output_(standard_output),
      err_(err) {}

OutputFiles::~OutputFiles() = default;

bool OutputFiles::Open(const std::vector<NamedPath>& inputs,
                       const std::vector<NamedPath>& outputs) {
  outputs_ = outputs;
  // Standard output is "-" to FindPathClash, which lets many outputs share
  // it.
  std::vector<NamedPath> checked = outputs;
  for (NamedPath& output : checked) {
    if (IsStandardOutput(output.path)) output.path = "-";
  }
  if (const auto clash = FindPathClash(inputs, checked)) {
    err_ << program_ << ": " << DescribeClash(*clash) << '\n';
    return false;
  }
  for (const NamedPath& output : outputs) {
    if (IsStandardOutput(output.path)) {
      streams_.push_back(&standard_output_);
      continue;
    }
    errno = 0;
    auto file = std::make_unique<std::ofstream>(output.path, std::ios::binary);
    if (!*file) {
      err_ << program_ << ": cannot write " << output.path
           << (errno != 0 ? std::string(": ") + std::strerror(errno) : "")
           << '\n';
      return false;
    }
    streams_.push_back(file.get());
    files_.push_back(std::move(file));
  }
  return true;
}

bool OutputFiles::Good() const {
  for (const std::ostream* stream : streams_) {
    if (!*stream) return false;
  }
  return true;
}

bool OutputFiles::Close() {
  bool good = true;
  for (size_t i = 0; i < streams_.size(); ++i) {
    std::ostream& stream = *streams_[i];
    const bool failed_before = !stream;
    // A stream that failed is flushed once more, so that errno says why
    // (what it still holds fails again); the failure stands either way.
    errno = 0;
    if (failed_before) stream.clear();
    stream.flush();
    const int reason = errno;
    if (!failed_before && stream) continue;
    stream.setstate(std::ios::badbit);
    good = false;
    bool said = !failed_.insert(i).second;
    for (size_t j = 0; j < i; ++j) said |= streams_[j] == streams_[i];
    if (said) continue;
    const std::string& path = outputs_[i].path;
    err_ << program_ << ": writing "
         << (IsStandardOutput(path) ? "standard output" : path) << " failed"
         << (reason != 0 ? std::string(": ") + std::strerror(reason) : "")
         << "; the output is incomplete\n";
  }
  return good;
}

}  // namespace sudoku
