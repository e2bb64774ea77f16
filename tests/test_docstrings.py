"""The public docstrings, read as a scikit-learn user reads them (numpydoc).

* every keyword with a default shows it the numpydoc way, ``level : float, default=0.95``, and the
  value written there is the one in the signature;
* a docstring that cites a paper (an author and a year) has a References section;
* a function that takes labels and scores but no ``sample_weight`` says so, since a
  scikit-learn user reaches for it.
"""

import ast
import importlib
import inspect
import re

import pytest

import evalcore as ec

PUBLIC = [getattr(ec, name) for name in ec.__all__]
CALLABLES = sorted({f for f in PUBLIC if inspect.isfunction(f) or inspect.isclass(f)},
                   key=lambda f: f.__name__)


def sections(doc: str) -> dict[str, list[str]]:
    """The numpydoc sections of a docstring: title -> its lines (dedented)."""
    lines = inspect.cleandoc(doc).splitlines()
    found, title = {"": []}, ""
    for i, line in enumerate(lines):
        if i + 1 < len(lines) and set(lines[i + 1].strip()) == {"-"} and line.strip():
            title = line.strip()
            found[title] = []
        elif not set(line.strip()) == {"-"} or not line.strip():
            found[title].append(line)
    return found


def documented_parameters(doc: str) -> dict[str, str]:
    """name -> the text after ``:`` on its Parameters line."""
    result = {}
    for line in sections(doc).get("Parameters", []):
        if line and not line[0].isspace() and " : " in line + " ":
            names, _, kind = line.partition(" :")
            for name in names.split(","):
                result[name.strip().lstrip("*")] = kind.strip()
    return result


def named_value(text: str):
    """The value a dotted name such as ``math.e`` or ``np.inf`` stands for, or None."""
    module, _, attribute = text.rpartition(".")
    try:
        return getattr(importlib.import_module({"np": "numpy"}.get(module, module)), attribute)
    except (ImportError, ValueError, AttributeError):
        return None


def keyword_defaults(f):
    target = f.__init__ if inspect.isclass(f) else f
    try:
        signature = inspect.signature(target)
    except (TypeError, ValueError):
        return {}
    return {name: p.default for name, p in signature.parameters.items()
            if p.default is not inspect.Parameter.empty}


def public_methods(cls):
    """The public methods and constructors a class defines itself (not a NamedTuple's own)."""
    for name, member in vars(cls).items():
        if name.startswith("_"):
            continue
        function = getattr(member, "__func__", member)
        if inspect.isfunction(function) and function.__doc__:
            yield function


def documented_functions():
    """The public functions, and the public methods of the public classes, those they inherit
    from evalcore's own base classes (mixins such as ScoreCounts' methods) included."""
    functions = [f for f in CALLABLES if inspect.isfunction(f) and f.__doc__]
    bases = dict.fromkeys(base for cls in CALLABLES if inspect.isclass(cls)
                          for base in cls.__mro__ if base.__module__.startswith("evalcore"))
    methods = [m for base in bases for m in public_methods(base)]
    return functions + methods


@pytest.mark.parametrize("f", documented_functions(), ids=lambda f: f.__qualname__)
def test_every_default_is_shown_the_numpydoc_way(f):
    documented = documented_parameters(f.__doc__)
    wrong = []
    for name, default in keyword_defaults(f).items():
        kind = documented.get(name)
        if kind is None:
            wrong.append(f"{name}: not documented")
            continue
        match = re.search(r"default=(.+)$", kind)
        if match is None:
            wrong.append(f"{name}: {kind!r} shows no default=")
            continue
        text = match.group(1).strip()
        try:
            shown = ast.literal_eval(text)
        except (ValueError, SyntaxError):
            shown = text          # a name such as np.random.default_rng: compare by text
            named = named_value(text)     # or by the value of a constant such as math.e
            if text != repr(default) and text != getattr(default, "__name__", None) and not (
                    type(named) is type(default) and named == default):
                wrong.append(f"{name}: default={text} but the signature has {default!r}")
            continue
        if not (shown == default or (shown is None and default is None)) or type(shown) is not type(default) and not (
                isinstance(shown, (int, float)) and isinstance(default, (int, float)) and not isinstance(default, bool)):
            wrong.append(f"{name}: default={text} but the signature has {default!r}")
    assert not wrong, "; ".join(wrong)


CITATION = re.compile(r"\b[A-Z][A-Za-z'-]+(?: (?:and|&) [A-Z][A-Za-z'-]+| et al\.?)?,? \(?(?:19|20)\d\d[a-z]?\)?")


@pytest.mark.parametrize("f", [f for f in CALLABLES if f.__doc__], ids=lambda f: f.__name__)
def test_a_docstring_that_cites_a_paper_has_references(f):
    parts = sections(f.__doc__)
    # each section as one line, so that a citation broken across lines ("Efron and
    # Tibshirani\n1993") is still read as one
    text = {title: " ".join(line.strip() for line in lines) for title, lines in parts.items()}
    cited = [match.group(0) for title, joined in text.items()
             if title not in ("References", "Examples") for match in CITATION.finditer(joined)]
    if cited:
        assert "References" in parts, f"cites {cited[0]!r} but has no References section"


TAKES_SCORES = [f for f in documented_functions()
                if {"y_true", "y_score"} <= set(inspect.signature(f).parameters)
                or {"y_true", "y_score_a"} <= set(inspect.signature(f).parameters)]


@pytest.mark.parametrize("f", TAKES_SCORES, ids=lambda f: f.__name__)
def test_sample_weight_is_taken_or_its_absence_said(f):
    if "sample_weight" in inspect.signature(f).parameters:
        assert "sample_weight" in documented_parameters(f.__doc__)
    else:
        assert "sample_weight" in f.__doc__, "takes no sample_weight and does not say so"
