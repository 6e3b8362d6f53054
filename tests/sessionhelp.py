"""Driving a table session headless, exactly as the table screen drives it: each step the session asks for is
carried out (a bot thinks, a person takes their first legal action, a dialog is answered), with no app."""

from __future__ import annotations

import time
from collections.abc import Callable

from deberc_tui.play.loop import Answer, Ask
from deberc_tui.table import steps
from deberc_tui.table.session import TableSession

Thinker = Callable[[TableSession, Ask], Answer]


def think(session: TableSession, ask: Ask) -> Answer:
    return session.think(ask)


def drive(session: TableSession, deals: int = 1, thinker: Thinker = think, max_steps: int = 20_000,
          accept: bool = True) -> list[str]:
    """Play until ``deals`` deals have been summarised (or the match is over). People take their first legal
    action and answer every offer with ``accept``. Returns the bots' failures, as the table's log tells them."""
    failures: list[str] = []
    summarised = 0
    for _step in range(max_steps):
        step = session.advance()
        if isinstance(step, steps.Think):
            answer = thinker(session, step.ask)
            if answer.failure:
                failures.append(answer.failure)
            session.bot_answered(answer)
        elif isinstance(step, steps.PersonToAct):
            if session.concede_choice() is not None:
                session.play_on()
                continue
            view = session.view(step.seat)
            session.act(step.seat, view.legal[0])
        elif isinstance(step, steps.ShowSummary):
            summarised += 1
            session.resume()
            if summarised >= deals:
                return failures
        elif isinstance(step, steps.GameEnded):
            session.resume()
            if step.match_over:
                return failures
        elif isinstance(step, steps.CoverFor):
            session.uncover(step.seat)
        elif isinstance(step, steps.AnswerConcede):
            session.answer_concede(step.seat, accept)
        elif isinstance(step, steps.AnswerStake):
            session.answer_stake(step.seat, accept)
        elif isinstance(step, steps.Idle):
            if session.match.is_over:
                return failures
            raise AssertionError("the session is idle with nothing to wait for")
        elif isinstance(step, steps.WaitUntil):
            time.sleep(max(0.0, step.when - session.services.clock()))
    raise AssertionError("the table did not finish")
