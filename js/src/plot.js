// Where a score lies between two ends, and the square unit plot of the ROC and PR curves.

import { SVG, el, setAttr } from "./dom.js";

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

// A square unit plot in SVG user units; the CSS gives it a width in em, so text scales with it.
export const BOX = { size: 120, left: 20, top: 4, right: 5, bottom: 19 };
export const plotX = (v) => BOX.left + v * (BOX.size - BOX.left - BOX.right);
export const plotY = (v) => BOX.top + (1 - v) * (BOX.size - BOX.top - BOX.bottom);

/** A path through the points, skipping undefined ones (NaN) and dropping vertices closer than
 *  a fifth of a unit (under a pixel) to the last one drawn; the last point is always drawn. */
export function pathThrough(xs, ys) {
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

/** The frame, the ticks at 0, ½ and 1 and the axis names of a unit plot, into `svg`. */
function drawAxes(svg, prefix, xlabel, ylabel) {
  svg.append(el("rect", { x: plotX(0), y: plotY(1), width: plotX(1) - plotX(0),
                          height: plotY(0) - plotY(1), class: `${prefix}-frame` }, null, SVG));
  for (const t of [0, 0.5, 1]) {
    svg.append(el("text", { x: plotX(t), y: plotY(0) + 8, class: `${prefix}-tick`,
                            "text-anchor": "middle" }, String(t), SVG));
    svg.append(el("text", { x: plotX(0) - 2, y: plotY(t) + 2.5, class: `${prefix}-tick`,
                            "text-anchor": "end" }, String(t), SVG));
  }
  const midY = (plotY(0) + plotY(1)) / 2;
  svg.append(el("text", { x: (plotX(0) + plotX(1)) / 2, y: BOX.size - 2, class: `${prefix}-axis`,
                          "text-anchor": "middle" }, xlabel, SVG));
  svg.append(el("text", { x: 6, y: midY, class: `${prefix}-axis`, "text-anchor": "middle",
                          transform: `rotate(-90 6 ${midY})` }, ylabel, SVG));
}

/** The ROC or PR plot of `kind`: a curve, a chance line and a marker at the current point, in
 *  classes named `<prefix>-...`. `layered`: the curve in one SVG and the marker in a second
 *  one stacked above it (a move redraws only the small one); else all in one SVG. */
export function buildUnitPlot(prefix, kind, xlabel, ylabel, { layered = false } = {}) {
  const node = el("div", { class: `${prefix}-plot ${prefix}-${kind}` });
  const viewBox = `0 0 ${BOX.size} ${BOX.size}`;
  const base = el("svg", layered
    ? { viewBox, class: `${prefix}-plot-base`, "aria-hidden": "true" }
    : { viewBox, role: "img" }, null, SVG);
  drawAxes(base, prefix, xlabel, ylabel);
  const chance = el("line", { class: `${prefix}-chance` }, null, SVG);
  const curve = el("path", { class: `${prefix}-curve` }, null, SVG);
  base.append(chance, curve);
  const marker = el("circle", { r: 3.6, class: `${prefix}-marker ${prefix}-${kind}-marker` },
                    null, SVG);
  let named = base; // the SVG that is the image, named by its aria-label
  if (layered) {
    named = el("svg", { viewBox, class: `${prefix}-plot-top`, role: "img" }, null, SVG);
    named.append(marker);
    node.append(base, named);
  } else {
    base.append(marker);
    node.append(base);
  }
  return {
    node,
    /** Draw the curve through (xs[i], ys[i]). */
    showCurve(xs, ys) { curve.setAttribute("d", pathThrough(xs, ys)); },
    /** The chance line from (x1, y1) to (x2, y2). */
    showChance(x1, y1, x2, y2) {
      chance.setAttribute("x1", plotX(x1)); chance.setAttribute("y1", plotY(y1));
      chance.setAttribute("x2", plotX(x2)); chance.setAttribute("y2", plotY(y2));
    },
    /** The marker at (x, y), hidden where a coordinate is undefined (NaN); `label` names the
     *  plot and its current point for screen readers. */
    showPoint(x, y, label) {
      const defined = !Number.isNaN(x) && !Number.isNaN(y);
      marker.style.display = defined ? "" : "none";
      if (defined) {
        setAttr(marker, "cx", plotX(x).toFixed(2));
        setAttr(marker, "cy", plotY(y).toFixed(2));
      }
      marker.dataset.x = String(x);
      marker.dataset.y = String(y);
      setAttr(named, "aria-label", label);
    },
  };
}
