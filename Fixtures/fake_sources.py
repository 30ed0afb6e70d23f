"""The other joke services chuck speaks, for fake_api.py: icanhazdadjoke, the Official Joke API and Switter,
and what every service shares (pools, rate limits, the registry of services; JokeAPI, in fake_jokeapi.py, and
the Articles seed's API, in fake_articles.py, are registered by fake_api.py).

Each is served under its own path prefix of the one fake (`/dad`, `/official`, `/switter`, `/jokeapi`,
`/articles`), answering as the real service does (shapes, status codes, Content-Type, error bodies). Python
3.11 standard library only. Facts come from shared/api/README.md and the services' public source (see
README.md beside this file).
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import html
import json
import math
import random
import re
import threading
import time
from email.message import Message
from pathlib import Path
from typing import Any, Callable
from urllib.parse import unquote

HERE = Path(__file__).resolve().parent
POOLS = HERE / "pools"

Joke = dict[str, Any]
# status, body, Content-Type (None: no header), other headers; fake_api.py makes its Reply of it.
Answer = tuple[int, bytes, str | None, dict[str, str]]


def compact_json(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()


# --- pools --------------------------------------------------------------------------------------


def check_pool(document: Any) -> list[Joke]:
    if not isinstance(document, list) or not all(isinstance(joke, dict) for joke in document):
        raise ValueError("a pool must be a JSON array of joke objects")
    return document


class Pool:
    """Jokes served in `order` (file order, or a seeded shuffle) from a cursor, wrapping around, as the
    chuck pool of fake_api.py is."""

    def __init__(self, jokes: list[Joke], shuffle: bool, seed: int | None):
        self.lock = threading.Lock()
        self.launch_jokes = jokes
        self.shuffle = shuffle
        self.seed = seed
        self.replace(jokes)

    def replace(self, jokes: list[Joke]) -> None:
        with self.lock:
            self.jokes = jokes
            self.order = list(range(len(jokes)))
            if self.shuffle:
                random.Random(self.seed).shuffle(self.order)
            self.cursor = 0

    def reset(self) -> None:
        self.replace(self.launch_jokes)

    def take(self, count: int, wanted: Callable[[Joke], bool] = lambda joke: True) -> list[Joke]:
        """Up to `count` different jokes accepted by `wanted`, the next ones in the cycle."""
        with self.lock:
            size, start, taken = len(self.order), self.cursor, []
            for step in range(size):
                if len(taken) >= count:
                    break
                joke = self.jokes[self.order[(start + step) % size]]
                if wanted(joke):
                    taken.append(joke)
                    self.cursor = (start + step + 1) % size
            return taken

    def next(self) -> Joke | None:
        return next(iter(self.take(1)), None)

    def all(self) -> list[Joke]:
        """The jokes in file order (as a search sees them)."""
        with self.lock:
            return list(self.jokes)

    def ordered(self) -> list[Joke]:
        """All the jokes in `order` (file order, or the seeded shuffle), the cursor left alone."""
        with self.lock:
            return [self.jokes[index] for index in self.order]


class RateLimit:
    """Requests counted per client IP (`X-Forwarded-For` first, else the peer, so all local tests share one
    count), at most `limit` (0: no limit) in a window of `window` seconds. `shared_window`: all counts are
    cleared together every window (limiting-middleware); else each client's window starts at its first
    request (rate-limiter-flexible)."""

    def __init__(self, limit: int, window: float, shared_window: bool):
        self.limit, self.window, self.shared_window = limit, window, shared_window
        self.lock = threading.Lock()
        self.reset()

    def reset(self) -> None:
        with self.lock:
            self.hits: dict[str, tuple[int, float]] = {}  # client: (count, start of its window)
            self.window_start = time.monotonic()

    def count(self, client: str) -> tuple[int, float]:
        """Counts one request of `client`: its count in the current window and the seconds left in it."""
        with self.lock:
            now = time.monotonic()
            if self.shared_window and now - self.window_start >= self.window:
                self.hits, self.window_start = {}, now
            count, start = self.hits.get(client, (0, now))
            if not self.shared_window and now - start >= self.window:
                count, start = 0, now
            self.hits[client] = (count + 1, start)
            started = self.window_start if self.shared_window else start
            return count + 1, started + self.window - now

    def exceeded(self, client: str) -> bool:
        """Counts one request of `client`; True past the limit."""
        return self.limit > 0 and self.count(client)[0] > self.limit


# --- the services -------------------------------------------------------------------------------


class Service:
    """One joke service. `path` arguments are relative to its prefix (`/dad/j/x` → `/j/x`); `query` is the raw
    query string, `params` the same parsed as fake_api.py parses it."""

    name = ""
    items = ""  # what its pool holds, for --help: "<name> jokes" unless given
    text_keys: tuple[str, ...] = ()  # where the joke text is: fault shortcuts aim at these
    omitted_key = ""  # the key that the missing_field shortcut drops

    def __init__(self, pool: Pool):
        self.pool = pool

    @classmethod
    def add_arguments(cls, group: argparse._ArgumentGroup) -> None:
        """Launch options of its own, besides `--<name>-pool`."""

    @classmethod
    def create(cls, pool: Pool, args: argparse.Namespace | None) -> Service:
        """The service with its pool and the launch options of add_arguments (None: their defaults)."""
        return cls(pool)

    def reset(self) -> None:
        self.pool.reset()

    def listening(self, base_url: str, rewrite: bool) -> None:
        """Told once the fake listens: its base URL (`http://127.0.0.1:PORT`), and whether URLs of the real
        hosts in what it serves are to point there (false with --no-rewrite-icons)."""

    def reply(
        self, method: str, path: str, query: str, params: dict[str, str], headers: Message, client: str
    ) -> Answer:
        raise NotImplementedError

    def base_joke(self, path: str, query: str, params: dict[str, str]) -> Joke:
        """For `joke` and `omit` rules: the joke object `path` would serve, else the next one (else {})."""
        return self.served(self.pool.next() or {})

    def served(self, joke: Joke) -> Joke:
        return dict(joke)

    def with_joke(self, joke: Joke) -> Any:
        """What a `joke` or `omit` rule serves, given the joke it made: the joke itself."""
        return joke

    @classmethod
    def fault(cls, name: str, path: str, fields: dict[str, Any]) -> dict[str, Any]:
        """The fields of fault shortcut `name` here: the joke text in place of `value`, own error bodies."""
        if name == "missing_field":
            return {"omit": [cls.omitted_key]}
        if "joke" in fields and "value" in fields["joke"]:
            return {"joke": {key: fields["joke"]["value"] for key in cls.text_keys}}
        return fields


# icanhazdadjoke.com: closed source; its API page (icanhazdadjoke.com/api) and the samples.


DAD_NOT_FOUND_PAGE = """<!doctype html>
<html lang=en>
<title>404 Not Found</title>
<h1>Not Found</h1>
<p>The requested URL was not found on the server. If you entered the URL manually please check your \
spelling and try again.</p>
"""

DAD_METHOD_PAGE = """<!doctype html>
<html lang=en>
<title>405 Method Not Allowed</title>
<h1>Method Not Allowed</h1>
<p>The method is not allowed for the requested URL.</p>
"""

DAD_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>icanhazdadjoke</title>
</head>
<body>
<section class="section">
{items}
</section>
</body>
</html>
"""


