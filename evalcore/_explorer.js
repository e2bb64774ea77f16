// The threshold explorer's front end (an anywidget module; see evalcore/_threshold_explorer.py).
//
// evalcore sends the scores sorted increasingly with their 0/1 labels and two end thresholds
// (`low` below every score, `high` above). The model's `threshold`, `rule` and
// `negative_copies` are the single source of truth: the controls drawn here write them, Python
// can write them too, and the view redraws from them.
//
// With K distinct scores v_0 < ... < v_{K-1} there are K + 1 operating points: position p
// calls the groups p, ..., K-1 positive. The range input's steps are those positions; moving
// right raises θ. The threshold of a position is, under `score >= θ`, the lowest score called
// positive (v_p, or `high` for p = K) and, under `score > θ`, the highest score called negative
// (v_{p-1}, or `low` for p = 0). Any θ (set from Python) maps back to its position by binary
// search. The counts are integer sums and the rates the same divisions as
// evalcore.ConfusionMatrix, so the numbers shown equal evalcore's.
//
// Speed: the dots of the score strip are drawn once into two canvases (filled, hollow); a move
// only changes their CSS clip-path and redraws the few dots within two radii of θ on a third
// canvas. The ROC and PR markers live in their own small SVG above the curves.

const SVG = "http://www.w3.org/2000/svg";
const POSITIVE_COLOR = "#0072B2"; // evalcore.COLORS[0]
const NEGATIVE_COLOR = "#E69F00"; // evalcore.COLORS[1]
const RULE_TEXT = { ">": "score > θ", ">=": "score ≥ θ" };
const CELL_NAMES = { tp: "true positives", fn: "false negatives", fp: "false positives",
                     tn: "true negatives" };
export const PANELS = ["matrix", "rates", "roc", "pr", "strip"];

// The rates shown, as evalcore.ConfusionMatrix computes them (same operations, same order).
const RATES = [
  ["tpr", "TPR (recall)", (c) => c.tp / (c.tp + c.fn)],
  ["fpr", "FPR", (c) => c.fp / (c.fp + c.tn)],
  ["tnr", "TNR (specificity)", (c) => c.tn / (c.fp + c.tn)],
  ["precision", "precision", (c) => c.tp / (c.tp + c.fp)],
  ["accuracy", "accuracy", (c) => (c.tp + c.tn) / (c.tp + c.fp + c.fn + c.tn)],
  ["f1", "F1", (c) => (2 * c.tp) / (2 * c.tp + c.fn + c.fp)],
];

// ---- pure functions (exported: tests/test_explorer_js.py calls them in Chromium) -----------

/** Tie groups of the sorted scores: distinct values, where each group starts, class counts. */
export function operatingPoints(scores, labels) {
  const n = scores.length;
  let K = 0;
  for (let i = 0; i < n; i++) if (i === 0 || scores[i] !== scores[i - 1]) K++;
  const values = new Float64Array(K);
  const start = new Int32Array(K + 1);
  const pos = new Float64Array(K);
  const neg = new Float64Array(K);
  let g = -1;
  for (let i = 0; i < n; i++) {
    if (i === 0 || scores[i] !== scores[i - 1]) { g++; values[g] = scores[i]; start[g] = i; }
    if (labels[i] === 1) pos[g] += 1; else neg[g] += 1;
  }
  start[K] = n;
  const posAtOrAbove = new Float64Array(K + 1);
  const negAtOrAbove = new Float64Array(K + 1);
  for (let j = K - 1; j >= 0; j--) {
    posAtOrAbove[j] = posAtOrAbove[j + 1] + pos[j];
    negAtOrAbove[j] = negAtOrAbove[j + 1] + neg[j];
  }
  return { values, start, posAtOrAbove, negAtOrAbove, K, P: posAtOrAbove[0],
           N: negAtOrAbove[0] };
}

/** How many of the increasing `values` are below θ (`strict`) or at or below θ. */
function countBelow(values, theta, strict) {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (strict ? values[mid] < theta : values[mid] <= theta) lo = mid + 1; else hi = mid;
  }
  return lo;
}

/** The position (0..K) of θ under `rule`: the number of distinct scores called negative. */
export function positionOf(values, theta, rule) {
  return countBelow(values, theta, rule === ">=");
}

