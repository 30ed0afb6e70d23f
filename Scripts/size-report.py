#!/usr/bin/env python3
"""Writes Documentation/binary-size.md: where the bytes of the stripped release binary come from.

Usage: Scripts/size-report.py STRIPPED_BINARY LINK_MAP [--limit BYTES] [--budget BYTES] [--enforce-budget]

STRIPPED_BINARY is what `make` stages ($(SCRATCH)/stage/chuck); LINK_MAP is the map that lld wrote
for that link ($(SCRATCH)/chuck.map, `-Xlinker -Map=…`, which `make` passes). The report is
Markdown on stdout, with no path, date or machine in it, so that it changes only when the binary
does. `make size-report` runs it and writes the file.

By library: every allocated input section of the map, summed by the archive or the Swift module it
came from. lld's map has one line per output section, then one per input section (indented by 8
columns: `archive.a(member.o):(.text.x)` or `/path/x.o:(.section)`), then its symbols (by 16).
Not attributed, and so counted with what the linker makes itself: the unwind tables (.eh_frame,
which lld lists piece by piece but which stay one row of their own, as in the By section table)
and their index, the string and constant pools that lld merges (`<internal>`), the dynamic
relocations, symbol tables, the ELF headers and the padding between sections. That remainder is
the file's size minus the attributed bytes, so the rows add up to the file's size exactly.

By section: the stripped file's own section headers (readelf -S), each section's bytes in the file
(.bss takes none).

Exits 1 when the binary is over --limit (the spec's 16 MiB), or with --enforce-budget (CI) over
--budget (15.875 MiB, the headroom kept for new features), after printing the report.
"""
import argparse
import collections
import re
import subprocess
import sys
from pathlib import Path

MIB = 1024 * 1024

# Sections that a stripped binary does not keep, or that take no room in the file.
NOT_IN_FILE = (".debug", ".comment", ".symtab", ".strtab", ".shstrtab", ".note.GNU-stack",
               ".bss", ".tbss", ".gnu_debuglink")

# What each library is, for a reader who does not know the toolchain's archive names.
DESCRIPTIONS = {
    "swiftCore": "Swift standard library and runtime",
    "FoundationEssentials": "Foundation (essentials: Data, Date, JSON, URL, files)",
    "_FoundationCollections": "Foundation's collections (used by FoundationEssentials)",
    "swift_RegexParser": "Swift regex parser",
    "swift_StringProcessing": "Swift string processing (string algorithms, regex engine)",
    "swift_Concurrency": "Swift concurrency runtime (tasks, actors)",
    "dispatch": "libdispatch (C)",
    "swiftDispatch": "Dispatch's Swift overlay",
    "swiftSynchronization": "Synchronization (Mutex, Atomic)",
    "swiftGlibc": "Glibc's Swift overlay",
    "BlocksRuntime": "the blocks runtime (C)",
    "_FoundationCShims": "Foundation's C shims",
    "ChuckCore": "ours: ChuckCore (the library)",
    "chuck": "ours: chuck (the executable)",
    "CCurl": "ours: the libcurl shim (C)",
    "ArgumentParser": "swift-argument-parser",
    "ArgumentParserToolInfo": "swift-argument-parser (tool info, for --experimental-dump-help)",
    "C start-up": "C start-up files and libgcc (crt1, crti, crtbegin, swiftrt)",
    "stdc++": "the C++ standard library (what the Swift runtime uses of it; linked in for start-up speed)",
}


def library_of(path: str) -> str:
    """The archive (libNAME.a → NAME) or the SwiftPM module (…/NAME.build/x.o) of an input."""
    if "(" in path:
        archive = path.split("(", 1)[0].rsplit("/", 1)[-1]
        name = re.sub(r"^lib|\.a$", "", archive)
        return "C start-up" if name == "gcc" else name
    parent = Path(path).parent.name
    if parent.endswith(".build"):
        return parent[: -len(".build")]
    return "C start-up"


# A line of lld's map: VMA, LMA, size, alignment (hexadecimal but the last), then the name, indented
# by 0 (an output section), 8 (an input section) or 16 (a symbol) columns.
MAP_LINE = re.compile(r"^\s*[0-9a-f]+\s+[0-9a-f]+\s+([0-9a-f]+)\s+\d+ ( *)(\S.*)$")
MAP_HEADER = re.compile(r"^\s*VMA\s+LMA\s+Size\s+Align\s+Out\s+In\s+Symbol\s*$")


def by_library(map_text: str) -> collections.Counter:
    """Bytes of each library in the allocated, file-backed sections of an lld link map."""
    sizes: collections.Counter = collections.Counter()
    lines = map_text.splitlines()
    if not lines or not MAP_HEADER.match(lines[0]):
        sys.exit("error: the link map does not start with lld's 'VMA LMA Size Align Out In Symbol'"
                 " header: is it lld's (-use-ld=lld, -Xlinker -Map=…)?")
    section = None
    inputs = 0
    for line in lines[1:]:
        entry = MAP_LINE.match(line)
        if not entry:
            continue  # an assignment or a blank line: neither takes bytes of its own
        size, depth, name = int(entry.group(1), 16), len(entry.group(2)), entry.group(3)
        if depth == 0:
            section = name
        elif depth == 8 and section:
            inputs += 1
            path, separator, _ = name.rpartition(":(")
            if (not separator or path == "<internal>" or section.startswith(NOT_IN_FILE)
                    or section == ".eh_frame"):
                continue
            sizes[library_of(path)] += size
    if not inputs:
        sys.exit("error: no input section in the link map: is it lld's?")
    return sizes


