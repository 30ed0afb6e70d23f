#!/usr/bin/env python3
"""Two real Syncthing instances on loopback, sharing one folder: the engine that replicates chuck's
sync folder in the tests (issue 33). Standard library only; Syncthing from Debian (`apt-get install
syncthing`, 1.19 on bookworm).

    with SyncthingPair(workdir) as pair:    # workdir: an empty folder the caller made and removes
        (pair.folder_a / "x").write_text("hi")
        pair.scan("a")                       # POST /rest/db/scan: returns once A has hashed it
        pair.wait_in_sync(timeout=30)        # B has it, byte for byte
        ...

Everything lives under `workdir`: each side's home (`a/home`: keys, config.xml, database), its folder
(`a/folder`, `b/folder`), its log (`a/syncthing.log`), and the HOME and TMPDIR its process is given.
Nothing is written anywhere else, and nothing is reached but 127.0.0.1: the GUI/REST API and the sync
protocol listen on 127.0.0.1 ports the kernel picked (bound to port 0, then released; a port someone
takes in between makes start() begin again, twice at most); each device knows the other by ID at a
static `tcp://127.0.0.1:PORT`; global and local discovery, relays, NAT traversal (and with it STUN),
usage reporting, crash reporting and automatic upgrades are off in config.xml before the first start,
so neither process tries the network even for a moment (it runs the same in a network namespace that
has only `lo`). The two devices and the shared folder (id `chuck`, send-receive, the file-system
watcher on with a 1 s delay, a full rescan every `rescan_interval_s`) are then added through the REST
API (/rest/config/devices, /rest/config/folders), which fills in Syncthing's defaults for the rest.

Every Syncthing process dies with this Python process, however it dies: each is started in a session
of its own with PR_SET_PDEATHSIG=SIGKILL (prctl through ctypes, in preexec_fn; the signal comes when
the *thread* that started it ends, so keep the pair on a thread that outlives it, the main thread in
practice), and stop() (so __exit__) kills each process group, SIGTERM then SIGKILL. STMONITORED=1
makes `syncthing serve` one process: otherwise, even with --no-restart, a monitor process runs the
real one as its child, and that child outlives a monitor killed by SIGKILL.

Syncthing's pitfalls met here: as root it only warns ("should not run as a privileged or system
user"); without STHASHING it spends 0.9 s of each start benchmarking SHA-256 implementations; it
takes no reconnectionIntervalS under 5; a GUI port in use makes it retry for seconds, then exit 1.

What Syncthing puts in a shared folder: `.stfolder/` (the folder marker, an empty directory: without
it Syncthing stops the folder), `.syncthing.NAME.tmp` beside NAME while it receives NAME (renamed over
NAME when complete; one left by an interrupted transfer stays up to keepTemporariesH, 24 h), and
`NAME.sync-conflict-YYYYMMDD-HHMMSS-SHORTID.EXT` when both sides changed NAME (the newer change keeps
NAME; the conflict copy is replicated too). `.stversions/` only comes with file versioning, off here.
`files()` leaves out the marker, `.stversions` and the temporary files.

Usage: Scripts/syncthing_pair.py --self-test   (A to B, then B to A; prints the timings; exit 0 or 1)
"""

from __future__ import annotations

import contextlib
import ctypes
import hashlib
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
import xml.etree.ElementTree as ET
from functools import partial
from pathlib import Path

FOLDER_ID = "chuck"
PR_SET_PDEATHSIG = 1
SIDES = ("a", "b")
PORT_TAKEN = "address already in use"


class SyncthingError(RuntimeError):
    """Syncthing is missing, did not start in time, or did not reach the state asked for in time."""


def _pdeathsig_kill() -> None:
    """In the child, before exec: die by SIGKILL when the parent's thread dies (kept across exec)."""
    parent = os.getppid()
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) != 0:
        os._exit(127)
    # The parent may have died between fork and prctl: then nothing would ever send the signal.
    if os.getppid() != parent:
        os._exit(127)


def _free_ports(count: int) -> list[int]:
    """`count` distinct TCP ports on 127.0.0.1 that were free a moment ago."""
    sockets = []
    try:
        for _ in range(count):
            s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            s.bind(("127.0.0.1", 0))
            sockets.append(s)
        return [s.getsockname()[1] for s in sockets]
    finally:
        for s in sockets:
            s.close()


