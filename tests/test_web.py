"""The page and the JSON API through Flask's test client (no browser, no network)."""

from __future__ import annotations

import contextlib
import functools
import json
import os
import re
import sys
import tempfile
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.core.i18n import HTML_LANG, gettext
from adjudicator.games import available_games
from adjudicator.search import fold, search_rules
from web import create_app, forms, permalink

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_web_demo import EXAMPLE, make_demo_game

from tests.tiers import examples

XSS = "<img src=x onerror=alert(1)>"


def broken(**changes: Any) -> dict[str, Any]:
    state: dict[str, Any] = json.loads(json.dumps(EXAMPLE))
    state["players"][0].update(changes)
    return state


@pytest.fixture
def docs_dir(tmp_path: Path) -> Path:
    root = tmp_path / "html"
    for lang in ("en", "el", "pt", "zh_TW"):
        page = root / lang / "games" / "demo" / "rules.html"
        page.parent.mkdir(parents=True)
        page.write_text(f'<html lang="{lang}"><p id="rule-DG-101">DG-101</p></html>')
        (root / lang / "index.html").write_text(f"<html>{lang} index</html>")
    (tmp_path / "secret.txt").write_text("secret")
    return root


@pytest.fixture
def app(tmp_path: Path, docs_dir: Path) -> Flask:
    game = make_demo_game(tmp_path / "demo")
    return create_app({"ADJ_GAMES": [game], "ADJ_DOCS_DIR": docs_dir, "TESTING": True})


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def no_traceback(text: str) -> None:
    assert "Traceback" not in text and 'File "' not in text


# --- the JSON API ------------------------------------------------------------------------------


def test_check_valid(client: FlaskClient) -> None:
    response = client.post("/api/v1/demo/check", json=EXAMPLE)
    assert response.status_code == 200
    assert response.get_json() == {
        "valid": True,
        "violations": [],
        "notices": [],
        "errors": [],
    }


def test_check_violation_matches_cli_shape(client: FlaskClient) -> None:
    response = client.post("/api/v1/demo/check", json=broken(money=-2, workers=7))
    body = response.get_json()
    assert response.status_code == 200
    assert body["valid"] is False and body["errors"] == []
    assert [(v["rule"], v["path"]) for v in body["violations"]] == [
        ("DG-101", "/players/0/money"),
        ("DG-102", "/players/0/workers"),
    ]
    assert body["violations"][0]["message"] == "Ada has -2 money."


def test_check_malformed_lists_every_problem(client: FlaskClient) -> None:
    state = broken(money="lots")
    del state["players"][1]["name"]
    state["round"] = 99
    response = client.post("/api/v1/demo/check", json=state)
    assert response.status_code == 422
    body = response.get_json()
    assert body["valid"] is False and body["violations"] == []
    paths = {e["path"] for e in body["errors"]}
    assert {"/players/0/money", "/players/1/name", "/round"} <= paths
    assert all(e["message"] for e in body["errors"])


@pytest.mark.parametrize("raw", [b"", b"{", b"[1,", b"\xff\xfe", b"null", b"[]", b"42"])
def test_check_not_json_or_not_object(client: FlaskClient, raw: bytes) -> None:
    response = client.post("/api/v1/demo/check", data=raw, content_type="application/json")
    assert response.status_code == 422
    assert response.get_json()["errors"]


def test_deep_nesting_is_422(client: FlaskClient) -> None:
    raw = "[" * 5000 + "]" * 5000
    response = client.post("/api/v1/demo/check", data=raw, content_type="application/json")
    assert response.status_code == 422


def test_body_too_large_is_413(client: FlaskClient) -> None:
    raw = json.dumps({"players": [], "pad": "x" * (300 * 1024)})
    response = client.post("/api/v1/demo/check", data=raw, content_type="application/json")
    assert response.status_code == 413
    assert "256" in response.get_json()["message"]


def test_body_too_large_on_a_page_is_413(client: FlaskClient) -> None:
    response = client.post("/en/demo/check", data={"source": "json", "json": "x" * 300_000})
    assert response.status_code == 413
    no_traceback(response.get_data(as_text=True))


def test_move_illegal_and_legal(client: FlaskClient) -> None:
    illegal = client.post(
        "/api/v1/demo/move",
        json={"state": EXAMPLE, "move": {"type": "pay", "player": 1, "amount": 9}},
    )
    body = illegal.get_json()
    assert illegal.status_code == 200
    assert body["legal"] is False and body["state"] is None
    assert body["violations"][0]["rule"] == "DG-201"
    assert body["alternatives"] == [{"move": {"type": "pass"}, "description": "Pass instead."}]
    legal = client.post(
        "/api/v1/demo/move",
        json={"state": EXAMPLE, "move": {"type": "pay", "player": 0, "amount": 2}},
    )
    body = legal.get_json()
    assert body["legal"] is True and body["state"]["players"][0]["money"] == 3
    assert body["effects"] == ["Paid 2."]


def test_move_malformed_paths(client: FlaskClient) -> None:
    response = client.post("/api/v1/demo/move", json={"state": {"round": 1}})
    assert response.status_code == 422
    assert {e["path"] for e in response.get_json()["errors"]} == {"/move"}
    response = client.post(
        "/api/v1/demo/move", json={"state": {"round": "x"}, "move": {"type": "fly"}}
    )
    paths = {e["path"] for e in response.get_json()["errors"]}
    assert "/round" in paths and "/players" in paths and any(p.startswith("/move") for p in paths)
    body = response.get_json()
    assert body["legal"] is False and body["state"] is None and body["alternatives"] == []


