"""The public list reads by concept, and the API appendix reads the same way.

``evalcore.__all__`` is written in groups, each under a comment naming its concept; the
appendix (chapters/a3_api.md) has one section per group with the same title, documenting the
same names in the same order. Every public name is documented exactly once.
"""

import inspect
import io
import re
import tokenize
from pathlib import Path

import evalcore as ec

ROOT = Path(__file__).resolve().parents[1]
APPENDIX = ROOT / "chapters" / "a3_api.md"


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
    for line in APPENDIX.read_text().splitlines():
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
EXTRA_SECTIONS = {"At scale (optional: evalcore[dask])": "evalcore.dask_evaluation"}


def test_the_appendix_reads_as_all_does():
    sections = [s for s in sections_of_appendix() if s[0] not in EXTRA_SECTIONS]
    assert sections == groups_of_all()


def test_each_optional_module_is_documented_in_its_own_section():
    import importlib

    sections = dict(sections_of_appendix())
    for title, module_name in EXTRA_SECTIONS.items():
        module = importlib.import_module(module_name)
        assert sections[title] == module.__all__


def test_constants_are_documented_where_they_are_defined():
    """A re-exported constant has no doc comment at the top level, so the appendix names the
    module that defines it (autodoc would otherwise show the docstring of ``dict``)."""
    for line in APPENDIX.read_text().splitlines():
        if match := re.match(r"\.\. autodata:: (\S+)", line):
            module_name, _, name = match.group(1).rpartition(".")
            module = __import__(module_name, fromlist=[name])
            source = Path(module.__file__).read_text()
            assert re.search(rf"^#: .*\n(?:#: .*\n)*{name}\b", source, re.M) or \
                re.search(rf"^{name}\b.*\n\"\"\"", source, re.M), f"{match.group(1)} has no doc comment"
            assert getattr(module, name) is getattr(ec, name)
