//! The app tested as a person uses it: egui_kittest clicks, drags and keys.
//! This module is the shared harness (the app in a [`TestApp`], boards set
//! and waited on) with the play view's own tests; the files beside it test
//! the app-wide flows, each named for its subject. A screen that is a folder
//! module keeps its tests in its own `tests` folder (`inspector/tests`,
//! `compare/tests`, and `klotski`, `race` beside their views).

use std::ops::{Deref, DerefMut};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use eframe::egui::{self, Key, Modifiers, Pos2, Rect, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use tempfile::TempDir;

use super::i18n::Message as _;
use super::view::PlayView as _;
use super::{HuarongApp, Settings};
use crate::engine::{Board, Dir, Shape, TilePuzzle};

mod advice;
mod anatomy;
mod axes;
mod board_looks;
mod chinese_klotski;
mod chinese_learning;
mod chinese_status;
mod chinese_tiles;
mod goals;
mod heuristic_fit;
pub(super) mod hints;
mod jobs;
mod language;
mod layout;
mod links;
mod long_work_and_small_windows;
mod memory;
mod pdb6666;
mod saved_names;
mod steps_panel;
pub(super) mod tile_view;
mod weighted;

pub(super) const CTRL: Modifiers = Modifiers::COMMAND.plus(Modifiers::CTRL);

/// The app in a test harness, with its pattern-database cache in a
/// temporary folder (removed when the test ends, pass or fail) instead of
/// the user's cache folder.
pub(crate) struct TestApp {
    harness: Harness<'static, HuarongApp>,
    /// The app's cache folder.
    pub cache: TempDir,
}

impl Deref for TestApp {
    type Target = Harness<'static, HuarongApp>;
    fn deref(&self) -> &Self::Target {
        &self.harness
    }
}

impl DerefMut for TestApp {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.harness
    }
}

/// What the tests read and set on the app beyond what a person sees.
impl HuarongApp {
    /// The tile view.
    pub fn tiles(&self) -> &super::tiles::TilesPlay {
        self.views.get().expect("the tile view")
    }

    /// The tile view, to change.
    pub fn tiles_mut(&mut self) -> &mut super::tiles::TilesPlay {
        self.views.get_mut().expect("the tile view")
    }

    /// Show `puzzle` on the tile board (as Set state's Apply does, with
    /// no status line).
    pub fn set_tiles_puzzle(&mut self, puzzle: crate::engine::TilePuzzle) {
        let tiles: &mut super::tiles::TilesPlay = self.views.get_mut().expect("the tile view");
        tiles.set_puzzle(puzzle, &mut self.settings);
    }

    /// The Klotski view.
    pub fn klotski(&self) -> &super::klotski::KlotskiPlay {
        self.views.get().expect("the Klotski view")
    }

    /// The Klotski view, to change.
    pub fn klotski_mut(&mut self) -> &mut super::klotski::KlotskiPlay {
        self.views.get_mut().expect("the Klotski view")
    }

    /// The inspector, if shown.
    pub fn inspector(&self) -> Option<&super::inspector::Inspector> {
        self.screen.inspector()
    }

    /// The inspector, if shown, to change.
    pub fn inspector_mut(&mut self) -> Option<&mut super::inspector::Inspector> {
        match &mut self.screen {
            super::Screen::Inspector(i) => Some(i),
            _ => None,
        }
    }

    /// The owner of the background jobs.
    pub fn jobs(&self) -> &super::jobs::Jobs {
        &self.jobs
    }

    /// The compare view.
    pub fn compare(&self) -> &super::compare::CompareView {
        &self.compare
    }

    /// The settings.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Mutable settings (tests, the panel).
    pub fn settings_mut(&mut self) -> &mut Settings {
        &mut self.settings
    }

    /// The tile view's status line, in the app's language.
    pub fn status(&self) -> String {
        self.tiles().status().text(self.settings.language)
    }

    /// The tile view's status line, in `lang`.
    pub fn status_in(&self, lang: super::i18n::Lang) -> String {
        self.tiles().status().text(lang)
    }

    /// The error shown in the error dialog, if any.
    pub fn error(&self) -> Option<&super::error::AppError> {
        self.error.as_ref()
    }

    /// Whether a tile solve is running.
    pub fn is_solving(&self) -> bool {
        self.tiles().is_solving()
    }

    /// The tile solution's moves, if there is one.
    pub fn solution_path(&self) -> Option<&[crate::engine::Dir]> {
        self.tiles().solution().map(|s| s.path.as_slice())
    }

    /// The tile solution's step shown.
    pub fn step(&self) -> usize {
        self.tiles().playback.step
    }
}

/// The compare view with its default rows removed, as a person clears it.
pub(crate) fn empty_compare(h: &mut Harness<'_, HuarongApp>) {
    h.get_by_label("Compare strategies").click();
    h.run();
    while h.query_all_by_label("Remove").next().is_some() {
        h.get_all_by_label("Remove").next().unwrap().click();
        h.run();
    }
    assert!(h.state().compare().rows.is_empty());
}

/// Add a row of the strategy labelled `label` with the left panel's
/// tuning of the moment.
pub(crate) fn add_row(h: &mut Harness<'_, HuarongApp>, label: &str) {
    h.get_by_label("New row").click();
    h.run();
    // The list's item (the box shows the one chosen before, the table's
    // rows name theirs as labels).
    h.get_all_by_role_and_label(egui::accesskit::Role::Button, label)
        .last()
        .unwrap()
        .click();
    h.run();
    h.get_by_label("Add").click();
    h.run();
}

/// Choose 简体中文 in the Language menu, as a user does.
pub(crate) fn to_chinese(h: &mut Harness<'_, HuarongApp>) {
    h.get_by_label("Language").click();
    h.run();
    h.get_by_label("简体中文").click();
    h.run();
    assert_eq!(h.state().settings.language, super::i18n::Lang::Chinese);
}

/// What a test that renders says when no graphics adapter is found: the
/// one line a person needs on a machine without a GPU driver.
pub(crate) const NO_RENDERER: &str = "rendering found no graphics adapter: install a GPU \
driver or Mesa's software renderers (Debian/Ubuntu: apt-get install mesa-vulkan-drivers \
libegl1 libgl1-mesa-dri)";

