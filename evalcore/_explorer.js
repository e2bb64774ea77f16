// The threshold explorer's front end (an anywidget module; see evalcore/_threshold_explorer.py).
//
// evalcore sends the scores sorted increasingly with their 0/1 labels, and two end thresholds
// (`low` below every score, `high` above). With K distinct scores v_0 < ... < v_{K-1} the slider
// has 2K + 1 positions: even positions 2j are the gaps (below v_0, between v_{j-1} and v_j,
// above v_{K-1}), shown with the shortest decimal inside the gap; odd positions 2i + 1 sit
// exactly on the score v_i, where the rule (> or >=) decides. Everything shown is computed here
// from those arrays with the same integer counts and divisions as evalcore.ConfusionMatrix, so
// the numbers equal evalcore's; the Python mirror is ThresholdExplorer.view_values(). No
// kernel is needed: the ipywidgets controls are jslinked to this model's `index`,
// `rule_index` and `negative_copies`.

const SVG = "http://www.w3.org/2000/svg";
const POSITIVE_COLOR = "#0072B2"; // evalcore.COLORS[0]
const NEGATIVE_COLOR = "#E69F00"; // evalcore.COLORS[1]
const MARKER_COLOR = "#D55E00"; // evalcore.COLORS[3]

const RULES = [">", ">="]; // the rule radio buttons' index, jslinked to `rule_index`
const CELL_NAMES = { tp: "true positives", fn: "false negatives", fp: "false positives",
                     tn: "true negatives" };

// The rates shown, as evalcore.ConfusionMatrix computes them (same operations, same order).
const RATES = [
  ["tpr", "TPR (recall)", (c) => c.tp / (c.tp + c.fn)],
  ["fpr", "FPR", (c) => c.fp / (c.fp + c.tn)],
  ["tnr", "TNR (specificity)", (c) => c.tn / (c.fp + c.tn)],
  ["precision", "precision", (c) => c.tp / (c.tp + c.fp)],
  ["accuracy", "accuracy", (c) => (c.tp + c.tn) / (c.tp + c.fp + c.fn + c.tn)],
  ["f1", "F1", (c) => (2 * c.tp) / (2 * c.tp + c.fn + c.fp)],
];

function bufferOf(value) {
  // Binary traits arrive as a DataView (live kernel or embedded state); copy to an aligned buffer.
  if (value instanceof ArrayBuffer) return value.slice(0);
  if (ArrayBuffer.isView(value)) {
    return new Uint8Array(value.buffer, value.byteOffset, value.byteLength).slice().buffer;
  }
  throw new TypeError("evalcore explorer: expected binary data for scores and labels");
}

/** Tie groups of the sorted scores and the class counts at or above each group. */
export function operatingPoints(scores, labels) {
  const values = [];
  const pos = [];
  const neg = [];
  for (let i = 0; i < scores.length; i++) {
    if (i === 0 || scores[i] !== scores[i - 1]) {
      values.push(scores[i]);
      pos.push(0);
      neg.push(0);
    }
    if (labels[i] === 1) pos[pos.length - 1] += 1;
    else neg[neg.length - 1] += 1;
  }
  const K = values.length;
  const posAtOrAbove = new Float64Array(K + 1);
  const negAtOrAbove = new Float64Array(K + 1);
  for (let g = K - 1; g >= 0; g--) {
    posAtOrAbove[g] = posAtOrAbove[g + 1] + pos[g];
    negAtOrAbove[g] = negAtOrAbove[g + 1] + neg[g];
  }
  return { values: Float64Array.from(values), posAtOrAbove, negAtOrAbove, K,
           P: posAtOrAbove[0], N: negAtOrAbove[0] };
}

/** The shortest decimal strictly between a and b (mirrored by _threshold_explorer.nice_between). */
export function niceBetween(a, b) {
  const mid = a + (b - a) / 2;
  for (let d = 0; d <= 17; d++) {
    const scale = 10 ** d; // an exact integer, so the arithmetic matches Python's
    const c = Math.floor(mid * scale + 0.5) / scale;
    if (a < c && c < b) return c;
  }
  return mid;
}

/** The first tie group called positive at slider position `index` under `rule`. */
export function firstPositiveGroup(index, rule, K) {
  if (index <= 0) return 0;
  if (index >= 2 * K) return K;
  if (index % 2 === 0) return index / 2; // a gap: the rule does not matter
  const i = (index - 1) / 2; // exactly on the score v_i
  return rule === ">=" ? i : i + 1;
}

