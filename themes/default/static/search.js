// The search page: Pagefind's default interface over the index `papermap build` writes into
// /pagefind/, one index per language (Pagefind picks the page's, from <html lang>). Every word
// it shows comes from the page's data-t-* attributes (the Fluent messages). A query in the
// address (?q=…, as the search form of every page sends it) is searched at once. A big map's
// index comes in parts: data-merge lists the folders of the parts after the first, which
// Pagefind searches with it.
(function () {
  "use strict";
  function start() {
    var element = document.getElementById("search");
    if (!element || typeof window.PagefindUI !== "function") return;
    var translations = {};
    Object.keys(element.dataset).forEach(function (key) {
      if (/^t[A-Z]/.test(key)) {
        // data-t-zero_results arrives as dataset.tZero_results.
        var name = key.slice(1);
        translations[name.charAt(0).toLowerCase() + name.slice(1)] = element.dataset[key];
      }
    });
    var noscript = element.querySelector("noscript");
    if (noscript) noscript.remove();
    var ui = new window.PagefindUI({
      element: "#search",
      bundlePath: element.dataset.bundle,
      showImages: false,
      showSubResults: false,
      resetStyles: false,
      translations: translations,
      mergeIndex: (element.dataset.merge || "")
        .split(" ")
        .filter(Boolean)
        .map(function (path) {
          return { bundlePath: path };
        }),
    });
    // Pagefind names its field only by a title; the page's heading is its visible label.
    var labelled = function () {
      var input = element.querySelector("input");
      if (!input) return false;
      input.setAttribute("aria-labelledby", "search-heading");
      return true;
    };
    if (!labelled()) {
      var observer = new MutationObserver(function () {
        if (labelled()) observer.disconnect();
      });
      observer.observe(element, { childList: true, subtree: true });
    }
    var query = new URLSearchParams(window.location.search).get("q");
    if (query) ui.triggerSearch(query);
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
