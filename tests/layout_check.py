#!/usr/bin/env python3
"""Checks that the source tree keeps the layout engine/README.md and docs/architecture.md describe.

  python3 tests/layout_check.py [SOURCE_DIR]

- engine/: a folder includes only folders listed above it in engine/README.md's table, never
  bench/ or tools/; every folder has a README.md; oneTBB is included only by engine/pipeline/.
- strategies/: includes only strategies/ (the engine never reaches a concrete strategy through
  it, and a strategy knows nothing of the engine).
- mpi.h is included by bench/run/mpi_rank_group.cc alone.
- every C and C++ source file opens with a comment line saying what it is for.
- every top folder of code (engine/, strategies/, bench/, tools/), tests/ and datasets/ has a
  README.md saying what lives there, what it may include and where a new one goes.
- bench/cli/ includes only bench/cli/; bench/run/ never includes bench/'s subcommands (the top
  level's files and bench/bisect/).
- no include runs upward inside a folder of FOLDER_LAYERS: bench/run/'s files are in layers,
  lowest first, and a file includes only its own layer's and lower ones' (every file of the
  folder is in one).
- tools/ never includes bench/; tools/lib/ (the library) includes no program's folder, and a
  program's folder (tools/gen/, ...) no other program's.
- engine/, bench/ and tools/ call a strategy only through Strategy::Solve, which gives each call
  its own copy of the givens, never through its `solve` member (a plugin's ABI `descriptor->solve`
  aside, which Strategy::Solve reaches through the trampoline).
- no source file of engine/, strategies/, bench/ or tools/ is over MAX_LINES lines, and no function
  in them over function_lengths.MAX_FUNCTION_LINES; the SIMD kernel (strategies/*.inc) aside.
Prints every violation as FILE:LINE: reason and exits 1 when there is one.
"""
import os
import re
import sys

import function_lengths

MAX_LINES = 600
CODE_TOPS = ("engine", "strategies", "bench", "tools")
# Inside a folder, its files in layers, lowest first: a file includes only files of its own
# layer or lower ones (by base name, .h and .cc alike). bench/run/: the parts; the strategies
# and the outputs; the resolve step (the plan); the interface of one dataset's pass; a runner
# per mode; what runs them (the mode's runner made, the loop over the datasets, a rank's part);
# the command.
FOLDER_LAYERS = {
    os.path.join("bench", "run"): (
        ("rank_group", "spawn_group", "exit_code", "dataset_pass", "crash_report", "crash_csv",
         "rank_parts", "stdout_shield", "stop_watchdog", "process_reply", "plugin_loader",
         "mpi_rank_group", "no_rank_group"),
        ("process_strategy", "plugin_server", "loaded_strategies", "observers", "counts_check",
         "output_table", "outputs"),
        ("plan_checks", "checkpoint_check", "run_plan"),
        ("pass_runner",),
        ("repeat_rounds", "ab_run", "checkpoint_run", "instructions_run"),
        ("mode_runner", "run_datasets", "scale_out"),
        ("run_command",),
    ),
}
# The top folders a newcomer opens first: each says what it is.
README_TOPS = CODE_TOPS + ("tests", "datasets")
SOURCE_SUFFIXES = (".cc", ".h", ".c", ".inc")
INCLUDE = re.compile(r'^\s*#\s*include\s+([<"])([^>"]+)[>"]')
# A direct call of a Strategy row's solve function, past Strategy::Solve.
RAW_SOLVE = re.compile(r'(?<!descriptor)(\.|->)solve\(')


def engine_layers(root):
    """The engine folders in README order, lowest first."""
    layers = []
    with open(os.path.join(root, "engine", "README.md"), encoding="utf-8") as readme:
        for line in readme:
            match = re.match(r"^\|\s*\[`([a-z_]+)/`\]", line)
            if match:
                layers.append(match.group(1))
    return layers


def sources(root, top):
    for folder, _, files in os.walk(os.path.join(root, top)):
        # The fuzzers' seed inputs, not sources.
        if os.path.relpath(folder, root).split(os.sep)[:3] == ["tests", "fuzz", "corpus"]:
            continue
        for name in sorted(files):
            if name.endswith(SOURCE_SUFFIXES):
                yield os.path.join(folder, name)


def includes(path):
    with open(path, encoding="utf-8", errors="replace") as source:
        for number, line in enumerate(source, 1):
            match = INCLUDE.match(line)
            if match:
                yield number, match.group(1), match.group(2)


