"""ucsx.lab: each function's dict is the JSON document of the `ucsx`
command for the same arguments (the lab's own text, read by json), the
report page is the command's page, written whole or not at all, and
hostile arguments raise clean Python exceptions."""

import json
import os
import subprocess
import threading

import pytest

import ucsx
import ucsx.lab
from conftest import ROOT, need_cli

ZOO = ROOT / "lab" / "zoo"


def run_cli(*args):
    """The `ucsx` command's standard output for `args`, its environment
    without UCSX_PROPERTY_CASES (which the Python functions never read)."""
    env = {k: v for k, v in os.environ.items() if k != "UCSX_PROPERTY_CASES"}
    run = subprocess.run([need_cli(), *map(str, args)], capture_output=True, env=env)
    # properties exits 1 when a property fails; anything else is an error.
    assert run.returncode in (0, 1), run.stderr.decode()
    return run.stdout


def cli_json(*args):
    return json.loads(run_cli(*args, "--json"))


@pytest.fixture
def mine(tmp_path):
    """A description of UTF-8 under UTF-8's name, in a file."""
    path = tmp_path / "mine.toml"
    path.write_text(ucsx.Format("utf-8").toml, encoding="utf-8")
    return path


@pytest.fixture
def texts(tmp_path):
    """Two UTF-8 files of several scripts and planes."""
    a = tmp_path / "a.txt"
    a.write_text("héllo, wörld: Ελληνικά, 日本語 😀\n" * 50, encoding="utf-8")
    b = tmp_path / "b.txt"
    b.write_text("plain ascii\n", encoding="utf-8")
    return [a, b]


def test_check_is_the_properties_document():
    doc = ucsx.lab.check("utf-16", cases=16, seed=7)
    assert doc == cli_json("properties", "-f", "utf-16", "--cases", 16, "--seed", 7)
    assert doc["schema"] == "ucsx-results/1" and doc["command"] == "properties"
    assert doc["tool"] == {"name": "ucsx", "version": ucsx.__version__}
    assert doc["check"] == {"seed": 7, "seed_hex": "0x7", "cases": 16, "max_bits": 200}
    (entry,) = doc["formats"]
    assert (entry["name"], entry["builtin"], entry["file"], entry["max"]) == (
        "UTF-16", "utf-16", None, "U+10FFFF")
    verdicts = {v["property"]: v for v in entry["verdicts"]}
    # A FAIL carries the counterexample its detail names, as data.
    order = verdicts["binary-order"]
    assert (order["verdict"], order["method"]) == ("fail", "sampled")
    assert {"U+E000", "U+10000"} <= set(order["counterexample"]["code_points"])
    assert [0xE000] in order["counterexample"]["units"]
    assert [0xD800, 0xDC00] in order["counterexample"]["units"]
    assert verdicts["round-trip"]["counterexample"] is None
    assert entry["density"][-1] == {"bits": 21, "units": 2, "bytes": 4}


def test_check_takes_the_command_lines_options(mine):
    # The defaults: 256 cases, the fixed seed.
    assert ucsx.lab.check("utf-8") == cli_json("properties", "-f", "utf-8")
    doc = ucsx.lab.check("utf-inf-16", cases=8, seed=3, max_bits=24)
    assert doc == cli_json("properties", "-f", "utf-inf-16", "--cases", 8, "--seed", 3,
                           "--max-bits", 24)
    assert doc["formats"][0]["max"] is None
    only = ucsx.lab.check("utf-e-8", cases=8, only=["prefix-free", "canonical"])
    assert only == cli_json("properties", "-f", "utf-e-8", "--cases", 8,
                            "--only", "prefix-free", "--only", "canonical")
    assert [v["property"] for v in only["formats"][0]["verdicts"]] == ["canonical", "prefix-free"]
    assert ucsx.lab.check("utf-e-8", cases=8, only="canonical") == ucsx.lab.check(
        "utf-e-8", cases=8, only=["canonical"])
    # More cases than the ceiling count as the ceiling, in the document too.
    big = ucsx.lab.check("utf-32", cases=10**9, seed=1, only="canonical")
    assert big == cli_json("properties", "-f", "utf-32", "--cases", 10**9, "--seed", 1,
                           "--only", "canonical")
    assert big["check"]["cases"] == 65536