/** The threshold shown at `position` under `rule` (see the header comment). */
export function thresholdAt(position, rule, values, low, high) {
  const K = values.length;
  const p = Math.min(Math.max(Math.round(position), 0), K);
  if (rule === ">=") return p === K ? high : values[p];
  return p === 0 ? low : values[p - 1];
}

/** Where `s` lies from `low` (0) to `high` (1). Halves where `high - low` overflows (scores
 *  near ±1.8e308); halving is exact, so other scores get the same number as before. */
export function shareOf(s, low, high) {
  const spread = high - low;
  if (Number.isFinite(spread)) return (s - low) / spread;
  return (s / 2 - low / 2) / (high / 2 - low / 2);
}

/** The score at `share` of the way from `low` to `high` (the inverse of shareOf). */
export function scoreAt(share, low, high) {
  const spread = high - low;
  if (Number.isFinite(spread)) return low + share * spread;
  return 2 * (low / 2 + share * (high / 2 - low / 2));
}

/** The confusion-matrix counts at θ under `rule`, each negative counted `copies` times. */
export function countsAt(points, theta, rule, copies = 1) {
  const g = positionOf(points.values, theta, rule);
  const tp = points.posAtOrAbove[g];
  const negAbove = points.negAtOrAbove[g];
  return { tp, fn: points.P - tp, fp: negAbove * copies, tn: (points.N - negAbove) * copies };
}

/** The rates of a confusion matrix (NaN where evalcore's are undefined). */
export function rates(counts) {
  const out = {};
  for (const [key, , f] of RATES) out[key] = f(counts);
  return out;
}

/** The position after pressing `key` at `position` of 0..K, or null for other keys. */
export function stepKey(key, position, K) {
  const big = Math.max(1, Math.round(K / 10));
  const moves = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1, PageUp: big,
                  PageDown: -big, Home: -Infinity, End: Infinity };
  if (!(key in moves)) return null;
  return Math.min(Math.max(position + moves[key], 0), K);
}

/** A threshold as text: the shortest decimal that reads back as exactly the same number. */
export function formatNumber(x) {
  if (x === 0) return "0"; // also -0
  return String(x);
}

/** A rate as text, three decimals, or "undefined" (where evalcore returns nan). */
export function formatRate(x) {
  return Number.isNaN(x) ? "undefined" : x.toFixed(3);
}

/** The ROC curve's vertices (FPR, TPR) from θ above every score down to below every score. */
export function rocVertices(points) {
  const fpr = [];
  const tpr = [];
  for (let g = points.K; g >= 0; g--) {
    fpr.push(points.negAtOrAbove[g] / points.N);
    tpr.push(points.posAtOrAbove[g] / points.P);
  }
  return { fpr, tpr };
}

/** The PR curve's points (recall, precision) with each negative counted `copies` times. */
export function prVertices(points, copies = 1) {
  const recall = [];
  const precision = [];
  for (let g = points.K - 1; g >= 0; g--) {
    const tp = points.posAtOrAbove[g];
    recall.push(tp / points.P);
    precision.push(tp / (tp + points.negAtOrAbove[g] * copies));
  }
  return { recall, precision };
}

// ---- small DOM helpers -------------------------------------------------------------------

function el(tag, attrs = {}, text = null, ns = null) {
  const node = ns ? document.createElementNS(ns, tag) : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== null) node.textContent = text;
  return node;
}

/** Set a text or an attribute only when it changes (the DOM writes are what costs). */
function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}
function setAttr(node, name, value) {
  if (node.getAttribute(name) !== value) node.setAttribute(name, value);
}

function bufferOf(value) {
  // Binary traits arrive as a DataView (live kernel or embedded state); copy to an aligned buffer.
  if (value instanceof ArrayBuffer) return value.slice(0);
  if (ArrayBuffer.isView(value)) {
    return new Uint8Array(value.buffer, value.byteOffset, value.byteLength).slice().buffer;
  }
  throw new TypeError("evalcore explorer: expected binary data for scores and labels");
}

// ---- builders ----------------------------------------------------------------------------

let counter = 0;

