//! How the board looks and is controlled (issue 33, part 3), driven as a
//! person does: picture tiles checked on the rendered screen against the
//! picture's own cut, a bad picture file refused with its line, the
//! choices surviving the app's save and a relaunch, fringe colours
//! following the goal, sliding on hover once per entry, and both arrow-key
//! schemes.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use eframe::egui::{self, Color32, ColorImage, Key, Rect};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use tempfile::TempDir;

use crate::app::files::{FileAction, NativeAnswer};
use crate::app::i18n::{Lang, Msg};
use crate::app::keys::ArrowKeys;
use crate::app::picture::{self, cell_uv};
use crate::app::settings::Look;
use crate::app::tests::{CTRL, TestApp, board, cell_rect, cells, harness_with, wait_until};
use crate::app::{HuarongApp, Settings};
use crate::engine::{Board, TilePuzzle};

fn settings(look: Look) -> Settings {
    Settings {
        animate: false,
        look,
        ..Settings::default()
    }
}

fn app(look: Look) -> TestApp {
    let mut h = harness_with(settings(look));
    h.run();
    h
}

/// Put `start` on the board with `goal` (as Set state would).
fn set_puzzle(h: &mut Harness<'_, HuarongApp>, start: &str, goal: &str) {
    let puzzle = TilePuzzle::new(board(start), board(goal)).unwrap();
    h.state_mut().set_tiles_puzzle(puzzle);
    h.run();
}

/// Click a control of the side panel, scrolled into view first.
fn click(h: &mut Harness<'_, HuarongApp>, label: &str) {
    h.get_by_label(label).scroll_to_me();
    h.run();
    h.get_by_label(label).click();
    h.run();
}

/// Move the pointer off the board (onto the status bar's row).
fn pointer_away(h: &mut Harness<'_, HuarongApp>) {
    h.hover_at(egui::pos2(5.0, 715.0));
    h.run();
}

/// Wait until the picture shown comes from `source`.
fn wait_for_picture(h: &mut Harness<'_, HuarongApp>, source: &picture::Source) {
    wait_until(
        h,
        |h| {
            let p = picture::published(&h.ctx);
            !p.loading && p.shown.is_some_and(|s| &s.source == source)
        },
        60,
        "the picture",
    );
    h.run();
}

/// Wait until no picture is loading.
fn wait_for_load_to_end(h: &mut Harness<'_, HuarongApp>) {
    wait_until(h, |h| !picture::published(&h.ctx).loading, 60, "a load");
    h.run();
}

/// The mean colour of `image`'s pixels in `r` (pixel coordinates).
fn mean(pixel: impl Fn(u32, u32) -> [u8; 3], r: Rect) -> [f32; 3] {
    let mut sum = [0.0f64; 3];
    let mut n = 0.0;
    for y in r.min.y as u32..r.max.y as u32 {
        for x in r.min.x as u32..r.max.x as u32 {
            let p = pixel(x, y);
            for k in 0..3 {
                sum[k] += f64::from(p[k]);
            }
            n += 1.0;
        }
    }
    assert!(n > 0.0, "an empty region");
    sum.map(|s| (s / n) as f32)
}

fn apart(a: [f32; 3], b: [f32; 3]) -> f32 {
    (0..3).map(|k| (a[k] - b[k]).powi(2)).sum::<f32>().sqrt()
}

/// The middle of a rect: `from`..`to` of its width and height.
fn part(r: Rect, from: f32, to: f32) -> Rect {
    Rect::from_min_max(r.min + r.size() * from, r.min + r.size() * to)
}

