"""The layouts the sources print a confusion matrix in, and the matrix shown as text and HTML.

Kept apart from the counts and the rates (:mod:`evalcore.core.confusion`, which inherits its
rates from :mod:`evalcore.core.rates` and :mod:`evalcore.core.combined`), as scikit-learn keeps
its displays apart from its metrics. :class:`Layout` and :data:`LAYOUTS` name the layouts;
:func:`check_layout`, :func:`arrange` and :func:`canonical_cells` move a 2x2 table between a
layout and the canonical order ``[[tp, fn], [fp, tn]]`` (truth on rows, positive first).

:class:`LaidOutTable` holds the methods that show a matrix in a layout (``as_array``,
``axis_labels``, ``format`` and ``to_html``): :class:`~evalcore.ConfusionMatrix` inherits
them. They read its four counts and, for joint probabilities, its exact arithmetic
(``_joint``, which the matrix defines); they hold no arithmetic of their own.
"""

from __future__ import annotations

import html
import math
from typing import Any, NamedTuple

import numpy as np

from .options import check_bool, check_int, check_one_of


class Layout(NamedTuple):
    """How a 2x2 confusion matrix is printed.

    ``truth`` is ``"rows"`` or ``"columns"``: which axis holds the true class.
    ``positive_first`` says whether the positive class is the first row/column.
    """

    truth: str
    positive_first: bool


#: The layouts of the five sources (and scikit-learn's), by name.
LAYOUTS: dict[str, Layout] = {
    "murphy": Layout("columns", True),      # Murphy (2007), Table 3: estimate on rows, 1 first
    "vojnovic": Layout("rows", False),      # ST445 slides: true on rows, 0 first
    "raschka": Layout("rows", True),        # Raschka (2014): actual on rows, P first
    "r_note": Layout("rows", True),         # the R note: actual y=1 on the first row
    "tutorial": Layout("rows", False),      # the tutorial prints scikit-learn's matrix
    "sklearn": Layout("rows", False),       # sklearn.metrics.confusion_matrix
}


def check_layout(layout: Any) -> Layout:
    """Return ``layout`` as a :class:`Layout`: a Layout with valid fields, or a layout's name.

    Parameters
    ----------
    layout : str or Layout
        A key of :data:`LAYOUTS`, or a Layout.

    Returns
    -------
    Layout

    Raises
    ------
    TypeError
        If ``layout`` is neither a str nor a Layout, or a Layout's field is of the wrong kind.
    ValueError
        If ``layout`` names no layout, or a Layout's ``truth`` is not "rows" or "columns".
    """
    if isinstance(layout, Layout):
        try:
            check_one_of(layout.truth, ("rows", "columns"), "layout.truth")
        except (TypeError, ValueError) as exc:
            raise type(exc)(f"layout.truth must be 'rows' or 'columns', "
                            f"got {layout.truth!r}") from None
        check_bool(layout.positive_first, "layout.positive_first")
        return layout
    try:
        return LAYOUTS[check_one_of(layout, tuple(LAYOUTS), "layout")]
    except (TypeError, ValueError) as exc:
        raise type(exc)(f"layout must be a Layout or one of {sorted(LAYOUTS)}, "
                        f"got {layout!r}") from None


def arrange(canonical: list, spec: Layout) -> np.ndarray:
    """``[[tp, fn], [fp, tn]]`` (truth on rows, positive first) laid out as ``spec``."""
    array = np.array(canonical)
    if not spec.positive_first:
        array = array[::-1, ::-1]
    if spec.truth == "columns":
        array = array.T
    return array


def canonical_cells(cells: list[list[Any]], spec: Layout) -> list[list[Any]]:
    """A 2x2 table printed in ``spec``, as nested lists, back in the order
    ``[[tp, fn], [fp, tn]]``: the inverse of :func:`arrange`, each cell kept as it is (a
    Python int stays exact)."""
    if spec.truth == "columns":
        cells = [list(column) for column in zip(*cells)]  # now rows = truth
    if not spec.positive_first:
        cells = [row[::-1] for row in cells[::-1]]        # now positive first on both axes
    return cells


def _integer_counts(matrix: LaidOutTable) -> bool:
    return all(isinstance(count, int) for count in (matrix.tp, matrix.fp, matrix.fn, matrix.tn))