export function countsAt(points, index, rule, copies) {
  const g = firstPositiveGroup(index, rule, points.K);
  const tp = points.posAtOrAbove[g];
  const negAbove = points.negAtOrAbove[g];
  return { tp, fn: points.P - tp, fp: negAbove * copies, tn: (points.N - negAbove) * copies };
}

function el(tag, attrs = {}, text = null, ns = null) {
  const node = ns ? document.createElementNS(ns, tag) : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== null) node.textContent = text;
  return node;
}

function shortNumber(x) {
  if (!Number.isFinite(x)) return String(x);
  return String(Number(x.toPrecision(6)));
}

function fixed(x, digits = 3) {
  return Number.isNaN(x) ? "undefined" : x.toFixed(digits);
}

// A square unit plot (ROC or PR) in SVG user units.
const BOX = { size: 220, left: 38, top: 8, right: 8, bottom: 34 };
const plotX = (v) => BOX.left + v * (BOX.size - BOX.left - BOX.right);
const plotY = (v) => BOX.top + (1 - v) * (BOX.size - BOX.top - BOX.bottom);

function unitPlot(className, xlabel, ylabel) {
  const svg = el("svg", { viewBox: `0 0 ${BOX.size} ${BOX.size}`, class: className, role: "img" },
                 null, SVG);
  const frame = el("rect", { x: plotX(0), y: plotY(1), width: plotX(1) - plotX(0),
                             height: plotY(0) - plotY(1), class: "ee-frame" }, null, SVG);
  svg.append(frame);
  for (const t of [0, 0.5, 1]) {
    svg.append(el("text", { x: plotX(t), y: plotY(0) + 12, class: "ee-tick",
                            "text-anchor": "middle" }, String(t), SVG));
    svg.append(el("text", { x: plotX(0) - 4, y: plotY(t) + 3, class: "ee-tick",
                            "text-anchor": "end" }, String(t), SVG));
  }
  svg.append(el("text", { x: (plotX(0) + plotX(1)) / 2, y: BOX.size - 4, class: "ee-axis",
                          "text-anchor": "middle" }, xlabel, SVG));
  svg.append(el("text", { x: 10, y: (plotY(0) + plotY(1)) / 2, class: "ee-axis",
                          "text-anchor": "middle",
                          transform: `rotate(-90 10 ${(plotY(0) + plotY(1)) / 2})` }, ylabel, SVG));
  return svg;
}

function pathThrough(xs, ys) {
  let d = "";
  for (let i = 0; i < xs.length; i++) {
    if (Number.isNaN(xs[i]) || Number.isNaN(ys[i])) continue;
    d += `${d ? "L" : "M"}${plotX(xs[i]).toFixed(2)} ${plotY(ys[i]).toFixed(2)}`;
  }
  return d;
}

