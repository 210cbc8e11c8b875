"""ucsx.encode, decode, validate and transcode: round trips in the nine
formats, every error field against the Rust API's (the conformance vectors,
which `cargo test` checks against the library, and the `ucsx` command),
names, byte orders and marks as the command line reads them, limits, and
hostile input."""

import subprocess

import pytest

import ucsx
from conftest import (CLI_ERROR, FORMATS, IDS, be_name, code_point, kind_name, need_cli,
                      load_vectors, random_code_point, vector_bytes)


@pytest.mark.parametrize("format_id,bits,top", FORMATS, ids=IDS)
def test_round_trips(format_id, bits, top, rng):
    for _ in range(200):
        values = [random_code_point(rng, top) for _ in range(rng.randint(0, 12))]
        for name in ([format_id] if bits == 8 else [format_id + "le", format_id + "be", format_id]):
            data = ucsx.encode(name, values)
            if name == format_id and values[:1] in ([0xFEFF], [0xFFFE]):
                # A name without a suffix reads a leading mark as one (RFC
                # 2781 §4.3), as the command line does.
                continue
            assert ucsx.decode(name, data) == values, (name, values)
            assert ucsx.validate(name, data) is None
            back = ucsx.transcode(data, name, "utf-inf-16le")
            assert ucsx.decode("utf-inf-16le", back) == values


@pytest.mark.parametrize("format_id,bits,top", FORMATS, ids=IDS)
def test_the_conformance_vectors(format_id, bits, top):
    """Every case: the code points, or the first error's valid_up_to,
    error_len and kind, and the lossy reading, as the Rust API gives them."""
    name = be_name(format_id, bits)
    for case in load_vectors(format_id):
        data = vector_bytes(case["units"], bits)
        if case["valid"]:
            expected = [code_point(c) for c in case["code_points"]]
            assert ucsx.decode(name, data) == expected, case
            ucsx.validate(name, data)
            # Unicode text reads alike in Python's own codecs.
            continue
        for check in (lambda: ucsx.decode(name, data), lambda: ucsx.validate(name, data)):
            with pytest.raises(ucsx.DecodeError) as info:
                check()
            e = info.value
            got = (e.valid_up_to, e.error_len, e.kind, e.format)
            assert got == (case["valid_up_to"], case["error_len"], kind_name(case["kind"]),
                           ucsx.Format(format_id).name), case
            assert isinstance(e, ValueError)
        lossy = [code_point(c) for c in case["lossy"]]
        assert ucsx.decode(name, data, "replace") == lossy, case
        omitted = [c for c in ucsx.decode(name, data, "ignore") if c != 0xFFFD]
        assert omitted == [c for c in lossy if c != 0xFFFD], case


def test_the_messages_and_units_are_the_command_lines(rng):
    """str(e) is the message `ucsx validate` prints, the unit's value
    included, on the same input."""
    command = need_cli()
    for format_id, bits, _ in FORMATS:
        cases = [c for c in load_vectors(format_id) if not c["valid"]]
        for case in rng.sample(cases, 15):
            data = vector_bytes(case["units"], bits)
            name = be_name(format_id, bits)
            run = subprocess.run([command, "validate", "-f", name], input=data,
                                 capture_output=True)
            assert run.returncode == 1, case
            message = CLI_ERROR.search(run.stderr.decode()).group(1)
            for check in (ucsx.validate, ucsx.decode):
                with pytest.raises(ucsx.DecodeError) as info:
                    check(name, data)
                assert str(info.value) == message, case
                if "(" in message.split(":")[0]:
                    assert info.value.unit == int(message.split("(")[1].split(")")[0], 16)


def test_lossy_and_omitting_transcodes_are_the_command_lines(rng):
    command = need_cli()
    for format_id, bits, _ in FORMATS:
        cases = rng.sample(load_vectors(format_id), 10)
        data = b"".join(vector_bytes(c["units"], bits) for c in cases)
        name = be_name(format_id, bits)
        for errors, flag in (("replace", "--lossy"), ("ignore", "-c")):
            for to in ("utf-8", "utf-16", "ucs-4le", "utf-inf-16"):
                run = subprocess.run([command, "transcode", "-f", name, "-t", to, flag],
                                     input=data, capture_output=True, check=True)
                assert ucsx.transcode(data, name, to, errors) == run.stdout, (name, to, errors)


