"""scripts/entry_bound.py: the least taps any editor needs to enter a table, as facts by
which it differs from the setup (issue 26). A state one fact away from its setup counts 1;
what the rules fix from the rest counts 0."""

from __future__ import annotations

import copy
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))

from entry_bound import BOUNDS, bound

from adjudicator.games import get_game


def setup(game_id: str, players: int) -> Any:
    game = get_game(game_id)
    return game.state_model.model_validate(game.example(f"setup-{players}p")).model_dump(
        mode="json"
    )


def facts(game_id: str, before: Any, after: Any) -> int:
    return BOUNDS[game_id](before, after).total()


def test_one_fact_each() -> None:
    mp = setup("manhattan-project", 3)
    after = copy.deepcopy(mp)
    after["players"][0]["money"] += 3
    after["bomb_deck"] -= 1  # (a deck's count follows from the cards: MP-209)
    assert facts("manhattan-project", mp, after) == 1
    after["board"]["reactor"].append({"kind": "laborer", "colour": after["players"][1]["colour"]})
    after["players"][1]["workers"]["laborers"] -= 1  # (the worker placed, not a count set)
    assert facts("manhattan-project", mp, after) == 2
    after["players"][2]["buildings"].append(copy.deepcopy(mp["market"][0]))
    assert facts("manhattan-project", mp, after) == 3  # (a market card moved: which one)

    im = setup("imperial", 6)
    after = copy.deepcopy(im)
    after["units"].append({"nation": "AH", "kind": "army", "region": "greece", "count": 2})
    after["nations"]["AH"]["flags"].append("greece")  # (comes with the army: IM-615)
    assert facts("imperial", im, after) == 2

    qu = setup("quarantine", 2)
    after = copy.deepcopy(qu)
    after["players"][0]["hospital"][1]["patients"] = ["red"]
    after["bag"]["red"] -= 1  # (the bag's count follows: QU-201)
    assert facts("quarantine", qu, after) == 1


@pytest.mark.parametrize("game_id", list(BOUNDS))
def test_the_mid_game_bound_is_printed_with_its_parts(game_id: str) -> None:
    found = bound(game_id)
    assert found["facts"] == sum(found["by_kind"].values()) > 0
    assert found["reachable"] == (found["facts"] <= found["target"])
