// The run manifest the reporter tests write, fixed so their goldens hold.
#pragma once

#include "engine/report/report.h"

namespace sudoku::testing {

inline Manifest FixedManifest() {
  Manifest m;
  m.version = "0.1.0";
  m.git_revision = "abc1234";
  m.compiler = "GNU 12.2.0";
  m.build_flags = "Release -O3";
  m.cpu = "Test CPU, 2 cores";  // a comma, so the CSV must quote it
  m.date = "2026-01-02T03:04:05Z";
  m.ranks = 1;
  m.hosts = "test-host:1";
  return m;
}

}  // namespace sudoku::testing
