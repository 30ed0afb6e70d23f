"""Self-test of fake_api.py: `python3 -m unittest Fixtures/test_fake_api.py` (stdlib only, a few seconds)."""

from __future__ import annotations

import http.client
import json
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import unittest
from email.message import Message
from pathlib import Path
from typing import Any, Callable
from urllib.parse import quote, urlsplit

HERE = Path(__file__).resolve().parent
SERVER = HERE / "fake_api.py"
POOL = json.loads((HERE / "samples" / "jokes-sample.json").read_text()) + json.loads(
    (HERE / "jokes-made-up.json").read_text()
)
JSON_ACCEPT = {"Accept": "application/json"}
SAMPLES = HERE / "samples"
DAD, OFFICIAL, SWITTER, JOKEAPI, ARTICLES = (
    json.loads((HERE / "pools" / f"{name}.json").read_text())
    for name in ("dad", "official", "switter", "jokeapi", "articles")
)
JOKEAPI_EN = [joke for joke in JOKEAPI if joke["lang"] == "en"]
JOKEAPI_JSON = "application/json; charset=UTF-8"
HOSTILE_PARTS = ("\x1b[", "\x1b]52;", "\x1b]8;;", "\r", "\u0085", "\u009b", "\x7f", "\u202e", "\u2066")
SEED = SAMPLES / "articles-seed.json"  # the seed's one documented item, as captured
SHARED_SEED = HERE.parent.parent / "shared" / "api" / "samples" / "articles-seed.json"
MOCK = "/articles/v3/de42e6d9-2d03-40e2-a426-8953c7c94fb8"  # the seed's endpoint, under the fake's /articles
MOCK_JSON = "application/json; charset=UTF-8"
DUMMYIMAGE = "http://dummyimage.com/"


