"""The core every other part uses openly: argument checks and the undefined-metric policy
(validation), the one place that sorts scores into tie groups and counts at every threshold
(ranking), the public, mergeable summary those groups fill (score_counts: ScoreCounts), the
exact side of a threshold (threshold_side), the exact AUC sums of a score range (auc_sums),
the confusion matrix (confusion, with the rates read off one margin in rates, the metrics
that combine them in combined and their exact arithmetic in exact) and its layouts, the
curves, the areas, precision-recall, information and multiclass averages.

Private: the API is the flat namespace of :mod:`evalcore` (``import evalcore as ec``).
"""
