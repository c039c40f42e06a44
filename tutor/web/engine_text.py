"""The engine's reasons in the reader's language: one renderer for every app.

The engine (:mod:`tutor.engine`) explains itself in English and, beside each English text, gives
a stable ``code`` and ``params`` (fu lines, near misses, furiten reasons, blocked calls; yaku have
a ``key``). This module turns those codes into translated sentences with gettext, so lessons,
puzzles and classes say the same thing in the same words.

Every function accepts the engine's object or a plain mapping with the same fields (what an app
stores as JSON), and falls back to the engine's English text for a code it does not know, so a
new engine reason shows up in English rather than breaking a page.

Tiles are named through :mod:`tutor.web.tile_names` ("four of circles", "dragón rojo"); a caller
that draws tiles instead (the lessons' inline markup) passes ``tile=`` and ``group=`` callables
that receive the notation (``4p``, ``234m``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from django.utils.translation import get_language, gettext_lazy, ngettext, pgettext, pgettext_lazy
from django.utils.translation import gettext as _
from django_stubs_ext import StrPromise

from tutor.engine.hand import InvalidMeldError
from tutor.engine.tiles import ImpossibleHandError, TileParseError, parse_tiles_red
from tutor.engine.value import BACK_OFF_TAKEN_PERCENT
from tutor.web.tile_names import tile_name

TileFormat = Callable[[str], str]

type Fact = object
"""What a renderer reads: an engine value that explains itself (a ``FuLine``, ``NearMiss``,
``FuritenReason``, ``Blocked``, ``value.Reason``, ``GameLogError``...) or its stored JSON
mapping with the same fields, read alike by :func:`_field`; anything else is shown as text."""


def _field(obj: Fact, name: str, default: object = None) -> object:
    """``obj.name`` or ``obj[name]``: engine objects and their JSON copies alike."""
    if isinstance(obj, Mapping):
        return obj.get(name, default)
    return getattr(obj, name, default)


def _params(obj: Fact) -> Mapping[str, object]:
    params = _field(obj, "params")
    return params if isinstance(params, Mapping) else {}


def _int(value: object) -> int:
    """A whole number of the params: a number, or its text in stored JSON."""
    return int(value) if isinstance(value, int | float) else int(str(value))


def named_tile(notation: str) -> str:
    """A tile's translated name with its notation after it, as feedback names the tile a
    learner clicked: ``"1z"`` → ``"East wind (1z)"``.

    >>> named_tile("1z")
    'East wind (1z)'
    """
    return f"{tile_text(notation)} ({notation})"


def tile_text(notation: str) -> str:
    """The translated name of one tile in notation (``4p``, ``0s``, ``7z``), else the text."""
    try:
        (kind,), (red,) = parse_tiles_red(str(notation))
    except ValueError:  # not a tile, or not one
        return str(notation)
    return tile_name(kind, red=red)


def _tile_list(notations: str, tile: TileFormat) -> str:
    return ", ".join(tile(t) for t in str(notations).split(",") if t)


# --- wait shapes ----------------------------------------------------------------------------

WAIT_SHAPE_NAMES: dict[str, StrPromise] = {
    "two_sided": gettext_lazy("two-sided wait (ryanmen)"),
    "closed": gettext_lazy("closed wait (kanchan)"),
    "edge": gettext_lazy("edge wait (penchan)"),
    "dual_pon": gettext_lazy("wait on two pairs (shanpon)"),
    "single": gettext_lazy("pair wait (tanki)"),
    "nobetan": gettext_lazy("pair wait at either end of a run of four (nobetan)"),
    "multi_sided": gettext_lazy("multi-sided wait"),
}
"""Names of :class:`tutor.engine.waits.WaitShape` values: the one name of each shape, on every
page (the analyzer, puzzles, lessons, the defense drills and the puzzle themes)."""

WAIT_SHAPE_PHRASES: dict[str, StrPromise] = {
    "two_sided": gettext_lazy("a two-sided wait (ryanmen)"),
    "closed": gettext_lazy("a closed wait (kanchan)"),
    "edge": gettext_lazy("an edge wait (penchan)"),
    "dual_pon": gettext_lazy("a wait on two pairs (shanpon)"),
    "single": gettext_lazy("a pair wait (tanki)"),
    "nobetan": gettext_lazy("a pair wait at either end of a run of four (nobetan)"),
    "multi_sided": gettext_lazy("a multi-sided wait"),
}
"""The same names inside a sentence, with their article where the language puts it there
(English: "a closed wait"; Spanish sentences carry their own article)."""

_SHAPE_ALIASES = {"shanpon": "dual_pon", "tanki": "single"}
"""The defense module's names of the same shapes."""


