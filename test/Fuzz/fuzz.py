#!/usr/bin/env python3
"""Differential fuzzing of Lanes: compiled (lanes++) against library-only (g++).

Kernels come from gen_kernels.py, many per program. Each batch program is
built both ways, run both ways, and the per-kernel checksum lines compared.

  fuzz.py --build-dir BUILD --seeds 1:1001 [--batch 100] [--jobs 2]
      Runs seeds 1..1000; prints `N passed, M failed` and the failing seeds
      with what went wrong; exits 1 on any failure.
  fuzz.py --build-dir BUILD --reproduce SEED
      Builds the one kernel of SEED both ways and shows both outputs (and the
      first differing output words, named).
  fuzz.py --build-dir BUILD --shrink SEED
      Reduces the failing kernel of SEED (delta debugging over its statement
      tree) and writes the smallest source that still fails.

Failure kinds: `mismatch` (checksums differ), `compiled-exception` (only the
compiled run raised, e.g. a false divergent-barrier report),
`compiled-crash` / `compiled-timeout`, `compile-error` (lanes++ rejected or
crashed on the kernel), and `generator-bug` (the library-only run raised: the
generator emitted an ill-formed kernel, or the library-only runtime is
wrong).
"""

import argparse
import concurrent.futures
import copy
import os
import re
import shlex
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen_kernels as gen  # noqa: E402

SOURCE_ROOT = os.path.dirname(os.path.dirname(HERE))
LINE = re.compile(r'^kernel (\d+) seed (\d+): (.*)$')
RUN_TIMEOUT = 120


class Toolchain:
    """How to build and run a program both ways (mirrors LanesProgram.cmake)."""

    def __init__(self, build_dir, opt, lib_opt=None):
        self.build_dir = os.path.abspath(build_dir)
        self.opt = opt
        # The oracle must be right, and g++ 12 at -O3 is not always: with
        # -march=native it returns a wrong value for `for (...) { x = x * c;
        # x = x * x; }`, a loop the generator writes. Its default is --opt
        # with -O2 in place of -O3.
        self.lib_opt = lib_opt or re.sub(r'(^|\s)-O3(?=\s|$)', r'\1-O2', opt)
        self.lanespp = os.path.join(self.build_dir, 'bin', 'lanes++')
        self.libdir = os.path.join(self.build_dir, 'lib')
        self.include = os.path.join(SOURCE_ROOT, 'include')
        for path in (self.lanespp, self.libdir):
            if not os.path.exists(path):
                sys.exit('fuzz.py: %s missing; build the project first' % path)

    def compile_cmd(self, mode, src, exe):
        if mode == 'lanes':
            return [self.lanespp] + self.opt.split() + ['-w', src, '-o', exe]
        return ['g++', '-std=c++17'] + self.lib_opt.split() + [
            '-w', '-I' + self.include, src, '-o', exe, '-L' + self.libdir,
            '-llanes_rt', '-Wl,-rpath,' + self.libdir]

    def compile(self, mode, src, exe):
        """Returns (ok, diagnostics)."""
        p = subprocess.run(self.compile_cmd(mode, src, exe),
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           universal_newlines=True)
        return p.returncode == 0, p.stdout

    def run(self, exe, args=(), timeout=RUN_TIMEOUT):
        """Returns (returncode or 'timeout', stdout)."""
        env = dict(os.environ)
        env.setdefault('OMP_NUM_THREADS', '1')
        try:
            p = subprocess.run([exe] + list(args), stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT,
                               universal_newlines=True, timeout=timeout,
                               env=env)
        except subprocess.TimeoutExpired as e:
            out = e.stdout or b''
            if isinstance(out, bytes):
                out = out.decode(errors='replace')
            return 'timeout', out
        return p.returncode, p.stdout


def parse_lines(text):
    """{kernel index: result text} from a batch program's output."""
    out = {}
    for line in text.splitlines():
        m = LINE.match(line)
        if m:
            out[int(m.group(1))] = m.group(3)
    return out


def write_program(path, kernels):
    with open(path, 'w') as f:
        f.write(gen.render_program(kernels))


# ---------------------------------------------------------------------------
# Batches.


class Outcome:
    def __init__(self, seed, kind='pass', detail=''):
        self.seed = seed
        self.kind = kind
        self.detail = detail


