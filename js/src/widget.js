// What every widget's view does with its host page and its model: a unique id, a card that
// Jupyter's shortcuts leave alone, binary traits, writing a trait, following a node's width.

import { el } from "./dom.js";

let counter = 0;

/** An id unique on the page, for tying labels to inputs (`evalcore-<kind>-<n>-<random>`). */
export function uniqueId(kind) {
  counter += 1;
  return `evalcore-${kind}-${counter}-${Math.random().toString(36).slice(2, 8)}`;
}

/** Mark `node` so that JupyterLab and Notebook 7 leave the keys to its controls (their
 *  command-mode shortcuts use the arrow keys): Lumino skips elements marked so. */
export function suppressShortcuts(node) {
  node.setAttribute("data-lm-suppress-shortcuts", "true");
  node.setAttribute("data-p-suppress-shortcuts", "true");
}

/** A widget's card: a group named by its title (a heading) or, without one, by `name`. */
export function buildCard({ className, prefix, id, title, name }) {
  const root = el("div", { class: className, role: "group" });
  suppressShortcuts(root);
  if (title) {
    const heading = el("p", { class: `${prefix}-title`, id: `${id}-title` });
    heading.append(el("strong", {}, title));
    root.append(heading);
    root.setAttribute("aria-labelledby", `${id}-title`);
  } else {
    root.setAttribute("aria-label", name);
  }
  return root;
}

/** The bytes of a binary trait as an aligned ArrayBuffer of their own: binary traits arrive as
 *  a DataView (live kernel or embedded state). `what` names the trait in the error. */
export function bufferOf(value, what) {
  if (value instanceof ArrayBuffer) return value.slice(0);
  if (ArrayBuffer.isView(value)) {
    return new Uint8Array(value.buffer, value.byteOffset, value.byteLength).slice().buffer;
  }
  throw new TypeError(`evalcore: expected binary data for ${what}`);
}

/** Write a trait from the view (only when it changes), then redraw. */
export function setTrait(model, name, value, redraw) {
  if (value !== model.get(name)) {
    model.set(name, value);
    model.save_changes();
  }
  redraw();
}

/** Call `callback` (with no arguments) whenever one of the model's space-separated `events`
 *  fires; returns the function that stops listening. */
export function onChanges(model, events, callback) {
  const listener = () => callback();
  model.on(events, listener);
  return () => model.off(events, listener);
}

/** Call `onResize` when `node`'s width changes (window size, zoom, font size), and first once
 *  the browser has laid `node` out (where there is no ResizeObserver: at once); returns the
 *  function that stops watching. A picture measures itself in that first call, when the page's
 *  layout is up to date, rather than while it is rendered: measuring a view just added makes
 *  the browser lay out the whole page there and then, once for every such view on the page. */
export function observeWidth(node, onResize) {
  if (typeof ResizeObserver === "undefined") { onResize(); return () => {}; }
  let width = null;
  const observer = new ResizeObserver((entries) => {
    const w = entries[0].contentRect.width;
    if (w !== width) { width = w; onResize(); }
  });
  observer.observe(node);
  return () => observer.disconnect();
}