def _named(
    names: Mapping[str, StrPromise], value: Fact, aliases: Mapping[str, str] | None = None
) -> str:
    """The name of an engine enum (or its value) in ``names``, else its value in words."""
    text = str(getattr(value, "value", value))
    name = names.get((aliases or {}).get(text, text))
    return str(name) if name is not None else text.replace("_", " ")


def wait_shape_name(shape: Fact) -> str:
    """The name of a wait shape (a ``WaitShape`` or its value): "two-sided wait (ryanmen)"."""
    return _named(WAIT_SHAPE_NAMES, shape, _SHAPE_ALIASES)


def wait_shape_phrase(shape: Fact) -> str:
    """A wait shape's name inside a sentence: "a closed wait (kanchan)", "an edge wait
    (penchan)"; ``"shanpon"`` and ``"tanki"`` are read as the engine's dual pon and single."""
    return _named(WAIT_SHAPE_PHRASES, shape, _SHAPE_ALIASES)


# --- yaku -----------------------------------------------------------------------------------

YAKU_NAMES: dict[str, StrPromise] = {
    "menzen_tsumo": gettext_lazy("Menzen tsumo"),
    "riichi": gettext_lazy("Riichi"),
    "ippatsu": gettext_lazy("Ippatsu"),
    "chankan": gettext_lazy("Chankan"),
    "rinshan_kaihou": gettext_lazy("Rinshan kaihou"),
    "haitei_raoyue": gettext_lazy("Haitei raoyue"),
    "houtei_raoyui": gettext_lazy("Houtei raoyui"),
    "pinfu": gettext_lazy("Pinfu"),
    "tanyao": gettext_lazy("Tanyao"),
    "iipeikou": gettext_lazy("Iipeikou"),
    "seat_wind_east": gettext_lazy("Yakuhai: seat wind, East"),
    "seat_wind_south": gettext_lazy("Yakuhai: seat wind, South"),
    "seat_wind_west": gettext_lazy("Yakuhai: seat wind, West"),
    "seat_wind_north": gettext_lazy("Yakuhai: seat wind, North"),
    "round_wind_east": gettext_lazy("Yakuhai: round wind, East"),
    "round_wind_south": gettext_lazy("Yakuhai: round wind, South"),
    "round_wind_west": gettext_lazy("Yakuhai: round wind, West"),
    "round_wind_north": gettext_lazy("Yakuhai: round wind, North"),
    "haku": gettext_lazy("Yakuhai: white dragon (haku)"),
    "hatsu": gettext_lazy("Yakuhai: green dragon (hatsu)"),
    "chun": gettext_lazy("Yakuhai: red dragon (chun)"),
    "yakuhai": gettext_lazy("Yakuhai"),
    "double_riichi": gettext_lazy("Double riichi"),
    "chiitoitsu": gettext_lazy("Chiitoitsu"),
    "chanta": gettext_lazy("Chanta"),
    "ittsu": gettext_lazy("Ittsu"),
    "sanshoku_doujun": gettext_lazy("Sanshoku doujun"),
    "sanshoku_doukou": gettext_lazy("Sanshoku doukou"),
    "sankantsu": gettext_lazy("Sankantsu"),
    "toitoi": gettext_lazy("Toitoi"),
    "sanankou": gettext_lazy("Sanankou"),
    "shousangen": gettext_lazy("Shousangen"),
    "honroutou": gettext_lazy("Honroutou"),
    "ryanpeikou": gettext_lazy("Ryanpeikou"),
    "junchan": gettext_lazy("Junchan"),
    "honitsu": gettext_lazy("Honitsu"),
    "chinitsu": gettext_lazy("Chinitsu"),
    "renhou": gettext_lazy("Renhou"),
    "tenhou": gettext_lazy("Tenhou"),
    "chiihou": gettext_lazy("Chiihou"),
    "daisangen": gettext_lazy("Daisangen"),
    "suuankou": gettext_lazy("Suuankou"),
    "suuankou_tanki": gettext_lazy("Suuankou tanki"),
    "tsuuiisou": gettext_lazy("Tsuuiisou"),
    "ryuuiisou": gettext_lazy("Ryuuiisou"),
    "chinroutou": gettext_lazy("Chinroutou"),
    "chuuren_poutou": gettext_lazy("Chuuren poutou"),
    "junsei_chuuren_poutou": gettext_lazy("Junsei chuuren poutou"),
    "kokushi_musou": gettext_lazy("Kokushi musou"),
    "kokushi_musou_13_sided": gettext_lazy("Kokushi musou, 13-sided wait"),
    "daisuushii": gettext_lazy("Daisuushii"),
    "shousuushii": gettext_lazy("Shousuushii"),
    "suukantsu": gettext_lazy("Suukantsu"),
    "dora": gettext_lazy("Dora"),
    "ura_dora": gettext_lazy("Ura dora"),
    "aka_dora": gettext_lazy("Aka dora (red fives)"),
}
"""The name of each yaku key (:data:`tutor.engine.scoring.score.YAKU_KEYS`, plus ``yakuhai``).

Riichi players keep the Japanese names in both languages; the words around them are translated.
"""