def classify(seed, lib, lanes):
    """Compares one kernel's library-only and compiled result lines."""
    if lib is None or lib.startswith('exception'):
        return Outcome(seed, 'generator-bug', 'library-only: %s' % lib)
    if lanes is None:
        return Outcome(seed, 'compiled-crash', 'no output line')
    if lanes == 'timeout':
        return Outcome(seed, 'compiled-timeout', '')
    if lanes.startswith('exception'):
        return Outcome(seed, 'compiled-exception', lanes)
    if lanes != lib:
        return Outcome(seed, 'mismatch', 'lib %s, lanes %s' % (lib, lanes))
    return Outcome(seed)


def run_isolated(tc, exe, indices):
    """Runs kernels one at a time (after a crash or hang of the batch)."""
    results = {}
    for i in indices:
        rc, out = tc.run(exe, ['--only', str(i)])
        got = parse_lines(out).get(i)
        results[i] = 'timeout' if rc == 'timeout' else got
    return results


class Batch:
    """One program of many kernels, built both ways."""

    def __init__(self, seeds, work, tag, lazy=False):
        self.seeds = seeds
        self.kernels = None
        self.tag = tag
        self.src = os.path.join(work, tag + '.cpp')
        self.exe = {m: os.path.join(work, '%s-%s' % (tag, m))
                    for m in ('lib', 'lanes')}
        self.diag = {}
        self.done = 0
        self.generating = threading.Lock()
        if not lazy:
            self.generate()

    def generate(self):
        with self.generating:
            if self.kernels is None:
                kernels = [gen.generate(s) for s in self.seeds]
                write_program(self.src, kernels)
                self.kernels = kernels

    def compile(self, tc, mode):
        ok, diag = tc.compile(mode, self.src, self.exe[mode])
        self.diag[mode] = None if ok else diag


def build_and_run(tc, kernels, work, tag):
    """Builds and runs one batch; returns {kernel index: (lib, lanes)} or,
    when lanes++ fails on the whole batch, its diagnostics."""
    b = Batch([k.seed for k in kernels], work, tag)
    for mode in ('lib', 'lanes'):
        b.compile(tc, mode)
    return run_built(tc, b)


def run_built(tc, b):
    """Runs a compiled batch; see build_and_run."""
    kernels, exe = b.kernels, b.exe
    if b.diag['lib'] is not None:
        raise RuntimeError('g++ failed on %s (generator bug):\n%s' % (
            b.src, b.diag['lib'][-3000:]))
    if b.diag['lanes'] is not None:
        return b.diag['lanes']
    results = {}
    for mode in ('lib', 'lanes'):
        rc, out = tc.run(exe[mode])
        got = parse_lines(out)
        if rc != 0 or len(got) != len(kernels):
            missing = [i for i in range(len(kernels)) if i not in got]
            # Everything after the first missing line is suspect too.
            got.update(run_isolated(tc, exe[mode], missing))
        results[mode] = got
    return {i: (results['lib'].get(i), results['lanes'].get(i))
            for i in range(len(kernels))}


def run_batch(tc, seeds, work, tag, got=None):
    """Outcomes of one batch, bisecting when lanes++ rejects it. `got` is
    the result of build_and_run when the caller built the batch already."""
    if got is None:
        got = build_and_run(tc, [gen.generate(s) for s in seeds], work, tag)
    if isinstance(got, str):
        if len(seeds) == 1:
            return [Outcome(seeds[0], 'compile-error', first_error(got))]
        half = len(seeds) // 2
        return (run_batch(tc, seeds[:half], work, tag + 'a') +
                run_batch(tc, seeds[half:], work, tag + 'b'))
    return [classify(seeds[i], *got[i]) for i in range(len(seeds))]


def first_error(diag):
    for line in diag.splitlines():
        if 'error' in line.lower() or 'assert' in line.lower():
            return line.strip()[:300]
    lines = diag.strip().splitlines()
    return lines[-1][:300] if lines else 'lanes++ failed'