def test_score(client: FlaskClient) -> None:
    body = client.post("/api/v1/demo/score", json=EXAMPLE).get_json()
    assert body["final"] is True and body["winner"] == "Ada"
    assert body["scores"] == {"Ada": 5, "Bo": 3}
    assert body["steps"] == ["Money counts one point each."]
    assert body["tiebreaks"] == ["Ties go to fewer workers."]
    assert client.post("/api/v1/demo/score", json=[]).status_code == 422


def test_schema_rules_examples(client: FlaskClient) -> None:
    state_schema = client.get("/api/v1/demo/schema").get_json()
    assert "players" in state_schema["properties"]
    move_schema = client.get("/api/v1/demo/schema?which=move").get_json()
    assert "oneOf" in move_schema or "anyOf" in move_schema
    assert client.get("/api/v1/demo/schema?which=nope").status_code == 404
    rule = client.get("/api/v1/demo/rules/dg-101?lang=el").get_json()
    assert rule["id"] == "DG-101" and rule["checks"] == ["no_debts"]
    # an example as an output writes it: with its format version (see tests/test_formats.py)
    assert client.get("/api/v1/demo/examples/mid-game").get_json() == {
        "format_version": 1,
        **EXAMPLE,
    }
    assert client.get("/api/v1/demo/examples").get_json() == ["mid-game"]
    found = client.get("/api/v1/demo/rules?q=FABRICA").get_json()
    assert [r["id"] for r in found] == ["DG-102"]


def test_unknown_game_rule_example_are_404_in_the_users_language(client: FlaskClient) -> None:
    for url in ("/api/v1/nope/check", "/api/v1/demo/rules/DG-999", "/api/v1/demo/examples/x"):
        method = client.post if url.endswith("check") else client.get
        response = method(url, json={}, headers={"Accept-Language": "el"})
        assert response.status_code == 404, url
        message = response.get_json()["message"]
        assert re.search("[α-ω]", message), message
    page = client.get("/pt/nope/check")
    assert page.status_code == 404
    text = page.get_data(as_text=True)
    assert (
        '<html lang="pt-BR">' in text
        and gettext("adjudicator", "pt", "There is no game called “{name}”.").format(name="nope")
        in text
    )


def test_wrong_method_is_not_a_500(client: FlaskClient) -> None:
    assert client.get("/api/v1/demo/check").status_code == 405
    assert client.put("/en/demo/check").status_code == 405


def test_openapi_document(client: FlaskClient) -> None:
    doc = client.get("/openapi.json").get_json()
    assert doc["openapi"].startswith("3.1")
    for path in ("check", "move", "score", "schema", "rules/{rule_id}", "examples/{name}"):
        assert f"/api/v1/demo/{path}" in doc["paths"]
    schemas = doc["components"]["schemas"]
    refs = re.findall(r'"\$ref": "#/components/schemas/([^"]+)"', json.dumps(doc))
    assert refs and all(ref in schemas for ref in refs)
    assert "$defs" not in json.dumps(doc)


def test_game_failure_is_not_a_500(app: Flask, client: FlaskClient) -> None:
    game = app.config["ADJ_GAMES"][0]

    def explode(state: Any) -> Any:
        raise RuntimeError("boom")

    game.scorer, original = explode, game.scorer
    try:
        response = client.post("/api/v1/demo/score", json=EXAMPLE)
        page = client.post("/en/demo/score", data={"source": "json", "json": json.dumps(EXAMPLE)})
    finally:
        game.scorer = original
    assert response.status_code == 422
    assert page.status_code == 200
    no_traceback(response.get_data(as_text=True) + page.get_data(as_text=True))
    assert "boom" not in page.get_data(as_text=True)


# --- headers and escaping ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "url",
    ["/en/", "/en/demo/check", "/api/v1/demo/rules/DG-101", "/docs/en/index.html", "/nope/x/y"],
)
def test_security_headers(client: FlaskClient, url: str) -> None:
    response = client.get(url)
    csp = response.headers["Content-Security-Policy"]
    script = re.search(r"script-src ([^;]*)", csp)
    allowed = "'self' 'unsafe-eval'" if url.startswith("/docs/") else "'self'"
    assert script and script.group(1).strip() == allowed
    assert "default-src 'self'" in csp
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Referrer-Policy"]


def test_no_inline_script_and_no_other_host(client: FlaskClient) -> None:
    for url in ("/en/", "/en/demo/check", "/en/demo/move", "/en/demo/score", "/en/demo/rules"):
        html = client.get(url).get_data(as_text=True)
        assert not re.search(r"<script(?![^>]*\bsrc=)", html), url
        assert not re.search(r"\son\w+=", html), url
        assert not re.search(r"""(src|href)=["']?(https?:)?//""", html), url


