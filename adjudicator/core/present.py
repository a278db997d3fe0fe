"""How a game shows itself on the page: its picture and its page labels (issue 15).

Each game's ``present.py`` makes one :class:`Presentation`, which its ``Game`` holds as
``present``; the web layer draws and labels a game through it and never imports a game
by name. :class:`Canvas` is the tiny SVG writer the pictures share: every text and
attribute value it writes is escaped.
"""

from __future__ import annotations

import functools
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from html import escape
from typing import Any

from .i18n import Message
from .touch import Touch

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
    touch: Touch | None = None
    """How a move is entered by tapping the picture (:mod:`adjudicator.core.touch`)."""
    layers: Callable[[Any, set[str], str, Links, Names], dict[str, str]] | None = None
    """The parts of the picture that change with the state (same arguments as ``draw``),
    by name: each is one element of ``draw``'s HTML that carries ``data-layer="<name>"``,
    drawn the same way; the rest of the picture depends on the language, the links and
    the marks only. A page that has the picture takes the new layers after a move instead
    of the whole picture (the shared table's live updates); without ``layers``, it takes
    the whole picture."""


class Places:
    """The ``links`` of a picture whose parts are places a move names (the dispute page):
    each place is a button for the page's script, with its mark (see :mod:`.touch`).
    It is false, so that a picture draws no link to a state's field beside it."""

    def __init__(
        self, marks: Mapping[str, str], words: Mapping[str, str], form: str,
        route: list[str] | None = None, address: Callable[[str], str] | None = None,
    ) -> None:  # fmt: skip
        self.marks, self.words, self.form = marks, words, form
        self.route = route or []
        """The places of the move being entered, in order (a unit's route)."""
        self.address = address
        """With it, each place is a link to ``address(place)`` (the page that enters a move
        from that tap), not a button of the form ``form``."""

    def __bool__(self) -> bool:
        return False


def links_key(links: Links) -> Hashable | None:
    """What a picture's ``links`` change in its HTML, as a key (``None``: a function, whose
    ids cannot be told in advance; what it draws is not kept)."""
    if isinstance(links, Places):
        address = links.address("") if links.address is not None else None
        return (address, links.form, tuple(sorted(links.marks.items())), tuple(links.route),
                tuple(sorted(links.words.items())))  # fmt: skip
    return links if isinstance(links, bool) else None


class Drawn:
    """Parts of pictures drawn before, by what they were drawn from: a key the game makes
    of the parts of the state a layer shows, with the language, the marks and
    :func:`links_key` (a live table draws its layers after every move, and most moves
    change one or two of them). The oldest are forgotten past ``size``."""

    def __init__(self, size: int = 4096) -> None:
        self.size = size
        self.parts: OrderedDict[Hashable, str] = OrderedDict()

    def get(self, key: Hashable | None, draw: Callable[[], str]) -> str:
        """The part drawn for ``key`` (``draw()`` it if it was not; never kept for ``None``)."""
        if key is None:
            return draw()
        found = self.parts.get(key)
        if found is None:
            found = self.parts[key] = draw()
            while len(self.parts) > self.size:
                with suppress(KeyError):  # (another thread took it first)
                    self.parts.popitem(last=False)
        return found


def is_marked(path: str, marked: Iterable[str]) -> bool:
    """Whether ``path`` or a part inside it is one of the ``marked`` JSON pointers."""
    return any(m == path or m.startswith(path + "/") for m in marked)


def _attrs(attrs: dict[str, object]) -> str:
    parts = []
    for key, value in attrs.items():
        if value is None or value is False:
            continue
        name = _ATTR_NAMES.get(key) or _attr_name(key)
        text = str(value) if isinstance(value, int | float) else _escaped(str(value))
        parts.append(f' {name}="{text}"')
    return "".join(parts)


#: An attribute's value escaped: a picture repeats the same few colours, fonts and names.
_escaped = functools.lru_cache(maxsize=4096)(escape)

#: SVG attribute names by their keyword spelling (``stroke_width`` → ``stroke-width``).
_ATTR_NAMES: dict[str, str] = {}


def _attr_name(key: str) -> str:
    name = _ATTR_NAMES[key] = key.rstrip("_").replace("_", "-")
    return name


def field_id(links: Links, path: str) -> str:
    """The HTML id a picture's part at ``path`` links to."""
    return str(links(path)) if callable(links) else "s" + path.replace("/", "-")


