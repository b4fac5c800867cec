#!/usr/bin/env python3
"""Writes the committed seeds for the from_pixels and queries fuzz targets (the decode
seeds come from `cargo run --example hostile_samples`). Standard library only; run from
fuzz/: python3 make_seeds.py. Each seed follows the input layout documented at the top of
its target."""
import os
import struct


def from_pixels_seed(flags, fmt, threshold, key, w, h, stride, region, pixels):
    return (bytes([flags, fmt, threshold]) + bytes(key) + struct.pack("<III", w, h, stride)
            + struct.pack("<iiii", *region) + pixels)


def queries_seed(wa, ha, wb, hb, pos, flags, bits):
    return bytes([wa, ha, wb, hb]) + struct.pack("<iiii", *pos) + bytes([flags]) + bits


def transformed_cost_seed(sizes, places, bits):
    """sizes: (wa, ha, wb, hb); places: two (mode, [seven u64 numbers]) pairs."""
    out = bytes(sizes)
    for mode, numbers in places:
        out += bytes([mode]) + struct.pack("<7Q", *numbers)
    return out + bits


def tame_position(v):
    """The bits transformed_cost's `position` turns into v (within -20..20, 0.01 steps)."""
    return (round((v + 20) * 100) << 8) | 2


def tame_scale(log10):
    """The bits its `scale` turns into 10^log10 (log10 within -6..6, 0.001 steps)."""
    return (round((log10 + 6) * 1000) << 8) | (3 << 1)


def tame_rotation(deg):
    return round((deg + 360) * 100)


def main():
    seeds = {
        "from_pixels": {
            # 4x3 RGBA, exact stride (flag 4: stride = row + 0), all opaque red.
            "rgba_4x3": from_pixels_seed(4, 0, 1, (0, 0, 0), 4, 3, 0, (0, 0, 0, 0),
                                         bytes([255, 0, 0, 255]) * 12),
            # 9x5 A8 atlas, region (3, 1, 4, 3), flipped, threshold 128.
            "a8_region_flip": from_pixels_seed(4 | 8 | 32, 3, 128, (0, 0, 0), 9, 5, 0,
                                               (3, 1, 4, 3), bytes(range(0, 225, 5))),
            # 9x5 ABGR8 (SDL RGBA8888 on little-endian), region (3, 1, 4, 3), flipped in x
            # and y, threshold 128, a colour key.
            "abgr8_region_flip_xy": from_pixels_seed(4 | 8 | 32 | 64 | 128, 5, 128, (20, 10, 5),
                                                     9, 5, 0, (3, 1, 4, 3),
                                                     bytes(range(0, 180))),
            # 65x2 BGRA with a padded stride and a magenta colour key.
            "bgra_65x2_key": from_pixels_seed(4 | 64, 1, 1, (255, 0, 255), 65, 2, 7, (0, 0, 0, 0),
                                              bytes([255, 0, 255, 255, 0, 0, 0, 255]) * 68),
            # ARGB32 one byte short of its buffer.
            "argb_short": from_pixels_seed(4, 2, 1, (0, 0, 0), 3, 3, 0, (0, 0, 0, 0),
                                           bytes([0xff] * 35)),
            # Raw sizes whose product overflows 32 bits.
            "overflow": from_pixels_seed(1 | 2, 0, 1, (0, 0, 0), 65536, 65536, 262144,
                                         (0, 0, 0, 0), b""),
            # 0-wide image with a huge stride (the bug fixed in 3e24555).
            "zero_width": from_pixels_seed(2, 3, 1, (0, 0, 0), 0, 1000000, 0x7fffffff,
                                           (0, 0, 0, 0), b""),
            # A region outside, raw.
            "region_outside": from_pixels_seed(4 | 8 | 16, 3, 1, (0, 0, 0), 4, 4, 0,
                                               (0x7fffffff, 0, 0x7fffffff, 1), bytes([255] * 16)),
        },
        "queries": {
            # 8x8 and 3x3, half-solid stripes, overlapping.
            "small_overlap": queries_seed(8, 8, 3, 3, (10, 20, 3, 1), 0, bytes([0x55, 0xAA] * 8)),
            # Word edges: 65 and 64 wide.
            "word_edges": queries_seed(65, 5, 64, 7, (0, 0, -1, 2), 0, bytes(range(256)) * 2),
            # Bounds-only B near INT32_MAX (flag 4: raw positions).
            "extreme": queries_seed(2, 1, 2, 1, (0x7fffffff, -4, 0x7fffffff, -4), 1 | 2 | 4 | 16,
                                    bytes([0xFF] * 4)),
            # Touching edges: no overlap.
            "touching": queries_seed(10, 10, 5, 5, (0, 0, 10, 0), 0, bytes([0xFF] * 32)),
        },
    }
    zero, one, rot = tame_position(0), tame_scale(0), tame_rotation(0)
    seeds["transformed_cost"] = {
        # Issue 30's report: two 2x2 masks at scale 1e6 (bits 0 give 1e6), refused.
        "two_at_1e6": transformed_cost_seed(
            (2, 2, 2, 2), [(0, [zero, zero, rot, 0, 0, 0, 0])] * 2, bytes([0xFF])),
        # 20x20 sprites at 1.5x, 30 and -45 degrees, overlapping: accepted, real walks.
        "tame_overlap": transformed_cost_seed(
            (20, 20, 20, 20),
            [(0, [zero, zero, tame_rotation(30), tame_scale(0.176), tame_scale(0.176), 0, 0]),
             (0, [tame_position(5), tame_position(-3), tame_rotation(-45), one, one, 0, 0])],
            bytes([0x5A, 0xC3, 0xFF] * 40)),
        # A sliver: 1e-6 wide, 3000 tall (bits 4 give 3000), turned; and a matrix.
        "sliver_and_matrix": transformed_cost_seed(
            (7, 3, 9, 9),
            [(0, [zero, zero, tame_rotation(10), 2, 4, 0, 0]),
             (1, [zero, zero, rot, one, one, 0, 0])],
            bytes([0xFF] * 20)),
    }
    for target, files in seeds.items():
        folder = os.path.join("corpus", target)
        os.makedirs(folder, exist_ok=True)
        for name, data in files.items():
            with open(os.path.join(folder, name), "wb") as f:
                f.write(data)


if __name__ == "__main__":
    main()
