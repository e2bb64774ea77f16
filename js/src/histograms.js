// The distribution explorer's picture: the two classes' score histograms on one canvas, the
// threshold through them, the predicted-0 side faded.

import { el } from "./dom.js";
import { shareOf } from "./plot.js";

const POSITIVE_COLOR = "#0072B2"; // evalcore.COLORS[0]
const NEGATIVE_EDGE = "#8a5a00";  // the negatives' outline: dark enough on white and in grey
/** The histograms' bin width (the threshold range's ends are multiples of ½). */
export const BIN_WIDTH = 0.25;

/** Each class's histogram over [low, high) in bins of BIN_WIDTH (the ends clamp). */
export function histograms(scores, labels, low, high) {
  const bins = Math.round((high - low) / BIN_WIDTH);
  const pos = new Int32Array(bins);
  const neg = new Int32Array(bins);
  for (let i = 0; i < scores.length; i++) {
    const b = Math.min(Math.max(Math.floor((scores[i] - low) / BIN_WIDTH), 0), bins - 1);
    if (labels[i] === 1) pos[b]++; else neg[b]++;
  }
  return { bins, pos, neg };
}

/** A diagonal hatch of the positives' colour (it tells the classes apart in greyscale). */
function hatch(ctx, scale) {
  const size = Math.max(4, Math.round(6 * scale));
  const tile = document.createElement("canvas");
  tile.width = size;
  tile.height = size;
  const t = tile.getContext("2d");
  t.fillStyle = "rgba(0, 114, 178, 0.18)";
  t.fillRect(0, 0, size, size);
  t.strokeStyle = POSITIVE_COLOR;
  t.lineWidth = Math.max(1, size / 5);
  t.beginPath();
  t.moveTo(-1, size + 1); t.lineTo(size + 1, -1);
  t.moveTo(-1, 1); t.lineTo(1, -1);
  t.moveTo(size - 1, size + 1); t.lineTo(size + 1, size - 1);
  t.stroke();
  return ctx.createPattern(tile, "repeat");
}

/** The canvas and its legend. */
function buildPicture() {
  const node = el("div", { class: "de-dist" });
  const canvas = el("canvas", { class: "de-canvas", role: "img" });
  const legend = el("div", { class: "de-legend" });
  const item = (cls, text) => {
    const span = el("span", { class: "de-key" });
    span.append(el("span", { class: `de-swatch ${cls}`, "aria-hidden": "true" }), text);
    return span;
  };
  legend.append(item("de-swatch-pos", "positives (y = 1)"),
                item("de-swatch-neg", "negatives (y = 0)"),
                item("de-swatch-faded", "faded: s < θ, predicted 0"));
  node.append(canvas, legend);
  return { node, canvas };
}

/** Both histograms: negatives solid orange with a dark outline, positives blue hatching with
 *  a blue outline, each outlined as a step line so that overlapping bars stay apart. */
function drawBars(ctx, hist, frame, pattern) {
  const { left, right, base, top, font } = frame;
  let most = 1;
  for (let b = 0; b < hist.bins; b++) most = Math.max(most, hist.pos[b], hist.neg[b]);
  const unit = (base - top) / most;
  const barW = (right - left) / hist.bins;
  for (const [counts, fill, edge] of [[hist.neg, "rgba(230, 159, 0, 0.55)", NEGATIVE_EDGE],
                                      [hist.pos, pattern, POSITIVE_COLOR]]) {
    ctx.fillStyle = fill;
    ctx.strokeStyle = edge;
    ctx.lineWidth = Math.max(1, font / 12);
    ctx.beginPath();
    for (let b = 0; b < hist.bins; b++) {
      if (counts[b] === 0) continue;
      ctx.rect(left + b * barW, base - counts[b] * unit, barW, counts[b] * unit);
    }
    ctx.fill();
    ctx.beginPath();
    ctx.moveTo(left, base);
    for (let b = 0; b < hist.bins; b++) {
      const h = base - counts[b] * unit;
      ctx.lineTo(left + b * barW, h);
      ctx.lineTo(left + (b + 1) * barW, h);
    }
    ctx.lineTo(right, base);
    ctx.stroke();
  }
}

