/* bots._core: the compiled twin of bots/sim.py and bots/sampling.py (C on the CPython API).
 *
 * The Python modules are the reference and the documentation: this file computes exactly what they compute,
 * step by step, so that every answer -- a legal-card mask, a solver's root values and node count, a rollout's
 * points, a sampled world drawn from the same random.Random -- is the same on both cores
 * (tests/test_core_differential.py checks it position by position). Only the speed differs.
 *
 * The rule tables (card points, strengths, the trumps above a card, the suit masks) are read at import time
 * from the Python side (deberc_tui.engine.play through bots.sim, TRUMP_VALUE and the bidding thresholds from
 * bots.sampling), so the rules keep one home; this file holds the search and the few lines of §6 that
 * engine.play.legal_mask states.
 *
 * Every entry point checks its arguments and raises TypeError / ValueError for anything out of range, so no
 * Python-side input can crash the interpreter. The searches (Solver, rollout) run without the GIL.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#ifdef _WIN32
#include <windows.h>
#else
#include <time.h>
#endif

#define INF (1 << 20)
#define CLOCK_EVERY 1023 /* nodes between two looks at the clock (bots.sim.CLOCK_EVERY) */
#define MAX_SIZE (1 << 20) /* hand sizes the sampler accepts, either sign */

/* -- tables (filled from the Python side at import) ------------------------------------------------------ */

static int CARD_POINTS[5][32]; /* [trump + 1][card] */
static int STRENGTH[5][32];
static uint32_t TRUMP_ABOVE[32];
static uint32_t SUIT_MASKS[4];
static int TRUMP_VALUE[8];
static long BIDDER_MIN_WORTH;
static long PASSER_MAX_WORTH;
static PyObject *SearchAborted; /* bots.sim.SearchAborted */
static PyObject *perf_counter;  /* time.perf_counter */

/* -- small helpers ------------------------------------------------------------------------------------- */

static inline int ctz32(uint32_t m)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctz(m);
#else
    int k = 0;
    while (!(m & 1u)) {
        m >>= 1;
        k++;
    }
    return k;
#endif
}

static inline int popcount32(uint32_t m)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_popcount(m);
#else
    int k = 0;
    while (m) {
        m &= m - 1;
        k++;
    }
    return k;
#endif
}

/* The cards of a mask, lowest first (bots.knowledge.bits). */
static inline int mask_cards(uint32_t m, int *out)
{
    int k = 0;
    while (m) {
        out[k++] = ctz32(m);
        m &= m - 1;
    }
    return k;
}

static double mono_now(void)
{
#ifdef _WIN32
    LARGE_INTEGER f, c;
    QueryPerformanceFrequency(&f);
    QueryPerformanceCounter(&c);
    return (double)c.QuadPart / (double)f.QuadPart;
#else
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
#endif
}

/* A deadline given as a time.perf_counter() value, on this file's clock (-1: none). */
static int local_deadline(PyObject *deadline, int *use, double *out)
{
    *use = 0;
    *out = 0.0;
    if (deadline == NULL || deadline == Py_None)
        return 0;
    if (!PyFloat_Check(deadline) && !PyLong_Check(deadline)) {
        PyErr_Format(PyExc_TypeError, "deadline must be a number (a time.perf_counter() value) or None, not %.100s",
                     Py_TYPE(deadline)->tp_name);
        return -1;
    }
    double d = PyFloat_AsDouble(deadline); /* an int too big for a float: OverflowError */
    if (d == -1.0 && PyErr_Occurred())
        return -1;
    PyObject *now = PyObject_CallNoArgs(perf_counter);
    if (now == NULL)
        return -1;
    double p = PyFloat_AsDouble(now);
    Py_DECREF(now);
    if (p == -1.0 && PyErr_Occurred())
        return -1;
    *use = 1;
    *out = mono_now() + (d - p);
    return 0;
}

/* An int in [lo, hi], else TypeError / ValueError naming it. */
static int get_int(PyObject *o, long long lo, long long hi, const char *name, long long *out)
{
    if (!PyLong_Check(o)) {
        PyErr_Format(PyExc_TypeError, "%s must be an int, not %.100s", name, Py_TYPE(o)->tp_name);
        return -1;
    }
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(o, &overflow);
    if (v == -1 && PyErr_Occurred())
        return -1;
    if (overflow || v < lo || v > hi) {
        PyErr_Format(PyExc_ValueError, "%s out of range (%lld..%lld)", name, lo, hi);
        return -1;
    }
    *out = v;
    return 0;
}

static int get_small(PyObject *o, long lo, long hi, const char *name, int *out)
{
    long long v;
    if (get_int(o, lo, hi, name, &v) < 0)
        return -1;
    *out = (int)v;
    return 0;
}

/* A card mask: an int in [0, 2**32). */
static int get_mask(PyObject *o, const char *name, uint32_t *out)
{
    long long v;
    if (get_int(o, 0, 0xFFFFFFFFLL, name, &v) < 0)
        return -1;
    *out = (uint32_t)v;
    return 0;
}

static int get_truth(PyObject *o, int *out)
{
    int t = PyObject_IsTrue(o);
    if (t < 0)
        return -1;
    *out = t;
    return 0;
}

/* -- §6: which cards may be played (deberc_tui.engine.play.legal_mask) ---------------------------------- */

/* Indices wrap as Python's do (best_trump -1 reads TRUMP_ABOVE[31]), so even an inconsistent trick state
 * gives the engine's answer. */
static inline uint32_t legal_c(uint32_t hand, long long seat, int led, int trump, int best_trump, long long win_seat,
                               int exempt, int ruff_over)
{
    if (led < 0)
        return hand;
    uint32_t tmask = SUIT_MASKS[trump & 3];
    int ex = exempt && ((win_seat - seat) & 1) == 0;
    if (led == trump) {
        uint32_t trumps = hand & tmask;
        if (!trumps)
            return hand;
        if (ex)
            return trumps;
        uint32_t higher = trumps & TRUMP_ABOVE[best_trump & 31];
        return higher ? higher : trumps;
    }
    uint32_t follow = hand & SUIT_MASKS[led & 3];
    if (follow)
        return follow;
    uint32_t trumps = hand & tmask;
    if (!trumps)
        return hand;
    if (ruff_over && best_trump >= 0 && !ex) {
        uint32_t higher = trumps & TRUMP_ABOVE[best_trump & 31];
        return higher ? higher : trumps;
    }
    return trumps;
}

/* -- positions (bots.sim.Position, read by attribute) ---------------------------------------------------- */

typedef struct {
    int n, trump, leader, exempt, ruff_over, tlen;
    long long team[4];
    uint32_t hands[4];
    int tseat[4], tcard[4];
} PosData;

static PyObject *get_attr(PyObject *o, const char *name)
{
    PyObject *v = PyObject_GetAttrString(o, name);
    if (v == NULL && PyErr_ExceptionMatches(PyExc_AttributeError)) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError, "a position needs the attribute %s (a bots.sim.Position)", name);
    }
    return v;
}

static int get_attr_int(PyObject *o, const char *name, long lo, long hi, int *out)
{
    PyObject *v = get_attr(o, name);
    if (v == NULL)
        return -1;
    int r = get_small(v, lo, hi, name, out);
    Py_DECREF(v);
    return r;
}

static int get_attr_truth(PyObject *o, const char *name, int *out)
{
    PyObject *v = get_attr(o, name);
    if (v == NULL)
        return -1;
    int r = get_truth(v, out);
    Py_DECREF(v);
    return r;
}

/* Read a sequence of masks of exactly (or, with at_least, at least) n items. */
static int get_masks(PyObject *seq, int n, int at_least, const char *name, uint32_t *out)
{
    PyObject *fast = PySequence_Fast(seq, "card masks must come in a sequence");
    if (fast == NULL)
        return -1;
    Py_ssize_t len = PySequence_Fast_GET_SIZE(fast);
    if (at_least ? len < n : len != n) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "%s must have %s%d items, not %zd", name, at_least ? "at least " : "", n, len);
        return -1;
    }
    PyObject **items = PySequence_Fast_ITEMS(fast);
    for (int i = 0; i < n; i++) {
        if (get_mask(items[i], name, &out[i]) < 0) {
            Py_DECREF(fast);
            return -1;
        }
    }
    Py_DECREF(fast);
    return 0;
}