def test_names_byte_orders_and_marks():
    text = [0x41, 0x1F600]
    assert ucsx.encode("UTF-16", text) == b"\xff\xfe" + "A😀".encode("utf-16-le")
    assert ucsx.encode("utf-16le", text) == "A😀".encode("utf-16-le")
    assert ucsx.encode("UTF-32BE", text) == "A😀".encode("utf-32-be")
    assert ucsx.encode("utf-inf-16", text) == "A😀".encode("utf-16-be")
    assert ucsx.encode("utf-∞-16", text) == ucsx.encode("UTF_INF_16", text)
    assert ucsx.encode("utf-inf-16", text, endian="le") == "A😀".encode("utf-16-le")
    assert ucsx.encode("utf-inf-16", text, bom=True) == b"\xfe\xff" + "A😀".encode("utf-16-be")
    assert ucsx.encode("UTF-16", []) == b""  # a mark only before some output
    assert ucsx.encode("ucs-4", [0x7FFFFFFF]) == b"\x7f\xff\xff\xff"
    # A mark read as one sets the order; offsets count it.
    assert ucsx.decode("UTF-16", b"\xfe\xff\x00A") == [0x41]
    assert ucsx.decode("UTF-16", b"A\x00") == [0x41]  # else little-endian
    assert ucsx.decode("utf-inf-16", b"\x00A") == [0x41]  # else big-endian
    assert ucsx.decode("utf-16le", b"\xff\xfeA\x00") == [0xFEFF, 0x41]
    assert ucsx.decode("utf-8", b"\xef\xbb\xbfA") == [0xFEFF, 0x41]
    assert ucsx.decode("utf-8", b"\xef\xbb\xbfA", strip_bom=True) == [0x41]
    assert ucsx.decode("utf-e-8", b"\xef\xbb\xbfA") == [0x41]
    with pytest.raises(ucsx.DecodeError) as info:
        ucsx.decode("UTF-16", b"\xff\xfeA\x00\x00\xdc")
    assert (info.value.valid_up_to, info.value.unit) == (2, 0xDC00)
    assert ucsx.transcode("é".encode(), "utf-8", "UTF-16") == b"\xff\xfe\xe9\x00"
    assert ucsx.transcode(b"\xff\xfe\xe9\x00", "UTF-16", "utf-8") == "é".encode()
    assert ucsx.transcode(b"\xe9\x00", "utf-8", "utf-8", "replace") == b"\xef\xbf\xbd\x00"
    with pytest.raises(ValueError, match="contradicts"):
        ucsx.encode("utf-16le", text, endian="be")
    with pytest.raises(LookupError, match="no byte order"):
        ucsx.encode("utf-8le", text)
    with pytest.raises(LookupError, match="unknown format"):
        ucsx.decode("latin1", b"")
    assert "UTF-INF-16LE" in ucsx.names()
    f = ucsx.Format("UTF-∞-16BE")
    assert (f.name, f.id, f.unit_bits, f.endian, f.max_code_point) == (
        "UTF-∞-16", "utf-inf-16", 16, "be", None)
    assert ucsx.Format("utf-e-8").max_code_point == 2**63 - 1


def test_values_beyond_2_64_both_ways():
    values = [2**64, 2**64 - 1, 2**200 + 12345, 3**300, 0x10FFFF]
    data = ucsx.encode("utf-inf-16", values)
    assert ucsx.decode("utf-inf-16", data) == values
    assert ucsx.decode("utf-inf-16", ucsx.transcode(data, "utf-inf-16", "utf-inf-16le"),
                       endian="le") == values
    for name in ("utf-8", "utf-e-8", "utf-g-32", "utf-e-16"):
        with pytest.raises(ucsx.EncodeError) as info:
            ucsx.encode(name, [1, 2**64])
        assert (info.value.index, info.value.kind) == (1, "BeyondRange")
    # Beyond U+10FFFF in UTF-8: lossy replaces, omitting drops.
    out = ucsx.transcode(data, "utf-inf-16", "utf-8", "replace")
    assert out.decode("utf-8") == "\ufffd" * 4 + "\U0010ffff"
    assert ucsx.transcode(data, "utf-inf-16", "utf-8", "ignore").decode() == "\U0010ffff"
    with pytest.raises(ucsx.EncodeError) as info:
        ucsx.transcode(data, "utf-inf-16", "utf-8")
    assert info.value.index == 0


