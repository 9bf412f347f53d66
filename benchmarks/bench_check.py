"""Time a player's cold `galbatch check` of a 50-line order file (target: about 100 ms).

Runs the installed command in a fresh process each time, as a player would, and
prints the median and the best of the runs, plus `python -c pass` for scale.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RUNS = 21


def orders_file(folder: Path) -> Path:
    lines = ['GAME bench PLAYER 1 PASSWORD "x"']
    for i in range(50):
        lines.append(
            ["A,1,2,5", "M,3,4,D,2", "P,5,6", "B,7,F,2", "E,8", "G,9,10", "T,11,RIGEL", "D,12,C,1"][
                i % 8
            ].replace(",1,", f",{i + 1},", 1)
        )
    lines.append("END")
    path = folder / "orders.txt"
    path.write_text("\n".join(lines) + "\n")
    return path


def timed(cmd: list[str]) -> list[float]:
    subprocess.run(cmd, capture_output=True)  # warm the OS cache and lark's parser cache
    out = []
    for _ in range(RUNS):
        start = time.perf_counter()
        subprocess.run(cmd, capture_output=True)
        out.append(time.perf_counter() - start)
    return out


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = orders_file(Path(tmp))
        base = timed([sys.executable, "-c", "pass"])
        check = timed([sys.executable, "-m", "galbatch.cli", "check", str(path), "-r", "conflict"])
    print(f"python -c pass:                  median {statistics.median(base) * 1000:6.1f} ms")
    print(
        f"galbatch check, 50 lines, cold:  median {statistics.median(check) * 1000:6.1f} ms"
        f"  best {min(check) * 1000:6.1f} ms"
    )


if __name__ == "__main__":
    main()
