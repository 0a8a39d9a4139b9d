#!/usr/bin/env python3
"""Tapline's benchmarks, side by side with a peer in the same run.

Builds tapline in release mode, runs every workload several times interleaved with its
peers — RxJS on node (Debian's nodejs and node-rxjs, installed with apt when missing) and
RxPY (installed into a throwaway virtual environment from PyPI) — and prints a table:
median wall time, ns per event, peak RSS, and each peer's time over Tapline's (above 1.00x,
Tapline is faster). A peer that cannot be had is named in the header and left blank.

    bench/bench.py                 the table
    bench/bench.py --runs 7        more runs per workload (median of them)
    bench/bench.py --scaling       how cost grows with events, chain length, subscribers, and
                                   (--check) with lines, chain length and nesting
    bench/bench.py --only w1,w2    some workloads (--scaling: rows whose label has a word)
    bench/bench.py --families      one row per operator family against RxJS (bench/families.py)
    bench/bench.py --families --scaling
                                   how each family's cost grows with values and subscribers
    bench/bench.py --no-install    use only peers already installed
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import venv
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import families as F  # noqa: E402
import workloads as W  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TAPLINE = os.path.join(ROOT, ".build", "release", "tapline")
# Debian installs node's modules here; a node from elsewhere does not look there by itself.
NODE_MODULES = "/usr/share/nodejs"
GNU_TIME = "/usr/bin/time" if os.access("/usr/bin/time", os.X_OK) else None

# key, title, workload function, its arguments, the peers it is run against. RxPY is left
# out at ten million events: one run would take a minute, and the 1M rows already compare it.
BOTH = ("rxjs", "rxpy")
WORKLOADS = [
    ("w1", "W1 pipeline: filter/map/reduce, 1M events", W.w1_pipeline, (1_000_000,), BOTH),
    ("w1-10m", "W1 pipeline: filter/map/reduce, 10M events", W.w1_pipeline, (10_000_000,), ("rxjs",)),
    ("w2", "W2 fan-out: 1,000 sinks x 1,000 values", W.w2_fanout, (1000, 1000), BOTH),
    ("w2-10m", "W2 fan-out: 1,000 sinks x 10,000 values", W.w2_fanout, (1000, 10_000), ("rxjs",)),
    ("w3", "W3 start-up: one subject, one sink, one value", W.w3_startup, (), BOTH),
    ("chain", "20-stage map chain, 100k events", W.chain, (20, 100_000), BOTH),
    ("filters", "10,000 filtered subscriptions x 1,000 values", W.filtered_subscriptions, (10_000, 1000), BOTH),
    ("combine", "combineLatest of 10 subjects, 100k events", W.combine_latest, (10, 100_000), BOTH),
    ("debounce", "debounce over 1M virtual-time events", W.debounce, (1_000_000,), ()),
    ("parse", "--check of a 50,000-line script", W.parse, (50_000,), ()),
    ("parse-1cpu", "--check of a 50,000-line script, held to one CPU", W.parse, (50_000,), ()),
]

# Workloads run held to one CPU (the first this process may use), as in a one-CPU container
# or when the machine's other CPU is busy: `--check` reads a long script on a second thread
# when it can, and this row shows the time without it.
ONE_CPU = {"parse-1cpu"}


def build():
    subprocess.run([os.path.join(ROOT, "scripts", "build.sh")], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)


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
        return None, f"RxPY could not be installed ({type(error).__name__}); no RxPY figures"


def node_environment():
    env = dict(os.environ)
    env["NODE_PATH"] = os.pathsep.join(filter(None, [NODE_MODULES, env.get("NODE_PATH")]))
    return env


def rxjs_version():
    """RxJS's version as node finds it, or None."""
    node = shutil.which("node") or shutil.which("nodejs")
    if not node:
        return None, None
    probe = subprocess.run([node, "-e", 'console.log(require("rxjs/package.json").version + " on node " + process.version)'],
                           capture_output=True, text=True, env=node_environment())
    return (node, probe.stdout.strip()) if probe.returncode == 0 else (None, None)