/// Whether wgpu finds an adapter to render with, asked once per test run
/// as egui_kittest's renderer asks (the same setup, any adapter but the
/// no-op one will do).
fn renderer_found() -> bool {
    use eframe::egui_wgpu::{WgpuSetup, wgpu};
    static FOUND: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    // wgpu's native futures are ready when made; poll until they are.
    fn ready<F: std::future::Future>(future: F) -> F::Output {
        let mut future = std::pin::pin!(future);
        let mut cx = std::task::Context::from_waker(std::task::Waker::noop());
        loop {
            if let std::task::Poll::Ready(out) = future.as_mut().poll(&mut cx) {
                return out;
            }
            std::thread::yield_now();
        }
    }
    *FOUND.get_or_init(|| {
        let setup = egui_kittest::wgpu::default_wgpu_setup();
        let WgpuSetup::CreateNew(create) = &setup else {
            return true;
        };
        let backends = create.instance_descriptor.backends;
        let instance = ready(setup.new_instance());
        ready(instance.enumerate_adapters(backends))
            .iter()
            .any(|a| a.get_info().backend != wgpu::Backend::Noop)
    })
}

/// The harness's last frame rendered through wgpu; without a graphics
/// adapter the test fails with [`NO_RENDERER`], not egui_kittest's "Failed
/// to create render state: No adapter found" (issue 43 item 26).
pub(crate) fn rendered<S>(h: &mut Harness<'_, S>) -> image::RgbaImage {
    assert!(renderer_found(), "{NO_RENDERER}");
    h.render()
        .unwrap_or_else(|why| panic!("{NO_RENDERER} (wgpu: {why})"))
}

/// The app with `settings`, the distance readout off: its table, built in
/// the background, would wake the UI at a moment no test controls (see
/// [`harness_with_distances`] for the tests of it).
pub(crate) fn harness_with(settings: Settings) -> TestApp {
    harness_with_distances(Settings {
        show_distance: false,
        ..settings
    })
}

/// The app with `settings` as given, the distance readout included.
pub(crate) fn harness_with_distances(settings: Settings) -> TestApp {
    let cache = TempDir::new().expect("a temporary folder");
    let cache_dir = cache.path().to_path_buf();
    let harness = Harness::builder()
        .with_size(Vec2::new(1100.0, 720.0))
        .with_render_cursor(false)
        // A background thread (the system file dialog's answer, a hint's
        // group, the distance readout) may wake the UI in the middle of
        // `run`; its answer then takes more frames to settle than
        // kittest's default 4, as each widget it shows for the first time
        // asks egui for one more frame to style it. On a loaded machine the
        // goal-pattern test once needed 14. Still a bound: a view that
        // never settles fails.
        .with_max_steps(20)
        .build_eframe(move |cc| {
            super::fonts::install(&cc.egui_ctx);
            HuarongApp::with_settings(
                settings.clone(),
                crate::engine::rng::seeded(7),
                cache_dir.clone(),
                Some(cache_dir.join("records.ron")),
            )
        });
    TestApp { harness, cache }
}

/// The app with animation off (the tests look at end states).
pub(crate) fn harness() -> TestApp {
    harness_with(Settings {
        animate: false,
        ..Settings::default()
    })
}

/// [`harness`] on the Klotski view.
pub(crate) fn klotski_harness() -> TestApp {
    let mut h = harness_with(Settings {
        family: super::settings::Family::Klotski,
        animate: false,
        ..Settings::default()
    });
    h.run();
    h
}

pub(super) fn board(text: &str) -> Board {
    Board::parse(text, None).unwrap()
}

/// Put `text` on the board (and its default goal) as the user would with Set state.
/// Press `keys` all in the next frame, in order (as a fast typist's keys
/// arrive between two frames; the harness's own `key_press` gives each key
/// a frame of its own), then run.
pub(super) fn keys_in_one_frame(h: &mut Harness<'_, HuarongApp>, keys: &[Key]) {
    for &key in keys {
        for pressed in [true, false] {
            h.input_mut().events.push(egui::Event::Key {
                key,
                pressed,
                modifiers: Modifiers::default(),
                repeat: false,
                physical_key: None,
            });
        }
    }
    h.run();
}

pub(super) fn set_board(h: &mut Harness<'_, HuarongApp>, text: &str) {
    let b = board(text);
    let goal = Board::goal(b.shape());
    h.state_mut()
        .set_tiles_puzzle(TilePuzzle::new(b, goal).unwrap());
    h.run();
}

/// The boards one blank move from `b`.
pub(crate) fn neighbours(b: &Board) -> Vec<Board> {
    Dir::ALL
        .into_iter()
        .filter_map(|d| {
            let mut next = b.clone();
            next.apply(d)?;
            Some(next)
        })
        .collect()
}

/// The least number of moves from `from` to `goal`: the test's own
/// breadth-first search, independent of the engine (for the 8-puzzle, or
/// larger boards a few moves away).
pub(crate) fn distance(from: &Board, goal: &Board) -> u32 {
    let mut seen = std::collections::HashSet::from([from.clone()]);
    let mut queue = std::collections::VecDeque::from([(from.clone(), 0)]);
    while let Some((b, d)) = queue.pop_front() {
        if &b == goal {
            return d;
        }
        for n in neighbours(&b) {
            if seen.insert(n.clone()) {
                queue.push_back((n, d + 1));
            }
        }
    }
    panic!("the goal is not reachable from {from:?}")
}

/// The least number of moves from `start` to its shape's usual goal (see
/// [`distance`]).
pub(crate) fn optimum(start: &Board) -> u32 {
    distance(start, &Board::goal(start.shape()))
}

/// Screen rectangle of a cell, computed as the board widget lays it out.
pub(super) fn cell_rect(h: &Harness<'_, HuarongApp>, cell: usize) -> Rect {
    let outer = h.get_by_label("board").rect();
    let shape = h.state().tiles().game.board.shape();
    let (rows, cols) = (shape.rows as f32, shape.cols as f32);
    let size = (outer.width() / cols).min(outer.height() / rows).floor();
    let rect = Rect::from_center_size(outer.center(), Vec2::new(size * cols, size * rows));
    let (r, c) = shape.coords(cell);
    Rect::from_min_size(
        rect.min + Vec2::new(c as f32, r as f32) * size,
        Vec2::splat(size),
    )
}

pub(super) fn click_cell(h: &mut Harness<'_, HuarongApp>, cell: usize) {
    let p = cell_rect(h, cell).center();
    h.hover_at(p);
    h.run();
    h.event(egui::Event::PointerButton {
        pos: p,
        button: egui::PointerButton::Primary,
        pressed: true,
        modifiers: Modifiers::NONE,
    });
    h.event(egui::Event::PointerButton {
        pos: p,
        button: egui::PointerButton::Primary,
        pressed: false,
        modifiers: Modifiers::NONE,
    });
    h.run();
}