class Dad(Service):
    """icanhazdadjoke: the format follows `Accept`: JSON, plain text, else HTML (plain text for curl)."""

    name = "dad"
    text_keys = ("joke",)
    omitted_key = "joke"
    JSON = "application/json"
    TEXT = "text/plain; charset=utf-8"
    HTML = "text/html; charset=utf-8"
    SEARCH_LIMIT, SEARCH_MAX = 20, 30

    @classmethod
    def negotiate(cls, headers: Message) -> str:
        """The Content-Type to answer: the explicitly accepted one with the highest q (first wins a tie);
        with none (absent, `*/*`, others), HTML, the site's default, but plain text for curl."""
        best, best_q = None, 0.0
        for item in (headers.get("Accept") or "").split(","):
            media, *options = [part.strip() for part in item.split(";")]
            q = 1.0
            for option in options:
                name, _, value = option.partition("=")
                if name.strip() == "q":
                    try:
                        q = float(value)
                    except ValueError:
                        q = 0.0
            kind = {"application/json": cls.JSON, "text/plain": cls.TEXT, "text/html": cls.HTML}.get(
                media.lower()
            )
            if kind is not None and q > best_q:
                best, best_q = kind, q
        if best is not None:
            return best
        return cls.TEXT if (headers.get("User-Agent") or "").startswith("curl/") else cls.HTML

    @classmethod
    def body(cls, kind: str, status: int, document: dict[str, Any], text: str, page: str) -> Answer:
        """One answer in the negotiated format; JSON as Flask's jsonify writes it: indented, sorted keys,
        \\u escapes."""
        if kind == cls.JSON:
            return status, json.dumps(document, indent=2, sort_keys=True).encode() + b"\n", cls.JSON, {}
        if kind == cls.TEXT:
            return status, text.encode(), cls.TEXT, {}
        return status, page.encode(), cls.HTML, {}

    @staticmethod
    def card(joke: Joke) -> str:
        joke_id = html.escape(str(joke.get("id", "")))
        return f'<p class="subtitle" data-joke-id="{joke_id}">{html.escape(str(joke.get("joke", "")))}</p>'

    def served(self, joke: Joke) -> Joke:
        return {"id": joke.get("id"), "joke": joke.get("joke"), "status": 200}

    @staticmethod
    def joke_id(path: str) -> str | None:
        prefix, _, rest = path.partition("/j/")
        return unquote(rest) if not prefix and rest and "/" not in rest else None

    def find(self, joke_id: str) -> Joke | None:
        return next((joke for joke in self.pool.all() if joke.get("id") == joke_id), None)

    def base_joke(self, path: str, query: str, params: dict[str, str]) -> Joke:
        joke_id = self.joke_id(path)
        found = self.find(joke_id) if joke_id else None
        return self.served(found) if found else super().base_joke(path, query, params)

    def reply(
        self, method: str, path: str, query: str, params: dict[str, str], headers: Message, client: str
    ) -> Answer:
        joke_id = self.joke_id(path)
        if path != "/" and path != "/search" and joke_id is None:
            return 404, DAD_NOT_FOUND_PAGE.encode(), self.HTML, {}
        if method != "GET":
            return 405, DAD_METHOD_PAGE.encode(), self.HTML, {"Allow": "GET, HEAD, OPTIONS"}
        kind = self.negotiate(headers)
        if path == "/search":
            return self.search(kind, params)
        joke = self.find(joke_id) if joke_id is not None else self.pool.next()
        if joke is None:
            message = f'Joke with id "{joke_id}" not found' if joke_id is not None else "No jokes found"
            document = {"message": message, "status": 404}
            return self.body(kind, 404, document, message, DAD_NOT_FOUND_PAGE)
        return self.body(
            kind, 200, self.served(joke), str(joke.get("joke", "")), DAD_PAGE.format(items=self.card(joke))
        )

    @staticmethod
    def number(text: str | None, default: int) -> int:
        try:
            return int(text) if text is not None else default
        except ValueError:
            return default

    def search(self, kind: str, params: dict[str, str]) -> Answer:
        """Case-insensitive substring over the pool, file order; `limit` 20 by default, at most 30."""
        term = params.get("term", "")
        limit = self.number(params.get("limit"), self.SEARCH_LIMIT)
        limit = self.SEARCH_LIMIT if limit < 1 else min(limit, self.SEARCH_MAX)
        page = max(self.number(params.get("page"), 1), 1)
        found = [joke for joke in self.pool.all() if term.lower() in str(joke.get("joke", "")).lower()]
        pages = math.ceil(len(found) / limit)
        shown = found[(page - 1) * limit : page * limit]
        document = {
            "current_page": page,
            "limit": limit,
            "next_page": page + 1 if page < pages else page,
            "previous_page": page - 1 if page > 1 else 1,
            "results": [{"id": joke.get("id"), "joke": joke.get("joke")} for joke in shown],
            "search_term": term,
            "status": 200,
            "total_jokes": len(found),
            "total_pages": pages,
        }
        text = "".join(f"{joke.get('joke', '')}\n" for joke in shown)
        return self.body(kind, 200, document, text, DAD_PAGE.format(items="\n".join(map(self.card, shown))))

    @classmethod
    def fault(cls, name: str, path: str, fields: dict[str, Any]) -> dict[str, Any]:
        if name == "malformed":
            return {"body": '{\n  "id": "R7UfaahVfFd",\n  "joke": "My dog used to chase people on a bi'}
        if name in ("json_error_404", "rate_limited"):
            status = fields["status"]
            joke_id = cls.joke_id(path) if status == 404 else None
            message = f'Joke with id "{joke_id}" not found' if joke_id else HTTP_PHRASES[status]
            return {"status": status, "json": {"message": message, "status": status}}
        return super().fault(name, path, fields)


