"""The benchmark workloads: each as a Tapline program and, where there is one, the same
work in RxPY (PyPI `reactivex`) and in RxJS on node (Debian's `node-rxjs`), the peers a
learner would otherwise pick.

Each workload returns (tapline, rxpy, events, expected); `RXJS` maps a workload's function
to its RxJS program, made from the same arguments."""

RXJS_PRELUDE = """const { Subject, combineLatest } = require("rxjs");
const { filter, map, reduce } = require("rxjs/operators");
"""


def w1_pipeline(n=1_000_000):
    tapline = f"""subject s: Int
s.filter {{ $0 % 2 == 0 }}.map {{ $0 * 3 }}.reduce(0) {{ $0 + $1 }}.sink {{ print($0) }}
for i in 0..<{n} {{ send s i }}
complete s
"""
    rxpy = f"""import reactivex
from reactivex import operators as ops
from reactivex.subject import Subject
s = Subject()
s.pipe(ops.filter(lambda x: x % 2 == 0), ops.map(lambda x: x * 3), ops.reduce(lambda a, x: a + x, 0)).subscribe(print)
for i in range({n}):
    s.on_next(i)
s.on_completed()
"""
    expected = str(sum(i * 3 for i in range(0, n, 2)))
    return tapline, rxpy, n, expected


def w2_fanout(subscribers=1000, values=1000):
    tapline = f"""subject s: Int
current count = 0
repeat {subscribers} {{ s.sink {{ set count = count + 1 }} }}
for i in 0..<{values} {{ send s i }}
print(count)
"""
    rxpy = f"""import reactivex
from reactivex.subject import Subject
s = Subject()
count = 0
def bump(_):
    global count
    count += 1
for _ in range({subscribers}):
    s.subscribe(bump)
for i in range({values}):
    s.on_next(i)
print(count)
"""
    return tapline, rxpy, subscribers * values, str(subscribers * values)


def w3_startup():
    tapline = """subject s: Int
s.sink { print($0) }
send s 1
"""
    rxpy = """import reactivex
from reactivex.subject import Subject
s = Subject()
s.subscribe(print)
s.on_next(1)
"""
    return tapline, rxpy, 1, "1"


def chain(stages=20, n=100_000):
    maps = "".join(".map { $0 + 1 }" for _ in range(stages))
    tapline = f"""subject s: Int
s{maps}.reduce(0) {{ $0 + $1 }}.sink {{ print($0) }}
for i in 0..<{n} {{ send s i }}
complete s
"""
    rx_maps = ", ".join("ops.map(lambda x: x + 1)" for _ in range(stages))
    rxpy = f"""import reactivex
from reactivex import operators as ops
from reactivex.subject import Subject
s = Subject()
s.pipe({rx_maps}, ops.reduce(lambda a, x: a + x, 0)).subscribe(print)
for i in range({n}):
    s.on_next(i)
s.on_completed()
"""
    expected = str(sum(i + stages for i in range(n)))
    return tapline, rxpy, n * stages, expected


def filtered_subscriptions(subscribers=10_000, values=1000):
    tapline = f"""subject s: Int
current hits = 0
for k in 0..<{subscribers} {{ s.filter {{ $0 == k }}.sink {{ _ in set hits = hits + 1 }} }}
for i in 0..<{values} {{ send s i }}
print(hits)
"""
    rxpy = f"""import reactivex
from reactivex import operators as ops
from reactivex.subject import Subject
s = Subject()
hits = 0
def hit(_):
    global hits
    hits += 1
for k in range({subscribers}):
    s.pipe(ops.filter(lambda x, k=k: x == k)).subscribe(hit)
for i in range({values}):
    s.on_next(i)
print(hits)
"""
    return tapline, rxpy, subscribers * values, str(min(subscribers, values))


def combine_latest(inputs=10, n=100_000):
    names = [f"s{i}" for i in range(inputs)]
    declarations = "\n".join(f"subject {name}: Int" for name in names)
    others = ", ".join(names[1:])
    sends = "\n".join(f"  if i % {inputs} == {j} {{ send {name} i }}" for j, name in enumerate(names))
    tapline = f"""{declarations}
current count = 0
{names[0]}.combineLatest({others}).sink {{ _ in set count = count + 1 }}
for i in 0..<{n} {{
{sends}
}}
print(count)
"""
    rx_names = ", ".join(names)
    rx_sends = "\n".join(f"    if i % {inputs} == {j}: {name}.on_next(i)" for j, name in enumerate(names))
    rxpy = f"""import reactivex
from reactivex.subject import Subject
{chr(10).join(f"{name} = Subject()" for name in names)}
count = 0
def bump(_):
    global count
    count += 1
reactivex.combine_latest({rx_names}).subscribe(bump)
for i in range({n}):
{rx_sends}
print(count)
"""
    return tapline, rxpy, n, str(n - inputs + 1)


