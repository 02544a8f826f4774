"""Ashes: Rise of the Phoenixborn (1st edition core set): data, batch state and compiled rules.

Not yet a registered simlab game (no GameSpec): see docs/ashes.md for what is implemented.
"""
