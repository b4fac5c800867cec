#!/usr/bin/env bash
# Runs every perpixel fuzz target for SECONDS each (default 30) and fails on any crash,
# panic, failed assertion, leak, timeout or out-of-memory.
#
#   fuzz/run.sh [SECONDS]
#
# Installs cargo-fuzz when it is missing (a failed install fails the script). There is no
# nightly toolchain here: RUSTC_BOOTSTRAP=1 lets stable rustc take cargo-fuzz's
# sanitizer flags. Each target starts from its committed seeds in fuzz/corpus/<target>/
# (read only) and writes what it discovers to fuzz/work/corpus/<target>/ (gitignored);
# crashes land in fuzz/artifacts/<target>/ (gitignored), and reproduce with
#   RUSTC_BOOTSTRAP=1 cargo fuzz run <target> fuzz/artifacts/<target>/<file>
# Prints, per target, the executions and the time they took.
set -euo pipefail
cd "$(dirname "$0")"

seconds="${1:-30}"
case "$seconds" in
    ''|*[!0-9]*) echo "usage: $0 [SECONDS]" >&2; exit 2 ;;
esac
export RUSTC_BOOTSTRAP=1

if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "==> installing cargo-fuzz"
    cargo install cargo-fuzz --locked
fi
cargo fuzz --version
# Every target fuzz/Cargo.toml declares, so a new one cannot be left out.
mapfile -t targets < <(cargo fuzz list)
[ "${#targets[@]}" -gt 0 ] || { echo "no fuzz targets found" >&2; exit 1; }

echo "==> building ${targets[*]} (release, debug assertions, ASan, coverage)"
start=$(date +%s)
cargo fuzz build -O
echo "build took $(( $(date +%s) - start )) s"

mkdir -p work
summary=()
for target in "${targets[@]}"; do
    mkdir -p "work/corpus/$target"
    log="work/$target.log"
    echo "==> fuzzing $target for ${seconds} s"
    start=$(date +%s)
    status=0
    # New inputs go to the first folder; the seeds are only read. -timeout: one input
    # taking longer than 10 s is a failure too; -rss_limit_mb: so is using 2 GiB.
    cargo fuzz run -O "$target" "work/corpus/$target" "corpus/$target" -- \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        >"$log" 2>&1 || status=$?
    took=$(( $(date +%s) - start ))
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
    corpus=$(find "work/corpus/$target" -type f | wc -l)
    if [ "$status" -ne 0 ]; then
        tail -n 60 "$log"
        echo "FAIL: fuzz target $target failed (exit $status) after ${took} s; see fuzz/$log" >&2
        echo "      and the reproducer in fuzz/artifacts/$target/" >&2
        exit 1
    fi
    if [ -z "$execs" ]; then
        tail -n 30 "$log"
        echo "FAIL: $target printed no execution count" >&2
        exit 1
    fi
    summary+=("$target: ${execs} executions in ${took} s (${rate}/s), ${corpus} new corpus inputs")
done

echo "==> fuzzing passed"
printf '%s\n' "${summary[@]}"
