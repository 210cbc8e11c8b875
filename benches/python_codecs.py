#!/usr/bin/env python3
"""The Python bindings against what Python does alone, on mixed-script text.

    python3 benches/python_codecs.py [--mib 100] [--runs 7]

Needs the package `ucsx` installed from a release wheel (`python3 -m pip
install ./python`, or `maturin build --release` in python/ and the wheel
installed). Writes nothing: it makes `--mib` MiB of the mixed-script text of
`benches/command_line.py` (ASCII, Latin, CJK and emoji words; the same bytes
on every run) in memory, checks that both sides of each row give the same
result, then times them in turn, `--runs` times each:

- `data.decode("utf-e-8")` through the codec registry against
  `data.decode("utf-8")` (the goal: within 1.5 times its time);
- `s.encode("utf-e-8")` against `s.encode("utf-8")`;
- `ucsx.transcode(data, "utf-8", "utf-16-le")` against
  `data.decode("utf-8").encode("utf-16-le")` (goal: no slower);
- `ucsx.decode("utf-8", data)` to a list of ints against
  `list(map(ord, data.decode("utf-8")))` (goal: no slower).

It prints each side's median, minimum and maximum, the ratio of the medians
and the range of the ratios of the runs (above 1: ucsx is faster), and the
processor. The machine this was written on is shared: read the ranges.
"""

import argparse
import gc
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from command_line import cpu, mixed_text  # noqa: E402

import ucsx  # noqa: E402
import ucsx.codecs  # noqa: E402,F401


def timed(fn):
    gc.collect()
    start = time.perf_counter()
    result = fn()
    elapsed = time.perf_counter() - start
    del result
    return elapsed


def row(name, ours, theirs, runs):
    a, b = [], []
    for _ in range(runs):
        a.append(timed(ours))
        b.append(timed(theirs))
    ratios = sorted(y / x for x, y in zip(a, b))
    med_a, med_b = statistics.median(a), statistics.median(b)
    print(f"{name}\n  ucsx   median {med_a:7.3f} s  (min {min(a):.3f}, max {max(a):.3f})\n"
          f"  python median {med_b:7.3f} s  (min {min(b):.3f}, max {max(b):.3f})\n"
          f"  ratio {med_b / med_a:.2f}x (runs {ratios[0]:.2f}x to {ratios[-1]:.2f}x; "
          f"above 1: ucsx faster)")
    sys.stdout.flush()


def main():
    args = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    args.add_argument("--mib", type=int, default=100, help="size of the text")
    args.add_argument("--runs", type=int, default=7, help="timed runs of each side")
    opts = args.parse_args()
    data = mixed_text(opts.mib << 20)
    text = data.decode("utf-8")
    print(f"{cpu()}; Python {sys.version.split()[0]}; ucsx {ucsx.__version__}; "
          f"{len(data) / 2**20:.0f} MiB mixed-script text, {len(text)} code points; "
          f"{opts.runs} runs a side")
    assert data.decode("utf-e-8") == text
    assert text.encode("utf-e-8") == data
    assert ucsx.transcode(data, "utf-8", "utf-16-le") == text.encode("utf-16-le")
    assert ucsx.decode("utf-8", data[:1 << 20]) == list(map(ord, data[:1 << 20].decode()))
    row('data.decode("utf-e-8") vs data.decode("utf-8")',
        lambda: data.decode("utf-e-8"), lambda: data.decode("utf-8"), opts.runs)
    row('s.encode("utf-e-8") vs s.encode("utf-8")',
        lambda: text.encode("utf-e-8"), lambda: text.encode("utf-8"), opts.runs)
    row('ucsx.transcode(data, "utf-8", "utf-16-le") vs data.decode("utf-8").encode("utf-16-le")',
        lambda: ucsx.transcode(data, "utf-8", "utf-16-le"),
        lambda: data.decode("utf-8").encode("utf-16-le"), opts.runs)
    row('ucsx.decode("utf-8", data) vs list(map(ord, data.decode("utf-8")))',
        lambda: ucsx.decode("utf-8", data),
        lambda: list(map(ord, data.decode("utf-8"))), opts.runs)


if __name__ == "__main__":
    main()
