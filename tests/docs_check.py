#!/usr/bin/env python3
"""Checks that the documentation cannot drift from the code (CTest DocsCheck.*).

  docs_check.py SOURCE_DIR options BENCH GEN SHUFFLE CONVERT CORPUS
      every long option that a program's --help prints is in docs/cli.md, in backticks,
      inside that program's section (## `bench`, ## `bench compare`, ## `bench bisect`,
      ## `gen`, ...; `bench history add`, `show` and `check` in ## `bench history`; the
      options of corpus's subcommands in ## `corpus`); and every row of its table of
      ranges ('### Ranges of the numeric options') says the range the program itself
      names when refusing a value ("'x' is not a number (-99 to 10^6)"); an option whose
      range starts above 0 has no row giving 0 a meaning ("(0: every puzzle is)")
  docs_check.py SOURCE_DIR columns BENCH
      every column of the CSV header bench writes is in docs/report.md, in backticks, and
      the README's "N fixed columns" is the header's count
  docs_check.py SOURCE_DIR links
      every relative link and anchor in README.md and the other Markdown files resolves
  docs_check.py SOURCE_DIR recipes BUILD_DIR
      every README.md block marked <!-- recipe --> runs: its `$ ` lines, in one shell, in a
      scratch directory that sees the repository's files and BUILD_DIR as build/; a command
      ending in `# exit N` must exit N, every other one 0

Prints each problem as FILE:LINE: reason and exits 1 when there is one.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unicodedata

# Markdown files the link check reads: the README, docs/, and the READMEs of the tree.
MARKDOWN_SKIP = {"build", ".git", "corpus"}


def markdown_files(root):
    for folder, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if d not in MARKDOWN_SKIP and not d.startswith(("build", "."))]
        for name in sorted(files):
            if name.endswith(".md"):
                yield os.path.join(folder, name)


def prose_lines(path):
    """(line number, text) of a Markdown file outside fenced code blocks."""
    fence = None
    with open(path, encoding="utf-8") as source:
        for number, line in enumerate(source, 1):
            stripped = line.strip()
            match = re.match(r"^(`{3,}|~{3,})", stripped)
            if match:
                if fence is None:
                    fence = match.group(1)[0] * len(match.group(1))
                elif stripped.startswith(fence) and stripped.strip(fence[0]) == "":
                    fence = None
                continue
            if fence is None:
                yield number, line.rstrip("\n")


def slug(heading):
    """GitHub's anchor for a heading: lowercase, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"<[^>]+>", "", heading).strip().lower()
    kept = []
    for char in text:
        category = unicodedata.category(char)
        if char in "-_ " or category[0] in "LN" or category == "Mn":
            kept.append(char)
    return "".join(kept).replace(" ", "-")


def anchors(path):
    found = set()
    counts = {}
    for _, line in prose_lines(path):
        heading = re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
        if heading:
            base = slug(heading.group(1))
            count = counts.get(base, 0)
            counts[base] = count + 1
            found.add(base if count == 0 else f"{base}-{count}")
        for explicit in re.findall(r'<a\s+(?:id|name)="([^"]+)"', line):
            found.add(explicit)
    return found


def strip_inline_code(line):
    return re.sub(r"(`+)(.+?)\1", "", line)


LINK = re.compile(r"!?\[(?:[^\]\[]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE = re.compile(r"^\s*\[[^\]]+\]:\s*(\S+)")


def check_links(root):
    problems = []
    anchor_cache = {}
    for path in markdown_files(root):
        for number, line in prose_lines(path):
            text = strip_inline_code(line)
            targets = LINK.findall(text) + REFERENCE.findall(text)
            for target in targets:
                if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):
                    continue  # http:, https:, mailto: ...: not ours to check offline
                file_part, _, anchor = target.partition("#")
                if file_part:
                    resolved = os.path.normpath(os.path.join(os.path.dirname(path), file_part))
                else:
                    resolved = path
                where = f"{os.path.relpath(path, root)}:{number}"
                if not os.path.exists(resolved):
                    problems.append(f"{where}: link to {target}: no such file")
                    continue
                if anchor:
                    if not resolved.endswith(".md"):
                        continue  # a line anchor in a source file (#L10) is GitHub's, not ours
                    if resolved not in anchor_cache:
                        anchor_cache[resolved] = anchors(resolved)
                    if anchor not in anchor_cache[resolved]:
                        problems.append(
                            f"{where}: link to {target}: no heading "
                            f"'#{anchor}' in {os.path.relpath(resolved, root)}")
    return problems


def help_options(program, *words):
    result = subprocess.run([program, *words, "--help"], capture_output=True, text=True,
                            timeout=60)
    if result.returncode != 0:
        raise RuntimeError(f"{program} {' '.join(words)} --help exited {result.returncode}")
    options = []
    for line in result.stdout.splitlines():
        # Option lines start with the option's names; descriptions and wrapped text do not.
        match = re.match(r"^\s+((?:-[A-Za-z0-9],)?--[A-Za-z0-9][A-Za-z0-9-]*)", line)
        if match:
            name = match.group(1).split(",")[-1]
            if name not in ("--help", "--help-all") and name not in options:
                options.append(name)
    return options


