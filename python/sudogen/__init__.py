"""sudogen: fast, reproducible Sudoku grids and puzzles as NumPy arrays.

The native half (``sudogen._sudogen``, Rust) binds the sudogen library, the
same code the ``sudogen`` command line runs, so::

    sudogen.generate(1000, seed=7)

holds, cell for cell, the grids of ``sudogen generate -n 1000 --seed 7``,
and ``sudogen.puzzles(...)`` the puzzles of ``sudogen puzzle`` with the
same options. Record ``i`` of a run is a pure function of (strategy, size,
seed, index): ``start=k*m, n=m`` gives shard ``k`` of a corpus on any
machine, and the shards concatenate to the whole run.

Grids are ``uint8`` arrays of shape ``(N, side, side)``, ``0`` for an empty
cell. Functions that take puzzles accept such an array, an ``(N,
side*side)`` array, a list of strings (one puzzle each, ``.`` or ``0`` for
empty), or a file path (any format the CLI reads: line, grid, CSV, JSON
Lines).

Heavy calls release the GIL, run on ``jobs`` threads (default: every core;
the output is the same for every value) and stop at Ctrl-C with
``KeyboardInterrupt``. Bad arguments and bad records raise ``ValueError``
with the message the CLI gives.

Not yet: shapes other than square boxes (6x6, 12x12, ...) and variants
(X, windoku, ...) are not in the library yet; they will take ``box=`` and
``variant=`` arguments here when they are.
"""

from __future__ import annotations

import operator
import os
import warnings
from dataclasses import dataclass, field
from typing import Callable, Dict, Iterator, List, Optional, Sequence, Tuple, Union

import numpy as np

from . import _sudogen as _native

__all__ = [
    "__version__",
    "SudogenWarning",
    "PuzzleSet",
    "Ratings",
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
    "STRATEGIES",
    "SYMMETRIES",
    "LEVELS",
    "CANONICAL_FORMS",
    "FORMATS",
]

__version__: str = _native.__version__

_NAMES = dict(_native.names())
#: The strategies ``generate`` and ``puzzles`` take.
STRATEGIES: Tuple[str, ...] = tuple(_NAMES["strategy"])
#: The symmetries ``puzzles`` takes.
SYMMETRIES: Tuple[str, ...] = tuple(_NAMES["symmetry"])
#: The levels ``puzzles`` takes, easiest first.
LEVELS: Tuple[str, ...] = tuple(_NAMES["level"])
#: The canonical conventions ``canon``, ``fingerprints``, ``split`` and
#: ``distinct`` take.
CANONICAL_FORMS: Tuple[str, ...] = tuple(_NAMES["by"])
#: The file formats ``read`` takes (all are detected when not given).
FORMATS: Tuple[str, ...] = tuple(_NAMES["format"])

#: What the puzzle-taking functions accept: an ``(N, side, side)`` or
#: ``(N, side*side)`` integer array, a list of strings, or a file path.
Puzzles = Union[np.ndarray, Sequence[str], Sequence[Sequence[int]], str, "os.PathLike[str]"]

_SIDES = (4, 9, 16, 25)
_MAX_U64 = 2**64 - 1
_SYMBOLS = np.frombuffer(b".123456789ABCDEFGHIJKLMNOP", dtype=np.uint8)


class SudogenWarning(UserWarning):
    """What the CLI reports on standard error at the end of a run that it
    still writes (puzzles the search budget kept from being proven minimal,
    indices a rated run could not fill, a clue target out of reach)."""


