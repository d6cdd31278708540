"""sudogen: fast, reproducible Sudoku grids and puzzles as NumPy arrays.

The native half (``sudogen._sudogen``, Rust) binds the sudogen library, the
same code the ``sudogen`` command line runs, so::

    sudogen.generate(1000, seed=7)

holds, cell for cell, the grids of ``sudogen generate -n 1000 --seed 7``,
and ``sudogen.puzzles(...)`` the puzzles of ``sudogen puzzle`` with the
same options. Record ``i`` of a run is a pure function of (strategy, shape,
seed, index): ``start=k*m, n=m`` gives shard ``k`` of a corpus on any
machine, and the shards concatenate to the whole run. Without ``seed``, a
run draws one from the operating system, as the CLI does: ``last_seed()``
(and a ``PuzzleSet``'s ``.seed``) says which.

Grids are ``uint8`` arrays of shape ``(N, side, side)``, ``0`` for an empty
cell. Functions that take puzzles accept such an array, an ``(N,
side*side)`` array, a list (or a NumPy array, or a pandas Series) of
strings, one puzzle string, or a file path (any format the CLI reads:
line, grid, CSV, JSON Lines, the ML layouts, npy; gzip, zip and npz
unpacked as the CLI unpacks them).

Shapes: every side from 4 to 25 with boxes (``size=6`` has boxes of 2x3;
``box="3x2"`` or ``box=(3, 2)`` others), X-Sudoku (``variant="x"``), Hyper
(``variant="hyper"``) and Jigsaw (``regions=``, the region map as N·N
letters, a file holding them, or a 2-D array of region numbers; without
it, ``puzzles`` draws a map for every puzzle, ``.layouts``) and Killer
Sudoku (``variant="killer"`` or ``"x-killer"``: ``puzzles`` gives each
puzzle's cages, ``.cages``, and ``level=`` keeps one killer level,
``KILLER_LEVELS``; ``solve``, ``count`` and ``rate`` take the cages back
as ``cages=``, and ``read`` gives them in its shape). An array
holds cells only: give the same ``box=``, ``variant=`` or ``regions=`` to
every call on its grids (``read(..., return_shape=True)`` gives them for a
file's records). The canonical forms, splits and transforms keep the
classic units only, so ``canon``, ``fingerprints``, ``split``, ``distinct``
and ``transform`` refuse a variant, as the CLI does.

Heavy calls release the GIL, run on ``jobs`` threads (default: every core;
the output is the same for every value) and stop at Ctrl-C with
``KeyboardInterrupt``. Bad arguments and bad records raise ``ValueError``
with the message the CLI gives.
"""

from __future__ import annotations

import bisect
import json
import operator
import os
import threading
import warnings
from dataclasses import dataclass, field
from typing import (
    Any,
    Callable,
    Dict,
    Iterator,
    List,
    Literal,
    Optional,
    Sequence,
    Tuple,
    TypedDict,
    Union,
    overload,
)

import numpy as np
import numpy.typing as npt

from . import _sudogen as _native

__all__ = [
    "__version__",
    "SudogenWarning",
    "PuzzleSet",
    "Ratings",
    "ShapeArgs",
    "generate",
    "puzzles",
    "solve",
    "count",
    "rate",
    "canon",
    "fingerprints",
    "split",
    "distinct",
    "transform",
    "read",
    "to_strings",
    "last_seed",
    "STRATEGIES",
    "SYMMETRIES",
    "LEVELS",
    "KILLER_LEVELS",
    "CANONICAL_FORMS",
    "FORMATS",
    "VARIANTS",
]

__version__: str = _native.__version__

_NAMES = dict(_native.names())
#: The strategies ``generate`` and ``puzzles`` take.
STRATEGIES: Tuple[str, ...] = tuple(_NAMES["strategy"])
#: The symmetries ``puzzles`` takes, every one on every shape (a pattern of
#: the givens), Solo's combined groups included.
SYMMETRIES: Tuple[str, ...] = tuple(_NAMES["symmetry"])
#: The levels ``puzzles`` takes, easiest first.
LEVELS: Tuple[str, ...] = tuple(_NAMES["level"])
#: The levels ``puzzles(variant="killer", level=)`` takes, easiest first:
#: the killer levels ``rate`` gives killer puzzles.
KILLER_LEVELS: Tuple[str, ...] = tuple(_NAMES["killer_level"])
#: The canonical conventions ``canon``, ``fingerprints``, ``split`` and
#: ``distinct`` take.
CANONICAL_FORMS: Tuple[str, ...] = tuple(_NAMES["by"])
#: The file formats ``read`` takes (all are detected when not given).
FORMATS: Tuple[str, ...] = tuple(_NAMES["format"])
#: The variants every function takes (``jigsaw`` with its ``regions``;
#: ``killer`` and ``x-killer`` made by ``puzzles``, taken back with each
#: puzzle's ``cages``).
VARIANTS: Tuple[str, ...] = tuple(_NAMES["variant"])

#: What the puzzle-taking functions accept: an ``(N, side, side)`` or
#: ``(N, side*side)`` integer array (or anything NumPy makes one of), a
#: sequence or array of strings (a pandas Series too), one puzzle string,
#: or a file path.
Puzzles = Union[npt.ArrayLike, Sequence[str], str, "os.PathLike[str]"]
#: Boxes: ``"RxC"`` (rows tall, columns wide) or ``(R, C)``.
Box = Union[str, Tuple[int, int], None]
#: One killer puzzle's cages: ``(sum, cells)`` per cage, the cells
#: row-major from 0 (``r * side + c``), the cages in reading order of their
#: first cell: the JSON records' ``"cages"`` (``{"sum", "cells"}``) as
#: tuples.
KillerCages = List[Tuple[int, List[int]]]
#: A jigsaw's region map: N·N letters (white space skipped, so rows may be
#: separate lines), a file holding them, or an ``(N, N)`` array of region
#: numbers.
Regions = Union[str, "os.PathLike[str]", npt.ArrayLike, None]

_MAX_U64 = 2**64 - 1
_SYMBOLS = np.frombuffer(b".123456789ABCDEFGHIJKLMNOP", dtype=np.uint8)
_SIDES = range(4, 26)


class SudogenWarning(UserWarning):
    """What the CLI reports on standard error at the end of a run that it
    still writes (puzzles the search budget kept from being proven minimal,
    indices a rated run could not fill, a clue target out of reach), and
    the records a call with ``errors="ignore"`` could not do."""


class ShapeArgs(TypedDict):
    """The shape of a file's records, as keywords for the other functions:
    ``grids, shape = read(path, return_shape=True); solve(grids, **shape)``.
    ``box`` is given when the boxes are not the side's usual ones,
    ``variant`` when there is one (``"killer"`` or ``"x-killer"`` for
    killer puzzles), ``regions`` for a jigsaw, ``cages`` for killer
    puzzles: each record's cages (``KillerCages``), in record order."""

    size: int
    box: Optional[str]
    variant: Optional[str]
    regions: Optional[str]
    cages: Optional[List[KillerCages]]