def test_player_name_stays_text(client: FlaskClient) -> None:
    state = broken(name=XSS, money=-1)
    page = client.post("/en/demo/check", data={"source": "json", "json": json.dumps(state)})
    html = page.get_data(as_text=True)
    assert page.status_code == 200
    assert XSS not in html
    assert "&lt;img src=x onerror=alert(1)&gt;" in html
    api = client.post("/api/v1/demo/check", json=state)
    assert api.headers["Content-Type"].startswith("application/json")
    link = client.get(f"/en/demo/check?s={permalink.encode(state)}").get_data(as_text=True)
    assert XSS not in link


def test_search_query_is_escaped(client: FlaskClient) -> None:
    html = client.get("/en/demo/rules", query_string={"q": XSS}).get_data(as_text=True)
    assert XSS not in html


# --- languages ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("header", "lang"),
    [
        ("zh-TW", "zh_TW"),
        ("zh-Hant-TW,zh;q=0.8", "zh_TW"),
        ("zh_Hant_TW", "zh_TW"),
        ("el-GR,en;q=0.5", "el"),
        ("pt-BR", "pt"),
        ("fr, pt;q=0.4", "pt"),
        ("de", "en"),
        ("", "en"),
    ],
)
def test_accept_language_sets_the_default(client: FlaskClient, header: str, lang: str) -> None:
    response = client.get("/", headers={"Accept-Language": header})
    assert response.status_code == 302
    assert response.headers["Location"].endswith(f"/{lang}/")


def test_chinese_is_actually_served(client: FlaskClient) -> None:
    html = client.get("/", headers={"Accept-Language": "zh-TW"}, follow_redirects=True)
    text = html.get_data(as_text=True)
    assert '<html lang="zh-TW">' in text
    chinese = gettext("adjudicator", "zh_TW", "Settle it at the table")
    assert chinese != "Settle it at the table" and chinese in text


@pytest.mark.parametrize("alias", ["zh-TW", "zh_Hant_TW", "ZH-tw"])
def test_chinese_aliases_redirect_to_one_code(client: FlaskClient, alias: str) -> None:
    response = client.get(f"/{alias}/demo/check?example=mid-game")
    assert response.status_code == 301
    assert response.headers["Location"].endswith("/zh_TW/demo/check?example=mid-game")
    docs = client.get(f"/docs/{alias}/index.html")
    assert docs.status_code == 301 and "/docs/zh_TW/index.html" in docs.headers["Location"]


def test_explicit_choice_beats_accept_language(client: FlaskClient) -> None:
    page = client.get("/el/", headers={"Accept-Language": "pt"})
    assert '<html lang="el">' in page.get_data(as_text=True)
    assert "lang=el" in page.headers["Set-Cookie"]
    again = client.get("/", headers={"Accept-Language": "pt"})
    assert again.headers["Location"].endswith("/el/")
    api = client.get("/api/v1/demo/rules/DG-9?lang=pt", headers={"Accept-Language": "el"})
    assert api.status_code == 404


def test_choose_remembers_game_and_language(client: FlaskClient) -> None:
    response = client.get("/choose?game=demo&lang=zh-TW")
    assert response.headers["Location"].endswith("/zh_TW/demo/")
    page = client.get("/zh_TW/demo/")
    cookies = " ".join(page.headers.getlist("Set-Cookie"))
    assert "game=demo" in cookies and "lang=zh_TW" in cookies
    home = client.get("/en/").get_data(as_text=True)
    assert 'value="demo" checked' in home


def test_unknown_language_is_404(client: FlaskClient) -> None:
    assert client.get("/xx/demo/check").status_code == 404


# --- the pages ---------------------------------------------------------------------------------


def test_check_page_form_round_trip(client: FlaskClient) -> None:
    page = client.get("/en/demo/check?example=mid-game").get_data(as_text=True)
    fields = dict(re.findall(r'name="([a-z?~]+:s/[^"]+)" value="([^"]*)"', page))
    assert fields["int:s/players/0/money"] == "5"
    base = re.search(r'name="base" value="([^"]+)"', page)
    assert base
    data = {
        **fields,
        "source": "form",
        "base": base.group(1),
        "lang2": "pt",
        "int:s/players/0/money": "-4",
    }
    result = client.post("/en/demo/check", data=data)
    html = result.get_data(as_text=True)
    assert result.status_code == 200
    assert 'data-rule="DG-101"' in html and "A player&#39;s money is never below zero." in html
    assert 'href="/docs/en/games/demo/rules.html#rule-DG-101"' in html
    assert 'class="field marked"><label for="s-players-0-money"' in html
    link = re.search(r'id="permalink" href="([^"]+)"|href="([^"]+)" id="permalink"', html)
    assert link
    url = (link.group(1) or link.group(2)).replace("&amp;", "&")
    again = client.get(url.replace("http://localhost", ""))
    assert 'data-rule="DG-101"' in again.get_data(as_text=True)


def test_check_page_bad_form_value(client: FlaskClient) -> None:
    base = permalink.encode(EXAMPLE)
    html = client.post(
        "/en/demo/check",
        data={
            "source": "form",
            "base": base,
            "int:s/players/0/money": "lots",
            "int:s/players/9/money": "1",
        },
    ).get_data(as_text=True)
    assert "/players/0/money" in html and "Expected a whole number." in html
    assert "/players/9/money" in html


def test_damaged_permalink(client: FlaskClient) -> None:
    response = client.get("/en/demo/check?s=not-a-link")
    assert response.status_code == 422
    assert "This link is damaged or incomplete." in response.get_data(as_text=True)