def _yaku_key(yaku: Fact) -> str:
    if isinstance(yaku, str):
        return yaku
    key = _field(yaku, "key")
    if key:
        return str(key)
    from tutor.engine.scoring.near_miss import YAKU_KEY
    from tutor.engine.scoring.score import YAKU_KEYS

    tenhou_id = _field(yaku, "tenhou_id")
    if tenhou_id is not None and _int(tenhou_id) in YAKU_KEYS:
        return YAKU_KEYS[_int(tenhou_id)]
    near = str(_field(yaku, "yaku", "") or "")
    if near:
        return YAKU_KEY.get(near, near.replace(" ", "_"))
    return str(_field(yaku, "name", "") or "")


def yaku_name(yaku: Fact) -> str:
    """The name of a yaku: a key (``"chun"``), a ``YakuScore``, a ``NearMiss`` or a mapping
    with ``key`` / ``tenhou_id`` / ``name``. "Yakuhai: red dragon (chun)", "Tanyao"."""
    key = _yaku_key(yaku)
    name = YAKU_NAMES.get(key)
    return str(name) if name is not None else str(_field(yaku, "name", "") or key)


# --- fu lines -------------------------------------------------------------------------------


def _grade(grade: str) -> str:
    return {
        "simple": pgettext("tile grade", "simple"),
        "terminal": pgettext("tile grade", "terminal"),
        "honor": pgettext("tile grade", "honor"),
    }.get(grade, grade)


