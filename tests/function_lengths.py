#!/usr/bin/env python3
"""Finds C++ functions longer than MAX_FUNCTION_LINES lines, for tests/layout_check.py.

A function runs from the first line of its declaration to its closing brace. The scan blanks
comments, strings and preprocessor lines, then follows the braces: a brace after a namespace,
class, struct, union or enum head opens a container, one after a parameter list (and its
qualifiers or a constructor's initializers) opens a function, and everything inside a function
(lambdas, blocks, local classes) counts toward it.
  python3 tests/function_lengths.py FILE...
"""
import re
import sys

MAX_FUNCTION_LINES = 80
CONTAINER = re.compile(r'\b(namespace|class|struct|union|enum)\b|extern\s*"C"')
FUNCTION_TAIL = re.compile(
    r"\)\s*(const|override|final|noexcept|mutable|&&|&|\s|->\s*[\w:<>,\s*&]+)*$")
INITIALIZERS = re.compile(r"\)\s*:.*$", re.S)


def code_only(text):
    """The text with comments, strings and preprocessor lines blanked, newlines kept."""
    out = []
    i, n = 0, len(text)
    line_start = True
    while i < n:
        c = text[i]
        if c == "\n":
            line_start = True
            out.append(c)
            i += 1
            continue
        if line_start and c == "#":
            while i < n and text[i] != "\n":
                step = 2 if text.startswith("\\\n", i) else 1
                out.append(re.sub(r"[^\n]", " ", text[i:i + step]))
                i += step
            continue
        if not c.isspace():
            line_start = False
        if text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
        elif text.startswith('R"', i) and re.match(r'R"[^(\s]*\(', text[i:]):
            delim = ")" + re.match(r'R"([^(]*)\(', text[i:]).group(1) + '"'
            end = text.find(delim, i)
            end = n if end < 0 else end + len(delim)
        elif c == '"' or (c == "'" and not (i > 0 and text[i - 1].isalnum())):
            end = i + 1
            while end < n and text[end] != c and text[end] != "\n":
                end += 2 if text[end] == "\\" else 1
            end += 1
        else:
            out.append(c)
            i += 1
            continue
        out.append(re.sub(r"[^\n]", " ", text[i:end]))
        i = end
    return "".join(out)


def brace_kind(head, stack):
    if "function" in stack:
        return "block"
    if CONTAINER.search(head) and "(" not in head:
        return "container"
    if FUNCTION_TAIL.search(INITIALIZERS.sub(")", head)):
        return "function"
    return "block"


def long_functions(text):
    """(first line, lines) of each function longer than MAX_FUNCTION_LINES."""
    code = code_only(text)
    found = []
    stack = []  # per open brace: its kind and the line its declaration starts on
    head_start = 0  # where the text before the next brace began
    line = 1
    for index, c in enumerate(code):
        if c == "\n":
            line += 1
        elif c == ";":
            head_start = index + 1
        elif c == "{":
            region = code[head_start:index]
            lead = len(region) - len(region.lstrip())
            first = line - region.count("\n") + region[:lead].count("\n")
            kind = brace_kind(region.strip(), [k for k, _ in stack])
            stack.append((kind, first))
            head_start = index + 1
        elif c == "}":
            if stack:
                kind, first = stack.pop()
                if kind == "function" and line - first + 1 > MAX_FUNCTION_LINES:
                    found.append((first, line - first + 1))
            head_start = index + 1
    return found


def main():
    for path in sys.argv[1:]:
        with open(path, encoding="utf-8", errors="replace") as source:
            for first, count in long_functions(source.read()):
                print(f"{path}:{first}: {count} lines")


if __name__ == "__main__":
    main()
