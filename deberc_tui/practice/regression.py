"""Control variates for the tutor: the part of a world's value that who was dealt which card explains.

A bid's value swings by well over a hundred points from world to world, mostly with the cards: which of them come
to you after the bidding, which to your partner or to the opponents. How often each card goes where is known
exactly — every unknown card is as likely as any other to fill each place — so a world's value can be corrected by
what its cards predict (a linear fit of the value on "card c went to class k" indicators, by least squares over the
worlds played so far) without changing what is estimated: the estimate of a bid's value is the fit's intercept
with every indicator centred on its known mean (the regression estimator of survey sampling), and its standard
error is the ordinary least-squares one, which already counts what the fit itself costs in worlds. On the tutor's
positions it needs about two fifths fewer worlds at two players and a third fewer at four to the same standard error
than the plain mean (measured: docs/PERFORMANCE.md).

The sums are kept as the worlds come (a world adds its few dealt indicators), and the fit is solved only when the
tutor asks: a Cholesky factorisation of the centred normal equations, with the intercept first, dropping any
indicator that the others already determine (each class holds a fixed number of cards, so its indicators add up to
a constant)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from operator import mul

SPARE_DEGREES = 30
"""Worlds beyond the fitted terms before the fit's standard error is trusted (below, the plain mean's is used)."""
DEPENDENT = 1e-8
"""An indicator whose part not explained by the earlier ones is below this share of its own sum of squares is
dropped as determined by them."""


@dataclass(frozen=True, slots=True)
class Estimate:
    """A bid's value as the fit estimates it, and that estimate's standard error."""

    mean: float
    se: float


class CardRegression:
    """Running sums for the least-squares fit of several outcomes (one per bid) on binary indicators whose means are
    known (``means[j]``: how often indicator ``j`` is 1 in a random world)."""

    __slots__ = ("means", "outcomes", "n", "count", "pairs", "sum_y", "sum_yy", "cross", "terms")

    def __init__(self, means: Sequence[float], outcomes: int) -> None:
        p = len(means)
        self.means = tuple(means)
        self.outcomes = outcomes
        self.n = 0
        self.count = [0] * p  # worlds where indicator j was 1
        self.pairs = [[0] * p for _ in range(p)]  # worlds where j and k were both 1
        self.sum_y = [0.0] * outcomes
        self.sum_yy = [0.0] * outcomes
        self.cross = [[0.0] * p for _ in range(outcomes)]  # per outcome, the sum of y over worlds where j was 1
        self.terms = 0  # the terms the last fit kept, the intercept included

    def add(self, active: Sequence[int], ys: Sequence[float | None]) -> None:
        """One world: the indicators that were 1 in it, and each outcome's value (None for an outcome no longer
        followed: its estimate was taken, see :meth:`estimates`, and its sums stay as they were then)."""
        self.n += 1
        count, pairs = self.count, self.pairs
        for j in active:
            count[j] += 1
            row = pairs[j]
            for k in active:
                row[k] += 1
        for o, y in enumerate(ys):
            if y is None:
                continue
            self.sum_y[o] += y
            self.sum_yy[o] += y * y
            cross = self.cross[o]
            for j in active:
                cross[j] += y

    def estimates(self, outcomes: Sequence[int] | None = None) -> list[Estimate] | None:
        """The estimate of each of ``outcomes`` (default: every one), or None while the worlds are too few for the fit
        (then the plain mean serves). An outcome must have had a value in every world so far: one left out of a
        world (:meth:`add`) has its estimate from the fit when it was last given one, not from a later one."""
        n = self.n
        terms = [j for j, c in enumerate(self.count) if 0 < c < n]  # an indicator constant so far explains nothing
        if n < len(terms) + 1 + SPARE_DEGREES:
            return None
        mu = [self.means[j] for j in terms]
        cnt = [float(self.count[j]) for j in terms]
        m = len(terms) + 1
        # The centred normal equations: column 0 the intercept, column 1 + a the indicator terms[a] minus its mean.
        shift = [c - n * u for c, u in zip(cnt, mu, strict=True)]  # each centred column's sum
        gram = [[float(n)] + shift]
        for a, j in enumerate(terms):
            row, ua, ca = self.pairs[j], mu[a], cnt[a]
            # Σ(x_j − u_j)(x_k − u_k) = pairs − u_j·count_k − u_k·(count_j − n·u_j)
            gram.append([shift[a]] + [row[k] - ua * cb - ub * (ca - n * ua)
                                      for k, ub, cb in zip(terms, mu, cnt, strict=True)])
        factor, kept = _cholesky(gram)
        rank = self.terms = len(kept)
        if n - rank < SPARE_DEGREES:
            return None
        # With the intercept first, its coefficient is e0ᵀ G⁻¹ b = (L⁻¹e0)·(L⁻¹b), and the (0, 0) element of G⁻¹ is
        # |L⁻¹e0|²: forward substitutions only.
        unit = _forward(factor, kept, [1.0] + [0.0] * (m - 1))
        intercept_variance = sum(map(mul, unit, unit))
        out = []
        for o in range(self.outcomes) if outcomes is None else outcomes:
            sy = self.sum_y[o]
            cross = self.cross[o]
            z = _forward(factor, kept, [sy] + [cross[j] - u * sy for j, u in zip(terms, mu, strict=True)])
            residual = max(0.0, self.sum_yy[o] - sum(map(mul, z, z)))
            variance = residual / (n - rank) * intercept_variance
            out.append(Estimate(sum(map(mul, unit, z)), math.sqrt(variance)))
        return out


def _cholesky(gram: list[list[float]]) -> tuple[list[list[float]], list[int]]:
    """The lower factor L of ``gram`` (L Lᵀ on the columns kept) and the columns kept, in order: a column that
    the earlier ones determine (within :data:`DEPENDENT`) is dropped, its row and column of L left zero."""
    m = len(gram)
    low = [[0.0] * m for _ in range(m)]
    kept: list[int] = []
    for j in range(m):  # a dropped column's entries stay zero, so the sums may run over every earlier column
        lj = low[j]
        head = lj[:j]
        d = gram[j][j] - sum(map(mul, head, head))
        if d <= DEPENDENT * gram[j][j] or d <= 0.0:
            continue
        root = math.sqrt(d)
        lj[j] = root
        for i in range(j + 1, m):
            li = low[i]
            li[j] = (gram[i][j] - sum(map(mul, li[:j], head))) / root
        kept.append(j)
    return low, kept


def _forward(low: list[list[float]], kept: list[int], rhs: list[float]) -> list[float]:
    """z with L z = rhs on the kept columns (z is zero elsewhere)."""
    z = [0.0] * len(rhs)
    for j in kept:
        lj = low[j]
        z[j] = (rhs[j] - sum(map(mul, lj[:j], z[:j]))) / lj[j]
    return z