/// The screen's mean colour in the middle of the tile in `cell` (clear of
/// its edge, its ring and its number's label), and the picture's mean over
/// the same part of the tile's home cell.
fn tile_and_home(
    screen: &image::RgbaImage,
    h: &Harness<'_, HuarongApp>,
    picture: &ColorImage,
    cell: usize,
) -> ([f32; 3], [f32; 3]) {
    let shape = h.state().tiles().game.board.shape();
    let tile = h.state().tiles().game.board.cells()[cell];
    let home = h
        .state()
        .tiles()
        .game
        .goal
        .cells()
        .iter()
        .position(|&t| t == tile)
        .unwrap();
    // The tile is drawn 4 % inside its cell; the picture's part fills it.
    let drawn = cell_rect(h, cell).shrink(cell_rect(h, cell).width() * 0.04);
    let ppp = screen.width() as f32 / h.ctx.content_rect().width();
    let on_screen = part(drawn, 0.25, 0.7);
    let on_screen = Rect::from_min_max(
        (on_screen.min.to_vec2() * ppp).to_pos2(),
        (on_screen.max.to_vec2() * ppp).to_pos2(),
    );
    let shown = mean(
        |x, y| {
            let p = screen.get_pixel(x, y);
            [p[0], p[1], p[2]]
        },
        on_screen,
    );
    let uv = part(cell_uv(picture.size, shape, home), 0.25, 0.7);
    let (w, ht) = (picture.size[0] as f32, picture.size[1] as f32);
    let in_picture = Rect::from_min_max(
        egui::pos2(uv.min.x * w, uv.min.y * ht),
        egui::pos2(uv.max.x * w, uv.max.y * ht),
    );
    let own = mean(
        |x, y| {
            let p = picture.pixels[y as usize * picture.size[0] + x as usize];
            [p.r(), p.g(), p.b()]
        },
        in_picture,
    );
    (shown, own)
}

/// Where the test's screenshots go: `target/board-looks/` of the
/// repository, to look at.
fn save_screenshot(image: &image::RgbaImage, name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/board-looks");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    image.save(&path).unwrap();
    path
}

/// A 3×3 board far from its goal: every tile away from its home.
const SCRAMBLED: &str = "8 6 7 2 5 4 3 0 1";
const GOAL3: &str = "1 2 3 4 5 6 7 8 0";

