"""Imperial's "What may I do now?" (issue 16): the rondel spaces in reach, what each offers,
the maneuver's one-unit moves, the investing, and the CLI and the API in two languages."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from adjudicator.cli import main
from adjudicator.core.leaks import LeakDetector
from adjudicator.games import get_game
from adjudicator.games.imperial.models import RONDEL
from web import create_app

IM = "imperial"
GAME = get_game(IM)


def _state(name: str = "mid-game", **changes: Any) -> dict[str, Any]:
    data = GAME.example(name)
    data.update(changes)
    return data


def _spaces(options: Any) -> set[str]:
    return {a.move["space"] for a in options.actions if "space" in a.move}


@pytest.mark.parametrize("name", GAME.example_names())
def test_every_example_lists_only_legal_actions_in_words(name: str) -> None:
    state = GAME.example(name)
    found = GAME.options_of(state)
    detector = LeakDetector.for_game(GAME)
    for action in found.actions:
        assert GAME.adjudicate(state, action.move).legal, action.move
    for lang in ("el", "zh_TW"):
        said = found.to_json(lang)
        texts = [a["description"] for a in said["actions"]] + said["notes"]
        texts += [a["group"] for a in said["actions"] if a["group"]]
        texts += [e for a in said["actions"] for e in a["effects"]]
        for text in texts:
            assert not detector.scan(text, lang), (name, text)


def test_the_end_leaves_nothing_to_do() -> None:
    found = GAME.options_of(GAME.example("end"))
    assert found.actions == () and found.notes == ()


def test_from_the_centre_every_space_is_free() -> None:
    found = GAME.options_of(GAME.example("setup-4p"))
    assert _spaces(found) == set(RONDEL)
    effects = [e.render("en") for a in found.actions for e in a.effects]
    assert effects and not any("for the extra spaces" in e for e in effects)
    words = [a.description.render("en") for a in found.actions]
    assert all(", from the centre, free: " in w for w in words)


def test_six_spaces_ahead_with_their_cost() -> None:
    found = GAME.options_of(_state())  # Austria-Hungary on Taxation, Anna has 8M
    assert _spaces(found) == set(RONDEL) - {"taxation", "maneuver_2"}
    costs = {
        a.move["space"]: a.description.render("en").split(": ")[0]
        for a in found.actions
        if not a.move.get("investments")
    }
    assert costs["factory"] == "Factory, 1 space on, free"
    assert costs["investor"] == "Investor, 4 spaces on, 2M"
    assert costs["production_2"] == "Production (second space), 6 spaces on, 6M"


@pytest.mark.parametrize("here", RONDEL)
def test_each_rondel_position_reaches_six_spaces_and_invests_on_the_way(here: str) -> None:
    state = _state()
    state["nations"]["AH"]["rondel"] = here
    state["players"][0]["cash"] = 20  # Anna can pay for every space
    found = GAME.options_of(state)
    start = RONDEL.index(here)
    ahead = {RONDEL[(start + steps) % 8]: steps for steps in range(1, 7)}
    assert _spaces(found) == set(ahead)
    for action in found.actions:
        steps = ahead[action.move["space"]]
        said = action.description.render("en").split(": ")[0]
        cost = f"{2 * (steps - 3)}M" if steps > 3 else "free"
        assert said.endswith(f"{steps} space{'s' if steps > 1 else ''} on, {cost}"), said
    investing = {a.move["space"] for a in found.actions if a.move.get("investments")}
    on_the_way = {
        space
        for space, steps in ahead.items()
        if "investor" in [RONDEL[(start + k) % 8] for k in range(1, steps + 1)]
    }
    assert investing == on_the_way


def test_the_government_pays_only_what_it_has() -> None:
    state = _state()
    state["players"][0]["cash"] = 3  # Anna governs Austria-Hungary
    found = GAME.options_of(state)
    assert _spaces(found) == {"factory", "production_1", "maneuver_1", "investor"}


def test_factory_sites_and_imports() -> None:
    found = GAME.options_of(_state(), "factory")
    sites = {a.move.get("region") for a in found.actions}
    assert sites == {None, "prague", "lemberg", "trieste"}  # Vienna and Budapest are built
    units = [a.move["units"] for a in GAME.options_of(_state(), "import").actions]
    assert [{"kind": "fleet", "region": "trieste"}] in units  # the only port
    assert [{"kind": "fleet", "region": "vienna"}] not in units


def test_taxation_says_its_outcome() -> None:
    state = _state()
    state["nations"]["AH"]["rondel"] = "production_2"
    (action,) = GAME.options_of(state, "taxation").actions
    said = action.description.render("en")
    assert said.startswith("Taxation, 2 spaces on, free: collect ")
    assert "power points" in said
    # An effect check concerns the taxation, so the core applies it: the game's own words.
    (words,) = [e.render("en") for e in action.effects if "its tax marker goes" in e.render("en")]
    assert words.startswith("Austria-Hungary collects ")


def test_passing_the_investor_space_lists_the_purchases_there() -> None:
    found = GAME.options_of(_state())  # Ben holds the investor card
    investing = {a.move["space"] for a in found.actions if a.move.get("investments")}
    assert investing == {"investor", "import", "production_2"}  # landing on it or passing it
    trade = [a for a in found.actions if a.move["space"] == "investor" and a.group]
    heads = {a.group.render("en") for a in trade if a.group is not None}
    assert trade and heads == {"Investor: the bonds Ben may buy"}
    assert {"player": "Ben", "nation": "IT", "bond": 6, "trade_in": 4} in [
        a.move["investments"][0] for a in trade
    ]
    effects = [e.render("en") for e in trade[0].effects]
    assert "Ben takes 2M with the investor card." in effects


def test_without_the_investor_card_bonds_are_bought_after_every_turn() -> None:
    state = _state(variant="no_investor_card", investor_card=None)
    found = GAME.options_of(state)
    investing = {a.move["space"] for a in found.actions if a.move.get("investments")}
    assert investing == _spaces(found)  # every space, not only Investor and beyond


def test_the_expert_opening_offers_the_bonds_on_offer() -> None:
    found = GAME.options_of(GAME.example("expert-opening"))
    assert {a.kind for a in found.actions} == {"opening"}
    assert any("bond" not in a.move for a in found.actions)  # buying none
    assert found.notes == ()


def _maneuvers(state: dict[str, Any]) -> list[Any]:
    return list(GAME.options_of(state, "maneuver").actions)


def test_each_unit_has_its_destinations_by_step_rail_and_convoy() -> None:
    actions = _maneuvers(_state())
    by_unit: dict[str, list[Any]] = {}
    for a in actions:
        if a.group is not None:
            by_unit.setdefault(a.group.render("en"), []).append(a)
    assert set(by_unit) >= {"Army in Trieste", "Army in Greece", "Fleet in Ionian Sea"}
    trieste = {a.move["armies"][0]["route"][-1] for a in by_unit["Army in Trieste"]}
    assert {"vienna", "prague", "venice"} <= trieste  # rail at home, a step abroad
    greece = [a.description.render("en") for a in by_unit["Army in Greece"]]
    assert any("by sea, through Ionian Sea" in w for w in greece)  # convoy
    venice = [
        a.move for a in by_unit["Army in Trieste"] if "venice" in a.move["armies"][0]["route"]
    ]
    assert {m["armies"][0].get("stance") for m in venice} == {"hostile", "friendly"}
    assert any(m.get("battles") == [{"region": "venice", "against": "IT"}] for m in venice)


def test_battles_where_the_units_stand_and_the_notes() -> None:
    found = GAME.options_of(_state(), "maneuver")
    standing = [a.move for a in found.actions if a.move.get("battles") and len(a.move) == 4]
    assert {"region": "romania", "against": "RU"} in [m["battles"][0] for m in standing]
    notes = " ".join(n.render("en") for n in found.notes)
    assert "one unit at a time" in notes and "not listed" in notes


def test_every_unit_move_is_one_unit() -> None:
    for a in _maneuvers(_state()):
        moved = len(a.move.get("fleets", [])) + len(a.move.get("armies", []))
        assert moved <= 1 and len(a.move.get("battles", [])) <= 1


def test_a_kind_alone() -> None:
    found = GAME.options_of(_state(), "investor")
    assert found.kinds == ("investor",)
    assert {a.kind for a in found.actions} == {"investor"}


# --- the CLI and the API ------------------------------------------------------------------


@pytest.fixture
def mid_game(tmp_path: Path) -> Path:
    path = tmp_path / "mid.json"
    path.write_text(json.dumps(_state()), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("lang", "head", "unit"),
    [("en", "legal actions:", "Army in Trieste ("), ("el", "νόμιμες ενέργειες:", "Τεργέστη")],
)
def test_cli_folds_the_maneuver_by_unit(
    capsys: Any, mid_game: Path, lang: str, head: str, unit: str
) -> None:
    assert main(["options", IM, str(mid_game), "--lang", lang, "--kind", "maneuver"]) == 0
    text = capsys.readouterr().out
    assert head in text and unit in text
    assert "trieste" not in text and "maneuver_1" not in text


def test_cli_json(capsys: Any, mid_game: Path) -> None:
    assert main(["options", IM, str(mid_game), "--format", "json", "--lang", "pt"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["count"] == len(data["actions"]) == sum(data["counts"].values())
    assert set(data["counts"]) == {
        "factory",
        "production",
        "maneuver",
        "investor",
        "import",
        "taxation",
        "opening",
    }
    assert any(a["group"] for a in data["actions"]) and data["notes"]


@pytest.fixture
def client() -> FlaskClient:
    return create_app({"TESTING": True}).test_client()


@pytest.mark.parametrize("lang", ["zh_TW", "pt"])
def test_api_lists_the_actions(client: FlaskClient, lang: str) -> None:
    answer = client.post(f"/api/v1/{IM}/options?kind=factory&lang={lang}", json=_state())
    assert answer.status_code == 200
    data = answer.get_json()
    assert data["counts"] == {"factory": 4}
    detector = LeakDetector.for_game(GAME)
    for action in data["actions"]:
        assert action["move"]["type"] == "factory"
        assert not detector.scan(action["description"], lang), action


def test_api_malformed_state(client: FlaskClient) -> None:
    answer = client.post(f"/api/v1/{IM}/options", json={"players": []})
    assert answer.status_code == 422 and answer.get_json()["errors"]


def test_a_swiss_bank_may_stop_the_nation_on_investor() -> None:
    state = _state()
    state["players"][1]["swiss_bank"] = True  # Ben; Austria-Hungary could pass Investor
    forced = [a for a in GAME.options_of(state, "investor").actions if a.move.get("forced_by")]
    assert [a.move["forced_by"] for a in forced] == ["Ben"]
    assert "stopped here by the Swiss bank of Ben" in forced[0].description.render("en")
    state["players"][0]["cash"] = 2  # Anna can pay for Investor, not for a space beyond it
    assert not any(a.move.get("forced_by") for a in GAME.options_of(state, "investor").actions)


SAID_BY_THE_GAME = (
    "{player} pays {cost}M for the extra spaces.",
    "{nation} pays {total}M interest.",
    "{player} takes 2M with the investor card.",
    "{player} buys the {cost}M bond of {nation} for {price}M.",
    "{player} now governs {nation}.",
)


def _units(state: Mapping[str, Any], nation: str) -> int:
    return sum(u.get("count", 1) for u in state["units"] if u["nation"] == nation)


@pytest.mark.parametrize("name", ["mid-game", "setup-3p", "expert-6p"])
def test_the_effects_said_without_applying_are_what_the_move_does(name: str) -> None:
    """The provider says a rondel turn's effects from the state before it; applying the move
    must agree: the game's own words, the treasury paid and the units gained or lost."""
    state = GAME.example(name)
    for action in GAME.options_of(state).actions:
        if action.kind in ("taxation", "opening"):
            continue  # the core applies these, so their effects are the game's own
        verdict = GAME.adjudicate(state, action.move)
        assert verdict.state is not None
        told = {e.render("en") for e in action.effects}
        shared = {e.render("en") for e in action.effects if e.template in SAID_BY_THE_GAME}
        assert shared <= {e.render("en") for e in verdict.effects}, action.move
        nation = action.move["nation"]
        paid = state["nations"][nation]["treasury"] - verdict.state["nations"][nation]["treasury"]
        if action.kind in ("factory", "import") and not action.move.get("investments"):
            named = [t for t in told if "from its treasury" in t]
            assert named == ([f"{_name(nation)} pays {paid}M from its treasury."] if paid else [])
        gained = _units(verdict.state, nation) - _units(state, nation)
        if action.kind == "production":
            counts = [int(t.split(" gets ")[1].split()[0]) for t in told if " gets " in t]
            assert sum(counts) == gained, action.move
        if action.kind == "maneuver":
            battles = len(action.move.get("battles", []))
            assert gained == -battles and (battles > 0) == any("One battle" in t for t in told)
            assert _new_flags(state, verdict.state) == {t for t in told if "puts its flag" in t}, (
                action.move
            )


def _new_flags(before: Mapping[str, Any], after: Mapping[str, Any]) -> set[str]:
    return {
        f"{_name(nid)} puts its flag in {GAME.vocab.name('region', region, 'en')}."
        for nid, nation in after["nations"].items()
        for region in nation["flags"]
        if region not in before["nations"][nid]["flags"]
    }


def _name(nation: str) -> str:
    return GAME.vocab.name("nation", nation, "en")
