// A "Slides" link on every chapter page made from a notebook, next to the download button: it
// opens the chapter's reveal.js deck, slides/NN_name.html, which `make slides`
// (tools/slides.py) builds from the chapter's lecture notebook. Pages written in plain markdown
// (the glossary, the API, the bibliography) have no deck and get no link.
(function () {
  function addLink() {
    var match = window.location.pathname.match(/\/chapters\/([^/]+)\.html$/);
    var download = document.querySelector(".article-header-buttons .dropdown-download-buttons");
    if (!match || !download || document.querySelector(".evalcore-slides-link")) return;
    var fromNotebook = download.querySelector('a[href$=".ipynb"]');
    if (!fromNotebook) return;
    var link = document.createElement("a");
    link.className = "btn btn-sm evalcore-slides-link";
    link.href = "../slides/" + match[1] + ".html";
    link.title = "This chapter as slides (reveal.js)";
    link.textContent = "Slides";
    download.parentNode.insertBefore(link, download);
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", addLink);
  } else {
    addLink();
  }
})();