static int get_team(PyObject *seq, int n, long long *out)
{
    PyObject *fast = PySequence_Fast(seq, "team must be a sequence of ints");
    if (fast == NULL) {
        return -1;
    }
    if (PySequence_Fast_GET_SIZE(fast) < n) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "team must have a team for each of the %d seats", n);
        return -1;
    }
    PyObject **items = PySequence_Fast_ITEMS(fast);
    for (int i = 0; i < n; i++) {
        if (get_int(items[i], LLONG_MIN, LLONG_MAX, "a team", &out[i]) < 0) {
            Py_DECREF(fast);
            return -1;
        }
    }
    Py_DECREF(fast);
    return 0;
}

static int get_trick(PyObject *seq, int n, PosData *p)
{
    PyObject *fast = PySequence_Fast(seq, "trick must be a sequence of (seat, card) pairs");
    if (fast == NULL) {
        return -1;
    }
    Py_ssize_t len = PySequence_Fast_GET_SIZE(fast);
    if (len >= n) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "a trick in play holds fewer cards than the %d players, not %zd", n, len);
        return -1;
    }
    for (Py_ssize_t i = 0; i < len; i++) {
        /* Reading a pair may run Python code (a pair that is neither list nor tuple is iterated), which may change
         * the trick: each card is fetched afresh and held while it is read. */
        if (i >= PySequence_Fast_GET_SIZE(fast)) {
            Py_DECREF(fast);
            PyErr_SetString(PyExc_RuntimeError, "the trick changed while it was read");
            return -1;
        }
        PyObject *item = PySequence_Fast_GET_ITEM(fast, i);
        Py_INCREF(item);
        PyObject *pair = PySequence_Fast(item, "each card of a trick must be a (seat, card) pair");
        Py_DECREF(item);
        if (pair == NULL || PySequence_Fast_GET_SIZE(pair) != 2) {
            if (pair != NULL)
                PyErr_SetString(PyExc_TypeError, "each card of a trick must be a (seat, card) pair");
            Py_XDECREF(pair);
            Py_DECREF(fast);
            return -1;
        }
        PyObject **two = PySequence_Fast_ITEMS(pair);
        if (get_small(two[0], 0, n - 1, "a trick's seat", &p->tseat[i]) < 0 ||
            get_small(two[1], 0, 31, "a trick's card", &p->tcard[i]) < 0) {
            Py_DECREF(pair);
            Py_DECREF(fast);
            return -1;
        }
        Py_DECREF(pair);
    }
    p->tlen = (int)len;
    Py_DECREF(fast);
    return 0;
}

/* n, trump and team (what a bots.sim.Solver reads when it is made). */
static int parse_frame(PyObject *pos, PosData *p)
{
    PyObject *team;
    memset(p, 0, sizeof *p); /* the hands of seats past n stay 0: they are part of every table key */
    if (get_attr_int(pos, "n", 2, 4, &p->n) < 0 || get_attr_int(pos, "trump", 0, 3, &p->trump) < 0)
        return -1;
    if ((team = get_attr(pos, "team")) == NULL)
        return -1;
    int r = get_team(team, p->n, p->team);
    Py_DECREF(team);
    return r;
}

/* hands, leader, trick and the two options (what it reads when it searches). */
static int parse_state(PyObject *pos, PosData *p)
{
    PyObject *v;
    if ((v = get_attr(pos, "hands")) == NULL)
        return -1;
    int r = get_masks(v, p->n, 0, "hands", p->hands);
    Py_DECREF(v);
    if (r < 0 || get_attr_int(pos, "leader", 0, p->n - 1, &p->leader) < 0)
        return -1;
    if ((v = get_attr(pos, "trick")) == NULL)
        return -1;
    r = get_trick(v, p->n, p);
    Py_DECREF(v);
    if (r < 0 || get_attr_truth(pos, "exempt", &p->exempt) < 0 || get_attr_truth(pos, "ruff_over", &p->ruff_over) < 0)
        return -1;
    return 0;
}

static int parse_pos(PyObject *pos, PosData *p)
{
    return parse_frame(pos, p) < 0 || parse_state(pos, p) < 0 ? -1 : 0;
}

/* Position.trick_state: (led suit, winning seat, winning strength, best trump or -1, card points so far). */
static void trick_state(const PosData *p, const int *tseat, const int *tcard, int tlen, int *led, int *ws, int *wstr,
                        int *bt, int *pts)
{
    *led = *ws = *wstr = *bt = -1;
    *pts = 0;
    if (!tlen)
        return;
    const int *st = STRENGTH[p->trump + 1];
    const int *cp = CARD_POINTS[p->trump + 1];
    *led = tcard[0] >> 3;
    for (int i = 0; i < tlen; i++) {
        int c = tcard[i], s = st[c];
        *pts += cp[c];
        if ((c >> 3) == p->trump) {
            if (s > *wstr) {
                *ws = tseat[i];
                *wstr = s;
                *bt = c;
            }
        } else if ((c >> 3) == *led && s > *wstr) {
            *ws = tseat[i];
            *wstr = s;
        }
    }
}

/* -- the transposition table: every entry kept, as the Python dict keeps them ----------------------------- */

typedef struct {
    uint32_t h[4];
    int32_t lo, hi;
    int32_t seat; /* -1: empty */
    int32_t pad;  /* 32 bytes: two entries to a cache line, none across two */
} Entry;

typedef struct {
    Entry *slots; /* aligned to 64 bytes within raw */
    void *raw;
    size_t cap, count; /* cap: a power of two */
} Table;

static inline uint64_t tt_hash(const uint32_t *h, int seat)
{
    uint64_t a = ((uint64_t)h[0] << 32) | h[1];
    uint64_t b = ((uint64_t)h[2] << 32) | h[3];
    uint64_t x = a * 0x9E3779B97F4A7C15ULL ^ (b + (uint64_t)seat) * 0xC2B2AE3D27D4EB4FULL;
    x ^= x >> 31;
    x *= 0xBF58476D1CE4E5B9ULL;
    x ^= x >> 29;
    return x;
}

static int tt_alloc(Table *t, size_t cap)
{
    void *raw = malloc(cap * sizeof(Entry) + 64);
    if (raw == NULL)
        return -1;
    Entry *s = (Entry *)(((uintptr_t)raw + 63) & ~(uintptr_t)63);
    for (size_t i = 0; i < cap; i++)
        s[i].seat = -1;
    t->raw = raw;
    t->slots = s;
    t->cap = cap;
    t->count = 0;
    return 0;
}

static void tt_free(Table *t)
{
    free(t->raw);
    t->raw = NULL;
    t->slots = NULL;
    t->cap = t->count = 0;
}

/* The slot of (h, seat): its entry, or the empty slot where it goes; probing starts at slot i. */
static inline Entry *tt_probe(const Table *t, const uint32_t *h, int seat, size_t i)
{
    size_t mask = t->cap - 1;
    for (;;) {
        Entry *e = &t->slots[i];
        if (e->seat < 0 || (e->seat == seat && e->h[0] == h[0] && e->h[1] == h[1] && e->h[2] == h[2] &&
                            e->h[3] == h[3]))
            return e;
        i = (i + 1) & mask;
    }
}

static inline Entry *tt_slot(const Table *t, const uint32_t *h, int seat)
{
    return tt_probe(t, h, seat, (size_t)tt_hash(h, seat) & (t->cap - 1));
}

/* A first size for the table of a search from these hands: big enough that a whole two-player deal (about ten
 * thousand positions at trick boundaries) need not grow it, small enough that a rollout's few cards start cheap. */
static size_t first_cap(const uint32_t *hands, int n)
{
    int cards = 0;
    for (int s = 0; s < n; s++)
        cards += popcount32(hands[s]);
    int lg = cards - 3;
    return (size_t)1 << (lg < 10 ? 10 : lg > 15 ? 15 : lg);
}

static int tt_grow(Table *t)
{
    Table bigger;
    if (tt_alloc(&bigger, t->cap * 2) < 0)
        return -1;
    for (size_t i = 0; i < t->cap; i++) {
        Entry *e = &t->slots[i];
        if (e->seat >= 0) {
            *tt_slot(&bigger, e->h, e->seat) = *e;
            bigger.count++;
        }
    }
    free(t->raw);
    *t = bigger;
    return 0;
}

