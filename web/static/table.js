// Live updates of a shared table: every phone sees a new move within a second.
// Server-Sent Events in this phone's language tell when the table's version or log grows
// (the server reads the database, so any worker or server can answer), each with what
// changed since the page's version: the new log lines, the head, the picture's layers that
// change with the state (web/table/updates.py). Without EventSource, or while the stream is
// down, the page polls the table's head once a second and fetches what changed. Whatever
// the page cannot merge, it takes whole.
(function () {
  "use strict";
  // Printing the table page prints the invitation: its QR code unfolded.
  window.addEventListener("beforeprint", function () {
    var qr = document.getElementById("qr-box");
    if (qr) { qr.open = true; }
  });
  var box = document.querySelector("[data-live]");
  if (!box) { return; }
  var liveUrl = box.getAttribute("data-live");
  var headUrl = box.getAttribute("data-head");
  var eventsUrl = box.getAttribute("data-events");
  var fetching = false;
  var again = false;
  var pollTimer = null;

  function shown() {
    var live = document.getElementById("live");
    return live ? live.getAttribute("data-version") + "." + live.getAttribute("data-log") : "";
  }

  function shownLog() {
    var live = document.getElementById("live");
    return live ? Number(live.getAttribute("data-log")) : 0;
  }

  // The page now shows ``version`` (``how``: merged from a delta, or "whole"): the forms
  // send it, and the page's other scripts hear it.
  function showing(version, how) {
    document.documentElement.setAttribute("data-table-update", how);
    document.querySelectorAll("[data-version-field]").forEach(function (f) {
      f.value = version;
    });
    document.dispatchEvent(new CustomEvent("table:updated", { detail: String(version) }));
  }

  function replaceWhole(html) {
    var holder = document.createElement("div");
    holder.innerHTML = html;
    var fresh = holder.querySelector("#live");
    var old = document.getElementById("live");
    if (fresh && old && Number(fresh.getAttribute("data-log")) >= shownLog()) {
      old.replaceWith(fresh);
      showing(fresh.getAttribute("data-version"), "whole");
    }
  }

  // An element parsed from ``html`` where ``like`` stands (inside an <svg>: an SVG element).
  function parsedLike(like, html) {
    var holder = document.createElement("div");
    var svg = like.namespaceURI === "http://www.w3.org/2000/svg";
    holder.innerHTML = svg ? '<svg xmlns="http://www.w3.org/2000/svg">' + html + "</svg>" : html;
    return svg ? holder.firstElementChild.firstElementChild : holder.firstElementChild;
  }

  // Merge what changed since the page's version (the server's delta, see
  // web/table/updates.py) into the page; false when it is not based on what the page shows
  // or does not fit it (the page then takes the whole part).
  function merge(delta) {
    var live = document.getElementById("live");
    var list = live && live.querySelector("ol.log");
    if (!list || delta.base !== shown()) { return false; }
    var olds = {};
    for (var name in delta.layers) {
      olds[name] = live.querySelector('[data-layer="' + name + '"]');
      if (!olds[name]) { return false; }
    }
    for (name in delta.layers) {
      olds[name].replaceWith(parsedLike(olds[name], delta.layers[name]));
    }
    var parts = document.createElement("div");
    parts.innerHTML = delta.html;
    var part = function (name) { return parts.querySelector('[data-part="' + name + '"]'); };
    live.querySelectorAll(".table-head, .last-refused").forEach(function (p) { p.remove(); });
    live.prepend.apply(live, Array.prototype.slice.call(part("head").children));
    Array.prototype.slice.call(part("changed").children).forEach(function (line) {
      var old = document.getElementById(line.id);
      if (old) { old.replaceWith(line); }
    });
    list.prepend.apply(list, Array.prototype.slice.call(part("new").children));
    while (list.children.length > delta.lines) { list.lastElementChild.remove(); }
    list.parentNode.querySelectorAll(".earlier").forEach(function (p) { p.remove(); });
    list.after.apply(list, Array.prototype.slice.call(part("earlier").children));
    live.setAttribute("data-version", delta.version);
    live.setAttribute("data-log", delta.log_length);
    showing(delta.version, "delta");
    return true;
  }

  // Fetch what changed since the page's version (the whole part if a delta cannot say it).
  function refresh() {
    if (fetching) { again = true; return; }
    fetching = true;
    var have = shown();
    fetch(liveUrl + "?have=" + encodeURIComponent(have), { cache: "no-store" })
      .then(function (r) { return r.ok ? r.json() : Promise.reject(r.status); })
      .then(function (answer) {
        if (answer.whole) {
          replaceWhole(answer.whole);
        } else if (answer.delta && !merge(answer.delta) && shown() === have) {
          return fetch(liveUrl, { cache: "no-store" })
            .then(function (r) { return r.ok ? r.text() : Promise.reject(r.status); })
            .then(replaceWhole);
        }
      })
      .catch(function () {})
      .then(function () {
        fetching = false;
        if (again) { again = false; refresh(); }
      });
  }

  function onHead(head) {
    if (head.delta && merge(head.delta)) { return; }
    var told = head.version + "." + head.log_length;
    if (told !== shown() && head.log_length >= shownLog()) { refresh(); }
  }

  function poll() {
    fetch(headUrl, { cache: "no-store" })
      .then(function (r) { return r.json(); })
      .then(onHead)
      .catch(function () {});
  }

  function startPolling() {
    if (!pollTimer) { pollTimer = setInterval(poll, 1000); }
  }

  function stopPolling() {
    if (pollTimer) { clearInterval(pollTimer); pollTimer = null; }
  }

  if (!window.EventSource) { startPolling(); return; }

  // A stream the server refuses (busy: 503) is not retried by the browser: the page polls,
  // and asks for a stream again after a while (at a random moment, so that the phones
  // turned away together do not come back together).
  function listen() {
    var source = new EventSource(eventsUrl);
    source.addEventListener("head", function (event) {
      stopPolling();
      onHead(JSON.parse(event.data));
    });
    source.addEventListener("open", stopPolling);
    source.addEventListener("error", function () {
      startPolling();
      if (source.readyState === EventSource.CLOSED) {
        document.documentElement.setAttribute("data-table-live", "poll");
        setTimeout(listen, 30000 + Math.random() * 30000);
      }
    });
    document.documentElement.setAttribute("data-table-live", "sse");
  }
  listen();
})();
