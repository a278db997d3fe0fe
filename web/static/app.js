// The page works without this file; it only saves a few taps.
"use strict";

function autosubmit(select) {
  var button = select.form.querySelector("button[type=submit]");
  if (button) {
    button.hidden = true;
  }
  select.addEventListener("change", function () {
    if (select.value !== "") {
      select.form.requestSubmit();
    }
  });
}

function retype(select) {
  var button = document.getElementById("retype-button");
  if (!button) {
    return;
  }
  button.hidden = true;
  select.addEventListener("change", function () {
    button.click();
  });
}

function copier(button) {
  var link = document.querySelector(button.getAttribute("data-copy"));
  var field = button.parentElement.querySelector("input[readonly]");
  if (link && field) {
    field.value = link.href; // the link may be relative: show it whole, ready to share
  }
  button.addEventListener("click", function () {
    if (link && navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(link.href);
    } else if (field) {
      field.select();
      document.execCommand("copy");
    }
  });
}

function useJsonWhenTyped(form) {
  var area = form.querySelector('textarea[name="move_json"]');
  var radio = form.querySelector('input[name="move_source"][value="json"]');
  if (area && radio) {
    area.addEventListener("input", function () {
      radio.checked = true;
    });
  }
}

function openAround(node) {
  for (; node; node = node.parentElement) {
    if (node.tagName === "DETAILS") {
      node.open = true;
    }
  }
}

// A link from the picture or a violation to a field: open the sections around it, and
// focus the field (or the "Edit" button of the folded part that holds it). After a tap on
// the picture, the form names the part the tap changed (data-focus).
function reveal(event) {
  var hinted = event ? null : document.querySelector("form[data-focus]");
  var id = hinted
    ? hinted.getAttribute("data-focus")
    : decodeURIComponent(window.location.hash.slice(1));
  var target = id ? document.getElementById(id) : null;
  if (!target) {
    return;
  }
  openAround(target);
  var focus = target.matches("input, select, textarea, button")
    ? target
    : target.querySelector("input, select, textarea, button");
  if (focus) {
    openAround(focus);
  }
  target.scrollIntoView({ block: "center" });
  if (focus) {
    focus.focus({ preventScroll: true });
  }
}

// Counts: a whole number is chosen in one tap from a list of numbers (the phone's own
// picker), with a − and a + button beside it; the number box stays in the form, hidden,
// and takes the choice (without script, the box alone).
var COUNT_ABOVE = 30; // the list goes this far above the number shown, and at least to 60

function countChoice(input, name) {
  var select = document.createElement("select");
  select.className = "count";
  var nullable = input.name.split(":")[0].indexOf("?") >= 0;
  function option(value, text) {
    var o = document.createElement("option");
    o.value = value;
    o.textContent = text;
    return o;
  }
  // The list is filled when it is about to open (a page holds a hundred counts): until
  // then it holds the number shown alone.
  function shown() {
    select.textContent = "";
    select.appendChild(option(input.value, input.value === "" ? "—" : input.value));
    select.value = input.value;
    select.filled = false;
  }
  function fill() {
    if (select.filled) {
      return;
    }
    select.filled = true;
    var value = parseInt(input.value, 10);
    var at = isNaN(value) ? 0 : value;
    var least = parseInt(input.getAttribute("data-min"), 10); // the schema's bounds
    var most = parseInt(input.getAttribute("data-max"), 10);
    var low = Math.min(at, isNaN(least) ? Math.min(0, at) - 10 : least);
    var high = Math.max(60, at + COUNT_ABOVE);
    high = Math.max(at, isNaN(most) ? high : Math.min(most, high)); // beyond it, the + button
    select.textContent = "";
    if (nullable || input.value === "") {
      select.appendChild(option("", "—"));
    }
    for (var n = low; n <= high; n++) {
      select.appendChild(option(String(n), String(n)));
    }
    select.value = input.value === "" ? "" : String(value);
  }
  select.id = input.id;
  input.id = input.id + "-number";
  select.setAttribute("aria-label", name);
  input.hidden = true;
  shown();
  ["pointerdown", "focus", "keydown"].forEach(function (type) {
    select.addEventListener(type, fill);
  });
  select.addEventListener("change", function () {
    input.value = select.value;
    input.dispatchEvent(new Event("change", { bubbles: true }));
  });
  select.addEventListener("blur", shown); // (the long list goes when the choice is made)
  input.addEventListener("change", function () {
    if (select.value !== input.value) {
      shown(); // after − or +
    }
  });
  select.addEventListener("keydown", function (event) {
    if (event.key === "Enter" && input.form) {
      event.preventDefault();
      input.form.requestSubmit(); // as Enter in the number box would
    }
  });
  return select;
}