@dataclass(frozen=True)
class PuzzleSet:
    """The puzzles of a run.

    Unpacks as ``puzzles, solutions`` or, in a rated run (``level`` or
    ``rating`` given), ``puzzles, solutions, ratings``.

    Attributes:
        puzzles: ``(M, side, side)`` ``uint8``, ``0`` for empty.
        solutions: ``(M, side, side)`` ``uint8``: each puzzle's unique
            solution (grid ``index[i]`` of ``generate`` with the same
            strategy, size and seed, unless ``attempts[i] > 0``).
        index: ``(M,)`` ``uint64``: the run index of each row. ``M == n``
            except in a rated run whose attempts all missed the range for
            some index: those rows are left out, as the CLI leaves them out,
            with a ``SudogenWarning``.
        ratings: ``(M,)`` ``float32`` Sudoku Explainer ratings (rated runs
            only, else ``None``); a lower bound where ``exact`` is false.
        exact: ``(M,)`` ``bool``: whether the rating is SE's own (false for
            a lower bound, such as ``6.5+`` beyond 9x9); ``None`` in a run
            that is not rated.
        attempts: ``(M,)`` ``uint64``: the attempt that gave each puzzle
            (rated runs only, else ``None``).
        short: ``(M,)`` ``bool``: puzzles the search budget kept from what
            was asked (unique, but not known to be minimal, or above the
            clue target); the CLI warns about them, and so does this.
    """

    puzzles: np.ndarray
    solutions: np.ndarray
    index: np.ndarray
    ratings: Optional[np.ndarray] = None
    exact: Optional[np.ndarray] = None
    attempts: Optional[np.ndarray] = None
    short: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=bool))

    def __iter__(self) -> Iterator[np.ndarray]:
        yield self.puzzles
        yield self.solutions
        if self.ratings is not None:
            yield self.ratings


@dataclass(frozen=True)
class Ratings:
    """Sudoku Explainer ratings of puzzles.

    Unpacks as ``se, level, technique``.

    Attributes:
        se: ``(N,)`` ``float32``: the SE rating (``0.0`` for a puzzle that
            could not be rated, with ``errors="ignore"``); a lower bound
            where ``exact`` is false.
        level: the level of each (``easy`` ... ``fiendish``; ``""`` if not
            rated).
        technique: the hardest technique of each (``chains`` for the
            ``6.5+`` bound beyond 9x9, ``none`` for a complete grid; ``""``
            if not rated).
        exact: ``(N,)`` ``bool``: whether ``se`` is SE's own rating (false
            for a lower bound, and for a puzzle that was not rated).
        steps: ``(N,)`` ``uint64``: the steps of the solution path.
        problems: why each puzzle not rated was not, by row (empty unless
            ``errors="ignore"``).
        scale: what ``se`` is, as the library rules for the puzzles'
            shape and as ``sudogen rate -f json`` writes it: ``"SE"``
            (Sudoku Explainer's rating, classic 9x9 only) or ``"technique
            level"`` (the rating of the hardest technique on the same
            scale, every other shape).
    """

    se: np.ndarray
    level: List[str]
    technique: List[str]
    exact: np.ndarray
    steps: np.ndarray
    problems: Dict[int, str] = field(default_factory=dict)
    scale: str = "SE"

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


def _budget(budget: Optional[int]) -> Optional[int]:
    if budget is None:
        return None
    return _whole(budget, "a number of guesses", "1000000")


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


# Inputs ----------------------------------------------------------------


