"""The test tiers: ``make unit`` runs each property test with a smaller budget of examples
(tests/conftest.py), ``make test`` with the whole budget its settings ask for."""

from types import SimpleNamespace

import pytest
from hypothesis import given, settings, strategies as st

from conftest import ROOT, smaller_budgets, unit_budget


def counted_property_test(examples: int):
    """A property test asking for ``examples`` examples, and the list its runs append to."""
    seen: list[int] = []

    @settings(max_examples=examples, database=None, derandomize=True)
    @given(st.integers())
    def test(n):
        seen.append(n)

    return test, seen


@pytest.mark.parametrize("examples", [200, 40, 8])
def test_the_unit_tier_runs_a_quarter_of_the_examples(examples):
    test, seen = counted_property_test(examples)
    smaller_budgets([SimpleNamespace(obj=test)])
    test()
    assert len(seen) == unit_budget(examples)
    assert unit_budget(examples) == (examples if examples <= 10 else max(10, examples // 4))


def test_the_whole_budget_is_the_settings_own():
    test, seen = counted_property_test(60)
    test()
    assert len(seen) == 60


def test_make_unit_is_the_unit_tier_and_make_test_is_not():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    unit = makefile.split("\nunit:", 1)[1].split("\n\n", 1)[0]
    whole = makefile.split("\ntest:", 1)[1].split("\n\n", 1)[0]
    assert "EVALCORE_TEST_TIER=unit" in unit
    assert "EVALCORE_TEST_TIER" not in whole