/* -- the solver (bots.sim.Solver) --------------------------------------------------------------------- */

typedef struct {
    int n, trump, exempt, ruff_over;
    int max0[4]; /* team[seat] == 0: the maximizing team */
    const int *cp, *st;
    uint32_t hands[4];
    long long nodes, max_nodes;
    int use_deadline;
    double deadline;
    int stop; /* 1: node limit or deadline (SearchAborted), 2: out of memory */
    Table tt;
} Search;

static int search(Search *S, int seat, int k, int led, int ws, int wstr, int bt, int pts, int alpha, int beta);

/* Solver._after: the value after seat plays c as the k-th card of the trick. */
static int after(Search *S, int seat, int k, int led, int ws, int wstr, int bt, int pts, int c, int alpha, int beta)
{
    uint32_t bit = 1u << c;
    S->hands[seat] ^= bit;
    int s = S->st[c];
    int nled, nws, nwstr, nbt;
    if (k == 0) {
        nled = c >> 3;
        nws = seat;
        nwstr = s;
        nbt = (c >> 3) == S->trump ? c : -1;
    } else {
        nled = led;
        nws = ws;
        nwstr = wstr;
        nbt = bt;
        if ((c >> 3) == S->trump) {
            if (s > wstr) {
                nws = seat;
                nwstr = s;
                nbt = c;
            }
        } else if ((c >> 3) == led && s > wstr) {
            nws = seat;
            nwstr = s;
        }
    }
    int npts = pts + S->cp[c];
    int v;
    if (k + 1 == S->n) {
        int last = !S->hands[nws];
        int g = last ? npts + 10 : npts;
        int g0 = S->max0[nws] ? g : 0;
        v = last ? g0 : g0 + search(S, nws, 0, -1, -1, -1, -1, 0, alpha - g0, beta - g0);
    } else {
        v = search(S, (seat + 1) % S->n, k + 1, nled, nws, nwstr, nbt, npts, alpha, beta);
    }
    S->hands[seat] ^= bit;
    return v;
}

static int search(Search *S, int seat, int k, int led, int ws, int wstr, int bt, int pts, int alpha, int beta)
{
    S->nodes++;
    if (S->nodes > S->max_nodes) {
        S->stop = 1;
        return 0;
    }
    if (!(S->nodes & CLOCK_EVERY) && S->use_deadline && mono_now() > S->deadline) {
        S->stop = 1;
        return 0;
    }
    int keyed = 0, a0 = alpha, b0 = beta;
    size_t at = 0, cap = 0; /* where the lookup ended: the store starts there unless the table grew */
    uint32_t legal;
    if (k == 0) {
        if (!S->hands[seat])
            return 0;
        keyed = 1;
        Entry *e = tt_slot(&S->tt, S->hands, seat);
        at = (size_t)(e - S->tt.slots);
        cap = S->tt.cap;
        if (e->seat >= 0) {
            int lo = e->lo, hi = e->hi;
            if (lo == hi || lo >= beta)
                return lo;
            if (hi <= alpha)
                return hi;
            if (lo > alpha)
                alpha = lo;
            if (hi < beta)
                beta = hi;
        }
        legal = S->hands[seat];
    } else {
        legal = legal_c(S->hands[seat], seat, led, S->trump, bt, ws, S->exempt, S->ruff_over);
    }
    int maxing = S->max0[seat];
    const int *st = S->st;
    int cards[32], keys[32];
    int m = mask_cards(legal, cards);
    /* The Python sort, stable: strongest first on lead; else the cheapest winners, then the cheapest losers. The
     * order is drawn lazily (the least key left, the first of equals: what a stable sort gives), since a cutoff
     * often comes after the first card. */
    for (int i = 0; i < m; i++) {
        int c = cards[i], s = st[c];
        if (k == 0)
            keys[i] = -s;
        else
            keys[i] = (s > wstr && ((c >> 3) == S->trump || (c >> 3) == led)) ? s : 1000 + S->cp[c] * 10 + s;
    }
    int best = maxing ? -INF : INF;
    for (int left = m; left > 0; left--) {
        int pick = 0;
        for (int i = 1; i < left; i++)
            if (keys[i] < keys[pick])
                pick = i;
        int c = cards[pick];
        for (int i = pick + 1; i < left; i++) { /* keep the rest in their order */
            cards[i - 1] = cards[i];
            keys[i - 1] = keys[i];
        }
        int v = after(S, seat, k, led, ws, wstr, bt, pts, c, alpha, beta);
        if (S->stop)
            return 0;
        if (maxing) {
            if (v > best) {
                best = v;
                if (v > alpha) {
                    alpha = v;
                    if (alpha >= beta)
                        break;
                }
            }
        } else if (v < best) {
            best = v;
            if (v < beta) {
                beta = v;
                if (alpha >= beta)
                    break;
            }
        }
    }
    if (keyed) {
        if ((S->tt.count + 1) * 2 > S->tt.cap && tt_grow(&S->tt) < 0) {
            S->stop = 2;
            return 0;
        }
        /* Entries never move but on growth, and none was removed: the probe from the lookup's slot is the same. */
        Entry *e = cap == S->tt.cap ? tt_probe(&S->tt, S->hands, seat, at) : tt_slot(&S->tt, S->hands, seat);
        int lo = -INF, hi = INF;
        if (e->seat >= 0) {
            lo = e->lo;
            hi = e->hi;
        } else {
            memcpy(e->h, S->hands, sizeof e->h);
            e->seat = seat;
            S->tt.count++;
        }
        if (best <= a0)
            hi = hi < best ? hi : best;
        else if (best >= b0)
            lo = lo > best ? lo : best;
        else
            lo = hi = best;
        e->lo = lo;
        e->hi = hi;
    }
    return best;
}

static int search_init(Search *S, const PosData *p, long long max_nodes, int use_deadline, double deadline)
{
    memset(S, 0, sizeof *S);
    S->n = p->n;
    S->trump = p->trump;
    S->exempt = p->exempt;
    S->ruff_over = p->ruff_over;
    for (int s = 0; s < p->n; s++)
        S->max0[s] = p->team[s] == 0;
    S->cp = CARD_POINTS[p->trump + 1];
    S->st = STRENGTH[p->trump + 1];
    memcpy(S->hands, p->hands, sizeof S->hands);
    S->max_nodes = max_nodes;
    S->use_deadline = use_deadline;
    S->deadline = deadline;
    return tt_alloc(&S->tt, first_cap(p->hands, p->n));
}

/* The Python object: bots.sim.Solver's interface. */
typedef struct {
    PyObject_HEAD
    PyObject *pos;
    PosData frame; /* n, trump, team: read when made, as the Python solver reads them */
    long long max_nodes;
    PyObject *deadline;
    Search S; /* its table lives as long as the solver (shared by every call, like the Python dict) */
    int busy;
} SolverObject;

static void Solver_dealloc(SolverObject *self)
{
    tt_free(&self->S.tt);
    Py_XDECREF(self->pos);
    Py_XDECREF(self->deadline);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int get_max_nodes(PyObject *o, long long *out)
{
    if (o == NULL || o == Py_None) {
        *out = 1LL << 62;
        return 0;
    }
    if (!PyLong_Check(o)) {
        PyErr_Format(PyExc_TypeError, "max_nodes must be an int or None, not %.100s", Py_TYPE(o)->tp_name);
        return -1;
    }
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(o, &overflow);
    if (v == -1 && PyErr_Occurred())
        return -1;
    *out = overflow > 0 ? LLONG_MAX : overflow < 0 ? LLONG_MIN : v;
    return 0;
}

static int Solver_init(SolverObject *self, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"pos", "max_nodes", "deadline", NULL};
    PyObject *pos, *max_nodes = Py_None, *deadline = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O|OO:Solver", kwlist, &pos, &max_nodes, &deadline))
        return -1;
    if (deadline != Py_None && !PyFloat_Check(deadline) && !PyLong_Check(deadline)) {
        PyErr_Format(PyExc_TypeError, "deadline must be a number or None, not %.100s", Py_TYPE(deadline)->tp_name);
        return -1;
    }
    PosData frame;
    long long mn;
    if (parse_frame(pos, &frame) < 0 || get_max_nodes(max_nodes, &mn) < 0)
        return -1;
    if (self->busy) { /* checked after the reading, which may run Python code (another thread) */
        PyErr_SetString(PyExc_RuntimeError, "the solver is searching");
        return -1;
    }
    tt_free(&self->S.tt); /* the first search makes its table */
    memset(&self->S, 0, sizeof self->S);
    self->frame = frame;
    self->max_nodes = mn;
    Py_INCREF(pos);
    Py_XSETREF(self->pos, pos);
    Py_INCREF(deadline);
    Py_XSETREF(self->deadline, deadline);
    return 0;
}