/// A drag as a slow machine delivers it: the press, one move to `to`, the
/// release, a frame each.
pub(super) fn quick_drag(h: &mut Harness<'_, HuarongApp>, from: Pos2, to: Pos2) {
    h.hover_at(from);
    h.run();
    h.drag_at(from);
    h.step();
    h.hover_at(to);
    h.step();
    h.drop_at(to);
    h.run();
}

/// Swap the tiles of cells `a` and `b` in Edit mode, as a person does.
pub(super) fn swap_in_edit_mode(h: &mut Harness<'_, HuarongApp>, a: usize, b: usize) {
    h.get_by_label("Edit mode").click();
    h.run();
    click_cell(h, a);
    click_cell(h, b);
    h.get_by_label("Edit mode").click();
    h.run();
}

fn drag(h: &mut Harness<'_, HuarongApp>, from: Pos2, to: Pos2) {
    h.hover_at(from);
    h.run();
    h.drag_at(from);
    h.run_steps(2);
    let steps = 5;
    for i in 1..=steps {
        h.hover_at(from + (to - from) * (i as f32 / steps as f32));
        h.run_steps(1);
    }
    h.drop_at(to);
    h.run();
}

pub(super) fn cells(h: &Harness<'_, HuarongApp>) -> Vec<u8> {
    h.state().tiles().game.board.cells().to_vec()
}

/// What wakes eframe's event loop for the next frame: a request from
/// another thread (a job's progress or result, a database build, a file
/// dialog), or the timer the app set during its frame
/// (`request_repaint_after`). Immediate requests from the UI thread itself
/// (a spinner) are animation, not news, and are not waited for.
#[derive(Default)]
struct Wakes {
    from_threads: u64,
    timer: Option<Duration>,
}