def debounce(n=1_000_000, burst=10):
    tapline = f"""subject s: Int
current count = 0
s.debounce(for: 5ms).sink {{ _ in set count = count + 1 }}
for i in 0..<{n} {{
  send s i
  if i % {burst} == {burst - 1} {{ wait 10ms }}
}}
print(count)
"""
    return tapline, None, n, str(n // burst)


def parse(lines=50_000):
    body = []
    for i in range(lines // 5):
        body.append(f"subject s{i}: Int")
        body.append(f"published p{i} = {i}")
        body.append(f"s{i}.filter {{ $0 > {i} }}.map {{ $0 * 2 }}.sink {{ print(\"value \\($0)\") }}")
        body.append(f"button b{i} \"Button {i}\" {{ set p{i} = p{i} + 1 }}")
        body.append(f"// comment {i}")
    return "\n".join(body) + "\n", None, lines, ""


# RxJS on node: the same work, written as a JavaScript learner would.

def w1_pipeline_rxjs(n=1_000_000):
    return RXJS_PRELUDE + f"""const s = new Subject();
s.pipe(filter(x => x % 2 === 0), map(x => x * 3), reduce((a, x) => a + x, 0)).subscribe(v => console.log(String(v)));
for (let i = 0; i < {n}; i++) s.next(i);
s.complete();
"""


def w2_fanout_rxjs(subscribers=1000, values=1000):
    return RXJS_PRELUDE + f"""const s = new Subject();
let count = 0;
for (let k = 0; k < {subscribers}; k++) s.subscribe(() => {{ count = count + 1; }});
for (let i = 0; i < {values}; i++) s.next(i);
console.log(String(count));
"""


def w3_startup_rxjs():
    return RXJS_PRELUDE + """const s = new Subject();
s.subscribe(v => console.log(String(v)));
s.next(1);
"""


def chain_rxjs(stages=20, n=100_000):
    maps = ", ".join("map(x => x + 1)" for _ in range(stages))
    return RXJS_PRELUDE + f"""const s = new Subject();
s.pipe({maps}, reduce((a, x) => a + x, 0)).subscribe(v => console.log(String(v)));
for (let i = 0; i < {n}; i++) s.next(i);
s.complete();
"""


def filtered_subscriptions_rxjs(subscribers=10_000, values=1000):
    return RXJS_PRELUDE + f"""const s = new Subject();
let hits = 0;
for (let k = 0; k < {subscribers}; k++) s.pipe(filter(x => x === k)).subscribe(() => {{ hits = hits + 1; }});
for (let i = 0; i < {values}; i++) s.next(i);
console.log(String(hits));
"""


def combine_latest_rxjs(inputs=10, n=100_000):
    names = [f"s{i}" for i in range(inputs)]
    subjects = "\n".join(f"const {name} = new Subject();" for name in names)
    sends = "\n".join(f"  if (i % {inputs} === {j}) {name}.next(i);" for j, name in enumerate(names))
    return RXJS_PRELUDE + f"""{subjects}
let count = 0;
combineLatest([{", ".join(names)}]).subscribe(() => {{ count = count + 1; }});
for (let i = 0; i < {n}; i++) {{
{sends}
}}
console.log(String(count));
"""


RXJS = {
    w1_pipeline: w1_pipeline_rxjs,
    w2_fanout: w2_fanout_rxjs,
    w3_startup: w3_startup_rxjs,
    chain: chain_rxjs,
    filtered_subscriptions: filtered_subscriptions_rxjs,
    combine_latest: combine_latest_rxjs,
}


# Front-end scaling: scripts that are only checked (`tapline --check`), never run.

def long_chain(stages):
    """One subscription with `stages` map stages."""
    maps = "".join(".map { $0 + 1 }" for _ in range(stages))
    return f"subject s: Int\ns{maps}.sink {{ print($0) }}\n"


def nested_blocks(depth):
    """`if` blocks nested `depth` deep inside a sink's closure."""
    opens = "".join(f"if v > {i} {{ " for i in range(depth))
    return f"subject s: Int\ns.sink {{ v in {opens}print(v){' }' * depth} }}\n"


def nested_subscriptions(depth):
    """Subscriptions nested `depth` deep, each inside the one before's sink closure."""
    text = "print(v0)"
    for i in reversed(range(depth)):
        text = f"s.map {{ $0 + {i} }}.sink {{ v{i} in {text} }}"
    return f"subject s: Int\n{text}\n"