function counter(input) {
  var form = input.form;
  var label = form.querySelector('label[for="' + input.id + '"]');
  var name = label ? label.textContent : "";
  function button(text, step, words) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "step secondary";
    b.textContent = text;
    b.setAttribute("aria-label", words + " " + name);
    b.addEventListener("click", function () {
      var value = parseInt(input.value || "0", 10) || 0;
      input.value = String(value + step);
      input.dispatchEvent(new Event("change", { bubbles: true }));
    });
    return b;
  }
  var box = document.createElement("span");
  box.className = "counter";
  input.parentNode.insertBefore(box, input);
  box.appendChild(button("−", -1, form.dataset.less || "−"));
  box.appendChild(input);
  if (input.getAttribute("step") !== "any") {
    box.appendChild(countChoice(input, name)); // the label now names the list
  }
  box.appendChild(button("+", 1, form.dataset.more || "+"));
  if (input.name.split(":")[0].indexOf("?") >= 0 && input.getAttribute("step") === "any") {
    // a number that may be absent (null): a third button empties it
    var clear = button("✕", 0, form.dataset.clear || "✕");
    clear.classList.add("clear");
    clear.addEventListener("click", function () {
      input.value = "";
      input.dispatchEvent(new Event("change", { bubbles: true }));
    });
    box.appendChild(clear);
  }
}

window.addEventListener("hashchange", reveal);
// Again once loaded: the browser's own jump to the URL's #part comes after DOMContentLoaded
// and takes the focus away.
window.addEventListener("load", function () {
  reveal();
});

// The map: buttons to zoom (it pans by scrolling, and pinch-zooms as any page does).
// It opens on the middle of the map (central Europe), and a zoom keeps the middle in view.
function zoomer(box) {
  var scroll = box.parentElement.querySelector(".map-scroll");
  var level = 1;
  function centre(x, y) {
    scroll.scrollLeft = x * scroll.scrollWidth - scroll.clientWidth / 2;
    scroll.scrollTop = y * scroll.scrollHeight - scroll.clientHeight / 2;
  }
  box.hidden = false;
  centre(0.5, 0.45);
  box.querySelectorAll("button[data-zoom]").forEach(function (button) {
    button.addEventListener("click", function () {
      var x = (scroll.scrollLeft + scroll.clientWidth / 2) / scroll.scrollWidth;
      var y = (scroll.scrollTop + scroll.clientHeight / 2) / scroll.scrollHeight;
      var step = parseInt(button.getAttribute("data-zoom"), 10);
      level = parseFloat(scroll.style.getPropertyValue("--zoom")) || level; // (kept by swap.js)
      level = Math.min(3, Math.max(0.5, level * (step > 0 ? 1.5 : 1 / 1.5)));
      scroll.style.setProperty("--zoom", String(level));
      centre(x, y);
    });
  });
}

// A tap on a part of the picture that takes a piece (an MP board space or building) puts
// the piece chosen in "A tap on the picture puts" there; without script it is a link.
function tapper(link) {
  var brush = document.querySelector("select[data-brush]");
  var form = document.getElementById("state-form");
  if (!brush || !form) {
    return;
  }
  link.addEventListener("click", function (event) {
    event.preventDefault();
    form.action = "#" + (link.getAttribute("href") || "#").slice(1);
    sendAction(form, "put:" + link.getAttribute("data-tap"));
  });
}

