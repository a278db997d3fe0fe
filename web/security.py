"""Security headers on every answer; no inline script, no asset from another host."""

from __future__ import annotations

from flask import Flask, Response, request

PAGE_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
#: Sphinx's pages carry a few inline style attributes, and its ``doctools.js`` compiles the
#: catalog's plural expression with ``new Function`` (the search summary needs it).
DOCS_POLICY = PAGE_POLICY.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'").replace(
    "script-src 'self'", "script-src 'self' 'unsafe-eval'"
)


def add_headers(response: Response) -> Response:
    policy = DOCS_POLICY if request.path.startswith("/docs/") else PAGE_POLICY
    response.headers.setdefault("Content-Security-Policy", policy)
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["X-Frame-Options"] = "DENY"
    response.headers.setdefault("Cross-Origin-Opener-Policy", "same-origin")
    return response


def init_app(app: Flask) -> None:
    app.after_request(add_headers)
