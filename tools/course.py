"""The paths through the book: a header atop every chapter, the route and the lecture plans.

A Sphinx extension (``_config.yml`` loads it) that reads ``course.yml``:

* atop every numbered chapter, under its title, one line: whether a first course needs it
  (core) or it can wait (optional), its reading time, and the chapters it assumes (links);
* the ``{course-route}`` directive: the book's parts as tables, every chapter with its number,
  core or optional, what it assumes and its reading time, each part closed by its review page,
  and the core route's length in hours;
* the ``{lecture-plans}`` directive: the plans of ``course.yml``, each lecture with its
  chapters and the decks to project (``slides/<chapter>.html``, written by tools/slides.py).

The reading times are measured on the built pages with :func:`reading_time.reading_time`, the
formula tests/book/test_course.py holds every chapter to: after the HTML is written, each placeholder
``<span class="reading-time" data-page="...">`` gets that page's minutes, and each
``<span class="course-hours" data-pages="...">`` the hours of the pages it lists.
"""

from __future__ import annotations

import html
import math
import posixpath
import re
from pathlib import Path

import yaml
from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from reading_time import ReadingTime, reading_time

ROOT = Path(__file__).resolve().parent.parent
COURSE = ROOT / "course.yml"
FOLDER = "chapters"
PLACEHOLDER = re.compile(r'(<span class="reading-time" data-page="(?P<page>[^"]+)">)[^<]*(</span>)')
HOURS = re.compile(r'(<span class="course-hours" data-pages="(?P<pages>[^"]+)">)[^<]*(</span>)')


def load_course(path: Path = COURSE) -> dict:
    """``course.yml``, its chapter names checked against each other."""
    course = yaml.safe_load(path.read_text(encoding="utf-8"))
    chapters = course["chapters"]
    for name, entry in chapters.items():
        if set(entry) != {"core", "assumes"} or not isinstance(entry["core"], bool):
            raise ValueError(f"course.yml: chapter {name} needs core (true or false) and "
                             f"assumes (a list), got {sorted(entry)}")
        for other in entry["assumes"]:
            if other not in chapters or list(chapters).index(other) >= list(chapters).index(name):
                raise ValueError(f"course.yml: {name} assumes {other}, which is not an "
                                 "earlier chapter")
    for plan in course["plans"]:
        for lecture in plan["lectures"]:
            unknown = set(lecture) - set(chapters)
            if unknown:
                raise ValueError(f"course.yml: plan {plan['name']!r} names {sorted(unknown)}, "
                                 "which are not chapters")
    return course


def minutes_text(minutes: int) -> str:
    return f"about {minutes} min"


def hours_text(minutes: float) -> str:
    """Hours to the nearest half hour, as a reader says them."""
    halves = max(1, math.floor(minutes / 30 + 0.5))
    whole, half = divmod(halves, 2)
    if whole == 0:
        return "about half an hour"
    return f"about {whole}{'½' if half else ''} hour{'s' if halves > 2 else ''}"


# --- links, numbers and titles from the built environment ---------------------------------------

def _docname(name: str) -> str:
    return f"{FOLDER}/{name}"


def _number(env, name: str) -> str:
    numbers = env.toc_secnumbers.get(_docname(name), {}).get("")
    if not numbers:
        raise ValueError(f"course.yml: {name} has no chapter number in the book")
    return ".".join(map(str, numbers))


def _title(env, name: str) -> str:
    return env.titles[_docname(name)].astext()


def _href(app, fromdoc: str, name: str) -> str:
    return app.builder.get_relative_uri(fromdoc, _docname(name))


def _chapter_link(app, fromdoc: str, name: str, numbered: bool = True) -> str:
    env = app.env
    text = f"{_number(env, name)}. {_title(env, name)}" if numbered else _title(env, name)
    return (f'<a class="reference internal" href="{html.escape(_href(app, fromdoc, name))}">'
            f"{html.escape(text)}</a>")