/* Ready self->S for a search from the position as it is now, and mark the solver busy (the caller clears it);
 * 0, or -1 with an exception set (and the solver not busy). Reading the position may run Python code, so the
 * solver is claimed first: another thread cannot start a search on it, nor make it anew, meanwhile. */
static int Solver_ready(SolverObject *self, PosData *p)
{
    if (self->pos == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "the solver was not initialised");
        return -1;
    }
    if (self->busy) {
        PyErr_SetString(PyExc_RuntimeError, "the solver is searching");
        return -1;
    }
    self->busy = 1;
    int use;
    double dl;
    *p = self->frame;
    if (parse_state(self->pos, p) < 0 || local_deadline(self->deadline, &use, &dl) < 0) {
        self->busy = 0;
        return -1;
    }
    Search *S = &self->S;
    if (S->tt.cap == 0 && tt_alloc(&S->tt, first_cap(p->hands, p->n)) < 0) {
        self->busy = 0;
        PyErr_NoMemory();
        return -1;
    }
    S->n = p->n;
    S->trump = p->trump;
    S->exempt = p->exempt;
    S->ruff_over = p->ruff_over;
    for (int s = 0; s < p->n; s++)
        S->max0[s] = p->team[s] == 0;
    S->cp = CARD_POINTS[p->trump + 1];
    S->st = STRENGTH[p->trump + 1];
    memcpy(S->hands, p->hands, sizeof S->hands);
    S->max_nodes = self->max_nodes;
    S->use_deadline = use;
    S->deadline = dl;
    S->stop = 0;
    return 0;
}

static PyObject *stopped(int stop)
{
    if (stop == 2)
        return PyErr_NoMemory();
    PyErr_SetNone(SearchAborted);
    return NULL;
}

static PyObject *Solver_value(SolverObject *self, PyObject *Py_UNUSED(ignored))
{
    PosData p;
    if (Solver_ready(self, &p) < 0)
        return NULL;
    int led, ws, wstr, bt, pts, v;
    trick_state(&p, p.tseat, p.tcard, p.tlen, &led, &ws, &wstr, &bt, &pts);
    int seat = (p.leader + p.tlen) % p.n;
    Py_BEGIN_ALLOW_THREADS
    v = search(&self->S, seat, p.tlen, led, ws, wstr, bt, pts, -INF, INF);
    Py_END_ALLOW_THREADS
    self->busy = 0;
    if (self->S.stop)
        return stopped(self->S.stop);
    return PyLong_FromLong(v);
}

static PyObject *Solver_root_values(SolverObject *self, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"cards", NULL};
    PyObject *given = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "|O:root_values", kwlist, &given))
        return NULL;
    int cards[128], values[128], m = 0;
    if (given != Py_None) { /* read before the solver is claimed: reading may run Python code */
        PyObject *fast = PySequence_Fast(given, "cards must be a sequence of card indices or None");
        if (fast == NULL)
            return NULL;
        Py_ssize_t len = PySequence_Fast_GET_SIZE(fast);
        if (len > 128) {
            Py_DECREF(fast);
            PyErr_SetString(PyExc_ValueError, "cards: at most 128 card indices");
            return NULL;
        }
        for (Py_ssize_t i = 0; i < len; i++) {
            if (get_small(PySequence_Fast_GET_ITEM(fast, i), 0, 31, "a card", &cards[i]) < 0) {
                Py_DECREF(fast);
                return NULL;
            }
        }
        m = (int)len;
        Py_DECREF(fast);
    }
    PosData p;
    if (Solver_ready(self, &p) < 0)
        return NULL;
    int led, ws, wstr, bt, pts;
    trick_state(&p, p.tseat, p.tcard, p.tlen, &led, &ws, &wstr, &bt, &pts);
    int seat = (p.leader + p.tlen) % p.n;
    if (given == Py_None)
        m = mask_cards(legal_c(p.hands[seat], seat, led, p.trump, bt, ws, p.exempt, p.ruff_over), cards);
    Search *S = &self->S;
    Py_BEGIN_ALLOW_THREADS
    for (int i = 0; i < m && !S->stop; i++)
        values[i] = after(S, seat, p.tlen, led, ws, wstr, bt, pts, cards[i], -INF, INF);
    Py_END_ALLOW_THREADS
    self->busy = 0;
    if (S->stop)
        return stopped(S->stop);
    PyObject *out = PyDict_New();
    if (out == NULL)
        return NULL;
    for (int i = 0; i < m; i++) {
        PyObject *key = PyLong_FromLong(cards[i]), *val = PyLong_FromLong(values[i]);
        if (key == NULL || val == NULL || PyDict_SetItem(out, key, val) < 0) {
            Py_XDECREF(key);
            Py_XDECREF(val);
            Py_DECREF(out);
            return NULL;
        }
        Py_DECREF(key);
        Py_DECREF(val);
    }
    return out;
}

static PyObject *Solver_get_nodes(SolverObject *self, void *Py_UNUSED(closure))
{
    return PyLong_FromLongLong(self->S.nodes);
}

static PyObject *Solver_get_pos(SolverObject *self, void *Py_UNUSED(closure))
{
    PyObject *pos = self->pos ? self->pos : Py_None;
    Py_INCREF(pos);
    return pos;
}

