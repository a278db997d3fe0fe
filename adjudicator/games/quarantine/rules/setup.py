# ruff: noqa: E501
"""Section ``setup`` of rules.toml (QU-3xx): the table at the start."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from ....core.i18n import N_
from ....core.verdicts import Violation
from ..data import (
    GREY_CUBES,
    PATIENTS_PER_COLOUR,
    SPECIAL_IN_PLAY,
)
from ..models import SPECIAL_KINDS, State
from ..vocab import colour, room
from . import checks


@checks.state("QU-301", title=N_("A lobby and four starting treatment rooms each"))
def lobby_in_hospital(state: State) -> Iterator[Violation]:
    for i, p in enumerate(state.players):
        for k, t in enumerate(p.set_aside):
            if t.kind == "lobby":
                yield checks.violation(
                    "QU-301",
                    N_(
                        "{player} keeps the lobby beside the hospital; the lobby always stays in it."
                    ),
                    f"/players/{i}/set_aside/{k}",
                    player=p.name,
                )


@checks.state("QU-302", title=N_("Eight different special rooms in play"))
def kinds_in_play(state: State) -> Iterator[Violation]:
    kinds = state.special_kinds
    if len(kinds) != SPECIAL_IN_PLAY or len(set(kinds)) != len(kinds):
        yield checks.violation(
            "QU-302",
            N_(
                "The game uses 8 different special rooms; this state names {count} ({unique} different)."
            ),
            "/special_kinds",
            count=len(kinds),
            unique=len(set(kinds)),
        )


@checks.state("QU-303", title=N_("The market"))
def market(state: State) -> Iterator[Violation]:
    seen: Counter[tuple[str, str | None]] = Counter()
    for j, stack in enumerate(state.market):
        seen[(stack.kind, stack.colour)] += 1
        if stack.kind in SPECIAL_KINDS and stack.kind not in state.special_kinds:
            yield checks.violation(
                "QU-303",
                N_("The market holds a stack of {kind}, which is not in play."),
                f"/market/{j}",
                kind=room(stack.kind, "gen"),
            )
    for p in state.players:
        for c in p.contracts:
            seen[(c.kind, None)] += 1
    for (kind, hue), n in seen.items():
        if n > 1 and hue:
            yield checks.violation(
                "QU-303",
                N_(
                    "There are {count} stacks of extra {colour} treatment rooms; each colour has one stack."
                ),
                "/market",
                count=n,
                colour=colour(hue, "rooms"),
            )
        elif n > 1:
            yield checks.violation(
                "QU-303",
                N_("There are {count} stacks of {kind}; each kind has one stack."),
                "/market",
                count=n,
                kind=room(kind, "gen"),
            )


@checks.state("QU-304", title=N_("Every cube starts in the bag"))
def all_in_bag(state: State) -> Iterator[Violation]:
    r = state.round
    if r.first_round and r.draws == 0 and r.actions_used == 0 and state.index(r.active) == 0:
        bag = state.bag
        if bag.coloured() != PATIENTS_PER_COLOUR * 4 or bag.grey + state.grey_supply != GREY_CUBES:
            yield checks.violation(
                "QU-304",
                N_("At the start of the game every cube is in the bag; it holds {count} of 128."),
                "/bag",
                count=bag.total(),
            )


@checks.state("QU-305", title=N_("Who plays first"))
def first_player_starts(state: State) -> Iterator[Violation]:
    first, active = state.players[0].name, state.round.active
    nothing_drawn = state.bag.coloured() == PATIENTS_PER_COLOUR * 4
    if state.round.first_round and nothing_drawn and active != first:
        yield checks.violation(
            "QU-305",
            N_(
                "No patient cube has left the bag yet, so the game is at its first round: {first}, the first player, plays it, not {active}."
            ),
            "/round/active",
            first=first,
            active=active,
        )


@checks.state("QU-306", title=N_("The action discs and the bag"))
def bag_holder(state: State) -> Iterator[Violation]:
    i = state.index(state.round.active)
    left = state.players[(i + 1) % len(state.players)].name
    if state.round.bag_holder != left:
        yield checks.violation(
            "QU-306",
            N_("The bag belongs with {left}, on the active player's left, not {holder}."),
            "/round/bag_holder",
            left=left,
            holder=state.round.bag_holder,
        )
