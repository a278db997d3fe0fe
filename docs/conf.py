"""Sphinx configuration of the rules reference. Build it with ``adjudicator docs``."""

from pathlib import Path

project = "Board-game rules adjudicator"
author = "The adjudicator contributors"
copyright = "2026, the adjudicator contributors"
extensions = ["adjudicator.sphinxext"]
language = "en"
locale_dirs = [str(Path(__file__).resolve().parent.parent / "locale")]
gettext_compact = "docs"
gettext_uuid = False
gettext_location = False
templates_path = ["_templates"]
html_static_path = ["_static"]
#: Furo (as pip and attrs use): a reference made for reading on a phone, with its
#: navigation and search in a drawer. The sidebar has no advertisement or version slot.
html_theme = "furo"
html_theme_options = {"top_of_page_buttons": []}
html_sidebars = {
    "**": [
        "sidebar/brand.html",
        "sidebar/search.html",
        "sidebar/scroll-start.html",
        "sidebar/navigation.html",
        "sidebar/scroll-end.html",
    ]
}
html_show_sphinx = False
html_favicon = "_static/favicon.svg"
html_copy_source = False
html_show_sourcelink = False
html_last_updated_fmt = None
exclude_patterns = ["_build"]
nitpicky = True

#: docutils' smart quotes by language (double open/close, single open/close). The single
#: closing quote is also the apostrophe: Greek's default (”) turned «γι’» into «γι”».
#: Portuguese is Brazilian: “aspas”, not the European «aspas».
smartquotes_locales = {"el": "«»‘’", "pt": "“”‘’"}


def setup(app):
    def use_quotes(app):
        app.env.settings["smartquotes_locales"] = list(smartquotes_locales.items())

    app.connect("builder-inited", use_quotes)