/** The score axis, its integer ticks and its name. */
function drawAxis(ctx, frame, x, low, high) {
  const { left, right, base, font } = frame;
  ctx.strokeStyle = "#444";
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.moveTo(left, base + 0.5); ctx.lineTo(right, base + 0.5);
  ctx.stroke();
  ctx.fillStyle = "#222";
  ctx.font = `${(font * 0.75).toFixed(1)}px sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "top";
  const axisName = "score s";
  const nameStart = right - ctx.measureText(axisName).width - font * 0.6;
  for (let t = Math.ceil(low); t <= Math.floor(high); t++) {
    ctx.beginPath();
    ctx.moveTo(x(t), base); ctx.lineTo(x(t), base + font * 0.3);
    ctx.stroke();
    if (x(t) < nameStart) ctx.fillText(String(t), x(t), base + font * 0.35);
  }
  ctx.textAlign = "right";
  ctx.fillText(axisName, right, base + font * 0.35);
}

/** The threshold at `xt`, and the four regions' counts: predicted 0 left of it, predicted 1
 *  right of it (beside θ when there is room, else pushed inward). */
function drawThreshold(ctx, frame, xt, counts) {
  const { left, right, base, top, font } = frame;
  ctx.strokeStyle = "#000";
  ctx.lineWidth = Math.max(1.5, font / 8);
  ctx.setLineDash([font * 0.35, font * 0.25]);
  ctx.beginPath();
  ctx.moveTo(xt, top - font * 0.4); ctx.lineTo(xt, base);
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.font = `600 ${(font * 0.8).toFixed(1)}px sans-serif`;
  ctx.textBaseline = "alphabetic";
  const gap = font * 0.4;
  const leftText = `← predicted 0: FN ${counts.fn}, TN ${counts.tn}`;
  const rightText = `predicted 1: TP ${counts.tp}, FP ${counts.fp} →`;
  ctx.textAlign = "right";
  const lw = ctx.measureText(leftText).width;
  ctx.fillText(leftText, Math.max(xt - gap, left + lw), top - font * 1.2);
  ctx.textAlign = "left";
  const rw = ctx.measureText(rightText).width;
  ctx.fillText(rightText, Math.min(xt + gap, right - rw), top - font * 0.45);
}

/** The picture over scores from `low` to `high`: `draw(hist, θ, counts)` draws one state
 *  (`hist` from histograms()); `resize()` has it measured again. Nothing is drawn before the
 *  first `resize()` (widget.js's observeWidth calls it once the picture is laid out). */
export function buildDistributions(low, high) {
  const { node, canvas } = buildPicture();
  const geometry = { width: 0, height: 0, dpr: 1, font: 14, pattern: null };
  let laidOut = false;

  function measure() {
    const width = canvas.clientWidth;
    if (width === 0) return false;
    geometry.width = width;
    geometry.height = canvas.clientHeight;
    geometry.dpr = window.devicePixelRatio || 1;
    geometry.font = parseFloat(getComputedStyle(node).fontSize) || 14;
    canvas.width = Math.max(1, Math.round(geometry.width * geometry.dpr));
    canvas.height = Math.max(1, Math.round(geometry.height * geometry.dpr));
    geometry.pattern = hatch(canvas.getContext("2d"), geometry.font / 14 * geometry.dpr);
    return true;
  }

  function draw(hist, theta, counts) {
    if (geometry.width === 0 && (!laidOut || !measure())) return;
    const { width: W, height: H, font } = geometry;
    const ctx = canvas.getContext("2d");
    ctx.setTransform(geometry.dpr, 0, 0, geometry.dpr, 0, 0);
    ctx.clearRect(0, 0, W, H);
    const frame = { left: font * 0.6, right: W - font * 0.6, top: font * 2.4,
                    base: H - font * 1.6, font };
    const x = (s) => frame.left + shareOf(s, low, high) * (frame.right - frame.left);
    drawBars(ctx, hist, frame, geometry.pattern);
    // the predicted-0 side (s < θ) faded: FN and TN
    const xt = Math.min(Math.max(x(theta), frame.left), frame.right);
    ctx.fillStyle = "rgba(255, 255, 255, 0.6)";
    ctx.fillRect(frame.left, frame.top - font * 0.2, xt - frame.left,
                 frame.base - frame.top + font * 0.2);
    drawAxis(ctx, frame, x, low, high);
    drawThreshold(ctx, frame, xt, counts);
  }
  return { node, canvas, draw, resize: () => { laidOut = true; geometry.width = 0; } };
}
