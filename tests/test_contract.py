"""The typed game contract: what every game names, checked over every registered game."""

from __future__ import annotations

import random

from adjudicator.core.checks import Kind
from adjudicator.core.game import Game

# ``game`` is every registered game (tests/conftest.py).


def test_every_game_names_a_sampler_that_plays(game: Game) -> None:
    sampler = game.sampler
    assert sampler is not None
    rng = random.Random(1)
    state = game.parse_state(sampler.setup(rng))
    moves = sampler.sample_moves(state, rng)
    assert moves and all(m["type"] in game.move_types for m in moves)
    assert all(game.adjudicate_parsed(state, game.parse_move(m)).legal for m in moves[:3])


def test_every_game_names_its_rulebooks(game: Game) -> None:
    assert game.rulebooks
    cited = {s.seed for rule in game.catalog for s in rule.sources}
    assert cited <= set(game.rulebooks)


def test_move_checks_name_only_moves_the_game_has(game: Game) -> None:
    for check in [*game.checks.of_kind(Kind.MOVE), *game.checks.of_kind(Kind.EFFECT)]:
        unknown = set(check.moves) - set(game.move_types)
        assert not unknown, f"{check.id} concerns unknown move types {sorted(unknown)}"


def test_move_types_are_those_of_the_move_union(game: Game) -> None:
    mapping = game.schema("move").get("discriminator", {}).get("mapping", {})
    assert len(game.move_types) == len(mapping) and set(game.move_types) == set(mapping)