def _deck_link(fromdoc: str, name: str, number: str) -> str:
    href = posixpath.relpath(f"slides/{name}.html", posixpath.dirname(fromdoc) or ".")
    minutes = deck_minutes(name)
    length = f" ({minutes} min)" if minutes is not None else ""
    return f'<a href="{html.escape(href)}">deck {number}</a>{length}'


def deck_minutes(name: str) -> int | None:
    """The length a chapter's deck states (``minutes`` in ``chapters/<name>.deck.yml``)."""
    outline = ROOT / FOLDER / f"{name}.deck.yml"
    if not outline.is_file():
        return None
    return yaml.safe_load(outline.read_text(encoding="utf-8"))["minutes"]


def _minutes_placeholder(name: str) -> str:
    return f'<span class="reading-time" data-page="{_docname(name)}">…</span>'


def _hours_placeholder(names) -> str:
    return f'<span class="course-hours" data-pages="{",".join(map(_docname, names))}">…</span>'


def _kind(entry: dict) -> str:
    return "Core" if entry["core"] else "Optional"


# --- the chapter header -------------------------------------------------------------------------

def chapter_header(app, docname: str, name: str, entry: dict) -> str:
    assumes = entry["assumes"]
    needs = ("assumes " + ", ".join(_chapter_link(app, docname, other) for other in assumes)
             if assumes else "assumes no earlier chapter")
    return (f'<p class="chapter-path"><span class="chapter-kind chapter-kind-{_kind(entry).lower()}">'
            f"{_kind(entry)}</span> · {_minutes_placeholder(name)} · {needs}</p>")


def _add_header(app, doctree, docname: str) -> None:
    folder, _, name = docname.rpartition("/")
    entry = app.config.course["chapters"].get(name) if folder == FOLDER else None
    if entry is None:
        return
    section = next(iter(doctree.findall(nodes.section)), None)
    if section is None or not isinstance(section[0], nodes.title):
        raise ValueError(f"{docname}: a chapter starts with its title")
    section.insert(1, nodes.raw("", chapter_header(app, docname, name, entry), format="html"))


# --- the directives -----------------------------------------------------------------------------

class course_table(nodes.General, nodes.Element):
    """Stands for a directive's table until the numbers are known (``doctree-resolved``)."""


class RouteDirective(SphinxDirective):
    """The parts, their chapters (core or optional, what each assumes, minutes), the reviews."""

    def run(self):
        return [course_table(kind="route")]


class PlansDirective(SphinxDirective):
    """The lecture plans of ``course.yml``."""

    def run(self):
        return [course_table(kind="plans")]


def route_html(app, docname: str) -> str:
    course = app.config.course
    chapters = course["chapters"]
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    core = [name for name, entry in chapters.items() if entry["core"]]
    out = [f'<p>The core route: {len(core)} chapters, {_hours_placeholder(core)} of reading '
           "(the times below, measured on each page by the book's build).</p>"]
    for part in toc["parts"]:
        names = [entry["file"].rpartition("/")[2] for entry in part["chapters"]]
        names = [name for name in names if name in chapters]
        if not names:
            continue
        caption = part["caption"]
        out.append(f"<h3>{html.escape(caption)}</h3>")
        out.append('<div class="pst-scrollable-table-container"><table class="table course-route">'
                   "<thead><tr><th>Chapter</th><th>Route</th><th>Assumes</th>"
                   "<th>Reading</th></tr></thead><tbody>")
        for name in names:
            entry = chapters[name]
            assumes = ", ".join(_number(app.env, other) for other in entry["assumes"]) or "–"
            out.append(f"<tr><td>{_chapter_link(app, docname, name)}</td><td>{_kind(entry)}</td>"
                       f"<td>{assumes}</td><td>{_minutes_placeholder(name)}</td></tr>")
        review = course["reviews"].get(caption)
        if review:
            out.append(f'<tr><td colspan="4">Then the part\'s review: '
                       f"{_chapter_link(app, docname, review, numbered=False)}</td></tr>")
        out.append("</tbody></table></div>")
    return "\n".join(out)


