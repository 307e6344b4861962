// papermap serve: keeps this page in step with its sources. Injected by `serve` only.
(function () {
  "use strict";
  var here = decodeURIComponent(location.pathname).replace(/^\//, "");
  if (here === "" || here.endsWith("/")) here += "index.html";
  // The page shown while the site does not build answers every address: any change reloads it.
  var placeholder = !document.body.querySelector(":not(script)");
  var scrollKey = "papermap-scroll:" + location.pathname;
  var saved = sessionStorage.getItem(scrollKey);
  if (saved !== null) {
    sessionStorage.removeItem(scrollKey);
    window.addEventListener("load", function () { window.scrollTo(0, Number(saved)); });
  }

  function overlay(text) {
    var box = document.getElementById("papermap-overlay");
    if (text === null) {
      if (box) box.remove();
      return;
    }
    if (!box) {
      box = document.createElement("div");
      box.id = "papermap-overlay";
      box.setAttribute("role", "alert");
      box.style.cssText = "position:fixed;inset:0;z-index:2147483647;overflow:auto;margin:0;" +
        "padding:1.5rem;background:rgba(20,20,24,.94);color:#f5f5f5;" +
        "font:14px/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;white-space:pre-wrap";
      document.body.appendChild(box);
    }
    box.textContent = text;
  }

  // Which page listens: an edit renders and serves it before the pages that list it.
  var events = new EventSource("/__papermap/events?page=" + encodeURIComponent(here));
  events.addEventListener("reload", function (event) {
    var paths = JSON.parse(event.data).paths || [];
    if (placeholder || paths.indexOf(here) !== -1) {
      sessionStorage.setItem(scrollKey, String(window.scrollY));
      location.reload();
    }
  });
  events.addEventListener("css", function () {
    document.querySelectorAll('link[rel="stylesheet"]').forEach(function (link) {
      var url = new URL(link.href);
      url.searchParams.set("papermap", String(Date.now()));
      link.href = url.toString();
    });
  });
  events.addEventListener("build-error", function (event) { overlay(event.data); });
  events.addEventListener("build-ok", function () { overlay(null); });
})();
