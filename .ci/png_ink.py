#!/usr/bin/env python3
# Says whether a chart's screenshot shows data: counts the coloured pixels left of its legend (the axes and text are grey), decoding the PNG with zlib alone.
"""usage: png_ink.py SHOT.png [--min-pixels N] [--left-of X]; exit 0 when drawn, 1 when blank."""
import argparse
import struct
import sys
import zlib


def decode(path):
    """(width, height, channels, rows of bytes) of an 8-bit RGB(A) PNG."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    at, idat, header = 8, b"", None
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        at += 12 + length
    width, height, depth, colour, _, _, interlace = header
    channels = {2: 3, 6: 4}.get(colour)
    if depth != 8 or channels is None or interlace:
        raise ValueError(f"unsupported PNG: depth {depth}, colour {colour}")
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                pred = left if pa <= pb and pa <= pc else (
                    up if pb <= pc else corner)
                line[i] = (line[i] + pred) & 255
        rows.append(line)
        previous = line
    return width, height, channels, rows


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("png")
    parser.add_argument("--min-pixels", type=int, default=200)
    # The legend's coloured keys sit right of the plot (engine/report/svg_chart.cc's
    # kLegendX, 556): they are drawn whether or not the data is.
    parser.add_argument("--left-of", type=int, default=550)
    args = parser.parse_args()
    try:
        width, height, channels, rows = decode(args.png)
    except (OSError, ValueError, zlib.error, TypeError) as error:
        print(f"{args.png}: {error}", file=sys.stderr)
        return 1
    coloured = 0
    for line in rows:
        for x in range(0, min(width, args.left_of) * channels, channels):
            r, g, b = line[x], line[x + 1], line[x + 2]
            if max(r, g, b) - min(r, g, b) > 40:
                coloured += 1
    verdict = "drawn" if coloured >= args.min_pixels else "BLANK"
    print(f"{args.png}: {width}x{height}, {coloured} coloured pixels, {verdict}")
    return 0 if coloured >= args.min_pixels else 1


if __name__ == "__main__":
    sys.exit(main())