def check(root):
    problems = []

    def say(path, number, reason):
        problems.append(f"{os.path.relpath(path, root)}:{number}: {reason}")

    for top in README_TOPS:
        if not os.path.isfile(os.path.join(root, top, "README.md")):
            say(os.path.join(root, top), 1, f"{top}/ has no README.md (what lives here, what "
                "it may include, where a new one goes)")

    layers = engine_layers(root)
    if not layers:
        say(os.path.join(root, "engine", "README.md"), 1, "no folder table found")
    rank = {name: index for index, name in enumerate(layers)}
    engine_dir = os.path.join(root, "engine")
    for name in sorted(os.listdir(engine_dir)):
        folder = os.path.join(engine_dir, name)
        if not os.path.isdir(folder):
            if name.endswith(SOURCE_SUFFIXES):
                say(folder, 1, "engine sources live in the folders of engine/README.md")
            continue
        if name not in rank:
            say(folder, 1, f"engine/{name}/ is not in engine/README.md's table")
        if not os.path.isfile(os.path.join(folder, "README.md")):
            say(folder, 1, f"engine/{name}/ has no README.md")

    for path in sources(root, "engine"):
        here = os.path.relpath(path, engine_dir).split(os.sep)[0]
        for number, kind, target in includes(path):
            if kind != '"':
                if target.startswith(("tbb/", "oneapi/")) and here != "pipeline":
                    say(path, number, f"<{target}>: oneTBB stays in engine/pipeline/")
                if target == "mpi.h":
                    say(path, number, "mpi.h stays in bench/run/mpi_rank_group.cc")
                continue
            top = target.split("/")[0]
            if top in ("bench", "tools", "tests"):
                say(path, number, f'"{target}": the engine never includes {top}/')
            elif top == "strategies" and target not in (
                    "strategies/strategy.h", "strategies/geometry.h"):
                say(path, number, f'"{target}": the engine knows only the strategy contract')
            elif top == "engine":
                parts = target.split("/")
                there = parts[1] if len(parts) > 2 else None
                if there is None:
                    if target != "engine/build_info.h":
                        say(path, number, f'"{target}": engine headers live in its folders')
                elif there not in rank:
                    say(path, number, f'"{target}": engine/{there}/ is not a known folder')
                elif here in rank and rank[there] > rank[here]:
                    say(path, number, f'"{target}": engine/{here}/ may not include '
                        f"engine/{there}/, which is above it in engine/README.md")

    for path in sources(root, "strategies"):
        for number, kind, target in includes(path):
            if kind == '"' and not target.startswith("strategies/"):
                say(path, number, f'"{target}": a strategy includes only strategies/')

    for top in ("bench", "tools", "tests"):
        for path in sources(root, top):
            for number, kind, target in includes(path):
                if target == "mpi.h" and os.path.relpath(path, root) != "bench/run/mpi_rank_group.cc":
                    say(path, number, "mpi.h stays in bench/run/mpi_rank_group.cc")

    for top in ("engine", "strategies", "bench", "tools", "tests"):
        for path in sources(root, top):
            with open(path, encoding="utf-8", errors="replace") as source:
                first = source.readline()
            if not (first.startswith("//") or first.startswith("/*")):
                say(path, 1, "a source file opens with one line saying what it is for")

    # Within bench/: the option definitions (cli/) know neither the run (run/)
    # nor the subcommands; the run uses cli/ and never a subcommand.
    for path in sources(root, "bench"):
        here = os.path.relpath(path, os.path.join(root, "bench")).split(os.sep)
        for number, kind, target in includes(path):
            if kind != '"' or not target.startswith("bench/"):
                continue
            parts = target.split("/")
            if here[0] == "cli" and (len(parts) == 2 or parts[1] != "cli"):
                say(path, number, f'"{target}": bench/cli/ includes only bench/cli/')
            if here[0] == "run" and (len(parts) == 2 or parts[1] == "bisect"):
                say(path, number, f'"{target}": bench/run/ never includes a subcommand')

    # Inside a folder of FOLDER_LAYERS, no include runs upward.
    for folder, layers in FOLDER_LAYERS.items():
        layer_of = {name: index for index, group in enumerate(layers) for name in group}
        for path in sources(root, folder):
            if os.path.dirname(os.path.relpath(path, root)) != folder:
                continue
            here = os.path.splitext(os.path.basename(path))[0]
            if here not in layer_of:
                say(path, 1, f"{folder}/{here} is in no layer of layout_check.py's FOLDER_LAYERS")
                continue
            for number, kind, target in includes(path):
                if kind != '"' or os.path.dirname(target) != folder:
                    continue
                there = os.path.splitext(os.path.basename(target))[0]
                if layer_of.get(there, -1) > layer_of[here]:
                    say(path, number, f'"{target}": an include that runs upward inside '
                        f"{folder}/ (layout_check.py's FOLDER_LAYERS)")

    # tools/: a library (lib/) and one folder per program, which parses and calls it.
    for path in sources(root, "tools"):
        here = os.path.relpath(path, os.path.join(root, "tools")).split(os.sep)
        for number, kind, target in includes(path):
            parts = target.split("/")
            if kind != '"' or len(parts) < 2:
                continue
            if parts[0] == "bench":
                say(path, number, f'"{target}": tools/ never includes bench/')
            elif parts[0] == "tools" and len(parts) > 2 and parts[1] not in ("lib", here[0]):
                say(path, number, f'"{target}": tools/{here[0]}/ includes only tools/lib/ '
                    "and its own folder")

    # Every call of a strategy gets its own copy of the givens: the one door
    # is Strategy::Solve (strategies/strategy.h).
    for top in ("engine", "bench", "tools"):
        for path in sources(root, top):
            with open(path, encoding="utf-8", errors="replace") as source:
                for number, line in enumerate(source, 1):
                    if RAW_SOLVE.search(line) and not line.lstrip().startswith("//"):
                        say(path, number, "call a strategy through Strategy::Solve, "
                            "which gives the call its own copy of the givens, not `solve`")

    for top in CODE_TOPS:
        for path in sources(root, top):
            if path.endswith(".inc"):
                continue
            with open(path, encoding="utf-8", errors="replace") as source:
                text = source.read()
            count = text.count("\n")
            if count > MAX_LINES:
                say(path, count, f"{count} lines: keep each source file under "
                    f"{MAX_LINES} (split it by concern)")
            for first, lines in function_lengths.long_functions(text):
                say(path, first, f"a function of {lines} lines: keep each under "
                    f"{function_lengths.MAX_FUNCTION_LINES} (split it into named steps)")
    return problems


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                           os.path.join(os.path.dirname(__file__), ".."))
    problems = check(root)
    for problem in problems:
        print(problem)
    if problems:
        print(f"layout_check: {len(problems)} problem(s)", file=sys.stderr)
        return 1
    print("layout_check: the tree keeps its layout")
    return 0


if __name__ == "__main__":
    sys.exit(main())
