// Behaviour every page shares; the site works without it (forms post, links load).
(function () {
  "use strict";

  // Refusals (400 bad input, 403, 422) come with a message for the region they were meant to
  // replace, and <meta name="htmx-config"> tells htmx to swap them there. With DEBUG on,
  // django-htmx's error handler (listening on the document) would instead replace the whole
  // page with the bare fragment: stop those answers at <body>, before it sees them.
  var REFUSALS = [400, 403, 422];
  document.body.addEventListener("htmx:beforeOnLoad", function (event) {
    var xhr = event.detail && event.detail.xhr;
    if (xhr && REFUSALS.indexOf(xhr.status) !== -1) event.stopPropagation();
  });

  // An answer form (data-needs-choice) keeps its submit buttons disabled until something is
  // chosen or typed, so that "Answer" with nothing chosen cannot be pressed.
  function chosen(form) {
    var fields = form.querySelectorAll("input, select, textarea");
    for (var i = 0; i < fields.length; i++) {
      var field = fields[i];
      if (field.disabled || field.type === "hidden" || field.type === "submit") continue;
      if (field.type === "radio" || field.type === "checkbox") {
        if (field.checked) return true;
      } else if (field.value.trim() !== "") {
        return true;
      }
    }
    return false;
  }

  function update(form) {
    var ready = chosen(form);
    var buttons = form.querySelectorAll('button[type="submit"]:not([data-always])');
    Array.prototype.forEach.call(buttons, function (button) { button.disabled = !ready; });
  }

  function init(root) {
    var forms = (root || document).querySelectorAll("form[data-needs-choice]");
    Array.prototype.forEach.call(forms, update);
    if (root && root.matches && root.matches("form[data-needs-choice]")) update(root);
  }

  function changed(event) {
    var form = event.target && event.target.form;
    if (form && form.hasAttribute("data-needs-choice")) update(form);
  }
  document.addEventListener("input", changed);
  document.addEventListener("change", changed);

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () { init(document); });
  } else {
    init(document);
  }
  document.addEventListener("htmx:load", function (event) { init(event.target); });
  // Back/forward cache: the browser may restore checked inputs after the script ran.
  window.addEventListener("pageshow", function () { init(document); });
})();
