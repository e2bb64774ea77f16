"""evalcore/examples.py: the sources' worked examples refuse an example they do not hold."""

from __future__ import annotations

import pytest

import evalcore as ec


def test_examples_inputs():
    with pytest.raises(ValueError, match=r"which must be 1 or 2"):
        ec.murphy_classifier(3)
