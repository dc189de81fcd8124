"""The walkthrough: one scored hand explained step by step, from the engine's trace.

``steps`` turns a request into display steps (:func:`tutor.walkthrough.steps.build`); ``views``
renders them at /tutor/explain.
"""