def _complete(completion: dict) -> bool:
    """A /rest/db/completion answer at 100 %, with nothing to fetch or delete."""
    return (
        completion.get("completion") == 100
        and not completion.get("needItems")
        and not completion.get("needDeletes")
    )


def _set(parent: ET.Element, tag: str, text: str) -> None:
    element = parent.find(tag)
    if element is None:
        element = ET.SubElement(parent, tag)
    element.text = text


# Options set in config.xml before the first start: loopback only, nothing phoned home.
OFFLINE_OPTIONS = {
    "globalAnnounceEnabled": "false",
    "localAnnounceEnabled": "false",
    "relaysEnabled": "false",
    "natEnabled": "false",
    "urAccepted": "-1",  # usage reporting declined for good (0 would mean "not asked yet")
    "urSeen": "3",
    "autoUpgradeIntervalH": "0",
    "crashReportingEnabled": "false",
    "startBrowser": "false",
    "announceLANAddresses": "false",
    "reconnectionIntervalS": "5",  # the least Syncthing takes (60 by default)
    "setLowPriority": "false",  # a busy CI machine should not make the test wait on a niced engine
}


class _Side:
    def __init__(self, name: str, root: Path) -> None:
        self.name = name
        self.root = root
        self.home = root / "home"
        self.folder = root / "folder"
        self.log = root / "syncthing.log"
        self.device_id = ""
        self.api_key = secrets.token_urlsafe(24)
        self.gui_port = 0
        self.listen_port = 0
        self.process: subprocess.Popen[bytes] | None = None

    def log_tail(self, lines: int = 25) -> str:
        try:
            text = self.log.read_text(errors="replace").splitlines()
        except OSError:
            return "(no log)"
        return "\n".join(text[-lines:])


