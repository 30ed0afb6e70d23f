#!/usr/bin/env python3
"""A fake of api.chucknorris.io for tests, with scripted faults. Python 3.11 standard library only.

Prints exactly one line, `http://127.0.0.1:PORT`, on stdout once it listens. See README.md beside this file.
Also serves icanhazdadjoke, the Official Joke API and Switter under /dad, /official and /switter
(fake_sources.py), JokeAPI under /jokeapi (fake_jokeapi.py), and the Articles seed's API under /articles
(fake_articles.py).
"""

from __future__ import annotations

import argparse
import base64
import itertools
import json
import os
import random
import signal
import socket
import struct
import sys
import threading
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Callable
from urllib.parse import parse_qs, unquote, urlsplit

import fake_articles  # the Articles seed's API, under /articles
import fake_jokeapi  # JokeAPI, under /jokeapi
import fake_sources  # the other joke services, under /dad, /official and /switter

fake_sources.register(fake_jokeapi.JokeAPI)
fake_sources.register(fake_articles.Articles)

HERE = Path(__file__).resolve().parent
DEFAULT_POOL = [HERE / "samples" / "jokes-sample.json", HERE / "jokes-made-up.json"]
CATEGORIES_FILE = HERE / "samples" / "categories-live.json"
ICON_FILE = HERE / "chuck-norris.png"
ICON_PATH = "/img/avatar/chuck-norris.png"
API_ORIGIN = "https://api.chucknorris.io/"

JSON_TYPE = "application/json"
TEXT_TYPE = "text/plain;charset=UTF-8"
HTML_TYPE = "text/html; charset=utf-8"
SEARCH_SIZE_ERROR = "size must be between 3 and 120"

Joke = dict[str, Any]


# --- response bodies ----------------------------------------------------------------------------


def iso_now() -> str:
    """Spring's error timestamp: `2023-06-21T12:03:51.946Z`."""
    now = datetime.now(timezone.utc)
    return now.strftime("%Y-%m-%dT%H:%M:%S.") + f"{now.microsecond // 1000:03d}Z"


