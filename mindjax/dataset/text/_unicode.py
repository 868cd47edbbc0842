"""The Unicode services MindSpore's text kernels take from ICU, on Python's ``unicodedata`` and the
``regex`` package: White_Space, the script of a character, NFKC case folding, normalization, and
ICU-style pattern matching and replacement."""
import functools
import unicodedata

# the White_Space property (what ICU's u_isUWhiteSpace tests)
_WHITE = frozenset([chr(c) for c in list(range(0x09, 0x0E)) + [0x20, 0x85, 0xA0, 0x1680] + list(range(0x2000, 0x200B))
                    + [0x2028, 0x2029, 0x202F, 0x205F, 0x3000]])

# scripts tried in turn for a character (the common ones first); a character in none is "Unknown"
_SCRIPTS = ["Common", "Latin", "Han", "Inherited", "Cyrillic", "Greek", "Arabic", "Hebrew", "Hiragana", "Katakana",
            "Hangul", "Thai", "Devanagari", "Bengali", "Tamil", "Telugu", "Kannada", "Malayalam", "Gujarati",
            "Gurmukhi", "Oriya", "Sinhala", "Lao", "Tibetan", "Myanmar", "Khmer", "Georgian", "Armenian", "Ethiopic",
            "Mongolian", "Bopomofo", "Yi", "Thaana", "Syriac", "Cherokee", "Canadian_Aboriginal", "Ogham", "Runic",
            "Braille", "Tifinagh", "Javanese", "Balinese", "Sundanese", "Vai", "Nko", "Coptic", "Glagolitic"]

_IGNORABLE = frozenset([chr(c) for c in [0xAD, 0x34F, 0x61C, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x3164, 0xFEFF, 0xFFA0]
                        + list(range(0x180B, 0x1810)) + list(range(0x200B, 0x2010)) + list(range(0x202A, 0x202F))
                        + list(range(0x2060, 0x2070)) + list(range(0xFE00, 0xFE10)) + list(range(0xFFF0, 0xFFF9))])


def regex_module():
    try:
        import regex
    except ImportError:  # pragma: no cover - depends on the environment
        raise RuntimeError("mindspore.dataset.text needs the 'regex' package for ICU-style patterns "
                           "(pip install regex).") from None
    return regex


def is_white(ch):
    return ch in _WHITE


@functools.lru_cache(maxsize=65536)
def script_of(ch):
    """The Unicode script name of a character (ICU's uscript_getScript)."""
    rx = regex_module()
    for name in _SCRIPTS:
        if rx.match(r"\p{Script=" + name + "}", ch):
            return name
    return "Unknown"


def normalize(text, form):
    """NormalizeUTF8: form 0 (NONE) keeps the text."""
    names = {1: "NFC", 2: "NFKC", 3: "NFD", 4: "NFKD"}
    return text if int(form) == 0 else unicodedata.normalize(names[int(form)], text)


def nfkc_casefold(text):
    """ICU's NFKC_Casefold: NFKC, full case folding, default-ignorable code points removed."""
    t = unicodedata.normalize("NFKC", text)
    t = "".join(c for c in t.casefold() if c not in _IGNORABLE)
    return unicodedata.normalize("NFKC", t)


@functools.lru_cache(maxsize=256)
def compile_pattern(pattern):
    """An ICU pattern compiled by ``regex`` (ICU's ``\\x{hhhh}`` written as Python's ``\\Uhhhhhhhh``)."""
    import re
    pattern = re.sub(r"\\x\{([0-9A-Fa-f]+)\}", lambda m: "\\U%08x" % int(m.group(1), 16), pattern)
    return regex_module().compile(pattern, regex_module().VERSION0)


def icu_replacement(rep):
    """An ICU replacement string (``$1`` for a group, backslash quoting the next character) in
    Python's template syntax."""
    out, i = [], 0
    while i < len(rep):
        c = rep[i]
        if c == "\\" and i + 1 < len(rep):
            out.append(rep[i + 1].replace("\\", "\\\\"))
            i += 2
        elif c == "$" and i + 1 < len(rep) and rep[i + 1].isdigit():
            j = i + 1
            while j < len(rep) and rep[j].isdigit():
                j += 1
            out.append(f"\\g<{rep[i + 1:j]}>")
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


def utf8_len(s):
    return len(s.encode("utf-8"))