def _grids(
    puzzles: Puzzles,
    size: Optional[int] = None,
    format: Optional[str] = None,
    jobs: Optional[int] = None,
    what: str = "puzzles",
) -> Tuple[np.ndarray, Callable[[int], str]]:
    """Any accepted input as a contiguous ``(N, side, side)`` ``uint8`` array,
    and how to name its record ``i`` in a message."""
    if size is not None and size not in _SIDES:
        raise ValueError(f"'{size}' is not a grid size; use 4, 9, 16 or 25")
    if isinstance(puzzles, (str, os.PathLike)):
        path = os.fspath(puzzles)
        grids, lines, _ = _native.read(path, size, format, False, _jobs(jobs))
        return grids, lambda i: f"{path}:{int(lines[i])}"
    if isinstance(puzzles, (bytes, bytearray)):
        raise TypeError(f"{what}: bytes; pass a file path as str, or puzzles as strings")
    if isinstance(puzzles, np.ndarray) and puzzles.dtype.kind in "US":
        puzzles = [str(s) for s in puzzles.tolist()]
    if isinstance(puzzles, (list, tuple)) and puzzles and isinstance(puzzles[0], str):
        if not all(isinstance(s, str) for s in puzzles):
            raise TypeError(f"{what}: a list that mixes strings with other things")
        return _native.parse(list(puzzles), size), lambda i: f"{what}[{i}]"
    arr = np.asarray(puzzles)

    def label(i: int) -> str:
        return f"{what}[{i}]"

    if arr.size == 0 and arr.ndim <= 2 and arr.dtype.kind not in "iu":
        side = size or 9
        return np.zeros((0, side, side), dtype=np.uint8), label
    if arr.dtype.kind not in "iu":
        raise TypeError(
            f"{what}: an array of {arr.dtype}; use integers 0 to side (0 for empty), "
            "strings, or a file path"
        )
    if arr.ndim == 3 and arr.shape[1] == arr.shape[2] and arr.shape[1] in _SIDES:
        side = arr.shape[1]
    elif arr.ndim == 2 and arr.shape[1] in (16, 81, 256, 625):
        side = {16: 4, 81: 9, 256: 16, 625: 25}[arr.shape[1]]
        arr = arr.reshape(len(arr), side, side)
    else:
        hint = ""
        if arr.ndim == 2 and arr.shape[0] == arr.shape[1] and arr.shape[0] in _SIDES:
            hint = f"; for one puzzle use shape (1, {arr.shape[0]}, {arr.shape[0]})"
        raise ValueError(
            f"{what}: an array of shape {arr.shape}; use (N, side, side) or "
            f"(N, side*side), side 4, 9, 16 or 25{hint}"
        )
    if size is not None and side != size:
        raise ValueError(f"{what}: {side}x{side} grids, but size={size}")
    if arr.size and (arr.min() < 0 or arr.max() > side):
        bad = (arr < 0) | (arr > side)
        if bad.any():
            row = int(np.argwhere(bad.reshape(len(arr), -1).any(axis=1))[0][0])
            value = arr[row][bad[row]].flat[0]
            raise ValueError(
                f"{label(row)}: {value} is out of range for a {side}x{side} grid "
                f"(0 to {side}, 0 for empty)"
            )
    return np.ascontiguousarray(arr, dtype=np.uint8), label


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
    lines = [f"{label(int(row))}: {message}" for row, message in problems[:10]]
    if total > 10:
        lines.append(f"... and {total - 10} more")
    raise ValueError("\n".join(lines))


# Making ----------------------------------------------------------------


def generate(
    n: int,
    *,
    strategy: Optional[str] = None,
    size: int = 9,
    seed: int = 0,
    start: int = 0,
    jobs: Optional[int] = None,
) -> np.ndarray:
    """Grids ``start .. start+n-1`` of a run, as ``sudogen generate`` makes them.

    Args:
        n: how many grids.
        strategy: the generation algorithm (``STRATEGIES``); by default
            ``uniform`` for 4x4 and 9x9 (every grid equally likely) and
            ``backtrack`` for 16x16 and 25x25, as in the CLI.
        size: the side, 4, 9, 16 or 25.
        seed: the run's seed (0 to 2**64-1).
        start: the index of the first grid: ``start=k*m, n=m`` is shard ``k``.
        jobs: worker threads (default: every core); the grids are the same
            for every value.

    Returns:
        ``(n, size, size)`` ``uint8``: row ``i`` is grid ``start+i``, the same
        cells as line ``i`` of ``sudogen generate -n N --seed S --start K``.

    Raises:
        ValueError: an unknown strategy, a size it cannot make, a run past
            index 2**64-1.
        KeyboardInterrupt: Ctrl-C during the call.
    """
    return _native.generate(
        _whole(n, "a count", "1000"),
        strategy,
        _whole(size, "a grid size", "9"),
        _whole(seed, "a seed", "42"),
        _whole(start, "an index", "1000"),
        _jobs(jobs),
    )