def test_permalink_round_trip() -> None:
    data = {"players": [{"name": "Ζωή 李"}], "n": list(range(50))}
    blob = permalink.encode(data)
    assert re.fullmatch(r"[A-Za-z0-9_-]+", blob)
    assert permalink.decode(blob) == data


def test_dispute_page(client: FlaskClient) -> None:
    html = client.post(
        "/el/demo/move",
        data={
            "source": "json",
            "json": json.dumps(EXAMPLE),
            "move_type": "pay",
            "move_source": "form",
            "mbase": permalink.encode({"type": "pay"}),
            "int:m/player": "1",
            "int:m/amount": "9",
            "lang2": "en",
        },
    ).get_data(as_text=True)
    assert 'data-rule="DG-201"' in html and "Pass instead." in html
    legal = client.post(
        "/en/demo/move",
        data={
            "source": "json",
            "json": json.dumps(EXAMPLE),
            "move_source": "json",
            "move_json": '{"type": "pay", "player": 0, "amount": 1}',
        },
    ).get_data(as_text=True)
    assert "Paid 1." in legal and "&#34;money&#34;: 4" in legal


def test_dispute_retype_shows_the_new_fields(client: FlaskClient) -> None:
    html = client.post(
        "/en/demo/move",
        data={
            "source": "json",
            "json": json.dumps(EXAMPLE),
            "move_type": "pay",
            "action": "retype",
            "mbase": permalink.encode({"type": "pass"}),
            "move_source": "form",
        },
    ).get_data(as_text=True)
    assert 'name="int:m/amount"' in html and 'id="verdict"' not in html


def test_score_page(client: FlaskClient) -> None:
    html = client.post("/pt/demo/score", data={"source": "json", "json": json.dumps(EXAMPLE)})
    text = html.get_data(as_text=True)
    assert "Money counts one point each." in text and 'class="winner"' in text


def test_upload_json_file(client: FlaskClient) -> None:
    import io

    raw = json.dumps(broken(money=-3)).encode()
    html = client.post(
        "/en/demo/check",
        data={"source": "json", "file": (io.BytesIO(raw), "table.json")},
        content_type="multipart/form-data",
    ).get_data(as_text=True)
    assert 'data-rule="DG-101"' in html


def test_rules_pages(client: FlaskClient) -> None:
    listing = client.get("/en/demo/rules?q=dg-102").get_data(as_text=True)
    assert 'data-rule="DG-102"' in listing and 'data-rule="DG-101"' not in listing
    detail = client.get("/zh_TW/demo/rules/DG-101?lang2=el")
    assert detail.status_code == 200
    assert client.get("/en/demo/rules/DG-404").status_code == 404


def test_pages_answer_everywhere(client: FlaskClient) -> None:
    for lang in ("en", "el", "pt", "zh_TW"):
        for part in ("", "check", "move", "score", "rules"):
            response = client.get(f"/{lang}/demo/{part}")
            assert response.status_code == 200, (lang, part)
            assert f'<html lang="{HTML_LANG[lang]}">' in response.get_data(as_text=True)


# --- the reference ------------------------------------------------------------------------------


def test_docs_served(client: FlaskClient) -> None:
    response = client.get("/docs/el/games/demo/rules.html")
    assert response.status_code == 200 and b'id="rule-DG-101"' in response.data
    assert client.get("/docs/").status_code == 302
    assert client.get("/docs/pt/").status_code == 200


@pytest.mark.parametrize(
    "path",
    [
        "../secret.txt",
        "..%2Fsecret.txt",
        "%2e%2e/secret.txt",
        "../../html/en/index.html",
        "/etc/passwd",
        "..\\secret.txt",
    ],
)
def test_docs_cannot_escape(client: FlaskClient, path: str) -> None:
    response = client.get(f"/docs/en/{path}")
    assert response.status_code in (404, 308)
    assert b"secret" not in response.data


def test_docs_not_built(tmp_path: Path) -> None:
    app = create_app(
        {"ADJ_GAMES": [make_demo_game(tmp_path / "g")], "ADJ_DOCS_DIR": tmp_path / "none"}
    )
    response = app.test_client().get("/docs/en/index.html")
    assert response.status_code == 404 and b"adjudicator docs" in response.data


def test_favicon(client: FlaskClient) -> None:
    response = client.get("/favicon.ico")
    assert response.status_code == 200 and response.mimetype == "image/svg+xml"


# --- rule search ---------------------------------------------------------------------------------


def test_search_rules(tmp_path: Path) -> None:
    game = make_demo_game(tmp_path / "demo")
    assert [r.id for r in search_rules(game, "dg-101", "en")] == ["DG-101"]
    assert [r.id for r in search_rules(game, "FABRICA board", "pt")] == ["DG-102"]
    assert sorted(r.id for r in search_rules(game, "money", "el")) == ["DG-101", "DG-201"]
    assert search_rules(game, "   ", "en") == []
    assert search_rules(game, "zzz", "zh_TW") == []


def test_fold() -> None:
    assert fold("ΒΌΜΒΑ") == fold("βόμβα") == "βομβα"
    assert fold("Fábrica") == "fabrica"
    assert fold("τελικός") == "τελικοσ"


# --- the real games, as far as they exist ---------------------------------------------------------


