// The bank-conflict explorer of memlab-figures. It draws what the course's bank model computed
// (the JSON in #bank-explorer-data) and computes nothing about banks itself, so the page
// cannot disagree with the checker. The URL hash keeps the view: #layer=stride&stride=2,
// #layer=tile&tile=padded&access=col&index=0.
(function () {
  "use strict";
  var root = document.getElementById("bank-explorer");
  var source = document.getElementById("bank-explorer-data");
  if (!root || !source) return;
  var data = JSON.parse(source.textContent);
  var SVG = "http://www.w3.org/2000/svg";
  var state = {layer: "stride", stride: 2, tile: "plain", access: "col", index: 0};

  function element(tag, attributes, text) {
    var node = document.createElement(tag);
    Object.keys(attributes || {}).forEach(function (name) { node.setAttribute(name, attributes[name]); });
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function svgElement(tag, attributes, text) {
    var node = document.createElementNS(SVG, tag);
    Object.keys(attributes || {}).forEach(function (name) { node.setAttribute(name, attributes[name]); });
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // [0,1,2,3,8] -> "0-3,8"
  function laneList(lanes) {
    var parts = [];
    for (var i = 0; i < lanes.length; ) {
      var j = i;
      while (j + 1 < lanes.length && lanes[j + 1] === lanes[j] + 1) ++j;
      parts.push(j > i ? lanes[i] + "-" + lanes[j] : String(lanes[i]));
      i = j + 1;
    }
    return parts.join(",");
  }

  function cellLabel(lanes) {
    var full = laneList(lanes);
    return full.length <= 5 ? full : lanes[0] + "+" + (lanes.length - 1);
  }

  function plural(n, word) { return n + " " + word + (n === 1 ? "" : "s"); }

  // ---- state <-> URL hash ----
  function readHash() {
    window.location.hash.slice(1).split("&").forEach(function (pair) {
      var kv = pair.split("=");
      if (kv.length !== 2) return;
      var key = decodeURIComponent(kv[0]), value = decodeURIComponent(kv[1]);
      if (key === "layer" && (value === "stride" || value === "tile")) state.layer = value;
      if (key === "stride" && +value >= 1 && +value <= data.strides.length) state.stride = +value;
      if (key === "tile" && data.tiles.some(function (t) { return t.id === value; })) state.tile = value;
      if (key === "access" && (value === "col" || value === "row")) state.access = value;
      if (key === "index" && +value >= 0 && +value < 32) state.index = +value;
    });
  }

  function writeHash() {
    var hash = state.layer === "stride"
      ? "layer=stride&stride=" + state.stride
      : "layer=tile&tile=" + state.tile + "&access=" + state.access + "&index=" + state.index;
    if (window.history.replaceState) {
      try { window.history.replaceState(null, "", "#" + hash); } catch (e) { /* file:// in some browsers */ }
    }
  }

  // ---- controls ----
  function radioGroup(name, legend, options, current, onChange) {
    var fieldset = element("fieldset", {"class": "explorer-choice"});
    fieldset.appendChild(element("legend", {}, legend));
    options.forEach(function (option) {
      var label = element("label");
      var input = element("input", {type: "radio", name: name, value: option[0]});
      input.checked = option[0] === current;
      input.addEventListener("change", function () { onChange(option[0]); });
      label.appendChild(input);
      label.appendChild(document.createTextNode(" " + option[1]));
      fieldset.appendChild(label);
    });
    return fieldset;
  }

  function slider(legend, min, max, current, onChange) {
    var wrap = element("label", {"class": "explorer-slider"});
    var text = element("span", {}, legend + " " + current);
    var input = element("input", {type: "range", min: String(min), max: String(max), value: String(current)});
    input.addEventListener("input", function () {
      text.textContent = legend + " " + input.value;
      onChange(+input.value);
    });
    wrap.appendChild(text);
    wrap.appendChild(input);
    return wrap;
  }

  // ---- drawings ----
  var CELL_W = 28, CELL_H = 22, LABEL_W = 34, HEAD_H = 20;

  // One table per phase: banks are columns, row k the k-th distinct word a bank delivers.
  function bankTable(access) {
    var phases = access.phases.filter(function (p) { return p.ways > 0; });
    var height = 4;
    phases.forEach(function (p) { height += HEAD_H * 2 + p.ways * CELL_H + 10; });
    var width = LABEL_W + data.banks * CELL_W + 2;
    var svg = svgElement("svg", {viewBox: "0 0 " + width + " " + height, width: width, height: height,
                                 role: "img", "class": "explorer-banks"});
    svg.appendChild(svgElement("title", {}, "Bank table: " + plural(access.wavefronts, "wavefront")));
    var y = 4;
    phases.forEach(function (phase) {
      var last = phase.first_lane + phase.lane_count - 1;
      var head = access.phases.length > 1 ? "lanes " + phase.first_lane + "-" + last + ": " : "";
      head += phase.served_with_previous ? "served with the previous phase (0 wavefronts)"
                                         : plural(phase.wavefronts, "wavefront");
      svg.appendChild(svgElement("text", {x: 0, y: y + 14, "class": "explorer-head"}, head));
      y += HEAD_H;
      for (var b = 0; b < data.banks; ++b) {
        svg.appendChild(svgElement("text", {x: LABEL_W + b * CELL_W + CELL_W / 2, y: y + 14,
                                            "class": "explorer-axis", "text-anchor": "middle"}, String(b)));
      }
      svg.appendChild(svgElement("text", {x: 0, y: y + 14, "class": "explorer-axis"}, "bank"));
      y += HEAD_H;
      for (var row = 0; row < phase.ways; ++row, y += CELL_H) {
        svg.appendChild(svgElement("text", {x: 0, y: y + 15, "class": "explorer-axis"}, "w" + (row + 1)));
        for (b = 0; b < data.banks; ++b) {
          var use = phase.banks[b][row];
          var kind = !use ? "empty" : phase.served_with_previous ? "merged" : row === 0 ? "first" : "extra";
          var x = LABEL_W + b * CELL_W;
          var rect = svgElement("rect", {x: x, y: y, width: CELL_W, height: CELL_H, "class": "cell-" + kind});
          if (use) {
            rect.appendChild(svgElement("title", {}, "bank " + b + ", word " + use[0] + " (bytes " + use[0] * 4 + "-" +
                                                     (use[0] * 4 + 3) + "): lane" + (use[1].length > 1 ? "s " : " ") +
                                                     laneList(use[1])));
          }
          svg.appendChild(rect);
          if (use) {
            svg.appendChild(svgElement("text", {x: x + CELL_W / 2, y: y + 15, "text-anchor": "middle",
                                                "class": use[1].length > 1 ? "cell-text shared" : "cell-text"},
                                       cellLabel(use[1])));
          }
        }
      }
      y += 10;
    });
    return svg;
  }

  // The tile as the program sees it: element (row, col), labelled with the bank that holds it.
  function tileMap(tile, access) {
    var size = 19, left = 26, top = 22;
    var width = left + tile.cols * size + 2, height = top + tile.rows * size + 2;
    var svg = svgElement("svg", {viewBox: "0 0 " + width + " " + height, width: width, height: height,
                                 role: "img", "class": "explorer-tile"});
    svg.appendChild(svgElement("title", {}, "Banks of the elements of " + tile.declaration));
    for (var c = 0; c < tile.cols; c += 4) {
      svg.appendChild(svgElement("text", {x: left + c * size + size / 2, y: 14, "text-anchor": "middle",
                                          "class": "explorer-axis"}, String(c)));
    }
    for (var r = 0; r < tile.rows; ++r) {
      if (r % 4 === 0) {
        svg.appendChild(svgElement("text", {x: 0, y: top + r * size + 13, "class": "explorer-axis"}, String(r)));
      }
      for (c = 0; c < tile.cols; ++c) {
        var bank = tile.element_banks[r][c];
        var touched = access === "col" ? c === state.index : r === state.index;
        var x = left + c * size, y = top + r * size;
        var rect = svgElement("rect", {x: x, y: y, width: size, height: size,
                                       fill: "hsl(" + Math.round(bank * 360 / data.banks) + "," +
                                             (touched ? "75%,62%" : "45%,93%") + ")",
                                       "class": touched ? "tile-touched" : "tile-cell"});
        rect.appendChild(svgElement("title", {}, "element (" + r + ", " + c + "): bank " + bank));
        svg.appendChild(rect);
        svg.appendChild(svgElement("text", {x: x + size / 2, y: y + 13, "text-anchor": "middle",
                                            "class": touched ? "tile-text touched" : "tile-text"}, String(bank)));
      }
    }
    return svg;
  }

  // ---- the two layers ----
  function busiest(access) {
    var best = {bank: 0, words: 0};
    access.phases.forEach(function (phase) {
      phase.banks.forEach(function (words, bank) {
        if (words.length > best.words) best = {bank: bank, words: words.length};
      });
    });
    return best;
  }

  // The busiest bank, or that no bank is, when every bank touched delivers one word.
  function crowding(access) {
    var most = busiest(access);
    return most.words > 1 ? " The busiest bank, bank " + most.bank + ", holds " + plural(most.words, "distinct word") + "."
                          : " Every bank it touches delivers one word.";
  }

  function verdict(access) {
    return access.ways > 1 ? plural(access.wavefronts, "wavefront") + ", a " + access.ways + "-way bank conflict"
                           : plural(access.wavefronts, "wavefront") + ", conflict-free";
  }

  function gcd(a, b) { return b === 0 ? a : gcd(b, a % b); }

  function strideView(box) {
    box.appendChild(slider("Stride S (4-byte words):", 1, data.strides.length, state.stride, function (value) {
      state.stride = value;
      drawFigure();
    }));
    var figure = element("div", {"class": "explorer-figure"});
    box.appendChild(figure);
    return function () {
      var access = data.strides[state.stride - 1];
      figure.textContent = "";
      figure.appendChild(element("p", {"class": "explorer-summary", "aria-live": "polite"},
        "Lane i reads word " + state.stride + "i: " + verdict(access) + "." + crowding(access) +
        " The gcd rule agrees: gcd(" + state.stride + ", 32) = " + gcd(state.stride, 32) + "."));
      figure.appendChild(bankTable(access));
    };
  }

  function tileView(box) {
    box.appendChild(radioGroup("explorer-tile", "Tile", data.tiles.map(function (t) {
      return [t.id, t.id === "plain" ? "no padding" : t.id === "padded" ? "padded by one float" : "XOR swizzle"];
    }), state.tile, function (value) { state.tile = value; drawFigure(); }));
    box.appendChild(radioGroup("explorer-access", "The warp", [["col", "reads a column"], ["row", "writes a row"]],
                               state.access, function (value) { state.access = value; drawFigure(); }));
    box.appendChild(slider("Column or row:", 0, 31, state.index, function (value) {
      state.index = value;
      drawFigure();
    }));
    var figure = element("div", {"class": "explorer-figure"});
    box.appendChild(figure);
    return function () {
      var tile = data.tiles.filter(function (t) { return t.id === state.tile; })[0];
      var access = (state.access === "col" ? tile.column_reads : tile.row_writes)[state.index];
      figure.textContent = "";
      figure.appendChild(element("pre", {"class": "explorer-code"}, tile.declaration));
      figure.appendChild(element("p", {"class": "explorer-summary", "aria-live": "polite"},
        (state.access === "col" ? "Lane i reads element (i, " + state.index + ")"
                                : "Lane i writes element (" + state.index + ", i)") +
        ": " + verdict(access) + "." + crowding(access)));
      var pair = element("div", {"class": "explorer-pair"});
      var left = element("div");
      left.appendChild(element("p", {"class": "explorer-caption"},
                               "The tile: each element (row, column) shows the bank that holds it; the warp's elements are bold."));
      left.appendChild(tileMap(tile, state.access));
      var right = element("div");
      right.appendChild(element("p", {"class": "explorer-caption"}, "The bank table of this warp access."));
      right.appendChild(bankTable(access));
      pair.appendChild(left);
      pair.appendChild(right);
      figure.appendChild(pair);
    };
  }

  var drawFigure = function () {};

  function build() {
    root.textContent = "";
    root.appendChild(radioGroup("explorer-layer", "Layer", [["stride", "Stride patterns"], ["tile", "Transpose tile"]],
                                state.layer, function (value) { state.layer = value; build(); }));
    var box = element("div", {"class": "explorer-layer"});
    root.appendChild(box);
    var draw = state.layer === "stride" ? strideView(box) : tileView(box);
    drawFigure = function () { draw(); writeHash(); };
    drawFigure();
  }

  // Inside another page (the course's banks page embeds it), the figure alone is shown.
  if (window.self !== window.top) document.body.classList.add("embedded");
  readHash();
  build();
  root.setAttribute("data-explorer-ready", "1");
})();
