// memlab-site deck navigation: one slide at a time; Right/PageDown/Space forward,
// Left/PageUp/Shift+Space back, Home/End. The URL hash holds the slide number (#3), so a
// reload or a shared link opens the same slide; "#heading-id" opens the slide with that heading.
(function () {
  "use strict";
  var root = document.documentElement;
  var body = document.body;
  var slides = document.querySelectorAll(".slide");
  var bar = document.querySelector(".progress-bar");
  var current = -1;
  root.classList.add("js");

  function indexFromHash() {
    var hash = decodeURIComponent(window.location.hash.slice(1));
    if (/^[0-9]+$/.test(hash)) return parseInt(hash, 10) - 1;
    var target = hash ? document.getElementById(hash) : null;
    var slide = target ? target.closest(".slide") : null;
    return slide ? Array.prototype.indexOf.call(slides, slide) : 0;
  }

  function show(index, remember) {
    index = Math.max(0, Math.min(slides.length - 1, index));
    if (index === current) return;
    if (current >= 0) slides[current].classList.remove("active");
    slides[index].classList.add("active");
    current = index;
    body.setAttribute("data-current-slide", String(index + 1));
    if (bar) bar.style.width = (slides.length > 1 ? (100 * index) / (slides.length - 1) : 100) + "%";
    if (remember && window.history.replaceState) {
      try { window.history.replaceState(null, "", "#" + (index + 1)); } catch (e) { /* file:// in some browsers */ }
    }
  }

  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || !slides.length) return;
    var target = current;
    switch (event.key) {
      case "ArrowRight": case "PageDown": target = current + 1; break;
      case "ArrowLeft": case "PageUp": target = current - 1; break;
      case " ": case "Spacebar": target = current + (event.shiftKey ? -1 : 1); break;
      case "Home": target = 0; break;
      case "End": target = slides.length - 1; break;
      default: return;
    }
    event.preventDefault();
    show(target, true);
  });

  Array.prototype.forEach.call(document.querySelectorAll("[data-step]"), function (button) {
    button.addEventListener("click", function () {
      show(current + parseInt(button.getAttribute("data-step"), 10), true);
    });
  });

  window.addEventListener("hashchange", function () { show(indexFromHash(), false); });
  if (slides.length) show(indexFromHash(), false);
  body.setAttribute("data-deck-ready", "1");
})();
