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

// A link from the picture to a field: open the folded sections around it.
function reveal() {
  var id = decodeURIComponent(window.location.hash.slice(1));
  var target = id ? document.getElementById(id) : null;
  if (!target) {
    return;
  }
  for (var node = target; node; node = node.parentElement) {
    if (node.tagName === "DETAILS") {
      node.open = true;
    }
  }
  target.scrollIntoView();
}

window.addEventListener("hashchange", reveal);

document.addEventListener("DOMContentLoaded", function () {
  reveal();
  document.querySelectorAll("select[data-autosubmit]").forEach(autosubmit);
  document.querySelectorAll("select[data-retype]").forEach(retype);
  document.querySelectorAll("[data-copy]").forEach(copier);
  document.querySelectorAll("form").forEach(useJsonWhenTyped);
});
