"""The core every other part uses openly: argument checks and the undefined-metric policy
(validation), scikit-learn's keywords a function does not take, answered (sklearn_keywords),
the one place that sorts scores into tie groups and counts at every threshold
(ranking, with float scores as sortable keys in float_keys), the exact side of a threshold (threshold_side), the exact AUC sums of a score
range (auc_sums), the confusion matrix (confusion, with the rates read off one margin in
rates, the metrics that combine them in combined and their exact arithmetic in exact) and
its layouts, the curves, the areas, precision-recall, information and multiclass averages.
Every ranking metric has a kernel on tie groups (``roc_auc_from_groups``, ...); the public,
mergeable summary those groups fill, :class:`~evalcore.ScoreCounts`, is at the top of the
layers (:mod:`evalcore.scale.score_counts`), since its methods call kernels of every layer.

Private: the API is the flat namespace of :mod:`evalcore` (``import evalcore as ec``).
"""