def test_check_of_described_formats(mine):
    doc = ucsx.lab.check(mine, cases=8)
    assert doc == cli_json("properties", "--spec", mine, "--cases", 8)
    entry = doc["formats"][0]
    assert (entry["name"], entry["builtin"], entry["file"]) == ("UTF-8", None, str(mine))
    assert len(entry["hash"]) == 64
    assert "decided" in {v["method"] for v in entry["verdicts"]}
    # The same format by its path as a str, as a ucsx.Format, as its text.
    assert ucsx.lab.check(str(mine), cases=8) == doc
    assert ucsx.lab.check(ucsx.Format(mine), cases=8) == doc
    text = ucsx.lab.check(mine.read_text(encoding="utf-8"), cases=8)
    assert text["formats"][0]["file"] is None
    assert text["formats"][0]["hash"] == entry["hash"]
    zoo = ZOO / "utf-9.toml"
    assert ucsx.lab.check(zoo, cases=8) == cli_json("properties", "--spec", zoo, "--cases", 8)


def test_describe_is_the_describe_document(mine):
    for name in ("utf-8", "utf-inf-16", "utf-g-32"):
        assert ucsx.lab.describe(name) == cli_json("describe", "-f", name)
    doc = ucsx.lab.describe(mine)
    assert doc == cli_json("describe", "--spec", mine)
    (entry,) = doc["formats"]
    assert doc["command"] == "describe" and doc["check"] is None
    assert entry["description"] == mine.read_text(encoding="utf-8")
    assert [c["units"] for c in entry["layout"]["classes"]][1] == ["110xxxxx", "10xxxxxx"]
    zoo = ZOO / "utf-18.toml"
    assert ucsx.lab.describe(zoo) == cli_json("describe", "--spec", zoo)
    # iconv's labels name the format; the byte order is no part of it.
    assert ucsx.lab.describe("UTF-16LE") == ucsx.lab.describe("utf-16")


def test_compare_is_the_compare_document(mine):
    formats = ["utf-8", "utf-16", str(mine)]
    doc = ucsx.lab.compare(formats, cases=8, seed=5)
    assert doc == cli_json("compare", *formats, "--cases", 8, "--seed", 5)
    assert doc["command"] == "compare"
    # Two formats named UTF-8: the heads tell them apart.
    assert [f["head"] for f in doc["formats"]] == ["utf-8", "UTF-16", "mine.toml"]
    unbounded = ucsx.lab.compare(["utf-e-8", "utf-inf-16"], cases=4, max_bits=20)
    assert unbounded == cli_json("compare", "utf-e-8", "utf-inf-16", "--cases", 4,
                                 "--max-bits", 20)
    # One format alone, as any iterable, or a ucsx.Format.
    one = ucsx.lab.compare("utf-32", cases=4)
    assert one == cli_json("compare", "utf-32", "--cases", 4)
    assert ucsx.lab.compare(iter(["utf-32"]), cases=4) == one
    assert ucsx.lab.compare(ucsx.Format("utf-32"), cases=4) == one


def test_compare_with_a_corpus(mine, texts):
    formats = ["utf-8", "utf-16", "utf-inf-16", mine]
    doc = ucsx.lab.compare(formats, texts)
    assert doc == cli_json("compare", *formats, *[a for t in texts for a in ("--corpus", t)])
    assert doc["check"] is None
    first = doc["corpus"][0]
    assert first["file"] == str(texts[0])
    assert first["bytes_read"] == texts[0].stat().st_size
    sizes = {s["format"]: s for s in first["sizes"]}
    text = texts[0].read_text(encoding="utf-8")
    assert sizes["UTF-16"]["bytes"] == len(text.encode("utf-16-le"))
    assert sizes["mine.toml"]["bytes"] == len(text.encode())
    # One path alone, and the checker's options, which a corpus ignores.
    alone = ucsx.lab.compare(["utf-8"], texts[1], cases=3)
    assert alone == cli_json("compare", "utf-8", "--corpus", texts[1])