def real_games() -> list[Any]:
    return available_games()


@pytest.fixture
def real_client(docs_dir: Path) -> FlaskClient:
    return create_app({"ADJ_DOCS_DIR": docs_dir, "TESTING": True}).test_client()


def test_real_games_pages_and_examples(real_client: FlaskClient) -> None:
    for game in real_games():
        for name in game.example_names():
            state = game.example(name)
            api = real_client.post(f"/api/v1/{game.id}/check", json=state)
            assert api.status_code == 200, (game.id, name)
            page = real_client.get(f"/en/{game.id}/check?example={name}")
            assert page.status_code == 200, (game.id, name)
        for part in ("move", "score", "rules"):
            assert real_client.get(f"/zh_TW/{game.id}/{part}").status_code == 200


@pytest.mark.slow
def test_real_games_failing_cases_show_their_rules(real_client: FlaskClient) -> None:
    for game in real_games():
        for case in [c for c in game.cases if c.kind == "state" and c.expected_violations][:5]:
            html = real_client.get(f"/el/{game.id}/check?case={case.id}")
            assert html.status_code == 200
            rule_id = sorted(case.expected_violations)[0]
            assert f'data-rule="{rule_id}"' in html.get_data(as_text=True), case.id
            state = case.build_state(game)
            shown = real_client.get(f"/el/{game.id}/check?s={permalink.encode(state)}")
            assert f'data-rule="{rule_id}"' in shown.get_data(as_text=True), case.id


class FormFields(HTMLParser):
    """The values a browser would submit from the form with ``id``."""

    def __init__(self, form_id: str) -> None:
        super().__init__()
        self.form_id, self.inside, self.values = form_id, False, {}
        self.select: str | None = None
        self.textarea: str | None = None
        self.first = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self.inside = a.get("id") == self.form_id
        if not self.inside or ("name" not in a and tag != "option"):
            return
        if tag == "input" and a.get("type") not in ("radio", "file", "submit"):
            self.values[a["name"]] = a.get("value", "")
        elif tag == "select":
            self.select, self.first = a["name"], True
        elif tag == "option" and self.select and ("selected" in a or self.first):
            self.values[self.select] = a.get("value", "")  # a browser sends the first option
            self.first = False
        elif tag == "textarea":
            self.textarea = a["name"]
            self.values[a["name"]] = ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.inside = False
        elif tag == "select":
            self.select = None
        elif tag == "textarea":
            self.textarea = None

    def handle_data(self, data: str) -> None:
        if self.textarea:
            self.values[self.textarea] += data


def form_values(html: str, form_id: str) -> dict[str, str]:
    parser = FormFields(form_id)
    parser.feed(html)
    return parser.values


@pytest.mark.slow
def test_real_games_form_round_trip(real_client: FlaskClient) -> None:
    """Submitting an example's form unchanged gives the example's own verdict."""
    for game in real_games():
        for name in game.example_names():
            page = real_client.get(f"/en/{game.id}/check?example={name}").get_data(as_text=True)
            values = form_values(page, "state-form")
            response = real_client.post(f"/en/{game.id}/check", data=values)
            html = response.get_data(as_text=True)
            assert response.status_code == 200, (game.id, name, re.findall(r"<li><code>.*", html))
            expected = {v.rule for v in game.check(game.example(name)).violations}
            shown = set(re.findall(r'class="violation" data-rule="([^"]+)"', html))
            assert shown == expected, (game.id, name)


def test_real_games_pictures_mark_and_escape() -> None:
    from markupsafe import Markup

    from web.pictures import draw

    for game in real_games():
        for name in game.example_names():
            data = game.example(name)
            state = game.parse_state(data)
            svg = draw(game, state, [], "el")
            assert isinstance(svg, Markup) and svg.startswith('<div class="panel'), (game.id, name)
            assert "<svg" in svg
            assert "<script" not in svg and not re.search(r"\son\w+=", svg)
        report = [v.path for v in game.violations(game.parse_state(game.example()))]
        assert draw(game, game.parse_state(game.example()), report, "zh_TW") is not None


def test_picture_escapes_names(real_client: FlaskClient) -> None:
    for game in real_games():
        data = game.example()
        for player in data.get("players", []):
            for key in ("name", "colour"):
                if isinstance(player.get(key), str):
                    player[key] = XSS
                    break
            break
        html = real_client.post(
            f"/en/{game.id}/check", data={"source": "json", "json": json.dumps(data)}
        ).get_data(as_text=True)
        assert XSS not in html, game.id


def test_svg_canvas_escapes() -> None:
    from adjudicator.core.present import Canvas

    canvas = Canvas(10, 10, XSS)
    canvas.text(1, 1, XSS, fill='"><script>')
    svg = canvas.render()
    assert "<img" not in svg and "<script>" not in svg
    assert "&lt;img src=x onerror=alert(1)&gt;" in svg