def fu_reason_text(line: Fact, tile: TileFormat = tile_text, group: TileFormat = str) -> str:
    """The reason of one fu line (a ``FuLine`` or its mapping), without the amount."""
    code = str(_field(line, "code", "") or "")
    p = _params(line)
    fixed = {
        "base": pgettext("fu", "Base"),
        "closed_ron": _("Closed ron"),
        "tsumo": pgettext("fu", "Tsumo"),
        "pinfu_tsumo": _("Tsumo with pinfu: no tsumo fu"),
        "open_pinfu": _("Open hand with no fu, won by ron"),
        "chiitoitsu": _("Seven pairs (chiitoitsu), always, never rounded"),
        "kokushi": _("Thirteen orphans is a yakuman: no fu are counted"),
    }
    if code in fixed:
        return fixed[code]
    try:
        if code == "wait":
            return _wait_line(p, tile)
        if code == "pair":
            role_texts = {
                "": _("Pair of %(tile)s"),
                "dragon": _("Pair of %(tile)s (a dragon)"),
                "seat": _("Pair of %(tile)s (your seat wind)"),
                "round": _("Pair of %(tile)s (the round wind)"),
                "seat_round": _("Pair of %(tile)s (your seat wind and the round wind)"),
            }
            return role_texts[str(p["role"])] % {"tile": tile(str(p["tile"]))}
        if code == "sequence":
            seq_texts = {
                "closed": _("Sequence %(tiles)s, closed"),
                "called": _("Sequence %(tiles)s, called"),
            }
            return seq_texts[str(p["state"])] % {"tiles": group(str(p["tiles"]))}
        if code == "set":
            set_texts = {
                ("pon", "open"): _("Called triplet of %(tile)s, %(grade)s"),
                ("pon", "closed"): _("Concealed triplet of %(tile)s, %(grade)s"),
                ("kan", "open"): _("Called quad of %(tile)s, %(grade)s"),
                ("kan", "closed"): _("Concealed quad of %(tile)s, %(grade)s"),
            }
            state = str(p["state"])
            if state == "ron_open":
                text = _("Triplet of %(tile)s completed by ron, counted as called, %(grade)s")
            else:
                text = set_texts[(str(p["kind"]), state)]
            return text % {"tile": tile(str(p["tile"])), "grade": _grade(str(p["grade"]))}
        if code == "rounding":
            return _("Rounding %(from)s up to %(to)s") % {"from": p["from"], "to": p["to"]}
    except KeyError:
        pass  # params the renderer does not know: say what the engine said
    return str(_field(line, "reason", "") or code)


def _wait_line(p: Mapping[str, object], tile: TileFormat) -> str:
    name = tile(str(p["tile"]))
    texts = {
        "two_sided": _("Two-sided wait (ryanmen) on %(tile)s"),
        "closed": _("Closed wait (kanchan) on %(tile)s"),
        "edge": _("Edge wait (penchan) on %(tile)s"),
        "single": _("Pair wait (tanki) on %(tile)s"),
        "dual_pon": _("Wait on two pairs (shanpon), %(tile)s makes the set"),
    }
    text = texts[str(p["shape"])] % {"tile": name}
    if _int(p.get("also_two_sided", 0)):
        text += " " + _("(the sequence can also be read as two-sided)")
    return text


def fu_text(line: Fact, tile: TileFormat = tile_text, group: TileFormat = str) -> str:
    """One fu line with its amount, as the engine's ``str(line)`` but translated:
    "Closed ron: +10", "Ron con la mano cerrada: +10". A plain string is shown as it is."""
    if isinstance(line, str):  # a line kept as text before the engine gave codes
        return line
    return _("%(reason)s: %(sign)s%(fu)s") % {
        "reason": fu_reason_text(line, tile, group),
        "sign": _field(line, "sign", "") or "",
        "fu": _field(line, "fu", 0),
    }


# --- near misses ----------------------------------------------------------------------------

