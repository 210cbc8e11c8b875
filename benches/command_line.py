#!/usr/bin/env python3
"""The command line against the Unix tools users would reach for instead.

    python3 benches/command_line.py [--mib 64] [--runs 11]

Builds `ucsx` in release mode, writes a mixed-script file (ASCII, Latin, CJK
and emoji words, a newline every few words; the same bytes on every run) to a
temporary folder, and times whole processes, the two sides of each row in
turn, output to a file in the same folder:

- `ucsx transcode -f utf-8 -t utf-16le` against glibc's `iconv -f UTF-8 -t
  UTF-16LE`, whose output must be the same bytes;
- `ucsx validate -f utf-8` against `wc -l`, the cheapest full read of a file;
- `ucsx transcode -f utf-e-8 -t utf-inf-16le` of as many code points of 5-byte
  UTF-E-8 (U+200000 and up) against the same of emoji text (no peer exists).

It prints the median, minimum and maximum time of each side, their ratio
(above 1: ucsx is faster), each side's peak resident memory, and the
processor, so that every figure in the README and docs/performance.md about
the command line can be produced again.
"""

import argparse
import filecmp
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def cpu():
    """The processor's model name and its vector flags."""
    try:
        with open("/proc/cpuinfo") as f:
            info = f.read()
    except OSError:
        return platform.processor() or "unknown processor"
    model = next((l.split(":", 1)[1].strip() for l in info.splitlines()
                  if l.startswith("model name")), "unknown processor")
    flags = next((l.split(":", 1)[1].split() for l in info.splitlines()
                  if l.startswith("flags")), [])
    wanted = [f for f in flags if f in ("ssse3", "sse4_2", "avx2", "bmi2") or f.startswith("avx512")]
    return f"{model}, {os.cpu_count()} cores, flags {' '.join(wanted)}"


def mixed_text(size):
    """`size` bytes or a little more of mixed-script words and newlines."""
    rng = random.Random(0x5EED)
    pools = [
        [chr(c) for c in range(0x61, 0x7B)],
        [chr(c) for c in range(0xE0, 0x100)],
        [chr(c) for c in range(0x4E00, 0x4E00 + 2000)],
        [chr(c) for c in range(0x1F600, 0x1F650)],
    ]
    words = ["".join(rng.choice(pool) for _ in range(rng.randint(1, 8)))
             for pool in pools for _ in range(500)]
    out, n = [], 0
    while n < size:
        line = " ".join(rng.choice(words) for _ in range(rng.randint(3, 12))) + "\n"
        out.append(line)
        n += len(line.encode())
    return "".join(out).encode()


def five_byte_text(count):
    """`count` code points of 5-byte UTF-E-8 (U+200000..U+3FFFFFF), written
    by the layout of RFC 2279 section 2, a newline every 16."""
    rng = random.Random(0xE8)
    out = bytearray()
    for i in range(count):
        if i % 16 == 15:
            out.append(0x0A)
            continue
        v = rng.randrange(0x20_0000, 0x400_0000)
        out += bytes([0xF8 | v >> 24, 0x80 | v >> 18 & 0x3F, 0x80 | v >> 12 & 0x3F,
                      0x80 | v >> 6 & 0x3F, 0x80 | v & 0x3F])
    return bytes(out)


def emoji_text(count):
    rng = random.Random(0xE0)
    return "".join("\n" if i % 16 == 15 else chr(rng.randrange(0x1F600, 0x1F650))
                   for i in range(count)).encode()


def write_files(folder, mib):
    """The three input files, and the count of code points of the last two."""
    mixed = mixed_text(mib << 20)
    # As many code points as the mixed file has bytes over four.
    count = len(mixed) // 4
    for name, data in (("mixed.txt", mixed), ("five.txt", five_byte_text(count)),
                       ("emoji.txt", emoji_text(count))):
        with open(os.path.join(folder, name), "wb") as f:
            f.write(data)
    with open(os.path.join(folder, "count"), "w") as f:
        f.write(str(count))


TIME = "/usr/bin/time"


def peak_kb(cmd, stdin_path=None, stdout_path=None):
    """Peak resident kB of one run of `cmd`, by GNU time (a process forked
    from this one would count this interpreter's memory as its own), or
    None where GNU time is absent."""
    if not os.access(TIME, os.X_OK):
        return None
    with tempfile.NamedTemporaryFile("r") as report:
        run([TIME, "-f", "%M", "-o", report.name] + cmd, stdin_path, stdout_path)
        return int(report.read().split()[-1])


