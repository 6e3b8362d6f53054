"""Game review: every decision of a seat in a game record judged from what the seat knew then.

:func:`~deberc_tui.review.run.review_record` replays a record (:mod:`deberc_tui.review.moments`), judges each
decision by playing every alternative out in the same sampled worlds (:mod:`deberc_tui.review.judge`, on
:mod:`deberc_tui.review.worlds`), grades it (:mod:`deberc_tui.review.report`: the loss, a label, the accuracy,
the luck) and keeps the results beside the record. No screen here: the review screen and ``deberc review`` show
what this package computes. docs/REVIEW.md says how the numbers are made.
"""
