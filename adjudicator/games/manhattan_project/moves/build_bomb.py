"""Build a bomb: the move, its checks, its effect, how it is listed and said."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any, Literal

from pydantic import Field

from ....core.i18n import N_, Message, Name
from ....core.moves import MoveKind
from ....core.verdicts import Violation
from ..logic import (
    lacking_worker,
)
from ..models import (
    Bomb,
    MoveBase,
    Player,
    Small,
    State,
    WorkerRef,
)
from ..rules import checks
from ..staffing import fillings, sampled_fill
from ..supply import take
from ..vocab import DOMAIN, amounts, message, ordinal
from ..vocab import amount as amount_of
from ..wording import (
    said_staff,
)

Candidate = dict[str, Any]
Data = dict[str, Any]


class BuildBomb(MoveBase):
    type: Literal["build_bomb"]
    card: Small = Field(description="index in the hand")
    workers: list[WorkerRef] = Field(max_length=12)


KIND = MoveKind(BuildBomb, checks, section="bombs", label=N_("Build a bomb"), weight=1.0)


@KIND.check("MP-901", title=N_("Building a bomb"))
def build_check(state: State, move: BuildBomb) -> Iterator[Violation]:
    p = state.active
    if move.card >= len(p.hand):
        yield checks.violation(
            "MP-901",
            N_("{player} has no such bomb card in hand."),
            "/move/card",
            player=checks.name("colour", p.colour),
        )
        return
    card = p.hand[move.card]
    kinds = Counter(w.kind for w in move.workers)
    if (
        kinds["engineer"] != card.engineers
        or kinds["scientist"] != card.scientists
        or kinds["laborer"]
        or lacking_worker(p, move.workers) is not None
    ):
        needs = [("engineers", card.engineers), ("scientists", card.scientists)]
        yield checks.violation(
            "MP-901",
            N_("The bomb needs {workers} from {owner} personal supply, and no laborer."),
            "/move/workers",
            workers=amounts([(what, n) for what, n in needs if n]),
            owner=checks.name("colour", p.colour, "gen"),
        )
    fuel = getattr(p, card.kind)
    if fuel < card.fuel:
        said = {"fuel": amount_of(card.kind, card.fuel), "player": checks.name("colour", p.colour)}
        if fuel == 0:
            template = N_("The bomb needs {fuel}; {player} has none.")
        else:
            template = N_("The bomb needs {fuel}; {player} has {have}.")
            said["have"] = amount_of(card.kind, fuel)
        yield checks.violation("MP-901", template, "/move/card", **said)


@KIND.apply
def effect(new: State, p: Player, move: BuildBomb, out: list[Message]) -> None:
    card = p.hand.pop(move.card)
    setattr(p, card.kind, getattr(p, card.kind) - card.fuel)
    p.bombs.append(Bomb(card=card, occupants=take(p, move.workers)))
    new.turn.placing = True
    out.append(
        checks.message(
            N_("{player} builds a {kind}."),
            player=checks.name("colour", p.colour),
            kind=checks.name("bomb", card.kind),
        )
    )


def _needs(card: Any) -> list[str]:
    return ["engineer"] * card.engineers + ["scientist"] * card.scientists


@KIND.enumerate
def candidates(state: State) -> Iterator[Candidate]:
    me = state.active
    for j, card in enumerate(me.hand):
        for refs in fillings(me, _needs(card)):
            yield {"type": "build_bomb", "card": j, "workers": refs}


@KIND.sample
def sampled(state: State, rng: random.Random) -> list[Candidate]:
    found: list[Candidate] = []
    for j, card in enumerate(state.active.hand):
        refs = sampled_fill(state, _needs(card), rng)
        if refs is not None:
            found.append({"type": "build_bomb", "card": j, "workers": refs})
    return found


@KIND.words
def said(state: State, data: Candidate) -> Message | None:
    me = state.active
    if data["card"] >= len(me.hand):
        return None
    return message(
        N_("Build the {nth} in your hand ({kind}) with {workers}."),
        nth=ordinal(data["card"] + 1, "card"),
        kind=Name(DOMAIN, "bomb", me.hand[data["card"]].kind),
        workers=said_staff(data.get("workers") or ()),
    )
