# ruff: noqa: E501
"""Renovate: the move, its checks, its effect, how it is listed and said."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Annotated, Any, Literal

from pydantic import Field, model_validator

from ....core.errors import InvalidValue
from ....core.i18n import N_, Message, N_plural
from ....core.moves import MoveKind
from ....core.verdicts import Violation
from .. import vocab as words
from ..geometry import (
    layout,
    place_tile,
    tile_at,
)
from ..models import (
    DOMAIN,
    At,
    LooseTile,
    Player,
    Rotation,
    State,
    Strict,
)
from ..rules import checks
from ..rules.common import active, as_pos

Candidate = dict[str, Any]


class RenovateStep(Strict):
    """One tile of a renovation. Its rotation afterwards is stated (``rotation``) or
    relative (``turn``, clockwise from where it lies; for a tile from beside the hospital,
    from its printed sides); with neither, a moved tile keeps its rotation."""

    source: At | None = Field(None, description="a hospital tile to move, turn or remove")
    set_aside: Annotated[int, Field(ge=0, le=10)] | None = None
    to: At | None = Field(None, description="null: remove it beside the hospital")
    rotation: Rotation | None = Field(None, description="the rotation afterwards, if stated")
    turn: Rotation = Field(0, description="degrees to turn the tile clockwise")

    @model_validator(mode="after")
    def _one(self) -> RenovateStep:
        if (self.source is None) == (self.set_aside is None):
            raise InvalidValue(DOMAIN, N_("Give exactly one of `source` and `set_aside`."))
        if self.set_aside is not None and self.to is None:
            raise InvalidValue(DOMAIN, N_("A tile from beside the hospital needs a place (`to`)."))
        if self.rotation is not None and self.turn:
            raise InvalidValue(DOMAIN, N_("Give `rotation` or `turn`, not both."))
        return self

    def rotation_from(self, current: int) -> int:
        """The tile's rotation after this step, from its ``current`` one."""
        if self.rotation is not None:
            return self.rotation
        return (current + self.turn) % 360


class Renovate(Strict):
    type: Literal["renovate"]
    steps: list[RenovateStep] = Field(min_length=1, max_length=10)


KIND = MoveKind(
    Renovate, checks, section="actions", label=N_("Renovate"), rule="QU-626", weight=1.0
)


@KIND.check(
    "QU-626",
    "QU-627",
    "QU-628",
    "QU-703",
    "QU-418",
    "QU-301",
    title=N_("Renovate"),
)
def renovate(state: State, move: Renovate) -> Iterator[Violation]:
    i, player = active(state)
    lay = layout(state, i)
    if state.round.renovated:
        yield checks.violation(
            "QU-626",
            N_("{player} has already renovated this round."),
            "/round/renovated",
            player=player.name,
        )
    sources = [as_pos(s.source) for s in move.steps if s.source is not None]
    maintenance = bool(lay.working("maintenance"))
    most = 4 if maintenance else 2
    if len(sources) > most:
        yield checks.violation(
            "QU-703" if maintenance else "QU-627",
            N_("A renovation changes at most {most} hospital tiles, not {count}."),
            "/move/steps",
            most=most,
            count=len(sources),
        )
    if len(set(sources)) != len(sources):
        yield checks.violation(
            "QU-627", N_("A tile is named twice in the renovation."), "/move/steps"
        )
    indexes = [s.set_aside for s in move.steps if s.set_aside is not None]
    if len(set(indexes)) != len(indexes) or any(k >= len(player.set_aside) for k in indexes):
        yield checks.violation(
            "QU-418",
            N_("{player} has no such tile beside the hospital."),
            "/move/steps",
            player=player.name,
        )
    for k, pos in enumerate(sources):
        tile = lay.tiles.get(pos)
        if tile is None:
            yield checks.violation(
                "QU-627",
                N_("{player} has no tile {place}."),
                f"/move/steps/{k}/source",
                player=player.name,
                place=words.at(lay.tiles, pos),
            )
        elif tile.grey or tile.patients:
            yield checks.violation(
                "QU-628",
                N_(
                    "The tile {place} is quarantined or holds a patient; renovation cannot touch it."
                ),
                f"/move/steps/{k}/source",
                place=words.at(lay.tiles, pos),
            )
        elif (
            tile.kind == "lobby"
            and next(s for s in move.steps if s.source and as_pos(s.source) == pos).to is None
        ):
            yield checks.violation(
                "QU-301", N_("The lobby cannot leave the hospital."), f"/move/steps/{k}/to"
            )


@KIND.apply
def effect(s: State, me: Player, move: Renovate) -> list[Message]:
    s.round.renovated = True
    lifted: list[tuple[LooseTile, Any, int]] = []
    for step in move.steps:
        if step.source is not None:
            tile = tile_at(me, as_pos(step.source))
            assert tile is not None
            me.hospital.remove(tile)
            loose = LooseTile(
                kind=tile.kind, colour=tile.colour, extra=tile.extra, doors=list(tile.doors)
            )
            lifted.append((loose, step.to, step.rotation_from(tile.rotation)))
    for k in sorted({st.set_aside for st in move.steps if st.set_aside is not None}, reverse=True):
        tile_l = me.set_aside.pop(k)
        step = next(st for st in move.steps if st.set_aside == k)
        lifted.append((tile_l, step.to, step.rotation_from(0)))
    for loose, to, rotation in lifted:
        place_tile(me, loose, to, rotation)
    return [
        checks.message(
            N_plural("{player} renovates {count} tile.", "{player} renovates {count} tiles."),
            player=me.name,
            count=len(move.steps),
        )
    ]


@KIND.enumerate
def candidates(state: State) -> Iterator[Candidate]:
    """For each tile a renovation may touch, the first of lifting it beside the hospital and
    turning it in place that is legal."""
    if state.round.renovated:
        return
    i, _ = active(state)
    for (x, y), tile in layout(state, i).tiles.items():
        if tile.grey or tile.patients or tile.kind == "lobby":
            continue
        steps = [{"source": [x, y], "to": None}] + [
            {"source": [x, y], "to": [x, y], "turn": turn} for turn in (90, 180, 270)
        ]
        for step in steps:
            move = {"type": "renovate", "steps": [step]}
            if KIND.is_legal(state, move):
                yield move
                break


@KIND.words
def said(state: State, data: Candidate) -> Message:
    return checks.message(
        N_plural("Renovate {count} tile.", "Renovate {count} tiles."),
        count=len(data.get("steps", ())),
    )


@KIND.listed_words
def listed_as(state: State, data: Candidate) -> Message:
    step = data["steps"][0]
    place = words.at(layout(state, active(state)[0]).tiles, tuple(step["source"]))
    if step.get("to") is None:
        return words.say(N_("Renovate: put the tile {place} beside the hospital."), place=place)
    return words.say(
        N_("Renovate: turn the tile {place} by {rotation} degrees."),
        place=place,
        rotation=step["turn"],
    )


@KIND.sample
def sampled(state: State, rng: random.Random) -> list[Candidate]:
    """A random free tile lifted beside the hospital, or turned in place."""
    lay = layout(state, active(state)[0])
    free = [q for q, t in lay.tiles.items() if not t.grey and not t.patients and t.kind != "lobby"]
    if not free:
        return []
    q = rng.choice(free)
    turn = rng.choice((90, 180, 270))
    return [
        {"type": "renovate", "steps": [{"source": list(q), "to": None}]},
        {"type": "renovate", "steps": [{"source": list(q), "to": list(q), "turn": turn}]},
    ]