def test_add_and_remove_list_items(client: FlaskClient) -> None:
    base = permalink.encode(EXAMPLE)
    added = client.post(
        "/en/demo/check", data={"source": "form", "base": base, "action": "add:s/players"}
    ).get_data(as_text=True)
    assert 'name="str:s/players/2/name"' in added and 'id="verdict"' not in added
    assert 'name="int:s/players/2/workers" value="0"' in added
    removed = client.post(
        "/en/demo/check", data={"source": "form", "base": base, "action": "remove:s/players/0"}
    ).get_data(as_text=True)
    assert 'name="str:s/players/1/name"' not in removed
    assert 'value="Bo"' in removed and 'value="Ada"' not in removed
    ignored = client.post(
        "/en/demo/check", data={"source": "form", "base": base, "action": "remove:s/nope/9"}
    )
    assert ignored.status_code == 200


def test_blank_values_follow_the_schema() -> None:
    from test_web_demo import State

    from web.forms import blank, schema_at

    schema = State.model_json_schema()
    assert blank(schema_at(schema, "/players/0")) == {"name": "", "money": 0, "workers": 0}
    assert blank(schema_at(schema, "/players/0/colour")) == "red"
    assert blank(schema_at(schema, "/note")) is None


# --- serving ------------------------------------------------------------------------------------


def test_serve_builds_a_missing_reference_in_a_separate_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import importlib.util

    from adjudicator import docs_status
    from web import serve

    started: list[list[str]] = []

    class Process:
        pid = os.getpid()

        def __init__(self, command: list[str], **_kwargs: Any) -> None:
            started.append(command)

    monkeypatch.setattr(serve.subprocess, "Popen", Process)
    out = tmp_path / "out"
    assert serve.start_reference_build(out) is not None
    assert started[0][1:3] == ["-m", "adjudicator.docs_background"]
    assert started[0][3:] == [str(out), "en", "el", "pt", "zh_TW"]
    assert "in the background" in capsys.readouterr().err
    assert docs_status.language_state(out, "pt") == "building"
    for lang in ("en", "el", "pt", "zh_TW"):  # built: a second start builds nothing
        (out / lang).mkdir()
        (out / lang / "index.html").write_text("<html></html>")
    docs_status.write_status(out, {"langs": {}})
    assert serve.start_reference_build(out) is None and len(started) == 1
    monkeypatch.setattr(importlib.util, "find_spec", lambda name: None)
    assert serve.start_reference_build(tmp_path / "missing") is None
    assert "warning" in capsys.readouterr().err


def free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@pytest.mark.serving
def test_adjudicator_serve_runs_gunicorn(tmp_path: Path) -> None:
    """The page answers at once; a language of the reference that is not built yet says it
    is being built (its build runs beside the server, and stops with it)."""
    import subprocess
    import time
    import urllib.error
    import urllib.request

    from adjudicator import docs_status

    docs = tmp_path / "html"
    (docs / "en").mkdir(parents=True)
    (docs / "en" / "index.html").write_text("<html>built</html>")
    port = free_port()
    command = [sys.executable, "-m", "adjudicator.cli", "serve", "--port", str(port),
               "--workers", "2", "--docs", str(docs)]  # fmt: skip
    root = Path(__file__).resolve().parent.parent
    proc = subprocess.Popen(
        command, cwd=root, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
    )
    try:
        assert proc.stdout is not None
        assert f"http://127.0.0.1:{port}/" in proc.stdout.readline()
        deadline = time.monotonic() + 20
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/el/", timeout=5) as answer:
                    assert b'<html lang="el">' in answer.read()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/docs/en/index.html") as answer:
            assert answer.read() == b"<html>built</html>"
        assert not (docs / "el" / "index.html").is_file()
        with pytest.raises(urllib.error.HTTPError) as building:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/docs/el/index.html")
        assert building.value.code == 503
        assert "Το εγχειρίδιο ετοιμάζεται" in building.value.read().decode()
        builder = (docs_status.read_status(docs) or {})["pid"]
    finally:
        proc.terminate()
        proc.wait(timeout=40)
    with pytest.raises(ProcessLookupError):  # the build stopped with the server
        for _ in range(50):
            os.kill(builder, 0)
            time.sleep(0.2)


# --- no input makes a page fail ----------------------------------------------------------------

FIELD_NAMES = st.sampled_from([
    "int:s/players/0/money", "str:s/players/0/name", "enum:s/players/0/colour",
    "lstr~:s/players/0/tags", "json:s/players", "int:s/players/7/money", "int:s/round",
    "str?~:s/note", "bogus", "int:m/amount", "enum:m/type", "json:m", ":s", "int:s",
])  # fmt: skip
FORM = st.dictionaries(
    st.one_of(FIELD_NAMES, st.sampled_from(["source", "base", "json", "move_type", "action",
                                            "move_source", "move_json", "mbase", "lang2"])),
    st.one_of(st.text(max_size=30), st.sampled_from(["form", "json", "add:s/players",
                                                     "remove:s/players/0", "retype", "pay"])),
    max_size=8,
)  # fmt: skip


@functools.cache
def fuzz_client() -> FlaskClient:
    game = make_demo_game(Path(tempfile.mkdtemp()) / "demo")
    return create_app({"ADJ_GAMES": [game], "TESTING": False}).test_client()


@settings(max_examples=examples(60), deadline=None, suppress_health_check=list(HealthCheck))
@given(form=FORM, part=st.sampled_from(["check", "move", "score"]))
def test_no_form_makes_a_page_fail(form: dict[str, str], part: str) -> None:
    response = fuzz_client().post(f"/en/demo/{part}", data=form)
    assert response.status_code in (200, 404, 413, 422), form
    no_traceback(response.get_data(as_text=True))