# Official Joke API: 15Dkatz/official_joke_api (Express 4 with limiting-middleware).

OFFICIAL_INDEX = "Try /random_joke, /random_ten, /jokes/random, or /jokes/ten , /jokes/random/<any-number>"


def js_number(text: str) -> float:
    """JavaScript's `+text`: trimmed; empty is 0; decimal, exponent, 0x/0o/0b, Infinity; anything else NaN."""
    text = text.strip(
        " \t\n\r\v\f\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
        "\u2028\u2029\u202f\u205f\u3000\ufeff"
    )
    if not text:
        return 0.0
    for prefix, base, digits in (("0x", 16, "[0-9a-fA-F]+"), ("0o", 8, "[0-7]+"), ("0b", 2, "[01]+")):
        if text[:2].lower() == prefix:
            return float(int(text[2:], base)) if re.fullmatch(digits, text[2:]) else math.nan
    if re.fullmatch(r"[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?", text):
        return float(text)
    if re.fullmatch(r"[+-]?Infinity", text):
        return -math.inf if text.startswith("-") else math.inf
    return math.nan


def js_parse_int(text: str) -> float:
    """JavaScript's `parseInt(text)`: leading blanks, a sign, 0x for hex, then as many digits as there are."""
    match = re.match(r"\s*([+-]?)(0[xX])?", text)
    sign, hexadecimal = match.group(1), match.group(2)
    digits = re.match(r"[0-9a-fA-F]*" if hexadecimal else r"[0-9]*", text[match.end() :]).group()
    if not digits:
        return math.nan
    value = int(digits, 16 if hexadecimal else 10)
    return float(-value if sign == "-" else value)


