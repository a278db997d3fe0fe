"""Entering a state into the page's editor by taps and choices, as a player would.

:func:`enter_state` drives an open check (or score) page from the state it shows to a
target state: it presses "Add one" / "Remove" / "Add: …" for the parts that differ in
shape, unfolds a folded part when one of its fields differs, taps − / + on counters and
picks options from selects. It types only into free-text fields (none is on the normal
path once the games' choices are closed) and counts every interaction by kind, so that
``scripts/measure_editors.py`` can report how long the entry took.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from picture_entry import picture_tap
from playwright.sync_api import Locator, Page
from swapping import page_loads, submitted

from web import forms, permalink

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from form_plan import MISSING, at, leaves, shape_change

#: The parts of a state a player enters first: Imperial's units (their flags come with them).
FIRST = {"imperial": ("units",)}


SIDES = "NESW"


def same_state(game: str, state: Any) -> Any:
    """``state`` with the lists whose order means nothing in the game in one order, to
    compare two entries: Imperial's flags (where they stand, not in which order they were
    put) and Quarantine's doors (the sides of a tile with a door, one choice: a tuple)."""
    if not isinstance(state, dict):
        return state
    if game == "imperial" and isinstance(state.get("nations"), dict):
        nations = {
            k: {**n, "flags": sorted(n["flags"])} if isinstance(n, dict) and "flags" in n else n
            for k, n in state["nations"].items()
        }
        return {**state, "nations": nations}
    if game == "quarantine" and isinstance(state.get("players"), list):
        return {**state, "players": [sides(p) for p in state["players"]]}
    return state


def sides(player: Any) -> Any:
    if not isinstance(player, dict):
        return player

    def tile(t: Any) -> Any:
        if not isinstance(t, dict) or not isinstance(t.get("doors"), list):
            return t
        return {**t, "doors": tuple(sorted(t["doors"], key=lambda d: SIDES.find(str(d))))}

    found = dict(player)
    for part in ("hospital", "set_aside"):
        if isinstance(player.get(part), list):
            found[part] = [tile(t) for t in player[part]]
    return found


@dataclass
class Entry:
    """What entering took: interactions by kind (tap, choice, typing, page loads)."""

    counts: Counter[str] = field(default_factory=Counter)
    typed: list[str] = field(default_factory=list)
    pages: list[int] = field(default_factory=list)
    steps: list[tuple[str, int, int]] = field(default_factory=list)
    by_edit: Counter[str] = field(default_factory=Counter)
    """Taps and choices by what they entered: the verb and the part of the state."""

    @property
    def interactions(self) -> int:
        return self.counts["tap"] + self.counts["choice"] + self.counts["typing"]


