"""Decisions in a tournament: exact all-in odds, ranges, the money value of an action under a
payout model, push/fold equilibria and bubble factors (hold'em).

This step of the data flow sits over :mod:`pokerengine.models`: it asks the payout models what
stacks are worth and decides with those values.
"""
