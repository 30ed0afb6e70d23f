"""JokeAPI (v2.jokeapi.dev), the fifth joke service chuck speaks, for fake_api.py: served under `/jokeapi`.

Follows JokeAPI 2.3.3, the last version in its public repository (Sv443/JokeAPI: endpoints/joke.js and
categories.js, src/classes/FilteredJoke.js, src/parseURL.js, src/httpServer.js, data/errorMessages.js), and
shared/api/README.md; where the fake departs from them, README.md beside this file says so. Python 3.11
standard library only.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import time
from datetime import datetime, timedelta, timezone
from email.message import Message
from typing import Any
from urllib.parse import unquote

from fake_sources import Answer, Joke, Pool, RateLimit, Service, js_parse_int

ANY = "Any"
CATEGORIES = ["Misc", "Programming", "Dark", "Pun", "Spooky", "Christmas"]
ALIASES = {
    "Miscellaneous": "Misc",
    "Coding": "Programming",
    "Development": "Programming",
    "Halloween": "Spooky",
}
FLAGS = ["nsfw", "religious", "political", "racist", "sexist", "explicit"]
TYPES = ["single", "twopart"]
LANGUAGES = ["cs", "de", "en", "es", "fr", "pt"]  # those JokeAPI has jokes in
SPLIT = re.compile(r"[,+-]")  # what separates the values of a multi-value parameter
MAX_AMOUNT = 10
MAX_URL = 250
LIMIT_WINDOW = 60
DOCS = "https://jokeapi.dev"

# data/errorMessages.js: message and causedBy of the codes the fake sends.
REGISTRY = {
    101: (
        "Request blocked by Rate Limiting",
        "You have sent too many requests too quickly. The limit is {limit} requests within 60 seconds.\n"
        "If you need more requests per minute, please contact me and we can try to figure things out: "
        "https://sv443.net/",
    ),
    102: ("Requested Endpoint not found", "You sent a request to the wrong URL."),
    106: ("No matching joke found", "No jokes were found that match your provided filter(s)."),
    108: ("URL too long", "The URL ({length} characters) exceeds the maximum length of 250 characters."),
}

Params = dict[str, str | None]


def now_ms() -> int:
    return int(time.time() * 1000)


def json_4(value: Any) -> bytes:
    """JSON as JokeAPI writes it: `JSON.stringify(value, null, 4)`."""
    return json.dumps(value, indent=4, ensure_ascii=False).encode()


def joke_error(info: str) -> dict[str, Any]:
    """The joke endpoint's own error (isErrored in joke.js): code 106, a number; additionalInfo, timestamp."""
    message, cause = REGISTRY[106]
    return {
        "error": True,
        "internalError": False,
        "code": 106,
        "message": message,
        "causedBy": [cause],
        "additionalInfo": info,
        "timestamp": now_ms(),
    }


def server_error(code: int, info: str, **values: Any) -> dict[str, Any]:
    """httpServer.js's respondWithError: the code as a string (it calls toString()), additionalInfo last."""
    message, cause = REGISTRY[code]
    return {
        "error": True,
        "internalError": False,
        "code": str(code),
        "message": message,
        "causedBy": [cause.format(**values)],
        "timestamp": now_ms(),
        "additionalInfo": info,
    }


def not_found(path: str) -> dict[str, Any]:
    endpoint = path.split("/")[1] or "/"
    info = (
        f'Endpoint "{endpoint}" not found - Please read the documentation at {DOCS}/#endpoints to see all '
        "available endpoints."
    )
    return server_error(102, info)


def rate_limit_error(limit: int) -> dict[str, Any]:
    info = (
        "You are being rate limited because you have sent too many requests. "
        f"The maximum is {limit} requests every {LIMIT_WINDOW} seconds."
    )
    return server_error(101, info, limit=limit)


def parse_query(query: str) -> Params:
    """As parseURL.js reads a query: pieces split at `&`; `name=value` gives the value lower-cased, then
    percent-decoded (`+` stays a plus; a malformed escape is left as it is); a bare `name` gives None
    (JavaScript's `true`); the last of repeated names wins."""
    params: Params = {}
    for piece in query.split("&") if query else []:
        if "=" in piece:
            name, value = piece.split("=")[:2]
            params[unquote(name)] = unquote(value.lower())
        else:
            params[unquote(piece.strip())] = None
    return params


def haystack(joke: Joke) -> str:
    """What `contains` searches, lower-cased: `joke`, or `setup` and `delivery` joined by a space."""
    if joke.get("type") == "twopart":
        return f"{joke.get('setup', '')} {joke.get('delivery', '')}".lower()
    return str(joke.get("joke", "")).lower()


