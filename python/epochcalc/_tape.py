"""The engine's reply tape (engine/src/contract/reply_tape.hpp), read as wasm/epochcalc.js reads it: the
document JSON would give, except that each series is a numpy array (a list where numpy is missing),
read from the tape's doubles without any text. Used for sweeps, whose series are most of the reply."""

from __future__ import annotations

import json
import struct
from typing import Any

from . import _epochcalc as _engine

try:
    import numpy as _np
except ImportError:  # numpy is optional: series become lists
    _np = None

_WORDS: list = json.loads(_engine.reply_words())
# The words as a numpy array of Python strings, to read a long array of words (a sweep's "winner", one
# per point) at once.
_WORDS_NP = _np.array(_WORDS, dtype=object) if _np is not None else None
_OBJECT, _ARRAY, _END, _KEY_WORD, _NUMBER, _NULL, _TRUE, _FALSE, _WORD, _TEXT, _SERIES = 0, 1, 2, 3, 5, 6, 7, 8, 9, 10, 11


def read_reply(tape: Any) -> Any:
    """The document a reply tape holds (bytes, or the engine's ReplyBuffer: its series are then views
    of the buffer, not copies)."""
    whole = memoryview(tape)
    numbers_count, tokens_count, text_bytes, ascii_text = struct.unpack_from("<4I", whole, 0)
    tokens_at = 16 + 8 * numbers_count
    tokens = whole[tokens_at:tokens_at + 4 * tokens_count].cast("I").tolist()
    if _np is not None:
        numbers: Any = _np.frombuffer(tape, dtype="<f8", count=numbers_count, offset=16)
        token_array = _np.frombuffer(tape, dtype="<u4", count=tokens_count, offset=tokens_at)
    else:
        numbers = whole[16:tokens_at].cast("d")
    text_at = tokens_at + 4 * tokens_count
    raw = bytes(whole[text_at:text_at + text_bytes]).decode("utf-8")
    # Text lengths are in UTF-16 units (JavaScript's): the same as Python's characters unless some
    # character lies beyond the BMP (the header's last word is 1 for ASCII text).
    wide = not ascii_text and any(ord(c) > 0xFFFF for c in raw)
    text: Any = raw.encode("utf-16-le") if wide else raw
    at = [0, 0, 0]  # the next token, number and text unit

    def string(units: int) -> str:
        c = at[2]
        if wide:
            at[2] = c + 2 * units
            return text[c:c + 2 * units].decode("utf-16-le", "surrogatepass")
        at[2] = c + units
        return text[c:c + units]

    def value(token: int) -> Any:
        op = token & 15
        if op == _OBJECT:
            out = {}
            while True:
                k = tokens[at[0]]
                at[0] += 1
                if k & 15 == _END:
                    return out
                key = _WORDS[k >> 4] if k & 15 == _KEY_WORD else string(k >> 4)
                at[0] += 1
                out[key] = value(tokens[at[0] - 1])
        if op == _ARRAY:
            t = at[0]
            if _np is not None and tokens[t] & 15 == _WORD and t + 8 < len(tokens) and tokens[t + 8] & 15 == _WORD:
                # A long array of words: up to its first token that is not one, read at once.
                rest = token_array[t:]
                stop = int(_np.argmax((rest & 15) != _WORD))
                if tokens[t + stop] & 15 == _END:
                    at[0] = t + stop + 1
                    return _WORDS_NP[rest[:stop] >> 4]
            items = []
            while True:
                k = tokens[at[0]]
                at[0] += 1
                if k & 15 == _END:
                    return items
                items.append(value(k))
        if op == _NUMBER:
            at[1] += 1
            return float(numbers[at[1] - 1])
        if op == _SERIES:
            n, length = at[1], token >> 4
            at[1] = n + length
            return numbers[n:n + length] if _np is not None else numbers[n:n + length].tolist()
        if op == _WORD:
            return _WORDS[token >> 4]
        if op == _TEXT:
            return string(token >> 4)
        if op in (_NULL, _TRUE, _FALSE):
            return None if op == _NULL else op == _TRUE
        raise ValueError(f"epochcalc: unreadable reply (token {op})")

    at[0] = 1
    return value(tokens[0])