@settings(max_examples=examples(60), deadline=None, suppress_health_check=list(HealthCheck))
@given(
    key=st.sampled_from(["s", "m", "case", "example", "lang2", "q"]),
    value=st.text(max_size=40),
    part=st.sampled_from(["check", "move", "score", "rules"]),
)
def test_no_query_makes_a_page_fail(key: str, value: str, part: str) -> None:
    response = fuzz_client().get(f"/zh_TW/demo/{part}", query_string={key: value})
    assert response.status_code in (200, 404, 422)


def test_real_games_move_cases_on_the_page(real_client: FlaskClient) -> None:
    for game in real_games():
        moves = [c for c in game.cases if c.kind == "move"]
        legal = [c for c in moves if c.expect.get("legal") is True][:3]
        illegal = [c for c in moves if c.expect.get("legal") is False][:3]
        for case in legal + illegal:
            html = real_client.get(f"/pt/{game.id}/move?case={case.id}").get_data(as_text=True)
            if case.expect.get("legal"):
                assert 'class="verdict ok"' in html and 'class="after"' in html, case.id
            else:
                assert 'class="verdict bad"' in html, case.id
                for rule_id in case.expected_violations:
                    assert f'data-rule="{rule_id}"' in html, case.id


def test_real_games_score_cases_on_the_page(real_client: FlaskClient) -> None:
    for game in real_games():
        for case in [c for c in game.cases if c.kind == "score"][:3]:
            html = real_client.get(f"/el/{game.id}/score?case={case.id}").get_data(as_text=True)
            assert 'class="verdict score"' in html, case.id
            if case.expect.get("winner"):
                assert 'class="winner"' in html, case.id


def test_real_games_picture_links_reach_the_form(real_client: FlaskClient) -> None:
    for game in real_games():
        html = real_client.get(f"/en/{game.id}/check").get_data(as_text=True)
        links = re.findall(r'<a href="#(s-[^"]+)"', html)
        ids = set(re.findall(r'id="(s-[^"]+)"', html))
        assert links, game.id
        assert [link for link in links if link not in ids] == [], game.id


def test_check_page_leads_to_dispute_and_score(client: FlaskClient) -> None:
    html = client.get("/en/demo/check").get_data(as_text=True)
    move = re.search(r'href="(/en/demo/move\?s=[^"]+)"', html)
    score = re.search(r'href="(/en/demo/score\?s=[^"]+)"', html)
    assert move and score
    assert 'name="int:m/amount"' in client.get(move.group(1)).get_data(as_text=True)
    assert "Money counts one point each." in client.get(score.group(1)).get_data(as_text=True)


def test_alias_language_keeps_a_post(client: FlaskClient) -> None:
    response = client.post("/zh-TW/demo/check", data={"source": "json", "json": "{}"})
    assert response.status_code == 308
    assert response.headers["Location"].endswith("/zh_TW/demo/check")


@pytest.mark.parametrize("game_id", ["manhattan-project", "imperial", "quarantine"])
def test_every_kind_of_action_can_be_chosen_on_a_fresh_page(game_id: str) -> None:
    """Changing the kind never reads the old kind's fields (an empty box once blocked it)."""
    from web.forms import move_variants

    real = create_app({"TESTING": True}).test_client()
    fresh = real.get(f"/en/{game_id}/move").get_data(as_text=True)
    fields = form_values(fresh, "move-form")
    assert "mbase" in fields and "move_type" in fields
    for name in fields:
        if name.startswith("json"):
            fields[name] = ""
    game = next(g for g in available_games() if g.id == game_id)
    fields["json"] = json.dumps(game.example())
    _, variants = move_variants(game.schema("move"))
    for kind in variants:
        page = real.post(
            f"/en/{game_id}/move", data={**fields, "move_type": kind, "action": "retype"}
        )
        html = page.get_data(as_text=True)
        assert page.status_code == 200, (kind, html[:2000])
        assert f'<option value="{kind}" selected' in html
        assert 'id="verdict"' not in html


