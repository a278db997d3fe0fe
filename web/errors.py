"""Error pages and JSON errors in the user's language; never a traceback."""

from __future__ import annotations

import logging
from typing import Any

from flask import Flask, jsonify, render_template, request
from werkzeug.exceptions import BadRequest, HTTPException, InternalServerError

from adjudicator.core.i18n import N_, Message

from .i18n import DOMAIN, current_lang
from .service import Missing

log = logging.getLogger(__name__)

_MESSAGES = {
    400: N_("The request could not be understood."),
    403: N_("This request came from another site's page; it was refused."),
    404: N_("This page does not exist."),
    405: N_("This address does not accept this kind of request."),
    413: N_("The input is too large (at most 256 KB)."),
    429: N_("Too many requests from your address; try again later."),
    500: N_("Something went wrong on our side. Please try again."),
    503: N_("The server is busy; try again in a moment."),
}
_OTHER = N_("This request cannot be answered.")
#: The headers of an HTTP error's own answer that ours keeps.
KEPT_HEADERS = ("Allow", "Retry-After", "WWW-Authenticate")


def error_message(error: HTTPException) -> str:
    if isinstance(error, Missing):
        return error.message.render(current_lang())
    template = _MESSAGES.get(error.code or 500, _OTHER)
    return Message(DOMAIN, template).render(current_lang())


def wants_json() -> bool:
    return request.path.startswith("/api/") or request.path == "/openapi.json"


def render_error(error: HTTPException) -> tuple[Any, int, dict[str, str]]:
    code = error.code or 500
    message = error_message(error)
    # what the exception's own answer says in its headers (405: Allow; 503: Retry-After)
    headers = {k: v for k, v in error.get_headers() if k in KEPT_HEADERS}
    if wants_json():
        body = {"status": code, "message": message, "errors": [{"path": "", "message": message}]}
        return jsonify(body), code, headers
    return render_template("error.html", code=code, message=message), code, headers


def handle_http(error: HTTPException) -> Any:
    if error.code is not None and 300 <= error.code < 400:
        return error.get_response()
    return render_error(error)


def is_framing_error(error: Exception) -> bool:
    """Whether reading the request failed on its framing (a broken chunked body): the
    server's parser raises it while the application reads the body; the client's fault."""
    return type(error).__module__ == "gunicorn.http.errors"


def handle_unexpected(error: Exception) -> tuple[Any, int, dict[str, str]]:
    """A 500: the player sees a short apology, the log gets the request and the cause.
    A request whose body cannot be read for its framing gets 400 instead."""
    if is_framing_error(error):
        return render_error(BadRequest())
    log.error(
        "HTTP 500 on %s %s: %s: %s",
        request.method,
        request.path[:200],
        type(error).__name__,
        str(error)[:300],
        exc_info=error,
    )
    return render_error(InternalServerError())


def init_app(app: Flask) -> None:
    app.register_error_handler(HTTPException, handle_http)
    app.register_error_handler(Exception, handle_unexpected)
