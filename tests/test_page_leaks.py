"""The leak sweep over what a player reads outside the verdicts' JSON (issue 28): every
page of each game, the shared table's pages, the command line's text answers and the
reference's rule and cases pages, in Greek, Portuguese and Chinese.

None may show an internal ID (a check's, an example's, a colour's), a JSON pointer
(``/players/1/fighters``), or, in Chinese, ASCII punctuation next to a Chinese character
or a space after a full-width one ("位置： 行動"). What a player only sees on asking (the
folded code IDs of the reference) and what is input by design (the JSON text areas, code
blocks and ``code`` elements that quote a field of the input format) are left out.
"""

from __future__ import annotations

import contextlib
import html
import io
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from adjudicator.cli import main
from adjudicator.core.game import Game
from adjudicator.core.i18n import TRANSLATED_LANGS
from adjudicator.core.leaks import LeakDetector
from web import create_app

pytestmark = pytest.mark.slow  # every page of each game in three languages

#: A JSON pointer into a state or a move.
POINTER = re.compile(r"(?<![\w/.:~-])/(?:[a-z_]+|\d+)(?:/[\w~-]+)+")
#: ASCII punctuation touching a Chinese character, or a space after a full-width mark.
CHINESE = "\u3400-\u9fff\uf900-\ufaff"
ZH_ASCII = re.compile(rf"[{CHINESE}][:;,()]|[(:;,] ?[{CHINESE}]|[：，。；、（] +\S")
_BLOCK = re.compile(
    r"</?(?:p|li|div|h\d|tr|td|th|br|option|section|ul|ol|dl|dt|dd|summary|details|label|"
    r"button|select|table|thead|tbody|figure|figcaption|nav|header|footer|main|form|"
    r"fieldset|legend|blockquote)\b[^>]*>|<span class=\"(?:effect|words)\">"
)
_HIDDEN = re.compile(
    r"<(script|style|svg|textarea|pre|template|code)\b.*?</\1>"
    r"|<details class=\"code-ids\">.*?</details>"
    r"|<(?:input|meta|link)\b[^>]*>",
    re.S,
)


def visible_text(page: str) -> str:
    """What a reader sees of ``page``: one block per line, inline tags joined."""
    page = _BLOCK.sub("\n", _HIDDEN.sub(" ", page))
    return html.unescape(re.sub(r"<[^>]+>", "", page))


def page_leaks(detector: LeakDetector, text: str, lang: str) -> list[str]:
    found = [f"{x.kind}: {x.found!r}" for x in detector.scan(text, lang) if x.kind != "english"]
    found += [f"pointer: {p!r}" for p in POINTER.findall(text)]
    if lang == "zh_TW":
        for line in text.splitlines():
            found += [
                f"ascii: {m.group(0)!r} in {line.strip()[:60]!r}" for m in ZH_ASCII.finditer(line)
            ]
    return found


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory):
    db = tmp_path_factory.mktemp("table") / "t.sqlite3"
    return create_app({"ADJ_DATABASE_URL": f"sqlite:///{db}"}).test_client()


def _pages(client, game: Game, lang: str) -> dict[str, str]:
    """The game's pages as a player meets them, the verdicts filled in."""
    base = f"/{lang}/{game.id}"
    example = "mid-game" if "mid-game" in game.example_names() else game.example_names()[0]
    word = next(iter(game.catalog)).title.split()[0]
    pages = {
        "home": client.get(f"/{lang}/"),
        "game": client.get(f"{base}/"),
        "rules": client.get(f"{base}/rules?q=xyzzy"),
        "rules found": client.get(f"{base}/rules?q={word}"),
        "rule": client.get(f"{base}/rules/{next(iter(game.catalog)).id}"),
        "check": client.post(f"{base}/check?example={example}", data={"action": "check"}),
        "move": client.get(f"{base}/move?example={example}"),
        "options": client.get(f"{base}/move?example={example}&options=1"),
        "score": client.post(f"{base}/score?example=end", data={"action": "score"}),
    }
    pages.update(_table_pages(client, game, lang))
    return {name: answer.get_data(as_text=True) for name, answer in pages.items()}


def _table_pages(client, game: Game, lang: str) -> dict[str, Any]:
    """A shared table after an illegal move, a legal one and an undo: its pages, the join
    page, and its exported log brought back (the replay page)."""
    case = next(c for c in game.cases if c.kind == "move" and c.expected_violations)
    state = case.build_state(game)
    names = ["Άννα", "Bruno", "佳佳", "Dimitris", "Eva", "Feng"]
    seats = [
        {"name": name, "side": player.get(game.player_kind)}
        for name, player in zip(names, state.get("players", []), strict=False)
    ]
    opened = client.post("/api/v1/tables", json={"game": game.id, "state": state, "players": seats})
    code = opened.json["code"]
    moves = f"/api/v1/tables/{code}/moves"
    client.post(moves, json={"move": dict(case.move or {}), "version": 1})
    legal = game.options_of(state).actions[0].move
    client.post(moves, json={"move": dict(legal), "version": 1})
    undo = f"/{lang}/t/{code}/undo"
    pages = {"t undo": client.post(undo, data={"version": "2"}, follow_redirects=True)}
    for part in ("", "/live", "/options", "/correct", "/move"):
        pages[f"t{part}"] = client.get(f"/{lang}/t/{code}{part}")
    pages["join"] = client.get(f"/t/{code}", headers={"Accept-Language": lang.replace("_", "-")})
    pages["join, a wrong code"] = client.get(f"/{lang}/table/join?code=QQQQ9999")
    log = client.get(f"/api/v1/tables/{code}/export").data
    upload = {"log": (io.BytesIO(log), "log.json")}
    pages["replay"] = client.post(f"/{lang}/table/log", data=upload)
    return pages


