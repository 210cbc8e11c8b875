"""Shared helpers of the suite: the repository's paths, the conformance
vectors, the `ucsx` command when it is built, and a seeded random stream."""

import json
import os
import random
import re
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
VECTORS = ROOT / "vectors"

# The nine formats: identifier, unit bits, largest code point (None: unbounded).
FORMATS = [
    ("utf-8", 8, 0x10FFFF),
    ("utf-g-8", 8, 0x7FFFFFFF),
    ("utf-e-8", 8, 2**63 - 1),
    ("utf-16", 16, 0x10FFFF),
    ("utf-g-16", 16, 0x7FFFFFFF),
    ("utf-e-16", 16, 2**63 - 1),
    ("utf-inf-16", 16, None),
    ("utf-32", 32, 0x10FFFF),
    ("utf-g-32", 32, 0x7FFFFFFF),
]
IDS = [f[0] for f in FORMATS]


def be_name(format_id: str, bits: int) -> str:
    """The big-endian name of a format (units as the vectors write them)."""
    return format_id if bits == 8 else format_id + "be"


def vector_bytes(units: str, bits: int) -> bytes:
    return b"".join(int(u, 16).to_bytes(bits // 8, "big") for u in units.split())


def code_point(notation: str) -> int:
    return int(notation[2:], 16)


def kind_name(kebab: str) -> str:
    """A vector's kind as the Rust enum names it: `invalid-lead` → `InvalidLead`."""
    return "".join(part.capitalize() for part in kebab.split("-"))


def load_vectors(format_id: str):
    with open(VECTORS / f"{format_id}.jsonl", encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def need_cli():
    """The `ucsx` command of this checkout; without one the test is skipped,
    or fails under CI (as the project's differential tests do)."""
    command = cli()
    if command is None:
        message = "the ucsx command is not built (cargo build -p ucsx-cli)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return command


def cli():
    """The `ucsx` command of this checkout (UCSX_CLI, else target/*/ucsx),
    or None."""
    explicit = os.environ.get("UCSX_CLI")
    if explicit:
        return explicit
    for profile in ("debug", "release"):
        path = ROOT / "target" / profile / "ucsx"
        if path.exists():
            return str(path)
    return shutil.which("ucsx")


@pytest.fixture
def rng(request):
    """A random stream seeded by the test's name (UCSX_SEED mixes in)."""
    seed = f"{os.environ.get('UCSX_SEED', '0')}:{request.node.nodeid}"
    return random.Random(seed)


def random_code_point(rng: random.Random, top) -> int:
    """A code point up to `top` (None: up to 2^200), no surrogate, often
    near a boundary of the layouts."""
    limit = top if top is not None else 2**200
    while True:
        bits = rng.randint(0, limit.bit_length())
        if rng.random() < 0.3:
            value = (1 << bits) - rng.randint(0, 2)
        else:
            value = rng.getrandbits(bits) if bits else 0
        if 0 <= value <= limit and not 0xD800 <= value <= 0xDFFF:
            return value


def random_text(rng: random.Random, n: int) -> str:
    """Text of `n` characters from several scripts and planes, no surrogates."""
    ranges = [(0x20, 0x7E), (0xA0, 0x24F), (0x370, 0x3FF), (0x400, 0x4FF), (0x600, 0x6FF),
              (0x900, 0x97F), (0x3040, 0x30FF), (0x4E00, 0x9FFF), (0xAC00, 0xD7A3),
              (0xE000, 0xFFFD), (0x10000, 0x1FAFF), (0x20000, 0x2A6DF), (0x10FF00, 0x10FFFF)]
    out = []
    for _ in range(n):
        lo, hi = rng.choice(ranges)
        out.append(chr(rng.randint(lo, hi)))
    return "".join(out)


CLI_ERROR = re.compile(r"^ucsx: [^:]+: (invalid .*)$", re.M)
