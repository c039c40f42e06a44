// Keyboard use of selectable tiles ({% tiles ... select="one"|"many" %}).
// Radio groups already move with the arrow keys; this adds the same for checkbox groups
// (one tab stop per group, arrows move, Space or Enter toggles) and lets Enter pick a radio
// tile before a second Enter submits the form. Without JavaScript the inputs still work as
// plain form fields.
(function () {
  "use strict";

  var KEYS_NEXT = ["ArrowRight", "ArrowDown"];
  var KEYS_PREV = ["ArrowLeft", "ArrowUp"];

  // Only the inputs on screen: the phone's zoomed single-wall view hides the other walls'
  // stacks (display: none), and the arrows must not step onto what the learner cannot see.
  function shown(input) {
    return input.getClientRects().length > 0;
  }

  function inputsOf(group) {
    return Array.prototype.slice
      .call(group.querySelectorAll("input.tile-input:not(:disabled)"))
      .filter(shown);
  }

  function allInputsShown(group) {
    return Array.prototype.every.call(group.querySelectorAll("input.tile-input:not(:disabled)"), shown);
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

    // Native radio behaviour handles the arrows, unless some choices are hidden (a zoomed
    // wall): then the arrows move, and choose, among the visible ones only, as natively.
    if (!many && allInputsShown(group)) return;
    var step = KEYS_NEXT.indexOf(event.key) !== -1 ? 1 : KEYS_PREV.indexOf(event.key) !== -1 ? -1 : 0;
    var jump = event.key === "Home" ? "first" : event.key === "End" ? "last" : "";
    if (!step && !jump) return;
    event.preventDefault();
    var inputs = inputsOf(group);
    var at = inputs.indexOf(input);
    var next = jump === "first" ? 0 : jump === "last" ? inputs.length - 1 : (at + step + inputs.length) % inputs.length;
    if (many) {
      setRovingStop(group, inputs[next]);
      inputs[next].focus();
    } else {
      inputs[next].focus();
      inputs[next].click();
    }
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
