#!/usr/bin/env python3
"""Tapline's benchmarks, side by side with a peer in the same run.

Builds tapline in release mode, runs every workload several times interleaved with its
RxPY peer (installed into a throwaway virtual environment from PyPI when it can be), and
prints a table: median wall time, ns per event, peak RSS, and the ratio to the peer.

    bench/bench.py                 the table
    bench/bench.py --runs 7        more runs per workload (median of them)
    bench/bench.py --scaling       how cost grows with events, chain length, subscribers
    bench/bench.py --only w1,w2    some workloads
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
import venv

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import workloads as W  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TAPLINE = os.path.join(ROOT, ".build", "release", "tapline")

WORKLOADS = [
    ("w1", "W1 pipeline: filter/map/reduce, 1M events", W.w1_pipeline),
    ("w2", "W2 fan-out: 1,000 sinks x 1,000 values", W.w2_fanout),
    ("w3", "W3 start-up: one subject, one sink, one value", W.w3_startup),
    ("chain", "20-stage map chain, 100k events", W.chain),
    ("filters", "10,000 filtered subscriptions x 1,000 values", W.filtered_subscriptions),
    ("combine", "combineLatest of 10 subjects, 100k events", W.combine_latest),
    ("debounce", "debounce over 1M virtual-time events", W.debounce),
    ("parse", "parse and check a 50,000-line script", W.parse),
]


def build():
    subprocess.run(["swift", "build", "-c", "release", "--product", "tapline"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)


def peer_python(workdir):
    """A Python with reactivex, or None (and why)."""
    env_dir = os.path.join(workdir, "rxpy-venv")
    try:
        venv.create(env_dir, with_pip=True)
        python = os.path.join(env_dir, "bin", "python")
        subprocess.run([python, "-m", "pip", "install", "-q", "reactivex==4.*"], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=300)
        version = subprocess.run([python, "-c", "import reactivex; print(reactivex.__version__)"],
                                 capture_output=True, text=True, check=True).stdout.strip()
        return python, f"RxPY {version} on Python {sys.version.split()[0]}"
    except Exception as error:  # noqa: BLE001 - any failure means: no peer this run
        return None, f"RxPY could not be installed ({type(error).__name__}); Tapline's figures only"


def measure(command, expected, runs):
    """Median wall time and the largest peak RSS over `runs` runs, each in a fresh process."""
    walls, peaks = [], []
    for _ in range(runs):
        wall, peak = run_with_rusage(command, expected)
        walls.append(wall)
        peaks.append(peak)
    return statistics.median(walls), max(peaks)


def run_with_rusage(command, expected):
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out = process.stdout.read()
    err = process.stderr.read()
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    if status != 0:
        raise RuntimeError(f"{' '.join(command)} failed: {err.decode()[:500]}")
    if expected and out.decode().strip().splitlines()[-1:] != [expected]:
        raise RuntimeError(f"{' '.join(command)} printed {out.decode()[-200:]!r}, expected {expected!r}")
    return wall, usage.ru_maxrss


def fmt_time(seconds):
    return f"{seconds * 1000:.1f} ms" if seconds < 10 else f"{seconds:.2f} s"


def fmt_ns(seconds, events):
    # A one-event workload (start-up) has no meaningful per-event figure.
    return f"{seconds * 1e9 / events:,.1f}" if events > 1 else "—"


def write(workdir, name, text):
    path = os.path.join(workdir, name)
    with open(path, "w") as handle:
        handle.write(text)
    return path


def table(args, workdir, python):
    rows = []
    for key, title, make in WORKLOADS:
        if args.only and key not in args.only:
            continue
        tapline_text, rxpy_text, events, expected = make()
        script = write(workdir, f"{key}.tapline", tapline_text)
        command = [TAPLINE, "--check", script] if key == "parse" else [TAPLINE, script]
        peer = [python, write(workdir, f"{key}.py", rxpy_text)] if python and rxpy_text else None
        tap_walls, tap_peaks, peer_walls, peer_peaks = [], [], [], []
        for _ in range(args.runs):  # interleaved, so both see the same machine state
            wall, peak = run_with_rusage(command, expected)
            tap_walls.append(wall)
            tap_peaks.append(peak)
            if peer:
                wall, peak = run_with_rusage(peer, expected)
                peer_walls.append(wall)
                peer_peaks.append(peak)
        tap = statistics.median(tap_walls)
        row = [title, fmt_time(tap), fmt_ns(tap, events), f"{max(tap_peaks) / 1024:.1f} MiB"]
        if peer_walls:
            other = statistics.median(peer_walls)
            row += [fmt_time(other), fmt_ns(other, events), f"{max(peer_peaks) / 1024:.1f} MiB", f"{other / tap:.1f}x"]
        else:
            row += ["—", "—", "—", "—"]
        rows.append(row)
        print("  done:", title, file=sys.stderr)
    headers = ["workload", "Tapline", "ns/event", "peak RSS", "RxPY", "ns/event", "peak RSS", "Tapline faster by"]
    print_table(headers, rows)


def print_table(headers, rows):
    widths = [max(len(str(row[i])) for row in rows + [headers]) for i in range(len(headers))]
    print("| " + " | ".join(h.ljust(w) for h, w in zip(headers, widths)) + " |")
    print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for row in rows:
        print("| " + " | ".join(str(c).ljust(w) for c, w in zip(row, widths)) + " |")


def scaling(args, workdir):
    rows = []
    for label, make, sizes, unit in [
        ("W1 events", lambda n: W.w1_pipeline(n), [100_000, 1_000_000, 10_000_000], "events"),
        ("chain stages", lambda n: W.chain(n, 100_000), [5, 10, 20], "stages"),
        ("subscribers", lambda n: W.w2_fanout(n, 1000), [100, 1_000, 10_000], "subscribers"),
    ]:
        for size in sizes:
            text, _, events, expected = make(size)
            script = write(workdir, f"scale-{label.split()[0]}-{size}.tapline", text)
            wall, peak = measure([TAPLINE, script], expected, args.runs)
            rows.append([label, f"{size:,} {unit}", fmt_time(wall), fmt_ns(wall, events), f"{peak / 1024:.1f} MiB"])
            print("  done:", label, size, file=sys.stderr)
    print_table(["what grows", "size", "median wall", "ns per event", "peak RSS"], rows)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--scaling", action="store_true")
    parser.add_argument("--only", type=lambda text: set(text.split(",")))
    parser.add_argument("--no-build", action="store_true")
    args = parser.parse_args()
    if not args.no_build:
        build()
    with tempfile.TemporaryDirectory() as workdir:
        print(f"machine: {os.cpu_count()} cores; {platform_line()}")
        if args.scaling:
            scaling(args, workdir)
            return
        python, peer_line = peer_python(workdir)
        print(f"peer: {peer_line}")
        print(f"runs: {args.runs} per workload, interleaved; medians; each run a fresh process\n")
        table(args, workdir, python)


def platform_line():
    try:
        version = subprocess.run([TAPLINE, "--version"], capture_output=True, text=True).stdout.strip()
    except OSError:
        version = "tapline not built"
    return version


if __name__ == "__main__":
    main()
