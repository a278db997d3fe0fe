"""Quarantine's market on the picture (issue 26): one stack per special room in play and
per colour of extra treatment room, with how many tiles it holds and an open contract's
price, and the grey cubes and markers beside it.

On the check and score pages a stack links to its fields; on the dispute page and the
shared table it is a place (``market:lab``, ``market:treatment:blue``) that a tap buys
from (see :mod:`.touch`).
"""

from __future__ import annotations

from typing import Any

from ...core.i18n import N_
from ...core.present import Canvas, is_marked, stroke, translator

DOMAIN = "quarantine"
_t = translator(DOMAIN)

STACK_W, STACK_H, GAP, PAD, HEAD, FOOT = 76, 78, 6, 10, 34, 40
PER_ROW = 4
CUBE = {"blue": "#2a6fdb", "red": "#d0342c", "green": "#2e9e48", "yellow": "#e0b400",
        "grey": "#7a7a7a"}  # fmt: skip
#: A count beside the market: "Grey cubes beside the market: 3" (zh_TW: a full-width colon).
COUNT = N_("{supply}: {count}")
#: A stack as a screen reader says it: "Lab, tiles in the stack: 1".
LEFT = N_("{room}, tiles in the stack: {count}")
TINT = {"blue": "#dbe7fb", "red": "#f8dad8", "green": "#d9f0de", "yellow": "#faf0c8"}


def stack_place(stack: Any) -> str:
    """The place a market stack is: ``market:lab``, ``market:treatment:blue``."""
    if stack.kind == "treatment":
        return f"market:treatment:{stack.colour}"
    return f"market:{stack.kind}"


def stack_name(stack: Any, names: Any, lang: str) -> str:
    """A stack as a screen reader names it: the room, and how many tiles are left."""
    room = names("room", stack.kind)
    if stack.kind == "treatment":
        room = f"{room} ({names('colour', stack.colour)})"
    return _t(lang, LEFT, room=room, count=stack.count)


def size(state: Any) -> tuple[int, int]:
    rows = max(1, -(-len(state.market) // PER_ROW))
    return PER_ROW * (STACK_W + GAP) - GAP + 2 * PAD, HEAD + rows * (STACK_H + GAP) + FOOT


def draw_stack(canvas: Canvas, stack: Any, left: float, top: float, bad: bool, names: Any) -> None:
    empty = stack.count == 0
    fill = "#f1efe9" if empty else TINT.get(stack.colour or "", "#fff8df")
    canvas.rect(left, top, STACK_W, STACK_H, rx=4, fill=fill, **stroke(bad, "#777"))
    treatment = stack.kind == "treatment"
    label = names("colour", stack.colour) if treatment else names("room", stack.kind)
    for number, line in enumerate(lines(str(label), 11)[:2]):
        canvas.text(left + STACK_W / 2, top + 16 + number * 14, line, size=11,
                    text_anchor="middle", fill="#333")  # fmt: skip
    canvas.text(left + STACK_W / 2, top + 50, f"× {stack.count}", size=14, text_anchor="middle",
                font_weight="bold", fill="#777" if empty else "#222")  # fmt: skip
    price = [(c, n) for c, n in stack.price.model_dump().items() if n]
    cubes = [colour for colour, n in price for _ in range(n)][:6]
    for index, colour in enumerate(cubes):
        canvas.rect(left + 8 + index * 11, top + STACK_H - 16, 9, 9, fill=CUBE.get(colour, "#999"))


def lines(text: str, limit: int) -> list[str]:
    """``text`` in lines of about ``limit`` characters, broken at spaces (CJK: anywhere, in
    even pieces: 直升機／停機坪, not 直升機停機／坪)."""
    if any(ord(c) > 0x2E80 for c in text):
        cut = -(-len(text) // -(-len(text) // (limit // 2)))
        return [text[i : i + cut] for i in range(0, len(text), cut)]
    found = [""]
    for word in text.split():
        joined = f"{found[-1]} {word}".strip()
        found[-1:] = [joined] if len(joined) <= limit or not found[-1] else [found[-1], word]
    return found


def draw_market(state: Any, marked: set[str], lang: str, links: Any, names: Any) -> str:
    """The market's panel: each stack a target (a field's link or a place to tap)."""
    width, height = size(state)
    title = _t(lang, "The market")
    canvas = Canvas(width, height, title, links=links)
    canvas.rect(0, 0, width, height, fill="#fbfaf7", rx=6, stroke="#aaa")
    with canvas.link("/market"):
        canvas.text(PAD, 22, title, size=16, font_weight="bold")
    for index, stack in enumerate(state.market):
        row, column = divmod(index, PER_ROW)
        left, top = PAD + column * (STACK_W + GAP), HEAD + row * (STACK_H + GAP)
        path = f"/market/{index}"
        with canvas.link(path, place=stack_place(stack), name=stack_name(stack, names, lang)):
            draw_stack(canvas, stack, left, top, is_marked(path, marked), names)
    base = height - FOOT + 14
    with canvas.link("/grey_supply"):
        canvas.rect(PAD, base - 10, 10, 10, fill=CUBE["grey"])
        grey = _t(lang, "Grey cubes beside the market")
        text = _t(lang, COUNT, supply=grey, count=state.grey_supply)
        canvas.text(PAD + 16, base, text, size=12, fill="#333")
    with canvas.link("/marker_supply"):
        canvas.circle(PAD + 5, base + 13, 5, fill="#ffffff", stroke="#1f3a5f", stroke_width=2)
        markers = _t(lang, "Markers beside the market")
        text = _t(lang, COUNT, supply=markers, count=state.marker_supply)
        canvas.text(PAD + 16, base + 18, text, size=12, fill="#333")
    return f'<div class="panel market">{canvas.render()}</div>'
