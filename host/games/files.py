"""A game file's JSON, read in one place so every reader of one (`dicetable replay`, an
import, a recorded session's game) says what is wrong with it in the same plain words.

    >>> read_json(b'\\xef\\xbb\\xbf{"seed": 7}', "game.json")  # a byte-order mark is skipped
    {'seed': 7}
    >>> read_json(b'{"seed": ' + b'9' * 5000 + b'}', "game.json")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    host.games.files.JsonFileError: game.json holds a number of more than 4300 digits: ...
"""

from __future__ import annotations

import json
import sys

from host.games.text import _

BOM = "\ufeff"  # some editors (Windows Notepad) start a UTF-8 file with it


class JsonFileError(ValueError):
    """A file that is no readable JSON; the one-line message names it and says why."""


def read_json(data: bytes | str, name: str) -> object:
    """The JSON value of a file's content; JsonFileError in plain words if it has none."""
    try:
        text = data.decode("utf-8") if isinstance(data, bytes) else data
    except UnicodeDecodeError:
        raise JsonFileError(
            _("{name} is not a text file (a game script is JSON)", name=name)
        ) from None
    try:
        return json.loads(text.removeprefix(BOM))
    except json.JSONDecodeError as error:
        raise JsonFileError(
            _(
                "{name} is not JSON (cut short or damaged): {why} at line {line} column {column}",
                name=name,
                why=error.msg,  # Python's own words: a detail for whoever mends the file
                line=error.lineno,
                column=error.colno,
            )
        ) from None
    except RecursionError:  # Python's parser gives up on lists nested thousands deep
        raise JsonFileError(
            _("{name} is not a game script: its JSON is nested too deeply", name=name)
        ) from None
    except ValueError:  # Python refuses to read whole numbers of thousands of digits
        raise JsonFileError(
            _(
                "{name} holds a number of more than {digits} digits: no game needs one that "
                "long (a seed is a whole number such as 2026)",
                name=name,
                digits=sys.get_int_max_str_digits(),
            )
        ) from None
