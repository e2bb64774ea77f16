// Links to the chapter's lecture deck and its PDF handout, next to the download button, on
// every chapter page that has a deck: the build marks those pages with
// <meta name="evalcore-deck" content="NN_name"> (tools/course.py, for a chapter with an
// outline chapters/NN_name.deck.yml). The deck is slides/NN_name.html (tools/slides.py), the
// handout slides/handouts/NN_name.pdf (tools/handouts.py).
(function () {
  function addLinks() {
    var meta = document.querySelector('meta[name="evalcore-deck"]');
    var download = document.querySelector(".article-header-buttons .dropdown-download-buttons");
    if (!meta || !download || document.querySelector(".evalcore-slides-link")) return;
    var name = meta.getAttribute("content");
    [["evalcore-slides-link", "../slides/" + name + ".html", "Slides",
      "This chapter's lecture, as slides to project (reveal.js; S opens the speaker's notes)"],
     ["evalcore-handout-link", "../slides/handouts/" + name + ".pdf", "Handout",
      "The slides as a PDF handout, one slide a page"]].forEach(function (spec) {
      var link = document.createElement("a");
      link.className = "btn btn-sm " + spec[0];
      link.href = spec[1];
      link.title = spec[3];
      link.textContent = spec[2];
      download.parentNode.insertBefore(link, download);
    });
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", addLinks);
  } else {
    addLinks();
  }
})();
