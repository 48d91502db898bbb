#!/usr/bin/env python3
"""Writes the license notices of every crate built into the game, for the player archive.

Takes the game's normal dependencies on one target platform from `cargo tree` (the crates
compiled into the binary, procedural macros among them; not build scripts' or tests' own) and
their details from `cargo metadata`, and prints each crate with its license expression and
repository, then every license text those crates ship (LICENSE*, COPYING*, NOTICE*, UNLICENSE,
and the licenses of fonts and data they embed, up to two folders down, tests and examples left
out), each distinct text once with the crates that ship it. Crates that ship no text are listed
with their expression.

    scripts/third_party_licenses.py [TARGET] > THIRD-PARTY-LICENSES.txt

TARGET defaults to x86_64-unknown-linux-gnu. Exits non-zero if a crate names no license.
"""

import json
import os
import subprocess
import sys

LICENSE_PREFIXES = ("LICENSE", "LICENCE", "COPYING", "NOTICE", "UNLICENSE")
SKIPPED_FOLDERS = {"tests", "test", "benches", "examples", "fuzz"}
ROOT_PACKAGE = "puzzlemill"


def metadata(target):
    out = subprocess.run(
        ["cargo", "metadata", "--locked", "--format-version", "1", "--filter-platform", target],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return json.loads(out)


def shipped(meta, target):
    """The packages the game's binary is built from, the game's own workspace left out.

    The set comes from `cargo tree` (normal dependencies on the target, features resolved as
    a build resolves them: `cargo metadata` unifies them across the workspace and its tests, and
    would list crates the game does not build); the details from `cargo metadata`."""
    tree = subprocess.run(
        ["cargo", "tree", "--locked", "-p", ROOT_PACKAGE, "-e", "normal", "--target", target,
         "--prefix", "none", "-f", "{p}"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    built = set()
    for line in tree.splitlines():
        name, version = line.split()[:2]
        built.add((name, version.lstrip("v")))
    workspace = set(meta["workspace_members"])
    crates = [
        p
        for p in meta["packages"]
        if (p["name"], p["version"]) in built and p["id"] not in workspace
    ]
    return sorted(crates, key=lambda p: (p["name"], p["version"]))


def is_license(folder, name):
    """Whether the file `name` in `folder` is a license text: by its name, inside a LICENSES
    folder, or a text file beside fonts (a font's license sits beside it: OFL.txt, UFL.txt)."""
    upper = name.upper()
    if upper.startswith(LICENSE_PREFIXES) or "LICEN" in upper or "COPYING" in upper:
        return True
    if os.path.basename(folder).upper() == "LICENSES":
        return True
    if upper.endswith(".TXT"):
        beside = os.listdir(folder)
        return any(other.lower().endswith((".ttf", ".otf")) for other in beside)
    return False


def license_files(package):
    """The crate's license texts: in its folder and in folders up to two below it (fonts and
    data the crate embeds carry their own), as (path in the crate, path on disk)."""
    top = os.path.dirname(package["manifest_path"])
    found = []
    for folder, dirs, files in os.walk(top):
        depth = os.path.relpath(folder, top).count(os.sep) + (folder != top)
        if depth >= 2:
            dirs[:] = []
        dirs[:] = sorted(d for d in dirs if d not in SKIPPED_FOLDERS)
        for name in sorted(files):
            path = os.path.join(folder, name)
            if is_license(folder, name) and not os.path.islink(path):
                found.append((os.path.relpath(path, top), path))
    return found


def main():
    target = sys.argv[1] if len(sys.argv) > 1 else "x86_64-unknown-linux-gnu"
    meta = metadata(target)
    own = next(p for p in meta["packages"] if p["name"] == ROOT_PACKAGE)
    crates = shipped(meta, target)
    unnamed = [p["name"] for p in crates if not (p.get("license") or p.get("license_file"))]
    if unnamed:
        sys.exit(f"third_party_licenses: no license named by {', '.join(unnamed)}")

    texts = {}  # the text with its whitespace folded -> (the text, [crates shipping it])
    without = []
    for package in crates:
        label = f"{package['name']} {package['version']}"
        files = license_files(package)
        if not files:
            without.append(package)
        for name, path in files:
            with open(path, encoding="utf-8", errors="replace") as f:
                text = f.read().strip()
            key = " ".join(text.split())
            texts.setdefault(key, (text, []))[1].append(f"{label} ({name})")

    print(f"Puzzlemill {own['version']} ({own['license']}) is built from these {len(crates)} crates")
    print(f"({target}), each under the license it names. The license texts they ship follow,")
    print("each text once with the crates that ship it. The font's license is")
    print("assets/fonts/Comfortaa-OFL.txt.")
    print()
    for package in crates:
        where = package.get("repository") or package.get("homepage") or "crates.io"
        expression = package.get("license") or f"see {package['license_file']}"
        print(f"  {package['name']} {package['version']}: {expression} ({where})")
    if without:
        print()
        print("These crates ship no license text; their license is the expression above:")
        print("  " + ", ".join(f"{p['name']} {p['version']}" for p in without))
    for text, users in sorted(texts.values(), key=lambda t: t[1][0]):
        print()
        print("=" * 78)
        print("Shipped by: " + ", ".join(users))
        print("=" * 78)
        print(text)


if __name__ == "__main__":
    main()