def campaign(args, tc):
    seeds = gen.parse_seeds(args.seeds)
    work = os.path.abspath(args.work_dir)
    os.makedirs(work, exist_ok=True)
    batches = [seeds[i:i + args.batch] for i in range(0, len(seeds),
                                                      args.batch)]
    start = time.time()
    outcomes = []
    lock = threading.Lock()

    def compile_job(b, mode):
        # Compiling dominates, so the pool runs single compiles; whoever
        # finishes a batch's second compile runs the batch.
        b.generate()
        b.compile(tc, mode)
        with lock:
            b.done += 1
            if b.done < 2:
                return
        res = run_batch(tc, b.seeds, work, b.tag, run_built(tc, b))
        bad = [o for o in res if o.kind != 'pass']
        with lock:
            outcomes.extend(res)
            print('seeds %d..%d: %d passed, %d failed (%d kernels, %.0f s)'
                  % (b.seeds[0], b.seeds[-1], len(res) - len(bad), len(bad),
                     len(outcomes), time.time() - start), flush=True)
        for f in (b.src, b.exe['lib'], b.exe['lanes']):
            if not bad and not args.keep and os.path.exists(f):
                os.remove(f)

    built = [Batch(b, work, 'batch-%d-%d' % (b[0], b[-1]), lazy=True)
             for b in batches]
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        jobs = [pool.submit(compile_job, b, m) for b in built
                for m in ('lanes', 'lib')]
        for j in jobs:
            j.result()
    failed = sorted((o for o in outcomes if o.kind != 'pass'),
                    key=lambda o: o.seed)
    for o in failed:
        print('FAIL seed %d: %s %s' % (o.seed, o.kind, o.detail))
    print('%d passed, %d failed (%.0f s)' % (len(outcomes) - len(failed),
                                             len(failed), time.time() - start))
    if failed:
        print('failing seeds: %s' % ','.join(str(o.seed) for o in failed))
        print('reproduce one: %s %s --build-dir %s %s %s --reproduce SEED'
              % (sys.executable, os.path.abspath(__file__), tc.build_dir,
                 shlex.quote('--opt=' + tc.opt), gen.sub_group_options()))
    return 1 if failed else 0


# ---------------------------------------------------------------------------
# One kernel.


def try_kernel(tc, kernel, work, tag, dump=False):
    """Builds and runs one kernel both ways; returns (outcome, lib output,
    lanes output), the outputs being full program output."""
    src = os.path.join(work, tag + '.cpp')
    write_program(src, [kernel])
    outs = {}
    for mode in ('lib', 'lanes'):
        exe = os.path.join(work, '%s-%s' % (tag, mode))
        ok, diag = tc.compile(mode, src, exe)
        if not ok:
            if mode == 'lib':
                return Outcome(kernel.seed, 'generator-bug', 'g++: ' +
                               first_error(diag)), diag, ''
            return Outcome(kernel.seed, 'compile-error',
                           first_error(diag)), outs['lib'], diag
        rc, out = tc.run(exe, ['--dump'] if dump else [])
        outs[mode] = out
        if mode == 'lanes' and rc == 'timeout':
            return Outcome(kernel.seed, 'compiled-timeout'), outs['lib'], out
    lib = parse_lines(outs['lib']).get(0)
    lanes = parse_lines(outs['lanes']).get(0)
    return classify(kernel.seed, lib, lanes), outs['lib'], outs['lanes']


def dump_words(text):
    return [int(m.group(2), 16) for m in
            re.finditer(r'^  out (\d+) (0x[0-9a-f]+)$', text, re.M)]


def reproduce(args, tc):
    work = os.path.abspath(args.work_dir)
    os.makedirs(work, exist_ok=True)
    kernel = gen.generate(args.reproduce)
    tag = 'seed-%d' % args.reproduce
    outcome, lib, lanes = try_kernel(tc, kernel, work, tag, dump=True)
    src = os.path.join(work, tag + '.cpp')
    print('kernel of seed %d (%s): %s' % (kernel.seed, kernel.describe(), src))
    print('  compiled:     %s' % ' '.join(tc.compile_cmd('lanes', src,
                                                          src[:-4] + '-lanes')))
    print('  library-only: %s' % ' '.join(tc.compile_cmd('lib', src,
                                                          src[:-4] + '-lib')))
    for name, text in (('library-only', lib), ('compiled', lanes)):
        lines = [l for l in text.splitlines() if not l.startswith('  out ')]
        print('%s output:\n  %s' % (name, '\n  '.join(lines[-20:]) or '(none)'))
    a, b = dump_words(lib), dump_words(lanes)
    fields = kernel.out_fields()
    diffs = [i for i, (x, y) in enumerate(zip(a, b)) if x != y]
    if diffs:
        print('%d of %d output words differ; the first ones:' % (len(diffs),
                                                                 len(a)))
    items_end = kernel.n_items * len(fields)
    for i in diffs[:20]:
        if i >= items_end:
            # The joint scans' output regions follow the items' words.
            print('  joint scan output word %d: library-only 0x%08x, '
                  'compiled 0x%08x' % (i - items_end, a[i], b[i]))
            continue
        item, field = divmod(i, len(fields))
        group, lid = divmod(item, kernel.local)
        print('  group %d, local linear id %d, %s: library-only 0x%08x, '
              'compiled 0x%08x' % (group, lid, fields[field], a[i], b[i]))
    print('result: %s %s' % (outcome.kind, outcome.detail))
    return 0 if outcome.kind == 'pass' else 1


