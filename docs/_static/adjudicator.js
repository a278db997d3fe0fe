// Language switcher that keeps the reader on the same rule, and side-by-side reading.
(function () {
  "use strict";

  function keepAnchor() {
    document.querySelectorAll("a.adjudicator-lang").forEach(function (a) {
      a.addEventListener("click", function () {
        // the same rule (#anchor), and on the search page the same query (?q=)
        a.href = a.href.split(/[?#]/)[0] + window.location.search + window.location.hash;
      });
    });
  }

  function staticRoot() {
    // Sphinx writes the relative path to the build's root on <html data-content_root>.
    return (document.documentElement.dataset.content_root || "./") + "_static/";
  }

  function clearSecond() {
    document.querySelectorAll(".rule-second").forEach(function (el) { el.remove(); });
    document.body.classList.remove("adjudicator-side-by-side");
  }

  function showSecond(data, lang) {
    clearSecond();
    if (!lang) { return; }
    document.body.classList.add("adjudicator-side-by-side");
    document.querySelectorAll("dl.rule > dt[id]").forEach(function (dt) {
      var entry = data.rules[dt.id.replace(/^rule-/, "")];
      var dd = dt.nextElementSibling;
      if (!entry || !entry[lang] || !dd) { return; }
      var box = document.createElement("div");
      box.className = "rule-second";
      box.setAttribute("lang", lang.replace("_", "-"));
      var title = document.createElement("p");
      title.className = "rule-second-title";
      title.textContent = entry[lang].title;
      var text = document.createElement("p");
      text.textContent = entry[lang].text;
      box.appendChild(title);
      box.appendChild(text);
      var first = dd.querySelector(".rule-text");
      if (first) { first.after(box); } else { dd.prepend(box); }
    });
  }

  function sideBySide() {
    var select = document.getElementById("adjudicator-second-lang");
    if (!select || !document.querySelector("dl.rule")) { return; }
    select.closest("label").hidden = false;
    var data = null;
    function apply() {
      var lang = select.value;
      try { window.localStorage.setItem("adjudicator-second", lang); } catch (e) { /* private mode */ }
      if (data || !lang) { showSecond(data, lang); return; }
      fetch(staticRoot() + "rules.json").then(function (r) { return r.json(); })
        .then(function (json) { data = json; showSecond(data, lang); });
    }
    select.addEventListener("change", apply);
    var saved = null;
    try { saved = window.localStorage.getItem("adjudicator-second"); } catch (e) { /* ignore */ }
    var params = new URLSearchParams(window.location.search);
    saved = params.get("second") || saved;
    if (saved && select.querySelector('option[value="' + saved + '"]')) {
      select.value = saved;
      apply();
    }
  }

  // The search page's summaries quote each page's text: not its language links, nor the
  // code's own names folded for maintainers (Sphinx drops only permalinks, scripts, styles).
  function cleanSearchSummaries() {
    if (typeof Search === "undefined" || !Search.htmlToText) { return; }
    var toText = Search.htmlToText;
    Search.htmlToText = function (html, anchor) {
      var doc = new DOMParser().parseFromString(html, "text/html");
      doc.querySelectorAll(".adjudicator-topbar, details.code-ids").forEach(function (el) {
        el.remove();
      });
      return toText(doc.documentElement.outerHTML, anchor);
    };
  }

  cleanSearchSummaries();
  document.addEventListener("DOMContentLoaded", function () {
    keepAnchor();
    sideBySide();
  });
})();
