"""The page in a real browser: the main flows in each of the four languages.

Run with ``pytest -m browser tests/browser``. Chromium comes from Debian
(``apt-get install -y chromium fonts-noto-cjk``); nothing is downloaded.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from swapping import submitted

from adjudicator.core.cases import Case
from adjudicator.core.game import Game
from adjudicator.core.i18n import HTML_LANG, LANGS, gettext, translations
from adjudicator.games import available_games
from adjudicator.search import fold

pytestmark = pytest.mark.browser

XSS = "<img src=x onerror=alert(1)>"
SCALARS = (int, str, bool)


def t(lang: str, msgid: str) -> str:
    return gettext("adjudicator", lang, msgid)


def console_problem(kind: str, text: str) -> list[str]:
    """Console errors, except the 422 status of a page that shows malformed input."""
    if kind != "error" or "status of 422" in text:
        return []
    return [f"console {kind}: {text}"]


@pytest.fixture
def page(reused_page: Page) -> Page:
    """The module's tests share a page (each loads what it reads)."""
    return reused_page


@pytest.fixture(autouse=True)
def guard(page: Page, server: str) -> Iterator[list[str]]:
    """Fail on any request to another host, any console error and any dialog."""
    page.set_default_timeout(15_000)
    problems: list[str] = []

    def request(r: Any) -> None:
        if not (r.url.startswith(server) or r.url.startswith("data:")):
            problems.append(f"request to another host: {r.url}")

    def dialog(d: Any) -> None:
        problems.append(f"dialog: {d.message}")
        d.dismiss()

    handlers = {
        "request": request,
        "console": lambda m: problems.extend(console_problem(m.type, m.text)),
        "dialog": dialog,
        "pageerror": lambda e: problems.append(f"page error: {e}"),
    }
    for event, handler in handlers.items():
        page.on(event, handler)  # type: ignore[call-overload]
    yield problems
    for event, handler in handlers.items():  # (the next test's page is this one)
        page.remove_listener(event, handler)
    assert problems == []


# --- choosing the data from the games' own cases ------------------------------------------------


def state_cases() -> list[tuple[Game, Case, str, Any]]:
    """Failing state cases that change one plain value of a named example."""
    found = []
    for game in available_games():
        for case in game.cases:
            if case.kind != "state" or not case.expected_violations or case.remove:
                continue
            if not case.base or case.base not in game.example_names() or len(case.patch) != 1:
                continue
            ((pointer, value),) = case.patch.items()
            if isinstance(value, SCALARS) and case.expected_violations <= {
                r.id for r in game.catalog
            }:
                found.append((game, case, pointer, value))
    return found


def move_cases() -> list[tuple[Game, Case]]:
    return [
        (game, case)
        for game in available_games()
        for case in game.cases
        if case.kind == "move" and case.expect.get("legal") is False and case.expected_violations
    ]


def pick(items: list[Any], lang: str) -> Any:
    """A different item for each language, spreading the flows over the games."""
    if not items:
        pytest.skip("no game has a suitable case yet")
    games = list(dict.fromkeys(item[0].id for item in items))
    game_id = games[LANGS.index(lang) % len(games)]
    mine = [item for item in items if item[0].id == game_id]
    return mine[LANGS.index(lang) % len(mine)]


def ancestors_open(page: Page, selector: str) -> None:
    page.eval_on_selector(
        selector,
        "el => { for (let d = el.closest('details'); d; d = d.parentElement.closest('details'))"
        " d.open = true; }",
    )


def set_field(page: Page, pointer: str, value: Any) -> None:
    selector = f'[name$=":s{pointer}"]'
    parts = pointer.strip("/").split("/")
    for n in range(1, len(parts) + 1):  # a folded part: press its "Edit" first
        edit = page.locator(f'form#state-form button[value="open:s/{"/".join(parts[:n])}"]')
        if edit.count() and not page.locator(selector).count():
            ancestors_open(page, f'form#state-form button[value="open:s/{"/".join(parts[:n])}"]')
            with submitted(page):
                edit.click()
    ancestors_open(page, selector)
    field = page.locator(selector)
    if field.evaluate("el => el.tagName") == "SELECT":
        # an enum's options hold JSON; a choice of names (a vocabulary select) the name itself
        is_json = (field.get_attribute("name") or "").startswith("enum")
        field.select_option(json.dumps(value) if is_json else str(value))
    elif field.evaluate("el => el.hidden"):  # a count: its list of numbers stands for it
        chosen = page.locator("select#" + (field.get_attribute("id") or "").removesuffix("-number"))
        chosen.focus()  # the list is filled as it is about to open
        chosen.select_option(str(value))
    else:
        field.fill(str(value))