/// Run frames until `done` holds, each frame when the app would get one
/// from eframe (see [`Wakes`]), for at most `secs` seconds (a bound that
/// only keeps a broken run from hanging the tests).
pub(super) fn wait_until(
    h: &mut Harness<'_, HuarongApp>,
    done: impl Fn(&Harness<'_, HuarongApp>) -> bool,
    secs: u64,
    what: &str,
) {
    let ui_thread = std::thread::current().id();
    let wakes = Arc::new((Mutex::new(Wakes::default()), Condvar::new()));
    let sink = wakes.clone();
    h.ctx.set_repaint_observer(move |info| {
        let mut w = sink.0.lock().unwrap_or_else(|e| e.into_inner());
        if std::thread::current().id() != ui_thread {
            w.from_threads += 1;
            sink.1.notify_all();
        } else if !info.delay.is_zero() {
            w.timer = Some(w.timer.map_or(info.delay, |t| t.min(info.delay)));
        }
    });
    let deadline = Instant::now() + Duration::from_secs(secs);
    loop {
        let seen = {
            let mut w = wakes.0.lock().unwrap();
            w.timer = None;
            w.from_threads
        };
        h.step();
        if done(h) {
            break;
        }
        let left = deadline.saturating_duration_since(Instant::now());
        assert!(
            !left.is_zero(),
            "{what} did not happen; status: {}",
            h.state().status()
        );
        let w = wakes.0.lock().unwrap();
        let timeout = w.timer.unwrap_or(left).min(left);
        let _ = wakes
            .1
            .wait_timeout_while(w, timeout, |w| w.from_threads == seen);
    }
    h.ctx.set_repaint_observer(|_| {});
}

/// [`wait_until`] background work that `busy` sees has ended, then let the
/// UI settle.
pub(super) fn wait_while(
    h: &mut Harness<'_, HuarongApp>,
    busy: impl Fn(&HuarongApp) -> bool,
    secs: u64,
    what: &str,
) {
    wait_until(h, |h| !busy(h.state()), secs, what);
    h.run();
}

/// Start a solve that runs for a long time (BFS on a random 15-puzzle) and
/// wait for its first progress report.
pub(super) fn start_long_bfs(h: &mut Harness<'_, HuarongApp>) {
    // In a small window the side panel scrolls: bring each control into
    // view first, as a user would.
    for label in ["4×4", "Randomize", "BFS"] {
        h.get_by_label(label).scroll_to_me();
        h.run();
        h.get_by_label(label).click();
        h.run();
    }
    h.get_by_label("Solve").scroll_to_me();
    h.run();
    h.get_by_label("Solve").click();
    h.run_ok();
    // A blind search of a random 15-puzzle may take very long: the app
    // says so first, and the test solves anyway.
    h.get_by_label("BFS may take very long on this start");
    assert!(!h.state().is_solving());
    h.get_by_label("Solve anyway").click();
    h.run_ok();
    assert!(h.state().is_solving());
    // The UI keeps running while the search works: its first report shows.
    wait_until(
        h,
        |h| h.query_by_label("0 / 0").is_none(),
        10,
        "live counters",
    );
}

/// Where the render tests save their PNGs: `$HUARONG_SCREENSHOTS`, else the
/// repository's `screenshots/` (what `scripts/screenshots.sh` fills).
pub(super) fn screenshot_dir() -> std::path::PathBuf {
    let dir = std::env::var_os("HUARONG_SCREENSHOTS").map_or_else(
        || std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("screenshots"),
        std::path::PathBuf::from,
    );
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A language's short tag for file names (`en`, `zh`).
pub(super) fn lang_tag(lang: super::i18n::Lang) -> &'static str {
    match lang {
        super::i18n::Lang::English => "en",
        super::i18n::Lang::Chinese => "zh",
    }
}

pub(super) fn wait_for_solver(h: &mut Harness<'_, HuarongApp>) {
    wait_while(h, HuarongApp::is_solving, 60, "solver");
}

#[test]
fn clicking_a_movable_tile_moves_it_and_an_immovable_one_does_not() {
    let mut h = harness();
    set_board(&mut h, "1 2 3 4 5 6 7 0 8");
    click_cell(&mut h, 0); // tile 1: not in the blank's row or column
    assert_eq!(cells(&h), board("1 2 3 4 5 6 7 0 8").cells());
    assert_eq!(h.state().tiles().game.moves(), 0);
    click_cell(&mut h, 8); // tile 8, right of the blank
    assert_eq!(cells(&h), board("1 2 3 4 5 6 7 8 0").cells());
    assert_eq!(h.state().tiles().game.moves(), 1);
    assert!(h.state().tiles().game.is_solved());
    let status = h.state().status();
    assert!(
        status.contains("Solved by hand in 1 move") && !status.contains("1 moves"),
        "{status}"
    );
    h.get_by_label("At the goal");
}

#[test]
fn clicking_a_tile_further_along_the_line_slides_all_between() {
    let mut h = harness();
    set_board(&mut h, "1 2 3 4 5 6 7 8 0");
    click_cell(&mut h, 2); // tile 3, two cells above the blank
    assert_eq!(cells(&h), board("1 2 0 4 5 3 7 8 6").cells());
    assert_eq!(h.state().tiles().game.moves(), 2);
    h.get_by_label("Moves: 2");
}

#[test]
fn dragging_past_half_way_slides_and_a_short_drag_snaps_back() {
    let mut h = harness();
    set_board(&mut h, "1 2 3 4 5 6 7 8 0");
    let r = cell_rect(&h, 7); // tile 8, left of the blank
    drag(
        &mut h,
        r.center(),
        r.center() + Vec2::new(r.width() * 0.25, 0.0),
    );
    assert_eq!(
        cells(&h),
        board("1 2 3 4 5 6 7 8 0").cells(),
        "a short drag snaps back"
    );
    drag(
        &mut h,
        r.center(),
        r.center() + Vec2::new(r.width() * 0.8, 0.0),
    );
    assert_eq!(cells(&h), board("1 2 3 4 5 6 7 0 8").cells());
    // Dragging away from the blank does nothing.
    let r = cell_rect(&h, 6);
    drag(
        &mut h,
        r.center(),
        r.center() - Vec2::new(r.width() * 0.9, 0.0),
    );
    assert_eq!(cells(&h), board("1 2 3 4 5 6 7 0 8").cells());
}

/// A drag seen only as its press, one far move and its release (a slow
/// machine's frame rate) still slides the tile.
#[test]
fn a_drag_seen_as_press_one_move_and_release_slides() {
    let mut h = harness();
    set_board(&mut h, "1 2 3 4 5 6 7 8 0");
    let r = cell_rect(&h, 7); // tile 8, left of the blank
    let (from, to) = (r.center(), r.center() + Vec2::new(r.width() * 0.8, 0.0));
    quick_drag(&mut h, from, to);
    assert_eq!(cells(&h), board("1 2 3 4 5 6 7 0 8").cells());
}

#[test]
fn arrow_keys_and_wasd_move_a_tile_into_the_blank() {
    let mut h = harness();
    set_board(&mut h, "1 2 3 4 0 5 6 7 8");
    h.key_press(Key::ArrowLeft); // tile 5 slides left
    h.run();
    assert_eq!(cells(&h), board("1 2 3 4 5 0 6 7 8").cells());
    h.key_press(Key::ArrowLeft); // nothing right of the blank now
    h.run();
    assert_eq!(cells(&h), board("1 2 3 4 5 0 6 7 8").cells());
    h.key_press(Key::W); // tile 8 slides up
    h.run();
    assert_eq!(cells(&h), board("1 2 3 4 5 8 6 7 0").cells());
    h.key_press(Key::D);
    h.run();
    h.key_press(Key::ArrowDown);
    h.run();
    assert_eq!(cells(&h), board("1 2 3 4 0 8 6 5 7").cells());
    assert_eq!(h.state().tiles().game.moves(), 4);
}

#[test]
fn undo_and_redo_by_keys_and_menu() {
    let mut h = harness();
    set_board(&mut h, "1 2 3 4 5 6 7 8 0");
    click_cell(&mut h, 6); // two tiles
    click_cell(&mut h, 0); // two more
    let after = cells(&h);
    h.key_press_modifiers(CTRL, Key::Z);
    h.run();
    assert_eq!(cells(&h), board("1 2 3 4 5 6 0 7 8").cells());
    h.key_press_modifiers(CTRL, Key::Z);
    h.run();
    assert!(h.state().tiles().game.is_solved());
    h.key_press_modifiers(CTRL | Modifiers::SHIFT, Key::Z);
    h.run();
    assert_eq!(cells(&h), board("1 2 3 4 5 6 0 7 8").cells());
    h.key_press_modifiers(CTRL, Key::Y);
    h.run();
    assert_eq!(cells(&h), after);
    h.get_by_label("Edit").click();
    h.run();
    h.get_by_label_contains("Undo").click();
    h.run();
    assert_eq!(cells(&h), board("1 2 3 4 5 6 0 7 8").cells());
}

#[test]
fn randomize_and_shuffle_give_solvable_states() {
    let mut h = harness();
    for _ in 0..5 {
        h.get_by_label("Randomize").click();
        h.run();
        assert!(h.state().tiles().game.puzzle().check_solvable().is_ok());
    }
    h.get_by_label("Shuffle").click();
    h.run();
    assert!(h.state().tiles().game.puzzle().check_solvable().is_ok());
    assert!(h.state().status().contains("40 random moves"));
}

#[test]
fn choosing_a_size_makes_a_new_board() {
    let mut h = harness();
    h.get_by_label("4×4").click();
    h.run();
    assert_eq!(
        h.state().tiles().game.board.shape(),
        Shape::new(4, 4).unwrap()
    );
    assert_eq!(h.state().settings().rows, 4);
}

#[test]
fn set_state_names_each_problem_and_leaves_the_board_until_apply() {
    let mut h = harness();
    set_board(&mut h, "1 2 3 4 5 6 7 0 8");
    let before = cells(&h);
    h.get_by_label("Set state…").click();
    h.run();
    for (text, problem) in [
        ("1 2 3 4 5 6 7 7 0", "duplicate tile 7"),
        ("1 2 3 4 5 6 7 9 0", "tile 9 is out of range"),
        ("1 2 3 4 5 6 7 8", "8 numbers for a 3x3 board"),
        ("1 2 3 4 five 6 7 8 0", "'five' is not a number"),
        ("2 1 3 4 5 6 7 8 0", "unsolvable for this goal"),
    ] {
        h.state_mut().tiles_mut().set_state.as_mut().unwrap().tiles = text.into();
        h.run();
        h.get_by_label_contains(problem);
        assert!(
            h.get_by_label("Apply").accesskit_node().is_disabled(),
            "{text}"
        );
        assert_eq!(cells(&h), before, "the board is untouched");
    }
    // Type a valid state for real: clear the field, type, apply.
    h.state_mut()
        .tiles_mut()
        .set_state
        .as_mut()
        .unwrap()
        .tiles
        .clear();
    h.run();
    h.get_by_label("Tiles").focus();
    h.run();
    h.get_by_label("Tiles").type_text("0 1 2 3 4 5 6 7 8");
    h.run();
    h.get_by_label_contains("OK: a solvable 3x3 puzzle");
    h.get_by_label("Apply").click();
    h.run();
    assert_eq!(cells(&h), board("0 1 2 3 4 5 6 7 8").cells());
    assert!(h.state().tiles().set_state.is_none());
}

/// Enter in the tiles field applies a valid state; Shift+Enter makes a new
/// line, and Enter on a state with a problem does nothing.
#[test]
fn enter_applies_set_state_and_shift_enter_is_a_new_line() {
    let mut h = harness();
    set_board(&mut h, "1 2 3 4 5 6 7 0 8");
    h.get_by_label("Set state…").click();
    h.run();
    h.state_mut()
        .tiles_mut()
        .set_state
        .as_mut()
        .unwrap()
        .tiles
        .clear();
    h.run();
    h.get_by_label("Tiles").focus();
    h.run();
    h.get_by_label("Tiles").type_text("0 1 2");
    h.run();
    h.key_press_modifiers(Modifiers::SHIFT, egui::Key::Enter);
    h.run();
    assert!(
        h.state()
            .tiles()
            .set_state
            .as_ref()
            .unwrap()
            .tiles
            .contains('\n')
    );
    h.key_press(egui::Key::Enter);
    h.run();
    assert!(
        h.state().tiles().set_state.is_some(),
        "an incomplete state is not applied"
    );
    h.get_by_label("Tiles").type_text("3 4 5 6 7 8");
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
    assert!(h.state().tiles().set_state.is_none());
    assert_eq!(cells(&h), board("0 1 2 3 4 5 6 7 8").cells());
}

#[test]
fn pasting_text_opens_set_state_with_it() {
    let mut h = harness();
    h.event(egui::Event::Paste("8 6 7 2 5 4 3 0 1".into()));
    h.run();
    assert_eq!(
        h.state().tiles().set_state.as_ref().unwrap().tiles,
        "8 6 7 2 5 4 3 0 1"
    );
    h.get_by_label("Apply").click();
    h.run();
    assert_eq!(cells(&h), board("8 6 7 2 5 4 3 0 1").cells());
}

#[test]
fn edit_mode_swaps_two_tiles_and_says_when_unsolvable() {
    let mut h = harness();
    set_board(&mut h, "1 2 3 4 5 6 7 8 0");
    h.get_by_label("Edit mode").click();
    h.run();
    click_cell(&mut h, 0);
    click_cell(&mut h, 1);
    assert_eq!(cells(&h), board("2 1 3 4 5 6 7 8 0").cells());
    assert!(
        h.state().status().contains("Unsolvable"),
        "{}",
        h.state().status()
    );
    h.get_by_label("Edit mode").click();
    h.run();
    // Solve refuses with the reason, before any search.
    h.get_by_label("Solve").click();
    h.run();
    assert!(!h.state().is_solving());
    assert!(h.state().status().contains("unsolvable"));
}

#[test]
fn solving_fills_the_step_list_and_playback_reaches_the_goal() {
    let mut h = harness();
    set_board(&mut h, "8 6 7 2 5 4 3 0 1");
    let start = cells(&h);
    h.get_by_label("Solve").click();
    h.run_ok();
    wait_for_solver(&mut h);
    let path = h.state().solution_path().unwrap().to_vec();
    assert_eq!(path.len(), 31, "A* + linear conflict is optimal");
    assert!(h.state().status().contains("Solved: 31 moves (optimal)"));
    h.get_by_label_contains("31 moves by A*");
    // Step controls.
    h.get_by_label("Next").click();
    h.run();
    assert_eq!(h.state().step(), 1);
    let mut b = board("8 6 7 2 5 4 3 0 1");
    b.apply(path[0]);
    assert_eq!(cells(&h), b.cells());
    h.get_by_label("Last").click();
    h.run();
    assert!(h.state().tiles().game.is_solved());
    h.get_by_label("First").click();
    h.run();
    assert_eq!(cells(&h), start);
    // Clicking a row shows that step.
    let row = format!(
        "5. {}",
        super::game::describe_move(
            &h.state().tiles().solution.as_ref().unwrap().boards[4],
            path[4],
            super::i18n::Lang::English
        )
    );
    h.get_by_label(&row).click();
    h.run();
    assert_eq!(h.state().step(), 5);
    // Play at full speed until the end.
    h.state_mut().settings.speed = 20.0;
    h.get_by_label("Play").click();
    let deadline = Instant::now() + Duration::from_secs(30);
    while h.state().step() < 31 {
        assert!(
            Instant::now() < deadline,
            "playback stalled at {}",
            h.state().step()
        );
        h.step();
    }
    h.run_ok();
    assert!(h.state().tiles().game.is_solved());
    assert!(!h.state().tiles().playback.playing);
    // Manual play from a shown step marks the solution stale.
    h.get_by_label("First").click();
    h.run();
    h.key_press(Key::ArrowDown); // tile 5 above the blank slides down
    h.run();
    assert!(h.state().tiles().solution_stale());
    h.get_by_label("(solution stale)");
}

#[test]
fn a_long_bfs_on_4x4_can_be_cancelled() {
    let mut h = harness();
    start_long_bfs(&mut h);
    assert!(h.state().is_solving());
    h.get_by_label("Cancel").click();
    h.run_ok();
    wait_for_solver(&mut h);
    assert!(
        h.state().status().starts_with("Cancelled"),
        "{}",
        h.state().status()
    );
    assert!(h.state().solution_path().is_none());
}

#[test]
fn annealing_shows_its_parameters_and_a_live_trace_and_its_path_replays() {
    let mut h = harness();
    set_board(&mut h, "8 6 7 2 5 4 3 0 1");
    h.get_by_label("Simulated annealing").click();
    h.run();
    for field in ["Seed", "T₀", "α", "Window", "Iterations", "Restarts"] {
        h.get_by_label(field);
    }
    h.get_by_label("Solve").click();
    h.run_ok();
    wait_for_solver(&mut h);
    let path = h
        .state()
        .solution_path()
        .expect("annealing solves the 8-puzzle")
        .to_vec();
    assert!(path.len() >= 31);
    let puzzle = TilePuzzle::new(board("8 6 7 2 5 4 3 0 1"), board("1 2 3 4 5 6 7 8 0")).unwrap();
    assert!(puzzle.replays_to_goal(&path));
    assert!(
        h.state().status().contains("by Simulated annealing"),
        "{}",
        h.state().status()
    );
    assert!(
        !h.state().status().contains("optimal"),
        "{}",
        h.state().status()
    );
    h.get_by_label_contains("Trace: ");
}

#[test]
fn while_a_solve_runs_open_and_paste_are_refused_so_it_cannot_overwrite_the_file() {
    let mut h = harness();
    // A file holding a 3x3 puzzle and its 2-move solution.
    let dir = TempDir::new().unwrap();
    let file = dir.path().join("two-moves.ron");
    set_board(&mut h, "1 2 3 4 5 6 0 7 8");
    h.get_by_label("Solve").click();
    h.run_ok();
    wait_for_solver(&mut h);
    h.state_mut().save_path(&file, true);
    // A long solve: BFS on a random 15-puzzle.
    start_long_bfs(&mut h);
    let shown = cells(&h);
    let refused = |h: &TestApp, action: &str| {
        let status = h.state().status();
        assert!(
            status.contains(action) && status.contains("while a solve runs"),
            "{status}"
        );
    };
    // File ▸ Open is refused, saying why.
    h.get_by_label("File").click();
    h.run_ok();
    h.get_by_label("Open…").click();
    h.run_ok();
    refused(&h, "File ▸ Open");
    // Paste state, from the menu (it opens Set state) or Ctrl+V, opens no
    // dialog.
    h.get_by_label("File").click();
    h.run_ok();
    h.get_by_label("Paste state…").click();
    h.run_ok();
    assert!(h.state().tiles().set_state.is_none());
    refused(&h, "Set state");
    h.event(egui::Event::Paste("1 2 3 4 5 6 0 7 8".into()));
    h.run_ok();
    assert!(h.state().tiles().set_state.is_none());
    refused(&h, "Paste state");
    // A file chosen in a dialog opened before the solve arrives now: it is
    // refused and nothing changes.
    h.state_mut().open_path(&file);
    h.run_ok();
    let err = h.state().error().expect("an error").to_string();
    assert_eq!(err, "Cancel the running solve before opening a file.");
    assert_eq!(cells(&h), shown);
    h.get_by_label("OK").click();
    h.run_ok();
    // Once the solve is cancelled the file opens, its solution intact.
    h.get_by_label("Cancel").click();
    h.run_ok();
    wait_for_solver(&mut h);
    h.state_mut().open_path(&file);
    h.run();
    assert!(h.state().error().is_none());
    assert_eq!(cells(&h), board("1 2 3 4 5 6 0 7 8").cells());
    assert_eq!(
        h.state().solution_path().unwrap(),
        &[Dir::Right, Dir::Right]
    );
}

/// A 4x4 app with the 6-6-3 heuristic chosen (its cache in a fresh
/// folder); Solve pressed on `board` (or a random start), stepped until the
/// database build's progress bar shows.
fn solving_with_pdb(board: Option<&str>) -> TestApp {
    let mut h = harness();
    h.get_by_label("4×4").click();
    h.run();
    h.get_by_label("Pattern database 6-6-3").click();
    h.run();
    match board {
        Some(b) => set_board(&mut h, b),
        None => {
            h.get_by_label("Randomize").click();
            h.run();
        }
    }
    solve_showing_build(&mut h, "6-6-3", 120);
    h
}

/// Press Solve with the pattern database `name` (e.g. "6-6-3") not yet
/// built, and wait (at most `secs`) until its build's progress bar shows;
/// the solve is then still running.
pub(super) fn solve_showing_build(h: &mut Harness<'_, HuarongApp>, name: &str, secs: u64) {
    // Held at its start (its bar shown) until seen: a 6-6-3 build takes a
    // tenth of a second, less than a frame's turn here.
    let pool = h.state().jobs().databases().clone();
    let held = pool.hold_builds();
    h.get_by_label("Solve").click();
    h.run_ok();
    // A far start is held back with advice first: solve anyway, as a user
    // who wants the database does.
    if h.query_by_label("Solve anyway").is_some() {
        h.get_by_label("Solve anyway").click();
        h.run_ok();
    }
    // The build takes seconds: the progress bar shows while it runs.
    let bar = format!("building {name} database");
    wait_until(
        h,
        |h| h.query_by_label_contains(&bar).is_some() || !h.state().is_solving(),
        secs,
        "build progress",
    );
    assert!(h.state().is_solving(), "finished without showing the build");
    drop(held);
}

#[test]
fn solving_a_4x4_with_the_pattern_database_builds_it_with_a_progress_bar() {
    let mut h = solving_with_pdb(Some("1 2 3 4 5 6 7 8 9 10 11 12 0 13 14 15"));
    wait_for_solver(&mut h);
    assert_eq!(h.state().solution_path().unwrap().len(), 3);
    assert!(h.state().status().contains("optimal"));
    let goal = h.state().tiles().game.goal.clone();
    assert!(
        h.state()
            .tiles()
            .databases
            .find(crate::engine::HeuristicKind::Pdb, &goal)
            .is_some(),
        "the database is kept for the next solve"
    );
    let mut cached: Vec<String> = std::fs::read_dir(h.cache.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    cached.sort();
    assert_eq!(cached.len(), 2, "cached on disk: {cached:?}");
    assert!(
        cached[0].ends_with(".bin") && cached[1] == format!("{}.spread", cached[0]),
        "the database and its spread tables: {cached:?}"
    );
}

#[test]
fn cancel_stops_a_pattern_database_build_too() {
    let mut h = solving_with_pdb(None);
    h.get_by_label("Cancel").click();
    h.run_ok();
    wait_for_solver(&mut h);
    assert!(
        h.state().status().starts_with("Cancelled"),
        "{}",
        h.state().status()
    );
    let goal = h.state().tiles().game.goal.clone();
    assert!(
        h.state()
            .tiles()
            .databases
            .find(crate::engine::HeuristicKind::Pdb, &goal)
            .is_none()
    );
}

#[test]
fn the_strong_database_is_offered_on_4x4_built_with_progress_and_cancellable() {
    use crate::engine::tiles::pdb::PatternDb;
    let mut h = harness();
    let dir = h.cache.path().to_path_buf();
    h.get_by_label("3×3").click();
    h.run();
    assert!(
        h.query_by_label("Build strong database").is_none(),
        "not for 3×3"
    );
    h.get_by_label("4×4").click();
    h.run();
    h.get_by_label("7-8 database: not built");
    h.get_by_label("Build strong database").click();
    h.run_ok();
    wait_until(
        &mut h,
        |h| h.query_by_label_contains("building 7-8 database").is_some(),
        60,
        "build progress",
    );
    h.get_by_label("7-8 database: building");
    h.get_by_label("Cancel build").click();
    h.run_ok();
    wait_while(
        &mut h,
        |app| !app.status().contains("cancelled"),
        60,
        "the cancelled build",
    );
    h.get_by_label("7-8 database: not built");
    assert!(
        !dir.exists() || std::fs::read_dir(&dir).unwrap().next().is_none(),
        "a cancelled build writes nothing"
    );
    // A cached file is found and shown (it is checked when first used).
    let goal = h.state().tiles().game.goal.clone();
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        crate::storage::pdb_cache::path_for(&dir, &goal, &PatternDb::partition_78(&goal)),
        b"stand-in",
    )
    .unwrap();
    h.run_ok();
    h.get_by_label("7-8 database: on disk");
    assert!(h.query_by_label("Build strong database").is_none());
}

#[test]
fn a_corrupt_file_shows_an_error_and_changes_nothing() {
    let mut h = harness();
    set_board(&mut h, "1 2 3 4 5 6 0 7 8");
    let dir = TempDir::new().unwrap();
    let bad = dir.path().join("corrupt.ron");
    std::fs::write(
        &bad,
        "(format: \"huarong-puzzle\", version: 1, kind: Tiles, rows: 3, cols: 3, state: [1, 1",
    )
    .unwrap();
    let before = cells(&h);
    h.state_mut().open_path(&bad);
    h.run();
    assert!(h.state().error().is_some());
    h.get_by_label_contains("Cannot open");
    assert_eq!(cells(&h), before);
    h.get_by_label("OK").click();
    h.run();
    assert!(h.state().error().is_none());

    // A good file round-trips, solution included.
    set_board(&mut h, "1 2 3 4 5 6 0 7 8");
    h.get_by_label("Solve").click();
    h.run_ok();
    wait_for_solver(&mut h);
    let good = dir.path().join("good.ron");
    h.state_mut().save_path(&good, true);
    set_board(&mut h, "1 2 3 4 5 6 7 8 0");
    h.state_mut().open_path(&good);
    h.run();
    assert_eq!(cells(&h), before);
    assert_eq!(
        h.state().solution_path().unwrap(),
        &[Dir::Right, Dir::Right]
    );
}

/// Renders the README's screenshots from the real app (wgpu, software
/// rendering is fine). Run by `scripts/screenshots.sh`; ignored otherwise
/// because it needs a graphics driver.
#[test]
#[ignore = "renders PNGs; run scripts/screenshots.sh"]
fn render_screenshots() {
    let dir = screenshot_dir();
    let save = |h: &mut Harness<'_, HuarongApp>, name: &str| {
        let img = crate::app::tests::rendered(h);
        img.save(dir.join(name)).unwrap();
    };
    let settings = Settings {
        animate: false,
        ..Settings::default()
    };

    // 1. The main window on a 4x4, part way through a game.
    let mut h = harness_with(settings.clone());
    h.get_by_label("4×4").click();
    h.run();
    set_board(&mut h, "1 2 3 4 5 6 7 8 9 10 0 11 13 14 15 12");
    h.key_press(Key::ArrowLeft);
    h.run();
    save(&mut h, "main-4x4.png");

    // 2. A solve in progress: BFS on a 4x4 with live counters.
    let mut h = harness_with(settings.clone());
    start_long_bfs(&mut h);
    save(&mut h, "solving.png");
    h.get_by_label("Cancel").click();
    h.run_ok();
    wait_for_solver(&mut h);

    // 3. Playback half way through a 31-move solution, with the distance.
    let mut h = harness_with_distances(settings.clone());
    set_board(&mut h, "8 6 7 2 5 4 3 0 1");
    wait_until(
        &mut h,
        |h| h.query_by_label("31 moves from the goal (exact)").is_some(),
        30,
        "the distance table",
    );
    h.get_by_label("Solve").click();
    h.run_ok();
    wait_for_solver(&mut h);
    for _ in 0..15 {
        h.get_by_label("Next").click();
        h.run();
    }
    save(&mut h, "playback.png");

    // 4. The set-state dialog naming a problem.
    let mut h = harness_with(settings);
    h.get_by_label("Set state…").click();
    h.run();
    h.state_mut().tiles_mut().set_state.as_mut().unwrap().tiles = "1 2 3\n4 5 6\n7 7 0".into();
    h.run();
    save(&mut h, "set-state-error.png");

    // 5. The strong (7-8) database building, a few layers in, then cancelled.
    let mut h = harness_with(Settings {
        strategy: "idastar".into(),
        ..Settings::default()
    });
    h.get_by_label("4×4").click();
    h.run();
    h.get_by_label("Build strong database").click();
    h.run_ok();
    wait_until(
        &mut h,
        |h| {
            let tiles = &h.state().tiles();
            matches!(
                tiles.databases.strong_status(&tiles.game.goal),
                super::databases::StrongStatus::Building(f) if f >= 0.02
            )
        },
        300,
        "build progress",
    );
    h.run_ok();
    save(&mut h, "strong-database.png");
    h.get_by_label("Cancel build").click();
    h.run_ok();
    wait_while(&mut h, |a| !a.status().contains("cancelled"), 120, "cancel");
}

