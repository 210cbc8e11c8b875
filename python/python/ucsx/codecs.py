"""Codecs of the UCS-X formats for Python's codec registry.

``import ucsx.codecs`` registers, for text within U+10FFFF:

- ``utf-g-8``, ``utf-e-8``: 8-bit units. Like Python's ``utf-8``, a leading
  U+FEFF is text, both ways.
- ``utf-inf-16``, ``utf-g-16``, ``utf-e-16`` and ``utf-g-32``, each with
  ``-le`` and ``-be`` forms (``utf-inf-16-le``; ``utf_inf_16le`` is read
  too, but not ``utf-∞-16``: Python's own search function, asked first,
  reads the ``∞`` as a separator and answers with its UTF-16). The suffixed forms fix the byte order and
  never read or write a byte order mark. Without a suffix, as on the
  ``ucsx`` command line (RFC 2781 §4.3): decoding reads a leading mark as
  one (it sets the order and is dropped), else big-endian; encoding writes
  big-endian without a mark.

Text that is valid in Python's ``utf-8``, ``utf-16`` or ``utf-32`` is valid
in these formats with the same meaning, so valid text goes through Python's
own codecs; from the first error on, the ``ucsx`` engine decodes and finds
each error, and Python's error handlers (``strict``, ``replace``,
``ignore``, ``backslashreplace``, ``surrogateescape`` and any registered
with :func:`codecs.register_error`) decide what becomes of it. A code point
beyond U+10FFFF cannot be a ``str`` character: it is a
``UnicodeDecodeError`` over its code, whose reason gives its value. Encoding
refuses only the surrogates U+D800..U+DFFF, which no UCS-X format encodes
(``surrogatepass`` therefore does not apply).

The incremental encoders and decoders make ``open(path, encoding="utf-e-8")``
and :func:`codecs.iterdecode` stream.
"""

import codecs
import re
from typing import Callable, Dict, Optional, Tuple

from . import _ucsx

__all__ = ["NAMES", "lookup"]

_SURROGATES = re.compile("[\ud800-\udfff]+")

# Python's codecs for the Unicode text these formats share with UTF-8,
# UTF-16 and UTF-32, by (unit bits, little-endian).
_FAST = {
    (8, False): (codecs.utf_8_decode, codecs.utf_8_encode),
    (16, True): (codecs.utf_16_le_decode, codecs.utf_16_le_encode),
    (16, False): (codecs.utf_16_be_decode, codecs.utf_16_be_encode),
    (32, True): (codecs.utf_32_le_decode, codecs.utf_32_le_encode),
    (32, False): (codecs.utf_32_be_decode, codecs.utf_32_be_encode),
}

_MARKS = {16: (b"\xfe\xff", b"\xff\xfe"), 32: (b"\x00\x00\xfe\xff", b"\xff\xfe\x00\x00")}


def _bounded(newpos: int, length: int) -> int:
    if newpos < 0:
        newpos += length
    if not 0 <= newpos <= length:
        raise IndexError(f"position {newpos} from error handler out of bounds")
    return newpos


