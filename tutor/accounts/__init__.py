"""Accounts and learners: sign-up, log-in, password reset, and the learner behind every answer
(an account, or an anonymous browser session that is kept when its owner signs up)."""
