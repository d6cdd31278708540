"""Killer Sudoku in the Python package (issue 51): ``puzzles(variant=
"killer")`` gives each puzzle's cages, the same records as ``sudogen puzzle
--variant killer``; ``read`` gives a killer file's cages in its shape;
``solve`` and ``count`` take them back, ``rate`` says what the CLI says.

The cages are checked by the test's own rules (every cell in one cage,
each cage joined side by side, no value twice, the sums the solution's),
which share no code with the library's ``Cages``.
"""

from __future__ import annotations

import json
import os
import subprocess
import warnings
from pathlib import Path
from typing import List, Tuple

import numpy as np
import pytest

import sudogen

ROOT = Path(__file__).resolve().parents[2]
CLI = Path(os.environ.get("SUDOGEN_CLI", ROOT / "target" / "release" / "sudogen"))

RATE_MESSAGE = (
    "killer puzzles are rated by their killer level (the sudogen command's rate), "
    "not on this scale, which has no cage techniques"
)


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
        (dict(level="easy"), "rating (rating=, level=) does not go with variant='killer' yet (killer puzzles have cages, not removed givens); leave it out"),
        (dict(rating="2.0..3.0"), "rating (rating=, level=) does not go with variant='killer' yet (killer puzzles have cages, not removed givens); leave it out"),
        (dict(attempts=3), "attempts= does not go with variant='killer' yet (killer puzzles have cages, not removed givens); leave it out"),
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
    with pytest.raises(ValueError) as e:
        sudogen.solve(ps.puzzles, variant="killer")
    assert str(e.value) == (
        "killer puzzles need their cages; give cages= (for each puzzle a list of (sum, cells), "
        "cells row-major from 0), as puzzles() and read(..., return_shape=True) give them"
    )
    with pytest.raises(ValueError) as e:
        sudogen.solve(ps.puzzles, cages=ps.cages[:1])
    assert str(e.value) == "cages for 1 puzzles, but 2 puzzles; give one list of cages per puzzle"
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


def test_rate_says_killer_puzzles_are_not_rated_yet(cli, tmp_path):
    path = tmp_path / "k.json"
    cli("puzzle", "--variant", "killer", "-n", "2", "--seed", "4", "-o", str(path))
    # The command rates them by their killer level; the package not yet.
    out = cli("rate", "-f", "csv", str(path))
    rows = out.splitlines()
    assert rows[0].startswith("index,"), rows[0]
    header = rows[0].split(",")
    levels = [row.split(",")[header.index("level")] for row in rows[1:]]
    assert len(levels) == 2 and set(levels) <= {"easy", "medium", "hard", "expert"}, levels
    with pytest.raises(ValueError) as e:
        sudogen.rate(path)
    assert str(e.value) == f"{path}:1: {RATE_MESSAGE}\n{path}:2: {RATE_MESSAGE}"
    ps = sudogen.puzzles(2, variant="killer", seed=4)
    with pytest.raises(ValueError) as e:
        sudogen.rate(ps.puzzles, cages=ps.cages)
    assert str(e.value).splitlines()[0] == f"puzzles[0]: {RATE_MESSAGE}"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", sudogen.SudogenWarning)
        r = sudogen.rate(ps.puzzles, cages=ps.cages, errors="ignore")
    assert r.problems == {0: RATE_MESSAGE, 1: RATE_MESSAGE}
    assert r.se.tolist() == [0.0, 0.0] and r.level == ["", ""]
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
