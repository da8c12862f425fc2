// Run in a deck by browser_session.py before printing it: returns the page size that the
// deck's stylesheet asks for (@page { size: WIDTH HEIGHT }) in CSS pixels, or null when it asks
// for none. Chromium's own print-to-PDF printed on that size; WebDriver's print takes the size
// from the caller, so the caller needs it to print the deck as before.
var probe = document.createElement("div");
// Out of the flow and free of the page's own limits, so that its box is the size it is given.
probe.style.cssText = "position: absolute; padding: 0; border: 0; min-width: 0; max-width: none; " +
                      "min-height: 0; max-height: none; box-sizing: content-box";
document.body.appendChild(probe);
var size = null;
for (var s = 0; s < document.styleSheets.length && !size; s++) {
  var rules = [];
  try {
    rules = document.styleSheets[s].cssRules;
  } catch (e) {
    continue;  // a stylesheet from another file: Chromium does not let a file:// page read it
  }
  for (var r = 0; r < rules.length && !size; r++) {
    if (!(rules[r] instanceof CSSPageRule)) continue;
    var lengths = rules[r].style.getPropertyValue("size").trim().split(/\s+/);
    if (lengths.length !== 2) continue;  // a keyword (A4, landscape) is not a size to measure
    // A length in any unit (in, cm, px) becomes pixels as the width of an element.
    probe.style.width = lengths[0];
    probe.style.height = lengths[1];
    if (probe.style.width && probe.style.height) {
      var box = probe.getBoundingClientRect();
      size = [box.width, box.height];
    }
  }
}
probe.remove();
return size;
