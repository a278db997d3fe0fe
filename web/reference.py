"""The built reference under ``/docs/<lang>/``: files only from inside the built tree."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Blueprint, abort, current_app, redirect, send_from_directory, url_for

from adjudicator.core.i18n import N_, Message

from .i18n import canonical, current_lang
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
    if not folder.is_dir():
        raise Missing(
            Message(CORE, N_("The reference has not been built yet: run “adjudicator docs”."))
        )
    if path.endswith("/"):
        path += "index.html"
    return send_from_directory(folder, path, max_age=300)
