"""The UCS-X formats for Python: UTF-8, UTF-G-8, UTF-E-8, UTF-16, UTF-G-16,
UTF-E-16, UTF-∞-16, UTF-32 and UTF-G-32, with code points of any size as
Python ints.

Formats are named as on the ``ucsx`` command line: the identifiers
(``"utf-e-8"``, ``"utf-inf-16"``), the specs' names (``"UTF-∞-16"``) and
iconv's labels (``"UTF-16LE"``, ``"ucs-4"``), in any case; an ``LE``/``BE``
suffix fixes the byte order. A described format is its TOML text, a path to
it, or a :class:`Format`.

``import ucsx.codecs`` registers ``utf-g-8``, ``utf-e-8``, ``utf-inf-16``,
``utf-g-16``, ``utf-e-16`` and ``utf-g-32`` (the 16- and 32-bit ones with
``-le``/``-be`` forms too) with Python's codec registry.
"""

from ._ucsx import (
    DEFAULT_MAX_BITS,
    DecodeError,
    EncodeError,
    Format,
    __version__,
    decode,
    encode,
    names,
    transcode,
    transcode_file,
    validate,
)

__all__ = [
    "DEFAULT_MAX_BITS",
    "DecodeError",
    "EncodeError",
    "Format",
    "__version__",
    "decode",
    "encode",
    "names",
    "transcode",
    "transcode_file",
    "validate",
]
