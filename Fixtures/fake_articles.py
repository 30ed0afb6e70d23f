"""The Articles seed's API (a mock on run.mocky.io), for fake_api.py: served under `/articles`.

The seed's endpoint, `https://run.mocky.io/v3/de42e6d9-2d03-40e2-a426-8953c7c94fb8`, answers a JSON array of
articles (shared/api/README.md, "The Articles API"). How Mocky answers follows its public source, Mocky 3
(julienlafont-tabmo/Mocky2020, server/: services/MockRunnerService.scala, models/mocks/MockResponse.scala,
http/HttpMockResponse.scala, Routing.scala, and http4s 0.21's `orNotFound`); the body's layout follows the
one captured item, which is Mockaroo's JSON export. The articles' images, on dummyimage.com, are served by
the fake too, under `/articles/images`. Where the fake departs from them, README.md beside this file says
so. Python 3.11 standard library only.
"""

from __future__ import annotations

import json
import re
from email.message import Message
from pathlib import Path
from typing import Any

from fake_sources import Answer, Joke, Pool, Service

HERE = Path(__file__).resolve().parent
MOCK_ID = "de42e6d9-2d03-40e2-a426-8953c7c94fb8"  # the seed's mock
UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", re.IGNORECASE)
IMAGE_ORIGINS = ("http://dummyimage.com/", "https://dummyimage.com/")
IMAGE_FILE = HERE / "chuck-norris.png"
# Mocky's throttle (100 requests a second per IP, a token bucket) answers 429, no body, and the time until the
# next token as Scala prints a FiniteDuration.
RETRY_AFTER = "10000000 nanoseconds"


class Articles(Service):
    """The seed's mock: `/v3/<its id>` (any method, any path after it) answers the whole list of articles."""

    name = "articles"
    items = "articles"
    text_keys = ("title", "description")
    omitted_key = "title"
    JSON = "application/json; charset=UTF-8"  # the mock's type, Mocky's default charset, as http4s writes it
    TEXT = "text/plain; charset=UTF-8"

    def __init__(self, pool: Pool):
        super().__init__(pool)
        self.image = IMAGE_FILE.read_bytes()
        self.images_url: str | None = None  # where dummyimage.com's images are served, once listening

    def listening(self, base_url: str, rewrite: bool) -> None:
        self.images_url = f"{base_url}/{self.name}/images/" if rewrite else None

    def served(self, article: Joke) -> Joke:
        """A copy of `article` with an `image` on dummyimage.com pointing here (unless --no-rewrite-icons)."""
        image = article.get("image")
        if self.images_url and isinstance(image, str):
            for origin in IMAGE_ORIGINS:
                if image.startswith(origin):
                    return {**article, "image": self.images_url + image.removeprefix(origin)}
        return dict(article)

    def articles(self) -> list[Joke]:
        """The whole pool as served: file order, or the seeded shuffle of `--order shuffle`."""
        return [self.served(article) for article in self.pool.ordered()]

    @staticmethod
    def mock_body(articles: list[Joke]) -> bytes:
        """The list laid out as the captured item is, Mockaroo's JSON export: `[{`, keys indented by 2, `}, {`
        between articles, `}]`, UTF-8. A pool of the captured item alone gives samples/articles-seed.json."""
        items = (json.dumps(article, indent=2, ensure_ascii=False) for article in articles)
        return ("[" + ", ".join(items) + "]\n").encode()

    def reply(
        self, method: str, path: str, query: str, params: dict[str, str], headers: Message, client: str
    ) -> Answer:
        segments = path.split("/")[1:]
        if len(segments) >= 2 and segments[0] == "v3" and UUID.fullmatch(segments[1]):
            # MockRunnerService: `case _ -> "v3" /: UUIDVar(id) /: _`, so any method and any rest of the path.
            if segments[1].lower() == MOCK_ID:
                return 200, self.mock_body(self.articles()), self.JSON, {}
            return 404, b"", None, {}  # NotFound(): no body, no Content-Type
        if len(segments) >= 2 and segments[0] == "v2" and segments[1]:
            return 404, b"", None, {}  # the legacy mocks: the fake has none
        if method == "GET" and len(segments) >= 2 and segments[0] == "images" and segments[1]:
            return 200, self.image, "image/png", {}  # dummyimage.com's, whatever size or colour asked
        return 404, b"Not found", self.TEXT, {}  # http4s's orNotFound

    def base_joke(self, path: str, query: str, params: dict[str, str]) -> Joke:
        """For `joke` and `omit` rules: the first article served (else {})."""
        return next(iter(self.articles()), {})

    def with_joke(self, joke: Joke) -> Any:
        """A `joke` or `omit` rule changes the first article of the list, the others served as they are."""
        return [joke, *self.articles()[1:]]

    @classmethod
    def fault(cls, name: str, path: str, fields: dict[str, Any]) -> dict[str, Any]:
        if name == "malformed":
            return {
                "body": '[{\n  "id": 1,\n  "title": "Realigned multimedia framework",\n'
                '  "description": "nisl aenean lectus pel'
            }
        if name == "impossible_date":
            return {"joke": {"release_date": "2/30/2020"}}
        if name == "json_error_404":
            return {"status": 404, "body": "", "content_type": None}  # Mocky has no error body
        if name == "rate_limited":
            headers = {"X-Retry-After": RETRY_AFTER}
            return {"status": 429, "body": "", "content_type": None, "headers": headers}
        return super().fault(name, path, fields)
