"""Merges the driver's tables from several processes (run.sh): each row at each side's
lowest median, with every process's ratio beside it."""
import re
import sys

work, runs = sys.argv[1], int(sys.argv[2])
rows = {}
for i in range(1, runs + 1):
    for line in open(f"{work}/run.{i}.txt"):
        m = re.match(r"\| (.+?) \| ([\d.]+) ns \| ([\d.]+) ns \|", line)
        if m:
            rows.setdefault(m.group(1), []).append((float(m.group(2)), float(m.group(3))))
print(f"| case | perpixel | pygame C | ratio | ratio in each of {runs} processes |")
print("|---|---:|---:|---:|---|")
for case, ts in rows.items():
    pp, pg = min(t[0] for t in ts), min(t[1] for t in ts)
    each = " / ".join(f"{a / b:.2f}" for a, b in ts)
    print(f"| {case} | {pp:.1f} ns | {pg:.1f} ns | {pp / pg:.2f}x | {each} |")
