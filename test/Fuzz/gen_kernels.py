#!/usr/bin/env python3
"""Random well-formed SYCL nd_range kernels for differential fuzzing.

A kernel is built from a seed as a statement tree (the classes below), checked
by an abstract interpreter (`Checker`) and rendered to C++. Every kernel is
well formed by construction, and the checker proves it:

* Barriers appear only where every work-item of a group reaches them the same
  number of times: at top level, under conditions and loop bounds that are
  group-uniform (group ids, kernel parameters, loop counters of uniform loops,
  uniform variables, values read from uniform locations), and inside
  `if (i < B)` guards of loops whose work-item-dependent trip count is at
  least B (the `for (i = 0; i < 2 + lid; i++) { ...; if (i < 2) barrier(); }`
  pattern).
* Local and global scratch memory is race-free: each work-item writes only the
  slots it owns, and reads another item's slot only in a barrier interval
  where nobody writes that bank. Conflicts found by the checker are repaired
  by turning a cross-item read into a read of the item's own slot, or by
  dropping the write.
* Uniformity has three levels: group-uniform, sub-group-uniform (the same
  in every item of a sub-group, maybe not between the sub-groups of a
  work-group: the sub-group id and size, ids in the dimensions a sub-group
  does not cross, 's' variables, results of sub-group reductions,
  broadcasts and votes, and expressions of those) and varying. Control
  that is only sub-group-uniform (`if (sgid % 2 == 0)`, loops of
  sub-group-uniform trip counts, breaks and continues on such values) may
  set 's' variables but holds no barrier.
* Sub-group collectives and barriers are placed where barriers may be, so
  every item of the work-group reaches them alike (SYCL asks it of the
  sub-group only for a sub-group collective; --sub-group-divergence also
  places those under sub-group-uniform control). A sub-group barrier orders
  no memory between sub-groups, so it ends no interval. The program fixes
  LANES_SUB_GROUP_SIZE, so both builds have the same sub-groups.
* Joint algorithms (joint_reduce, the joint scans, joint_any/all/none_of)
  of a sub-group or the work-group run over a range of the input or of a
  local bank that the group agrees on; a range of a local bank counts as a
  read of the bank at uniform indices. The scans write a region of their
  own, one slice per group, that nothing in the kernel reads.
* Interleaved (warp-style) loops, `for (c = lo + lane; c < hi; c += step)`
  and their variants, have item-dependent trip counts and hold no barrier.
* Escape-time loops: item-dependent trip counts, no loop inside, alone
  between barriers; half of them only step values and break on them.
* Arithmetic is on uint32_t (wrapping), shifts are masked, divisors are odd,
  array indices are reduced modulo the array size, all memory is initialized
  and loop trip counts are small.

Each work-item writes its private state (its variables of every level, its
private array, its own local and scratch slots) to a global output array; a
batch program prints one FNV-1a checksum line per kernel, of that array and
of the joint scans' output. The same source runs compiled (lanes++) and
library-only (g++); any difference is a bug.

Usage:
  gen_kernels.py --seeds 1:101 -o batch.cpp   # one program, kernels 1..100
  gen_kernels.py --self-check 2000            # generate and check only
  (--sub-group-size N, --sub-group-divergence: see --help)
"""

import argparse
import random
import sys

UINT = 0xFFFFFFFF

# Uniformity levels, each including those above it: a value (or control)
# the same in every work-item of the work-group; the same in every
# work-item of each sub-group (which sub-groups of one work-group may not
# share); or any value.
VARYING, SUB_GROUP, GROUP = 0, 1, 2

# Whether sub-group collectives are also placed under control that is
# only sub-group-uniform, as SYCL allows (--sub-group-divergence); by
# default they are placed where barriers may be.
SUB_GROUP_DIVERGENCE = False

# ---------------------------------------------------------------------------
# Expressions. Each node renders to a parenthesized C++ expression of type
# uint32_t (Cmp renders to bool).


class Expr:
    def children(self):
        return []

    def replace_child(self, index, new):
        raise IndexError(index)


class Const(Expr):
    def __init__(self, value):
        self.value = value & UINT

    def render(self, k):
        return '%uu' % self.value if self.value < 0x10000 else '0x%08Xu' % self.value


class Var(Expr):
    """A private variable: names starting with 'u' are group-uniform, 's'
    sub-group-uniform, 'v' varying (see var_level)."""

    def __init__(self, name):
        self.name = name

    def render(self, k):
        return self.name


class Param(Expr):
    """A kernel parameter captured by value (uniform)."""

    def __init__(self, index):
        self.index = index

    def render(self, k):
        return 'P%d' % self.index


class Counter(Expr):
    """The counter of an enclosing loop."""

    def __init__(self, name):
        self.name = name

    def render(self, k):
        return self.name


# Id queries: (C++ template, uniformity level). {d} is a SYCL dimension.
ID_QUERIES = {
    'lid': ('Lid', VARYING),
    # Sub-group-uniform in every dimension but the last (see IdQuery.level).
    'ldim': ('static_cast<uint32_t>(It.get_local_id({d}))', VARYING),
    'gdim': ('static_cast<uint32_t>(It.get_global_id({d}))', VARYING),
    'glin': ('static_cast<uint32_t>(It.get_global_linear_id())', VARYING),
    'grp': ('static_cast<uint32_t>(It.get_group({d}))', GROUP),
    'grplin': ('static_cast<uint32_t>(It.get_group_linear_id())', GROUP),
    'lrange': ('static_cast<uint32_t>(It.get_local_range({d}))', GROUP),
    'ngroups': ('static_cast<uint32_t>(It.get_group_range({d}))', GROUP),
    'slid': ('static_cast<uint32_t>(It.get_sub_group().get_local_linear_id())',
             VARYING),
    # A partial last sub-group in a row makes the sub-group's size vary
    # between the sub-groups of a work-group.
    'srange': ('static_cast<uint32_t>('
               'It.get_sub_group().get_local_linear_range())', SUB_GROUP),
    'sgid': ('static_cast<uint32_t>(It.get_sub_group().get_group_linear_id())',
             SUB_GROUP),
    'smax': ('static_cast<uint32_t>('
             'It.get_sub_group().get_max_local_range()[0])', GROUP),
}


class IdQuery(Expr):
    def __init__(self, kind, dim=0):
        self.kind = kind
        self.dim = dim

    def level(self, dims):
        """A sub-group is a run of consecutive work-items along the last
        (fastest) SYCL dimension within one row (sycl/sub_group.hpp), so a
        local or global id in any other dimension is the same in all its
        work-items."""
        if self.kind in ('ldim', 'gdim') and self.dim < dims - 1:
            return SUB_GROUP
        return ID_QUERIES[self.kind][1]

    def render(self, k):
        return ID_QUERIES[self.kind][0].format(d=self.dim)


class Unary(Expr):
    def __init__(self, op, a):
        self.op = op
        self.a = a

    def children(self):
        return [self.a]

    def replace_child(self, index, new):
        self.a = new

    def render(self, k):
        a = self.a.render(k)
        return '(~%s)' % a if self.op == 'not' else '(0u - %s)' % a


BINARY_OPS = ['+', '-', '*', '^', '&', '|', 'shl', 'shr', 'div', 'mod', 'rotl',
              'min', 'max']


class Binary(Expr):
    def __init__(self, op, a, b):
        self.op = op
        self.a = a
        self.b = b

    def children(self):
        return [self.a, self.b]

    def replace_child(self, index, new):
        if index == 0:
            self.a = new
        else:
            self.b = new

    def render(self, k):
        a, b = self.a.render(k), self.b.render(k)
        if self.op in ('+', '-', '*', '^', '&', '|'):
            return '(%s %s %s)' % (a, self.op, b)
        if self.op == 'shl':
            return '(%s << (%s & 31u))' % (a, b)
        if self.op == 'shr':
            return '(%s >> (%s & 31u))' % (a, b)
        if self.op == 'div':
            return '(%s / (%s | 1u))' % (a, b)
        if self.op == 'mod':
            return '(%s %% (%s | 1u))' % (a, b)
        return 'fuzz%s(%s, %s)' % (self.op.capitalize(), a, b)


class Cmp(Expr):
    def __init__(self, op, a, b):
        self.op = op
        self.a = a
        self.b = b

    def children(self):
        return [self.a, self.b]

    def replace_child(self, index, new):
        if index == 0:
            self.a = new
        else:
            self.b = new

    def render(self, k):
        return '(%s %s %s)' % (self.a.render(k), self.op, self.b.render(k))


class Select(Expr):
    def __init__(self, cond, a, b):
        self.cond = cond
        self.a = a
        self.b = b

    def children(self):
        return [self.cond, self.a, self.b]

    def replace_child(self, index, new):
        if index == 0:
            self.cond = new
        elif index == 1:
            self.a = new
        else:
            self.b = new

    def render(self, k):
        return '(%s ? %s : %s)' % (self.cond.render(k), self.a.render(k),
                                   self.b.render(k))


class GlobalRead(Expr):
    """A read of a read-only global array: 'In' (per item) or 'Uni'."""

    def __init__(self, array, index):
        self.array = array
        self.index = index

    def children(self):
        return [self.index]

    def replace_child(self, index, new):
        self.index = new

    def render(self, k):
        size = k.n_items if self.array == 'In' else k.n_uni
        return '%s[%s %% %du]' % (self.array, self.index.render(k), size)


class PrivRead(Expr):
    def __init__(self, index):
        self.index = index

    def children(self):
        return [self.index]

    def replace_child(self, index, new):
        self.index = new

    def render(self, k):
        return 'Pa[%s & %du]' % (self.index.render(k), k.n_priv - 1)


class SlotRead(Expr):
    """A read of bank `bank` of local ('L') or global scratch ('G') memory.

    index None reads the item's own slot; otherwise slot `index % L` of the
    item's group. `own` is set by the checker to repair a race.
    """

    def __init__(self, space, bank, index):
        self.space = space
        self.bank = bank
        self.index = index
        self.own = index is None

    def children(self):
        return [] if self.index is None else [self.index]

    def replace_child(self, index, new):
        self.index = new

    def render(self, k):
        if self.own or self.index is None:
            slot = 'Lid'
        else:
            slot = '(%s %% %du)' % (self.index.render(k), k.local)
        if self.space == 'L':
            return 'Loc[%du + %s]' % (self.bank * k.local, slot)
        return 'Gs[(GroupBase + %s) * %du + %du]' % (slot, k.n_gs, self.bank)


class SharedRead(Expr):
    """A read of shared local slot j (one writer per slot; uniform)."""

    def __init__(self, slot):
        self.slot = slot

    def render(self, k):
        return 'Sh[%du]' % self.slot


# ---------------------------------------------------------------------------
# Statements.


class Stmt:
    def blocks(self):
        """The statement lists nested directly in this statement."""
        return []


class Assign(Stmt):
    def __init__(self, var, expr):
        self.var = var
        self.expr = expr

    def exprs(self):
        return [self.expr]

    def render(self, k, out, ind):
        out.append('%s%s = %s;' % (ind, self.var, self.expr.render(k)))


class PrivWrite(Stmt):
    def __init__(self, index, expr):
        self.index = index
        self.expr = expr

    def exprs(self):
        return [self.index, self.expr]

    def render(self, k, out, ind):
        out.append('%sPa[%s & %du] = %s;' % (ind, self.index.render(k),
                                             k.n_priv - 1, self.expr.render(k)))


class SlotWrite(Stmt):
    """Writes the item's own slot of a local ('L') or scratch ('G') bank."""

    def __init__(self, space, bank, expr):
        self.space = space
        self.bank = bank
        self.expr = expr
        self.disabled = False

    def exprs(self):
        return [self.expr]

    def render(self, k, out, ind):
        if self.disabled:
            return
        if self.space == 'L':
            out.append('%sLoc[%du + Lid] = %s;' % (ind, self.bank * k.local,
                                                   self.expr.render(k)))
        else:
            out.append('%sGs[(GroupBase + Lid) * %du + %du] = %s;' % (
                ind, k.n_gs, self.bank, self.expr.render(k)))


