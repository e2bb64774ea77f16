// The keys of the widgets' range inputs, and keeping them from Jupyter and reveal.js.

/** How many steps `key` moves a range input: one (arrows), `page` (PageUp/PageDown), to an end
 *  (Home/End: ±Infinity); null for any other key. */
export function keySteps(key, page) {
  const moves = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1, PageUp: page,
                  PageDown: -page, Home: -Infinity, End: Infinity };
  return key in moves ? moves[key] : null;
}

/** Keep the keys aimed at a widget's controls for them. Jupyter (Notebook 7 above all) and
 *  reveal.js handle keys in capture listeners on the document, before a key reaches the
 *  widget, and Notebook 7 takes the arrow keys there even from elements marked
 *  data-lm-suppress-shortcuts. A capture listener on the window runs before them: a key whose
 *  target passes `isOurs` goes no further and is handed to `onKey` (its default action, such
 *  as moving a slider, checking the next radio button or typing, still happens unless `onKey`
 *  prevents it). Returns the function that removes the listener. */
export function guardKeys(isOurs, onKey = null) {
  const listener = (event) => {
    if (!isOurs(event.target)) return;
    event.stopPropagation();
    if (onKey) onKey(event);
  };
  window.addEventListener("keydown", listener, true);
  return () => window.removeEventListener("keydown", listener, true);
}
