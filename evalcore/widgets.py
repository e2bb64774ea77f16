"""Interactive controls that keep working in the static HTML book, with no kernel.

Everything a control shows is precomputed by evalcore; the browser only switches between
precomputed states (a :func:`slider_stack` holds every pane) or, in
:func:`threshold_explorer`, counts and divides from precomputed operating points, so moving a
slider needs no Python.

Each function here documents one widget and builds it; the widget's class (in its own module,
on the base in ``_widget_kit``) checks the arguments, so the checks live in one place whether a
value comes from Python or from the browser. The classes are imported when first used, because
anywidget is an optional dependency.
"""

from __future__ import annotations

import base64
import html
import io
from typing import Any, Sequence

from .core.options import check_positive, check_text


def figure_pane(fig, *, alt: str, dpi: int = 150) -> str:
    """``fig`` as the HTML of an inline PNG with ``alt`` text, a pane for :func:`slider_stack`.

    The figure is closed afterwards. The PNG travels inside the page (in the widget state of
    the static book), so nothing is fetched to show it.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
        The figure to show.
    alt : str
        What the figure shows, for screen-reader users (required, not empty).
    dpi : int or float, default=150
        The resolution of the PNG (positive, finite).

    Returns
    -------
    str
        ``<img src="data:image/png;base64,..." alt="..." width=... height=...>``, with the
        PNG's pixel size as ``width`` and ``height`` (its aspect ratio).

    Raises
    ------
    TypeError
        When ``alt`` is not a str, ``dpi`` is not a real number or ``fig`` has no ``savefig``.
    ValueError
        When ``alt`` is empty or blank, or ``dpi`` is not positive and finite.

    See Also
    --------
    slider_stack : shows such panes one at a time under a slider.

    Examples
    --------
    >>> import evalcore as ec
    >>> ax = ec.plot_roc([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> pane = figure_pane(ax.figure, alt="ROC curve of the toy example")
    >>> pane.startswith('<img src="data:image/png;base64,')
    True
    >>> 'alt="ROC curve of the toy example"' in pane
    True
    """
    import matplotlib.pyplot as plt

    alt = check_text(alt, "alt", required=True, kind="a str describing the figure",
                     blank="must describe the figure (a non-empty string) for screen-reader "
                           "users")
    dpi = check_positive(dpi, "dpi")
    if not hasattr(fig, "savefig"):
        raise TypeError(f"fig must be a matplotlib Figure, got {type(fig).__name__}")
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=dpi, bbox_inches="tight")
    plt.close(fig)
    png = buffer.getvalue()
    # the IHDR chunk: width and height, big-endian, right after the 8-byte signature
    width, height = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
    data = base64.b64encode(png).decode("ascii")
    return (f'<img src="data:image/png;base64,{data}" alt="{html.escape(alt)}" '
            f'width="{width}" height="{height}" class="evalcore-figure">')


def slider_stack(panes: Sequence[Any], *, labels: Sequence[str], description: str,
                 index: int = 0, size: str = "normal"):
    """A slider that shows one of several precomputed panes, with no kernel needed.

    One widget: a native range input (arrow keys, PageUp/PageDown, Home/End) named by
    ``description``, a read-only readout showing the current label, and the current pane.
    The panes travel in the page, so the slider works in the static book.

    Parameters
    ----------
    panes : sequence of str or of objects with a ``.value`` str
        One pane of HTML per slider position, all computed in advance: :func:`figure_pane`
        images, HTML strings, or ``ipywidgets.HTML`` widgets (their ``.value`` is taken).
    labels : sequence of str
        The readout at each position (also what a screen reader says); as many as ``panes``.
    description : str
        The slider's label (its accessible name); not empty.
    index : int, default=0
        The position shown first.
    size : {"normal", "large"}, default="normal"
        ``"large"`` scales the slider and the figure up for a projector. Both are sized in em,
        so they also follow the notebook's font size.

    Returns
    -------
    SliderStack
        An anywidget. Its synced ``index`` trait is the single source of truth: set it from
        Python to move the slider in every view; ``.label`` is the current label.

    Raises
    ------
    TypeError
        When ``panes`` or ``labels`` is not a sequence, a pane is not HTML (a str or an object
        with a str ``.value``), a label is not a str or a number, ``description`` is not a
        str, ``index`` is not an integer or ``size`` is not a str.
    ValueError
        When there are no panes, ``labels`` does not have one entry per pane,
        ``description`` is blank, ``index`` is outside [0, len(panes) - 1] or ``size`` is
        unknown.

    See Also
    --------
    figure_pane : a matplotlib figure as a pane.
    threshold_explorer : a slider computed in the browser rather than precomputed panes.

    Examples
    --------
    >>> import evalcore as ec
    >>> stack = ec.slider_stack(["<p>a</p>", "<p>b</p>"], labels=["1", "2"],
    ...                         description="n")
    >>> stack.index = 1
    >>> stack.label
    '2'
    >>> stack
    SliderStack(description='n', 2 panes, index=1, label='2')
    """
    from ._slider_stack import SliderStack

    return SliderStack(panes, labels=labels, description=description, index=index, size=size)


