# ruff: noqa: E501
"""Section ``special`` of rules.toml (QU-7xx): the special rooms."""

from __future__ import annotations

from collections.abc import Iterator

from ....core.i18n import N_, N_plural
from ....core.verdicts import Violation
from .. import vocab as words
from ..data import (
    box_cubes,
)
from ..geometry import Layout, layout
from ..models import State
from ..moves import BuySpecial, Cafeteria, GiftShop, Pathology, Pharmacy
from ..vocab import at
from . import checks
from .common import active, room_missing


@checks.state("QU-711", title=N_("Containment"))
def containment(state: State) -> Iterator[Violation]:
    for i, p in enumerate(state.players):
        for j, t in enumerate(p.hospital):
            if t.kind == "containment" and t.grey:
                yield checks.violation(
                    "QU-711",
                    N_(
                        "{player}'s Containment {place} holds a grey cube; it can never be quarantined."
                    ),
                    f"/players/{i}/hospital/{j}/grey",
                    player=p.name,
                    place=at(layout(state, i).tiles, (t.x, t.y)),
                )


@checks.state("QU-713", title=N_("Lab"))
def lab_greys(state: State) -> Iterator[Violation]:
    for i, p in enumerate(state.players):
        if p.supply.grey and not (
            layout(state, i).has("lab") or any(t.kind == "lab" for t in p.set_aside)
        ):
            yield checks.violation(
                "QU-713",
                N_plural(
                    "{player} keeps {count} grey cube but has no Lab.",
                    "{player} keeps {count} grey cubes but has no Lab.",
                ),
                f"/players/{i}/supply/grey",
                player=p.name,
                count=p.supply.grey,
            )


@checks.state("QU-714", title=N_("Emergency"))
def emergency(state: State) -> Iterator[Violation]:
    for i, p in enumerate(state.players):
        for j, t in enumerate(p.hospital):
            if t.kind == "emergency" and len(t.patients) > 1:
                yield checks.violation(
                    "QU-714",
                    N_("{player}'s Emergency holds {count} patients; it takes one."),
                    f"/players/{i}/hospital/{j}/patients",
                    player=p.name,
                    count=len(t.patients),
                )


@checks.move("QU-706", title=N_("Security"))
def security(state: State, move: BuySpecial) -> Iterator[Violation]:
    if move.payment_to is None:
        return
    seller_i = state.index(move.seller) if move.seller else -1
    gets = seller_i >= 0 and bool(layout(state, seller_i).working("security"))
    wanted = "seller" if gets else "box"
    if move.payment_to != wanted:
        yield checks.violation(
            "QU-706",
            N_(
                "The payment goes to the seller: a working Security in the seller's hospital sends it there."
            )
            if gets
            else N_(
                "The payment goes to the box: only a working Security in the seller's hospital sends it to the seller."
            ),
            "/move/payment_to",
        )


@checks.move("QU-707", "QU-701", "QU-418", title=N_("Pharmacy"))
def pharmacy(state: State, move: Pharmacy) -> Iterator[Violation]:
    i, player = active(state)
    found = list(room_missing(state, i, "pharmacy", "QU-707"))
    yield from found
    if not found and not player.line:
        yield checks.violation(
            "QU-707", N_("{player}'s waiting line is empty."), "/move", player=player.name
        )


@checks.move("QU-710", "QU-713", "QU-701", "QU-418", title=N_("Pathology"))
def pathology(state: State, move: Pathology) -> Iterator[Violation]:
    i, _ = active(state)
    if state.round.pathology_used:
        yield checks.violation(
            "QU-710", N_("Pathology has already been used this round."), "/round/pathology_used"
        )
    yield from room_missing(state, i, "pathology", "QU-710")
    t = state.index(move.player)
    x, y = move.corner
    if t < 0 or not any(
        (p in layout(state, t).tiles and layout(state, t).tiles[p].grey)
        for p in Layout.station_tiles((x, y))
    ):
        yield checks.violation(
            "QU-710",
            N_("The 2×2 area whose lower left square is {place} holds no grey cube."),
            "/move/corner",
            place=words.at(layout(state, t).tiles if t >= 0 else (), (x, y)),
        )
    if move.keep:
        yield from room_missing(state, i, "lab", "QU-713", "/move/keep")


@checks.move("QU-705", "QU-701", "QU-418", title=N_("Gift Shop"))
def gift_shop(state: State, move: GiftShop) -> Iterator[Violation]:
    i, _ = active(state)
    yield from room_missing(state, i, "gift_shop", "QU-705")
    if box_cubes(state).get(move.colour) == 0:
        yield checks.violation(
            "QU-705",
            N_("The box holds no spent {colour} cube."),
            f"/box/{move.colour}",
            colour=words.colour(move.colour, "cube"),
        )


@checks.move("QU-712", "QU-701", "QU-418", title=N_("Cafeteria"))
def cafeteria(state: State, move: Cafeteria) -> Iterator[Violation]:
    i, player = active(state)
    r = state.round
    yield from room_missing(state, i, "cafeteria", "QU-712")
    if r.cafeteria_used or r.actions_used or r.draws:
        yield checks.violation(
            "QU-712", N_("The Cafeteria works once, at the start of the round."), "/round"
        )
    if state.marker_supply:
        if move.source is not None:
            yield checks.violation(
                "QU-712", N_("The supply still has markers: take one from there."), "/move/source"
            )
    else:
        other = state.player(move.source or "")
        if other is None or other.name == player.name or other.markers == 0:
            yield checks.violation(
                "QU-712",
                N_("The supply is empty: name an opponent who holds a marker."),
                "/move/source",
            )
