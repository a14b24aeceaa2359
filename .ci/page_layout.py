#!/usr/bin/env python3
# .ci/browser's layout check of a bench page: appends .ci/page_layout.js to a copy of the page, then reads what Chromium's --dump-dom of that copy reports.
"""usage: page_layout.py inject PAGE COPY     write COPY: PAGE with the check's script
       page_layout.py read DOM LABEL [--expect N] [--measure M]
                                      print the problems in DOM (--dump-dom's output);
                                      exit 0 when there are none (or exactly N), else 1;
                                      --measure: the page's charts must show measure M
"""
import argparse
import html
import json
import os
import re
import sys

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                      "page_layout.js")


def inject(page, copy):
    with open(page, encoding="utf-8") as f:
        text = f.read()
    with open(SCRIPT, encoding="utf-8") as f:
        script = f.read()
    # After the page's own script, so that the layout it leaves is measured.
    at = text.rindex("</body>")
    with open(copy, "w", encoding="utf-8") as f:
        f.write(text[:at] + "<script>" + script + "</script>" + text[at:])
    return 0


def read(dom_path, label, expect, measure=None):
    with open(dom_path, encoding="utf-8") as f:
        dom = f.read()
    # The last: the script that writes it is in the DOM too.
    found = re.findall(r'<pre id="layout-problems">([^<]*)</pre>', dom)
    if not found:
        print(f"browser: {label}: the layout check did not run", file=sys.stderr)
        return 1
    result = json.loads(html.unescape(found[-1]))
    problems = result["problems"]
    if expect is not None:
        if len(problems) == expect:
            return 0
        print(f"browser: {label}: {len(problems)} layout problems, expected "
              f"{expect}: {problems}", file=sys.stderr)
        return 1
    # A page that names no measure would pass the one-measure check empty.
    if measure is not None and result.get("measures") != [measure]:
        problems.append(f"its charts show {result.get('measures')}, "
                        f"not {measure} alone")
    for problem in problems:
        print(f"browser: {label}: {problem}", file=sys.stderr)
    print(f"{label}: {result['width']} px wide, {result['tables']} tables, "
          f"{result['charts']} charts, {len(problems)} layout problems")
    return 1 if problems else 0


def main():
    parser = argparse.ArgumentParser()
    verbs = parser.add_subparsers(dest="verb", required=True)
    inject_verb = verbs.add_parser("inject")
    inject_verb.add_argument("page")
    inject_verb.add_argument("copy")
    read_verb = verbs.add_parser("read")
    read_verb.add_argument("dom")
    read_verb.add_argument("label")
    read_verb.add_argument("--expect", type=int)
    read_verb.add_argument("--measure")
    args = parser.parse_args()
    if args.verb == "inject":
        return inject(args.page, args.copy)
    return read(args.dom, args.label, args.expect, args.measure)


if __name__ == "__main__":
    sys.exit(main())
