#!/usr/bin/env python3
"""Runs the Lanes benchmarks side by side and prints what they measured.

    python3 bench/run.py --build-dir build

Builds the benchmark binaries (target lanes-bench) unless --no-build, warms
pocl's kernel cache, then for every benchmark runs the variants interleaved,
each in a fresh process (lanes, library-only, reference, pocl-loopvec,
pocl-loops, pocl-repl, then again, --reps rounds). Two groups add a twin
(TWINS): their lanes binary with another --kernel, the same algorithm
without the feature they are about: no-sub-group for the sub-group
benchmarks (which have no pocl variant), tree for the cache-resident
work-group collective. Every process warms up, verifies its result, and
times --inner-reps runs; a wrong answer is a FAIL, never a time.
library-only is slow (fibers), so it runs at most --lib-rounds rounds of one
timed run each; the table says so.

Prints one table per group of benchmarks (median and min-max of all timed
runs, ratios, geomeans; the tables of the groups with a twin also compare
lanes with it), the pocl methods and compile times, and
lanes++ compile time against plain clang++-19. Writes results.md,
results.csv, samples.csv, compile.csv and chart.png (gnuplot) under
<build-dir>/bench/results/. See bench/README.md.
"""

import argparse
import csv
import datetime
import math
import os
import platform
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field

BENCH_DIR = os.path.dirname(os.path.abspath(__file__))
SOURCE_DIR = os.path.dirname(BENCH_DIR)

BARRIER_HEAVY = "barrier-heavy"
STREAM = "BabelStream (barrier-free, plus dot and copy-barrier)"
SUB_GROUPS = "sub-groups"
COLLECTIVES = "collectives (cache-resident)"
DIVERGENT = "divergent loops (barrier-free)"
MATH = "transcendental math (barrier-free)"
# The math group stays out of the overall geomean too: its reference loops
# are scalar because clang-19 has no vector tanh or erf, so its ratios
# time the toolchains, not the loops (bench/README.md).
MATH_KIND = "transcendental math"


@dataclass(frozen=True)
class Twin:
    """The second kernel of the benchmarks of one group, timed as a variant
    of its own: their lanes binary with `--kernel <variant>`, the same
    algorithm written without the feature the group is about. The group's
    table puts it next to lanes, and "<lanes> vs <variant>" says what the
    feature is worth."""
    variant: str  # its name (--variants, tables, files) and --kernel
    lanes: str  # what the ratio calls the lanes kernel
    kind: str  # the group in "the overall geomean but the <kind> ones"
    header: str  # the report header's line on it
    about: str  # the paragraph above the group's table


# The groups whose tables compare lanes with a twin; they are left out of
# the overall geomean, which is about the classic variants.
TWINS = {
    SUB_GROUPS: Twin(
        "no-sub-group", "lanes", "sub-group",
        "the `lanes` binary of a sub-group benchmark with `--kernel "
        "no-sub-group`; the sub-group size is LANES_SUB_GROUP_SIZE (the "
        "problems say it)",
        "lanes: the kernel with sub-group functions; no-sub-group: the same "
        "algorithm, each sub-group's exchange through work-group local "
        "memory and group barriers (the lanes binary, `--kernel "
        "no-sub-group`); ratios as above, so \"lanes vs no-sub-group\" "
        "above 1x means the sub-group functions made the kernel faster."),
    COLLECTIVES: Twin(
        "tree", "collective", "collective",
        "the `lanes` binary of group-reduce-cached with `--kernel tree`, "
        "the local-memory tree",
        "lanes: the kernel with the work-group collective "
        "(`reduce_over_group`); tree: the same sums by a local-memory tree "
        "with a barrier in each of its 8 steps (the lanes binary, `--kernel "
        "tree`); the input stays in L1, so the ratios time the collective, "
        "not DRAM; \"collective vs tree\" is tree's median over lanes' "
        "(issue 4 asked for >= 3x; now that the pipeline forwards each "
        "step of the tree to the next and drops its stores, the tree runs "
        "about as fast: bench/README.md). pocl runs the tree (it has no "
        "work_group_reduce_add). group-reduce-sub-groups: the same sums by "
        "the block reduction of ported CUDA code (`--kernel sub-groups`: "
        "sub-group sums, a barrier, sub-group 0 alone adds them up), so its "
        "row compares that kernel, where the sub-groups part ways in every "
        "group, with the same tree and reference."),
}

# The variants a benchmark has: the four of BENCHMARKS.md, or for the
# sub-group benchmarks the same kernel without sub-groups instead of pocl,
# or for the collective benchmark the four and the tree.
CLASSIC_VARIANTS = ("lanes", "library-only", "reference", "pocl")
SUB_GROUP_VARIANTS = ("lanes", "no-sub-group", "library-only", "reference")
COLLECTIVE_VARIANTS = ("lanes", "tree", "library-only", "reference", "pocl")


