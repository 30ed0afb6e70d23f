#!/usr/bin/env python3
"""Measures chuck side by side with what a user would use instead (fortune, jq, curl + jq).

Usage: python3 Benchmarks/run.py [--quick] [--binary PATH]

Builds the binary that `make` installs (release, Swift runtime linked statically, stripped) unless
--binary is given, writes lists of 10, 1,000, 10,000 and 100,000 jokes made from the real samples
(Benchmarks/generate.py), starts the local fake API, and times each pair with hyperfine (warm-up runs,
then the median of several runs), and drives `chuck ui` on a pseudo-terminal for the screen's redraw time
in each of its views (list, filter, filtered list, tabs, detail, search results, favourites).
Prints one table: each measure, chuck, its peer, the ratio, the
spec's target for it and whether it is met. Exits 1 when a target is missed.
"""
import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SIZES = [10, 1_000, 10_000, 100_000]
# The fastest jq program we found that prints the same rows as `chuck list` on these lists (the
# script checks that it does): no whitespace collapsing by regex, because jq's gsub is 8x slower and
# the real texts have no runs of whitespace to collapse. A fair peer, not a straw man.
JQ_LIST = (
    '"  Chuck Norris Jokes", (.items | sort_by(.created_at) | .[] | '
    '(.value | if length > 30 then .[0:30] + "..." else . end) as $p '
    '| "", "  \\($p)", "  \\(.created_at[0:10])  \\(.id)")'
)


# A config file as a user keeps one: 20 lines of settings, comments and keys.
CONFIG_20 = """\
# chuck's settings
source = "chuck"          # the default source
exclude = ["explicit"]
favorites-max = 20

# the network
timeout = 10
retries = 3
retry-delay = 2

# how it looks
color = "auto"
date-format = "%Y-%m-%d"
mouse = true
jokeapi-safe = true
lang = "en"

[keys]
joke = ["n", "+"]
quit = ["q", "Q"]
"""


def fixture_declaration(name):
    """A declaration kept in Fixtures/ (articles.toml): the file without its comment header."""
    lines = (ROOT / "Fixtures" / name).read_text().splitlines(keepends=True)
    while lines and (lines[0].startswith("#") or not lines[0].strip()):
        lines.pop(0)
    return "".join(lines)


# The same file with three declared sources (issue 32): a feed (the Articles seed's,
# Fixtures/articles.toml), a one-joke service with by-id and search, and a two-part one with a
# header from the environment. pick reads and checks them all.
CONFIG_SOURCES_3 = CONFIG_20 + "\n" + fixture_declaration("articles.toml") + """
[sources.geek]
url = "https://icanhazdadjoke.com"
random = "/"
by-id = "/j/{id}"
search = "/search?term={query}"
search-items = "/results"
id = "/id"
text = "/joke"

[sources.twopart]
url = "https://official-joke-api.appspot.com"
random = "/random_joke"
by-id = "/jokes/{id}"
id = "/id"
setup = "/setup"
punchline = "/punchline"

[sources.twopart.headers]
Authorization = "Bearer ${BENCH_TOKEN}"
"""


def run(cmd, **kwargs):
    return subprocess.run(cmd, check=True, **kwargs)


def hyperfine(commands, names, env, runs, shell=False, prepare=None, ignore_failure=False):
    with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as out:
        export = out.name
    cmd = ["hyperfine", "--style", "none", "--warmup", "3", "--runs", str(runs), "--export-json", export]
    cmd += ["--ignore-failure"] if prepare or ignore_failure else []
    if not shell:
        cmd.append("-N")
    if prepare:
        cmd += ["--prepare", prepare]
    for name, command in zip(names, commands):
        cmd += ["--command-name", name, command]
    run(cmd, env=env, stdout=subprocess.DEVNULL)
    with open(export) as file:
        results = json.load(file)["results"]
    os.unlink(export)
    return [r["median"] for r in results]


