// The theme's only script: a page reached through #classification (or a link to it) opens the
// collapsible section it names. Everything else works without JavaScript.
(function () {
  "use strict";
  function reveal() {
    var target = location.hash ? document.getElementById(location.hash.slice(1)) : null;
    if (target && target.tagName === "DETAILS" && !target.open) {
      target.open = true;
      target.scrollIntoView();
    }
  }
  document.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest("a[href^='#']") : null;
    if (link && link.getAttribute("href") === location.hash) {
      // Following a link to the fragment already in the address fires no hashchange.
      reveal();
    }
  });
  window.addEventListener("hashchange", reveal);
  reveal();
})();
