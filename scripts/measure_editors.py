#!/usr/bin/env python3
"""How heavy the editor pages are, and how many interactions it takes to enter a table.

    .venv/bin/python scripts/measure_editors.py                # weights, entry, disputes
    .venv/bin/python scripts/measure_editors.py --no-entry     # weights only
    .venv/bin/python scripts/measure_editors.py --format json  # the same as one JSON object

Weights: the HTML of each editor page (check, dispute, score) at first load, as the
server sends it (no picture script or style sheet counted). Entry: Debian's chromium at
390 × 844 starts from the game's setup for the players of its `mid-game` example and
enters that example by taps and choices (tests/browser/entry.py); it prints the taps
(counter − / +, buttons, section titles), the choices from selects, what had to be
typed, and the page loads it took (a swapped answer is not a page load), with the taps
by what they entered ("by_edit") and the least number of taps any editor needs for that
example ("lower_bound", scripts/entry_bound.py). Disputes: three
disputes from the `mid-game` examples settled by tapping the dispute page's picture
(tests/browser/disputes.py): the taps (a select counts as one) and page loads.
"""

from __future__ import annotations

import argparse
import json
import logging
import re
import sys
import threading
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "browser"), str(ROOT / "scripts")]

from adjudicator.games import available_games  # noqa: E402
from web import create_app, permalink  # noqa: E402

PAGES = ("check", "move", "score")
LANG = {"manhattan-project": "el", "imperial": "zh_TW", "quarantine": "pt"}


def weights() -> dict[str, Any]:
    client = create_app({"TESTING": True}).test_client()
    found: dict[str, Any] = {}
    for game in available_games():
        sizes, inputs, places = {}, 0, 0
        for page in PAGES:
            html = client.get(f"/en/{game.id}/{page}?example=mid-game").get_data()
            sizes[page] = round(len(html) / 1000, 1)
            if page == "check":
                inputs = html.count(b"<input") + html.count(b"<select") + html.count(b"<textarea")
            if page == "move":
                places = len(set(re.findall(rb'data-place="([^"]+)"', html)))
        found[game.id] = {"kb": sizes, "inputs": inputs, "dispute_places": places}
    return found


def print_weights(found: dict[str, Any]) -> None:
    print(f"{'game':<20}" + "".join(f"{p + ' KB':>12}" for p in PAGES) + f"{'inputs':>9}"
          f"{'places':>9}")  # fmt: skip
    for game, row in found.items():
        sizes = "".join(f"{row['kb'][p]:>12.1f}" for p in PAGES)
        print(f"{game:<20}{sizes}{row['inputs']:>9}{row['dispute_places']:>9}")


def entries(browser: Any, server: str, only: str | None = None) -> dict[str, Any]:
    """Each game's `mid-game` example entered from the setup for its players."""
    from entry import enter_state, same_state
    from entry_bound import bound
    from swapping import page_loads, submitted

    found: dict[str, Any] = {}
    for game in available_games():
        if only and game.id != only:
            continue
        lang = LANG.get(game.id, "en")
        target = game.state_model.model_validate(game.example("mid-game")).model_dump(mode="json")
        page = browser.new_page(viewport={"width": 390, "height": 844})
        loads = page_loads(page)
        page.goto(f"{server}/{lang}/{game.id}/check")
        with submitted(page):
            page.locator("form.pick select[name=example]").first.select_option(
                f"setup-{len(target['players'])}p"
            )
        entry = enter_state(page, game.schema("state"), target, game=game.id, weigh=True)
        with submitted(page):
            page.locator("#check-button").click()  # (not counted: the entry is done)
        href = page.locator("#permalink").get_attribute("href") or ""
        entered = permalink.decode(href.split("s=", 1)[1].split("&", 1)[0])
        entered = game.state_model.model_validate(entered).model_dump(mode="json")
        if same_state(game.id, entered) != same_state(game.id, target):
            raise AssertionError(f"{game.id}: the state entered is not the example")
        c = entry.counts
        found[game.id] = {
            "lang": lang,
            "taps": c["tap"] + c["choice"] + 1,  # a select counts as a tap; +1: the setup's
            "counters": c["counter"],
            "picture_taps": c["picture"],
            "copies": c["copy"],
            "section_taps": c["section"],
            "choices": c["choice"] + 1,
            "typed": sum(len(t.split("=", 1)[1]) for t in entry.typed),
            "page_loads": len(loads),
            "largest_page_kb": round(max(entry.pages or [0]) / 1000, 1),
            "lower_bound": bound(game.id)["facts"],
            "by_edit": dict(entry.by_edit.most_common()),
        }
        page.close()
    return found


def disputes(browser: Any, server: str) -> dict[str, Any]:
    """The three disputes of tests/browser/disputes.py, settled by taps on the picture."""
    from disputes import DISPUTES, settle

    found: dict[str, Any] = {}
    for dispute in DISPUTES:
        page = browser.new_page(viewport={"width": 390, "height": 844})
        settled = settle(page, server, dispute)
        found[dispute.game] = {
            "question": dispute.question,
            "taps": settled.taps,
            "page_loads": settled.page_loads,
            "verdict": ("legal" if settled.legal else "illegal")
            + (f" ({', '.join(settled.rules)})" if settled.rules else ""),
        }
        page.close()
    return found


def in_browser(entry: bool, only: str | None = None) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright
    from werkzeug.serving import make_server

    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    app = create_app({"ADJ_DOCS_DIR": ROOT / "docs" / "_build" / "html"})
    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    server = f"http://127.0.0.1:{httpd.server_port}"
    found: dict[str, Any] = {}
    with sync_playwright() as play:
        browser = play.chromium.launch(
            executable_path="/usr/bin/chromium", args=["--headless=new", "--no-sandbox"]
        )
        if entry:
            found["entry"] = entries(browser, server, only)
        if not only:
            found["disputes"] = disputes(browser, server)
        browser.close()
    httpd.shutdown()
    return found


def print_table(title: str, rows: dict[str, Any]) -> None:
    keys = [k for k in next(iter(rows.values())) if k not in ("question", "by_edit")]
    print(f"\n{title}\n{'game':<20}" + "".join(f"{k:>16}" for k in keys))
    for game, row in rows.items():
        print(f"{game:<20}" + "".join(f"{row[k]!s:>16}" for k in keys))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--no-entry", action="store_true", help="only the page weights")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.add_argument("--game", help="enter only this game's table (no disputes)")
    args = parser.parse_args()
    found: dict[str, Any] = {"weights": weights()}
    if not args.no_entry:
        found.update(in_browser(entry=True, only=args.game))
    if args.format == "json":
        print(json.dumps(found, ensure_ascii=False, indent=2))
        return
    print_weights(found["weights"])
    for key, title in (("entry", "Entering the mid-game example from the setup"),
                       ("disputes", "Three disputes by taps on the picture")):  # fmt: skip
        if key in found:
            print_table(title, found[key])
    for game, row in found.get("entry", {}).items():
        print(f"\n{game}: taps by what they entered")
        for edit, taps in row["by_edit"].items():
            print(f"{taps:>6}  {edit}")


if __name__ == "__main__":
    main()
