"""The picture as an input (issue 12): a tap with a brush changes the table there, and the
page comes back focused on the part it changed. Through the test client, in two languages."""

from __future__ import annotations

import html as markup
import json
import re
from typing import Any

import pytest
from flask.testing import FlaskClient

from web import create_app, permalink


@pytest.fixture(scope="module")
def client() -> FlaskClient:
    return create_app({"TESTING": True}).test_client()


def page(client: FlaskClient, game_id: str, lang: str) -> tuple[Any, list[str], list[str]]:
    """The check page's state, its tap targets and its brushes."""
    html = client.get(f"/{lang}/{game_id}/check").get_data(as_text=True)
    base = re.search(r'name="base" value="([^"]*)"', html)
    assert base
    brush = re.search(r'<select name="brush"[^>]*>(.*?)</select>', html, re.S)
    assert brush, game_id
    values = re.findall(r'<option value="([^"]+)"', brush.group(1))
    return permalink.decode(base.group(1)), re.findall(r'data-tap="([^"]+)"', html), values


def tap(client: FlaskClient, game_id: str, lang: str, data: Any, where: str, brush: str) -> Any:
    """Tap ``where`` with ``brush``: the new state, and the id the page focuses."""
    response = client.post(
        f"/{lang}/{game_id}/check",
        data={"source": "json", "json": json.dumps(data), "action": f"put:{where}",
              "brush": brush},
    )  # fmt: skip
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    base = re.search(r'name="base" value="([^"]*)"', html)
    focus = re.search(r'id="state-form" data-focus="([^"]+)"', html)
    assert base
    if focus:
        assert f'id="{focus.group(1)}"' in html  # the focused part is on the page
        assert 'id="verdict"' not in html  # a tap edits, it does not check
    return permalink.decode(base.group(1)), focus.group(1) if focus else ""


@pytest.mark.parametrize("lang", ["el", "zh_TW"])
def test_imperial_tap_adds_a_unit_a_flag_or_a_factory(client: FlaskClient, lang: str) -> None:
    data, taps, brushes = page(client, "imperial", lang)
    assert "/regions/vienna" in taps and {"army AH", "fleet GB", "flag IT", "shipyard FR"} <= set(
        brushes
    )
    after, focus = tap(client, "imperial", lang, data, "/regions/vienna", "army AH")
    stacks = [u for u in after["units"] if (u["nation"], u["kind"], u["region"]) == (
        "AH", "army", "vienna")]  # fmt: skip
    before = sum(u["count"] for u in data["units"] if u["region"] == "vienna")
    assert sum(u["count"] for u in after["units"] if u["region"] == "vienna") == before + 1
    assert stacks and focus.startswith("s-units-")
    after, focus = tap(client, "imperial", lang, data, "/regions/vienna", "flag IT")
    assert after["nations"]["IT"]["flags"][-1] == "vienna"
    assert all("vienna" not in n["flags"] for k, n in after["nations"].items() if k != "IT")
    assert focus.startswith("s-nations-IT-flags")
    after, focus = tap(client, "imperial", lang, data, "/regions/vienna", "armaments AH")
    assert after["nations"]["AH"]["factories"][-1] == {"region": "vienna", "kind": "armaments"}
    assert tap(client, "imperial", lang, data, "/regions/atlantis", "army AH") == (data, "")


def test_imperial_unit_tapped_alone_outside_home_flags_the_region() -> None:
    """IM-615, IM-616: an army or fleet tapped where it stands alone outside the home
    provinces brings its nation's flag (taking another's off); in a home province, or
    beside another nation's unit, the flags stay as they were."""
    from adjudicator.games import get_game
    from adjudicator.games.imperial.present import tap as im_tap

    data = get_game("imperial").example("setup-6p")
    data["nations"]["IT"]["flags"] = ["greece"]
    assert im_tap(data, "/regions/greece", "army AH").startswith("/units/")
    assert "greece" in data["nations"]["AH"]["flags"]
    assert "greece" not in data["nations"]["IT"]["flags"]
    im_tap(data, "/regions/tunis", "army IT")
    im_tap(data, "/regions/tunis", "army FR")  # (not alone: Italy's flag stays)
    assert "tunis" in data["nations"]["IT"]["flags"]
    assert "tunis" not in data["nations"]["FR"]["flags"]
    im_tap(data, "/regions/ionian_sea", "fleet GB")
    assert "ionian_sea" in data["nations"]["GB"]["flags"]
    im_tap(data, "/regions/rome", "army AH")  # (a home province: never a flag)
    assert all("rome" not in n["flags"] for n in data["nations"].values())


