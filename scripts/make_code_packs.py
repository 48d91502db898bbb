#!/usr/bin/env python3
"""Writes the starter packs whose entries are level codes: levels/climb/starter.ron and
levels/vault/starter.ron, two seeds per tier milled with `mill generate --mode climb|vault`. The
level is regenerated (and verified) from its code when the pack loads, and must have the digest
stored beside the code; a new generator version (or a change to levels/climb/rooms.ron) changes
these levels, and this script picks them again.

From each tier's first SEEDS seeds it keeps the two whose scores are nearest the tier's median
(Climb: steps on the shortest route; Vault: scripts), easiest tier first.

    cargo build --release -p puzzlemill-core --bin mill && scripts/make_code_packs.py
"""
import os
import re
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MILL = os.path.join(ROOT, "target", "release", "mill")
SEEDS = 12
TIERS = ["easy", "medium", "hard", "expert"]
PACKS = [
    ("climb", "Climb", "Starter Caves",
     "Run and jump down through the caves to the exit door. Gems are a bonus; spikes send you "
     "back.",
     ["First Descent", "Mossy Steps", "Echo Hall", "Root Cellar", "Spike Gallery",
      "The Long Drop", "Razor Ridge", "The Abyss"]),
    ("vault", "Vault", "Starter Vaults",
     "Find the key or switch for each locked door, and the exit switch behind them all. Some "
     "walls give way when pushed.",
     ["The Gatehouse", "Cellars", "The Keep", "Cloister", "Armoury", "Treasury",
      "The Labyrinth", "The Vault"]),
]


def milled(mode, tier):
    out = subprocess.run(
        [MILL, "generate", "--mode", mode, "--tier", tier, "--seed", "1", "--count",
         str(SEEDS)],
        check=True, capture_output=True, text=True).stdout
    return [(code, float(score), digest)
            for code, score, digest in re.findall(
                r'// (\S+): score ([\d.]+)\n\s*\(name:"[^"]*",code:"\S+",digest:"(\w+)"\)', out)]


def write(mode, label, title, description, names):
    lines = [
        f"// The {label} starter set: made by scripts/make_code_packs.py from the mill's own seeds.",
        "// Each level is its code: the game regenerates it (and proves it finishable) on load,",
        "// and refuses it if the level's digest is not the one stored here.",
        "(",
        f'    name: "{title}",',
        f"    mode: {label},",
        f'    description: "{description}",',
        "    levels: [",
    ]
    names = iter(names)
    for tier in TIERS:
        levels = milled(mode, tier)
        median = sorted(s for _, s, _ in levels)[len(levels) // 2]
        # Ties broken by seed, as when the codes were format 1 (the seed is the second group).
        picked = sorted(levels, key=lambda l: (abs(l[1] - median), l[0].split("-")[1]))[:2]
        for code, score, digest in sorted(picked, key=lambda l: l[1]):
            lines.append(f"        // {tier}: score {score:.0f}")
            lines.append(f'        (name: "{next(names)}", code: "{code}", digest: "{digest}"),')
    lines += ["    ],", ")", ""]
    path = os.path.join(ROOT, "levels", mode, "starter.ron")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write("\n".join(lines))
    print(f"wrote {path}")


def main():
    for pack in PACKS:
        write(*pack)


if __name__ == "__main__":
    main()
