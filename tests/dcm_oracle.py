"""A slow, literal transcription of the DCM paper's Algorithms 2 and 3 (Besalu, 2021, appendix).

Test support only: it is the reference the fast :func:`pokerengine.models.dcm`
is checked against.  Variable names follow the paper (``MD``, ``ProbMin``,
``PW``, ``DCM``, ``w`` for identities, ``S`` for stacks, ``P`` for prizes
sorted from lower to higher); indices are 0-based where the paper's are
1-based.  Nothing is optimised, and the paper's choices are kept as written,
in particular:

- ``p`` passed to ``New_Hand`` is the probability of *each outcome* of the
  node (the root gets ``1/N``); a pruned node calls ``Solve_Bankruptcy`` with
  that ``p``, so its other ``(n - 1) p`` is not assigned to anyone;
- the pruning test comes before the ``n = 1`` test;
- prizes are sorted, so only non-increasing prize lists mean what they say.
"""

from __future__ import annotations

import sys


def solve_bankruptcy(p, DCM, L, w, S, P):
    """Algorithm 2: ``L`` players with identities ``w`` and entering stacks ``S`` share prizes ``P``."""
    order = sorted(range(L), key=lambda m: S[m])  # "Sort stacks from lower to higher ... drag the identities"
    S = [S[m] for m in order]
    w = [w[m] for m in order]
    P = sorted(P)  # "Sort prizes from lower to higher"
    i = 0
    PL = 1
    while i < L:  # Do while i < L
        i = i + 1
        if i < L:
            k = i + 1
            while True:
                if S[i - 1] == S[k - 1]:
                    if k == L:
                        break
                    k = k + 1
                else:
                    k = k - 1
                    break
        else:
            k = i
        share = sum(P[PL - 1 : PL + k - i]) / (k - i + 1)  # sum_{j=PL}^{PL+k-i} P_j / (k - i + 1)
        for m in range(i, k + 1):
            DCM[w[m - 1]] += p * share
        PL = PL + k - i + 1
        i = k


def dcm_oracle(stacks, prizes, MD=50, ProbMin=1e-15):
    """Algorithm 3.  Returns ``(DCM, PW, nodes)``: equities, winning probabilities, nodes visited."""
    N = len(stacks)
    P = sorted(list(prizes) + [0] * (N - len(prizes)))  # "prizes for the N podium positions ... lower to higher"
    DCM = [0.0] * N
    PW = [0.0] * N
    nodes = [0]

    def new_hand(Deep, p, n, w, S, P):
        nodes[0] += 1
        if Deep == MD or p < ProbMin:  # pruning: tree search termination is forced
            solve_bankruptcy(p, DCM, n, w, S, P)
            return
        if n == 1:  # termination node, one single winner: the first prize
            DCM[w[0]] += p * P[-1]
            PW[w[0]] += p
            return
        for j in range(n):  # the winning player is the j-th one
            S2 = list(S)
            for i in range(n):
                if i != j:
                    e = min(S[i], S[j])
                    S2[i] -= e
                    S2[j] += e
            bust = [i for i in range(n) if S2[i] == 0]
            L = len(bust)
            if L > 0:
                solve_bankruptcy(p, DCM, L, [w[i] for i in bust], [S[i] for i in bust], P[:L])
            alive = [i for i in range(n) if S2[i] > 0]
            n2 = len(alive)
            new_hand(Deep + 1, p / n2, n2, [w[i] for i in alive], [S2[i] for i in alive], P[L:])

    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, 10 * MD + 100))
    try:
        new_hand(1, 1.0 / N, N, list(range(N)), list(stacks), P)
    finally:
        sys.setrecursionlimit(old)
    return DCM, PW, nodes[0]
