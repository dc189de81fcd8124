"""The drills, one module each (or two close drills in one: ``table`` and ``reverse``, ``fu``
and ``fu_items``). Each module builds its :class:`~tutor.quiz.base.Drill` objects and registers
them (``tutor.quiz.registry.register``); importing this package imports every module in it, so a
new drill is one new module here and nothing else.
"""

from __future__ import annotations

import importlib
import pkgutil

for _module in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_module.name}")
