"""Random playouts: from each game's setup, play sampled legal moves and check every step.

``python -m adjudicator.soak --moves 100000 [--seed N] [--game G]`` plays that many moves
per game (for each game that names a sampler). After each move:

* the move is legal (the sampler only proposes legal moves);
* the resulting state checks clean (no state rule is broken);
* a mutated, illegal variant of the move (made by the sampler's mutation helper, when it
  has one) is rejected with at least one rule ID.

When a game ends, or no move can be sampled, the playout starts again from a setup with
the next seed. The same machinery serves the playout tests: :func:`soak_game` returns what
it found rather than raising, so that a test can assert on it.

A game names its sampler in ``Game.sampler`` (a :class:`~adjudicator.core.game.Sampler`,
usually its ``sampler.py``): ``setup(rng)``, ``sample_moves(state, rng)`` (legal moves in a
parsed state) and ``mutate_move(state, move, rng)`` (an illegal variant of a legal move, or
``None`` when it has none for that move).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from .core.errors import MalformedInput
from .core.game import Game, Sampler

# --- a game's sampler (``Game.sampler``) ---------------------------------------------------


def as_json(value: Any) -> Any:
    """A state or move as JSON data (pydantic models are dumped)."""
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    return value


def sampled_moves(game: Game, sampler: Sampler, state: Any, rng: random.Random) -> list[Any]:
    """The moves the sampler proposes in ``state`` (JSON), as JSON."""
    return [as_json(m) for m in sampler.sample_moves(game.parse_state(state), rng)]


def setup_state(game: Game, sampler: Sampler | None, rng: random.Random) -> dict[str, Any]:
    """A state to start a playout from: the sampler's setup, or a ``setup*`` example."""
    if sampler is not None:
        data: dict[str, Any] = as_json(sampler.setup(rng))
        return data
    names = [n for n in game.example_names() if n.startswith("setup")]
    return game.example(rng.choice(names) if names else None)


def one_legal_move(game: Any, rng: random.Random) -> tuple[Any, Any, str] | None:
    """A (state, move, where-from) with a legal move: from the sampler, else from a case."""
    sampler = game.sampler
    if sampler is not None:
        names = [game.default_example] + [
            n for n in game.example_names() if n != game.default_example
        ]
        for name in names:
            try:
                state = game.example(name)
                moves = sampled_moves(game, sampler, state, rng)
            except Exception:  # a sampler in progress: fall back to the cases
                continue
            for move in moves[:50]:
                try:
                    if game.adjudicate(state, move).legal:
                        return state, move, f"sampler on {name}"
                except MalformedInput:
                    continue
    for case in game.cases:
        if case.kind == "move" and case.expect.get("legal") is True:
            return case.build_state(game), dict(case.move or {}), f"case {case.id}"
    return None


# --- playing --------------------------------------------------------------------------------


@dataclass
class SoakResult:
    game: str
    moves: int = 0
    playouts: int = 0
    mutants: int = 0
    mutants_skipped: int = 0
    seconds: float = 0.0
    move_types: Counter[str] = field(default_factory=Counter)
    rules_hit: Counter[str] = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.failures

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "moves": self.moves,
            "playouts": self.playouts,
            "mutants_rejected": self.mutants,
            "mutants_skipped": self.mutants_skipped,
            "seconds": round(self.seconds, 1),
            "move_types": dict(self.move_types.most_common()),
            "rules_hit_by_mutants": dict(self.rules_hit.most_common()),
            "failures": self.failures,
            "notes": self.notes,
        }


def _short(value: Any, limit: int = 300) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "…"


def soak_game(
    game: Any,
    moves: int,
    seed: int = 0,
    *,
    max_failures: int = 10,
    seconds: float | None = None,
    progress: Callable[[SoakResult], None] | None = None,
) -> SoakResult:
    """Play ``moves`` sampled legal moves of ``game`` (fewer if ``seconds`` run out)."""
    result = SoakResult(game.id)
    sampler = game.sampler
    if sampler is None:
        result.notes.append("no sampler: nothing played")
        return result
    start = time.perf_counter()
    deadline = start + seconds if seconds else None
    playout_seed = seed
    rng = random.Random(playout_seed)
    state: Any = None

    def fail(message: str) -> None:
        result.failures.append(f"seed {playout_seed}, move {result.moves}: {message}")

    while result.moves < moves and len(result.failures) < max_failures:
        if deadline is not None and time.perf_counter() > deadline:
            result.notes.append(f"stopped at the time limit ({seconds} s)")
            break
        if state is None:
            rng = random.Random(playout_seed)
            state = setup_state(game, sampler, rng)
            result.playouts += 1
            report = game.check(state)
            if not report.valid:
                fail(f"the setup does not check clean: {sorted(report.rules)}")
                break
        after = _play_one(game, sampler, state, rng, result, fail)
        if after is None:  # the game is over, stuck or failed: start again
            state, playout_seed = None, playout_seed + 1
            continue
        state = after
        if progress is not None and result.moves % 1000 == 0:
            progress(result)
    result.seconds = time.perf_counter() - start
    _closing_notes(game, result)
    return result


