// What a projector shows of the current reveal.js slide (tests/test_slides.py, and authors of
// deck outlines): how far anything runs past the slide's content box, in screen pixels, and
// every visible piece of text with its rendered size (font size times the slide's scale, and
// times the SVG's scale for text in a figure drawn as SVG). Speaker notes and scripts are left
// out; MathJax's hidden copies for screen readers too. The content box is the slide's frame
// (.ec-frame) inside its padding.
() => {
  const slide = Reveal.getCurrentSlide();
  const scale = Reveal.getScale();
  const frame = slide.querySelector('.ec-frame') || slide;
  const box = frame.getBoundingClientRect();
  const style = getComputedStyle(frame);
  const inner = {
    top: box.top + parseFloat(style.paddingTop) * scale,
    bottom: box.bottom - parseFloat(style.paddingBottom) * scale,
    left: box.left + parseFloat(style.paddingLeft) * scale,
    right: box.right - parseFloat(style.paddingRight) * scale,
  };
  const skip = el => el.closest('aside.notes, script, style, mjx-assistive-mml, .de-sr, .ee-sr');
  let overflow = 0, worst = null;
  for (const el of frame.querySelectorAll('*')) {
    if (skip(el)) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    const cs = getComputedStyle(el);
    if (cs.visibility === 'hidden' || cs.position === 'fixed') continue;
    // content cut off inside a box that scrolls or clips (a wide line of code) counts too
    // (MathJax's own boxes clip glyph pieces on purpose: not those)
    const clipped = (cs.overflowX !== 'visible' || cs.overflowY !== 'visible')
        && !el.closest('mjx-container')
      ? Math.max(el.scrollWidth - el.clientWidth, el.scrollHeight - el.clientHeight) * scale : 0;
    const out = Math.max(inner.top - r.top, r.bottom - inner.bottom, inner.left - r.left,
                         r.right - inner.right, clipped);
    if (out > overflow) { overflow = out; worst = el.tagName.toLowerCase() + '.' +
      String(el.className.baseVal ?? el.className).split(' ')[0]; }
  }
  const texts = [];
  const walker = document.createTreeWalker(slide, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.trim();
    const el = node.parentElement;
    if (!text || !el || skip(el)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    if (![...range.getClientRects()].some(r => r.width > 0 && r.height > 0)) continue;
    if (getComputedStyle(el).visibility === 'hidden') continue;
    let size = parseFloat(getComputedStyle(el).fontSize) * scale;
    if (el instanceof SVGElement && el.getScreenCTM()) {
      const m = el.getScreenCTM();
      size = parseFloat(getComputedStyle(el).fontSize) * Math.hypot(m.a, m.b);
    }
    const role = el.closest('h1, h2') ? 'title'
      : el.closest('.ec-widget') ? 'widget'
      : el.closest('pre, code, .highlight, .ec-code') ? 'code'
      : el.closest('.ec-source') ? 'source' : 'text';
    texts.push({ role, size: Math.round(size * 10) / 10, text: text.slice(0, 40),
                 words: (text.match(/[\p{L}\p{N}]+/gu) || []).length });
  }
  const title = slide.querySelector('h1, h2');
  const lines = title ? Math.round(title.getBoundingClientRect().height /
    (parseFloat(getComputedStyle(title).lineHeight) * scale)) : 0;
  return { index: Reveal.getIndices().h, kind: slide.dataset.kind, overflow: Math.round(overflow),
           worst, texts, titleLines: lines,
           words: texts.filter(t => t.role === 'text').reduce((n, t) => n + t.words, 0),
           codeLines: [...slide.querySelectorAll('.ec-code pre:not(.ec-output)')]
             .map(pre => pre.textContent.replace(/\n$/, '').split('\n').length) };
}