def plans_html(app, docname: str) -> str:
    out = []
    for plan in app.config.course["plans"]:
        out.append(f"<h3>{html.escape(plan['name'])}</h3><p>{html.escape(plan['about'])}</p>")
        out.append('<div class="pst-scrollable-table-container"><table class="table lecture-plan"><thead><tr>'
                   "<th>Lecture</th><th>Chapters</th><th>Decks to project</th>"
                   "</tr></thead><tbody>")
        for i, lecture in enumerate(plan["lectures"], 1):
            chapters = "<br>".join(_chapter_link(app, docname, name) for name in lecture)
            decks = ", ".join(_deck_link(docname, name, _number(app.env, name))
                              for name in lecture)
            out.append(f"<tr><td>{i}</td><td>{chapters}</td><td>{decks}</td></tr>")
        out.append("</tbody></table></div>")
    return "\n".join(out)


def _resolve_tables(app, doctree, docname: str) -> None:
    for node in list(doctree.findall(course_table)):
        made = route_html if node["kind"] == "route" else plans_html
        node.replace_self(nodes.raw("", made(app, docname), format="html"))


def _doctree_resolved(app, doctree, docname: str) -> None:
    _add_header(app, doctree, docname)
    _resolve_tables(app, doctree, docname)


# --- after the build: the measured times --------------------------------------------------------

def fill_reading_times(outdir: Path) -> dict[str, ReadingTime]:
    """Every placeholder of the built book filled with the minutes measured on its page."""
    outdir = Path(outdir)
    times: dict[str, ReadingTime] = {}

    def measured(page: str) -> ReadingTime:
        if page not in times:
            times[page] = reading_time((outdir / f"{page}.html").read_text(encoding="utf-8"))
        return times[page]

    for path in sorted(outdir.rglob("*.html")):
        text = path.read_text(encoding="utf-8")
        if 'class="reading-time"' not in text and 'class="course-hours"' not in text:
            continue
        filled = PLACEHOLDER.sub(
            lambda m: m[1] + minutes_text(measured(m["page"]).rounded) + m[3],
            text)
        filled = HOURS.sub(
            lambda m: m[1] + hours_text(sum(measured(p).minutes for p in m["pages"].split(","))) + m[3],
            filled)
        if filled != text:
            partial = path.with_name(path.name + ".partial")
            partial.write_text(filled, encoding="utf-8")
            partial.replace(path)
    return times


def _build_finished(app, exception) -> None:
    if exception is None and app.builder.name == "html":
        fill_reading_times(Path(app.outdir))


def _config_inited(app, config) -> None:
    config.course = load_course()


def _check(app, env) -> None:
    for name in app.config.course["chapters"]:
        if _docname(name) not in env.found_docs:
            raise ValueError(f"course.yml names {name}, which is not a page of the book")
    for review in app.config.course["reviews"].values():
        if _docname(review) not in env.found_docs:
            raise ValueError(f"course.yml names the review {review}, which is not a page")


def _deck_meta(app, pagename, templatename, context, doctree) -> None:
    """A chapter with a lecture deck (an outline ``chapters/NN_name.deck.yml``, built by
    tools/slides.py) says so in a ``<meta name="evalcore-deck">``: book_assets/slides-link.js
    then links the deck and its PDF handout from the page."""
    folder, _, name = pagename.partition("/")
    if folder == FOLDER and (ROOT / FOLDER / f"{name}.deck.yml").is_file():
        context["metatags"] = (context.get("metatags", "")
                               + f'\n<meta name="evalcore-deck" content="{html.escape(name)}">')


def setup(app):
    app.add_config_value("course", {}, "env")
    app.connect("config-inited", _config_inited)
    app.add_node(course_table)
    app.add_directive("course-route", RouteDirective)
    app.add_directive("lecture-plans", PlansDirective)
    app.connect("env-check-consistency", _check)
    app.connect("doctree-resolved", _doctree_resolved)
    app.connect("build-finished", _build_finished)
    app.connect("html-page-context", _deck_meta)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
