"""Type stubs of the extension module ``ucsx._ucsx``."""

import os
from typing import Any, Dict, Iterable, List, Literal, Optional, Tuple, Union, overload

DEFAULT_MAX_BITS: int
__version__: str

Errors = Literal["strict", "replace", "ignore"]
Endian = Literal["le", "be", "little", "big"]

class Format:
    """A built-in format by name, or one described in TOML (its text, or a
    path to it)."""

    def __init__(self, format: "FormatLike") -> None: ...
    @property
    def name(self) -> str: ...
    @property
    def id(self) -> Optional[str]: ...
    @property
    def unit_bits(self) -> int: ...
    @property
    def max_code_point(self) -> Optional[int]: ...
    @property
    def endian(self) -> Optional[Literal["le", "be"]]: ...
    @property
    def toml(self) -> Optional[str]: ...

FormatLike = Union[str, "os.PathLike[str]", Format]
Bytes = Union[bytes, bytearray]

class DecodeError(ValueError):
    valid_up_to: int
    error_len: Optional[int]
    kind: str
    format: str
    unit: Optional[int]

class EncodeError(ValueError):
    index: Optional[int]
    kind: str
    format: str
    max_code_point: Optional[int]

def encode(
    format: FormatLike,
    code_points: Iterable[int],
    *,
    endian: Optional[Endian] = None,
    bom: bool = False,
    max_bits: Optional[int] = None,
) -> bytes: ...
def decode(
    format: FormatLike,
    data: Bytes,
    errors: Errors = "strict",
    *,
    endian: Optional[Endian] = None,
    strip_bom: bool = False,
    max_bits: Optional[int] = None,
) -> List[int]: ...
def validate(
    format: FormatLike,
    data: Bytes,
    *,
    endian: Optional[Endian] = None,
    strip_bom: bool = False,
    max_bits: Optional[int] = None,
) -> None: ...
def transcode(
    data: Bytes,
    from_: FormatLike,
    to: FormatLike,
    errors: Errors = "strict",
    *,
    from_endian: Optional[Endian] = None,
    to_endian: Optional[Endian] = None,
    strip_bom: bool = False,
    bom: bool = False,
    max_bits: Optional[int] = None,
) -> bytes: ...
def transcode_file(
    src: Union[str, "os.PathLike[str]"],
    dst: Union[str, "os.PathLike[str]"],
    from_: FormatLike,
    to: FormatLike,
    errors: Errors = "strict",
    *,
    from_endian: Optional[Endian] = None,
    to_endian: Optional[Endian] = None,
    strip_bom: bool = False,
    bom: bool = False,
    max_bits: Optional[int] = None,
) -> None: ...
def names() -> List[str]: ...

# The lab (re-exported by ``ucsx.lab``): each returns the JSON document of
# its command (``docs/results.schema.json``) as a dict.
Document = Dict[str, Any]
PathLike = Union[str, "os.PathLike[str]"]
FormatsLike = Union[FormatLike, Iterable[FormatLike]]
PathsLike = Union[PathLike, Iterable[PathLike]]

def check(
    format: FormatLike,
    *,
    cases: Optional[int] = None,
    seed: Optional[int] = None,
    max_bits: Optional[int] = None,
    only: Union[str, Iterable[str], None] = None,
) -> Document: ...
def describe(format: FormatLike) -> Document: ...
def compare(
    formats: FormatsLike,
    corpus: Optional[PathsLike] = None,
    *,
    cases: Optional[int] = None,
    seed: Optional[int] = None,
    max_bits: Optional[int] = None,
) -> Document: ...
def density(formats: FormatsLike, *, max_bits: Optional[int] = 128) -> Document: ...
@overload
def report(
    formats: FormatsLike,
    path: None = None,
    *,
    against: Optional[FormatsLike] = None,
    corpus: Optional[PathsLike] = None,
    cases: Optional[int] = None,
    seed: Optional[int] = None,
    max_bits: Optional[int] = None,
) -> str: ...
@overload
def report(
    formats: FormatsLike,
    path: PathLike,
    *,
    against: Optional[FormatsLike] = None,
    corpus: Optional[PathsLike] = None,
    cases: Optional[int] = None,
    seed: Optional[int] = None,
    max_bits: Optional[int] = None,
) -> None: ...
def _decode_text(
    format_id: str, little: bool, data: bytes, start: int, final: bool
) -> Tuple[str, int, Optional[Tuple[int, int, str]]]: ...
