"""A tiny SVG writer: every text and attribute value is escaped."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from markupsafe import escape

from adjudicator.core.i18n import Message

MARK = "#d0021b"


def _attrs(attrs: dict[str, object]) -> str:
    parts = []
    for key, value in attrs.items():
        if value is None or value is False:
            continue
        name = key.rstrip("_").replace("_", "-")
        parts.append(f' {name}="{escape(str(value))}"')
    return "".join(parts)


class Canvas:
    """Collects SVG elements; :meth:`render` wraps them in an ``<svg>`` element."""

    def __init__(self, width: int, height: int, title: str, links: Any = False) -> None:
        self.width, self.height, self.title = width, height, title
        self.links = links
        self.parts: list[str] = []

    @contextmanager
    def link(self, path: str) -> Iterator[None]:
        """Make what is drawn inside a link to the form's field for ``path`` (state pointer)."""
        if self.links:
            target = self.links(path) if callable(self.links) else "s" + path.replace("/", "-")
            self.parts.append(f'<a href="#{escape(target)}">')
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

    def open(self, **attrs: object) -> None:
        self.parts.append(f"<g{_attrs(attrs)}>")

    def close(self) -> None:
        self.parts.append("</g>")

    def render(self) -> str:
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {self.width} {self.height}" '
            f'role="{"group" if self.links else "img"}" aria-label="{escape(self.title)}">'
            f"<title>{escape(self.title)}</title>"
        )
        return head + "".join(self.parts) + "</svg>"


def stroke(marked: bool, normal: str = "#555") -> dict[str, object]:
    """Stroke attributes: thick red when the part is marked."""
    if marked:
        return {"stroke": MARK, "stroke_width": 4}
    return {"stroke": normal, "stroke_width": 1}


def _t(lang: str, msgid: str, **params: object) -> str:
    """``msgid`` of the ``adjudicator`` domain in ``lang`` (for the pictures' labels)."""
    return Message("adjudicator", msgid, params).render(lang)
