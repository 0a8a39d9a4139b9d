"""One benchmark row per operator family, each written as a learner writes it: Tapline in
Swift's Combine, the peer in RxJS 7 on node. Each family is a function of the number of
values (and, where the family has them, subscribers) returning a `Family`: the two programs
and what each prints last, which the harness checks (the two libraries' operators differ in
fine points — RxJS's throttle has no `latest` — so each side says its own answer).

`FAMILIES` lists the rows `bench/bench.py` runs; `SCALING` how each one grows."""
from collections import namedtuple

Family = namedtuple("Family", "tapline rxjs events tapline_expected rxjs_expected")

SUM = "var total = 0\n"
JS_SUM = "let total = 0;\n"


def swift_subject(name="s"):
    return f"let {name} = PassthroughSubject<Int, Never>()\n"


def js(imports, body):
    return f'const {{ {", ".join(sorted(set(imports)))} }} = require("rxjs");\n{body}'


def sends(n, subject="s"):
    return f"for i in 0..<{n} {{ {subject}.send(i) }}\nprint(total)\n"


def js_sends(n, subject="s"):
    return f"for (let i = 0; i < {n}; i++) {subject}.next(i);\nconsole.log(String(total));\n"


def same(tapline, rxjs, events, expected):
    return Family(tapline, rxjs, events, str(expected), str(expected))


# Higher-order: a publisher made, subscribed to and released for every value.

def flat_map_just(n):
    tapline = swift_subject() + SUM + "let c = s.flatMap { Just($0 * 2) }.sink { total += $0 }\n" + sends(n)
    rxjs = js(["Subject", "of", "mergeMap"], "const s = new Subject();\n" + JS_SUM
              + "s.pipe(mergeMap(x => of(x * 2))).subscribe(v => { total += v; });\n" + js_sends(n))
    return same(tapline, rxjs, n, n * (n - 1))


def switch_to_latest(n):
    tapline = swift_subject() + SUM + "let c = s.map { Just($0 * 2) }.switchToLatest().sink { total += $0 }\n" + sends(n)
    rxjs = js(["Subject", "of", "map", "switchAll"], "const s = new Subject();\n" + JS_SUM
              + "s.pipe(map(x => of(x * 2)), switchAll()).subscribe(v => { total += v; });\n" + js_sends(n))
    return same(tapline, rxjs, n, n * (n - 1))


def catch_error(n):
    tapline = ("struct Oops: Error {}\n" + swift_subject() + SUM + """let c = s.flatMap { v in
    Just(v).tryMap { x -> Int in
        if x % 2 == 0 { throw Oops() }
        return x
    }.replaceError(with: 0)
}.sink { total += $0 }
""" + sends(n))
    rxjs = js(["Subject", "of", "mergeMap", "map", "catchError"], "const s = new Subject();\n" + JS_SUM
              + """s.pipe(mergeMap(v => of(v).pipe(
    map(x => { if (x % 2 === 0) throw new Error("oops"); return x; }),
    catchError(() => of(0))))).subscribe(v => { total += v; });
""" + js_sends(n))
    return same(tapline, rxjs, n, sum(range(1, n, 2)))