def sync_benchmark(chuck, env, list_file, work, runs):
    """Seconds (median) of a `chuck sync` that brings another machine's 10,000 jokes, and of a
    `chuck import` of the same jokes into an empty list: each run starts from the same copy."""
    folder = work / "sync-folder"
    folder.mkdir()
    def machine(name):
        root = work / f"sync-{name}"
        (root / "data").mkdir(parents=True)
        return root, dict(env, CHUCK_DATA_DIR=str(root / "data"), XDG_CONFIG_HOME=str(root / "config"),
                          CHUCK_SYNC_DIR=str(folder))
    (a, env_a), (b, env_b) = machine("a"), machine("b")
    run([chuck, "sync", "init"], env=env_a, stdout=subprocess.DEVNULL)
    key = subprocess.run([chuck, "sync", "key"], env=env_a, capture_output=True, text=True, check=True).stdout
    run([chuck, "sync", "join", key.strip()], env=env_b, stdout=subprocess.DEVNULL)
    shutil.copytree(b / "data", work / "sync-b-pristine")
    shutil.copy(list_file, a / "data/jokes.json")
    run([chuck, "sync"], env=env_a, stdout=subprocess.DEVNULL)
    items = work / "sync-items.json"
    items.write_text(json.dumps(json.loads(list_file.read_text())["items"]))
    imported = work / "sync-import"
    assignments = " ".join(f"{k}={env_b[k]}" for k in ("CHUCK_DATA_DIR", "XDG_CONFIG_HOME", "CHUCK_SYNC_DIR"))
    sync_time, import_time = hyperfine(
        [f"env {assignments} {chuck} sync",
         f"env CHUCK_DATA_DIR={imported} {chuck} import {items} --format json"],
        ["chuck sync (10,000 jokes in)", "chuck import (10,000 jokes)"], env, runs,
        prepare=f"sh -c 'rm -rf {b}/data {imported} && cp -a {work}/sync-b-pristine {b}/data'")
    # The last prepare put B back as it was: one more sync, to check what it brings.
    run([chuck, "sync"], env=env_b, stdout=subprocess.DEVNULL)
    count = subprocess.run([chuck, "list", "--json"], env=env_b, capture_output=True, check=True).stdout
    if len(json.loads(count)) != 10_000:
        sys.exit("chuck sync did not bring the 10,000 jokes")
    return sync_time, import_time


def peak_memory_kib(argv, env):
    """Maximum resident set size of a run, in KiB (the largest of three runs), as GNU time reports it.

    Not os.wait4's rusage of a child of this script: a forked child's peak includes this Python
    process's own memory from before exec, which here holds a whole parsed list.
    """
    peak = 0
    for _ in range(3):
        done = subprocess.run(["/usr/bin/time", "-f", "%M", *argv], env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True, check=True)
        peak = max(peak, int(done.stderr.strip().splitlines()[-1]))
    return peak


def fortune_path():
    """fortune-mod's binary: on PATH, or in /usr/games where Debian puts it (not on root's PATH)."""
    return shutil.which("fortune") or shutil.which("fortune", path="/usr/games")


