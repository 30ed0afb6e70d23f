#!/usr/bin/env python3
"""Line coverage of one source folder from `swift test --enable-code-coverage`'s JSON export.

Usage: coverage.py CODECOV_JSON FOLDER MINIMUM_PERCENT
Prints a line per file and the total; exits 1 when the total is under the minimum.
"""
import json
import os
import sys


def main() -> int:
    path, folder, minimum = sys.argv[1], sys.argv[2], float(sys.argv[3])
    with open(path) as file:
        export = json.load(file)
    prefix = os.path.abspath(folder) + os.sep
    covered = total = 0
    for entry in export["data"][0]["files"]:
        name = os.path.abspath(entry["filename"])
        if not name.startswith(prefix):
            continue
        lines = entry["summary"]["lines"]
        covered += lines["covered"]
        total += lines["count"]
        percent = 100 * lines["covered"] / max(lines["count"], 1)
        print(f"{percent:6.1f}%  {lines['covered']:5}/{lines['count']:<5} {name[len(prefix):]}")
    if total == 0:
        print(f"no coverage data for {folder}")
        return 1
    percent = 100 * covered / total
    print(f"{percent:6.1f}%  {covered:5}/{total:<5} total for {folder} (minimum {minimum:g}%)")
    return 0 if percent >= minimum else 1


if __name__ == "__main__":
    sys.exit(main())
