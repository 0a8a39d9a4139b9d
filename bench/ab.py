#!/usr/bin/env python3
"""Times two or more tapline binaries on one script, runs interleaved so that the machine's
load falls on each alike; prints min, first quartile and median wall time of each.

    bench/ab.py [--runs N] [--run] SCRIPT BINARY...     (--check SCRIPT unless --run)

For a change's before and after (build each, copy the binaries aside); `bench/bench.py` is
the table against the peers.
"""
import argparse
import statistics
import subprocess
import time


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--run", action="store_true", help="run the script instead of checking it")
    parser.add_argument("script")
    parser.add_argument("binaries", nargs="+")
    args = parser.parse_args()
    walls = {binary: [] for binary in args.binaries}
    for _ in range(args.runs):
        for binary in args.binaries:
            command = [binary] + ([] if args.run else ["--check"]) + [args.script]
            start = time.perf_counter()
            subprocess.run(command, stdout=subprocess.DEVNULL, check=True)
            walls[binary].append(time.perf_counter() - start)
    width = max(len(binary) for binary in args.binaries)
    for binary, times in walls.items():
        times.sort()
        print(f"{binary:{width}}  min {times[0] * 1000:7.1f}  p25 {times[len(times) // 4] * 1000:7.1f}"
              f"  median {statistics.median(times) * 1000:7.1f} ms")


if __name__ == "__main__":
    main()