# ---------------------------------------------------------------------------
# Shrinking: greedy delta debugging over the statement tree.


def blocks_of(kernel):
    """Every statement list of the kernel, outermost first."""
    out = []

    def walk(block):
        out.append(block)
        for s in block:
            for b in s.blocks():
                walk(b)
    walk(kernel.body)
    return out


def expr_slots(kernel):
    """(owner, child index) of every expression node, for replacing it."""
    out = []

    def walk_expr(owner, index, e):
        out.append((owner, index, e))
        for i, c in enumerate(e.children()):
            walk_expr(e, i, c)

    def walk(block):
        for s in block:
            for attr in ('expr', 'index', 'cond', 'bound', 'lo', 'count',
                         'init'):
                e = getattr(s, attr, None)
                if isinstance(e, gen.Expr):
                    walk_expr(s, attr, e)
            for b in s.blocks():
                walk(b)
    walk(kernel.body)
    return out


def set_expr(owner, index, new):
    if isinstance(index, str):
        setattr(owner, index, new)
    else:
        owner.replace_child(index, new)


def candidates(kernel):
    """Smaller variants of kernel, biggest reductions first (as thunks that
    edit a deep copy, so a rejected one costs nothing)."""
    # Configuration: fewer groups, smaller dimensions.
    for d in range(kernel.dims):
        if kernel.group_dims[d] > 1:
            yield ('groups', d, 1)
    for d in range(kernel.dims):
        for size in (1, 2, 3):
            if kernel.local_dims[d] > size:
                yield ('local', d, size)
    nblocks = len(blocks_of(kernel))
    # Statements: halves of blocks, then single statements.
    for bi in range(nblocks):
        yield ('drop-range', bi, 'half')
    for bi in range(nblocks):
        yield ('drop-each', bi, None)
    # Structure: inline branches and loop bodies, reduce trip counts.
    for bi in range(nblocks):
        yield ('flatten', bi, None)
    for i in range(len(expr_slots(kernel))):
        yield ('expr', i, None)


