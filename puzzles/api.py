"""The JSON API: ``GET /api/analyze?hand=…`` and its OpenAPI description.

A hand the engine cannot read gets a 400 whose body carries the engine's message (and, for a
notation error, the position of the bad part), never a 500.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, JsonResponse
from django.urls import reverse
from django.views.decorators.csrf import csrf_exempt

from . import analyzer

_TILE = {"type": "string", "pattern": "^[0-9][mps]$|^[1-7]z$", "example": "5m"}
_ACCEPTED = {
    "type": "object",
    "description": (
        'Tile kinds that lower the shanten, each with its unseen copies: {"3m": 4, ...}.'
    ),
    "additionalProperties": {"type": "integer", "minimum": 0, "maximum": 4},
}
_INTEGER = {"type": "integer"}
_STRINGS = {"type": "array", "items": {"type": "string"}}
_OBJECTS = {"type": "array", "items": {"type": "object"}}


def _json(schema: str) -> dict[str, Any]:
    """A JSON body of one of the document's schemas."""
    return {"application/json": {"schema": {"$ref": f"#/components/schemas/{schema}"}}}


def _rows(description: str, **properties: Any) -> dict[str, Any]:
    """An array of objects with these properties."""
    items = {"type": "object", "properties": properties}
    return {"type": "array", "description": description, "items": items}


def _query(name: str, required: bool, description: str, example: str) -> dict[str, Any]:
    schema = {"type": "string", "maxLength": analyzer.MAX_HAND_TEXT}
    return {
        "name": name,
        "in": "query",
        "required": required,
        "description": description,
        "schema": schema,
        "example": example,
    }


ERROR_CODES = (*analyzer.ERROR_CODES.values(), "invalid_hand", "method_not_allowed")

_METHOD_NOT_ALLOWED = {
    "description": "Only GET (and HEAD) are allowed: the API changes nothing.",
    "headers": {"Allow": {"schema": {"type": "string"}, "example": "GET, HEAD"}},
    "content": _json("Error"),
}
_REFUSED_METHODS = {
    method: {
        "operationId": f"analyzeHand{method.capitalize()}",
        "summary": f"{method.upper()} is refused",
        "responses": {"405": _METHOD_NOT_ALLOWED},
    }
    for method in ("post", "put", "patch", "delete")
}


