"""The ISLR `Default` credit data as the chapters split and fit it, for the tests that
recompute their numbers (chapters 7, 22 and 25): the features `student` and `balance` in
thousands, a seeded split of 8,000 cases to fit and 2,000 to test, and an unpenalised logistic
regression fitted with scikit-learn (the chapters' own fit is evalcore-free too).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np


class DefaultCredit(NamedTuple):
    X: np.ndarray              # student (0 or 1), balance / 1000
    y: np.ndarray              # 1 for a default
    student: np.ndarray        # bool
    train: np.ndarray          # indices of the 8,000 fitting cases
    test: np.ndarray           # indices of the 2,000 test cases
    model: object              # the fitted LogisticRegression

    def test_scores(self) -> tuple[np.ndarray, np.ndarray]:
        """The test cases' labels and predicted probabilities of default."""
        return self.y[self.test], self.model.predict_proba(self.X[self.test])[:, 1]


def default_credit() -> DefaultCredit:
    from ISLP import load_data
    from sklearn.linear_model import LogisticRegression

    default = load_data("Default")
    student = (default["student"] == "Yes").to_numpy()
    X = np.column_stack([student.astype(float), default["balance"] / 1000])
    y = (default["default"] == "Yes").to_numpy().astype(int)
    order = np.random.default_rng(42).permutation(len(y))
    train, test = order[:8000], order[8000:]
    model = LogisticRegression(C=np.inf, tol=1e-10, max_iter=1000).fit(X[train], y[train])
    return DefaultCredit(X, y, student, train, test, model)
