"""Pieces and goods moving between a player's supply, the general supply and the table:
what ``apply`` uses to take workers, pay costs and gain outputs."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ...core.i18n import N_, Message
from .data import AIRCRAFT_LIMIT, FUEL_LIMIT, SPY_LIMIT
from .logic import WORKER_KEYS, general_supply
from .models import GREY, Amounts, GeneralSupply, Piece, Player, State, WorkerRef, Workers
from .rules import checks
from .vocab import amount as amount_of

PLURAL = {"laborer": "laborers", "engineer": "engineers", "scientist": "scientists"}


LIMITS = {
    "plutonium": FUEL_LIMIT,
    "uranium": FUEL_LIMIT,
    "fighters": AIRCRAFT_LIMIT,
    "bombers": AIRCRAFT_LIMIT,
    "spies": SPY_LIMIT,
}


def take(p: Player, refs: Sequence[WorkerRef]) -> list[Piece]:
    pieces = []
    for r in refs:
        pool = p.contractors if r.contractor else p.workers
        setattr(pool, PLURAL[r.kind], pool.get(r.kind) - 1)
        pieces.append(Piece(kind=r.kind, colour=GREY if r.contractor else p.colour))
    return pieces


def pay(p: Player, cost: dict[str, int] | Amounts) -> None:
    for what, amount in cost.items():
        if what in WORKER_KEYS:  # not a printed cost (MP-710), but never crash on it
            kind = what[:-1]
            own = min(amount, p.workers.get(kind))
            setattr(p.workers, what, p.workers.get(kind) - own)
            setattr(p.contractors, what, p.contractors.get(kind) - (amount - own))
        else:
            setattr(p, what, getattr(p, what) - amount)


def gain(
    state: State,
    p: Player,
    output: dict[str, int] | Amounts,
    contractors: int | None,
    out: list[Message],
) -> None:
    items = output.items()
    for what, amount in items:
        if what in LIMITS:
            new = min(LIMITS[what], getattr(p, what) + amount)
            setattr(p, what, max(new, getattr(p, what)))
        elif what in ("money", "yellowcake"):
            setattr(p, what, getattr(p, what) + amount)
        else:
            kind = what[:-1]
            own, grey = general_supply(state, p.colour, kind)
            if contractors is None:
                n_own = min(own, amount)
                n_grey = min(grey, amount - n_own)
            else:
                n_grey, n_own = contractors, amount - contractors
            setattr(p.workers, what, p.workers.get(kind) + n_own)
            setattr(p.contractors, what, p.contractors.get(kind) + n_grey)
            if n_own + n_grey == 0 < amount:
                out.append(
                    checks.message(
                        N_("The general supply had none left: {player} gets nothing."),
                        player=checks.name("colour", p.colour),
                    )
                )
            elif n_own + n_grey < amount:
                out.append(
                    checks.message(
                        N_("The general supply ran short: {player} gets {got}."),
                        player=checks.name("colour", p.colour),
                        got=amount_of(what, n_own + n_grey),
                    )
                )


def follow_general_supply(
    supply: GeneralSupply, before: Counter[tuple[str, str]], after: Counter[tuple[str, str]]
) -> None:
    """A counted general supply gives or takes back what came into or left play (MP-214)."""
    for (colour, kind), n in (after - before).items():
        _add(supply, colour, kind, -n)
    for (colour, kind), n in (before - after).items():
        _add(supply, colour, kind, n)


def _add(supply: GeneralSupply, colour: str, kind: str, n: int) -> None:
    if colour == GREY:
        pool: Workers | None = supply.contractors
    else:
        pool = next((w for c, w in supply.workers.items() if c == colour), None)
    if pool is not None:
        setattr(pool, PLURAL[kind], max(0, pool.get(kind) + n))