def cli_sections(path):
    """The text of docs/cli.md under each `## `program`` heading, by program."""
    sections = {}
    current = None
    for _, line in prose_lines(path):
        heading = re.match(r"^##\s+`([a-z][a-z ]*)`\s*$", line)
        if heading:
            current = heading.group(1)
            sections.setdefault(current, [])
            continue
        if re.match(r"^##\s", line):
            current = None
        elif current is not None:
            sections[current].append(line)
    return {name: "\n".join(lines) for name, lines in sections.items()}


def check_options(root, bench, gen, shuffle, convert, corpus):
    problems = []
    path = os.path.join(root, "docs", "cli.md")
    if not os.path.isfile(path):
        return ["docs/cli.md:1: missing"]
    sections = cli_sections(path)
    # `bench history` and its own subcommands share one section.
    programs = [("bench", bench, []), ("bench compare", bench, ["compare"]),
                ("bench merge", bench, ["merge"]), ("bench bisect", bench, ["bisect"]),
                ("bench history", bench, ["history"]),
                ("bench history", bench, ["history", "add"]),
                ("bench history", bench, ["history", "show"]),
                ("bench history", bench, ["history", "check"]),
                ("gen", gen, []), ("shuffle", shuffle, []), ("convert", convert, []),
                ("corpus", corpus, [])]
    programs += [("corpus", corpus, [sub]) for sub in ("canon", "dupes", "leak", "card")]
    for title, binary, words in programs:
        if title not in sections:
            problems.append(f"docs/cli.md:1: no section '## `{title}`'")
            continue
        text = sections[title]
        command = " ".join([title.split()[0], *words])
        for option in help_options(binary, *words):
            if not re.search(r"`" + re.escape(option) + r"(?![A-Za-z0-9-])[^`]*`", text):
                problems.append(f"docs/cli.md:1: `{command} --help` prints {option}, "
                                f"which the section '## `{title}`' does not document")
    binaries = {"bench": bench, "gen": gen, "shuffle": shuffle, "convert": convert,
                "corpus": corpus}
    return problems + check_ranges(root, binaries)


RANGE_UNITS = re.compile(r"\b(percent|seconds|MiB|puzzles|whole)\b")


def range_words(text):
    """A range as docs/cli.md or an error says it, without asides, units and links."""
    text = re.sub(r"\[([^]]*)\]\([^)]*\)", r"\1", text).replace("`", "")
    while re.search(r"\([^()]*\)", text):
        text = re.sub(r"\s*\([^()]*\)", "", text)
    text = RANGE_UNITS.sub("", text)
    return " ".join(text.replace(",", " , ").split()).strip(" ,;.")


def range_table(path):
    """(line, programs, options, range) of each row of the table of ranges."""
    rows, inside = [], False
    for number, line in prose_lines(path):
        if line.startswith("### "):
            inside = line.strip() == "### Ranges of the numeric options"
            continue
        if not inside or not line.startswith("|") or "---" in line:
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[0] != "Program":
            rows.append((number, cells[0], cells[1], cells[2]))
    return rows


def row_commands(programs, binaries):
    """The command lines ([binary, words...]) a row's Program cell names."""
    commands, program = [], None
    for part in programs.split(","):
        words = re.sub(r"\([^)]*\)", "", part).split()
        if not words:
            continue
        if words[0] in binaries:
            program, words = words[0], words[1:]
        elif program is None:
            return None  # bench/micro/corpus_rate and other programs not at hand
        # "corpus (every subcommand)": one of them stands for all.
        if not words and program == "corpus" and "every subcommand" in part:
            words = ["canon"]
        commands.append([binaries[program], *words])
    return commands


def check_ranges(root, binaries):
    path = os.path.join(root, "docs", "cli.md")
    problems = []
    for number, programs, options, documented in range_table(path):
        commands = row_commands(programs, binaries)
        if commands is None or "every program" in programs:
            continue
        names = re.findall(r"--[a-z][a-z-]*", options)
        for command in commands:
            for name in names:
                result = subprocess.run([*command, f"{name}=x"], capture_output=True,
                                        text=True, timeout=60)
                said = result.stderr.splitlines()[0] if result.stderr else ""
                match = re.search(r"\((.*)\)$", said)
                who = " ".join([os.path.basename(command[0]), *command[1:]])
                if result.returncode != 2 or not match:
                    problems.append(f"docs/cli.md:{number}: `{who} {name}=x` did not name "
                                    f"its range ({said!r})")
                elif range_words(match.group(1)) != range_words(documented):
                    problems.append(f"docs/cli.md:{number}: {who} {name} takes "
                                    f"{match.group(1)!r}; the table says {documented!r}")
                elif re.match(r"[1-9]", range_words(match.group(1))):
                    problems += zero_documented(path, name, match.group(1))
    return problems


