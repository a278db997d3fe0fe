"""A kind of move is one module: a toy kind added to the test minigame in this one file is
in the move schema, the options list, the sampler, the alternatives and the reference."""

from __future__ import annotations

import dataclasses
import random
from typing import Any, Literal

import pytest
from pydantic import BaseModel, ConfigDict

from adjudicator.core.game import Game
from adjudicator.core.i18n import N_
from adjudicator.core.moves import MoveBook
from adjudicator.core.trace import trace_game
from tests import minigame

# --- the toy kind: passing, one module's worth ----------------------------------------------
checks = minigame.checks.copy()
book = minigame.book.copy(checks)


class Pass(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["pass"]
    player: int


passing = book.kind(Pass, section="tokens", label=N_("Pass"), rule="XX-201")


@passing.check("XX-201", title=N_("Only a player at the table passes"))
def pass_seat(state: minigame.State, move: Pass):
    if not 0 <= move.player < len(state.players):
        yield checks.violation("XX-201", N_("No player {n}"), "/move/player", n=move.player)


@passing.apply
def _pass(state: minigame.State, move: Pass):
    return [checks.message(N_("passed"))]


@passing.enumerate
def _passes(state: minigame.State):
    for player in range(len(state.players) + 1):  # one too many: the options drop it
        yield {"type": "pass", "player": player}


@passing.words
def _say_pass(state: minigame.State, data: dict[str, Any]):
    return checks.message(N_("player {n} passes"), n=data["player"])


GAME: Game = dataclasses.replace(minigame.GAME, checks=checks, **book.parts())


# --- what the spine derives from it ---------------------------------------------------------
@pytest.fixture
def state() -> Any:
    return GAME.parse_state(GAME.example())


def test_the_toy_kind_is_in_the_move_schema() -> None:
    assert GAME.move_types == ("take", "pass")
    schema = GAME.schema("move")
    assert "Pass" in schema["$defs"] and "Take" in schema["$defs"]
    assert GAME.parse_move({"type": "pass", "player": 1}) == Pass(type="pass", player=1)
    assert "pass" not in minigame.GAME.move_types  # the game itself is left as it was


def test_the_toy_kind_is_applied_by_its_own_effect(state: Any) -> None:
    verdict = GAME.adjudicate(GAME.example(), {"type": "pass", "player": 0})
    assert verdict.legal and verdict.state == GAME.example()
    assert [m.template for m in verdict.effects] == ["passed"]
    assert verdict.allowed_by == ("XX-201",)


def test_the_toy_kind_is_in_the_options(state: Any) -> None:
    options = GAME.legal_actions(state, "pass")
    assert [a.move for a in options.actions] == [
        {"type": "pass", "player": n} for n in range(len(state.players))
    ]
    assert "pass" in GAME.legal_actions(state).kinds
    assert options.actions[0].description.template == "player {n} passes"


def test_the_toy_kind_is_in_the_sampler_and_the_alternatives(state: Any) -> None:
    sampled = book.sample_moves(state, random.Random(3))
    assert {m["type"] for m in sampled} == {"take", "pass"}
    assert all(GAME.is_legal(state, GAME.parse_move(m)) for m in sampled)
    verdict = GAME.adjudicate(GAME.example(), {"type": "pass", "player": 3})
    assert not verdict.legal and [v.check for v in verdict.violations] == ["pass_seat"]
    assert {a.move["type"] for a in verdict.alternatives} == {"pass"}


def test_the_toy_kind_is_in_the_reference() -> None:
    rule = GAME.rule("XX-201")
    assert rule is not None
    assert "pass_seat" in GAME.rule_json(rule)["checks"]
    traced = next(r for r in trace_game(GAME) if r.rule_id == "XX-201")
    assert "pass_seat" in {c.id for c in traced.checks}
    assert book.labels()["pass"] == "Pass"


def test_a_kind_is_registered_once() -> None:
    again = MoveBook(checks.copy())
    again.kind(Pass, section="tokens", label="Pass")
    with pytest.raises(ValueError, match="twice"):
        again.kind(Pass, section="tokens", label="Pass")


def test_an_unlisted_kind_is_a_move_but_not_an_option(state: Any) -> None:
    """A kind whose move names what only the table knows is parsed and judged, not listed."""
    unlisted = minigame.book.copy(checks.copy())
    unlisted.kind(Pass, section="tokens", label="Pass", listed=False)
    assert "pass" in unlisted.types and unlisted.options.kinds == ("take",)
    assert all(c["type"] == "take" for c in unlisted.candidates(state))