def peer_node(install):
    """node with RxJS (Debian's nodejs and node-rxjs, installed with apt when missing), or None (and why)."""
    node, version = rxjs_version()
    if not node and install and shutil.which("apt-get") and os.geteuid() == 0:
        try:
            subprocess.run(["apt-get", "install", "-y", "-q", "--no-install-recommends", "nodejs", "node-rxjs"],
                           check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=600,
                           env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))
        except Exception:  # noqa: BLE001 - reported below as "not installed"
            pass
        node, version = rxjs_version()
    if not node:
        how = "apt-get install nodejs node-rxjs" + ("" if install else " (not tried: --no-install)")
        return None, f"RxJS could not be had ({how}); no RxJS figures"
    return node, f"RxJS {version}"


def measure(command, expected, runs, timeout=None):
    """Median wall time over `runs` runs, each in a fresh process, and the peak RSS of one
    more; None when a run takes longer than `timeout` seconds."""
    walls = []
    for _ in range(runs):
        wall = run_timed(command, expected, timeout=timeout)
        if wall is None:
            return None
        walls.append(wall)
    return statistics.median(walls), peak_rss(command)


def peak_rss(command, env=None, cpus=None):
    """The program's own peak resident set, in KiB.

    `ru_maxrss` of a child that Python spawns counts Python's own pages (the child starts as
    a copy of this process, and the high-water mark survives exec), so a small program would
    read as large as this harness. GNU time forks from a small process, so what it reports
    is the program's alone; without it, the harness's figure is returned (and marked)."""
    if not GNU_TIME:
        return run_with_rusage(command, None, env=env, cpus=cpus)[1]
    with tempfile.NamedTemporaryFile("r") as report:
        run_with_rusage([GNU_TIME, "-f", "%M", "-o", report.name] + command, None, env=env, cpus=cpus)
        return int(report.read().split()[-1])


def run_timed(command, expected, env=None, timeout=None, cpus=None):
    result = run_with_rusage(command, expected, env=env, timeout=timeout, cpus=cpus)
    return None if result is None else result[0]


def run_with_rusage(command, expected, env=None, timeout=None, cpus=None):
    """(wall seconds, peak RSS in KiB) of one run, checking its last line; None on timeout.
    `cpus`: the CPUs the run is held to (set in the child before exec: `taskset` would add
    its own exec to the time)."""
    start = time.perf_counter()
    hold = (lambda: os.sched_setaffinity(0, cpus)) if cpus else None
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, preexec_fn=hold)
    timer = threading.Timer(timeout, process.kill) if timeout else None
    if timer:
        timer.start()
    # Read both pipes at once (a full stderr pipe must not stall the child), then reap the
    # child ourselves: os.wait4 gives this process's own peak RSS, which wait() would lose.
    with ThreadPoolExecutor(2) as pool:
        out_future, err_future = pool.submit(process.stdout.read), pool.submit(process.stderr.read)
        out, err = out_future.result(), err_future.result()
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = 0  # reaped above; stops Popen from waiting for it again
    wall = time.perf_counter() - start
    if timer:
        timer.cancel()
        if wall >= timeout:
            return None
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


