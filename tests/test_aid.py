"""The printed player aid: the same rules in the same order in every language, its figures
from the data the checks use, and (slow) the PDFs themselves: at most two A4 pages, the rule
IDs readable by pdftotext, the text in the language's script, the fonts embedded."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from adjudicator.aid import aid_html, sheet_for
from adjudicator.cli import main
from adjudicator.core.aid import AidError
from adjudicator.core.i18n import LANGS
from adjudicator.games import available_games, get_game
from adjudicator.games.imperial.data import EXPERT_MONEY, FACTORY_COST
from adjudicator.games.manhattan_project.data import SPACE_SPECS, TARGET
from adjudicator.games.quarantine.data import copies_for

RULE_ID = re.compile(r"\b(?:MP|IM|QU)-[0-9]{3}\b")
GREEK = re.compile(r"[\u0370-\u03ff\u1f00-\u1fff]")
HAN = re.compile(r"[\u4e00-\u9fff]")
LATIN = re.compile(r"[A-Za-z]")
GAMES = [g.id for g in available_games() if g.aid is not None]
BASE = "https://rules.example.org"


def test_every_game_has_an_aid():
    assert GAMES == ["manhattan-project", "imperial", "quarantine"]


def test_same_rules_in_the_same_order_in_every_language(game):
    sheets = {lang: sheet_for(game, lang) for lang in LANGS}
    english = sheets["en"].rule_ids()
    assert len(set(english)) >= 10
    for lang, sheet in sheets.items():
        assert sheet.rule_ids() == english, lang
        for part in ("turn", "actions", "stated", "figures", "tables", "end", "readings"):
            assert len(getattr(sheet, part)) == len(getattr(sheets["en"], part)), (lang, part)


def test_every_rule_named_is_in_the_catalog_and_every_reading_is_there(game):
    sheet = sheet_for(game, "en")
    assert all(game.rule(r) is not None for r in sheet.rule_ids())
    assert [r["id"] for r in sheet.readings] == [d.id for d in game.disputes]
    assert sheet.turn and sheet.end and (sheet.actions or sheet.stated)


@pytest.mark.parametrize("lang", ["el", "zh_TW"])
def test_headings_and_rules_are_in_the_language(game, lang):
    script = GREEK if lang == "el" else HAN
    sheet = sheet_for(game, lang)
    for key, text in sheet.headings.items():
        assert script.search(text), (key, text)
    for line in sheet.turn + sheet.end:
        assert script.search(line["title"]) and script.search(line["text"]), line["id"]


def test_the_mp_spaces_come_from_the_data_the_checks_use():
    sheet = sheet_for(get_game("manhattan-project"), "en")
    costs = {row["name"]: row["cost"] for row in sheet.actions}
    assert costs["Factory (3 yellowcake for $5)"] == "3 yellowcake"
    assert costs["Mine ($5 for 4 yellowcake)"] == "$5"
    gives = {row["name"]: row["gives"] for row in sheet.actions}
    assert gives["Factory ($5, others $2)"] == "$5; every other player gets $2"
    assert gives["University ($3: engineer or scientist)"] == "1 engineer or 1 scientist"
    spaces_with_yield = [s for s in SPACE_SPECS.values() if s.outputs]
    assert sum(1 for r in sheet.actions if r["id"] in {s.rule for s in spaces_with_yield}) == len(
        spaces_with_yield
    )
    target = next(f for f in sheet.figures if f["id"] == "MP-101")
    assert target["values"] == [str(TARGET[n]) for n in sheet.counts]


def test_figures_follow_the_data_when_it_changes(monkeypatch):
    import adjudicator.games.imperial.aid as im_aid

    monkeypatch.setitem(im_aid.EXPERT_MONEY, 3, 99)
    monkeypatch.setattr(im_aid, "FACTORY_COST", 7)
    sheet = sheet_for(get_game("imperial"), "en", players=3)
    expert = next(f for f in sheet.figures if f["id"] == "IM-305")
    assert expert["values"] == ["99M"]
    factory = next(r for r in sheet.stated if r["id"] == "IM-503")
    assert factory["cost"] == "7M"


def test_one_player_count_or_all():
    game = get_game("imperial")
    assert sheet_for(game, "pt", players=4).counts == (4,)
    every = sheet_for(game, "pt")
    assert every.counts == (2, 3, 4, 5, 6)
    expert = next(f for f in every.figures if f["id"] == "IM-305")
    assert expert["values"] == [f"{EXPERT_MONEY[n]}M" for n in every.counts]
    assert FACTORY_COST == 5
    copies = next(f for f in sheet_for(get_game("quarantine"), "en").figures if f["id"] == "QU-204")
    assert copies["values"] == [str(copies_for(n)) for n in (2, 3, 4)]
    with pytest.raises(AidError):
        sheet_for(game, "en", players=7)
    seats = next(t for t in sheet_for(get_game("manhattan-project"), "en", 3).tables)
    assert seats["head"] == ["#", "1", "2", "3"] and all(len(r) == 4 for r in seats["rows"])


def test_the_link_leads_to_the_reference_in_the_same_language_and_has_a_qr_code():
    game = get_game("quarantine")
    sheet = sheet_for(game, "zh_TW", base_url=BASE + "/")
    assert sheet.link == BASE + "/docs/zh_TW/games/quarantine/rules.html"
    html = aid_html(sheet)
    assert 'lang="zh-TW"' in html and "data:image/svg+xml" in html
    assert "data:image/svg+xml" not in aid_html(sheet_for(game, "zh_TW"))


def test_cli_refuses_a_player_count_the_game_does_not_allow(capsys, tmp_path):
    out = tmp_path / "aid.pdf"
    code = main(["aid", "quarantine", "--lang", "el", "--players", "5", "--out", str(out)])
    assert code == 2
    assert "2" in capsys.readouterr().err and not out.exists()


def test_cli_json_gives_the_sheet(capsys):
    assert main(["aid", "imperial", "--lang", "el", "--players", "3", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["counts"] == [3] and data["headings"]["aid"] == "Φύλλο βοήθειας παίκτη"
    assert data["headings"]["count"] == "3 παίκτες"


# --- the PDFs --------------------------------------------------------------------------------


def poppler(tool: str, *args: str) -> str:
    if shutil.which(tool) is None:
        pytest.skip(f"{tool} (Debian's poppler-utils) is not installed")
    return subprocess.run([tool, *args], check=True, capture_output=True, text=True).stdout


def write_aids(folder: Path, game_id: str) -> dict[str, Path]:
    """A game's four aids, one per language, written by the command line as a user would."""
    found = {}
    for lang in LANGS:
        path = folder / f"{game_id}-{lang}.pdf"
        argv = ["aid", game_id, "--lang", lang, "--out", str(path), "--base-url", BASE]
        assert main(argv) == 0
        found[lang] = path
    return found