class SyncthingPair:
    """Two Syncthing instances, A and B, on 127.0.0.1, sharing the folder `chuck`.

    `folder_a` and `folder_b` are the two copies of the folder; `scan(side)` makes one side look at its
    folder now; `wait_in_sync(timeout)` waits until both are complete and hold the same files.
    """

    def __init__(
        self,
        workdir: str | os.PathLike[str],
        *,
        start_timeout: float = 30.0,
        rescan_interval_s: int = 60,
        fs_watcher: bool = True,
        binary: str | None = None,
    ) -> None:
        self.workdir = Path(workdir).resolve()
        self.start_timeout = start_timeout
        self.rescan_interval_s = rescan_interval_s
        self.fs_watcher = fs_watcher
        found = shutil.which(binary or "syncthing")
        self.binary = os.path.abspath(found) if found else ""
        self.sides = {name: _Side(name, self.workdir / name) for name in SIDES}
        self.start_seconds = 0.0  # from the first process started to both connected, folder idle

    # The caller's view.

    @property
    def folder_a(self) -> Path:
        return self.sides["a"].folder

    @property
    def folder_b(self) -> Path:
        return self.sides["b"].folder

    def folder(self, side: str) -> Path:
        return self._side(side).folder

    def device_id(self, side: str) -> str:
        return self._side(side).device_id

    def __enter__(self) -> SyncthingPair:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def start(self) -> None:
        """Start both and wait until they are connected with the folder idle (or raise, both stopped).
        A port taken by someone else between choosing it and Syncthing binding it: twice more."""
        if not self.binary:
            raise SyncthingError(
                "syncthing is not installed (Debian: apt-get install syncthing): "
                "the sync tests run two instances of it"
            )
        for attempt in range(3):
            try:
                self._start()
                return
            except BaseException as error:
                self.stop()
                lost_port = isinstance(error, SyncthingError) and any(
                    PORT_TAKEN in side.log_tail(1000) for side in self.sides.values()
                )
                if not lost_port or attempt == 2:
                    raise
                for side in self.sides.values():
                    shutil.rmtree(side.root, ignore_errors=True)

    def _start(self) -> None:
        began = time.monotonic()
        for side in self.sides.values():
            side.home.mkdir(parents=True)
            side.folder.mkdir(parents=True)
            (side.root / "tmp").mkdir()
            self._generate(side)
        gui_a, gui_b, listen_a, listen_b = _free_ports(4)
        a, b = self.sides["a"], self.sides["b"]
        a.gui_port, b.gui_port, a.listen_port, b.listen_port = gui_a, gui_b, listen_a, listen_b
        for side in self.sides.values():
            self._write_config(side)
        for side in self.sides.values():
            self._spawn(side)
        deadline = began + self.start_timeout
        for side in self.sides.values():
            self._wait(side, deadline, "answer on its REST API", partial(self._get, side, "/rest/system/ping"))
        for side in self.sides.values():
            self._configure(side)
        for side in self.sides.values():
            peer = self._peer(side)
            self._wait(side, deadline, f"connect to {peer.name.upper()}", partial(self._connected, side, peer))
        for side in self.sides.values():
            self._wait(side, deadline, "have the folder idle", partial(self._idle, side))
        self.start_seconds = time.monotonic() - began

    def stop(self) -> None:
        """SIGTERM to both process groups, SIGKILL to what is left after 5 s; waits for both."""
        running = [side for side in self.sides.values() if side.process is not None]
        for sig in (signal.SIGTERM, signal.SIGKILL):
            for side in running:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(side.process.pid, sig)
            deadline = time.monotonic() + 5.0
            for side in running:
                with contextlib.suppress(subprocess.TimeoutExpired):
                    side.process.wait(timeout=max(0.0, deadline - time.monotonic()))
            running = [side for side in running if side.process.poll() is None]
            if not running:
                break
        for side in self.sides.values():
            if side.process is not None and side.process.poll() is not None:
                side.process = None

    def scan(self, side: str, sub: str | None = None) -> float:
        """Make one side rescan the folder (or one path in it) now; returns once the scan is done."""
        s = self._side(side)
        query = {"folder": FOLDER_ID}
        if sub is not None:
            query["sub"] = sub
        began = time.monotonic()
        self._request(s, "POST", "/rest/db/scan?" + urllib.parse.urlencode(query), timeout=120)
        return time.monotonic() - began

    def wait_in_sync(self, timeout: float = 30.0) -> float:
        """Wait until both sides are idle at 100 % (their own completion and the other's, as each sees
        it, nothing needed) and both folders hold the same files with the same bytes. Returns the
        seconds waited; raises SyncthingError with what differs at the timeout."""
        began = time.monotonic()
        deadline = began + timeout
        why = ""
        while True:
            for side in self.sides.values():
                self._check_alive(side)
            why = self._not_in_sync()
            if not why:
                return time.monotonic() - began
            if time.monotonic() > deadline:
                raise SyncthingError(f"A and B not in sync after {timeout:g} s: {why}")
            time.sleep(0.05)

    def files(self, side: str) -> dict[str, str]:
        """The folder's files, by path relative to it, with their SHA-256: not Syncthing's own."""
        root = self._side(side).folder
        found = {}
        for directory, dirs, names in os.walk(root):
            if directory == str(root):
                dirs[:] = [d for d in dirs if d not in (".stfolder", ".stversions")]
            for name in names:
                if name.startswith(".syncthing.") and name.endswith(".tmp"):
                    continue
                path = Path(directory, name)
                relative = path.relative_to(root).as_posix()
                try:
                    found[relative] = hashlib.sha256(path.read_bytes()).hexdigest()
                except OSError:
                    found[relative] = "(unreadable)"
        return found

    def rest(self, side: str, method: str, path: str, body: object = None) -> object:
        """Any REST call on one side (for a test that needs more), decoded from JSON."""
        return self._request(self._side(side), method, path, body)

    # The engine.

    def _side(self, name: str) -> _Side:
        try:
            return self.sides[name.lower()]
        except KeyError:
            raise ValueError(f"side must be 'a' or 'b', not {name!r}") from None

    def _peer(self, side: _Side) -> _Side:
        return self.sides["b" if side.name == "a" else "a"]

    def _env(self, side: _Side) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith("ST")}
        env.update(
            HOME=str(side.root),
            TMPDIR=str(side.root / "tmp"),
            XDG_CONFIG_HOME=str(side.root / "home"),
            XDG_STATE_HOME=str(side.root / "home"),
            XDG_DATA_HOME=str(side.root / "home"),
            STNODEFAULTFOLDER="1",
            STNOUPGRADE="1",
            STNORESTART="1",
            STMONITORED="1",
            # A named SHA-256 implementation skips the 0.9 s benchmark that picks the fastest one.
            STHASHING="standard",
            LC_ALL="C",
        )
        return env

    def _generate(self, side: _Side) -> None:
        result = subprocess.run(
            [self.binary, "generate", f"--home={side.home}", "--no-default-folder", "--skip-port-probing"],
            env=self._env(side),
            stdin=subprocess.DEVNULL,
            capture_output=True,
            check=False,
            timeout=self.start_timeout,
            preexec_fn=_pdeathsig_kill,
        )
        if result.returncode != 0 or not (side.home / "config.xml").is_file():
            raise SyncthingError(
                f"{self.binary} generate --home={side.home} made no config (exit {result.returncode}): "
                + (result.stdout + result.stderr).decode(errors="replace").strip()
            )

    def _write_config(self, side: _Side) -> None:
        path = side.home / "config.xml"
        tree = ET.parse(path)
        config = tree.getroot()
        own = config.find("device")  # the generated config holds its own device, named after the host
        side.device_id = own.get("id")
        own.set("name", side.name.upper())
        gui = config.find("gui")
        gui.set("enabled", "true")
        gui.set("tls", "false")
        _set(gui, "address", f"127.0.0.1:{side.gui_port}")
        _set(gui, "apikey", side.api_key)
        options = config.find("options")
        _set(options, "listenAddress", f"tcp://127.0.0.1:{side.listen_port}")
        for tag in ("globalAnnounceServer", "listenAddress"):
            extra = options.findall(tag)[1:]
            for element in extra:
                options.remove(element)
        for key, value in OFFLINE_OPTIONS.items():
            _set(options, key, value)
        for folder in config.findall("folder"):  # no "default" folder, whatever made the config
            config.remove(folder)
        tree.write(path, encoding="unicode")

    def _spawn(self, side: _Side) -> None:
        args = [
            self.binary,
            "serve",
            f"--home={side.home}",
            "--no-browser",
            "--no-restart",  # an exit is an exit (STMONITORED=1 makes it one process, no monitor)
            "--no-upgrade",
            "--no-default-folder",
            "--logflags=3",
        ]
        with open(side.log, "ab") as log:
            side.process = subprocess.Popen(
                args,
                env=self._env(side),
                cwd=side.root,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
                preexec_fn=_pdeathsig_kill,
            )

    def _configure(self, side: _Side) -> None:
        peer = self._peer(side)
        self._request(
            side,
            "PUT",
            f"/rest/config/devices/{peer.device_id}",
            {
                "deviceID": peer.device_id,
                "name": peer.name.upper(),
                "addresses": [f"tcp://127.0.0.1:{peer.listen_port}"],
                "autoAcceptFolders": False,
            },
        )
        self._request(
            side,
            "PUT",
            f"/rest/config/folders/{FOLDER_ID}",
            {
                "id": FOLDER_ID,
                "label": FOLDER_ID,
                "path": str(side.folder),
                "type": "sendreceive",
                "rescanIntervalS": self.rescan_interval_s,
                "fsWatcherEnabled": self.fs_watcher,
                "fsWatcherDelayS": 1,
                "devices": [{"deviceID": side.device_id}, {"deviceID": peer.device_id}],
            },
        )

    def _connected(self, side: _Side, peer: _Side) -> bool:
        connections = self._get(side, "/rest/system/connections")["connections"]
        return bool(connections.get(peer.device_id, {}).get("connected"))

    def _idle(self, side: _Side) -> bool:
        return self._status(side)["state"] == "idle"

    def _status(self, side: _Side) -> dict:
        return self._get(side, f"/rest/db/status?folder={FOLDER_ID}")

    def _completion(self, side: _Side, device: str | None = None) -> dict:
        query = {"folder": FOLDER_ID}
        if device:
            query["device"] = device
        return self._get(side, "/rest/db/completion?" + urllib.parse.urlencode(query))

    def _not_in_sync(self) -> str:
        """Why A and B are not in sync yet, or "" when they are."""
        try:
            for side in self.sides.values():
                peer = self._peer(side)
                status = self._status(side)
                if status.get("state") != "idle":
                    return f"{side.name.upper()} is {status.get('state')}"
                if status.get("needTotalItems", 0) or status.get("needBytes", 0):
                    return f"{side.name.upper()} needs {status.get('needTotalItems')} items"
                own = self._completion(side)
                if not _complete(own):
                    return f"{side.name.upper()} is at {own.get('completion')} %"
                theirs = self._completion(side, peer.device_id)
                if not _complete(theirs):
                    return f"{side.name.upper()} sees {peer.name.upper()} at {theirs.get('completion')} %"
        except SyncthingError as error:
            return str(error)
        files_a, files_b = self.files("a"), self.files("b")
        if files_a != files_b:
            only_a = sorted(set(files_a) - set(files_b))
            only_b = sorted(set(files_b) - set(files_a))
            differ = sorted(p for p in set(files_a) & set(files_b) if files_a[p] != files_b[p])
            return f"the folders differ: only on A {only_a}, only on B {only_b}, different {differ}"
        return ""

    def _check_alive(self, side: _Side) -> None:
        if side.process is None or side.process.poll() is not None:
            code = None if side.process is None else side.process.returncode
            raise SyncthingError(
                f"syncthing {side.name.upper()} exited (status {code}); the end of {side.log}:\n{side.log_tail()}"
            )

    def _wait(self, side: _Side, deadline: float, what: str, ready) -> None:
        last = ""
        while True:
            self._check_alive(side)
            # Syncthing would retry for seconds; start() begins again at once, with other ports.
            if PORT_TAKEN in side.log_tail(1000):
                raise SyncthingError(
                    f"syncthing {side.name.upper()}: a port was taken; the end of {side.log}:\n{side.log_tail()}"
                )
            try:
                if ready():
                    return
            except (SyncthingError, KeyError, OSError) as error:
                last = str(error)
            if time.monotonic() > deadline:
                raise SyncthingError(
                    f"syncthing {side.name.upper()} did not {what} within {self.start_timeout:g} s"
                    + (f" ({last})" if last else "")
                    + f"; the end of {side.log}:\n{side.log_tail()}"
                )
            time.sleep(0.05)

    def _get(self, side: _Side, path: str) -> dict:
        return self._request(side, "GET", path, timeout=2.0)  # polled: a hung answer is asked again

    def _request(self, side: _Side, method: str, path: str, body: object = None, timeout: float = 10.0):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            f"http://127.0.0.1:{side.gui_port}{path}",
            data=data,
            method=method,
            headers={"X-API-Key": side.api_key, "Content-Type": "application/json"},
        )
        # No proxy, whatever the environment says: this is loopback.
        opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
        try:
            with opener.open(request, timeout=timeout) as response:
                text = response.read()
        except urllib.error.HTTPError as error:
            detail = error.read().decode(errors="replace").strip()
            message = f"{side.name.upper()}: {method} {path}: HTTP {error.code} {detail}"
            raise SyncthingError(message) from None
        except (urllib.error.URLError, OSError) as error:
            raise SyncthingError(f"{side.name.upper()}: {method} {path}: {error}") from None
        if not text.strip():
            return {}
        try:
            return json.loads(text)
        except ValueError:
            return {"text": text.decode(errors="replace")}


