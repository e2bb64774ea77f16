"""``python -m evalcore``: the command line (see :mod:`evalcore.scale.cli`)."""

import sys

from .scale.cli import main

if __name__ == "__main__":
    sys.exit(main())