def retry(n):
    tapline = ("struct Oops: Error {}\n" + swift_subject() + SUM
               + "let c = s.flatMap { v in Fail<Int, Oops>(error: Oops()).retry(2).replaceError(with: v) }"
               + ".sink { total += $0 }\n" + sends(n))
    rxjs = js(["Subject", "of", "throwError", "mergeMap", "retry", "catchError"], "const s = new Subject();\n" + JS_SUM
              + "s.pipe(mergeMap(v => throwError(() => new Error(\"oops\")).pipe(retry(2), catchError(() => of(v)))))"
              + ".subscribe(v => { total += v; });\n" + js_sends(n))
    return same(tapline, rxjs, n, n * (n - 1) // 2)


# Combining: values from two subjects.

def two_subjects(pairs, swift_chain, js_imports, js_chain):
    """Subjects a and b, a chain of both summed into total, and `pairs` sends to each in turn:
    the Swift and the RxJS program."""
    tapline = (swift_subject("a") + swift_subject("b") + SUM + f"let c = {swift_chain}.sink {{ total += $0 }}\n"
               + f"for i in 0..<{pairs} {{\n    a.send(i)\n    b.send(i)\n}}\nprint(total)\n")
    rxjs = js(["Subject"] + js_imports, "const a = new Subject(), b = new Subject();\n" + JS_SUM
              + f"{js_chain}.subscribe(v => {{ total += v; }});\n"
              + f"for (let i = 0; i < {pairs}; i++) {{ a.next(i); b.next(i); }}\nconsole.log(String(total));\n")
    return tapline, rxjs


def zip_pairs(n):
    tapline, rxjs = two_subjects(n, "a.zip(b).map { $0 + $1 }", ["zip", "map"], "zip(a, b).pipe(map(([x, y]) => x + y))")
    return same(tapline, rxjs, 2 * n, n * (n - 1))


def merge_two(n):
    half = n // 2
    tapline, rxjs = two_subjects(half, "a.merge(with: b).map { $0 + 1 }", ["merge", "map"], "merge(a, b).pipe(map(x => x + 1))")
    return same(tapline, rxjs, n, 2 * (half * (half - 1) // 2 + half))


def combine_latest_two(n):
    half = n // 2
    tapline, rxjs = two_subjects(half, "a.combineLatest(b).map { $0 + $1 }", ["combineLatest", "map"],
                                 "combineLatest([a, b]).pipe(map(([x, y]) => x + y))")
    # After the first pair, each a.send(i) pairs with b's i - 1 and each b.send(i) with a's i.
    return same(tapline, rxjs, n, 0 + sum(2 * i - 1 for i in range(1, half)) + sum(2 * i for i in range(half)))


def scan_distinct(n):
    tapline = (swift_subject() + SUM
               + "let c = s.map { $0 / 2 }.scan(0) { $0 + $1 }.removeDuplicates().sink { total += 1 }\n" + sends(n))
    rxjs = js(["Subject", "map", "scan", "distinctUntilChanged"], "const s = new Subject();\n" + JS_SUM
              + "s.pipe(map(x => Math.floor(x / 2)), scan((a, x) => a + x, 0), distinctUntilChanged())"
              + ".subscribe(() => { total += 1; });\n" + js_sends(n))
    # The running sum stays the same only for the second value (0 + 0).
    return same(tapline, rxjs, n, n - 1)


# Time: virtual time on both sides; values come in bursts of ten, 10 ms apart.

def timed(n, swift_operator, js_operator, js_import, tapline_expected, rxjs_expected):
    tapline = (swift_subject() + SUM + f"let c = s.{swift_operator}.sink {{ _ in total += 1 }}\n"
               + f"for i in 0..<{n} {{\n    s.send(i)\n    if i % 10 == 9 {{ wait 10ms }}\n}}\nwait 1s\nprint(total)\n")
    rxjs = js(["Subject", "VirtualTimeScheduler", js_import], "const s = new Subject();\n" + JS_SUM
              + "const clock = new VirtualTimeScheduler();\n"
              + f"s.pipe({js_operator}).subscribe(() => {{ total += 1; }});\n"
              # Each burst schedules the next, as the Tapline loop waits before it: RxJS's
              # virtual clock sorts its whole queue at every schedule, so queueing every burst
              # up front would make the run quadratic.
              + "let burst = 0;\nconst next = () => {\n    for (let k = 0; k < 10; k++) s.next(burst * 10 + k);\n"
              + f"    burst += 1;\n    if (burst < {n // 10}) clock.schedule(next, 10);\n}};\n"
              + "clock.schedule(next, 0);\nclock.flush();\nconsole.log(String(total));\n")
    return Family(tapline, rxjs, n, str(tapline_expected), str(rxjs_expected))


def debounce(n):
    return timed(n, "debounce(for: .milliseconds(5), scheduler: DispatchQueue.main)", "debounceTime(5, clock)",
                 "debounceTime", n // 10, n // 10)


def throttle(n):
    # One value a burst on both sides: Combine's throttle schedules the burst's first value
    # for now, through the scheduler, and `latest: true` replaces it with each newer one
    # before it goes (DESIGN §8); RxJS's throttleTime (leading only) sends the first at once.
    return timed(n, "throttle(for: .milliseconds(5), scheduler: DispatchQueue.main, latest: true)",
                 "throttleTime(5, clock)", "throttleTime", n // 10, n // 10)


def delay(n):
    return timed(n, "delay(for: .milliseconds(5), scheduler: DispatchQueue.main)", "delay(5, clock)", "delay", n, n)


# Sharing: one upstream, several subscribers.

def share(n, subscribers=10):
    sinks = "".join(f"let c{k} = shared.sink {{ total += $0 }}\n" for k in range(subscribers))
    tapline = swift_subject() + SUM + "let shared = s.map { $0 * 2 }.share()\n" + sinks + sends(n)
    js_sinks = "".join("shared.subscribe(v => { total += v; });\n" for _ in range(subscribers))
    rxjs = js(["Subject", "map", "share"], "const s = new Subject();\n" + JS_SUM
              + "const shared = s.pipe(map(x => x * 2), share());\n" + js_sinks + js_sends(n))
    return same(tapline, rxjs, n * subscribers, subscribers * n * (n - 1))


def multicast(n, subscribers=10):
    sinks = "".join(f"let c{k} = shared.sink {{ total += $0 }}\n" for k in range(subscribers))
    tapline = (swift_subject() + SUM + "let shared = s.map { $0 * 2 }.multicast(subject: PassthroughSubject<Int, Never>())\n"
               + sinks + "let connection = shared.connect()\n" + sends(n))
    js_sinks = "".join("shared.subscribe(v => { total += v; });\n" for _ in range(subscribers))
    rxjs = js(["Subject", "map", "connectable"], "const s = new Subject();\n" + JS_SUM
              + "const shared = connectable(s.pipe(map(x => x * 2)), { connector: () => new Subject() });\n"
              + js_sinks + "shared.connect();\n" + js_sends(n))
    return same(tapline, rxjs, n * subscribers, subscribers * n * (n - 1))


# Subjects: a value held and sent on.

def current_value(n, subscribers=10):
    sinks = "".join(f"let c{k} = s.sink {{ total += $0 }}\n" for k in range(subscribers))
    tapline = "let s = CurrentValueSubject<Int, Never>(0)\n" + SUM + sinks + f"for i in 0..<{n} {{ s.value = i }}\nprint(total)\n"
    js_sinks = "".join("s.subscribe(v => { total += v; });\n" for _ in range(subscribers))
    rxjs = js(["BehaviorSubject"], "const s = new BehaviorSubject(0);\n" + JS_SUM + js_sinks
              + f"for (let i = 0; i < {n}; i++) s.next(i);\nconsole.log(String(total));\n")
    return same(tapline, rxjs, n * subscribers, subscribers * n * (n - 1) // 2)


def published(n):
    tapline = ("class Model {\n    @Published var count = 0\n}\nlet model = Model()\n" + SUM
               + "let c = model.$count.sink { total += $0 }\n"
               + f"for i in 0..<{n} {{ model.count = i }}\nprint(total)\n")
    rxjs = js(["BehaviorSubject"], """class Model {
  constructor() { this.count$ = new BehaviorSubject(0); }
  get count() { return this.count$.value; }
  set count(value) { this.count$.next(value); }
}
const model = new Model();
""" + JS_SUM + "model.count$.subscribe(v => { total += v; });\n"
              + f"for (let i = 0; i < {n}; i++) model.count = i;\nconsole.log(String(total));\n")
    return same(tapline, rxjs, n, n * (n - 1) // 2)


# Future and Deferred: a publisher per value, made by a closure.

def future(n):
    tapline = (swift_subject() + SUM
               + "let c = s.flatMap { v in Future<Int, Never> { promise in promise(.success(v)) } }.sink { total += $0 }\n"
               + sends(n))
    # A Future keeps its one result and gives it to every subscriber: RxJS's AsyncSubject.
    rxjs = js(["Subject", "AsyncSubject", "mergeMap"], "const s = new Subject();\n" + JS_SUM
              + "s.pipe(mergeMap(v => { const f = new AsyncSubject(); f.next(v); f.complete(); return f; }))"
              + ".subscribe(v => { total += v; });\n" + js_sends(n))
    return same(tapline, rxjs, n, n * (n - 1) // 2)


def deferred(n):
    tapline = (swift_subject() + SUM + "let c = s.flatMap { v in Deferred { Just(v) } }.sink { total += $0 }\n" + sends(n))
    rxjs = js(["Subject", "defer", "of", "mergeMap"], "const s = new Subject();\n" + JS_SUM
              + "s.pipe(mergeMap(v => defer(() => of(v)))).subscribe(v => { total += v; });\n" + js_sends(n))
    return same(tapline, rxjs, n, n * (n - 1) // 2)


# The families whose functions also take a number of subscribers.
SUBSCRIBED = {"share", "multicast", "current"}

# key, family, title, the function, its number of values.
FAMILIES = [
    ("flatmap", "higher-order", "s.flatMap { Just($0 * 2) }", flat_map_just, 1_000_000),
    ("switch", "higher-order", "s.map { Just($0 * 2) }.switchToLatest()", switch_to_latest, 1_000_000),
    ("catch", "higher-order", "flatMap { Just(v).tryMap { throw }.replaceError(with: 0) }", catch_error, 500_000),
    ("retry", "higher-order", "flatMap { Fail(error:).retry(2).replaceError(with: v) }", retry, 200_000),
    ("zip", "combining", "a.zip(b).map { $0 + $1 }, pairs", zip_pairs, 500_000),
    ("merge", "combining", "a.merge(with: b).map { $0 + 1 }", merge_two, 1_000_000),
    ("latest", "combining", "a.combineLatest(b).map { $0 + $1 }", combine_latest_two, 1_000_000),
    ("scan", "transforming", "map.scan(0) { $0 + $1 }.removeDuplicates()", scan_distinct, 1_000_000),
    ("debounce-v", "time", "debounce, virtual time, bursts of 10", debounce, 1_000_000),
    ("throttle", "time", "throttle, virtual time, bursts of 10", throttle, 1_000_000),
    ("delay", "time", "delay, virtual time, bursts of 10", delay, 1_000_000),
    ("share", "sharing", "map.share(), 10 sinks", share, 200_000),
    ("multicast", "sharing", "map.multicast(subject:), 10 sinks", multicast, 200_000),
    ("current", "subjects", "CurrentValueSubject.value =, 10 sinks", current_value, 200_000),
    ("published", "subjects", "@Published var, one sink", published, 1_000_000),
    ("future", "Future/Deferred", "flatMap { Future { promise(.success(v)) } }", future, 500_000),
    ("deferred", "Future/Deferred", "flatMap { Deferred { Just(v) } }", deferred, 500_000),
]
