"""Three disputes settled by tapping the dispute page's picture (issue 26), as a player
would: from the game's `mid-game` example, choose the kind of action, tap the piece and
where it goes; the verdict comes without a reload.

``scripts/measure_editors.py`` counts the taps and page loads of each; the browser tests
check the verdicts.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

from playwright.sync_api import Page

sys.path.insert(0, str(Path(__file__).resolve().parent))
from swapping import page_loads, submitted


@dataclass(frozen=True)
class Dispute:
    game: str
    lang: str
    question: str
    kind: str
    places: tuple[str, ...]
    legal: bool
    rule: str = ""


#: In the `mid-game` examples: MP Green is to move and Purple has a fighter; IM Austria-
#: Hungary has an army in Greece; QU Ben's hospital has a quarantined tile.
DISPUTES = (
    Dispute("manhattan-project", "el", "may Green bomb Purple while Purple still has a fighter?",
            "air_strike", ("building:purple:0",), False, "MP-602"),
    Dispute("imperial", "zh_TW", "may this army (Greece) reach Tunis this turn?",
            "maneuver", ("region:greece", "region:tunis"), True),
    Dispute("quarantine", "pt", "may this grey cube go on that tile (Ben's, left of the lobby)?",
            "place_grey", ("tile:Ben:-1:0",), False, "QU-505"),
)  # fmt: skip


@dataclass
class Settled:
    taps: int
    page_loads: int
    legal: bool
    rules: list[str]


def settle(page: Page, server: str, dispute: Dispute) -> Settled:
    """Open the dispute page on the example, choose the kind (a select: one tap), tap the
    places; what the page then says."""
    loads = page_loads(page)
    page.goto(f"{server}/{dispute.lang}/{dispute.game}/move?example=mid-game")
    with submitted(page):
        page.locator("select[name=move_type]").select_option(dispute.kind)
    taps = 1
    for place in dispute.places:
        with submitted(page):
            page.locator(f'#move-form a[data-place="{place}"]').first.click()
        taps += 1
    page.locator("#verdict").wait_for()
    legal = "ok" in (page.locator("#verdict").get_attribute("class") or "")
    rules = page.locator("li.violation").evaluate_all("els => els.map(e => e.dataset.rule)")
    return Settled(taps, len(loads), legal, rules)