@dataclass(frozen=True)
class PuzzleSet:
    """The puzzles of a run.

    Unpacks as ``puzzles, solutions`` or, in a rated run (``level`` or
    ``rating`` given), ``puzzles, solutions, ratings``; ``len()`` is the
    number of puzzles.

    Attributes:
        puzzles: ``(M, side, side)`` ``uint8``, ``0`` for empty.
        solutions: ``(M, side, side)`` ``uint8``: each puzzle's unique
            solution (grid ``index[i]`` of ``generate`` with the same
            strategy, shape and seed, unless ``attempts[i] > 0`` in a rated
            run).
        index: ``(M,)`` ``uint64``: the run index of each row. ``M == n``
            except in a rated run whose attempts all missed the range for
            some index: those rows are left out, as the CLI leaves them out,
            with a ``SudogenWarning``.
        ratings: ``(M,)`` ``float32`` Sudoku Explainer ratings (rated runs
            only, else ``None``); a lower bound where ``exact`` is false. In
            a killer run with ``level``, the killer level as ``rate`` gives
            it (1.0 easy to 4.0 expert, expert's not exact).
        exact: ``(M,)`` ``bool``: whether the rating is SE's own (false for
            a lower bound, such as ``6.5+`` where chains are not searched:
            every shape but classic 4x4 and 9x9); ``None`` in a run
            that is not rated.
        attempts: ``(M,)`` ``uint64``: the attempt that gave each puzzle:
            in a rated run (a killer run with ``level`` too), the
            candidate; with ``clues`` and ``attempts``, the removal order
            (of the same grid); else ``None``.
        short: ``(M,)`` ``bool``: puzzles the search budget kept from what
            was asked (unique, but not known to be minimal, or above the
            clue target); the CLI warns about them, and so does this.
        seed: the run's seed: the one given, or the one drawn when none
            was (pass it back as ``seed=`` to make the same run again).
        cages: in a killer run (``variant="killer"`` or ``"x-killer"``),
            each puzzle's cages (``KillerCages``: a list of ``(sum,
            cells)``, cells row-major from 0), as the JSON records'
            ``"cages"``; pass them back as ``solve(..., cages=)``. ``None``
            in other runs. A list beside the arrays, since every puzzle has
            cages of its own (as ``problems`` and ``path`` are lists in
            ``Ratings``).
        layouts: in a jigsaw run without ``regions`` (a new map for every
            puzzle, as the CLI's ``--variant jigsaw`` draws them), each
            puzzle's region map as N·N letters, as the JSON records'
            ``"regions"``; pass one back as ``regions=``. ``None`` in other
            runs.
    """

    puzzles: np.ndarray
    solutions: np.ndarray
    index: np.ndarray
    ratings: Optional[np.ndarray] = None
    exact: Optional[np.ndarray] = None
    attempts: Optional[np.ndarray] = None
    short: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=bool))
    seed: Optional[int] = None
    cages: Optional[List[KillerCages]] = None
    layouts: Optional[List[str]] = None

    def __iter__(self) -> Iterator[np.ndarray]:
        yield self.puzzles
        yield self.solutions
        if self.ratings is not None:
            yield self.ratings

    def __len__(self) -> int:
        return len(self.puzzles)


@dataclass(frozen=True)
class Ratings:
    """Sudoku Explainer ratings of puzzles, as ``sudogen rate --ep --ed``;
    killer puzzles' killer levels (``scale == "killer level"``).

    Unpacks as ``se, level, technique``.

    For killer puzzles (``scale == "killer level"``) the numbers are the
    CLI's killer rating, not SE's: ``se`` is the killer level as a number
    (``1.0`` easy, ``2.0`` medium, ``3.0`` hard, ``4.0`` expert), ``exact``
    is false where the killer techniques stop before the grid is full
    (the CLI's ``4.0+``), ``level`` is ``easy``, ``medium``, ``hard`` or
    ``expert``, ``technique`` the hardest killer technique used, ``steps``
    the killer solver's steps, ``path`` its steps (without ``known_as`` or
    ``chains``). ``ep`` and ``ed`` do not apply: they repeat ``se`` with
    ``ep_exact`` and ``ed_exact`` false, as ``sudogen rate --ep --ed``
    writes them; ``work`` does not apply and is 0.

    Attributes:
        se: ``(N,)`` ``float32``: the SE rating (ER; ``0.0`` for a puzzle
            that could not be rated, with ``errors="ignore"``); a lower
            bound where ``exact`` is false.
        level: the level of each (``easy`` ... ``fiendish``; ``""`` if not
            rated).
        technique: the hardest technique of each (``chains`` for the
            ``6.5+`` bound where chains are not searched, ``nested-chains``
            where ``work`` stopped them, ``none`` for a complete grid;
            ``""`` if not rated).
        exact: ``(N,)`` ``bool``: whether ``se`` is SE's own rating (false
            for a lower bound, and for a puzzle that was not rated).
        steps: ``(N,)`` ``uint64``: the steps of the solution path.
        problems: why each puzzle not rated was not, by row (empty unless
            ``errors="ignore"``).
        ep: ``(N,)`` ``float32``: SE's pearl rating (the hardest step up to
            the first placement; ``serate``'s ``%p``).
        ed: ``(N,)`` ``float32``: SE's diamond rating (the first step;
            ``serate``'s ``%d``).
        ep_exact, ed_exact: ``(N,)`` ``bool``: whether ``ep`` and ``ed``
            are SE's own (false for a lower bound).
        work: ``(N,)`` ``uint64``: the work the nested forcing chains took
            (the units of ``rate``'s ``work`` budget; 0 when none was
            needed).
        scale: what ``se`` is, as the library rules for the puzzles'
            shape and as ``sudogen rate -f json`` writes it: ``"SE"``
            (Sudoku Explainer's rating, classic 9x9 only), ``"technique
            level"`` (the rating of the hardest technique on the same
            scale, every other shape) or ``"killer level"`` (killer
            puzzles: see above).
        path: with ``explain=True``, each puzzle's steps (``[]`` for one
            not rated), as ``sudogen rate --explain -f json`` writes its
            ``path``: per step a dict with ``technique``, ``rating``,
            ``text`` (the step in words, as ``--explain`` writes it),
            ``place`` (``{"cell", "value"}``, if it places one),
            ``removes`` (``[{"cell", "values"}]``), ``known_as`` (the
            pattern's HoDoKu name, if it has one) and, for chain steps,
            ``chains``: ``[{"links": [{"cell", "value", "on", "reason",
            "from"}]}]``, every link of every chain, ``from`` the indices
            of the links it follows from. ``None`` without ``explain``.
    """

    se: np.ndarray
    level: List[str]
    technique: List[str]
    exact: np.ndarray
    steps: np.ndarray
    problems: Dict[int, str] = field(default_factory=dict)
    ep: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.float32))
    ed: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.float32))
    ep_exact: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=bool))
    ed_exact: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=bool))
    work: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.uint64))
    scale: str = "SE"
    path: Optional[List[List[Dict[str, Any]]]] = None

    def __iter__(self) -> Iterator[object]:
        yield self.se
        yield self.level
        yield self.technique


# Arguments -------------------------------------------------------------


def _whole(value: object, what: str, example: str, least: int = 0) -> int:
    """An integer argument in ``least..2**64-1``, with the CLI's messages."""
    if isinstance(value, bool):
        raise TypeError(f"{what} must be a whole number, not a bool")
    try:
        x = operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(
            f"{value!r} is not {what}; use a whole number such as {example}"
        ) from None
    if x < 0 and least == 0:
        raise ValueError(f"{what} cannot be negative; use 0 or more")
    if x < least:
        raise ValueError(f"'{x}' is out of range for {what}; use {least} or more")
    if x > _MAX_U64:
        raise ValueError(f"'{x}' is too large for {what}; the largest is {_MAX_U64}")
    return x


def _jobs(jobs: Optional[int]) -> Optional[int]:
    if jobs is None:
        return None
    return _whole(jobs, "a number of worker threads", "2", least=1)


def _budget(budget: Optional[int], what: str = "a number of guesses") -> Optional[int]:
    if budget is None:
        return None
    example = "30000000" if "work" in what else "1000000"
    return _whole(budget, what, example)


def _errors(errors: str) -> bool:
    if errors not in ("raise", "ignore"):
        raise ValueError(f"errors={errors!r}; use 'raise' or 'ignore'")
    return errors == "raise"


def _rating_text(rating: object) -> Optional[str]:
    """A rating range as the CLI's ``--rating`` takes it."""
    if rating is None:
        return None
    if isinstance(rating, str):
        return rating
    if isinstance(rating, (tuple, list)):
        if len(rating) != 2:
            raise ValueError("rating=(low, high): two numbers, either may be None")
        low, high = rating
        return f"{'' if low is None else float(low)}..{'' if high is None else float(high)}"
    if isinstance(rating, (int, float)) and not isinstance(rating, bool):
        return str(float(rating))
    raise TypeError(f"rating={rating!r}; use 'A..B', (A, B) or a number such as 4.0")


