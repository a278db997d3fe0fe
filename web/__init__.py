"""The table-side page and the JSON API, served by ``adjudicator serve``.

``create_app()`` builds a fresh Flask application; nothing is kept in module globals.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from flask import Flask

ROOT = Path(__file__).resolve().parent.parent

#: The largest request body accepted (a bigger one gets 413).
MAX_BODY_BYTES = 256 * 1024

DEFAULTS: dict[str, Any] = {
    "MAX_CONTENT_LENGTH": MAX_BODY_BYTES,
    "MAX_FORM_MEMORY_SIZE": MAX_BODY_BYTES,
    "MAX_FORM_PARTS": 20_000,
    "ADJ_DOCS_DIR": Path(
        os.environ.get("ADJUDICATOR_DOCS_DIR") or ROOT / "docs" / "_build" / "html"
    ),
    "ADJ_GAMES": None,
    # Shared links start with this (``https://rules.example.org``); relative when unset.
    "ADJ_BASE_URL": os.environ.get("ADJUDICATOR_BASE_URL") or None,
    "JSON_SORT_KEYS": False,
}


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """The application: pages, the JSON API and the built reference under ``/docs``.

    ``config`` may set ``ADJ_DOCS_DIR`` (the built reference; by default
    ``$ADJUDICATOR_DOCS_DIR`` or ``docs/_build/html``) and ``ADJ_GAMES`` (a list of
    :class:`~adjudicator.core.game.Game` objects; by default every game present).
    """
    from . import api, errors, i18n, pages, reference, security, table

    app = Flask(__name__)
    app.config.from_mapping(DEFAULTS)
    if config:
        app.config.update(config)
    app.config["ADJ_DOCS_DIR"] = Path(app.config["ADJ_DOCS_DIR"])
    base = app.config.get("ADJ_BASE_URL")
    if base and not str(base).startswith(("http://", "https://")):
        raise ValueError(f"ADJ_BASE_URL must start with http:// or https://, not {base!r}")
    app.json.sort_keys = False  # type: ignore[attr-defined]
    app.json.ensure_ascii = False  # type: ignore[attr-defined]
    i18n.init_app(app)
    security.init_app(app)
    errors.init_app(app)
    app.register_blueprint(pages.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(reference.bp)
    table.init_app(app)
    return app