/** The range input over the operating points, the rule radios, the copies range input. */
function buildControls(id, K, balance, maxCopies) {
  const node = el("div", { class: "ee-controls" });
  const slider = el("div", { class: "ee-range" });
  const label = el("label", { for: `${id}-theta`, class: "ee-label" }, "Threshold θ");
  const range = el("input", { type: "range", id: `${id}-theta`, min: "0", max: String(K),
                              step: "1", class: "ee-input" });
  const readout = el("output", { for: `${id}-theta`, class: "ee-readout", "aria-live": "off" });
  slider.append(label, range, readout);
  node.append(slider);

  const fieldset = el("fieldset", { class: "ee-rule" });
  fieldset.append(el("legend", {}, "Predict 1 when"));
  const radios = {};
  for (const rule of [">", ">="]) {
    const lab = el("label", { class: "ee-radio" });
    const input = el("input", { type: "radio", name: `${id}-rule`, value: rule });
    radios[rule] = input;
    lab.append(input, ` ${RULE_TEXT[rule]}`);
    fieldset.append(lab);
  }
  node.append(fieldset);

  let copies = null;
  let copiesReadout = null;
  if (balance) {
    const box = el("div", { class: "ee-range" });
    const lab = el("label", { for: `${id}-copies`, class: "ee-label" }, "Copies of each negative");
    copies = el("input", { type: "range", id: `${id}-copies`, min: "1", max: String(maxCopies),
                           step: "1", class: "ee-input ee-copies" });
    copiesReadout = el("output", { for: `${id}-copies`, class: "ee-readout", "aria-live": "off" });
    box.append(lab, copies, copiesReadout);
    node.append(box);
  }
  return { node, range, readout, radios, copies, copiesReadout };
}

/** The confusion matrix: a real table, truth in rows, predictions in columns. */
function buildMatrix() {
  const table = el("table", { class: "evalcore-cm ee-cm" });
  const caption = el("caption", {}, "Confusion matrix");
  const where = el("span", { class: "ee-sr" }); // for screen readers: where it is computed
  caption.append(where);
  const head = el("thead");
  const headRow = el("tr");
  headRow.append(el("td"), el("th", { scope: "col" }, "predicted 1"),
                 el("th", { scope: "col" }, "predicted 0"));
  head.append(headRow);
  const body = el("tbody");
  const cells = {};
  for (const [truth, names] of [["truth 1", ["tp", "fn"]], ["truth 0", ["fp", "tn"]]]) {
    const row = el("tr");
    row.append(el("th", { scope: "row" }, truth));
    for (const name of names) {
      const td = el("td");
      const value = el("span", { "data-cell": name });
      td.append(el("abbr", { class: "ee-abbr", title: CELL_NAMES[name] }, name.toUpperCase()),
                " ", value);
      cells[name] = value;
      row.append(td);
    }
    body.append(row);
  }
  table.append(caption, head, body);
  return { node: table, where, cells };
}

function buildRates() {
  const table = el("table", { class: "evalcore-cm ee-rates" });
  table.append(el("caption", {}, "Rates"));
  const body = el("tbody");
  const cells = {};
  for (const [key, name] of RATES) {
    const row = el("tr");
    row.append(el("th", { scope: "row" }, name));
    cells[key] = el("td", { "data-rate": key });
    row.append(cells[key]);
    body.append(row);
  }
  table.append(body);
  return { node: table, cells };
}

// A square unit plot in SVG user units; the CSS gives it a width in em, so text scales with it.
const BOX = { size: 120, left: 20, top: 4, right: 5, bottom: 19 };
const plotX = (v) => BOX.left + v * (BOX.size - BOX.left - BOX.right);
const plotY = (v) => BOX.top + (1 - v) * (BOX.size - BOX.top - BOX.bottom);

/** A path through the points, dropping vertices closer than a fifth of a unit to the last. */
function pathThrough(xs, ys) {
  let d = "";
  let lastX = NaN;
  let lastY = NaN;
  const n = xs.length;
  for (let i = 0; i < n; i++) {
    if (Number.isNaN(xs[i]) || Number.isNaN(ys[i])) continue;
    const x = plotX(xs[i]);
    const y = plotY(ys[i]);
    if (i !== n - 1 && d && Math.abs(x - lastX) < 0.2 && Math.abs(y - lastY) < 0.2) continue;
    d += `${d ? "L" : "M"}${x.toFixed(2)} ${y.toFixed(2)}`;
    lastX = x;
    lastY = y;
  }
  return d;
}