_local = threading.local()


def _seed(seed: Optional[int]) -> int:
    """The seed given, or one drawn from the operating system, as the CLI
    draws one; either way ``last_seed()`` returns it afterwards."""
    if seed is None:
        x = int.from_bytes(os.urandom(8), "little")
    else:
        x = _whole(seed, "a seed", "42")
    _local.seed = x
    return x


def last_seed() -> Optional[int]:
    """The seed of the last ``generate``, ``puzzles`` or ``transform`` call
    of this thread: the one given, or the one drawn when none was (``None``
    before any). ``generate(n, seed=last_seed())`` makes the same run again.
    """
    seed: Optional[int] = getattr(_local, "seed", None)
    return seed


def _box(box: Box) -> Optional[Tuple[int, int]]:
    """``box=`` as (rows, columns)."""
    if box is None:
        return None
    if isinstance(box, str):
        rows, x, cols = box.strip().lower().partition("x")
        if x and rows.strip().isdigit() and cols.strip().isdigit():
            return int(rows), int(cols)
        raise ValueError(f"box={box!r} is not a box; write rows x columns, such as '2x3' or (2, 3)")
    if isinstance(box, (tuple, list)) and len(box) == 2:
        return _whole(box[0], "a box's rows", "2"), _whole(box[1], "a box's columns", "3")
    raise TypeError(f"box={box!r}; write rows x columns, such as '2x3' or (2, 3)")


def _looks_like_map(text: str) -> bool:
    """Letters whose number is the cells of a side, 16 to 625."""
    cells = len("".join(text.split()))
    return any(cells == side * side for side in _SIDES) and "/" not in text and "\\" not in text


def _regions(regions: Regions) -> Optional[str]:
    """``regions=`` as letters."""
    if regions is None:
        return None
    if isinstance(regions, os.PathLike):
        with open(os.fspath(regions), encoding="utf-8") as f:
            return f.read()
    if isinstance(regions, str):
        if not _looks_like_map(regions) and os.path.isfile(regions):
            with open(regions, encoding="utf-8") as f:
                return f.read()
        if not _looks_like_map(regions) and any(c in regions for c in "/\\"):
            raise FileNotFoundError(
                f"regions={regions!r}: no such file (a region map is N·N letters, "
                "one per cell, or a file holding them)"
            )
        # Letters (the native side names what is wrong with them).
        return regions
    arr = np.asarray(regions)
    if arr.ndim == 1 and arr.dtype.kind in "US":
        return "".join(str(row) for row in arr.tolist())
    if arr.ndim != 2 or arr.dtype.kind not in "iu":
        raise TypeError(
            f"regions: an array of shape {arr.shape} and type {arr.dtype}; use N·N letters, "
            "a file, or an (N, N) array of region numbers"
        )
    numbers = {int(v): k for k, v in enumerate(dict.fromkeys(arr.flat))}
    if len(numbers) > 26:
        raise ValueError(f"regions: {len(numbers)} regions; a map of side N has N regions")
    return "".join(chr(ord("A") + numbers[int(v)]) for v in arr.flat)


def _spec(
    size: Optional[int],
    box: Box,
    variant: Optional[str],
    regions: Regions,
    draw: bool = False,
) -> _native.Spec:
    """The shape keywords, checked as the CLI checks its options (with
    ``draw``, jigsaw without regions draws a map for every grid)."""
    side = None if size is None else _whole(size, "a grid size", "9")
    if variant is not None and not isinstance(variant, str):
        raise TypeError(f"variant={variant!r}; use one of {', '.join(VARIANTS)}")
    return _native.spec(side, _box(box), variant, _regions(regions), draw)


def _a(side: int) -> str:
    """``a 9x9``, ``an 8x8``, ``an 11x11``: a side's grid with its article,
    as the library writes it (``sudogen::grid::A``)."""
    an = str(side).startswith("8") or side in (11, 18)
    return f"{'an' if an else 'a'} {side}x{side}"


def _shape_args(spec: _native.Spec, cages: Optional[List[KillerCages]] = None) -> ShapeArgs:
    return {
        "size": spec.side if spec.side is not None else 9,
        "box": spec.box,
        "variant": spec.variant,
        "regions": spec.regions,
        "cages": cages,
    }


def _cages(cages: Optional[Sequence[Any]]) -> Optional[List[KillerCages]]:
    """``cages=`` as lists of ``(sum, cells)`` tuples: each puzzle's cages
    as ``(sum, cells)`` pairs or ``{"sum": ..., "cells": [...]}`` dicts
    (the JSON records' form); the native side checks them."""
    if cages is None:
        return None
    if isinstance(cages, (str, bytes)) or not hasattr(cages, "__iter__"):
        raise TypeError(
            f"cages={cages!r}; give each puzzle's cages, a list of (sum, cells) per puzzle"
        )
    out: List[KillerCages] = []
    for i, puzzle in enumerate(cages):
        one: KillerCages = []
        for k, cage in enumerate(puzzle):
            sum_: Any
            cells: Any
            if isinstance(cage, dict):
                sum_, cells = cage.get("sum"), cage.get("cells")
            elif isinstance(cage, (tuple, list)) and len(cage) == 2:
                sum_, cells = cage
            else:
                raise TypeError(
                    f"cages[{i}][{k}]: {cage!r}; write a cage as (sum, cells) or "
                    "{'sum': ..., 'cells': [...]}"
                )
            try:
                one.append((operator.index(sum_), [operator.index(c) for c in cells]))
            except TypeError:
                raise TypeError(
                    f"cages[{i}][{k}]: {cage!r}; a cage's sum and cells are whole numbers"
                ) from None
        out.append(one)
    return out


# Inputs ----------------------------------------------------------------


def _one_record(text: str) -> bool:
    """Whether a string is a puzzle rather than a file path: it holds a
    line break (the grid layout), or it names no file and is as many
    symbols of a side (``.``, ``0``, ``-``, ``_``, ``*`` for empty) as a
    grid of that side has cells."""
    if "\n" in text.strip():
        return True
    if os.path.exists(text):
        return False
    cells = "".join(text.split())
    side = next((k for k in _SIDES if k * k == len(cells)), None)
    if side is None:
        return False
    for c in cells.upper():
        value = int(c) if c.isdigit() else ord(c) - ord("A") + 10 if "A" <= c <= "Z" else 0
        if not (c in ".0-_*" or 1 <= value <= side):
            return False
    return True


def _strings(puzzles: object) -> Optional[List[str]]:
    """Puzzles given as strings (a list, tuple, or an array or Series of
    them), or ``None``."""
    if isinstance(puzzles, (list, tuple)):
        if puzzles and isinstance(puzzles[0], str):
            if not all(isinstance(s, str) for s in puzzles):
                raise TypeError("a list that mixes strings with other things")
            return list(puzzles)
        return None
    if isinstance(puzzles, np.ndarray):
        arr = puzzles
    elif hasattr(puzzles, "__array__") and not isinstance(puzzles, (str, bytes)):
        arr = np.asarray(puzzles)
    else:
        return None
    if arr.dtype.kind in "US" and arr.ndim == 1:
        return [str(s) for s in arr.tolist()]
    if arr.dtype.kind == "O" and arr.ndim == 1 and arr.size:
        items = arr.tolist()
        if all(isinstance(s, str) for s in items):
            return [str(s) for s in items]
        if any(isinstance(s, str) for s in items):
            raise TypeError("an array that mixes strings with other things")
    return None


def _read(
    path: str,
    spec: _native.Spec,
    format: Optional[str],
    solutions: bool,
    jobs: Optional[int],
) -> Tuple[
    np.ndarray,
    Callable[[int], str],
    Optional[np.ndarray],
    _native.Spec,
    Optional[List[KillerCages]],
]:
    """The records of a file, read as the CLI reads its inputs (gzip, the
    members of a zip in order, an ``.npz``'s arrays): the grids, how to
    name record ``i`` (``FILE:LINE``, ``ARCHIVE:MEMBER:LINE`` in a zip of
    several members), the solutions they carry (with ``solutions``), their
    shape and, for killer records, the cages of each."""
    grids, lines, carried, found, inputs, cages = _native.read(
        path, spec, format, solutions, _jobs(jobs)
    )
    firsts = [first for first, _ in inputs]

    def label(i: int) -> str:
        name = inputs[bisect.bisect_right(firsts, i) - 1][1] if inputs else path
        return f"{name}:{int(lines[i])}"

    return grids, label, carried, found, cages


