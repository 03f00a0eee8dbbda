//! The desktop app (eframe/egui). One file per view or widget; this one
//! is the shell: the menu, the family switch, the dialogs, and the routing
//! of every [`Command`] to the view it concerns. The play views, one per
//! family, are kept in one table ([`play_views`], beside the views' modules) and reached through
//! [`PlayView`] by the family shown; the compare view is
//! [`compare::CompareView`]. Background work (solves, database builds,
//! file dialogs, playback) is polled in [`eframe::App::logic`]; drawing is
//! in [`eframe::App::ui`]. Views never change the app: they return commands.

mod appearance;
mod command;
pub mod compare;
mod controls;
mod databases;
mod error;
mod files;
mod fonts;
mod fringe;
mod game;
mod help;
mod i18n;
mod inspector;
mod jobs;
mod keys;
pub mod klotski;
mod link;
mod menu;
mod model;
mod offered;
mod palette;
mod picture;
pub mod race;
mod run_by;
mod settings;
mod solver;
mod tasks;
#[cfg(test)]
mod tests;
mod tiles;
mod tuning;
mod view;
#[cfg(target_arch = "wasm32")]
pub mod web;
mod widgets;

use eframe::egui;

use error::{AppError, Busy};
use i18n::{Message, Said, TilesMsg, tr, tr_ctx};
pub use settings::Settings;
use tiles::TilesPlay;

pub use command::{Command, CompareCommand, PlayCommand};
use jobs::{JobKind, Jobs};
use view::{PlayView, PlayViews};

use crate::engine::rng::SeededRng;

/// Each family's play view, new, in the family switch's order: the one
/// table a new family is added to (beside its module above). `settings`
/// say what to show first, `rng` makes random starts, `jobs` runs their
/// work. The shell, the compare view, the inspector and the files reach a
/// family through its view ([`PlayView`]) and the shared types of
/// [`model`], never by naming it.
fn play_views(settings: &Settings, rng: SeededRng, jobs: &Jobs) -> PlayViews {
    let views: Vec<Box<dyn PlayView>> = vec![
        Box::new(TilesPlay::new(settings, rng, jobs.clone())),
        Box::new(klotski::KlotskiPlay::new(settings.classic, jobs.clone())),
    ];
    PlayViews::new(views)
}

/// The app.
pub struct HuarongApp {
    settings: Settings,
    /// One play view per family (a solve started in one runs on while
    /// another is shown).
    views: PlayViews,
    /// The compare view (its rows stay while another screen is shown).
    compare: compare::CompareView,
    /// The race mode (its attempt stays while another screen is shown).
    race: race::RaceView,
    /// What fills the window: the play view, compare, the race or the
    /// inspector.
    screen: Screen,
    /// Every background job, and the pattern databases they share.
    jobs: Jobs,
    error: Option<AppError>,
    show_help: bool,
    show_about: bool,
    /// The Help page "How the strategies work" is open.
    show_strategies: bool,
    files: files::FileDialogs,
    /// The language the window's title was last set in.
    titled: Option<i18n::Lang>,
    /// The picture the tiles are cut from.
    picture: picture::Picture,
    /// What an opening link asked for, carried out at the first frame.
    opening: Vec<Command>,
    /// The web edition's address, when known (the page's own, or on the
    /// desktop `HUARONG_WEB_ADDRESS`): "Copy link" is offered then.
    web_address: Option<String>,
    /// The web page's live region the status line is copied into.
    #[cfg(target_arch = "wasm32")]
    status_mirror: Option<web::StatusMirror>,
    /// The web edition's warm-up: `None` before it starts, then the run
    /// until it ends.
    #[cfg(target_arch = "wasm32")]
    warm_up: Option<Option<jobs::Handle<solver::Finished>>>,
}

impl HuarongApp {
    /// The app with remembered settings (if any), on a goal board.
    pub fn new(cc: &eframe::CreationContext<'_>) -> Self {
        fonts::install(&cc.egui_ctx);
        // The first launch speaks the system's language.
        let settings: Settings = cc
            .storage
            .and_then(|s| eframe::get_value(s, eframe::APP_KEY))
            .unwrap_or_else(|| Settings {
                language: i18n::Lang::of_system(),
                ..Settings::default()
            });
        let mut app = Self::with_settings(
            settings,
            rand::make_rng(),
            crate::storage::pdb_cache::cache_dir(),
            crate::storage::records::default_path(),
        );
        app.web_address = std::env::var("HUARONG_WEB_ADDRESS")
            .ok()
            .filter(|a| !a.trim().is_empty());
        app
    }