#[test]
fn picture_tiles_show_their_home_part_of_the_picture_and_numbers_go_on_and_off() {
    let mut h = app(Look::default());
    set_puzzle(&mut h, SCRAMBLED, GOAL3);
    click(&mut h, "Picture");
    assert!(h.state().settings().look.picture);
    wait_for_picture(&mut h, &None);
    click(&mut h, "Numbers on the picture");
    assert!(!h.state().settings().look.numbers);
    pointer_away(&mut h);
    let screen = crate::app::tests::rendered(&mut h);
    let saved = save_screenshot(&screen, "picture-built-in.png");
    let built_in = picture::built_in();
    // Each tile shows its own home's part of the picture: nearer it than
    // any other tile's part.
    let board = h.state().tiles().game.board.clone();
    let parts: Vec<([f32; 3], [f32; 3])> = (0..9)
        .filter(|&c| board.cells()[c] != 0)
        .map(|c| tile_and_home(&screen, &h, &built_in, c))
        .collect();
    for (i, (shown, own)) in parts.iter().enumerate() {
        let d_own = apart(*shown, *own);
        assert!(
            d_own < 12.0,
            "tile {i} is {d_own} from its part ({})",
            saved.display()
        );
        for (j, (_, other)) in parts.iter().enumerate().filter(|(j, _)| *j != i) {
            assert!(
                apart(*shown, *other) > d_own,
                "tile {i} looks more like part {j} ({})",
                saved.display()
            );
        }
    }
    // At the goal the top-left tile shows the picture's top-left part.
    click(&mut h, "Go to goal");
    pointer_away(&mut h);
    let screen = crate::app::tests::rendered(&mut h);
    let (shown, own) = tile_and_home(&screen, &h, &built_in, 0);
    let top_left = {
        let q = built_in.size[0] / 3;
        let r = Rect::from_min_max(
            egui::pos2(q as f32 * 0.25, q as f32 * 0.25),
            egui::pos2(q as f32 * 0.7, q as f32 * 0.7),
        );
        mean(
            |x, y| {
                let p = built_in.pixels[y as usize * built_in.size[0] + x as usize];
                [p.r(), p.g(), p.b()]
            },
            r,
        )
    };
    assert!(
        apart(own, top_left) < 1e-3,
        "tile 1's home is the top-left third"
    );
    assert!(
        apart(shown, top_left) < 12.0,
        "{shown:?} against {top_left:?}"
    );

    // Numbers on: each tile's lower-right corner changes (a dark label
    // with the number), the rest of the tile is the picture still.
    let pixels = |screen: &image::RgbaImage, h: &Harness<'_, HuarongApp>, r: Rect| {
        let ppp = screen.width() as f32 / h.ctx.content_rect().width();
        let mut out = Vec::new();
        for y in (r.min.y * ppp) as u32..(r.max.y * ppp) as u32 {
            for x in (r.min.x * ppp) as u32..(r.max.x * ppp) as u32 {
                let p = screen.get_pixel(x, y);
                out.push([p[0], p[1], p[2]].map(f32::from));
            }
        }
        out
    };
    let change = |a: &[[f32; 3]], b: &[[f32; 3]]| {
        a.iter().zip(b).map(|(p, q)| apart(*p, *q)).sum::<f32>() / a.len() as f32
    };
    let corner = |h: &Harness<'_, HuarongApp>, c| part(cell_rect(h, c), 0.74, 0.88);
    let middle = |h: &Harness<'_, HuarongApp>, c| part(cell_rect(h, c), 0.2, 0.55);
    let without: Vec<_> = (0..8)
        .map(|c| {
            (
                pixels(&screen, &h, corner(&h, c)),
                pixels(&screen, &h, middle(&h, c)),
            )
        })
        .collect();
    click(&mut h, "Numbers on the picture");
    assert!(h.state().settings().look.numbers);
    pointer_away(&mut h);
    let with_numbers = crate::app::tests::rendered(&mut h);
    save_screenshot(&with_numbers, "picture-numbers.png");
    for (c, (corner_before, middle_before)) in without.iter().enumerate() {
        let corner_now = pixels(&with_numbers, &h, corner(&h, c));
        let middle_now = pixels(&with_numbers, &h, middle(&h, c));
        let (at_corner, in_middle) = (
            change(corner_before, &corner_now),
            change(middle_before, &middle_now),
        );
        assert!(
            at_corner > 40.0,
            "cell {c}: the corner changed by {at_corner}"
        );
        assert!(
            in_middle < 1.0,
            "cell {c}: the middle changed by {in_middle}"
        );
    }
    // Off again: the plain board's numbers, no picture.
    click(&mut h, "Picture");
    assert!(picture::published(&h.ctx).shown.is_none());
}

/// A PNG of `w`×`h` pixels in four flat quadrants: red, green, blue,
/// yellow (left to right, top to bottom).
fn quadrants(path: &Path, w: u32, h: u32) {
    let img = image::RgbaImage::from_fn(w, h, |x, y| {
        let c = match (x * 2 / w, y * 2 / h) {
            (0, 0) => [220, 30, 30],
            (1, 0) => [30, 200, 40],
            (0, _) => [30, 40, 220],
            _ => [230, 210, 30],
        };
        image::Rgba([c[0], c[1], c[2], 255])
    });
    img.save(path).unwrap();
}

/// The system dialog as on a desktop without xdg-desktop-portal or zenity:
/// the in-app dialog opens instead.
fn no_system_dialog(_: FileAction, _: Lang, _: &std::path::Path) -> NativeAnswer {
    NativeAnswer::Unavailable(Msg::NativeMissing)
}

/// Choose `path` through "Choose picture…" and the in-app dialog.
fn choose_picture(h: &mut Harness<'_, HuarongApp>, path: &Path) {
    click(h, "Choose picture…");
    wait_until(h, |h| h.state().files.is_open(), 10, "the in-app dialog");
    h.run();
    h.get_by_label("Choose a picture for the tiles");
    h.get_by_label("Path").focus();
    h.run();
    h.key_press_modifiers(CTRL, Key::A);
    h.run();
    h.get_by_label("Path")
        .type_text(&path.display().to_string());
    h.run();
    h.get_by_label("Open").click();
    h.run();
    assert!(!h.state().files.is_open());
}

