// TeX to HTML at build time, with MathJax 3 in Node.js (the `mathjax` package the book already
// serves): the book's pages then carry their formulas typeset and load no MathJax at all.
// tools/static_math.py (a Sphinx extension) runs this once a build and talks to it over
// stdin/stdout, one JSON object a line:
//   {"tex": "...", "display": false}  ->  {"html": "<mjx-container ...>...</mjx-container>"}
//                                          or {"error": "the TeX error"}
//   {"stylesheet": true}              ->  {"css": "..."} the CSS of every formula converted so
//                                          far (MathJax's CommonHTML rules and the glyphs used)
// Each formula is CommonHTML, as MathJax makes it in a browser, with its MathML beside it for
// screen readers (MathJax's assistive MathML). Arguments: the URL of MathJax's web fonts as the
// stylesheet will see it, and the formulas' size relative to the text around them.
"use strict";

const path = require("path");
const readline = require("readline");

const fontURL = process.argv[2] || "mathjax/output/chtml/fonts/woff-v2";
const scale = Number(process.argv[3] || 1);
const es5 = path.join(__dirname, "node_modules", "mathjax", "es5");

require(path.join(es5, "node-main.js")).init({
  loader: {
    paths: { mathjax: es5 },
    load: ["input/tex", "output/chtml", "adaptors/liteDOM", "a11y/assistive-mml"],
  },
  // A TeX error stops the conversion and is reported, instead of a red formula in the page.
  tex: { formatError: (jax, error) => { throw error; } },
  // No page to measure here: the size is given (MathJax in a browser matches the x-height of
  // the text's font instead).
  chtml: { fontURL, scale, matchFontHeight: false },
  options: { enableAssistiveMml: true },
  startup: { typeset: false },
}).then((MathJax) => {
  const adaptor = MathJax.startup.adaptor;
  const lines = readline.createInterface({ input: process.stdin, terminal: false });
  lines.on("line", (line) => {
    let answer;
    try {
      const request = JSON.parse(line);
      if (request.stylesheet) {
        answer = { css: adaptor.textContent(MathJax.chtmlStylesheet()) };
      } else {
        MathJax.texReset();
        const node = MathJax.tex2chtml(request.tex, { display: !!request.display });
        answer = { html: adaptor.outerHTML(node) };
      }
    } catch (error) {
      answer = { error: String((error && error.message) || error) };
    }
    process.stdout.write(JSON.stringify(answer) + "\n");
  });
}).catch((error) => {
  process.stderr.write(`MathJax did not start: ${error && error.stack || error}\n`);
  process.exit(1);
});