fn wait_for_compare(h: &mut Harness<'_, HuarongApp>) {
    wait_while(h, |a| a.compare().is_running(), 60, "compare runs");
}

#[test]
fn compare_runs_every_row_sorts_and_plays_a_row() {
    let mut h = harness();
    set_board(&mut h, "8 6 7 2 5 4 3 0 1");
    h.get_by_label("Compare strategies").click();
    h.run();
    h.get_by_label("Run all").click();
    h.step();
    wait_for_compare(&mut h);
    let rows = &h.state().compare().rows;
    assert_eq!(rows.len(), 5);
    for r in rows {
        let s = r
            .summary
            .unwrap_or_else(|| panic!("{:?} did not run", r.config));
        assert_eq!(s.status, crate::engine::Status::Solved, "{:?}", r.config);
        assert!(!s.disagrees);
        if s.optimal {
            assert_eq!(s.solution_length(), Some(31));
        }
    }
    // Sort by time, then descending.
    h.get_by_label("Time").click();
    h.run();
    let order = h.state().compare().order();
    let times: Vec<f64> = order
        .iter()
        .map(|&i| h.state().compare().rows[i].summary.unwrap().ms)
        .collect();
    assert!(times.windows(2).all(|w| w[0] <= w[1]), "{times:?}");
    h.get_by_label_contains("Time ↑").click();
    h.run();
    let order = h.state().compare().order();
    let times: Vec<f64> = order
        .iter()
        .map(|&i| h.state().compare().rows[i].summary.unwrap().ms)
        .collect();
    assert!(times.windows(2).all(|w| w[0] >= w[1]), "{times:?}");
    // Duplicate and remove rows (buttons appear in display order).
    let shown = |h: &Harness<'_, HuarongApp>, strategy: &str| {
        let c = h.state().compare();
        c.order()
            .iter()
            .position(|&i| c.rows[i].config.strategy == strategy)
            .unwrap()
    };
    let tabu = shown(&h, "tabu");
    h.get_all_by_label("Copy").nth(tabu).unwrap().click();
    h.run();
    assert_eq!(h.state().compare().rows.len(), 6);
    let copies = h
        .state()
        .compare()
        .rows
        .iter()
        .filter(|r| r.config.strategy == "tabu")
        .count();
    assert_eq!(copies, 2);
    let tabu = shown(&h, "tabu");
    h.get_all_by_label("Remove").nth(tabu).unwrap().click();
    h.run();
    assert_eq!(h.state().compare().rows.len(), 5);
    // Export as CSV and RON, and read both back (the button asks for the
    // path through rfd; the path is given directly here).
    h.get_by_label("Export…");
    let dir = TempDir::new().unwrap();
    for name in ["table.csv", "table.ron"] {
        let path = dir.path().join(name);
        h.state_mut().export_path(&path);
        let text = std::fs::read_to_string(&path).unwrap();
        let rows = if name.ends_with("ron") {
            crate::storage::results::from_ron::<crate::storage::results::ResultRow>(&text)
        } else {
            crate::storage::results::from_csv(&text)
        }
        .unwrap();
        assert_eq!(rows.len(), 5);
        assert!(rows.iter().any(|r| r.strategy == "astar"
            && r.heuristic == "linear-conflict"
            && r.length == Some(31)));
    }
    // Play A*'s solution in the play view.
    let astar = shown(&h, "astar");
    h.get_all_by_label("Play").nth(astar).unwrap().click();
    h.run();
    assert_eq!(h.state().solution_path().map(<[Dir]>::len), Some(31));
    h.get_by_label("Next").click();
    h.run();
    assert_eq!(h.state().step(), 1);
}