@pytest.mark.parametrize("lang", ["pt", "el"])
def test_quarantine_tap_places_turns_or_removes_a_tile(client: FlaskClient, lang: str) -> None:
    data, taps, brushes = page(client, "quarantine", lang)
    assert {"turn", "remove", "place treatment blue", "place pharmacy"} <= set(brushes)
    free = next(t for t in taps if "/hospital/at/" in t)
    x, y = (int(n) for n in free.rsplit("/", 2)[1:])
    after, focus = tap(client, "quarantine", lang, data, free, "place treatment blue")
    player = int(free.split("/")[2])
    new = after["players"][player]["hospital"][-1]
    assert (new["kind"], new["colour"], new["x"], new["y"]) == ("treatment", "blue", x, y)
    assert (
        new["doors"]
        and focus == f"s-players-{player}-hospital-{len(data['players'][player]['hospital'])}"
    )
    tile = f"/players/{player}/hospital/1"
    assert tile in taps
    after, focus = tap(client, "quarantine", lang, data, tile, "turn")
    old = data["players"][player]["hospital"][1].get("rotation", 0)
    assert after["players"][player]["hospital"][1]["rotation"] == (old + 90) % 360
    after, focus = tap(client, "quarantine", lang, data, tile, "remove")
    assert len(after["players"][player]["hospital"]) == len(data["players"][player]["hospital"]) - 1
    after, _focus = tap(client, "quarantine", lang, data, tile, "place pharmacy")
    assert after["players"][player]["hospital"][1]["kind"] == "pharmacy"
    assert "colour" not in after["players"][player]["hospital"][1]


def test_manhattan_project_tap_focuses_the_new_worker(client: FlaskClient) -> None:
    data, _taps, brushes = page(client, "manhattan-project", "el")
    before = len(data["board"].get("construction", []))
    after, focus = tap(client, "manhattan-project", "el", data, "/board/construction", brushes[0])
    assert len(after["board"]["construction"]) == before + 1
    assert focus == f"s-board-construction-{before}"


@pytest.mark.parametrize("game_id", ["manhattan-project", "imperial", "quarantine"])
def test_worker_letters_and_brushes_are_in_the_readers_language(
    client: FlaskClient, game_id: str
) -> None:
    english = client.get(f"/en/{game_id}/check").get_data(as_text=True)
    greek = client.get(f"/el/{game_id}/check").get_data(as_text=True)
    pick = re.compile(r'<select name="brush"[^>]*>(.*?)</select>', re.S)
    assert pick.search(english).group(1) != pick.search(greek).group(1)  # type: ignore[union-attr]
    if game_id == "manhattan-project":
        letters = re.compile(r'<text[^>]*text-anchor="middle"[^>]*>([^<]{1,2})</text>')
        assert {"L", "E", "S"} & set(letters.findall(english))
        assert not {"L", "E", "S"} & set(letters.findall(greek))


# --- issue 26: common edits in one tap --------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_mp_buying_a_market_building_moves_it_to_the_player(client: FlaskClient, lang: str) -> None:
    """The card goes to the buyer as printed (a starting card stays one); the dearer cards
    slide down and the $20 slot waits, empty and focused, for the card that refills it
    (drawn from the deck); it is chosen among the cards of the table or entered."""
    data, targets, brushes = page(client, "manhattan-project", lang)
    assert "/market/2" in targets and "buy red" in brushes
    market = [c["kind"] if c else None for c in data["market"]]
    after, focus = tap(client, "manhattan-project", lang, data, "/market/2", "buy red")
    assert [c["kind"] if c else None for c in after["market"]] == [*market[:2], *market[3:], None]
    assert after["players"][0]["buildings"][-1] == data["market"][2]
    assert focus.startswith("s-market")
    assert after["building_deck"] == data["building_deck"] - 1
    waiting = client.get(f"/{lang}/manhattan-project/check?s={permalink.encode(after)}")
    assert 'data-copy-into="/market"' in waiting.get_data(as_text=True)  # the table's cards
    refill = client.post(
        f"/{lang}/manhattan-project/check",
        data={"base": permalink.encode(after), "action": "copy:/market=/market/0"},
    ).get_data(as_text=True)
    filled = permalink.decode(re.search(r'name="base" value="([^"]*)"', refill).group(1))
    assert filled["market"][:6] == after["market"][:6] and filled["market"][6] == after["market"][0]