@dataclass
class Benchmark:
    name: str
    binary: str  # stem of bin/<stem>-<variant>
    args: list
    group: str
    bytes_per_item: int = 0  # global-memory traffic per element, for GB/s
    variants: tuple = CLASSIC_VARIANTS


BENCHMARKS = [
    Benchmark("reduction", "reduction", [], BARRIER_HEAVY),
    Benchmark("reduction-group", "reduction", ["--kernel", "group"],
              BARRIER_HEAVY),
    Benchmark("reduction-sycl", "reduction", ["--kernel", "sycl-reduction"],
              BARRIER_HEAVY),
    Benchmark("scalar-product", "scalar_product", [], BARRIER_HEAVY),
    Benchmark("nbody", "nbody", [], BARRIER_HEAVY),
    Benchmark("matmul", "matmul", [], BARRIER_HEAVY),
    Benchmark("wallace", "wallace", [], BARRIER_HEAVY),
    Benchmark("transpose", "transpose", [], BARRIER_HEAVY),
    Benchmark("stencil-1d", "stencil", [], BARRIER_HEAVY),
    Benchmark("scan", "scan", [], BARRIER_HEAVY),
    Benchmark("scan-group", "scan", ["--kernel", "group"], BARRIER_HEAVY),
    Benchmark("histogram", "histogram", [], BARRIER_HEAVY),
    Benchmark("stream-copy", "stream", ["--kernel", "copy"], STREAM, 8),
    Benchmark("stream-mul", "stream", ["--kernel", "mul"], STREAM, 8),
    Benchmark("stream-add", "stream", ["--kernel", "add"], STREAM, 12),
    Benchmark("stream-triad", "stream", ["--kernel", "triad"], STREAM, 12),
    Benchmark("stream-dot", "stream", ["--kernel", "dot"], STREAM, 8),
    Benchmark("stream-copy-barrier", "stream", ["--kernel", "copy-barrier"],
              STREAM, 8),
    Benchmark("mandelbrot", "mandelbrot", [], DIVERGENT),
    Benchmark("mandelbrot-grid-stride", "mandelbrot",
              ["--kernel", "grid-stride"], DIVERGENT),
    Benchmark("activations", "activations", [], MATH),
    Benchmark("activations-erf", "activations", ["--kernel", "erf"], MATH),
    Benchmark("activations-silu", "activations", ["--kernel", "silu"], MATH),
    Benchmark("sg-reduction", "sg_reduction", [], SUB_GROUPS,
              variants=SUB_GROUP_VARIANTS),
    Benchmark("sg-reduction-cached", "sg_reduction", ["--cached"],
              SUB_GROUPS, variants=SUB_GROUP_VARIANTS),
    Benchmark("sg-scan", "sg_scan", [], SUB_GROUPS,
              variants=SUB_GROUP_VARIANTS),
    Benchmark("sg-scan-cached", "sg_scan", ["--cached"], SUB_GROUPS,
              variants=SUB_GROUP_VARIANTS),
    Benchmark("sg-shuffle", "sg_shuffle", [], SUB_GROUPS,
              variants=SUB_GROUP_VARIANTS),
    Benchmark("sg-shuffle-cached", "sg_shuffle", ["--cached"], SUB_GROUPS,
              variants=SUB_GROUP_VARIANTS),
    Benchmark("sg-spmv", "sg_spmv", [], SUB_GROUPS,
              variants=SUB_GROUP_VARIANTS),
    Benchmark("sg-spmv-cached", "sg_spmv", ["--cached"], SUB_GROUPS,
              variants=SUB_GROUP_VARIANTS),
    Benchmark("group-reduce-cached", "group_reduce_cached", [], COLLECTIVES,
              variants=COLLECTIVE_VARIANTS),
    Benchmark("group-reduce-sub-groups", "group_reduce_cached",
              ["--kernel", "sub-groups"], COLLECTIVES,
              variants=COLLECTIVE_VARIANTS),
]

# SYCL sources whose compile time is measured (one per binary stem).
COMPILE_SOURCES = ["reduction", "scalar_product", "nbody", "matmul",
                   "wallace", "transpose", "stencil", "scan", "histogram",
                   "stream", "sg_reduction", "sg_scan", "sg_shuffle", "sg_spmv",
                   "group_reduce_cached", "mandelbrot", "activations"]

TWIN_VARIANTS = [twin.variant for twin in TWINS.values()]
VARIANTS = (["lanes"] + TWIN_VARIANTS +
            ["library-only", "reference", "pocl"])
SUFFIX = {"lanes": "lanes", "library-only": "lib", "reference": "ref",
          "pocl": "ocl", **{v: "lanes" for v in TWIN_VARIANTS}}
# Arguments that make a variant out of another variant's binary.
VARIANT_ARGS = {v: ["--kernel", v] for v in TWIN_VARIANTS}
POCL_METHODS = ["loopvec", "loops", "repl"]