_NEAR_MISS_FIXED: dict[str, StrPromise] = {
    "open_hand": gettext_lazy("the hand is open"),
    "seven_pairs_no_sequences": gettext_lazy("seven pairs has no sequences"),
    "orphans_no_sequences": gettext_lazy("thirteen orphans has no sequences"),
    "won_by_ron": gettext_lazy("won by ron, not by tsumo"),
    "no_sequences": gettext_lazy("the hand has no sequences"),
    "no_sequence_in_two_suits": gettext_lazy("no sequence appears in two suits"),
    "no_two_of_straight": gettext_lazy("no suit has two of 123, 456 and 789"),
    "no_value_set": gettext_lazy("no set of dragons, seat wind or round wind"),
    "has_calls": gettext_lazy("the hand has called or declared sets"),
    "worth_more_as_sets": gettext_lazy("the hand is worth more read as four sets and a pair"),
    "no_identical_sequences": gettext_lazy("no two identical sequences"),
    "seven_pairs_are_pairs": gettext_lazy("seven pairs are pairs, not sets"),
    "three_suits": gettext_lazy("it uses three suits"),
}

_WAIT_NOT_TWO_SIDED: dict[str, StrPromise] = {
    "closed": gettext_lazy("the wait is closed (kanchan)"),
    "edge": gettext_lazy("the wait is an edge (penchan)"),
    "single": gettext_lazy("the wait is a pair wait (tanki)"),
    "dual_pon": gettext_lazy("the wait is on two pairs (shanpon)"),
}

_SUITS_IN_TEXT: dict[str, StrPromise] = {
    "m": pgettext_lazy("suit in a sentence", "characters"),
    "p": pgettext_lazy("suit in a sentence", "circles"),
    "s": pgettext_lazy("suit in a sentence", "bamboo"),
}


def near_miss_reason(miss: Fact, tile: TileFormat = tile_text, group: TileFormat = str) -> str:
    """Why the hand lacks a yaku (a ``NearMiss`` or its mapping): "the wait is closed
    (kanchan)", "falta 234s"."""
    code = str(_field(miss, "code", "") or "")
    p = _params(miss)
    fixed = _NEAR_MISS_FIXED.get(code)
    if fixed is not None:
        return str(fixed)
    try:
        if code == "holds_set":
            return _("it holds a set of %(tile)s, pinfu needs four sequences") % {
                "tile": tile(str(p["tile"]))
            }
        if code == "value_pair":
            return _("the pair of %(tile)s is a value tile") % {"tile": tile(str(p["tile"]))}
        if code == "wait_not_two_sided":
            text = _WAIT_NOT_TWO_SIDED.get(str(p["shape"]))
            return str(text) if text is not None else _("the wait is not two-sided")
        if code == "holds_outside_tiles":
            count = _int(p["count"])
            shown = _tile_list(str(p["tiles"]), tile)
            if count > len(str(p["tiles"]).split(",")):
                shown = _("%(tiles)s and more") % {"tiles": shown}
            return ngettext(
                "it holds a terminal or honor: %(tiles)s",
                "it holds terminals or honors: %(tiles)s",
                count,
            ) % {"tiles": shown}
        if code == "open_tanyao_not_allowed":
            return _("open tanyao does not count under %(rules)s rules") % {"rules": p["rules"]}
        if code == "missing_sequence":
            return _("missing %(tiles)s") % {"tiles": group(str(p["tiles"]))}
        if code == "pair_not_set":
            return _("a pair of %(tile)s, not a set") % {"tile": tile(str(p["tile"]))}
        if code == "too_few_pairs":
            count = _int(p["count"])
            return ngettext(
                "only %(count)d pair, seven pairs needs 7",
                "only %(count)d pairs, seven pairs needs 7",
                count,
            ) % {"count": count}
        if code == "holds_sequence":
            return _("it holds the sequence %(tiles)s") % {"tiles": group(str(p["tiles"]))}
        if code == "two_suits":
            first, second = str(p["suits"]).split(",")
            return _("it uses two suits (%(first)s and %(second)s)") % {
                "first": _SUITS_IN_TEXT[first],
                "second": _SUITS_IN_TEXT[second],
            }
    except (KeyError, ValueError):
        pass  # params the renderer does not know: say what the engine said
    return str(_field(miss, "reason", "") or code)


