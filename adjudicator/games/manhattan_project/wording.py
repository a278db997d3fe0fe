"""How a move is said, in a sentence the player to move reads: the parts each kind's words
share (:mod:`.moves`; the alternatives and the listed legal actions say moves so).

A sentence names everything that tells two moves apart: the worker (one of the player's own
or a contractor), the space, the output chosen, the contractors a university's gain comes as,
and the pieces that staff a building or a bomb.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from ...core.i18n import N_, Localized, Message, N_plural
from .data import SPACE_SPECS
from .logic import WORKER_KEYS
from .models import KINDS, State
from .vocab import (
    amount,
    amounts,
    building_place,
    joined,
    message,
    worker_name,
)

Data = dict[str, Any]


def said_worker(data: Data, *, instrument: bool) -> Message:
    """The worker a move places: "one of your laborers" or "a contractor (laborer)"; with
    ``instrument``, the same after "with" (each language words the two apart)."""
    ref = data.get("worker") or {}
    kind = ref.get("kind", "laborer")
    if ref.get("contractor") and instrument:
        return message(N_("with a contractor ({kind})"), kind=worker_name(kind))
    if ref.get("contractor"):
        return message(N_("a contractor ({kind})"), kind=worker_name(kind))
    if instrument:
        return message(N_("with one of your {kind}"), kind=worker_name(kind, "pl"))
    return message(N_("one of your {kind}"), kind=worker_name(kind, "pl"))


def said_staff(refs: Sequence[Data]) -> Localized:
    """The pieces that staff a building or a bomb: "2 laborers and 1 contractor (engineer)"."""
    own = Counter(r["kind"] for r in refs if not r.get("contractor"))
    grey = Counter(r["kind"] for r in refs if r.get("contractor"))
    parts: list[object] = [amount(kind + "s", own[kind]) for kind in KINDS if own[kind]]
    parts += [
        message(
            N_plural("{count} contractor ({kind})", "{count} contractors ({kind})"),
            count=grey[kind],
            kind=worker_name(kind),
        )
        for kind in KINDS
        if grey[kind]
    ]
    return joined(parts) if parts else message(N_("nothing"))


def said_gain(data: Data) -> Localized | None:
    """What a central space gives, where the move chooses it: its output option, and how
    many of a university's workers come as contractors."""
    spec = SPACE_SPECS[data["space"]]
    output = spec.outputs[data.get("output") or 0] if spec.outputs else {}
    grey = data.get("contractors")
    if grey is None and data.get("output") is None:
        return None
    gain = amounts(output)
    gained = sum(n for k, n in output.items() if k in WORKER_KEYS)
    if not grey or not gained:
        return gain
    if grey >= gained:
        return message(
            N_plural("{gain} as a contractor", "{gain} as contractors"), count=gained, gain=gain
        )
    return message(
        N_plural(
            "{gain}, {count} of them as a contractor", "{gain}, {count} of them as contractors"
        ),
        count=grey,
        gain=gain,
    )


def said_building(state: State, owner: str, index: int) -> Message | None:
    player = state.player(owner)
    if player is None or index >= len(player.buildings):
        return None
    return building_place(player.colour, index, player.buildings[index].kind)


def said_given(amount_: Any) -> Localized:
    """Amounts as a player reads them: only what is not zero."""
    data = amount_.model_dump() if hasattr(amount_, "model_dump") else dict(amount_)
    return amounts({k: v for k, v in data.items() if v})


def said_building_choice(state: State, data: Data) -> tuple[Any, Any]:
    """The output and the cost a placement on a building chooses, where its card offers a
    choice of them (``None`` where it does not)."""
    player = state.player(data.get("owner") or state.turn.active)
    if player is None or data["building"] >= len(player.buildings):
        return None, None
    card = player.buildings[data["building"]]
    if len(card.outputs) < 2 and len(card.costs) < 2:
        return None, None
    gain = said_given(card.outputs[data.get("output") or 0]) if card.outputs else None
    if len(card.costs) < 2 or gain is None:
        return gain, None
    return gain, said_given(card.costs[data.get("cost") or 0])


#: The moves said without a parameter.