def zero_documented(path, name, taken):
    """An option row that gives 0 a meaning ("(0: every puzzle is)") when 0 is refused."""
    return [f"docs/cli.md:{number}: documents {name} 0, which is refused ({taken})"
            for number, line in prose_lines(path)
            if re.match(r"^\|\s*`" + re.escape(name) + r"[ `=]", line)
            and re.search(r"\(0[:,)]|\b0: |`0`", line)]


def check_columns(root, bench):
    path = os.path.join(root, "docs", "report.md")
    if not os.path.isfile(path):
        return ["docs/report.md:1: missing"]
    dataset = os.path.join(root, "datasets", "edge-cases.txt")
    result = subprocess.run([bench, "-q", "-s", "bitmask", "--csv", "-", dataset],
                            capture_output=True, text=True, timeout=120)
    header = result.stdout.splitlines()[0] if result.stdout else ""
    columns = header.split(",")
    if len(columns) < 10:
        return [f"docs/report.md:1: could not read bench's CSV header ({header!r})"]
    documented = set()
    for _, line in prose_lines(path):
        if line.lstrip().startswith("|"):
            documented.update(re.findall(r"`([a-z0-9_]+)`", line))
    problems = [f"docs/report.md:1: CSV column `{column}` is not in the page's tables"
                for column in columns if column not in documented]
    readme = os.path.join(root, "README.md")
    for number, line in prose_lines(readme):
        for count in re.findall(r"(\d+) fixed columns", line):
            if int(count) != len(columns):
                problems.append(f"README.md:{number}: says {count} fixed columns; bench's "
                                f"CSV header has {len(columns)}")
    return problems


def recipes(path):
    """(first line, [(line, command, expected exit)]) of each block after <!-- recipe -->."""
    blocks = []
    with open(path, encoding="utf-8") as source:
        lines = source.read().split("\n")
    index = 0
    while index < len(lines):
        if lines[index].strip() == "<!-- recipe -->":
            start = index + 1
            while start < len(lines) and not lines[start].startswith("```"):
                start += 1
            commands = []
            line = start + 1
            while line < len(lines) and not lines[line].startswith("```"):
                if lines[line].startswith("$ "):
                    first = line
                    command = lines[line][2:]
                    while command.endswith("\\") and line + 1 < len(lines):
                        line += 1
                        command = command[:-1] + "\n" + lines[line]
                    expected = 0
                    marker = re.search(r"#\s*exit\s+(\d+)\s*$", command)
                    if marker:
                        expected = int(marker.group(1))
                    commands.append((first + 1, command, expected))
                line += 1
            blocks.append((start + 1, commands))
            index = line
        index += 1
    return blocks


def check_recipes(root, build):
    problems = []
    readme = os.path.join(root, "README.md")
    blocks = recipes(readme)
    if len(blocks) < 5:
        problems.append(f"README.md:1: {len(blocks)} recipes marked <!-- recipe -->, "
                        f"expected at least 5")
    for start, commands in blocks:
        if not commands:
            problems.append(f"README.md:{start}: a recipe block with no `$ ` command")
            continue
        scratch = tempfile.mkdtemp(prefix="recipe-")
        try:
            for name in os.listdir(root):
                if name in (".git",) or name.startswith("build"):
                    continue
                os.symlink(os.path.join(root, name), os.path.join(scratch, name))
            os.symlink(os.path.abspath(build), os.path.join(scratch, "build"))
            # One shell per block, so a recipe's later commands see its earlier files and
            # variables; pipefail, so a pipe's failure is the command's. Each command's exit
            # status goes to a file of its own, so none is lost to the next command.
            status = os.path.join(scratch, ".recipe-status")
            script = ["set -o pipefail"]
            for number, command, _ in commands:
                script += [command, f'echo "{number} $?" >> "{status}"']
            result = subprocess.run(["bash", "-c", "\n".join(script)], cwd=scratch,
                                    capture_output=True, text=True, timeout=600)
            seen = {}
            if os.path.exists(status):
                with open(status) as statuses:
                    for entry in statuses:
                        number, code = entry.split()
                        seen[int(number)] = int(code)
            for number, command, expected in commands:
                code = seen.get(number)
                if code != expected:
                    tail = (result.stderr or result.stdout).strip().splitlines()[-4:]
                    problems.append(f"README.md:{number}: exited {code}, expected {expected}: "
                                    f"{command.splitlines()[0]}"
                                    + "".join(f"\n    {t}" for t in tail))
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
    return problems


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    root = os.path.abspath(argv[1])
    what = argv[2]
    if what == "options" and len(argv) == 8:
        problems = check_options(root, *argv[3:8])
    elif what == "columns" and len(argv) == 4:
        problems = check_columns(root, argv[3])
    elif what == "links" and len(argv) == 3:
        problems = check_links(root)
    elif what == "recipes" and len(argv) == 4:
        problems = check_recipes(root, argv[3])
    else:
        print(__doc__, file=sys.stderr)
        return 2
    for problem in problems:
        print(problem)
    if problems:
        print(f"docs_check {what}: {len(problems)} problem(s)", file=sys.stderr)
        return 1
    print(f"docs_check {what}: all good")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
