// The theme's only script. Everything works without it; it adds:
// - a page reached through #classification (or a link to it) opens the collapsible section;
// - the copy buttons of code blocks (hidden in the markup, shown only where the clipboard
//   can be written), announced to screen readers through a polite live region;
// - printing: closed details are opened for the print and closed again after it, and links
//   whose text already is their address are marked so the print does not repeat it.
// Every word shown comes from the page (the Fluent messages), never from this file.
(function () {
  "use strict";

  function each(selector, action) {
    Array.prototype.forEach.call(document.querySelectorAll(selector), action);
  }

  // ---- #classification opens its details -----------------------------------------------
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

  // ---- Copy buttons ---------------------------------------------------------------------
  var live = null;
  function liveRegion() {
    if (!live) {
      live = document.createElement("div");
      live.className = "visually-hidden";
      live.setAttribute("aria-live", "polite");
      document.body.appendChild(live);
    }
    return live;
  }
  function announce(text) {
    var region = liveRegion();
    // Emptied first so that the same words, copied twice, are announced twice.
    region.textContent = "";
    window.setTimeout(function () {
      region.textContent = text;
    }, 100);
  }
  function selectContents(element) {
    var selection = window.getSelection && window.getSelection();
    if (!selection) return;
    var range = document.createRange();
    range.selectNodeContents(element);
    selection.removeAllRanges();
    selection.addRange(range);
  }
  function setUpCopy(button) {
    var block = button.closest(".code-block");
    var pre = block ? block.querySelector("pre") : null;
    if (!pre) return;
    var label = button.textContent;
    var copied = button.getAttribute("data-copied-label") || label;
    var timer = 0;
    button.addEventListener("click", function () {
      navigator.clipboard.writeText(pre.textContent).then(
        function () {
          button.textContent = copied;
          announce(copied);
          window.clearTimeout(timer);
          timer = window.setTimeout(function () {
            button.textContent = label;
          }, 2000);
        },
        function () {
          // Refused (permissions, an old browser): select the text for the reader to copy.
          selectContents(pre);
        }
      );
    });
    button.hidden = false;
  }
  if (navigator.clipboard && typeof navigator.clipboard.writeText === "function") {
    each(".code-block .copy-button", setUpCopy);
    if (document.querySelector(".code-block .copy-button")) liveRegion();
  }

  // ---- Scrolling boxes -----------------------------------------------------------------
  // A code block or table wider than the page scrolls inside its box; a box that scrolls
  // joins the tab order so that keyboard users can scroll it (some browsers do not let them).
  function focusableScrollers() {
    each("main pre, main table, main .table-scroll", function (box) {
      var scrolls = box.scrollWidth > box.clientWidth + 1;
      if (scrolls && !box.hasAttribute("tabindex")) {
        box.setAttribute("tabindex", "0");
        box.setAttribute("data-scroll-tabindex", "");
      } else if (!scrolls && box.hasAttribute("data-scroll-tabindex")) {
        box.removeAttribute("tabindex");
        box.removeAttribute("data-scroll-tabindex");
      }
    });
  }
  var resizing = 0;
  window.addEventListener("resize", function () {
    window.clearTimeout(resizing);
    resizing = window.setTimeout(focusableScrollers, 200);
  });
  document.addEventListener("toggle", focusableScrollers, true);
  window.addEventListener("load", focusableScrollers);
  focusableScrollers();

  // ---- Printing -------------------------------------------------------------------------
  function bare(address) {
    return address.replace(/^[a-z]+:\/\//i, "").replace(/\/$/, "");
  }
  each("a[href^='http://'], a[href^='https://']", function (link) {
    var text = link.textContent.trim();
    if (bare(text) === bare(link.getAttribute("href")) || bare(text) === bare(link.href)) {
      link.classList.add("bare-url");
    }
  });
  var openedForPrint = [];
  window.addEventListener("beforeprint", function () {
    each("details:not([open])", function (details) {
      details.open = true;
      openedForPrint.push(details);
    });
  });
  window.addEventListener("afterprint", function () {
    openedForPrint.forEach(function (details) {
      details.open = false;
    });
    openedForPrint = [];
  });
})();