class SharedWrite(Stmt):
    """The fixed writer item of shared slot j stores into it."""

    def __init__(self, slot, expr):
        self.slot = slot
        self.expr = expr
        self.disabled = False

    def exprs(self):
        return [self.expr]

    def render(self, k, out, ind):
        if self.disabled:
            return
        out.append('%sif (Lid == %du)' % (ind, k.sh_writer[self.slot] % k.local))
        out.append('%s  Sh[%du] = %s;' % (ind, self.slot, self.expr.render(k)))


BARRIER_FORMS = {
    'item': 'It.barrier();',
    'local': 'It.barrier(sycl::access::fence_space::local_space);',
    'global': 'It.barrier(sycl::access::fence_space::global_and_local);',
    'group': 'sycl::group_barrier(It.get_group());',
    'helper': 'fuzzSync(It);',
    'helper2': 'fuzzSyncTwoDeep(It);',
    'sub': 'sycl::group_barrier(It.get_sub_group());',
}


class Barrier(Stmt):
    def __init__(self, form):
        self.form = form

    def exprs(self):
        return []

    def fences_global(self):
        return self.form != 'local'

    def orders_group(self):
        """A sub-group barrier orders no memory between sub-groups."""
        return self.form != 'sub'

    def render(self, k, out, ind):
        out.append(ind + BARRIER_FORMS[self.form])


SUB_GROUP_OPS = ['plus', 'multiplies', 'bit_and', 'bit_or', 'bit_xor',
                 'minimum', 'maximum']
# The sub-group collectives whose result is the same in all lanes (for the
# predicates, when the value they are added to is).
SUB_GROUP_UNIFORM_FORMS = ('reduce', 'broadcast', 'any', 'all', 'none')
# The forms SubGroupOp has over the work-group too.
GROUP_FORMS = ('reduce', 'inclusive', 'exclusive', 'broadcast', 'any', 'all',
               'none')


def var_level(name):
    """The uniformity a variable promises, by its name's first letter."""
    return {'u': GROUP, 's': SUB_GROUP}.get(name[0], VARYING)


def collective_level(scope):
    """The control a collective over a 'sub' group or a work-group
    ('group') needs."""
    if scope == 'sub' and SUB_GROUP_DIVERGENCE:
        return SUB_GROUP
    return GROUP


class SubGroupOp(Stmt):
    """var = a sub-group collective of expr. Every item of the work-group
    runs it (it is placed like a barrier), or with --sub-group-divergence
    every item of the sub-group. Forms: 'reduce', 'inclusive' and
    'exclusive' (scans) with `op`; 'broadcast' from lane `index % size`
    (index sub-group-uniform); 'select' from lane `index % size` (index
    varying); 'left', 'right' and 'xor' (shift_group_left/right by
    `amount`, permute_group_by_xor with it), kept only where the source
    lane exists; 'any', 'all' and 'none' of `index != 0`, added to expr.
    The SUB_GROUP_UNIFORM_FORMS may set an 's' variable. With scope
    'group', the same over the work-group (GROUP_FORMS only, every item
    of the work-group runs it, the index of a broadcast is group-uniform
    and its result and a reduction's may set a 'u' variable)."""

    def __init__(self, var, form, expr, index=None, op='plus', amount=0,
                 scope='sub'):
        self.var = var
        self.form = form
        self.expr = expr
        self.index = index
        self.op = op
        self.amount = amount
        self.scope = scope

    def exprs(self):
        return [self.expr] + ([self.index] if self.index is not None else [])

    def render(self, k, out, ind):
        sg, x, v = 'It.get_sub_group()', self.expr.render(k), self.var
        size = ID_QUERIES['srange'][0]
        if self.scope == 'group':
            sg = 'It.get_group()'
            size = 'static_cast<uint32_t>(%s.get_local_linear_range())' % sg
        lane = ID_QUERIES['slid'][0]
        f = self.form
        if f in ('reduce', 'inclusive', 'exclusive'):
            name = {'reduce': 'reduce_over_group',
                    'inclusive': 'inclusive_scan_over_group',
                    'exclusive': 'exclusive_scan_over_group'}[f]
            out.append('%s%s = sycl::%s(%s, %s, sycl::%s<uint32_t>());' % (
                ind, v, name, sg, x, self.op))
        elif f in ('broadcast', 'select'):
            name = ('group_broadcast' if f == 'broadcast' else
                    'select_from_group')
            out.append('%s%s = sycl::%s(%s, %s, %s %% %s);' % (
                ind, v, name, sg, x, self.index.render(k), size))
        elif f in ('left', 'right', 'xor'):
            name = {'left': 'shift_group_left', 'right': 'shift_group_right',
                    'xor': 'permute_group_by_xor'}[f]
            source = {'left': '%s + %du < %s' % (lane, self.amount, size),
                      'right': '%s >= %du' % (lane, self.amount),
                      'xor': '(%s ^ %du) < %s' % (lane, self.amount, size)}[f]
            out.append('%s{' % ind)
            out.append('%s  const uint32_t Moved = sycl::%s(%s, %s, %du);' % (
                ind, name, sg, x, self.amount))
            out.append('%s  if (%s)' % (ind, source))
            out.append('%s    %s = Moved;' % (ind, v))
            out.append('%s}' % ind)
        else:
            out.append('%s%s = %s + (sycl::%s_of_group(%s, %s != 0u) ? 1u : '
                       '2u);' % (ind, v, x, f, sg, self.index.render(k)))


JOINT_SCANS = ('exclusive', 'inclusive')


class JointOp(Stmt):
    """A joint group algorithm (sycl::joint_*) of the sub-group (`scope`
    'sub') or the work-group ('group') over a range every item of that
    group agrees on: of the read-only input In, or of local bank `source`
    (a number), from First = base + lo % size to First + count % (min(size -
    lo % size, cap) + 1), cap being the output slice's length.

    'reduce' sets var to joint_reduce with `op` (from `init` unless it is
    None); 'any', 'all' and 'none' set var to expr plus 1 or 2 by the
    predicate `(X & mask) == value` over the range. The scans, 'exclusive'
    and 'inclusive' (with `op`, from `init` unless None), write to output
    region `region` of the global array Js: one slice per work-group and,
    over a sub-group, per sub-group, so no two groups write one element,
    and in Lanes each element has one writer (item i of the group writes
    elements i, i + size, ...). No other statement writes the region, and
    nothing in the kernel reads it: it is hashed with the items' outputs
    after the kernel. That is the race model's whole rule for the output;
    the input range is a read of the bank by every item at
    group-uniform indices."""

    def __init__(self, scope, form, source, lo, count, var=None, expr=None,
                 init=None, op='plus', pred=(1, 0), region=0):
        self.scope = scope
        self.form = form
        self.source = source
        self.lo = lo
        self.count = count
        self.var = var
        self.expr = expr
        self.init = init
        self.op = op
        self.pred = pred
        self.region = region

    def exprs(self):
        return [e for e in (self.lo, self.count, self.init, self.expr)
                if e is not None]

    def range_level(self):
        return SUB_GROUP if self.scope == 'sub' else GROUP

    def source_size(self, k):
        return k.n_items if self.source == 'In' else k.local

    def cap(self, k):
        return k.joint_cap(self.scope)

    def render(self, k, out, ind):
        g = 'It.get_sub_group()' if self.scope == 'sub' else 'It.get_group()'
        size = self.source_size(k)
        base = 'In' if self.source == 'In' else '&Loc[%du]' % (self.source *
                                                              k.local)
        out.append('%s{' % ind)
        out.append('%s  const uint32_t JLo = %s %% %du;' % (
            ind, self.lo.render(k), size))
        out.append('%s  const uint32_t *JFirst = %s + JLo;' % (ind, base))
        out.append('%s  const uint32_t *JLast = JFirst + %s %% (fuzzMin(%du - '
                   'JLo, %du) + 1u);' % (ind, self.count.render(k), size,
                                         self.cap(k)))
        op = 'sycl::%s<uint32_t>()' % self.op
        init = [self.init.render(k)] if self.init is not None else []
        f = self.form
        if f == 'reduce':
            args = [g, 'JFirst', 'JLast'] + init + [op]
            out.append('%s  %s = sycl::joint_reduce(%s);' % (
                ind, self.var, ', '.join(args)))
        elif f in JOINT_SCANS:
            args = [g, 'JFirst', 'JLast', k.joint_slice(self)]
            # The specification's order: exclusive takes init before the
            # operation, inclusive after it.
            args += init + [op] if f == 'exclusive' else [op] + init
            out.append('%s  sycl::joint_%s_scan(%s);' % (ind, f,
                                                         ', '.join(args)))
        else:
            out.append('%s  %s = %s + (sycl::joint_%s_of(%s, JFirst, JLast, '
                       '[](uint32_t X) { return (X & %du) == %du; }) ? 1u : '
                       '2u);' % (ind, self.var, self.expr.render(k), f, g,
                                 self.pred[0], self.pred[1]))
        out.append('%s}' % ind)


class If(Stmt):
    def __init__(self, cond, then, other):
        self.cond = cond
        self.then = then
        self.other = other

    def exprs(self):
        return [self.cond]

    def blocks(self):
        return [self.then, self.other]

    def render(self, k, out, ind):
        cond = self.cond.render(k)
        if not isinstance(self.cond, Cmp):
            cond = '(%s)' % cond
        out.append('%sif %s {' % (ind, cond))
        render_block(self.then, k, out, ind + '  ')
        if self.other:
            out.append(ind + '} else {')
            render_block(self.other, k, out, ind + '  ')
        out.append(ind + '}')


class Jump(Stmt):
    """break, continue or return; always the only statement of an If."""

    def __init__(self, kind):
        self.kind = kind

    def exprs(self):
        return []

    def render(self, k, out, ind):
        out.append('%s%s;' % (ind, self.kind))


class Loop(Stmt):
    """for, while or do-while over a counter, from 0 while counter < bound.

    kind: 'for', 'while' or 'do'. The counter is incremented first thing in
    while and do-while bodies, so `continue` cannot skip it. A loop is
    'guarded' when its bound is Const(A) + x with x work-item dependent; its
    Guard children may then hold barriers.
    """

    def __init__(self, kind, counter, bound, body, guarded=False):
        self.kind = kind
        self.counter = counter
        self.bound = bound
        self.body = body
        self.guarded = guarded

    def exprs(self):
        return [self.bound]

    def blocks(self):
        return [self.body]

    def min_trips(self):
        if self.guarded and isinstance(self.bound, Binary) and \
                self.bound.op == '+' and isinstance(self.bound.a, Const):
            return self.bound.a.value
        return 0

    def render(self, k, out, ind):
        c, b = self.counter, self.bound.render(k)
        if self.kind == 'for':
            out.append('%sfor (uint32_t %s = 0; %s < %s; ++%s) {' % (ind, c, c,
                                                                    b, c))
            render_block(self.body, k, out, ind + '  ')
            out.append(ind + '}')
            return
        # The counter counts iterations started; the body sees it from 0.
        out.append('%s{' % ind)
        out.append('%s  uint32_t %sNext = 0;' % (ind, c))
        if self.kind == 'while':
            out.append('%s  while (%sNext < %s) {' % (ind, c, b))
        else:
            out.append('%s  do {' % ind)
        out.append('%s    const uint32_t %s = %sNext++;' % (ind, c, c))
        render_block(self.body, k, out, ind + '    ')
        if self.kind == 'while':
            out.append('%s  }' % ind)
        else:
            out.append('%s  } while (%sNext < %s);' % (ind, c, b))
        out.append('%s}' % ind)


