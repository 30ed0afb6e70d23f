#!/usr/bin/env python3
"""Writes a chuck list file of N jokes in the spec's format, from the real sample texts.

Usage: generate.py N OUT_FILE [SEED]

Texts, categories and icon URLs come from Fixtures/samples/jokes-sample.json (real data); ids are new
random 22-character ids; timestamps are spread over 2016-2021 with 0 to 6 fraction digits, a few
repeated, and the items are in "saved" order (not sorted), as a real list would be.
"""
import json
import random
import string
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

ID_ALPHABET = string.ascii_letters + string.digits + "_-"


def timestamp(rng: random.Random) -> str:
    start = datetime(2016, 1, 1, tzinfo=timezone.utc)
    moment = start + timedelta(seconds=rng.randrange(0, 6 * 365 * 86400), microseconds=rng.randrange(10**6))
    text = moment.strftime("%Y-%m-%d %H:%M:%S")
    digits = rng.choice([0, 3, 5, 6, 6, 6])
    if digits:
        fraction = f"{moment.microsecond:06d}"[:digits].rstrip("0")
        if fraction:
            text += "." + fraction
    return text


def main() -> None:
    count, out = int(sys.argv[1]), Path(sys.argv[2])
    rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 1)
    samples = json.loads((Path(__file__).parent.parent / "Fixtures/samples/jokes-sample.json").read_text())
    items = []
    previous = None
    for _ in range(count):
        sample = rng.choice(samples)
        joke_id = "".join(rng.choice(ID_ALPHABET) for _ in range(22))
        created = previous if previous and rng.random() < 0.02 else timestamp(rng)
        previous = created
        items.append({
            "categories": sample["categories"],
            "created_at": created,
            "icon_url": sample["icon_url"],
            "id": joke_id,
            "updated_at": created,
            "url": f"https://api.chucknorris.io/jokes/{joke_id}",
            "value": sample["value"],
        })
    out.write_text(json.dumps({"version": 1, "items": items}, ensure_ascii=False, separators=(",", ":"), sort_keys=True))


if __name__ == "__main__":
    main()