#[test]
fn a_bad_picture_is_refused_with_one_line_and_the_picture_shown_stays() {
    let dir = TempDir::new().unwrap();
    let good = dir.path().join("good.png");
    quadrants(&good, 300, 300);
    let mut h = app(Look {
        picture: true,
        numbers: false,
        ..Look::default()
    });
    h.state_mut().files.native = no_system_dialog;
    set_puzzle(&mut h, GOAL3, GOAL3);
    wait_for_picture(&mut h, &None);
    choose_picture(&mut h, &good);
    wait_for_picture(&mut h, &Some(good.clone()));
    assert_eq!(h.state().status(), "Picture: good.png.");
    assert_eq!(h.state().settings().look.picture_file, Some(good.clone()));

    // Not a picture, a picture too large by its header, a missing file:
    // each refused with one line naming it, the good picture kept.
    let text = dir.path().join("notes.png");
    std::fs::write(&text, "these are notes").unwrap();
    let huge = dir.path().join("huge.png");
    let mut bytes = Vec::new();
    {
        use image::ImageEncoder;
        image::codecs::png::PngEncoder::new(&mut bytes)
            .write_image(&[0u8; 4], 1, 1, image::ExtendedColorType::Rgba8)
            .unwrap();
    }
    crate::app::picture::claim_size(&mut bytes, 9_000, 9_000);
    std::fs::write(&huge, &bytes).unwrap();
    let cases = [
        (
            text.clone(),
            format!("{} is not a PNG or JPEG picture", text.display()),
        ),
        (
            huge.clone(),
            format!(
                "The picture {} is 9000×9000 pixels, more than the 40 million pixels a picture may have",
                huge.display()
            ),
        ),
    ];
    for (path, why) in cases {
        choose_picture(&mut h, &path);
        wait_for_load_to_end(&mut h);
        let status = h.state().status();
        assert_eq!(status, format!("{why}; the picture stays as it was."));
        assert!(!status.contains('\n'));
        let zh = h.state().status_in(Lang::Chinese);
        assert!(zh.ends_with("；图片保持不变。"), "{zh}");
        let shown = picture::published(&h.ctx).shown.unwrap();
        assert_eq!(shown.source, Some(good.clone()), "the good picture stays");
        assert_eq!(h.state().settings().look.picture_file, Some(good.clone()));
    }
    // The screen still shows the good picture: the top-left tile (1) is red,
    // the top-right (3) green, the lower-left (7) blue.
    pointer_away(&mut h);
    let screen = crate::app::tests::rendered(&mut h);
    save_screenshot(&screen, "picture-kept.png");
    let ppp = screen.width() as f32 / h.ctx.content_rect().width();
    for (cell, want) in [(0, [220u8, 30, 30]), (2, [30, 200, 40]), (6, [30, 40, 220])] {
        let r = part(cell_rect(&h, cell), 0.3, 0.6);
        let r = Rect::from_min_max(
            (r.min.to_vec2() * ppp).to_pos2(),
            (r.max.to_vec2() * ppp).to_pos2(),
        );
        let m = mean(
            |x, y| {
                let p = screen.get_pixel(x, y);
                [p[0], p[1], p[2]]
            },
            r,
        );
        let want = want.map(f32::from);
        assert!(apart(m, want) < 25.0, "cell {cell}: {m:?}, not {want:?}");
    }
}

/// eframe's storage as a map: what the app saves at exit, read back at the
/// next launch.
#[derive(Default)]
struct Memory(BTreeMap<String, String>);

