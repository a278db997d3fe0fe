"""Imperial's tables for the reference: the borders the map data does not confirm, with the
regions named in the reader's language."""

from __future__ import annotations

from ...core.i18n import N_
from ...core.i18n import gettext as catalog_text
from ...core.reference import ReferenceTable
from .board import doubtful_edges
from .vocab import CONFIDENCE, region_name

KIND = {
    "land_land": N_("land–land"),
    "land_sea": N_("land–sea"),
    "sea_sea": N_("sea–sea"),
}


def unconfirmed_borders(lang: str) -> ReferenceTable:
    def _(msgid: str) -> str:
        return catalog_text("imperial", lang, msgid)

    rows = tuple(
        (
            ("－" if lang == "zh_TW" else " – ").join(
                region_name(r).render(lang) for r in (edge.a, edge.b)
            ),
            _(KIND.get(edge.kind, edge.kind)),
            _(CONFIDENCE.get(edge.confidence, edge.confidence)),
            ", ".join(edge.sources),
        )
        for edge in doubtful_edges()
    )
    return ReferenceTable(
        id="unconfirmed-borders",
        title=_(N_("Imperial: borders not confirmed")),
        intro=_(
            N_(
                "Nobody compiling the map data could check these borders against a printed "
                "board: each comes from a single machine-readable source (medium) or from "
                "sources that disagree (low). The adjudicator uses them, and says so when a "
                "move crosses one. Correct them without touching code: point the environment "
                "variable ADJUDICATOR_IMPERIAL_MAP at a corrected map file."
            )
        ),
        headers=(_(N_("Border")), _(N_("Kind")), _(N_("Confidence")), _(N_("Sources"))),
        rows=rows,
    )


TABLES = (unconfirmed_borders,)
