"""ucsx.codecs: the UCS-X codecs in Python's registry, against Python's own
utf-8, utf-16 and utf-32 on Unicode text, with every error handler, whole
and incremental with random chunkings; text beyond U+10FFFF."""

import codecs
import io

import pytest

import ucsx
import ucsx.codecs
from conftest import load_vectors, random_text, vector_bytes, code_point, be_name

# Each registered name and Python's codec for the same bytes of Unicode text.
PAIRS = [
    ("utf-e-8", "utf-8"),
    ("utf-g-8", "utf-8"),
    ("utf-inf-16-le", "utf-16-le"),
    ("utf-inf-16-be", "utf-16-be"),
    ("utf-inf-16", "utf-16-be"),
    ("utf-g-16-le", "utf-16-le"),
    ("utf-e-16-be", "utf-16-be"),
    ("utf-e-16", "utf-16-be"),
    ("utf-g-32-le", "utf-32-le"),
    ("utf-g-32-be", "utf-32-be"),
    ("utf-g-32", "utf-32-be"),
]
HANDLERS = ["strict", "replace", "ignore", "backslashreplace", "surrogateescape"]


def test_every_name_is_registered_in_every_spelling():
    for name in ucsx.codecs.NAMES:
        assert codecs.lookup(name).name == name
    assert codecs.lookup("UTF-INF-16LE").name == "utf-inf-16-le"
    # Python's own search function reads "∞" as a separator and finds
    # UTF-16 before ours is asked: the registry takes "inf" only.
    assert codecs.lookup("utf-∞-16").name == "utf-16"
    assert codecs.lookup("utf_e_8").name == "utf-e-8"
    assert codecs.lookup("UTFG32BE").name == "utf-g-32-be"
    with pytest.raises(LookupError):
        codecs.lookup("utf-e-8-le")
    assert codecs.lookup("utf-8").name == "utf-8"  # Python's own stay


@pytest.mark.parametrize("ours,theirs", PAIRS)
def test_unicode_text_reads_and_writes_as_pythons_own(ours, theirs, rng):
    for _ in range(50):
        text = random_text(rng, rng.randint(0, 200))
        if text.startswith(("\ufeff", "\ufffe")) and ours in ("utf-inf-16", "utf-e-16", "utf-g-32"):
            continue
        data = text.encode(theirs)
        assert text.encode(ours) == data
        assert data.decode(ours) == text
        assert codecs.decode(memoryview(data), ours) == text


@pytest.mark.parametrize("ours,theirs", PAIRS)
@pytest.mark.parametrize("errors", HANDLERS)
def test_every_handler_as_pythons_own(ours, theirs, errors, rng):
    """Ill-formed bytes where both codecs see the same subparts (cut codes,
    stray trailing units, bytes past the end of a unit), and text with lone
    surrogates to encode."""
    unit = {"8": 1, "16": 2, "32": 4}[ours.split("-")[2]]
    for _ in range(30):
        text = random_text(rng, rng.randint(1, 40))
        # Cut a code short, or drop in a stray trailing unit, between two
        # characters: where both formats see the same maximal subparts.
        at = rng.randint(0, len(text))
        head, tail = text[:at].encode(theirs), text[at:].encode(theirs)
        if unit == 1:
            junk = rng.choice([b"\x80", b"\xbf", b"\xe2\x82", b"\xc3"])
        elif unit == 2:
            junk = "\udc00".encode(theirs, "surrogatepass")
        else:
            junk = "\ud800".encode(theirs, "surrogatepass")
        data = head + junk + tail
        data = bytes(data)
        if ours in ("utf-inf-16", "utf-e-16", "utf-g-32") and data.startswith((b"\xfe\xff", b"\xff\xfe", b"\x00\x00\xfe\xff", b"\xff\xfe\x00\x00")):
            continue
        try:
            expected = data.decode(theirs, errors)
        except UnicodeDecodeError as e:
            with pytest.raises(UnicodeDecodeError) as info:
                data.decode(ours, errors)
            assert (info.value.start, info.value.end) == (e.start, e.end)
            assert info.value.encoding == ours
        else:
            assert data.decode(ours, errors) == expected, (data, errors)
        lone = text[:3] + "\udc80\udcff" + text[3:] + "\ud800"
        try:
            expected = lone.encode(theirs, errors)
        except UnicodeEncodeError as e:
            with pytest.raises(UnicodeEncodeError) as info:
                lone.encode(ours, errors)
            assert info.value.start == e.start
        else:
            assert lone.encode(ours, errors) == expected


@pytest.mark.parametrize("ours,theirs", PAIRS)
def test_incremental_in_random_chunks(ours, theirs, rng):
    for errors in ("strict", "replace"):
        for _ in range(20):
            text = random_text(rng, rng.randint(0, 300))
            if text.startswith(("\ufeff", "\ufffe")):
                text = "a" + text
            data = text.encode(theirs)
            if errors == "replace":
                data += b"\xff" * rng.randint(0, 3)
            expected = data.decode(theirs, errors)
            decoder = codecs.getincrementaldecoder(ours)(errors)
            pieces, pos = [], 0
            while pos < len(data):
                step = rng.randint(0, 7)
                pieces.append(decoder.decode(data[pos:pos + step]))
                pos += step
            pieces.append(decoder.decode(b"", final=True))
            assert "".join(pieces) == expected
            encoder = codecs.getincrementalencoder(ours)(errors)
            out, pos = [], 0
            while pos < len(text):
                step = rng.randint(1, 9)
                out.append(encoder.encode(text[pos:pos + step]))
                pos += step
            out.append(encoder.encode("", final=True))
            assert b"".join(out) == text.encode(theirs)