// Send ``form`` as if a button with name="action" and ``value`` was pressed (swap.js sends
// it without a reload).
function sendAction(form, value) {
  var action = document.createElement("input");
  action.type = "hidden";
  action.name = "action";
  action.value = value;
  form.appendChild(action);
  form.requestSubmit();
  action.remove();
}

// On the dispute page a place of the picture (a space, a region, a tile) is a button: a tap
// puts it in the action being entered (the server says what that means for the kind of
// action, and decides the action once it is complete). Without script it links to the form.
function placer(link) {
  var form = document.getElementById(link.getAttribute("href").slice(1));
  if (!form || form.tagName !== "FORM") {
    return;
  }
  function act(event) {
    event.preventDefault();
    sendAction(form, "place:" + link.getAttribute("data-place"));
  }
  link.addEventListener("click", act);
  link.addEventListener("keydown", function (event) {
    if (event.key === " ") {
      act(event); // a button answers the space bar as well as Enter
    }
  });
}

// The "paste JSON" box comes empty (the table's JSON would double the page): opened, it is
// filled from its "as JSON" link. Without script, that link shows or saves the JSON.
function filler(link) {
  var area = document.getElementById(link.getAttribute("data-fill"));
  var box = link.closest("details");
  if (!area || !box) {
    return;
  }
  function fill() {
    if (!box.open || area.value !== "") {
      return;
    }
    fetch(link.href)
      .then(function (response) {
        return response.ok ? response.text() : "";
      })
      .then(function (text) {
        if (area.value === "") {
          area.value = text;
        }
      });
  }
  box.addEventListener("toggle", fill);
  fill();
}

// "Or a copy of:" adds a copy of the card or tile chosen at once. The page sends the items
// of each kind once (a <template>); a list's choice takes them when it opens.
function copyChooser(select) {
  var form = select.form;
  var from = document.getElementById(select.getAttribute("data-from"));
  if (!form || !from) {
    return;
  }
  select.closest(".copy").hidden = false;
  function fill() {
    if (select.options.length < 2) {
      select.appendChild(from.content.cloneNode(true));
    }
  }
  ["pointerdown", "focus", "keydown"].forEach(function (type) {
    select.addEventListener(type, fill);
  });
  select.addEventListener("change", function () {
    if (select.value !== "") {
      form.action = "#" + select.getAttribute("data-anchor");
      sendAction(form, "copy:" + select.getAttribute("data-copy-into") + "=" + select.value);
    }
  });
}

// "Or add:" beside a list of plain choices (cubes in a line, worker slots) adds the value
// chosen at once; without script, "Add one" adds an item to set.
function addChooser(select) {
  var form = select.form;
  if (!form) {
    return;
  }
  select.closest(".copy").hidden = false;
  select.addEventListener("change", function () {
    if (select.value !== "") {
      form.action = "#" + select.getAttribute("data-anchor");
      sendAction(form, "add:" + select.getAttribute("data-add-into") + "=" + select.value);
    }
  });
}

// Everything the page's parts need, again after swap.js replaced the page's body.
function setup() {
  document.querySelectorAll("select[data-autosubmit]").forEach(autosubmit);
  document.querySelectorAll("select[data-retype]").forEach(retype);
  document.querySelectorAll("[data-copy]").forEach(copier);
  document.querySelectorAll("form").forEach(useJsonWhenTyped);
  document.querySelectorAll('form.editor input[type="number"]').forEach(counter);
  document.querySelectorAll(".zoom").forEach(zoomer);
  document.querySelectorAll("figure.picture a[data-tap]").forEach(tapper);
  document.querySelectorAll("a[data-fill]").forEach(filler);
  document.querySelectorAll("select[data-copy-into]").forEach(copyChooser);
  document.querySelectorAll("select[data-add-into]").forEach(addChooser);
  document.querySelectorAll("figure.picture a[data-place]").forEach(placer);
  reveal(); // last: the counters move the number boxes, which would lose the focus
}
window.adjSetup = setup;
document.addEventListener("DOMContentLoaded", setup);
