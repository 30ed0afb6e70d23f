#!/usr/bin/env python3
"""chuck sync through real Syncthing (issue 33): two machines, each its own data folder, home (so its
own key) and Syncthing instance on loopback, their sync folders replicated by Syncthing
(Scripts/syncthing_pair.py). Checks that one machine's jokes, removes and favourites reach the other,
that Syncthing's own files (.stfolder) are left alone, and that no joke text is in either folder in the
clear.

    Scripts/sync-syncthing-test.py BINARY

Exit 0 when every check passes, 1 naming the first that fails, 77 (skipped) when Syncthing is not
installed. Everything lives in one temporary folder, removed at the end.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from syncthing_pair import SyncthingPair, SyncthingError  # noqa: E402


def main() -> int:
    if len(sys.argv) != 2:
        print(f"usage: {sys.argv[0]} BINARY", file=sys.stderr)
        return 64
    binary = os.path.abspath(sys.argv[1])
    if shutil.which("syncthing") is None:
        print("skipped: syncthing is not installed (apt-get install syncthing)")
        return 77
    work = Path(tempfile.mkdtemp(prefix="chuck-syncthing-"))
    try:
        return run(binary, work)
    except (SyncthingError, AssertionError) as error:
        print(f"FAIL: {error}", file=sys.stderr)
        return 1
    finally:
        shutil.rmtree(work, ignore_errors=True)


def run(binary: str, work: Path) -> int:
    started = time.monotonic()
    with SyncthingPair(work / "syncthing") as pair:
        machines = {}
        for side in ("a", "b"):
            root = work / side
            (root / "home").mkdir(parents=True)
            machines[side] = {
                "PATH": "/usr/bin:/bin",
                "HOME": str(root / "home"),
                "CHUCK_DATA_DIR": str(root / "data"),
                "CHUCK_CACHE_DIR": str(root / "cache"),
                "CHUCK_CONFIG": "",
                "CHUCK_SYNC_DIR": str(pair.folder(side)),
                "LANG": "C.UTF-8",
                # A debug binary built with coverage: its profile nowhere, not in the working folder.
                "LLVM_PROFILE_FILE": os.devnull,
            }

        def chuck(side: str, *arguments: str, status: int = 0) -> str:
            result = subprocess.run(
                [binary, *arguments], env=machines[side], capture_output=True, text=True, timeout=60
            )
            assert result.returncode == status, (
                f"chuck {' '.join(arguments)} on {side}: exit {result.returncode}, "
                f"stdout {result.stdout!r}, stderr {result.stderr!r}"
            )
            return result.stdout

        def mine(side: str) -> list[str]:
            items = json.loads(chuck(side, "list", "--source", "mine", "--json"))
            return sorted(item["joke"] for item in items)

        def carry(side: str) -> None:
            pair.scan(side)
            pair.wait_in_sync(timeout=60)

        texts = {"a": "Syncthing canary from A.", "b": "Syncthing canary from B."}
        for side, text in texts.items():
            chuck(side, "add", text)
        output = chuck("a", "sync", "init")
        key = output.strip().splitlines()[-1].strip()
        carry("a")
        chuck("b", "sync", "join", key)
        carry("b")
        chuck("a", "sync")
        assert mine("a") == sorted(texts.values()), f"A has {mine('a')}"
        assert mine("b") == sorted(texts.values()), f"B has {mine('b')}"

        # A remove and a favourite on B reach A.
        items = json.loads(chuck("b", "list", "--source", "mine", "--json"))
        ids = {item["joke"]: item["id"] for item in items}
        chuck("b", "remove", "--source", "mine", ids[texts["a"]])
        chuck("b", "favorite", "add", "--source", "mine", ids[texts["b"]], "Canary")
        chuck("b", "sync")
        carry("b")
        chuck("a", "sync")
        assert mine("a") == [texts["b"]], f"A has {mine('a')} after B's remove"
        assert "Canary" in chuck("a", "favorite", "list"), "B's favourite did not reach A"

        # Syncthing's marker is left alone; nothing is in the clear in either folder.
        for side in ("a", "b"):
            folder = pair.folder(side)
            assert (folder / ".stfolder").is_dir(), f".stfolder of {side} is gone"
            for path in folder.rglob("*"):
                if path.is_file():
                    data = path.read_bytes()
                    for needle in (*texts.values(), "canary", "Canary"):
                        assert needle.encode() not in data, f"{needle!r} in the clear in {path}"
        logs = sorted(p.name for p in pair.folder("a").iterdir() if p.name.endswith(".chuck-sync"))
        assert len(logs) == 2, f"folder A holds {logs}"
    print(f"ok: chuck sync through Syncthing, two machines, {time.monotonic() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
