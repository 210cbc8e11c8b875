"""The lab of ucsx: the property checker, the descriptions, the density
tables and the report page of ``ucsx-lab``, on built-in or described
formats, as the ``ucsx`` command gives them.

Each function but ``report`` returns the JSON document its command writes
with ``--json`` (``docs/results.schema.json``, schema ``"ucsx-results/1"``)
as a dict: the lab's own text, read by :mod:`json`, so the dict equals
``json.loads`` of the command's output for the same arguments.

- ``check(format, *, cases=None, seed=None, max_bits=None, only=None)``:
  ``ucsx properties --json``. ``format`` is a built-in name, TOML text, a
  path to a description or a :class:`ucsx.Format`; ``cases`` (default 256,
  at most 65536: more counts as that) and ``seed`` set the sample;
  ``max_bits`` (1 to 4096, default 200) is the largest bit length tested
  in an unbounded format, and a ``ValueError`` for a bounded one, which is
  always tested whole; ``only`` is a property name or names.
- ``describe(format)``: ``ucsx describe --json``, the description's text
  and its classes.
- ``compare(formats, corpus=None, *, cases=None, seed=None, max_bits=None)``:
  ``ucsx compare --json``, every property of each format; with ``corpus``
  (a path or paths of UTF-8 text) ``ucsx compare --corpus ... --json``,
  the code points of each file and what each format needs for them.
- ``density(formats, *, max_bits=128)``: ``ucsx density --json``, the
  units and bytes per code point of each bit length.
- ``report(formats, path=None, *, against=None, corpus=None, cases=None,
  seed=None, max_bits=None)``: ``ucsx report``, one self-contained HTML
  page, written to ``path`` through a temporary file in the same directory
  renamed into place (on any error the file is as it was; returns
  ``None``), or returned as a ``str`` without ``path``.

``formats`` (and ``against``) is one format or an iterable of them. The
document of a check: ``schema``, ``tool`` (``name``, ``version``),
``command``, ``check`` (``seed``, ``seed_hex``, ``cases``, ``max_bits``) and
``formats``, each with ``head``, ``name``, ``builtin``, ``file``, ``hash``,
``unit_bits``, ``max``, ``verdicts`` (``property``, ``verdict`` ``"pass"``
or ``"fail"``, ``method`` ``"decided"`` or ``"sampled"``, ``detail`` and
``counterexample``: a FAIL's ``code_points`` and ``units``, ``None`` for a
PASS) and ``density`` (``bits``, ``units``, ``bytes``). Unlike the command,
no environment variable changes the defaults (``UCSX_PROPERTY_CASES``).
The work runs without the GIL.
"""

from ._ucsx import check, compare, density, describe, report

__all__ = ["check", "compare", "density", "describe", "report"]
