"""Chapter 14_evaluation_protocol: the check of Demšar's worked example, moved out of the chapter.

Demšar (2006, section 3.2.2 and Table 6) compares four variants of C4.5 (C4.5, C4.5+m, C4.5+cf,
C4.5+m+cf) by their AUCs on 14 data sets and publishes average ranks 3.143, 2.000, 2.893 and
1.964, Friedman's χ²_F = 9.28, Iman and Davenport's F_F = 3.69 (critical value of F(3, 39) at
5%: 2.85) and Nemenyi's critical difference 1.25. His AUCs are printed to three decimals, and
on the voting data (row 13) C4.5+cf and C4.5+m+cf tie at 0.975. The chapter says, in one
sentence, that only with that tie broken do his published statistics return, and that his
conclusion holds either way. Here the ranks are counted independently (scipy's ``rankdata``, the
Friedman and Iman-Davenport formulas written out) and compared with evalcore's and with his.
tests/stats/test_protocol.py checks ``ec.friedman_test`` on the same table; this file pins what the
chapter says about it.
"""

from __future__ import annotations


import numpy as np
import pytest
from scipy import stats

import evalcore as ec
from conftest import ROOT
from notebook_cells import prose
from reference import DEMSAR_AUC

PROTOCOL = ROOT / "chapters" / "14_evaluation_protocol.ipynb"
#: Demšar's published numbers.
PUBLISHED_RANKS = [3.143, 2.000, 2.893, 1.964]
PUBLISHED_CHI2, PUBLISHED_F, PUBLISHED_F_CRITICAL, PUBLISHED_CD = 9.28, 3.69, 2.85, 1.25
VOTING = 12                                    # row 13 of Table 6


def friedman_by_formula(table: np.ndarray) -> tuple[np.ndarray, float, float]:
    """Average ranks (1 the best, ties sharing their mean rank), χ²_F and F_F, written out."""
    n, k = table.shape
    ranks = np.array([stats.rankdata(-row) for row in table]).mean(axis=0)
    chi2 = 12 * n / (k * (k + 1)) * (np.sum(ranks**2) - k * (k + 1) ** 2 / 4)
    return ranks, chi2, (n - 1) * chi2 / (n * (k - 1) - chi2)


def untied() -> np.ndarray:
    table = DEMSAR_AUC.copy()
    table[VOTING, 2] += 1e-5                   # C4.5+cf ahead on the voting data
    return table


def test_the_printed_table_ties_two_variants_on_the_voting_data():
    assert DEMSAR_AUC.shape == (14, 4)
    assert DEMSAR_AUC[VOTING, 2] == DEMSAR_AUC[VOTING, 3] == 0.975


def test_the_printed_table_does_not_give_the_published_statistics():
    ranks, chi2, f = friedman_by_formula(DEMSAR_AUC)
    np.testing.assert_allclose(ranks, [22 / 7, 2.0, 41 / 14, 27 / 14])
    assert chi2 == pytest.approx(69 / 7) and round(chi2, 2) != PUBLISHED_CHI2
    got = ec.friedman_test(DEMSAR_AUC)
    np.testing.assert_allclose(got.average_ranks, ranks)
    assert got.statistic == pytest.approx(chi2) and got.f_statistic == pytest.approx(f)


def test_breaking_the_voting_tie_returns_every_published_number():
    ranks, chi2, f = friedman_by_formula(untied())
    np.testing.assert_allclose(ranks, PUBLISHED_RANKS, atol=5e-4)
    assert round(chi2, 2) == PUBLISHED_CHI2 and round(f, 2) == PUBLISHED_F
    got = ec.friedman_test(untied())
    np.testing.assert_allclose(got.average_ranks, ranks)
    assert got.statistic == pytest.approx(chi2) and got.f_statistic == pytest.approx(f)
    assert got.df == (3, 39)
    assert round(ec.nemenyi_critical_difference(4, 14), 2) == PUBLISHED_CD
    # Nemenyi's CD by its formula: q_0.05 for k = 4 is 2.569 (Demšar's Table 5)
    assert 2.569 * np.sqrt(4 * 5 / (6 * 14)) == pytest.approx(PUBLISHED_CD, abs=0.005)


def test_the_conclusion_holds_either_way():
    critical = stats.f.ppf(0.95, 3, 39)
    assert round(critical, 2) == PUBLISHED_F_CRITICAL
    for table in (DEMSAR_AUC, untied()):
        _, _, f = friedman_by_formula(table)
        assert f > critical


def test_the_chapter_points_here_in_one_sentence():
    text = " ".join(prose(PROTOCOL).split())
    assert "Demšar's own worked example" in text and "recomputed in the tests" in text
    assert "not his 9.28" not in text
