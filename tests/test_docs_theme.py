"""The reference's theme (Furo) in the reader's language, without inline script."""

from __future__ import annotations

from adjudicator.sphinx_hooks import FURO_FOLD_TEXT, FURO_INLINE_SCRIPT, theme_html

PAGE = """<body>
    <script>
      document.body.dataset.theme = localStorage.getItem("theme") || "auto";
    </script>
<input aria-label="Toggle site navigation sidebar">
<input role="switch" aria-label="Toggle navigation of Imperial: rules"></body>"""


def test_furo_labels_are_translated_and_its_inline_script_dropped():
    labels = {'aria-label="Toggle site navigation sidebar"': 'aria-label="開啟或關閉導覽選單"'}
    html = theme_html(PAGE, labels, "展開或收合：%(title)s")
    assert "<script>" not in html
    assert 'aria-label="開啟或關閉導覽選單"' in html
    assert 'aria-label="展開或收合：Imperial: rules"' in html
    assert "Toggle" not in html


def test_the_inline_script_pattern_matches_furos_template():
    """Furo's page sets the colour theme inline; the reference's CSP allows no inline
    script, so the build drops it (furo.js sets the same theme on load)."""
    from pathlib import Path

    import furo

    base = Path(furo.__file__).parent / "theme" / "furo" / "base.html"
    assert FURO_INLINE_SCRIPT.search(base.read_text("utf-8")), "Furo's inline script changed"
    navigation = (Path(furo.__file__).parent / "navigation.py").read_text("utf-8")
    assert 'f"Toggle navigation of {' in navigation, "Furo's folding label changed"
    assert "%(title)s" in FURO_FOLD_TEXT