# --- the flows -----------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_check_break_a_rule_and_follow_the_link(page: Page, server: str, lang: str) -> None:
    game, case, pointer, value = pick(state_cases(), lang)
    rule_id = sorted(case.expected_violations)[0]
    rule = game.rule(rule_id)
    assert rule is not None
    page.goto(f"{server}/{lang}/{game.id}/check?example={case.base}")
    expect(page.locator("html")).to_have_attribute("lang", HTML_LANG[lang])
    expect(page.locator("h1")).to_have_text(t(lang, "Check a state"))
    set_field(page, pointer, value)
    second = LANGS[(LANGS.index(lang) + 1) % len(LANGS)]
    page.locator("form#state-form select[name=lang2]").select_option(second)
    with submitted(page):
        page.locator("#check-button").click()
    item = page.locator(f'li.violation[data-rule="{rule_id}"]').first
    expect(item).to_be_visible()
    expect(item.locator(".rule-title")).to_have_text(game._(lang, rule.title))
    expect(item.locator(".statement").first).to_have_text(game._(lang, rule.text))
    beside = item.locator(".statement.second")
    expect(beside).to_contain_text(game._(second, rule.text))
    expect(beside).to_have_attribute("lang", HTML_LANG[second])
    link = page.locator("#permalink").evaluate("a => a.href")  # the href may be relative
    assert link and "s=" in link
    other = page.context.new_page()
    other.goto(link)
    expect(other.locator(f'li.violation[data-rule="{rule_id}"]').first).to_be_visible()
    other.close()
    invalid = translations("adjudicator", lang).ungettext(
        "Invalid: %(num)d violation.", "Invalid: %(num)d violations.", 2
    )
    expect(page.locator("#verdict h2")).to_contain_text(invalid.split("%(num)d")[0].strip())
    item.locator("a.docs-link").click()
    expect(page).to_have_url(
        re.compile(rf"/docs/{lang}/games/{game.id}/rules\.html#{re.escape(rule.anchor)}$")
    )
    expect(page.locator(f'[id="{rule.anchor}"]')).to_be_attached()


@pytest.mark.parametrize("lang", LANGS)
def test_submit_an_illegal_dispute(page: Page, server: str, lang: str) -> None:
    game, case = pick(move_cases(), lang)
    page.goto(f"{server}/{lang}/{game.id}/move?case={case.id}")
    expect(page.locator("h1")).to_have_text(t(lang, "Settle a dispute"))
    with submitted(page):
        page.locator("#decide-button").click()
    verdict = page.locator("#verdict.bad")
    expect(verdict).to_be_visible()
    for rule_id in sorted(case.expected_violations):
        rule = game.rule(rule_id)
        item = verdict.locator(f'li.violation[data-rule="{rule_id}"]').first
        expect(item).to_be_visible()
        if rule is not None:
            expect(item.locator(".statement").first).to_have_text(game._(lang, rule.text))


@pytest.mark.parametrize("lang", LANGS)
def test_score_a_game(page: Page, server: str, lang: str) -> None:
    games = [g for g in available_games() if "end" in g.example_names()]
    if not games:
        pytest.skip("no game has an `end` example yet")
    game = games[LANGS.index(lang) % len(games)]
    page.goto(f"{server}/{lang}/{game.id}/score?example=end")
    with submitted(page):
        page.locator("#score-button").click()
    verdict = page.locator("#verdict")
    expect(verdict).to_be_visible()
    report = game.score(game.example("end")).to_json(lang)
    heading = t(lang, "Final scores:") if report["final"] else t(lang, "Provisional scores:")
    expect(verdict.locator("h2")).to_have_text(heading.rstrip(":："))  # a heading takes no colon
    ranking = verdict.locator("table.scores").first.locator("tbody tr")
    expect(ranking).to_have_count(len(report["ranking"]))
    expect(verdict.locator("ol.steps li")).to_have_count(len(report["steps"]))
    if report["winner"]:
        # The page names the winner as the reader says it (a colour in the reader's language).
        expect(verdict.locator("tr.winner")).to_contain_text(report["names"][report["winner"]])


@pytest.mark.parametrize("lang", LANGS)
def test_look_up_a_rule_by_words(page: Page, server: str, lang: str) -> None:
    game = available_games()[LANGS.index(lang) % len(available_games())]
    rule = list(game.catalog)[LANGS.index(lang) * 3 % len(game.catalog)]
    title = game._(lang, rule.title)
    words = [w for w in re.findall(r"\w+", title) if len(w) > 3] or [title[:2]]
    query = fold(max(words, key=len)).upper() if lang != "zh_TW" else title[:2]
    page.goto(f"{server}/{lang}/{game.id}/rules")
    page.locator("input[name=q]").fill(query)
    with submitted(page):
        page.locator("form.search button[type=submit]").click()
    expect(page.locator(f'li[data-rule="{rule.id}"]')).to_be_visible()
    page.locator("input[name=q]").fill(rule.id.lower())
    with submitted(page):
        page.locator("form.search button[type=submit]").click()
    expect(page.locator("ul.rule-list li")).to_have_count(1)
    with submitted(page):
        page.locator(f'li[data-rule="{rule.id}"] a').click()
    expect(page.locator("h1")).to_contain_text(title)