class Strided(Loop):
    """An interleaved loop, the CSR-vector shape that
    lanes-lockstep-loops runs in lockstep:
    `for (c = Lo + offset; c < Hi; c += step)`, or with `<=`, or counting
    down from Hi + offset while `c > Lo` or `c >= Lo` (from Hi - offset
    when `falling`); the test may be written the other way round
    (`Hi > c`), and the counter is int or uint32_t. offset is
    item-dependent (a local id) and step is usually the number of items or
    lanes sharing the loop, so that the items' counters interleave.
    Lo = base % 61 (plus room to count down without wrapping) and
    Hi = Lo + bound % (span * step + 1), so that every item makes at most
    span + 2 trips where offset < step, whatever the expressions become
    when shrunk."""

    def __init__(self, counter, op, signed, offset, step, span, base, bound,
                 body, swapped=False, falling=False):
        Loop.__init__(self, 'for', counter, bound, body)
        self.op = op
        self.signed = signed
        self.offset = offset
        self.step = step
        self.span = span
        self.base = base
        self.swapped = swapped
        self.falling = falling

    def exprs(self):
        return [self.bound, self.base]

    def render(self, k, out, ind):
        c, t = self.counter, 'int' if self.signed else 'uint32_t'
        step, offset = self.step.render(k), self.offset.render(k)
        down = self.op in ('>', '>=')
        room = '%du + %s + ' % (k.local, step) if down else ''
        out.append('%s{' % ind)
        out.append('%s  const uint32_t %sLo = %s%s %% 61u;' % (
            ind, c, room, self.base.render(k)))
        out.append('%s  const uint32_t %sHi = %sLo + %s %% (%du * %s + 1u);' % (
            ind, c, c, self.bound.render(k), self.span, step))
        first = '%s%s %s %s' % (c, 'Hi' if down else 'Lo',
                                '-' if self.falling else '+', offset)
        test = ['%sAt' % c, self.op, '%s(%sLo)' % (t, c) if down else
                '%s(%sHi)' % (t, c)]
        if self.swapped:
            test = [test[2], MIRRORED[self.op], test[0]]
        out.append('%s  for (%s %sAt = %s(%s); %s; %sAt %s= %s(%s)) {' % (
            ind, t, c, t, first, ' '.join(test), c, '-' if down else '+', t,
            step))
        out.append('%s    const uint32_t %s = static_cast<uint32_t>(%sAt);' % (
            ind, c, c))
        render_block(self.body, k, out, ind + '    ')
        out.append('%s  }' % ind)
        out.append('%s}' % ind)


MIRRORED = {'<': '>', '<=': '>=', '>': '<', '>=': '<='}


class Guard(Stmt):
    """`if (counter < bound)` directly inside a guarded loop's body."""

    def __init__(self, counter, bound, body):
        self.counter = counter
        self.bound = bound
        self.body = body

    def exprs(self):
        return []

    def blocks(self):
        return [self.body]

    def render(self, k, out, ind):
        out.append('%sif (%s < %du) {' % (ind, self.counter, self.bound))
        render_block(self.body, k, out, ind + '  ')
        out.append(ind + '}')


class Let(Stmt):
    """A former loop whose counter is fixed (made by the shrinker)."""

    def __init__(self, counter, value, body):
        self.counter = counter
        self.value = value
        self.body = body

    def exprs(self):
        return []

    def blocks(self):
        return [self.body]

    def render(self, k, out, ind):
        out.append('%s{' % ind)
        out.append('%s  const uint32_t %s = %du;' % (ind, self.counter,
                                                     self.value))
        render_block(self.body, k, out, ind + '  ')
        out.append('%s}' % ind)


class Lambda(Stmt):
    """A block wrapped in a by-reference lambda, called `calls` times."""

    def __init__(self, name, body, calls):
        self.name = name
        self.body = body
        self.calls = calls

    def exprs(self):
        return []

    def blocks(self):
        return [self.body]

    def render(self, k, out, ind):
        out.append('%sauto %s = [&]() {' % (ind, self.name))
        render_block(self.body, k, out, ind + '  ')
        out.append(ind + '};')
        for _ in range(self.calls):
            out.append('%s%s();' % (ind, self.name))


def render_block(block, k, out, ind):
    for s in block:
        s.render(k, out, ind)


# ---------------------------------------------------------------------------
# The kernel.


class Kernel:
    def __init__(self, seed):
        self.seed = seed
        self.dims = 1
        self.local_dims = [1]
        self.group_dims = [1]
        self.n_v = 3
        self.n_u = 2
        self.n_s = 1
        self.n_priv = 4
        self.n_banks = 1
        self.n_shared = 1
        self.n_gs = 0
        self.n_uni = 8
        self.n_js = 0  # output regions of joint scans (JointOp.region)
        self.params = []
        self.sh_writer = []
        self.body = []

    @property
    def local(self):
        n = 1
        for d in self.local_dims:
            n *= d
        return n

    @property
    def n_groups(self):
        n = 1
        for d in self.group_dims:
            n *= d
        return n

    @property
    def n_items(self):
        return self.local * self.n_groups

    @property
    def n_sub_groups(self):
        """Sub-groups per work-group: rows of the last SYCL dimension times
        the sub-groups of a row (the last one maybe partial)."""
        last = self.local_dims[-1]
        return self.local // last * (-(-last // SUB_GROUP_SIZE))

    def joint_cap(self, scope):
        """The longest range of a joint algorithm: over two chunks of the
        group's items, a partial one included."""
        return 2 * SUB_GROUP_SIZE + 3 if scope == 'sub' else 2 * self.local + 1

    def joint_slices(self):
        """Words of one joint scan region per work-group."""
        return max(self.joint_cap('group'),
                   self.n_sub_groups * self.joint_cap('sub'))

    def joint_slice(self, op):
        """The C++ pointer to a JointOp's output slice."""
        per_group = self.joint_slices()
        at = 'Js + (%du + %s) * %du' % (op.region * self.n_groups,
                                        ID_QUERIES['grplin'][0], per_group)
        if op.scope == 'sub':
            at += ' + %s * %du' % (ID_QUERIES['sgid'][0],
                                   self.joint_cap('sub'))
        return at

    def out_fields(self):
        """Names of the per-item output words, in order."""
        names = ['v%d' % i for i in range(self.n_v)]
        names += ['u%d' % i for i in range(self.n_u)]
        names += ['s%d' % i for i in range(self.n_s)]
        names += ['Pa[%d]' % i for i in range(self.n_priv)]
        names += ['Loc bank %d' % b for b in range(self.n_banks)]
        names += ['Gs bank %d' % b for b in range(self.n_gs)]
        return names

    def describe(self):
        return 'dims %d, local {%s}, groups {%s}' % (
            self.dims, ', '.join(map(str, self.local_dims)),
            ', '.join(map(str, self.group_dims)))

    def render(self, index):
        """The C++ function fuzzKernel<index>(queue&, bool dump)."""
        k, D, L = self, self.dims, self.local
        n_out = len(self.out_fields())
        glob = ', '.join(str(g * l) for g, l in zip(self.group_dims,
                                                    self.local_dims))
        loc = ', '.join(map(str, self.local_dims))
        o = []
        o.append('// Kernel %d: seed %d, %s.' % (index, self.seed,
                                                 self.describe()))
        o.append('static uint64_t fuzzKernel%d(sycl::queue &Q, bool Dump) {'
                 % index)
        o.append('  constexpr uint32_t Seed = %du;' % self.seed)
        o.append('  constexpr size_t NItems = %d, NOut = %d;' % (self.n_items,
                                                                 n_out))
        o.append('  uint32_t *In = sycl::malloc_shared<uint32_t>(NItems, Q);')
        o.append('  uint32_t *Uni = sycl::malloc_shared<uint32_t>(%d, Q);'
                 % self.n_uni)
        o.append('  uint32_t *Gs = sycl::malloc_shared<uint32_t>(NItems * %d'
                 ' + 1, Q);' % self.n_gs)
        o.append('  uint32_t *Out = sycl::malloc_shared<uint32_t>(NItems * '
                 'NOut, Q);')
        o.append('  for (uint32_t I = 0; I < NItems; ++I)')
        o.append('    In[I] = fuzzInput(Seed, I);')
        o.append('  for (uint32_t I = 0; I < %d; ++I)' % self.n_uni)
        o.append('    Uni[I] = fuzzInput(Seed ^ 0x5A5A5A5Au, I) % 8u;')
        o.append('  for (uint32_t I = 0; I < NItems * NOut; ++I)')
        o.append('    Out[I] = 0xA5A5A5A5u;')
        n_js = self.n_js * self.n_groups * self.joint_slices()
        if n_js:
            o.append('  constexpr size_t NJs = %d;' % n_js)
            o.append('  uint32_t *Js = sycl::malloc_shared<uint32_t>(NJs, Q);')
            o.append('  for (uint32_t I = 0; I < NJs; ++I)')
            o.append('    Js[I] = 0xC3C3C3C3u ^ I;')
        for i, p in enumerate(self.params):
            o.append('  const uint32_t P%d = %s;' % (i, Const(p).render(k)))
        o.append('  Q.submit([&](sycl::handler &H) {')
        o.append('    sycl::local_accessor<uint32_t, 1> Loc(sycl::range<1>(%d),'
                 ' H);' % (L * self.n_banks))
        o.append('    sycl::local_accessor<uint32_t, 1> Sh(sycl::range<1>(%d), H);'
                 % self.n_shared)
        o.append('    H.parallel_for(')
        o.append('        sycl::nd_range<%d>(sycl::range<%d>(%s), '
                 'sycl::range<%d>(%s)),' % (D, D, glob, D, loc))
        o.append('        [=](sycl::nd_item<%d> It) {' % D)
        ind = '          '
        o.append(ind + 'const uint32_t Lid = '
                 'static_cast<uint32_t>(It.get_local_linear_id());')
        o.append(ind + 'const uint32_t GroupBase = static_cast<uint32_t>('
                 'It.get_group_linear_id()) * %du;' % L)
        o.append(ind + 'const uint32_t Self = In[GroupBase + Lid];')
        for i in range(self.n_v):
            init = ['Self', 'Lid', 'Self ^ 0x9E3779B9u', 'Lid * 2654435761u',
                    'Self + Lid', 'GroupBase'][i % 6]
            o.append('%suint32_t v%d = %s;' % (ind, i, init))
        for i in range(self.n_u):
            init = ['P0', 'GroupBase', 'Uni[%d]' % (i % self.n_uni),
                    'static_cast<uint32_t>(It.get_group_linear_id()) * 7u'][i % 4]
            o.append('%suint32_t u%d = %s;' % (ind, i, init))
        for i in range(self.n_s):
            o.append('%suint32_t s%d = %s * %du + P%d;' % (
                ind, i, ID_QUERIES['sgid'][0], 2 * i + 3,
                i % len(self.params)))
        o.append('%suint32_t Pa[%d] = {%s};' % (
            ind, self.n_priv, ', '.join(['Self', 'Lid', '1u', 'Self >> 3',
                                         '5u', 'Lid ^ 3u', '7u', '8u'][:self.n_priv])))
        for b in range(self.n_banks):
            o.append('%sLoc[%du + Lid] = Self + %du;' % (ind, b * L, b))
        for b in range(self.n_gs):
            o.append('%sGs[(GroupBase + Lid) * %du + %du] = Self ^ %du;' % (
                ind, self.n_gs, b, b + 1))
        o.append(ind + 'if (Lid == 0) {')
        for j in range(self.n_shared):
            o.append('%s  Sh[%d] = P%d + %du;' % (ind, j, j % len(self.params),
                                                   j))
        o.append(ind + '}')
        o.append(ind + 'It.barrier();')
        render_block(self.body, k, o, ind)
        o.append(ind + 'uint32_t *O = Out + (GroupBase + Lid) * NOut;')
        fields = ['v%d' % i for i in range(self.n_v)]
        fields += ['u%d' % i for i in range(self.n_u)]
        fields += ['s%d' % i for i in range(self.n_s)]
        fields += ['Pa[%d]' % i for i in range(self.n_priv)]
        fields += ['Loc[%du + Lid]' % (b * L) for b in range(self.n_banks)]
        fields += ['Gs[(GroupBase + Lid) * %du + %du]' % (self.n_gs, b)
                   for b in range(self.n_gs)]
        for i, f in enumerate(fields):
            o.append('%sO[%d] = %s;' % (ind, i, f))
        o.append('        });')
        o.append('  });')
        o.append('  Q.wait();')
        o.append('  uint64_t Hash = fuzzHash(Out, NItems * NOut);')
        if n_js:
            o.append('  Hash = Hash * 0x100000001B3ull ^ fuzzHash(Js, NJs);')
        o.append('  if (Dump)')
        o.append('    fuzzDump(Out, NItems * NOut);')
        if n_js:
            o.append('  if (Dump)')
            o.append('    fuzzDump(Js, NJs);')
        for a in ('In', 'Uni', 'Gs', 'Out') + (('Js',) if n_js else ()):
            o.append('  sycl::free(%s, Q);' % a)
        o.append('  return Hash;')
        o.append('}')
        return '\n'.join(o)