def test_density_is_the_density_document(mine):
    formats = ["utf-8", "utf-e-8", "utf-inf-16", mine]
    doc = ucsx.lab.density(formats, max_bits=64)
    assert doc == cli_json("density", *formats, "--max-bits", 64)
    assert doc["max_bits"] == 64 and doc["check"] is None
    assert ucsx.lab.density("utf-inf-16") == cli_json("density", "utf-inf-16")  # 128 bits
    assert ucsx.lab.density(["utf-g-8"], max_bits=4096) == cli_json(
        "density", "utf-g-8", "--max-bits", 4096)


def test_report_is_the_report_page(tmp_path, mine, texts):
    page = ucsx.lab.report(["utf-inf-16", mine], against=["utf-8", "utf-16"], corpus=texts,
                           cases=4, seed=9, max_bits=24)
    out = tmp_path / "cli.html"
    run_cli("report", "utf-inf-16", mine, "--against", "utf-8", "--against", "utf-16",
            "--corpus", texts[0], "--corpus", texts[1], "--cases", 4, "--seed", 9,
            "--max-bits", 24, "-o", out)
    assert page == out.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "<script" not in page
    path = tmp_path / "page.html"
    assert ucsx.lab.report(["utf-inf-16", mine], path, against=["utf-8", "utf-16"],
                           corpus=texts, cases=4, seed=9, max_bits=24) is None
    assert path.read_text(encoding="utf-8") == page
    # No temporary file left beside it.
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["cli.html", "page.html", "mine.toml", "a.txt", "b.txt"])
    assert ucsx.lab.report("utf-8", cases=4) == ucsx.lab.report(["utf-8"], None, cases=4)


def test_the_report_file_is_replaced_whole(tmp_path):
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    path = out_dir / "report.html"
    path.write_text("before", encoding="utf-8")
    os.chmod(path, 0o640)
    seen = set()
    stop = threading.Event()

    def read():
        # Reads while the page is made and written: each read is the old
        # file or the whole new page, never a part of it.
        while not stop.is_set():
            text = path.read_text(encoding="utf-8")
            seen.add("before" if text == "before" else
                     "whole" if text.endswith("</html>\n") else text[-40:])

    reader = threading.Thread(target=read)
    reader.start()
    try:
        ucsx.lab.report(["utf-8", "utf-16"], path, cases=8)
    finally:
        stop.set()
        reader.join()
    assert seen <= {"before", "whole"}, seen
    assert "before" in seen  # the reader did run
    assert path.read_text(encoding="utf-8").endswith("</html>\n")
    assert os.stat(path).st_mode & 0o777 == 0o640  # the replaced file's permissions
    assert os.listdir(out_dir) == ["report.html"]


