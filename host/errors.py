"""Errors that are the user's to fix: the CLI prints them as one line, never a traceback."""

from __future__ import annotations


class UserError(Exception):
    """A problem the user can fix; the message says what happened and what to do next."""

    exit_status = 1
