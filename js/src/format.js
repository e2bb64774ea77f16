// Numbers as the widgets write them.

/** A number as text: the shortest decimal that reads back as exactly the same number. */
export function formatNumber(x) {
  if (x === 0) return "0"; // also -0
  return String(x);
}

/** A rate or an area, three decimals (as the book prints them), or "undefined" (where
 *  evalcore returns nan). */
export function formatRate(x) {
  return Number.isNaN(x) ? "undefined" : x.toFixed(3);
}
