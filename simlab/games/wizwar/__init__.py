"""Wiz-War (Fantasy Flight Games, 8th edition): the board, movement and line of sight so far.

Not a playable game yet and not registered in ``simlab.games``; see docs/wizwar.md for the status.
"""