static PyMethodDef Solver_methods[] = {
    {"value", (PyCFunction)Solver_value, METH_NOARGS,
     "value()\n--\n\nThe exact value of the position (team 0's points from here)."},
    {"root_values", (PyCFunction)(void (*)(void))Solver_root_values, METH_VARARGS | METH_KEYWORDS,
     "root_values(cards=None)\n--\n\nExact value after each of ``cards`` (default: every legal card), as a dict."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Solver_getset[] = {
    {"nodes", (getter)Solver_get_nodes, NULL, "Nodes searched so far (every call counts).", NULL},
    {"pos", (getter)Solver_get_pos, NULL, "The position.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject SolverType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "bots._core.Solver",
    .tp_basicsize = sizeof(SolverObject),
    .tp_dealloc = (destructor)Solver_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Solver(pos, max_nodes=None, deadline=None)\n--\n\n"
              "bots.sim.Solver compiled: alpha-beta over card play with a transposition table at trick boundaries.\n"
              "Past max_nodes nodes or the deadline (a time.perf_counter() value) it raises bots.sim.SearchAborted.",
    .tp_methods = Solver_methods,
    .tp_getset = Solver_getset,
    .tp_init = (initproc)Solver_init,
    .tp_new = PyType_GenericNew,
};

/* -- greedy play and rollouts (bots.sim.can_beat, greedy_card, rollout, greedy_play) ---------------------- */

static int can_beat_c(uint32_t hand, int card, int led, int trump)
{
    if ((card >> 3) == trump)
        return (hand & TRUMP_ABOVE[card]) != 0;
    uint32_t suit_cards = hand & SUIT_MASKS[led & 3];
    if (suit_cards) {
        if ((card >> 3) != led)
            return 0;
        const int *st = STRENGTH[trump + 1];
        int cs[32], m = mask_cards(suit_cards, cs);
        for (int i = 0; i < m; i++)
            if (st[cs[i]] > st[card])
                return 1;
        return 0;
    }
    return trump >= 0 ? (hand & SUIT_MASKS[trump]) != 0 : 0;
}

/* greedy_card: the card, or -1 when the seat has none to play (Python: ValueError from min()). keep_trumps: a
 * leader holding other cards leads none of its trumps once the other team has none (greedy_play's play). */
static int greedy_c(const PosData *p, const uint32_t *hands, int seat, int k, int led, int ws, int wstr, int bt,
                    int keep_trumps)
{
    int trump = p->trump, n = p->n;
    const int *st = STRENGTH[trump + 1], *cp = CARD_POINTS[trump + 1];
    int cards[32];
    uint32_t legal = legal_c(hands[seat], seat, led, trump, bt, ws, p->exempt, p->ruff_over);
    if (keep_trumps && k == 0 && (legal & ~SUIT_MASKS[trump])) {
        uint32_t theirs = 0;
        for (int o = 0; o < n; o++)
            if (p->team[o] != p->team[seat])
                theirs |= hands[o];
        if (!(theirs & SUIT_MASKS[trump]))
            legal &= ~SUIT_MASKS[trump];
    }
    int m = mask_cards(legal, cards);
    if (m == 1)
        return cards[0];
    if (m == 0)
        return -1;
    int later[4], nl = 0;
    for (int i = 1; i < n - k; i++)
        later[nl++] = (seat + i) % n;
    const long long *team = p->team;
    int best = -1;
    if (k == 0) {
        int best_v = -1;
        for (int i = 0; i < m; i++) {
            int c = cards[i], safe = 1;
            for (int j = 0; j < nl && safe; j++)
                if (team[later[j]] != team[seat] && can_beat_c(hands[later[j]], c, c >> 3, trump))
                    safe = 0;
            if (safe) {
                int v = cp[c] + ((c >> 3) == trump ? 5 : 0);
                if (v > best_v) {
                    best = c;
                    best_v = v;
                }
            }
        }
        if (best >= 0)
            return best;
    } else if (team[ws] == team[seat]) {
        int b1 = 0, b2 = 0;
        for (int i = 0; i < m; i++) {
            int c = cards[i];
            int k1 = (c >> 3) != trump ? cp[c] : -st[c], k2 = -st[c];
            if (best < 0 || k1 > b1 || (k1 == b1 && k2 > b2)) {
                best = c;
                b1 = k1;
                b2 = k2;
            }
        }
        return best;
    } else {
        int bs = 0;
        for (int i = 0; i < m; i++) {
            int c = cards[i];
            if (!(st[c] > wstr && ((c >> 3) == trump || (c >> 3) == led)))
                continue;
            int safe = 1;
            for (int j = 0; j < nl && safe; j++)
                if (team[later[j]] != team[seat] && can_beat_c(hands[later[j]], c, led, trump))
                    safe = 0;
            if (safe && (best < 0 || st[c] < bs)) {
                best = c;
                bs = st[c];
            }
        }
        if (best >= 0)
            return best;
    }
    int b1 = 0, b2 = 0;
    for (int i = 0; i < m; i++) {
        int c = cards[i];
        if (best < 0 || cp[c] < b1 || (cp[c] == b1 && st[c] < b2)) {
            best = c;
            b1 = cp[c];
            b2 = st[c];
        }
    }
    return best;
}

/* rollout: team 0's points, or -1 when a seat had no card to play, -2 when out of memory. */
static int rollout_c(const PosData *pos, int solve_below, long long max_nodes, int use_deadline, double deadline)
{
    int n = pos->n;
    uint32_t hands[4];
    memcpy(hands, pos->hands, sizeof hands);
    int tseat[4], tcard[4], tlen = pos->tlen;
    memcpy(tseat, pos->tseat, sizeof tseat);
    memcpy(tcard, pos->tcard, sizeof tcard);
    int leader = pos->leader, total = 0;
    int led, ws, wstr, bt, pts;
    for (;;) {
        if (!tlen) {
            int remaining = 0;
            for (int s = 0; s < n; s++)
                remaining += popcount32(hands[s]);
            if (remaining == 0)
                return total;
            if (remaining <= solve_below) {
                PosData work = *pos;
                memcpy(work.hands, hands, sizeof hands);
                Search S;
                if (search_init(&S, &work, max_nodes, use_deadline, deadline) < 0)
                    return -2;
                int v = search(&S, leader, 0, -1, -1, -1, -1, 0, -INF, INF);
                int stop = S.stop;
                tt_free(&S.tt);
                if (stop == 2)
                    return -2;
                if (!stop)
                    return total + v;
                solve_below = 0;
            }
        }
        trick_state(pos, tseat, tcard, tlen, &led, &ws, &wstr, &bt, &pts);
        int seat = (leader + tlen) % n;
        int c = greedy_c(pos, hands, seat, tlen, led, ws, wstr, bt, 0);
        if (c < 0)
            return -1;
        hands[seat] ^= 1u << c;
        tseat[tlen] = seat;
        tcard[tlen] = c;
        tlen++;
        if (tlen == n) {
            trick_state(pos, tseat, tcard, tlen, &led, &ws, &wstr, &bt, &pts);
            if (!hands[ws])
                pts += 10;
            if (pos->team[ws] == 0)
                total += pts;
            leader = ws;
            tlen = 0;
        }
    }
}

static PyObject *core_rollout(PyObject *Py_UNUSED(module), PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"pos", "solve_below", "max_nodes", "deadline", NULL};
    PyObject *pos, *solve_obj = NULL, *nodes_obj = NULL, *deadline = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O|OOO:rollout", kwlist, &pos, &solve_obj, &nodes_obj, &deadline))
        return NULL;
    PosData p;
    int solve_below = 0, use;
    long long max_nodes = 40000;
    double dl;
    if (parse_pos(pos, &p) < 0)
        return NULL;
    if (solve_obj != NULL && get_small(solve_obj, -1000000, 1000000, "solve_below", &solve_below) < 0)
        return NULL;
    if (nodes_obj != NULL && get_max_nodes(nodes_obj, &max_nodes) < 0)
        return NULL;
    if (local_deadline(deadline, &use, &dl) < 0)
        return NULL;
    int v;
    Py_BEGIN_ALLOW_THREADS
    v = rollout_c(&p, solve_below, max_nodes, use, dl);
    Py_END_ALLOW_THREADS
    if (v == -2)
        return PyErr_NoMemory();
    if (v == -1) {
        PyErr_SetString(PyExc_ValueError, "a seat to play has no card it may play");
        return NULL;
    }
    return PyLong_FromLong(v);
}

#define MOST_PLAYED 128 /* every card of four hands: more than 32 only in positions no deal reaches (a card twice) */

/* greedy_play: the cards played to the end of the deal, in order, into out (each play takes a card out of a hand:
 * at most MOST_PLAYED); their count, or -1 when a seat to play has no card it may play, -2 when out of memory.
 * Greedy until at most solve_below cards remain at a trick boundary, then each card the best of the exact solve
 * (the lowest of equal ones), one search and its table for the whole ending, unless it stops at max_nodes (then
 * greedy again): bots.sim.greedy_play. */
static int greedy_play_c(const PosData *pos, int solve_below, long long max_nodes, int *out)
{
    int n = pos->n, count = 0;
    uint32_t hands[4];
    memcpy(hands, pos->hands, sizeof hands);
    int tseat[4], tcard[4], tlen = pos->tlen;
    memcpy(tseat, pos->tseat, sizeof tseat);
    memcpy(tcard, pos->tcard, sizeof tcard);
    int leader = pos->leader;
    int led, ws, wstr, bt, pts;
    Search S;
    int solving = 0;
    for (;;) {
        if (!tlen) {
            int remaining = 0;
            for (int s = 0; s < n; s++)
                remaining += popcount32(hands[s]);
            if (remaining == 0)
                break;
            if (!solving && remaining <= solve_below) {
                PosData work = *pos;
                memcpy(work.hands, hands, sizeof hands);
                if (search_init(&S, &work, max_nodes, 0, 0.0) < 0)
                    return -2;
                solving = 1;
            }
        }
        if (count >= MOST_PLAYED)
            break; /* cannot happen: every play takes a card out of a hand */
        trick_state(pos, tseat, tcard, tlen, &led, &ws, &wstr, &bt, &pts);
        int seat = (leader + tlen) % n;
        int c = -1;
        if (solving) {
            int cards[32], best = 0;
            int m = mask_cards(legal_c(hands[seat], seat, led, pos->trump, bt, ws, pos->exempt, pos->ruff_over), cards);
            memcpy(S.hands, hands, sizeof hands);
            int maxing = S.max0[seat];
            for (int i = 0; i < m && !S.stop; i++) {
                /* past the first card, only a better one matters: the window from the best so far (a card no
                 * better comes back at most as good, a better one with its exact value) */
                int alpha = c < 0 || !maxing ? -INF : best, beta = c < 0 || maxing ? INF : best;
                int v = after(&S, seat, tlen, led, ws, wstr, bt, pts, cards[i], alpha, beta);
                if (!S.stop && (c < 0 || (maxing ? v > best : v < best))) {
                    c = cards[i];
                    best = v;
                }
            }
            if (S.stop) {
                int stop = S.stop;
                tt_free(&S.tt);
                solving = 0;
                solve_below = 0;
                c = -1;
                if (stop == 2)
                    return -2;
            } else if (m == 0) {
                tt_free(&S.tt);
                return -1;
            }
        }
        if (c < 0)
            c = greedy_c(pos, hands, seat, tlen, led, ws, wstr, bt, 1);
        if (c < 0) {
            if (solving)
                tt_free(&S.tt);
            return -1;
        }
        hands[seat] ^= 1u << c;
        out[count++] = c;
        tseat[tlen] = seat;
        tcard[tlen] = c;
        tlen++;
        if (tlen == n) {
            trick_state(pos, tseat, tcard, tlen, &led, &ws, &wstr, &bt, &pts);
            leader = ws;
            tlen = 0;
        }
    }
    if (solving)
        tt_free(&S.tt);
    return count;
}

static PyObject *core_greedy_play(PyObject *Py_UNUSED(module), PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"pos", "solve_below", "max_nodes", NULL};
    PyObject *pos, *solve_obj = NULL, *nodes_obj = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O|OO:greedy_play", kwlist, &pos, &solve_obj, &nodes_obj))
        return NULL;
    PosData p;
    int solve_below = 0;
    long long max_nodes = 40000;
    if (parse_pos(pos, &p) < 0)
        return NULL;
    if (solve_obj != NULL && get_small(solve_obj, -1000000, 1000000, "solve_below", &solve_below) < 0)
        return NULL;
    if (nodes_obj != NULL && get_max_nodes(nodes_obj, &max_nodes) < 0)
        return NULL;
    int cards[MOST_PLAYED];
    int m;
    Py_BEGIN_ALLOW_THREADS
    m = greedy_play_c(&p, solve_below, max_nodes, cards);
    Py_END_ALLOW_THREADS
    if (m == -2)
        return PyErr_NoMemory();
    if (m < 0) {
        PyErr_SetString(PyExc_ValueError, "a seat to play has no card it may play");
        return NULL;
    }
    PyObject *list = PyList_New(m);
    if (list == NULL)
        return NULL;
    for (int i = 0; i < m; i++) {
        PyObject *v = PyLong_FromLong(cards[i]);
        if (v == NULL) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, i, v);
    }
    return list;
}

