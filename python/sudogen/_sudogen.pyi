"""The native half of ``sudogen`` (Rust, PyO3): the raw functions the
package's wrapper (``sudogen/__init__.py``) calls. Use the wrapper: it
accepts more kinds of input, checks arguments, names records in messages,
and shapes the results.

Every array is C-contiguous; grids are ``uint8`` ``(N, side, side)``, ``0``
for an empty cell. ``jobs=None`` uses every core. Functions that take grids
return per-record problems as ``(row, message)`` pairs in row order.

Not in the library yet, so not here: shapes with boxes that are not square
(6x6 of 2x3 boxes, 12x12, ...) and variants (X, windoku, ...); ``generate``
and ``puzzles`` will take ``box=`` and ``variant=`` when the library has
them, and ``canon``/``transform`` already work on square shapes only.
"""

from typing import List, Optional, Tuple

import numpy as np
import numpy.typing as npt

__version__: str
__all__ = [
    "__version__",
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
    "split",
    "transform",
]

_Grids = npt.NDArray[np.uint8]
_Problems = List[Tuple[int, str]]

def names() -> List[Tuple[str, List[str]]]:
    """Names of strategies, symmetries, levels, canonical forms, formats."""

def generate(
    n: int,
    strategy: Optional[str] = None,
    size: int = 9,
    seed: int = 0,
    start: int = 0,
    jobs: Optional[int] = None,
) -> _Grids: ...
def puzzles(
    n: int,
    strategy: Optional[str],
    size: int,
    seed: int,
    start: int,
    symmetry: Optional[str],
    clues: Optional[int],
    budget: Optional[int],
    rating: Optional[str],
    level: Optional[str],
    attempts: int,
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
]:
    """Puzzles, solutions, run indices, ratings (tenths), exact, attempts,
    fell-short flags, and the CLI's end-of-run warnings."""

def read(
    path: str,
    size: Optional[int] = None,
    format: Optional[str] = None,
    solutions: bool = False,
    jobs: Optional[int] = None,
) -> Tuple[_Grids, npt.NDArray[np.uint64], Optional[_Grids]]:
    """Grids of a file, the line of each, and (with ``solutions``) the
    solution each carries (zeros where none)."""

def parse(strings: List[str], size: Optional[int] = None) -> _Grids: ...
def search_each(
    grids: _Grids,
    limit: int,
    budget: Optional[int],
    jobs: Optional[int] = None,
) -> Tuple[_Grids, npt.NDArray[np.uint64], npt.NDArray[np.bool_], _Problems]:
    """First solutions (zeros if none), counts up to limit, cut flags."""

def rate(
    grids: _Grids, budget: Optional[int], jobs: Optional[int] = None
) -> Tuple[
    npt.NDArray[np.uint8],
    npt.NDArray[np.bool_],
    List[str],
    List[str],
    npt.NDArray[np.uint64],
    _Problems,
    str,
]:
    """SE in tenths, exact, level, hardest technique, steps, problems, scale."""

def canon(
    grids: _Grids, by: str = "string", transforms: bool = False, jobs: Optional[int] = None
) -> Tuple[_Grids, Optional[List[str]], _Problems]: ...
def fingerprints(
    grids: _Grids, by: str = "string", jobs: Optional[int] = None
) -> Tuple[npt.NDArray[np.uint64], _Problems]: ...
def split(
    grids: _Grids,
    fractions: List[float],
    seed: int = 0,
    by: str = "string",
    jobs: Optional[int] = None,
) -> Tuple[npt.NDArray[np.int64], _Problems]: ...
def distinct(
    grids: _Grids, by: str = "string", jobs: Optional[int] = None
) -> Tuple[npt.NDArray[np.bool_], _Problems]: ...
def transform(
    grids: _Grids,
    seed: int = 0,
    copies: int = 1,
    start: int = 0,
    solutions: Optional[_Grids] = None,
    jobs: Optional[int] = None,
) -> Tuple[_Grids, Optional[_Grids]]: ...
