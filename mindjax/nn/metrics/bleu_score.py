"""BleuScore: corpus BLEU of candidate translations against reference translations."""
from __future__ import annotations

from collections import Counter

import numpy as np

from ._validate import check_value_type
from .metric import Metric, rearrange_inputs


class BleuScore(Metric):
    """BLEU with n-grams up to ``n_gram`` (1 to 4), optionally add-one ``smooth``-ed.

    Example:
        >>> from mindspore.train import BleuScore
        >>> candidate_corpus = [['i', 'have', 'a', 'pen', 'on', 'my', 'desk']]
        >>> reference_corpus = [[['i', 'have', 'a', 'pen', 'in', 'my', 'desk'],
        ...                      ['there', 'is', 'a', 'pen', 'on', 'the', 'desk']]]
        >>> metric = BleuScore()
        >>> metric.update(candidate_corpus, reference_corpus)
        >>> print(round(float(metric.eval()), 6))
        0.594604
    """

    def __init__(self, n_gram: int = 4, smooth: bool = False):
        super().__init__()
        self.n_gram = check_value_type("n_gram", n_gram, [int])
        if self.n_gram > 4 or self.n_gram < 1:
            raise ValueError("For 'BleuScore', the argument 'n_gram' should range from 1 to 4, but got {}."
                             .format(n_gram))
        self.smooth = check_value_type("smooth", smooth, [bool])
        self.clear()

    def clear(self):
        """Reset the n-gram counts and lengths."""
        self._numerator = np.zeros(self.n_gram)
        self._denominator = np.zeros(self.n_gram)
        self._precision_scores = np.zeros(self.n_gram)
        self._c = 0.0
        self._r = 0.0
        self._trans_len = 0
        self._ref_len = 0
        self._is_update = False

    @staticmethod
    def _count_ngram(words, n_gram):
        counter = Counter()
        for n in range(1, n_gram + 1):
            for j in range(len(words) - n + 1):
                counter[tuple(words[j:j + n])] += 1
        return counter

    @rearrange_inputs
    def update(self, *inputs):
        """``update(candidate_corpus, reference_corpus)``: lists of token lists, and for each
        candidate a list of reference token lists."""
        if len(inputs) != 2:
            raise ValueError("For 'BleuScore.update', it needs 2 inputs (candidate_corpus, reference_corpus), "
                             "but got {}.".format(len(inputs)))
        candidate_corpus, reference_corpus = inputs
        if len(candidate_corpus) != len(reference_corpus):
            raise ValueError("For 'BleuScore.update', 'translate_corpus' (inputs[0]) and 'reference_corpus' "
                             "(inputs[1]) should be equal in length, but got {}, {}"
                             .format(len(candidate_corpus), len(reference_corpus)))
        for candidate, references in zip(candidate_corpus, reference_corpus):
            self._c += len(candidate)
            ref_lens = [len(ref) for ref in references]
            diffs = [abs(len(candidate) - n) for n in ref_lens]
            # the reference length closest to the candidate's (the first one on ties)
            self._r += ref_lens[diffs.index(min(diffs))]
            cand_counts = self._count_ngram(candidate, self.n_gram)
            ref_counts = Counter()
            for ref in references:
                ref_counts |= self._count_ngram(ref, self.n_gram)
            clipped = cand_counts & ref_counts
            for gram, count in clipped.items():
                self._numerator[len(gram) - 1] += count
            for gram, count in cand_counts.items():
                self._denominator[len(gram) - 1] += count
        self._trans_len = np.array(self._c)
        self._ref_len = np.array(self._r)
        self._is_update = True

    def eval(self):
        """The BLEU score (a 0-d numpy array)."""
        if self._is_update is False:
            raise RuntimeError("Please call the 'update' method before calling 'eval' method.")
        if min(self._numerator) == 0.0:
            return np.array(0.0)
        if self.smooth:
            precision = np.add(self._numerator, np.ones(self.n_gram)) / np.add(self._denominator,
                                                                               np.ones(self.n_gram))
        else:
            precision = self._numerator / self._denominator
        log_precision = np.array([1.0 / self.n_gram] * self.n_gram) * np.log(precision)
        geometric_mean = np.exp(np.sum(log_precision))
        brevity_penalty = np.array(1.0) if self._c > self._r else np.exp(1 - self._ref_len / self._trans_len)
        return brevity_penalty * geometric_mean