impl eframe::Storage for Memory {
    fn get_string(&self, key: &str) -> Option<String> {
        self.0.get(key).cloned()
    }
    fn set_string(&mut self, key: &str, value: String) {
        self.0.insert(key.to_string(), value);
    }
    fn remove_string(&mut self, key: &str) {
        self.0.remove(key);
    }
    fn flush(&mut self) {}
}

#[test]
fn the_look_survives_a_save_and_a_relaunch_and_a_lost_file_falls_back() {
    let dir = TempDir::new().unwrap();
    let file = dir.path().join("mine.png");
    quadrants(&file, 120, 80);
    let mut h = app(Look::default());
    h.state_mut().files.native = no_system_dialog;
    click(&mut h, "Picture");
    choose_picture(&mut h, &file);
    wait_for_picture(&mut h, &Some(file.clone()));
    for label in [
        "Numbers on the picture",
        "Fringe colours",
        "Slide on hover",
        "move the blank",
    ] {
        click(&mut h, label);
    }
    let mut storage = Memory::default();
    eframe::App::save(h.state_mut(), &mut storage);
    let restored: Settings = eframe::get_value(&storage, eframe::APP_KEY).unwrap();
    let want = Look {
        picture: true,
        picture_file: Some(file.clone()),
        numbers: false,
        fringe: true,
        hover_slide: true,
        arrows: ArrowKeys::MoveBlank,
    };
    assert_eq!(restored.look, want);
    // The next launch shows the file's picture again, read anew.
    let mut again = harness_with(restored.clone());
    wait_for_picture(&mut again, &Some(file.clone()));
    assert_eq!(again.state().settings().look, want);
    // A launch after the file went: the built-in picture, and one line.
    std::fs::remove_file(&file).unwrap();
    let mut lost = harness_with(restored);
    wait_for_picture(&mut lost, &None);
    let status = lost.state().status();
    assert!(
        status.starts_with(&format!("Cannot read the picture {}", file.display()))
            && status.ends_with("; the built-in picture is shown instead."),
        "{status}"
    );
    assert_eq!(lost.state().settings().look.picture_file, None);
    // Files saved before the look existed load with its defaults.
    let old: Settings = ron::from_str("(rows: 4)").unwrap();
    assert_eq!(old.look, Look::default());
    assert!(!old.look.hover_slide && old.look.arrows == ArrowKeys::MoveTile);
}

/// The colour the screen shows at the upper-left part of the tile in `cell`
/// (inside its ring, above its number).
fn fill_at(screen: &image::RgbaImage, h: &Harness<'_, HuarongApp>, cell: usize) -> [f32; 3] {
    let ppp = screen.width() as f32 / h.ctx.content_rect().width();
    let r = part(cell_rect(h, cell), 0.16, 0.26);
    let r = Rect::from_min_max(
        (r.min.to_vec2() * ppp).to_pos2(),
        (r.max.to_vec2() * ppp).to_pos2(),
    );
    mean(
        |x, y| {
            let p = screen.get_pixel(x, y);
            [p[0], p[1], p[2]]
        },
        r,
    )
}

fn rgb(c: Color32) -> [f32; 3] {
    [c.r(), c.g(), c.b()].map(f32::from)
}