def launch(*args: str) -> tuple[subprocess.Popen[str], str]:
    """Starts the fake with `args` and returns it with its base URL."""
    process = subprocess.Popen(
        [sys.executable, str(SERVER), "--exit-on-stdin-eof", "--quiet", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    return process, process.stdout.readline().strip()


def stop(process: subprocess.Popen[str]) -> int:
    process.stdin.close()
    code = process.wait(timeout=5)
    process.stdout.close()
    return code


def request(
    base: str, path: str, method: str = "GET", body: Any = None, headers: dict[str, str] | None = None
) -> tuple[int, Message, bytes]:
    """One request on a fresh connection: status, headers, body."""
    url = urlsplit(base)
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=5)
    try:
        data = None if body is None else json.dumps(body).encode()
        connection.request(method, path, body=data, headers=JSON_ACCEPT if headers is None else headers)
        response = connection.getresponse()
        return response.status, response.headers, response.read()
    finally:
        connection.close()


def compact(value: Any) -> bytes:
    """JSON as Express writes it."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()


class FakeTestCase(unittest.TestCase):
    """One fake for the whole class, reset before each test, with its request log."""

    @classmethod
    def setUpClass(cls) -> None:
        cls.log_dir = tempfile.TemporaryDirectory()
        cls.log_path = Path(cls.log_dir.name) / "requests.jsonl"
        cls.process, cls.base = launch("--log", str(cls.log_path))

    @classmethod
    def tearDownClass(cls) -> None:
        stop(cls.process)
        cls.log_dir.cleanup()

    def setUp(self) -> None:
        self.assertEqual(self.get("/_fake/reset", method="POST")[0], 200)

    def get(self, path: str, **options: Any) -> tuple[int, Message, bytes]:
        return request(self.base, path, **options)

    def get_json(
        self, path: str, status: int = 200, content_type: str = "application/json", **options: Any
    ) -> Any:
        code, headers, body = self.get(path, **options)
        self.assertEqual((code, headers["Content-Type"]), (status, content_type), body[:300])
        return json.loads(body)

    def script(self, *rules: dict[str, Any]) -> None:
        self.assertEqual(self.get("/_fake/script", method="POST", body={"rules": list(rules)})[0], 200)

    def log(self) -> list[dict[str, Any]]:
        return self.get_json("/_fake/log")


class FakeApiTest(FakeTestCase):

    # --- endpoints ---

    def test_launch_line(self) -> None:
        self.assertRegex(self.base, r"^http://127\.0\.0\.1:\d+$")

    def test_random_cycles_through_pool_in_file_order(self) -> None:
        ids = [self.get_json("/jokes/random")["id"] for _ in range(len(POOL) + 2)]
        self.assertEqual(ids, [joke["id"] for joke in POOL + POOL[:2]])

    def test_concurrent_clients_get_different_jokes(self) -> None:
        ids: list[str] = []
        threads = [
            threading.Thread(target=lambda: ids.append(self.get_json("/jokes/random")["id"]))
            for _ in range(20)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        self.assertEqual(sorted(ids), sorted(joke["id"] for joke in POOL[:20]))

    def test_icon_urls_on_the_api_host_point_to_the_fake(self) -> None:
        assets, api = self.get_json("/jokes/random"), self.get_json("/jokes/random")
        self.assertEqual(assets["icon_url"], POOL[0]["icon_url"])
        self.assertTrue(assets["icon_url"].startswith("https://assets.chucknorris.host/"))
        self.assertEqual(api["icon_url"], self.base + "/img/avatar/chuck-norris.png")
        status, headers, png = self.get(urlsplit(api["icon_url"]).path)
        self.assertEqual((status, headers["Content-Type"]), (200, "image/png"))
        self.assertTrue(png.startswith(b"\x89PNG\r\n\x1a\n"))

    def test_random_by_category(self) -> None:
        for _ in range(5):
            joke = self.get_json("/jokes/random?category=movie,science")
            self.assertTrue({"movie", "science"} & set(joke["categories"]), joke)
        for category in ("music", "nope", ""):
            error = self.get_json(f"/jokes/random?category={category}", status=404)
            self.assertEqual(error["message"], f'No jokes for category "{category}" found.')
            self.assertEqual((error["status"], error["path"]), (404, "/jokes/random"))

    def test_categories(self) -> None:
        live = json.loads((HERE / "samples" / "categories-live.json").read_text())
        self.assertEqual(self.get_json("/jokes/categories"), sorted(live))

    def test_search(self) -> None:
        found = self.get_json("/jokes/search?query=CiGaR")
        self.assertGreater(found["total"], 0)
        self.assertEqual(found["total"], len(found["result"]))
        self.assertTrue(all("cigar" in joke["value"].lower() for joke in found["result"]))
        self.assertEqual(self.get_json("/jokes/search?query=" + "zzzqqq"), {"total": 0, "result": []})
        self.assertEqual(self.get_json("/jokes/search?query=" + quote("寿司を"))["total"], 1)
        for query, ok in [
            ("ab", False),
            ("abc", True),
            ("x" * 120, True),
            ("x" * 121, False),
            ("😀", False),
            ("😀a", True),
        ]:
            with self.subTest(query=query):
                status = self.get("/jokes/search?query=" + quote(query))[0]
                self.assertEqual(status, 200 if ok else 400)
        error = self.get_json("/jokes/search?query=ab", status=400)
        self.assertEqual(error["message"], "search.query: size must be between 3 and 120")
        self.assertEqual(error["violations"], {"search.query": "size must be between 3 and 120"})

    def test_joke_by_id(self) -> None:
        made_up = next(joke for joke in POOL if joke["id"].startswith("-"))
        self.assertEqual(self.get_json("/jokes/" + made_up["id"])["value"], made_up["value"])
        error = self.get_json("/jokes/nope", status=404)
        self.assertEqual(error["message"], 'Joke with id "nope" not found.')
        self.assertEqual(error["path"], "/jokes/nope")

    def test_other_paths_404_without_message(self) -> None:
        error = self.get_json("/nope", status=404)
        self.assertEqual((error["status"], error["error"], error["path"]), (404, "Not Found", "/nope"))
        self.assertNotIn("message", error)
        for method in ("POST", "DELETE"):
            self.assertEqual(self.get("/jokes/random", method=method)[0], 405)

    def test_text_without_json_accept(self) -> None:
        for headers in ({}, {"Accept": "text/html"}):
            status, response_headers, body = self.get("/jokes/" + POOL[3]["id"], headers=headers)
            self.assertEqual((status, response_headers["Content-Type"]), (200, "text/plain;charset=UTF-8"))
            self.assertEqual(body.decode(), POOL[3]["value"])
        self.assertEqual(
            self.get("/jokes/random", headers={"Accept": "*/*"})[1]["Content-Type"], "application/json"
        )

    def test_log(self) -> None:
        self.get(
            "/jokes/random?category=dev", headers={"Accept": "application/json", "User-Agent": "chuck/0.1"}
        )
        self.get("/jokes/nope")
        first, second = self.log()
        self.assertEqual(first["method"], "GET")
        self.assertEqual(
            (first["path"], first["query"], first["status"], first["rule"]),
            ("/jokes/random", "category=dev", 200, None),
        )
        self.assertEqual(first["headers"]["user-agent"], "chuck/0.1")
        self.assertEqual(first["headers"]["accept"], "application/json")
        self.assertEqual(second["status"], 404)
        self.assertLessEqual(first["time"], second["time"])
        lines = self.log_path.read_text().splitlines()
        self.assertEqual([json.loads(line) for line in lines], [first, second])

    def test_pool_replacement_and_reset(self) -> None:
        jokes = [dict(POOL[5], id="a" * 22), dict(POOL[6], id="b" * 22)]
        self.assertEqual(self.get("/_fake/pool", method="POST", body={"jokes": jokes})[0], 200)
        ids = [self.get_json("/jokes/random")["id"] for _ in range(3)]
        self.assertEqual(ids, ["a" * 22, "b" * 22, "a" * 22])
        self.get("/_fake/reset", method="POST")
        self.assertEqual(self.get_json("/jokes/random")["id"], POOL[0]["id"])
        self.assertEqual(self.get("/_fake/pool", method="POST", body={"jokes": {}})[0], 400)

    # --- rules ---

    def test_rule_matching_and_uses(self) -> None:
        self.script(
            {"path": "/jokes/categories", "times": 2, "status": 503},
            {"path_prefix": "/jokes/", "fault": "wrong_shape"},
            {"times": -1, "fault": "plain_404"},
        )
        replies = [self.get("/jokes/categories")[::2] for _ in range(4)]
        self.assertEqual([status for status, _ in replies], [503, 503, 200, 404])
        self.assertEqual(replies[2][1], b"[1,2,3]")
        self.assertEqual([self.get("/anything")[0] for _ in range(3)], [404] * 3)
        self.assertEqual([entry["rule"] for entry in self.log()], [0, 0, 1, 2, 2, 2, 2])

    def test_rule_overrides_its_shortcut(self) -> None:
        self.script(
            {"fault": "html_500", "status": 502, "headers": {"Retry-After": "1"}},
            {"fault": "json_error_404", "json": {"a": 1}},
        )
        status, headers, body = self.get("/jokes/random")
        self.assertEqual(
            (status, headers["Content-Type"], headers["Retry-After"]), (502, "text/html; charset=utf-8", "1")
        )
        self.assertIn(b"Application Error", body)
        self.assertEqual(self.get_json("/jokes/random", status=404), {"a": 1})

    def test_rules_with_their_own_body_leave_the_cycle_alone(self) -> None:
        self.script({"fault": "html_503"})
        self.assertEqual(self.get("/jokes/random")[0], 503)
        self.assertEqual(self.get_json("/jokes/random")["id"], POOL[0]["id"])

    def test_joke_merge_and_raw_bodies(self) -> None:
        self.script(
            {"joke": {"value": "\u001b]52;c;aGk=\u0007 evil"}},
            {"path": "/jokes/nope", "joke": {"id": "x"}},
            {"body_base64": "AAEC", "content_type": "application/octet-stream"},
            {"body": "{", "status": 201},
        )
        joke = self.get_json("/jokes/random")
        self.assertEqual((joke["id"], joke["value"]), (POOL[0]["id"], "\u001b]52;c;aGk=\u0007 evil"))
        self.assertEqual(self.get_json("/jokes/nope")["id"], "x")
        self.assertEqual(self.get("/jokes/random")[2], b"\x00\x01\x02")
        self.assertEqual(self.get("/jokes/random")[::2], (201, b"{"))

    def test_bad_scripts_are_refused(self) -> None:
        for rules in (
            [{"fault": "nope"}],
            [{"pth": "/"}],
            [{"json": 1, "body": ""}],
            [{"drop": "later"}],
            "x",
        ):
            with self.subTest(rules=rules):
                self.assertEqual(self.get("/_fake/script", method="POST", body={"rules": rules})[0], 400)

    def test_fault_shortcuts(self) -> None:
        def joke(body: bytes) -> Any:
            return json.loads(body)

        def not_json(body: bytes) -> bool:
            try:
                json.loads(body)
            except ValueError:
                return True
            return False

        hostile_parts = (
            "\x1b[",
            "\x1b]52;",
            "\x1b]8;;",
            "\r",
            "\u0085",
            "\u009b",
            "\x7f",
            "\u202e",
            "\u2066",
        )
        json_type, html_type = "application/json", "text/html; charset=utf-8"
        checks: dict[str, tuple[int, str, Callable[[bytes], bool]]] = {
            "malformed": (200, json_type, not_json),
            "wrong_shape": (200, json_type, lambda body: joke(body) == [1, 2, 3]),
            "empty": (200, json_type, lambda body: body == b""),
            "html_500": (500, html_type, lambda body: b"Application Error" in body),
            "html_502": (502, html_type, lambda body: b"502 Bad Gateway" in body),
            "html_503": (503, html_type, lambda body: b"Application Error" in body),
            "html_504": (504, html_type, lambda body: b"504 Gateway Timeout" in body),
            "cloudflare_520": (520, html_type, lambda body: b"Error code 520" in body),
            "missing_field": (200, json_type, lambda body: "value" not in joke(body) and "id" in joke(body)),
            "extra_field": (200, json_type, lambda body: joke(body)["extra"] == "x"),
            "impossible_date": (
                200,
                json_type,
                lambda body: joke(body)["created_at"] == "2020-02-30 25:61:00",
            ),
            "hostile": (
                200,
                json_type,
                lambda body: all(part in joke(body)["value"] for part in hostile_parts),
            ),
            "oversized": (200, json_type, lambda body: len(joke(body)["value"]) == 2 * 1024 * 1024),
            "wrong_content_type": (200, html_type, lambda body: "id" in joke(body)),
            "json_error_404": (404, json_type, lambda body: joke(body)["status"] == 404),
            "plain_404": (404, "text/plain;charset=UTF-8", lambda body: body == b"Not Found"),
            "rate_limited": (429, json_type, lambda body: joke(body)["status"] == 429),
        }
        for fault, (status, content_type, check) in checks.items():
            with self.subTest(fault=fault):
                self.script({"fault": fault})
                code, headers, body = self.get("/jokes/random")
                self.assertEqual((code, headers["Content-Type"]), (status, content_type))
                self.assertTrue(check(body), body[:300])

    # --- timing and broken connections ---

    def test_delay(self) -> None:
        self.script({"delay": 0.3})
        start = time.monotonic()
        self.assertEqual(self.get("/jokes/random")[0], 200)
        self.assertGreaterEqual(time.monotonic() - start, 0.3)
        self.assertEqual(self.log()[0]["status"], 200)

    def test_redirect(self) -> None:
        self.script({"redirect": "/jokes/random?category=dev"})
        status, headers, _ = self.get("/jokes/categories")
        self.assertEqual((status, headers["Location"]), (302, "/jokes/random?category=dev"))

    def test_trickle_sends_the_body_slowly_then_closes(self) -> None:
        self.script({"trickle": {"interval": 0.01, "chunk": 64}})
        start = time.monotonic()
        status, headers, body = self.get("/jokes/categories")
        self.assertEqual((status, headers["Content-Length"], headers["Connection"]), (200, None, "close"))
        self.assertEqual(json.loads(body)[0], "animal")
        self.assertGreaterEqual(time.monotonic() - start, 0.02)

    def test_trickle_forever_sends_spaces_until_the_client_leaves(self) -> None:
        self.script({"trickle": {"interval": 0.05, "chunk": 2, "forever": True}})
        url = urlsplit(self.base)
        with socket.create_connection((url.hostname, url.port), timeout=2) as client:
            client.sendall(b"GET /jokes/random HTTP/1.1\r\nHost: x\r\nAccept: application/json\r\n\r\n")
            received = b""
            while received.count(b"  ") < 3:
                received += client.recv(1024)
        self.assertTrue(received.startswith(b"HTTP/1.1 200"))
        self.assertTrue(received.split(b"\r\n\r\n", 1)[1].strip(b" ") == b"")
        self.assertEqual(self.get("/jokes/categories")[0], 200)

    def test_drop_before_headers_resets(self) -> None:
        self.script({"drop": "before_headers"})
        with self.assertRaises(ConnectionError):
            self.get("/jokes/random")
        self.assertEqual(self.log()[0]["status"], None)

    def test_drop_mid_body_resets_after_half_the_body(self) -> None:
        self.script({"drop": "mid_body", "path": "/jokes/categories"})
        url = urlsplit(self.base)
        connection = http.client.HTTPConnection(url.hostname, url.port, timeout=5)
        connection.request("GET", "/jokes/categories", headers=JSON_ACCEPT)
        response = connection.getresponse()
        self.assertEqual(response.status, 200)
        with self.assertRaises((ConnectionError, http.client.IncompleteRead)):
            response.read()
        connection.close()
        self.assertEqual(self.log()[0]["status"], 200)


class JokeSourcesTest(FakeTestCase):
    """The other services, under /dad, /official and /switter of the same fake."""

    def official(self, path: str, status: int = 200) -> Any:
        return self.get_json("/official" + path, status, "application/json; charset=utf-8", headers={})

    def switter(self, path: str = "/api/joke", status: int = 200, uuid: str | None = "7e57-d3v1ce") -> Any:
        headers = {} if uuid is None else {"x-device-uuid": uuid}
        return self.get_json("/switter" + path, status, "application/json; charset=utf-8", headers=headers)

    # --- the pools ---

    def test_pools_start_with_the_real_samples_and_hold_text_to_test_with(self) -> None:
        self.assertEqual(
            DAD[0],
            {
                k: v
                for k, v in json.loads((SAMPLES / "icanhazdadjoke-random.json").read_text()).items()
                if k != "status"
            },
        )
        self.assertEqual(
            OFFICIAL[0], json.loads((SAMPLES / "official-joke-api-random_joke.json").read_text())
        )
        self.assertEqual(SWITTER[0], json.loads((SAMPLES / "switter-joke.json").read_text()))
        for name, pool, key in (
            ("dad", DAD, "joke"),
            ("official", OFFICIAL, "punchline"),
            ("switter", SWITTER, "content"),
        ):
            with self.subTest(pool=name):
                self.assertGreaterEqual(len(pool), 5)
                texts = [json.dumps(joke, ensure_ascii=False) for joke in pool]
                self.assertTrue(any(not text.isascii() for text in texts[:-1]))
                self.assertTrue(
                    all(part in pool[-1][key] for part in HOSTILE_PARTS), "the hostile joke is last"
                )
                self.assertFalse(any("\x1b" in text for text in texts[:-1]))
        self.assertEqual(len({joke["id"] for joke in DAD}), len(DAD))
        self.assertEqual(len({joke["id"] for joke in OFFICIAL}), len(OFFICIAL))
        self.assertTrue(
            all(isinstance(joke["id"], int) and joke.keys() == OFFICIAL[0].keys() for joke in OFFICIAL)
        )

    # --- icanhazdadjoke under /dad ---

    def test_dad_random_cycles_through_its_pool_as_json(self) -> None:
        jokes = [self.get_json(path) for path in ["/dad/", "/dad"] * len(DAD)]
        self.assertEqual(jokes, [dict(joke, status=200) for joke in DAD * 2])
        self.assertEqual(jokes[0], json.loads((SAMPLES / "icanhazdadjoke-random.json").read_text()))

    def test_dad_json_is_indented_with_sorted_keys_and_ascii_escapes(self) -> None:
        self.assertEqual(self.get("/_fake/pool/dad", method="POST", body={"jokes": [DAD[3]]})[0], 200)
        body = self.get("/dad/")[2]
        self.assertTrue(body.startswith(b'{\n  "id": "'), body)
        self.assertTrue(body.isascii())
        self.assertIn(b"\\ud83e\\udd5a", body)  # 🥚 as a surrogate pair
        self.assertEqual(json.loads(body)["joke"], DAD[3]["joke"])

    def test_dad_answers_text_or_html_unless_asked_for_json(self) -> None:
        text, html = "text/plain; charset=utf-8", "text/html; charset=utf-8"
        for headers, content_type in [
            ({"Accept": "text/plain"}, text),
            ({}, html),
            ({"User-Agent": "chuck/1.0 (+https://example.org)"}, html),
            ({"Accept": "*/*", "User-Agent": "python"}, html),
            ({"Accept": "*/*", "User-Agent": "curl/8.5.0"}, text),
            ({"Accept": "text/html, application/json;q=0.9"}, html),
            ({"Accept": "application/json, text/html;q=0.5"}, "application/json"),
            ({"Accept": "application/json;q=0, text/plain"}, text),
        ]:
            with self.subTest(headers=headers):
                self.assertEqual(self.get("/_fake/reset", method="POST")[0], 200)
                status, response_headers, body = self.get("/dad/j/HtcNuHJBQCd", headers=headers)
                self.assertEqual((status, response_headers["Content-Type"]), (200, content_type))
                if content_type == text:
                    self.assertEqual(body.decode(), DAD[1]["joke"])
                elif content_type == html:
                    self.assertIn(
                        "How many kids with ADD does it take to change a lightbulb? Let&#x27;s go",
                        body.decode(),
                    )

    def test_dad_joke_by_id_and_an_unknown_id(self) -> None:
        self.assertEqual(self.get_json("/dad/j/" + DAD[2]["id"]), dict(DAD[2], status=200))
        error = self.get_json("/dad/j/nope", status=404)
        self.assertEqual(error, {"message": 'Joke with id "nope" not found', "status": 404})
        status, headers, body = self.get("/dad/j/nope", headers={"Accept": "text/plain"})
        self.assertEqual(
            (status, headers["Content-Type"], body),
            (404, "text/plain; charset=utf-8", b'Joke with id "nope" not found'),
        )
        self.assertEqual(self.get("/dad/j/nope", headers={})[1]["Content-Type"], "text/html; charset=utf-8")
        self.assertEqual(self.get_json("/dad/")["id"], DAD[0]["id"], "lookups leave the cycle alone")

    def test_dad_search_answers_as_the_real_sample(self) -> None:
        self.assertEqual(
            self.get_json("/dad/search?term=bike"),
            json.loads((SAMPLES / "icanhazdadjoke-search-bike.json").read_text()),
        )
        self.assertEqual(
            self.get_json("/dad/search?term=BIKE&limit=1")["results"],
            [{"id": DAD[0]["id"], "joke": DAD[0]["joke"]}],
        )
        self.assertEqual(self.get_json("/dad/search?term=" + quote("fête"))["total_jokes"], 1)

    def test_dad_search_pages(self) -> None:
        def page(query: str) -> dict[str, Any]:
            return self.get_json("/dad/search?" + query)

        ids = [joke["id"] for joke in DAD]
        for number, results, next_page, previous_page in [
            (1, ids[0:2], 2, 1),
            (2, ids[2:4], 3, 1),
            (3, ids[4:6], 3, 2),
            (4, [], 4, 3),
        ]:
            with self.subTest(page=number):
                found = page(f"limit=2&page={number}")
                self.assertEqual([joke["id"] for joke in found["results"]], results)
                self.assertEqual(
                    (found["current_page"], found["next_page"], found["previous_page"], found["limit"]),
                    (number, next_page, previous_page, 2),
                )
                self.assertEqual(
                    (found["total_jokes"], found["total_pages"], found["search_term"]), (len(DAD), 3, "")
                )
        self.assertEqual(page("limit=100")["limit"], 30)
        self.assertEqual([page(f"limit={limit}")["limit"] for limit in ("0", "x", "-3")], [20] * 3)
        self.assertEqual(page("page=0")["current_page"], 1)
        empty = page("term=zzzqqq")
        self.assertEqual(
            (empty["results"], empty["total_jokes"], empty["total_pages"], empty["next_page"]), ([], 0, 0, 1)
        )
        status, headers, body = self.get("/dad/search?term=bike", headers={"Accept": "text/plain"})
        self.assertEqual((status, headers["Content-Type"]), (200, "text/plain; charset=utf-8"))
        self.assertEqual(body.decode(), DAD[0]["joke"] + "\n" + DAD[1]["joke"] + "\n")

    def test_dad_other_paths_and_methods(self) -> None:
        status, headers, body = self.get("/dad/nope")
        self.assertEqual((status, headers["Content-Type"]), (404, "text/html; charset=utf-8"))
        self.assertIn(b"<title>404 Not Found</title>", body)
        status, headers, _ = self.get("/dad/", method="POST")
        self.assertEqual((status, headers["Allow"]), (405, "GET, HEAD, OPTIONS"))
        self.assertEqual(self.get("/dadx")[0], 404)
        self.assertEqual(
            self.get_json("/dadx", status=404)["path"], "/dadx", "not a dad path: the chuck API's 404"
        )

    # --- the Official Joke API under /official ---

    def test_official_random_joke_cycles_with_express_headers(self) -> None:
        status, headers, body = self.get("/official/random_joke", headers={})
        self.assertEqual(body, (SAMPLES / "official-joke-api-random_joke.json").read_bytes().strip())
        self.assertEqual((status, headers["Content-Type"]), (200, "application/json; charset=utf-8"))
        self.assertEqual((headers["X-Powered-By"], headers["Access-Control-Allow-Origin"]), ("Express", "*"))
        self.assertRegex(headers["ETag"], r'^W/"[0-9a-f]+-[A-Za-z0-9+/]{27}"$')
        rest = [self.official(path) for path in ["/jokes/random", "/RANDOM_JOKE/"] * len(OFFICIAL)]
        self.assertEqual([OFFICIAL[0]] + rest, (OFFICIAL * 3)[: len(rest) + 1])

    def test_official_joke_by_id_as_javascript_reads_the_id(self) -> None:
        by_id = {joke["id"]: joke for joke in OFFICIAL}
        for text, joke_id in [
            ("1", 1),
            ("01", 1),
            ("%201%20", 1),
            ("1.0", 1),
            ("0x3a", 58),
            ("1e0", 1),
            ("236/", 236),
        ]:
            with self.subTest(id=text):
                self.assertEqual(self.official("/jokes/" + text), by_id[joke_id])
        sample = json.loads((SAMPLES / "official-joke-api-error-404.json").read_text())
        for text in ("999", "abc", "0", "-1", "1_0"):
            with self.subTest(id=text):
                self.assertEqual(self.official("/jokes/" + text, status=404), sample)

    def test_official_lists_and_texts(self) -> None:
        self.assertEqual(self.official("/random_ten"), OFFICIAL, "fewer than ten: each once")
        self.assertEqual(self.official("/jokes/ten"), OFFICIAL)
        self.assertEqual(self.official("/jokes/random/3"), OFFICIAL[:3])
        self.assertEqual(self.official("/jokes/random/-2"), [])
        programming = [joke for joke in OFFICIAL if joke["type"] == "programming"]
        self.get("/_fake/reset", method="POST")
        self.assertEqual(self.official("/jokes/programming/random"), programming[:1])
        self.assertEqual(self.official("/jokes/programming/ten"), programming[1:] + programming[:1])
        self.assertEqual(self.official("/jokes/nope/random"), [])
        self.assertEqual(self.official("/types"), list(dict.fromkeys(joke["type"] for joke in OFFICIAL)))
        for path, text in [
            ("/", "Try /random_joke, /random_ten, /jokes/random, or /jokes/ten , /jokes/random/<any-number>"),
            ("", "Try /random_joke, /random_ten, /jokes/random, or /jokes/ten , /jokes/random/<any-number>"),
            ("/ping", "pong"),
            ("/jokes/random/0", "The passed path is not a number."),
            ("/jokes/random/abc", "The passed path is not a number."),
            ("/jokes/random/99", f"The passed path exceeds the number of jokes ({len(OFFICIAL)})."),
        ]:
            with self.subTest(path=path):
                status, headers, body = self.get("/official" + path, headers={})
                self.assertEqual(
                    (status, headers["Content-Type"], body.decode()), (200, "text/html; charset=utf-8", text)
                )

    def test_official_unknown_routes_get_expresss_page(self) -> None:
        for method, path in (("GET", "/nope"), ("POST", "/random_joke"), ("DELETE", "/jokes/1")):
            with self.subTest(method=method, path=path):
                status, headers, body = self.get("/official" + path, method=method, headers={})
                self.assertEqual((status, headers["Content-Type"]), (404, "text/html; charset=utf-8"))
                self.assertEqual(headers["Content-Security-Policy"], "default-src 'none'")
                self.assertIn(f"<pre>Cannot {method} {path}</pre>".encode(), body)

    # --- Switter under /switter ---

    def test_switter_joke_needs_the_device_header(self) -> None:
        self.assertEqual(self.switter(), json.loads((SAMPLES / "switter-joke.json").read_text()))
        self.assertEqual(self.switter(uuid=""), SWITTER[1], "an empty value is still a header")
        self.assertEqual(self.switter("/api/joke/"), SWITTER[2])
        reason = "Could not load device information. Please supply the x-device-uuid header"
        self.assertEqual(self.switter(status=400, uuid=None), {"error": True, "reason": reason})
        status, headers, body = self.get("/switter/api/joke", headers={"Accept": "text/html,*/*;q=0.8"})
        self.assertEqual((status, headers["Content-Type"]), (400, "text/html; charset=utf-8"))
        self.assertIn(b'<h1 class="code">400</h1>', body)
        self.assertEqual(self.switter(), SWITTER[3], "refused requests leave the cycle alone")
        devices = [entry["headers"].get("x-device-uuid") for entry in self.log()]
        self.assertEqual(devices, ["7e57-d3v1ce", "", "7e57-d3v1ce", None, None, "7e57-d3v1ce"])
        self.assertEqual(
            [entry["path"] for entry in self.log()][:3],
            ["/switter/api/joke", "/switter/api/joke", "/switter/api/joke/"],
        )

    def test_switter_other_routes(self) -> None:
        status, headers, body = self.get("/switter/api/hello", headers={})
        self.assertEqual(
            (status, headers["Content-Type"], body), (200, "text/plain; charset=utf-8", b"Hello world!")
        )
        self.assertEqual(self.switter("/api/nope", status=404), {"error": True, "reason": "Not Found"})
        self.assertEqual(self.get("/switter/api/joke", method="POST", headers={"x-device-uuid": "x"})[0], 404)
        self.assertEqual(self.get("/_fake/pool/switter", method="POST", body={"jokes": []})[0], 200)
        self.assertEqual(self.switter(status=500), {"error": True, "reason": "No jokes found on the server"})

    # --- control ---

    def test_service_pools_are_replaced_and_reset_one_by_one(self) -> None:
        for name, jokes in [
            ("dad", [{"id": "aaaaaaaaaaa", "joke": "A"}]),
            ("official", [dict(OFFICIAL[1], id=7)]),
            ("switter", [{"content": "S"}]),
            ("jokeapi", [dict(JOKEAPI[0], joke="J")]),
        ]:
            status, _, body = self.get(f"/_fake/pool/{name}", method="POST", body={"jokes": jokes})
            self.assertEqual((status, json.loads(body)), (200, {"jokes": 1}))
        self.assertEqual(self.get_json("/dad/")["joke"], "A")
        self.assertEqual(self.official("/random_joke")["id"], 7)
        self.assertEqual(self.switter(), {"content": "S"})
        self.assertEqual(self.get_json("/jokeapi/joke/Any", content_type=JOKEAPI_JSON)["joke"], "J")
        self.assertEqual(self.get_json("/jokes/random")["id"], POOL[0]["id"], "the chuck pool is its own")
        self.get("/_fake/reset", method="POST")
        self.assertEqual(self.get_json("/dad/")["id"], DAD[0]["id"])
        self.assertEqual(self.official("/random_joke"), OFFICIAL[0])
        self.assertEqual(self.switter(), SWITTER[0])
        self.assertEqual(
            self.get_json("/jokeapi/joke/Any", content_type=JOKEAPI_JSON)["joke"], JOKEAPI[0]["joke"]
        )
        self.assertEqual(self.get("/_fake/pool/dad", method="POST", body={"jokes": [1]})[0], 400)
        self.assertEqual(self.get("/_fake/pool/nope", method="POST", body={"jokes": []})[0], 404)

    def test_official_rate_limit_counts_per_ip_until_reset(self) -> None:
        process, base = launch("--official-limit", "3")
        try:
            self.assertEqual([request(base, "/official/ping", headers={})[0] for _ in range(3)], [200] * 3)
            status, headers, body = request(base, "/official/random_joke", headers={})
            self.assertEqual((status, headers["Content-Type"]), (429, "application/json; charset=utf-8"))
            message = (
                "Your ip has exceeded the 3 request limit per 15 minute(s). Try again in in 15 minute(s)."
            )
            self.assertEqual(json.loads(body), {"type": "error", "message": message})
            self.assertIsNone(headers["Access-Control-Allow-Origin"])
            self.assertEqual(request(base, "/official/nope", headers={})[0], 429, "every request counts")
            self.assertEqual(request(base, "/official/ping", headers={"X-Forwarded-For": "10.0.0.2"})[0], 200)
            self.assertEqual(request(base, "/dad/")[0], 200, "other services have no limit")
            request(base, "/_fake/reset", method="POST")
            self.assertEqual(request(base, "/official/random_joke", headers={})[0], 200)
        finally:
            self.assertEqual(stop(process), 0)
        process, base = launch("--official-limit", "0")
        try:
            self.assertEqual({request(base, "/official/ping", headers={})[0] for _ in range(120)}, {200})
        finally:
            self.assertEqual(stop(process), 0)

    # --- rules on the new paths ---

    def test_rules_match_the_new_paths(self) -> None:
        self.script(
            {"path": "/dad/", "fault": "html_503"},
            {"path_prefix": "/official/", "status": 500, "times": 2},
            {"path": "/switter/api/joke", "delay": 0.2},
            {"path_prefix": "/dad/search", "trickle": {"interval": 0.01, "chunk": 64}},
            {"path_prefix": "/switter/", "drop": "before_headers"},
        )
        status, headers, body = self.get("/dad/")
        self.assertEqual((status, headers["Content-Type"]), (503, "text/html; charset=utf-8"))
        self.assertIn(b"Application Error", body)
        self.assertEqual(self.get("/official/random_joke", headers={})[::2], (500, compact(OFFICIAL[0])))
        self.assertEqual(self.get("/official/jokes/999", headers={})[0], 500)
        self.assertEqual(self.official("/random_joke"), OFFICIAL[1])
        start = time.monotonic()
        self.assertEqual(self.switter(), SWITTER[0])
        self.assertGreaterEqual(time.monotonic() - start, 0.2)
        status, headers, body = self.get("/dad/search?term=bike")
        self.assertEqual((status, headers["Connection"], json.loads(body)["total_jokes"]), (200, "close", 2))
        with self.assertRaises(ConnectionError):
            self.get("/switter/api/hello")
        self.assertEqual(self.get_json("/dad/")["id"], DAD[0]["id"], "the 503 had a body of its own")
        self.assertEqual([entry["rule"] for entry in self.log()], [0, 1, 1, None, 2, 3, 4, None])
        self.assertEqual(
            [entry["path"] for entry in self.log()][:3],
            ["/dad/", "/official/random_joke", "/official/jokes/999"],
        )

    def test_fault_shortcuts_speak_each_services_language(self) -> None:
        def hostile(*keys: str) -> Callable[[Any], bool]:
            return lambda joke: all(part in joke[key] for part in HOSTILE_PARTS for key in keys)

        dad_404 = {"message": 'Joke with id "x" not found', "status": 404}
        checks: dict[tuple[str, str], tuple[int, Callable[[Any], bool]]] = {
            ("missing_field", "/dad/"): (200, lambda joke: joke == {"id": DAD[0]["id"], "status": 200}),
            ("missing_field", "/official/jokes/11"): (200, lambda joke: "punchline" not in joke),
            ("missing_field", "/switter/api/joke"): (200, lambda joke: joke == {}),
            ("hostile", "/dad/j/HtcNuHJBQCd"): (200, hostile("joke")),
            ("hostile", "/official/random_joke"): (200, hostile("setup", "punchline")),
            ("hostile", "/switter/api/joke"): (200, hostile("content")),
            ("oversized", "/switter/api/joke"): (200, lambda joke: len(joke["content"]) == 2 * 1024 * 1024),
            ("extra_field", "/dad/"): (200, lambda joke: joke["extra"] == "x" and joke["status"] == 200),
            ("json_error_404", "/dad/j/x"): (404, lambda error: error == dad_404),
            ("json_error_404", "/official/jokes/1"): (
                404,
                lambda error: error["message"] == "joke not found",
            ),
            ("json_error_404", "/switter/api/joke"): (404, lambda error: error["reason"] == "Not Found"),
            ("rate_limited", "/dad/"): (429, lambda error: error["message"] == "Too Many Requests"),
            ("rate_limited", "/official/random_joke"): (
                429,
                lambda error: "100 request limit" in error["message"],
            ),
            ("rate_limited", "/switter/api/joke"): (
                429,
                lambda error: error["reason"] == "Too Many Requests",
            ),
        }
        headers = {"Accept": "application/json", "x-device-uuid": "d"}
        for (fault, path), (status, check) in checks.items():
            with self.subTest(fault=fault, path=path):
                self.script({"fault": fault})
                code, response_headers, body = self.get(path, headers=headers)
                self.assertEqual((code, response_headers["Content-Type"]), (status, "application/json"))
                self.assertTrue(check(json.loads(body)), body[:300])
        starts = {
            "/dad/": b'{\n  "id"',
            "/official/random_joke": b'{"type"',
            "/switter/api/joke": b'{"content"',
        }
        for path, start in starts.items():
            with self.subTest(fault="malformed", path=path):
                self.script({"fault": "malformed"})
                body = self.get(path, headers=headers)[2]
                self.assertTrue(body.startswith(start), body)
                with self.assertRaises(ValueError):
                    json.loads(body)

    def test_joke_rules_merge_over_the_services_joke(self) -> None:
        self.script(
            {"path": "/dad/j/HtcNuHJBQCd", "joke": {"joke": "merged"}},
            {"path_prefix": "/official/", "joke": {"setup": "S"}, "omit": ["type"]},
        )
        self.assertEqual(
            self.get_json("/dad/j/HtcNuHJBQCd"), {"id": "HtcNuHJBQCd", "joke": "merged", "status": 200}
        )
        expected = {key: value for key, value in OFFICIAL[0].items() if key != "type"}
        self.assertEqual(self.get_json("/official/random_joke", headers={}), dict(expected, setup="S"))


class JokeApiTest(FakeTestCase):
    """JokeAPI under /jokeapi of the same fake."""

    def jokeapi(self, path: str, status: int = 200, **options: Any) -> Any:
        return self.get_json("/jokeapi" + path, status, JOKEAPI_JSON, **{"headers": {}, **options})

    def ids(self, path: str, count: int) -> list[int]:
        """The ids of `count` answers to `path`, from the start of the cycle."""
        self.get("/_fake/reset", method="POST")
        return [self.jokeapi(path)["id"] for _ in range(count)]

    def error(self, path: str, info: str | None = None, status: int = 400) -> dict[str, Any]:
        """The joke endpoint's error: the sample's keys in its order, code 106 (a number)."""
        error = self.jokeapi(path, status)
        sample = json.loads((SAMPLES / "jokeapi-error-106-INFERRED.json").read_text())
        self.assertEqual(list(error), list(sample))
        self.assertEqual(
            {key: error[key] for key in ("error", "internalError", "code", "message")},
            {"error": True, "internalError": False, "code": 106, "message": "No matching joke found"},
        )
        self.assertEqual(error["causedBy"], ["No jokes were found that match your provided filter(s)."])
        self.assertLess(abs(error["timestamp"] - time.time() * 1000), 60_000)
        if info is not None:
            self.assertEqual(error["additionalInfo"], info)
        return error

    NO_MATCH = (
        "Error while finalizing joke filtering: No jokes were found that match your provided filter(s)."
    )

    # --- the pool ---

    def test_pool_starts_with_the_real_samples_and_holds_what_chuck_must_handle(self) -> None:
        for joke, name in zip(JOKEAPI, ("single", "twopart", "twopart-unsafe")):
            sample = json.loads((SAMPLES / f"jokeapi-{name}.json").read_text())
            self.assertEqual({"error": False, **joke}, sample)
            self.assertEqual(["error", *joke], list(sample), "keys in the sample's order")
        self.assertGreaterEqual(len(JOKEAPI), 8)
        ids = [joke["id"] for joke in JOKEAPI]
        self.assertEqual(len(set(ids)), len(ids))
        self.assertTrue(all(type(joke_id) is int for joke_id in ids))
        self.assertIn(0, ids)
        for joke in JOKEAPI:
            with self.subTest(id=joke["id"]):
                text = ["joke"] if joke["type"] == "single" else ["setup", "delivery"]
                self.assertEqual(list(joke), ["category", "type", *text, "flags", "id", "safe", "lang"])
                self.assertEqual(
                    list(joke["flags"]), ["nsfw", "religious", "political", "racist", "sexist", "explicit"]
                )
                self.assertIn(joke["category"], ("Misc", "Programming", "Dark", "Pun", "Spooky", "Christmas"))
                if joke["safe"]:
                    self.assertFalse(any(joke["flags"].values()), "safe jokes have no flag")
        unsafe = [joke for joke in JOKEAPI if not joke["safe"]]
        self.assertGreaterEqual(len(unsafe), 2)
        self.assertTrue(all(any(joke["flags"].values()) for joke in unsafe))
        self.assertEqual({joke["type"] for joke in JOKEAPI}, {"single", "twopart"})
        self.assertGreaterEqual(len({joke["category"] for joke in JOKEAPI}), 5)
        texts = [json.dumps(joke, ensure_ascii=False) for joke in JOKEAPI]
        self.assertTrue(any(not text.isascii() for text in texts[3:-1]))
        self.assertTrue(any(len(joke.get("joke", "")) > 500 for joke in JOKEAPI), "a long one")
        self.assertEqual({joke["lang"] for joke in JOKEAPI}, {"en", "de", "fr"})
        self.assertTrue(
            all(part in JOKEAPI[-1][key] for part in HOSTILE_PARTS for key in ("setup", "delivery"))
        )
        self.assertFalse(any("\x1b" in text for text in texts[:-1]), "the hostile joke is last")

    # --- GET /joke/<categories> ---

    def test_random_jokes_cycle_in_file_order_as_jokeapi_writes_them(self) -> None:
        status, headers, body = self.get("/jokeapi/joke/Any", headers={})
        sample = json.loads((SAMPLES / "jokeapi-single.json").read_text())
        self.assertEqual((status, headers["Content-Type"]), (200, JOKEAPI_JSON))
        self.assertEqual(
            body, json.dumps(sample, indent=4, ensure_ascii=False).encode(), "JSON.stringify(…, 4)"
        )
        self.assertEqual(headers["API-Info"], "JokeAPI v2.3.3 (https://v2.jokeapi.dev)")
        self.assertEqual(headers["Access-Control-Allow-Origin"], "*")
        self.assertEqual(headers["Cache-Control"], "no-cache, no-store, must-revalidate, no-transform")
        jokes = [self.jokeapi("/joke/Any") for _ in range(len(JOKEAPI_EN) * 2 - 1)]
        self.assertEqual(jokes, [{"error": False, **joke} for joke in (JOKEAPI_EN * 2)[1:]], "English only")
        self.assertEqual(self.jokeapi("/joke/any/")["id"], JOKEAPI_EN[0]["id"], "case-insensitive")

    def test_safe_mode_keeps_unsafe_and_dark_jokes_out(self) -> None:
        safe = [joke["id"] for joke in JOKEAPI_EN if joke["safe"] and joke["category"] != "Dark"]
        self.assertEqual(self.ids("/joke/Any?safe-mode", len(safe) + 1), safe + safe[:1])
        self.assertNotIn(77, safe)
        self.assertEqual(self.ids("/joke/Any", 3), [41, 55, 77])
        self.assertEqual(
            self.ids("/joke/Any?safe-mode=true", 3), [41, 55, 77], "only a bare safe-mode counts"
        )
        self.assertEqual(self.ids("/joke/Dark", 2), [77, 77])
        self.error("/joke/Dark?safe-mode", self.NO_MATCH)
        self.error("/joke/Dark?safe-mode&idRange=77", self.NO_MATCH)

    def test_categories_any_of_them_case_insensitive_with_aliases(self) -> None:
        wanted = [joke["id"] for joke in JOKEAPI_EN if joke["category"] in ("Programming", "Pun")]
        self.assertEqual(self.ids("/joke/Programming,Pun", len(wanted) + 1), wanted + wanted[:1])
        self.assertEqual(self.ids("/joke/programming+PUN", len(wanted)), wanted)
        self.assertEqual(self.ids("/joke/Coding", 1), [41])
        self.assertEqual(self.ids("/joke/Halloween-Christmas", 2), [160, 212])
        possible = '"Any, Misc, Programming, Dark, Pun, Spooky, Christmas" (case insensitive).'
        for path, got in [
            ("/joke/Foo", "foo"),
            ("/joke/Programming,Foo", "programming, foo"),
            ("/joke/Miscellaneous,Nope", "Misc, nope"),
            ("/joke/Programming%2CPun", "programming%2cpun"),
            ("/joke", "(empty)"),
            ("/joke/", "(empty)"),
        ]:
            with self.subTest(path=path):
                info = (
                    f'The specified category/ies is/are invalid. Got: "{got}" but possible categories are: '
                )
                self.error(path, info + possible)

    def test_blacklist_flags_type_and_language(self) -> None:
        clean = [joke["id"] for joke in JOKEAPI_EN if not any(joke["flags"].values())]
        self.assertEqual(self.ids("/joke/Any?blacklistFlags=nsfw,religious,political", len(clean)), clean)
        self.assertEqual(self.ids("/joke/Any?blacklistFlags=NSFW+religious-political", len(clean)), clean)
        self.error("/joke/Dark?blacklistFlags=political", self.NO_MATCH)
        flags = '"nsfw, religious, political, racist, sexist, explicit".'
        self.error(
            "/joke/Any?blacklistFlags=nsfw,nope",
            f'The specified flags are invalid. Got: "nsfw, nope" - Possible flags are: {flags}',
        )
        for kind in ("single", "twopart"):
            with self.subTest(type=kind):
                wanted = [joke["id"] for joke in JOKEAPI_EN if joke["type"] == kind]
                self.assertEqual(self.ids(f"/joke/Any?type={kind.upper()}", len(wanted)), wanted)
        self.assertEqual(self.ids("/joke/Any?type=nope", 2), [41, 55], "another type is ignored")
        german = [joke for joke in JOKEAPI if joke["lang"] == "de"]
        self.assertEqual(self.ids("/joke/Any?lang=DE", 2), [german[0]["id"]] * 2)
        self.assertEqual(self.jokeapi("/joke/Pun?lang=de"), {"error": False, **german[0]})
        french = [joke["id"] for joke in JOKEAPI if joke["lang"] == "fr"]
        self.assertEqual(self.ids("/joke/Any?safe-mode&lang=fr", 3), french + french[:1])
        self.error("/joke/Christmas?lang=fr", self.NO_MATCH)
        self.error("/joke/Any?lang=es", self.NO_MATCH)
        info = (
            'The specified language code "xx" is invalid. Please see https://jokeapi.dev/#langcodes-endpoint'
        )
        info += " for more info."
        self.error("/joke/Nope?lang=xx", info)

    def test_id_range(self) -> None:
        by_id = {joke["id"]: {"error": False, **joke} for joke in JOKEAPI}
        for query, joke_id in [
            ("idRange=55", 55),
            ("idRange=0", 0),
            ("idRange=077", 77),
            ("idRange=55abc", 55),
            ("idRange=50-80", 55),
            ("idRange=78,299", 103),
            ("idRange=-41", 41),
            ("idRange=299-", 299),
            ("idRange=5&lang=de", 5),
            ("idRange=55&amount=10", 55),
        ]:
            with self.subTest(query=query):
                self.assertEqual(self.jokeapi("/joke/Any?" + query), by_id[joke_id])
        self.assertEqual(self.jokeapi("/joke/Any")["id"], 41, "lookups leave the cycle alone")
        for query in ("idRange=56", "idRange=80-60", "idRange=41&type=twopart", "idRange=77&safe-mode"):
            with self.subTest(query=query):
                self.error("/joke/Any?" + query, self.NO_MATCH)
        for query, got, highest in [
            ("idRange=300", "300", 299),
            ("idRange=abc", "abc", 299),
            ("idRange=290-400", "290 to 400", 299),
            ("idRange=x,3", "x to 3", 299),
            ("idRange=6&lang=de", "6", 5),
        ]:
            with self.subTest(query=query):
                info = f'Got: "{got}" but max possible ID range is: "0-{highest}".'
                self.error("/joke/Any?" + query, "The specified ID range is invalid. " + info)

    def test_search(self) -> None:
        def found(query: str) -> Any:
            return self.jokeapi("/joke/Any?amount=10&contains=" + query)

        by_id = {joke["id"]: joke for joke in JOKEAPI}
        self.assertEqual(found("hex%20codes"), {"error": False, **by_id[41]}, "one match: the bare joke")
        several = found("WHY%20DID%20THE")
        self.assertEqual(list(several), ["error", "amount", "jokes"])
        self.assertEqual(
            several, {"error": False, "amount": 3, "jokes": [by_id[103], by_id[281], by_id[299]]}
        )
        self.assertEqual(
            [
                joke["id"]
                for joke in self.jokeapi("/joke/Any?safe-mode&amount=10&contains=why%20did%20the")["jokes"]
            ],
            [103, 299],
        )
        self.assertEqual(
            self.jokeapi("/joke/Programming,Pun?amount=10&contains=why%20did%20the")["amount"], 3
        )
        self.assertEqual(
            self.jokeapi("/joke/Any?contains=why%20did%20the")["id"], 103, "no amount: the first"
        )
        self.assertEqual([joke["id"] for joke in found("why%20did%20the&amount=2")["jokes"]], [103, 281])
        self.assertEqual(found("cr%C3%A8me")["id"], 103)
        self.assertEqual(found("CR%C3%88ME")["id"], 103, "case-insensitive beyond ASCII")
        self.assertEqual(found("+1")["id"], 160, "a plus is a plus, as JokeAPI reads the query")
        self.assertEqual(found("%2B1")["id"], 160)
        self.assertEqual(found("program%3F%20goodbye")["id"], 55, "setup and delivery joined by a space")
        self.assertEqual(found(quote("日本語"))["id"], 103)
        self.error("/joke/Any?amount=10&contains=zzzqqq", self.NO_MATCH)
        self.error("/joke/Any?amount=10&contains=hex%20codes&lang=de", self.NO_MATCH)
        self.assertEqual(self.jokeapi("/joke/Any")["id"], 41, "searches leave the cycle alone")

    def test_amount_takes_from_the_cycle(self) -> None:
        three = self.jokeapi("/joke/Any?amount=3")
        self.assertEqual(three, {"error": False, "amount": 3, "jokes": JOKEAPI_EN[:3]})
        self.assertEqual(self.jokeapi("/joke/Any")["id"], JOKEAPI_EN[3]["id"])
        self.assertEqual(self.jokeapi("/joke/Any?amount=0")["id"], JOKEAPI_EN[4]["id"], "under 1: 1")
        self.assertEqual(self.jokeapi("/joke/Dark?amount=5")["id"], 77, "one found: bare")

    def test_amount_is_at_most_ten(self) -> None:
        jokes = [dict(JOKEAPI[0], id=joke_id) for joke_id in range(12)]
        self.assertEqual(self.get("/_fake/pool/jokeapi", method="POST", body={"jokes": jokes})[0], 200)
        for path in ("/joke/Any?amount=99", "/joke/Any?contains=hex&amount=11"):
            with self.subTest(path=path):
                found = self.jokeapi(path)
                self.assertEqual((found["amount"], found["jokes"]), (10, jokes[:10]))

    # --- /categories and the rest ---

    def test_categories_endpoint(self) -> None:
        categories = self.jokeapi("/categories")
        self.assertEqual(list(categories), ["error", "categories", "categoryAliases", "timestamp"])
        self.assertEqual(
            categories["categories"], ["Any", "Misc", "Programming", "Dark", "Pun", "Spooky", "Christmas"]
        )
        self.assertEqual(
            categories["categoryAliases"],
            [
                {"alias": "Miscellaneous", "resolved": "Misc"},
                {"alias": "Coding", "resolved": "Programming"},
                {"alias": "Development", "resolved": "Programming"},
                {"alias": "Halloween", "resolved": "Spooky"},
            ],
        )
        self.assertIs(categories["error"], False)
        self.assertLess(abs(categories["timestamp"] - time.time() * 1000), 60_000)

    def test_other_paths_methods_and_long_urls(self) -> None:
        for path, endpoint in [
            ("/nope", "nope"),
            ("/Joke/Any", "Joke"),
            ("", "/"),
            ("/", "/"),
            ("/info", "info"),
        ]:
            with self.subTest(path=path):
                error = self.jokeapi(path, 404)
                self.assertEqual(
                    list(error),
                    ["error", "internalError", "code", "message", "causedBy", "timestamp", "additionalInfo"],
                )
                self.assertEqual(
                    (error["error"], error["code"], error["message"]),
                    (True, "102", "Requested Endpoint not found"),
                )
                self.assertEqual(
                    error["additionalInfo"],
                    f'Endpoint "{endpoint}" not found - Please read the documentation at '
                    "https://jokeapi.dev/#endpoints to see all available endpoints.",
                )
        self.assertEqual(
            self.get_json("/jokeapix", 404)["path"], "/jokeapix", "not under /jokeapi: chuck's 404"
        )
        for method in ("DELETE", "POST"):
            with self.subTest(method=method):
                error = self.get_json("/jokeapi/joke/Any", 405, "application/json", method=method, headers={})
                self.assertEqual(
                    error["message"], f'Wrong method "{method}" used. Expected "GET", "OPTIONS" or "HEAD"'
                )
        start = "/joke/Any?contains="
        self.error(start + "a" * (250 - len(start)), self.NO_MATCH)
        status, headers, body = self.get("/jokeapi" + start + "a" * (251 - len(start)), headers={})
        self.assertEqual((status, headers["Content-Type"], headers["API-Info"]), (414, JOKEAPI_JSON, None))
        error = json.loads(body)
        self.assertEqual((error["code"], error["message"]), ("108", "URL too long"))
        self.assertEqual(
            error["causedBy"], ["The URL (251 characters) exceeds the maximum length of 250 characters."]
        )
        self.assertEqual(self.jokeapi("/joke/Any")["id"], 41, "errors leave the cycle alone")

    def test_rate_limit_per_ip_with_its_headers(self) -> None:
        process, base = launch("--jokeapi-limit", "3")
        try:
            for remaining in (2, 1, 0):
                status, headers, _ = request(base, "/jokeapi/joke/Any", headers={})
                self.assertEqual(
                    (status, headers["RateLimit-Limit"], headers["RateLimit-Remaining"]),
                    (200, "3", str(remaining)),
                )
                self.assertIn(int(headers["Retry-After"]), range(0, 61))
                self.assertRegex(
                    headers["RateLimit-Reset"],
                    r"^\w{3} \w{3} \d\d \d{4} \d\d:\d\d:\d\d GMT\+0000 \(Coordinated Universal Time\)$",
                )
            self.assertEqual(request(base, "/jokeapi/nope", headers={})[0], 404, "a 404 does not count")
            status, headers, body = request(base, "/jokeapi/categories", headers={})
            self.assertEqual(
                (status, headers["Content-Type"], headers["RateLimit-Remaining"]), (429, JOKEAPI_JSON, "0")
            )
            error = json.loads(body)
            self.assertEqual((error["code"], error["message"]), ("101", "Request blocked by Rate Limiting"))
            self.assertEqual(
                error["additionalInfo"],
                "You are being rate limited because you have sent too many requests. "
                "The maximum is 3 requests every 60 seconds.",
            )
            self.assertIn("The limit is 3 requests within 60 seconds.", error["causedBy"][0])
            self.assertEqual(
                request(base, "/jokeapi/joke/Any", headers={"X-Forwarded-For": "10.0.0.2"})[0], 200
            )
            self.assertEqual(
                request(base, "/official/ping", headers={})[0], 200, "each service its own count"
            )
            request(base, "/_fake/reset", method="POST")
            self.assertEqual(request(base, "/jokeapi/joke/Any", headers={})[0], 200)
        finally:
            self.assertEqual(stop(process), 0)
        process, base = launch("--jokeapi-limit", "0")
        try:
            answers = [request(base, "/jokeapi/categories", headers={}) for _ in range(130)]
            self.assertEqual({status for status, _, _ in answers}, {200})
            self.assertIsNone(answers[-1][1]["RateLimit-Limit"])
        finally:
            self.assertEqual(stop(process), 0)

    # --- rules, faults, log, control ---

    def test_rules_faults_and_the_log(self) -> None:
        self.script(
            {"path": "/jokeapi/joke/Any", "fault": "html_503"},
            {"path": "/jokeapi/joke/Foo", "status": 200},
            {"path": "/jokeapi/categories", "delay": 0.2},
            {"path": "/jokeapi/joke/Dark", "joke": {"id": 1}},
        )
        self.assertEqual(self.get("/jokeapi/joke/Any")[0], 503)
        self.assertEqual(self.jokeapi("/joke/Any?type=single")["id"], 41, "the 503 had a body of its own")
        error = self.jokeapi("/joke/Foo")
        self.assertIs(
            error["error"], True, "status 200 with an error body, as JokeAPI 2.3.3's own code sends it"
        )
        start = time.monotonic()
        self.jokeapi("/categories")
        self.assertGreaterEqual(time.monotonic() - start, 0.2)
        self.assertEqual(self.get_json("/jokeapi/joke/Dark"), {"error": False, **JOKEAPI[2], "id": 1})
        self.assertEqual(self.jokeapi("/joke/Any")["id"], 0, "a joke rule takes the joke from the cycle")
        self.get("/jokeapi/joke/Any?safe-mode&contains=c%2B%2B", headers={"User-Agent": "chuck/1"})
        entry = self.log()[-1]
        self.assertEqual(
            (entry["path"], entry["query"], entry["status"]),
            ("/jokeapi/joke/Any", "safe-mode&contains=c%2B%2B", 400),
        )
        self.assertEqual([entry["rule"] for entry in self.log()], [0, None, 1, 2, 3, None, None])

    def test_fault_shortcuts_speak_jokeapi(self) -> None:
        by_id = {joke["id"]: {"error": False, **joke} for joke in JOKEAPI}
        checks: dict[tuple[str, str], tuple[int, Callable[[Any], bool]]] = {
            ("missing_field", "/joke/Any"): (
                200,
                lambda joke: joke == {k: v for k, v in by_id[41].items() if k != "joke"},
            ),
            ("missing_field", "/joke/Any?idRange=55"): (
                200,
                lambda joke: "delivery" not in joke and joke["setup"] == by_id[55]["setup"],
            ),
            ("hostile", "/joke/Any?idRange=55"): (
                200,
                lambda joke: joke["type"] == "single"
                and "setup" not in joke
                and all(part in joke["joke"] for part in HOSTILE_PARTS),
            ),
            ("oversized", "/joke/Any"): (200, lambda joke: len(joke["joke"]) == 2 * 1024 * 1024),
            ("extra_field", "/joke/Any"): (200, lambda joke: joke == {**by_id[41], "extra": "x"}),
            ("json_error_404", "/joke/Any"): (
                404,
                lambda error: error["code"] == "102" and '"joke"' in error["additionalInfo"],
            ),
            ("rate_limited", "/categories"): (
                429,
                lambda error: error["code"] == "101" and "120 requests" in error["additionalInfo"],
            ),
        }
        for (fault, path), (status, check) in checks.items():
            with self.subTest(fault=fault, path=path):
                self.get("/_fake/reset", method="POST")
                self.script({"fault": fault})
                code, headers, body = self.get("/jokeapi" + path, headers={})
                self.assertEqual((code, headers["Content-Type"]), (status, "application/json"))
                self.assertTrue(check(json.loads(body)), body[:300])
        self.script({"fault": "malformed"})
        body = self.get("/jokeapi/joke/Any")[2]
        self.assertTrue(body.startswith(b'{\n    "error": false,'), body)
        with self.assertRaises(ValueError):
            json.loads(body)

    def test_pool_replacement_and_reset(self) -> None:
        jokes = [dict(JOKEAPI[1], id=7)]
        self.assertEqual(self.get("/_fake/pool/jokeapi", method="POST", body={"jokes": jokes})[0], 200)
        self.assertEqual(self.ids("/joke/Any", 1), [41], "a reset brings the launch pool back")
        self.assertEqual(self.get("/_fake/pool/jokeapi", method="POST", body={"jokes": jokes})[0], 200)
        self.assertEqual([self.jokeapi("/joke/Any")["id"] for _ in range(2)], [7, 7])
        self.assertEqual(self.jokeapi("/joke/Any?idRange=7")["id"], 7)
        self.error(
            "/joke/Any?idRange=8",
            'The specified ID range is invalid. Got: "8" but max possible ID range is: "0-7".',
        )
        self.assertEqual(self.get("/_fake/pool/jokeapi", method="POST", body={"jokes": []})[0], 200)
        self.error("/joke/Any", self.NO_MATCH)
        self.assertEqual(self.get("/_fake/pool/jokeapi", method="POST", body={"jokes": [1]})[0], 400)


class ArticlesTest(FakeTestCase):
    """The Articles seed's API (a mock on run.mocky.io) under /articles of the same fake."""

    def articles(self, path: str = MOCK, **options: Any) -> Any:
        return self.get_json(path, 200, MOCK_JSON, **{"headers": {}, **options})

    def served(self, articles: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """`articles` as the fake serves them: images on dummyimage.com under its /articles/images."""
        local = self.base + "/articles/images/"
        return [
            dict(a, image=a["image"].replace(DUMMYIMAGE, local)) if a["image"] else dict(a) for a in articles
        ]

    def assert_empty_404(self, path: str, method: str = "GET") -> None:
        """Mocky's NotFound(): 404, no body, no Content-Type."""
        status, headers, body = self.get(path, method=method, headers={})
        self.assertEqual(
            (status, headers["Content-Type"], headers["Content-Length"], body), (404, None, "0", b"")
        )

    # --- the pool ---

    def test_pool_starts_with_the_seed_item_and_holds_what_chuck_must_handle(self) -> None:
        seed = json.loads(SEED.read_text())
        self.assertEqual(len(seed), 1)
        self.assertEqual(ARTICLES[0], seed[0])
        self.assertEqual(list(ARTICLES[0]), list(seed[0]), "keys in the sample's order")
        if SHARED_SEED.exists():  # beside the project's worktrees; the copy must not drift
            self.assertEqual(SEED.read_bytes(), SHARED_SEED.read_bytes())
        self.assertGreaterEqual(len(ARTICLES), 8)
        ids = [article["id"] for article in ARTICLES]
        self.assertEqual(len(set(ids)), len(ids))
        self.assertTrue(all(type(article_id) is int for article_id in ids))
        dates = [article["release_date"] for article in ARTICLES]
        for article in ARTICLES:
            with self.subTest(id=article["id"]):
                self.assertEqual(list(article), list(seed[0]))
                self.assertRegex(article["release_date"], r"^[1-9][0-9]?/[1-9][0-9]?/[0-9]{4}$", "no zeros")
                self.assertRegex(article["author"], r"^[^@\s]+@[^@\s]+\.[a-z]+$")
                image = article["image"]
                self.assertTrue(image is None or image.startswith(DUMMYIMAGE), "served by the fake")
        months_days = [date.split("/")[:2] for date in dates]
        self.assertGreaterEqual(len({date.split("/")[2] for date in dates}), 5, "several years")
        self.assertGreaterEqual(len({month for month, _ in months_days}), 5, "several months")
        self.assertTrue(any(len(month) == 1 and len(day) == 1 for month, day in months_days))
        self.assertTrue(any(len(month) == 2 and len(day) == 2 for month, day in months_days))
        self.assertLess(len(set(dates)), len(dates), "two articles share a date")
        self.assertNotEqual(dates, sorted(dates, key=lambda d: [int(p) for p in reversed(d.split("/"))]))
        titles = [article["title"] for article in ARTICLES]
        self.assertTrue(
            any(not title.isascii() and any(ord(ch) > 0xFFFF for ch in title) for title in titles),
            "accented letters and an emoji",
        )
        self.assertIn("Å", titles[1])
        descriptions = [article["description"] for article in ARTICLES]
        self.assertTrue(any(len(d) > 300 and d.count(". ") >= 2 for d in descriptions), "a long one")
        self.assertTrue(any("\n" in d for d in descriptions))
        self.assertIn(None, [article["image"] for article in ARTICLES])
        self.assertFalse(any("\x1b" in json.dumps(article) for article in ARTICLES), "no hostile article")

    # --- the mock ---

    def test_the_mock_answers_the_whole_list_laid_out_as_the_capture(self) -> None:
        status, headers, body = self.get(MOCK, headers={})
        self.assertEqual((status, headers["Content-Type"]), (200, MOCK_JSON))
        self.assertEqual(int(headers["Content-Length"]), len(body))
        self.assertEqual(json.loads(body), self.served(ARTICLES))
        seed = SEED.read_text().removesuffix("]\n").replace(DUMMYIMAGE, self.base + "/articles/images/")
        self.assertTrue(body.decode().startswith(seed + ", {\n  \"id\": 2,\n"), body[:400])
        self.assertTrue(body.endswith(b"\n}]\n"))
        self.assertIn("🚀".encode(), body, "UTF-8, not escaped")
        self.assertEqual(self.get(MOCK, headers={})[2], body, "the same list every time, no cycle")
        for path, method in (
            (MOCK, "POST"),
            (MOCK + "/", "GET"),
            (MOCK + "/anything/else?x=1", "GET"),
            (MOCK.upper().replace("/ARTICLES/V3/", "/articles/v3/"), "DELETE"),
        ):
            with self.subTest(path=path, method=method):
                self.assertEqual(self.get(path, method=method, headers={})[::2], (200, body))

    def test_images_point_at_the_fake_and_it_serves_them(self) -> None:
        articles = self.articles()
        images = [article["image"] for article in articles if article["image"] is not None]
        self.assertEqual(len(images), len(ARTICLES) - 1)
        self.assertIsNone(next(article for article in articles if article["id"] == 6)["image"])
        self.assertEqual(articles[0]["image"], self.base + "/articles/images/366x582.png/5fa2dd/ffffff")
        png = (HERE / "chuck-norris.png").read_bytes()
        for image in images:
            with self.subTest(image=image):
                self.assertTrue(image.startswith(self.base + "/articles/images/"))
                status, headers, body = self.get(urlsplit(image).path, headers={})
                self.assertEqual((status, headers["Content-Type"], body), (200, "image/png", png))
        self.assertEqual(self.log()[-1]["path"], "/articles/images/200x200.png/cc0000/ffffff")

    def test_other_paths_answer_404_as_mocky(self) -> None:
        self.assert_empty_404("/articles/v3/de42e6d9-2d03-40e2-a426-8953c7c94fb9")
        self.assert_empty_404("/articles/v3/00000000-0000-0000-0000-000000000000/x", method="POST")
        self.assert_empty_404("/articles/v2/5185415ba171ea3a00704eed")
        for path, method in (
            ("/articles", "GET"),
            ("/articles/", "GET"),
            ("/articles/v3", "GET"),
            ("/articles/v3/de42e6d9", "GET"),
            ("/articles/v4/de42e6d9-2d03-40e2-a426-8953c7c94fb8", "GET"),
            ("/articles/de42e6d9-2d03-40e2-a426-8953c7c94fb8", "GET"),
            ("/articles/images/", "GET"),
            ("/articles/images/a.png", "POST"),
        ):
            with self.subTest(path=path, method=method):
                status, headers, body = self.get(path, method=method, headers={})
                self.assertEqual(
                    (status, headers["Content-Type"], body), (404, "text/plain; charset=UTF-8", b"Not found")
                )

    # --- rules, faults, changes ---

    def test_scripted_500_then_recovery(self) -> None:
        self.script(
            {"path": MOCK, "status": 500, "times": 2},
            {"path_prefix": "/articles/", "fault": "html_503"},
            {"path_prefix": "/articles/v3/", "status": 500, "body": "", "content_type": None},
        )
        status, headers, body = self.get(MOCK, headers={})
        self.assertEqual((status, headers["Content-Type"]), (500, MOCK_JSON), "the list, with status 500")
        self.assertEqual(json.loads(body), self.served(ARTICLES))
        self.assertEqual(self.get(MOCK, headers={})[0], 500)
        status, headers, body = self.get(MOCK, headers={})
        self.assertEqual((status, headers["Content-Type"]), (503, "text/html; charset=utf-8"))
        self.assertIn(b"Application Error", body)
        status, headers, body = self.get(MOCK, headers={})
        self.assertEqual((status, headers["Content-Type"], body), (500, None, b""))
        self.assertEqual(self.articles(), self.served(ARTICLES), "recovered")
        self.assertEqual(
            [(entry["path"], entry["status"], entry["rule"]) for entry in self.log()],
            [(MOCK, 500, 0), (MOCK, 500, 0), (MOCK, 503, 1), (MOCK, 500, 2), (MOCK, 200, None)],
        )
        self.script({"path": MOCK, "drop": "before_headers"}, {"path": MOCK, "delay": 0.2})
        with self.assertRaises(ConnectionError):
            self.get(MOCK)
        start = time.monotonic()
        self.assertEqual(self.articles(), self.served(ARTICLES))
        self.assertGreaterEqual(time.monotonic() - start, 0.2)

    def test_fault_shortcuts_speak_mocky(self) -> None:
        first, rest = self.served(ARTICLES)[0], self.served(ARTICLES)[1:]
        without_title = {key: value for key, value in first.items() if key != "title"}
        checks: dict[str, Callable[[Any], bool]] = {
            "missing_field": lambda articles: articles == [without_title, *rest],
            "extra_field": lambda articles: articles == [dict(first, extra="x"), *rest],
            "impossible_date": lambda articles: articles == [dict(first, release_date="2/30/2020"), *rest],
            "hostile": lambda articles: articles[1:] == rest
            and all(part in articles[0][key] for part in HOSTILE_PARTS for key in ("title", "description")),
            "oversized": lambda articles: len(articles[0]["title"]) == 2 * 1024 * 1024,
            "wrong_shape": lambda value: value == [1, 2, 3],
        }
        for fault, check in checks.items():
            with self.subTest(fault=fault):
                self.script({"path": MOCK, "fault": fault})
                status, headers, body = self.get(MOCK, headers={})
                self.assertEqual((status, headers["Content-Type"]), (200, "application/json"))
                self.assertTrue(check(json.loads(body)), body[:300])
        self.script({"fault": "json_error_404"}, {"fault": "rate_limited"}, {"fault": "malformed"})
        self.assert_empty_404(MOCK)
        status, headers, body = self.get(MOCK, headers={})
        self.assertEqual((status, headers["Content-Type"], body), (429, None, b""))
        self.assertEqual(headers["X-Retry-After"], "10000000 nanoseconds")
        body = self.get(MOCK, headers={})[2]
        self.assertTrue(SEED.read_bytes().startswith(body), body)
        with self.assertRaises(ValueError):
            json.loads(body)

    def test_a_changed_list_is_served_until_reset(self) -> None:
        later = [dict(ARTICLES[0], title="Changed later"), *ARTICLES[2:4], dict(ARTICLES[1], id=9)]
        status, _, body = self.get("/_fake/pool/articles", method="POST", body={"jokes": later})
        self.assertEqual((status, json.loads(body)), (200, {"jokes": 4}))
        self.assertEqual(self.articles(), self.served(later))
        self.assertEqual(self.articles(), self.served(later), "until the next change or reset")
        self.assertEqual(self.get_json("/jokes/random")["id"], POOL[0]["id"], "the chuck pool is its own")
        self.get("/_fake/reset", method="POST")
        self.assertEqual(self.articles(), self.served(ARTICLES))
        self.assertEqual(self.get("/_fake/pool/articles", method="POST", body={"jokes": []})[0], 200)
        self.assertEqual(self.get(MOCK, headers={})[2], b"[]\n")
        self.assertEqual(self.get("/_fake/pool/articles", method="POST", body={"jokes": [1]})[0], 400)
        self.get("/_fake/reset", method="POST")
        self.script({"path": MOCK, "json": later[:1], "content_type": MOCK_JSON})
        self.assertEqual(self.articles(), later[:1], "a rule's own list, once, the image as written")
        self.assertEqual(self.articles(), self.served(ARTICLES))


class LaunchOptionsTest(unittest.TestCase):
    def test_pool_order_script_and_icons(self) -> None:
        with tempfile.TemporaryDirectory() as folder:
            pool, script = Path(folder) / "pool.json", Path(folder) / "script.json"
            pool.write_text(json.dumps(POOL[:8]))
            script.write_text(json.dumps({"rules": [{"fault": "rate_limited"}]}))
            orders = []
            for _ in range(2):
                process, base = launch(
                    "--pool", str(pool), "--order", "shuffle", "--seed", "7", "--no-rewrite-icons"
                )
                orders.append([json.loads(request(base, "/jokes/random")[2]) for _ in range(8)])
                self.assertEqual(stop(process), 0)
            self.assertEqual(orders[0], orders[1])
            self.assertEqual(
                sorted(joke["id"] for joke in orders[0]), sorted(joke["id"] for joke in POOL[:8])
            )
            self.assertNotEqual(orders[0], POOL[:8])
            self.assertEqual(
                orders[0][0]["icon_url"], next(j for j in POOL if j["id"] == orders[0][0]["id"])["icon_url"]
            )

            process, base = launch("--script", str(script), "--pool", str(pool), str(pool))
            self.assertEqual(request(base, "/jokes/random")[0], 429)
            ids = [json.loads(request(base, "/jokes/random")[2])["id"] for _ in range(16)]
            self.assertEqual(ids, [joke["id"] for joke in POOL[:8] * 2])
            self.assertEqual(stop(process), 0)

    def test_service_pools_and_their_order(self) -> None:
        with tempfile.TemporaryDirectory() as folder:
            names = ("dad", "dad2", "official", "switter", "jokeapi", "jokeapi2")
            files = {name: Path(folder) / f"{name}.json" for name in names}
            files["dad"].write_text(json.dumps(DAD[:2]))
            files["dad2"].write_text(json.dumps(DAD[2:4]))
            files["official"].write_text(json.dumps(OFFICIAL[:5]))
            files["switter"].write_text(json.dumps(SWITTER[:5]))
            files["jokeapi"].write_text(json.dumps(JOKEAPI[4:6]))
            files["jokeapi2"].write_text(json.dumps(JOKEAPI[:1]))
            options = ["--dad-pool", str(files["dad"]), "--dad-pool", str(files["dad2"]), "--official-pool"]
            options += [str(files["official"]), "--switter-pool", str(files["switter"])]
            options += ["--jokeapi-pool", str(files["jokeapi"]), str(files["jokeapi2"])]
            process, base = launch(*options)
            self.assertRegex(base, r"^http://127\.0\.0\.1:\d+$")
            dad = [json.loads(request(base, "/dad/")[2])["id"] for _ in range(5)]
            self.assertEqual(dad, [joke["id"] for joke in DAD[:4] + DAD[:1]])
            self.assertEqual(json.loads(request(base, "/official/random_ten")[2]), OFFICIAL[:5])
            jokeapi = json.loads(request(base, "/jokeapi/joke/Any?amount=10")[2])["jokes"]
            self.assertEqual(jokeapi, JOKEAPI[4:6] + JOKEAPI[:1])
            self.assertEqual(stop(process), 0)
            orders = []
            for _ in range(2):
                process, base = launch(*options, "--order", "shuffle", "--seed", "7")
                switter = [
                    request(base, "/switter/api/joke", headers={"x-device-uuid": "x"})[2] for _ in range(5)
                ]
                jokeapi = json.loads(request(base, "/jokeapi/joke/Any?amount=10")[2])["jokes"]
                orders.append(
                    (
                        json.loads(request(base, "/official/random_ten")[2]),
                        [json.loads(b) for b in switter],
                        jokeapi,
                    )
                )
                self.assertEqual(stop(process), 0)
            self.assertEqual(orders[0], orders[1])
            self.assertNotEqual(orders[0][0], OFFICIAL[:5])
            self.assertEqual(
                sorted(joke["id"] for joke in orders[0][0]), sorted(joke["id"] for joke in OFFICIAL[:5])
            )
            self.assertNotEqual(orders[0][1], SWITTER[:5])
            self.assertCountEqual(orders[0][2], JOKEAPI[4:6] + JOKEAPI[:1])
            files["switter"].write_text('{"content": "not an array"}')
            for option, path in (
                ("--switter-pool", files["switter"]),
                ("--dad-pool", Path(folder) / "missing.json"),
                ("--jokeapi-pool", files["switter"]),
            ):
                with self.subTest(option=option):
                    refused = subprocess.run(
                        [sys.executable, str(SERVER), option, str(path)],
                        capture_output=True,
                        text=True,
                        timeout=5,
                    )
                    self.assertEqual((refused.returncode, refused.stdout), (2, ""))
                    self.assertIn(str(path), refused.stderr)

    def test_articles_pool_order_and_images_as_captured(self) -> None:
        process, base = launch("--articles-pool", str(SEED), "--no-rewrite-icons")
        try:
            status, headers, body = request(base, MOCK, headers={})
            self.assertEqual((status, headers["Content-Type"]), (200, MOCK_JSON))
            self.assertEqual(body, SEED.read_bytes(), "byte for byte the captured answer")
        finally:
            self.assertEqual(stop(process), 0)
        with tempfile.TemporaryDirectory() as folder:
            more = Path(folder) / "more.json"
            more.write_text(json.dumps(ARTICLES[5:]))
            process, base = launch("--articles-pool", str(SEED), str(more), "--no-rewrite-icons")
            try:
                self.assertEqual(json.loads(request(base, MOCK, headers={})[2]), ARTICLES[:1] + ARTICLES[5:])
            finally:
                self.assertEqual(stop(process), 0)
            orders = []
            for _ in range(2):
                process, base = launch("--order", "shuffle", "--seed", "7", "--no-rewrite-icons")
                orders.append([json.loads(request(base, MOCK, headers={})[2]) for _ in range(2)])
                self.assertEqual(stop(process), 0)
            self.assertEqual(orders[0], orders[1])
            self.assertEqual(orders[0][0], orders[0][1], "the whole list, the same each time")
            self.assertNotEqual(orders[0][0], ARTICLES)
            self.assertCountEqual(orders[0][0], ARTICLES)
            more.write_text('{"id": 1}')
            refused = subprocess.run(
                [sys.executable, str(SERVER), "--articles-pool", str(more)],
                capture_output=True,
                text=True,
                timeout=5,
            )
            self.assertEqual((refused.returncode, refused.stdout), (2, ""))
            self.assertIn(str(more), refused.stderr)

    def test_exits_cleanly_and_prints_only_the_url(self) -> None:
        process, _ = launch()
        self.assertEqual(stop(process), 0)
        for sig in (signal.SIGTERM, signal.SIGINT):
            process, _ = launch()
            process.send_signal(sig)
            self.assertEqual(process.wait(timeout=5), 0)
            self.assertEqual(process.stdout.read(), "")
            stop(process)


if __name__ == "__main__":
    unittest.main()
