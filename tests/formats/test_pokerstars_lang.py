"""PokerStars hands written by the client in Spanish and Portuguese, rewritten in English words.

The fixtures ``fixtures/pokerstars/lang-<language>.txt`` are hands written for these tests from the
format of real hands found in public test data (the sources are cited below); beside each, the
same hands as the English client writes them (``lang-<language>.en.hh``).

* Spanish: the real hands quoted in the test data of Spanish users' parsers, found with the
  ``find_string`` tool on ``*** CARTAS DE MANO ***`` and ``de Zoom de PokerStars`` (cash Zoom hands
  at 0.02 €/0.05 €, January and February 2025, e.g. ``Mano n.º 254310896120 de Zoom de PokerStars:``,
  ``Mesa "Asterope" 6-max El asiento n.º 1 es el botón``, ``Asiento 1: ... (5.14 € en fichas)``,
  ``pone la ciega pequeña``, ``sube 0.05 € a 0.10 €``, ``iguala``, ``se retira``, ``pasa``,
  ``apuesta``, ``La apuesta no igualada (0.13 €) ha sido devuelta a ...``, ``... se lleva 0.26 €
  del bote``, ``no muestra su mano``, ``muestra [Jd Qc] (pareja de damas)``, ``descarta su mano
  sin mostrar``, ``Bote total 0.27 € | Comisión 0.01 €``, ``Comunitarias [...]``, the summary's
  ``(botón)``, ``(ciega pequeña)``, ``se retiró antes del Flop (no apostó)``, ``se retiró en el
  Turn``, ``recaudó (0.26 €)``, ``muestra [..] y ganó (0.79 €) con ...``, ``descartó sin mostrar
  [..]``; a parser of the same data adds ``está ausente`` and ``deja la mesa``).
* Portuguese: github.com/iagowp/JSPokerParser, ``testHands.js`` (two real tournament hands of
  2015-07-07: ``Mão PokerStars #137737997245: Torneio #1270291825, 4500+500 Hold'em No Limit -
  Nível I (10/20)``, ``Mesa '1270291825 1' 6-max Lugar #1 é o botão``, ``Lugar 1: ... (500 em
  fichas)``, ``está sit out``, ``coloca ante 2``, ``paga o small blind 10``, ``*** CARTAS DA MÃO
  ***``, ``... recebe [Jc 9s]``, ``desiste``, ``iguala``, ``aumenta 20 para 40``, ``aposta``,
  ``passa``, ``e está all-in``, ``Aposta não-igualada (258) voltou para ...``, ``... recebeu 512 do
  pote``, ``*** SUMÁRIO ***``, ``Total pote 512 | comissão 0``, ``Mesa [...]``, ``(Botão)``,
  ``desistiu no Flop``, ``desistiu antes Flop (não apostou)``, ``recebeu (512)``).
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from pokerengine.errors import HistoryParseError, PokerEngineError
from pokerengine.formats import read_text
from pokerengine.formats.pokerstars import parse_pokerstars
from pokerengine.formats.pokerstars_lang import LANGUAGES, MAX_LINE_CHARS, detect, english_amount, to_english
from pokerengine.formats.sitehand import SiteHand
from pokerengine.replay.site_check import check_site

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "pokerstars"
LANGS = {"es": "spanish", "pt": "portuguese"}


def lines_of(name: str) -> list[str]:
    path = FIXTURES / name
    if not path.exists():  # the same fixture named .txt, once the reader translates by itself
        path = path.with_suffix(".txt")
    return path.read_text(encoding="utf-8").splitlines()


def read_translated(lines: list[str]) -> list[SiteHand]:
    return parse_pokerstars("\n".join(to_english(lines)), source="lang")


@pytest.mark.parametrize("code", LANGUAGES)
def test_each_language_becomes_the_english_hand_line_for_line(code: str) -> None:
    foreign = lines_of(f"lang-{LANGS[code]}.txt")
    english = lines_of(f"lang-{LANGS[code]}.en.hh")
    got = to_english(foreign)
    assert len(got) == len(foreign)
    assert [(n, line) for n, line in enumerate(got, 1) if line != english[n - 1]] == []
    assert detect(foreign[0]) == code


@pytest.mark.parametrize("code", LANGUAGES)
def test_translated_hands_replay_matched_and_equal_the_english_ones(code: str) -> None:
    hands = read_translated(lines_of(f"lang-{LANGS[code]}.txt"))
    direct = parse_pokerstars("\n".join(lines_of(f"lang-{LANGS[code]}.en.hh")), source="lang")
    assert [h.history for h in hands] == [h.history for h in direct]
    assert [check_site(h).status for h in hands] == ["matched", "matched"]


def test_spanish_amounts_pot_and_rake_worked_by_hand() -> None:
    first, second = read_translated(lines_of("lang-spanish.txt"))
    # Hand 1, cents: pasa's small blind 2 (folded), Luis R 5 -> 15, ana 15; flop 20 + 20;
    # river 40 + 40: 2 + 15 + 15 + 40 + 80 = 152 = "Bote total 1.52 €"; rake 7; ana 145.
    assert first.history.currency == "EUR" and (tuple(first.history.blinds_or_straddles or ())[:2], first.history.min_bet) == ((2, 5), 5)
    assert (first.total_pot, first.rake, [(c.player, c.amount) for c in first.collected]) == (152, 7, [("ana", 145)])
    assert first.history.starting_stacks == (420, 605, 310, 500)  # pasa, Luis R, se retira, ana (button last)
    # Hand 2: Luis R's 2 and se retira's 12 with pasa's 12; pasa's bet of 15 comes back: 26, rake 1.
    assert (second.total_pot, second.rake, second.returned) == (26, 1, (0, 0, 0, 15))
    assert check_site(second).rake_got == 1


def test_portuguese_tournament_chips_worked_by_hand() -> None:
    first, second = read_translated(lines_of("lang-portuguese.txt"))
    # Hand 1: antes 5 x 3 = 15; blinds 15 + 30 (both fold); iguala and Rui Sá 270 each preflop,
    # 300 each on the flop (iguala's all-in to 1227 minus the 927 returned): 15 + 45 + 540 + 600.
    assert first.history.currency is None and first.history.antes == (3, 3, 3, 3, 3)
    assert (first.total_pot, first.rake, [(c.player, c.amount) for c in first.collected]) == (1200, 0, [("iguala", 1200)])
    assert first.history.actions[-2:] == ("p4 cbr 1227", "p5 f")  # iguala raises all-in, Rui Sá folds
    # Hand 2, heads-up: antes 12, blinds 30 completed to 60: 132; passa (button, small blind) is p2.
    assert second.history.players == ("iguala", "passa") and second.total_pot == 132


def test_players_named_like_keywords_are_never_rewritten() -> None:
    es = lines_of("lang-spanish.txt")
    got = to_english(es)
    assert "pasa: checks" not in got and "se retira: folds" in got and "pasa: folds" in got
    assert "se retira: checks" in got and "Seat 4: se retira folded before Flop (didn't bet)" in got
    pt = to_english(lines_of("lang-portuguese.txt"))
    assert "iguala: calls 180" in pt and "passa: calls 30" in pt and "passa: checks" in pt and "desiste: folds" in pt
    # A name nobody sits under is not a player: the line stays as it is (the reader refuses it).
    hand = es[:9] + ["Bob: pasa", "pasa: pasa"]
    assert to_english(hand)[-2:] == ["Bob: pasa", "pasa: checks"]
    # A seated name holding ": " and a keyword: the seated name is found first, its action after.
    odd = es[:2] + ["Asiento 1: x: pasa (5 € en fichas)", "Asiento 2: y (5 € en fichas)",
                    "*** CARTAS DE MANO ***", "x: pasa: pasa", "y se lleva 1 € del bote", "x: pasa se lleva 1 € del bote"]
    assert to_english(odd)[2:] == ["Seat 1: x: pasa (€5 in chips)", "Seat 2: y (€5 in chips)", "*** HOLE CARDS ***",
                                   "x: pasa: checks", "y collected €1 from pot", "x: pasa collected €1 from pot"]


def test_amounts_with_the_languages_separators() -> None:
    assert [english_amount(a) for a in ("0,02 €", "0.02 €", "1.234,50 €", "1,234.50 €", "1 000", "1\u00a0000 €",
                                        "1\u202f000", "7", "€3", "$0.50")] == \
        ["€0.02", "€0.02", "€1234.50", "€1234.50", "1000", "€1000", "1000", "7", "€3", "$0.50"]
    assert [english_amount(a) for a in ("1.000.50", "1,000,5", "€1 €", "1.00.000", "", "€", "12345678901234567890")] == \
        [None] * 7
    # A Spanish hand written with decimal commas and a stack with a thousands point reads the same.
    es = lines_of("lang-spanish.txt")
    commas = [re.sub(r"([0-9])\.([0-9]{2}) €", r"\1,\2 €", line) for line in es]
    commas[2] = "Asiento 1: ana (1.005 € en fichas)"
    got, english = to_english(commas), lines_of("lang-spanish.en.hh")
    assert got[2] == "Seat 1: ana (€1005 in chips)" and got[3:] == english[3:]
    pt = lines_of("lang-portuguese.txt")
    spaced = [line.replace("(2210 em fichas)", "(2\u00a0210 em fichas)").replace("(1500 em fichas)", "(1 500 em fichas)")
              for line in pt]
    assert to_english(spaced) == lines_of("lang-portuguese.en.hh")


def test_a_file_of_mixed_languages_translates_each_hand_and_keeps_the_english_one() -> None:
    english = (FIXTURES / "handwritten" / "muck-and-unknown.txt").read_text(encoding="utf-8-sig").splitlines()
    es, pt = lines_of("lang-spanish.txt"), lines_of("lang-portuguese.txt")
    mixed = es + [""] + english + [""] + pt
    got = to_english(mixed)
    assert got == lines_of("lang-spanish.en.hh") + [""] + english + [""] + lines_of("lang-portuguese.en.hh")
    assert len(read_translated(mixed)) == 4 + len(parse_pokerstars("\n".join(english)))


def test_english_files_pass_through_untouched() -> None:
    for path in sorted(FIXTURES.rglob("*.txt")):
        lines = read_text(str(path)).splitlines()  # (any encoding)
        if lines and detect(lines[0]) is None:
            assert to_english(lines) is lines, path


def test_lines_not_known_stay_and_the_reader_names_them() -> None:
    es = lines_of("lang-spanish.txt")
    # No real Spanish all-in line was found, so it is not guessed: the line stays, the reader names it.
    hand = es[:11] + ["ana: sube 0.10 € a 5 € y va all-in"] + es[12:36]
    assert to_english(hand)[11] == "ana: sube 0.10 € a 5 € y va all-in"
    with pytest.raises(HistoryParseError, match=r"hand 254300000001, line 12: cannot read"):
        read_translated(hand)
    # A header whose game is not known still becomes a PokerStars header, so the error names its hand.
    torneo = ["Mano n.º 99 de PokerStars: Torneo n.º 5, 1 €+0.10 € EUR Hold'em No Limit - Nivel I (10/20) - x"] + es[1:36]
    assert to_english(torneo)[0].startswith("PokerStars Hand #99: Torneo")
    with pytest.raises(HistoryParseError, match=r"hand 99, line 1: "):
        read_translated(torneo)
    # A bad amount is not rewritten either.
    assert to_english(es[:9] + ["ana: iguala 1.00.00 €"])[-1] == "ana: iguala 1.00.00 €"


def test_bad_input_raises_history_parse_error() -> None:
    with pytest.raises(HistoryParseError, match="expected a list of lines"):
        to_english("Mano n.º 1")  # type: ignore[arg-type]
    with pytest.raises(HistoryParseError, match="line 2: expected text"):
        to_english(["x", b"y"])  # type: ignore[list-item]


def test_long_and_hostile_lines_are_bounded() -> None:
    es = lines_of("lang-spanish.txt")
    long_line = "ana: iguala " + "1" * MAX_LINE_CHARS + " €"
    assert to_english(es[:9] + [long_line])[-1] == long_line
    hostile = [": " * 900 + "pasa", "(" * 1990, "Asiento 1: " + " (" * 990, "a" + " se lleva 1 €" * 150 + " del bote",
               "Asiento 9: " + "(botón)" * 280, "ana: sube " + "1 " * 990 + "a 1", "1 " * 999]
    # near-misses in each part of a hand: among the seats, in the action and in the summary
    hand = es[:6] + hostile * 30 + es[8:9] + hostile * 30 + es[28:29] + hostile * 30
    lines = hand * 15  # some 9,600 lines, 18 MB
    start = time.perf_counter()
    got = to_english(lines)
    elapsed = time.perf_counter() - start
    assert len(got) == len(lines) and elapsed < 10  # measured 0.8 s on the project's (loaded) machine


FRAGMENTS = [
    "Mano n.º 1 de PokerStars:  Hold'em No Limit (0.02 €/0.05 €) - 11-01-2025 12:00:00 CET",
    "Mano n.º 2 de Zoom de PokerStars:  x", "Mão PokerStars #3: Torneio #4, 1+1 Hold'em No Limit - Nível I (1/2) - y",
    "Mão PokerStars #5:", 'Mesa "T" 6-max El asiento n.º 1 es el botón', "Mesa 'T' 6-max Lugar #1 é o botão",
    "Asiento 1: a (1 € en fichas)", "Lugar 2: b (2 em fichas) está sit out", "a: pasa", "b: aumenta 1 para 2 e está all-in",
    "*** CARTAS DE MANO ***", "*** RESUMEN ***", "*** SUMÁRIO ***", "Asiento 1: a (botón) recaudó (1,5 €)",
    "Lugar 2: b (Botão) (small blind) recebeu (3)", "a se lleva 1.000,00 € del bote", "b recebeu 1 000 do pote",
    "PokerStars Hand #6:  Hold'em No Limit ($0.01/$0.02 USD) - x", "\ufeffMano n.º 7 de PokerStars: ",
]


@given(st.lists(st.one_of(st.sampled_from(FRAGMENTS), st.text(max_size=60),
                          st.builds(lambda a, b: a + b, st.sampled_from(FRAGMENTS), st.text(max_size=20))),
                max_size=40))
def test_random_lines_raise_nothing_unexpected_and_keep_their_count(lines: list[str]) -> None:
    try:
        got = to_english(lines)
    except PokerEngineError:  # pragma: no cover - a list of strings is always accepted
        raise AssertionError("a list of strings was refused") from None
    assert len(got) == len(lines) and all(type(line) is str for line in got)
    assert to_english(got) == got  # what is English stays English
    try:
        parse_pokerstars("\n".join(got))
    except PokerEngineError:
        pass


ENGLISH = (FIXTURES / "handwritten" / "heads-up-split.txt").read_text(encoding="utf-8-sig").splitlines()


@given(st.lists(st.text(max_size=60), max_size=20), st.integers(min_value=1))
def test_an_english_hand_with_any_lines_in_it_is_never_changed(extra: list[str], where: int) -> None:
    cut = where % len(ENGLISH)
    lines = ENGLISH[:cut] + [x for x in extra if not x.lstrip("\ufeff").startswith(("Mano n.º ", "Mão PokerStars #"))] \
        + ENGLISH[cut:]
    assert to_english(lines) == lines