/** The ROC or PR plot: the curve in one SVG, the marker in a second one stacked above it. */
function buildUnitPlot(kind, xlabel, ylabel) {
  const node = el("div", { class: `ee-plot ee-${kind}` });
  const base = el("svg", { viewBox: `0 0 ${BOX.size} ${BOX.size}`, class: "ee-plot-base",
                           "aria-hidden": "true" }, null, SVG);
  base.append(el("rect", { x: plotX(0), y: plotY(1), width: plotX(1) - plotX(0),
                           height: plotY(0) - plotY(1), class: "ee-frame" }, null, SVG));
  for (const t of [0, 0.5, 1]) {
    base.append(el("text", { x: plotX(t), y: plotY(0) + 8, class: "ee-tick",
                             "text-anchor": "middle" }, String(t), SVG));
    base.append(el("text", { x: plotX(0) - 2, y: plotY(t) + 2.5, class: "ee-tick",
                             "text-anchor": "end" }, String(t), SVG));
  }
  const midY = (plotY(0) + plotY(1)) / 2;
  base.append(el("text", { x: (plotX(0) + plotX(1)) / 2, y: BOX.size - 2, class: "ee-axis",
                           "text-anchor": "middle" }, xlabel, SVG));
  base.append(el("text", { x: 6, y: midY, class: "ee-axis", "text-anchor": "middle",
                           transform: `rotate(-90 6 ${midY})` }, ylabel, SVG));
  const chance = el("line", { class: "ee-chance" }, null, SVG);
  const curve = el("path", { class: "ee-curve" }, null, SVG);
  base.append(chance, curve);
  const top = el("svg", { viewBox: `0 0 ${BOX.size} ${BOX.size}`, class: "ee-plot-top",
                          role: "img" }, null, SVG);
  const marker = el("circle", { r: 3.6, class: `ee-marker ee-${kind}-marker` }, null, SVG);
  top.append(marker);
  node.append(base, top);
  const setChance = (x1, y1, x2, y2) => {
    chance.setAttribute("x1", plotX(x1)); chance.setAttribute("y1", plotY(y1));
    chance.setAttribute("x2", plotX(x2)); chance.setAttribute("y2", plotY(y2));
  };
  return { node, curve, marker, top, setChance };
}