def spring_error(status: int, path: str, message: str | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {"timestamp": iso_now(), "status": status, "error": HTTPStatus(status).phrase}
    if message is not None:
        body["message"] = message
    body["path"] = path
    return body


def search_size_error() -> dict[str, Any]:
    return {
        "timestamp": iso_now(),
        "status": 400,
        "error": "Bad Request",
        "message": f"search.query: {SEARCH_SIZE_ERROR}",
        "violations": {"search.query": SEARCH_SIZE_ERROR},
    }


def json_bytes(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()


HEROKU_ERROR_PAGE = """<!DOCTYPE html>
<html>
  <head>
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta charset="utf-8">
    <title>Application Error</title>
    <style media="screen">
      html,body,iframe { margin: 0; padding: 0; }
      html,body { height: 100%; overflow: hidden; }
      iframe { width: 100%; height: 100%; border: 0; }
    </style>
  </head>
  <body>
    <iframe src="//www.herokucdn.com/error-pages/application-error.html"></iframe>
  </body>
</html>
"""

CLOUDFLARE_520_PAGE = """<!DOCTYPE html>
<html lang="en-US">
<head><title>api.chucknorris.io | 520: Web server is returning an unknown error</title></head>
<body>
<h1>Web server is returning an unknown error</h1>
<p>Error code 520</p>
<p>Cloudflare Ray ID: 7d9f3c2a1b0e4f56 &bull; Performance &amp; security by Cloudflare</p>
</body>
</html>
"""


def gateway_page(status: int) -> str:
    """The bare page Cloudflare sends for 502 and 504."""
    title = f"{status} {HTTPStatus(status).phrase}"
    lines = ["<html>", f"<head><title>{title}</title></head>", "<body>", f"<center><h1>{title}</h1></center>"]
    return "\r\n".join([*lines, "<hr><center>cloudflare</center>", "</body>", "</html>", ""])


TRUNCATED_JOKE = (
    '{"categories":["dev"],"created_at":"2020-01-05 13:42:19.104863",'
    '"icon_url":"https://api.chucknorris.io/img/avatar/chuck-norris.png","id":"7ver3y48qqsfktpelir7ua",'
    '"updated_at":"2020-01-05 13:42:19.104863","value":"Don\'t worry about tests, Chuck Nor'
)

HOSTILE_VALUE = (
    "Chuck Norris \x1b[31;1mpaints your terminal red\x1b[0m, "
    "\x1b]52;c;aGk=\x07fills your clipboard, "
    "\x1b]8;;https://evil.example/\x1b\\links anywhere\x1b]8;;\x1b\\,"
    "\rOVERWRITES THE LINE, sends C1 \u0085 NEL and \u009b31m CSI, rubs out\x7f, "
    "\u202ereverses text\u202c and \u2066isolates it\u2069."
)

OVERSIZED_VALUE = ("Chuck Norris " * (2 * 1024 * 1024 // 13 + 1))[: 2 * 1024 * 1024]

# Each shortcut expands, for the request path, to rule fields; a rule's own keys override them.
FAULTS: dict[str, Callable[[str], dict[str, Any]]] = {
    "malformed": lambda path: {"body": TRUNCATED_JOKE},
    "wrong_shape": lambda path: {"json": [1, 2, 3]},
    "empty": lambda path: {"body": ""},
    "html_500": lambda path: {"status": 500, "content_type": HTML_TYPE, "body": HEROKU_ERROR_PAGE},
    "html_502": lambda path: {"status": 502, "content_type": HTML_TYPE, "body": gateway_page(502)},
    "html_503": lambda path: {"status": 503, "content_type": HTML_TYPE, "body": HEROKU_ERROR_PAGE},
    "html_504": lambda path: {"status": 504, "content_type": HTML_TYPE, "body": gateway_page(504)},
    "cloudflare_520": lambda path: {"status": 520, "content_type": HTML_TYPE, "body": CLOUDFLARE_520_PAGE},
    "missing_field": lambda path: {"omit": ["value"]},
    "extra_field": lambda path: {"joke": {"extra": "x"}},
    "impossible_date": lambda path: {"joke": {"created_at": "2020-02-30 25:61:00"}},
    "hostile": lambda path: {"joke": {"value": HOSTILE_VALUE}},
    "oversized": lambda path: {"joke": {"value": OVERSIZED_VALUE}},
    "wrong_content_type": lambda path: {"content_type": HTML_TYPE},
    "json_error_404": lambda path: {"status": 404, "json": spring_error(404, path)},
    "plain_404": lambda path: {"status": 404, "content_type": TEXT_TYPE, "body": "Not Found"},
    "rate_limited": lambda path: {"status": 429, "json": spring_error(429, path)},
}

# Keys that choose the body; a rule naming any of them drops those of its fault shortcut.
BODY_KEYS = {"body", "json", "joke", "omit", "body_base64"}


# --- rules --------------------------------------------------------------------------------------


def non_negative(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and value >= 0


def strings(value: Any) -> bool:
    return all(isinstance(item, str) for item in value)


def valid_trickle(value: Any) -> bool:
    return (
        isinstance(value, dict)
        and value.keys() <= {"interval", "chunk", "forever"}
        and non_negative(value.get("interval", 0))
        and isinstance(value.get("chunk", 1), int)
        and value.get("chunk", 1) >= 1
        and isinstance(value.get("forever", False), bool)
    )


def valid_base64(value: Any) -> bool:
    try:
        base64.b64decode(value, validate=True)
    except (TypeError, ValueError):
        return False
    return True


RULE_KEYS: dict[str, tuple[Callable[[Any], bool], str]] = {
    "path": (lambda v: isinstance(v, str), "a string"),
    "path_prefix": (lambda v: isinstance(v, str), "a string"),
    "times": (lambda v: isinstance(v, int) and v >= -1, "an integer >= -1"),
    "status": (lambda v: isinstance(v, int) and 100 <= v <= 999, "an integer 100..999"),
    "headers": (lambda v: isinstance(v, dict) and strings(v.values()), "an object of strings"),
    "content_type": (lambda v: v is None or isinstance(v, str), "a string, or null for none"),
    "body": (lambda v: isinstance(v, str), "a string"),
    "json": (lambda v: True, "any JSON value"),
    "joke": (lambda v: isinstance(v, dict), "an object"),
    "omit": (lambda v: isinstance(v, list) and strings(v), "a list of strings"),
    "body_base64": (lambda v: isinstance(v, str) and valid_base64(v), "a base64 string"),
    "delay": (non_negative, "a number >= 0"),
    "trickle": (valid_trickle, '{"interval": seconds, "chunk": bytes >= 1, "forever": bool}'),
    "drop": (lambda v: v in ("before_headers", "mid_body"), '"before_headers" or "mid_body"'),
    "redirect": (lambda v: isinstance(v, str), "a URL string"),
    "fault": (lambda v: v in FAULTS, "one of " + ", ".join(FAULTS)),
}


def check_rule(rule: Any) -> dict[str, Any]:
    """Returns the rule if well formed, else raises ValueError naming the problem."""
    if not isinstance(rule, dict):
        raise ValueError(f"rule {json.dumps(rule)}: must be an object")
    for key, value in rule.items():
        if key not in RULE_KEYS:
            raise ValueError(f"rule {json.dumps(rule)}: unknown key {key!r}")
        valid, wanted = RULE_KEYS[key]
        if not valid(value):
            raise ValueError(f"rule {json.dumps(rule)}: {key!r} must be {wanted}")
    if len(BODY_KEYS & rule.keys() - {"omit"}) > 1:
        raise ValueError(f"rule {json.dumps(rule)}: give at most one of body, json, joke, body_base64")
    return rule


def parse_script(document: Any) -> list[dict[str, Any]]:
    if not isinstance(document, dict) or not isinstance(document.get("rules"), list):
        raise ValueError('a script must be {"rules": [rule, ...]}')
    return [check_rule(rule) for rule in document["rules"]]


def expand(rule: dict[str, Any], path: str) -> dict[str, Any]:
    """The rule with its fault shortcut (if any) spelled out."""
    if "fault" not in rule:
        return rule
    fields = fake_sources.adapt_fault(rule["fault"], FAULTS[rule["fault"]](path), path)
    if BODY_KEYS & rule.keys():
        fields = {key: value for key, value in fields.items() if key not in BODY_KEYS}
    return {**fields, **rule}


@dataclass
class Rule:
    spec: dict[str, Any]
    uses_left: int

    def matches(self, path: str) -> bool:
        return (
            self.uses_left != 0
            and self.spec.get("path", path) == path
            and path.startswith(self.spec.get("path_prefix", ""))
        )


# --- shared state -------------------------------------------------------------------------------


def load_jokes(document: Any) -> list[Joke]:
    if not isinstance(document, list) or not all(isinstance(joke, dict) for joke in document):
        raise ValueError("a pool must be a JSON array of joke objects")
    return document


class FakeState:
    """Pool, rules and log, shared by all request threads behind one lock."""

    def __init__(
        self,
        pool: list[Joke],
        shuffle: bool,
        seed: int | None,
        rules: list[dict[str, Any]],
        log_path: Path | None,
        services: fake_sources.Services | None = None,
    ):
        self.lock = threading.Lock()
        self.services = services or fake_sources.Services.load(shuffle, seed)
        self.launch_pool = pool
        self.shuffle = shuffle
        self.seed = seed
        self.rules: list[Rule] = []
        self.add_rules(rules)
        self.log: list[dict[str, Any]] = []
        self.log_file = log_path.open("a", encoding="utf-8") if log_path else None
        self.set_pool(pool)

    def set_pool(self, pool: list[Joke]) -> None:
        """Jokes are served in `order` (file order, or a seeded shuffle) from `cursor`, wrapping around."""
        with self.lock:
            self.pool = pool
            self.order = list(range(len(pool)))
            if self.shuffle:
                random.Random(self.seed).shuffle(self.order)
            self.cursor = 0

    def next_joke(self, categories: list[str] | None = None) -> Joke | None:
        """The next pool joke (having any of `categories` if given), or None."""
        with self.lock:
            count = len(self.order)
            for step in range(count):
                joke = self.pool[self.order[(self.cursor + step) % count]]
                if categories is None or set(categories) & set(joke.get("categories") or []):
                    self.cursor = (self.cursor + step + 1) % count
                    return joke
            return None

    def find_joke(self, joke_id: str) -> Joke | None:
        with self.lock:
            return next((joke for joke in self.pool if joke.get("id") == joke_id), None)

    def search(self, query: str) -> list[Joke]:
        needle = query.lower()
        with self.lock:
            return [joke for joke in self.pool if needle in str(joke.get("value", "")).lower()]

    def add_rules(self, specs: list[dict[str, Any]]) -> None:
        with self.lock:
            self.rules += [Rule(spec, spec.get("times", 1)) for spec in specs]

    def take_rule(self, path: str) -> tuple[int | None, dict[str, Any]]:
        """Index and spec of the first rule matching `path` with uses left (using one up), or (None, {})."""
        with self.lock:
            for index, rule in enumerate(self.rules):
                if rule.matches(path):
                    if rule.uses_left > 0:
                        rule.uses_left -= 1
                    return index, rule.spec
            return None, {}

    def record(self, entry: dict[str, Any]) -> None:
        with self.lock:
            self.log.append(entry)
            if self.log_file:
                self.log_file.write(json.dumps(entry, ensure_ascii=False) + "\n")
                self.log_file.flush()

    def log_snapshot(self) -> list[dict[str, Any]]:
        with self.lock:
            return list(self.log)

    def reset(self) -> None:
        """Back to the launch state, but with no rules (not even --script ones): empty log, launch pool."""
        with self.lock:
            self.rules = []
            self.log = []
            if self.log_file:
                self.log_file.seek(0)
                self.log_file.truncate()
        self.set_pool(self.launch_pool)
        self.services.reset()


# --- HTTP ---------------------------------------------------------------------------------------


@dataclass
class Reply:
    status: int
    body: bytes
    content_type: str | None
    headers: dict[str, str] = field(default_factory=dict)


class FakeServer(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 128

    def __init__(self, port: int, state: FakeState, rewrite_icons: bool, quiet: bool):
        super().__init__(("127.0.0.1", port), Handler)
        self.state = state
        self.base_url = f"http://127.0.0.1:{self.server_address[1]}"
        self.rewrite_icons = rewrite_icons
        self.quiet = quiet
        self.icon = ICON_FILE.read_bytes()
        self.categories = sorted(json.loads(CATEGORIES_FILE.read_text()))
        state.services.listening(self.base_url, rewrite_icons)

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):  # clients hanging up are expected
            super().handle_error(request, client_address)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: FakeServer

    def do_GET(self) -> None:
        self.dispatch()

    do_POST = do_PUT = do_PATCH = do_DELETE = do_GET

    def version_string(self) -> str:
        return "fake-chucknorris-api"

    def log_message(self, format: str, *args: Any) -> None:
        if not self.server.quiet:
            super().log_message(format, *args)

    def dispatch(self) -> None:
        url = urlsplit(self.path)
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        if url.path == "/_fake" or url.path.startswith("/_fake/"):
            self.send_reply(self.control(url.path, body))
        else:
            self.serve_api(url.path, url.query)

    # --- /_fake control endpoints ---

    def control(self, path: str, body: bytes) -> Reply:
        state = self.server.state
        if answer := state.services.control(self.command, path, body):
            return Reply(*answer)
        try:
            match self.command, path:
                case "POST", "/_fake/script":
                    rules = parse_script(json.loads(body))
                    state.add_rules(rules)
                    return Reply(200, json_bytes({"added": len(rules)}), JSON_TYPE)
                case "POST", "/_fake/reset":
                    state.reset()
                    return Reply(200, json_bytes({"reset": True}), JSON_TYPE)
                case "POST", "/_fake/pool":
                    document = json.loads(body)
                    jokes = load_jokes(document.get("jokes") if isinstance(document, dict) else None)
                    state.set_pool(jokes)
                    return Reply(200, json_bytes({"jokes": len(jokes)}), JSON_TYPE)
                case "GET", "/_fake/log":
                    return Reply(200, json_bytes(state.log_snapshot()), JSON_TYPE)
        except ValueError as error:  # includes JSONDecodeError
            return Reply(400, json_bytes({"error": str(error)}), JSON_TYPE)
        return Reply(404, json_bytes({"error": f"no {self.command} {path}"}), JSON_TYPE)

    # --- the fake API ---

    def serve_api(self, path: str, query: str) -> None:
        arrived = time.monotonic()
        params = {name: ",".join(values) for name, values in parse_qs(query, keep_blank_values=True).items()}
        index, rule = self.server.state.take_rule(path)
        spec = expand(rule, path)
        reply = self.rule_reply(spec, path, query, params)
        dropped = spec.get("drop") == "before_headers"
        self.server.state.record(
            {
                "method": self.command,
                "path": path,
                "query": query,
                "headers": {name.lower(): ", ".join(self.headers.get_all(name)) for name in self.headers},
                "time": arrived,
                "status": None if dropped else reply.status,
                "rule": index,
            }
        )
        time.sleep(spec.get("delay", 0))
        if dropped:
            self.reset_connection()
        elif "trickle" in spec:
            self.send_trickle(reply, spec["trickle"])
        elif spec.get("drop") == "mid_body":
            self.send_half(reply)
        else:
            self.send_reply(reply)

    def rule_reply(self, spec: dict[str, Any], path: str, query: str, params: dict[str, str]) -> Reply:
        """The reply `spec` asks for; the normal reply is built only when the rule needs it."""
        if "redirect" in spec:
            reply = Reply(302, b"", None, {"Location": spec["redirect"]})
        elif "joke" in spec or "omit" in spec:
            joke = {**self.base_joke(path, query, params), **spec.get("joke", {})}
            for key in spec.get("omit", []):
                joke.pop(key, None)
            found = self.server.state.services.find(path)
            reply = Reply(200, json_bytes(found[0].with_joke(joke) if found else joke), JSON_TYPE)
        elif "json" in spec:
            reply = Reply(200, json_bytes(spec["json"]), JSON_TYPE)
        elif "body" in spec:
            reply = Reply(200, spec["body"].encode(), JSON_TYPE)
        elif "body_base64" in spec:
            reply = Reply(200, base64.b64decode(spec["body_base64"]), JSON_TYPE)
        else:
            reply = self.normal_reply(path, query, params)
        reply.status = spec.get("status", reply.status)
        reply.content_type = spec.get("content_type", reply.content_type)
        reply.headers.update(spec.get("headers", {}))
        return reply

    def normal_reply(self, path: str, query: str, params: dict[str, str]) -> Reply:
        """What the real API would answer."""
        state = self.server.state
        if found := state.services.find(path):
            service, within = found
            client = self.client_address[0]
            return Reply(*service.reply(self.command, within, query, params, self.headers, client))
        if self.command != "GET":
            return Reply(405, json_bytes(spring_error(405, path)), JSON_TYPE)
        if path == "/jokes/random":
            if "category" in params:
                joke = state.next_joke(params["category"].split(","))
                if joke is None:
                    message = f'No jokes for category "{params["category"]}" found.'
                    return Reply(404, json_bytes(spring_error(404, path, message)), JSON_TYPE)
            else:
                joke = state.next_joke()
            if joke is not None:
                return self.joke_reply(joke)
        elif path == "/jokes/categories":
            return Reply(200, json_bytes(self.server.categories), JSON_TYPE)
        elif path == "/jokes/search":
            query = params.get("query", "")
            if not 3 <= len(query.encode("utf-16-le")) // 2 <= 120:
                return Reply(400, json_bytes(search_size_error()), JSON_TYPE)
            result = [self.served(joke) for joke in state.search(query)]
            return Reply(200, json_bytes({"total": len(result), "result": result}), JSON_TYPE)
        elif path == ICON_PATH:
            return Reply(200, self.server.icon, "image/png")
        elif joke_id := self.joke_id(path):
            joke = state.find_joke(joke_id)
            if joke is None:
                message = f'Joke with id "{joke_id}" not found.'
                return Reply(404, json_bytes(spring_error(404, path, message)), JSON_TYPE)
            return self.joke_reply(joke)
        return Reply(404, json_bytes(spring_error(404, path)), JSON_TYPE)

    @staticmethod
    def joke_id(path: str) -> str | None:
        """The id in `/jokes/{id}`, or None for any other path."""
        prefix, _, rest = path.partition("/jokes/")
        return unquote(rest) if not prefix and rest and "/" not in rest else None

    def base_joke(self, path: str, query: str, params: dict[str, str]) -> Joke:
        """For `joke` rules: the joke `path` would serve, else the next pool joke (else {})."""
        state = self.server.state
        if found := state.services.find(path):
            return found[0].base_joke(found[1], query, params)
        joke = None
        if path == "/jokes/random" and "category" in params:
            joke = state.next_joke(params["category"].split(","))
        elif joke_id := self.joke_id(path):
            joke = state.find_joke(joke_id)
        return self.served(joke or state.next_joke() or {})

    def served(self, joke: Joke) -> Joke:
        """A copy of `joke` as this server serves it: icon_url rewritten to point here, unless disabled."""
        icon = joke.get("icon_url")
        if self.server.rewrite_icons and isinstance(icon, str) and icon.startswith(API_ORIGIN):
            return {**joke, "icon_url": f"{self.server.base_url}/{icon.removeprefix(API_ORIGIN)}"}
        return dict(joke)

    def joke_reply(self, joke: Joke) -> Reply:
        """JSON if the client accepts it; else, like the real server, the bare text."""
        accept = self.headers.get("Accept")
        if accept is not None and ("json" in accept or "*/*" in accept):
            return Reply(200, json_bytes(self.served(joke)), JSON_TYPE)
        return Reply(200, str(joke.get("value", "")).encode(), TEXT_TYPE)

    # --- sending ---

    def send_head(self, reply: Reply, content_length: int | None) -> None:
        """Status line and headers; without a length the body ends when the connection closes."""
        headers: dict[str, str] = {}
        if reply.content_type is not None:
            headers["Content-Type"] = reply.content_type
        if content_length is None:
            headers["Connection"] = "close"
        else:
            headers["Content-Length"] = str(content_length)
        for name, value in reply.headers.items():
            headers = {key: old for key, old in headers.items() if key.lower() != name.lower()}
            headers[name] = value
        self.send_response(reply.status)
        for name, value in headers.items():
            self.send_header(name, value)
        self.end_headers()

    def send_reply(self, reply: Reply) -> None:
        self.send_head(reply, len(reply.body))
        self.wfile.write(reply.body)

    def send_trickle(self, reply: Reply, trickle: dict[str, Any]) -> None:
        """Headers at once, then `chunk` bytes every `interval` s: the body, or spaces forever."""
        chunk = trickle.get("chunk", 1)
        if trickle.get("forever", False):
            pieces = itertools.repeat(b" " * chunk)
        else:
            pieces = (reply.body[start : start + chunk] for start in range(0, len(reply.body), chunk))
        self.close_connection = True
        try:
            self.send_head(reply, None)
            for piece in pieces:
                time.sleep(trickle.get("interval", 0.5))
                self.wfile.write(piece)
        except OSError:
            pass  # the client gave up, as it should

    def send_half(self, reply: Reply) -> None:
        """Headers announcing the whole body, half of it, then a reset."""
        try:
            self.send_head(reply, len(reply.body))
            self.wfile.write(reply.body[: len(reply.body) // 2])
            time.sleep(0.05)  # time to read it: some TCP stacks drop unread data on a reset
        except OSError:
            pass
        self.reset_connection()

    def reset_connection(self) -> None:
        """Close with SO_LINGER 0, so the client sees a TCP reset rather than a clean end."""
        self.close_connection = True
        self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        self.rfile.close()
        self.connection.close()


# --- launch -------------------------------------------------------------------------------------


def read_json(parser: argparse.ArgumentParser, path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        parser.error(f"{path}: {error}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="A fake api.chucknorris.io with scripted faults.")
    fake_sources.add_arguments(parser)
    parser.add_argument("--port", type=int, default=0, help="port on 127.0.0.1 (0: any free port)")
    parser.add_argument(
        "--pool", type=Path, nargs="+", action="extend", help="JSON arrays of jokes to serve (repeatable)"
    )
    parser.add_argument("--order", choices=("cycle", "shuffle"), default="cycle")
    parser.add_argument("--seed", type=int, help="seed for --order shuffle")
    parser.add_argument("--script", type=Path, help='JSON {"rules": [...]} to start with')
    parser.add_argument(
        "--log", type=Path, help="append each request's log entry to this file as a JSON line"
    )
    parser.add_argument(
        "--exit-on-stdin-eof", action="store_true", help="exit 0 when stdin reaches end of file"
    )
    parser.add_argument(
        "--no-rewrite-icons", action="store_true", help="serve icon_url and the articles' image as in the pools"
    )
    parser.add_argument("--quiet", action="store_true", help="no access log on stderr")
    args = parser.parse_args(argv)

    try:
        pool = [joke for path in args.pool or DEFAULT_POOL for joke in load_jokes(read_json(parser, path))]
        rules = parse_script(read_json(parser, args.script)) if args.script else []
        services = fake_sources.Services.load(args.order == "shuffle", args.seed, args)
    except ValueError as error:
        parser.error(str(error))
    state = FakeState(pool, args.order == "shuffle", args.seed, rules, args.log, services)
    server = FakeServer(args.port, state, not args.no_rewrite_icons, args.quiet)

    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    if args.exit_on_stdin_eof:

        def wait_for_eof() -> None:
            # os.read, not sys.stdin: a daemon thread blocked inside a buffered reader aborts the exit.
            while os.read(sys.stdin.fileno(), 65536):
                pass
            stop.set()

        threading.Thread(target=wait_for_eof, daemon=True).start()

    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True).start()
    print(server.base_url, flush=True)
    stop.wait()
    server.shutdown()
    server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
