"""Writes chuck-norris.png beside this script: a 32x32 RGBA pixel-art face (stdlib only).

The fake API serves that file at /img/avatar/chuck-norris.png. Run again only to change the picture.
"""

import struct
import zlib
from pathlib import Path

SIZE = 32
SKY = (0, 0, 0, 0)
SKIN = (233, 181, 140, 255)
HAIR = (122, 72, 38, 255)
HAT = (60, 40, 25, 255)
EYE = (20, 20, 20, 255)


def pixel(x: int, y: int) -> tuple[int, int, int, int]:
    """Colour of one pixel: a cowboy hat over a bearded face."""
    dx, dy = x - 15.5, y - 17.5
    in_face = dx * dx / 100 + dy * dy / 144 <= 1
    if 3 <= y <= 9 and 9 <= x <= 22 or 8 <= y <= 9 and 3 <= x <= 28:
        return HAT
    if in_face and (y in (13, 14) and x in (11, 12, 19, 20)):
        return EYE
    if in_face and (y >= 20 or y == 18 and 11 <= x <= 20):
        return HAIR
    return SKIN if in_face else SKY


def chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png() -> bytes:
    rows = b"".join(b"\x00" + b"".join(bytes(pixel(x, y)) for x in range(SIZE)) for y in range(SIZE))
    header = struct.pack(">IIBBBBB", SIZE, SIZE, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows, 9))
        + chunk(b"IEND", b"")
    )


if __name__ == "__main__":
    Path(__file__).with_name("chuck-norris.png").write_bytes(png())