def threshold_explorer(y_true: Any, y_score: Any, *, threshold: float | None = None,
                       rule: str = ">=", balance: bool = False, max_copies: int = 10,
                       title: str = "", pos_label: Any = None, size: str = "normal",
                       show: Sequence[str] = ("matrix", "rates", "roc", "pr", "strip")):
    """A threshold slider with the confusion matrix, rates, ROC and PR points it gives.

    One widget that draws its own controls: a range input whose steps are the operating
    points (with K distinct scores, K + 1 of them; moving right raises θ; arrow keys move one
    operating point, PageUp/PageDown about a tenth, Home/End to the ends), radio buttons for
    the rule ``score > θ`` or ``score ≥ θ`` and, with ``balance=True``, a "copies of each
    negative" range input. It shows the confusion matrix (a real ``<table>``), the main rates,
    the current point on the ROC and precision–recall curves, and the scores by class on a
    line, those called positive filled and the others hollow. The front end computes
    everything from the scores evalcore sorted, with the same counts and divisions as
    :class:`ConfusionMatrix`, so the values equal ``confusion_matrix_at(y_true, y_score, θ,
    rule=rule)``; it works in the static book with no kernel and no network. It takes no
    ``sample_weight``: the front end counts each case once (``balance`` weighs the negatives
    instead).

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True binary labels; both classes must be present.
    y_score : array-like of shape (n,)
        Scores; higher means more likely positive. At most 50,000 (they travel in the page).
    threshold : float, default=None
        The threshold shown first. ``None``: the median score. Any value is allowed; the
        slider sits at the operating point it gives.
    rule : {">=", ">"}, default=">="
        The rule shown first (the reader can switch it). Switching keeps θ; when θ sits on a
        score, the examples with that score change side.
    balance : bool, default=False
        Add a "copies of each negative" control (1 to ``max_copies``): counting each negative
        k times leaves the ROC curve where it is and moves the PR curve.
    max_copies : int, default=10
        The largest number of copies offered by the balance control (2 to 1,000).
    title : str, default=""
        A heading shown above the widget (also its accessible name).
    pos_label : int, float, bool or str, default=None
        The positive label. ``None``: 1 (or ``True``) for labels {0, 1}, {-1, 1} or booleans.
    size : {"normal", "large"}, default="normal"
        ``"large"`` scales the whole widget up for a projector. Everything is sized in em, so
        it also follows the notebook's font size.
    show : tuple of str, default=("matrix", "rates", "roc", "pr", "strip")
        The panels shown, among ``"matrix"``, ``"rates"``, ``"roc"``, ``"pr"`` and
        ``"strip"`` (all by default), to show only what a chapter has taught so far.

    Returns
    -------
    ThresholdExplorer
        An anywidget. Its synced traits ``.threshold``, ``.rule`` and ``.negative_copies`` are
        the state: set them from Python to move every view. ``.confusion_matrix()`` gives
        evalcore's matrix at the current state and ``.thresholds`` the K + 1 thresholds the
        slider steps through under the current rule: under ``>=`` the lowest score called
        positive (then a round value above every score), under ``>`` the highest score called
        negative (after a round value below every score).

    Raises
    ------
    TypeError
        When ``threshold`` is not a real number, ``rule``, ``size`` or ``title`` is not a str,
        ``balance`` is not a bool, ``max_copies`` is not an integer, ``show`` is not a
        sequence of str, or the labels or scores are of the wrong kind.
    ValueError
        When ``y_true`` lacks a class, the inputs differ in length, there are more than 50,000
        scores, ``threshold`` is NaN, ``rule``, ``size`` or a panel is unknown, ``max_copies``
        is outside [2, 1,000], or ``y_score`` cannot travel in the page as float64: values
        float64 cannot tell apart (integers beyond ±2**53, long doubles; rank them first) or
        ±1.7976931348623157e308, beyond which no finite threshold exists.

    See Also
    --------
    distribution_explorer : the picture-first explorer of two simulated classes.
    confusion_matrix_at : the matrix the explorer shows, at one threshold.

    Examples
    --------
    Murphy's classifier 1 at θ = 0.5: example 5 scores exactly 0.5, so the rule decides it.

    >>> import evalcore as ec
    >>> y, s = ec.murphy_classifier(1)
    >>> explorer = ec.threshold_explorer(y, s, threshold=0.5)
    >>> explorer.threshold, explorer.rule
    (0.5, '>=')
    >>> explorer.confusion_matrix()
    ConfusionMatrix(tp=5, fp=0, fn=0, tn=4)
    >>> explorer.rule = ">"            # θ stays; example 5 changes side
    >>> explorer.threshold, explorer.confusion_matrix()
    (0.5, ConfusionMatrix(tp=4, fp=0, fn=1, tn=4))
    >>> explorer.threshold = 0.35      # between two scores the rule does not matter
    >>> explorer.confusion_matrix()
    ConfusionMatrix(tp=5, fp=1, fn=0, tn=3)
    >>> explorer.thresholds.tolist()   # under >: the highest score called negative
    [0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9]
    >>> explorer.rule = ">="
    >>> explorer.thresholds.tolist()   # under >=: the lowest score called positive
    [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0]
    """
    from ._threshold_explorer import ThresholdExplorer

    return ThresholdExplorer(y_true, y_score, threshold=threshold, rule=rule, balance=balance,
                             max_copies=max_copies, title=title, pos_label=pos_label,
                             size=size, show=show)


