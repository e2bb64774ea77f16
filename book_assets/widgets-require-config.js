// Let require.js find the widget code inside the book instead of html-manager falling back to
// a CDN: anywidget's front end (copied to _vendor/anywidget/ by the Makefile), and the
// html-manager's own folder (its webpack public path, where its icon fonts are, comes from the
// module's require.js path). Listed in _config.yml's nb_ipywidgets_js between require.js and
// html-manager's embed-amd.js.
(function () {
  var src = document.currentScript ? document.currentScript.src : "";
  var staticDir = src ? src.replace(/[?#].*$/, "").replace(/[^/]*$/, "") : "_static/";
  require.config({
    paths: {
      anywidget: staticDir + "anywidget/index",
      "@jupyter-widgets/html-manager/dist": staticDir + "html-manager",
      // The bundles inside embed-amd.js take their webpack public path (the folder of their
      // icon fonts) from their own module URL, e.g. "@jupyter-widgets/controls.js": without
      // this entry that URL lies next to the page and the fonts 404, depending on which
      // bundle injects its CSS first.
      "@jupyter-widgets": staticDir + "html-manager",
    },
  });
})();
