#!/usr/bin/env python3
"""docs/architecture.md's "Map of the tree" against the tree: every path the map names (in
backticks; a `*` matches within one folder; a name ending in / is a folder) exists, and every source file is named by it;
and no source file is longer than MAX_LINES lines (a file that long holds more than one concern: split it by
concern), except the data tables (TABLES: numbers, not logic).

Usage: check_architecture_map.py [REPO]  (default: this script's repository). Exit 1 with the
differences listed. Source files: git's tracked files (or, outside a git checkout, the files on
disk) with a code extension or named CMakeLists.txt, except test data, fuzz corpora and the
regression inputs."""
import fnmatch
import os
import re
import subprocess
import sys

SOURCE = re.compile(r"(\.(cpp|hpp|h|c|inl|py|pyi|sh|cmake|sbatch)|/CMakeLists\.txt|^CMakeLists\.txt|^\.ci/run)$")
NOT_SOURCE = re.compile(r"^(fuzz/(corpus|regressions)/|tests/data/(?!make_golden\.py$))")
MAX_LINES = 700
# Data tables, exempt from MAX_LINES: the permutation, gradient and constant tables of src/tables/.
TABLES = re.compile(r"^src/tables/")


def tracked_files(repo):
    try:
        out = subprocess.run(["git", "-C", repo, "ls-files", "--cached", "--others", "--exclude-standard"], capture_output=True, text=True, check=True).stdout
        return out.split()
    except (OSError, subprocess.CalledProcessError):
        files = []
        for root, dirs, names in os.walk(repo):
            dirs[:] = [d for d in dirs if not d.startswith(".") or d == ".ci"]
            dirs[:] = [d for d in dirs if d != "build"]
            files += [os.path.relpath(os.path.join(root, n), repo) for n in names]
        return files


def names(p, f):
    """Whether map name p names file f: the path itself, or a glob matching within one folder."""
    return f == p or ("*" in p and fnmatch.fnmatch(f, p) and "/" not in f[len(p.split("*")[0]):])


def map_section(text):
    start = text.index("\n## Map of the tree")
    end = text.find("\n## ", start + 1)
    return text[start:] if end < 0 else text[start:end]


def main():
    repo = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    with open(os.path.join(repo, "docs/architecture.md"), encoding="utf-8") as f:
        section = map_section(f.read())
    named = [p for p in re.findall(r"`([^`\s]+)`", section) if "/" in p or "." in p]
    files = [f for f in tracked_files(repo) if os.path.isfile(os.path.join(repo, f))]
    sources = sorted(f for f in files if SOURCE.search(f) and not NOT_SOURCE.search(f))
    problems = []
    for p in named:
        if p.endswith("/"):
            if not os.path.isdir(os.path.join(repo, p)):
                problems.append(f"named in the map, not in the tree: {p}")
            continue
        if not any(names(p, f) for f in files):
            problems.append(f"named in the map, not in the tree: {p}")
    for f in sources:
        if not any(names(p, f) for p in named):
            problems.append(f"in the tree, not in the map: {f}")
    for f in sources:
        if TABLES.search(f):
            continue
        with open(os.path.join(repo, f), encoding="utf-8", errors="replace") as text:
            n = sum(1 for _ in text)
        if n > MAX_LINES:
            problems.append(f"{f} has {n} lines, over {MAX_LINES}: split it by concern")
    for line in problems:
        print(f"docs/architecture.md: {line}")
    print(f"architecture map: {len(named)} names, {len(sources)} source files, {len(problems)} differences")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