@pytest.mark.parametrize("lang", TRANSLATED_LANGS)
def test_the_pages_and_the_table_pages_do_not_leak(client, game, lang):
    detector = LeakDetector.for_game(game)
    found = {
        name: leaks
        for name, page in _pages(client, game, lang).items()
        if (leaks := page_leaks(detector, visible_text(page), lang))
    }
    assert found == {}


@pytest.mark.parametrize("lang", TRANSLATED_LANGS)
def test_the_table_open_page_does_not_leak(client, game, lang):
    page = client.get(f"/{lang}/table/?game={game.id}").get_data(as_text=True)
    assert page_leaks(LeakDetector.for_game(game), visible_text(page), lang) == []


@pytest.mark.parametrize("lang", TRANSLATED_LANGS)
def test_the_player_aid_does_not_leak(game, lang):
    from adjudicator.aid import aid_html, sheet_for

    """The aid states rules: a track's position 0 is the rule's (as in the reference)."""
    page = aid_html(sheet_for(game, lang, base_url="https://rules.example.org"))
    leaks = page_leaks(LeakDetector.for_game(game), visible_text(page), lang)
    assert [x for x in leaks if not x.startswith("zero-place")] == []


def _cli_runs(game: Game, tmp_path: Path) -> Iterator[tuple[str, list[str]]]:
    """Every text answer of the command line: a verdict on broken states and moves, the
    options, a score, the rules (listed, one, found, not found) and each command's help."""
    for case in [c for c in game.cases if c.expected_violations][:12]:
        state = tmp_path / f"{case.id}.json"
        state.write_text(json.dumps(case.build_state(game)), encoding="utf-8")
        args = [case.kind if case.kind in ("move", "score") else "check", game.id, str(state)]
        if case.kind == "move":
            move = tmp_path / f"{case.id}-move.json"
            move.write_text(json.dumps(dict(case.move or {})), encoding="utf-8")
            args.append(str(move))
        yield case.id, args
    example = tmp_path / "example.json"
    example.write_text(json.dumps(game.example()), encoding="utf-8")
    end = tmp_path / "end.json"
    end.write_text(json.dumps(game.example("end")), encoding="utf-8")
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps({**game.example(), "players": [{"x": 1}]}), encoding="utf-8")
    rule = next(iter(game.catalog))
    yield "options", ["options", game.id, str(example)]
    yield "score", ["score", game.id, str(end)]
    yield "malformed", ["check", game.id, str(broken)]
    yield "rules", ["rules", game.id]
    yield "rule", ["rules", game.id, rule.id]
    yield "search", ["rules", game.id, "--search", rule.title.split()[0]]
    yield "search, nothing found", ["rules", game.id, "--search", "xyzzy"]
    for command in ("check", "move", "score", "options", "rules", "aid"):
        yield f"{command} --help", [command, "--help"]


@pytest.mark.parametrize("lang", TRANSLATED_LANGS)
def test_the_command_lines_text_does_not_leak(capsys, tmp_path: Path, game, lang):
    detector = LeakDetector.for_game(game)
    found: list[str] = []
    for name, args in _cli_runs(game, tmp_path):
        with contextlib.suppress(SystemExit):  # --help exits
            main([*args, "--lang", lang])
        answer = capsys.readouterr()
        text = answer.out + answer.err
        assert text.strip(), name
        found += [f"{name} {x}" for x in page_leaks(detector, text, lang)]
    assert found == []


REFERENCE_PAGES = ("rules", "cases")


_FOLDED = re.compile(r'<details class="code-ids">.*?</details>|<pre\b.*?</pre>', re.S)
_CODE = re.compile(r"<code\b[^>]*>(.*?)</code>", re.S)


def code_names(page: str) -> set[str]:
    """The texts a page shows in ``code`` outside the folded IDs and the JSON blocks."""
    shown = _FOLDED.sub(" ", page)
    return {html.unescape(re.sub(r"<[^>]+>", "", c)).strip() for c in _CODE.findall(shown)}


@pytest.mark.parametrize("lang", TRANSLATED_LANGS)
def test_the_references_rule_and_cases_pages_do_not_leak(built_docs, game, lang):
    """No check or example ID in sight, no pointer, no ASCII colon in Chinese. A rule
    may name a track's position 0 (Imperial's power track starts there): not a leak."""
    detector = LeakDetector.for_game(game)
    codes = {check.id for check in game.checks} | set(game.example_names())
    found: list[str] = []
    for page in REFERENCE_PAGES:
        source = (built_docs / lang / "games" / game.id / f"{page}.html").read_text("utf-8")
        body = source[source.find('<div class="body"') :]
        found += [f"{page} id: {c}" for c in sorted(codes & code_names(body))]
        leaks = page_leaks(detector, visible_text(body), lang)
        found += [f"{page} {x}" for x in leaks if not x.startswith("zero-place")][:20]
    assert found == []


def test_the_sweep_finds_planted_leaks():
    detector = LeakDetector({"red"})
    page = '<p class="path">位置： 行動 › 攻擊 1: 轟炸機</p><p>red /players/0/money</p>'
    kinds = {x.split(":")[0] for x in page_leaks(detector, visible_text(page), "zh_TW")}
    assert kinds == {"ascii", "id", "pointer"}
    hidden = '<details class="code-ids"><summary>x</summary><code>red</code></details>'
    assert page_leaks(detector, visible_text(hidden), "el") == []
