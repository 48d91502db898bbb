#!/usr/bin/env python3
"""What the best of k independent Lines optimizer runs would score, from one-run bench output.

Reads the JSON line of `mill bench lines --runs 1 ...` (its per-puzzle "scores", one run per
seed) from files (their scores joined in the order given: consecutive seed ranges) or standard
input, groups consecutive seeds k at a time and prints, per tier and k, the median and mean of
each group's best score and the share of groups reaching the collection's median: what k runs
of that length would give, to set beside one longer run of the same total (`LinesParams::runs`
is now 1 on every tier: with the hard and expert pools' slack, one long run does better).

    target/release/mill bench lines --tier expert --runs 1 --puzzles 240 > a.txt
    target/release/mill bench lines --tier expert --runs 1 --puzzles 240 --seed 240 > b.txt
    scripts/lines_best_of.py a.txt b.txt
"""
import json
import statistics
import sys


def rows(text, name):
    """The bench's JSON rows (the last line of its output that starts a JSON list)."""
    for line in reversed(text.splitlines()):
        line = line.strip()
        if line.startswith("["):
            return json.loads(line)
    sys.exit(f"{name}: no JSON line: pass the output of `mill bench lines`")


def joined(texts):
    """One row per tier, each tier's scores from every input joined in order."""
    tiers = {}
    for name, text in texts:
        for row in rows(text, name):
            if "scores" not in row:
                sys.exit(f"{name}: no per-puzzle scores (a bench from an older build)")
            seen = tiers.get(row["tier"])
            if seen is None:
                tiers[row["tier"]] = dict(row, scores=list(row["scores"]))
            elif (seen["iterations"], seen.get("runs")) != (row["iterations"], row.get("runs")):
                sys.exit(f"{name}: {row['tier']} was run with other iterations or runs")
            else:
                seen["scores"] += row["scores"]
    return tiers.values()


def main():
    if len(sys.argv) > 1:
        texts = [(path, open(path).read()) for path in sys.argv[1:]]
    else:
        texts = [("standard input", sys.stdin.read())]
    for row in joined(texts):
        scores, target = row["scores"], row["corpus_score_median"]
        if row.get("runs", 1) != 1:
            print(f"{row['tier']}: measured with {row['runs']} runs a puzzle; use --runs 1")
            continue
        print(f"{row['tier']}: {len(scores)} runs of {row['iterations']} iterations, "
              f"collection median {target:.0f}")
        print(f"{'best of':>8} {'groups':>7} {'median':>7} {'mean':>7} {'reached':>8}")
        for k in range(1, 9):
            groups = [max(scores[i:i + k]) for i in range(0, len(scores) - k + 1, k)]
            if len(groups) < 10:
                break
            reached = sum(s >= target for s in groups) / len(groups)
            print(f"{k:>8} {len(groups):>7} {statistics.median(groups):>7.0f} "
                  f"{statistics.mean(groups):>7.1f} {reached:>7.0%}")


if __name__ == "__main__":
    main()