def check_pdf(path: Path, lang: str) -> None:
    """At most two pages, at least 10 rule IDs, the language's script, fonts embedded."""
    pages = int(re.search(r"Pages:\s+(\d+)", poppler("pdfinfo", str(path)))[1])
    assert 1 <= pages <= 2, pages
    text = poppler("pdftotext", str(path), "-")
    assert len(set(RULE_ID.findall(text))) >= 10
    letters = RULE_ID.sub("", text)
    if lang in ("el", "zh_TW"):
        script = GREEK if lang == "el" else HAN
        assert len(script.findall(letters)) > len(LATIN.findall(letters))
    fonts = poppler("pdffonts", str(path)).splitlines()[2:]
    assert fonts and all(line.split()[-5] == "yes" for line in fonts)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_the_four_aids_of_a_game_as_pdf(tmp_path, game_id):
    """A game's four PDFs, each drawn once (one test per game, so that two xdist workers
    share the twelve): each passes :func:`check_pdf`, and the four languages print the
    same rule IDs in the same order (pdftotext -raw reads them in the order they are
    drawn)."""
    pdfs = write_aids(tmp_path, game_id)
    for lang, path in pdfs.items():
        try:
            check_pdf(path, lang)
        except AssertionError as exc:
            raise AssertionError(f"{game_id} {lang}: {exc}") from exc
    expected = sheet_for(get_game(game_id), "en").rule_ids()
    for lang in LANGS:
        raw = poppler("pdftotext", "-raw", str(pdfs[lang]), "-")
        assert RULE_ID.findall(raw) == expected, lang


# --- the page ----------------------------------------------------------------------------------


@pytest.fixture
def web_client(tmp_path):
    from web import create_app

    game = get_game("quarantine")
    app = create_app({"ADJ_GAMES": [game], "ADJ_DOCS_DIR": tmp_path, "TESTING": True})
    return app.test_client()


def test_the_game_page_offers_the_aid_in_its_language(web_client):
    page = web_client.get("/el/quarantine/").get_data(as_text=True)
    assert 'href="/el/quarantine/aid.pdf"' in page
    assert "Εκτύπωση φύλλου βοήθειας παίκτη" in page


def test_a_player_count_the_game_does_not_allow_is_a_page_in_the_language(web_client):
    answer = web_client.get("/pt/quarantine/aid.pdf?players=6")
    assert answer.status_code == 404
    assert "para 2 a 4 jogadores, não 6" in answer.get_data(as_text=True)


@pytest.mark.slow
def test_the_page_serves_the_pdf_with_a_link_to_its_own_reference(web_client):
    answer = web_client.get("/zh-TW/quarantine/aid.pdf?players=3", follow_redirects=True)
    assert answer.status_code == 200 and answer.mimetype == "application/pdf"
    assert answer.data.startswith(b"%PDF")
    assert 'filename="quarantine-aid-zh_TW-3.pdf"' in answer.headers["Content-Disposition"]
    again = web_client.get("/zh_TW/quarantine/aid.pdf?players=3")
    assert again.data == answer.data