def _play_one(
    game: Game,
    sampler: Sampler,
    state: Any,
    rng: random.Random,
    result: SoakResult,
    fail: Callable[[str], None],
) -> Any:
    """Play one sampled legal move from ``state`` and check it: the state after it, or
    ``None`` when the playout must start again (no move left, or a failure ``fail`` got)."""
    try:
        candidates = sampled_moves(game, sampler, state, rng)
    except Exception as exc:
        fail(f"the sampler failed: {exc!r}")
        return None
    if not candidates:
        return None
    move = rng.choice(candidates)
    try:
        verdict = game.adjudicate(state, move)
    except MalformedInput as exc:
        fail(f"the sampled move is malformed: {exc} move={_short(move)}")
        return None
    if not verdict.legal:
        fail(f"the sampled move is illegal: {sorted(verdict.rules)} move={_short(move)}")
        return None
    after = verdict.state
    try:
        report = game.check(after)
    except MalformedInput as exc:
        fail(f"the resulting state is malformed: {exc} after move={_short(move)}")
        return None
    if not report.valid:
        fail(f"the resulting state breaks {sorted(report.rules)} after move={_short(move)}")
        return None
    _check_mutant(game, sampler, state, move, rng, result, fail)
    result.moves += 1
    result.move_types[str(move.get("type")) if isinstance(move, dict) else "?"] += 1
    return after


def _closing_notes(game: Game, result: SoakResult) -> None:
    """What the playouts never did: move types never played, mutations never made."""
    never = [t for t in game.move_types if t not in result.move_types]
    if never and result.moves:
        result.notes.append("move types never played: " + ", ".join(never))
    if result.moves and not result.mutants:
        result.notes.append(
            "no mutation: the sampler's mutate_move made no illegal variant, so none was checked"
        )


def _check_mutant(
    game: Game,
    sampler: Sampler,
    state: Any,
    move: Any,
    rng: random.Random,
    result: SoakResult,
    fail: Callable[[str], None],
) -> None:
    try:
        bad = sampler.mutate_move(game.parse_state(state), move, rng)
    except Exception as exc:
        fail(f"the mutation helper failed: {exc!r} move={_short(move)}")
        return
    if bad is None:
        result.mutants_skipped += 1
        return
    bad = as_json(bad)
    try:
        verdict = game.adjudicate(state, bad)
    except MalformedInput as exc:
        fail(f"the mutant is malformed, not rejected by a rule: {exc} mutant={_short(bad)}")
        return
    if verdict.legal:
        fail(f"the mutant is accepted: mutant={_short(bad)} from move={_short(move)}")
        return
    if not all(v.rule for v in verdict.violations):
        fail(f"a rejection names no rule: mutant={_short(bad)}")
        return
    result.mutants += 1
    result.rules_hit.update(verdict.rules)


def soak(
    games: Iterable[Any],
    moves: int,
    seed: int = 0,
    *,
    seconds: float | None = None,
    out: Any = None,
) -> list[SoakResult]:
    out = out or sys.stderr
    results = []
    for game in games:

        def progress(r: SoakResult) -> None:
            out.write(
                f"  {r.game}: {r.moves} moves, {r.playouts} playouts, "
                f"{r.mutants} mutants rejected, {len(r.failures)} failures\n"
            )
            out.flush()

        out.write(f"{game.id}: playing {moves} moves from seed {seed}\n")
        results.append(soak_game(game, moves, seed, seconds=seconds, progress=progress))
    return results


def main(argv: Sequence[str] | None = None) -> int:
    import json

    from .games import available_games, get_game

    parser = argparse.ArgumentParser(
        prog="python -m adjudicator.soak",
        description="Play random legal moves of each game and check every step.",
    )
    parser.add_argument("--moves", type=int, default=100_000, help="moves per game")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument(
        "--seconds", type=float, default=None, help="stop each game after this long, if sooner"
    )
    parser.add_argument("--format", choices=("text", "json"), default="text")
    args = parser.parse_args(argv)
    games = [get_game(g) for g in args.game] if args.game else available_games()
    results = soak(games, args.moves, args.seed, seconds=args.seconds)
    if args.format == "json":
        json.dump([r.to_json() for r in results], sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        for r in results:
            status = "ok" if r.ok else f"{len(r.failures)} FAILURE(S)"
            sys.stdout.write(
                f"{r.game:<20} {r.moves:>8} moves {r.playouts:>6} playouts "
                f"{r.mutants:>8} mutants rejected {r.seconds:>8.1f} s  {status}\n"
            )
            if r.move_types:
                types = ", ".join(f"{k} {v}" for k, v in r.move_types.most_common())
                sys.stdout.write(f"    move types: {types}\n")
            for line in r.notes + r.failures:
                sys.stdout.write(f"    {line}\n")
    return 0 if all(r.ok for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