static PyObject *core_greedy_card(PyObject *Py_UNUSED(module), PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 8) {
        PyErr_Format(PyExc_TypeError, "greedy_card takes 8 arguments (pos, hands, seat, k, led, ws, wstr, bt), not %zd",
                     nargs);
        return NULL;
    }
    PosData p;
    if (parse_frame(args[0], &p) < 0 || get_attr_truth(args[0], "exempt", &p.exempt) < 0 ||
        get_attr_truth(args[0], "ruff_over", &p.ruff_over) < 0)
        return NULL;
    uint32_t hands[4] = {0, 0, 0, 0};
    int seat, k, led, ws, wstr, bt;
    if (get_masks(args[1], p.n, 0, "hands", hands) < 0 || get_small(args[2], 0, p.n - 1, "seat", &seat) < 0 ||
        get_small(args[3], 0, p.n - 1, "k", &k) < 0 || get_small(args[4], -1, 3, "led", &led) < 0 ||
        get_small(args[5], k ? 0 : -1, p.n - 1, "ws", &ws) < 0 ||
        get_small(args[6], -1000000, 1000000, "wstr", &wstr) < 0 || get_small(args[7], -32, 31, "bt", &bt) < 0)
        return NULL;
    int c = greedy_c(&p, hands, seat, k, led, ws, wstr, bt, 0);
    if (c < 0) {
        PyErr_SetString(PyExc_ValueError, "the seat has no card it may play");
        return NULL;
    }
    return PyLong_FromLong(c);
}

static PyObject *core_can_beat(PyObject *Py_UNUSED(module), PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 4) {
        PyErr_Format(PyExc_TypeError, "can_beat takes 4 arguments (hand, card, led, trump), not %zd", nargs);
        return NULL;
    }
    uint32_t hand;
    int card, led, trump;
    if (get_mask(args[0], "hand", &hand) < 0 || get_small(args[1], 0, 31, "card", &card) < 0 ||
        get_small(args[2], 0, 3, "led", &led) < 0 || get_small(args[3], -1, 3, "trump", &trump) < 0)
        return NULL;
    return PyBool_FromLong(can_beat_c(hand, card, led, trump));
}

static PyObject *core_legal_mask(PyObject *Py_UNUSED(module), PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 8) {
        PyErr_Format(PyExc_TypeError,
                     "legal_mask takes 8 arguments (hand, seat, led, trump, best_trump, win_seat, exempt, "
                     "ruff_over), not %zd", nargs);
        return NULL;
    }
    uint32_t hand;
    long long seat, win_seat, led_ll;
    int trump, bt, exempt, ruff_over;
    if (get_mask(args[0], "hand", &hand) < 0 || get_int(args[1], -(1LL << 40), 1LL << 40, "seat", &seat) < 0 ||
        get_int(args[2], LLONG_MIN, 3, "led", &led_ll) < 0 || get_small(args[3], 0, 3, "trump", &trump) < 0 ||
        get_small(args[4], -32, 31, "best_trump", &bt) < 0 ||
        get_int(args[5], -(1LL << 40), 1LL << 40, "win_seat", &win_seat) < 0 || get_truth(args[6], &exempt) < 0 ||
        get_truth(args[7], &ruff_over) < 0)
        return NULL;
    int led = led_ll < 0 ? -1 : (int)led_ll;
    return PyLong_FromUnsignedLong(legal_c(hand, seat, led, trump, bt, win_seat, exempt, ruff_over));
}

/* -- sampling (bots.sampling.sample_hands, trump_worth, fits_bidding) ------------------------------------ */

/* rng._randbelow(n) of a random.Random: getrandbits(n.bit_length()) until below n. -1: an exception. */
static long long randbelow(PyObject *getrandbits, long long n)
{
    int k = 0;
    for (unsigned long long x = (unsigned long long)n; x; x >>= 1)
        k++;
    PyObject *bits = PyLong_FromLong(k);
    if (bits == NULL)
        return -1;
    for (;;) {
        PyObject *r = PyObject_CallOneArg(getrandbits, bits);
        if (r == NULL) {
            Py_DECREF(bits);
            return -1;
        }
        int overflow = 0;
        long long v = PyLong_Check(r) ? PyLong_AsLongLongAndOverflow(r, &overflow) : -1;
        Py_DECREF(r);
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(bits);
            return -1;
        }
        if (v < 0 || overflow) {
            Py_DECREF(bits);
            PyErr_SetString(PyExc_ValueError, "rng.getrandbits returned no bits");
            return -1;
        }
        if (v < n) {
            Py_DECREF(bits);
            return v;
        }
    }
}

/* rng.shuffle(x) of a random.Random. */
static int shuffle(PyObject *getrandbits, int *x, int len)
{
    for (int i = len - 1; i >= 1; i--) {
        long long j = randbelow(getrandbits, i + 1);
        if (j < 0)
            return -1;
        int t = x[i];
        x[i] = x[j];
        x[j] = t;
    }
    return 0;
}

static int get_attr_masks(PyObject *o, const char *name, int n, uint32_t *out)
{
    PyObject *v = get_attr(o, name);
    if (v == NULL)
        return -1;
    int r = get_masks(v, n, 1, name, out);
    Py_DECREF(v);
    return r;
}

static int get_attr_mask(PyObject *o, const char *name, uint32_t *out)
{
    PyObject *v = get_attr(o, name);
    if (v == NULL)
        return -1;
    int r = get_mask(v, name, out);
    Py_DECREF(v);
    return r;
}

static int get_sizes(PyObject *seq, int n, long *out)
{
    PyObject *fast = PySequence_Fast(seq, "sizes must be a sequence of ints");
    if (fast == NULL) {
        return -1;
    }
    if (PySequence_Fast_GET_SIZE(fast) < n) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "sizes must give a hand size for each of the %d seats", n);
        return -1;
    }
    for (int i = 0; i < n; i++) {
        long long v;
        if (get_int(PySequence_Fast_GET_ITEM(fast, i), -MAX_SIZE, MAX_SIZE, "a hand size", &v) < 0) {
            Py_DECREF(fast);
            return -1;
        }
        out[i] = (long)v;
    }
    Py_DECREF(fast);
    return 0;
}