def distribution_explorer(*, separation: float = 1.0, prevalence: float = 0.5,
                          threshold: float | None = None, n: int = 400, random_state: int = 0,
                          show: Sequence[str] = ("distributions", "matrix", "roc", "pr"),
                          title: str = "", size: str = "normal"):
    """Two classes' score distributions, a threshold through them, and what it gives.

    The picture-first explorer. Each class's scores are drawn as a histogram (the positives
    blue and hatched, the negatives orange and solid, so it reads in greyscale too), with the
    threshold θ as a vertical line; the cases right of it are predicted positive (TP, FP), those
    left of it negative (FN, TN), and the predicted-negative side is drawn faded. Three range
    inputs move θ, the separation of the classes and the prevalence π. Beside the picture: the
    confusion matrix (a real ``<table>``), the ROC curve with its AUC, the diagonal and the
    current point, and the precision–recall curve with its average precision, the baseline π
    and the current point. The arrow keys move a control one step, PageUp/PageDown ten steps,
    Home/End to its ends.

    The θ control steps through the operating points of the cases shown, not through a grid of
    θ: with K distinct scores it has K + 1 positions, from everything called positive to
    nothing, and each step moves at least one case across θ, so the matrix changes at every
    step. Its range follows the scores when the separation or the prevalence moves them; θ
    itself stays where it was, shown at its position among the new scores. A position's θ is
    the number with the fewest decimal places between the two scores it falls between (the
    ends: within 1 of the lowest and the highest score), so the readout stays short.

    The cases are fixed: ``numpy.random.default_rng(random_state).standard_normal(2 * n)``
    gives one noise value per case, the first n for a pool of positives and the last n for a
    pool of negatives. At prevalence π the explorer shows the first P positives, π·n rounded
    half up (kept within [1, n − 1]) and the first n − P negatives of the pools, with scores
    ``noise + separation × y``: a negative's score is its noise, a positive's is shifted right
    by the separation. The browser computes the same scores with the same operations, and the
    counts, the AUC and the average precision with evalcore's algorithms (sort, group ties,
    walk), so the numbers shown equal evalcore's on ``.sample()``. It
    works in the static book with no kernel and no network, live in Jupyter, and in the slides.

    Parameters
    ----------
    separation : float, default=1.0
        How far the positives' scores are shifted right, in standard deviations of the noise:
        0 (the classes overlap completely, AUC about ½) to 4 (almost separated). The control
        steps by 0.1.
    prevalence : float, default=0.5
        The share of positives π shown, strictly between 0 and 1. The control covers 0.05 to
        0.95 in steps of 0.05.
    threshold : float, default=None
        The threshold θ shown first (rule ``s ≥ θ``). ``None``: halfway between the class
        means, ``separation / 2``. It must lie within ``.low`` to ``.high``, the ends of the
        score axis: multiples of ½ beyond every score at every separation. The control then
        steps through ``.thresholds``, one operating point at a time.
    n : int, default=400
        How many cases are shown (2 to 10,000); the pools hold n of each class.
    random_state : int, default=0
        The seed of the noise (a non-negative integer: the picture is the same on every run).
    show : tuple of str, default=("distributions", "matrix", "roc", "pr")
        The panels shown, among ``"distributions"``, ``"matrix"``, ``"roc"`` and ``"pr"``
        (all by default), to show only what a chapter has taught so far.
    title : str, default=""
        A heading shown above the widget (also its accessible name).
    size : {"normal", "large"}, default="normal"
        ``"large"`` scales the whole widget up for a projector; everything is sized in em.

    Returns
    -------
    DistributionExplorer
        An anywidget. Its synced traits ``.separation``, ``.prevalence`` and ``.threshold``
        are the state: set them from Python to move every view. ``.sample()`` gives the
        ``(y_true, y_score)`` shown now and ``.confusion_matrix()`` evalcore's matrix of it at
        θ under ``s ≥ θ``; ``.thresholds`` the K + 1 values of θ the control steps through
        now, and ``.position`` θ's position among them (how many distinct scores lie below θ).

    Raises
    ------
    TypeError
        When ``separation``, ``prevalence`` or ``threshold`` is not a real number, ``n`` or
        ``random_state`` is not an integer, ``title`` or ``size`` is not a str or ``show`` is
        not a sequence of str.
    ValueError
        When ``separation`` is outside [0, 4], ``prevalence`` outside (0, 1), ``threshold``
        outside the control's range, ``n`` outside [2, 10,000], ``random_state`` negative,
        ``show`` names an unknown panel or none, or ``size`` is unknown.

    See Also
    --------
    threshold_explorer : the same matrix and curves for your own labels and scores.

    Examples
    --------
    >>> import evalcore as ec
    >>> w = ec.distribution_explorer(separation=1.0, prevalence=0.5, n=400)
    >>> w.threshold, w.low, w.high
    (0.5, -4.0, 7.5)
    >>> w.position, len(w.thresholds)            # 198 of the 400 distinct scores lie below θ
    (198, 401)
    >>> w.thresholds[[0, 197, 198, 199, 400]].tolist()   # the ends hug the lowest and highest
    [-3.9, 0.48, 0.5, 0.52, 4.0]
    >>> y, s = w.sample()
    >>> int(y.sum()), len(y)
    (200, 400)
    >>> round(ec.roc_auc(y, s), 3)
    0.764
    >>> w.separation = 3.0                       # the classes move apart: a better ranking
    >>> round(ec.roc_auc(*w.sample()), 3)
    0.986
    >>> w.prevalence = 0.1                       # 40 positives among 400 cases
    >>> w.confusion_matrix()
    ConfusionMatrix(tp=40, fp=112, fn=0, tn=248)
    >>> w
    DistributionExplorer(n=400, random_state=0, separation=3, prevalence=0.1, threshold=0.5)
    """
    from ._distribution_explorer import DistributionExplorer

    return DistributionExplorer(separation=separation, prevalence=prevalence,
                                threshold=threshold, n=n, random_state=random_state, show=show,
                                title=title, size=size)