def puzzles(
    n: int,
    *,
    seed: int = 0,
    start: int = 0,
    size: int = 9,
    strategy: Optional[str] = None,
    symmetry: Optional[str] = None,
    level: Optional[str] = None,
    rating: Union[str, float, Tuple[Optional[float], Optional[float]], None] = None,
    clues: Optional[int] = None,
    budget: Optional[int] = 1_000_000,
    attempts: int = 1000,
    jobs: Optional[int] = None,
) -> PuzzleSet:
    """Puzzles ``start .. start+n-1`` of a run, as ``sudogen puzzle`` makes them.

    Each puzzle has exactly one solution, grid ``i`` of ``generate`` with the
    same strategy, size and seed, and is minimal (no given can go) unless
    ``clues`` stops the removal early.

    Args:
        n: how many puzzles.
        seed, start, size, strategy, jobs: as for ``generate``.
        symmetry: the symmetry of the givens (``SYMMETRIES``; default none).
        level: keep only puzzles of this level (``LEVELS``: easy SE 1.0-1.5,
            medium 1.6-2.5, hard 2.6-4.4, expert 4.5-6.4, fiendish 6.5 up).
        rating: keep only puzzles rated in this SE range: ``"4.0..6.2"``,
            ``"8.0.."``, ``(4.0, 6.2)``, ``(None, 2.0)`` or ``4.5``. A
            range too rare for ``attempts`` (9.1 and up at 9x9) is refused
            with its odds, as the CLI refuses it.
        clues: stop removing givens at this many clues (unique, not minimal).
        budget: guesses one puzzle's uniqueness checks may spend together
            (``None``: no bound); a given whose check runs out stays.
        attempts: with ``level`` or ``rating``: candidates tried per puzzle.

    Returns:
        A ``PuzzleSet``: unpack it as ``puzzles, solutions`` (or ``puzzles,
        solutions, ratings`` when ``level`` or ``rating`` is given). The
        cells, solutions, ratings and attempts equal ``sudogen puzzle -n N
        --seed S --with-solution ...`` with the same options.

    Raises:
        ValueError: the CLI's usage errors (a clue target the size does not
            allow, a rating range that cannot be rated exactly, ...).
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
    out = _native.puzzles(
        _whole(n, "a count", "1000"),
        strategy,
        _whole(size, "a grid size", "9"),
        _whole(seed, "a seed", "42"),
        _whole(start, "an index", "1000"),
        symmetry,
        clues,
        _budget(budget),
        _rating_text(rating),
        level,
        _whole(attempts, "a number of attempts", "1000", least=1),
        _jobs(jobs),
    )
    grids, solutions, index, se, exact, attempt, short, notes = out
    for note in notes:
        warnings.warn(note, SudogenWarning, stacklevel=2)
    ratings = None if se is None else (se.astype(np.float32) / np.float32(10))
    return PuzzleSet(grids, solutions, index, ratings, exact, attempt, short)


# Solving and rating ----------------------------------------------------


def _search(
    puzzles: Puzzles,
    limit: int,
    budget: Optional[int],
    size: Optional[int],
    format: Optional[str],
    jobs: Optional[int],
) -> Tuple[
    np.ndarray, Callable[[int], str], int, Optional[int], np.ndarray, np.ndarray, np.ndarray
]:
    """Searches every puzzle: the grids, how to name them, the limit and
    budget checked, the first solutions, the counts and the cut flags."""
    limit = _whole(limit, "a solution limit", "1000", least=1)
    budget = _budget(budget)
    grids, label = _grids(puzzles, size, format, jobs)
    solutions, counts, cut, problems = _native.search_each(grids, limit, budget, _jobs(jobs))
    _raise(problems, label)
    return grids, label, limit, budget, solutions, counts, cut


def _budget_message(budget: Optional[int], found: int) -> str:
    return (
        f"search budget of {budget if budget is not None else _MAX_U64} guesses "
        f"exceeded ({found} solutions found); raise budget"
    )


def solve(
    puzzles: Puzzles,
    limit: int = 2,
    *,
    budget: Optional[int] = 1_000_000,
    size: Optional[int] = None,
    format: Optional[str] = None,
    jobs: Optional[int] = None,
    errors: str = "raise",
) -> np.ndarray:
    """The solution of each puzzle, as ``sudogen solve``.

    Args:
        puzzles: an ``(N, side, side)`` or ``(N, side*side)`` array (``0``
            for empty), a list of strings, or a file path (any format).
        limit: 2 (the default) checks that each solution is unique; 1 takes
            any one solution of a puzzle that has several.
        budget: guesses one search may make (``None``: no bound).
        size: read every record as this size (default: from each record).
        format: read a file in this format (default: detected per line).
        jobs: worker threads (default: every core).
        errors: ``"raise"`` (default): ``ValueError`` naming every puzzle
            with no solution, several, or a search cut by the budget, as the
            CLI reports them (``puzzles[3]: no solution``, or
            ``FILE:LINE: ...`` for a file). ``"ignore"``: such rows hold the
            puzzle as it was, as the CLI writes it.

    Returns:
        ``(N, side, side)`` ``uint8`` solutions, in input order.
    """
    raising = _errors(errors)
    grids, label, limit, budget, solutions, counts, cut = _search(
        puzzles, limit, budget, size, format, jobs
    )
    bad = cut | (counts != 1)
    if bad.any():
        rows = np.flatnonzero(bad)
        if raising:
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
            _raise(problems, label, total=len(rows))
        solutions[rows] = grids[rows]
    return solutions


def count(
    puzzles: Puzzles,
    limit: int = 2,
    *,
    budget: Optional[int] = 1_000_000,
    size: Optional[int] = None,
    format: Optional[str] = None,
    jobs: Optional[int] = None,
    errors: str = "raise",
) -> np.ndarray:
    """How many solutions each puzzle has, up to ``limit``, as
    ``sudogen solve --count --limit LIMIT``.

    Returns:
        ``(N,)`` ``uint64``: 0, 1, ... or ``limit`` (meaning ``limit`` or more).

    Raises:
        ValueError: a search cut by the budget (with ``errors="raise"``, the
            default; with ``"ignore"`` its count is a lower bound).
    """
    raising = _errors(errors)
    _, label, limit, budget, _, counts, cut = _search(puzzles, limit, budget, size, format, jobs)
    if raising and cut.any():
        rows = np.flatnonzero(cut)
        problems = [(int(r), _budget_message(budget, int(counts[r]))) for r in rows[:10]]
        _raise(problems, label, total=len(rows))
    return counts


def rate(
    puzzles: Puzzles,
    *,
    budget: Optional[int] = 1_000_000,
    size: Optional[int] = None,
    format: Optional[str] = None,
    jobs: Optional[int] = None,
    errors: str = "raise",
) -> Ratings:
    """Sudoku Explainer ratings, as ``sudogen rate``.

    Returns:
        A ``Ratings``; unpack it as ``se, level, technique``. ``se`` is
        ``float32`` and never NaN: SE's own rating over the whole scale at
        9x9, nested forcing chains (9.0 to about 12) included. Where
        ``exact`` is false it is a lower bound (``6.5+`` in the CLI's output:
        beyond 9x9, where chains are not searched). SE ratings are defined
        for classic 9x9; for other sizes the number is a technique level,
        the rating of the hardest technique on the same scale, and
        ``scale`` says which.

    Raises:
        ValueError: a puzzle without exactly one solution, or whose
            uniqueness check ran out of ``budget`` (with ``errors="raise"``,
            the default; with ``"ignore"`` it is rated ``0.0`` and its reason
            is in ``problems``).
    """
    raising = _errors(errors)
    grids, label = _grids(puzzles, size, format, jobs)
    se, exact, level, technique, steps, problems, scale = _native.rate(
        grids, _budget(budget), _jobs(jobs)
    )
    if raising:
        _raise(problems, label)
    return Ratings(
        se.astype(np.float32) / np.float32(10),
        level,
        technique,
        exact,
        steps,
        {int(row): message for row, message in problems},
        scale,
    )


# Canonical forms and transforms ---------------------------------------


def canon(
    puzzles: Puzzles,
    by: str = "string",
    *,
    transforms: bool = False,
    size: Optional[int] = None,
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

    Returns:
        ``(N, side, side)`` ``uint8`` forms (and the list of transforms).
        Two records are isomorphs exactly when their forms are equal.

    Raises:
        ValueError: givens that repeat a symbol in a unit, or (``by=
            "solution"``) a puzzle without exactly one solution.
    """
    grids, label = _grids(puzzles, size, format, jobs)
    forms, texts, problems = _native.canon(grids, by, transforms, _jobs(jobs))
    _raise(problems, label)
    if texts is None:
        return forms
    return forms, texts