static PyObject *masks_list(const uint32_t *hands, int n)
{
    PyObject *out = PyList_New(n);
    if (out == NULL)
        return NULL;
    for (int s = 0; s < n; s++) {
        PyObject *v = PyLong_FromUnsignedLong(hands[s]);
        if (v == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, s, v);
    }
    return out;
}

static PyObject *sample_c(PyObject *getrandbits, int n, int me, uint32_t hand, uint32_t played, uint32_t unseen,
                          const uint32_t *known, const uint32_t *forbidden, const long *sizes, long long tries)
{
    uint32_t known_all = 0;
    for (int s = 0; s < n; s++)
        if (s != me)
            known_all |= known[s];
    int pool[32], order[32], np = mask_cards(unseen & ~known_all & ~played, pool);
    uint32_t base[4] = {0, 0, 0, 0}, hands[4];
    long need[4] = {0, 0, 0, 0}, room[4];
    for (int s = 0; s < n; s++) {
        base[s] = s != me ? known[s] : hand;
        long left = sizes[s] - popcount32(base[s]);
        need[s] = s == me ? 0 : (left > 0 ? left : 0);
    }
    for (long long attempt = 0; attempt < tries + 1; attempt++) {
        int strict = attempt < tries;
        memcpy(hands, base, sizeof hands);
        memcpy(room, need, sizeof room);
        memcpy(order, pool, sizeof pool);
        if (shuffle(getrandbits, order, np) < 0)
            return NULL;
        if (strict) { /* most constrained cards first (a stable sort, as list.sort) */
            int keys[32];
            for (int i = 0; i < np; i++) {
                keys[i] = 0;
                for (int s = 0; s < n; s++)
                    if (s != me && !(forbidden[s] >> order[i] & 1u))
                        keys[i]++;
            }
            for (int i = 1; i < np; i++) {
                int c = order[i], key = keys[i], j = i;
                while (j > 0 && keys[j - 1] > key) {
                    order[j] = order[j - 1];
                    keys[j] = keys[j - 1];
                    j--;
                }
                order[j] = c;
                keys[j] = key;
            }
        }
        long long stock = np;
        for (int s = 0; s < n; s++)
            stock -= room[s];
        int ok = 1;
        for (int i = 0; i < np; i++) {
            int c = order[i];
            long long total = stock > 0 ? stock : 0;
            for (int s = 0; s < n; s++)
                if (s != me && room[s] > 0 && (!strict || !(forbidden[s] >> c & 1u)))
                    total += room[s];
            if (total <= 0) {
                ok = 0;
                break;
            }
            long long r = randbelow(getrandbits, total);
            if (r < 0)
                return NULL;
            int chosen = -1;
            for (int s = 0; s < n; s++) {
                if (!(s != me && room[s] > 0 && (!strict || !(forbidden[s] >> c & 1u))))
                    continue;
                if (r < room[s]) {
                    chosen = s;
                    break;
                }
                r -= room[s];
            }
            if (chosen < 0) {
                stock--;
            } else {
                hands[chosen] |= 1u << c;
                room[chosen]--;
            }
        }
        int any = 0;
        for (int s = 0; s < n; s++)
            any |= room[s] != 0;
        if (ok && !any)
            return masks_list(hands, n);
    }
    /* Last resort (should not happen): fill without any constraint. */
    memcpy(hands, base, sizeof hands);
    int rest[32], nr = np;
    memcpy(rest, pool, sizeof pool);
    if (shuffle(getrandbits, rest, nr) < 0)
        return NULL;
    for (int s = 0; s < n; s++)
        while (s != me && popcount32(hands[s]) < sizes[s] && nr)
            hands[s] |= 1u << rest[--nr];
    return masks_list(hands, n);
}

static PyObject *core_sample_hands(PyObject *Py_UNUSED(module), PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"know", "rng", "sizes", "tries", NULL};
    PyObject *know, *rng, *sizes_obj = Py_None, *tries_obj = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OO|OO:sample_hands", kwlist, &know, &rng, &sizes_obj, &tries_obj))
        return NULL;
    int n, me;
    uint32_t hand, played, unseen, known[4] = {0, 0, 0, 0}, forbidden[4] = {0, 0, 0, 0};
    long sizes[4] = {0, 0, 0, 0};
    long long tries = 20;
    if (get_attr_int(know, "n", 2, 4, &n) < 0 || get_attr_int(know, "seat", 0, n - 1, &me) < 0 ||
        get_attr_mask(know, "hand", &hand) < 0 || get_attr_mask(know, "played", &played) < 0 ||
        get_attr_mask(know, "unseen", &unseen) < 0 || get_attr_masks(know, "known", n, known) < 0 ||
        get_attr_masks(know, "forbidden", n, forbidden) < 0)
        return NULL;
    if (sizes_obj == Py_None) {
        PyObject *v = get_attr(know, "sizes");
        if (v == NULL)
            return NULL;
        int r = get_sizes(v, n, sizes);
        Py_DECREF(v);
        if (r < 0)
            return NULL;
    } else if (get_sizes(sizes_obj, n, sizes) < 0) {
        return NULL;
    }
    if (tries_obj != NULL && get_int(tries_obj, -(1LL << 40), 1LL << 40, "tries", &tries) < 0)
        return NULL;
    PyObject *getrandbits = PyObject_GetAttrString(rng, "getrandbits");
    if (getrandbits == NULL)
        return NULL;
    PyObject *out = sample_c(getrandbits, n, me, hand, played, unseen, known, forbidden, sizes, tries);
    Py_DECREF(getrandbits);
    return out;
}

static int trump_worth_c(uint32_t holding, int trump)
{
    uint32_t trumps = holding >> (trump * 8) & 0xFF;
    int worth = 0, n = 0;
    for (int r = 0; r < 8; r++) {
        if (trumps >> r & 1u) {
            worth += TRUMP_VALUE[r];
            n++;
        }
    }
    return worth + 6 * (n > 2 ? n - 2 : 0);
}

static PyObject *core_trump_worth(PyObject *Py_UNUSED(module), PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2) {
        PyErr_Format(PyExc_TypeError, "trump_worth takes 2 arguments (holding, trump), not %zd", nargs);
        return NULL;
    }
    uint32_t holding;
    int trump;
    if (get_mask(args[0], "holding", &holding) < 0 || get_small(args[1], 0, 3, "trump", &trump) < 0)
        return NULL;
    return PyLong_FromLong(trump_worth_c(holding, trump));
}

static PyObject *core_fits_bidding(PyObject *Py_UNUSED(module), PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 3) {
        PyErr_Format(PyExc_TypeError, "fits_bidding takes 3 arguments (hands, extra, constraints), not %zd", nargs);
        return NULL;
    }
    /* The masks are copied first: a constraint's "strong" may run Python code (__bool__) that changes the lists. */
    uint32_t hands[4], extra[4];
    PyObject *h = PySequence_Fast(args[0], "fits_bidding: hands must be a sequence of masks"), *x = NULL;
    if (h == NULL || (x = PySequence_Fast(args[1], "fits_bidding: extra must be a sequence of masks")) == NULL) {
        Py_XDECREF(h);
        return NULL;
    }
    Py_ssize_t len = PySequence_Fast_GET_SIZE(h) < PySequence_Fast_GET_SIZE(x) ? PySequence_Fast_GET_SIZE(h)
                                                                             : PySequence_Fast_GET_SIZE(x);
    int seats = len > 4 ? 4 : (int)len, ok = 0;
    for (int s = 0; s < seats && ok == 0; s++)
        if (get_mask(PySequence_Fast_GET_ITEM(h, s), "a hand", &hands[s]) < 0 ||
            get_mask(PySequence_Fast_GET_ITEM(x, s), "an extra mask", &extra[s]) < 0)
            ok = -1;
    Py_DECREF(h);
    Py_DECREF(x);
    if (ok < 0)
        return NULL;
    PyObject *cons = PySequence_Fast(args[2], "the bidding constraints must be a sequence of (seat, suit, strong)");
    if (cons == NULL)
        return NULL;
    int fits = 1;
    for (Py_ssize_t i = 0; fits && i < PySequence_Fast_GET_SIZE(cons); i++) { /* the size read afresh each time */
        PyObject *item = PySequence_Fast_GET_ITEM(cons, i);
        Py_INCREF(item);
        PyObject *one = PySequence_Fast(item, "a bidding constraint is (seat, suit, strong)");
        Py_DECREF(item);
        if (one == NULL || PySequence_Fast_GET_SIZE(one) != 3) {
            if (one != NULL)
                PyErr_SetString(PyExc_TypeError, "a bidding constraint is (seat, suit, strong)");
            Py_XDECREF(one);
            Py_DECREF(cons);
            return NULL;
        }
        int seat, t, strong;
        PyObject **three = PySequence_Fast_ITEMS(one);
        if (seats == 0) {
            Py_DECREF(one);
            Py_DECREF(cons);
            PyErr_SetString(PyExc_ValueError, "a bidding constraint names a seat with no hand");
            return NULL;
        }
        if (get_small(three[0], 0, seats - 1, "a constraint's seat", &seat) < 0 ||
            get_small(three[1], 0, 3, "a constraint's suit", &t) < 0 || get_truth(three[2], &strong) < 0) {
            Py_DECREF(one);
            Py_DECREF(cons);
            return NULL;
        }
        Py_DECREF(one);
        int worth = trump_worth_c(hands[seat] | extra[seat], t);
        if (strong && worth < BIDDER_MIN_WORTH)
            fits = 0;
        if (!strong && worth >= PASSER_MAX_WORTH)
            fits = 0;
    }
    Py_DECREF(cons);
    return PyBool_FromLong(fits);
}

