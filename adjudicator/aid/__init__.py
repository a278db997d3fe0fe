"""The printed player aid: a game's :class:`~adjudicator.core.aid.Sheet` laid out by a Jinja
template (``aid.html``) and a print style sheet (``aid.css``), drawn as a PDF by WeasyPrint
with its fonts embedded.

``adjudicator aid GAME --lang L [--players N] [--out FILE.pdf]`` and the page's "Print a
player aid" link (``/<lang>/<game>/aid.pdf``) both call :func:`aid_pdf`.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import jinja2
import segno

from ..core.aid import AidError, Sheet, build_sheet

__all__ = ["AidError", "aid_document", "aid_html", "aid_pdf", "sheet_for"]
from ..core.game import Game

HERE = Path(__file__).resolve().parent


@cache
def _environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(HERE), autoescape=True, trim_blocks=True
    )


def reference_path(game: Game, lang: str) -> str:
    """Where the game's rules are in the built reference, in ``lang``."""
    return f"/docs/{lang}/games/{game.id}/rules.html"


def sheet_for(game: Game, lang: str, players: int | None = None, base_url: str = "") -> Sheet:
    """The texts of the game's aid; ``base_url`` (``https://rules.example.org``) makes its
    link absolute, and only an absolute link gets a QR code."""
    if game.aid is None:
        raise AidError(f"{game.id} has no player aid")
    sheet = build_sheet(game, game.aid, lang, players)
    sheet.link = base_url.rstrip("/") + reference_path(game, lang)
    return sheet


def aid_html(sheet: Sheet) -> str:
    """The aid as HTML for print (what WeasyPrint lays out)."""
    qr = ""
    if sheet.link.startswith(("http://", "https://")):
        qr = segno.make(sheet.link, error="m").svg_data_uri(scale=3, border=0)
    return _environment().get_template("aid.html").render(sheet=sheet, qr=qr)


def aid_document(sheet: Sheet) -> Any:
    """The laid-out pages of a sheet (a ``weasyprint.Document``: ``.pages``, ``.write_pdf()``)."""
    import weasyprint  # loads pango: only when a PDF is drawn

    html = weasyprint.HTML(string=aid_html(sheet), base_url=str(HERE))
    return html.render(stylesheets=[weasyprint.CSS(filename=str(HERE / "aid.css"))])


def aid_pdf(game: Game, lang: str, players: int | None = None, base_url: str = "") -> bytes:
    """The player aid of ``game`` in ``lang`` as PDF bytes (A4, fonts embedded)."""
    pdf: bytes = aid_document(sheet_for(game, lang, players, base_url)).write_pdf()
    return pdf