def fill_move(client: FlaskClient, url: str, page: str, target: dict[str, Any]) -> str:
    """Choose ``target``'s kind on the dispute page, fill its fields (pressing "Add one"
    where a list needs more items) and submit; the verdict page's HTML."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from form_plan import MISSING, at, leaves, shape_change

    values = form_values(page, "move-form")
    html = client.post(url, data={**values, "move_type": target["type"], "action": "retype"})
    page = html.get_data(as_text=True)
    for _round in range(60):
        values = form_values(page, "move-form")
        current = permalink.decode(values["mbase"], "/move")
        sets = {  # a set of choices (a tile's doors) is one select among its subsets
            n.partition(":m")[2]: n
            for n in values
            if n.startswith("enum") and isinstance(at(target, n.partition(":m")[2]), list)
        }
        for path, name in sets.items():
            values[name] = json.dumps(at(target, path))
            with contextlib.suppress(KeyError, ValueError, IndexError):
                forms.set_at(current, forms.split_pointer(path), at(target, path))
        for path, want in leaves(target).items():
            if path == "/type" or any(path.startswith(f"{s}/") for s in sets):
                continue  # the kind of action, chosen above; a set's choices, chosen
            name = next((n for n in values if n.endswith(f":m{path}")), None)
            if name is None:
                assert at(current, path) is MISSING or want in ([], {}), (path, values)
                continue
            if isinstance(want, list):
                values[name] = ", ".join(map(str, want))  # a list typed as one line
            else:
                values[name] = (
                    ""
                    if want is None
                    else json.dumps(want)
                    if name.startswith("enum")
                    else str(want)
                )
        offered = set(re.findall(r'value="add:m([^"]*)"', page))
        change = shape_change(current, target, addable=offered.__contains__)
        if change is None:
            break
        verb, path = change
        page = client.post(url, data={**values, "action": f"{verb}:m{path}"}).get_data(as_text=True)
    return client.post(url, data={**values, "action": "decide"}).get_data(as_text=True)


def kinds_with_a_case() -> list[tuple[Any, str, Any, Any]]:
    """Each game's kinds of action, each with a known case's state and move's verdict and
    its move as the API writes it."""
    from web.forms import move_variants

    found = []
    for game in available_games():
        for kind in move_variants(game.schema("move"))[1]:
            case = next(
                c for c in game.cases if c.kind == "move" and (c.move or {}).get("type") == kind
            )
            move = game.move_adapter.dump_python(
                game.parse_move(dict(case.move)), mode="json", by_alias=True
            )
            state = case.build_state(game)
            found.append((game, kind, (state, game.adjudicate(state, dict(case.move))), move))
    return found


def shown_verdict(html: str) -> tuple[set[str], bool]:
    """The rules a verdict page names and whether it says the move is legal."""
    shown = set(re.findall(r'class="violation" data-rule="([^"]+)"', html))
    return shown, 'class="verdict ok"' in html


@pytest.mark.slow
def test_every_kind_of_action_can_be_chosen_filled_and_submitted() -> None:
    """For each game and each kind of action, a known case's move entered through the form
    (choose the kind, fill its fields) gets the verdict the API gives on the JSON.

    The form reads the same in every language (its field names and values are the
    schema's, never words): the other languages' pages of the same moves are held to the
    same form and verdict by the next test, at a quarter of the requests."""
    client = create_app({"TESTING": True}).test_client()
    for game, kind, (state, verdict), move in kinds_with_a_case():
        url = f"/en/{game.id}/move"
        fresh = client.get(f"{url}?s={permalink.encode(state)}").get_data(as_text=True)
        html = fill_move(client, url, fresh, move)
        link = re.search(r'href="([^"]+)" id="permalink"', html)
        entered = re.search(r"[?&;]m=([A-Za-z0-9_-]+)", link.group(1)) if link else None
        assert entered, (game.id, kind, re.findall(r"<li><code>.*", html))
        got = permalink.decode(entered.group(1), "/move")
        expected = ({v.rule for v in verdict.violations}, verdict.legal)
        assert shown_verdict(html) == expected, (game.id, kind, got, move)
        assert (
            game.move_adapter.dump_python(game.parse_move(got), mode="json", by_alias=True) == move
        ), (game.id, kind)


@pytest.mark.slow
def test_every_kind_of_actions_verdict_is_the_same_form_in_every_language() -> None:
    """Each kind's known move, linked: in el, pt and zh_TW the page shows the same move form
    (every field's name and value) as in English, and the verdict the API gives."""
    client = create_app({"TESTING": True}).test_client()
    for game, kind, (state, verdict), move in kinds_with_a_case():
        query = f"s={permalink.encode(state)}&m={permalink.encode(move)}"
        expected = ({v.rule for v in verdict.violations}, verdict.legal)
        english = form_values(
            client.get(f"/en/{game.id}/move?{query}").get_data(as_text=True), "move-form"
        )
        assert permalink.decode(english["mbase"], "/move") == move, (game.id, kind)
        for lang in ("el", "pt", "zh_TW"):
            answer = client.get(f"/{lang}/{game.id}/move?{query}")
            html = answer.get_data(as_text=True)
            assert answer.status_code == 200, (lang, game.id, kind)
            assert form_values(html, "move-form") == english, (lang, game.id, kind)
            assert shown_verdict(html) == expected, (lang, game.id, kind)


def test_a_tap_on_the_picture_puts_a_worker(real_client: FlaskClient) -> None:
    """The Manhattan Project: a tap on a board space or a building puts the chosen worker."""
    page = real_client.get("/en/manhattan-project/check?example=mid-game").get_data(as_text=True)
    assert 'data-tap="/board/mine_paid"' in page and 'data-tap="/players/0/buildings/1"' in page
    values = form_values(page, "state-form")
    before = permalink.decode(values["base"])
    for target in ("/board/mine_paid", "/players/0/buildings/1"):
        html = real_client.post(
            "/en/manhattan-project/check",
            data={**values, "action": f"put:{target}", "brush": "blue engineer"},
        ).get_data(as_text=True)
        values = form_values(html, "state-form")
    after = permalink.decode(values["base"])
    assert after["board"]["mine_paid"] == [
        *before["board"]["mine_paid"],
        {"kind": "engineer", "colour": "blue"},
    ]
    occupants = after["players"][0]["buildings"][1]["occupants"]
    assert occupants[-1] == {"kind": "engineer", "colour": "blue"}
    assert 'name="brush" form="state-form"' in html and 'value="blue engineer" selected' in html
