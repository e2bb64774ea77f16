// Small DOM helpers the widgets' front ends share.

export const SVG = "http://www.w3.org/2000/svg";

/** A new element with its attributes and text (an SVG element when `ns` is SVG). */
export function el(tag, attrs = {}, text = null, ns = null) {
  const node = ns ? document.createElementNS(ns, tag) : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== null) node.textContent = text;
  return node;
}

/** Set a text only when it changes (the DOM writes are what costs). */
export function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

/** Set an attribute only when it changes. */
export function setAttr(node, name, value) {
  if (node.getAttribute(name) !== value) node.setAttribute(name, value);
}