def _grids(
    puzzles: Puzzles,
    spec: Optional[_native.Spec] = None,
    format: Optional[str] = None,
    jobs: Optional[int] = None,
    what: str = "puzzles",
    cages: Optional[Sequence[Any]] = None,
) -> Tuple[np.ndarray, Callable[[int], str], _native.Spec, Optional[List[KillerCages]]]:
    """Any accepted input as a contiguous ``(N, side, side)`` ``uint8`` array,
    how to name its record ``i`` in a message, the shape to take its
    grids as (a file's records say theirs; else ``spec``, by default the
    side's usual boxes), and the cages of killer puzzles (a file's killer
    records carry theirs; else ``cages``)."""
    if spec is None:
        spec = _native.spec()
    given = _cages(cages)
    if isinstance(puzzles, os.PathLike) or (
        isinstance(puzzles, str) and not _one_record(puzzles)
    ):
        grids, path_label, _, found, carried = _read(os.fspath(puzzles), spec, format, False, jobs)
        if carried is not None and given is not None:
            raise ValueError(
                f"{os.fspath(puzzles)}: its killer records carry their cages; leave out cages="
            )
        return grids, path_label, found, carried if given is None else given
    if isinstance(puzzles, (bytes, bytearray)):
        raise TypeError(f"{what}: bytes; pass a file path as str, or puzzles as strings")

    def label(i: int) -> str:
        return f"{what}[{i}]"

    if isinstance(puzzles, str):
        return _native.parse([puzzles], spec, what), label, spec, given
    try:
        strings = _strings(puzzles)
    except TypeError as e:
        raise TypeError(f"{what}: {e}") from None
    if strings is not None:
        return _native.parse(strings, spec, what), label, spec, given
    arr = np.asarray(puzzles)
    if arr.dtype.kind == "O" and arr.size:
        try:
            arr = np.asarray(arr.tolist())
        except ValueError:
            pass
    if arr.size == 0 and arr.ndim <= 2 and arr.dtype.kind not in "iu":
        side = spec.side or 9
        return np.zeros((0, side, side), dtype=np.uint8), label, spec, given
    if arr.dtype.kind not in "iu":
        raise TypeError(
            f"{what}: an array of {arr.dtype}; use integers 0 to side (0 for empty), "
            "strings, or a file path"
        )
    flat = {side * side: side for side in _SIDES}
    if arr.ndim == 3 and arr.shape[1] == arr.shape[2] and arr.shape[1] in _SIDES:
        side = arr.shape[1]
    elif arr.ndim == 2 and arr.shape[1] in flat:
        side = flat[arr.shape[1]]
        arr = arr.reshape(len(arr), side, side)
    else:
        hint = ""
        if arr.ndim == 2 and arr.shape[0] == arr.shape[1] and arr.shape[0] in _SIDES:
            hint = f"; for one puzzle use shape (1, {arr.shape[0]}, {arr.shape[0]})"
        raise ValueError(
            f"{what}: an array of shape {arr.shape}; use (N, side, side) or "
            f"(N, side*side), side 4 to 25{hint}"
        )
    if spec.side is not None and side != spec.side:
        raise ValueError(
            f"{what}: {side}x{side} grids, but size, box or regions ask for "
            f"{spec.side}x{spec.side}"
        )
    if arr.size and (arr.min() < 0 or arr.max() > side):
        bad = (arr < 0) | (arr > side)
        if bad.any():
            row = int(np.argwhere(bad.reshape(len(arr), -1).any(axis=1))[0][0])
            value = arr[row][bad[row]].flat[0]
            raise ValueError(
                f"{label(row)}: {value} is out of range for {_a(side)} grid "
                f"(0 to {side}, 0 for empty)"
            )
    return np.ascontiguousarray(arr, dtype=np.uint8), label, spec, given


def _raise(
    problems: Sequence[Tuple[int, str]],
    label: Callable[[int], str],
    total: Optional[int] = None,
) -> None:
    """Raises ``ValueError`` for the problems, one line per record as the CLI
    reports them: the first ten, then how many more (of ``total``, when only
    the first are given)."""
    total = len(problems) if total is None else total
    if not total:
        return
    raise ValueError(_lines(problems, label, total))


def _lines(
    problems: Sequence[Tuple[int, str]], label: Callable[[int], str], total: int
) -> str:
    lines = [f"{label(int(row))}: {message}" for row, message in problems[:10]]
    if total > 10:
        lines.append(f"... and {total - 10} more")
    return "\n".join(lines)


def _warn(
    problems: Sequence[Tuple[int, str]],
    label: Callable[[int], str],
    total: int,
    out_of: int,
    what: str,
) -> None:
    """A ``SudogenWarning`` for the records a call with ``errors="ignore"``
    could not do: how many, then the first ten, one line each."""
    if total:
        detail = _lines(problems, label, total)
        warnings.warn(
            f"{total} of {out_of} puzzles {what}:\n{detail}", SudogenWarning, stacklevel=3
        )


# Making ----------------------------------------------------------------


def generate(
    n: int,
    *,
    strategy: Optional[str] = None,
    size: Optional[int] = None,
    box: Box = None,
    variant: Optional[str] = None,
    regions: Regions = None,
    seed: Optional[int] = None,
    start: int = 0,
    jobs: Optional[int] = None,
) -> np.ndarray:
    """Grids ``start .. start+n-1`` of a run, as ``sudogen generate`` makes them.

    Args:
        n: how many grids.
        strategy: the generation algorithm (``STRATEGIES``); by default, as
            in the CLI, ``uniform`` for 4x4, 6x6 and 9x9 (every grid equally
            likely), ``search`` for the variants, ``backtrack`` for the rest.
        size: the side, 4 to 25 with its usual boxes (6: 2x3, 8: 2x4, 12:
            3x4, ...; default 9, or the side of ``box`` or ``regions``).
        box: other boxes, ``"3x2"`` or ``(3, 2)`` (rows, columns).
        variant: ``"x"`` (both long diagonals are units too), ``"hyper"``
            (four more 3x3 units, 9x9 only) or ``"jigsaw"`` (with
            ``regions``).
        regions: a jigsaw's region map: N·N letters (cells of one letter
            form a region of N cells), a file holding them, or an ``(N, N)``
            array of region numbers.
        seed: the run's seed (0 to 2**64-1); without it one is drawn from
            the operating system, as the CLI does: ``last_seed()`` returns
            it. (Two runs without a seed are two unrelated runs: give seeds
            to make one corpus in parts.)
        start: the index of the first grid: ``start=k*m, n=m`` is shard ``k``.
        jobs: worker threads (default: every core); the grids are the same
            for every value.

    Returns:
        ``(n, side, side)`` ``uint8``: row ``i`` is grid ``start+i``, the same
        cells as line ``i`` of ``sudogen generate -n N --seed S --start K``
        with the same shape options.

    Raises:
        ValueError: an unknown strategy, a shape it cannot make, a run past
            index 2**64-1.
        KeyboardInterrupt: Ctrl-C during the call.
    """
    spec = _spec(size, box, variant, regions)
    return _native.generate(
        _whole(n, "a count", "1000"),
        spec,
        strategy,
        _seed(seed),
        _whole(start, "an index", "1000"),
        _jobs(jobs),
    )