def _self_test() -> int:
    ok = True
    workdir = tempfile.mkdtemp(prefix="syncthing-pair.")
    try:
        try:
            with SyncthingPair(workdir) as pair:
                print(f"started A and B, connected, folder idle: {pair.start_seconds:.2f} s")
                for writer, reader in (("a", "b"), ("b", "a")):
                    payload = f"written on {writer.upper()} at {time.time()}\n{secrets.token_hex(512)}\n"
                    name = f"from-{writer}.txt"
                    (pair.folder(writer) / name).write_text(payload)
                    began = time.monotonic()
                    scanned = pair.scan(writer)
                    waited = pair.wait_in_sync(timeout=30)
                    got = (pair.folder(reader) / name).read_text()
                    if got != payload:
                        print(f"FAIL: {name} on {reader.upper()} differs", file=sys.stderr)
                        ok = False
                    print(
                        f"{writer.upper()} -> {reader.upper()}: scan {scanned:.3f} s, "
                        f"then in sync {waited:.3f} s (total {time.monotonic() - began:.3f} s)"
                    )
                for side in SIDES:
                    root = pair.folder(side)
                    entries = sorted(p.relative_to(root).as_posix() for p in root.rglob("*"))
                    print(f"folder {side.upper()}: {entries}")
                pids = [side.process.pid for side in pair.sides.values()]
                stopping = time.monotonic()
            print(f"stopped: {time.monotonic() - stopping:.2f} s")
            for pid in pids:
                try:
                    os.killpg(pid, 0)
                    print(f"FAIL: process group {pid} still there after stop", file=sys.stderr)
                    ok = False
                except ProcessLookupError:
                    pass
        except SyncthingError as error:
            print(f"FAIL: {error}", file=sys.stderr)
            ok = False
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    print("1 passed, 0 failed" if ok else "0 passed, 1 failed")
    return 0 if ok else 1


if __name__ == "__main__":
    if sys.argv[1:] == ["--self-test"]:
        sys.exit(_self_test())
    print(__doc__.strip().splitlines()[-1], file=sys.stderr)
    sys.exit(64)