class Driver:
    def __init__(
        self,
        page: Page,
        schema: dict[str, Any],
        form: str = "#state-form",
        game: str = "",
        weigh: bool = False,
    ) -> None:
        self.page, self.schema, self.form, self.game = page, schema, form, game
        self.weigh = weigh  # (each answer's size, for scripts/measure_editors.py)
        self.entry = Entry()
        self.untappable: set[tuple[str, int]] = set()
        self.loads = page_loads(page)  # full page loads only: a swapped answer is not one

    # --- what the page holds -------------------------------------------------------------
    def base(self) -> Any:
        blob = self.page.locator(f'{self.form} input[name="base"]').get_attribute("value")
        return permalink.decode(blob or "")

    def field(self, path: str) -> Locator:
        return self.page.locator(f'{self.form} [name$=":s{path}"]')

    def submit(self, button: Locator) -> None:
        self.open_details(button)
        with submitted(self.page):
            button.click()
        self.entry.counts["tap"] += 1
        self.entry.counts["page"] = len(self.loads)
        if self.weigh:  # (the whole page serialised: 190 KB on the MP check page)
            self.entry.pages.append(len(self.page.content().encode()))

    def unfold(self, path: str) -> bool:
        """Press "Edit" on the folded part around ``path``, if one is; True when pressed."""
        parts = forms.split_pointer(path)
        for n in range(1, len(parts) + 1):
            rooted = "s/" + "/".join(parts[:n])
            button = self.page.locator(f'{self.form} button[value="open:{rooted}"]')
            if button.count():
                self.submit(button)
                return True
        return False

    def open_details(self, locator: Locator) -> None:
        """Open the folded sections around a field by tapping their titles."""
        taps = locator.evaluate(
            "el => { let n = 0; const shut = [];"
            " for (let d = el.closest('details'); d; d = d.parentElement.closest('details'))"
            "   if (!d.open) shut.unshift(d);"
            " for (const d of shut) { d.querySelector(':scope > summary').click(); n++; }"
            " return n; }"
        )
        self.entry.counts["tap"] += int(taps)
        self.entry.counts["section"] += int(taps)

    # --- one change ------------------------------------------------------------------------
    def reshape(self, verb: str, path: str) -> None:
        if verb == "add" and (self.by_picture(path) or self.by_copy(path) or self.by_value(path)):
            return
        if verb == "remove":
            path = self.which_to_remove(path)
        button = self.page.locator(f'{self.form} button[value="{verb}:s{path}"]')
        if not button.count():
            if self.unfold(path if verb == "remove" else path + "/x"):
                return
            raise AssertionError(f"no button {verb}:s{path} on the page")
        self.open_details(button)
        self.submit(button)

    def which_to_remove(self, path: str) -> str:
        """Of a list one item too long, the item whose removal leaves the fewest fields to
        change (the market stack that is gone, not the last one), as a player would."""
        parent, _, last = path.rpartition("/")
        have = at(same_state(self.game, self.base()), parent)
        want = at(same_state(self.game, self.target), parent)
        if not last.isdigit() or not isinstance(have, list) or not isinstance(want, list):
            return path
        if len(have) != len(want) + 1:
            return path
        cost = {i: differing(have[:i] + have[i + 1 :], want) for i in range(len(have))}
        best = min(cost, key=lambda i: (cost[i], -i))
        return f"{parent}/{best}"

    def by_picture(self, path: str) -> bool:
        """Add the list's next item by a tap on the picture, when the picture adds it."""
        have, want = at(self.base(), path), at(self.target, path)
        have = [] if have is MISSING else have  # (a list left out is drawn empty)
        if not isinstance(want, list) or not isinstance(have, list) or len(have) >= len(want):
            return False
        if (path, len(have)) in self.untappable:
            return False
        found = picture_tap(self.game, path, want[len(have)])
        brush = self.page.locator("select[data-brush]")
        place = self.page.locator(f'figure.picture a[data-tap="{found[1]}"]') if found else None
        if not found or not place or not place.count() or not brush.count():
            return False
        if brush.input_value() != found[0]:
            brush.select_option(found[0])
            self.entry.counts["choice"] += 1
        with submitted(self.page):  # on the place's shape, as a finger would
            place.first.locator("circle, rect, path, polygon").first.click()
        self.entry.counts["tap"] += 1
        self.entry.counts["picture"] += 1
        after = at(self.base(), path)
        if not isinstance(after, list) or len(after) <= len(have):
            self.untappable.add((path, len(have)))  # the tap put nothing: the form adds it
            return False
        return True

    def by_value(self, path: str) -> bool:
        """Add the list's next plain value in one choice ("Or add:"), when the page offers it."""
        have, want = at(self.base(), path), at(self.target, path)
        have = [] if have is MISSING else have
        if not isinstance(want, list) or not isinstance(have, list) or len(have) >= len(want):
            return False
        chooser = self.page.locator(f'{self.form} select[data-add-into="s{path}"]')
        value = json.dumps(want[len(have)], ensure_ascii=False)
        if not chooser.count() or not chooser.locator(f"option[value='{value}']").count():
            return False
        self.open_details(chooser.first)
        with submitted(self.page):
            chooser.first.select_option(value)
        self.entry.counts["choice"] += 1
        return True

    def by_copy(self, path: str) -> bool:
        """Add the list's next item as a copy of a like one ("Or a copy of:"), when fewer of
        its fields then differ than a new item's."""
        current = self.base()
        have, want = at(current, path), at(self.target, path)
        have = [] if have is MISSING else have
        if not isinstance(want, list) or not isinstance(have, list) or len(have) >= len(want):
            return False
        item = want[len(have)]
        chooser = self.page.locator(f'{self.form} select[data-copy-into="{path}"]')
        if not chooser.count():
            return False
        self.open_details(chooser.first)
        chooser.first.focus()  # (the tap that opens the list fills it)
        values = chooser.first.locator("option").evaluate_all("os => os.map(o => o.value)")
        values = [v for v in values if v]
        cost = {v: differing(held(item, at(current, v)), item) for v in values}
        best = min(cost, key=lambda v: cost[v], default=None)
        if best is None or cost[best] >= differing(None, item):
            return False
        with submitted(self.page):
            chooser.first.select_option(best)
        self.entry.counts["choice"] += 1
        self.entry.counts["copy"] += 1
        return True

    def set_leaf(self, path: str, want: Any) -> bool:
        """Set one field; False when it is not on the page (a folded part was opened)."""
        box = self.field(path)
        if not box.count():
            if self.unfold(path):
                return False
            raise AssertionError(f"no field for {path} on the page")
        self.open_details(box)
        name = box.get_attribute("name") or ""
        tag = box.evaluate("el => el.tagName")
        if tag == "SELECT":
            value = (
                ""
                if want is None
                else (
                    json.dumps(want, ensure_ascii=False) if name.startswith("enum") else str(want)
                )
            )
            box.select_option(value)
            self.entry.counts["choice"] += 1
        elif box.get_attribute("type") == "number" and (isinstance(want, int) or want is None):
            self.count_to(box, want)
        else:
            text = (
                ""
                if want is None
                else (", ".join(map(str, want)) if isinstance(want, list) else str(want))
            )
            box.fill(text)
            self.entry.counts["typing"] += 1
            self.entry.typed.append(f"{path}={text}")
        return True

    def count_to(self, box: Locator, want: int | None) -> None:
        """A count is chosen from its list of numbers (one choice); beyond the list, − / +."""
        have = box.input_value()
        self.entry.steps.append((box.get_attribute("name") or "", have, want))
        counter = box.locator("xpath=..")
        chooser = counter.locator("select.count")
        value = "" if want is None else str(want)
        if chooser.count():
            chooser.focus()  # (the tap that opens the list fills it)
        if chooser.count() and chooser.locator(f'option[value="{value}"]').count():
            chooser.select_option(value)
            self.entry.counts["choice"] += 1
            return
        step = counter.locator("button.step").nth(1 if (want or 0) > int(have or 0) else 0)
        for _ in range(abs((want or 0) - int(have or 0))):
            step.click()
            self.entry.counts["tap"] += 1
            self.entry.counts["counter"] += 1

    # --- the whole entry -----------------------------------------------------------------
    def enter(self, target: Any, limit: int = 400) -> Entry:
        first = FIRST.get(self.game, ())
        if isinstance(target, dict):  # (the same state, its parts in the order entered)
            target = {k: target[k] for k in sorted(target, key=lambda k: k not in first)}
        self.target = target
        for _round in range(limit):
            current = self.base()
            same_now, same_target = same_state(self.game, current), same_state(self.game, target)
            change = shape_change(same_now, same_target)
            slid = realign(same_now, same_target)
            if slid and (not change or change[1].startswith(slid[1].rpartition("/")[0] + "/")):
                change = slid  # (the list's items line up first, when it comes to that list)
            if change:
                with self.spent(*change):
                    self.reshape(*change)
                continue
            wanted = leaves(same_state(self.game, target))
            current = same_state(self.game, current)
            differing = [
                (path, want) for path, want in wanted.items()
                if at(current, path) != want and not self.is_default(current, path, want)
            ]  # fmt: skip
            if not differing:
                return self.entry
            for path, want in differing:
                with self.spent("set", path):
                    done = self.set_leaf(path, want)
                if not done:
                    break  # a folded part was opened: the page has changed
            else:
                return self.entry  # every difference is set on this page
        raise AssertionError("the entry did not converge")

    @contextmanager
    def spent(self, verb: str, path: str) -> Iterator[None]:
        """Count the taps and choices of one change under its verb and part of the state."""
        before = self.entry.counts["tap"] + self.entry.counts["choice"]
        yield
        spent = self.entry.counts["tap"] + self.entry.counts["choice"] - before
        if spent:
            self.entry.by_edit[f"{verb} {edit_part(path)}"] += spent

    def is_default(self, current: Any, path: str, want: Any) -> bool:
        """A field left out of ``current`` that the form shows with the wanted default."""
        if at(current, path) is not MISSING:
            return False
        if want == [] or want == {}:
            return True  # the form draws a part left out as empty
        sub = forms.schema_at(self.schema, path)
        return "default" in sub and sub["default"] == want