def apply(kernel, cand):
    """Yields edited copies of kernel for one candidate description."""
    what, a, b = cand
    if what == 'groups':
        k = copy.deepcopy(kernel)
        k.group_dims[a] = b
        yield k
        return
    if what == 'local':
        k = copy.deepcopy(kernel)
        k.local_dims[a] = b
        yield k
        return
    if what in ('drop-range', 'drop-each', 'flatten'):
        n = len(blocks_of(kernel)[a])
        if what == 'drop-range' and n >= 2:
            for lo, hi in ((0, n // 2), (n // 2, n)):
                k = copy.deepcopy(kernel)
                del blocks_of(k)[a][lo:hi]
                yield k
        elif what == 'drop-each':
            for i in range(n - 1, -1, -1):
                k = copy.deepcopy(kernel)
                del blocks_of(k)[a][i]
                yield k
        elif what == 'flatten':
            for i in range(n):
                for variant in flatten_variants(blocks_of(kernel)[a][i]):
                    k = copy.deepcopy(kernel)
                    block = blocks_of(k)[a]
                    s = block[i]
                    block[i:i + 1] = variant(s)
                    yield k
        return
    if what == 'expr':
        slots = expr_slots(kernel)
        if a >= len(slots):
            return
        owner, index, e = slots[a]
        if isinstance(e, gen.Const) and e.value in (0, 1):
            return
        for repl in simpler_exprs(e):
            k = copy.deepcopy(kernel)
            owner2, index2, _ = expr_slots(k)[a]
            set_expr(owner2, index2, repl)
            yield k


def flatten_variants(s):
    """Functions mapping a (copied) statement to the statements replacing it."""
    if isinstance(s, gen.If):
        if not (len(s.then) == 1 and isinstance(s.then[0], gen.Jump)):
            yield lambda t: t.then
            if s.other:
                yield lambda t: t.other
                yield lambda t: [gen.If(t.cond, t.then, [])]
    elif isinstance(s, gen.Loop):
        yield lambda t: [gen.Let(t.counter, 0, t.body)]
        for n in (0, 1, 2):
            yield lambda t, n=n: [gen.Loop(t.kind, t.counter, gen.Const(n),
                                           t.body)]
        if s.kind != 'for':
            yield lambda t: [gen.Loop('for', t.counter, t.bound, t.body,
                                      t.guarded)]
    elif isinstance(s, (gen.Lambda, gen.Let, gen.Guard)):
        if isinstance(s, gen.Lambda) and s.calls > 1:
            yield lambda t: [gen.Lambda(t.name, t.body, 1)]
        if isinstance(s, gen.Let):
            return
        yield lambda t: t.body
    elif isinstance(s, gen.Barrier) and s.form != 'item':
        yield lambda t: [gen.Barrier('item')]


def simpler_exprs(e):
    if isinstance(e, gen.Cmp):
        yield gen.Cmp('==', gen.Const(0), gen.Const(0))
        yield gen.Cmp('!=', gen.Const(0), gen.Const(0))
        return
    yield gen.Const(0)
    yield gen.Const(1)
    for c in e.children():
        if not isinstance(c, gen.Cmp):
            yield copy.deepcopy(c)


def valid(kernel):
    try:
        gen.check(kernel)
        return True
    except gen.InvalidKernel:
        return False


def shrink(args, tc):
    work = os.path.abspath(args.work_dir)
    os.makedirs(work, exist_ok=True)
    kernel = gen.generate(args.shrink)
    tag = 'shrink-%d' % args.shrink
    outcome, _, _ = try_kernel(tc, kernel, work, tag)
    if outcome.kind == 'pass':
        print('seed %d passes; nothing to shrink' % args.shrink)
        return 1
    want = outcome.kind
    print('seed %d fails with %s; shrinking (%d statements)' % (
        args.shrink, want, count_stmts(kernel)), flush=True)
    tests = 0
    seen = set()  # rendered kernels already tried
    progress = True
    while progress:
        progress = False
        for cand in candidates(kernel):
            for k in apply(kernel, cand):
                text = k.render(0)
                if text in seen or not valid(k):
                    continue
                seen.add(text)
                tests += 1
                o, _, _ = try_kernel(tc, k, work, tag)
                if o.kind == want:
                    kernel = k
                    progress = True
                    print('  %-10s -> %d statements, %s (%d tests)' % (
                        cand[0], count_stmts(kernel), kernel.describe(),
                        tests), flush=True)
                    break
            if progress:
                break
    out = os.path.join(work, 'shrunk-%d.cpp' % args.shrink)
    write_program(out, [kernel])
    print('shrunk kernel (%d statements, %d tests) written to %s' % (
        count_stmts(kernel), tests, out))
    print('  compiled:     %s' % ' '.join(tc.compile_cmd('lanes', out,
                                                          out[:-4] + '-lanes')))
    print('  library-only: %s' % ' '.join(tc.compile_cmd('lib', out,
                                                          out[:-4] + '-lib')))
    body = [l for l in kernel.render(0).splitlines()]
    print('\n'.join(body))
    return 0


def count_stmts(kernel):
    return sum(len(b) for b in blocks_of(kernel))


def main():
    ap = argparse.ArgumentParser(
        description='Differential fuzzing: lanes++ against library-only.')
    ap.add_argument('--build-dir', required=True,
                    help='the CMake build tree (bin/lanes++, lib/liblanes_rt)')
    ap.add_argument('--seeds', help='A:B runs seeds A..B-1')
    ap.add_argument('--batch', type=int, default=100,
                    help='kernels per program (default 100)')
    ap.add_argument('--jobs', type=int, default=2,
                    help='batches built and run at once (default 2)')
    ap.add_argument('--opt', default='-O2',
                    help='compiler flags, e.g. "-O3 -march=native"')
    ap.add_argument('--lib-opt', help='compiler flags of the library-only '
                    'build (default: --opt, with -O2 for -O3; -O0 compiles '
                    'about twice as fast)')
    ap.add_argument('--keep', action='store_true',
                    help='keep the sources and binaries of passing batches')
    ap.add_argument('--work-dir', help='where sources and binaries go '
                    '(default BUILD/fuzz-work)')
    ap.add_argument('--reproduce', type=int, metavar='SEED')
    ap.add_argument('--shrink', type=int, metavar='SEED')
    gen.add_sub_group_options(ap)
    args = ap.parse_args()
    gen.set_sub_group_options(args)
    if not args.work_dir:
        args.work_dir = os.path.join(args.build_dir, 'fuzz-work')
    tc = Toolchain(args.build_dir, args.opt, args.lib_opt)
    if args.reproduce is not None:
        return reproduce(args, tc)
    if args.shrink is not None:
        return shrink(args, tc)
    if not args.seeds:
        ap.error('one of --seeds, --reproduce, --shrink is required')
    return campaign(args, tc)


if __name__ == '__main__':
    sys.exit(main())