# The programs' sub-group size (--sub-group-size). It is fixed in the source
# so that both builds of a program agree on it.
SUB_GROUP_SIZE = 8

PRELUDE = r'''// Generated by test/Fuzz/gen_kernels.py; do not edit. Seeds: %s.
#define LANES_SUB_GROUP_SIZE %d
#include <sycl/sycl.hpp>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace {

uint32_t fuzzInput(uint32_t Seed, uint32_t I) {
  uint32_t X = I * 0x9E3779B1u ^ Seed * 0x85EBCA77u;
  X ^= X >> 15;
  X *= 0x2C1B3C6Du;
  X ^= X >> 12;
  X *= 0x297A2D39u;
  X ^= X >> 15;
  return X;
}

uint64_t fuzzHash(const uint32_t *P, size_t N) {
  uint64_t H = 0xCBF29CE484222325ull;
  for (size_t I = 0; I < N; ++I) {
    H ^= P[I];
    H *= 0x100000001B3ull;
  }
  return H;
}

void fuzzDump(const uint32_t *P, size_t N) {
  for (size_t I = 0; I < N; ++I)
    std::printf("  out %%zu 0x%%08x\n", I, P[I]);
}

inline uint32_t fuzzRotl(uint32_t X, uint32_t R) {
  R &= 31u;
  return R ? (X << R) | (X >> (32u - R)) : X;
}
inline uint32_t fuzzMin(uint32_t A, uint32_t B) { return A < B ? A : B; }
inline uint32_t fuzzMax(uint32_t A, uint32_t B) { return A < B ? B : A; }

template <int D> void fuzzSync(const sycl::nd_item<D> &It) { It.barrier(); }
template <int D> void fuzzSyncTwoDeep(sycl::nd_item<D> &It) { fuzzSync(It); }

'''

MAIN = r'''
} // namespace

int main(int Argc, char **Argv) {
  int Only = -1;
  bool Dump = false;
  for (int I = 1; I < Argc; ++I) {
    if (!std::strcmp(Argv[I], "--dump"))
      Dump = true;
    else if (!std::strcmp(Argv[I], "--only") && I + 1 < Argc)
      Only = std::atoi(Argv[++I]);
  }
  sycl::queue Q;
  for (int K = 0; K < %d; ++K) {
    if (Only >= 0 && K != Only)
      continue;
    try {
      uint64_t Hash = Kernels[K].Run(Q, Dump);
      std::printf("kernel %%d seed %%u: 0x%%016llx\n", K, Kernels[K].Seed,
                  static_cast<unsigned long long>(Hash));
    } catch (const sycl::exception &E) {
      std::printf("kernel %%d seed %%u: exception: %%s\n", K, Kernels[K].Seed,
                  E.what());
    }
    std::fflush(stdout);
  }
  return 0;
}
'''


def render_program(kernels):
    """One C++ program running every kernel; see MAIN for its options."""
    seeds = ', '.join(str(k.seed) for k in kernels)
    if len(seeds) > 200:
        seeds = '%d..%d (%d kernels)' % (kernels[0].seed, kernels[-1].seed,
                                         len(kernels))
    parts = [PRELUDE % (seeds, SUB_GROUP_SIZE)]
    for i, k in enumerate(kernels):
        parts.append(k.render(i))
        parts.append('')
    parts.append('struct FuzzKernel {')
    parts.append('  uint32_t Seed;')
    parts.append('  uint64_t (*Run)(sycl::queue &, bool);')
    parts.append('};')
    parts.append('const FuzzKernel Kernels[] = {')
    for i, k in enumerate(kernels):
        parts.append('    {%du, fuzzKernel%d},' % (k.seed, i))
    parts.append('};')
    parts.append(MAIN % len(kernels))
    return '\n'.join(parts)


# ---------------------------------------------------------------------------
# The checker: uniformity rules and the race model, by abstract
# interpretation over barrier intervals.


class InvalidKernel(Exception):
    pass


class Ctx:
    """Where a statement sits: how uniform its control is (a level), the
    level of each counter, which loops a break may leave; `dims` is the
    kernel's (for IdQuery.level)."""

    def __init__(self, level=GROUP, counters=None, loops=None,
                 in_lambda=False, dims=1):
        self.level = level
        self.counters = counters or {}
        self.loops = loops or []
        self.in_lambda = in_lambda
        self.dims = dims

    def derive(self, level=None, counters=None, loops=None, in_lambda=None):
        return Ctx(self.level if level is None else level,
                   self.counters if counters is None else counters,
                   self.loops if loops is None else loops,
                   self.in_lambda if in_lambda is None else in_lambda,
                   self.dims)


def level_of(e, ctx):
    """How uniform e is: GROUP, SUB_GROUP or VARYING. Memory reads are
    race-free (the race model's job), so a read at a uniform index is as
    uniform as its index."""
    if isinstance(e, (Const, Param, SharedRead)):
        return GROUP
    if isinstance(e, Var):
        return var_level(e.name)
    if isinstance(e, Counter):
        return ctx.counters.get(e.name, VARYING)
    if isinstance(e, IdQuery):
        return e.level(ctx.dims)
    if isinstance(e, PrivRead):
        return VARYING
    if isinstance(e, SlotRead):
        if e.own or e.index is None:
            return VARYING
        return level_of(e.index, ctx)
    return min([GROUP] + [level_of(c, ctx) for c in e.children()])


def is_uniform(e, ctx):
    """Whether e has the same value in every work-item of a group."""
    return level_of(e, ctx) == GROUP


class LoopFrame:
    def __init__(self):
        self.breaks = []
        self.continues = []


class State:
    """Per memory bank, the accesses since the last barrier on some path:
    'W' own-slot writes, 'Rv' cross-item reads at item-dependent indices,
    'Ru' reads every item makes at the same index. Values are node ids."""

    def __init__(self, banks=None):
        self.banks = banks or {}

    def copy(self):
        return State({b: {k: set(v) for k, v in f.items()}
                      for b, f in self.banks.items()})

    def get(self, bank, key):
        return self.banks.get(bank, {}).get(key, set())

    def add(self, bank, key, node):
        self.banks.setdefault(bank, {}).setdefault(key, set()).add(id(node))

    def clear(self, spaces):
        self.banks = {b: f for b, f in self.banks.items() if b[0] not in spaces}

    def key(self):
        return {b: {k: frozenset(v) for k, v in f.items() if v}
                for b, f in self.banks.items()}


def union(*states):
    states = [s for s in states if s is not None]
    if not states:
        return None
    out = states[0].copy()
    for s in states[1:]:
        for b, f in s.banks.items():
            for k, v in f.items():
                out.banks.setdefault(b, {}).setdefault(k, set()).update(v)
    return out