def puzzles(
    n: int,
    *,
    seed: Optional[int] = None,
    start: int = 0,
    size: Optional[int] = None,
    box: Box = None,
    variant: Optional[str] = None,
    regions: Regions = None,
    strategy: Optional[str] = None,
    symmetry: Optional[str] = None,
    level: Optional[str] = None,
    rating: Union[str, float, Tuple[Optional[float], Optional[float]], None] = None,
    clues: Optional[int] = None,
    budget: Optional[int] = 1_000_000,
    attempts: Optional[int] = None,
    jobs: Optional[int] = None,
) -> PuzzleSet:
    """Puzzles ``start .. start+n-1`` of a run, as ``sudogen puzzle`` makes them.

    Each puzzle has exactly one solution in its shape, grid ``i`` of
    ``generate`` with the same strategy, shape and seed, and is minimal (no
    given can go) unless ``clues`` stops the removal early.

    Args:
        n: how many puzzles.
        seed, start, size, box, variant, regions, strategy, jobs: as for
            ``generate`` (without ``seed``, one is drawn: the result's
            ``.seed``).

            ``variant="killer"`` (or ``"x-killer"``, cages on X-Sudoku)
            makes Killer Sudoku as ``sudogen puzzle --variant killer``:
            each grid cut into cages with sums (the result's ``.cages``),
            no givens unless ``clues`` gives how many, sides 4 to 12 with
            ``size`` or ``box``. ``level`` keeps puzzles of one killer
            level (``KILLER_LEVELS``: see ``level``); ``symmetry`` and
            ``rating`` do not apply and are refused (the CLI's
            ``--rating``), and ``budget`` is the CLI's (200 guesses a
            count up to 9x9, 50,000 above).
            ``variant="jigsaw"`` without ``regions`` draws a new region map
            for every puzzle (sides 4 to 16, ``size``), as the CLI does:
            the result's ``.layouts``.
        symmetry: the symmetry of the givens (``SYMMETRIES``; default
            none), on every shape: a pattern of the cells, which the boxes
            or regions need not keep. ``rot180``, ``rot90``, ``mirror``,
            ``flip``, ``diagonal``, ``antidiagonal``, and the groups of
            Simon Tatham's Solo: ``both-mirrors`` (left-right and
            top-bottom), ``both-diagonals``, ``all`` (the eight symmetries
            of the square). The puzzle is minimal among the puzzles with
            that symmetry.
        level: keep only puzzles of this level (``LEVELS``: easy SE 1.0-1.5,
            medium 1.6-2.5, hard 2.6-4.4, expert 4.5-6.4, fiendish 6.5 up).
            In a killer run, a killer level (``KILLER_LEVELS``: ``easy``,
            ``medium``, ``hard``, ``expert``; the hardest killer technique
            the puzzle needs, as ``rate`` rates it, see the guide's "Killer
            levels"), as ``sudogen puzzle --variant killer --level``: the
            ratings are the level as a number (1.0 to 4.0; ``exact`` false
            for expert, whose techniques stop before the grid is full);
            ``fiendish`` is refused.
        rating: keep only puzzles rated in this SE range: ``"4.0..6.2"``,
            ``"8.0.."``, ``(4.0, 6.2)``, ``(None, 2.0)`` or ``4.5``. Every
            range random making reaches is taken (``9.0``, ``"8.5..9.0"``);
            one too rare for ``attempts`` (at 9x9 and the default 1000
            attempts, 9.1 and up) is refused with its odds and the attempts
            it needs, and one the shape cannot rate (above ``6.5`` where
            chains are not searched) with the reason, as the CLI refuses
            them. The numbers are SE's on classic 9x9 and a technique level
            on other shapes (see ``rate``).
        clues: stop removing givens at this many clues (unique, not
            minimal). A removal order can get stuck above the target (its
            puzzle is then minimal); ``attempts`` tries others.
        budget: guesses one puzzle's uniqueness checks may spend together
            (``None``: no bound); a given whose check runs out stays.
        attempts: with ``level`` or ``rating``: candidates tried per puzzle
            (default 1000; in a killer run 100, as the CLI's); with ``clues`` alone: removal orders of each
            grid tried toward the target (default 1), keeping the first that
            reaches it, else the one with the fewest clues; a note says how
            many reached it. Without any of them, ``ValueError``, as the
            CLI's ``--attempts``.

    Returns:
        A ``PuzzleSet``: unpack it as ``puzzles, solutions`` (or ``puzzles,
        solutions, ratings`` when ``level`` or ``rating`` is given). The
        cells, solutions, ratings, attempts and killer cages equal
        ``sudogen puzzle -n N --seed S --with-solution ...`` with the same
        options (``clues=22, attempts=50`` is ``--clues 22 --attempts
        50``).

    Raises:
        ValueError: the CLI's usage errors (a clue target the shape does not
            allow, an unknown symmetry, a rating range out of reach,
            ``attempts`` with nothing to retry toward, ...).
        KeyboardInterrupt: Ctrl-C during the call.

    Warns:
        SudogenWarning: what the CLI reports at the end of the same run.
    """
    if level is not None and rating is not None:
        raise ValueError("give rating or level, not both")
    if clues is not None:
        if isinstance(clues, bool):
            raise TypeError("clues must be a whole number")
        clues = operator.index(clues)
    spec = _spec(size, box, variant, regions, draw=True)
    seed = _seed(seed)
    out = _native.puzzles(
        _whole(n, "a count", "1000"),
        strategy,
        spec,
        seed,
        _whole(start, "an index", "1000"),
        symmetry,
        clues,
        _budget(budget),
        _rating_text(rating),
        level,
        None if attempts is None else _whole(attempts, "a number of attempts", "1000", least=1),
        _jobs(jobs),
    )
    grids, solutions, index, se, exact, attempt, short, notes, cages, layouts = out
    for note in notes:
        warnings.warn(note, SudogenWarning, stacklevel=2)
    ratings = None if se is None else (se.astype(np.float32) / np.float32(10))
    return PuzzleSet(
        grids, solutions, index, ratings, exact, attempt, short, seed, cages, layouts
    )


# Solving and rating ----------------------------------------------------


def _search(
    puzzles: Puzzles,
    limit: int,
    budget: Optional[int],
    spec: _native.Spec,
    format: Optional[str],
    jobs: Optional[int],
    cages: Optional[Sequence[Any]],
) -> Tuple[
    np.ndarray, Callable[[int], str], int, Optional[int], np.ndarray, np.ndarray, np.ndarray
]:
    """Searches every puzzle (killer puzzles with their cages): the grids,
    how to name them, the limit and budget checked, the first solutions,
    the counts and the cut flags."""
    limit = _whole(limit, "a solution limit", "1000", least=1)
    budget = _budget(budget)
    grids, label, spec, killer = _grids(puzzles, spec, format, jobs, cages=cages)
    solutions, counts, cut, problems = _native.search_each(
        grids, spec, limit, budget, _jobs(jobs), killer
    )
    _raise(problems, label)
    return grids, label, limit, budget, solutions, counts, cut


def _budget_message(budget: Optional[int], found: int) -> str:
    return (
        f"search budget of {budget if budget is not None else _MAX_U64} guesses "
        f"exceeded ({found} solutions found); raise budget"
    )


