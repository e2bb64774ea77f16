// What axe-core found on the book's pages that comes from the theme and the extensions, not
// from the chapters (issue 20), fixed where it starts. tests/test_accessibility_axe.py runs
// axe-core over every chapter page and checks that nothing critical or serious is left.
//
// * Label in name (WCAG 2.5.3): a control's accessible name contains the text it shows, so a
//   user of speech input can say what they see. The theme's search field shows "Search Ctrl+K"
//   but was named "Search"; myst-nb's hidden-code toggles show "Show code cell source" but were
//   named "Toggle hidden content": their names now come from what they show. The colour
//   switcher's icons carry tooltips ("Light", "Dark") that counted as its visible text; they
//   are decorative (aria-hidden), and the button's name says the mode it is in.
// * The bibliography: docutils writes the citation list as role="list" whose entries have the
//   deprecated role doc-biblioentry, which is no list item, so the list held none (axe: a
//   critical violation). Each entry is a listitem.
// * A display formula wider than the text column (chapter 5 has two at desktop width; many on
//   phones) scrolls sideways (book_assets/evalcore.css): a keyboard user can scroll it only if
//   it can take the focus, so such a formula, and only such one, is in the tab order
//   (tabindex="0"), and leaves it again when the window grows and it fits.
// * pandas' tables: the cell above the index (and the one beside a header row's name) is an
//   empty <th>, a header of nothing (axe: empty-table-header). An empty corner is no header:
//   it becomes a <td>, as in evalcore's own confusion-matrix tables.
// * The theme puts its logo (the book's title, a link home) in the sidebar outside every
//   landmark, so a screen-reader user moving by landmarks never meets it (axe: region). Its
//   box becomes a navigation landmark of its own, named for where it leads.
// * Frames that scroll sideways (issue 28, section 4): a table wider than the column (pandas'
//   and evalcore's outputs, prose tables), a code block on a wide screen, a slider stack's
//   figure on a phone. Each such frame, and only such one, is marked .evalcore-scrolls, with
//   the side that has more in data-evalcore-more ("left", "right") for the fade of
//   book_assets/evalcore.css; it takes the focus (tabindex="0"), so the keyboard scrolls it
//   (the theme does so for some frames, but only when the page loads or the window resizes:
//   not for code in a dropdown opened later). A table's or a figure's frame is also a region
//   named for what it holds ("Table: its caption", "Figure: the slider's label"), numbered
//   when a page has several of one name (axe: landmark-unique); code is read as it is.
//   Frames are checked again whenever one changes size (a window turned, a dropdown opened)
//   or the page adds content (the widgets, drawn after the page).
// Measuring every formula and frame lays the whole page out, which on a slow phone takes a
// second: it waits until the page has loaded, after the widgets have been drawn and the first
// screen shown, measures everything before it changes anything (one layout, not one a frame),
// and goes before the theme's own pass over the same frames, which it leaves nothing to change
// (issue 30). <html> then gets data-evalcore-frames="checked" (the accessibility tests wait
// for it).
(function () {
  "use strict";

  // The sidebar's toggles that open a page's sub-pages (the API reference's) show only an
  // icon: each is named for what it opens (axe: summary-name).
  function sidebarToggles() {
    document.querySelectorAll(".bd-sidebar details > summary").forEach(function (summary) {
      if (summary.textContent.trim() || summary.hasAttribute("aria-label")) return;
      var item = summary.closest("li");
      var link = item && item.querySelector(":scope > a");
      var page = link ? link.textContent.replace(/\s+/g, " ").trim() : "";
      summary.setAttribute("aria-label", page ? "The pages of " + page : "Sub-pages");
      summary.querySelectorAll("i").forEach(function (icon) {
        icon.setAttribute("aria-hidden", "true");
      });
    });
  }

  function nameFromVisibleText() {
    document.querySelectorAll(".search-button-field[aria-label]").forEach(function (button) {
      button.removeAttribute("aria-label");
    });
    document.querySelectorAll("details.hide > summary[aria-label]").forEach(function (summary) {
      summary.removeAttribute("aria-label");
    });
  }

  function colourSwitcher() {
    var buttons = document.querySelectorAll(".theme-switch-button");
    if (!buttons.length) return;
    function label() {
      var mode = document.documentElement.dataset.mode || "auto";
      buttons.forEach(function (button) {
        var icon = button.querySelector('.theme-switch[data-mode="' + mode + '"]');
        var shown = !icon ? "" : icon.getAttribute("title")
          || (icon.querySelector("title") || { textContent: "" }).textContent;
        button.setAttribute("aria-label", shown ? "Color mode: " + shown : "Color mode");
      });
    }
    buttons.forEach(function (button) {
      // <i> elements, drawn by the theme's CSS with Font Awesome's web font (the book does
      // not load Font Awesome's script, tools/light_pages.py): decoration, not content
      button.querySelectorAll(".theme-switch").forEach(function (icon) {
        icon.setAttribute("aria-hidden", "true");
      });
    });
    label();
    new MutationObserver(label).observe(document.documentElement,
                                        { attributes: true, attributeFilter: ["data-mode"] });
  }

  function bibliographyList() {
    document.querySelectorAll('.citation-list[role="list"] > .citation').forEach(function (entry) {
      entry.setAttribute("role", "listitem");
    });
  }

  function emptyCornerCells() {
    document.querySelectorAll("table.dataframe thead th").forEach(function (cell) {
      if (cell.textContent.trim() !== "" || cell.children.length) return;
      var plain = document.createElement("td");
      for (var i = 0; i < cell.attributes.length; i++) {
        plain.setAttribute(cell.attributes[i].name, cell.attributes[i].value);
      }
      cell.replaceWith(plain);
    });
  }

  function logoLandmark() {
    document.querySelectorAll(".navbar-brand.logo").forEach(function (logo) {
      var box = logo.closest(".sidebar-primary-item, .navbar-header-items__start") || logo.parentElement;
      if (!box || box.closest("nav, header, main, aside, footer, [role]")) return;
      box.setAttribute("role", "navigation");
      box.setAttribute("aria-label", "Book home");
    });
  }

  // Each check below measures first and returns the changes it found, so that a caller can
  // measure everything before it changes anything: reading a size after a change lays the
  // page out again, and a long chapter on a slow phone takes a tenth of a second to lay out.

  var SCROLLERS = 'div.math mjx-container[display="true"], span.math';
  function measureFormulas() {
    var boxes = Array.prototype.slice.call(document.querySelectorAll(SCROLLERS));
    var scrolling = boxes.map(function (box) {
      var overflow = getComputedStyle(box).overflowX;
      return (overflow === "auto" || overflow === "scroll")
        && box.scrollWidth > box.clientWidth + 1;
    });
    return function () {
      boxes.forEach(function (box, i) {
        if (scrolling[i] && !box.hasAttribute("tabindex")) {
          box.setAttribute("tabindex", "0");
          box.dataset.evalcoreScrolls = "";
        } else if (!scrolling[i] && "evalcoreScrolls" in box.dataset) {
          box.removeAttribute("tabindex");
          delete box.dataset.evalcoreScrolls;
        }
      });
    };
  }

  function scrollableFormulas() {
    measureFormulas()();
  }

  var FRAMES = [".cell_output > .output", ".pst-scrollable-table-container",
                ".evalcore-slider-stack .ess-pane", ".bd-content div.highlight > pre"].join(", ");
  var MARK = "evalcore-scrolls";

  function frameName(frame) {
    var stack = frame.closest(".evalcore-slider-stack");
    if (stack) {
      var label = stack.querySelector(".ess-label");
      return "Figure" + (label && label.textContent.trim() ? ": " + label.textContent.trim() : "");
    }
    var caption = frame.querySelector("caption");
    var text = caption ? caption.textContent.replace(/\s+/g, " ").trim() : "";
    return frame.querySelector("table") ? "Table" + (text ? ": " + text : "") : "Output";
  }

  function sidesWithMore(frame) {
    var more = [];
    if (frame.scrollLeft > 1) more.push("left");
    if (frame.scrollLeft + frame.clientWidth < frame.scrollWidth - 1) more.push("right");
    return more.join(" ");
  }

  function showMore(frame) {
    frame.dataset.evalcoreMore = sidesWithMore(frame);
  }

  function unmark(frame, tall) {
    frame.classList.remove(MARK);
    delete frame.dataset.evalcoreMore;
    frame.style.removeProperty("--evalcore-scrollbar");
    if ("evalcoreTabindex" in frame.dataset) {
      // the theme keeps frames that scroll up and down in the tab order: leave those
      if (!tall) frame.removeAttribute("tabindex");
      delete frame.dataset.evalcoreTabindex;
    }
    if ("evalcoreRegion" in frame.dataset) {
      frame.removeAttribute("role");
      frame.removeAttribute("aria-label");
      delete frame.dataset.evalcoreRegion;
    }
  }

  var resized = "ResizeObserver" in window ? new ResizeObserver(later) : null;
  var watched = typeof WeakSet === "function" ? new WeakSet() : null;

  // The frames the theme gives a tab stop when the page loads (pydata-sphinx-theme's
  // addTabStopsToScrollableElements): 0 if the frame scrolls either way, -1 if not.
  var THEME_TAB_STOPS = ["pre", ".nboutput > .output_area", ".cell_output > .output",
                         ".jp-RenderedHTMLCommon", ".pst-scrollable-table-container"].join(", ");

  // The frames that scroll sideways, and the theme's tab stops: measured, then changed; the
  // change returns the frames that scroll.
  function measureFrames() {
    var frames = Array.prototype.slice.call(document.querySelectorAll(FRAMES));
    var stops = Array.prototype.slice.call(document.querySelectorAll(THEME_TAB_STOPS));
    var scrolling = frames.map(function (frame) {
      var overflow = getComputedStyle(frame).overflowX;
      return (overflow === "auto" || overflow === "scroll")
        && frame.getClientRects().length > 0 && frame.scrollWidth > frame.clientWidth + 1;
    });
    var tall = frames.map(function (frame) {
      return frame.scrollHeight > frame.clientHeight + 1;
    });
    var stopValues = stops.map(function (frame) {
      return frame.scrollWidth > frame.clientWidth || frame.scrollHeight > frame.clientHeight
        ? 0 : -1;
    });
    var more = frames.map(function (frame, i) { return scrolling[i] ? sidesWithMore(frame) : ""; });
    return function () {
      // the theme's tab stops as the theme sets them when the page has loaded, so that its
      // own pass then changes nothing and lays nothing out
      stops.forEach(function (frame, i) {
        if (frame.tabIndex !== stopValues[i] || !frame.hasAttribute("tabindex")) {
          frame.tabIndex = stopValues[i];
        }
      });
      var names = {};
      return frames.filter(function (frame, i) {
        if (resized && watched && !watched.has(frame)) {
          watched.add(frame);
          resized.observe(frame);
        }
        if (!scrolling[i]) {
          if (frame.classList.contains(MARK)) unmark(frame, tall[i]);
          return false;
        }
        frame.classList.add(MARK);
        frame.dataset.evalcoreMore = more[i];
        if (frame.tabIndex < 0 || !frame.hasAttribute("tabindex")) {
          frame.setAttribute("tabindex", "0");
          frame.dataset.evalcoreTabindex = "";
        }
        // code speaks for itself (and the API appendix has a hundred such blocks on a
        // laptop): a region, a landmark, for the others only
        if (frame.tagName !== "PRE"
            && (!frame.hasAttribute("role") || "evalcoreRegion" in frame.dataset)) {
          var name = frameName(frame);
          names[name] = (names[name] || 0) + 1;
          frame.setAttribute("role", "region");
          frame.setAttribute("aria-label", (names[name] > 1 ? name + " (" + names[name] + ")"
                                            : name) + ", scrolls sideways");
          frame.dataset.evalcoreRegion = "";
        }
        return true;
      });
    };
  }

  // The strip of a scrolling frame's scrollbar (its class draws the bar thin), which the fade
  // leaves whole: measured in a task of its own, after the load event's other listeners
  // (the theme's pass lays the page out with the classes, so reading it then costs nothing).
  function scrollbarStrips(frames) {
    var bars = frames.map(function (frame) {
      var style = getComputedStyle(frame);
      return frame.offsetHeight - frame.clientHeight
        - parseFloat(style.borderTopWidth) - parseFloat(style.borderBottomWidth);
    });
    frames.forEach(function (frame, i) {
      frame.style.setProperty("--evalcore-scrollbar", Math.max(bars[i], 0) + "px");
    });
  }

  // Every frame (and every formula, if asked) measured, then changed; then the strips.
  function checkFrames(formulasToo, done) {
    var formulas = formulasToo ? measureFormulas() : null;
    var frames = measureFrames();
    if (formulas) formulas();
    var scrolling = frames();
    // not requestAnimationFrame: a tab in the background draws no frame, and the strips (and
    // the mark the tests wait for) would wait until it is shown
    setTimeout(function () {
      scrollbarStrips(scrolling);
      if (done) done();
    }, 0);
  }

  function scrollingFrames() {
    checkFrames(false);
  }

  var pendingFrames = null;
  function later() {
    clearTimeout(pendingFrames);
    pendingFrames = setTimeout(scrollingFrames, 100);
  }

  function watchFrames() {
    document.addEventListener("scroll", function (event) {
      var frame = event.target;
      if (frame.classList && frame.classList.contains(MARK)) showMore(frame);
    }, { capture: true, passive: true });
    var main = document.getElementById("main-content") || document.body;
    new MutationObserver(later).observe(main, { childList: true, subtree: true });
    // opening a dropdown shows the frames in it
    document.addEventListener("toggle", later, true);
  }

  // The formulas are typeset when the book is built (tools/static_math.py): they are measured
  // with the frames when the page has loaded, and again once MathJax's web fonts are in (they
  // change widths).
  function firstCheck(done) {
    var formulas = !!document.querySelector(".math");
    checkFrames(formulas, done);
    if (formulas && document.fonts && document.fonts.ready) {
      document.fonts.ready.then(scrollableFormulas);
    }
    watchFrames();
  }

  // The jobs to run when the page has loaded. The listener is added now, as the page's head
  // is read, so that it runs before the theme's (its script is deferred): the frames are set
  // before the theme's own pass over them, which then changes nothing.
  var whenLoaded = document.readyState === "complete" ? null : [];
  if (whenLoaded) {
    window.addEventListener("load", function () {
      var jobs = whenLoaded;
      whenLoaded = null;
      jobs.forEach(function (job) { job(); });
    }, { once: true });
  }

  function afterLoad(job) {
    if (whenLoaded) whenLoaded.push(job);
    else setTimeout(job, 0);
  }

  function start() {
    nameFromVisibleText();
    sidebarToggles();
    colourSwitcher();
    bibliographyList();
    emptyCornerCells();
    logoLandmark();
    afterLoad(function () {
      firstCheck(function () {
        document.documentElement.setAttribute("data-evalcore-frames", "checked");
      });
    });
    var pending = null;
    window.addEventListener("resize", function () {
      clearTimeout(pending);
      pending = setTimeout(scrollableFormulas, 150);
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
