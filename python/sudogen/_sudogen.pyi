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

Grids = npt.NDArray[np.uint8]
Problems = List[Tuple[int, str]]

def names() -> List[Tuple[str, List[str]]]:
    """Names of strategies, symmetries, levels, canonical forms, formats."""

def generate(
    n: int,
    strategy: Optional[str] = None,
    size: int = 9,
    seed: int = 0,
    start: int = 0,
    jobs: Optional[int] = None,
) -> Grids: ...
def puzzles(
    n: int,
    strategy: Optional[str] = None,
    size: int = 9,
    seed: int = 0,
    start: int = 0,
    symmetry: Optional[str] = None,
    clues: Optional[int] = None,
    budget: Optional[int] = 1_000_000,
    rating: Optional[str] = None,
    level: Optional[str] = None,
    attempts: int = 1000,
    jobs: Optional[int] = None,
) -> Tuple[
    Grids,
    Grids,
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
    jobs: Optional[int] = None,
) -> Tuple[Grids, npt.NDArray[np.uint64]]:
    """Grids of a file and the line of each."""

def parse(strings: List[str], size: Optional[int] = None) -> Grids: ...
def search_each(
    grids: Grids,
    limit: int = 2,
    budget: Optional[int] = 1_000_000,
    jobs: Optional[int] = None,
) -> Tuple[Grids, npt.NDArray[np.uint64], npt.NDArray[np.bool_], Problems]:
    """First solutions (zeros if none), counts up to limit, cut flags."""

def rate(
    grids: Grids, budget: Optional[int] = 1_000_000, jobs: Optional[int] = None
) -> Tuple[
    npt.NDArray[np.uint8],
    npt.NDArray[np.bool_],
    List[str],
    List[str],
    npt.NDArray[np.uint64],
    Problems,
]:
    """SE in tenths, exact, level, hardest technique, steps, problems."""

def canon(
    grids: Grids, by: str = "string", transforms: bool = False, jobs: Optional[int] = None
) -> Tuple[Grids, Optional[List[str]], Problems]: ...
def fingerprints(
    grids: Grids, by: str = "string", jobs: Optional[int] = None
) -> Tuple[npt.NDArray[np.uint64], Problems]: ...
def split(
    grids: Grids,
    fractions: List[float],
    seed: int = 0,
    by: str = "string",
    jobs: Optional[int] = None,
) -> Tuple[npt.NDArray[np.int64], Problems]: ...
def distinct(
    grids: Grids, by: str = "string", jobs: Optional[int] = None
) -> Tuple[npt.NDArray[np.bool_], Problems]: ...
def transform(
    grids: Grids,
    seed: int = 0,
    copies: int = 1,
    start: int = 0,
    solutions: Optional[Grids] = None,
    jobs: Optional[int] = None,
) -> Tuple[Grids, Optional[Grids]]: ...