#[test]
fn one_compare_row_can_be_cancelled_while_the_others_finish() {
    let mut h = harness();
    h.get_by_label("4×4").click();
    h.run();
    h.get_by_label("Randomize").click();
    h.run();
    h.get_by_label("Compare strategies").click();
    h.run();
    h.get_all_by_label("Run").next().unwrap().click();
    h.step();
    h.step();
    assert!(h.state().compare().is_running());
    // Opening a file would replace the start the rows run on: refused,
    // in the compare view's status line.
    h.get_by_label("File").click();
    h.run_steps(3);
    h.get_by_label("Open…").click();
    h.run_steps(3);
    let refusal = "File ▸ Open is not available while a comparison runs: cancel it first.";
    assert_eq!(h.state().compare().status(), refusal);
    h.get_by_label(refusal);
    assert!(h.state().error().is_none());
    h.get_all_by_label("Cancel").next().unwrap().click();
    h.step();
    wait_for_compare(&mut h);
    let bfs = &h.state().compare().rows[0];
    let s = bfs.summary.unwrap();
    assert_eq!(s.status, crate::engine::Status::Cancelled);
    assert_eq!(s.solution_length(), None);
}

#[test]
fn a_batch_experiment_aggregates_every_configuration_and_can_be_cancelled() {
    let mut h = harness();
    h.get_by_label("Compare strategies").click();
    h.run();
    h.state_mut().compare.batch.count = 6;
    h.state_mut().compare.batch.shuffle = 20;
    h.run();
    h.get_by_label("Run batch").click();
    h.step();
    wait_for_compare(&mut h);
    let agg = h.state().compare().batch.aggregates();
    assert_eq!(agg.len(), 5);
    for a in &agg {
        assert_eq!(a.aggregate.runs, 6, "{}", a.name);
        assert_eq!(a.aggregate.disagreements, 0, "{}", a.name);
    }
    // The exact searches solve all and agree on the mean length.
    let exact: Vec<_> = agg
        .iter()
        .filter(|a| {
            ["bfs", "astar:linear-conflict", "idastar:linear-conflict"].contains(&a.name.as_str())
        })
        .collect();
    assert_eq!(exact.len(), 3);
    assert!(exact.iter().all(|a| a.aggregate.solved == 6
        && a.aggregate.mean_length == exact[0].aggregate.mean_length
        && a.aggregate.median_length == exact[0].aggregate.median_length));
    h.get_by_label_contains("Time against solution length");
    // Export the aggregates and read them back.
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("batch.csv");
    h.state_mut().export_batch_path(&path);
    let back =
        crate::storage::results::aggregates_from_csv(&std::fs::read_to_string(&path).unwrap())
            .unwrap();
    assert_eq!(back.len(), 5);
    assert_eq!(back[0].runs, 6);
    h.get_by_label("Export batch…");

    // A long batch (BFS on uniformly random 15-puzzles) stops on Cancel.
    let mut h = harness();
    h.get_by_label("4×4").click();
    h.run();
    h.get_by_label("Compare strategies").click();
    h.run();
    h.state_mut().compare.batch.shuffle = 0;
    h.state_mut().compare.batch.count = 50;
    h.run();
    h.get_by_label("Run batch").click();
    h.step();
    h.step();
    h.get_by_label("Cancel batch").click();
    h.step();
    wait_for_compare(&mut h);
    let bfs_runs = h.state().compare().batch.points[0].len();
    assert!(bfs_runs < 50, "the batch ran to the end: {bfs_runs}");
}