class Official(Service):
    """Official Joke API: Express routes in their order (case-insensitive, optional trailing slash)."""

    name = "official"
    text_keys = ("setup", "punchline")
    omitted_key = "punchline"
    JSON = "application/json; charset=utf-8"
    HTML = "text/html; charset=utf-8"
    LIMIT_WINDOW = 15 * 60

    def __init__(self, pool: Pool, limit: int):
        super().__init__(pool)
        # limiting-middleware: every request of an IP counts; all counts are cleared every 15 minutes.
        self.rate_limit = RateLimit(limit, self.LIMIT_WINDOW, shared_window=True)

    @classmethod
    def add_arguments(cls, group: argparse._ArgumentGroup) -> None:
        group.add_argument(
            "--official-limit",
            type=int,
            default=100,
            metavar="N",
            help="requests per IP in 15 minutes before /official answers 429, as the real one does (0: none)",
        )

    @classmethod
    def create(cls, pool: Pool, args: argparse.Namespace | None) -> Service:
        return cls(pool, getattr(args, "official_limit", 100))

    def reset(self) -> None:
        super().reset()
        self.rate_limit.reset()

    @classmethod
    def express(
        cls,
        status: int,
        body: bytes,
        content_type: str,
        headers: dict[str, str] | None = None,
        cors: bool = True,
    ) -> Answer:
        """With the headers Express adds: X-Powered-By, a weak ETag, and (past the limiter) the app's CORS
        header."""
        digest = base64.b64encode(hashlib.sha1(body).digest()).decode()[:27]
        extra = {
            "X-Powered-By": "Express",
            **({"Access-Control-Allow-Origin": "*"} if cors else {}),
            **(headers or {}),
        }
        return status, body, content_type, {**extra, "ETag": f'W/"{len(body):x}-{digest}"'}

    @classmethod
    def json_answer(cls, value: Any, status: int = 200) -> Answer:
        return cls.express(status, compact_json(value), cls.JSON)

    @classmethod
    def text_answer(cls, text: str) -> Answer:
        return cls.express(200, text.encode(), cls.HTML)

    @classmethod
    def error(cls, status: int, message: str) -> Answer:
        """The app's error handler: `{"type":"error","message":…}`."""
        return cls.json_answer({"type": "error", "message": message}, status)

    @classmethod
    def cannot(cls, method: str, path: str) -> Answer:
        """Express's finalhandler page for a request no route takes."""
        message = html.escape(f"Cannot {method} {path}").replace("\n", "<br>").replace("  ", " &nbsp;")
        body = (
            '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            "<title>Error</title>\n</head>\n"
            f"<body>\n<pre>{message}</pre>\n</body>\n</html>\n"
        )
        security = {"Content-Security-Policy": "default-src 'none'", "X-Content-Type-Options": "nosniff"}
        status, data, content_type, headers = cls.express(404, body.encode(), cls.HTML, security)
        headers.pop("ETag")
        return status, data, content_type, headers

    def by_id(self, text: str) -> Joke | None:
        number = js_number(text)
        for joke in self.pool.all():
            joke_id = joke.get("id")
            if isinstance(joke_id, (int, float)) and not isinstance(joke_id, bool) and joke_id == number:
                return joke
        return None

    def typed(self, joke_type: str) -> Callable[[Joke], bool]:
        return lambda joke: joke.get("type") == joke_type

    def base_joke(self, path: str, query: str, params: dict[str, str]) -> Joke:
        match = re.fullmatch(r"/jokes/([^/]+?)/?", path, re.IGNORECASE)
        found = self.by_id(unquote(match.group(1))) if match else None
        return self.served(found) if found else super().base_joke(path, query, params)

    def reply(
        self, method: str, path: str, query: str, params: dict[str, str], headers: Message, client: str
    ) -> Answer:
        if self.rate_limit.exceeded(headers.get("X-Forwarded-For") or client):
            rate = self.LIMIT_WINDOW // 60
            message = (
                f"Your ip has exceeded the {self.rate_limit.limit} request limit per {rate} minute(s). "
                f"Try again in in {rate} minute(s)."
            )
            body = compact_json({"type": "error", "message": message})
            # The limiter runs before the middleware that adds the CORS header.
            return self.express(429, body, self.JSON, cors=False)
        if method == "GET":
            for pattern, handler in self.routes():
                match = re.fullmatch(pattern + "/?", path, re.IGNORECASE)
                if match:
                    return handler(*(unquote(group) for group in match.groups()))
        return self.cannot(method, path)

    def routes(self) -> list[tuple[str, Callable[..., Answer]]]:
        pool = self.pool
        return [
            (r"", lambda: self.text_answer(OFFICIAL_INDEX)),
            (r"/ping", lambda: self.text_answer("pong")),
            (r"/random_joke", lambda: self.json_answer(pool.next())),
            (r"/random_ten", lambda: self.json_answer(pool.take(10))),
            (r"/jokes/random", lambda: self.json_answer(pool.next())),
            (r"/jokes/random/([^/]+?)", self.random_count),
            (r"/jokes/ten", lambda: self.json_answer(pool.take(10))),
            (r"/jokes/([^/]+?)/random", lambda kind: self.json_answer(pool.take(1, self.typed(kind)))),
            (r"/jokes/([^/]+?)/ten", lambda kind: self.json_answer(pool.take(10, self.typed(kind)))),
            (r"/jokes/([^/]+?)", self.joke_by_id),
            (
                r"/types",
                lambda: self.json_answer(list(dict.fromkeys(joke.get("type") for joke in pool.all()))),
            ),
        ]

    def random_count(self, text: str) -> Answer:
        count = js_parse_int(text)
        if math.isnan(count) or count == 0:
            return self.text_answer("The passed path is not a number.")
        size = len(self.pool.all())
        if count > size:
            return self.text_answer(f"The passed path exceeds the number of jokes ({size}).")
        return self.json_answer(self.pool.take(int(count)))

    def joke_by_id(self, text: str) -> Answer:
        joke = self.by_id(text)
        return self.json_answer(joke) if joke is not None else self.error(404, "joke not found")

    @classmethod
    def fault(cls, name: str, path: str, fields: dict[str, Any]) -> dict[str, Any]:
        if name == "malformed":
            return {
                "body": '{"type":"general","setup":"What did the fish say when it hit the wall?",'
                '"punchline":"Da'
            }
        if name == "json_error_404":
            return {"status": 404, "json": {"type": "error", "message": "joke not found"}}
        if name == "rate_limited":
            message = (
                "Your ip has exceeded the 100 request limit per 15 minute(s). Try again in in 15 minute(s)."
            )
            return {"status": 429, "json": {"type": "error", "message": message}}
        return super().fault(name, path, fields)


