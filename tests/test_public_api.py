"""The public list reads by concept, and the API appendix reads the same way.

``evalcore.__all__`` is written in groups, each under a comment naming its concept; the
appendix (chapters/a3_api.md and the pages under it in _toc.yml, one a group of concepts, so no
page is a wall) has one section per group with the same title, documenting the same names in
the same order. Every public name is documented exactly once.
"""

import inspect
import io
import re
import tokenize
from pathlib import Path

import evalcore as ec

ROOT = Path(__file__).resolve().parents[1]


def appendix_pages() -> list[Path]:
    """The API appendix's pages in the book's order: chapters/a3_api.md, then its sections in
    _toc.yml."""
    import yaml

    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    entries = [entry for part in toc["parts"] for entry in part["chapters"]]
    appendix = next(entry for entry in entries if entry["file"] == "chapters/a3_api")
    files = [appendix["file"]] + [section["file"] for section in appendix.get("sections", [])]
    return [ROOT / f"{name}.md" for name in files]


def groups_of_all() -> list[tuple[str, list[str]]]:
    """The ``# concept`` comments of ``__all__`` and the names under each, from the source."""
    source = (ROOT / "evalcore" / "__init__.py").read_text()
    start = source.index("__all__ = [")
    end = source.index("\n]", start) + 2
    groups: list[tuple[str, list[str]]] = []
    for token in tokenize.generate_tokens(io.StringIO(source[start:end]).readline):
        if token.type == tokenize.COMMENT:
            groups.append((token.string.lstrip("# ").strip(), []))
        elif token.type == tokenize.STRING:
            assert groups, f"{token.string} comes before the first concept comment"
            groups[-1][1].append(token.string.strip("\"'"))
    return groups


def sections_of_appendix() -> list[tuple[str, list[str]]]:
    """The appendix's ``## title`` sections and the names their directives document."""
    sections: list[tuple[str, list[str]]] = []
    lines = [line for page in appendix_pages() for line in page.read_text().splitlines()]
    for line in lines:
        if line.startswith("## "):
            sections.append((line[3:].strip(), []))
        elif match := re.match(r"\.\. auto(?:function|class|exception|data):: (\S+)", line):
            assert sections, f"{line} comes before the first section"
            sections[-1][1].append(match.group(1).rsplit(".", 1)[-1])
    return sections


def test_all_is_grouped_by_concept_and_lists_each_name_once():
    groups = groups_of_all()
    names = [name for _, members in groups for name in members]
    assert names == list(ec.__all__)
    assert len(names) == len(set(names))
    assert len(groups) >= 10 and all(members for _, members in groups)
    assert not any(re.search(r"part \d|evalcore 0\.\d|statistics", title) for title, _ in groups)


def test_every_public_name_exists_and_nothing_public_is_left_out():
    assert all(hasattr(ec, name) for name in ec.__all__)
    public = {name for name, value in vars(ec).items()
              if not name.startswith("_") and not inspect.ismodule(value)}
    assert public == set(ec.__all__), public ^ set(ec.__all__)


#: The appendix's sections for optional extras: a module of its own, not in ``__all__``.
EXTRA_SECTIONS = {"At scale (optional: evalcore[dask])": "evalcore.dask_evaluation",
                  "Thresholds tuned in scikit-learn (optional: evalcore[sklearn])":
                      "evalcore.sklearn_scorers"}


def test_the_appendix_reads_as_all_does():
    sections = [s for s in sections_of_appendix() if s[0] not in EXTRA_SECTIONS]
    assert sections == groups_of_all()


def test_the_appendix_is_a_page_a_group_of_concepts():
    """Each page is a few sections of the reference, none a wall: at most a quarter of the
    names on any page, and every page but the first names its place in the reference."""
    pages = appendix_pages()
    assert len(pages) >= 5
    counts = [len(re.findall(r"^\.\. auto(?:function|class|exception|data)::", page.read_text(),
                             re.M)) for page in pages]
    assert sum(counts) >= len(ec.__all__)
    assert max(counts) <= len(ec.__all__) / 4, dict(zip((p.stem for p in pages), counts))
    for page in pages[1:]:
        assert "{doc}`a3_api`" in page.read_text(), page.name


def test_each_optional_module_is_documented_in_its_own_section():
    import importlib

    sections = dict(sections_of_appendix())
    for title, module_name in EXTRA_SECTIONS.items():
        module = importlib.import_module(module_name)
        assert sections[title] == module.__all__


def test_constants_are_documented_where_they_are_defined():
    """A re-exported constant has no doc comment at the top level, so the appendix names the
    module that defines it (autodoc would otherwise show the docstring of ``dict``)."""
    lines = [line for page in appendix_pages() for line in page.read_text().splitlines()]
    assert sum(line.startswith(".. autodata::") for line in lines) >= 5
    for line in lines:
        if match := re.match(r"\.\. autodata:: (\S+)", line):
            module_name, _, name = match.group(1).rpartition(".")
            module = __import__(module_name, fromlist=[name])
            source = Path(module.__file__).read_text()
            assert re.search(rf"^#: .*\n(?:#: .*\n)*{name}\b", source, re.M) or \
                re.search(rf"^{name}\b.*\n\"\"\"", source, re.M), f"{match.group(1)} has no doc comment"
            assert getattr(module, name) is getattr(ec, name)
