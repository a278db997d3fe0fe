"""A tiny game that exercises the spine without any real game: tokens on a table.

Rules: XX-101 a player holds at most 5 tokens; XX-201 a player takes 1 or 2 tokens;
XX-301 the game ends when someone holds 5.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from adjudicator.core.checks import CheckRegistry
from adjudicator.core.game import Game
from adjudicator.core.i18n import N_
from adjudicator.core.moves import MoveBook
from adjudicator.core.verdicts import Alternative, Scoring

checks = CheckRegistry("minigame")
book = MoveBook(checks)


class Player(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: Annotated[str, Field(max_length=40)]
    tokens: Annotated[int, Field(ge=0, le=1000)]


class State(BaseModel):
    model_config = ConfigDict(extra="forbid")
    players: Annotated[list[Player], Field(min_length=2, max_length=4)]


class Take(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["take"]
    player: int = Field(ge=0, le=3)
    count: int = Field(ge=0, le=1000)


take = book.kind(Take, section="tokens", label=N_("Take tokens"), rule="XX-201")


@checks.state("XX-101", title=N_("At most 5 tokens"))
def token_limit(state):
    for i, p in enumerate(state.players):
        if p.tokens > 5:
            yield checks.violation(
                "XX-101",
                N_("{player} holds {count} tokens"),
                f"/players/{i}/tokens",
                player=p.name,
                count=p.tokens,
            )


@take.check("XX-201", title=N_("Take 1 or 2"))
def take_count(state: State, move: Take):
    if move.count not in (1, 2):
        yield checks.violation(
            "XX-201", N_("Take 1 or 2 tokens, not {count}"), "/move/count", count=move.count
        )


@take.effect("XX-101", title=N_("No more than 5 after taking"))
def take_overflow(before: State, move: Take, after: State):
    yield from token_limit(after)


@checks.score("XX-301", title=N_("Game over at 5"))
def game_over(state):
    if max(p.tokens for p in state.players) < 5:
        yield checks.violation("XX-301", N_("Nobody holds 5 tokens yet"), "/players")


@take.apply
def _take(state: State, move: Take):
    state.players[move.player].tokens += move.count
    return [checks.message(N_("took {n}"), n=move.count)]


@take.enumerate
def _takes(state: State):
    for player in range(len(state.players)):
        for count in (1, 2):
            yield {"type": "take", "player": player, "count": count}


@take.words
def _say_take(state: State, data):
    return checks.message(N_("take {n}"), n=data["count"])


def alternatives(state, move):
    return [
        Alternative(
            {"type": "take", "player": move.player, "count": n}, checks.message(N_("take {n}"), n=n)
        )
        for n in (1, 2)
    ]


def score(state):
    scores = {p.name: p.tokens for p in state.players}
    ranking = sorted(scores, key=lambda n: -scores[n])
    return Scoring(scores, ranking, final=max(scores.values()) >= 5)


GAME = Game(
    id="minigame",
    prefix="XX",
    name="Mini game",
    package_dir=Path(__file__).parent,
    state_model=State,
    checks=checks,
    scorer=score,
    **{**book.parts(), "alternatives": alternatives},
    default_example="mid-game",
    players=(2, 4),
)
