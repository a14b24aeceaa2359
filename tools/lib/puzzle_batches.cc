// Puzzles read from the tools' inputs a few thousand at a time.
#include "tools/lib/puzzle_batches.h"

#include <deque>
#include <memory>
#include <ostream>

#include "engine/common/exit_codes.h"

namespace sudoku {
namespace {

constexpr size_t kBatchSize = 8192;

}  // namespace

void ReportBadLine(std::ostream& err, const std::string& file, uint64_t line,
                   const std::string& reason) {
  err << file << ':' << line << ": " << reason << '\n';
}

int ReadInBatches(
    const std::vector<std::string>& paths, FileFormat format, std::istream& in,
    std::ostream& err,
    const std::function<void(std::vector<InputRecord>&, uint64_t)>& on_batch,
    bool keep_rows) {
  int exit_code = kExitOk;
  std::vector<InputRecord> batch;
  uint64_t first_index = 0;
  auto flush = [&] {
    if (batch.empty()) return;
    on_batch(batch, first_index);
    first_index += batch.size();
    batch.clear();
  };
  const std::string stdin_name = "-";
  // Per input, so a batch's records may point at any file's header.
  std::deque<std::string> headers;
  SourceRow row;
  for (const std::string& path : paths) {
    const std::string* name = path == "-" ? &stdin_name : &path;
    std::unique_ptr<Input> input;
    try {
      input = path == "-" ? std::make_unique<Input>(in, stdin_name)
                          : std::make_unique<Input>(path);
    } catch (const InputError&) {
      err << path << ": cannot open\n";
      exit_code = kExitUsage;
      continue;
    }
    uint64_t puzzles = 0, bad = 0;
    std::string first_row;
    try {
      ReadPuzzles(
          *input, format,
          [&](const PuzzleRecord& record) {
            ++puzzles;
            batch.push_back({name, record});
            if (keep_rows) {
              if (headers.empty() || headers.back() != row.header) {
                headers.push_back(row.header);
              }
              batch.back().row = row.content;
              batch.back().format = row.format;
              batch.back().header = &headers.back();
            }
            if (batch.size() == kBatchSize) flush();
          },
          [&](uint64_t line, const std::string& reason) {
            ++bad;
            ReportBadLine(err, *name, line, reason);
            if (exit_code == kExitOk) exit_code = kExitFailure;
          },
          &first_row, keep_rows ? &row : nullptr);
    } catch (const InputError& error) {
      // A corrupt or truncated compressed file: what came before stands.
      err << error.what() << '\n';
      exit_code = kExitUsage;
      continue;
    }
    if (puzzles == 0 && bad > 0) {
      err << UnreadableInput(*name, bad, first_row) << '\n';
      exit_code = kExitUsage;
    }
  }
  flush();
  return exit_code;
}

}  // namespace sudoku