#[test]
fn fringe_colours_follow_the_goal() {
    let mut h = app(Look::default());
    // The usual goal, and one by columns (its mirror in the diagonal); the
    // board a move from the first, solvable for both.
    let rows = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0";
    let columns = "1 5 9 13 2 6 10 14 3 7 11 15 4 8 12 0";
    let start = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15";
    for goal in [rows, columns] {
        TilePuzzle::new(board(start), board(goal))
            .unwrap()
            .check_solvable()
            .unwrap();
    }
    click(&mut h, "Fringe colours");
    // The fringes by hand for 4×4: top row 0, left column 1, second row's
    // rest 2, the 2×3 block 3; a tile takes its home's.
    let fringe_of_home = |home: usize| match home {
        0..=3 => 0,
        4 | 8 | 12 => 1,
        5..=7 => 2,
        _ => 3,
    };
    let tint = |k| rgb(crate::app::palette::fringe_tint(k, 4));
    for (goal, name) in [(rows, "rows"), (columns, "columns")] {
        set_puzzle(&mut h, start, goal);
        pointer_away(&mut h);
        let screen = crate::app::tests::rendered(&mut h);
        save_screenshot(&screen, &format!("fringe-{name}.png"));
        let goal = board(goal);
        for (cell, &tile) in board(start).cells().iter().enumerate() {
            if tile == 0 {
                continue;
            }
            let home = goal.cells().iter().position(|&t| t == tile).unwrap();
            let got = fill_at(&screen, &h, cell);
            let want = tint(fringe_of_home(home));
            assert!(
                apart(got, want) < 10.0,
                "{name}: tile {tile} in cell {cell} is {got:?}, not {want:?}"
            );
        }
    }
    // Tile 2 (in the top row) belongs in the left column by columns: its
    // colour is the column's there, the row's by rows.
    let screen = crate::app::tests::rendered(&mut h);
    assert!(apart(fill_at(&screen, &h, 1), tint(1)) < 10.0);
    set_puzzle(&mut h, start, rows);
    pointer_away(&mut h);
    let screen = crate::app::tests::rendered(&mut h);
    assert!(apart(fill_at(&screen, &h, 1), tint(0)) < 10.0);
}

/// Move the pointer to the middle of `cell` and let the frames run.
fn hover_cell(h: &mut Harness<'_, HuarongApp>, cell: usize) {
    h.hover_at(cell_rect(h, cell).center());
    h.run();
}

#[test]
fn hovering_slides_a_tile_once_per_entry_and_only_when_switched_on() {
    // Off by default: hovering moves nothing.
    let mut h = app(Look::default());
    assert!(!h.state().settings().look.hover_slide);
    set_puzzle(&mut h, GOAL3, GOAL3);
    hover_cell(&mut h, 7);
    hover_cell(&mut h, 5);
    assert_eq!(cells(&h), board(GOAL3).cells());
    pointer_away(&mut h);
    click(&mut h, "Slide on hover");
    assert!(h.state().settings().look.hover_slide);

    // Onto tile 8 (left of the blank): it slides right, once.
    hover_cell(&mut h, 7);
    assert_eq!(cells(&h), [1, 2, 3, 4, 5, 6, 7, 0, 8]);
    // Resting there, and small moves inside the cell: nothing more.
    let centre = cell_rect(&h, 7).center();
    for dx in [3.0, -4.0, 2.0] {
        h.hover_at(centre + egui::vec2(dx, dx));
        h.run();
    }
    assert_eq!(cells(&h), [1, 2, 3, 4, 5, 6, 7, 0, 8]);
    assert_eq!(h.state().tiles().game.moves(), 1);
    // Onto a tile out of the blank's line (cell 0): nothing; then the
    // blank comes into its column by a key: still nothing while the
    // pointer rests (a slide needs an entry).
    hover_cell(&mut h, 0);
    assert_eq!(cells(&h), [1, 2, 3, 4, 5, 6, 7, 0, 8]);
    h.key_press(Key::ArrowRight); // the tile left of the blank moves right
    h.run();
    assert_eq!(cells(&h), [1, 2, 3, 4, 5, 6, 0, 7, 8]);
    h.run();
    assert_eq!(cells(&h), [1, 2, 3, 4, 5, 6, 0, 7, 8]);
    // Onto cell 8, two along the blank's row: both tiles slide, once.
    hover_cell(&mut h, 8);
    assert_eq!(cells(&h), [1, 2, 3, 4, 5, 6, 7, 8, 0]);
    // Up the column: cell 2 slides tiles 3 and 6 down.
    hover_cell(&mut h, 2);
    assert_eq!(cells(&h), [1, 2, 0, 4, 5, 3, 7, 8, 6]);
    // Leave and come back onto cell 8 (tile 6, in the blank's column):
    // a new entry, a new slide.
    hover_cell(&mut h, 8);
    assert_eq!(cells(&h), [1, 2, 3, 4, 5, 6, 7, 8, 0]);
    // Five slides (the key's among them) of 1, 1, 2, 2 and 2 tiles: one
    // per entry, none repeated.
    assert_eq!(h.state().tiles().game.moves(), 8);
}

