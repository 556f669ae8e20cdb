"""PyInstaller's entry script: the same start as ``python -m game``.

A windowed Windows build has no console, so ``sys.stdout``/``sys.stderr`` are None
there and any print (argparse's --help, a warning) would crash: point them at the
null device instead. The game starts no worker processes (the AI thinks on a thread),
so nothing here imports ``multiprocessing`` (the Linux bundle leaves it out).
"""

import os
import sys

from game.__main__ import main

if __name__ == "__main__":
    for stream in ("stdout", "stderr"):
        if getattr(sys, stream) is None:
            setattr(sys, stream, open(os.devnull, "w", encoding="utf-8"))  # noqa: SIM115
    sys.exit(main())
