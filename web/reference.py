"""The built reference under ``/docs/<lang>/``: files only from inside the built tree."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import (
    Blueprint,
    abort,
    current_app,
    g,
    redirect,
    render_template,
    send_from_directory,
    url_for,
)

from adjudicator import docs_status
from adjudicator.core.i18n import N_, Message

from .i18n import _, canonical, current_lang
from .service import CORE, Missing

bp = Blueprint("docs", __name__, url_prefix="/docs")


def docs_root() -> Path:
    root: Path = current_app.config["ADJ_DOCS_DIR"]
    return root


@bp.get("/")
def index() -> Any:
    return redirect(url_for("docs.page", lang=current_lang(), path="index.html"))


@bp.get("/<lang>/")
@bp.get("/<lang>/<path:path>")
def page(lang: str, path: str = "index.html") -> Any:
    canon = canonical(lang)
    if canon is None:
        abort(404)
    if canon != lang:
        return redirect(url_for("docs.page", lang=canon, path=path), 301)
    folder = docs_root() / canon
    state = docs_status.language_state(docs_root(), canon)
    if state == "building":
        return being_built(canon)
    if state != "ready" or not folder.is_dir():
        raise Missing(
            Message(CORE, N_("The reference has not been built yet: run “adjudicator docs”."))
        )
    if path.endswith("/"):
        path += "index.html"
    return send_from_directory(folder, path, max_age=300)


#: How often the "being built" page reloads itself, in seconds.
REFRESH_S = 5


def being_built(lang: str) -> Any:
    """A page in the reader's language: the reference is being built, ready in about so
    long; it reloads itself (and says 503 with ``Retry-After`` to machines)."""
    g.url_lang = g.adj_lang = lang
    left = docs_status.seconds_left(docs_root(), lang)
    html = render_template("docs_building.html", wait=wait_words(left), refresh=REFRESH_S)
    return html, 503, {"Retry-After": str(REFRESH_S), "Cache-Control": "no-store"}


def wait_words(left: float | None) -> str:
    """About when the reference will be ready, in the request's language."""
    if left is None or left < -5:
        return _("It is taking longer than expected; it should be ready soon.")
    if left < 15:
        return _("It should be ready in a few seconds.")
    if left < 90:
        return _("It should be ready in about {seconds} seconds.", seconds=int(round(left, -1)))
    return _("It should be ready in about {minutes} minutes.", minutes=round(left / 60))
