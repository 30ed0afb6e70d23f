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


class FakeApiTest(unittest.TestCase):
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

    def get_json(self, path: str, status: int = 200) -> Any:
        code, headers, body = self.get(path)
        self.assertEqual((code, headers["Content-Type"]), (status, "application/json"), body[:200])
        return json.loads(body)

    def script(self, *rules: dict[str, Any]) -> None:
        self.assertEqual(self.get("/_fake/script", method="POST", body={"rules": list(rules)})[0], 200)

    def log(self) -> list[dict[str, Any]]:
        return self.get_json("/_fake/log")

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
