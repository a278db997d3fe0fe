"""Bomb actions (MP-9xx): building, testing and loading bombs."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from ....core.i18n import N_
from ....core.verdicts import Violation
from ..logic import (
    lacking_worker,
)
from ..models import State
from ..moves import BuildBomb, LoadBomb, TestBomb
from ..vocab import amount as amount_of
from ..vocab import (
    amounts,
    bomb_place,
)
from . import checks


@checks.state("MP-901", title=N_("Workers on built bombs"))
def built_bombs(state: State) -> Iterator[Violation]:
    for i, p in enumerate(state.players):
        for j, bomb in enumerate(p.bombs):
            kinds = Counter(pc.kind for pc in bomb.occupants)
            if bomb.occupants and (
                kinds["engineer"] != bomb.card.engineers
                or kinds["scientist"] != bomb.card.scientists
                or kinds["laborer"]
            ):
                yield checks.violation(
                    "MP-901",
                    N_("The workers on {where} do not match the card."),
                    f"/players/{i}/bombs/{j}/occupants",
                    where=bomb_place(p.colour, j, bomb.card.kind),
                )


@checks.move("MP-901", title=N_("Building a bomb"))
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


@checks.move("MP-903", "MP-904", title=N_("Testing a bomb"))
def test_check(state: State, move: TestBomb) -> Iterator[Violation]:
    p = state.active
    if p.test is not None:
        yield checks.violation(
            "MP-904",
            N_("{player} has already tested a bomb."),
            "/move",
            player=checks.name("colour", p.colour),
        )
        return
    if move.bomb >= len(p.bombs) or p.bombs[move.bomb].card.kind != "plutonium":
        yield checks.violation(
            "MP-903",
            N_("Only a built plutonium bomb can be tested."),
            "/move/bomb",
        )
    if not state.test_markers:
        yield checks.violation("MP-903", N_("No implosion-test marker is left."), "/move")


@checks.move("MP-905", title=N_("Loading a bomb"))
def load_check(state: State, move: LoadBomb) -> Iterator[Violation]:
    p = state.active
    if move.bomb >= len(p.bombs) or p.bombs[move.bomb].loaded:
        yield checks.violation(
            "MP-905", N_("That bomb does not exist or is already loaded."), "/move/bomb"
        )
        return
    cost = p.bombs[move.bomb].card.load_cost
    if p.bombers < cost:
        said = {"cost": amount_of("bombers", cost), "player": checks.name("colour", p.colour)}
        if p.bombers == 0:
            template = N_("Loading costs {cost}; {player} has no bomber.")
        else:
            template = N_("Loading costs {cost}; {player} has {bombers}.")
            said["bombers"] = amount_of("bombers", p.bombers)
        yield checks.violation("MP-905", template, "/move/bomb", **said)