def test_a_name_without_a_suffix_reads_a_mark_and_is_otherwise_big_endian():
    assert b"\xff\xfeA\x00".decode("utf-inf-16") == "A"
    assert b"\xfe\xff\x00A".decode("utf-inf-16") == "A"
    assert b"\x00A".decode("utf-inf-16") == "A"
    assert b"\xff\xfe\x00\x00A\x00\x00\x00".decode("utf-g-32") == "A"
    assert "A".encode("utf-inf-16") == b"\x00A"
    decoder = codecs.getincrementaldecoder("utf-inf-16")()
    assert decoder.decode(b"\xff") == ""
    assert decoder.decode(b"\xfeA") == ""
    assert decoder.decode(b"\x00B\x00", final=True) == "AB"
    # The 8-bit names keep a leading U+FEFF, as Python's utf-8 does.
    assert "\ufeffA".encode("utf-e-8").decode("utf-e-8") == "\ufeffA"


def test_open_streams_through_the_codecs(tmp_path):
    path = tmp_path / "text.txt"
    text = "héllo wörld 😀\n" * 10_000
    for name in ("utf-e-8", "utf-inf-16-le", "utf-g-32"):
        with open(path, "w", encoding=name) as f:
            f.write(text)
        assert path.read_bytes() == ucsx.encode(name, map(ord, text))
        with open(path, encoding=name) as f:
            lines = list(f)
        assert "".join(lines) == text
        with open(path, encoding=name) as f:
            f.readline()
            where = f.tell()
            rest = f.read()
            f.seek(where)
            assert f.read() == rest
        with codecs.open(path, encoding=name) as f:
            assert f.read() == text


def test_beyond_u_10ffff_is_a_decode_error_with_its_position_and_value():
    data = "ab".encode() + ucsx.encode("utf-e-8", [0x200000]) + b"cd"
    with pytest.raises(UnicodeDecodeError) as info:
        data.decode("utf-e-8")
    e = info.value
    assert (e.encoding, e.start, e.end) == ("utf-e-8", 2, 7)
    assert "U+200000" in str(e)
    assert data.decode("utf-e-8", "replace") == "ab\ufffdcd"
    assert data.decode("utf-e-8", "ignore") == "abcd"
    assert data.decode("utf-e-8", "backslashreplace") == "ab\\xf8\\x88\\x80\\x80\\x80cd"
    huge = ucsx.encode("utf-inf-16le", [0x41, 2**200])
    with pytest.raises(UnicodeDecodeError) as info:
        huge.decode("utf-inf-16-le")
    assert (info.value.start, info.value.end) == (2, len(huge))
    assert "U+1000000000000000...0000000000000000 (51 hex digits)" in str(info.value)
    # Incrementally, the error comes once the code is whole.
    decoder = codecs.getincrementaldecoder("utf-inf-16-le")("replace")
    assert "".join(decoder.decode(huge[i:i + 1]) for i in range(len(huge))) + \
        decoder.decode(b"", True) == "A\ufffd"


def test_ill_formed_cases_of_the_vectors_within_unicode(rng):
    """Each ill-formed case: the error's byte range is the vector's
    maximal subpart, and replace gives the lossy reading."""
    for format_id, ours in (("utf-e-8", "utf-e-8"), ("utf-g-8", "utf-g-8"),
                            ("utf-inf-16", "utf-inf-16-be"), ("utf-g-32", "utf-g-32-be")):
        unit = 1 if "8" in format_id[-1] else int(format_id[-2:]) // 8
        for case in load_vectors(format_id):
            if case["valid"]:
                continue
            data = vector_bytes(case["units"], unit * 8)
            lossy = [code_point(c) for c in case["lossy"]]
            if any(c > 0x10FFFF for c in lossy):
                continue
            with pytest.raises(UnicodeDecodeError) as info:
                data.decode(ours)
            start = case["valid_up_to"] * unit
            end = len(data) if case["error_len"] is None else start + case["error_len"] * unit
            assert (info.value.start, info.value.end) == (start, end), case
            assert data.decode(ours, "replace") == "".join(map(chr, lossy)), case


@pytest.mark.parametrize("ours,theirs", PAIRS)
def test_the_engine_path_reads_unicode_text_as_pythons_own(ours, theirs, rng):
    """The ucsx engine, which decodes from the first error on, on valid text
    and in random chunks, against Python's decoder."""
    info = ucsx.codecs._SPECS[ours]
    little = bool(info.little)
    for _ in range(30):
        text = random_text(rng, rng.randint(0, 500))
        data = text.encode(theirs)
        got, stop, failure = ucsx._ucsx._decode_text(info.format_id, little, data, 0, True)
        assert (got, stop, failure) == (text, len(data), None)
        cut = rng.randint(0, len(data))
        got, stop, failure = ucsx._ucsx._decode_text(info.format_id, little, data[:cut], 0, False)
        assert failure is None and stop <= cut
        assert got == data[:stop].decode(theirs)
        rest, end, _ = ucsx._ucsx._decode_text(info.format_id, little, data, stop, True)
        assert (got + rest, end) == (text, len(data))