@overload
def solve(
    puzzles: Puzzles,
    limit: int = ...,
    *,
    budget: Optional[int] = ...,
    size: Optional[int] = ...,
    box: Box = ...,
    variant: Optional[str] = ...,
    regions: Regions = ...,
    cages: Optional[Sequence[Any]] = ...,
    format: Optional[str] = ...,
    jobs: Optional[int] = ...,
    errors: str = ...,
    return_mask: Literal[False] = ...,
) -> np.ndarray: ...
@overload
def solve(
    puzzles: Puzzles,
    limit: int = ...,
    *,
    budget: Optional[int] = ...,
    size: Optional[int] = ...,
    box: Box = ...,
    variant: Optional[str] = ...,
    regions: Regions = ...,
    cages: Optional[Sequence[Any]] = ...,
    format: Optional[str] = ...,
    jobs: Optional[int] = ...,
    errors: str = ...,
    return_mask: Literal[True],
) -> Tuple[np.ndarray, np.ndarray]: ...
def solve(
    puzzles: Puzzles,
    limit: int = 2,
    *,
    budget: Optional[int] = 1_000_000,
    size: Optional[int] = None,
    box: Box = None,
    variant: Optional[str] = None,
    regions: Regions = None,
    cages: Optional[Sequence[Any]] = None,
    format: Optional[str] = None,
    jobs: Optional[int] = None,
    errors: str = "raise",
    return_mask: bool = False,
) -> Union[np.ndarray, Tuple[np.ndarray, np.ndarray]]:
    """The solution of each puzzle, as ``sudogen solve``.

    Args:
        puzzles: an ``(N, side, side)`` or ``(N, side*side)`` array (``0``
            for empty), strings, or a file path (any format).
        limit: 2 (the default) checks that each solution is unique; 1 takes
            any one solution of a puzzle that has several.
        budget: guesses one search may make (``None``: no bound).
        size, box, variant, regions: the puzzles' shape (as for
            ``generate``; default: the side's usual boxes, no variant, or
            what a file's records say).
        cages: killer puzzles: each puzzle's cages (``KillerCages``, as
            ``puzzles(variant="killer").cages`` and ``read(...,
            return_shape=True)`` give them; ``{"sum", "cells"}`` dicts as
            in JSON records are taken too), on the units of ``variant``
            (``"killer"`` and ``"x-killer"`` are none and X, and need
            ``cages``). A file's killer records carry their own.
        format: read a file in this format (default: detected per line).
        jobs: worker threads (default: every core).
        errors: ``"raise"`` (default): ``ValueError`` naming every puzzle
            with no solution, several, or a search cut by the budget, as the
            CLI reports them (``puzzles[3]: no solution``, or
            ``FILE:LINE: ...`` for a file). ``"ignore"``: such rows are all
            zeros (never mistaken for a solution), with a ``SudogenWarning``
            that counts and names them.
        return_mask: also return which rows failed.

    Returns:
        ``(N, side, side)`` ``uint8`` solutions, in input order; with
        ``return_mask``, also ``(N,)`` ``bool``, true for each row that was
        not solved (all false with ``errors="raise"``).
    """
    raising = _errors(errors)
    spec = _spec(size, box, variant, regions)
    grids, label, limit, budget, solutions, counts, cut = _search(
        puzzles, limit, budget, spec, format, jobs, cages
    )
    failed = cut | (counts != 1)
    if failed.any():
        rows = np.flatnonzero(failed)
        problems = []
        for row in rows[:10]:
            n = int(counts[row])
            if cut[row]:
                message = _budget_message(budget, n)
            elif n == 0:
                message = "no solution"
            else:
                message = f"{n}{'+' if n >= limit else ''} solutions"
            problems.append((int(row), message))
        if raising:
            _raise(problems, label, total=len(rows))
        _warn(problems, label, len(rows), len(grids), "not solved; their rows are zeros")
        solutions[rows] = 0
    if return_mask:
        return solutions, failed
    return solutions


def count(
    puzzles: Puzzles,
    limit: int = 2,
    *,
    budget: Optional[int] = 1_000_000,
    size: Optional[int] = None,
    box: Box = None,
    variant: Optional[str] = None,
    regions: Regions = None,
    cages: Optional[Sequence[Any]] = None,
    format: Optional[str] = None,
    jobs: Optional[int] = None,
    errors: str = "raise",
) -> np.ndarray:
    """How many solutions each puzzle has, up to ``limit``, as
    ``sudogen solve --count --limit LIMIT``. Arguments as for ``solve``.

    Returns:
        ``(N,)`` ``uint64``: 0, 1, ... or ``limit`` (meaning ``limit`` or more).

    Raises:
        ValueError: a search cut by the budget (with ``errors="raise"``, the
            default; with ``"ignore"`` its count is a lower bound, and a
            ``SudogenWarning`` says which).
    """
    raising = _errors(errors)
    spec = _spec(size, box, variant, regions)
    grids, label, limit, budget, _, counts, cut = _search(
        puzzles, limit, budget, spec, format, jobs, cages
    )
    if cut.any():
        rows = np.flatnonzero(cut)
        problems = [(int(r), _budget_message(budget, int(counts[r]))) for r in rows[:10]]
        if raising:
            _raise(problems, label, total=len(rows))
        _warn(problems, label, len(rows), len(grids), "counted in part; their counts are lower bounds")
    return counts


def rate(
    puzzles: Puzzles,
    *,
    budget: Optional[int] = 1_000_000,
    work: Optional[int] = None,
    size: Optional[int] = None,
    box: Box = None,
    variant: Optional[str] = None,
    regions: Regions = None,
    cages: Optional[Sequence[Any]] = None,
    format: Optional[str] = None,
    jobs: Optional[int] = None,
    errors: str = "raise",
    explain: bool = False,
) -> Ratings:
    """Sudoku Explainer ratings, as ``sudogen rate --ep --ed``; killer
    puzzles by their killer level, as the same command rates them.

    Args:
        budget: guesses each puzzle's uniqueness check may make.
        work: stop a puzzle's nested forcing chains (SE 9.0 and up, 9x9)
            after this much work (about 30 million units a second on one
            core), as ``--work``: its rating is then a lower bound
            (``exact`` false). ``None`` (the default): every puzzle is
            rated exactly, however long it takes.
        size, box, variant, regions, cages, format, jobs: as for
            ``solve``. Killer puzzles (``cages=``, a killer file, or
            ``read(..., return_shape=True)``'s shape) are rated by the
            killer logical solver, as ``sudogen rate`` rates them: their
            killer level, ``scale`` ``"killer level"`` (see ``Ratings``);
            ``work`` does not apply to them.
        explain: also return every puzzle's steps (``Ratings.path``), as
            ``sudogen rate --explain -f json`` (for killer puzzles, the
            killer solver's steps).

    Returns:
        A ``Ratings``; unpack it as ``se, level, technique``; ``.ep``,
        ``.ed``, ``.work`` and the rest as attributes. ``se`` is
        ``float32`` and never NaN: SE's own rating over the whole scale at
        9x9, nested forcing chains (9.0 to about 12) included. Where
        ``exact`` is false it is a lower bound (``6.5+`` in the CLI's
        output: chains are searched on classic 4x4 and 9x9 only). SE
        ratings are defined for classic 9x9; on every other shape and
        variant the number is a technique level, the rating of the hardest
        technique on the same scale, and ``scale`` says which (``"SE"`` or
        ``"technique level"``, as JSON records' ``scale``).

    Raises:
        ValueError: a puzzle without exactly one solution, or whose
            uniqueness check ran out of ``budget`` (with ``errors="raise"``,
            the default; with ``"ignore"`` it is rated ``0.0``, its reason
            is in ``problems``, and a ``SudogenWarning`` counts them).
    """
    raising = _errors(errors)
    spec = _spec(size, box, variant, regions)
    grids, label, spec, killer = _grids(puzzles, spec, format, jobs, cages=cages)
    (se, ep, ed), (exact, ep_exact, ed_exact), done, level, technique, steps, problems, scale, paths = (
        _native.rate(
            grids,
            spec,
            _budget(budget),
            _budget(work, "an amount of work"),
            _jobs(jobs),
            bool(explain),
            killer,
        )
    )
    if raising:
        _raise(problems, label)
    _warn(problems, label, len(problems), len(grids), "not rated; rated 0.0")
    tenth = np.float32(10)
    return Ratings(
        se.astype(np.float32) / tenth,
        level,
        technique,
        exact,
        steps,
        {int(row): message for row, message in problems},
        ep.astype(np.float32) / tenth,
        ed.astype(np.float32) / tenth,
        ep_exact,
        ed_exact,
        done,
        scale,
        [json.loads(p) for p in paths] if explain else None,
    )


# Canonical forms and transforms ---------------------------------------


