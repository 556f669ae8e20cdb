"""The deck, table art and sounds: present, the right size, distinct where they must be."""

from __future__ import annotations

import logging
import os
import struct
import sys
import wave
from array import array
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pytest

from game import assets
from game.assets import sounds as sound_module
from game.assets.art import felt, glow, icon, slots
from game.assets.deck import DeckRenderer
from game.cli import sheet
from game.cli.sheet import parse_sizes, write_sheet
from game.core.cards import DECK, card_text, make, parse_card

SIZES = ((35, 49), (140, 196), (211, 300))


@pytest.fixture(scope="module")
def art() -> DeckRenderer:
    return DeckRenderer()


def pixels(surf: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surf, "RGBA")


def opaque_share(surf: pygame.Surface) -> float:
    w, h = surf.get_size()
    return pygame.mask.from_surface(surf, 200).count() / (w * h)


@pytest.mark.parametrize("size", SIZES)
def test_every_face_and_back_renders_at_the_asked_size_with_content(art, size):
    for name in assets.back_names():
        drawn = art.render(size, back=name)
        assert set(drawn) == set(DECK) | {"back"}
        for key, surf in drawn.items():
            assert surf.get_size() == size, key
            assert opaque_share(surf) > 0.95, key
            assert len(set(pixels(surf)[::97])) > 5, f"{key} looks blank"


def test_card_corners_are_rounded_transparent(art):
    face = art.render((140, 196))[parse_card("7H")]
    assert face.get_at((0, 0)).a == 0
    assert face.get_at((70, 98)).a == 255


@pytest.mark.parametrize("faces", ["classic", "four_colour", "high_contrast"])
@pytest.mark.parametrize("size", [(140, 196), (300, 420), (337, 472)])
def test_a_card_is_wholly_opaque_inside_its_rounded_corners(art, faces, size):
    """So a card hides what lies under it (its shadow is laid only round it) and its middle
    is a copy, not a blend: nanosvg leaves the paper at alpha 253 or 254."""
    from game.ui.cardart import solid_inside

    for name in assets.back_names():
        for key, surf in art.render(size, faces, back=name).items():
            assert solid_inside(surf) is not None, key
    assert art.render(size, faces)[parse_card("7H")].get_at((0, 0)).a == 0  # (corners stay)


@pytest.mark.parametrize(("a", "b"), [("5H", "5D"), ("5S", "5C"), ("AH", "AD"), ("KS", "KC")])
def test_suits_of_one_colour_differ_in_pixels(art, a, b):
    faces = art.faces((140, 196))
    assert pixels(faces[parse_card(a)]) != pixels(faces[parse_card(b)])


def test_every_card_looks_different_from_every_other(art):
    faces = art.faces((70, 98))
    assert len({pixels(faces[c]) for c in DECK}) == 52


def test_court_cards_differ_from_each_other_and_from_pips(art):
    faces = art.faces((140, 196))
    for suit in range(4):
        j, q, k, ten = (pixels(faces[make(r, suit)]) for r in (11, 12, 13, 10))
        assert len({j, q, k, ten}) == 4


def test_four_colour_deck_recolours_clubs_and_diamonds_only(art):
    classic, four = art.faces((70, 98)), art.faces((70, 98), four_colour=True)
    for card in DECK:
        same = pixels(classic[card]) == pixels(four[card])
        assert same == (card_text(card)[-1] in "HS"), card_text(card)


def test_four_colour_clubs_are_green_and_diamonds_blue(art):
    four = art.faces((140, 196), four_colour=True)
    centre = (70, 98)
    club, diamond = four[parse_card("AC")].get_at(centre), four[parse_card("AD")].get_at(centre)
    assert club.g > club.r
    assert club.g > club.b
    assert diamond.b > diamond.r
    assert diamond.b > diamond.g


def test_render_is_cached_per_size_and_redone_on_resize(art):
    first = art.render((100, 140))
    assert art.render((100, 140))[0] is first[0]
    resized = art.render((120, 168))
    assert resized[0].get_size() == (120, 168)


def test_backs_include_red_and_blue_and_differ(art):
    names = assets.back_names()
    assert {"red", "blue"} <= set(names)
    assert pixels(art.back((70, 98), "red")) != pixels(art.back((70, 98), "blue"))


def test_unknown_back_is_a_clear_error(art):
    with pytest.raises(assets.AssetError, match="no card back called 'plaid'"):
        art.back((70, 98), "plaid")


def test_svgs_use_only_what_nanosvg_draws():
    files = list(assets.asset_dir("sprites").rglob("*.svg"))
    assert len(files) >= 54 + 26
    for path in files:
        text = path.read_text()
        for banned in ("<text", "<use", "<symbol", "<image", "<clipPath", "<pattern"):
            assert banned not in text, f"{path.name} contains {banned}"