class Checker:
    """Walks a kernel. With fix=True, repairs races (downgrading reads,
    disabling writes) and reports whether it changed anything; with
    fix=False, raises InvalidKernel on any violation."""

    def __init__(self, kernel, fix):
        self.k = kernel
        self.fix = fix
        self.changed = False
        self.nodes = {}
        self.regions = {}  # joint scan output region -> id of its JointOp

    def fail(self, why):
        raise InvalidKernel('seed %d: %s' % (self.k.seed, why))

    def run(self):
        self.block(self.k.body, State(), Ctx(dims=self.k.dims), top=True)
        return self.changed

    # Memory accesses ------------------------------------------------------

    def reads(self, e, st, ctx):
        """Records the memory reads of e (children first) in st."""
        for c in e.children():
            self.reads(c, st, ctx)
        if isinstance(e, SharedRead):
            self.read(('S', e.slot), e, True, st)
        elif isinstance(e, SlotRead) and not e.own and e.index is not None:
            # A read at a sub-group-uniform index may make a value that
            # must stay so; a repair keeps it and drops the writes.
            self.read((e.space, e.bank), e,
                      level_of(e.index, ctx) >= SUB_GROUP, st)

    def read(self, bank, node, uniform, st):
        """A read of another item's slot of bank; a uniform one (every item
        of a group at the same index, or of a sub-group) is repaired by
        dropping the racing writes, a varying one by reading the own slot."""
        self.nodes[id(node)] = node
        writes = st.get(bank, 'W')
        if writes:
            if not self.fix:
                self.fail('read of %s races with a write' % (bank,))
            self.changed = True
            if uniform:
                # Keep the read (its value may steer barriers); drop writes.
                for w in writes:
                    self.nodes[w].disabled = True
            else:
                node.own = True
                return
        st.add(bank, 'Ru' if uniform else 'Rv', node)

    def write(self, bank, node, st):
        self.nodes[id(node)] = node
        if node.disabled:
            return
        readers = st.get(bank, 'Rv') | st.get(bank, 'Ru')
        if readers:
            if not self.fix:
                self.fail('write of %s races with a read' % (bank,))
            self.changed = True
            if st.get(bank, 'Ru'):
                node.disabled = True
                return
            for r in readers:
                self.nodes[r].own = True
        st.add(bank, 'W', node)

    # Statements ------------------------------------------------------------

    def block(self, stmts, st, ctx, top=False):
        for i, s in enumerate(stmts):
            if st is None:
                return None  # unreachable code after a jump
            st = self.stmt(s, st, ctx, top and i == len(stmts) - 1)
        return st

    def assign(self, var, level, ctx):
        """var takes a value of `level` under ctx."""
        if min(level, ctx.level) < var_level(var):
            self.fail('%s assigned a less uniform value or under less '
                      'uniform control than it promises' % var)

    def stmt(self, s, st, ctx, last_top):
        for e in s.exprs():
            self.reads(e, st, ctx)
        if isinstance(s, Assign):
            self.assign(s.var, level_of(s.expr, ctx), ctx)
            return st
        if isinstance(s, PrivWrite):
            return st
        if isinstance(s, SlotWrite):
            self.write((s.space, s.bank), s, st)
            return st
        if isinstance(s, SharedWrite):
            self.write(('S', s.slot), s, st)
            return st
        if isinstance(s, Barrier):
            # A sub-group barrier where sub-group collectives may be.
            if ctx.level < (collective_level('sub') if s.form == 'sub'
                            else GROUP):
                self.fail('barrier under control that is not uniform enough')
            if not s.orders_group():
                return st
            st = st.copy()
            st.clear('LSG' if s.fences_global() else 'LS')
            return st
        if isinstance(s, SubGroupOp):
            return self.sub_group_op(s, st, ctx)
        if isinstance(s, JointOp):
            return self.joint_op(s, st, ctx)
        if isinstance(s, If):
            return self.if_stmt(s, st, ctx, last_top)
        if isinstance(s, Loop):
            return self.loop(s, st, ctx)
        if isinstance(s, Guard):
            self.fail('guard outside a guarded loop body')
        if isinstance(s, Let):
            counters = dict(ctx.counters)
            counters[s.counter] = GROUP
            return self.block(s.body, st, ctx.derive(counters=counters))
        if isinstance(s, Lambda):
            inner = ctx.derive(loops=[], in_lambda=True)
            for _ in range(s.calls):
                st = self.block(s.body, st, inner)
                if st is None:
                    self.fail('lambda body does not fall through')
            return st
        if isinstance(s, Jump):
            self.fail('%s outside an if' % s.kind)
        self.fail('unknown statement %r' % s)

    def sub_group_op(self, s, st, ctx):
        group = s.scope == 'group'
        scope_level = GROUP if group else SUB_GROUP
        if group and s.form not in GROUP_FORMS:
            self.fail('%s over the work-group' % s.form)
        if ctx.level < collective_level(s.scope):
            self.fail('collective under control that is not uniform enough')
        if s.form == 'broadcast' and level_of(s.index, ctx) < scope_level:
            self.fail('broadcast from an item its group does not agree on')
        level = VARYING
        if s.form in ('reduce', 'broadcast'):
            level = scope_level
        elif s.form in ('any', 'all', 'none'):
            level = min(scope_level, level_of(s.expr, ctx))
        self.assign(s.var, level, ctx)
        return st

    def joint_op(self, s, st, ctx):
        if ctx.level < collective_level(s.scope):
            self.fail('joint algorithm under control that is not uniform '
                      'enough')
        for e in s.exprs():
            if e is not s.expr and level_of(e, ctx) < s.range_level():
                self.fail('joint algorithm over a range or from an initial '
                          'value its group does not agree on')
        if s.source != 'In':
            self.read(('L', s.source), s, True, st)
        if s.form in JOINT_SCANS:
            if s.var is not None:
                self.fail('joint scan with a result variable')
            if not 0 <= s.region < self.k.n_js:
                self.fail('joint scan region %d of %d' % (s.region,
                                                         self.k.n_js))
            if self.regions.setdefault(s.region, id(s)) != id(s):
                self.fail('two joint scans write region %d' % s.region)
            return st
        level = s.range_level()
        if s.form != 'reduce':
            level = min(level, level_of(s.expr, ctx))
        self.assign(s.var, level, ctx)
        return st

    def if_stmt(self, s, st, ctx, last_top):
        level = min(ctx.level, level_of(s.cond, ctx))
        if len(s.then) == 1 and isinstance(s.then[0], Jump) and not s.other:
            return self.jump(s.then[0].kind, level, st, ctx, last_top)
        inner = ctx.derive(level=level)
        if level == GROUP:
            # Exactly one branch runs in the whole group.
            return union(self.block(s.then, st.copy(), inner),
                         self.block(s.other, st.copy(), inner))
        a = self.block(s.then, st.copy(), inner)
        b = self.block(s.other, union(st, a), inner)
        return union(a, b)

    def jump(self, kind, level, st, ctx, last_top):
        if kind == 'return':
            if ctx.in_lambda:
                self.fail('return inside a lambda')
            if level < GROUP and not last_top:
                self.fail('item-dependent return before the kernel tail')
            return st  # the items that stay fall through
        if not ctx.loops:
            self.fail('%s outside a loop' % kind)
        frame = ctx.loops[-1]
        if level < frame.body_level or (level < GROUP and frame.has_barrier):
            # jump_level made the body at most as uniform as its jumps.
            self.fail('%s less uniform than its loop, or out of a loop with '
                      'barriers' % kind)
        (frame.breaks if kind == 'break' else frame.continues).append(st.copy())
        return st

    def loop(self, s, st, ctx):
        level = VARYING
        if not s.guarded and not isinstance(s, Strided):
            level = min(ctx.level, level_of(s.bound, ctx),
                        self.jump_level(s, ctx))
        counters = dict(ctx.counters)
        counters[s.counter] = level
        frame = LoopFrame()
        frame.has_barrier = contains_barrier(s.body, group_only=True)
        frame.body_level = level
        inner = ctx.derive(level=level, counters=counters,
                           loops=ctx.loops + [frame])
        head = st
        guard_ctx = None
        if s.guarded:
            if any(isinstance(c, If) and len(c.then) == 1 and
                   isinstance(c.then[0], Jump) for c in s.body):
                guard_ctx = None
            elif ctx.level == GROUP:
                guard_counters = dict(counters)
                guard_counters[s.counter] = GROUP
                guard_ctx = ctx.derive(level=GROUP, counters=guard_counters,
                                       loops=ctx.loops + [frame])
        for _ in range(64):
            frame.breaks, frame.continues = [], []
            if s.kind == 'do':
                end = self.loop_body(s, head.copy(), inner, guard_ctx)
                latch = union(end, *frame.continues)
                if latch is None:
                    latch = head
                self.reads(s.bound, latch, inner)
                new_head = union(st, latch)
                exit_state = union(latch, *frame.breaks)
            else:
                cond = head.copy()
                self.reads(s.bound, cond, inner)
                end = self.loop_body(s, cond, inner, guard_ctx)
                latch = union(end, *frame.continues)
                new_head = union(st, latch)
                exit_state = union(cond, *frame.breaks)
            if new_head.key() == head.key():
                return exit_state
            head = new_head
        self.fail('loop state did not converge')

    def loop_body(self, s, st, inner, guard_ctx):
        for c in s.body:
            if st is None:
                return None
            if isinstance(c, Guard):
                if c.counter != s.counter or c.bound > s.min_trips() or \
                        guard_ctx is None:
                    if contains_barrier(c.body):
                        self.fail('guard %s < %d cannot hold a barrier' % (
                            c.counter, c.bound))
                    g = inner
                else:
                    g = guard_ctx
                st = union(st, self.block(c.body, st.copy(), g))
            else:
                st = self.stmt(c, st, inner, False)
        return st

    def jump_level(self, s, ctx):
        """How uniform the decisions to break or continue loop s are: if
        some item may leave an iteration while another of its sub-group
        (VARYING) or work-group (SUB_GROUP) does not, the body is no more
        uniform than that (judged as if the loop itself were uniform)."""
        counters = dict(ctx.counters)
        counters[s.counter] = GROUP
        return self.jumps_level(s.body, ctx.derive(counters=counters), GROUP)

    def jumps_level(self, stmts, ctx, level):
        low = GROUP
        for c in stmts:
            if isinstance(c, If):
                lv = min(level, level_of(c.cond, ctx))
                if len(c.then) == 1 and isinstance(c.then[0], Jump) and \
                        c.then[0].kind != 'return':
                    low = min(low, lv)
                low = min(low, self.jumps_level(c.then, ctx, lv),
                          self.jumps_level(c.other, ctx, lv))
            elif isinstance(c, Let):
                counters = dict(ctx.counters)
                counters[c.counter] = GROUP
                low = min(low, self.jumps_level(
                    c.body, ctx.derive(counters=counters), level))
            elif isinstance(c, Guard):
                low = min(low, self.jumps_level(c.body, ctx, VARYING))
        return low


def contains_barrier(block, group_only=False):
    """Whether `block` holds a barrier; with `group_only`, one that the whole
    work-group must reach (a sub-group barrier need not, with
    --sub-group-divergence)."""
    for s in block:
        if isinstance(s, Barrier) and not (
                group_only and s.form == 'sub' and SUB_GROUP_DIVERGENCE):
            return True
        if isinstance(s, Lambda) or s.blocks():
            if any(contains_barrier(b, group_only) for b in s.blocks()):
                return True
    return False


def check(kernel):
    """Raises InvalidKernel unless the kernel is well formed."""
    Checker(kernel, fix=False).run()


def repair(kernel):
    """Removes races; raises InvalidKernel on a uniformity violation."""
    for _ in range(100):
        if not Checker(kernel, fix=True).run():
            check(kernel)
            return
    raise InvalidKernel('seed %d: race repair did not converge' % kernel.seed)


# ---------------------------------------------------------------------------
# The random generator.

LOCAL_1D = [1, 2, 3, 5, 7, 8, 13, 16, 17, 31, 32, 33, 64, 97, 100, 128, 199,
            256]
LOCAL_ND = [1, 1, 2, 3, 4, 5, 7, 8, 13, 16]
INTERESTING = [0, 1, 2, 3, 7, 8, 31, 32, 33, 255, 0x7FFFFFFF, 0x80000000,
               0xFFFFFFFF, 0xFFFFFFFE]


class GenCtx:
    def __init__(self, level=GROUP, counters=None, depth=0, loops=0,
                 loop=None, in_lambda=False):
        self.level = level  # how uniform the control is
        self.counters = counters or {}  # name -> level
        self.depth = depth
        self.loops = loops  # loop nesting (bounds total trip counts)
        # The innermost loop a jump may leave: (kind, the level its
        # conditions need), or None.
        self.loop = loop
        self.in_lambda = in_lambda

    def derive(self, **kw):
        c = GenCtx(self.level, dict(self.counters), self.depth + 1,
                   self.loops, self.loop, self.in_lambda)
        for key, v in kw.items():
            setattr(c, key, v)
        return c


