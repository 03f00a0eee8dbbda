#!/usr/bin/env python3
"""Seeded random-walk starts for the 24-puzzle (5x5, goal 1 2 ... 24 then the
blank, as `huarong` assumes by default), one per line as `huarong bench
--file` reads them (25 tiles, row-major, 0 = blank).

Each walk starts at the goal and makes a number of blank moves drawn from
MIN_STEPS..=MAX_STEPS, never undoing the previous one.
Usage: walk24.py SEED COUNT MIN_STEPS MAX_STEPS
(bench/24puzzle-30.txt: the starts of `walk24.py 24 40 70 110` whose optima
are 40-65, the first 30 of them, each followed by its optimum.)
"""
import random
import sys


def walk(rng, steps):
    cells = list(range(1, 25)) + [0]
    blank, prev = 24, None
    for _ in range(steps):
        r, c = divmod(blank, 5)
        options = [n for n, ok in ((blank - 5, r > 0), (blank + 5, r < 4),
                                   (blank - 1, c > 0), (blank + 1, c < 4))
                   if ok and n != prev]
        nxt = rng.choice(options)
        cells[blank], cells[nxt] = cells[nxt], 0
        prev, blank = blank, nxt
    return cells


def main():
    seed, count, low, high = (int(a) for a in sys.argv[1:5])
    rng = random.Random(seed)
    for _ in range(count):
        steps = rng.randint(low, high)
        print(" ".join(str(t) for t in walk(rng, steps)))


if __name__ == "__main__":
    main()