def sections(binary: Path) -> list[tuple[str, int]]:
    """(name, bytes in the file) of each section of a binary, as readelf -S -W shows them."""
    listing = subprocess.run(["readelf", "-S", "-W", str(binary)], check=True, capture_output=True,
                             text=True).stdout
    found = []
    for line in listing.splitlines():
        header = re.match(r"^\s*\[\s*\d+\]\s+(\S+)\s+(\S+)\s+[0-9a-f]+\s+[0-9a-f]+\s+([0-9a-f]+)", line)
        if header and header.group(2) != "NOBITS" and header.group(2) != "NULL":
            found.append((header.group(1), int(header.group(3), 16)))
    return found


def table(rows, total):
    lines = ["| | bytes | MiB | share |", "|---|---:|---:|---:|"]
    for name, size in rows:
        lines.append(f"| {name} | {size:,} | {size / MIB:.2f} | {100 * size / total:.1f}% |")
    lines.append(f"| **total** | **{total:,}** | **{total / MIB:.2f}** | 100% |")
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("binary", type=Path)
    parser.add_argument("map", type=Path)
    parser.add_argument("--limit", type=int, default=16 * MIB, help="the spec's limit, in bytes")
    parser.add_argument("--budget", type=int, default=15 * MIB + 7 * MIB // 8,
                        help="the size the binary is kept under, for headroom, in bytes")
    parser.add_argument("--enforce-budget", action="store_true", help="exit 1 when over --budget")
    arguments = parser.parse_args()

    total = arguments.binary.stat().st_size
    libraries = by_library(arguments.map.read_text())
    attributed = sum(libraries.values())
    if attributed > total:
        sys.exit(f"error: the map attributes {attributed:,} bytes, more than the binary's {total:,}:"
                 " is the map from another link?")
    rows = [(f"{DESCRIPTIONS.get(name, name)} (`{name}`)", size)
            for name, size in libraries.most_common()]
    rows.append(("unattributed: unwind tables (.eh_frame) and their index, merged strings and"
                 " constants, relocations, symbol tables, headers, padding", total - attributed))
    ours = sum(size for name, size in libraries.items() if name in ("ChuckCore", "chuck", "CCurl"))

    section_rows = sorted(sections(arguments.binary), key=lambda row: (-row[1], row[0]))
    big = [(f"`{name}`", size) for name, size in section_rows if size >= 16 * 1024]
    small = sum(size for _, size in section_rows if size < 16 * 1024)
    in_sections = sum(size for _, size in section_rows)
    big.append((f"{len(section_rows) - len(big)} smaller sections (under 16 KiB each)", small))
    big.append(("ELF headers and alignment padding", total - in_sections))

    print("# Binary size")
    print()
    print("Generated by `make size-report` (`Scripts/size-report.py`) from the stripped release binary")
    print("that `make` stages and the map that lld wrote for its link (`-Map`); do not edit by hand. How")
    print("the binary is built (lld, packed relocations), and the levers taken and not taken:")
    print("`Documentation/packaging.md`.")
    print()
    print(f"- Stripped binary: **{total:,} bytes ({total / MIB:.2f} MiB)**.")
    print(f"- The spec's limit: {arguments.limit:,} bytes (16 MiB): {arguments.limit - total:,} bytes"
          " to spare.")
    print(f"- The budget kept for headroom: {arguments.budget:,} bytes ({arguments.budget / MIB:g} MiB):"
          f" {arguments.budget - total:,} bytes to spare.")
    print(f"- Our own code (ChuckCore, chuck, CCurl): {ours:,} bytes"
          f" ({100 * ours / total:.1f}%); the rest is the Swift runtime, Foundation and"
          " swift-argument-parser, linked in statically.")
    print()
    print("## By library")
    print()
    print("Allocated input sections of the link map (code, constants, data, Swift metadata), summed")
    print("by the archive or Swift module they came from. The unwind tables, which lld lists by input")
    print("file, and the strings and constants it merges across files are in the last row, with what")
    print("the linker makes itself; the By section table has `.eh_frame` on its own.")
    print()
    print("\n".join(table(rows, total)))
    print()
    print("## By section")
    print()
    print("The stripped file's sections, each as many bytes as it takes in the file.")
    print()
    print("\n".join(table(big, total)))
    if total > arguments.limit:
        print(f"error: the stripped binary is {total:,} bytes, over the limit of {arguments.limit:,}",
              file=sys.stderr)
        return 1
    if arguments.enforce_budget and total > arguments.budget:
        print(f"error: the stripped binary is {total:,} bytes, over the budget of {arguments.budget:,}"
              " (Documentation/packaging.md: the levers not taken yet)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
