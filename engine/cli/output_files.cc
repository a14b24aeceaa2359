// A program's output files: checked, opened through the one writer, and
// their writes checked and made whole at the end.
#include "engine/cli/output_files.h"

#include <cerrno>
#include <cstring>
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
                       const std::vector<NamedPath>& outputs,
                       const std::set<size_t>& appended) {
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
  for (size_t i = 0; i < outputs.size(); ++i) {
    const NamedPath& output = outputs[i];
    if (IsStandardOutput(output.path)) {
      streams_.push_back(&standard_output_);
      files_.push_back(nullptr);
      continue;
    }
    std::string error;
    AtomicOutput::Options options;
    options.append = appended.contains(i);
    auto file = AtomicOutput::Open(output.path, options, error);
    if (file == nullptr) {
      err_ << program_ << ": " << error << '\n';
      files_.clear();  // the ones opened leave their targets as they were
      return false;
    }
    streams_.push_back(&file->stream());
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

void OutputFiles::SayFailed(size_t i, const std::string& why) {
  if (!failed_.insert(i).second) return;
  for (size_t j = 0; j < i; ++j) {
    if (streams_[j] == streams_[i] && failed_.contains(j)) return;
  }
  const std::string& path = outputs_[i].path;
  const bool replaced = files_[i] != nullptr && files_[i]->replaces();
  err_ << program_ << ": " << why << "; "
       << (replaced ? path + " is left as it was" : "the output is incomplete")
       << '\n';
}

bool OutputFiles::Close() {
  if (closed_) return failed_.empty();
  closed_ = true;
  for (size_t i = 0; i < streams_.size(); ++i) {
    std::string error;
    if (files_[i] != nullptr) {
      if (!files_[i]->Flush(error)) SayFailed(i, error);
      continue;
    }
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
    SayFailed(
        i, "writing standard output failed" +
               (reason != 0 ? std::string(": ") + std::strerror(reason) : ""));
  }
  // All or none: a run whose one output failed replaces no target.
  for (size_t i = 0; i < files_.size(); ++i) {
    if (files_[i] == nullptr) continue;
    std::string error;
    if (!failed_.empty()) {
      files_[i]->Discard();
    } else if (!files_[i]->Commit(error)) {
      SayFailed(i, error);
    }
  }
  return failed_.empty();
}

}  // namespace sudoku