/** Scores on a line, one row per class: called positive filled, called negative hollow. */
function buildStrip(scores, labels, low, high) {
  const n = scores.length;
  const node = el("div", { class: "ee-strip", role: "img" });
  const layers = el("div", { class: "ee-strip-layers" });
  const shade = el("div", { class: "ee-called" });
  const hollow = el("canvas", { class: "ee-dots ee-dots-hollow" });
  const filled = el("canvas", { class: "ee-dots ee-dots-filled" });
  const onTheta = el("canvas", { class: "ee-dots ee-dots-near" });
  const line = el("div", { class: "ee-theta" });
  line.append(el("span", { class: "ee-theta-label" }, "θ"));
  layers.append(shade, hollow, filled, onTheta, line);
  const rowNames = el("div", { class: "ee-rows", "aria-hidden": "true" });
  rowNames.append(el("span", {}, "y = 1"), el("span", {}, "y = 0"));
  const ticks = el("div", { class: "ee-ends", "aria-hidden": "true" });
  ticks.append(el("span", {}, formatNumber(low)), el("span", {}, formatNumber(high)));
  node.append(rowNames, layers, ticks);

  // a fixed jitter per example (a linear congruential sequence), in [-0.5, 0.5)
  const jitter = new Float32Array(n);
  let seed = 12345;
  for (let i = 0; i < n; i++) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    jitter[i] = seed / 2147483648 - 0.5;
  }
  const geometry = { width: 0, height: 0, dpr: 1, r: 0, pad: 0 };
  // a margin of a few radii keeps the dots at the ends whole
  const xOf = (s) => geometry.pad + shareOf(s, low, high) * (geometry.width - 2 * geometry.pad);
  const yOf = (i) => geometry.height * (labels[i] === 1 ? 0.3 : 0.72) +
    jitter[i] * geometry.height * (n > 30 ? 0.3 : 0.12);

  function dot(ctx, i, fill) {
    const color = labels[i] === 1 ? POSITIVE_COLOR : NEGATIVE_COLOR;
    const r = geometry.r;
    ctx.beginPath();
    ctx.arc(xOf(scores[i]), yOf(i), fill ? r : r - ctx.lineWidth / 2, 0, 2 * Math.PI);
    if (fill) { ctx.fillStyle = color; ctx.fill(); } else { ctx.strokeStyle = color; ctx.stroke(); }
  }

  function context(canvas) {
    canvas.width = Math.max(1, Math.round(geometry.width * geometry.dpr));
    canvas.height = Math.max(1, Math.round(geometry.height * geometry.dpr));
    const ctx = canvas.getContext("2d");
    ctx.setTransform(geometry.dpr, 0, 0, geometry.dpr, 0, 0);
    ctx.lineWidth = Math.max(1, geometry.r / 2.5);
    return ctx;
  }

  /** Draw every dot once (and again only when the strip's size changes). */
  function drawAll() {
    const box = layers.getBoundingClientRect();
    if (box.width === 0) return false;
    const font = parseFloat(getComputedStyle(node).fontSize) || 14;
    geometry.width = box.width;
    geometry.height = box.height;
    geometry.dpr = window.devicePixelRatio || 1;
    geometry.r = n > 2000 ? font * 0.11 : n > 200 ? font * 0.18 : font * 0.32;
    geometry.pad = 2 * geometry.r + 1;
    const f = context(filled);
    const h = context(hollow);
    f.globalAlpha = n > 2000 ? 0.7 : 0.9;
    h.globalAlpha = n > 2000 ? 0.35 : 0.9;
    for (let i = 0; i < n; i++) { dot(f, i, true); dot(h, i, false); }
    context(onTheta);
    return true;
  }

  let near = null; // the band of the near canvas drawn last, in CSS pixels
  /** Move the clips to θ and redraw the dots within two radii of it by the rule. */
  function moveTo(theta, rule) {
    if (geometry.width === 0 && !drawAll()) return;
    const x = Math.min(Math.max(xOf(theta), 0), geometry.width);
    const r = geometry.r;
    const px = (v) => `${v.toFixed(2)}px`;
    filled.style.clipPath = `inset(0 0 0 ${px(Math.min(x + r, geometry.width))})`;
    hollow.style.clipPath = `inset(0 ${px(Math.max(geometry.width - x + r, 0))} 0 0)`;
    shade.style.clipPath = `inset(0 0 0 ${px(x)})`;
    line.style.transform = `translateX(${px(x)})`;
    const ctx = onTheta.getContext("2d");
    if (near) ctx.clearRect(near[0], 0, near[1] - near[0], geometry.height);
    // the examples whose dots reach into [x - r, x + r]: centres within 2r of x
    const inner = geometry.width - 2 * geometry.pad;
    const from = countBelow(scores, scoreAt((x - geometry.pad - 2 * r - 1) / inner, low, high), true);
    const to = countBelow(scores, scoreAt((x - geometry.pad + 2 * r + 1) / inner, low, high), false);
    // the dots exactly on θ last, on top: they are the ones the rule decides
    for (const onTheta of [false, true]) {
      for (let i = from; i < to; i++) {
        if ((scores[i] === theta) !== onTheta) continue;
        const positive = rule === ">=" ? scores[i] >= theta : scores[i] > theta;
        ctx.globalAlpha = n > 2000 && !onTheta ? (positive ? 0.7 : 0.35) : 0.9;
        dot(ctx, i, positive);
      }
    }
    near = [x - 3 * r - 2, x + 3 * r + 2];
  }

  return { node, drawAll, moveTo, resize: () => { geometry.width = 0; near = null; } };
}

// ---- the view ----------------------------------------------------------------------------