def edit_part(path: str) -> str:
    """``/players/2/buildings/1/workers/0`` → ``players/*/buildings/*/workers``."""
    parts = ["*" if p.isdigit() else p for p in forms.split_pointer(path)]
    while parts and parts[-1] == "*":
        parts.pop()
    return "/".join(parts[:5])


def list_cost(have: list[Any], want: list[Any]) -> int:
    """Fields to set to turn ``have`` into ``want`` item by item, with an item added (its
    fields) or removed (one tap) at the end."""
    paired = sum(differing(h, w) for h, w in zip(have, want, strict=False))
    added = sum(differing(None, w) for w in want[len(have) :])
    return paired + added + max(0, len(have) - len(want))


def common(have: list[Any], want: list[Any]) -> list[int]:
    """The indexes in ``have`` of a longest run of items found, in order, in ``want``."""
    equal = [[differing(x, y) == 0 for y in want] for x in have]
    best = [[0] * (len(want) + 1) for _ in range(len(have) + 1)]
    for i in range(len(have) - 1, -1, -1):
        for j in range(len(want) - 1, -1, -1):
            same = best[i + 1][j + 1] + 1 if equal[i][j] else 0
            best[i][j] = max(same, best[i + 1][j], best[i][j + 1])
    found, i, j = [], 0, 0
    while i < len(have) and j < len(want):
        if equal[i][j]:
            found.append(i)
            i, j = i + 1, j + 1
        elif best[i + 1][j] >= best[i][j + 1]:
            i += 1
        else:
            j += 1
    return found