/* -- the module ---------------------------------------------------------------------------------------- */

static PyMethodDef core_methods[] = {
    {"legal_mask", (PyCFunction)(void (*)(void))core_legal_mask, METH_FASTCALL,
     "legal_mask(hand, seat, led, trump, best_trump, win_seat, exempt, ruff_over)\n--\n\n"
     "deberc_tui.engine.play.legal_mask compiled: the cards of hand that seat may play (§6), as a mask."},
    {"can_beat", (PyCFunction)(void (*)(void))core_can_beat, METH_FASTCALL,
     "can_beat(hand, card, led, trump)\n--\n\nbots.sim.can_beat compiled."},
    {"greedy_card", (PyCFunction)(void (*)(void))core_greedy_card, METH_FASTCALL,
     "greedy_card(pos, hands, seat, k, led, ws, wstr, bt)\n--\n\nbots.sim.greedy_card compiled."},
    {"rollout", (PyCFunction)(void (*)(void))core_rollout, METH_VARARGS | METH_KEYWORDS,
     "rollout(pos, solve_below=0, max_nodes=40000, deadline=None)\n--\n\nbots.sim.rollout compiled."},
    {"greedy_play", (PyCFunction)(void (*)(void))core_greedy_play, METH_VARARGS | METH_KEYWORDS,
     "greedy_play(pos, solve_below=0, max_nodes=40000)\n--\n\nbots.sim.greedy_play compiled: the cards a greedy "
     "play-out plays to the end of the deal, its ending solved exactly."},
    {"sample_hands", (PyCFunction)(void (*)(void))core_sample_hands, METH_VARARGS | METH_KEYWORDS,
     "sample_hands(know, rng, sizes=None, tries=20)\n--\n\n"
     "bots.sampling.sample_hands compiled; draws from rng.getrandbits exactly as a random.Random's shuffle and "
     "randrange do, so the same rng gives the same world."},
    {"trump_worth", (PyCFunction)(void (*)(void))core_trump_worth, METH_FASTCALL,
     "trump_worth(holding, trump)\n--\n\nbots.sampling.trump_worth compiled."},
    {"fits_bidding", (PyCFunction)(void (*)(void))core_fits_bidding, METH_FASTCALL,
     "fits_bidding(hands, extra, constraints)\n--\n\nbots.sampling.fits_bidding compiled."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef core_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "bots._core",
    .m_doc = "The compiled twin of bots.sim and bots.sampling: same answers, faster (see bots.core).",
    .m_size = -1,
    .m_methods = core_methods,
};

/* Copy a Python table of ints (nested once if rows > 0) into C. */
static int read_ints(PyObject *module, const char *name, int rows, int cols, long long lo, long long hi, long long *out)
{
    PyObject *table = PyObject_GetAttrString(module, name);
    if (table == NULL)
        return -1;
    int ok = 0;
    for (int r = 0; r < (rows ? rows : 1) && ok == 0; r++) {
        PyObject *row = rows ? PySequence_GetItem(table, r) : (Py_INCREF(table), table);
        if (row == NULL) {
            ok = -1;
            break;
        }
        for (int c = 0; c < cols && ok == 0; c++) {
            PyObject *v = PySequence_GetItem(row, c);
            if (v == NULL || get_int(v, lo, hi, name, &out[r * cols + c]) < 0)
                ok = -1;
            Py_XDECREF(v);
        }
        Py_DECREF(row);
    }
    Py_DECREF(table);
    return ok;
}

static int read_tables(void)
{
    long long buf[5 * 32];
    PyObject *sim = PyImport_ImportModule("bots.sim");
    if (sim == NULL)
        return -1;
    PyObject *sampling = PyImport_ImportModule("bots.sampling");
    if (sampling == NULL) {
        Py_DECREF(sim);
        return -1;
    }
    PyObject *time_mod = PyImport_ImportModule("time");
    int ok = -1;
    if (time_mod == NULL)
        goto done;
    if ((perf_counter = PyObject_GetAttrString(time_mod, "perf_counter")) == NULL)
        goto done;
    if ((SearchAborted = PyObject_GetAttrString(sim, "SearchAborted")) == NULL)
        goto done;
    if (read_ints(sim, "CARD_POINTS", 5, 32, 0, 1000, buf) < 0)
        goto done;
    for (int i = 0; i < 5 * 32; i++)
        CARD_POINTS[i / 32][i % 32] = (int)buf[i];
    if (read_ints(sim, "STRENGTH", 5, 32, 0, 10000, buf) < 0)
        goto done;
    for (int i = 0; i < 5 * 32; i++)
        STRENGTH[i / 32][i % 32] = (int)buf[i];
    if (read_ints(sim, "TRUMP_ABOVE", 0, 32, 0, 0xFFFFFFFFLL, buf) < 0)
        goto done;
    for (int i = 0; i < 32; i++)
        TRUMP_ABOVE[i] = (uint32_t)buf[i];
    if (read_ints(sim, "SUIT_MASKS", 0, 4, 0, 0xFFFFFFFFLL, buf) < 0)
        goto done;
    for (int i = 0; i < 4; i++)
        SUIT_MASKS[i] = (uint32_t)buf[i];
    if (read_ints(sampling, "TRUMP_VALUE", 0, 8, -10000, 10000, buf) < 0)
        goto done;
    for (int i = 0; i < 8; i++)
        TRUMP_VALUE[i] = (int)buf[i];
    ok = 0;
done:
    Py_XDECREF(time_mod);
    if (ok == 0) {
        PyObject *b = PyObject_GetAttrString(sampling, "BIDDER_MIN_WORTH");
        PyObject *p = b ? PyObject_GetAttrString(sampling, "PASSER_MAX_WORTH") : NULL;
        long long vb = 0, vp = 0;
        if (p == NULL || get_int(b, -100000, 100000, "BIDDER_MIN_WORTH", &vb) < 0 ||
            get_int(p, -100000, 100000, "PASSER_MAX_WORTH", &vp) < 0)
            ok = -1;
        BIDDER_MIN_WORTH = (long)vb;
        PASSER_MAX_WORTH = (long)vp;
        Py_XDECREF(b);
        Py_XDECREF(p);
    }
    Py_DECREF(sim);
    Py_DECREF(sampling);
    return ok;
}

PyMODINIT_FUNC PyInit__core(void)
{
    if (read_tables() < 0)
        return NULL;
    if (PyType_Ready(&SolverType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&core_module);
    if (m == NULL)
        return NULL;
    Py_INCREF(&SolverType);
    if (PyModule_AddObject(m, "Solver", (PyObject *)&SolverType) < 0) {
        Py_DECREF(&SolverType);
        Py_DECREF(m);
        return NULL;
    }
    if (PyModule_AddIntConstant(m, "INF", INF) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