def test_mp_a_worker_comes_off_a_space(client: FlaskClient) -> None:
    data, _targets, brushes = page(client, "manhattan-project", "el")
    assert "remove" in brushes
    data["board"]["reactor"] = [{"kind": "laborer", "colour": "red"}]
    after, _focus = tap(client, "manhattan-project", "el", data, "/board/reactor", "remove")
    assert after["board"]["reactor"] == []


def test_imperial_a_unit_comes_off_a_region(client: FlaskClient) -> None:
    data, _targets, brushes = page(client, "imperial", "zh_TW")
    assert "remove AH" in brushes
    before = [u for u in data["units"] if u["nation"] == "AH" and u["region"] == "trieste"]
    after, _focus = tap(client, "imperial", "zh_TW", data, "/regions/trieste", "remove AH")
    left = [u for u in after["units"] if u["nation"] == "AH" and u["region"] == "trieste"]
    assert sum(u.get("count", 1) for u in left) == sum(u.get("count", 1) for u in before) - 1


def test_quarantine_a_patient_goes_on_and_off_a_tile(client: FlaskClient) -> None:
    data, _targets, brushes = page(client, "quarantine", "pt")
    assert "patient red" in brushes and "unpatient" in brushes
    where = "/players/0/hospital/0"
    had = list(data["players"][0]["hospital"][0].get("patients", []))
    after, _focus = tap(client, "quarantine", "pt", data, where, "patient red")
    assert after["players"][0]["hospital"][0]["patients"] == [*had, "red"]
    again, _focus = tap(client, "quarantine", "pt", after, where, "unpatient")
    assert again["players"][0]["hospital"][0].get("patients", []) == had


@pytest.mark.parametrize("lang", ["pt", "zh_TW"])
def test_quarantine_doors_are_one_choice(client: FlaskClient, lang: str) -> None:
    """A tile's doors (at most one on each side) are one choice among the 16 sets of
    sides, named in the reader's language; the door order as entered is kept until
    another set is chosen."""
    html = client.get(f"/{lang}/quarantine/check?example=mid-game").get_data(as_text=True)
    base = re.search(r'name="base" value="([^"]*)"', html)
    assert base
    name = "enum~:s/players/0/hospital/1/doors"
    opened = client.post(
        f"/{lang}/quarantine/check",
        data={"base": base.group(1), "action": "open:s/players/0/hospital/1"},
    ).get_data(as_text=True)
    chooser = re.search(rf'<select [^>]*name="{re.escape(name)}"[^>]*>(.*?)</select>', opened, re.S)
    assert chooser
    values = re.findall(r'<option value="([^"]*)"( selected)?>([^<]*)<', chooser.group(1))
    sets = [json.loads(markup.unescape(v)) for v, _, _ in values]
    assert sets[0] == ["W", "N", "E"] and values[0][1]  # (as the example has them)
    assert len({tuple(s) for s in sets[1:]}) == 16 and ["N", "E", "S", "W"] in sets
    assert "W" not in values[-2][2] and values[-1][2] == "—"  # (words, not letters)
    page = re.search(r'name="base" value="([^"]*)"', opened)
    assert page
    after = client.post(
        f"/{lang}/quarantine/check",
        data={"base": page.group(1), name: '["N", "S"]', "action": "open:s/players/0"},
    ).get_data(as_text=True)
    saved = re.search(r'name="base" value="([^"]*)"', after)
    assert saved
    assert permalink.decode(saved.group(1))["players"][0]["hospital"][1]["doors"] == ["N", "S"]


def test_quarantine_a_room_put_on_the_picture_comes_from_the_market() -> None:
    """A special room put on a free cell is one fewer in its market stack; a fifth
    treatment room is an extra one (QU-205), from its colour's stack; an empty stack stays
    at 0."""
    from adjudicator.games import get_game
    from adjudicator.games.quarantine.present import tap as qu_tap

    game = get_game("quarantine")
    data = game.state_model.model_validate(game.example("setup-4p")).model_dump(mode="json")

    def stack(kind: str, colour: str | None = None) -> int:
        return next(
            m["count"] for m in data["market"] if (m["kind"], m["colour"]) == (kind, colour)
        )

    before = stack("triage"), stack("treatment", "red")
    assert qu_tap(data, "/players/0/hospital/at/0/2", "place triage")
    assert stack("triage") == before[0] - 1
    assert qu_tap(data, "/players/0/hospital/at/2/0", "place treatment red")
    assert data["players"][0]["hospital"][-1]["extra"] is True
    assert stack("treatment", "red") == before[1] - 1
    for cell in ("0/-1", "-1/1", "-1/-1"):
        qu_tap(data, f"/players/1/hospital/at/{cell}", "place triage")
    assert stack("triage") == 0
