"""How a game shows itself on the page: its picture and its page labels (issue 15).

Each game's ``present.py`` makes one :class:`Presentation`, which its ``Game`` holds as
``present``; the web layer draws and labels a game through it and never imports a game
by name. :class:`Canvas` is the tiny SVG writer the pictures share: every text and
attribute value it writes is escaped.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from html import escape
from typing import Any

from .i18n import Message

#: ``names(kind, entity)``: an entity's display name in the page's language.
Names = Callable[[str, str], str]
#: What the picture links to: nothing (``False``), the field of a pointer by its default id
#: (``True``), or a function from a state pointer to the HTML id of its field.
Links = Any

MARK = "#d0021b"


@dataclass(frozen=True)
class Presentation:
    """A game's picture and labels.

    ``draw(state, marked, lang, links, names)`` returns the HTML of the picture's panels
    for a parsed state (``marked``: the JSON pointers of the violations). With a
    ``tap``, a tap on a part of the picture drawn with ``Canvas.link(..., tap=...)``
    applies the brush chosen among ``brushes(data, names, lang)`` (``(value, words)``
    pairs) to the state data: ``tap(data, where, brush)`` changes ``data`` in place and
    returns the pointer of the part to show afterwards ("" when nothing changed).
    ``fields`` and ``moves`` label the editor's fields and the kinds of action (msgids of
    the game's domain); ``player_fields`` name a player, ``entity_fields`` hold an entity
    of a vocabulary kind where the schema leaves the value open; ``examples`` title the
    game's own example states (by file name; the common ones are titled by the page).
    """

    draw: Callable[[Any, set[str], str, Links, Names], str]
    brushes: Callable[[Any, Names, str], list[tuple[str, str]]] | None = None
    tap: Callable[[Any, str, str], str] | None = None
    fields: Mapping[str, str] = field(default_factory=dict)
    moves: Mapping[str, str] = field(default_factory=dict)
    player_fields: frozenset[str] = frozenset()
    entity_fields: Mapping[str, str] = field(default_factory=dict)
    examples: Mapping[str, str] = field(default_factory=dict)


def is_marked(path: str, marked: Iterable[str]) -> bool:
    """Whether ``path`` or a part inside it is one of the ``marked`` JSON pointers."""
    return any(m == path or m.startswith(path + "/") for m in marked)


def _attrs(attrs: dict[str, object]) -> str:
    parts = []
    for key, value in attrs.items():
        if value is None or value is False:
            continue
        name = key.rstrip("_").replace("_", "-")
        parts.append(f' {name}="{escape(str(value))}"')
    return "".join(parts)


def field_id(links: Links, path: str) -> str:
    """The HTML id a picture's part at ``path`` links to."""
    return str(links(path)) if callable(links) else "s" + path.replace("/", "-")


class Canvas:
    """Collects SVG elements; :meth:`render` wraps them in an ``<svg>`` element."""

    def __init__(self, width: int, height: int, title: str, links: Links = False) -> None:
        self.width, self.height, self.title = width, height, title
        self.links = links
        self.parts: list[str] = []

    @contextmanager
    def link(self, path: str, tap: str = "", to: str = "") -> Iterator[None]:
        """Make what is drawn inside a link to the form's field for ``path`` (a state
        pointer; ``to``: another pointer to link to).

        With ``tap`` (where the tap acts, for the game's ``Presentation.tap``), the page's
        script turns a tap on it into an edit of the state there; without script it stays
        a link to the field."""
        if self.links:
            target = field_id(self.links, to or path)
            extra = f' data-tap="{escape(tap)}"' if tap else ""
            self.parts.append(f'<a href="#{escape(target)}"{extra}>')
        yield
        if self.links:
            self.parts.append("</a>")

    def rect(self, x: float, y: float, w: float, h: float, **attrs: object) -> None:
        self.parts.append(f"<rect{_attrs({'x': x, 'y': y, 'width': w, 'height': h, **attrs})}/>")

    def circle(self, cx: float, cy: float, r: float, **attrs: object) -> None:
        self.parts.append(f"<circle{_attrs({'cx': cx, 'cy': cy, 'r': r, **attrs})}/>")

    def line(self, x1: float, y1: float, x2: float, y2: float, **attrs: object) -> None:
        self.parts.append(f"<line{_attrs({'x1': x1, 'y1': y1, 'x2': x2, 'y2': y2, **attrs})}/>")

    def polygon(self, points: list[tuple[float, float]], **attrs: object) -> None:
        text = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
        self.parts.append(f"<polygon{_attrs({'points': text, **attrs})}/>")

    def text(self, x: float, y: float, content: object, size: float = 12, **attrs: object) -> None:
        base = {"x": x, "y": y, "font_size": size, "font_family": "sans-serif", **attrs}
        self.parts.append(f"<text{_attrs(base)}>{escape(str(content))}</text>")

    def render(self, natural: bool = False) -> str:
        """The ``<svg>``; ``natural``: drawn one unit to a CSS pixel (its box scrolls)."""
        size = f'width="{self.width}" height="{self.height}" ' if natural else ""
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {self.width} {self.height}" '
            f"{size}"
            f'role="{"group" if self.links else "img"}" aria-label="{escape(self.title)}">'
            f"<title>{escape(self.title)}</title>"
        )
        return head + "".join(self.parts) + "</svg>"


def stroke(marked: bool, normal: str = "#555") -> dict[str, object]:
    """Stroke attributes: thick red when the part is marked."""
    if marked:
        return {"stroke": MARK, "stroke_width": 4}
    return {"stroke": normal, "stroke_width": 1}


def translator(domain: str) -> Callable[..., str]:
    """``t(lang, msgid, **params)``: a msgid of ``domain`` in ``lang`` (for the pictures)."""

    def t(lang: str, msgid: str, **params: object) -> str:
        return Message(domain, msgid, params).render(lang)

    return t


def fit(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters with an ellipsis (CJK counts double)."""
    width, out = 0, ""
    for char in text:
        width += 2 if ord(char) > 0x2E80 else 1
        if width > limit:
            return out + "…"
        out += char
    return out


def width_of(text: str) -> int:
    """How wide ``text`` is, in Latin characters (CJK counts double)."""
    return sum(2 if ord(char) > 0x2E80 else 1 for char in text)
