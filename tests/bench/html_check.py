#!/usr/bin/env python3
# Checks a page bench wrote with --html: well formed, self-contained, every chart drawn, its numbers the CSV's.
"""usage: html_check.py PAGE [--csv REPORT.csv] [--max-bytes N] [--min-charts N]

Exit 0 when the page passes, 1 (every problem listed as PAGE:LINE: ...) when
it does not, 2 when it cannot be read.
"""
import argparse
import csv
import os
import sys
from html.parser import HTMLParser

# Elements that never have an end tag in HTML.
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link",
        "meta", "source", "track", "wbr"}
# Elements that would fetch something: a self-contained page has none.
FETCHING = {"link", "img", "iframe", "object", "embed", "audio", "video",
            "source"}


class PageChecker(HTMLParser):
    """Strict enough: every element closed in order, nothing fetched."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack = []
        self.problems = []
        self.charts = []  # [data-chart, marks, line]
        self.cells = []  # (dataset, strategy, column, text, line)
        self.doctype = False
        self.dataset = None
        self.strategy = None
        self.cell = None

    def problem(self, message):
        self.problems.append((self.getpos()[0], message))

    def handle_decl(self, decl):
        self.doctype = self.doctype or decl.lower() == "doctype html"

    def in_svg(self):
        return any(tag == "svg" for tag, _ in self.stack)

    def look_at(self, tag, attrs):
        named = dict(attrs)
        if tag in FETCHING or (tag == "script" and "src" in named):
            self.problem(f"<{tag}> fetches a resource")
        for name, value in attrs:
            if name in ("src", "href") or (
                    name != "xmlns" and value and "://" in value):
                self.problem(f"<{tag} {name}={value!r}> points outside")
        classes = (named.get("class") or "").split()
        if tag == "svg" and "chart" in classes:
            self.charts.append([named.get("data-chart"), 0, self.getpos()[0]])
        if "mark" in classes:
            if self.charts and self.in_svg():
                self.charts[-1][1] += 1
            else:
                self.problem("a mark outside any chart")
        if tag == "section" and "data-dataset" in named:
            self.dataset = named["data-dataset"]
        if tag == "tr":
            self.strategy = named.get("data-strategy")
        if tag == "td" and "data-column" in named:
            self.cell = [named.get("data-dataset", self.dataset),
                         self.strategy, named["data-column"], "",
                         self.getpos()[0]]

    def handle_starttag(self, tag, attrs):
        self.look_at(tag, attrs)
        if tag not in VOID:
            self.stack.append((tag, self.getpos()[0]))

    def handle_startendtag(self, tag, attrs):
        self.look_at(tag, attrs)
        if tag not in VOID and not self.in_svg():
            self.problem(f"<{tag}/> self-closed outside SVG")

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        if not self.stack or self.stack[-1][0] != tag:
            open_tag = self.stack[-1] if self.stack else ("nothing", 0)
            self.problem(f"</{tag}> closes <{open_tag[0]}> of line "
                         f"{open_tag[1]}")
            return
        self.stack.pop()
        if tag == "td" and self.cell is not None:
            self.cells.append(tuple(self.cell))
            self.cell = None
        if tag == "section":
            self.dataset = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell[3] += data


def check_numbers(checker, csv_path):
    """Every data-column cell equals the CSV's field; every CSV row shown."""
    problems = []
    with open(csv_path, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    by_key = {(r["dataset_path"], r["strategy"]): r for r in rows}
    by_dataset = {}
    for r in rows:
        by_dataset.setdefault(r["dataset_path"], r)
    shown = set()
    for dataset, strategy, column, text, line in checker.cells:
        row = by_key.get((dataset, strategy)) if strategy else \
            by_dataset.get(dataset)
        if row is None:
            problems.append((line, f"{dataset} {strategy}: no such CSV row"))
            continue
        if column not in row:
            problems.append((line, f"{column}: no such CSV column"))
        elif row[column] != text:
            problems.append((line, f"{dataset} {strategy} {column}: page "
                                   f"{text!r}, CSV {row[column]!r}"))
        if strategy:
            shown.add((dataset, strategy))
    for key in by_key:
        if key not in shown:
            problems.append((0, f"CSV row {key[0]} {key[1]} not on the page"))
    return problems


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("page")
    parser.add_argument("--csv")
    parser.add_argument("--max-bytes", type=int, default=1 << 20)
    parser.add_argument("--min-charts", type=int, default=1)
    args = parser.parse_args()
    try:
        with open(args.page, encoding="utf-8") as f:
            text = f.read()
    except OSError as error:
        print(f"{args.page}: {error}", file=sys.stderr)
        return 2
    checker = PageChecker()
    checker.feed(text)
    checker.close()
    problems = list(checker.problems)
    if not checker.doctype:
        problems.append((1, "no <!DOCTYPE html>"))
    for tag, line in checker.stack:
        problems.append((line, f"<{tag}> never closed"))
    if len(checker.charts) < args.min_charts:
        problems.append((0, f"{len(checker.charts)} charts, expected at "
                            f"least {args.min_charts}"))
    for chart, marks, line in checker.charts:
        if marks == 0:
            problems.append((line, f"chart {chart} has no data"))
    size = os.path.getsize(args.page)
    if size > args.max_bytes:
        problems.append((0, f"{size} bytes, over {args.max_bytes}"))
    if args.csv:
        problems += check_numbers(checker, args.csv)
    for line, message in problems:
        print(f"{args.page}:{line}: {message}", file=sys.stderr)
    if not problems:
        print(f"{args.page}: {len(checker.charts)} charts, "
              f"{len(checker.cells)} numbers checked, {size} bytes")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
