#!/usr/bin/env python3
"""Check assets/layouts.ron: every layout is well formed and its recorded
optima match a breadth-first search.

For each layout this prints the number of reachable canonical states (the
whole connected component of the start, pieces of equal shape being
interchangeable), the optimal solution length in steps (one piece moves one
cell) and in moves (one piece moves any distance along a free path, turning
corners included, cost 1), and whether both match the file. Exit status is 1
on any mismatch or malformed layout.

Goal: the 2x2 piece `A` has its top-left cell at row 3, column 1 (0-based).

Usage: python3 scripts/check_layouts.py [path/to/layouts.ron] [--only NAME]
       python3 scripts/check_layouts.py --layout 'BAAC/BAAC/DEEF/DGHF/I..J'
Python 3.8+, standard library only; about 2.5 s per layout (one core).
"""

import re
import sys
import unicodedata
from collections import deque
from pathlib import Path

ROWS, COLS = 5, 4
GOAL = (3, 1)

SHAPES = ((2, 2), (1, 2), (2, 1), (1, 1))  # target, horizontal, vertical, soldier


class LayoutError(Exception):
    pass


def parse_layout(text):
    """Return a list of (letter, row, col, height, width), A first."""
    rows = text.split("/")
    if len(rows) != ROWS:
        raise LayoutError(f"{len(rows)} rows, want {ROWS}")
    for i, r in enumerate(rows):
        if len(r) != COLS:
            raise LayoutError(f"row {i} has {len(r)} cells, want {COLS}")
    cells = {}
    empties = 0
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch == ".":
                empties += 1
            elif "A" <= ch <= "Z":
                cells.setdefault(ch, []).append((r, c))
            else:
                raise LayoutError(f"bad character {ch!r} at row {r} col {c}")
    if empties < 1:
        raise LayoutError("no empty cell")
    pieces = []
    for letter, cs in cells.items():
        r0 = min(r for r, _ in cs)
        c0 = min(c for _, c in cs)
        h = max(r for r, _ in cs) - r0 + 1
        w = max(c for _, c in cs) - c0 + 1
        if (h, w) not in SHAPES or len(cs) != h * w:
            raise LayoutError(f"piece {letter} is not a filled 1x1/1x2/2x1/2x2 rectangle")
        pieces.append((letter, r0, c0, h, w))
    big = [p for p in pieces if (p[3], p[4]) == (2, 2)]
    if len(big) != 1 or big[0][0] != "A":
        raise LayoutError("need exactly one 2x2 piece and it must be A")
    # Letters other than A in reading order: B, C, D, ...
    order = []
    for row in rows:
        for ch in row:
            if ch not in ".A" and ch not in order:
                order.append(ch)
    want = [chr(ord("B") + i) for i in range(len(order))]
    if order != want:
        raise LayoutError(f"letters not in reading order: {''.join(order)}")
    pieces.sort(key=lambda p: p[0] != "A")
    return pieces


def _tables():
    """Cell masks and unit-step neighbours of every top-left position, per shape."""
    mask, neigh = {}, {}
    for h, w in SHAPES:
        m, n = {}, {}
        for r in range(ROWS - h + 1):
            for c in range(COLS - w + 1):
                bits = 0
                for dr in range(h):
                    for dc in range(w):
                        bits |= 1 << ((r + dr) * COLS + c + dc)
                m[r * COLS + c] = bits
        for p in m:
            r, c = divmod(p, COLS)
            n[p] = [q for q in (p - COLS, p + COLS, p - 1 if c > 0 else -1, p + 1 if c < COLS - 1 else -1)
                    if q in m]
        mask[(h, w)], neigh[(h, w)] = m, n
    return mask, neigh


MASK, NEIGH = _tables()


def encode(pieces):
    """Canonical state: the top-left cell indexes of the pieces, grouped by shape
    (2x2, 1x2, 2x1, 1x1) and sorted within each group.  Pieces of one shape are
    interchangeable, so this is the same information as the grid of per-cell
    shape codes; returns (state, groups) where groups lists (shape, start, end)."""
    state, groups = [], []
    for shape in SHAPES:
        ps = sorted(r * COLS + c for _, r, c, h, w in pieces if (h, w) == shape)
        groups.append((shape, len(state), len(state) + len(ps)))
        state.extend(ps)
    return tuple(state), groups