function render({ model, el: host }) {
  counter += 1;
  const id = `evalcore-ee-${counter}-${Math.random().toString(36).slice(2, 8)}`;
  const scores = new Float64Array(bufferOf(model.get("scores")));
  const labels = new Uint8Array(bufferOf(model.get("labels")));
  const low = model.get("low");
  const high = model.get("high");
  const points = operatingPoints(scores, labels);
  const K = points.K;
  const show = new Set(model.get("show") || PANELS);
  const balance = model.get("max_copies") > 1;

  const root = el("div", { class: "evalcore-explorer", role: "group" });
  // JupyterLab and Notebook 7 must leave the keys to the controls (their command-mode
  // shortcuts use the arrow keys): Lumino skips elements marked so.
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  root.setAttribute("data-p-suppress-shortcuts", "true");
  const title = model.get("title");
  if (title) {
    const heading = el("p", { class: "ee-title", id: `${id}-title` });
    heading.append(el("strong", {}, title));
    root.append(heading);
    root.setAttribute("aria-labelledby", `${id}-title`);
  } else {
    root.setAttribute("aria-label", "Threshold explorer");
  }
  const controls = buildControls(id, K, balance, model.get("max_copies"));
  root.append(controls.node);
  const grid = el("div", { class: "ee-grid" });
  const matrix = show.has("matrix") ? buildMatrix() : null;
  const rateTable = show.has("rates") ? buildRates() : null;
  const roc = show.has("roc") ? buildUnitPlot("roc", "FPR", "TPR") : null;
  const pr = show.has("pr") ? buildUnitPlot("pr", "recall", "precision") : null;
  // the ROC plot beside the matrix where there is room; PR and the rates after them
  for (const part of [matrix, roc, pr, rateTable]) if (part) grid.append(part.node);
  root.append(grid);
  const strip = show.has("strip") ? buildStrip(scores, labels, low, high) : null;
  if (strip) root.append(strip.node);
  host.classList.add("evalcore-threshold-explorer");
  host.append(root);

  if (roc) {
    const { fpr, tpr } = rocVertices(points);
    roc.curve.setAttribute("d", pathThrough(fpr, tpr));
    roc.setChance(0, 0, 1, 1);
  }
  let drawnCopies = null;
  function drawPR(copies) {
    if (pr && copies !== drawnCopies) {
      const { recall, precision } = prVertices(points, copies);
      pr.curve.setAttribute("d", pathThrough(recall, precision));
      const base = points.P / (points.P + points.N * copies);
      pr.setChance(0, base, 1, base);
    }
    drawnCopies = copies;
  }

  // ---- model -> view ----------------------------------------------------------------------
  const drawn = {}; // the state last drawn, so that only what changed is written
  function update() {
    const theta = model.get("threshold");
    const rule = model.get("rule") === ">=" ? ">=" : ">";
    const copies = balance ? model.get("negative_copies") : 1;
    const position = positionOf(points.values, theta, rule);
    if (drawn.theta === theta && drawn.rule === rule && drawn.copies === copies) return;
    drawPR(copies);
    const c = countsAt(points, theta, rule, copies);
    const r = rates(c);
    const thetaText = formatNumber(theta);
    const ruleText = RULE_TEXT[rule];

    if (Number(controls.range.value) !== position) controls.range.value = String(position);
    setAttr(controls.range, "aria-valuetext", `θ = ${thetaText}; predict 1 when ${ruleText}`);
    setText(controls.readout, `θ = ${thetaText}`);
    controls.radios[rule].checked = true;
    if (controls.copies) {
      if (Number(controls.copies.value) !== copies) controls.copies.value = String(copies);
      setText(controls.copiesReadout, String(copies));
    }
    if (matrix) {
      for (const name of ["tp", "fn", "fp", "tn"]) setText(matrix.cells[name], String(c[name]));
      setText(matrix.where, ` at θ = ${thetaText}, predict 1 when ${ruleText}`);
    }
    if (rateTable) {
      for (const [key] of RATES) {
        setText(rateTable.cells[key], formatRate(r[key]));
        setAttr(rateTable.cells[key], "data-value", String(r[key]));
      }
    }
    if (roc) {
      roc.marker.setAttribute("cx", plotX(r.fpr).toFixed(2));
      roc.marker.setAttribute("cy", plotY(r.tpr).toFixed(2));
      roc.marker.setAttribute("data-x", String(r.fpr));
      roc.marker.setAttribute("data-y", String(r.tpr));
      setAttr(roc.top, "aria-label",
              `ROC curve; the current point is FPR ${formatRate(r.fpr)}, TPR ${formatRate(r.tpr)}`);
    }
    if (pr) {
      const defined = !Number.isNaN(r.precision);
      pr.marker.style.display = defined ? "" : "none";
      if (defined) {
        pr.marker.setAttribute("cx", plotX(r.tpr).toFixed(2));
        pr.marker.setAttribute("cy", plotY(r.precision).toFixed(2));
      }
      pr.marker.setAttribute("data-x", String(r.tpr));
      pr.marker.setAttribute("data-y", String(r.precision));
      setAttr(pr.top, "aria-label", defined
        ? `Precision-recall curve; the current point is recall ${formatRate(r.tpr)}, precision ${formatRate(r.precision)}`
        : "Precision-recall curve; precision is undefined here: nothing is predicted positive");
    }
    if (strip) {
      strip.moveTo(theta, rule);
      setAttr(strip.node, "aria-label", `Scores by class on a line: ${c.tp + c.fp / copies} of ` +
        `${scores.length} examples score ${ruleText.slice(6)} = ${thetaText}, drawn filled: ` +
        `predicted positive; the others are drawn hollow`);
    }
    root.dataset.threshold = String(theta);
    root.dataset.rule = rule;
    root.dataset.copies = String(copies);
    root.dataset.position = String(position);
    drawn.theta = theta; drawn.rule = rule; drawn.copies = copies;
    root.dataset.ready = "true";
  }
  function restyle() {
    root.classList.toggle("ee-large", model.get("size") === "large");
    if (strip) { strip.resize(); drawn.theta = undefined; update(); }
  }

  // ---- view -> model ----------------------------------------------------------------------
  function setThreshold(position) {
    const rule = model.get("rule") === ">=" ? ">=" : ">";
    const theta = thresholdAt(position, rule, points.values, low, high);
    if (theta !== model.get("threshold")) {
      model.set("threshold", theta);
      model.save_changes();
    }
    update();
  }
  const onInput = () => setThreshold(Number(controls.range.value));
  function onKeydown(event) {
    const position = positionOf(points.values, model.get("threshold"), model.get("rule"));
    const next = stepKey(event.key, position, K);
    if (next === null) return;
    event.preventDefault(); // our steps: one operating point, a tenth, the ends
    setThreshold(next);
  }
  const onRule = (event) => {
    if (!event.target.checked) return;
    model.set("rule", event.target.value);
    model.save_changes();
    update();
  };
  const onCopies = () => {
    const copies = Number(controls.copies.value);
    if (copies !== model.get("negative_copies")) {
      model.set("negative_copies", copies);
      model.save_changes();
    }
    update();
  };
  // Jupyter handles its shortcuts in a capture listener on the document, before a key reaches
  // the widget, and Notebook 7 takes the arrow keys there even from elements marked
  // data-lm-suppress-shortcuts. A capture listener on the window runs before it: a key aimed
  // at one of these controls is handled here and goes no further (its default action, such as
  // checking the next radio button or moving focus with Tab, still happens).
  function guardKeys(event) {
    if (!controls.node.contains(event.target)) return;
    event.stopPropagation();
    if (event.target === controls.range) onKeydown(event);
  }

  controls.range.addEventListener("input", onInput);
  window.addEventListener("keydown", guardKeys, true);
  for (const radio of Object.values(controls.radios)) radio.addEventListener("change", onRule);
  if (controls.copies) controls.copies.addEventListener("input", onCopies);
  const events = "change:threshold change:rule change:negative_copies";
  model.on(events, update);
  model.on("change:size", restyle);
  // the strip's canvases follow its width (window size, zoom, font size)
  let observer = null;
  if (strip && typeof ResizeObserver !== "undefined") {
    let width = null;
    observer = new ResizeObserver((entries) => {
      const w = entries[0].contentRect.width;
      if (w !== width) { width = w; restyle(); }
    });
    observer.observe(strip.node);
  }
  restyle();
  update();
  return () => {
    model.off(events, update);
    model.off("change:size", restyle);
    window.removeEventListener("keydown", guardKeys, true);
    if (observer) observer.disconnect();
  };
}

export default { render };