def table(args, workdir, peers):
    """Every workload, each run interleaved with its peers'; one row of medians each."""
    rows = []
    for key, title, make, arguments, against in WORKLOADS:
        if args.only and key not in args.only:
            continue
        tapline_text, rxpy_text, events, expected = make(*arguments)
        script = write(workdir, f"{key}.tapline", tapline_text)
        checks = key.startswith("parse")
        commands = {"tapline": ([TAPLINE, "--check", script] if checks else [TAPLINE, script], None)}
        cpus = {min(os.sched_getaffinity(0))} if key in ONE_CPU else None
        if "rxjs" in against and peers["rxjs"] and make in W.RXJS:
            commands["rxjs"] = ([peers["rxjs"], write(workdir, f"{key}.js", W.RXJS[make](*arguments))], node_environment())
        if "rxpy" in against and peers["rxpy"] and rxpy_text:
            commands["rxpy"] = ([peers["rxpy"], write(workdir, f"{key}.py", rxpy_text)], None)
        walls = {name: [] for name in commands}
        for _ in range(args.runs):  # interleaved, so all see the same machine state
            for name, (command, env) in commands.items():
                walls[name].append(run_timed(command, expected, env=env, cpus=cpus))
        peaks = {name: peak_rss(command, env, cpus) for name, (command, env) in commands.items()}
        tap = statistics.median(walls["tapline"])
        row = [title, fmt_time(tap), fmt_ns(tap, events), fmt_mib(peaks["tapline"])]
        for name in ("rxjs", "rxpy"):
            if name in walls:
                other = statistics.median(walls[name])
                row += [fmt_time(other), fmt_mib(peaks[name]), f"{other / tap:.2f}x"]
            else:
                row += ["—", "—", "—"]
        rows.append(row)
        print("  done:", title, file=sys.stderr)
    headers = ["workload", "Tapline", "ns/event", "peak RSS", "RxJS", "peak RSS", "RxJS / Tapline",
               "RxPY", "peak RSS", "RxPY / Tapline"]
    print_table(headers, rows)


def family_table(args, workdir, node):
    """One row per operator family, Tapline and RxJS interleaved; each checks its own answer."""
    rows = []
    for key, family, title, make, values in F.FAMILIES:
        if args.only and key not in args.only:
            continue
        workload = make(values)
        tapline = ([TAPLINE, write(workdir, f"{key}.tapline", workload.tapline)], workload.tapline_expected, None)
        rxjs = ([node, write(workdir, f"{key}.js", workload.rxjs)], workload.rxjs_expected, node_environment()) if node else None
        walls = {"tapline": [], "rxjs": []}
        for _ in range(args.runs):
            for name, peer in (("tapline", tapline), ("rxjs", rxjs)):
                if peer:
                    walls[name].append(run_timed(peer[0], peer[1], env=peer[2]))
        tap = statistics.median(walls["tapline"])
        row = [family, title, f"{values:,}", fmt_time(tap), fmt_ns(tap, workload.events)]
        if walls["rxjs"]:
            other = statistics.median(walls["rxjs"])
            row += [fmt_time(other), f"{other / tap:.2f}x"]
        else:
            row += ["—", "—"]
        rows.append(row)
        print("  done:", title, file=sys.stderr)
    print_table(["family", "workload", "values", "Tapline", "ns/event", "RxJS", "RxJS / Tapline"], rows)