def test_a_failed_report_leaves_the_file_as_it_was(tmp_path):
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    path = out_dir / "report.html"
    path.write_text("before", encoding="utf-8")
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"ok\xff")
    with pytest.raises(ValueError, match="not UTF-8 at byte 2"):
        ucsx.lab.report("utf-8", path, corpus=[bad], cases=4)
    with pytest.raises(FileNotFoundError):
        ucsx.lab.report("utf-8", path, corpus=[tmp_path / "missing.txt"], cases=4)
    with pytest.raises(LookupError):
        ucsx.lab.report("utf-8", path, against=["no-such-format"])
    assert path.read_text(encoding="utf-8") == "before"
    # An output that cannot be written: a directory, a missing directory.
    with pytest.raises(IsADirectoryError):
        ucsx.lab.report("utf-8", out_dir, cases=4)
    with pytest.raises(FileNotFoundError):
        ucsx.lab.report("utf-8", tmp_path / "no" / "report.html", cases=4)
    assert os.listdir(out_dir) == ["report.html"]
    assert path.read_text(encoding="utf-8") == "before"
    # Through a symbolic link, the file it points to is replaced.
    link = out_dir / "link.html"
    link.symlink_to(path)
    ucsx.lab.report("utf-8", link, cases=4)
    assert link.is_symlink() and path.read_text(encoding="utf-8").endswith("</html>\n")
    assert sorted(os.listdir(out_dir)) == ["link.html", "report.html"]


def test_hostile_arguments_raise_cleanly(tmp_path):
    lab = ucsx.lab
    with pytest.raises(LookupError, match="unknown format"):
        lab.check("utf-99")
    with pytest.raises(LookupError):
        lab.compare(["utf-8", "utf-99"])
    with pytest.raises(TypeError, match="not int"):
        lab.compare(5)
    with pytest.raises(TypeError, match="not int"):
        lab.density([b"utf-8"[0]])
    with pytest.raises(TypeError, match="not bytes"):
        lab.describe(b"utf-8")
    with pytest.raises(ValueError, match="no format given"):
        lab.compare([])
    with pytest.raises(ValueError, match="no format given"):
        lab.report([], cases=4)
    with pytest.raises(ValueError, match="max_bits=0: expected 1 to 4096"):
        lab.density("utf-8", max_bits=0)
    with pytest.raises(ValueError, match="max_bits=4097"):
        lab.compare("utf-inf-16", max_bits=4097)
    with pytest.raises(ValueError, match="not an int of 1001 bits"):
        lab.density("utf-inf-16", max_bits=2**1000)
    with pytest.raises(ValueError, match="max_bits=-1"):
        lab.report("utf-8", max_bits=-1)
    with pytest.raises(TypeError, match="max_bits: expected an int, not float"):
        lab.density("utf-8", max_bits=1.5)
    with pytest.raises(ValueError, match="applies only to unbounded formats; UTF-8 ends at"):
        lab.check("utf-8", max_bits=20)
    with pytest.raises(ValueError, match="cases=-1"):
        lab.check("utf-8", cases=-1)
    with pytest.raises(TypeError, match="cases: expected an int, not str"):
        lab.compare("utf-8", cases="8")
    with pytest.raises(ValueError, match="seed=18446744073709551616: expected 0 to 18446744073709551615"):
        lab.check("utf-8", seed=2**64)
    with pytest.raises(ValueError, match='only: no property named "fast"'):
        lab.check("utf-8", only=["canonical", "fast"])
    with pytest.raises(TypeError):
        lab.check("utf-8", only=[1])
    with pytest.raises(TypeError):
        lab.report("utf-8", 42)
    with pytest.raises(TypeError):
        lab.compare("utf-8", corpus=[1])
    with pytest.raises(ValueError, match="line"):
        lab.check("name = 'broken'\nunit_bits = 7000\n")
    with pytest.raises(OSError):
        lab.describe(tmp_path / "missing.toml")
    directory = tmp_path / "dir"
    directory.mkdir()
    with pytest.raises(IsADirectoryError):
        lab.compare("utf-8", corpus=directory)
    # A file name longer than any the system takes.
    with pytest.raises(OSError):
        lab.compare("utf-8", corpus="x" * 100_000)


def test_the_gil_is_released():
    ticks = []
    stop = threading.Event()

    def tick():
        while not stop.is_set():
            ticks.append(1)

    thread = threading.Thread(target=tick)
    thread.start()
    try:
        ucsx.lab.compare(["utf-8", "utf-e-8"], cases=64)
        during = len(ticks)
    finally:
        stop.set()
        thread.join()
    assert during > 0
