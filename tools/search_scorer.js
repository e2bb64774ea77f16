// The book's search scorer (Sphinx's html_search_scorer, set in _config.yml): the teaching comes
// first. Sphinx scores a match in a page's text, in its title, or in an API entry's name; for
// "DeLong" or "calibration" the API reference's entries would come first. Every page that
// teaches (a numbered chapter, a part's review, the start page, the glossary) gets a bonus larger
// than any score Sphinx gives, so it ranks before every entry of the API reference; within each
// group Sphinx's own order stands. tests/test_course.py searches the built book in Chromium.
var Scorer = {
  // Sphinx's defaults (sphinx/themes/basic/static/searchtools.js, 7.4)
  objNameMatch: 11,
  objPartialMatch: 6,
  objPrio: { 0: 15, 1: 5, 2: -5 },
  objPrioDefault: 0,
  title: 15,
  partialTitle: 7,
  term: 5,
  partialTerm: 2,

  teachingBonus: 100,
  teaches: (docname) =>
    /^chapters\/(\d\d_|review_|start_here$|a2_glossary$|which_metric$)/.test(docname),

  // result: [docname, title, anchor, descr, score, filename, kind]
  score: (result) => {
    const [docname, , , , score] = result;
    return Scorer.teaches(docname) ? score + Scorer.teachingBonus : score;
  },
};