def self_check(question: str, *, answer: Any, choices: Sequence[str] | None = None,
               explanations: Sequence[str] | None = None, tolerance: float = 0.0,
               decimals: int | None = None, hint: str = "", explain: str = "",
               mistakes: Any = None, possible: tuple[float, float, str] | None = None,
               reread: tuple[str, str] | None = None, answer_label: str | None = None,
               size: str = "normal"):
    """A short question with instant feedback that explains a wrong answer; no kernel needed.

    Two kinds. With ``choices``, a multiple-choice question: picking a choice shows its
    explanation at once (why it is right, or why it is wrong), and the reader may pick again.
    Without, a number to type: "Check" (or Enter) says whether it is right (within
    ``tolerance`` of ``answer``, or equal to it at ``decimals`` decimals) and shows ``explain``
    when it is, the explanation of a known mistake when it matches one of ``mistakes``, why
    it is impossible when it lies outside ``possible``, and ``hint`` otherwise; "Show answer"
    shows the answer and ``explain``. Typed answers may be written ``0.47``, ``0,47``,
    ``47%`` or ``47/100``. Everything runs in the browser from the widget's state, so the
    check works in the static book, in Jupyter and in the slides; its root element has the
    class ``self-check``.

    The widget says the verdict, once: "Right:", "Not quite:" or "Impossible:", then the
    text. A text that opens with a verdict of its own ("Right:", "Correct:", "Yes:", "No:",
    "Not quite:", "Wrong:", "Incorrect:", or the word followed by "." or "!") is shown without
    it, so ``"Right: more cases are called positive."`` reads "Right: more cases are called
    positive."; the texts are kept as given.

    Parameters
    ----------
    question : str
        The question, in plain text (no LaTeX, no MyST); not empty. Compute the numbers in it.
    answer : int or float
        With ``choices``, the index of the right choice; otherwise the right number (finite).
    choices : sequence of str, default=None
        Two or more choices, each non-empty. ``None``: a number to type instead.
    explanations : sequence of str, default=None
        With ``choices`` (required then), one non-empty explanation per choice. ``None``: none,
        for a number question.
    tolerance : float, default=0.0
        A typed number within this distance of ``answer`` is right (0: exactly). Also sets how
        many decimals "Show answer" prints: 0.005 prints two. Leave it at 0 with ``decimals``.
    decimals : int, default=None
        The decimals the question asks for, 0 to 15: a typed number within half a unit of
        the last one (0.5·10^-decimals) of ``answer`` is right, so with ``decimals=2`` and
        ``answer=0.9583`` both 0.96 and 0.958 are; "Show answer" prints ``answer`` rounded
        to ``decimals`` decimals (half away from zero: 0.625 prints 0.63), and ``mistakes``
        match within the same distance. ``None``: ``tolerance``
        decides. Not with ``tolerance`` nor ``choices``.
    hint : str, default=""
        Shown after a wrong number: what to compute, from what (required for a number).
    explain : str, default=""
        Shown after a right number or "Show answer": the worked answer (required for a number).
    mistakes : mapping of float to str, default=None
        Known wrong answers (a slip a reader is likely to make) and what each one is; a typed
        number within ``tolerance`` of one shows its explanation instead of the hint.
        ``None``: none known.
    possible : tuple of (float, float, str), default=None
        ``(low, high, why)``: a typed number outside ``[low, high]`` that is neither right nor
        a known mistake is impossible, and ``why`` is shown instead of the hint ("An AUC is a
        probability: it lies between 0 and 1."). ``low < high``, either may be infinite, and
        ``answer`` lies between them. ``None``: every number is possible. Not with
        ``choices``.
    reread : tuple of (str, str), default=None
        ``(link text, href)``: "Reread: link text", a link to ``href``, under every feedback
        (a right, wrong or impossible answer, "Show answer", each choice's explanation).
        ``href`` is a relative URL, ``"05_auc.html#the-auc-as-a-probability"``: no scheme,
        no ``//`` start, no white space or backslash, so the book never sends its reader off
        the machine. ``None``: no link.
    answer_label : str, default=None
        The answer as "Show answer" prints it. ``None``: ``answer`` with ``decimals``
        decimals, or with the decimals ``tolerance`` implies.
    size : {"normal", "large"}, default="normal"
        ``"large"`` scales the widget up for a projector.

    Returns
    -------
    SelfCheck
        An anywidget; ``.check(response)`` applies the front end's rule in Python, and
        ``.feedback(typed)`` gives what the front end shows for a typed answer.

    Raises
    ------
    TypeError
        When ``question``, a choice, an explanation, ``hint``, ``explain``,
        ``answer_label``, ``size``, a mistake's text, ``why`` or a part of ``reread`` is not a
        str, ``answer``, ``tolerance``, a mistake's key, ``low`` or ``high`` is not a real
        number (``answer`` not an int index with ``choices``), ``decimals`` is not an int,
        ``mistakes`` is not a mapping, or ``possible`` or ``reread`` is not a tuple.
    ValueError
        When ``question`` is empty, there are fewer than two choices, ``explanations`` does
        not have one entry per choice, ``answer`` is out of range or not finite, ``tolerance``
        is negative or infinite, ``decimals`` is outside 0 to 15 or given with a non-zero
        ``tolerance`` or with ``choices``, a mistake's key is not finite, ``possible`` does
        not hold three items with ``low < high`` (neither nan) around ``answer`` and a
        non-empty ``why`` (or is given with ``choices``), ``reread`` does not hold a
        non-empty link text and a relative ``href``, ``size`` is unknown, or a number
        question lacks ``hint`` or ``explain``.

    See Also
    --------
    slider_stack, threshold_explorer : the book's other kernel-free widgets.

    Examples
    --------
    >>> import evalcore as ec
    >>> cm = ec.ConfusionMatrix.from_counts(tp=9, fp=99, fn=1, tn=891)
    >>> q = ec.self_check("Of those who test positive, what share are ill? (two decimals)",
    ...                   answer=cm.precision, decimals=2,
    ...                   hint="Precision: TP / (TP + FP).",
    ...                   explain=f"9 / (9 + 99) = {cm.precision:.3f}.",
    ...                   mistakes={cm.tpr: "That is the sensitivity, TP / (TP + FN)."},
    ...                   possible=(0, 1, "A precision is a share: it lies between 0 and 1."),
    ...                   reread=("Precision", "02_rates.html#precision"))
    >>> q.answer_label, q.check(0.08), q.check(0.0833), q.check(0.9)
    ('0.08', True, True, False)
    >>> q.feedback("8%").line
    'Right: 9 / (9 + 99) = 0.083.'
    >>> q.feedback("1.2").line
    'Impossible: A precision is a share: it lies between 0 and 1.'
    >>> q
    SelfCheck(a number: 'Of those who test positive, what share are ill? (two deci...')
    >>> m = ec.self_check("Lowering θ can make FP ...", choices=["rise", "fall"], answer=0,
    ...                   explanations=["Right: more cases are called positive.",
    ...                                 "No: a case called positive stays positive."])
    >>> m.check(0), m.check(1)
    (True, False)
    >>> m.feedback(1).line
    'Not quite: a case called positive stays positive.'
    """
    from ._self_check import SelfCheck

    return SelfCheck(question, answer=answer, choices=choices, explanations=explanations,
                     tolerance=tolerance, decimals=decimals, hint=hint, explain=explain,
                     mistakes=mistakes, possible=possible, reread=reread,
                     answer_label=answer_label, size=size)
