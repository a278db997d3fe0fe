// Partial updates on the editor pages (check, dispute, score): a form sent or a link to
// another state of the same page is fetched and the answer replaces the page's body, with
// no reload; the address bar then holds the state's permalink (main[data-address]), so the
// back button and a shared link still work. Without this file the forms post as before.
// No library: the whole job is "fetch, swap the body, push the address" (see the README).
"use strict";

(function () {
  var EDITORS = /\/(check|move|score)$/;
  var pending = null;

  function editorPage() {
    var main = document.querySelector("main[data-address]");
    return main !== null;
  }

  // What to focus after the swap: the same picture place or the same button, when the
  // action came from one (a keyboard user goes on from where they were).
  function anchorOf(node) {
    if (!node || !node.getAttribute) {
      return null;
    }
    var place = node.closest("[data-place], [data-tap]");
    if (place) {
      var key = place.hasAttribute("data-place") ? "data-place" : "data-tap";
      return { selector: "[" + key + '="' + CSS.escape(place.getAttribute(key)) + '"]', keep: true };
    }
    if (node.id) {
      return { selector: "#" + CSS.escape(node.id), keep: false };
    }
    return null;
  }

  // The boxes that scroll inside the page (the map, a wide hospital), with where they are.
  function scrolled() {
    return Array.prototype.map.call(document.querySelectorAll(".map-scroll, .panel-scroll"), function (box) {
      return { left: box.scrollLeft, top: box.scrollTop, zoom: box.style.getPropertyValue("--zoom") };
    });
  }

  function rescroll(saved) {
    document.querySelectorAll(".map-scroll, .panel-scroll").forEach(function (box, index) {
      var was = saved[index];
      if (!was) {
        return;
      }
      if (was.zoom) {
        box.style.setProperty("--zoom", was.zoom);
      }
      box.scrollLeft = was.left;
      box.scrollTop = was.top;
    });
  }

  function swap(html, url, push, anchor) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var main = doc.querySelector("main");
    if (!main) {
      window.location.assign(url);
      return;
    }
    var top = window.scrollY;
    var boxes = scrolled();
    document.title = doc.title;
    document.documentElement.lang = doc.documentElement.lang;
    document.body.replaceWith(document.adoptNode(doc.body));
    var address = main.getAttribute("data-address") || url;
    var hash = new URL(url, window.location.href).hash;
    if (push) {
      window.history.pushState({ swapped: true }, "", address + (anchor && anchor.keep ? "" : hash));
    }
    if (window.adjSetup) {
      window.adjSetup();
    }
    if (anchor && anchor.keep) {
      rescroll(boxes); // the map stays panned and zoomed where the tap was
    }
    var again = anchor ? document.querySelector(anchor.selector) : null;
    if (anchor && anchor.keep) {
      window.scrollTo(0, top); // a tap on the picture: the picture stays where it was
      if (again) {
        again.focus({ preventScroll: true });
      }
    } else if (again && !hash) {
      again.focus();
    }
    var count = parseInt(document.documentElement.getAttribute("data-swaps") || "0", 10);
    document.documentElement.setAttribute("data-swaps", String(count + 1));
    document.dispatchEvent(new CustomEvent("adj:swapped"));
  }

  function load(url, options, push, anchor) {
    if (pending) {
      pending.abort();
    }
    pending = new AbortController();
    options.signal = pending.signal;
    options.headers = { "X-Requested-With": "fetch" };
    document.documentElement.setAttribute("aria-busy", "true");
    return fetch(url, options)
      .then(function (response) {
        var type = response.headers.get("Content-Type") || "";
        if (type.indexOf("text/html") !== 0) {
          throw new Error("not a page");
        }
        return response.text().then(function (html) {
          swap(html, response.url + new URL(url, window.location.href).hash, push, anchor);
        });
      })
      .finally(function () {
        document.documentElement.removeAttribute("aria-busy");
      });
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!editorPage() || event.defaultPrevented || form.hasAttribute("data-reload")) {
      return;
    }
    var submitter = event.submitter || null;
    if (submitter && submitter.hasAttribute("data-reload")) {
      return; // (a move entered at the table: its page, with its live updates, comes whole)
    }
    var data;
    try {
      data = new FormData(form, submitter);
    } catch (e) {
      data = new FormData(form);
      if (submitter && submitter.name) {
        data.append(submitter.name, submitter.value);
      }
    }
    var action = new URL(
      (submitter && submitter.getAttribute("formaction")) || form.getAttribute("action") || "",
      window.location.href
    );
    var method = (form.getAttribute("method") || "get").toUpperCase();
    event.preventDefault();
    var anchor = anchorOf(document.activeElement) || anchorOf(submitter);
    var request;
    if (method === "GET") {
      action.search = new URLSearchParams(data).toString();
      request = load(action.href, { method: "GET" }, true, anchor);
    } else {
      request = load(action.href, { method: "POST", body: data }, true, anchor);
    }
    request.catch(function (error) {
      if (error.name !== "AbortError") {
        form.setAttribute("data-reload", "");
        form.requestSubmit(submitter); // the server's answer as a whole page
      }
    });
  });

  document.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest("a[href]") : null;
    if (!link || !editorPage() || event.defaultPrevented || event.button !== 0) {
      return;
    }
    if (event.ctrlKey || event.metaKey || event.shiftKey || link.target || link.hasAttribute("download")) {
      return;
    }
    var url = new URL(link.href, window.location.href);
    if (url.origin !== window.location.origin || !EDITORS.test(url.pathname) || !url.search) {
      return;
    }
    event.preventDefault();
    load(url.href, { method: "GET" }, true, null).catch(function (error) {
      if (error.name !== "AbortError") {
        window.location.assign(url.href);
      }
    });
  });

  window.addEventListener("popstate", function () {
    if (editorPage()) {
      load(window.location.href, { method: "GET" }, false, null).catch(function () {
        window.location.reload();
      });
    }
  });
})();
