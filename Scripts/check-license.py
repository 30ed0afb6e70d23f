#!/usr/bin/env python3
"""Checks that the three places that state chuck's license agree (CI runs it):

- LICENSE, the MIT license, shipped in the tarball and the .rpm;
- Documentation/copyright, the Debian package's /usr/share/doc/chuck-jokes/copyright (DEP-5), whose
  `License: Expat` text must be LICENSE's word for word and whose `Copyright:` line its holder;
- README.md, which must name the MIT license and the LICENSE file.

Usage: Scripts/check-license.py (from any folder). Prints what disagrees and exits 1.
"""
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def words(text: str) -> list[str]:
    return text.split()


def main() -> int:
    problems = []
    license_text = (ROOT / "LICENSE").read_text()
    if not license_text.startswith("MIT License\n"):
        problems.append("LICENSE does not start with 'MIT License'")
    holder = re.search(r"^Copyright \(c\) (.+)$", license_text, re.M)
    body = license_text[license_text.find("Permission is hereby granted"):]

    copyright_text = (ROOT / "Documentation/copyright").read_text()
    files = re.search(r"^Files: \*\nCopyright: (.+)\nLicense: (\S+)$", copyright_text, re.M)
    # A DEP-5 stand-alone license paragraph: the text indented by one space, "." for an empty line.
    paragraph = re.search(r"^License: Expat\n((?: .*\n?)+)", copyright_text, re.M)
    if not files or files.group(2) != "Expat":
        problems.append("Documentation/copyright has no 'Files: *' paragraph with License: Expat")
    elif not holder or files.group(1) != holder.group(1):
        problems.append(f"copyright holders differ: LICENSE {holder and holder.group(1)!r},"
                        f" Documentation/copyright {files.group(1)!r}")
    if not paragraph:
        problems.append("Documentation/copyright has no 'License: Expat' text")
    else:
        expat = "\n".join("" if line.strip() == "." else line[1:]
                          for line in paragraph.group(1).splitlines())
        if words(expat) != words(body):
            problems.append("the Expat text of Documentation/copyright is not LICENSE's")

    readme = (ROOT / "README.md").read_text()
    if "MIT" not in readme or "LICENSE" not in readme:
        problems.append("README.md does not name the MIT license and the LICENSE file")

    for problem in problems:
        print(f"license: {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