# Switter: DaftMobile/switter (Vapor 2): DeviceMiddleware, JokeController, ErrorMiddleware in production.

VAPOR_ERROR_PAGE = """<!DOCTYPE html>
<html lang="en">
    <head>
        <meta charset="UTF-8">
        <title>Oops...</title>
    </head>
    <body>
        <div class="container">
            <h1 class="code">{code}</h1>
            <p class="message">{message}</p>
        </div>
    </body>
</html>"""

DEVICE_REASON = "Could not load device information. Please supply the x-device-uuid header"


class Switter(Service):
    """Switter: `GET /api/joke` needs `x-device-uuid` (any value, even empty); errors as Vapor 2's."""

    name = "switter"
    text_keys = ("content",)
    omitted_key = "content"
    JSON = "application/json; charset=utf-8"
    TEXT = "text/plain; charset=utf-8"
    HTML = "text/html; charset=utf-8"

    @staticmethod
    def prefers_html(headers: Message) -> bool:
        """Vapor 2's `accept.prefers("html")`: some type naming html, and none without it more preferred."""
        accepted = []
        for item in (headers.get("Accept") or "").split(","):
            pieces = item.split(";")
            q = 1.0
            if len(pieces) == 2 and len(pieces[1].split("=")) == 2:
                try:
                    q = float(pieces[1].split("=")[1])
                except ValueError:
                    q = 1.0
            accepted.append((pieces[0], q))
        preferred = next((q for media, q in accepted if "html" in media), None)
        return preferred is not None and all("html" in media for media, q in accepted if q > preferred)

    @classmethod
    def error(cls, status: int, reason: str, headers: Message) -> Answer:
        """ErrorMiddleware: the HTML error page when html is preferred, else `{"error":true,"reason":…}`."""
        if cls.prefers_html(headers):
            page = VAPOR_ERROR_PAGE.format(code=status, message=HTTP_PHRASES[status])
            return status, page.encode(), cls.HTML, {}
        return status, compact_json({"error": True, "reason": reason}), cls.JSON, {}

    def reply(
        self, method: str, path: str, query: str, params: dict[str, str], headers: Message, client: str
    ) -> Answer:
        route = path.rstrip("/") if path != "/" else path
        if method == "GET" and route == "/api/hello":
            return 200, b"Hello world!", self.TEXT, {}
        if method == "GET" and route == "/api/joke":
            if headers.get("x-device-uuid") is None:
                return self.error(400, DEVICE_REASON, headers)
            joke = self.pool.next()
            if joke is None:
                return self.error(500, "No jokes found on the server", headers)
            return 200, compact_json(self.served(joke)), self.JSON, {}
        return self.error(404, "Not Found", headers)

    def served(self, joke: Joke) -> Joke:
        return {"content": joke.get("content")}

    @classmethod
    def fault(cls, name: str, path: str, fields: dict[str, Any]) -> dict[str, Any]:
        if name == "malformed":
            return {"body": '{"content":"This is a jo'}
        if name in ("json_error_404", "rate_limited"):
            status = fields["status"]
            return {"status": status, "json": {"error": True, "reason": HTTP_PHRASES[status]}}
        return super().fault(name, path, fields)


