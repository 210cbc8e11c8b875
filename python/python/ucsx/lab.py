"""The lab of ucsx: the property checker of ``ucsx-lab`` on a built-in or
described format.

``check(format, cases=..., seed=...)`` returns a dict of plain values
(version 1 of its layout):

- ``version`` (1), ``format`` (the format's name), ``seed``, ``cases``,
  ``max_bits``, ``passed`` (every property passed);
- ``results``: one dict per property, in the checker's order, with
  ``property`` (its name: ``"round-trip"``, ``"canonical"``, …),
  ``verdict`` (``"PASS"`` or ``"FAIL"``), ``method`` (``"decided"``: proved
  from a description; ``"sampled"``: no counterexample among the cases),
  ``detail`` (the text of the report line: what was measured, or the
  counterexample) and ``counterexample`` (its units as ints where the
  checker gives them as data; ``None`` in this version, which gives them in
  ``detail`` only);
- ``density``: dicts of ``bits``, ``units`` and ``bytes``, the length of
  the code of the largest value of each bit length in the range.
"""

from ._ucsx import check

__all__ = ["check"]