#[test]
fn rows_can_be_added_and_a_local_search_row_shows_its_trace() {
    let mut h = harness();
    set_board(&mut h, "8 6 7 2 5 4 3 0 1");
    h.get_by_label("Compare strategies").click();
    h.run();
    // A row takes the parameters set at the time it is added.
    h.state_mut().settings_mut().tuning.of_mut("greedy").seed = 9;
    h.get_by_label("New row").click();
    h.run();
    h.get_by_label("Greedy").click();
    h.run();
    h.get_by_label("Add").click();
    h.run();
    let rows = &h.state().compare().rows;
    assert_eq!(rows.len(), 6);
    assert_eq!(rows[5].config.strategy, "greedy");
    assert_eq!(rows[5].config.tuning.seed, 9);
    assert_eq!(
        rows[5].config.heuristic,
        crate::engine::HeuristicKind::Manhattan
    );
    h.get_by_label("Run all").click();
    h.step();
    wait_for_compare(&mut h);
    // Only the local searches have traces; the first "Trace" is annealing's.
    let with_trace: Vec<&str> = h
        .state()
        .compare()
        .rows
        .iter()
        .filter(|r| !r.trace_points.is_empty())
        .map(|r| r.config.strategy.as_str())
        .collect();
    assert_eq!(with_trace, ["annealing", "tabu", "greedy"]);
    // Every row has its Trace button in the same place; only those with a
    // trace are enabled.
    h.get_all_by_label("Trace")
        .find(|b| !b.accesskit_node().is_disabled())
        .unwrap()
        .click();
    h.run();
    h.get_by_label("Trace of Simulated annealing · Manhattan + linear conflict");
    assert_eq!(h.state().compare().shown_trace, Some(3));
}
