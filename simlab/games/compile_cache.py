"""Where numba keeps the compiled game kernels, and why the folder is named by a hash of the code.

numba's own cache (``cache=True``) checks only the modification time of the file that defines a
function. A compiled function carries the machine code of everything it calls, so after an edit of
``bots.py`` the cached ``rules.py`` functions would keep running the old bots, silently (numba
issue 6845). A user who updates simlab with ``git pull`` (only the changed files get new times)
would get numbers from a mix of old and new rules, under the new version label.

simlab therefore points numba at a cache folder named by a hash of every Python source under
``simlab/games/``: any change to any game or to the shared kernel gives a new, empty folder, so
nothing stale can ever be loaded. One kind of file is left out: a game's ``studies.py`` (its
report sections and scenario writers: polars and text, never compiled, imported by nothing a
kernel imports) as long as it does not mention numba, so that a report edit does not cost a
first compile of every game (minutes; docs/compile.md). A test checks that no game module
imports its ``studies``. The folder is outside the install directory, so a read-only
install (a wheel in a system site-packages) caches too. Old folders are not deleted (each holds
only what simlab compiled; remove ``simlab cache`` folders at will).

Location: ``$SIMLAB_CACHE_DIR`` if set, else ``$NUMBA_CACHE_DIR/simlab`` if set, else
``$XDG_CACHE_HOME/simlab`` or ``~/.cache/simlab``; then ``numba-<hash>`` (``numba-<hash>-opt<level>``
when ``NUMBA_OPT`` is set: the kernels are otherwise compiled at ``simlab.games.jit.KERNEL_OPT``;
``-numbainline`` added when ``SIMLAB_NUMBA_INLINE=1`` asks for numba's own inlining).
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

__all__ = ["source_hash", "cache_dir", "configure"]

_GAMES = Path(__file__).resolve().parent


def _compiled_source(path: Path, text: bytes) -> bool:
    """Whether a source can reach compiled code: all of them but a ``studies.py`` that does not
    mention numba (study analysis only; see the module docstring)."""
    return path.name != "studies.py" or b"numba" in text


def source_hash(root: Path = _GAMES) -> str:
    """Hash (16 hex digits) of every ``.py`` file below ``root`` that can reach compiled code
    (:func:`_compiled_source`), names and contents."""
    h = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        text = path.read_bytes()
        if not _compiled_source(path, text):
            continue
        h.update(path.relative_to(root).as_posix().encode())
        h.update(b"\0")
        h.update(text)
        h.update(b"\0")
    return h.hexdigest()[:16]


def cache_dir(env: dict[str, str] | None = None) -> Path:
    """The folder numba caches the game kernels in, for this version of the sources."""
    env = os.environ if env is None else env
    if env.get("SIMLAB_CACHE_DIR"):
        root = Path(env["SIMLAB_CACHE_DIR"])
    elif env.get("NUMBA_CACHE_DIR"):
        root = Path(env["NUMBA_CACHE_DIR"]) / "simlab"
    else:
        root = Path(env.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "simlab"
    # kernels compiled at another optimisation level (NUMBA_OPT set; simlab.games.jit) get a
    # folder of their own, so that a speed comparison never loads the other level's machine code
    opt = env.get("NUMBA_OPT")
    # numba's own inlining of inline="always" helpers (simlab.games.jit, for measuring) likewise
    numba_inline = env.get("SIMLAB_NUMBA_INLINE") == "1"
    return root / (f"numba-{source_hash()}" + (f"-opt{opt}" if opt else "") + ("-numbainline" if numba_inline else ""))


def configure() -> Path:
    """Point numba's cache at :func:`cache_dir`. Must run before any game module is imported
    (numba binds a function's cache folder when the function is decorated)."""
    from numba.core import config

    path = cache_dir()
    config.CACHE_DIR = str(path)
    return path