class JokeAPI(Service):
    """JokeAPI: `GET /joke/<categories>` with filters, `GET /categories`; errors as its JSON error objects."""

    name = "jokeapi"
    text_keys = ("joke",)
    omitted_key = "joke"
    JSON = "application/json; charset=UTF-8"
    # Every answer: the CORS and info headers httpServer.js sets; then, on GET, no caching.
    HEADERS = {
        "Access-Control-Allow-Origin": "*",
        "Access-Control-Request-Method": "GET",
        "Access-Control-Allow-Methods": "GET, POST, HEAD, OPTIONS, PUT",
        "Access-Control-Allow-Headers": "*",
        "Allow": "GET, POST, HEAD, OPTIONS, PUT",
        "API-Info": "JokeAPI v2.3.3 (https://v2.jokeapi.dev)",
    }
    NO_CACHE = {
        "Cache-Control": "no-cache, no-store, must-revalidate, no-transform",
        "Pragma": "no-cache",
        "Expires": "0",
    }

    def __init__(self, pool: Pool, limit: int):
        super().__init__(pool)
        # rate-limiter-flexible: each IP's window starts at its first request to an endpoint.
        self.rate_limit = RateLimit(limit, LIMIT_WINDOW, shared_window=False)

    @classmethod
    def add_arguments(cls, group: argparse._ArgumentGroup) -> None:
        group.add_argument(
            "--jokeapi-limit",
            type=int,
            default=120,
            metavar="N",
            help="requests per IP in 60 s before /jokeapi answers 429, as the real one does (0: no limit)",
        )

    @classmethod
    def create(cls, pool: Pool, args: argparse.Namespace | None) -> Service:
        return cls(pool, getattr(args, "jokeapi_limit", 120))

    def reset(self) -> None:
        super().reset()
        self.rate_limit.reset()

    def served(self, joke: Joke) -> Joke:
        return {"error": False, **joke}

    # --- answers ---

    def answer(self, status: int, document: Any, headers: dict[str, str] | None = None) -> Answer:
        return status, json_4(document), self.JSON, {**self.HEADERS, **self.NO_CACHE, **(headers or {})}

    def rate_headers(self, count: int, seconds_left: float) -> dict[str, str]:
        """setRateLimitedHeaders: sent with every answer of an endpoint; the reset as JavaScript's Date."""
        reset = datetime.now(timezone.utc) + timedelta(seconds=seconds_left)
        return {
            "Retry-After": str(round(seconds_left)),
            "RateLimit-Limit": str(self.rate_limit.limit),
            "RateLimit-Remaining": str(max(self.rate_limit.limit - count, 0)),
            "RateLimit-Reset": reset.strftime("%a %b %d %Y %H:%M:%S GMT+0000 (Coordinated Universal Time)"),
        }

    def reply(
        self, method: str, path: str, query: str, params: dict[str, str], headers: Message, client: str
    ) -> Answer:
        url = path + ("?" + query if query else "")
        if len(url) > MAX_URL:  # checked before anything else, so without the CORS and info headers
            info = (
                f"The provided URI ({len(url)} characters) exceeds the maximum allowed length of {MAX_URL} "
                "characters."
            )
            return 414, json_4(server_error(108, info, length=len(url))), self.JSON, {}
        if method != "GET":
            message = f'Wrong method "{method}" used. Expected "GET", "OPTIONS" or "HEAD"'
            document = {"error": True, "internalError": False, "message": message, "timestamp": now_ms()}
            return 405, json_4(document), "application/json", dict(self.HEADERS)
        endpoint, _, rest = path.removeprefix("/").partition("/")
        if endpoint not in ("joke", "categories"):
            return self.answer(404, not_found(path))
        rate: dict[str, str] = {}
        if self.rate_limit.limit > 0:  # only endpoints count, not a 404
            count, seconds_left = self.rate_limit.count(headers.get("X-Forwarded-For") or client)
            rate = self.rate_headers(count, seconds_left)
            if count > self.rate_limit.limit:
                return self.answer(429, rate_limit_error(self.rate_limit.limit), rate)
        if endpoint == "categories":
            return self.answer(200, self.categories(), rate)
        found = self.select(rest.partition("/")[0], parse_query(query))
        if isinstance(found, str):
            return self.answer(400, joke_error(found), rate)
        jokes, amount = found
        if amount == 1 or len(jokes) == 1:
            return self.answer(200, self.served(jokes[0]), rate)
        return self.answer(200, {"error": False, "amount": len(jokes), "jokes": jokes}, rate)

    @staticmethod
    def categories() -> dict[str, Any]:
        aliases = [{"alias": alias, "resolved": category} for alias, category in ALIASES.items()]
        return {
            "error": False,
            "categories": [ANY, *CATEGORIES],
            "categoryAliases": aliases,
            "timestamp": now_ms(),
        }

    def base_joke(self, path: str, query: str, params: dict[str, str]) -> Joke:
        """The first joke `path` would serve, else the next one."""
        endpoint, _, rest = path.removeprefix("/").partition("/")
        found = self.select(rest.partition("/")[0], parse_query(query)) if endpoint == "joke" else None
        if isinstance(found, tuple):
            return self.served(found[0][0])
        return super().base_joke(path, query, params)

    # --- the joke endpoint ---

    def select(self, category_text: str, params: Params) -> tuple[list[Joke], int] | str:
        """The jokes `GET /joke/<category_text>` serves and the amount asked for, else the error's
        additionalInfo. Checks in joke.js's order: language, categories, type, contains, idRange,
        blacklistFlags, amount."""

        def text(name: str) -> str:
            return params.get(name) or ""  # a bare name counts as absent (JokeAPI would fail on most)

        lang = text("lang") or "en"
        if lang not in LANGUAGES:
            return (
                f'The specified language code "{lang}" is invalid. Please see {DOCS}/#langcodes-endpoint for '
                "more info."
            )
        names = SPLIT.split(category_text.lower() or "(empty)")
        names = [
            next((real for alias, real in ALIASES.items() if alias.lower() == name), name) for name in names
        ]
        known = [category.lower() for category in [ANY, *CATEGORIES]]
        if not all(name.lower() in known for name in names):
            got, possible = ", ".join(names), ", ".join([ANY, *CATEGORIES])
            return (
                f'The specified category/ies is/are invalid. Got: "{got}" but possible categories are: '
                f'"{possible}" (case insensitive).'
            )
        categories = {name.lower() for name in names}
        if ANY.lower() in categories:
            categories = {category.lower() for category in CATEGORIES}
        types = [text("type").lower()] if text("type").lower() in TYPES else TYPES  # another type: ignored
        needle = text("contains").lower()

        id_range: tuple[float, float] | None = None
        if text("idRange"):
            checked = self.id_range(text("idRange"), lang)
            if isinstance(checked, str):
                return checked
            id_range = checked

        flags = SPLIT.split(text("blacklistFlags")) if text("blacklistFlags") else []
        if any(flag not in FLAGS for flag in flags):
            got, possible = ", ".join(flags), ", ".join(FLAGS)
            return f'The specified flags are invalid. Got: "{got}" - Possible flags are: "{possible}".'

        amount = js_parse_int(text("amount")) if text("amount") else 1
        amount = 1 if math.isnan(amount) or amount < 1 else min(int(amount), MAX_AMOUNT)

        safe_mode = "safe-mode" in params and params["safe-mode"] is None  # `safe-mode=true` is not it

        def wanted(joke: Joke) -> bool:
            joke_flags, joke_id = joke.get("flags"), joke.get("id")
            if not isinstance(joke_flags, dict):
                joke_flags = {}
            return (
                (not safe_mode or self.safe(joke))
                and (id_range is None or (isinstance(joke_id, int) and id_range[0] <= joke_id <= id_range[1]))
                and str(joke.get("category", "")).lower() in categories
                and not any(joke_flags.get(flag) is True for flag in flags)
                and joke.get("type") in types
                and needle in haystack(joke)
                and str(joke.get("lang", "")).lower() == lang
            )

        if needle or id_range is not None:  # a lookup: file order, the cycle left alone
            jokes = [joke for joke in self.pool.all() if wanted(joke)][:amount]
        else:
            jokes = self.pool.take(amount, wanted)
        if not jokes:
            return f"Error while finalizing joke filtering: {REGISTRY[106][1]}"
        return jokes, amount

    @staticmethod
    def safe(joke: Joke) -> bool:
        """What safe mode lets through: `"safe": true`, and not in Dark."""
        return joke.get("safe") is True and joke.get("category") != "Dark"

    def id_range(self, text: str, lang: str) -> tuple[float, float] | str:
        """`idRange` as joke.js reads it (`55`, `10-20`, also `10,20` or `-5`), checked against 0 to the
        highest id of the language (JokeAPI's ids run from 0 without gaps); else the error's additionalInfo.
        """
        ids = [joke.get("id") for joke in self.pool.all() if joke.get("lang") == lang]
        highest = max((joke_id for joke_id in ids if isinstance(joke_id, int)), default=-1)
        if SPLIT.search(text):
            first, second = SPLIT.split(text)[:2]
            first, second = first or second, second or first
            start, end = js_parse_int(first), js_parse_int(second)
            got = f"{first} to {second}"
        else:
            start = end = js_parse_int(text)
            got = text
        if math.isnan(start) or math.isnan(end) or start < 0 or end > highest:
            message = "The specified ID range is invalid."
            return f'{message} Got: "{got}" but max possible ID range is: "0-{highest}".'
        return start, end

    # --- fault shortcuts ---

    @classmethod
    def fault(cls, name: str, path: str, fields: dict[str, Any]) -> dict[str, Any]:
        if name == "malformed":
            return {"body": '{\n    "error": false,\n    "category": "Programming",\n    "joke": "Hey Gi'}
        if name == "missing_field":
            return {"omit": ["joke", "delivery"]}
        if name in ("hostile", "oversized"):  # as a single joke, whatever the type of the one it replaces
            text = fields["joke"]["value"]
            return {"joke": {"type": "single", "joke": text}, "omit": ["setup", "delivery"]}
        if name == "json_error_404":
            return {"status": 404, "json": not_found(path)}
        if name == "rate_limited":
            return {"status": 429, "json": rate_limit_error(120)}
        return super().fault(name, path, fields)
