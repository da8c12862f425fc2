// The bank-conflict explorer of memlab-figures. It draws what the course's bank model computed
// (the JSON in #bank-explorer-data) and computes nothing about banks itself, so the page
// cannot disagree with the checker. Every word it shows comes from the page's language's
// labels (the JSON in #bank-explorer-labels, memlab-figures' bank_explorer_labels.hpp); the
// script itself holds none. The URL hash keeps the view: #layer=stride&stride=2,
// #layer=tile&tile=padded&access=col&index=0.
(function () {
  "use strict";
  var root = document.getElementById("bank-explorer");
  var source = document.getElementById("bank-explorer-data");
  var labelSource = document.getElementById("bank-explorer-labels");
  if (!root || !source || !labelSource) return;
  var data = JSON.parse(source.textContent);
  var labels = JSON.parse(labelSource.textContent);
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

  // The label `key` with each {name} replaced by values[name]; a missing label shows its key.
  function label(key, values) {
    var text = labels[key];
    if (text === undefined) return "[" + key + "]";
    return text.replace(/\{(\w+)\}/g, function (whole, name) {
      return values && values[name] !== undefined ? String(values[name]) : whole;
    });
  }

  // "1 wavefront", "2 wavefronts": the label key + ".one" for 1, key + ".other" otherwise.
  function count(key, n, values) {
    var all = {n: n};
    Object.keys(values || {}).forEach(function (name) { all[name] = values[name]; });
    return label(key + (n === 1 ? ".one" : ".other"), all);
  }

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
    // The same view in the other language.
    var switchLink = document.querySelector(".lang-switch a");
    if (switchLink) switchLink.setAttribute("href", switchLink.getAttribute("href").split("#")[0] + "#" + hash);
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

  // `key` is the slider's label, its {value} the slider's value.
  function slider(key, min, max, current, onChange) {
    var wrap = element("label", {"class": "explorer-slider"});
    var text = element("span", {}, label(key, {value: current}));
    var input = element("input", {type: "range", min: String(min), max: String(max), value: String(current)});
    input.addEventListener("input", function () {
      text.textContent = label(key, {value: input.value});
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
    var wavefronts = count("wavefronts", access.wavefronts);
    svg.appendChild(svgElement("title", {}, label("banks.title", {wavefronts: wavefronts})));
    var y = 4;
    phases.forEach(function (phase) {
      var last = phase.first_lane + phase.lane_count - 1;
      var head = phase.served_with_previous ? label("phase.merged") : count("wavefronts", phase.wavefronts);
      if (access.phases.length > 1) head = label("phase.lanes", {first: phase.first_lane, last: last, text: head});
      svg.appendChild(svgElement("text", {x: 0, y: y + 14, "class": "explorer-head"}, head));
      y += HEAD_H;
      for (var b = 0; b < data.banks; ++b) {
        svg.appendChild(svgElement("text", {x: LABEL_W + b * CELL_W + CELL_W / 2, y: y + 14,
                                            "class": "explorer-axis", "text-anchor": "middle"}, String(b)));
      }
      svg.appendChild(svgElement("text", {x: 0, y: y + 14, "class": "explorer-axis"}, label("axis.bank")));
      y += HEAD_H;
      for (var row = 0; row < phase.ways; ++row, y += CELL_H) {
        svg.appendChild(svgElement("text", {x: 0, y: y + 15, "class": "explorer-axis"},
                                   label("axis.word", {k: row + 1})));
        for (b = 0; b < data.banks; ++b) {
          var use = phase.banks[b][row];
          var kind = !use ? "empty" : phase.served_with_previous ? "merged" : row === 0 ? "first" : "extra";
          var x = LABEL_W + b * CELL_W;
          var rect = svgElement("rect", {x: x, y: y, width: CELL_W, height: CELL_H, "class": "cell-" + kind});
          if (use) {
            rect.appendChild(svgElement("title", {}, count("cell.title", use[1].length, {
              bank: b, word: use[0], first: use[0] * 4, last: use[0] * 4 + 3, lanes: laneList(use[1])})));
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
    svg.appendChild(svgElement("title", {}, label("tile.title", {declaration: tile.declaration})));
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
        rect.appendChild(svgElement("title", {}, label("element.title", {row: r, col: c, bank: bank})));
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
    return most.words > 1 ? label("crowding.busiest", {bank: most.bank, words: count("words", most.words)})
                          : label("crowding.none");
  }

  function verdict(access) {
    var wavefronts = count("wavefronts", access.wavefronts);
    return access.ways > 1 ? label("verdict.conflict", {wavefronts: wavefronts, ways: access.ways})
                           : label("verdict.free", {wavefronts: wavefronts});
  }

  function gcd(a, b) { return b === 0 ? a : gcd(b, a % b); }

  function strideView(box) {
    box.appendChild(slider("stride.slider", 1, data.strides.length, state.stride, function (value) {
      state.stride = value;
      drawFigure();
    }));
    var figure = element("div", {"class": "explorer-figure"});
    box.appendChild(figure);
    return function () {
      var access = data.strides[state.stride - 1];
      figure.textContent = "";
      figure.appendChild(element("p", {"class": "explorer-summary", "aria-live": "polite"},
        label("stride.summary", {stride: state.stride, verdict: verdict(access), crowding: crowding(access),
                                 banks: data.banks, gcd: gcd(state.stride, data.banks)})));
      figure.appendChild(bankTable(access));
    };
  }

  function tileView(box) {
    box.appendChild(radioGroup("explorer-tile", label("tile.legend"), data.tiles.map(function (t) {
      return [t.id, label("tile." + t.id)];
    }), state.tile, function (value) { state.tile = value; drawFigure(); }));
    box.appendChild(radioGroup("explorer-access", label("access.legend"),
                               [["col", label("access.col")], ["row", label("access.row")]],
                               state.access, function (value) { state.access = value; drawFigure(); }));
    box.appendChild(slider("index.slider", 0, 31, state.index, function (value) {
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
        label(state.access === "col" ? "tile.summary.col" : "tile.summary.row",
              {index: state.index, verdict: verdict(access), crowding: crowding(access)})));
      var pair = element("div", {"class": "explorer-pair"});
      var left = element("div");
      left.appendChild(element("p", {"class": "explorer-caption"}, label("caption.tile")));
      left.appendChild(tileMap(tile, state.access));
      var right = element("div");
      right.appendChild(element("p", {"class": "explorer-caption"}, label("caption.banks")));
      right.appendChild(bankTable(access));
      pair.appendChild(left);
      pair.appendChild(right);
      figure.appendChild(pair);
    };
  }

  var drawFigure = function () {};

  function build() {
    root.textContent = "";
    root.appendChild(radioGroup("explorer-layer", label("layer.legend"),
                                [["stride", label("layer.stride")], ["tile", label("layer.tile")]],
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