def cpu_seconds(argv, env, runs):
    """User + system CPU time of a run of argv (the median of `runs` runs), from wait4's rusage."""
    times = []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        times.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return sorted(times)[len(times) // 2]


class ScreenOnPty:
    """`chuck ui` on a pseudo-terminal of 80 x 24, driven as a user drives it: keys written one at a
    time, and the time from a key to the last byte of the redraw it causes (the whole path a user
    waits for: read, decode, update, render, write). The end of a redraw is the last byte before 30 ms
    of silence; the silence itself is not counted."""

    QUIET = 0.03

    def __init__(self, chuck, env):
        import fcntl
        import pty
        import struct
        import termios

        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
            os.execve(chuck, [chuck, "ui"], env)
        self.wait_for(b"Joke! (n)", b"q quit", what="chuck ui did not draw its screen")

    def drain(self, quiet):
        """Everything the screen writes until `quiet` seconds pass without a byte, and when the last
        byte came."""
        import select
        import time

        data, last = b"", time.perf_counter()
        while True:
            ready, _, _ = select.select([self.fd], [], [], quiet)
            if not ready:
                return data, last
            try:
                chunk = os.read(self.fd, 65536)
            except OSError:
                return data, last
            if not chunk:
                return data, last
            data += chunk
            last = time.perf_counter()

    def wait_for(self, *texts, what):
        """Reads until every one of `texts` has been written (at most 10 s)."""
        shown = b""
        for _ in range(100):
            shown += self.drain(0.1)[0]
            if all(text in shown for text in texts):
                return
        sys.exit(what)

    def type(self, *keys):
        """Presses keys one at a time, each once the screen has answered the one before (keys that
        arrive in one read would be taken for a paste), without measuring."""
        for key in keys:
            os.write(self.fd, key)
            self.drain(self.QUIET)

    def cpu(self):
        """User + system CPU seconds the screen has used, from /proc."""
        fields = Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def at_rest(self, seconds):
        """CPU seconds the open screen uses in `seconds` without a key: its 2-second file check and
        nothing else."""
        import time

        before, end = self.cpu(), time.perf_counter() + seconds
        while time.perf_counter() < end:
            self.drain(end - time.perf_counter())
        return self.cpu() - before

    def keypress_seconds(self, keys, presses, view):
        """Median seconds from a key to the end of its redraw, over `presses` presses of `keys` in
        turn; every key must change the screen."""
        import time

        times = []
        for index in range(presses):
            start = time.perf_counter()
            os.write(self.fd, keys[index % len(keys)])
            data, last = self.drain(self.QUIET)
            if not data:
                sys.exit(f"chuck ui drew nothing after a key press ({view}, key {keys[index % len(keys)]!r})")
            times.append(last - start)
        return sorted(times)[len(times) // 2]

    def close(self):
        try:
            os.write(self.fd, b"q")
            self.drain(0.5)
        except OSError:
            pass
        try:
            os.kill(self.pid, 15)
        except ProcessLookupError:
            pass
        os.waitpid(self.pid, 0)
        os.close(self.fd)


# Keys that move by one (two lines change) and by pages and ends (the whole body changes), in turn,
# from the first row: each changes the screen, in a list of any length above one.
MOVING = [b"j", b"k", b"\x1b[6~", b"\x1b[5~", b"\x1b[F", b"\x1b[H"]
ENTER, ESC, BACKSPACE = b"\r", b"\x1b", b"\x7f"


def screen_setup(chuck, env, list_file, work, api_url):
    """The screen's data folder: the 10,000-joke list, its oldest joke made long (a detail of many
    screens, to scroll; its icon on the fake), and 10 favourites. Returns the environment."""
    data = work / "screen"
    data.mkdir()
    document = json.loads(list_file.read_text())
    long_text = " ".join(item["value"] for item in document["items"][:60])
    document["items"][0].update(value=long_text, created_at="2015-01-01 00:00:00",
                                updated_at="2015-01-01 00:00:00",
                                icon_url=f"{api_url}/img/avatar/chuck-norris.png")
    (data / "jokes.json").write_text(json.dumps(document, ensure_ascii=False, separators=(",", ":")))
    # No inline images: the icon shows as its cached file's path whatever terminal runs this.
    screen_env = {k: v for k, v in env.items() if k not in ("KITTY_WINDOW_ID", "TERM_PROGRAM", "TMUX")}
    screen_env.update(CHUCK_DATA_DIR=str(data), TERM="xterm-256color")
    for number, item in enumerate(document["items"][1:11]):
        run([chuck, "favorite", "add", item["id"], f"favourite {number:02d}"], env=screen_env,
            stdout=subprocess.DEVNULL)
    return screen_env


def screen_seconds(chuck, env, presses, rest=5.0):
    """Key press to redraw on the screen of a 10,000-joke list, per view: the list, the filter being
    typed (each key filters the 10,000 jokes again), the filtered list, tab switching, a long joke's
    detail (scrolling), a search's results (the fake's) and the favourites tab (10). Before the keys,
    the CPU the open screen uses in `rest` seconds without a key.
    Returns ({view: median seconds}, CPU seconds at rest)."""
    screen = ScreenOnPty(chuck, env)
    views = {}
    try:
        at_rest = screen.at_rest(rest)
        views["list"] = screen.keypress_seconds(MOVING, presses, "list")

        # Tabs: the Chuck Norris tab (10,000 jokes) and the Dad tab, in turn.
        screen.type(b"2", b"1")
        views["tabs"] = screen.keypress_seconds([b"2", b"1"], presses + presses % 2, "tabs")
        screen.type(b"1")

        # The oldest joke's detail, taller than the screen: scrolling.
        screen.type(b"\x1b[H", ENTER)
        screen.drain(1.0)  # the icon, from the fake
        views["detail"] = screen.keypress_seconds(MOVING, presses, "detail")
        screen.type(ESC)
        screen.drain(0.2)

        # The filter: `/c`, then each key typed or taken back filters the 10,000 jokes again.
        screen.type(b"/", b"c")
        typing = [b"h", b"u", b"c", b"k", BACKSPACE, BACKSPACE, BACKSPACE, BACKSPACE]
        # Whole rounds, so that the filter is `c` again after them.
        rounds = max(1, presses // len(typing))
        views["filter typing"] = screen.keypress_seconds(typing, rounds * len(typing), "filter typing")
        screen.type(b"h", b"u", b"c", b"k", ENTER, b"\x1b[H")
        views["filtered list"] = screen.keypress_seconds(MOVING, presses, "filtered list")
        screen.type(ESC)
        screen.drain(0.2)

        # A search of the fake's jokes: its results.
        screen.type(b"s", *[bytes([c]) for c in b"chuck"])
        os.write(screen.fd, ENTER)
        screen.wait_for(b"found", what="the search found nothing")
        screen.drain(0.2)
        views["search results"] = screen.keypress_seconds(MOVING, presses, "search results")
        screen.type(ESC)
        screen.drain(0.2)

        # The favourites tab: the last one, after every source's.
        screen.type(b"7")
        views["favourites"] = screen.keypress_seconds(MOVING, presses, "favourites")
    finally:
        screen.close()
    return views, at_rest


MIB = 1024 * 1024
# The screen's views as the table names them.
SCREEN_VIEWS = [
    ("list", "screen, list: key press to redraw, 10,000 jokes (peer = one 60 Hz frame)"),
    ("filter typing", "screen, filter being typed (/c, then h u c k, Backspace): a key to redraw, 10,000 jokes"),
    ("filtered list", "screen, filtered list (/chuck): key press to redraw, 10,000 jokes"),
    ("tabs", "screen, tabs (1 and 2 in turn): key press to redraw, 10,000 jokes in tab 1"),
    ("detail", "screen, detail of a long joke: scrolling key to redraw, 10,000 jokes"),
    ("search results", "screen, search results (fake API): key press to redraw, 10,000 jokes"),
    ("favourites", "screen, favourites tab (10): key press to redraw, 10,000 jokes"),
]


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="fewer runs (for a smoke check)")
    parser.add_argument("--binary", help="a chuck binary to measure instead of building one")
    args = parser.parse_args()
    for tool in ("hyperfine", "jq", "curl", "strip"):
        if not shutil.which(tool):
            sys.exit(f"{tool} is needed: apt-get install -y {tool}")
    fortune = fortune_path()
    if not fortune:
        sys.exit("fortune is needed: apt-get install -y fortune-mod")
    if not os.path.exists("/usr/bin/time"):
        sys.exit("GNU time is needed: apt-get install -y time")

    if args.binary:
        chuck = str(Path(args.binary).resolve())
    else:
        # The binary `make install` installs: release, Swift runtime linked statically, stripped.
        run(["make", "-s", ".build-install/stage/chuck"], cwd=ROOT, stdout=subprocess.DEVNULL)
        chuck = str(ROOT / ".build-install/stage/chuck")

    work = Path(tempfile.mkdtemp(prefix="chuck-bench-"))
    fake = subprocess.Popen([sys.executable, str(ROOT / "Fixtures/fake_api.py"), "--quiet", "--exit-on-stdin-eof"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    url = fake.stdout.readline().strip()
    (work / "slow.json").write_text('{"rules":[{"delay":2}]}')
    slow = subprocess.Popen([sys.executable, str(ROOT / "Fixtures/fake_api.py"), "--quiet", "--exit-on-stdin-eof",
                             "--script", str(work / "slow.json")],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    slow_url = slow.stdout.readline().strip()
    # Everything chuck writes stays in the work folder: the cache, and pick's rotation state.
    # No config file but the benchmark's own (a missing one costs one failed open).
    env = dict(os.environ, COLUMNS="80", NO_COLOR="1", CHUCK_API_URL=url, CHUCK_CACHE_DIR=str(work / "cache"),
               XDG_STATE_HOME=str(work / "state"), XDG_CONFIG_HOME=str(work / "no-config"))
    env.pop("CHUCK_CONFIG", None)
    env["BENCH_TOKEN"] = "made-up-token"  # the declared sources' header (CONFIG_SOURCES_3)
    # (measure, chuck, peer, unit, target of chuck/peer or None)
    rows = []
    list_times = {}
    runs = 3 if args.quick else 10
    try:
        # The size of what is installed: the stripped binary (made stripped, or stripped here).
        copy = work / "chuck-stripped"
        shutil.copy(chuck, copy)
        run(["strip", str(copy)])
        rows.append(("stripped binary (MiB; peer = the 16 MiB limit)", copy.stat().st_size / MIB, 16.0, "MiB", 1.0))
        for size in SIZES:
            data = work / f"list-{size}"
            data.mkdir()
            list_file = data / "jokes.json"
            run([sys.executable, str(Path(__file__).parent / "generate.py"), str(size), str(list_file)])
            env_size = dict(env, CHUCK_DATA_DIR=str(data))
            items = json.loads(list_file.read_text())["items"]
            some_id = items[len(items) // 2]["id"]
            del items
            mine = subprocess.run([chuck, "list"], env=env_size, capture_output=True, check=True).stdout
            theirs = subprocess.run(["jq", "-r", JQ_LIST, str(list_file)], capture_output=True, check=True).stdout
            if mine != theirs:
                sys.exit(f"chuck list and the jq program print different rows for {size} jokes")
            big = size >= 100_000
            n = max(3, runs // 2) if big else runs
            if size == 10:
                # The shell start-up file case: chuck against fortune, side by side.
                pick, chuck_list, fortune_time = hyperfine(
                    [f"{chuck} pick", f"{chuck} list", fortune], ["chuck pick", "chuck list", "fortune"],
                    env_size, runs * 3)
                rows.append(("pick, 10 jokes (peer: fortune)", pick, fortune_time, "ms", 1.0))
                rows.append(("list, 10 jokes (peer: fortune)", chuck_list, fortune_time, "ms", 1.25))
                # pick with the options status bars and motd scripts use: still the fast path.
                options = [
                    ("pick -s -c --oneline --max-width 60", f"{chuck} pick -s -c --oneline --max-width 60"),
                    ("pick --format waybar --daily", f"{chuck} pick --format waybar --daily"),
                    ("pick --source all --no-rotate", f"{chuck} pick --source all --no-rotate"),
                ]
                *times, fortune_again = hyperfine(
                    [command for _, command in options] + [fortune],
                    [name for name, _ in options] + ["fortune"], env_size, runs * 3)
                for (name, _), time in zip(options, times):
                    rows.append((f"{name}, 10 jokes (peer: fortune)", time, fortune_again, "ms", 1.0))
                # pick with a config file of 20 lines (settings, comments, keys) read and checked.
                config = work / "config-20"
                config.write_text(CONFIG_20)
                config.chmod(0o600)
                with_config, fortune_config = hyperfine(
                    [f"{chuck} pick", fortune], ["chuck pick (20-line config)", "fortune"],
                    dict(env_size, CHUCK_CONFIG=str(config)), runs * 3)
                rows.append(("pick with a 20-line config file, 10 jokes (peer: fortune)", with_config,
                             fortune_config, "ms", 1.0))
                # pick with three declared sources in that file (issue 32): read, checked, installed.
                config = work / "config-sources"
                config.write_text(CONFIG_SOURCES_3)
                config.chmod(0o600)
                with_sources, fortune_sources = hyperfine(
                    [f"{chuck} pick", fortune], ["chuck pick (3 declared sources)", "fortune"],
                    dict(env_size, CHUCK_CONFIG=str(config)), runs * 3)
                rows.append(("pick with 3 declared sources in the config file, 10 jokes (peer: fortune)",
                             with_sources, fortune_sources, "ms", 1.0))
            target = {10: 0.75, 1_000: None, 10_000: 0.5, 100_000: 0.33}[size]
            chuck_list, jq_list = hyperfine(
                [f"{chuck} list", f"jq -r '{JQ_LIST}' {list_file}"], ["chuck list", "jq"], env_size, n)
            rows.append((f"list, {size:,} jokes", chuck_list, jq_list, "ms", target))
            list_times[size] = chuck_list
            if size in (10_000, 100_000):
                chuck_json, jq_json = hyperfine(
                    [f"{chuck} list --json", f"jq '.items | sort_by(.created_at)' {list_file}"],
                    ["chuck list --json", "jq"], env_size, n)
                rows.append((f"list --json, {size:,} jokes", chuck_json, jq_json, "ms", 0.5 if big else None))
            if size == 10_000 and shutil.which("strfile"):
                # --match against fortune -m over the same 10,000 jokes as a fortune file.
                cookies = work / "jokes-10000"
                texts = [item["value"] for item in json.loads(list_file.read_text())["items"]]
                cookies.write_text("".join(text.replace("\n%\n", "\n %\n") + "\n%\n" for text in texts))
                run(["strfile", "-s", str(cookies)], stdout=subprocess.DEVNULL)
                # The same expression in both dialects (fortune's is POSIX basic); fortune -m exits 1
                # even when it prints matches.
                chuck_match, fortune_match = hyperfine(
                    [f"{chuck} pick --match 'Chuck Norris [a-z]*s ' --no-rotate",
                     f"{fortune} -m 'Chuck Norris [a-z]*s ' {cookies}"],
                    ["chuck pick --match", "fortune -m"], env_size, n, ignore_failure=True)
                rows.append(("pick --match REGEX, 10,000 jokes (peer: fortune -m)", chuck_match,
                             fortune_match, "ms", 1.0))
            if size == 10_000:
                # Sync (issue 33): another machine's 10,000 jokes merged, against importing them.
                sync_seconds, import_seconds = sync_benchmark(chuck, env, list_file, work, runs)
                rows.append(("sync bringing 10,000 jokes from another machine (s; peer: import of them)",
                             sync_seconds, import_seconds, "s", 1.0))
            if size == 10_000:
                # The screen: a key press redraws within one 60 Hz frame, in every view.
                screen_env = screen_setup(chuck, env_size, list_file, work, url)
                views, at_rest = screen_seconds(chuck, screen_env, runs * 6)
                for view, name in SCREEN_VIEWS:
                    rows.append((name, views[view], 1 / 60, "ms", 1.0))
                # Idle costs nothing: the screen at rest for 5 s; `sleep 5` as the peer.
                rows.append(("CPU of the screen at rest for 5 s, 10,000 jokes (s; peer: sleep 5)",
                             at_rest, cpu_seconds(["sleep", "5"], env, 1), "s", 0.05))
            if big:
                chuck_show, jq_show = hyperfine(
                    [f"{chuck} show {some_id} --json", f"jq '.items[] | select(.id == \"{some_id}\")' {list_file}"],
                    ["chuck show", "jq"], env_size, n)
                rows.append((f"show --json, {size:,} jokes", chuck_show, jq_show, "ms", 0.33))
                (chuck_show_text,) = hyperfine([f"{chuck} show {some_id}"], ["chuck show"], env_size, n)
                rows.append((f"show (text), {size:,} jokes", chuck_show_text, jq_show, "ms", 0.33))
            memory = peak_memory_kib([chuck, "list"], env_size)
            rows.append((f"peak memory of list, {size:,} jokes (KiB; peer = file size)", memory,
                         list_file.stat().st_size / 1024, "KiB", 2.0 if big else None))
        random_dir = work / "random"
        random_dir.mkdir()
        chuck_random, curl_jq = hyperfine(
            [f"{chuck} random", f"curl -s -H 'Accept: application/json' {url}/jokes/random | jq -r .value"],
            ["chuck random", "curl | jq"], dict(env, CHUCK_DATA_DIR=str(random_dir)), runs, shell=True,
            prepare=f"rm -f {random_dir}/jokes.json")
        rows.append(("random, loopback fake API (shell)", chuck_random, curl_jq, "ms", 0.8))
        # The same, each side started as a plain process: no shell hides chuck's start-up (the
        # peer's pipe needs one, so it is `sh -c`).
        chuck_random, curl_jq = hyperfine(
            [f"{chuck} random",
             f"sh -c \"curl -s -H 'Accept: application/json' {url}/jokes/random | jq -r .value\""],
            ["chuck random", "sh -c 'curl | jq'"], dict(env, CHUCK_DATA_DIR=str(random_dir)), runs,
            prepare=f"rm -f {random_dir}/jokes.json")
        rows.append(("random, loopback fake API (plain processes)", chuck_random, curl_jq, "ms", 0.8))
        # Waiting costs nothing: CPU (user + sys) of a random whose answer takes 2 s; curl as the peer.
        slow_dir = work / "slow"
        slow_dir.mkdir()
        slow_env = dict(env, CHUCK_API_URL=slow_url, CHUCK_DATA_DIR=str(slow_dir), CHUCK_RETRIES="0")
        waits = max(3, runs // 3)
        waiting = []
        for _ in range(waits):
            (slow_dir / "jokes.json").unlink(missing_ok=True)
            waiting.append(cpu_seconds([chuck, "random"], slow_env, 1))
        curl_cpu = cpu_seconds(["curl", "-s", f"{slow_url}/jokes/random"], env, waits)
        rows.append(("CPU of random, answer after 2 s (s; peer: curl)", sorted(waiting)[len(waiting) // 2],
                     curl_cpu, "s", 0.05))
    finally:
        for server in (fake, slow):
            server.stdin.close()
            server.wait()
        shutil.rmtree(work, ignore_errors=True)

    rows.append(("list, 100,000 jokes vs its own 10,000 time", list_times[100_000], list_times[10_000], "ms", 11.0))
    missed = []
    print("| measure | chuck | peer | chuck/peer | target | met |")
    print("|---|---:|---:|---:|---:|:---:|")
    for name, mine, theirs, unit, target in rows:
        ratio = mine / theirs if theirs else float("inf")
        if unit == "s" and target is not None:
            # CPU rows: the target is an absolute limit, the peer only for comparison.
            ok, goal = mine <= target, f"≤ {target:g} s"
        elif target is None:
            ok, goal = True, ""
        else:
            ok, goal = ratio <= target, f"≤ {target:g}"
        if not ok:
            missed.append(name)
        if unit == "ms":
            values = f"{mine * 1000:.1f} ms | {theirs * 1000:.1f} ms"
        elif unit == "s":
            values = f"{mine:.3f} s | {theirs:.3f} s"
        elif unit == "MiB":
            values = f"{mine:.1f} MiB | {theirs:.0f} MiB"
        else:
            values = f"{mine:,.0f} | {theirs:,.0f}"
        mark = ("yes" if ok else "**no**") if goal else ""
        print(f"| {name} | {values} | {ratio:.2f} | {goal} | {mark} |")
    if missed:
        print(f"targets missed: {', '.join(missed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
