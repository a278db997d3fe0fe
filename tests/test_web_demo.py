"""A tiny demo game for the page's tests: independent of the real games' progress."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from adjudicator.core.checks import CheckRegistry
from adjudicator.core.game import Game
from adjudicator.core.i18n import Message
from adjudicator.core.verdicts import Alternative, Scoring

RULES = """
[[section]]
id = "basics"
title = "Basics"

[[rule]]
id = "DG-101"
section = "basics"
title = "No debts"
text = "A player's money is never below zero."
source = [{ seed = "000", where = "p. 1" }]

[[rule]]
id = "DG-102"
section = "basics"
title = "Five workers"
text = "Each player has at most five workers on the fábrica board."
source = [{ seed = "000", where = "p. 2" }]

[[rule]]
id = "DG-201"
section = "basics"
title = "Paying"
text = "A player pays only money they have."
source = [{ seed = "000", where = "p. 3" }]
"""

EXAMPLE = {
    "players": [
        {"name": "Ada", "money": 5, "workers": 2, "colour": "red", "tags": ["a", "b"]},
        {"name": "Bo", "money": 3, "workers": 4, "colour": "blue", "tags": []},
    ],
    "round": 2,
    "note": None,
}


class Player(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: Annotated[str, Field(min_length=1, max_length=40)]
    money: int
    workers: Annotated[int, Field(ge=0, le=20)]
    colour: Literal["red", "blue", "green"] = "red"
    tags: list[str] = Field(default_factory=list)


class State(BaseModel):
    model_config = ConfigDict(extra="forbid")
    players: Annotated[list[Player], Field(min_length=1, max_length=5)]
    round: Annotated[int, Field(ge=1, le=10)]
    note: str | None = None


class Pay(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["pay"]
    player: Annotated[int, Field(ge=0, le=4)]
    amount: Annotated[int, Field(ge=0)]


class Pass(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["pass"]


Move = Annotated[Pay | Pass, Field(discriminator="type")]

checks = CheckRegistry("demo")


@checks.state("DG-101", title="No debts")
def no_debts(state: State) -> Any:
    for i, p in enumerate(state.players):
        if p.money < 0:
            yield checks.violation(
                "DG-101",
                "{name} has {money} money.",
                f"/players/{i}/money",
                name=p.name,
                money=p.money,
            )


@checks.state("DG-102", title="Five workers")
def five_workers(state: State) -> Any:
    for i, p in enumerate(state.players):
        if p.workers > 5:
            yield checks.violation(
                "DG-102", "{name} has too many workers.", f"/players/{i}/workers", name=p.name
            )


@checks.move("DG-201", title="Paying")
def paying(state: State, move: Pay) -> Any:
    if move.player >= len(state.players):
        yield checks.violation("DG-201", "No such player.", "/move/player")
    elif move.amount > state.players[move.player].money:
        yield checks.violation("DG-201", "Not enough money.", "/move/amount")


def apply(state: State, move: Any) -> tuple[State, list[Message]]:
    after = state.model_copy(deep=True)
    if isinstance(move, Pay):
        after.players[move.player].money -= move.amount
        return after, [checks.message("Paid {amount}.", amount=move.amount)]
    return after, [checks.message("Passed.")]


def alternatives(state: State, move: Any) -> list[Alternative]:
    return [Alternative({"type": "pass"}, checks.message("Pass instead."))]


def scorer(state: State) -> Scoring:
    scores = {p.name: p.money for p in state.players}
    ranking = sorted(scores, key=lambda n: -scores[n])
    return Scoring(
        scores,
        ranking,
        final=state.round >= 2,
        steps=[checks.message("Money counts one point each.")],
        tiebreaks=[checks.message("Ties go to fewer workers.")],
    )


def make_demo_game(root: Path) -> Game:
    """Write the demo game's data files under ``root`` and return the game."""
    root.mkdir(parents=True, exist_ok=True)
    (root / "rules.toml").write_text(RULES, encoding="utf-8")
    (root / "examples").mkdir(exist_ok=True)
    (root / "examples" / "mid-game.json").write_text(json.dumps(EXAMPLE), encoding="utf-8")
    (root / "cases").mkdir(exist_ok=True)
    return Game(
        id="demo",
        prefix="DG",
        name="Demo Game",
        package_dir=root,
        state_model=State,
        move_adapter=TypeAdapter(Move),
        checks=checks,
        apply=apply,
        scorer=scorer,
        alternatives=alternatives,
    )


def test_demo_game_works(tmp_path: Path) -> None:
    game = make_demo_game(tmp_path / "demo")
    assert game.check(EXAMPLE).valid
    broken = json.loads(json.dumps(EXAMPLE))
    broken["players"][0]["money"] = -1
    assert game.check(broken).rules == {"DG-101"}
    assert not game.adjudicate(EXAMPLE, {"type": "pay", "player": 1, "amount": 9}).legal