def test_asset_dirs_found_in_source_checkout():
    root = Path(assets.__file__).resolve().parent.parent.parent
    assert assets.asset_dir("sprites") == root / "sprites"
    assert assets.asset_dir("sounds") == root / "sounds"


def test_packaged_assets_win_over_the_folders_beside_the_code(tmp_path, monkeypatch):
    """A wheel and the executable carry the art as ``game/assets/data/<kind>``."""
    (tmp_path / "data" / "sprites" / "cards").mkdir(parents=True)
    (tmp_path / "data" / "sprites" / "cards" / "AS.svg").write_text("<svg/>")
    real = assets.resources.files
    monkeypatch.setattr(
        assets.resources,
        "files",
        lambda anchor: tmp_path if anchor == "game.assets" else real(anchor),
    )
    assert assets.asset_dir("sprites") == tmp_path / "data" / "sprites"
    assert assets.asset_dir("sounds") == Path(assets.__file__).resolve().parents[2] / "sounds"


@pytest.fixture
def packaged_as_the_executable(tmp_path, monkeypatch) -> Path:
    """``game/assets/data`` as the one-file executable carries it: the pictures and sounds
    in one archive (written by the recipe's own ``exe_contents.art_archive``), the fonts
    as files."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "build"))
    try:
        import exe_contents
    finally:
        sys.path.pop(0)
    data = tmp_path / "data"
    archive, _ = exe_contents.art_archive(data)
    (data / "fonts").symlink_to(assets.asset_dir("fonts"), target_is_directory=True)
    real = assets.resources.files
    monkeypatch.setattr(
        assets.resources,
        "files",
        lambda anchor: tmp_path if anchor == "game.assets" else real(anchor),
    )
    return Path(archive)


def test_the_executables_archive_is_found_and_read_like_the_folders(packaged_as_the_executable):
    sprites, sounds = assets.asset_dir("sprites"), assets.asset_dir("sounds")
    assert str(sprites) == f"{packaged_as_the_executable}/sprites/"
    assert str(sounds) == f"{packaged_as_the_executable}/sounds/"
    assert assets.asset_dir("sprites") is sprites  # one place, so its pictures are cached once
    assert assets.font_file().parent == packaged_as_the_executable.parent / "fonts"
    assert assets.back_names(sprites) == assets.back_names(
        Path(assets.__file__).parents[2] / "sprites"
    )
    folder = Path(assets.__file__).resolve().parents[2] / "sprites"
    assert sorted(p.name for p in assets.files_in(sprites)) == sorted(
        p.name for p in folder.rglob("*") if p.is_file()
    )
    deck = DeckRenderer(sprites)
    assert pixels(deck.render((70, 98))[parse_card("QH")]) == pixels(
        DeckRenderer(folder).render((70, 98))[parse_card("QH")]
    )
    assert icon.window_icon(32).get_size() == (32, 32)
    loud = sound_module.Sounds(sounds)
    assert loud.available
    assert len(loud._load()) == len(sound_module.SOUND_NAMES)


def test_a_file_missing_from_the_archive_or_a_damaged_archive_is_named(
    packaged_as_the_executable,
):
    sprites = assets.asset_dir("sprites")
    with pytest.raises(assets.AssetError, match=r"cannot read .*assets.zip/sprites/cards/ZZ.svg"):
        assets.read_bytes(sprites / "cards" / "ZZ.svg")
    damaged = packaged_as_the_executable.parent.parent / "broken" / "assets.zip"
    damaged.parent.mkdir()
    damaged.write_bytes(b"PK this is not an archive")
    with pytest.raises(assets.AssetError, match=r"cannot open .*broken/assets\.zip"):
        assets._opened(damaged)


def test_asset_dir_rejects_unknown_kind():
    with pytest.raises(assets.AssetError, match="unknown asset kind"):
        assets.asset_dir("movies")


# --- sounds -------------------------------------------------------------------------


def read_wav(path: Path) -> tuple[wave._wave_params, array]:
    with wave.open(str(path)) as wav:
        params = wav.getparams()
        samples = array("h", wav.readframes(params.nframes))
    if sys.byteorder == "big":
        samples.byteswap()
    return params, samples


@pytest.mark.parametrize("name", sound_module.SOUND_NAMES)
def test_sound_is_short_soft_mono_and_click_free(name):
    params, samples = read_wav(assets.asset_dir("sounds") / f"{name}.wav")
    assert (params.nchannels, params.sampwidth) == (1, 2)
    assert params.framerate in (22050, 44100)
    assert 0.05 <= params.nframes / params.framerate <= 1.5
    peak = max(abs(s) for s in samples)
    assert 0 < peak < 32768 * 10 ** (-3 / 20), "peak must stay under -3 dBFS"
    edge = params.framerate // 500
    assert max(abs(s) for s in samples[:edge]) < peak * 0.5, "starts with a click"
    assert max(abs(s) for s in samples[-edge:]) < peak * 0.05, "ends with a click"
    assert abs(samples[0]) < 64
    assert abs(samples[-1]) < 64


def test_sounds_total_under_one_megabyte():
    folder = assets.asset_dir("sounds")
    assert sum((folder / f"{n}.wav").stat().st_size for n in sound_module.SOUND_NAMES) < 1_000_000


def test_every_sound_loads_and_plays_under_dummy_driver():
    sounds = sound_module.Sounds()
    assert sounds.available
    for name in sound_module.SOUND_NAMES:
        sounds.play(name)
    assert pygame.mixer.get_busy()
    pygame.mixer.stop()


def test_sounds_disabled_play_nothing():
    sounds = sound_module.Sounds()
    assert sounds.available
    pygame.mixer.stop()
    sounds.set_enabled(False)
    sounds.play("win")
    assert not pygame.mixer.get_busy()
    sounds.set_enabled(True)
    sounds.play("win")
    assert pygame.mixer.get_busy()
    pygame.mixer.stop()


def test_unknown_sound_name_is_a_clear_error():
    with pytest.raises(ValueError, match="no sound called 'boom'"):
        sound_module.Sounds().play("boom")


def test_sounds_stay_silent_and_say_so_once_when_mixer_cannot_start(monkeypatch, caplog):
    def broken_init(*args, **kwargs):
        raise pygame.error("ALSA: Couldn't open audio device")

    monkeypatch.setattr(pygame.mixer, "init", broken_init)
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(sound_module, "_silence_reported", False)
    with caplog.at_level(logging.WARNING, logger="game.assets"):
        for sounds in (sound_module.Sounds(), sound_module.Sounds()):
            for name in sound_module.SOUND_NAMES:
                sounds.play(name)
            assert not sounds.available
    warnings = [r for r in caplog.records if "sound is off" in r.getMessage()]
    assert len(warnings) == 1
    assert "Couldn't open audio device" in warnings[0].getMessage()


# --- table art ----------------------------------------------------------------------


def test_felt_has_window_size_texture_and_vignette():
    surf = felt.felt((640, 400))
    assert surf.get_size() == (640, 400)
    row = {tuple(surf.get_at((x, 200))) for x in range(0, 640, 7)}
    assert len(row) > 10, "felt must not be a flat fill"
    assert felt.vignette_strength((640, 400)) > 0.1
    assert felt.felt((640, 400)) is surf


def test_slots_mark_their_suit():
    size = (70, 98)
    drawn = {m: pixels(slots.slot(size, m)) for m in slots.MARKS}
    assert len(set(drawn.values())) == len(slots.MARKS)
    assert slots.slot(size, "H", "Pasha").get_size() == size
    with pytest.raises(ValueError, match="unknown slot mark"):
        slots.slot(size, "X")


def test_glow_shadow_and_highlight_surround_the_card():
    size = (70, 98)
    p = glow.pad(size)
    for surf in (glow.card_shadow(size), glow.card_glow(size), glow.drop_highlight(size)):
        assert surf.get_size() == (70 + 2 * p, 98 + 2 * p)
        alphas = {surf.get_at((x, 98 // 2 + p)).a for x in range(0, p + 2)}
        assert len(alphas) > 2, "edges must fade softly"


def test_icon_renders_and_ico_file_is_valid():
    assert icon.window_icon(64).get_size() == (64, 64)
    data = (assets.asset_dir("sprites") / "icon.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind) == (0, 1)
    assert count >= 4
    for k in range(count):
        _, _, _, _, _, _, length, offset = struct.unpack(
            "<BBBBHHII", data[6 + 16 * k : 22 + 16 * k]
        )
        assert data[offset : offset + 8] == b"\x89PNG\r\n\x1a\n"
        assert offset + length <= len(data)


def test_contact_sheet_is_written(tmp_path):
    out = tmp_path / "sheet.png"
    write_sheet(out, [(28, 39)])
    sheet = pygame.image.load(str(out))
    assert sheet.get_width() >= 13 * 28


def test_contact_sheet_bad_size_is_a_clear_message(capsys):
    assert sheet.main(["x.png", "--sizes", "big"]) == 2
    assert "bad size 'big'" in capsys.readouterr().err
    with pytest.raises(ValueError, match="out of range"):
        parse_sizes("1x1")
