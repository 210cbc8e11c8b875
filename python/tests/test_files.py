"""ucsx.transcode_file: streaming, the same bytes as transcode, and an
output file that is whole or untouched."""

import os
import threading

import pytest

import ucsx
from conftest import random_text


def test_the_same_bytes_as_in_memory(tmp_path, rng):
    text = random_text(rng, 300_000)
    src = tmp_path / "in.txt"
    src.write_bytes(b"\xef\xbb\xbf" + text.encode())
    for to in ("utf-16", "utf-inf-16le", "UCS-4", "utf-e-8"):
        dst = tmp_path / f"out-{to}"
        ucsx.transcode_file(src, dst, "utf-8", to, strip_bom=True)
        assert dst.read_bytes() == ucsx.transcode(src.read_bytes(), "utf-8", to, strip_bom=True)
    back = tmp_path / "back.txt"
    ucsx.transcode_file(tmp_path / "out-utf-16", back, "UTF-16", "utf-8")
    assert back.read_bytes().decode() == text
    ucsx.transcode_file(str(src), str(back), ucsx.Format("utf-8").toml, "utf-8")
    assert back.read_bytes() == src.read_bytes()[3:]  # a described format reads a mark


def test_an_error_leaves_the_output_as_it_was(tmp_path):
    src = tmp_path / "in.bin"
    src.write_bytes(b"a" * 1_000_000 + b"\xff" + b"b" * 10)
    dst = tmp_path / "out.bin"
    dst.write_bytes(b"before")
    with pytest.raises(ucsx.DecodeError) as info:
        ucsx.transcode_file(src, dst, "utf-8", "utf-16le")
    assert (info.value.valid_up_to, info.value.unit) == (1_000_000, 0xFF)
    assert dst.read_bytes() == b"before"
    assert sorted(os.listdir(tmp_path)) == ["in.bin", "out.bin"]  # no temporary left
    ucsx.transcode_file(src, dst, "utf-8", "utf-16le", "replace")
    assert dst.read_bytes().decode("utf-16-le") == "a" * 1_000_000 + "\ufffd" + "b" * 10
    with pytest.raises(OSError):
        ucsx.transcode_file(tmp_path / "missing", dst, "utf-8", "utf-16")
    with pytest.raises(OSError):
        ucsx.transcode_file(src, tmp_path / "no" / "dir" / "out", "utf-8", "utf-16")
    with pytest.raises(ValueError, match="is the input file"):
        ucsx.transcode_file(src, src, "utf-8", "utf-16")
    assert dst.read_bytes().decode("utf-16-le").startswith("aaa")


def test_the_gil_is_released(tmp_path):
    """Another thread runs while a transcode does."""
    src = tmp_path / "big.txt"
    src.write_bytes("héllo wörld ".encode() * 200_000)
    ticks = []
    stop = threading.Event()

    def tick():
        while not stop.is_set():
            ticks.append(1)

    thread = threading.Thread(target=tick)
    thread.start()
    try:
        ucsx.transcode_file(src, tmp_path / "out", "utf-8", "utf-inf-16")
        during = len(ticks)
    finally:
        stop.set()
        thread.join()
    assert during > 0


def test_permissions_as_the_command_line_leaves_them(tmp_path):
    """A replaced output keeps its permissions; a new one gets those of a
    new file (0666 less the umask), not a temporary file's 0600."""
    src = tmp_path / "in.txt"
    src.write_bytes(b"abc")
    old = tmp_path / "old.bin"
    old.write_bytes(b"before")
    os.chmod(old, 0o640)
    ucsx.transcode_file(src, old, "utf-8", "utf-16le")
    assert (old.read_bytes(), os.stat(old).st_mode & 0o777) == ("abc".encode("utf-16-le"), 0o640)
    umask = os.umask(0o022)
    try:
        ucsx.transcode_file(src, tmp_path / "new.bin", "utf-8", "utf-16le")
    finally:
        os.umask(umask)
    assert os.stat(tmp_path / "new.bin").st_mode & 0o777 == 0o644
    with pytest.raises(FileNotFoundError, match="missing"):
        ucsx.transcode_file(tmp_path / "missing", old, "utf-8", "utf-16")
