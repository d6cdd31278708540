"""Killer Sudoku in the Python package (issue 51): ``puzzles(variant=
"killer")`` gives each puzzle's cages, the same records as ``sudogen puzzle
--variant killer``; ``read`` gives a killer file's cages in its shape;
``solve``, ``count`` and ``rate`` take them back, ``rate`` rating them
as ``sudogen rate`` does (their killer level, the same steps).

The cages are checked by the test's own rules (every cell in one cage,
each cage joined side by side, no value twice, the sums the solution's),
which share no code with the library's ``Cages``.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import List, Tuple

import numpy as np
import pytest

import sudogen

ROOT = Path(__file__).resolve().parents[2]
CLI = Path(os.environ.get("SUDOGEN_CLI", ROOT / "target" / "release" / "sudogen"))

@pytest.fixture(scope="module")
def cli():
    """Runs the CLI and returns its standard output (and error, with
    ``both``)."""
    if not CLI.is_file():
        pytest.skip(f"{CLI} not built: run `cargo build --release` for the CLI comparisons")

    def run(*args: str, ok=(0,), both=False):
        done = subprocess.run([str(CLI), *args], capture_output=True, text=True)
        assert done.returncode in ok, (args, done.returncode, done.stderr)
        return (done.stdout, done.stderr) if both else done.stdout

    return run


def check_cages(cages: List[Tuple[int, List[int]]], solution: np.ndarray) -> None:
    """The test's own rules for one puzzle's cages on its solution."""
    side = solution.shape[0]
    flat = solution.reshape(-1)
    seen = np.zeros(side * side, dtype=int)
    firsts = []
    for total, cells in cages:
        assert cells, "a cage with no cell"
        assert cells == sorted(cells), f"cells not in reading order: {cells}"
        assert len(cells) <= side
        for c in cells:
            assert 0 <= c < side * side
            seen[c] += 1
        # Joined side by side: a walk from the first cell reaches them all.
        members, reached, todo = set(cells), {cells[0]}, [cells[0]]
        while todo:
            c = todo.pop()
            r, k = divmod(c, side)
            for rr, kk in ((r - 1, k), (r + 1, k), (r, k - 1), (r, k + 1)):
                n = rr * side + kk
                if 0 <= rr < side and 0 <= kk < side and n in members and n not in reached:
                    reached.add(n)
                    todo.append(n)
        assert reached == members, f"cage {cells} is not joined"
        values = [int(flat[c]) for c in cells]
        assert len(set(values)) == len(values), f"a value twice in cage {cells}"
        assert sum(values) == total, f"cage {cells}: sum {total}, values {values}"
        firsts.append(cells[0])
    assert (seen == 1).all(), "a cell in no cage, or in two"
    assert firsts == sorted(firsts), "cages not in reading order of their first cell"


def test_the_cage_checker_catches_broken_cages():
    # The test's own rules must be able to fail: a 4x4 solution with
    # cages that are each wrong in one way.
    solution = np.array([[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]])
    rows = [(10, [4 * r, 4 * r + 1, 4 * r + 2, 4 * r + 3]) for r in range(4)]
    check_cages(rows, solution)
    broken = {
        "sum": [(11, rows[0][1])] + rows[1:],
        "joined": [(5, [0, 2]), (5, [1, 3])] + rows[1:],
        "covered": [(3, [0, 1])] + rows[1:],
        "twice": [(10, rows[0][1]), (10, rows[0][1])] + rows[2:],
        "repeat": [(7, [0, 1, 2, 6]), (6, [3, 7]), (7, [4, 5])] + rows[2:],
    }
    for why, cages in broken.items():
        with pytest.raises(AssertionError):
            check_cages(cages, solution)
    # Its sums are right and its cages joined: it fails for the repeat.
    with pytest.raises(AssertionError, match="a value twice"):
        check_cages(broken["repeat"], solution)


def json_records(text: str) -> list:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def as_tuples(cages: list) -> list:
    return [(c["sum"], c["cells"]) for c in cages]


@pytest.mark.parametrize(
    "variant, size, seed, start",
    [
        ("killer", 9, 5, 0),
        ("killer", 6, 11, 3),
        ("x-killer", 9, 2, 1),
        ("x-killer", 6, 3, 0),
        ("killer", 8, 4, 0),
        # Above 9x9 the cages' counts have the CLI's larger budget.
        ("killer", 10, 1, 0),
    ],
)
def test_killer_puzzles_are_the_clis(cli, variant, size, seed, start):
    n = 3
    ps = sudogen.puzzles(n, variant=variant, size=size, seed=seed, start=start, jobs=2)
    out = cli(
        "puzzle", "--variant", variant, "--size", str(size), "-n", str(n), "--seed", str(seed),
        "--start", str(start), "--with-solution", "-f", "json",
    )
    records = json_records(out)
    assert len(ps) == n and ps.cages is not None and len(ps.cages) == n
    assert ps.index.tolist() == list(range(start, start + n))
    for i, record in enumerate(records):
        assert record["index"] == start + i
        assert ps.puzzles[i].tolist() == record["puzzle"]
        assert ps.solutions[i].tolist() == record["solution"]
        assert ps.cages[i] == as_tuples(record["cages"])
        check_cages(ps.cages[i], ps.solutions[i])
        # No givens beside the cages, as the CLI's default.
        assert not ps.puzzles[i].any()
        # A valid solution of its units (X: the diagonals too).
        s = ps.solutions[i]
        full = set(range(1, size + 1))
        assert all(set(row) == full for row in s.tolist())
        assert all(set(col) == full for col in s.T.tolist())
        if variant == "x-killer":
            assert set(np.diag(s).tolist()) == full
            assert set(np.diag(s[::-1]).tolist()) == full
    # The same puzzles for every jobs value, and a shard of the run.
    again = sudogen.puzzles(1, variant=variant, size=size, seed=seed, start=start + 2, jobs=1)
    assert (again.puzzles[0] == ps.puzzles[2]).all() and again.cages == ps.cages[2:]


def test_killer_clues_are_givens_beside_the_cages(cli):
    ps = sudogen.puzzles(2, variant="killer", seed=9, clues=6)
    records = json_records(
        cli("puzzle", "--variant", "killer", "-n", "2", "--seed", "9", "--clues", "6", "-f", "json")
    )
    for i, record in enumerate(records):
        assert ps.puzzles[i].tolist() == record["puzzle"]
        assert ps.cages[i] == as_tuples(record["cages"])
        assert int((ps.puzzles[i] != 0).sum()) == 6
        given = ps.puzzles[i] != 0
        assert (ps.puzzles[i][given] == ps.solutions[i][given]).all()


def test_killer_puzzles_are_unique_with_their_cages():
    ps = sudogen.puzzles(3, variant="killer", size=6, seed=1)
    solved = sudogen.solve(ps.puzzles, cages=ps.cages)
    assert (solved == ps.solutions).all()
    assert sudogen.count(ps.puzzles, cages=ps.cages).tolist() == [1, 1, 1]
    # The JSON records' form of the cages is taken too.
    dicts = [[{"sum": s, "cells": c} for s, c in one] for one in ps.cages]
    assert (sudogen.solve(ps.puzzles, cages=dicts) == ps.solutions).all()
    # Without their cages the empty grids have many solutions.
    assert sudogen.count(ps.puzzles).tolist() == [2, 2, 2]


def test_killer_refusals():
    cases = [
        (dict(symmetry="rot180"), "symmetry= does not go with variant='killer' yet (killer puzzles have cages, not removed givens); leave it out"),
        (dict(rating="2.0..3.0"), "rating= (killer puzzles have levels: level=) does not go with variant='killer' yet (killer puzzles have cages, not removed givens); leave it out"),
        (dict(attempts=3), "attempts=3 retries toward level=, and none was given; add one, or leave out attempts"),
        (dict(size=16), "variant='killer' makes sides 4 to 12, not 16; choose a size= in that range"),
        (dict(clues=82), "clues=82: a killer puzzle takes 0 to 81 givens beside its cages"),
    ]
    for kwargs, message in cases:
        with pytest.raises(ValueError) as e:
            sudogen.puzzles(1, variant="killer", seed=1, **kwargs)
        assert str(e.value) == message, kwargs
    with pytest.raises(ValueError) as e:
        sudogen.puzzles(1, variant="x-killer", seed=1, symmetry="mirror")
    assert str(e.value).startswith("symmetry= does not go with variant='x-killer' yet")
    # symmetry="none" is no symmetry, as the CLI's --symmetry none.
    assert len(sudogen.puzzles(1, variant="killer", size=4, seed=1, symmetry="none")) == 1
    with pytest.raises(ValueError) as e:
        sudogen.generate(1, variant="killer")
    assert str(e.value) == (
        "generate makes grids, and killer cages come with puzzles; use puzzles(variant='killer')"
    )
    assert "killer" in sudogen.VARIANTS and "x-killer" in sudogen.VARIANTS
    with pytest.raises(ValueError) as e:
        sudogen.puzzles(1, variant="killer", regions="AAAABBBBCCCCDDDD", seed=1)
    assert str(e.value) == (
        "regions= goes with variant='jigsaw' only, not variant='killer'; "
        "leave out variant= or regions="
    )


def test_cages_given_back_are_checked():
    ps = sudogen.puzzles(2, variant="killer", size=4, seed=3)
    # The same refusals from every function that takes cages.
    for call in (sudogen.solve, sudogen.count, sudogen.rate):
        with pytest.raises(ValueError) as e:
            call(ps.puzzles, variant="killer")
        assert str(e.value) == (
            "killer puzzles need their cages; give cages= (for each puzzle a list of (sum, "
            "cells), cells row-major from 0), as puzzles() and read(..., return_shape=True) "
            "give them"
        ), call
        with pytest.raises(ValueError) as e:
            call(ps.puzzles, cages=ps.cages[:1])
        assert str(e.value) == (
            "cages for 1 puzzles, but 2 puzzles; give one list of cages per puzzle"
        ), call
    broken = [list(ps.cages[0]), ps.cages[1]]
    broken[0][0] = (broken[0][0][0], broken[0][0][1] + [broken[0][1][1][0]])
    with pytest.raises(ValueError) as e:
        sudogen.solve(ps.puzzles, cages=broken)
    assert str(e.value).startswith("cages[0]: ")
    with pytest.raises(TypeError) as e:
        sudogen.solve(ps.puzzles, cages=[[(1, 2, 3)], []])
    assert str(e.value).startswith("cages[0][0]: (1, 2, 3); write a cage as (sum, cells)")
    with pytest.raises(ValueError) as e:
        sudogen.canon(ps.puzzles, variant="killer")
    assert str(e.value) == (
        "canon does not take killer puzzles yet (its symmetries would have to move the cages too)"
    )


@pytest.mark.parametrize("fmt", ["line", "csv", "json", "solo", "fpuzzles", "sudokupad"])
def test_read_killer_files_written_by_the_cli(cli, tmp_path, fmt):
    variant = "x-killer" if fmt == "json" else "killer"
    path = tmp_path / f"k.{fmt}"
    cli(
        "puzzle", "--variant", variant, "-n", "4", "--seed", "21", "--with-solution",
        "-f", fmt, "-o", str(path),
    )
    ps = sudogen.puzzles(4, variant=variant, seed=21)
    grids, sols, shape = sudogen.read(path, solutions=True, return_shape=True)
    assert (grids == ps.puzzles).all()
    assert shape["variant"] == variant and shape["size"] == 9
    assert shape["cages"] == ps.cages
    if fmt != "solo":  # Solo's IDs carry no solution
        assert (sols == ps.solutions).all()
    for cages, solution in zip(shape["cages"], ps.solutions):
        check_cages(cages, solution)
    # Solved back with the cages: through the shape, and from the file.
    assert (sudogen.solve(grids, **shape) == ps.solutions).all()
    assert (sudogen.solve(path) == ps.solutions).all()
    assert sudogen.count(path).tolist() == [1] * 4
    # The CLI's solutions of the same file.
    clis = [line.split()[0] for line in cli("solve", str(path), "-f", "line").splitlines()]
    assert sudogen.to_strings(sudogen.solve(path)) == clis
    with pytest.raises(ValueError) as e:
        sudogen.solve(path, cages=ps.cages)
    assert str(e.value) == f"{path}: its killer records carry their cages; leave out cages="
    # Without return_shape the cages would be lost: a warning says so.
    with pytest.warns(sudogen.SudogenWarning, match="return_shape=True"):
        sudogen.read(path)


def check_killer_path(path: list, solution: np.ndarray) -> None:
    """The test's own check of a killer rating's steps: each placement is
    the solution's value and each removal spares it, every cell named as
    ``r<row>c<col>`` of the grid, every rating a killer level."""
    side = solution.shape[0]
    for step in path:
        assert step["rating"] in (1.0, 2.0, 3.0, 4.0), step
        assert step["text"] and step["technique"], step
        assert "chains" not in step and "known_as" not in step, step
        if "place" in step:
            r, c = cell_of(step["place"]["cell"], side)
            assert solution[r, c] == step["place"]["value"], step
        for removed in step.get("removes", []):
            r, c = cell_of(removed["cell"], side)
            assert int(solution[r, c]) not in removed["values"], step
        assert "place" in step or step.get("removes"), f"a step that does nothing: {step}"


def cell_of(name: str, side: int) -> Tuple[int, int]:
    assert name.startswith("r") and "c" in name, name
    r, c = name[1:].split("c")
    assert 1 <= int(r) <= side and 1 <= int(c) <= side, name
    return int(r) - 1, int(c) - 1


LEVELS = {1.0: "easy", 2.0: "medium", 3.0: "hard", 4.0: "expert"}


@pytest.mark.parametrize(
    "variant, size, seed",
    [("killer", 9, 1), ("killer", 9, 4), ("killer", 6, 3), ("killer", 6, 8),
     ("x-killer", 9, 2), ("x-killer", 6, 5)],
)
def test_rate_killer_puzzles_as_the_cli(cli, tmp_path, variant, size, seed):
    n = 5
    path = tmp_path / "k.json"
    cli(
        "puzzle", "--variant", variant, "--size", str(size), "-n", str(n), "--seed", str(seed),
        "--with-solution", "-o", str(path),
    )
    records = json_records(
        cli("rate", "--ep", "--ed", "--explain", "-f", "json", str(path), ok=(0,))
    )
    ps = sudogen.puzzles(n, variant=variant, size=size, seed=seed)
    grids, sols, shape = sudogen.read(path, solutions=True, return_shape=True)
    # From the file, from the arrays and cages, and from read's shape.
    for r in (
        sudogen.rate(path, explain=True),
        sudogen.rate(ps.puzzles, variant=variant, cages=ps.cages, explain=True, jobs=1),
        sudogen.rate(grids, explain=True, **shape),
    ):
        assert r.scale == "killer level" and r.problems == {}
        assert r.path is not None and len(r.path) == n
        for i, record in enumerate(records):
            assert record["scale"] == "killer level"
            assert round(float(r.se[i]), 1) == record["se"], i
            assert bool(r.exact[i]) == record["exact"], i
            assert r.level[i] == record["level"] and r.technique[i] == record["hardest"], i
            assert int(r.steps[i]) == record["steps"] == len(record["path"]), i
            assert round(float(r.ep[i]), 1) == record["ep"] == record["se"], i
            assert round(float(r.ed[i]), 1) == record["ed"] == record["se"], i
            assert bool(r.ep_exact[i]) is record["ep_exact"] is False, i
            assert bool(r.ed_exact[i]) is record["ed_exact"] is False, i
            assert int(r.work[i]) == 0
            assert r.path[i] == record["path"], i
    # The test's own reading of the same ratings: the level is the
    # hardest step's (expert where the steps stop before the grid is
    # full), the steps are right on the solution.
    for i in range(n):
        path_i = r.path[i]
        check_killer_path(path_i, ps.solutions[i])
        placed = {s["place"]["cell"] for s in path_i if "place" in s}
        full = len(placed) == size * size
        assert bool(r.exact[i]) == full, i
        top = max((s["rating"] for s in path_i), default=1.0)
        level = top if full else 4.0
        assert round(float(r.se[i]), 1) == level and r.level[i] == LEVELS[level], i
        if path_i:
            assert r.technique[i] in {s["technique"] for s in path_i if s["rating"] == top}
    # Unpacked as for classic, and the same for every jobs value.
    se, level, technique = sudogen.rate(ps.puzzles, variant=variant, cages=ps.cages, jobs=2)
    assert (se == r.se).all() and level == r.level and technique == r.technique


def test_killer_rating_levels_and_experts_are_seen():
    # The comparisons above must meet more than one level and an expert
    # (exact false, the CLI's 4.0+): seed 1 makes one at index 0.
    ps = sudogen.puzzles(6, variant="killer", seed=1)
    r = sudogen.rate(ps.puzzles, cages=ps.cages)
    assert "expert" in r.level and len(set(r.level)) >= 2
    assert all(bool(e) == (lv != "expert") for e, lv in zip(r.exact, r.level))


# A 4x4 killer whose cages are its rows (each sum 10): many solutions.
ROWS_4 = [(10, [4 * r, 4 * r + 1, 4 * r + 2, 4 * r + 3]) for r in range(4)]
# Givens 1 and 2 in r1c1 and r1c2 and a cage r1c1+r2c1 = 3: r2c1 would be
# 2, in the box of r1c2's 2, so no solution.
NONE_4 = [(3, [0, 4]), (7, [1, 5]), (7, [2, 3]), (3, [6, 7])] + ROWS_4[2:]


def test_killer_puzzles_without_one_solution_are_problems_as_for_classic(cli, tmp_path):
    empty = np.zeros((1, 4, 4), dtype=np.uint8)
    given = empty.copy()
    given[0, 0, :2] = [1, 2]
    # The CLI's words for the same records, in the line format.
    path = tmp_path / "bad.txt"
    path.write_text(
        "................ AAAABBBBCCCCDDDD 10,10,10,10\n"
        "12.............. ABCCABDDEEEEFFFF 3,7,7,3,10,10\n"
    )
    out, err = cli("rate", str(path), ok=(1,), both=True)
    messages = [line for line in err.splitlines() if line and not line.startswith("sudogen: note:")]
    assert messages == [f"sudogen: {path}:1: 2+ solutions", f"sudogen: {path}:2: no solution"], err
    for puzzle, cages, message in ((empty, ROWS_4, "2+ solutions"), (given, NONE_4, "no solution")):
        with pytest.raises(ValueError) as e:
            sudogen.rate(puzzle, cages=[cages])
        assert str(e.value) == f"puzzles[0]: {message}"
    with pytest.raises(ValueError) as e:
        sudogen.rate(path)
    assert str(e.value) == f"{path}:1: 2+ solutions\n{path}:2: no solution"
    # errors="ignore": rated 0.0 with the reason, the others rated.
    ps = sudogen.puzzles(1, variant="killer", size=4, seed=2)
    both = np.concatenate([ps.puzzles, empty, given])
    with pytest.warns(sudogen.SudogenWarning, match="2 of 3 puzzles not rated"):
        r = sudogen.rate(both, cages=[ps.cages[0], ROWS_4, NONE_4], errors="ignore", explain=True)
    assert r.problems == {1: "2+ solutions", 2: "no solution"}
    assert r.se.tolist()[1:] == [0.0, 0.0] and r.level[1:] == ["", ""]
    assert r.technique[1:] == ["", ""] and not r.exact[1:].any()
    assert r.path is not None and r.path[1:] == [[], []] and r.path[0]
    assert r.scale == "killer level" and r.se[0] > 0
    # A budget that runs out says to raise it, as for classic.
    with pytest.raises(ValueError) as e:
        sudogen.rate(empty, cages=[ROWS_4], budget=0)
    assert str(e.value).startswith("puzzles[0]: search budget exceeded") and str(e.value).endswith(
        "; raise budget"
    )


def test_the_refusals_that_remain_for_killer_ratings(cli, tmp_path):
    # Cages missing or of another count: see test_cages_given_back_are_checked.
    ps = sudogen.puzzles(2, variant="killer", size=6, seed=4)
    path = tmp_path / "k.json"
    cli("puzzle", "--variant", "killer", "-n", "2", "--seed", "4", "-o", str(path))
    with pytest.raises(ValueError) as e:
        sudogen.rate(path, cages=ps.cages)
    assert str(e.value) == f"{path}: its killer records carry their cages; leave out cages="
    # Without cages the same empty grids are plain puzzles: not unique.
    with pytest.raises(ValueError) as e:
        sudogen.rate(ps.puzzles, size=6)
    assert str(e.value) == "puzzles[0]: 2+ solutions\npuzzles[1]: 2+ solutions"
    with pytest.raises(ValueError) as e:
        sudogen.canon(path)
    assert str(e.value) == (
        "canon does not take killer puzzles yet (its symmetries would have to move the cages too)"
    )


def test_read_refuses_killer_among_plain_records(cli, tmp_path):
    path = tmp_path / "mixed.txt"
    killer = cli("puzzle", "--variant", "killer", "-n", "1", "--seed", "3", "-f", "line")
    plain = cli("puzzle", "-n", "1", "--seed", "3", "-f", "line")
    path.write_text(plain + killer)
    with pytest.raises(ValueError) as e:
        sudogen.read(path)
    assert str(e.value) == (
        f"{path}:2: a 9x9 killer grid among 9x9 grids; read one shape at a time "
        "(size=, box=, variant=, regions=)"
    )


@pytest.mark.parametrize("size, seed", [(9, 7), (6, 7), (8, 2)])
def test_jigsaw_without_regions_draws_a_map_per_puzzle_as_the_cli(cli, size, seed):
    ps = sudogen.puzzles(3, variant="jigsaw", size=size, seed=seed, start=1)
    records = json_records(
        cli(
            "puzzle", "--variant", "jigsaw", "--size", str(size), "-n", "3", "--seed", str(seed),
            "--start", "1", "--with-solution", "-f", "json",
        )
    )
    assert ps.layouts is not None and ps.cages is None
    assert ps.layouts == [r["regions"] for r in records]
    for i, record in enumerate(records):
        assert ps.puzzles[i].tolist() == record["puzzle"]
        assert ps.solutions[i].tolist() == record["solution"]
        # Each map is N regions of N cells, and the solution fits it.
        letters = ps.layouts[i]
        assert len(letters) == size * size and len(set(letters)) == size
        flat = ps.solutions[i].reshape(-1)
        for region in set(letters):
            values = sorted(int(flat[k]) for k, c in enumerate(letters) if c == region)
            assert values == list(range(1, size + 1))
        # Passed back as regions=, the puzzle has that one solution.
        one = sudogen.solve(ps.puzzles[i : i + 1], regions=letters)
        assert (one[0] == ps.solutions[i]).all()
    assert len(set(ps.layouts)) > 1
    # Other runs have no layouts; a map given is every puzzle's.
    assert sudogen.puzzles(1, seed=1).layouts is None
    assert sudogen.puzzles(1, regions=ps.layouts[0], seed=1).layouts is None
    with pytest.raises(ValueError) as e:
        sudogen.puzzles(1, variant="jigsaw", size=25, seed=1)
    assert str(e.value) == (
        "variant='jigsaw': random jigsaw layouts are drawn for sides 4 to 16, not 25; "
        "give a region map"
    )
    # The sides the CLI's --size takes.
    with pytest.raises(ValueError, match="a 7x7 grid has no boxes"):
        sudogen.puzzles(1, variant="jigsaw", size=7, seed=1)
    with pytest.raises(ValueError, match="box= does not go with jigsaw regions"):
        sudogen.puzzles(1, variant="jigsaw", box="2x3", seed=1)


KILLER_TENTHS = {"easy": 10, "medium": 20, "hard": 30, "expert": 40}


@pytest.mark.parametrize(
    "variant, size, seed, start, level",
    [
        ("killer", 9, 5, 0, "hard"),
        ("killer", 9, 3, 2, "medium"),
        ("killer", 6, 3, 0, "medium"),
        ("killer", 6, 1, 1, "easy"),
        ("x-killer", 9, 2, 0, "expert"),
        ("x-killer", 6, 4, 1, "hard"),
    ],
)
def test_killer_levels_are_the_clis(cli, variant, size, seed, start, level):
    # level= keeps puzzles of one killer level as `puzzle --variant
    # killer --level L`: the same candidates in the same order.
    n = 3
    ps = sudogen.puzzles(n, variant=variant, size=size, seed=seed, start=start, level=level, jobs=2)
    out = cli(
        "puzzle", "--variant", variant, "--size", str(size), "-n", str(n), "--seed", str(seed),
        "--start", str(start), "--level", level, "--with-solution", "-f", "json",
    )
    records = json_records(out)
    assert [r["index"] for r in records] == list(range(start, start + n))
    assert ps.index.tolist() == [r["index"] for r in records]
    assert ps.cages is not None and len(ps.cages) == n
    for i, record in enumerate(records):
        assert ps.puzzles[i].tolist() == record["puzzle"], i
        assert ps.solutions[i].tolist() == record["solution"], i
        assert ps.cages[i] == as_tuples(record["cages"]), i
        check_cages(ps.cages[i], ps.solutions[i])
    # Unpacked as a rated run: the killer level as a number, exact but
    # for expert (the CLI's 4.0+), as rate() gives it.
    puzzles_, solutions, ratings = ps
    assert ps.ratings is not None and ps.exact is not None and ps.attempts is not None
    assert (ratings * 10).round().astype(int).tolist() == [KILLER_TENTHS[level]] * n
    assert ps.exact.tolist() == [level != "expert"] * n
    # Rated back by the package, to the asked level, steps checked on
    # the solution by the test's own code.
    r = sudogen.rate(puzzles_, variant=variant, cages=ps.cages, explain=True)
    assert r.level == [level] * n
    assert r.path is not None
    for i in range(n):
        check_killer_path(r.path[i], solutions[i])
        top = max((s["rating"] for s in r.path[i]), default=1.0)
        placed = {s["place"]["cell"] for s in r.path[i] if "place" in s}
        if level == "expert":
            assert len(placed) < size * size, i
        else:
            assert len(placed) == size * size and LEVELS[top] == level, i
    # Each index alone, at another jobs value: the same puzzle.
    last = sudogen.puzzles(1, variant=variant, size=size, seed=seed, start=start + n - 1,
                           level=level, jobs=1)
    assert (last.puzzles[0] == ps.puzzles[-1]).all() and last.cages == ps.cages[-1:]
    assert last.attempts is not None and last.attempts[0] == ps.attempts[-1]


def test_killer_level_attempts_and_misses_are_the_clis(cli):
    # attempts= bounds the candidates per puzzle as --attempts: at 4, the
    # 6x6 easy run of seed 1 fills indices 0 and 2 and misses 1.
    args = dict(variant="killer", size=6, seed=1, level="easy", attempts=4)
    with pytest.warns(sudogen.SudogenWarning) as caught:
        ps = sudogen.puzzles(3, **args)
    out, err = cli(
        "puzzle", "--variant", "killer", "--size", "6", "-n", "3", "--seed", "1", "--level",
        "easy", "--attempts", "4", "--with-solution", "-f", "json", ok=(1,), both=True,
    )
    records = json_records(out)
    assert [r["index"] for r in records] == ps.index.tolist() == [0, 2]
    for i, record in enumerate(records):
        assert ps.puzzles[i].tolist() == record["puzzle"]
        assert ps.cages is not None and ps.cages[i] == as_tuples(record["cages"])
    assert ps.attempts is not None and all(0 <= a < 4 for a in ps.attempts.tolist())
    assert [str(w.message) for w in caught] == [
        "1 puzzle not made: none of 4 attempts was a killer puzzle of level 'easy' "
        "(puzzle 1); choose another level or raise attempts"
    ]
    assert "1 puzzle not made" in err and "(puzzle 1)" in err
    # With more attempts the same run fills it, the others unchanged.
    more = sudogen.puzzles(3, **{**args, "attempts": 20})
    assert more.index.tolist() == [0, 1, 2]
    assert (more.puzzles[[0, 2]] == ps.puzzles).all() and more.cages is not None
    assert [more.cages[0], more.cages[2]] == ps.cages
    # The default is the CLI's 100 candidates: seed 1's index 1 needs 15.
    assert sudogen.puzzles(1, variant="killer", size=6, seed=1, start=1, level="easy").index.tolist() == [1]
    # Without givens no 9x9 comes out easy: the 100 candidates all miss
    # (the CLI leaves the index out too).
    with pytest.warns(sudogen.SudogenWarning) as caught:
        none = sudogen.puzzles(1, variant="killer", seed=1, level="easy")
    assert len(none) == 0 and none.ratings is not None and len(none.ratings) == 0
    assert [str(w.message) for w in caught] == [
        "1 puzzle not made: none of 100 attempts was a killer puzzle of level 'easy' "
        "(puzzle 0); choose another level or raise attempts"
    ]
    assert cli("puzzle", "--variant", "killer", "-n", "1", "--seed", "1", "--level", "easy",
               ok=(1,)) == ""


def test_killer_level_refusals():
    assert sudogen.KILLER_LEVELS == ("easy", "medium", "hard", "expert")
    cases = [
        (dict(level="fiendish"), "level='fiendish' is a classic level, not a killer one; use 'easy', 'medium', 'hard' or 'expert'"),
        (dict(level="moderate"), "'moderate' is not a killer level; use 'easy', 'medium', 'hard' or 'expert'"),
        (dict(rating="1.0"), "rating= (killer puzzles have levels: level=) does not go with variant='killer' yet (killer puzzles have cages, not removed givens); leave it out"),
        (dict(rating="1.0", level="easy"), "give rating or level, not both"),
        (dict(level="hard", attempts=10**9), "'1000000000' is out of range for a number of attempts; use 1 to 1000000"),
        (dict(level="hard", symmetry="rot180"), "symmetry= does not go with variant='killer' yet (killer puzzles have cages, not removed givens); leave it out"),
    ]
    for kwargs, message in cases:
        with pytest.raises(ValueError) as e:
            sudogen.puzzles(1, variant="killer", seed=1, **kwargs)
        assert str(e.value) == message, kwargs
    with pytest.raises(ValueError) as e:
        sudogen.puzzles(1, variant="x-killer", size=6, seed=1, level="fiendish")
    assert str(e.value).startswith("level='fiendish' is a classic level, not a killer one")


def test_killer_level_with_givens_is_the_clis(cli):
    # Givens beside the cages make easy 9x9 killers, as `--clues 10
    # --level easy` (without givens none comes out easy).
    ps = sudogen.puzzles(3, variant="killer", seed=7, clues=10, level="easy")
    records = json_records(
        cli(
            "puzzle", "--variant", "killer", "-n", "3", "--seed", "7", "--clues", "10",
            "--level", "easy", "--with-solution", "-f", "json",
        )
    )
    assert ps.index.tolist() == [r["index"] for r in records] == [0, 1, 2]
    for i, record in enumerate(records):
        assert ps.puzzles[i].tolist() == record["puzzle"]
        assert ps.cages is not None and ps.cages[i] == as_tuples(record["cages"])
        assert int((ps.puzzles[i] != 0).sum()) == 10
    assert sudogen.rate(ps.puzzles, cages=ps.cages).level == ["easy"] * 3
