// Fuzzes the stats JSON reader of `bench merge` (the checkpoint format to
// come): what it accepts it writes back and reads again unchanged.
#include "engine/distributed/shard_stats.h"

#include <cstddef>
#include <cstdint>
#include <string>

#include "tests/fuzz/fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const sudoku::ShardPart part = sudoku::ParseShardStats(text, "fuzz.json");
    const std::string written = sudoku::ShardStatsJson(part);
    const sudoku::ShardPart again = sudoku::ParseShardStats(written, "written");
    FUZZ_CHECK(sudoku::ShardStatsJson(again) == written);
  } catch (const sudoku::ShardStatsError& error) {
    FUZZ_CHECK(std::string(error.what()).starts_with("fuzz.json: "));
  }
  return 0;
}