def run(cmd, stdin_path=None, stdout_path=None):
    """Seconds of wall time of one process."""
    stdin = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL
    stdout = open(stdout_path, "wb") if stdout_path else subprocess.DEVNULL
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdin=stdin, stdout=stdout)
    _, status, _ = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    for f in (stdin, stdout):
        if f is not subprocess.DEVNULL:
            f.close()
    if proc.returncode != 0:
        sys.exit(f"{cmd} exited with {proc.returncode}")
    return elapsed


def pair(name, ours, theirs, runs):
    """Times both sides in turn (each a function of `run` or `peak_kb`),
    then measures each one's peak memory in one more run; prints the row."""
    times = {"ucsx": [], "peer": []}
    for _ in range(runs):
        for side, job in (("ucsx", ours), ("peer", theirs)):
            times[side].append(job(run))
    mb = lambda kb: "not measured" if kb is None else f"{kb / 1024:.1f} MB"
    memory = {"ucsx": mb(ours(peak_kb)), "peer": mb(theirs(peak_kb))}
    a, b = statistics.median(times["ucsx"]), statistics.median(times["peer"])
    print(f"| {name} | {a * 1e3:.1f} ms ({min(times['ucsx']) * 1e3:.1f}–{max(times['ucsx']) * 1e3:.1f}) "
          f"| {b * 1e3:.1f} ms ({min(times['peer']) * 1e3:.1f}–{max(times['peer']) * 1e3:.1f}) "
          f"| {b / a:.2f} | {memory['ucsx']} | {memory['peer']} |")


def main():
    args = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    args.add_argument("--mib", type=int, default=64, help="size of the mixed-script file")
    args.add_argument("--runs", type=int, default=11, help="runs of each side")
    args.add_argument("--write", metavar="DIR", help=argparse.SUPPRESS)
    opts = args.parse_args()

    if opts.write:
        write_files(opts.write, opts.mib)
        return
    subprocess.run(["cargo", "build", "--release", "-q", "-p", "ucsx-cli"], cwd=ROOT, check=True)
    target = os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))
    ucsx = os.path.join(target, "release", "ucsx")

    with tempfile.TemporaryDirectory(prefix="ucsx-bench-") as tmp:
        path = lambda name: os.path.join(tmp, name)
        # Written by another process: a child forked from this one would
        # start with its memory, and report it as its own peak.
        subprocess.run([sys.executable, __file__, "--write", tmp, "--mib", str(opts.mib)], check=True)
        count = int(open(path("count")).read())

        # The outputs agree before anything is timed.
        run([ucsx, "transcode", "-f", "utf-8", "-t", "utf-16le", path("mixed.txt"), "-o", path("a")])
        run(["iconv", "-f", "UTF-8", "-t", "UTF-16LE", path("mixed.txt")], stdout_path=path("b"))
        if not filecmp.cmp(path("a"), path("b"), shallow=False):
            sys.exit("ucsx transcode and iconv disagree")

        print(f"{cpu()}; {opts.mib} MiB mixed-script file; {count} code points of 5-byte "
              f"UTF-E-8 and of emoji; medians of {opts.runs} runs (minimum–maximum)\n")
        print("| command | ucsx | peer | ratio | ucsx peak memory | peer peak memory |")
        print("| --- | --- | --- | --- | --- | --- |")
        pair("`transcode -f utf-8 -t utf-16le` / `iconv -f UTF-8 -t UTF-16LE`",
             lambda how: how([ucsx, "transcode", "-f", "utf-8", "-t", "utf-16le", path("mixed.txt"),
                              "-o", path("a")]),
             lambda how: how(["iconv", "-f", "UTF-8", "-t", "UTF-16LE", path("mixed.txt")],
                             stdout_path=path("b")),
             opts.runs)
        pair("`validate -f utf-8` / `wc -l`",
             lambda how: how([ucsx, "validate", "-f", "utf-8", path("mixed.txt")]),
             lambda how: how(["wc", "-l", path("mixed.txt")]),
             opts.runs)
        pair("`transcode -f utf-e-8 -t utf-inf-16le`: 5-byte codes / emoji",
             lambda how: how([ucsx, "transcode", "-f", "utf-e-8", "-t", "utf-inf-16le",
                              path("five.txt"), "-o", path("a")]),
             lambda how: how([ucsx, "transcode", "-f", "utf-e-8", "-t", "utf-inf-16le",
                              path("emoji.txt"), "-o", path("b")]),
             opts.runs)


if __name__ == "__main__":
    main()