def _fixed_point_is_faithful(values: np.ndarray, digits: int | None) -> bool:
    """Whether ``digits`` decimals show every cell: none is 1e15 or more, and (for counts,
    ``digits`` given) no nonzero one would round to 0."""
    if any(isinstance(v, int) and v >= 1e15 for v in values.ravel().tolist()):
        return False
    cells = [float(v) for v in values.ravel()]
    if not all(math.isfinite(v) and v < 1e15 for v in cells):
        return False
    return digits is None or all(v == 0 or v >= 10.0 ** -digits / 2 for v in cells)


# --- the methods a ConfusionMatrix inherits ----------------------------------------------------
class LaidOutTable:
    """A 2x2 table of counts shown in a layout: as an array, as text, as HTML.

    The base of :class:`~evalcore.ConfusionMatrix`, which supplies what these methods read:
    the four counts ``tp``, ``fp``, ``fn``, ``tn`` and ``_joint(layout)``, the joint
    probabilities in a layout, exactly rounded.
    """

    def _joint(self, spec: Layout) -> np.ndarray:
        raise NotImplementedError

    def as_array(self, layout: str | Layout = "sklearn") -> np.ndarray:
        """The 2x2 counts in ``layout`` (scikit-learn's by default: ``[[tn, fp], [fn, tp]]``).

        Parameters
        ----------
        layout : str or Layout, default="sklearn"
            Which axis holds the truth and which class comes first.

        Returns
        -------
        numpy.ndarray of shape (2, 2)
            Integer counts as int64 (as Python ints beyond int64), weighted counts as float64.

        Raises
        ------
        TypeError, ValueError
            If ``layout`` is not a Layout or a layout's name.

        See Also
        --------
        ConfusionMatrix.joint_table : the same divided by n.
        """
        spec = check_layout(layout)
        return arrange([[self.tp, self.fn], [self.fp, self.tn]], spec)

    def ravel(self) -> np.ndarray:
        """The four counts in scikit-learn's order, ``tn, fp, fn, tp``: what
        ``sklearn.metrics.confusion_matrix(y_true, y_pred).ravel()`` gives for labels
        {0, 1}, so ``tn, fp, fn, tp = cm.ravel()`` reads them as it does.

        The matrix itself is not iterable (``tn, fp, fn, tp = cm`` is Python's
        ``TypeError``), so that ``pandas.DataFrame([cm_a, cm_b])`` reads its fields, by name,
        as columns; read the counts by name (``cm.tp``) to need no order at all.

        Returns
        -------
        numpy.ndarray of shape (4,)
            ``as_array().ravel()``: int64 for integer counts (Python ints beyond int64),
            float64 for weighted ones.

        Examples
        --------
        >>> import evalcore as ec
        >>> tn, fp, fn, tp = ec.confusion_matrix([0, 0, 1, 1, 1], [0, 1, 1, 1, 0]).ravel()
        >>> int(tn), int(fp), int(fn), int(tp)
        (1, 1, 1, 2)
        """
        return self.as_array().ravel()

    def __array__(self, dtype: Any = None, copy: Any = None) -> np.ndarray:
        """``np.asarray(cm)``: :meth:`as_array` in scikit-learn's layout,
        ``[[tn, fp], [fn, tp]]``, int64 for integer counts and float64 for weighted ones, or
        in ``dtype``. Counts beyond int64 (which ``as_array`` keeps as Python ints) are an
        ``OverflowError`` unless a ``dtype`` is given: never an array of objects unasked.
        The array is new each time (``copy`` has nothing to share)."""
        counts = self.as_array()
        if dtype is not None:
            return counts.astype(dtype)
        if counts.dtype == object:
            largest = max(self.tp, self.fp, self.fn, self.tn)
            raise OverflowError(f"np.asarray of a {type(self).__name__}: its counts exceed "
                                f"int64 (largest {largest}); cm.as_array() keeps them exact "
                                f"as Python ints, np.asarray(cm, dtype=float) rounds them to "
                                f"float64")
        return counts


    @staticmethod
    def axis_labels(layout: str | Layout = "sklearn") -> tuple[list[str], list[str]]:
        """The row and the column labels of :meth:`as_array` in ``layout``.

        Parameters
        ----------
        layout : str or Layout, default="sklearn"
            Which axis holds the truth and which class comes first.

        Returns
        -------
        tuple of two lists of str
            The row labels and the column labels.

        Raises
        ------
        TypeError, ValueError
            If ``layout`` is not a Layout or a layout's name.

        Examples
        --------
        >>> from evalcore import ConfusionMatrix
        >>> ConfusionMatrix.axis_labels("murphy")
        (['estimate 1', 'estimate 0'], ['truth 1', 'truth 0'])
        """
        spec = check_layout(layout)
        classes = ["1", "0"] if spec.positive_first else ["0", "1"]
        truth = [f"truth {c}" for c in classes]
        estimate = [f"estimate {c}" for c in classes]
        return (truth, estimate) if spec.truth == "rows" else (estimate, truth)


    def format(self, layout: str | Layout = "sklearn", *, normalize: bool = False,
               digits: int = 3) -> str:
        """The matrix as text in ``layout``, with row and column labels.

        Integer counts print as integers. Otherwise every cell prints with ``digits``
        decimals, unless that would hide a value: when a cell is 1e15 or more, or a nonzero
        weighted count would round to 0, every cell prints in Python's shortest exact form
        (``1e+300``, ``5e-324``); a nonzero joint probability that would round to 0 prints
        as ``<0.001`` (for ``digits=3``).

        Parameters
        ----------
        layout : str or Layout, default="sklearn"
            Which axis holds the truth and which class comes first.
        normalize : bool, default=False
            Print the joint probabilities instead of the counts.
        digits : int, default=3
            Decimals of non-integer cells, 0 to 17.

        Returns
        -------
        str

        Raises
        ------
        TypeError
            If ``normalize`` is not a bool or ``digits`` not an integer, or ``layout`` is of
            the wrong kind.
        ValueError
            If ``digits`` is outside 0..17 or ``layout`` names no layout.

        See Also
        --------
        ConfusionMatrix.to_html : the same as an HTML table.
        """
        spec = check_layout(layout)
        normalize = check_bool(normalize, "normalize")
        digits = check_int(digits, "digits", low=0, high=17)
        rows, cols = self.axis_labels(spec)
        values = self._joint(spec) if normalize else self.as_array(spec)
        # counts print as integers only when all four are integers (one weighted count makes
        # them all weights: 0.5 must not print as 0); the format is chosen from all cells
        if not normalize and _integer_counts(self):
            def cell(v):
                return f"{int(v)}"
        elif _fixed_point_is_faithful(values, None if normalize else digits):
            smallest = 10.0 ** -digits

            def cell(v):
                # a nonzero cell that would round to 0 says so rather than print 0
                if 0 < v < smallest / 2:
                    return f"<{smallest:.{digits}f}"
                return f"{v:.{digits}f}"
        else:
            def cell(v):
                return str(v) if isinstance(v, int) else repr(float(v))
        width = max(len(c) for c in cols + [cell(v) for v in values.ravel()])
        head = " " * max(len(r) for r in rows) + "".join(f"  {c:>{width}}" for c in cols)
        lines = [head]
        for label, row in zip(rows, values):
            lines.append(f"{label:<{len(head) - 2 * (width + 2)}}"
                         + "".join(f"  {cell(v):>{width}}" for v in row))
        return "\n".join(lines)


    def to_html(self, layout: str | Layout = "sklearn", *,
                caption: str | None = None) -> str:
        """The matrix as an HTML table (a real table, readable by screen readers).

        Parameters
        ----------
        layout : str or Layout, default="sklearn"
            Which axis holds the truth and which class comes first.
        caption : str, default=None
            A caption, HTML-escaped. ``None``: no caption.

        Returns
        -------
        str
            Integer counts print as integers, weighted counts with six significant digits.

        Raises
        ------
        TypeError
            If ``caption`` is neither a str nor None, or ``layout`` is of the wrong kind.
        ValueError
            If ``layout`` names no layout.

        See Also
        --------
        ConfusionMatrix.format : the same as text.
        """
        spec = check_layout(layout)
        if caption is not None and not isinstance(caption, str):
            raise TypeError(f"caption must be a str or None, got {type(caption).__name__}")
        rows, cols = self.axis_labels(spec)
        values = self.as_array(spec)
        integers = _integer_counts(self)

        def fmt(v):
            # integers exactly (however large), weighted counts with six significant digits
            return f"{int(v)}" if integers or isinstance(v, int) else f"{v:g}"

        parts = ['<table class="evalcore-cm">']
        if caption:
            parts.append(f"<caption>{html.escape(caption)}</caption>")
        parts.append("<thead><tr><td></td>" + "".join(
            f'<th scope="col">{html.escape(c)}</th>' for c in cols) + "</tr></thead><tbody>")
        for label, row in zip(rows, values):
            parts.append(f'<tr><th scope="row">{html.escape(label)}</th>'
                         + "".join(f"<td>{fmt(v)}</td>" for v in row) + "</tr>")
        parts.append("</tbody></table>")
        return "".join(parts)
