"""The Python package against the CLI on the same work, runs interleaved.

    python python/benches/bench_vs_cli.py [--cli target/release/sudogen] [--reps 7]

Times, alternately, ``sudogen -n 1000000 --seed 7 -f line > /dev/null``
against ``sudogen.generate(1_000_000, seed=7)``, and ``sudogen puzzle -n
100000 --seed 7 --with-solution -f line > /dev/null`` against
``sudogen.puzzles(100_000, seed=7)`` (puzzles and solutions both ways), and
prints the best and median wall and CPU times, their ratios, and the load
average (the machine may be shared: interleaving spreads the load over both
sides, and CPU time is less sensitive to it than wall time).
The Python times are of the call alone, in a warm process; the CLI's are
of the whole process, start-up included (a few milliseconds).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import time
from pathlib import Path

import sudogen

ROOT = Path(__file__).resolve().parents[2]


def cpu(who: int) -> float:
    """User plus system CPU seconds of this process or its ended children."""
    r = resource.getrusage(who)
    return r.ru_utime + r.ru_stime


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cli", default=str(ROOT / "target" / "release" / "sudogen"))
    ap.add_argument("--reps", type=int, default=7)
    ap.add_argument("--jobs", type=int, default=None)
    args = ap.parse_args()
    jobs = [] if args.jobs is None else ["-j", str(args.jobs)]
    cases = [
        (
            "generate 1,000,000 grids",
            [args.cli, "-n", "1000000", "--seed", "7", "-f", "line", *jobs],
            lambda: sudogen.generate(1_000_000, seed=7, jobs=args.jobs),
        ),
        (
            "puzzles 100,000 (with solutions)",
            [args.cli, "puzzle", "-n", "100000", "--seed", "7", "--with-solution", "-f", "line", *jobs],
            lambda: sudogen.puzzles(100_000, seed=7, jobs=args.jobs),
        ),
    ]
    sudogen.generate(10)  # warm: the uniform sampler's tables
    print(f"load average before: {os.getloadavg()}; cores: {os.cpu_count()}")
    for name, command, call in cases:
        cli, py, cli_cpu, py_cpu = [], [], [], []
        for _ in range(args.reps):
            c = cpu(resource.RUSAGE_CHILDREN)
            t = time.perf_counter()
            subprocess.run(command, stdout=subprocess.DEVNULL, check=True)
            cli.append(time.perf_counter() - t)
            cli_cpu.append(cpu(resource.RUSAGE_CHILDREN) - c)
            c = cpu(resource.RUSAGE_SELF)
            t = time.perf_counter()
            call()
            py.append(time.perf_counter() - t)
            py_cpu.append(cpu(resource.RUSAGE_SELF) - c)
        med = statistics.median
        print(f"{name}:")
        print(
            f"  wall: CLI best {min(cli):.3f} s, median {med(cli):.3f} s; "
            f"Python best {min(py):.3f} s, median {med(py):.3f} s; "
            f"ratio best {min(py) / min(cli):.2f}x, median {med(py) / med(cli):.2f}x"
        )
        print(
            f"  CPU (user+sys, all threads): CLI best {min(cli_cpu):.3f} s, median {med(cli_cpu):.3f} s; "
            f"Python best {min(py_cpu):.3f} s, median {med(py_cpu):.3f} s; "
            f"ratio best {min(py_cpu) / min(cli_cpu):.2f}x, median {med(py_cpu) / med(cli_cpu):.2f}x"
        )
    print(f"load average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