function render({ model, el: host }) {
  const scores = new Float64Array(bufferOf(model.get("scores")));
  const labels = new Uint8Array(bufferOf(model.get("labels")));
  const low = model.get("low");
  const high = model.get("high");
  const points = operatingPoints(scores, labels);
  const K = points.K;
  const thresholdAt = (index) => {
    if (index <= 0) return low;
    if (index >= 2 * K) return high;
    if (index % 2 === 1) return points.values[(index - 1) / 2];
    return niceBetween(points.values[index / 2 - 1], points.values[index / 2]);
  };

  // ---- the DOM -------------------------------------------------------------------------
  const root = el("div", { class: "evalcore-explorer", role: "group",
                           "aria-label": model.get("title") || "Threshold explorer" });
  const data = el("script", { type: "application/json", class: "evalcore-explorer-data" });
  data.textContent = JSON.stringify({ labels: Array.from(labels), scores: Array.from(scores) });
  root.append(data);

  const status = el("p", { class: "ee-status", "aria-live": "polite" });
  const thetaText = el("strong", { "data-field": "threshold" });
  const ruleText = el("span", { "data-field": "rule" });
  const copiesText = el("span", { "data-field": "copies" });
  status.append("θ = ", thetaText, ": predict 1 when the score is ", ruleText, copiesText);
  root.append(status);

  const grid = el("div", { class: "ee-grid" });
  const tables = el("div", { class: "ee-tables" });
  const cm = el("table", { class: "evalcore-cm ee-cm" });
  const cmCaption = el("caption", {}, "Confusion matrix");
  cm.append(cmCaption);
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
  cm.append(head, body);

  const rates = el("table", { class: "evalcore-cm ee-rates" });
  rates.append(el("caption", {}, "Rates"));
  const ratesBody = el("tbody");
  const rateCells = {};
  for (const [key, name] of RATES) {
    const row = el("tr");
    row.append(el("th", { scope: "row" }, name));
    const td = el("td", { "data-rate": key });
    rateCells[key] = td;
    row.append(td);
    ratesBody.append(row);
  }
  rates.append(ratesBody);
  tables.append(cm, rates);

  const roc = unitPlot("ee-roc", "FPR", "TPR");
  roc.append(el("line", { x1: plotX(0), y1: plotY(0), x2: plotX(1), y2: plotY(1),
                          class: "ee-chance" }, null, SVG));
  const rocPath = el("path", { class: "ee-curve" }, null, SVG);
  const rocMarker = el("circle", { r: 6, class: "ee-marker ee-roc-marker" }, null, SVG);
  roc.append(rocPath, rocMarker);

  const pr = unitPlot("ee-pr", "recall", "precision");
  const prBase = el("line", { class: "ee-chance" }, null, SVG);
  const prPath = el("path", { class: "ee-curve" }, null, SVG);
  const prMarker = el("circle", { r: 6, class: "ee-marker ee-pr-marker" }, null, SVG);
  pr.append(prBase, prPath, prMarker);

  // Scores on a line, one row per class, the threshold drawn through them.
  const W = 460, H = 110, L = 52, R = 10;
  const sx = (s) => L + ((s - low) / (high - low)) * (W - L - R);
  const rowY = { 1: 30, 0: 70 };
  const strip = el("svg", { viewBox: `0 0 ${W} ${H}`, class: "ee-strip", role: "img" }, null, SVG);
  const called = el("rect", { y: 12, height: 76, class: "ee-called" }, null, SVG);
  strip.append(called);
  const dotSize = scores.length > 2000 ? 2 : scores.length > 200 ? 3.5 : 7;
  let seed = 12345;
  const jitter = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648 - 0.5; };
  const dots = { 0: "", 1: "" };
  const spread = scores.length > 30 ? 16 : 6;
  for (let i = 0; i < scores.length; i++) {
    dots[labels[i]] += `M${sx(scores[i]).toFixed(1)} ${(rowY[labels[i]] + spread * jitter()).toFixed(1)}h0`;
  }
  for (const cls of [1, 0]) {
    strip.append(el("path", { d: dots[cls], class: "ee-dots", stroke: cls ? POSITIVE_COLOR : NEGATIVE_COLOR,
                              "stroke-width": dotSize }, null, SVG));
    strip.append(el("text", { x: 4, y: rowY[cls] + 4, class: "ee-axis" }, `y = ${cls}`, SVG));
  }
  for (const t of [low, high]) {
    strip.append(el("text", { x: sx(t), y: H - 4, class: "ee-tick", "text-anchor": "middle" },
                    shortNumber(t), SVG));
  }
  const thetaLine = el("line", { y1: 8, y2: 92, class: "ee-theta" }, null, SVG);
  const thetaLabel = el("text", { y: H - 4, class: "ee-tick", "text-anchor": "middle" }, null, SVG);
  strip.append(thetaLine, thetaLabel);

  const plots = el("div", { class: "ee-plots" });
  plots.append(roc, pr);
  grid.append(tables, plots);
  root.append(grid, strip);
  host.append(root);

  // ---- the ipywidgets sliders' accessible names --------------------------------------
  // ipywidgets' slider handle (role="slider") is not tied to its visible label, and its
  // aria-valuetext is the position number: name each handle after its label and give the
  // threshold slider the threshold as its value text.
  let sliderText = "";
  function labelSliders() {
    const box = host.closest(".evalcore-threshold-explorer");
    if (!box) return false;
    const sliders = box.querySelectorAll(".widget-slider");
    for (const slider of sliders) {
      const handle = slider.querySelector(".noUi-handle");
      const label = slider.querySelector(".widget-label");
      if (handle && label && !handle.hasAttribute("aria-label")) {
        handle.setAttribute("aria-label", label.textContent);
      }
    }
    const handle = sliders.length ? sliders[0].querySelector(".noUi-handle") : null;
    if (handle) handle.setAttribute("aria-valuetext", sliderText);
    return handle !== null;
  }

  // ---- drawing -------------------------------------------------------------------------
  let drawnCopies = null;
  function drawCurves(copies) {
    const fpr = [], tpr = [], recall = [], precision = [];
    for (let g = K; g >= 0; g--) {
      const tp = points.posAtOrAbove[g];
      const fp = points.negAtOrAbove[g] * copies;
      fpr.push(points.negAtOrAbove[g] / points.N);
      tpr.push(tp / points.P);
      if (g < K) { recall.push(tp / points.P); precision.push(tp / (tp + fp)); }
    }
    rocPath.setAttribute("d", pathThrough(fpr, tpr));
    prPath.setAttribute("d", pathThrough(recall, precision));
    const base = points.P / (points.P + points.N * copies);
    prBase.setAttribute("x1", plotX(0)); prBase.setAttribute("x2", plotX(1));
    prBase.setAttribute("y1", plotY(base)); prBase.setAttribute("y2", plotY(base));
    drawnCopies = copies;
  }

  function update() {
    const index = model.get("index");
    const rule = RULES[model.get("rule_index")];
    const copies = model.get("negative_copies");
    if (copies !== drawnCopies) drawCurves(copies);
    const theta = thresholdAt(index);
    const c = countsAt(points, index, rule, copies);
    for (const name of ["tp", "fn", "fp", "tn"]) cells[name].textContent = String(c[name]);
    const values = {};
    for (const [key, , f] of RATES) {
      values[key] = f(c);
      rateCells[key].textContent = fixed(values[key]);
      rateCells[key].setAttribute("data-value", String(values[key]));
    }
    const ruleSymbol = rule === ">=" ? "≥" : ">";
    thetaText.textContent = shortNumber(theta);
    thetaText.setAttribute("data-value", String(theta));
    ruleText.textContent = `${ruleSymbol} θ`;
    copiesText.textContent = copies > 1 ? ` (each negative counted ${copies} times)` : "";
    cmCaption.textContent = `Confusion matrix at θ = ${shortNumber(theta)} (score ${ruleSymbol} θ)`;
    root.setAttribute("data-threshold", String(theta));
    root.setAttribute("data-rule", rule);
    root.setAttribute("data-copies", String(copies));
    root.setAttribute("data-index", String(index));

    const fpr = c.fp / (c.fp + c.tn);
    rocMarker.setAttribute("cx", plotX(fpr).toFixed(2));
    rocMarker.setAttribute("cy", plotY(values.tpr).toFixed(2));
    rocMarker.setAttribute("data-x", String(fpr));
    rocMarker.setAttribute("data-y", String(values.tpr));
    roc.setAttribute("aria-label", `ROC curve; the current point is FPR ${fixed(fpr)}, TPR ${fixed(values.tpr)}`);
    const prDefined = !Number.isNaN(values.precision);
    prMarker.style.display = prDefined ? "" : "none";
    if (prDefined) {
      prMarker.setAttribute("cx", plotX(values.tpr).toFixed(2));
      prMarker.setAttribute("cy", plotY(values.precision).toFixed(2));
    }
    prMarker.setAttribute("data-x", String(values.tpr));
    prMarker.setAttribute("data-y", String(values.precision));
    pr.setAttribute("aria-label", prDefined
      ? `Precision-recall curve; the current point is recall ${fixed(values.tpr)}, precision ${fixed(values.precision)}`
      : "Precision-recall curve; precision is undefined here: nothing is predicted positive");

    const x = sx(theta);
    thetaLine.setAttribute("x1", x); thetaLine.setAttribute("x2", x);
    thetaLabel.setAttribute("x", x);
    thetaLabel.textContent = `θ = ${shortNumber(theta)}`;
    called.setAttribute("x", x);
    called.setAttribute("width", Math.max(0, W - R - x));
    strip.setAttribute("aria-label", `Scores by class on a line: ${c.tp + c.fp / copies} of ${scores.length} ` +
      `examples score ${ruleSymbol} θ = ${shortNumber(theta)} and are predicted positive`);
    sliderText = `θ = ${shortNumber(theta)}; predict 1 when score ${ruleSymbol} θ`;
    queueMicrotask(labelSliders); // after the slider's own view has redrawn its handle
    root.setAttribute("data-ready", "true");
  }

  update();
  // the sliders may join the page after this view: label them once they are there
  let tries = 0;
  const waitForSliders = () => { if (!labelSliders() && ++tries < 100) requestAnimationFrame(waitForSliders); };
  requestAnimationFrame(waitForSliders);
  model.on("change:index", update);
  model.on("change:rule_index", update);
  model.on("change:negative_copies", update);
  return () => {
    model.off("change:index", update);
    model.off("change:rule_index", update);
    model.off("change:negative_copies", update);
  };
}

export default { render };
