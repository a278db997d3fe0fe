#!/usr/bin/env python3
"""How heavy the editor pages are, and how many interactions it takes to enter a table.

    .venv/bin/python scripts/measure_editors.py            # weights and entry (chromium)
    .venv/bin/python scripts/measure_editors.py --no-entry # weights only

Weights: the HTML of each editor page (check, dispute, score) at first load, as the
server sends it (no picture script or style sheet counted). Entry: Debian's chromium at
390 × 844 starts from the game's setup for the players of its `mid-game` example and
enters that example by taps and choices (tests/browser/entry.py); it prints the taps
(counter − / +, buttons, section titles), the choices from selects, what had to be
typed, and the page loads it took.
"""

from __future__ import annotations

import argparse
import logging
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "browser")]

from adjudicator.games import available_games  # noqa: E402
from web import create_app  # noqa: E402

PAGES = ("check", "move", "score")
LANG = {"manhattan-project": "el", "imperial": "zh_TW", "quarantine": "pt"}


def weights() -> None:
    client = create_app({"TESTING": True}).test_client()
    print(f"{'game':<20}" + "".join(f"{p + ' KB':>12}" for p in PAGES) + f"{'inputs':>9}")
    for game in available_games():
        sizes, inputs = [], 0
        for page in PAGES:
            html = client.get(f"/en/{game.id}/{page}").get_data()
            sizes.append(len(html) / 1000)
            if page == "check":
                inputs = html.count(b"<input") + html.count(b"<select") + html.count(b"<textarea")
        print(f"{game.id:<20}" + "".join(f"{s:>12.1f}" for s in sizes) + f"{inputs:>9}")


def entries() -> None:
    from entry import enter_state
    from playwright.sync_api import sync_playwright
    from werkzeug.serving import make_server

    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    app = create_app({"ADJ_DOCS_DIR": ROOT / "docs" / "_build" / "html"})
    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    server = f"http://127.0.0.1:{httpd.server_port}"
    print(f"\n{'game':<20}{'lang':>6}{'total':>7}{'taps':>6}{'of them − / +':>15}"
          f"{'choices':>9}{'typed':>7}{'pages':>7}{'largest page KB':>17}")  # fmt: skip
    with sync_playwright() as play:
        browser = play.chromium.launch(
            executable_path="/usr/bin/chromium", args=["--headless=new", "--no-sandbox"]
        )
        for game in available_games():
            lang = LANG.get(game.id, "en")
            target = game.state_model.model_validate(game.example("mid-game")).model_dump(
                mode="json"
            )
            page = browser.new_page(viewport={"width": 390, "height": 844})
            page.goto(f"{server}/{lang}/{game.id}/check")
            with page.expect_navigation():
                page.locator("form.pick select[name=example]").first.select_option(
                    f"setup-{len(target['players'])}p"
                )
            entry = enter_state(page, game.schema("state"), target)
            c = entry.counts
            print(f"{game.id:<20}{lang:>6}{entry.interactions + 1:>7}{c['tap']:>6}"
                  f"{c['counter']:>15}{c['choice'] + 1:>9}{c['typing']:>7}{c['page'] + 1:>7}"
                  f"{max(entry.pages or [0]) / 1000:>17.1f}")  # fmt: skip
            if entry.typed:
                print(
                    "    typed:", ", ".join(entry.typed[:12]), "…" if len(entry.typed) > 12 else ""
                )
            page.close()
        browser.close()
    httpd.shutdown()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--no-entry", action="store_true", help="only the page weights")
    args = parser.parse_args()
    weights()
    if not args.no_entry:
        entries()


if __name__ == "__main__":
    main()
