// Keyboard use of selectable tiles ({% tiles ... select="one"|"many" %}).
// Radio groups already move with the arrow keys; this adds the same for checkbox groups
// (one tab stop per group, arrows move, Space or Enter toggles) and lets Enter pick a radio
// tile before a second Enter submits the form. Without JavaScript the inputs still work as
// plain form fields.
(function () {
  "use strict";

  var KEYS_NEXT = ["ArrowRight", "ArrowDown"];
  var KEYS_PREV = ["ArrowLeft", "ArrowUp"];

  function inputsOf(group) {
    return Array.prototype.slice.call(group.querySelectorAll("input.tile-input:not(:disabled)"));
  }

  function setRovingStop(group, active) {
    inputsOf(group).forEach(function (input) {
      input.tabIndex = input === active ? 0 : -1;
    });
  }

  function initGroup(group) {
    if (group.dataset.tileReady) return;
    group.dataset.tileReady = "1";
    if (group.dataset.tileSelect !== "many") return;
    var inputs = inputsOf(group);
    if (!inputs.length) return;
    var first = inputs.filter(function (i) { return i.checked; })[0] || inputs[0];
    setRovingStop(group, first);
  }

  function init(root) {
    var groups = (root || document).querySelectorAll("fieldset.tile-select");
    Array.prototype.forEach.call(groups, initGroup);
  }

  document.addEventListener("keydown", function (event) {
    var input = event.target;
    if (!(input instanceof HTMLInputElement) || !input.classList.contains("tile-input")) return;
    var group = input.closest("fieldset.tile-select");
    if (!group) return;
    var many = group.dataset.tileSelect === "many";

    if (event.key === "Enter") {
      if (many) {
        event.preventDefault();
        input.click();
      } else if (!input.checked) {
        event.preventDefault();
        input.click();
      }
      // Enter on an already chosen radio tile submits the form, as browsers do.
      return;
    }

    if (!many) return; // native radio behaviour handles the arrows
    var step = KEYS_NEXT.indexOf(event.key) !== -1 ? 1 : KEYS_PREV.indexOf(event.key) !== -1 ? -1 : 0;
    var jump = event.key === "Home" ? "first" : event.key === "End" ? "last" : "";
    if (!step && !jump) return;
    event.preventDefault();
    var inputs = inputsOf(group);
    var at = inputs.indexOf(input);
    var next = jump === "first" ? 0 : jump === "last" ? inputs.length - 1 : (at + step + inputs.length) % inputs.length;
    setRovingStop(group, inputs[next]);
    inputs[next].focus();
  });

  document.addEventListener("focusin", function (event) {
    var input = event.target;
    if (!(input instanceof HTMLInputElement) || !input.classList.contains("tile-input")) return;
    var group = input.closest('fieldset.tile-select[data-tile-select="many"]');
    if (group) setRovingStop(group, input);
  });

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () { init(document); });
  } else {
    init(document);
  }
  // Hands swapped in by htmx get the same behaviour.
  document.addEventListener("htmx:load", function (event) { init(event.target); });
})();
