"""Saved hands: a learner's named collections of hands (a teacher's lesson decks), each hand a
request query the walkthrough and the picker both read."""