    /// The app with given settings, random source, pattern-database cache
    /// folder and records file (tests seed the one and give temporary
    /// folders for the others).
    pub fn with_settings(
        settings: Settings,
        rng: SeededRng,
        cache_dir: std::path::PathBuf,
        records: Option<std::path::PathBuf>,
    ) -> Self {
        let jobs = Jobs::new(cache_dir);
        let race = race::RaceView::new(race::stream_of(&rng), jobs.clone(), records);
        Self {
            views: play_views(&settings, rng, &jobs),
            settings,
            compare: compare::CompareView::default(),
            race,
            screen: Screen::Play,
            jobs,
            error: None,
            show_help: false,
            show_about: false,
            show_strategies: false,
            files: files::FileDialogs::default(),
            titled: None,
            picture: picture::Picture::default(),
            opening: Vec::new(),
            web_address: None,
            #[cfg(target_arch = "wasm32")]
            status_mirror: None,
            #[cfg(target_arch = "wasm32")]
            warm_up: None,
        }
    }

    /// Each family's part of links, from its play view.
    fn link_families(&self) -> Vec<&'static dyn link::FamilyLink> {
        self.views.iter().map(|v| v.link()).collect()
    }

    /// Open what the link whose query is `query` asks for (`?puzzle=3x3&…`,
    /// see [`link`]) at the next frame, as a person would; a link with a
    /// parameter that cannot be used opens nothing and says which.
    pub fn open_link(&mut self, query: &str) {
        match link::Link::parse(query, &self.link_families()) {
            Ok(Some(link)) => self.opening = link.commands(&self.settings),
            Ok(None) => {}
            Err(refused) => {
                self.opening.clear();
                self.tell(Said::new(move |lang| {
                    i18n::Msg::LinkRefused {
                        parameter: refused.parameter.clone(),
                        value: refused.value.clone(),
                    }
                    .text(lang)
                }));
            }
        }
    }

    /// The web edition: remembered settings from the browser's storage,
    /// no files (a browser has none) for the databases or race records.
    #[cfg(target_arch = "wasm32")]
    pub fn for_web(cc: &eframe::CreationContext<'_>) -> Self {
        fonts::install(&cc.egui_ctx);
        let settings: Settings = cc
            .storage
            .and_then(|s| eframe::get_value(s, eframe::APP_KEY))
            .unwrap_or_else(|| {
                let browser = web_sys::window().and_then(|w| w.navigator().language());
                Settings {
                    language: i18n::Lang::from_locale(|_| browser.clone()),
                    ..Settings::default()
                }
            });
        let mut app = Self::with_settings(
            settings,
            rand::make_rng(),
            std::path::PathBuf::from("/no-files-in-a-browser"),
            None,
        );
        app.web_address = web_sys::window()
            .and_then(|w| Some(w.location().origin().ok()? + &w.location().pathname().ok()?));
        app
    }

    /// Start the warm-up (see `solver::warm_up`) once the first frames
    /// are drawn, unless a link's solve already runs; let it end on its
    /// own (dropping its handle would end its worker).
    #[cfg(target_arch = "wasm32")]
    fn warm_up(&mut self, ctx: &egui::Context) {
        match &mut self.warm_up {
            None if ctx.cumulative_pass_nr() < 2 => {}
            None if self.jobs.busy().is_some() => self.warm_up = Some(None),
            None => {
                let strategy = self.settings.strategy();
                let run = solver::warm_up(&self.jobs, &*strategy, self.settings.heuristic);
                self.warm_up = Some(Some(run));
            }
            Some(run) => {
                if run.as_mut().is_some_and(|r| r.try_take().is_some()) {
                    *run = None;
                }
            }
        }
    }

    /// The play view of the family chosen.
    fn view(&self) -> &dyn PlayView {
        self.views.of(self.settings.family)
    }

    /// The play view of the family chosen, to change.
    fn view_mut(&mut self) -> &mut dyn PlayView {
        self.views.of_mut(self.settings.family)
    }

    /// The play view shown and the settings, to change both.
    fn view_and_settings(&mut self) -> (&mut dyn PlayView, &mut Settings) {
        (self.views.of_mut(self.settings.family), &mut self.settings)
    }

    /// Whether a play view's dialog is open (it has the keys).
    fn view_dialog_open(&self) -> bool {
        self.views.iter().any(|v| v.has_dialog())
    }

    /// What runs in the background, if anything that a new position would
    /// disturb: one answer, from the owner of every job.
    fn busy(&self) -> Option<Busy> {
        self.jobs.busy()
    }

    /// Show `line` in the status line of the play view shown.
    fn set_status(&mut self, line: Said) {
        self.view_mut().set_status(line);
    }

    /// Show `line` in the status line of the screen shown (compare's own,
    /// else the play view's).
    fn tell(&mut self, line: Said) {
        if self.screen.is_compare() {
            self.compare.set_status(line);
        } else if matches!(self.screen, Screen::Race) {
            self.race.status = Some(line);
        } else {
            self.set_status(line);
        }
    }

    /// Export the compare table to `path` (RON for `.ron`, else CSV),
    /// atomically.
    pub fn export_path(&mut self, path: &std::path::Path) {
        let start = self.view().compare_start(&self.settings);
        let rows = self.compare.result_rows(&start);
        let written = crate::storage::results::save(path, &rows);
        self.report_export(path, rows.len(), written);
    }

    /// Export the batch aggregates to `path` (RON for `.ron`, else CSV),
    /// and its starts beside it (`batch.starts.csv`).
    pub fn export_batch_path(&mut self, path: &std::path::Path) {
        let rows = self.compare.batch.export_rows();
        let starts = self.compare.batch.export_starts();
        match crate::storage::results::save_batch(path, &rows, &starts) {
            Ok(beside) => self.compare.set_status(Said::msg(TilesMsg::ExportedBatch {
                rows: rows.len(),
                path: path.display().to_string(),
                starts: starts.len(),
                starts_path: beside.display().to_string(),
            })),
            Err(e) => self.report_export(path, rows.len(), Err(e)),
        }
    }

    /// Say how an export of `rows` rows to `path` went.
    fn report_export(&mut self, path: &std::path::Path, rows: usize, written: std::io::Result<()>) {
        match written {
            Ok(()) => self.compare.set_status(Said::msg(TilesMsg::Exported {
                rows,
                path: path.display().to_string(),
            })),
            Err(source) => {
                let error = AppError::Export {
                    path: path.into(),
                    source,
                };
                // In both languages: the error itself goes to the dialog.
                self.compare
                    .set_status(Said::written(|lang| error.text(lang)));
                self.error = Some(error);
            }
        }
    }

    /// Load a compared run's solution into the play view and show it.
    fn play_compared(
        &mut self,
        start: crate::app::model::Start,
        finished: crate::app::model::Finished,
        name: run_by::RunBy,
    ) {
        self.screen = Screen::Play;
        self.settings.family = start.family();
        let (view, settings) = self.view_and_settings();
        view.play_run(start, finished, name, settings);
    }

    /// Carry out a command at app time `now`. Commands that would replace
    /// the position while a solve or comparison runs are refused here, with
    /// the reason in the status line of the view shown.
    pub fn apply(&mut self, cmd: Command, ctx: &egui::Context, now: f64) {
        if let Some(busy) = self.busy()
            && let Some(action) = cmd.refused_while(busy)
        {
            let refusal = Said::new(move |lang| {
                AppError::Refused {
                    action: action.clone(),
                    busy,
                }
                .text(lang)
            });
            self.tell(refusal);
            return;
        }
        match cmd {
            Command::Play(play) => {
                let (view, settings) = self.view_and_settings();
                view.apply(play, ctx, now, settings);
            }
            Command::Compare(compare) => {
                let start = self.view().compare_start(&self.settings);
                self.compare
                    .apply(compare, &start, &self.settings, &self.jobs, ctx);
            }
            Command::Open => self.files.open(ctx),
            Command::Save => self.files.save(ctx, false),
            Command::SaveSolution => {
                if self.view().has_solution() {
                    self.files.save(ctx, true);
                } else {
                    self.error = Some(AppError::NoSolution);
                }
            }
            Command::Export => self.files.export(ctx, files::FileAction::Export),
            Command::ExportBatch => self.files.export(ctx, files::FileAction::ExportBatch),
            Command::Quit => ctx.send_viewport_cmd(egui::ViewportCommand::Close),
            Command::SetLanguage(lang) => {
                self.settings.language = lang;
                i18n::set_language(ctx, lang);
            }
            Command::Help => self.show_help = true,
            Command::About => self.show_about = true,
            Command::OpenHelp => self.show_strategies = true,
            Command::DismissError => self.error = None,
            Command::Race(race) => self.race.apply(race, ctx, now, &self.settings),
            Command::SetSettings(settings) => self.settings = *settings,
            Command::CancelDatabaseBuild => {
                // The view that started it cancels it (every view decides
                // about every play command; the others ignore it).
                for view in self.views.iter_mut() {
                    view.apply(
                        PlayCommand::CancelStrongDatabase,
                        ctx,
                        now,
                        &mut self.settings,
                    );
                }
            }
            Command::CopyLink => {
                if let Some(address) = &self.web_address {
                    let start = self.view().compare_start(&self.settings);
                    let query = link::query_of(&self.settings, &start, &self.link_families());
                    let link = format!("{address}{query}");
                    ctx.copy_text(link.clone());
                    self.tell(Said::new(move |lang| {
                        i18n::Msg::LinkCopied { link: link.clone() }.text(lang)
                    }));
                }
            }
            Command::SetFamily(family) => {
                // The inspector steps a board of the family it was opened
                // on; the race is a screen of its own.
                if self.screen.inspector().is_some() || matches!(self.screen, Screen::Race) {
                    self.screen = Screen::Play;
                }
                self.settings.family = family;
            }
            Command::ShowCompare(shown) => {
                self.screen = if shown { Screen::Compare } else { Screen::Play };
            }
            Command::ShowRace => self.screen = Screen::Race,
            Command::ExportRecords => self.files.export(ctx, files::FileAction::ExportRecords),
            Command::OpenReplay => self.files.request(ctx, files::FileAction::OpenReplay),
            Command::SaveReplay => self.files.request(ctx, files::FileAction::SaveReplay),
            Command::Inspect => {
                let start = self.view().compare_start(&self.settings);
                let opened = inspector::open(&self.settings, start, &self.jobs, ctx);
                match opened {
                    Ok(i) => self.screen = Screen::Inspector(Box::new(i)),
                    Err(why) => self.set_status(why),
                }
            }
            Command::InspectBeside(choice) => {
                // The second run begins on the board the first began on:
                // the board behind the inspector, unchanged.
                let mut settings = self.settings.clone();
                settings.strategy = choice.strategy.to_string();
                settings.heuristic = choice.heuristic;
                let start = self.view().compare_start(&settings);
                let opened = inspector::open(&settings, start, &self.jobs, ctx);
                if let Screen::Inspector(shown) = &mut self.screen {
                    match opened {
                        Ok(second) => shown.set_partner(second),
                        Err(why) => shown.say(why),
                    }
                }
            }
            Command::CloseInspector => {
                // Say what the run came to, so the status line is not the
                // one from before it opened.
                if let Screen::Inspector(mut closed) =
                    std::mem::replace(&mut self.screen, Screen::Play)
                {
                    let ended = closed.ended().cloned();
                    // A solution found is offered for playback: it goes to
                    // the Steps panel, from the board the run began on.
                    let found = closed
                        .take_found()
                        .filter(|_| self.jobs.busy() != Some(Busy::Solving));
                    let handed = found.is_some();
                    if let Some(found) = found {
                        let (start, finished, run) = *found;
                        self.play_compared(start, finished, run);
                        if let Some(anatomy) = closed.take_anatomy() {
                            self.view_mut().show_anatomy(anatomy);
                        }
                    }
                    self.set_status(i18n::Said::new(move |lang| match &ended {
                        Some(e) if handed => i18n::TilesMsg::InspectorSolutionHanded {
                            ended: e.text(lang),
                        }
                        .text(lang),
                        Some(e) => i18n::TilesMsg::InspectorClosedAfter {
                            ended: e.text(lang),
                        }
                        .text(lang),
                        None => i18n::TilesMsg::InspectorClosed.text(lang),
                    }));
                }
            }
            Command::PlayCompared(run) => {
                let (start, finished, name) = *run;
                self.play_compared(start, finished, name);
            }
            Command::OpenSetState => self.view_mut().open_set_state(),
            Command::Paste(text) => self.view_mut().take_paste(text),
            // Set state's own commands, for the tile view whatever is shown.
            Command::SetPuzzle(puzzle) => {
                if let Some(tiles) = self.views.get_mut::<TilesPlay>() {
                    tiles.set_state = None;
                    tiles.set_puzzle(puzzle, &mut self.settings);
                    tiles.set_status(Said::msg(TilesMsg::StateSet));
                }
            }
            Command::CloseSetState => {
                if let Some(tiles) = self.views.get_mut::<TilesPlay>() {
                    tiles.set_state = None;
                }
            }
            Command::ChoosePicture => self.files.request(ctx, files::FileAction::Picture),
        }
    }

    /// Open a puzzle file: on any problem the error dialog names it and
    /// nothing changes. Refused while a solve or comparison runs, which
    /// would otherwise overwrite what the file holds.
    pub fn open_path(&mut self, path: &std::path::Path) {
        if let Some(busy) = self.busy() {
            self.error = Some(AppError::OpenWhileBusy(busy));
            return;
        }
        match crate::storage::load_any(path) {
            Ok(document) => {
                self.settings.family = document.family();
                let shown = path.display().to_string();
                let (view, settings) = self.view_and_settings();
                view.open_document(document, shown, settings);
            }
            Err(source) => {
                self.error = Some(AppError::Open {
                    path: path.into(),
                    source,
                })
            }
        }
    }

    /// Save the puzzle (and the solution if asked) to `path`, atomically.
    pub fn save_path(&mut self, path: &std::path::Path, with_solution: bool) {
        let Some(document) = self.view().to_document(with_solution) else {
            self.error = Some(AppError::NoSolution);
            return;
        };
        let saved = crate::storage::save_any(path, &document);
        match saved {
            Ok(()) => {
                let path = path.display().to_string();
                self.set_status(Said::msg(TilesMsg::Saved { path }))
            }
            Err(source) => {
                self.error = Some(AppError::Save {
                    path: path.into(),
                    source,
                })
            }
        }
    }

    /// The dialogs over the views; their commands go to `out`.
    fn dialogs(&mut self, ctx: &egui::Context, out: &mut Vec<Command>) {
        for view in self.views.iter_mut() {
            view.dialogs(ctx, out);
        }
        // Esc closes one dialog: a play view's (its own), else the error,
        // else the Keys and About windows.
        let view_dialog = self.view_dialog_open();
        if self.error.is_some() && !view_dialog && keys::escape(ctx) {
            out.push(Command::DismissError);
        }
        if (self.show_help || self.show_about || self.show_strategies)
            && !view_dialog
            && self.error.is_none()
            && keys::escape(ctx)
        {
            self.show_help = false;
            self.show_about = false;
            self.show_strategies = false;
        }
        if let Some(err) = &self.error {
            egui::Window::new(tr_ctx(ctx, TilesMsg::ErrorTitle))
                .id(egui::Id::unique("error window"))
                .collapsible(false)
                .resizable(false)
                .show(ctx, |ui| {
                    ui.label(tr(ui, err));
                    if ui.button(tr(ui, TilesMsg::ButtonOk)).clicked() {
                        out.push(Command::DismissError);
                    }
                });
        }
        let arrows = self.settings.look.arrows;
        menu::help_windows(ctx, &mut self.show_help, &mut self.show_about, arrows);
        help::window(ctx, &mut self.show_strategies);
        self.files.show(ctx);
    }

    /// The keys typed this frame, carried out before drawing (as a click
    /// would be on the previous frame). Not while a dialog or a text field
    /// has the keyboard.
    fn keys(&mut self, ctx: &egui::Context, now: f64) {
        if self.view_dialog_open()
            || self.error.is_some()
            || self.files.is_open()
            || ctx.egui_wants_keyboard_input()
        {
            return;
        }
        match self.screen {
            Screen::Inspector(_) => {
                // The board behind the inspector stays as it is; Esc closes
                // it as Close does.
                if keys::escape(ctx) {
                    self.apply(Command::CloseInspector, ctx, now);
                } else if let Screen::Inspector(inspector) = &mut self.screen {
                    inspector.keys(ctx, now);
                }
            }
            Screen::Compare => {
                for cmd in keys::commands(ctx) {
                    self.apply(cmd, ctx, now);
                }
            }
            Screen::Race => {
                for cmd in self.race.keys(ctx, now, &self.settings) {
                    self.apply(Command::Race(cmd), ctx, now);
                }
            }
            Screen::Play => {
                for cmd in keys::commands(ctx) {
                    self.apply(cmd, ctx, now);
                }
                let (view, settings) = self.view_and_settings();
                view.keys(ctx, settings, now);
            }
        }
    }
}