def family_scaling(args, workdir):
    """Each family at a quarter, half and all of its values, and the sharing and subject
    families at 1, 10 and 100 subscribers: linear cost keeps ns per event level."""
    rows = []
    for key, family, title, make, values in F.FAMILIES:
        if args.only and key not in args.only:
            continue
        sizes = [("values", size, lambda size=size: make(size)) for size in (values // 4, values // 2, values)]
        if key in F.SUBSCRIBED:
            sizes += [("subscribers", count, lambda count=count: make(values // 10, subscribers=count)) for count in (1, 10, 100)]
        for unit, size, made in sizes:
            workload = made()
            script = write(workdir, f"scale-{key}-{unit}-{size}.tapline", workload.tapline)
            wall, peak = measure([TAPLINE, script], workload.tapline_expected, args.runs)
            rows.append([title, f"{size:,} {unit}", fmt_time(wall), fmt_ns(wall, workload.events), fmt_mib(peak)])
        print("  done:", title, file=sys.stderr)
    print_table(["family", "size", "median wall", "ns per event", "peak RSS"], rows)


def fmt_mib(kib):
    return f"{kib / 1024:.1f} MiB"


def print_table(headers, rows):
    widths = [max(len(str(row[i])) for row in rows + [headers]) for i in range(len(headers))]
    print("| " + " | ".join(h.ljust(w) for h, w in zip(headers, widths)) + " |")
    print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for row in rows:
        print("| " + " | ".join(str(c).ljust(w) for c, w in zip(row, widths)) + " |")


def scaling(args, workdir):
    """How cost grows: events, chain stages and subscribers when running; lines, chain stages
    and nesting when only checking (`--check`), where a run past 60 s is cut short."""
    rows = []
    for label, make, sizes, unit, check in [
        ("W1 events", lambda n: W.w1_pipeline(n), [100_000, 1_000_000, 10_000_000], "events", False),
        ("chain stages", lambda n: W.chain(n, 100_000), [5, 10, 20], "stages", False),
        ("subscribers", lambda n: W.w2_fanout(n, 1000), [100, 1_000, 10_000], "subscribers", False),
        ("--check: lines", lambda n: W.parse(n), [10_000, 50_000, 100_000], "lines", True),
        ("--check: chain stages", lambda n: (W.long_chain(n), None, n, ""), [1_000, 2_000, 4_000], "stages", True),
        ("--check: nested ifs", lambda n: (W.nested_blocks(n), None, n, ""), [50, 100, 190], "levels", True),
        ("--check: nested subscriptions", lambda n: (W.nested_subscriptions(n), None, n, ""), [15, 30, 60], "levels",
         True),
    ]:
        if args.only and not any(word in label for word in args.only):
            continue
        for size in sizes:
            text, _, events, expected = make(size)
            script = write(workdir, f"scale-{len(rows)}.tapline", text)
            result = measure([TAPLINE] + (["--check"] if check else []) + [script], expected, args.runs,
                             timeout=60 if check else None)
            if result is None:
                rows.append([label, f"{size:,} {unit}", "> 60 s", "—", "—"])
            else:
                wall, peak = result
                rows.append([label, f"{size:,} {unit}", fmt_time(wall), fmt_ns(wall, events), fmt_mib(peak)])
            print("  done:", label, size, file=sys.stderr)
    print_table(["what grows", "size", "median wall", "ns per unit", "peak RSS"], rows)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--scaling", action="store_true")
    parser.add_argument("--families", action="store_true", help="the operator families against RxJS")
    parser.add_argument("--only", type=lambda text: set(text.split(",")))
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--no-install", action="store_true", help="use the peers only if already installed")
    args = parser.parse_args()
    if not args.no_build:
        build()
    with tempfile.TemporaryDirectory() as workdir:
        print(f"machine: {os.cpu_count()} cores, load {load_line()}; {platform_line()}")
        if args.scaling:
            print(f"peak RSS: {RSS_SOURCE}\n")
            (family_scaling if args.families else scaling)(args, workdir)
            return
        if args.families:
            node, node_line = peer_node(install=not args.no_install)
            print(f"peer: {node_line}\nruns: {args.runs} per workload, interleaved; medians; each run a fresh process\n")
            family_table(args, workdir, node)
            return
        node, node_line = peer_node(install=not args.no_install)
        python, python_line = peer_python(workdir) if not args.no_install else (None, "RxPY not installed (--no-install)")
        print(f"peers: {node_line}; {python_line}")
        print(f"runs: {args.runs} per workload, interleaved; medians; each run a fresh process")
        print(f"peak RSS: {RSS_SOURCE}\n")
        table(args, workdir, {"rxjs": node, "rxpy": python})


RSS_SOURCE = ("one more run under GNU time (the program's own)" if GNU_TIME
              else "ru_maxrss, which counts this harness's Python (/usr/bin/time missing)")


def load_line():
    """The load averages when the run starts: the machine is shared, so say how busy it was."""
    try:
        return " ".join(f"{value:.2f}" for value in os.getloadavg())
    except OSError:
        return "unknown"


def platform_line():
    try:
        version = subprocess.run([TAPLINE, "--version"], capture_output=True, text=True).stdout.strip()
    except OSError:
        version = "tapline not built"
    return version


if __name__ == "__main__":
    main()