def near_miss_text(miss: Fact, tile: TileFormat = tile_text, group: TileFormat = str) -> str:
    """A near miss with its yaku: "Pinfu: the wait is closed (kanchan)"."""
    if isinstance(miss, str):  # kept as text before the engine gave codes
        return miss
    return _("%(yaku)s: %(reason)s") % {
        "yaku": yaku_name(miss),
        "reason": near_miss_reason(miss, tile, group),
    }


def no_yaku_text(error: Fact, tile: TileFormat = tile_text, group: TileFormat = str) -> str:
    """The engine's ``NoYakuError`` explained, with its near misses (``misses``)."""
    text = _(
        "No yaku: this hand cannot win. A complete shape is not enough, a winning hand needs "
        "at least one yaku."
    )
    misses = _field(error, "misses", ()) or ()
    if isinstance(misses, Iterable) and misses:
        listed = "; ".join(near_miss_text(m, tile, group) for m in misses)
        text += " " + _("Near misses: %(misses)s.") % {"misses": listed}
    return text


def error_text(error: Fact) -> str:
    """An engine error a learner should read in their language: ``NoYakuError`` (with its near
    misses) and ``NotAWinningHandError`` by their ``code``; any other message as it is."""
    code = getattr(error, "code", None)
    if isinstance(error, TileParseError | ImpossibleHandError | InvalidMeldError):
        return _input_error_text(error)
    if code == "no_yaku":
        return no_yaku_text(error)
    if code == "not_a_winning_hand":
        return _(
            "These tiles are not a winning hand: they need four sets and a pair, seven pairs or "
            "thirteen orphans."
        )
    return str(error)


def _input_error_text(error: ValueError) -> str:
    """A typed hand the engine refused. The engine's notation and hand errors carry no code,
    only an English sentence (and, for notation, a position): an English reader gets that
    sentence; any other reader a translated explanation that points at the position."""
    if get_language() in (None, "en") or str(get_language()).startswith("en-"):
        return str(error)
    if isinstance(error, TileParseError):
        part = error.text[error.position : error.position + 4] if error.text else ""
        return _(
            "The tile notation is not valid at character %(position)d (“%(part)s”): write the "
            "digits and then their suit letter, m, p, s or z (honors are 1z to 7z), and called "
            "sets in brackets, e.g. 123m456p77z [555s]."
        ) % {"position": error.position + 1, "part": part}
    if isinstance(error, InvalidMeldError):
        return _(
            "A called set is not valid: it must be a run or three or four equal tiles, called "
            "from another player (a chi only from the player on your left)."
        )
    return _(
        "These tiles cannot be one hand: check how many tiles it has (a called set counts as "
        "three) and that no tile appears more than four times."
    )


GAMELOG_REASONS: dict[str, StrPromise] = {
    "unreadable": gettext_lazy("the file cannot be read"),
    "not_mjlog": gettext_lazy("this is not an mjlog (Tenhou XML) game log"),
    "malformed_tag": gettext_lazy("a tag is cut off or malformed"),
    "not_a_tag": gettext_lazy("not an mjlog tag"),
    "bad_tag": gettext_lazy("a tag cannot be read (%(detail)s)"),
    "no_round": gettext_lazy("the log holds no round"),
    "ends_early": gettext_lazy("the log ends before the round does (no win or draw)"),
    "no_final_scores": gettext_lazy("the log ends without the final scores (owari)"),
    "dealt_twice": gettext_lazy("tile %(tile)s is dealt twice"),
    "impossible": gettext_lazy("the game cannot go on like this (%(detail)s)"),
    "no_round_end": gettext_lazy("the round has no end (no win or draw)"),
    "not_json": gettext_lazy("not JSON (%(detail)s)"),
    "not_tenhou6": gettext_lazy("not a tenhou.net/6 log: it has no “log” list"),
    "three_player": gettext_lazy("three-player games are not supported"),
    "bad_round": gettext_lazy("a round cannot be read (%(detail)s)"),
}
"""The log reader's :data:`~tutor.engine.gamelog.events.GAMELOG_CODES` in words. A ``detail``
is the reader's English sentence: an English reader gets it, a translation may leave it out."""