class _Spec:
    """One registered name: the format, its unit width, and its byte order
    (None: a leading mark's, else big-endian)."""

    def __init__(self, name: str, format_id: str, bits: int, little: Optional[bool]):
        self.name = name
        self.format_id = format_id
        self.bits = bits
        self.little = little

    def decode(self, data: bytes, errors: str, final: bool, little: bool) -> Tuple[str, int]:
        """The text of ``data`` in the order ``little`` and the bytes taken
        (all of them when ``final``)."""
        fast_decode = _FAST[(self.bits, little and self.bits > 8)][0]
        try:
            return fast_decode(data, "strict", final)
        except UnicodeDecodeError as e:
            good = e.start
        parts = [fast_decode(data[:good], "strict", True)[0]] if good else []
        pos = good
        handler: Optional[Callable] = None
        while True:
            text, stop, failure = _ucsx._decode_text(self.format_id, little, data, pos, final)
            parts.append(text)
            if failure is None:
                return "".join(parts), stop
            start, end, reason = failure
            exc = UnicodeDecodeError(self.name, data, start, end, reason)
            if errors == "strict":
                raise exc
            if handler is None:
                handler = codecs.lookup_error(errors)
            replacement, newpos = handler(exc)
            parts.append(replacement)
            pos = _bounded(newpos, len(data))

    def encode(self, text: str, errors: str, little: bool) -> bytes:
        fast_encode = _FAST[(self.bits, little and self.bits > 8)][1]
        try:
            return fast_encode(text, "strict")[0]
        except UnicodeEncodeError:
            pass
        out = []
        pos = 0
        handler: Optional[Callable] = None
        while True:
            found = _SURROGATES.search(text, pos)
            if found is None:
                out.append(fast_encode(text[pos:], "strict")[0])
                return b"".join(out)
            out.append(fast_encode(text[pos : found.start()], "strict")[0])
            # Strict reports the whole run, as Python's UTF-8 does; a
            # handler is asked one surrogate at a time, as Python's codecs
            # go on after the surrogates their own fast paths escape.
            end = found.end() if errors == "strict" else found.start() + 1
            exc = UnicodeEncodeError(self.name, text, found.start(), end, "surrogates not allowed")
            if errors == "strict":
                raise exc
            if handler is None:
                handler = codecs.lookup_error(errors)
            replacement, newpos = handler(exc)
            if isinstance(replacement, str):
                try:
                    out.append(fast_encode(replacement, "strict")[0])
                except UnicodeEncodeError:
                    raise exc from None
            elif len(replacement) % (self.bits // 8):
                # Bytes that are no whole units (surrogateescape's, in a
                # 16- or 32-bit format), refused as Python's UTF-16 and
                # UTF-32 refuse them.
                raise exc
            else:
                out.append(bytes(replacement))
            pos = _bounded(newpos, len(text))

    def sniff(self, data: bytes, final: bool) -> Optional[Tuple[bool, int]]:
        """The order and mark length at the start of a stream of a name
        without a suffix; None while too few bytes have come."""
        big, little = _MARKS[self.bits]
        if data.startswith(big):
            return False, len(big)
        if data.startswith(little):
            return True, len(little)
        if len(data) < len(big) and not final and (big.startswith(data) or little.startswith(data)):
            return None
        return False, 0

    def codec_info(self) -> codecs.CodecInfo:
        spec = self

        def encode(text: str, errors: str = "strict") -> Tuple[bytes, int]:
            return spec.encode(text, errors, bool(spec.little)), len(text)

        def decode(data: bytes, errors: str = "strict") -> Tuple[str, int]:
            data = bytes(data)
            little, skip = bool(spec.little), 0
            if spec.bits > 8 and spec.little is None:
                little, skip = spec.sniff(data, True)  # type: ignore[misc]
            text, _ = spec.decode(data[skip:], errors, True, little)
            return text, len(data)

        class IncrementalEncoder(codecs.IncrementalEncoder):
            def encode(self, input: str, final: bool = False) -> bytes:
                return spec.encode(input, self.errors, bool(spec.little))

        class IncrementalDecoder(codecs.BufferedIncrementalDecoder):
            def __init__(self, errors: str = "strict") -> None:
                super().__init__(errors)
                # None: the order is not settled yet (a name without a
                # suffix, before its first bytes).
                self.order: Optional[bool] = spec.little

            def _buffer_decode(self, input: bytes, errors: str, final: bool) -> Tuple[str, int]:
                skip = 0
                if self.order is None:
                    sniffed = spec.sniff(bytes(input), final)
                    if sniffed is None:
                        return "", 0
                    self.order, skip = sniffed
                text, taken = spec.decode(bytes(input[skip:]), errors, final, self.order)
                return text, skip + taken

            def reset(self) -> None:
                super().reset()
                self.order = spec.little

            def getstate(self) -> Tuple[bytes, int]:
                buffered, _ = super().getstate()
                return buffered, {None: 0, True: 1, False: 2}[self.order]

            def setstate(self, state: Tuple[bytes, int]) -> None:
                super().setstate((state[0], 0))
                self.order = {0: None, 1: True, 2: False}[state[1]]

        class StreamWriter(codecs.StreamWriter):
            def encode(self, input: str, errors: str = "strict") -> Tuple[bytes, int]:
                return spec.encode(input, errors, bool(spec.little)), len(input)

        class StreamReader(codecs.StreamReader):
            def decode(self, input: bytes, errors: str = "strict") -> Tuple[str, int]:
                order = getattr(self, "_order", spec.little)
                skip = 0
                if order is None:
                    sniffed = spec.sniff(bytes(input), False)
                    if sniffed is None:
                        return "", 0
                    order, skip = sniffed
                    self._order = order
                text, taken = spec.decode(bytes(input[skip:]), errors, False, order)
                return text, skip + taken

        return codecs.CodecInfo(
            name=self.name,
            encode=encode,
            decode=decode,
            incrementalencoder=IncrementalEncoder,
            incrementaldecoder=IncrementalDecoder,
            streamwriter=StreamWriter,
            streamreader=StreamReader,
        )


def _specs() -> Dict[str, _Spec]:
    specs = {}
    for format_id, bits in [
        ("utf-g-8", 8),
        ("utf-e-8", 8),
        ("utf-inf-16", 16),
        ("utf-g-16", 16),
        ("utf-e-16", 16),
        ("utf-g-32", 32),
    ]:
        specs[format_id] = _Spec(format_id, format_id, bits, None if bits > 8 else False)
        if bits > 8:
            for suffix, little in (("le", True), ("be", False)):
                name = f"{format_id}-{suffix}"
                specs[name] = _Spec(name, format_id, bits, little)
    return specs


_SPECS = _specs()
#: Every name registered, in the spelling Python reports as the codec's name.
NAMES = tuple(_SPECS)
_BY_KEY = {re.sub("[-_ ]", "", name): spec for name, spec in _SPECS.items()}
_INFO: Dict[str, codecs.CodecInfo] = {}


def lookup(name: str) -> Optional[codecs.CodecInfo]:
    """The search function registered with :func:`codecs.register`: the
    codec of one of :data:`NAMES` (in any case, with ``-``, ``_`` or
    nothing between its parts), else None."""
    key = re.sub("[-_ ]", "", name.lower().replace("∞", "inf"))
    spec = _BY_KEY.get(key)
    if spec is None:
        return None
    if spec.name not in _INFO:
        _INFO[spec.name] = spec.codec_info()
    return _INFO[spec.name]


codecs.register(lookup)
