"""``python -m simlab``: the command line (see :mod:`simlab.cli`)."""

import sys

from simlab.cli import main

if __name__ == "__main__":
    sys.exit(main())