#[test]
fn both_keyboard_schemes_move_the_right_tile() {
    // Today's keys: an arrow names the direction a tile moves.
    let mut h = app(Look::default());
    assert_eq!(h.state().settings().look.arrows, ArrowKeys::MoveTile);
    let start = "1 2 3 4 0 5 6 7 8";
    set_puzzle(&mut h, start, GOAL3);
    h.key_press(Key::ArrowLeft); // tile 5, right of the blank, moves left
    h.run();
    assert_eq!(cells(&h), [1, 2, 3, 4, 5, 0, 6, 7, 8]);
    h.key_press(Key::ArrowUp); // tile 8, below the blank, moves up
    h.run();
    assert_eq!(cells(&h), [1, 2, 3, 4, 5, 8, 6, 7, 0]);
    // The other scheme: an arrow names the direction the blank moves.
    click(&mut h, "move the blank");
    assert_eq!(h.state().settings().look.arrows, ArrowKeys::MoveBlank);
    set_puzzle(&mut h, start, GOAL3);
    h.key_press(Key::ArrowLeft); // the blank swaps with tile 4 on its left
    h.run();
    assert_eq!(cells(&h), [1, 2, 3, 0, 4, 5, 6, 7, 8]);
    h.key_press(Key::ArrowUp); // the blank swaps with tile 1 above it
    h.run();
    assert_eq!(cells(&h), [0, 2, 3, 1, 4, 5, 6, 7, 8]);
    h.key_press(Key::D); // WASD too: the blank goes right
    h.run();
    assert_eq!(cells(&h), [2, 0, 3, 1, 4, 5, 6, 7, 8]);
}

#[test]
fn the_look_section_speaks_chinese_too() {
    let mut h = harness_with(Settings {
        language: Lang::Chinese,
        ..settings(Look {
            picture: true,
            ..Look::default()
        })
    });
    h.run();
    wait_for_picture(&mut h, &None);
    for label in [
        "棋盘外观",
        "图片",
        "内置图片",
        "选择图片…",
        "在图片上显示数字",
        "分组着色",
        "悬停即滑动",
        "移动块",
        "移动空格",
    ] {
        h.get_by_label(label).scroll_to_me();
        h.run();
    }
}

#[test]
fn picture_tiles_fit_a_rectangular_board() {
    // 3 rows of 5: the square picture's middle band, cut in fifteen.
    let mut h = app(Look {
        picture: true,
        numbers: false,
        ..Look::default()
    });
    let shape = crate::engine::Shape::new(3, 5).unwrap();
    let goal = Board::goal(shape);
    let start = Board::parse("6 1 2 3 4 11 7 8 9 5 0 12 13 14 10", Some(shape)).unwrap();
    let puzzle = TilePuzzle::new(start.clone(), goal).unwrap();
    h.state_mut().set_tiles_puzzle(puzzle);
    h.run();
    wait_for_picture(&mut h, &None);
    pointer_away(&mut h);
    let screen = crate::app::tests::rendered(&mut h);
    let saved = save_screenshot(&screen, "picture-3x5.png");
    let built_in = picture::built_in();
    let parts: Vec<([f32; 3], [f32; 3])> = (0..15)
        .filter(|&c| start.cells()[c] != 0)
        .map(|c| tile_and_home(&screen, &h, &built_in, c))
        .collect();
    for (i, (shown, own)) in parts.iter().enumerate() {
        let d_own = apart(*shown, *own);
        assert!(d_own < 12.0, "tile {i}: {d_own} ({})", saved.display());
        for (j, (_, other)) in parts.iter().enumerate().filter(|(j, _)| *j != i) {
            assert!(apart(*shown, *other) > d_own, "tile {i} like part {j}");
        }
    }
}