def fingerprints(
    puzzles: Puzzles,
    by: str = "string",
    *,
    size: Optional[int] = None,
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
    grids, label = _grids(puzzles, size, format, jobs)
    prints, problems = _native.fingerprints(grids, by, _jobs(jobs))
    _raise(problems, label)
    return prints


def split(
    puzzles: Puzzles,
    fractions: Sequence[float],
    *,
    seed: int = 0,
    by: str = "string",
    size: Optional[int] = None,
    format: Optional[str] = None,
    jobs: Optional[int] = None,
) -> np.ndarray:
    """The part of a split each record falls in, all isomorphs in one part
    (``sudogen::dataset::Split``): a leak-free train/test split.

    Args:
        fractions: each part's expected share, e.g. ``(0.8, 0.1, 0.1)``;
            they may add up to less than 1.
        seed: another seed gives another, independent split.

    Returns:
        ``(N,)`` ``int64``: the part of each record, ``-1`` past the last part.
    """
    grids, label = _grids(puzzles, size, format, jobs)
    fractions = [float(x) for x in fractions]
    parts, problems = _native.split(
        grids, fractions, _whole(seed, "a seed", "42"), by, _jobs(jobs)
    )
    _raise(problems, label)
    return parts


def distinct(
    puzzles: Puzzles,
    by: str = "string",
    *,
    size: Optional[int] = None,
    format: Optional[str] = None,
    jobs: Optional[int] = None,
) -> np.ndarray:
    """Whether each record is the first of its isomorphism class
    (``sudogen::dataset::Distinct``): ``puzzles[distinct(puzzles)]`` drops
    isomorphs of earlier records.

    Returns:
        ``(N,)`` ``bool``.
    """
    grids, label = _grids(puzzles, size, format, jobs)
    first, problems = _native.distinct(grids, by, _jobs(jobs))
    _raise(problems, label)
    return first


def transform(
    puzzles: Puzzles,
    seed: int = 0,
    copies: int = 1,
    solutions: Optional[Puzzles] = None,
    *,
    start: int = 0,
    size: Optional[int] = None,
    format: Optional[str] = None,
    jobs: Optional[int] = None,
) -> Union[np.ndarray, Tuple[np.ndarray, np.ndarray]]:
    """Random symmetries of each record, for augmentation: transposition,
    band, stack, row and column permutations, and relabelling, each drawn
    uniformly (``sudogen::transform::TransformStream``).

    Copy ``k`` of record ``i`` is reproducible from ``(seed, start+i, k)``
    alone: shards with ``start`` give the rows of the whole.

    Args:
        seed: the transforms' seed.
        copies: transformed copies per record (none is the record itself).
        solutions: if given (same shape), each is transformed with its
            puzzle's transform.
        start: the index of the first record.

    Returns:
        ``(N*copies, side, side)`` ``uint8``: copy ``k`` of record ``i`` at row
        ``i*copies + k`` (and the transformed solutions, when given).
    """
    grids, _ = _grids(puzzles, size, format, jobs)
    sols = None
    if solutions is not None:
        sols, _ = _grids(solutions, size, format, jobs, what="solutions")
    copies = _whole(copies, "a number of copies", "3")
    if copies > 2**32 - 1:
        raise ValueError(f"'{copies}' is too large for a number of copies; the largest is {2**32 - 1}")
    out, out_solutions = _native.transform(
        grids,
        _whole(seed, "a seed", "42"),
        copies,
        _whole(start, "an index", "1000"),
        sols,
        _jobs(jobs),
    )
    if out_solutions is None:
        return out
    return out, out_solutions


# Files and text --------------------------------------------------------


def read(
    path: Union[str, "os.PathLike[str]"],
    *,
    solutions: bool = False,
    size: Optional[int] = None,
    format: Optional[str] = None,
    jobs: Optional[int] = None,
) -> Union[np.ndarray, Tuple[np.ndarray, np.ndarray]]:
    """Every grid or puzzle of a file, in any format the CLI reads (line,
    grid, CSV, JSON Lines, the ML layouts; detected line by line unless
    ``format`` is given).

    Args:
        solutions: also return the solution each record carries (``PUZZLE
            SOLUTION`` lines, a CSV's or JSON record's solution field, a
            Kaggle file's ``solutions`` column), all zeros where a record
            carries none. (In the ``grid`` layout a solution is a record of
            its own.)

    Returns:
        ``(N, side, side)`` ``uint8``, ``0`` for empty (and the solutions,
        the same shape).

    Raises:
        ValueError: an unreadable record (``FILE:LINE: message``), or
            records of several sizes.
        OSError: a file that cannot be opened.
    """
    if size is not None and size not in _SIDES:
        raise ValueError(f"'{size}' is not a grid size; use 4, 9, 16 or 25")
    grids, _, carried = _native.read(os.fspath(path), size, format, bool(solutions), _jobs(jobs))
    if carried is None:
        return grids
    return grids, carried


def to_strings(grids: Puzzles) -> List[str]:
    """Each grid or puzzle as a line (``sudogen``'s ``line`` format): ``.`` for
    empty, ``1``-``9`` then ``A``-``P``."""
    arr, _ = _grids(grids)
    flat = _SYMBOLS[arr.reshape(len(arr), -1)]
    return [row.tobytes().decode("ascii") for row in flat]
