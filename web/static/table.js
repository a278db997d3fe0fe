// Live updates of a shared table: every phone sees a new move within a second.
// Server-Sent Events tell when the table's version or log grows (the server reads the
// database, so any worker or server can answer); without EventSource, or while the stream
// is down, the page polls the table's head once a second. Either way the changed part of
// the page is fetched again, in this phone's language, and swapped in.
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

  function refresh() {
    if (fetching) { again = true; return; }
    fetching = true;
    fetch(liveUrl, { headers: { "Accept": "text/html" }, cache: "no-store" })
      .then(function (r) { return r.ok ? r.text() : Promise.reject(r.status); })
      .then(function (html) {
        var holder = document.createElement("div");
        holder.innerHTML = html;
        var fresh = holder.querySelector("#live");
        var old = document.getElementById("live");
        if (fresh && old) {
          old.replaceWith(fresh);
          var version = fresh.getAttribute("data-version");
          document.querySelectorAll("[data-version-field]").forEach(function (f) {
            f.value = version;
          });
          document.dispatchEvent(new CustomEvent("table:updated", { detail: version }));
        }
      })
      .catch(function () {})
      .then(function () {
        fetching = false;
        if (again) { again = false; refresh(); }
      });
  }

  function onHead(head) {
    if (head.version + "." + head.log_length !== shown()) { refresh(); }
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