@overload
def canon(
    puzzles: Puzzles,
    by: str = ...,
    *,
    transforms: Literal[False] = ...,
    size: Optional[int] = ...,
    box: Box = ...,
    variant: Optional[str] = ...,
    regions: Regions = ...,
    format: Optional[str] = ...,
    jobs: Optional[int] = ...,
) -> np.ndarray: ...
@overload
def canon(
    puzzles: Puzzles,
    by: str = ...,
    *,
    transforms: Literal[True],
    size: Optional[int] = ...,
    box: Box = ...,
    variant: Optional[str] = ...,
    regions: Regions = ...,
    format: Optional[str] = ...,
    jobs: Optional[int] = ...,
) -> Tuple[np.ndarray, List[str]]: ...
def canon(
    puzzles: Puzzles,
    by: str = "string",
    *,
    transforms: bool = False,
    size: Optional[int] = None,
    box: Box = None,
    variant: Optional[str] = None,
    regions: Regions = None,
    format: Optional[str] = None,
    jobs: Optional[int] = None,
) -> Union[np.ndarray, Tuple[np.ndarray, List[str]]]:
    """The canonical (minlex) form of each grid or puzzle.

    Args:
        by: ``"string"`` (default: the smallest string), ``"pattern"`` (the
            givens' positions first, as Dobrichev's minlexer) or
            ``"solution"`` (the solution grid's form first; needs a unique
            solution). See ``docs/canon-notes.md``.
        transforms: also return, for each record, a transform that maps it
            to its form, as text (``[t/]r.../c.../d...``).
        size, box: the grids' shape (any boxes at most 5 columns wide); a
            variant is refused, as the CLI refuses it.

    Returns:
        ``(N, side, side)`` ``uint8`` forms (and the list of transforms).
        Two records are isomorphs exactly when their forms are equal.

    Raises:
        ValueError: givens that repeat a symbol in a unit, or (``by=
            "solution"``) a puzzle without exactly one solution.
    """
    spec = _spec(size, box, variant, regions)
    grids, label, spec, _ = _grids(puzzles, spec, format, jobs)
    forms, texts, problems = _native.canon(grids, spec, by, transforms, _jobs(jobs))
    _raise(problems, label)
    if texts is None:
        return forms
    return forms, texts


def fingerprints(
    puzzles: Puzzles,
    by: str = "string",
    *,
    size: Optional[int] = None,
    box: Box = None,
    variant: Optional[str] = None,
    regions: Regions = None,
    format: Optional[str] = None,
    jobs: Optional[int] = None,
) -> np.ndarray:
    """The 128-bit fingerprint of each canonical form
    (``sudogen::dataset::Fingerprint``: the same on every machine).

    Returns:
        ``(N, 2)`` ``uint64``: the low then the high 64 bits;
        ``"%016x%016x" % (high, low)`` is the 32-digit text. Isomorphs have
        equal fingerprints.
    """
    spec = _spec(size, box, variant, regions)
    grids, label, spec, _ = _grids(puzzles, spec, format, jobs)
    prints, problems = _native.fingerprints(grids, spec, by, _jobs(jobs))
    _raise(problems, label)
    return prints


def _fractions(fractions: object) -> List[float]:
    """Each part's fraction: a sequence of numbers, or one number."""
    if isinstance(fractions, (int, float, np.number)) and not isinstance(fractions, bool):
        return [float(fractions)]
    if isinstance(fractions, (str, bytes)) or not hasattr(fractions, "__iter__"):
        raise TypeError(
            f"fractions={fractions!r}; give each part's fraction, such as (0.8, 0.1, 0.1), "
            "or one number for one part"
        )
    out = []
    for x in fractions:
        if isinstance(x, bool) or not isinstance(x, (int, float, np.number)):
            raise TypeError(
                f"fractions: {x!r} is not a fraction; use numbers from 0 to 1, such as 0.8"
            )
        out.append(float(x))
    return out


def split(
    puzzles: Puzzles,
    fractions: Union[float, Sequence[float]],
    *,
    seed: int = 0,
    by: str = "string",
    solutions: Optional[Puzzles] = None,
    size: Optional[int] = None,
    box: Box = None,
    variant: Optional[str] = None,
    regions: Regions = None,
    format: Optional[str] = None,
    jobs: Optional[int] = None,
) -> np.ndarray:
    """The part of a split each record falls in, as ``sudogen split --by
    BY``: a leak-free train/test split (``sudogen::dataset::Split``).

    Args:
        fractions: each part's expected share, e.g. ``(0.8, 0.1, 0.1)``;
            they may add up to less than 1. One number is one part:
            ``split(p, 0.8)`` puts about 80% in part 0, the rest in none
            (``-1``).
        seed: another seed gives another, independent split (default 0,
            as the CLI's).
        by: what one part keeps together. ``"string"`` (default) or
            ``"pattern"``: a puzzle and its isomorphs (relabelled, rotated,
            rows or columns swapped), by the canonical form of that name.
            ``"solution"``: every puzzle whose solution grid is an isomorph
            of another's, so that the several puzzles of one grid land in
            one part and no test answer was seen in training.
        solutions: with ``by="solution"``, each record's solution (checked
            against its givens); where none is given (or a row is all
            zeros) the puzzle is solved, and must have one solution. For a
            file, the solutions its records carry.

    Returns:
        ``(N,)`` ``int64``: the part of each record, ``-1`` past the last part.
    """
    fracs = _fractions(fractions)
    spec = _spec(size, box, variant, regions)
    carried = None
    is_file = isinstance(puzzles, os.PathLike) or (
        isinstance(puzzles, str) and not _one_record(puzzles)
    )
    label: Callable[[int], str]
    if is_file and by == "solution" and solutions is None:
        # The solutions the file's records carry.
        path = os.fspath(puzzles)  # type: ignore[arg-type]
        grids, label, carried, spec, _ = _read(path, spec, format, True, jobs)
    else:
        grids, label, spec, _ = _grids(puzzles, spec, format, jobs)
    if solutions is not None:
        carried, _, _, _ = _grids(solutions, spec, format, jobs, what="solutions")
    parts, problems = _native.split(
        grids, spec, fracs, _whole(seed, "a seed", "42"), by, carried, _jobs(jobs)
    )
    _raise(problems, label)
    return parts


def distinct(
    puzzles: Puzzles,
    by: str = "string",
    *,
    size: Optional[int] = None,
    box: Box = None,
    variant: Optional[str] = None,
    regions: Regions = None,
    format: Optional[str] = None,
    jobs: Optional[int] = None,
) -> np.ndarray:
    """Whether each record is the first of its isomorphism class
    (``sudogen::dataset::Distinct``): ``puzzles[distinct(puzzles)]`` drops
    isomorphs of earlier records.

    Returns:
        ``(N,)`` ``bool``.
    """
    spec = _spec(size, box, variant, regions)
    grids, label, spec, _ = _grids(puzzles, spec, format, jobs)
    first, problems = _native.distinct(grids, spec, by, _jobs(jobs))
    _raise(problems, label)
    return first