HTTP_PHRASES = {400: "Bad Request", 404: "Not Found", 429: "Too Many Requests", 500: "Internal Server Error"}

# The services by prefix; fake_api.py adds JokeAPI (fake_jokeapi.py) and Articles (fake_articles.py) with
# register().
SERVICES: dict[str, type[Service]] = {"/dad": Dad, "/official": Official, "/switter": Switter}


def register(service: type[Service]) -> None:
    """Serves `service` under `/<its name>` too, with a `--<name>-pool` option and pools/<name>.json."""
    SERVICES["/" + service.name] = service


def split(path: str) -> tuple[str, str] | None:
    """(prefix, path within the service) for a path under a service's prefix, else None."""
    for prefix in SERVICES:
        if path == prefix or path.startswith(prefix + "/"):
            return prefix, path[len(prefix) :] or "/"
    return None


def adapt_fault(name: str, fields: dict[str, Any], path: str) -> dict[str, Any]:
    """Fault shortcut fields made for fake_api.py's chuck API, adapted to the service `path` is under."""
    where = split(path)
    return SERVICES[where[0]].fault(name, where[1], fields) if where else fields


# --- wiring -------------------------------------------------------------------------------------


def add_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("the other services, under " + ", ".join(SERVICES))
    for service in SERVICES.values():
        group.add_argument(
            f"--{service.name}-pool",
            type=Path,
            nargs="+",
            action="extend",
            metavar="FILE",
            help=f"JSON arrays of {service.items or service.name + ' jokes'} "
            f"(repeatable; default: pools/{service.name}.json)",
        )
    for service in SERVICES.values():
        service.add_arguments(group)


