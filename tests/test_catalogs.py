"""The gettext gates: templates match the code, and no entry is untranslated or fuzzy."""

from __future__ import annotations

from adjudicator.core.babel_tools import incomplete_entries, stale_templates


def test_templates_are_up_to_date():
    assert stale_templates() == []


def test_no_untranslated_or_fuzzy_entries():
    assert incomplete_entries() == []
