"""``python -m pokerengine`` is the ``pokerengine`` command."""

import sys

from .cli import main

sys.exit(main())