def successors(state, groups, metric):
    """Yield canonical successor states under 'steps' or 'moves'."""
    occ = 0
    for shape, a, b in groups:
        m = MASK[shape]
        for i in range(a, b):
            occ |= m[state[i]]
    for shape, a, b in groups:
        m, nb = MASK[shape], NEIGH[shape]
        for i in range(a, b):
            p = state[i]
            others = occ ^ m[p]
            if metric == "steps":
                targets = [q for q in nb[p] if not m[q] & others]
            else:
                seen = {p}
                stack = [p]
                while stack:
                    for q in nb[stack.pop()]:
                        if q not in seen and not m[q] & others:
                            seen.add(q)
                            stack.append(q)
                seen.discard(p)
                targets = seen
            for q in targets:
                if b - a == 1:
                    yield state[:a] + (q,) + state[b:]
                else:
                    group = list(state[a:b])
                    group[i - a] = q
                    group.sort()
                    yield state[:a] + tuple(group) + state[b:]


def bfs(start, groups, metric):
    """Return (reachable states, optimal length or None).  The whole connected
    component of the start is explored, so the state count is metric-free."""
    goal = GOAL[0] * COLS + GOAL[1]
    dist = {start: 0}
    queue = deque([start])
    best = None
    while queue:
        s = queue.popleft()
        d = dist[s]
        if best is None and s[0] == goal:
            best = d
        for t in successors(s, groups, metric):
            if t not in dist:
                dist[t] = d + 1
                queue.append(t)
    return len(dist), best


ENTRY = re.compile(
    r"\(\s*name:\s*\"(?P<name>[^\"]*)\",\s*"
    r"english:\s*\"(?P<english>[^\"]*)\",\s*"
    r"layout:\s*\"(?P<layout>[^\"]*)\",\s*"
    r"moves:\s*(?P<moves>\d+),\s*"
    r"steps:\s*(?P<steps>\d+),?\s*\)",
    re.S,
)


def strip_comments(text):
    return "\n".join(re.sub(r"//.*$", "", line) for line in text.splitlines())


def load(path):
    text = strip_comments(Path(path).read_text(encoding="utf-8"))
    if not re.search(r'format:\s*"huarong-layouts"', text):
        raise SystemExit(f"{path}: missing format: \"huarong-layouts\"")
    if not re.search(r"version:\s*1\b", text):
        raise SystemExit(f"{path}: missing version: 1")
    entries = [m.groupdict() for m in ENTRY.finditer(text)]
    # Every `name:` must have been captured by the entry pattern.
    if len(entries) != len(re.findall(r"\bname:", text)):
        raise SystemExit(f"{path}: some layout entries do not match the schema")
    return entries


def check_one(name, layout, moves=None, steps=None):
    try:
        pieces = parse_layout(layout)
    except LayoutError as e:
        print(f"{name}: BAD LAYOUT {layout!r}: {e}")
        return False
    start, groups = encode(pieces)
    n_steps, best_steps = bfs(start, groups, "steps")
    n_moves, best_moves = bfs(start, groups, "moves")
    ok = n_steps == n_moves and best_steps is not None
    if moves is not None:
        ok = ok and best_moves == moves and best_steps == steps
    verdict = "" if moves is None else ("ok" if ok else
              f"MISMATCH (file: moves {moves}, steps {steps})")
    pad = 14 - sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in name)
    print(f"{name}{' ' * max(pad, 1)}{layout}  states {n_steps:7}  steps {best_steps!s:>4}  "
          f"moves {best_moves!s:>4}  {verdict}", flush=True)
    if n_steps != n_moves:
        print(f"  state counts differ between metrics: {n_steps} vs {n_moves}")
    return ok


def main(argv):
    args = list(argv[1:])
    if "--layout" in args:
        i = args.index("--layout")
        return 0 if check_one("layout", args[i + 1]) else 1
    only = None
    if "--only" in args:
        i = args.index("--only")
        only = args[i + 1]
        del args[i:i + 2]
    path = args[0] if args else Path(__file__).resolve().parent.parent / "assets" / "layouts.ron"
    entries = load(path)
    failures = 0
    for key in ("name", "english"):
        values = [e[key] for e in entries]
        dups = sorted({v for v in values if values.count(v) > 1})
        if dups:
            print(f"duplicate {key} values: {', '.join(dups)}")
            failures += 1
    for e in entries:
        if only and e["name"] != only:
            continue
        if not check_one(e["name"], e["layout"], int(e["moves"]), int(e["steps"])):
            failures += 1
    print(f"{len(entries)} layouts, {failures} problem(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
