// The plugin loader in process: per-thread states made on a thread's first call
// and freed when it ends, answers translated.
#include "bench/run/plugin_loader.h"

#include <dlfcn.h>
#include <gtest/gtest.h>

#include <string>
#include <thread>
#include <vector>

#include "strategies/registry.h"

namespace sudoku {
namespace {

using CountsFn = void (*)(int*, int*);

TEST(PluginLoader, OneStatePerThreadFreedWhenTheThreadEnds) {
  PluginLoader loader;
  std::string error;
  ASSERT_TRUE(loader.Load(STATE_PLUGIN, AllStrategies(), error)) << error;
  ASSERT_EQ(loader.strategies().size(), 1u);
  const Strategy& s = loader.strategies()[0];
  EXPECT_EQ(s.name, "state-counter");
  EXPECT_EQ(s.origin, STATE_PLUGIN);
  EXPECT_EQ(s.node_unit, "call");
  void* handle = dlopen(STATE_PLUGIN, RTLD_NOW | RTLD_NOLOAD);
  ASSERT_NE(handle, nullptr);
  const auto counts =
      reinterpret_cast<CountsFn>(dlsym(handle, "state_plugin_counts"));
  ASSERT_NE(counts, nullptr);

  const Grid empty{};
  std::vector<std::thread> threads;
  std::vector<uint64_t> last(3);
  for (int t = 0; t < 3; ++t) {
    threads.emplace_back([&, t] {
      for (int call = 0; call < 5; ++call) {
        const SolveResult r = s.Solve(empty, 1, kUnlimitedNodes);
        EXPECT_EQ(r.outcome, Outcome::kOverBudget);
        last[t] = r.nodes;
      }
    });
  }
  for (std::thread& t : threads) t.join();
  int made = 0, freed = 0;
  counts(&made, &freed);
  EXPECT_EQ(made, 3);
  EXPECT_EQ(freed, 3);
  EXPECT_EQ(last, (std::vector<uint64_t>{5, 5, 5}));  // one state each

  EXPECT_EQ(s.Solve(empty, 1, kUnlimitedNodes).nodes, 1u);  // this thread's
  counts(&made, &freed);
  EXPECT_EQ(made, 4);
  EXPECT_EQ(freed, 3);  // this thread still runs
  dlclose(handle);      // the RTLD_NOLOAD reference only
}

TEST(PluginLoader, RefusesAndAddsNothing) {
  PluginLoader loader;
  std::string error;
  EXPECT_FALSE(loader.Load("/no/such/plugin.so", AllStrategies(), error));
  EXPECT_NE(error.find("--plugin /no/such/plugin.so: cannot be loaded"),
            std::string::npos)
      << error;
  EXPECT_TRUE(loader.strategies().empty());
}

TEST(PluginSpec, ALabelIsAWordBeforeTheFirstEquals) {
  const auto label = [](const std::string& text) {
    return PluginSpec::Parse(text).label + "|" + PluginSpec::Parse(text).path;
  };
  EXPECT_EQ(label("base=old/lib.so"), "base|old/lib.so");
  EXPECT_EQ(label("new_2-b=a=b.so"), "new_2-b|a=b.so");
  EXPECT_EQ(label("lib.so"), "|lib.so");
  EXPECT_EQ(label("dir/x=y.so"), "|dir/x=y.so");  // a '/' first: a path
  EXPECT_EQ(label("v1.2=lib.so"), "|v1.2=lib.so");
  EXPECT_EQ(label("=lib.so"), "|=lib.so");
  EXPECT_EQ(label("base="), "base|");
}

TEST(PluginLoader, OneFileUnderTwoLabelsKeepsTwoStatesPerThread) {
  PluginLoader loader;
  std::string error;
  const std::string path = STATE_PLUGIN;
  ASSERT_TRUE(loader.Load("a=" + path, AllStrategies(), error)) << error;
  ASSERT_TRUE(loader.Load("b=" + path, AllStrategies(), error)) << error;
  ASSERT_EQ(loader.strategies().size(), 2u);
  const Strategy& a = loader.strategies()[0];
  const Strategy& b = loader.strategies()[1];
  EXPECT_EQ(a.name, "a:state-counter");
  EXPECT_EQ(b.name, "b:state-counter");
  EXPECT_EQ(a.origin, path);
  EXPECT_EQ(a.origin_sha256.size(), 64u);
  EXPECT_EQ(a.origin_sha256, b.origin_sha256);
  EXPECT_FALSE(loader.Load("a=" + path, AllStrategies(), error));
  EXPECT_NE(error.find("'a:state-counter' is a duplicate"), std::string::npos)
      << error;
  // A fresh thread, so that no earlier loader's slots are in its table.
  std::vector<uint64_t> nodes;
  std::thread([&] {
    const Grid empty{};
    nodes.push_back(a.Solve(empty, 1, kUnlimitedNodes).nodes);
    nodes.push_back(a.Solve(empty, 1, kUnlimitedNodes).nodes);
    nodes.push_back(b.Solve(empty, 1, kUnlimitedNodes).nodes);
  }).join();
  EXPECT_EQ(nodes, (std::vector<uint64_t>{1, 2, 1}));  // each row its own
}

}  // namespace
}  // namespace sudoku
