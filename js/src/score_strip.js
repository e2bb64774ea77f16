// The threshold explorer's score strip: every score on a line, one row per class, those called
// positive filled and those called negative hollow.
//
// Speed: the dots are drawn once into two canvases (filled, hollow); a move only changes their
// CSS clip-path and redraws the few dots within two radii of θ on a third canvas.

import { el, setAttr } from "./dom.js";
import { formatNumber } from "./format.js";
import { scoreAt, shareOf } from "./plot.js";
import { countBelow } from "./ties.js";

const POSITIVE_COLOR = "#0072B2"; // evalcore.COLORS[0]
const NEGATIVE_COLOR = "#E69F00"; // evalcore.COLORS[1]

/** A fixed jitter per example (a linear congruential sequence), in [-0.5, 0.5). */
function jitterOf(n) {
  const jitter = new Float32Array(n);
  let seed = 12345;
  for (let i = 0; i < n; i++) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    jitter[i] = seed / 2147483648 - 0.5;
  }
  return jitter;
}

/** The strip's elements: the rows' names, the stacked layers, the ends' values. */
function buildLayers(low, high) {
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
  return { node, layers, shade, hollow, filled, onTheta, line };
}

/** The strip of the sorted `scores` with their `labels`, from `low` to `high`. `show(θ, rule,
 *  label)` moves it to θ; `resize()` has it drawn again at its new size. No dot is drawn before
 *  the first `resize()` (widget.js's observeWidth calls it once the strip is laid out). */
export function buildStrip(scores, labels, low, high) {
  const n = scores.length;
  const { node, layers, shade, hollow, filled, onTheta, line } = buildLayers(low, high);
  const jitter = jitterOf(n);
  const geometry = { width: 0, height: 0, dpr: 1, r: 0, pad: 0 };
  let laidOut = false;
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
    // The box is on screen, so scaled when an ancestor is (reveal.js scales a deck's slides to
    // the screen); the clips and θ's line are set in the strip's own pixels: undo the scale, and
    // draw the dots at the screen's resolution.
    const scale = layers.offsetWidth > 0 ? box.width / layers.offsetWidth : 1;
    const k = Math.abs(scale - 1) < 0.01 ? 1 : scale;
    geometry.width = box.width / k;
    geometry.height = box.height / k;
    geometry.dpr = (window.devicePixelRatio || 1) * k;
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
    if (geometry.width === 0 && (!laidOut || !drawAll())) return;
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
    const from = countBelow(scores,
                            scoreAt((x - geometry.pad - 2 * r - 1) / inner, low, high), true);
    const to = countBelow(scores,
                          scoreAt((x - geometry.pad + 2 * r + 1) / inner, low, high), false);
    // the dots exactly on θ last, on top: they are the ones the rule decides
    for (const exactlyOnTheta of [false, true]) {
      for (let i = from; i < to; i++) {
        if ((scores[i] === theta) !== exactlyOnTheta) continue;
        const positive = rule === ">=" ? scores[i] >= theta : scores[i] > theta;
        ctx.globalAlpha = n > 2000 && !exactlyOnTheta ? (positive ? 0.7 : 0.35) : 0.9;
        dot(ctx, i, positive);
      }
    }
    near = [x - 3 * r - 2, x + 3 * r + 2];
  }

  return {
    node,
    show(theta, rule, label) {
      moveTo(theta, rule);
      setAttr(node, "aria-label", label);
    },
    resize() { laidOut = true; geometry.width = 0; near = null; },
  };
}