class Generator:
    def __init__(self, seed):
        self.r = random.Random(seed)
        self.k = Kernel(seed)
        self.names = 0

    def fresh(self, prefix):
        self.names += 1
        return '%s%d' % (prefix, self.names)

    # Configuration ---------------------------------------------------------

    def configure(self):
        r, k = self.r, self.k
        k.dims = r.choice([1, 1, 2, 2, 3])
        while True:
            if k.dims == 1:
                k.local_dims = [r.choice(LOCAL_1D)]
            else:
                k.local_dims = [r.choice(LOCAL_ND) for _ in range(k.dims)]
            if k.local <= 300:
                break
        while True:
            k.group_dims = [r.choice([1, 1, 2, 3]) for _ in range(k.dims)]
            if k.n_groups <= 6 and k.n_items <= 1200:
                break
        k.n_v = r.randint(3, 6)
        k.n_u = r.randint(2, 4)
        k.n_s = r.randint(1, 3)
        k.n_priv = r.choice([2, 4, 8])
        k.n_banks = r.randint(1, 3)
        k.n_shared = r.randint(1, 3)
        k.n_gs = r.randint(0, 2)
        k.params = [r.choice([r.randint(0, 5), r.randint(0, UINT),
                              r.choice(INTERESTING)]) for _ in range(4)]
        k.sh_writer = [r.randint(0, 4096) for _ in range(k.n_shared)]

    # Expressions -----------------------------------------------------------

    def leaf(self, ctx, level, plain=False):
        """A variable, constant, id or memory read at least as uniform as
        `level`. Plain leaves read no memory, so they serve as indices
        without nesting further."""
        r, k = self.r, self.k
        idx = lambda lv: self.leaf(ctx, lv, plain=True)
        choices = [
            (4, lambda: Const(r.choice(INTERESTING) if r.random() < 0.5
                              else r.randint(0, 100))),
            (5, lambda: Var('u%d' % r.randrange(k.n_u))),
            (2, lambda: Param(r.randrange(len(k.params)))),
            (2, lambda: IdQuery(r.choice(['grp', 'lrange', 'ngroups']),
                                r.randrange(k.dims))),
            (1, lambda: IdQuery('grplin')),
            (0.5, lambda: IdQuery('smax')),
        ]
        counters = [c for c, lv in ctx.counters.items() if lv >= level]
        if counters:
            choices.append((4, lambda: Counter(r.choice(counters))))
        if level <= SUB_GROUP:
            choices += [
                (3, lambda: Var('s%d' % r.randrange(k.n_s))),
                (1.5, lambda: IdQuery(r.choice(['sgid', 'srange']))),
            ]
            if k.dims > 1:
                # Ids in the dimensions a sub-group does not cross.
                choices.append((1, lambda: IdQuery(
                    r.choice(['ldim', 'gdim']), r.randrange(k.dims - 1))))
        if level == VARYING:
            choices += [
                (12, lambda: Var('v%d' % r.randrange(k.n_v))),
                (5, lambda: IdQuery('lid')),
                (2, lambda: IdQuery(r.choice(['slid', 'srange', 'sgid']))),
                (2, lambda: IdQuery(r.choice(['ldim', 'gdim']),
                                    r.randrange(k.dims))),
                (1, lambda: IdQuery('glin')),
            ]
        if plain:
            return weighted(r, choices)()
        # Reads all items make at one index stay uniform, so the checker
        # drops writes that race with them; keep them rarer where a varying
        # value would do.
        w = 0.5 if level == VARYING else 2
        at = GROUP if level == VARYING else level  # their index's level
        choices += [
            (2, lambda: GlobalRead('Uni', idx(GROUP))),
            (1, lambda: GlobalRead('In', idx(at))),
            (w, lambda: SharedRead(r.randrange(k.n_shared))),
            (w, lambda: SlotRead('L', r.randrange(k.n_banks), idx(at))),
        ]
        if k.n_gs:
            choices.append((w / 2, lambda: SlotRead('G', r.randrange(k.n_gs),
                                                    idx(at))))
        if level == VARYING:
            choices += [
                (3, lambda: PrivRead(idx(VARYING))),
                (3, lambda: SlotRead('L', r.randrange(k.n_banks), None)),
                (5, lambda: SlotRead('L', r.randrange(k.n_banks),
                                     self.neighbour(ctx))),
                (2, lambda: GlobalRead('In', idx(VARYING))),
            ]
            if k.n_gs:
                choices += [
                    (1, lambda: SlotRead('G', r.randrange(k.n_gs), None)),
                    (2, lambda: SlotRead('G', r.randrange(k.n_gs),
                                         self.neighbour(ctx))),
                ]
        return weighted(r, choices)()

    def neighbour(self, ctx):
        """An index near the item's own: Lid + small offset, or any value."""
        r = self.r
        if r.random() < 0.6:
            return Binary('+', IdQuery('lid'), Const(r.randint(1, 40)))
        return self.leaf(ctx, VARYING, plain=True)

    def expr(self, ctx, level, depth=2):
        """An expression at least as uniform as `level`."""
        r = self.r
        if depth <= 0 or r.random() < 0.25:
            return self.leaf(ctx, level)
        x = r.random()
        if x < 0.75:
            return Binary(r.choice(BINARY_OPS), self.expr(ctx, level, depth - 1),
                          self.expr(ctx, level, depth - 1))
        if x < 0.85:
            return Unary(r.choice(['not', 'neg']),
                         self.expr(ctx, level, depth - 1))
        return Select(self.cond(ctx, level, depth - 1),
                      self.expr(ctx, level, depth - 1),
                      self.expr(ctx, level, depth - 1))

    def cond(self, ctx, level, depth=1):
        r = self.r
        a = self.expr(ctx, level, depth)
        x = r.random()
        if x < 0.4:
            # Small moduli give branches taken by some groups or items.
            return Cmp(r.choice(['==', '!=']),
                       Binary('mod', a, Const(r.choice([1, 2, 3, 4, 6]))),
                       Const(r.randint(0, 2)))
        if x < 0.7:
            return Cmp(r.choice(['<', '>=', '<=', '>']), a,
                       self.expr(ctx, level, depth))
        return Cmp(r.choice(['==', '!=']), Binary('&', a, Const(1)), Const(0))

    def small_bound(self, ctx, level):
        """A loop bound of at most 4 trips, at least as uniform as level."""
        r = self.r
        if r.random() < 0.3:
            return Const(r.randint(0, 3))
        e = self.expr(ctx, level, 1)
        return Binary('+', Binary('mod', e, Const(r.choice([2, 3, 4]))),
                      Const(r.randint(0, 1)))

    # Statements ------------------------------------------------------------

    def block(self, ctx, n):
        out = []
        for _ in range(n):
            out.append(self.stmt(ctx))
        return out

    def barrier(self):
        return Barrier(weighted(self.r, [(6, lambda: 'item'), (3, lambda: 'local'),
                                         (1, lambda: 'global'),
                                         (2, lambda: 'group'),
                                         (1, lambda: 'helper'),
                                         (1, lambda: 'helper2'),
                                         (2, lambda: 'sub')])())

    def body_size(self, ctx):
        return self.r.randint(1, max(1, 5 - ctx.depth))

    def stmt(self, ctx):
        r, k = self.r, self.k
        deep = ctx.depth >= 4
        choices = [
            (20, lambda: Assign('v%d' % r.randrange(k.n_v),
                                self.expr(ctx, VARYING))),
            (5, lambda: PrivWrite(self.expr(ctx, VARYING, 1),
                                  self.expr(ctx, VARYING))),
            (12, lambda: SlotWrite('L', r.randrange(k.n_banks),
                                   self.expr(ctx, VARYING))),
            (4, lambda: SharedWrite(r.randrange(k.n_shared),
                                    self.expr(ctx, VARYING))),
            (4, lambda: If(self.cond(ctx, VARYING), self.block(
                ctx.derive(level=VARYING), self.body_size(ctx)),
                self.block(ctx.derive(level=VARYING), r.randint(0, 2)))),
        ]
        if k.n_gs:
            choices.append((4, lambda: SlotWrite('G', r.randrange(k.n_gs),
                                                 self.expr(ctx, VARYING))))
        if ctx.level >= SUB_GROUP:
            choices.append((4, lambda: Assign('s%d' % r.randrange(k.n_s),
                                              self.expr(ctx, SUB_GROUP))))
            if not deep:
                choices.append((2, lambda: self.sub_group_if(ctx)))
            if not deep and ctx.loops < 3:
                choices.append((1, lambda: self.sub_group_loop(ctx)))
            if ctx.level < GROUP and SUB_GROUP_DIVERGENCE:
                choices += [
                    (5, lambda: self.sub_group_op(ctx)),
                    (2, lambda: self.joint_op(ctx, 'sub')),
                    (2, lambda: Barrier('sub')),
                ]
        if ctx.level == GROUP:
            choices += [
                (8, lambda: Assign('u%d' % r.randrange(k.n_u),
                                   self.expr(ctx, GROUP))),
                (16, self.barrier),
                (5, lambda: self.sub_group_op(ctx)),
                (3, lambda: self.group_op(ctx)),
                (2, lambda: self.joint_op(ctx)),
            ]
            if not deep:
                choices += [
                    (6, lambda: self.uniform_if(ctx)),
                    (6, lambda: self.uniform_loop(ctx)),
                    (3, lambda: self.guarded_loop(ctx)),
                ]
            if not ctx.in_lambda and not deep:
                choices.append((2, lambda: self.lambda_block(ctx)))
            if not ctx.in_lambda:
                choices.append((1, lambda: If(self.cond(ctx, GROUP),
                                              [Jump('return')], [])))
        if not deep and ctx.loops < 3:
            choices.append((3, lambda: self.varying_loop(ctx)))
        if ctx.loop is not None and ctx.level >= ctx.loop[1]:
            need = ctx.loop[1]
            choices.append((5, lambda: If(self.cond(ctx, need),
                                          [Jump(r.choice(['break',
                                                          'continue']))], [])))
        return weighted(r, choices)()

    def with_barriers(self, block, ctx):
        """Makes barriers likely in a uniform block."""
        r = self.r
        if r.random() < 0.7:
            block.insert(r.randint(0, len(block)), self.barrier())
        return block

    def uniform_if(self, ctx):
        r = self.r
        inner = ctx.derive(loop=ctx.loop)
        then = self.with_barriers(self.block(inner, self.body_size(ctx)), ctx)
        other = []
        if r.random() < 0.6:
            other = self.with_barriers(self.block(inner, r.randint(0, 3)), ctx)
        return If(self.cond(ctx, GROUP), then, other)

    def loop_kind(self):
        return weighted(self.r, [(6, lambda: 'for'), (2, lambda: 'while'),
                                 (2, lambda: 'do')])()

    def uniform_loop(self, ctx):
        name = self.fresh('i')
        counters = dict(ctx.counters)
        counters[name] = GROUP
        inner = ctx.derive(counters=counters, loops=ctx.loops + 1,
                           loop=('uniform', GROUP))
        body = self.with_barriers(self.block(inner, self.body_size(ctx)), ctx)
        return Loop(self.loop_kind(), name, self.small_bound(ctx, GROUP), body)

    def sub_group_test(self, ctx):
        """A condition the same in each sub-group, mostly a test of the
        sub-group id that splits the work-group."""
        r = self.r
        if r.random() < 0.4:
            return Cmp(r.choice(['==', '!=']),
                       Binary('mod', IdQuery('sgid'), Const(r.choice([2, 3]))),
                       Const(r.randint(0, 1)))
        return self.cond(ctx, SUB_GROUP)

    def sub_group_if(self, ctx):
        """An if that sub-groups of one work-group may take differently."""
        r = self.r
        inner = ctx.derive(level=SUB_GROUP)
        other = []
        if r.random() < 0.5:
            other = self.block(inner, r.randint(1, 2))
        return If(self.sub_group_test(ctx),
                  self.block(inner, self.body_size(ctx)), other)

    def sub_group_loop(self, ctx):
        """A loop whose trip count is the same within each sub-group, with
        breaks and continues under sub-group-uniform conditions."""
        r = self.r
        name = self.fresh('i')
        counters = dict(ctx.counters)
        counters[name] = SUB_GROUP
        inner = ctx.derive(level=SUB_GROUP, counters=counters,
                           loops=ctx.loops + 1, loop=('sub', SUB_GROUP))
        body = self.block(inner, self.body_size(ctx))
        if r.random() < 0.4:
            bound = Binary('mod', IdQuery('sgid'), Const(r.choice([2, 3, 4])))
        else:
            bound = self.small_bound(ctx, SUB_GROUP)
        return Loop(self.loop_kind(), name, bound, body)

    def varying_loop(self, ctx):
        r = self.r
        if r.random() < 0.4:
            return self.strided_loop(ctx, clean=False)
        name = self.fresh('i')
        counters = dict(ctx.counters)
        counters[name] = VARYING
        inner = ctx.derive(level=VARYING, counters=counters,
                           loops=ctx.loops + 1, loop=('varying', VARYING))
        body = self.block(inner, self.body_size(ctx))
        return Loop(self.loop_kind(), name, self.small_bound(ctx, VARYING),
                    body)

    def escape_loop(self, ctx):
        """A loop whose trip count differs from item to item and that holds
        no loop, as an escape-time loop (Mandelbrot) is: alone in its
        work-item loop, lanes-lockstep-loops runs it a vector's items at a
        time. Half of them only compute, as the escape loop does, and may
        break where they test their values."""
        r = self.r
        name = self.fresh('i')
        counters = dict(ctx.counters)
        counters[name] = VARYING
        inner = ctx.derive(level=VARYING, counters=counters, loops=3,
                           loop=('varying', VARYING))
        if r.random() < 0.5:
            # Each trip steps the values of the trips before.
            body = []
            for _ in range(r.randint(1, 3)):
                var = Var('v%d' % r.randrange(self.k.n_v))
                body.append(Assign(var.name, Binary(
                    r.choice(['+', '^', '*', 'rotl', 'max']), var,
                    self.expr(inner, VARYING, 1))))
            if r.random() < 0.6:
                test = Cmp(r.choice(['<', '>=']), var,
                           self.expr(inner, VARYING, 1))
                body.insert(r.randint(0, len(body)),
                            If(test, [Jump('break')], []))
        else:
            body = self.block(inner, self.body_size(ctx))
        if r.random() < 0.7:
            # Up to 16 trips, made to differ from item to item.
            mixed = Binary(r.choice(['+', '^', '*']),
                           self.expr(ctx, VARYING, 1), IdQuery('lid'))
            bound = Binary('mod', mixed, Const(r.choice([5, 9, 17])))
        else:
            bound = self.small_bound(ctx, VARYING)
        return Loop(self.loop_kind(), name, bound, body)

    def strided_loop(self, ctx, clean):
        """An interleaved loop: mostly an offset with the step that
        interleaves it. A clean one has the shape the lockstep pass takes:
        uniform bounds, no inner loop, no jump."""
        r = self.r
        name = self.fresh('i')
        counters = dict(ctx.counters)
        counters[name] = VARYING
        inner = ctx.derive(level=VARYING, counters=counters,
                           loops=3 if clean else ctx.loops + 1,
                           loop=None if clean else ('varying', VARYING))
        body = self.block(inner, self.body_size(ctx))
        offsets = [(IdQuery('ldim', 0), IdQuery('lrange', 0)),
                   (IdQuery('lid'), Const(self.k.local)),
                   (IdQuery('slid'), IdQuery('smax')),
                   (IdQuery('slid'), IdQuery('srange'))]
        offset, step = r.choice(offsets)
        if r.random() < 0.2:
            step = r.choice([Const(r.randint(1, 17)), r.choice(offsets)[1]])
        level = GROUP if clean or r.random() < 0.7 else VARYING
        op = r.choice(['<', '<=', '>', '>='])
        return Strided(name, op, r.random() < 0.6, offset, step,
                       r.randint(1, 4), self.expr(ctx, level, 1),
                       self.expr(ctx, level, 1), body, r.random() < 0.3,
                       op in ('>', '>=') and r.random() < 0.2)

    def warp_block(self, ctx):
        """Barriers around a clean interleaved loop, alone in its work-item
        loop, and after one over a sub-group's lanes mostly a collective
        (the CSR-vector shape)."""
        loop = self.strided_loop(ctx, clean=True)
        block = [self.barrier(), loop]
        if loop.offset.kind == 'slid' and self.r.random() < 0.8:
            block.append(self.sub_group_op(ctx))
        return If(Cmp('==', Const(0), Const(0)), block + [self.barrier()], [])

    def sub_group_op(self, ctx):
        """A sub-group collective (where collective_level allows), its
        result kept in an 's' variable half the times it is the same in
        the sub-group's lanes."""
        r = self.r
        form = weighted(r, [(4, lambda: 'reduce'), (2, lambda: 'inclusive'),
                            (2, lambda: 'exclusive'), (1, lambda: 'broadcast'),
                            (2, lambda: 'select'), (1, lambda: 'left'),
                            (1, lambda: 'right'), (1, lambda: 'xor'),
                            (1, lambda: 'any'), (1, lambda: 'all'),
                            (1, lambda: 'none')])()
        var = 'v%d' % r.randrange(self.k.n_v)
        if form in SUB_GROUP_UNIFORM_FORMS and r.random() < 0.5:
            var = 's%d' % r.randrange(self.k.n_s)
        index = None
        if form == 'broadcast':
            index = self.expr(ctx, SUB_GROUP, 1)
        elif form in ('select', 'any', 'all', 'none'):
            index = self.expr(ctx, VARYING, 1)
        level = VARYING
        if form in ('any', 'all', 'none'):
            level = var_level(var)  # the value the predicate is added to
        return SubGroupOp(var, form, self.expr(ctx, level), index,
                          r.choice(SUB_GROUP_OPS), r.randint(0, 17))

    def group_op(self, ctx):
        """A work-group collective, its result kept in a 'u' variable half
        the times it is the same in the whole group."""
        r = self.r
        form = weighted(r, [(3, lambda: 'reduce'), (3, lambda: 'inclusive'),
                            (3, lambda: 'exclusive'), (1, lambda: 'broadcast'),
                            (1, lambda: 'any'), (1, lambda: 'all'),
                            (1, lambda: 'none')])()
        var = 'v%d' % r.randrange(self.k.n_v)
        if form in ('reduce', 'broadcast') and r.random() < 0.5:
            var = 'u%d' % r.randrange(self.k.n_u)
        index = None
        if form == 'broadcast':
            index = self.expr(ctx, GROUP, 1)
        elif form in ('any', 'all', 'none'):
            index = self.expr(ctx, VARYING, 1)
        level = var_level(var) if form in ('any', 'all', 'none') else VARYING
        return SubGroupOp(var, form, self.expr(ctx, level), index,
                          r.choice(SUB_GROUP_OPS), scope='group')

    def joint_op(self, ctx, scope=None):
        """A joint algorithm of the sub-group or the work-group over a
        range of the input or a local bank, the range's ends (and the
        initial value) uniform in that group."""
        r, k = self.r, self.k
        scope = scope or r.choice(['sub', 'group'])
        level = SUB_GROUP if scope == 'sub' else GROUP
        form = weighted(r, [(3, lambda: 'reduce'), (2, lambda: 'exclusive'),
                            (2, lambda: 'inclusive'), (1, lambda: 'any'),
                            (1, lambda: 'all'), (1, lambda: 'none')])()
        source = 'In' if r.random() < 0.7 else r.randrange(k.n_banks)
        lo, count = self.expr(ctx, level, 1), self.expr(ctx, level, 1)
        if r.random() < 0.4:
            # Small values are common; their complement reaches the longer
            # ranges, of several chunks.
            count = Unary('not', count)
        init = None
        if form in ('reduce',) + JOINT_SCANS and r.random() < 0.5:
            init = self.expr(ctx, level, 1)
        var, expr, region = None, None, 0
        if form in JOINT_SCANS:
            region = k.n_js
            k.n_js += 1
        else:
            var = 'v%d' % r.randrange(k.n_v)
            x = r.random()
            if x < 0.3 and scope == 'group' and ctx.level == GROUP:
                var = 'u%d' % r.randrange(k.n_u)
            elif x < 0.5:
                var = 's%d' % r.randrange(k.n_s)
            if form != 'reduce':
                expr = self.expr(ctx, var_level(var), 1)
        mask = r.choice([1, 3, 7, 15])
        return JointOp(scope, form, source, lo, count, var, expr, init,
                       r.choice(SUB_GROUP_OPS), (mask, r.randint(0, mask)),
                       region)

    def guarded_loop(self, ctx):
        """for (i = 0; i < A + f(item); i++) { ...; if (i < B) {barriers} }."""
        r = self.r
        name = self.fresh('i')
        a = r.randint(1, 3)
        extra = Binary('mod', self.expr(ctx, VARYING, 1),
                       Const(r.choice([2, 3, 4])))
        counters = dict(ctx.counters)
        counters[name] = VARYING
        inner = ctx.derive(level=VARYING, counters=counters,
                           loops=ctx.loops + 1, loop=None)
        body = self.block(inner, r.randint(0, 3))
        gcounters = dict(ctx.counters)
        gcounters[name] = GROUP
        gctx = ctx.derive(counters=gcounters, loops=ctx.loops + 1, loop=None)
        for _ in range(r.randint(1, 2)):
            gbody = self.with_barriers(self.block(gctx, r.randint(1, 3)), ctx)
            if not contains_barrier(gbody):
                gbody.append(self.barrier())
            body.insert(r.randint(0, len(body)),
                        Guard(name, r.randint(1, a), gbody))
        return Loop(self.loop_kind(), name, Binary('+', Const(a), extra), body,
                    guarded=True)

    def lambda_block(self, ctx):
        inner = ctx.derive(in_lambda=True, loop=None)
        body = self.block(inner, self.body_size(ctx))
        return Lambda(self.fresh('Block'), body, self.r.choice([1, 1, 2]))

    def generate(self):
        self.configure()
        top = GenCtx()
        style = self.r.random()
        if style < 0.3:
            # Warp style: interleaved loops between barriers.
            body = []
            for _ in range(self.r.randint(1, 3)):
                body += self.block(top, self.r.randint(0, 2))
                body.append(self.warp_block(top))
        elif style < 0.45:
            # Escape style: loops of item-dependent trip counts between
            # barriers, mostly in a group of several vectors' items.
            if self.r.random() < 0.6:
                self.k.dims = 1
                self.k.local_dims = [self.r.choice([24, 32, 64, 96, 128,
                                                    256])]
                self.k.group_dims = [self.r.choice([1, 2, 3])]
            body = []
            for _ in range(self.r.randint(1, 3)):
                body += self.block(top, self.r.randint(0, 2))
                body.append(If(Cmp('==', Const(0), Const(0)),
                               [self.barrier(), self.escape_loop(top),
                                self.barrier()], []))
        else:
            body = self.block(top, self.r.randint(4, 9))
        if self.r.random() < 0.15:
            body.append(If(self.cond(top, VARYING), [Jump('return')], []))
        self.k.body = body
        repair(self.k)
        return self.k