# --- escaping, phones, hosts ---------------------------------------------------------------------


def renamed(data: Any) -> bool:
    """Give the first player-like ``name`` in ``data`` the hostile value."""
    if isinstance(data, dict):
        if isinstance(data.get("name"), str):
            data["name"] = XSS
            return True
        return any(renamed(v) for v in data.values())
    if isinstance(data, list):
        return any(renamed(v) for v in data)
    return False


def test_hostile_player_name_stays_text(page: Page, server: str) -> None:
    for game in available_games():
        state = game.example()
        if renamed(state):
            break
    else:
        pytest.skip("no example has a name")
    page.goto(f"{server}/en/{game.id}/check")
    page.locator("details.json-source summary").click()
    page.locator('details.json-source textarea[name="json"]').fill(json.dumps(state))
    with submitted(page):
        page.locator("details.json-source button[type=submit]").click()
    expect(page.locator("h1")).to_be_visible()
    assert page.locator("img[src=x]").count() == 0
    assert page.locator('img[src="x"]').count() == 0
    html = page.content()
    assert XSS not in html
    assert "&lt;img src=x onerror=alert(1)&gt;" in html
    assert page.evaluate("() => window.__xss === undefined")


def test_390_pixels_without_sideways_scrolling(page: Page, server: str) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    game = available_games()[0]
    urls = [
        "/en/",
        f"/zh_TW/{game.id}/",
        f"/el/{game.id}/check?example={game.example_names()[0]}",
        f"/pt/{game.id}/move",
        f"/zh_TW/{game.id}/score",
        f"/el/{game.id}/rules",
    ]
    for url in urls:
        page.goto(server + url)
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= 390, (url, width)
    for each in available_games():  # every editor of every game, fresh and with a verdict
        for part, button in (("check", "#check-button"), ("move", "#decide-button"),
                             ("score", "#score-button")):  # fmt: skip
            page.goto(f"{server}/zh_TW/{each.id}/{part}")
            width = page.evaluate("() => document.documentElement.scrollWidth")
            assert width <= 390, (each.id, part, width)
            with submitted(page):
                page.locator(button).click()
            expect(page.locator("#verdict, #errors").first).to_be_visible()
            width = page.evaluate("() => document.documentElement.scrollWidth")
            assert width <= 390, (each.id, part, width)


def test_language_choice_is_remembered(page: Page, server: str) -> None:
    page.goto(f"{server}/")
    game = available_games()[0]
    page.locator(f'input[name="game"][value="{game.id}"]').check()
    page.locator('input[name="lang"][value="zh_TW"]').check()
    with submitted(page):
        page.locator("form.choose button[type=submit]").click()
    expect(page).to_have_url(re.compile(rf"/zh_TW/{game.id}/$"))
    expect(page.locator("html")).to_have_attribute("lang", "zh-TW")
    page.goto(f"{server}/")
    expect(page).to_have_url(re.compile(r"/zh_TW/$"))
    expect(page.locator(f'input[name="game"][value="{game.id}"]')).to_be_checked()


def test_enter_in_a_field_checks_the_state(page: Page, server: str) -> None:
    game = available_games()[0]
    page.goto(f"{server}/pt/{game.id}/check?example={game.example_names()[0]}")
    field = page.locator("form#state-form select.count").first  # a count (its number box hidden)
    with submitted(page):
        field.press("Enter")
    expect(page.locator("#verdict, #errors").first).to_be_visible()


def test_picture_links_open_the_field(page: Page, server: str) -> None:
    for game in available_games():
        page.goto(f"{server}/el/{game.id}/check")
        links = page.locator("figure.picture svg a:has(rect)")
        if links.count() == 0:
            continue
        link = links.nth(links.count() // 2)
        target = link.get_attribute("href")
        assert target and target.startswith("#")
        if link.get_attribute("data-tap"):
            # A part that takes a piece: the tap puts one there (tests/test_web_taps.py)
            # without a reload; the field of what it put is unfolded, and the focus stays on
            # the picture for the next tap (tests/browser/test_picture_taps.py).
            with submitted(page):
                link.click()
            hint = page.locator("#state-form").get_attribute("data-focus") or target[1:]
            expect(page.locator(f'[id="{hint}"]')).to_be_attached()
            continue
        else:
            link.click()
            expect(page.locator(f'[id="{target[1:]}"]')).to_be_visible()
        focused = page.evaluate("document.activeElement && document.activeElement.tagName")
        assert focused in ("INPUT", "SELECT", "TEXTAREA", "BUTTON"), (game.id, target)
