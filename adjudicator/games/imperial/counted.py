"""What lies beside the board, kept counted through a move: the bank, each nation's spare
armies, fleets and flags, and the spare factories (each only where the state counts it)."""

from __future__ import annotations

from .logic import on_board
from .models import State


def conserve(before: State, new: State) -> None:
    """Keep the counted pieces and money beside the board in step with the board: what a
    move takes from the table comes from beside it, and what it removes goes back."""
    if before.bank is not None:
        new.bank = before.bank - (_in_play(new) - _in_play(before))
    for nid, n in new.nations.items():
        spare = before.nations[nid].spare
        if spare is None:
            continue
        was, now = _on_board(before, nid), _on_board(new, nid)
        n.spare = spare.model_copy(
            update={k: getattr(spare, k) - (now[k] - was[k]) for k in ("armies", "fleets", "flags")}
        )
    if before.spare_factories is not None:
        was_built, now_built = _built(before), _built(new)
        new.spare_factories = before.spare_factories.model_copy(
            update={
                k: getattr(before.spare_factories, k) - (now_built[k] - was_built[k])
                for k in ("armaments", "shipyard")
            }
        )


def _in_play(state: State) -> int:
    return sum(p.cash for p in state.players) + sum(n.treasury for n in state.nations.values())


def _on_board(state: State, nation: str) -> dict[str, int]:
    pieces = on_board(state)
    return {
        "armies": pieces[(nation, "army")],
        "fleets": pieces[(nation, "fleet")],
        "flags": len(state.nations[nation].flags),
    }


def _built(state: State) -> dict[str, int]:
    kinds = [f.kind for n in state.nations.values() for f in n.factories]
    return {"armaments": kinds.count("armaments"), "shipyard": kinds.count("shipyard")}