def weighted(r, choices):
    total = sum(w for w, _ in choices)
    x = r.uniform(0, total)
    for w, f in choices:
        x -= w
        if x <= 0:
            return f
    return choices[-1][1]


def generate(seed):
    """The kernel for `seed` (deterministic), race-repaired and checked."""
    return Generator(seed).generate()


def checker_self_test():
    """The checker must reject ill-formed kernels; returns how many it
    judged wrongly (printing them)."""
    lid, grp = IdQuery('lid'), IdQuery('grp')
    odd = Cmp('==', Binary('&', lid, Const(1)), Const(1))
    grp_odd = Cmp('==', Binary('&', grp, Const(1)), Const(1))
    cross = SlotRead('L', 0, Binary('+', lid, Const(1)))

    def guarded(bound, extra):
        return Loop('for', 'i1', Binary('+', Const(2), extra),
                    [Guard('i1', bound, [Barrier('item')])], guarded=True)

    cases = [
        ('barrier under an item-dependent if', False,
         [If(odd, [Barrier('item')], [])]),
        ('barriers in both branches of a uniform if', True,
         [If(grp_odd, [Barrier('item')], [Barrier('local'), Barrier('group')])]),
        ('cross-item read and write in one interval', False,
         [Assign('v0', cross), SlotWrite('L', 0, Const(1))]),
        ('cross-item read after a barrier', True,
         [SlotWrite('L', 0, Const(1)), Barrier('item'), Assign('v0', cross)]),
        ('local fence does not order scratch memory', False,
         [SlotWrite('G', 0, Const(1)), Barrier('local'),
          Assign('v0', SlotRead('G', 0, Binary('+', lid, Const(1))))]),
        ('write racing a read of the previous iteration', False,
         [Loop('for', 'i1', Const(2), [Assign('v0', cross), Barrier('item'),
                                       SlotWrite('L', 0, Const(1))])]),
        ('uniform variable given a varying value', False,
         [Assign('u0', lid)]),
        ('uniform variable set under varying control', False,
         [If(odd, [Assign('u0', Const(1))], [])]),
        ('guarded barrier within the minimum trip count', True,
         [guarded(2, Binary('mod', lid, Const(3)))]),
        ('guard beyond the minimum trip count', False,
         [guarded(3, Binary('mod', lid, Const(3)))]),
        ('barrier in a loop with an item-dependent trip count', False,
         [Loop('for', 'i1', Binary('mod', lid, Const(3)), [Barrier('item')])]),
        ('item-dependent break out of a loop with a barrier', False,
         [Loop('for', 'i1', Const(3), [If(odd, [Jump('break')], []),
                                       Barrier('item')])]),
        ('uniform break out of a loop with a barrier', True,
         [Loop('for', 'i1', Const(3), [If(grp_odd, [Jump('break')], []),
                                       Barrier('item')])]),
        ('item-dependent return before a barrier', False,
         [If(odd, [Jump('return')], []), Barrier('item')]),
        ('item-dependent return at the tail', True,
         [Barrier('item'), If(odd, [Jump('return')], [])]),
        ('uniform variable after an item-dependent break', False,
         [Loop('for', 'i1', Const(3), [If(odd, [Jump('break')], []),
                                       Assign('u0', Const(1))])]),
        ('sub-group barrier does not order local memory', False,
         [SlotWrite('L', 0, Const(1)), Barrier('sub'), Assign('v0', cross)]),
        ('sub-group collective at top level', True,
         [SubGroupOp('v0', 'reduce', lid)]),
        ('sub-group collective under an item-dependent if', False,
         [If(odd, [SubGroupOp('v0', 'reduce', lid)], [])]),
        ('collective after an item-dependent break', False,
         [Loop('for', 'i1', Const(3), [If(odd, [Jump('break')], []),
                                       SubGroupOp('v0', 'inclusive', lid)])]),
        ('sub-group collective into a uniform variable', False,
         [SubGroupOp('u0', 'reduce', Const(1))]),
        ('work-group reduction into a uniform variable', True,
         [SubGroupOp('u0', 'reduce', lid, scope='group')]),
        ('work-group scan into a uniform variable', False,
         [SubGroupOp('u0', 'inclusive', lid, scope='group')]),
        ('work-group collective under an item-dependent if', False,
         [If(odd, [SubGroupOp('v0', 'exclusive', lid, scope='group')], [])]),
        ('select over the work-group', False,
         [SubGroupOp('v0', 'select', lid, lid, scope='group')]),
        ('barrier in an interleaved loop', False,
         [Strided('i1', '<', True, lid, Const(4), 2, Const(0), Const(8),
                  [Barrier('item')])]),
    ]
    cases += sub_group_uniform_cases()
    cases += joint_cases()
    global SUB_GROUP_DIVERGENCE
    saved = SUB_GROUP_DIVERGENCE
    wrong = 0
    for case in cases:
        name, ok, body = case[:3]
        options = case[3] if len(case) > 3 else {}
        k = Kernel(0)
        k.params = [1, 2, 3, 4]
        k.n_gs = 1
        k.n_js = 2
        if 'dims' in options:
            k.dims = options['dims']
            k.local_dims = [3] * k.dims
            k.group_dims = [1] * k.dims
        k.body = body
        SUB_GROUP_DIVERGENCE = options.get('divergence', False)
        try:
            check(k)
            accepted = True
        except InvalidKernel:
            accepted = False
        finally:
            SUB_GROUP_DIVERGENCE = saved
        if accepted != ok:
            print('checker self-test: %s: %s, expected %s' % (
                name, 'accepted' if accepted else 'rejected',
                'accepted' if ok else 'rejected'))
            wrong += 1
    return wrong


