#!/usr/bin/env python3
"""The crash matrix: every command that writes, killed at each of its file syscalls and made to fail
with ENOSPC and EIO at each write, fsync and rename, must leave what every later command shows as the
state before or the state after, never half (SPEC, "Transactions").

For each command: one clean run on a copy of a base data folder gives the state after; one run under
strace records its file syscalls (openat, write, pwrite64, fsync, rename, unlink, flock, ftruncate)
on the data and state folders; then, for each recorded call, a run on a fresh copy with strace's
`-e inject=SYSCALL:signal=KILL:when=N` (and `error=ENOSPC`, `error=EIO`). After each run, chuck itself
(`list --json --source all`, `favorite list --json`) must show the state before or the state after;
exit 0 must mean the state after; a failure must print an `error:` line, and say "unchanged" only
when nothing changed; and the next write (`chuck add`) must leave no temporary file and no journal.

strace counts injections per syscall and per thread. A command's file work runs on one thread; the
main thread's own calls (the loader opening libraries, an eventfd write) would take the same
numbers, so an `openat` is aimed at with `-P` (only calls on the data files count, so the temporary
files' own `openat`s, which change nothing on disk, are not points), and any other call whose number
another thread reaches first is counted as skipped (none so far).

Usage: Scripts/crash-matrix.py [--chuck PATH] [--jobs N] [--only NAME] [--verbose]   (exit 1 on any violation)
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SYSCALLS = ["openat", "write", "pwrite64", "fsync", "rename", "unlink", "flock", "ftruncate"]
FAILABLE = {"write", "pwrite64", "fsync", "rename"}
ERRORS = ["ENOSPC", "EIO"]
CALL = re.compile(r"^(\d+) +(\w+)\((.*)$")
PATH = re.compile(r'"(/[^"]*)"|<(/[^>]*)>')


@dataclass
class Case:
    """One writing command, run from the base state."""

    name: str
    args: list[str]


@dataclass
class Point:
    syscall: str
    ordinal: int
    thread: int
    text: str
    paths: list[str] = field(default_factory=list)  # -P paths, for openat


@dataclass
class Outcome:
    case: str
    point: str
    problem: str | None


class Matrix:
    def __init__(self, chuck: Path, work: Path, api_url: str, files: dict[str, Path]):
        self.chuck = chuck
        self.work = work
        self.api_url = api_url
        self.files = files
        self.base = work / "base"
        self.verbose = False
        self.ids = itertools.count(1)  # next() is atomic under the GIL

    # --- running chuck -------------------------------------------------------------------------

    def env(self, sandbox: Path) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("CHUCK_", "XDG_"))}
        env.update(
            HOME=str(sandbox / "home"),
            CHUCK_DATA_DIR=str(sandbox / "data"),
            CHUCK_CACHE_DIR=str(sandbox / "cache"),
            XDG_STATE_HOME=str(sandbox / "state"),
            XDG_CONFIG_HOME=str(sandbox / "config"),
            CHUCK_SYNC_DIR=str(sandbox / "sync"),
            CHUCK_API_URL=self.api_url,
            CHUCK_SWITTER_API_URL=self.api_url + "/switter",
            CHUCK_RETRIES="0",
            CHUCK_TIMEOUT="10",
            NO_COLOR="1",
            COLUMNS="80",
            # A debug binary built with coverage writes its profile at every exit: by default a
            # default.profraw in the working directory, rewritten by thousands of runs.
            LLVM_PROFILE_FILE=os.devnull,
        )
        env.pop("ACCESSIBLE", None)
        return env

    def run(self, sandbox: Path, args: list[str], strace: list[str] | None = None):
        command = [str(self.chuck), *args]
        if strace is not None:
            command = ["strace", "-f", "-qq", *strace, "--", *command]
        return subprocess.run(
            command, env=self.env(sandbox), stdin=subprocess.DEVNULL, capture_output=True,
            text=True, timeout=60,
        )

    def fresh(self) -> Path:
        sandbox = self.work / f"run-{next(self.ids)}"
        shutil.copytree(self.base, sandbox, symlinks=True)
        return sandbox

    def observe(self, sandbox: Path) -> tuple[object, str | None]:
        """The saved state as chuck shows it (dates it makes up at run time left out)."""
        lists = self.run(sandbox, ["list", "--json", "--source", "all"])
        favorites = self.run(sandbox, ["favorite", "list", "--json"])
        settings = self.run(sandbox, ["config", "list", "--json"])
        # What the next sync would record: the lists against the base the last sync left, so a
        # sync's lists without its base (or the reverse) is a state of its own.
        status = self.run(sandbox, ["sync", "--status"])
        for result, what in ((lists, "list"), (favorites, "favorite list"), (settings, "config list"),
                             (status, "sync --status")):
            if result.returncode != 0:
                return None, f"chuck {what} afterwards failed ({result.returncode}): {result.stderr.strip()}"
        try:
            state = {"lists": json.loads(lists.stdout), "favorites": json.loads(favorites.stdout),
                     "settings": json.loads(settings.stdout.replace(str(sandbox), "{sandbox}")),
                     "not synced": [line for line in status.stdout.splitlines() if "not synced" in line]}
        except json.JSONDecodeError as error:
            return None, f"chuck's JSON afterwards does not parse: {error}"
        # The config file byte for byte: set keeps every other byte, comments included.
        config = sandbox / "config/chuck/config"
        state["config file"] = config.read_text() if config.exists() else None
        return strip_times(state), None

    # --- the base state ------------------------------------------------------------------------

    def make_base(self) -> None:
        (self.base / "data").mkdir(parents=True)
        config = self.base / "config/chuck/config"
        config.parent.mkdir(parents=True, mode=0o700)
        config.write_text("# chuck's settings, kept by the crash matrix\nsource = \"chuck\"  # the default\n"
                          "\n# how patient\nretries = 0\n"
                          # A declared feed (issue 32): its whole list saved in one write.
                          f"\n[sources.articles]\nurl = \"{self.api_url}/articles\"\n"
                          "list = \"/v3/de42e6d9-2d03-40e2-a426-8953c7c94fb8\"\n"
                          "id = \"/id\"\ntext = \"/title\"\n")
        config.chmod(0o600)
        (self.base / "sync").mkdir()
        for step in (
            ["import", str(self.files["base"]), "--format", "json", "--source", "all"],
            ["add", "The first joke of my own."],
            ["favorite", "add", self.files["keep"].read_text(), "keep"],
            ["favorite", "add", self.files["gone"].read_text(), "gone"],
            ["sync", "init"],
        ):
            result = self.run(self.base, step)
            if result.returncode != 0:
                sys.exit(f"crash matrix: setting up with chuck {' '.join(step)} failed: {result.stderr}")
        # Another machine, whose changes the case `sync` brings in: its folder is a copy of this
        # one's (a replicator), it joins with this one's key, adds a joke of its own, removes one
        # of the saved ones, makes a favourite, and its log is copied back.
        other = self.work / "other"
        (other / "home").mkdir(parents=True)
        shutil.copytree(self.base / "sync", other / "sync")
        key = (self.base / "config/chuck/sync-key").read_text().split()[-1]
        for step in (
            ["sync", "join", key],
            ["add", "A joke of the other machine."],
            ["remove", self.files["remove-elsewhere"].read_text()],
            ["favorite", "add", "--source", "dad", self.files["dad-favorite"].read_text(), "far"],
            ["sync"],
        ):
            result = self.run(other, step)
            if result.returncode != 0:
                sys.exit(f"crash matrix: the other machine's chuck {' '.join(step)} failed: {result.stderr}")
        for log in (other / "sync").glob("*.chuck-sync"):
            shutil.copy(log, self.base / "sync" / log.name)
        result = self.run(self.base, ["add", "A joke made here after the last sync."])
        if result.returncode != 0:
            sys.exit(f"crash matrix: the last add of the set-up failed: {result.stderr}")

    # --- one case ------------------------------------------------------------------------------

    def record(self, case: Case) -> tuple[object, list[Point], int]:
        clean = self.fresh()
        result = self.run(clean, case.args)
        if result.returncode != 0:
            sys.exit(f"crash matrix: chuck {' '.join(case.args)} failed without faults: {result.stderr}")
        after, problem = self.observe(clean)
        if problem:
            sys.exit(f"crash matrix: {case.name}: {problem}")
        traced = self.fresh()
        trace = traced / "trace.txt"
        result = self.run(
            traced, case.args, ["-y", "-e", "trace=" + ",".join(SYSCALLS), "-o", str(trace)]
        )
        if result.returncode != 0:
            sys.exit(f"crash matrix: chuck {' '.join(case.args)} under strace failed: {result.stderr}")
        points, skipped = self.points(trace.read_text(), traced)
        return after, points, skipped

    def points(self, trace: str, sandbox: Path) -> tuple[list[Point], int]:
        """Each recorded call on the data or state folder that can be aimed at: its syscall, its
        number among the calls strace will count, and the -P paths that narrow that count."""
        roots = [str(sandbox / "data"), str(sandbox / "state"), str(sandbox / "config"), str(sandbox / "sync")]
        calls = []
        for line in trace.splitlines():
            match = CALL.match(line)
            if match and "resumed>" not in line:
                text = match.group(3)
                found = [quoted or decorated for quoted, decorated in PATH.findall(text)]
                paths = [p for p in found if any(p == r or p.startswith(r + "/") for r in roots)]
                calls.append((int(match.group(1)), match.group(2), text, paths))
        points: list[Point] = []
        skipped = 0
        for index, (thread, name, text, paths) in enumerate(calls):
            if not paths:
                continue
            # A call on a file whose name is known before the run (a saved file, the lock, the
            # journal, a folder) is counted among the calls on that file alone (-P, which strace
            # 6.1 matches against a call's first path only: a rename's source); one on a
            # temporary file (its random name) among all its thread's calls of its syscall.
            known = [paths[0]] if ".tmp-" not in paths[0] else []
            if not known and name == "openat":
                continue  # creating a temporary file changes nothing a later command reads
            def counted(call) -> bool:
                return call[1] == name and (not known or call[3][:1] == known)
            ordinal = sum(1 for c in calls[: index + 1] if c[0] == thread and counted(c))
            earlier = [c for c in calls[:index] if c[0] != thread and counted(c)]
            others: dict[int, int] = {}
            for c in earlier:
                others[c[0]] = others.get(c[0], 0) + 1
            if any(count >= ordinal for count in others.values()):
                skipped += 1
                if self.verbose:
                    print(f"  skipped {name} #{ordinal}, reached first by another thread: {text[:100]}")
                continue
            relative = [p.replace(str(sandbox), "{sandbox}") for p in known]
            points.append(Point(name, ordinal, thread, text[:120], relative))
        return points, skipped

    def visit(self, case: Case, point: Point, fault: str, before, after) -> Outcome:
        sandbox = self.fresh()
        inject = f"{point.syscall}:signal=KILL" if fault == "KILL" else f"{point.syscall}:error={fault}"
        strace = ["-o", "/dev/null", "-e", f"trace={point.syscall}", "-e", f"inject={inject}:when={point.ordinal}"]
        for path in point.paths:
            strace += ["-P", path.replace("{sandbox}", str(sandbox))]
        label = f"{point.syscall} #{point.ordinal} {fault} ({point.text})"
        result = self.run(sandbox, case.args, strace)
        problem = self.judge(sandbox, case, result, fault, before, after)
        shutil.rmtree(sandbox, ignore_errors=True)
        return Outcome(case.name, label, problem)

    def judge(self, sandbox: Path, case: Case, result, fault: str, before, after) -> str | None:
        killed = result.returncode in (-9, 137)
        state, problem = self.observe(sandbox)
        if problem:
            return problem
        if state != before and state != after:
            return "half a change: the state is neither the one before nor the one after"
        if result.returncode == 0 and state != after:
            return "exit 0, but the change is not there"
        if not killed and result.returncode != 0:
            if "error:" not in result.stderr:
                return f"exit {result.returncode} without an error line: {result.stderr.strip()!r}"
            if "unchanged" in result.stderr and state != before:
                return f"says unchanged, but the state changed: {result.stderr.strip()}"
            if case.name == "pick":
                return f"pick failed on a fault in its rotation state: {result.stderr.strip()}"
        if killed and fault != "KILL":
            return "killed by an injected error"
        probe = self.run(sandbox, ["add", "The next write, after the fault."])
        if probe.returncode != 0:
            return f"the next write failed ({probe.returncode}): {probe.stderr.strip()}"
        # The next sync removes what a killed one left in the sync folder (only this machine
        # writes its log's temporary files there).
        probe = self.run(sandbox, ["sync"])
        if probe.returncode != 0:
            return f"the next sync failed ({probe.returncode}): {probe.stderr.strip()}"
        probe = self.run(sandbox, ["config", "set", "favorites-max", "20"])
        if probe.returncode != 0:
            return f"the next config set failed ({probe.returncode}): {probe.stderr.strip()}"
        left = [
            p.name for folder in ("data", "state", "config/chuck", "sync") if (sandbox / folder).is_dir()
            for p in (sandbox / folder).iterdir() if ".tmp-" in p.name or p.name == "chuck.journal"
        ]
        if left:
            return f"the next write left {', '.join(sorted(left))}"
        if case.name == "pick" and self.run(sandbox, ["pick"]).returncode != 0:
            return "the next pick failed"
        return None


def strip_times(value):
    """Leaves out the times chuck stamps at run time (saved_at, added_at), which differ per run."""
    if isinstance(value, dict):
        return {k: strip_times(v) for k, v in value.items() if k not in ("saved_at", "added_at")}
    if isinstance(value, list):
        return [strip_times(v) for v in value]
    return value


def fixtures(work: Path) -> tuple[dict[str, Path], list[Case]]:
    jokes = json.loads((ROOT / "Fixtures/samples/jokes-sample.json").read_text())
    dad = json.loads((ROOT / "Fixtures/pools/dad.json").read_text())
    files = {name: work / f"{name}.input"
             for name in ("base", "pool", "switter-pool", "one", "all", "keep", "gone", "remove-elsewhere",
                          "dad-favorite")}
    files["base"].write_text(json.dumps(
        [dict(j, source="chuck") for j in jokes[:3]] + [dict(d, source="dad") for d in dad[:2]]))
    files["pool"].write_text(json.dumps([jokes[10]]))
    # Switter serves its pool in a cycle: one joke, so that every run of a case gets the one the
    # clean run saved (with six, a run a fault does not stop saved another joke: "half a change").
    switter = json.loads((ROOT / "Fixtures/pools/switter.json").read_text())
    files["switter-pool"].write_text(json.dumps(switter[:1]))
    files["one"].write_text("A joke imported on its own line.\nAnd a second one.\n")
    files["all"].write_text(json.dumps(
        [dict(jokes[11], source="chuck"), dict(dad[3], source="dad"), dict(jokes[12], source="chuck")]))
    files["keep"].write_text(jokes[0]["id"])
    files["gone"].write_text(jokes[1]["id"])
    files["remove-elsewhere"].write_text(jokes[2]["id"])
    files["dad-favorite"].write_text(str(dad[0]["id"]))
    cases = [
        Case("random", ["random"]),
        # The first Switter request also makes the device id (data folder, the same lock).
        Case("random-switter", ["random", "--source", "switter"]),
        # A feed: the new items of the latest list, appended to the saved ones in one write.
        Case("random-feed", ["random", "--source", "articles"]),
        Case("save", ["save", jokes[10]["id"]]),
        Case("add", ["add", "A joke of my own, added under the matrix."]),
        Case("remove", ["remove", jokes[1]["id"]]),
        Case("remove-plain", ["remove", jokes[2]["id"]]),
        Case("favorite-add", ["favorite", "add", jokes[2]["id"], "fresh"]),
        Case("favorite-rename", ["favorite", "rename", "keep", "kept"]),
        Case("favorite-remove", ["favorite", "remove", "keep"]),
        Case("import-one", ["import", str(files["one"]), "--format", "lines"]),
        Case("import-all", ["import", str(files["all"]), "--format", "json", "--source", "all"]),
        Case("pick", ["pick"]),
        Case("config-set", ["config", "set", "timeout", "12"]),
        Case("config-unset", ["config", "unset", "source"]),
        # Another machine's joke, remove and favourite merged: the lists, the favourites, the own
        # log and the base in one transaction, then the log's copy in the sync folder.
        # This machine's own change since its last sync is recorded in the same transaction.
        Case("sync", ["sync"]),
    ]
    return files, cases


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--chuck", type=Path, default=ROOT / ".build/debug/chuck")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--only", help="run only the case of this name")
    parser.add_argument("--verbose", action="store_true", help="name the calls that were skipped")
    args = parser.parse_args()
    if not shutil.which("strace"):
        sys.exit("crash matrix: strace is missing (apt-get install strace)")
    started = time.monotonic()
    work = Path(tempfile.mkdtemp(prefix="chuck-crash-matrix-"))
    fake = None
    try:
        files, cases = fixtures(work)
        fake = subprocess.Popen(
            [sys.executable, str(ROOT / "Fixtures/fake_api.py"), "--quiet", "--exit-on-stdin-eof",
             "--pool", str(files["pool"]), "--switter-pool", str(files["switter-pool"])],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
        )
        api_url = fake.stdout.readline().strip()
        matrix = Matrix(args.chuck.resolve(), work, api_url, files)
        matrix.verbose = args.verbose
        matrix.make_base()
        before, problem = matrix.observe(matrix.fresh())
        if problem:
            sys.exit(f"crash matrix: {problem}")
        total_points = total_runs = total_skipped = 0
        failures: list[Outcome] = []
        for case in cases:
            if args.only and case.name != args.only:
                continue
            after, points, skipped = matrix.record(case)
            jobs = [(p, f) for p in points for f in ["KILL", *(ERRORS if p.syscall in FAILABLE else [])]]
            with ThreadPoolExecutor(max_workers=args.jobs) as pool:
                outcomes = list(pool.map(lambda job: matrix.visit(case, job[0], job[1], before, after), jobs))
            bad = [o for o in outcomes if o.problem]
            failures += bad
            total_points += len(points)
            total_runs += len(outcomes)
            total_skipped += skipped
            print(f"{case.name:16} {len(points):3} crash points {len(outcomes):4} runs "
                  f"{len(bad):3} violations" + (f" ({skipped} skipped)" if skipped else ""), flush=True)
        for outcome in failures:
            print(f"VIOLATION {outcome.case}: {outcome.point}: {outcome.problem}")
        elapsed = time.monotonic() - started
        print(f"crash matrix: {total_points} crash points, {total_runs} runs, {len(failures)} violations, "
              f"{total_skipped} skipped, {elapsed:.0f} s")
        return 1 if failures else 0
    finally:
        if fake:
            fake.stdin.close()
            try:
                fake.wait(timeout=5)
            except subprocess.TimeoutExpired:
                fake.kill()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