def test_the_decode_limit():
    big = 2**(ucsx.DEFAULT_MAX_BITS) + 1  # one bit too many
    with pytest.raises(ucsx.EncodeError) as info:
        ucsx.encode("utf-inf-16", [5, big])
    assert (info.value.index, info.value.kind) == (1, "LimitExceeded")
    data = ucsx.encode("utf-inf-16", [5, 2**100], max_bits=128)
    with pytest.raises(ucsx.DecodeError) as info:
        ucsx.decode("utf-inf-16", data, max_bits=64)
    assert (info.value.kind, info.value.valid_up_to) == ("LimitExceeded", 1)
    assert ucsx.decode("utf-inf-16", data, max_bits=101) == [5, 2**100]
    with pytest.raises(ucsx.EncodeError):
        ucsx.encode("utf-8", [0x41, 0x10000], max_bits=16)
    assert ucsx.decode("utf-8", "a😀".encode(), "replace", max_bits=16) == [0x61, 0xFFFD]
    with pytest.raises(ValueError):
        ucsx.decode("utf-8", b"", max_bits=0)


def test_hostile_input_raises_cleanly():
    # A UTF-∞-16 length field announcing 2^48 units, and one of maximal length.
    for data in (b"\xdd\xff\xdc\x05\xff\xff\xff\xff", b"\xdd\xff" + b"\xdc\x04" * 5000,
                 b"\xdd\xff" + b"\xdf\xff" * 100_000):
        with pytest.raises(ucsx.DecodeError):
            ucsx.decode("utf-inf-16", data)
        ucsx.decode("utf-inf-16", data, "replace")
        ucsx.transcode(data, "utf-inf-16", "utf-8", "ignore")
    with pytest.raises(ucsx.DecodeError) as info:
        ucsx.decode("utf-16le", b"A\x00B")
    assert (info.value.kind, info.value.valid_up_to, info.value.error_len) == ("IncompleteUnit", 1, None)
    with pytest.raises(TypeError):
        ucsx.encode("utf-8", [1.5])
    with pytest.raises(TypeError):
        ucsx.encode("utf-8", "text")
    with pytest.raises(TypeError):
        ucsx.encode("utf-8", 5)
    with pytest.raises(ValueError, match="negative"):
        ucsx.encode("utf-8", [-1])
    with pytest.raises(ValueError, match="negative"):
        ucsx.encode("utf-inf-16", [-(2**100)])
    with pytest.raises(TypeError):
        ucsx.decode("utf-8", "text")
    with pytest.raises(TypeError):
        ucsx.decode(42, b"")
    with pytest.raises(ValueError, match="errors"):
        ucsx.decode("utf-8", b"", errors="surrogateescape")
    with pytest.raises(ValueError):
        ucsx.decode("utf-16", b"", endian="middle")
    with pytest.raises(ValueError):
        ucsx.Format("[format]\nname = 1\n")
    with pytest.raises(OSError):
        ucsx.Format("no/such/file.toml")
    assert ucsx.decode("utf-8", bytearray(b"ab")) == [97, 98]


def test_described_formats(tmp_path):
    source = ucsx.Format("utf-8").toml
    path = tmp_path / "mine.toml"
    path.write_text(source, encoding="utf-8")
    text = "héllo, wörld 😀".encode()
    values = list(map(ord, text.decode()))
    for format in (source, path, str(path), ucsx.Format(path)):
        assert ucsx.decode(format, text) == values
        assert ucsx.encode(format, values) == text
        assert ucsx.transcode(text, format, "utf-16le") == text.decode().encode("utf-16-le")
        assert ucsx.transcode(text.decode().encode("utf-16-le"), "utf-16le", format) == text
        with pytest.raises(ucsx.DecodeError) as info:
            ucsx.validate(format, b"ab\xc3")
        assert (info.value.valid_up_to, info.value.error_len) == (2, None)
        assert ucsx.decode(format, b"a\xffb", "replace") == [0x61, 0xFFFD, 0x62]
    inf16 = ucsx.Format(ucsx.Format("utf-inf-16").toml)
    big = [2**100, 7]
    assert ucsx.decode(inf16, ucsx.encode("utf-inf-16", big)) == big