def openapi_document(analyze_path: str) -> dict[str, Any]:
    """The OpenAPI 3.1 description of the API."""
    hand = _query(
        "hand",
        True,
        "The hand in mpsz notation: 123m456p789s1122z; 0m/0p/0s are red fives; called sets in "
        "brackets, e.g. 123m55z [777p].",
        "123456789m12p357s",
    )
    riichi = _query(
        "riichi",
        False,
        "An opponent's riichi river in mpsz notation, the declaration tile last: a 14-tile "
        "hand then gets each tile's danger.",
        "1z9m2z1m8p7m",
    )
    riichi2 = _query(
        "riichi2",
        False,
        "A second riichi's river, the declaration tile last: each danger row is then the chance "
        "of dealing in to either riichi, with its rows against each.",
        "9s1z4p3z2s",
    )
    get = {
        "operationId": "analyzeHand",
        "summary": "Analyze a 13- or 14-tile hand",
        "parameters": [hand, riichi, riichi2],
        "responses": {
            "200": {"description": "The analysis.", "content": _json("Analysis")},
            "400": {
                "description": "The hand cannot be read or cannot exist.",
                "content": _json("Error"),
            },
        },
    }
    push_fold = {
        "type": "object",
        "description": (
            "With riichi and 14 tiles: pushing (the best tile for the hand that is better for it "
            "than the safest) against folding (the safest tile), in points; verdict is push or "
            "fold when the puzzles' rule finds it clear, close when it does not, keep when the "
            "push tile is hardly more dangerous than the safest, nothing when the safest tile "
            "is as good for the hand."
        ),
        "properties": {
            "verdict": {"type": "string", "enum": ["push", "fold", "close", "keep", "nothing"]},
            "answer": {"type": "string", "enum": ["push", "fold"]},
            "gap": _INTEGER,
            "push": {"type": "object"},
            "fold": {"type": "object"},
            "reasons": _OBJECTS,
        },
    }
    analysis = {
        "type": "object",
        "required": ["hand", "tiles", "shanten", "discards", "accepted", "waits"],
        "properties": {
            "hand": {"type": "string"},
            "tiles": {"type": "integer", "enum": [13, 14]},
            "called_sets": {"type": "integer", "minimum": 0, "maximum": 4},
            "shanten": {
                "type": "integer",
                "minimum": -1,
                "description": "-1 complete, 0 tenpai (ready), n: n tiles away.",
            },
            "discards": _rows(
                "14 tiles: every discard, best first.",
                discard=_TILE,
                shanten=_INTEGER,
                accepted=_ACCEPTED,
                count=_INTEGER,
                two_step={"type": "number"},
                two_step_average={"type": "number"},
            ),
            "accepted": _ACCEPTED,
            "accepted_total": _INTEGER,
            "waits": _rows(
                "13 tiles in tenpai: the winning tiles.",
                tile=_TILE,
                count=_INTEGER,
                shapes=_STRINGS,
            ),
            "wait_pattern": {"type": ["string", "null"]},
            "danger": _rows(
                "With riichi and 14 tiles: each kind in hand, safest first, with its chance of "
                "being a winning tile of the riichi and the reasons; with two rivers, the chance "
                "of being one of either and, against each, its row with its reasons.",
                tile=_TILE,
                danger={"type": "number", "minimum": 0, "maximum": 1},
                percent={"type": "string"},
                reasons=_OBJECTS,
                reason_texts=_STRINGS,
                against=_OBJECTS,
            ),
            "push_fold": push_fold,
            "river_error": {"type": "string", "description": "Why the riichi river was not used."},
        },
    }
    error = {
        "type": "object",
        "required": ["code", "error"],
        "properties": {
            "code": {
                "type": "string",
                "enum": list(ERROR_CODES),
                "description": "Why, for programs: stable across languages.",
            },
            "error": {
                "type": "string",
                "description": "The same, for people (in the request's language).",
            },
            "reason": {"type": "string"},
            "position": {"type": "integer", "minimum": 0},
        },
    }
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Riichi Dojo hand analyzer",
            "version": "1.0.0",
            "description": (
                "Shanten, the discard table with accepted tiles and the 2-step figure, and the "
                "waits of a riichi mahjong hand, computed by the dojo's rules engine."
            ),
        },
        "paths": {analyze_path: {"get": get, **_REFUSED_METHODS}},
        "components": {"schemas": {"Analysis": analysis, "Error": error}},
    }


def get_only(view: Callable[[HttpRequest], JsonResponse]) -> Callable[[HttpRequest], JsonResponse]:
    """A read-only API view: any method but GET or HEAD gets a JSON 405 with ``Allow``.

    The API changes nothing and reads no cookie-authenticated state, so it is exempt from
    CSRF: otherwise a POST would meet the CSRF check first and get Django's HTML 403 page.
    """

    @csrf_exempt
    @functools.wraps(view)
    def wrapped(request: HttpRequest) -> JsonResponse:
        if request.method in ("GET", "HEAD"):
            return view(request)
        error = f"{request.method} is not allowed here: use GET."
        return JsonResponse(
            {"code": "method_not_allowed", "error": error},
            status=405,
            headers={"Allow": "GET, HEAD"},
        )

    return wrapped


@get_only
def analyze(request: HttpRequest) -> JsonResponse:
    hand = request.GET.get("hand", "")
    river = request.GET.get("riichi", "")[: analyzer.MAX_HAND_TEXT]
    second = request.GET.get("riichi2", "")[: analyzer.MAX_HAND_TEXT]
    try:
        return JsonResponse(analyzer.analyze(hand, river, second))
    except ValueError as exc:
        return JsonResponse(analyzer.error_details(exc), status=400)


@get_only
def openapi(request: HttpRequest) -> JsonResponse:
    return JsonResponse(openapi_document(reverse("api:analyze")))