def realign(have: Any, want: Any, path: str = "") -> tuple[str, str] | None:
    """A list of parts (a market, a row of cards) whose items slid: the item to remove so
    that the others line up with the wanted ones for fewer changes (a market's bought card
    taken out rather than every slot after it rewritten), as a player would."""
    if isinstance(want, dict) and isinstance(have, dict):
        for key, item in want.items():
            if key in have:
                found = realign(have[key], item, forms.pointer_join(path, key))
                if found:
                    return found
        return None
    if not isinstance(want, list) or not isinstance(have, list):
        return None
    if have and want and all(isinstance(x, dict) for x in [*have, *want]):
        kept = common(have, want)
        gone = [i for i in range(len(have)) if i not in kept]
        plan = len(gone) + list_cost([have[i] for i in kept], want)
        if gone and plan < list_cost(have, want):
            return "remove", f"{path}/{gone[-1]}"  # (the last first: the others keep their place)
    for index, (h, w) in enumerate(zip(have, want, strict=False)):
        found = realign(h, w, f"{path}/{index}")
        if found:
            return found
    return None


def held(item: Any, card: Any) -> Any:
    """``card`` as the list's new item holds it: a part that is no card but holds one (an MP
    bomb holds its design card) is added holding the card copied."""
    if not isinstance(item, dict) or "kind" in item:
        return card
    cards = [k for k, v in item.items() if isinstance(v, dict) and "kind" in v]
    return {cards[0]: card} if len(cards) == 1 else card


def differing(have: Any, want: Any) -> int:
    """How many fields of ``want`` differ in ``have`` (a field left out counts as empty)."""
    mine = leaves(have) if have is not None else {}
    return sum(
        1
        for path, value in leaves(want).items()
        if mine.get(path, MISSING) != value
        and not (mine.get(path, MISSING) is MISSING and value in (None, 0, False, [], {}, ""))
    )


def enter_state(
    page: Page,
    schema: dict[str, Any],
    target: Any,
    form: str = "#state-form",
    game: str = "",
    weigh: bool = False,
) -> Entry:
    """Enter ``target``; with ``game`` (its id), pieces the picture adds are tapped on it;
    with ``weigh``, the size of each page answered is kept in ``Entry.pages``."""
    return Driver(page, schema, form, game, weigh).enter(target)