def read_pool(paths: list[Path]) -> list[Joke]:
    jokes = []
    for path in paths:
        try:
            jokes += check_pool(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError) as error:
            raise ValueError(f"{path}: {error}") from None
    return jokes


class Services:
    """The services of SERVICES, by prefix."""

    def __init__(self, by_prefix: dict[str, Service]):
        self.by_prefix = by_prefix

    @classmethod
    def load(cls, shuffle: bool, seed: int | None, args: argparse.Namespace | None = None) -> Services:
        """With the pools and options of `args` (see add_arguments), else the defaults. Raises ValueError
        naming the file of a pool that cannot be read or is not an array of objects."""
        by_prefix = {}
        for prefix, service in SERVICES.items():
            paths = getattr(args, f"{service.name}_pool", None) or [POOLS / f"{service.name}.json"]
            by_prefix[prefix] = service.create(Pool(read_pool(paths), shuffle, seed), args)
        return cls(by_prefix)

    def find(self, path: str) -> tuple[Service, str] | None:
        where = split(path)
        return (self.by_prefix[where[0]], where[1]) if where else None

    def reset(self) -> None:
        for service in self.by_prefix.values():
            service.reset()

    def listening(self, base_url: str, rewrite: bool) -> None:
        for service in self.by_prefix.values():
            service.listening(base_url, rewrite)

    def control(self, method: str, path: str, body: bytes) -> Answer | None:
        """`POST /_fake/pool/<name>` (dad, official, switter, jokeapi, articles) `{"jokes":[…]}`; None for
        other control paths."""
        prefix, _, name = path.rpartition("/")
        if prefix != "/_fake/pool" or method != "POST":
            return None
        service = self.by_prefix.get("/" + name)
        if service is None:
            return 404, compact_json({"error": f"no service {name!r}"}), "application/json", {}
        try:
            document = json.loads(body)
            jokes = check_pool(document.get("jokes") if isinstance(document, dict) else None)
        except ValueError as error:
            return 400, compact_json({"error": str(error)}), "application/json", {}
        service.pool.replace(jokes)
        return 200, compact_json({"jokes": len(jokes)}), "application/json", {}
