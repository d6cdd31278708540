"""The native half of ``sudogen`` (Rust, PyO3): the raw functions the
package's wrapper (``sudogen/__init__.py``) calls. Use the wrapper: it
accepts more kinds of input, checks arguments, names records in messages,
and shapes the results.

Every array is C-contiguous; grids are ``uint8`` ``(N, side, side)``, ``0``
for an empty cell. ``jobs=None`` uses every core. The shape keywords
(``size=``, ``box=``, ``variant=``, ``regions=``) are resolved once by
``spec`` into a ``Spec`` that every function making or taking grids takes:
for arrays, the side comes from the array and the boxes and variant from
the ``Spec``. Functions that take grids return per-record problems as
``(row, message)`` pairs in row order. ``canon``, ``fingerprints``,
``split``, ``distinct`` and ``transform`` refuse a variant, as the CLI
does.
"""

from typing import List, Optional, Tuple, final

import numpy as np
import numpy.typing as npt

__version__: str
__all__ = [
    "__version__",
    "Spec",
    "canon",
    "distinct",
    "fingerprints",
    "generate",
    "names",
    "parse",
    "puzzles",
    "rate",
    "read",
    "search_each",
    "spec",
    "split",
    "transform",
]

_Grids = npt.NDArray[np.uint8]
_Problems = List[Tuple[int, str]]
#: One killer puzzle's cages: ``(sum, cells)``, cells row-major from 0.
_Cages = List[Tuple[int, List[int]]]

@final
class Spec:
    """A shape asked for (``spec(...)``), or the shape of a file's records
    (``read``)."""

    @property
    def side(self) -> Optional[int]:
        """The side, if known."""
    @property
    def box(self) -> Optional[str]:
        """The boxes as ``RxC``, when they are not the side's usual ones."""
    @property
    def variant(self) -> Optional[str]:
        """``x``, ``hyper``, ``jigsaw``, ``killer`` or ``x-killer``, if any."""
    @property
    def killer(self) -> bool:
        """Whether the records are killer puzzles, each with its cages."""
    @property
    def regions(self) -> Optional[str]:
        """A jigsaw's region map, as letters row by row."""

def spec(
    size: Optional[int] = None,
    boxes: Optional[Tuple[int, int]] = None,
    variant: Optional[str] = None,
    regions: Optional[str] = None,
    draw: bool = False,
) -> Spec:
    """The shape keywords resolved, as the CLI resolves --size, --box,
    --variant and --regions (the map as letters); with ``draw``, jigsaw
    without regions draws a map for every grid of a run."""

def names() -> List[Tuple[str, List[str]]]:
    """Names of strategies, symmetries, levels, canonical forms, formats,
    variants."""

def generate(
    n: int,
    spec: Spec,
    strategy: Optional[str] = None,
    seed: int = 0,
    start: int = 0,
    jobs: Optional[int] = None,
) -> _Grids: ...
def puzzles(
    n: int,
    strategy: Optional[str],
    spec: Spec,
    seed: int,
    start: int,
    symmetry: Optional[str],
    clues: Optional[int],
    budget: Optional[int],
    rating: Optional[str],
    level: Optional[str],
    attempts: Optional[int],
    jobs: Optional[int] = None,
) -> Tuple[
    _Grids,
    _Grids,
    npt.NDArray[np.uint64],
    Optional[npt.NDArray[np.uint8]],
    Optional[npt.NDArray[np.bool_]],
    Optional[npt.NDArray[np.uint64]],
    npt.NDArray[np.bool_],
    List[str],
    Optional[List[_Cages]],
    Optional[List[str]],
]:
    """Puzzles, solutions, run indices, ratings (tenths) and exact (rated
    runs), attempts (rated runs, and clue targets with ``attempts``),
    fell-short flags, the CLI's end-of-run warnings, each puzzle's cages
    (killer runs) and region map (jigsaw runs that draw them). ``attempts``:
    ``None`` for the CLI's defaults (1000 candidates for a range, one
    removal order for a clue target)."""

def read(
    path: str,
    spec: Spec,
    format: Optional[str] = None,
    solutions: bool = False,
    jobs: Optional[int] = None,
) -> Tuple[
    _Grids,
    npt.NDArray[np.uint64],
    Optional[_Grids],
    Spec,
    List[Tuple[int, str]],
    Optional[List[_Cages]],
]:
    """Grids of a file (gzip, zip and ``.npz`` unpacked as the CLI unpacks
    them), the line of each in its input, (with ``solutions``) the
    solution each carries (zeros where none), the records' shape, the
    inputs the file held as ``(first row, name)`` (a zip's members as
    ``ARCHIVE:MEMBER``), and for killer records each one's cages."""

def parse(strings: List[str], spec: Spec, what: str = "puzzles") -> _Grids: ...
def search_each(
    grids: _Grids,
    spec: Spec,
    limit: int,
    budget: Optional[int],
    jobs: Optional[int] = None,
    cages: Optional[List[_Cages]] = None,
) -> Tuple[_Grids, npt.NDArray[np.uint64], npt.NDArray[np.bool_], _Problems]:
    """First solutions (zeros if none), counts up to limit, cut flags;
    killer puzzles with ``cages``, one list a row."""

def rate(
    grids: _Grids,
    spec: Spec,
    budget: Optional[int],
    work: Optional[int],
    jobs: Optional[int] = None,
    explain: bool = False,
    cages: Optional[List[_Cages]] = None,
) -> Tuple[
    Tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8], npt.NDArray[np.uint8]],
    Tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_], npt.NDArray[np.bool_]],
    npt.NDArray[np.uint64],
    List[str],
    List[str],
    npt.NDArray[np.uint64],
    _Problems,
    str,
    List[str],
]:
    """(SE, EP, ED) in tenths, whether each is exact, the nested chains'
    work, level, hardest technique, steps, problems, scale, and with
    ``explain`` each puzzle's path as JSON; killer puzzles (``cages``)
    by their killer level, as ``sudogen rate`` (scale ``killer level``)."""

def canon(
    grids: _Grids,
    spec: Spec,
    by: str = "string",
    transforms: bool = False,
    jobs: Optional[int] = None,
) -> Tuple[_Grids, Optional[List[str]], _Problems]: ...
def fingerprints(
    grids: _Grids, spec: Spec, by: str = "string", jobs: Optional[int] = None
) -> Tuple[npt.NDArray[np.uint64], _Problems]: ...
def split(
    grids: _Grids,
    spec: Spec,
    fractions: List[float],
    seed: int = 0,
    by: str = "string",
    solutions: Optional[_Grids] = None,
    jobs: Optional[int] = None,
) -> Tuple[npt.NDArray[np.int64], _Problems]: ...
def distinct(
    grids: _Grids, spec: Spec, by: str = "string", jobs: Optional[int] = None
) -> Tuple[npt.NDArray[np.bool_], _Problems]: ...
def transform(
    grids: _Grids,
    spec: Spec,
    seed: int = 0,
    copies: int = 1,
    start: int = 0,
    solutions: Optional[_Grids] = None,
    jobs: Optional[int] = None,
) -> Tuple[_Grids, Optional[_Grids], _Problems]:
    """Copies, the solutions' copies, and the rows whose solution does not
    solve their puzzle."""