@dataclass
class Outcome:
    """What the processes of one variant of one benchmark reported."""
    samples: list = field(default_factory=list)
    status: str = "OK"  # OK, FAIL, TIMEOUT, ERROR, MISSING
    why: str = ""
    config: dict = field(default_factory=dict)
    capped: bool = False
    processes: int = 0

    def failed(self, status, why):
        if self.status == "OK":
            self.status, self.why = status, why

    def ok(self):
        return self.status == "OK" and bool(self.samples)

    def median(self):
        return statistics.median(self.samples) if self.ok() else None


def parse_lines(text):
    """The `lanes-bench key=value ...` lines of a benchmark's output."""
    events = []
    for line in text.splitlines():
        if not line.startswith("lanes-bench "):
            continue
        fields = {}
        for token in shlex.split(line)[1:]:
            key, _, value = token.partition("=")
            fields[key] = value
        events.append(fields)
    return events


def run_process(cmd, env, timeout):
    """Runs one benchmark process; returns (events, status, why)."""
    try:
        proc = subprocess.run(cmd, env=env, capture_output=True, text=True,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        return [], "TIMEOUT", f"over {timeout} s"
    except OSError as err:
        return [], "ERROR", str(err)
    events = parse_lines(proc.stdout)
    for ev in events:
        if ev.get("phase") == "verify" and ev.get("status") != "OK":
            return events, "FAIL", ev.get("detail", "")
    if proc.returncode != 0:
        tail = (proc.stderr.strip().splitlines() or [""])[-1]
        return events, "ERROR", f"exit {proc.returncode}: {tail}"
    return events, "OK", ""


def absorb(outcome, events, status, why):
    outcome.processes += 1
    if status != "OK":
        outcome.failed(status, why)
        return
    for ev in events:
        phase = ev.get("phase")
        if phase == "run":
            outcome.samples.append(float(ev["ms"]))
        elif phase == "config":
            for k, v in ev.items():
                if k not in ("bench", "variant", "size", "phase"):
                    outcome.config[k] = v
        elif phase == "capped":
            outcome.capped = True


def read_cmake_cache(build_dir):
    cache = {}
    path = os.path.join(build_dir, "CMakeCache.txt")
    if not os.path.exists(path):
        return cache
    with open(path) as f:
        for line in f:
            if line.startswith(("#", "//")) or "=" not in line:
                continue
            key_type, _, value = line.rstrip("\n").partition("=")
            cache[key_type.split(":")[0]] = value
    return cache


def first_line(cmd):
    try:
        out = subprocess.run(cmd, capture_output=True, text=True).stdout
        return out.splitlines()[0].strip() if out else "?"
    except OSError:
        return "?"


def cpu_model(clangxx):
    """The model name, family/model and what -march=native means to clang
    (the name alone can be as vague as "AMD EPYC")."""
    info = {}
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                key, _, value = line.partition(":")
                info.setdefault(key.strip(), value.strip())
    except OSError:
        pass
    name = info.get("model name", platform.processor() or "?")
    native = "?"
    try:
        out = subprocess.run([clangxx, "-march=native", "-###", "-x", "c++",
                              "-c", os.devnull], capture_output=True,
                             text=True).stderr
        words = shlex.split(out.splitlines()[-1])
        native = words[words.index("-target-cpu") + 1]
    except (OSError, ValueError, IndexError):
        pass
    avx512 = "avx512f" in info.get("flags", "").split()
    return (f"{name} (family {info.get('cpu family', '?')} model "
            f"{info.get('model', '?')}, -march=native = {native}"
            f"{', AVX-512' if avx512 else ''})")


def geomean(values):
    values = [v for v in values if v and v > 0]
    if not values:
        return None
    return math.exp(sum(math.log(v) for v in values) / len(values))


def fmt_ms(value):
    if value is None:
        return "-"
    if value >= 100:
        return f"{value:.0f}"
    if value >= 10:
        return f"{value:.1f}"
    return f"{value:.2f}"


def fmt_ratio(value):
    if value is None:
        return "-"
    return f"{value:.0f}x" if value >= 100 else f"{value:.2f}x"


def cell(outcome):
    if outcome is None:
        return "-"
    if not outcome.ok():
        return outcome.status
    lo, hi = min(outcome.samples), max(outcome.samples)
    return f"{fmt_ms(outcome.median())} ({fmt_ms(lo)}–{fmt_ms(hi)})"


def ratio(slow, fast):
    """How many times faster `fast` is than `slow` (medians)."""
    if slow is None or fast is None or not slow.ok() or not fast.ok():
        return None
    return slow.median() / fast.median()


class Runner:
    def __init__(self, args):
        self.args = args
        self.build = os.path.abspath(args.build_dir)
        self.bin = os.path.join(self.build, "bench", "bin")
        self.out = os.path.abspath(args.out_dir or
                                   os.path.join(self.build, "bench", "results"))
        self.cache = read_cmake_cache(self.build)
        self.env = dict(os.environ)
        self.env.setdefault("OMP_NUM_THREADS", str(os.cpu_count() or 1))
        threads = self.env.get("LANES_NUM_THREADS",
                               self.env["OMP_NUM_THREADS"])
        # pocl's pthread device uses every core unless told otherwise: give
        # it the same number of threads as the OpenMP variants.
        self.env.setdefault("POCL_MAX_PTHREAD_COUNT", threads)
        self.results = {}  # (bench, variant) -> Outcome; pocl per method
        self.pocl_compile = {}  # (bench, method) -> dict
        self.compile_times = []
        self.lines = []  # the report, also written to results.md

    # -- output ------------------------------------------------------------
    def say(self, text=""):
        print(text, flush=True)
        self.lines.append(text)

    def progress(self, text):
        if not self.args.quiet:
            print(f"  .. {text}", file=sys.stderr, flush=True)

    # -- building ----------------------------------------------------------
    def build_binaries(self):
        if self.args.no_build:
            return
        if not os.path.exists(os.path.join(self.build, "CMakeCache.txt")):
            sys.exit(f"run.py: {self.build} is not a configured build "
                     f"directory (cmake -G Ninja -S {SOURCE_DIR} -B "
                     f"{self.build})")
        print(f"run.py: building target lanes-bench in {self.build}",
              file=sys.stderr, flush=True)
        rc = subprocess.run(["cmake", "--build", self.build, "--target",
                             "lanes-bench"]).returncode
        if rc != 0:
            sys.exit("run.py: the build failed")

    def binary(self, bench, variant):
        return os.path.join(self.bin, f"{bench.binary}-{SUFFIX[variant]}")

    # -- running -----------------------------------------------------------
    def pocl_env(self, method):
        env = dict(self.env)
        env["POCL_WORK_GROUP_METHOD"] = method
        env["POCL_CACHE_DIR"] = os.path.join(self.build, "bench",
                                             "pocl-cache", method)
        return env

    def command(self, bench, variant, reps):
        return ([self.binary(bench, variant), "--size", self.args.size,
                 "--reps", str(reps)] + bench.args +
                VARIANT_ARGS.get(variant, []))

    def warm_pocl(self, bench, methods):
        """One untimed process per method, so that pocl compiles here (it
        compiles again per local and global size at the first launch);
        records its build and first-launch times."""
        usable = []
        for method in methods:
            env = self.pocl_env(method)
            self.progress(f"{bench.name}: warming pocl ({method})")
            events, status, why = run_process(
                self.command(bench, "pocl", 1), env, self.args.pocl_timeout)
            info = {"status": status, "why": why}
            for ev in events:
                if ev.get("phase") in ("build", "warmup"):
                    info[ev["phase"]] = float(ev["ms"])
                if ev.get("phase") == "run":
                    info["run"] = float(ev["ms"])
            self.pocl_compile[(bench.name, method)] = info
            outcome = self.results.setdefault((bench.name, f"pocl-{method}"),
                                              Outcome())
            if status == "OK":
                usable.append(method)
            else:
                outcome.failed(status, why)
        return usable

    def run_benchmark(self, bench, variants):
        variants = [v for v in variants if v in bench.variants]
        plan = []  # (key, variant, env, inner reps, rounds)
        for variant in variants:
            if not os.path.exists(self.binary(bench, variant)):
                self.results[(bench.name, variant)] = Outcome(
                    status="MISSING", why=self.binary(bench, variant))
                continue
            if variant == "pocl":
                for method in self.warm_pocl(bench, self.args.pocl_methods):
                    plan.append((f"pocl-{method}", "pocl",
                                 self.pocl_env(method), self.args.inner_reps,
                                 self.args.reps))
                continue
            self.results[(bench.name, variant)] = Outcome()
            if variant == "library-only":
                plan.append((variant, variant, self.env, 1,
                             min(self.args.reps, self.args.lib_rounds)))
            else:
                plan.append((variant, variant, self.env, self.args.inner_reps,
                             self.args.reps))
        for rnd in range(1, self.args.reps + 1):
            for key, variant, env, inner, rounds in plan:
                outcome = self.results[(bench.name, key)]
                if rnd > rounds or outcome.status != "OK":
                    continue
                self.progress(f"{bench.name}: round {rnd} {key}")
                events, status, why = run_process(
                    self.command(bench, variant, inner), env,
                    self.args.timeout)
                absorb(outcome, events, status, why)
        # pocl = the method with the best median.
        best = None
        for method in self.args.pocl_methods:
            o = self.results.get((bench.name, f"pocl-{method}"))
            if o and o.ok() and (best is None or o.median() < best[1].median()):
                best = (method, o)
        if "pocl" in variants:
            if best:
                self.results[(bench.name, "pocl")] = best[1]
                best[1].config["best_method"] = best[0]
            else:
                self.results[(bench.name, "pocl")] = Outcome(
                    status="FAIL", why="no pocl method ran")

    def measure_compile_times(self):
        lanespp = os.path.join(self.build, "bin", "lanes++")
        clangxx = self.cache.get("LANES_CLANGXX", "clang++-19")
        include = os.path.join(SOURCE_DIR, "include")
        flags = self.flags()
        common = flags + ["-I", os.path.join(BENCH_DIR, "include"),
                          '-DLANES_BENCH_VARIANT="lanes"', "-c"]
        with tempfile.TemporaryDirectory() as tmp:
            obj = os.path.join(tmp, "out.o")
            for src in COMPILE_SOURCES:
                path = os.path.join(BENCH_DIR, "sycl", f"{src}.cpp")
                if self.args.only and not any(
                        b.binary == src for b in self.selected):
                    continue
                cmds = {
                    "lanes++": [lanespp] + common + [path, "-o", obj],
                    "clang++": [clangxx, "-std=c++17", "-isystem", include]
                               + common + [path, "-o", obj],
                }
                times = {k: [] for k in cmds}
                ok = True
                for _ in range(self.args.compile_reps):
                    for key, cmd in cmds.items():
                        self.progress(f"compile time: {src} ({key})")
                        start = time.perf_counter()
                        rc = subprocess.run(cmd, capture_output=True).returncode
                        times[key].append(time.perf_counter() - start)
                        ok = ok and rc == 0
                row = {"source": f"sycl/{src}.cpp", "ok": ok,
                       "lanes": statistics.median(times["lanes++"]),
                       "clang": statistics.median(times["clang++"])}
                self.compile_times.append(row)

    def flags(self):
        value = self.cache.get("LANES_BENCH_FLAGS",
                               "-O3;-march=native;-fno-math-errno")
        return [f for f in value.split(";") if f]

    # -- reporting ---------------------------------------------------------
    def report_header(self, started, load_before, load_after):
        env = self.env
        flags = " ".join(self.flags())
        pocl_device = pocl_driver = "-"
        for (_, key), o in self.results.items():
            if key.startswith("pocl-") and "device" in o.config:
                pocl_device = o.config["device"]
                pocl_driver = o.config.get("driver", "-")
        commit = first_line(["git", "-C", SOURCE_DIR, "rev-parse", "--short",
                             "HEAD"])
        dirty = subprocess.run(["git", "-C", SOURCE_DIR, "status",
                                "--porcelain", "--untracked-files=no"],
                               capture_output=True, text=True).stdout.strip()
        self.say(f"## Lanes benchmarks, {started:%Y-%m-%d %H:%M}")
        self.say()
        clangxx = self.cache.get("LANES_CLANGXX", "clang++-19")
        self.say(f"- machine: {cpu_model(clangxx)}, {os.cpu_count()} cores, "
                 f"{platform.system()} {platform.release()}, load average "
                 f"{load_before[0]:.2f} before / {load_after[0]:.2f} after")
        self.say(f"- threads: OMP_NUM_THREADS={env.get('OMP_NUM_THREADS')} "
                 f"OMP_PROC_BIND={env.get('OMP_PROC_BIND', 'unset')} "
                 f"LANES_NUM_THREADS={env.get('LANES_NUM_THREADS', 'unset')} "
                 f"POCL_MAX_PTHREAD_COUNT={env.get('POCL_MAX_PTHREAD_COUNT')}")
        self.say(f"- lanes: `lanes++ {flags}` (commit {commit}"
                 f"{', with uncommitted changes' if dirty else ''})")
        self.say(f"- library-only: `g++ -std=c++17 {flags}` "
                 f"({first_line([self.cache.get('LANES_GXX', 'g++'), '--version'])})")
        self.say(f"- reference: `clang++-19 -std=c++17 {flags} -fopenmp` "
                 f"({first_line([self.cache.get('LANES_CLANGXX', 'clang++-19'), '--version'])})")
        if any("pocl" in b.variants for b in self.selected):
            self.say(f"- pocl: {pocl_driver}, device `{pocl_device}`, "
                     f"default build options, methods "
                     f"{', '.join(self.args.pocl_methods)} each in its own "
                     f"process, best median reported")
        for group, twin in TWINS.items():
            if any(b.group == group for b in self.selected):
                self.say(f"- {twin.variant}: {twin.header}")
        self.say(f"- protocol: size `{self.args.size}`, {self.args.reps} "
                 f"rounds of fresh processes, variants interleaved; each "
                 f"process warms up, verifies, times {self.args.inner_reps} "
                 f"runs (library-only: 1 run, at most {self.args.lib_rounds} "
                 f"rounds); cells are median (min–max) ms of all timed runs")
        self.say()

    def problem_cell(self, bench):
        """The problem and local size, as the first variant that ran says."""
        for v in ["lanes", "reference", "pocl"] + TWIN_VARIANTS + [
                "library-only"]:
            o = self.results.get((bench.name, v))
            if o and "problem" in o.config:
                return f"{o.config['problem']} ({o.config.get('local', '?')})"
        return "-"

    def lib_cell(self, bench):
        lib = self.results.get((bench.name, "library-only"))
        if lib and lib.ok():
            return f"{cell(lib)} n={len(lib.samples)}"
        return cell(lib)

    def report_tables(self, variants):
        groups = {}
        for bench in self.selected:
            groups.setdefault(bench.group, []).append(bench)
        all_ratios = {"library-only": [], "reference": [], "pocl": []}
        apart = [group for group in groups if group in TWINS or group == MATH]
        for group, benches in groups.items():
            if group not in apart:
                self.report_group(group, benches, all_ratios)
        if any(group not in apart for group in groups):
            kinds = [TWINS[group].kind if group in TWINS else MATH_KIND
                     for group in apart]
            but = f" but the {' and '.join(kinds)} ones" if kinds else ""
            self.say(f"Geomean over all benchmarks{but}: lanes vs "
                     f"library-only "
                     f"{fmt_ratio(geomean(all_ratios['library-only']))}, "
                     f"vs reference "
                     f"{fmt_ratio(geomean(all_ratios['reference']))}, "
                     f"vs pocl {fmt_ratio(geomean(all_ratios['pocl']))}. A "
                     f"ratio is the other variant's median over lanes' "
                     f"median: above 1x, lanes is faster.")
            self.say()
        for group in apart:
            self.report_group(group, groups[group],
                              {v: [] for v in all_ratios})
        self.report_bandwidth()
        self.report_failures()

    def report_group(self, group, benches, all_ratios):
        """One table: lanes, the group's twin (TWINS) if it has one,
        library-only, reference, and pocl where its benchmarks have it; then
        lanes against each of the others, and their geomeans. The ratios of
        a group without a twin also go into `all_ratios` (variant -> list)
        for the overall geomean."""
        twin = TWINS.get(group)
        columns = (["lanes"] + ([twin.variant] if twin else []) +
                   ["library-only", "reference"])
        if any("pocl" in bench.variants for bench in benches):
            columns.append("pocl")
        others = columns[1:]
        self.say(f"### {group}")
        self.say()
        if twin:
            self.say(twin.about)
            self.say()
        heads = ["pocl ms (method)" if v == "pocl" else f"{v} ms"
                 for v in columns]
        heads += [f"{twin.lanes} vs {v}" if twin and v == twin.variant
                  else f"lanes vs {v}" for v in others]
        self.say("| benchmark | problem (local size) | " + " | ".join(heads)
                 + " |")
        self.say("|---|---|" + "---|" * len(heads))
        ratios = {v: [] for v in others}
        for bench in benches:
            lanes = self.results.get((bench.name, "lanes"))
            r = {v: ratio(self.results.get((bench.name, v)), lanes)
                 for v in others}
            for v, value in r.items():
                if value:
                    ratios[v].append(value)
                    if not twin:
                        all_ratios[v].append(value)
            cells = [self.variant_cell(bench, v) for v in columns]
            cells += [fmt_ratio(r[v]) for v in others]
            self.say(f"| {bench.name} | {self.problem_cell(bench)} | "
                     + " | ".join(cells) + " |")
        self.say("| **geomean** | |" + " |" * len(columns) + "".join(
            f" {fmt_ratio(geomean(ratios[v]))} |" for v in others))
        self.say()

    def variant_cell(self, bench, variant):
        """A table cell of one variant's times, with what it needs said:
        library-only its sample count, pocl its best method."""
        if variant == "library-only":
            return self.lib_cell(bench)
        outcome = self.results.get((bench.name, variant))
        if variant == "pocl" and outcome and outcome.ok():
            return f"{cell(outcome)} {outcome.config.get('best_method', '')}"
        return cell(outcome)

    def report_bandwidth(self):
        rows = []
        for bench in self.selected:
            if not bench.bytes_per_item:
                continue
            lanes = self.results.get((bench.name, "lanes"))
            ref = self.results.get((bench.name, "reference"))
            if not (lanes and lanes.ok() and ref and ref.ok()):
                continue
            n = int(lanes.config.get("problem", "0").split()[0] or 0)
            gb = n * bench.bytes_per_item / 1e9
            rows.append(f"| {bench.name} | {gb / (lanes.median() / 1e3):.1f} "
                        f"| {gb / (ref.median() / 1e3):.1f} | "
                        f"{100 * ref.median() / lanes.median():.0f}% |")
        if rows:
            self.say("Bandwidth (bytes the kernel must move / median time; "
                     "target: lanes >= 90% of reference on triad):")
            self.say()
            self.say("| kernel | lanes GB/s | reference GB/s | lanes / "
                     "reference |")
            self.say("|---|---|---|---|")
            for row in rows:
                self.say(row)
            self.say()

    def report_failures(self):
        bad = [(b, v, o) for (b, v), o in sorted(self.results.items())
               if o.status != "OK" and v != "pocl"]
        if bad:
            self.say("Not timed:")
            self.say()
            for b, v, o in bad:
                self.say(f"- {b} / {v}: {o.status} {o.why}")
            self.say()

    def report_pocl(self):
        if not self.pocl_compile:
            return
        methods = self.args.pocl_methods
        self.say("### pocl by work-group method")
        self.say()
        what = ("compile: clBuildProgram + first launch - one timed run, in "
                "the warming process, with pocl's kernel cache emptied first "
                "(--pocl-cold)" if self.args.pocl_cold else
                "first launch: clBuildProgram + first launch - one timed run, "
                "in the warming process, with pocl's kernel cache as it was "
                "(use --pocl-cold for compile times)")
        self.say(f"Run: median ms of the timed runs; {what}.")
        self.say()
        label = "compile" if self.args.pocl_cold else "first launch"
        self.say("| benchmark | " + " | ".join(
            f"{m} run | {m} {label}" for m in methods) + " |")
        self.say("|---|" + "---|---|" * len(methods))
        for bench in self.selected:
            if "pocl" not in bench.variants:
                continue
            cells = []
            for m in methods:
                o = self.results.get((bench.name, f"pocl-{m}"))
                info = self.pocl_compile.get((bench.name, m))
                cells.append(cell(o) if o else "-")
                if not info or info["status"] != "OK":
                    cells.append("-")
                else:
                    jit = info.get("warmup", 0) - info.get("run", 0)
                    cells.append(f"{(info.get('build', 0) + max(jit, 0)) / 1e3:.1f} s")
            self.say(f"| {bench.name} | " + " | ".join(cells) + " |")
        self.say()

    def report_compile_times(self):
        if not self.compile_times:
            return
        self.say(f"### Compile time: lanes++ vs plain clang++-19 "
                 f"(`{' '.join(self.flags())} -c`, median of "
                 f"{self.args.compile_reps}; target <= 1.3x)")
        self.say()
        self.say("| source | lanes++ s | clang++-19 s | ratio |")
        self.say("|---|---|---|---|")
        ratios = []
        for row in self.compile_times:
            r = row["lanes"] / row["clang"]
            ratios.append(r)
            note = "" if row["ok"] else " (a compile failed)"
            self.say(f"| {row['source']} | {row['lanes']:.2f} | "
                     f"{row['clang']:.2f} | {r:.2f}x{note} |")
        self.say(f"| **geomean** | | | {geomean(ratios):.2f}x |")
        self.say()

    def write_files(self):
        os.makedirs(self.out, exist_ok=True)
        with open(os.path.join(self.out, "results.md"), "w") as f:
            f.write("\n".join(self.lines) + "\n")
        with open(os.path.join(self.out, "results.csv"), "w",
                  newline="") as f:
            w = csv.writer(f)
            w.writerow(["benchmark", "variant", "status", "median_ms",
                        "min_ms", "max_ms", "q1_ms", "q3_ms", "samples",
                        "processes", "problem", "local", "pocl_method",
                        "detail"])
            for (b, v), o in self.results.items():
                s = sorted(o.samples)
                q = (statistics.quantiles(s, n=4) if len(s) >= 2
                     else [None, None, None])
                w.writerow([b, v, o.status if o.samples or o.status != "OK"
                            else "NO-SAMPLES", o.median(),
                            s[0] if s else None, s[-1] if s else None,
                            q[0], q[2], len(s), o.processes,
                            o.config.get("problem"), o.config.get("local"),
                            o.config.get("best_method",
                                         o.config.get("pocl_method")),
                            o.why])
        with open(os.path.join(self.out, "samples.csv"), "w",
                  newline="") as f:
            w = csv.writer(f)
            w.writerow(["benchmark", "variant", "ms"])
            for (b, v), o in self.results.items():
                if v == "pocl":
                    continue  # the same samples as its best pocl-<method>
                for ms in o.samples:
                    w.writerow([b, v, ms])
        with open(os.path.join(self.out, "compile.csv"), "w",
                  newline="") as f:
            w = csv.writer(f)
            w.writerow(["source", "lanes_s", "clang_s", "ratio", "ok"])
            for row in self.compile_times:
                w.writerow([row["source"], row["lanes"], row["clang"],
                            row["lanes"] / row["clang"], row["ok"]])
        self.write_chart()

    def write_chart(self):
        """Speed relative to the reference (log scale), one cluster of bars
        per benchmark."""
        if not shutil.which("gnuplot"):
            print("run.py: gnuplot not found, no chart (apt-get install "
                  "gnuplot-nox)", file=sys.stderr)
            return
        titles = {"lanes": "lanes", "pocl": "pocl (best method)",
                  "library-only": "library-only",
                  **{v: f"{v} (lanes)" for v in TWIN_VARIANTS}}
        shown = list(titles)
        dat = os.path.join(self.out, "chart.dat")
        with open(dat, "w") as f:
            f.write("# benchmark " + " ".join(shown) + "\n")
            for bench in self.selected:
                ref = self.results.get((bench.name, "reference"))
                row = [bench.name]
                for v in shown:
                    r = ratio(ref, self.results.get((bench.name, v)))
                    row.append(f"{r:.6g}" if r else "NaN")
                f.write(" ".join(row) + "\n")
        png = os.path.join(self.out, "chart.png")
        plots = ", ".join(f"'' using {column} title '{titles[v]}'"
                          for column, v in enumerate(shown[1:], start=3))
        script = f"""
set terminal pngcairo size 1400,600 font ",10"
set output '{png}'
set title "Speed relative to the OpenMP reference (higher is faster; 1 = reference)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set logscale y
set grid ytics
set xtics rotate by -35
set key top right
set rmargin 10
set bmargin 7
set datafile missing "NaN"
set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2
plot '{dat}' using 2:xtic(1) title 'lanes', {plots}
"""
        gp = os.path.join(self.out, "chart.gp")
        with open(gp, "w") as f:
            f.write(script)
        rc = subprocess.run(["gnuplot", gp], capture_output=True, text=True)
        if rc.returncode != 0:
            print(f"run.py: gnuplot failed: {rc.stderr.strip()}",
                  file=sys.stderr)

    # -- main --------------------------------------------------------------
    def main(self):
        args = self.args
        names = [b.name for b in BENCHMARKS]
        if args.only:
            wanted = args.only.split(",")
            unknown = [w for w in wanted if w not in names]
            if unknown:
                sys.exit(f"run.py: unknown benchmark(s) {unknown}; known: "
                         f"{', '.join(names)}")
            self.selected = [b for b in BENCHMARKS if b.name in wanted]
        else:
            self.selected = list(BENCHMARKS)
        variants = args.variants.split(",")
        for v in variants:
            if v not in VARIANTS:
                sys.exit(f"run.py: unknown variant {v}; known: "
                         f"{', '.join(VARIANTS)}")
        self.build_binaries()
        if args.pocl_cold and "pocl" in variants:
            for method in args.pocl_methods:
                shutil.rmtree(self.pocl_env(method)["POCL_CACHE_DIR"],
                              ignore_errors=True)
        started = datetime.datetime.now()
        load_before = os.getloadavg()
        for bench in self.selected:
            self.run_benchmark(bench, variants)
        if args.compile_reps > 0 and "lanes" in variants:
            self.measure_compile_times()
        load_after = os.getloadavg()
        self.report_header(started, load_before, load_after)
        self.report_tables(variants)
        if "pocl" in variants:
            self.report_pocl()
        self.report_compile_times()
        self.write_files()
        self.say(f"Files: {self.out}/results.md, results.csv, samples.csv, "
                 f"compile.csv, chart.png")
        failed = [k for k, o in self.results.items() if o.status == "FAIL"]
        return 1 if failed else 0


def parse_args(argv):
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--build-dir", required=True,
                   help="a configured Lanes build directory")
    p.add_argument("--reps", type=int, default=5,
                   help="rounds of fresh processes per variant (default 5)")
    p.add_argument("--inner-reps", type=int, default=3,
                   help="timed runs per process (default 3; library-only 1)")
    p.add_argument("--lib-rounds", type=int, default=3,
                   help="at most this many library-only rounds (default 3)")
    p.add_argument("--only", help="comma-separated benchmark names")
    p.add_argument("--variants", default=",".join(VARIANTS),
                   help="comma-separated, from " + ",".join(VARIANTS))
    p.add_argument("--pocl-methods", default=",".join(POCL_METHODS),
                   help="POCL_WORK_GROUP_METHOD values to try")
    p.add_argument("--size", choices=["full", "smoke"], default="full")
    p.add_argument("--compile-reps", type=int, default=3,
                   help="compile-time measurements per source (0: skip)")
    p.add_argument("--timeout", type=float, default=600,
                   help="seconds allowed to one benchmark process")
    p.add_argument("--pocl-timeout", type=float, default=1200,
                   help="seconds allowed to a pocl warming process "
                        "(repl compiles slowly)")
    p.add_argument("--pocl-cold", action="store_true",
                   help="empty pocl's kernel caches first, so that the "
                        "warming processes measure compile times (repl "
                        "compiles for minutes)")
    p.add_argument("--no-build", action="store_true",
                   help="expect the binaries to be built")
    p.add_argument("--out-dir", help="default <build-dir>/bench/results")
    p.add_argument("--quiet", action="store_true",
                   help="no progress lines on stderr")
    args = p.parse_args(argv)
    args.pocl_methods = args.pocl_methods.split(",")
    if args.reps < 1 or args.inner_reps < 1 or args.lib_rounds < 1:
        p.error("--reps, --inner-reps and --lib-rounds must be at least 1")
    return args


if __name__ == "__main__":
    sys.exit(Runner(parse_args(sys.argv[1:])).main())