def gamelog_error_text(error: Fact) -> str:
    """A game log the reader refused (``GameLogError``), in the reader's language: the round
    and the event it is about, then what is wrong; an unknown code keeps the English reason.

    >>> from tutor.engine.gamelog.events import GameLogError
    >>> gamelog_error_text(GameLogError("x", where="E1-0", event="deal", code="dealt_twice",
    ...                                 params={"tile": 44}))
    'round E1-0, event deal: tile 44 is dealt twice'
    >>> from django.utils import translation
    >>> with translation.override("es"):
    ...     gamelog_error_text(GameLogError("x", code="not_mjlog"))
    'esto no es un registro de partida mjlog (el XML de Tenhou)'
    """
    reason = GAMELOG_REASONS.get(str(_field(error, "code", "")))
    text = str(reason) % _params(error) if reason is not None else _field(error, "reason", "")
    where, event = _field(error, "where"), _field(error, "event")
    place = [_("round %(round)s") % {"round": where}] if where else []
    place += [_("event %(event)s") % {"event": event}] if event else []
    if not place:
        return str(text)
    return _("%(place)s: %(reason)s") % {"place": ", ".join(place), "reason": text}


LIMIT_NAMES: dict[str, StrPromise] = {
    "mangan": pgettext_lazy("limit", "mangan"),
    "haneman": pgettext_lazy("limit", "haneman"),
    "baiman": pgettext_lazy("limit", "baiman"),
    "sanbaiman": pgettext_lazy("limit", "sanbaiman"),
    "yakuman": pgettext_lazy("limit", "yakuman"),
    "double yakuman": pgettext_lazy("limit", "double yakuman"),
    "triple yakuman": pgettext_lazy("limit", "triple yakuman"),
    "quadruple yakuman": pgettext_lazy("limit", "quadruple yakuman"),
    "quintuple yakuman": pgettext_lazy("limit", "quintuple yakuman"),
    "sextuple yakuman": pgettext_lazy("limit", "sextuple yakuman"),
}
"""Names of the scorer's ``limit`` values (``ScoreResult.limit``)."""


def limit_name(limit: Fact) -> str:
    """A scoring limit's name: "double yakuman", "doble yakuman"; ``""`` stays empty."""
    return str(LIMIT_NAMES.get(str(limit or ""), limit or ""))


# --- furiten and call reasons ----------------------------------------------------------------------


def furiten_text(reason: Fact, tile: TileFormat = tile_text) -> str:
    """A ``FuritenReason`` (or its mapping with ``code`` and ``params``) as a sentence."""
    code = str(_field(reason, "code", "") or "")
    p = _params(reason)
    texts = {
        "permanent": _(
            "own-discard furiten: %(tile)s, a winning tile, is your discard number "
            "%(position)s; it lasts while that tile is one of your waits"
        ),
        "temporary": _(
            "temporary furiten: %(tile)s, a winning tile, went by since your last discard "
            "(passed tile %(position)s)"
        ),
        "riichi": _(
            "riichi furiten: %(tile)s, a winning tile, went by after your riichi (passed tile "
            "%(position)s); it lasts until the hand ends"
        ),
    }
    if code in texts and "tile" in p and "position" in p:
        return texts[code] % {"tile": tile(str(p["tile"])), "position": p["position"]}
    return str(reason)