class Canvas:
    """Collects SVG elements; :meth:`render` wraps them in an ``<svg>`` element."""

    def __init__(self, width: int, height: int, title: str, links: Links = False) -> None:
        self.width, self.height, self.title = width, height, title
        self.links = links
        self.places = isinstance(links, Places)
        self.role = "group" if links or self.places else "img"
        self.parts: list[str] = []

    @contextmanager
    def link(
        self, path: str, tap: str = "", to: str = "", place: str = "", name: str = "",
        focus: bool = True,
    ) -> Iterator[None]:  # fmt: skip
        """Make what is drawn inside a link to the form's field for ``path`` (a state
        pointer; ``to``: another pointer to link to).

        With ``tap`` (where the tap acts, for the game's ``Presentation.tap``), the page's
        script turns a tap on it into an edit of the state there; without script it stays
        a link to the field. On a picture of :class:`Places`, only a ``place`` is a link:
        a button named ``name`` that puts the place in the move (``focus``: reached by the
        keyboard; false for a second part of a place already reached)."""
        if isinstance(self.links, Places):
            if place:
                self.parts.append(self._place(place, name, focus))
            yield
            if place:
                self.parts.append("</a>")
            return
        if self.links:
            target = field_id(self.links, to or path)
            extra = f' data-tap="{escape(tap)}"' if tap else ""
            self.parts.append(f'<a href="#{escape(target)}"{extra}>')
        yield
        if self.links:
            self.parts.append("</a>")

    def _place(self, place: str, name: str, focus: bool) -> str:
        places: Places = self.links
        mark = places.marks.get(place, "")
        words = ", ".join(w for w in (name, places.words.get(mark, "")) if w)
        href, role = f"#{places.form}", ' role="button"'
        if places.address is not None:
            href, role = places.address(place), ""
        return f'<a href="{escape(href)}"{_place_tag(role, place, mark, words, focus)}'

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
            f'role="{self.role}" aria-label="{escape(self.title)}">'
            f"<title>{escape(self.title)}</title>"
        )
        return head + "".join(self.parts) + "</svg>"


@functools.lru_cache(maxsize=4096)
def _place_tag(role: str, place: str, mark: str, words: str, focus: bool) -> str:
    """A place's opening tag after its address (a map draws the same places, the same way,
    each time)."""
    return (
        f'{role} data-place="{escape(place)}"'
        f' class="place {mark}"'
        + (f' aria-label="{escape(words)}"' if words else "")
        + ("" if focus else ' tabindex="-1"')
        + ">"
    )


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


def shrink(text: str, limit: int, size: float, smallest: float = 8.5) -> float:
    """The font size at which ``text`` fits the width of ``limit`` characters set at
    ``size`` (a word is made smaller, never cut)."""
    width = width_of(text)
    return size if width <= limit else max(smallest, round(size * limit / width, 1))


def width_of(text: str) -> int:
    """How wide ``text`` is, in Latin characters (CJK counts double)."""
    return sum(2 if ord(char) > 0x2E80 else 1 for char in text)


def _cjk(char: str) -> bool:
    return "\u2e80" <= char <= "\u9fff" or "\uf900" <= char <= "\ufaff"


#: Full-width marks a line never starts with, and those it never ends with.
_NO_START, _NO_END = set("，。、：；）」』！？…"), set("（「『")
#: Full-width marks a Chinese line may end after: a label breaks at its punctuation, not
#: inside a word such as 工程師 (a run too long for a line is cut by :func:`lines`).
_AFTER = set("，。、：；）」』！？")


def _breaks(text: str) -> list[tuple[str, str]]:
    """``text`` as pieces a line may end after, each with what joins it to the next ("" or
    " "). A break falls at a space, after a full-width mark or before an opening one, but
    never inside "3 個" (a number and its measure word) or "工廠 E" (a name and its letter)."""
    pieces: list[tuple[str, str]] = [("", "")]
    for index, char in enumerate(text):
        word, _ = pieces[-1]
        before = text[index - 1] if index else ""
        after = text[index + 1] if index + 1 < len(text) else ""
        if char == " ":
            glued = (before.isdigit() and _cjk(after)) or (
                _cjk(before) and after.isascii() and after.isalnum()
                and not text[index + 2 : index + 3].isalnum()
            )  # fmt: skip
            if glued:
                pieces[-1] = (word + char, "")
            else:
                pieces[-1] = (word, " ")
                pieces.append(("", ""))
            continue
        mark = (before in _AFTER and char not in _NO_START) or (char in _NO_END and before != " ")
        if word and mark:
            pieces.append((char, ""))
        else:
            pieces[-1] = (word + char, "")
    return [p for p in pieces if p[0]]


def _cut(piece: str, limit: int) -> list[str]:
    """A Chinese run wider than a line, cut between its characters (a Latin word stays
    whole: :func:`fit` ends it with an ellipsis)."""
    if width_of(piece) <= limit or not any(_cjk(char) for char in piece):
        return [piece]
    parts, part = [], ""
    for char in piece:
        if part and width_of(part + char) > limit and char not in _NO_START:
            parts.append(part)
            part = ""
        part += char
    return [*parts, part]


def lines(text: str, limit: int, most: int) -> list[str]:
    """``text`` broken (see :func:`_breaks`) into at most ``most`` lines of about ``limit``
    characters (a CJK character counts double)."""
    return list(_lines(text, limit, most))


@functools.lru_cache(maxsize=4096)
def _lines(text: str, limit: int, most: int) -> tuple[str, ...]:
    """:func:`lines`, kept: a picture breaks the same labels each time it is drawn."""
    pieces = [
        (part, sep if part == parts[-1] else "")
        for piece, sep in _breaks(text)
        for parts in [_cut(piece, limit)]
        for part in parts
    ]
    found, starts, glue = [""], [0], ""
    for index, (piece, sep) in enumerate(pieces):
        joined = found[-1] + glue + piece
        if width_of(joined) <= limit or not found[-1]:
            found[-1] = joined
        else:
            found.append(piece)
            starts.append(index)
        glue = sep
    if len(found) > most:
        rest = "".join(piece + sep for piece, sep in pieces[starts[most - 1] :])
        found = [*found[: most - 1], fit(rest.strip(), limit)]
    return tuple(fit(line, limit) for line in found)