def sub_group_uniform_cases():
    """The self-test's cases of sub-group-uniform values and control;
    'SYCL' ones run with --sub-group-divergence."""
    lid, sg, lane = IdQuery('lid'), IdQuery('sgid'), IdQuery('slid')
    odd = Cmp('==', Binary('&', lid, Const(1)), Const(1))
    sg_odd = Cmp('==', Binary('&', sg, Const(1)), Const(1))
    sycl = {'divergence': True}
    sg_trips = Binary('mod', sg, Const(3))
    return [
        ('sub-group-uniform variable set under a sub-group-uniform if', True,
         [If(sg_odd, [Assign('s0', Binary('+', sg, IdQuery('srange')))],
             [])]),
        ('sub-group-uniform variable given a lane id', False,
         [Assign('s0', lane)]),
        ('sub-group-uniform variable set under varying control', False,
         [If(odd, [Assign('s0', Const(1))], [])]),
        ('uniform variable given the sub-group id', False,
         [Assign('u0', sg)]),
        ('uniform variable set under a sub-group-uniform if', False,
         [If(sg_odd, [Assign('u0', Const(1))], [])]),
        ('barrier under a sub-group-uniform if', False,
         [If(sg_odd, [Barrier('item')], [])]),
        ('sub-group barrier under a sub-group-uniform if', False,
         [If(sg_odd, [Barrier('sub')], [])]),
        ('sub-group barrier under a sub-group-uniform if (SYCL)', True,
         [If(sg_odd, [Barrier('sub')], [])], sycl),
        ('sub-group collective under a sub-group-uniform if', False,
         [If(sg_odd, [SubGroupOp('v0', 'reduce', lid)], [])]),
        ('sub-group collective under a sub-group-uniform if (SYCL)', True,
         [If(sg_odd, [SubGroupOp('v0', 'reduce', lid)], [])], sycl),
        ('sub-group collective under an item-dependent if (SYCL)', False,
         [If(odd, [SubGroupOp('v0', 'reduce', lid)], [])], sycl),
        ('collective after a sub-group-uniform break', False,
         [Loop('for', 'i1', Const(3), [If(sg_odd, [Jump('break')], []),
                                       SubGroupOp('v0', 'inclusive', lid)])]),
        ('collective after a sub-group-uniform break (SYCL)', True,
         [Loop('for', 'i1', Const(3), [If(sg_odd, [Jump('break')], []),
                                       SubGroupOp('v0', 'inclusive', lid)])],
         sycl),
        ('collective after an item-dependent continue (SYCL)', False,
         [Loop('for', 'i1', Const(3), [If(odd, [Jump('continue')], []),
                                       SubGroupOp('v0', 'inclusive', lid)])],
         sycl),
        ('collective in a loop of sub-group-uniform trips (SYCL)', True,
         [Loop('while', 'i1', sg_trips,
               [SubGroupOp('s0', 'reduce', Counter('i1'))])], sycl),
        ('barrier in a loop of sub-group-uniform trips (SYCL)', False,
         [Loop('for', 'i1', sg_trips, [Barrier('item')])], sycl),
        ('uniform variable set in a loop of sub-group-uniform trips', False,
         [Loop('for', 'i1', sg_trips, [Assign('u0', Const(1))])]),
        ('sub-group-uniform counter', True,
         [Loop('for', 'i1', sg_trips, [Assign('s0', Counter('i1'))])]),
        ('sub-group-uniform variable after an item-dependent continue', False,
         [Loop('for', 'i1', Const(3), [If(odd, [Jump('continue')], []),
                                       Assign('s0', Const(1))])]),
        ('sub-group-uniform variable after a sub-group-uniform continue',
         True, [Loop('for', 'i1', Const(3), [If(sg_odd, [Jump('continue')],
                                                 []),
                                              Assign('s0', Const(1))])]),
        ('sub-group-uniform break out of a loop with a barrier', False,
         [Loop('for', 'i1', Const(3), [If(sg_odd, [Jump('break')], []),
                                       Barrier('item')])]),
        ('sub-group-uniform return before a barrier', False,
         [If(sg_odd, [Jump('return')], []), Barrier('item')]),
        ('sub-group reduction into a sub-group-uniform variable', True,
         [SubGroupOp('s0', 'reduce', lid)]),
        ('sub-group scan into a sub-group-uniform variable', False,
         [SubGroupOp('s0', 'inclusive', lid)]),
        ('any_of plus a varying value into a sub-group-uniform variable',
         False, [SubGroupOp('s0', 'any', lid, lid)]),
        ('any_of plus the sub-group id into a sub-group-uniform variable',
         True, [SubGroupOp('s0', 'any', sg, lid)]),
        ('broadcast from a lane the sub-group does not agree on', False,
         [SubGroupOp('v0', 'broadcast', lid, lane)]),
        ('broadcast from a sub-group-uniform lane', True,
         [SubGroupOp('v0', 'broadcast', lid, sg)]),
        ('local id in a dimension sub-groups do not cross', True,
         [Assign('s0', IdQuery('ldim', 0))], {'dims': 2}),
        ('local id in the dimension sub-groups run along', False,
         [Assign('s0', IdQuery('ldim', 1))], {'dims': 2}),
        ('local slot read at a sub-group-uniform index', True,
         [Assign('s0', SlotRead('L', 0, sg))]),
    ]


def joint_cases():
    """The self-test's cases of joint algorithms."""
    lid, sg, grp = IdQuery('lid'), IdQuery('sgid'), IdQuery('grp')
    sg_odd = Cmp('==', Binary('&', sg, Const(1)), Const(1))
    sycl = {'divergence': True}

    def joint(scope='group', form='reduce', var='v0', lo=None, count=None,
              source='In', region=0, expr=None, init=None):
        if form in ('any', 'all', 'none') and expr is None:
            expr = Const(0)
        return JointOp(scope, form, source, lo or Const(0),
                       count or Const(9), var, expr, init, region=region)

    return [
        ('work-group joint reduction into a uniform variable', True,
         [joint('group', 'reduce', 'u0', lo=grp)]),
        ('sub-group joint reduction into a uniform variable', False,
         [joint('sub', 'reduce', 'u0')]),
        ('sub-group joint all_of plus the sub-group id into a '
         'sub-group-uniform variable', True,
         [joint('sub', 'all', 's0', lo=sg, expr=sg)]),
        ('joint any_of plus a varying value into a sub-group-uniform '
         'variable', False, [joint('sub', 'any', 's0', expr=lid)]),
        ('work-group joint algorithm over a sub-group-uniform range', False,
         [joint('group', 'reduce', 'v0', lo=sg)]),
        ('sub-group joint algorithm over a varying range', False,
         [joint('sub', 'none', 'v0', count=lid)]),
        ('joint reduction from a varying initial value', False,
         [joint('group', 'reduce', 'v0', init=lid)]),
        ('sub-group joint algorithm under a sub-group-uniform if', False,
         [If(sg_odd, [joint('sub')], [])]),
        ('sub-group joint algorithm under a sub-group-uniform if (SYCL)',
         True, [If(sg_odd, [joint('sub')], [])], sycl),
        ('work-group joint algorithm under a sub-group-uniform if (SYCL)',
         False, [If(sg_odd, [joint('group')], [])], sycl),
        ('joint read of a local bank racing with a write', False,
         [SlotWrite('L', 0, Const(1)), joint(source=0)]),
        ('joint read of a local bank after a barrier', True,
         [SlotWrite('L', 0, Const(1)), Barrier('local'), joint(source=0)]),
        ('write racing a joint read of a local bank', False,
         [joint(source=0), SlotWrite('L', 0, Const(1))]),
        ('joint scan with a result variable', False,
         [joint(form='inclusive', var='v0')]),
        ('two joint scans writing one region', False,
         [joint(form='inclusive', var=None),
          joint('sub', form='exclusive', var=None)]),
        ('joint scans writing two regions', True,
         [joint(form='inclusive', var=None),
          joint('sub', form='exclusive', var=None, region=1)]),
        ('joint scan writing a region the kernel lacks', False,
         [joint(form='inclusive', var=None, region=2)]),
        ('joint scan in a loop writing its region again', True,
         [Loop('for', 'i1', Const(2), [joint(form='exclusive', var=None)])]),
    ]


def parse_seeds(text):
    """'A:B' is seeds A..B-1; 'A' is one seed; commas join several."""
    seeds = []
    for part in text.split(','):
        if ':' in part:
            a, b = part.split(':')
            seeds.extend(range(int(a), int(b)))
        else:
            seeds.append(int(part))
    return seeds


def add_sub_group_options(ap):
    ap.add_argument('--sub-group-size', type=int, default=SUB_GROUP_SIZE,
                    metavar='N', help='the programs\' LANES_SUB_GROUP_SIZE, a '
                    'power of two from 1 to 64 (default %(default)s)')
    ap.add_argument('--sub-group-divergence', action='store_true',
                    help='place sub-group collectives under control that is '
                    'only sub-group-uniform too, as SYCL allows')


def set_sub_group_options(args):
    """Applies the options of add_sub_group_options."""
    global SUB_GROUP_SIZE, SUB_GROUP_DIVERGENCE
    n = args.sub_group_size
    if n < 1 or n > 64 or n & (n - 1):
        sys.exit('--sub-group-size %d: not a power of two from 1 to 64' % n)
    SUB_GROUP_SIZE = n
    SUB_GROUP_DIVERGENCE = args.sub_group_divergence


def sub_group_options():
    """The command-line options that reproduce the current settings."""
    return '--sub-group-size %d%s' % (SUB_GROUP_SIZE, (
        ' --sub-group-divergence' if SUB_GROUP_DIVERGENCE else ''))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--seeds', help="A:B (A..B-1) or a comma list")
    ap.add_argument('-o', '--output', help='the C++ file to write')
    ap.add_argument('--self-check', type=int, metavar='N',
                    help='generate and check N kernels, write nothing')
    add_sub_group_options(ap)
    args = ap.parse_args()
    set_sub_group_options(args)
    if args.self_check:
        if checker_self_test():
            return 1
        for seed in range(1, args.self_check + 1):
            check(generate(seed))
        print('checker self-test passed; %d kernels generated and checked'
              % args.self_check)
        return 0
    if not args.seeds or not args.output:
        ap.error('--seeds and -o are required')
    kernels = [generate(s) for s in parse_seeds(args.seeds)]
    with open(args.output, 'w') as f:
        f.write(render_program(kernels))
    return 0


if __name__ == '__main__':
    sys.exit(main())
