#!/usr/bin/env python3
"""Times shell commands in turn, round after round, so that a change in the
machine's load falls on every command alike (hyperfine runs each command's
runs in one block: a load that comes or goes between two blocks shows as a
difference between the commands). The order is reversed every other round.

Usage: scripts/interleave.py ROUNDS 'LABEL|BASELINE-LABEL|COMMAND' ...
  BASELINE-LABEL: `-` for none, else the label of an earlier command: the
  line then ends with the ratio of the two medians.
Prints, per command: the median wall time, the mean, the fastest run, and the
mean user and system CPU time (the kernel's accounting of the shell and what it
ran). Each command runs twice first, untimed (caches warmed).
"""
import os
import statistics
import subprocess
import sys
import time


def run(command):
    """Wall seconds, user and system CPU seconds of one run of `command`."""
    start = time.perf_counter()
    child = subprocess.Popen(command, shell=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, _, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    child.returncode = 0  # reaped by wait4 above
    return wall, usage.ru_utime, usage.ru_stime


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    rounds = int(sys.argv[1])
    specs = []
    for spec in sys.argv[2:]:
        parts = spec.split("|", 2)
        if len(parts) != 3:
            sys.exit(f"interleave.py: {spec!r} is not LABEL|BASELINE-LABEL|COMMAND")
        label, baseline, command = parts
        if baseline != "-" and baseline not in (earlier for earlier, _, _ in specs):
            sys.exit(f"interleave.py: {spec!r}: no earlier command is labelled {baseline!r}")
        specs.append((label, None if baseline == "-" else baseline, command))
    times = {label: [] for label, _, _ in specs}
    for _, _, command in specs:
        for _ in range(2):
            run(command)
    for index in range(rounds):
        order = specs if index % 2 == 0 else specs[::-1]
        for label, _, command in order:
            times[label].append(run(command))
    medians = {}
    for label, baseline, _ in specs:
        walls = [wall for wall, _, _ in times[label]]
        medians[label] = statistics.median(walls)
        user = statistics.mean(u for _, u, _ in times[label])
        system = statistics.mean(s for _, _, s in times[label])
        line = (
            f"{label:<44} median {medians[label] * 1e3:7.1f} ms (mean {statistics.mean(walls) * 1e3:.1f}, "
            f"fastest {min(walls) * 1e3:.1f}, user {user * 1e3:.1f}, system {system * 1e3:.1f})"
        )
        if baseline is not None:
            line += f"  x{medians[label] / medians[baseline]:.2f} {baseline}"
        print(line, flush=True)


if __name__ == "__main__":
    main()
