#!/usr/bin/env python3
# Checks a page bench wrote with --html: well formed, self-contained, every chart drawn, legends told apart, tables boxed, its numbers the CSV's.
"""usage: html_check.py PAGE [--csv REPORT.csv] [--max-bytes N] [--min-charts N]

Exit 0 when the page passes, 1 (every problem listed as PAGE:LINE: ...) when
it does not, 2 when it cannot be read.
"""
import argparse
import csv
import itertools
import math
import os
import sys
from html.parser import HTMLParser

# Elements that never have an end tag in HTML.
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link",
        "meta", "source", "track", "wbr"}
# Elements that would fetch something: a self-contained page has none.
FETCHING = {"link", "img", "iframe", "object", "embed", "audio", "video",
            "source"}


# Two legend keys drawn with the same dash must differ by at least this much
# (CIEDE2000) to normal eyes and under each simulated colour vision
# deficiency; 10 is a difference seen at a glance.
MIN_COLOUR_DIFFERENCE = 10

# Machado, Oliveira and Fernandes (2009), severity 1, on linear RGB.
DEFICIENCIES = {
    "protanopia": ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779),
                   (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}


def linear_rgb(colour):
    """#rrggbb as linear RGB in 0..1."""
    def channel(value):
        value /= 255
        return value / 12.92 if value <= 0.04045 else (
            (value + 0.055) / 1.055) ** 2.4
    return [channel(int(colour[i:i + 2], 16)) for i in (1, 3, 5)]


def lab(rgb):
    """CIELAB (D65) of linear RGB."""
    r, g, b = rgb
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t):
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def delta_e2000(lab1, lab2):
    """CIEDE2000 colour difference (Sharma, Wu and Dalal, 2005)."""
    (l1, a1, b1), (l2, a2, b2) = lab1, lab2
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean ** 7 / (c_mean ** 7 + 25 ** 7)))
    a1, a2 = (1 + g) * a1, (1 + g) * a2
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    h1 = math.degrees(math.atan2(b1, a1)) % 360
    h2 = math.degrees(math.atan2(b2, a2)) % 360
    dh = 0 if c1 * c2 == 0 else (h2 - h1 + 180) % 360 - 180
    big_dh = 2 * math.sqrt(c1 * c2) * math.sin(math.radians(dh / 2))
    l_mean, c_mean = (l1 + l2) / 2, (c1 + c2) / 2
    h_mean = h1 + h2 if c1 * c2 == 0 else (
        (h1 + h2) / 2 if abs(h1 - h2) <= 180 else
        (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2)
    t = (1 - 0.17 * math.cos(math.radians(h_mean - 30))
         + 0.24 * math.cos(math.radians(2 * h_mean))
         + 0.32 * math.cos(math.radians(3 * h_mean + 6))
         - 0.20 * math.cos(math.radians(4 * h_mean - 63)))
    rotation = 30 * math.exp(-((h_mean - 275) / 25) ** 2)
    rc = 2 * math.sqrt(c_mean ** 7 / (c_mean ** 7 + 25 ** 7))
    sl = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    sc, sh = 1 + 0.045 * c_mean, 1 + 0.015 * c_mean * t
    rt = -math.sin(math.radians(2 * rotation)) * rc
    return math.sqrt(((l2 - l1) / sl) ** 2 + ((c2 - c1) / sc) ** 2
                     + (big_dh / sh) ** 2
                     + rt * ((c2 - c1) / sc) * (big_dh / sh))


def seen(colour, deficiency):
    """CIELAB of `colour` to normal eyes, or as simulated for a deficiency."""
    rgb = linear_rgb(colour)
    if deficiency:
        rgb = [min(1, max(0, sum(m * c for m, c in zip(row, rgb))))
               for row in DEFICIENCIES[deficiency]]
    return lab(rgb)


def legend_problems(chart, keys):
    """Keys of one chart's legend drawn alike, or too close in colour."""
    problems = []
    for (name1, colour1, dash1, line), (name2, colour2, dash2, _) in \
            itertools.combinations(keys, 2):
        if dash1 != dash2 or not colour1.startswith("#") or \
                not colour2.startswith("#"):
            continue
        if colour1.lower() == colour2.lower():
            problems.append((line, f"chart {chart}: {name1} and {name2} are "
                                   f"drawn alike ({colour1}, dash "
                                   f"{dash1 or 'none'})"))
            continue
        for deficiency in (None, *DEFICIENCIES):
            difference = delta_e2000(seen(colour1, deficiency),
                                     seen(colour2, deficiency))
            if difference < MIN_COLOUR_DIFFERENCE:
                eyes = f"under {deficiency}" if deficiency else "to normal eyes"
                problems.append((line, f"chart {chart}: {name1} {colour1} and "
                                       f"{name2} {colour2}, same dash, differ "
                                       f"by {difference:.1f} (CIEDE2000) "
                                       f"{eyes}"))
                break
    return problems


class PageChecker(HTMLParser):
    """Strict enough: every element closed in order, nothing fetched."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack = []
        self.problems = []
        self.charts = []  # [data-chart, marks, line, legend keys]
        self.key = None  # the legend entry being read: [name, colour, dash, line]
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
        return any(tag == "svg" for tag, _, _ in self.stack)

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
            self.charts.append([named.get("data-chart"), 0, self.getpos()[0],
                                []])
        if tag == "table" and not (self.stack and self.stack[-1][0] == "div"
                                   and "table-box" in self.stack[-1][2]):
            self.problem("a <table> outside a <div class=\"table-box\"> "
                         "(wider than the window, it would widen the page)")
        if tag == "g" and "legend" in classes and self.charts:
            self.key = [named.get("data-toggle"), None, "", self.getpos()[0]]
        if self.key and self.key[1] is None and tag in ("line", "rect"):
            self.key[1] = named.get("stroke" if tag == "line" else "fill", "")
            self.key[2] = named.get("stroke-dasharray") or ""
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
            classes = (dict(attrs).get("class") or "").split()
            self.stack.append((tag, self.getpos()[0], classes))

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
        closed = self.stack.pop()
        if tag == "g" and self.key and "legend" in closed[2]:
            self.charts[-1][3].append(tuple(self.key))
            self.key = None
        if tag == "td" and self.cell is not None:
            self.cells.append(tuple(self.cell))
            self.cell = None
        if tag == "section":
            self.dataset = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell[3] += data
        if self.key and self.key[0] is None and data.strip():
            self.key[0] = data.strip()


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
    for tag, line, _ in checker.stack:
        problems.append((line, f"<{tag}> never closed"))
    if len(checker.charts) < args.min_charts:
        problems.append((0, f"{len(checker.charts)} charts, expected at "
                            f"least {args.min_charts}"))
    for chart, marks, line, keys in checker.charts:
        if marks == 0:
            problems.append((line, f"chart {chart} has no data"))
        problems += legend_problems(chart, keys)
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