impl eframe::App for HuarongApp {
    /// Background work: finished solves and database builds, chosen files,
    /// playback. No drawing.
    fn logic(&mut self, ctx: &egui::Context, _frame: &mut eframe::Frame) {
        let now = ctx.input(|i| i.time);
        // Every play view: a solve started in one runs on while another
        // is shown.
        for view in self.views.iter_mut() {
            view.logic(ctx, now, &mut self.settings);
        }
        self.compare.poll();
        self.race.logic(ctx, now, &self.settings);
        #[cfg(target_arch = "wasm32")]
        self.warm_up(ctx);
        if let Screen::Inspector(inspector) = &mut self.screen {
            inspector.logic(ctx, now);
        }
        if let Some((action, path)) = self.files.poll() {
            match action {
                files::FileAction::Open => self.open_path(&path),
                files::FileAction::Save { with_solution } => self.save_path(&path, with_solution),
                files::FileAction::Export => self.export_path(&path),
                files::FileAction::ExportBatch => self.export_batch_path(&path),
                files::FileAction::ExportRecords => self.race.export_records(&path, &self.settings),
                files::FileAction::OpenReplay => match crate::storage::replay::load(&path) {
                    Ok(replay) => self.race.open_replay(replay, ctx),
                    Err(e) => self.race.refuse(e.to_string()),
                },
                files::FileAction::SaveReplay => self.race.save_replay(&path),
                files::FileAction::Picture => self.picture.choose(path, &self.jobs, ctx),
            }
        }
        // The picture is the tile boards' look: its news goes to their view.
        if let Some(line) = self.picture.logic(ctx, &mut self.settings.look, &self.jobs)
            && let Some(tiles) = self.views.get_mut::<TilesPlay>()
        {
            tiles.set_status(line);
        }
        // Why the system file dialog was not used (the in-app one opened).
        if let Some(notice) = self.files.take_notice() {
            self.tell(notice);
        }
    }

    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        let ctx = ui.ctx().clone();
        i18n::set_language(&ctx, self.settings.language);
        // The window's title follows the language.
        if self.titled != Some(self.settings.language) {
            self.titled = Some(self.settings.language);
            let title = TilesMsg::WindowTitle.text(self.settings.language);
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title));
        }
        let now = ui.input(|i| i.time);
        for cmd in std::mem::take(&mut self.opening) {
            self.apply(cmd, &ctx, now);
        }
        self.keys(&ctx, now);

        let mut commands = Vec::new();
        egui::Panel::top("menu").show(ui, |ui| {
            let (undo, redo) = self.view().can_undo_redo();
            let link = self.web_address.is_some();
            commands.extend(menu::menu_bar(ui, undo, redo, link));
        });
        egui::Panel::top("family").show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.label(tr(ui, TilesMsg::PuzzleLabel));
                let solving = self.view().is_solving();
                // On the race screen the switch shows and sets the race's
                // puzzle (its own setting), not the play view's.
                let racing = matches!(self.screen, Screen::Race);
                ui.add_enabled_ui(!solving, |ui| {
                    for view in self.views.iter() {
                        let (family, label) = (view.family(), view.switch_label());
                        let shown = match racing {
                            true => self.settings.race.family() == family,
                            false => self.settings.family == family,
                        };
                        if ui.selectable_label(shown, tr(ui, label)).clicked() {
                            commands.push(match racing {
                                true => {
                                    let mut changed = self.settings.clone();
                                    changed.race.set_family(family);
                                    Command::SetSettings(Box::new(changed))
                                }
                                false => Command::SetFamily(family),
                            });
                        }
                    }
                });
                ui.separator();
                ui.add_enabled_ui(!self.compare.is_running(), |ui| {
                    let race = matches!(self.screen, Screen::Race);
                    for (shown, label) in
                        [(false, TilesMsg::ViewPlay), (true, TilesMsg::ViewCompare)]
                    {
                        let selected = !race && self.screen.is_compare() == shown;
                        if ui.selectable_label(selected, tr(ui, label)).clicked() {
                            commands.push(Command::ShowCompare(shown));
                        }
                    }
                    if ui
                        .selectable_label(race, tr(ui, i18n::RaceMsg::ViewRace))
                        .on_hover_text(tr(ui, i18n::RaceMsg::ViewRaceHint))
                        .clicked()
                    {
                        commands.push(Command::ShowRace);
                    }
                });
                // A database build started on its own ("Build strong
                // database") shows here, with its Cancel, on every screen
                // and board but the one that shows it: it runs on
                // whatever is shown.
                let shown_below =
                    matches!(self.screen, Screen::Play) && self.view().shows_database_build();
                if self.jobs.running(JobKind::Database) > 0
                    && !shown_below
                    && let Some((name, phase)) = self.jobs.databases().under_way()
                {
                    ui.separator();
                    databases::progress_line(ui, &name, phase);
                    if ui
                        .button(tr(ui, TilesMsg::CancelBuildOf { name }))
                        .clicked()
                    {
                        commands.push(Command::CancelDatabaseBuild);
                    }
                }
            });
        });
        match &mut self.screen {
            Screen::Inspector(inspector) => commands.extend(inspector.ui(ui)),
            Screen::Compare => {
                let start = self.view().compare_start(&self.settings);
                self.compare.show(ui, &start, &mut commands);
            }
            Screen::Race => self.race.ui(ui, &self.settings, &mut commands),
            Screen::Play => {
                let (view, settings) = self.view_and_settings();
                view.ui(ui, settings, &mut commands);
            }
        }
        self.dialogs(&ctx, &mut commands);
        for cmd in commands {
            self.apply(cmd, &ctx, now);
        }
        #[cfg(target_arch = "wasm32")]
        if let Some(mirror) = &mut self.status_mirror
            && let Some(line) = widgets::steps::shown_status(&ctx)
        {
            mirror.show(&line);
        }
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, eframe::APP_KEY, &self.settings);
    }
}

