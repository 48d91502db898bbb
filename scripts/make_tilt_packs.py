#!/usr/bin/env python3
"""Writes the curated Tilt packs in levels/tilt/ from milled candidates.

Each pack names the mechanics its levels may use and the one they must use; the script mills
candidates with `mill generate` (release build), keeps those that use what the pack teaches,
and picks one level per step of the pack's score ladder, closest first, in rising score. The
first level of the first pack was picked by hand (three moves, as in the original game).
Every level keeps its code in a comment, so `mill regenerate CODE` gives it back.

    cargo build --release -p puzzlemill-core --bin mill && scripts/make_tilt_packs.py
"""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MILL = os.path.join(ROOT, "target", "release", "mill")

# (file, title, description, allowed mechanics, must use, sides, tiers, score ladder, names)
PACKS = [
    ("tilt/first-dates.ron", "First dates",
     "Tilt the board: every fruit slides. Fruit of a colour that touch pair up and leave.",
     "none", set(), [6, 7], ["easy", "medium"], [3.6, 4.5, 5.2, 5.8, 6.5, 7.2, 7.8],
     ["Breakfast", "Two tables", "Crossing", "Stone in the way", "Corner booth",
      "Rush hour", "Last orders"]),
    ("tilt/one-way-streets.ron", "One-way streets",
     "Arrows on tile edges let fruit through one way only.",
     "gates", {"gates"}, [6, 7], ["easy", "medium", "hard"], [3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5],
     ["No way back", "Turnstile", "Valve", "Both ways", "Shortcut", "Ratchet", "Labyrinth"]),
    ("tilt/anteaters.ron", "Anteaters",
     "An anteater's tongue pulls the first fruit it sees to its nose.",
     "anteaters,gates", {"anteaters"}, [7, 8], ["easy", "medium", "hard"],
     [3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5],
     ["Long tongue", "Snack time", "Lookout", "Dinner bell", "Tongue twister",
      "Ant hill", "Feeding frenzy"]),
    ("tilt/puddles.ron", "Puddles",
     "Stones, cars and barrels roll through puddles; a fruit that lands in one is too muddy to date.",
     "puddles,gates,anteaters", {"puddles"}, [7, 8], ["easy", "medium", "hard"],
     [4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0],
     ["Rainy day", "Stepping stones", "Splash", "Car wash", "Monsoon", "Mud season",
      "Flood plain"]),
    ("tilt/hedgehogs.ron", "Hedgehogs",
     "A sleeping hedgehog eats any fruit that bumps into it. Stones only wake it up.",
     "hedgehogs,puddles,gates,anteaters", {"hedgehogs"}, [7, 8], ["medium", "hard", "expert"],
     [5.0, 6.0, 7.0, 8.0, 9.0, 10.5, 12.0],
     ["Let sleeping hogs lie", "Tiptoe", "Prickly", "Night watch", "Wake-up call",
      "Hedge maze", "Hungry hedgehog"]),
    ("tilt/grand-ball.ron", "Grand ball",
     "Every guest is here: gates, anteaters, puddles and hedgehogs.",
     "gates,anteaters,puddles,hedgehogs", set(), [8], ["hard", "expert"],
     [9.0, 10.0, 11.0, 12.0, 13.0, 14.5, 16.0],
     ["Masquerade", "Grand entrance", "Waltz", "Chaperones", "Midnight", "Last dance",
      "Happily ever after"]),
]

# The line each pack's first level (its lesson board, the mechanic alone) shows on the board; the
# same words as the game's notes (src/modes/tilt/notes.rs).
INTROS = {
    "tilt/first-dates.ron": "Tilt the board with the arrows, WASD or a swipe: every fruit slides "
                            "until something stops it. Two fruit of a colour that touch pair up "
                            "and leave. Clear the board.",
    "tilt/one-way-streets.ron": "An arrow on a tile edge is a one-way gate: pieces cross it only "
                                "the way it points.",
    "tilt/anteaters.ron": "An anteater pulls the first fruit it sees to its nose and holds it "
                          "there: bring the partner alongside.",
    "tilt/puddles.ron": "A fruit that slides into a puddle gets muddy and the date is off. Stones, "
                        "cars and barrels roll through.",
    "tilt/hedgehogs.ron": "A sleeping hedgehog eats a fruit that slides into it; a stone that "
                          "bumps it only wakes it.",
}


def with_intro(entry, file):
    """The entry with its pack's lesson line, if the pack has one."""
    if file not in INTROS:
        return entry
    return entry[:-1] + f',intro:"{INTROS[file]}")'


FIRST = ('(name:"Hello",rows:["#######","#a..###","#...#.#","#.....#","###.#.#","##a...#",'
         '"#######"],optimum:3)')


def candidates(tier, mechanics, side, seed, count):
    out = subprocess.run(
        [MILL, "generate", "--mode", "tilt", "--tier", tier, "--seed", str(seed), "--count", str(count),
         "--params", f"{mechanics}/{side}"],
        capture_output=True, text=True, check=True).stdout.splitlines()
    found = []
    for i, line in enumerate(out):
        m = re.match(r"\s*// (\S+): score ([\d.]+)", line)
        if m:
            found.append((float(m.group(2)), m.group(1), out[i + 1].strip().rstrip(",")))
    return found


def uses(entry):
    rows = re.search(r"rows:\[(.*?)\]", entry).group(1)
    used = set()
    if "gates:" in entry:
        used.add("gates")
    if re.search(r"[<>v^]", rows):
        used.add("anteaters")
    if "~" in rows:
        used.add("puddles")
    if "H" in rows:
        used.add("hedgehogs")
    return used


def main():
    first_pack = True
    for file, title, description, mechanics, must, sides, tiers, ladder, names in PACKS:
        pool = []
        for side in sides:
            for tier in tiers:
                pool += candidates(tier, mechanics, side, 1000 + len(pool), 40)
        introduce = set(must)
        pool = [c for c in pool if must <= uses(c[2])]
        picked = []
        for step, target in enumerate(ladder):
            if first_pack and step == 0:
                continue
            # The pack's first level shows its mechanic alone.
            ok = [c for c in pool if c not in picked and
                  (step > 0 or not introduce or uses(c[2]) == introduce)]
            best = min(ok, key=lambda c: abs(c[0] - target))
            picked.append(best)
        picked.sort()
        lines = [f"// {title}: milled by scripts/make_tilt_packs.py; each level's code in its comment.",
                 "(", f'    name: "{title}",', "    mode: Tilt,",
                 f'    description: "{description}",', "    levels: ["]
        if first_pack:
            lines.append("        // Picked by hand: three moves, as in the original first level.")
            lines.append(f"        {with_intro(FIRST, file)},")
        offset = 1 if first_pack else 0
        for i, (score, code, entry) in enumerate(picked):
            entry = re.sub(r'name:"[^"]*"', f'name:"{names[i + offset]}"', entry)
            if i + offset == 0:
                entry = with_intro(entry, file)
            lines.append(f"        // {code}: score {score:.2f}")
            lines.append(f"        {entry},")
        lines += ["    ],", ")", ""]
        with open(os.path.join(ROOT, "levels", file), "w") as f:
            f.write("\n".join(lines))
        print(f"{file}: {len(picked) + offset} levels", file=sys.stderr)
        first_pack = False


if __name__ == "__main__":
    main()