CALL_REASONS: dict[str, StrPromise] = {
    "chi_only_from_left": gettext_lazy(
        "a chi can only take the discard of the player on your left"
    ),
    "riichi_only_ron": gettext_lazy("after riichi you may call only ron"),
    "last_discard": gettext_lazy(
        "nobody may chi, pon or kan the last discard of the hand; ron is still allowed"
    ),
    "furiten": gettext_lazy("the hand is furiten: no ron (tsumo is still allowed)"),
    "no_yaku": gettext_lazy("the win would have no yaku"),
    "kuikae": gettext_lazy("every tile left would be a forbidden discard (kuikae)"),
    "no_kan_left": gettext_lazy(
        "four kans were already declared, or no tile is left to draw for a replacement"
    ),
    "riichi_kan_not_drawn": gettext_lazy("in riichi a closed kan must use the tile just drawn"),
    "riichi_kan_changes_waits": gettext_lazy(
        "in riichi a closed kan may not change the hand's waits"
    ),
    "riichi_kan_changes_shape": gettext_lazy(
        "in riichi the kan's four tiles must be a triplet in every reading of the hand"
    ),
    "ron_beats_calls": gettext_lazy("a ron on the same tile comes first"),
    "pon_beats_chi": gettext_lazy("a pon or kan on the same tile beats a chi"),
    "head_bump": gettext_lazy(
        "a player nearer in turn order after the discarder also declared ron (head bump)"
    ),
    "triple_ron_draw": gettext_lazy(
        "three players declared ron, so the hand ends in an abortive draw (sanchahou)"
    ),
}
"""Why a call is not allowed or lost, per :class:`tutor.engine.calls.Reason` value."""


def call_reason_text(reason: Fact) -> str:
    """Why a call is blocked: a ``Reason``, its value, or a ``Blocked`` (its reason only)."""
    code = _field(reason, "code", None) if not isinstance(reason, str) else None
    return _named(CALL_REASONS, code if code is not None else reason)


def discard_reason_text(reason: Fact, tile: TileFormat = tile_text) -> str:
    """A reason of the expected-value discard ranking (:class:`tutor.engine.value.Reason` or
    its mapping with ``code`` and ``params``) as a sentence."""
    code = str(_field(reason, "code", "") or "")
    p = _params(reason)
    one = tile(str(p.get("tile", "")))
    many = _tile_list(str(p.get("tiles", "")), tile)
    if code == "tenpai":
        live = _int(p.get("live", 0) or 0)
        return ngettext(
            "tenpai, waiting on %(tiles)s (%(live)s tile left)",
            "tenpai, waiting on %(tiles)s (%(live)s tiles left)",
            live,
        ) % {"tiles": many, "live": live}
    if code == "safe_against":
        players = _int(p.get("players", 1) or 1)
        return ngettext(
            "%(tile)s is in another player's river: safe against that player",
            "%(tile)s is in %(players)s other players' rivers: safe against them",
            players,
        ) % {"tile": one, "players": players}
    texts = {
        "safe_against_dealer": _("%(tile)s is in the dealer's river: safe against the dealer"),
        "furiten": _("furiten: %(tiles)s is in your river, so this wait can win only by tsumo"),
        "furiten_shape": _(
            "%(tile)s is part of a shape waiting on %(tiles)s, which is in your river: as "
            "your wait, it would be furiten"
        ),
        "dead_wait": _("no winning tile left: every copy of %(tiles)s is in view"),
        "no_yaku": _("an open hand without a yaku cannot win on this wait"),
        "keeps_dora": _("keeps the dora %(tile)s"),
        "discards_dora": _("discards the dora %(tile)s"),
        "discards_red_five": _("discards a red five"),
        "keeps_value_pair": _("keeps the pair of %(tile)s for yakuhai"),
        "discards_value_honor": _("discards %(tile)s, an honor worth a yaku as a triplet"),
        "isolated_honor": _("%(tile)s is an isolated honor, the least useful tile"),
        "isolated_terminal": _("%(tile)s is an isolated terminal"),
        "backs_off": _("goes back a shanten for a better shape or value"),
        "backs_off_estimate": _(
            "goes back a shanten: the expected points of a slower hand are only an estimate, "
            "and where they were the highest, Phoenix players made this kind of discard "
            "%(percent)d times in 100"
        ),
    }
    if code in texts:
        return texts[code] % {"tile": one, "tiles": many, "percent": BACK_OFF_TAKEN_PERCENT}
    return str(_field(reason, "text", "") or reason)