@overload
def transform(
    puzzles: Puzzles,
    seed: Optional[int] = ...,
    copies: int = ...,
    solutions: None = ...,
    *,
    start: int = ...,
    size: Optional[int] = ...,
    box: Box = ...,
    variant: Optional[str] = ...,
    regions: Regions = ...,
    format: Optional[str] = ...,
    jobs: Optional[int] = ...,
) -> np.ndarray: ...
@overload
def transform(
    puzzles: Puzzles,
    seed: Optional[int],
    copies: int,
    solutions: Puzzles,
    *,
    start: int = ...,
    size: Optional[int] = ...,
    box: Box = ...,
    variant: Optional[str] = ...,
    regions: Regions = ...,
    format: Optional[str] = ...,
    jobs: Optional[int] = ...,
) -> Tuple[np.ndarray, np.ndarray]: ...
@overload
def transform(
    puzzles: Puzzles,
    seed: Optional[int] = ...,
    copies: int = ...,
    *,
    solutions: Puzzles,
    start: int = ...,
    size: Optional[int] = ...,
    box: Box = ...,
    variant: Optional[str] = ...,
    regions: Regions = ...,
    format: Optional[str] = ...,
    jobs: Optional[int] = ...,
) -> Tuple[np.ndarray, np.ndarray]: ...
def transform(
    puzzles: Puzzles,
    seed: Optional[int] = None,
    copies: int = 1,
    solutions: Optional[Puzzles] = None,
    *,
    start: int = 0,
    size: Optional[int] = None,
    box: Box = None,
    variant: Optional[str] = None,
    regions: Regions = None,
    format: Optional[str] = None,
    jobs: Optional[int] = None,
) -> Union[np.ndarray, Tuple[np.ndarray, np.ndarray]]:
    """Random symmetries of each record, for augmentation: transposition
    (square boxes), band, stack, row and column permutations, and
    relabelling, each drawn uniformly (``sudogen::transform::TransformStream``).

    Copy ``k`` of record ``i`` is reproducible from ``(seed, start+i, k)``
    alone: shards with ``start`` give the rows of the whole.

    Args:
        seed: the transforms' seed; without it one is drawn, as the CLI
            does (``last_seed()`` returns it).
        copies: transformed copies per record (none is the record itself).
        solutions: if given (same shape), each is transformed with its
            puzzle's transform; each must solve its puzzle (complete, valid,
            every given in place), or ``ValueError`` names the row.
        start: the index of the first record.

    Returns:
        ``(N*copies, side, side)`` ``uint8``: copy ``k`` of record ``i`` at row
        ``i*copies + k`` (and the transformed solutions, when given).
    """
    spec = _spec(size, box, variant, regions)
    grids, label, spec, _ = _grids(puzzles, spec, format, jobs)
    sols = None
    if solutions is not None:
        sols, _, _, _ = _grids(solutions, spec, format, jobs, what="solutions")
    copies = _whole(copies, "a number of copies", "3")
    if copies > 2**32 - 1:
        raise ValueError(f"'{copies}' is too large for a number of copies; the largest is {2**32 - 1}")
    out, out_solutions, problems = _native.transform(
        grids,
        spec,
        _seed(seed),
        copies,
        _whole(start, "an index", "1000"),
        sols,
        _jobs(jobs),
    )
    _raise(problems, label)
    if out_solutions is None:
        return out
    return out, out_solutions


# Files and text --------------------------------------------------------


def _beside(path: str) -> Optional[str]:
    """``NAME.solutions.npy`` beside a NumPy file ``NAME.npy``, if there is
    one (as ``sudogen puzzle -f npy --with-solution`` writes them)."""
    if not path.endswith(".npy") or path.endswith(".solutions.npy"):
        return None
    other = path[: -len(".npy")] + ".solutions.npy"
    return other if os.path.isfile(other) else None


@overload
def read(
    path: Union[str, "os.PathLike[str]"],
    *,
    solutions: Literal[False] = ...,
    return_shape: Literal[False] = ...,
    size: Optional[int] = ...,
    box: Box = ...,
    variant: Optional[str] = ...,
    regions: Regions = ...,
    format: Optional[str] = ...,
    jobs: Optional[int] = ...,
) -> np.ndarray: ...
@overload
def read(
    path: Union[str, "os.PathLike[str]"],
    *,
    solutions: Literal[True],
    return_shape: Literal[False] = ...,
    size: Optional[int] = ...,
    box: Box = ...,
    variant: Optional[str] = ...,
    regions: Regions = ...,
    format: Optional[str] = ...,
    jobs: Optional[int] = ...,
) -> Tuple[np.ndarray, np.ndarray]: ...
@overload
def read(
    path: Union[str, "os.PathLike[str]"],
    *,
    solutions: Literal[False] = ...,
    return_shape: Literal[True],
    size: Optional[int] = ...,
    box: Box = ...,
    variant: Optional[str] = ...,
    regions: Regions = ...,
    format: Optional[str] = ...,
    jobs: Optional[int] = ...,
) -> Tuple[np.ndarray, ShapeArgs]: ...
@overload
def read(
    path: Union[str, "os.PathLike[str]"],
    *,
    solutions: Literal[True],
    return_shape: Literal[True],
    size: Optional[int] = ...,
    box: Box = ...,
    variant: Optional[str] = ...,
    regions: Regions = ...,
    format: Optional[str] = ...,
    jobs: Optional[int] = ...,
) -> Tuple[np.ndarray, np.ndarray, ShapeArgs]: ...
def read(
    path: Union[str, "os.PathLike[str]"],
    *,
    solutions: bool = False,
    return_shape: bool = False,
    size: Optional[int] = None,
    box: Box = None,
    variant: Optional[str] = None,
    regions: Regions = None,
    format: Optional[str] = None,
    jobs: Optional[int] = None,
) -> Union[
    np.ndarray,
    Tuple[np.ndarray, np.ndarray],
    Tuple[np.ndarray, ShapeArgs],
    Tuple[np.ndarray, np.ndarray, ShapeArgs],
]:
    """Every grid or puzzle of a file, in any format the CLI reads (line,
    grid, CSV, JSON Lines, the ML layouts, npy; detected line by line unless
    ``format`` is given), packed or not, as the CLI reads it: gzip, a zip
    (its members in order, as the Kaggle sets ship; a record of a member is
    named ``ARCHIVE:MEMBER:LINE`` in messages) and NumPy's ``.npz`` (its
    puzzles, and its ``solutions`` array), known by their first bytes, not
    by their names.

    Args:
        solutions: also return the solution each record carries (``PUZZLE
            SOLUTION`` lines, a CSV's or JSON record's solution field, a
            Kaggle file's ``solutions`` column, an ``.npz``'s
            ``solutions`` array, and for ``NAME.npy`` the rows of
            ``NAME.solutions.npy`` beside it), all zeros where a record
            carries none. (In the ``grid`` layout a solution is a record of
            its own.)
        return_shape: also return the records' shape as keywords for the
            other functions (``ShapeArgs``): ``grids, shape = read(p,
            return_shape=True); solve(grids, **shape)``. For killer records
            (written by ``sudogen puzzle --variant killer`` in any format
            that holds cages) ``shape["cages"]`` holds each record's cages
            (``KillerCages``); without ``return_shape`` a
            ``SudogenWarning`` says the arrays hold the givens only.
        size, box, variant, regions: read every record as this shape
            (default: what each record says, else its side's usual boxes).

    Returns:
        ``(N, side, side)`` ``uint8``, ``0`` for empty (then the solutions,
        the same shape, and the ``ShapeArgs``, as asked).

    Raises:
        ValueError: an unreadable record (``FILE:LINE: message``), records
            of several shapes, a ``.solutions.npy`` of other rows, or a file
            that holds no records (``bzip2-compressed input; unpack it
            first (bunzip2)``, a damaged archive).
        OSError: a file that cannot be opened or read.
    """
    spec = _spec(size, box, variant, regions)
    name = os.fspath(path)
    grids, _, carried, found, cages = _read(name, spec, format, bool(solutions), jobs)
    if cages is not None and not return_shape:
        warnings.warn(
            f"{name}: killer records: the arrays hold their givens only; "
            "read(path, return_shape=True) gives their cages too",
            SudogenWarning,
            stacklevel=2,
        )
    beside = _beside(name) if carried is not None and not carried.any() else None
    if carried is not None and beside is not None:
        carried, _, _, _, _ = _read(beside, found, format, False, jobs)
        if carried.shape != grids.shape:
            raise ValueError(
                f"{beside}: {carried.shape[0]} solutions of {carried.shape[1]}x"
                f"{carried.shape[1]} for {grids.shape[0]} puzzles of {grids.shape[1]}x"
                f"{grids.shape[1]} in {name}; pair each puzzle file with its own"
            )
    shape = _shape_args(found, cages)
    if carried is None:
        return (grids, shape) if return_shape else grids
    return (grids, carried, shape) if return_shape else (grids, carried)


def to_strings(grids: Puzzles) -> List[str]:
    """Each grid or puzzle as a line (``sudogen``'s ``line`` format): ``.`` for
    empty, ``1``-``9`` then ``A``-``P``."""
    arr, _, _, _ = _grids(grids)
    flat = _SYMBOLS[arr.reshape(len(arr), -1)]
    return [row.tobytes().decode("ascii") for row in flat]