/// Open the window, at the puzzle of the link whose query is `link` if
/// one is given. Blocks until it is closed.
#[cfg(not(target_arch = "wasm32"))]
pub fn run(link: Option<&str>) -> eframe::Result {
    let link = link.map(str::to_string);
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            // Set in the app's language at the first frame.
            .with_title(TilesMsg::WindowTitle.text(i18n::Lang::English))
            .with_inner_size([1100.0, 720.0])
            .with_min_inner_size([720.0, 480.0]),
        ..Default::default()
    };
    eframe::run_native(
        "huarong",
        options,
        Box::new(move |cc| {
            let mut app = HuarongApp::new(cc);
            if let Some(link) = &link {
                app.open_link(link);
            }
            Ok(Box::new(app))
        }),
    )
}

/// What fills the window under the menu.
pub enum Screen {
    /// The play view of the family chosen.
    Play,
    /// The compare view.
    Compare,
    /// The race mode (timed solves).
    Race,
    /// The search inspector, over the play view's board.
    Inspector(Box<inspector::Inspector>),
}

impl Screen {
    /// Whether the compare view is shown.
    pub fn is_compare(&self) -> bool {
        matches!(self, Screen::Compare)
    }

    /// The inspector, if shown.
    pub fn inspector(&self) -> Option<&inspector::Inspector> {
        match self {
            Screen::Inspector(i) => Some(i),
            _ => None,
        }
    }
}
