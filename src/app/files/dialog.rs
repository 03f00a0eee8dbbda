//! Huarong's own file dialog, for when the system's cannot open: a path
//! field, the folder it names listed (click a folder to enter it, ".." to
//! go up, a file to take its path), OK / Cancel; Enter is OK, Esc closes.
//! Every path that cannot be used is named with the reason.

use std::path::{Path, PathBuf};

use eframe::egui;

use super::FileAction;
use crate::app::i18n::{Msg, tr, tr_ctx};

/// How the dialog closed.
#[derive(Clone, Debug, PartialEq)]
pub enum DialogAnswer {
    /// OK on a usable path.
    Chosen(PathBuf),
    /// Cancel, Esc or the window's close button.
    Cancelled,
}

/// A folder's entry.
#[derive(Clone, Debug, PartialEq)]
struct Entry {
    name: String,
    is_dir: bool,
}

/// The dialog's state.
pub struct InAppDialog {
    action: FileAction,
    /// The path field's text.
    pub path: String,
    /// The folder listed and its entries (or why it cannot be read).
    listing: Option<(PathBuf, Result<Vec<Entry>, Msg>)>,
    /// Why OK did not close the dialog.
    pub problem: Option<Msg>,
    /// An existing file OK was pressed on once: a second OK replaces it.
    confirm_replace: Option<PathBuf>,
    focus_field: bool,
}

impl InAppDialog {
    /// The dialog for `action`, in `folder` (with the default file name
    /// when saving).
    pub fn new(action: FileAction, folder: &Path) -> Self {
        let path = match action.default_name() {
            Some(name) => folder.join(name),
            None => folder.to_path_buf(),
        };
        let mut path = path.display().to_string();
        if action.default_name().is_none() && !path.ends_with(std::path::MAIN_SEPARATOR) {
            path.push(std::path::MAIN_SEPARATOR);
        }
        Self {
            action,
            path,
            listing: None,
            problem: None,
            confirm_replace: None,
            focus_field: true,
        }
    }

    /// What the path is for.
    pub fn action(&self) -> FileAction {
        self.action
    }

    /// The path typed, with a leading `~` for the home folder.
    fn typed(&self) -> PathBuf {
        let text = self.path.trim();
        match (text.strip_prefix('~'), dirs::home_dir()) {
            (Some(rest), Some(home)) if rest.is_empty() || rest.starts_with('/') => {
                home.join(rest.trim_start_matches('/'))
            }
            _ => PathBuf::from(text),
        }
    }

    /// The folder to list: the path if it is one, else the folder it is in.
    fn folder(&self) -> Option<PathBuf> {
        let typed = self.typed();
        if typed.is_dir() {
            return Some(typed);
        }
        let parent = typed.parent()?;
        let parent = if parent.as_os_str().is_empty() {
            Path::new(".")
        } else {
            parent
        };
        parent.is_dir().then(|| parent.to_path_buf())
    }

    /// The file name part of the path (kept while moving between folders
    /// when saving).
    fn file_name(&self) -> Option<String> {
        let typed = self.typed();
        if typed.is_dir() || self.path.ends_with(std::path::MAIN_SEPARATOR) {
            return None;
        }
        typed.file_name().map(|n| n.to_string_lossy().into_owned())
    }

    /// Whether a file is of a kind the action reads or writes.
    fn shown(&self, name: &str) -> bool {
        let extension = Path::new(name)
            .extension()
            .map(|e| e.to_string_lossy().to_lowercase());
        self.action
            .filters()
            .iter()
            .flat_map(|(_, exts)| exts.iter())
            .any(|e| extension.as_deref() == Some(*e))
    }

    fn list(&self, folder: &Path) -> Result<Vec<Entry>, Msg> {
        let read = std::fs::read_dir(folder).map_err(|e| Msg::DialogCannotList {
            path: folder.display().to_string(),
            error: e.to_string(),
        })?;
        let mut entries: Vec<Entry> = read
            .filter_map(Result::ok)
            .filter_map(|e| {
                let name = e.file_name().to_string_lossy().into_owned();
                // Follows links, so a link to a folder is entered.
                let is_dir = e.path().is_dir();
                let visible = !name.starts_with('.') && (is_dir || self.shown(&name));
                visible.then_some(Entry { name, is_dir })
            })
            .collect();
        entries.sort_by(|a, b| {
            b.is_dir
                .cmp(&a.is_dir)
                .then_with(|| a.name.to_lowercase().cmp(&b.name.to_lowercase()))
        });
        Ok(entries)
    }

    /// The path OK would take, or why it cannot.
    pub fn check(&self) -> Result<PathBuf, Msg> {
        if self.path.trim().is_empty() {
            return Err(if self.action.writes() {
                Msg::DialogTypeSavePath
            } else {
                Msg::DialogTypeOpenPath
            });
        }
        let path = self.typed();
        let named = |p: &Path| p.display().to_string();
        if path.is_dir() {
            return Err(if self.action.writes() {
                Msg::DialogFolderToSave { path: named(&path) }
            } else {
                Msg::DialogFolderToOpen { path: named(&path) }
            });
        }
        if !self.action.writes() {
            return if path.is_file() {
                Ok(path)
            } else if path.exists() {
                Err(Msg::DialogNotRegular { path: named(&path) })
            } else {
                Err(Msg::DialogNoFile { path: named(&path) })
            };
        }
        let parent = path
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        if !parent.exists() {
            return Err(Msg::DialogNoFolder {
                path: named(parent),
            });
        }
        if !parent.is_dir() {
            return Err(Msg::DialogNotFolder {
                path: named(parent),
            });
        }
        if path.exists() && !path.is_file() {
            return Err(Msg::DialogNotRegular { path: named(&path) });
        }
        Ok(path)
    }

    /// OK: the path if it can be used (asking once before replacing a file).
    fn ok(&mut self) -> Option<PathBuf> {
        match self.check() {
            Err(problem) => {
                self.problem = Some(problem);
                None
            }
            Ok(path) if self.action.writes() && path.exists() => {
                if self.confirm_replace.as_ref() == Some(&path) {
                    Some(path)
                } else {
                    self.problem = Some(Msg::DialogReplace {
                        path: path.display().to_string(),
                    });
                    self.confirm_replace = Some(path);
                    None
                }
            }
            Ok(path) => Some(path),
        }
    }

    /// Draw the dialog; `Some` once it closes.
    pub fn show(&mut self, ctx: &egui::Context) -> Option<DialogAnswer> {
        let mut answer = None;
        let mut open = true;
        if ctx.input(|i| i.key_pressed(egui::Key::Escape)) {
            return Some(DialogAnswer::Cancelled);
        }
        let folder = self.folder();
        if self.listing.as_ref().map(|(f, _)| Some(f)) != Some(folder.as_ref()) {
            self.listing = folder.map(|f| {
                let entries = self.list(&f);
                (f, entries)
            });
        }
        egui::Window::new(tr_ctx(ctx, self.action.title()))
            .open(&mut open)
            .collapsible(false)
            .resizable(false)
            .default_width(460.0)
            .show(ctx, |ui| {
                ui.horizontal(|ui| {
                    let label = ui.label(tr(ui, Msg::DialogPath));
                    let field = ui
                        .add(egui::TextEdit::singleline(&mut self.path).desired_width(400.0))
                        .labelled_by(label.id);
                    // Until the field has the keyboard: a request made while
                    // the window is still being sized is dropped.
                    if self.focus_field {
                        field.request_focus();
                        self.focus_field = !field.has_focus();
                    }
                    if field.changed() {
                        self.problem = None;
                        self.confirm_replace = None;
                    }
                    if field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                        answer = self.ok().map(DialogAnswer::Chosen);
                    }
                });
                let mut go_to = None;
                let mut take = None;
                egui::ScrollArea::vertical()
                    .max_height(220.0)
                    .auto_shrink([false, true])
                    .show(ui, |ui| match &self.listing {
                        None => {
                            ui.weak(tr(ui, Msg::DialogNoSuchFolder));
                        }
                        Some((_, Err(why))) => {
                            ui.colored_label(ui.visuals().error_fg_color, tr(ui, why));
                        }
                        Some((folder, Ok(entries))) => {
                            if let Some(up) = folder.parent()
                                && ui
                                    .selectable_label(false, tr(ui, Msg::DialogUp))
                                    .on_hover_text(tr(
                                        ui,
                                        Msg::DialogUpTo {
                                            path: up.display().to_string(),
                                        },
                                    ))
                                    .clicked()
                            {
                                go_to = Some((up.to_path_buf(), true));
                            }
                            for e in entries {
                                let text = if e.is_dir {
                                    format!("{}/", e.name)
                                } else {
                                    e.name.clone()
                                };
                                let path = folder.join(&e.name);
                                let picked = self.typed() == path;
                                let r = ui.selectable_label(picked, text);
                                if r.double_clicked() && !e.is_dir {
                                    take = Some(path);
                                } else if r.clicked() {
                                    go_to = Some((path, e.is_dir));
                                }
                            }
                            if entries.is_empty() {
                                ui.weak(tr(ui, Msg::DialogEmpty));
                            }
                        }
                    });
                if let Some(path) = take {
                    self.path = path.display().to_string();
                    answer = self.ok().map(DialogAnswer::Chosen);
                } else if let Some((path, is_dir)) = go_to {
                    self.path = if is_dir {
                        match (self.action.writes(), self.file_name()) {
                            (true, Some(name)) => path.join(name).display().to_string(),
                            _ => format!("{}{}", path.display(), std::path::MAIN_SEPARATOR),
                        }
                    } else {
                        path.display().to_string()
                    };
                    self.problem = None;
                    self.confirm_replace = None;
                }
                let kinds: Vec<String> = self
                    .action
                    .filters()
                    .iter()
                    .map(|(name, exts)| format!("{} (.{})", tr(ui, name), exts.join(", .")))
                    .collect();
                let kinds = kinds.join(", ");
                ui.weak(tr(ui, Msg::DialogFilesShown { kinds }));
                if let Some(problem) = &self.problem {
                    ui.colored_label(ui.visuals().error_fg_color, tr(ui, problem));
                }
                ui.horizontal(|ui| {
                    let ok = if self.action.writes() {
                        Msg::ButtonSave
                    } else {
                        Msg::ButtonOpen
                    };
                    if ui.button(tr(ui, ok)).clicked() {
                        answer = self.ok().map(DialogAnswer::Chosen);
                    }
                    if ui.button(tr(ui, Msg::ButtonCancel)).clicked() {
                        answer = Some(DialogAnswer::Cancelled);
                    }
                });
            });
        if !open {
            answer = Some(DialogAnswer::Cancelled);
        }
        answer
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::i18n::{Lang, Message};

    /// Why `check` refuses, in English.
    fn refusal(d: &InAppDialog) -> String {
        d.check().unwrap_err().text(Lang::English)
    }

    #[test]
    fn bad_paths_are_named_and_good_ones_taken() {
        let dir = tempfile::TempDir::new().unwrap();
        let file = dir.path().join("a.ron");
        std::fs::write(&file, "x").unwrap();
        let mut open = InAppDialog::new(FileAction::Open, dir.path());
        assert!(refusal(&open).contains("is a folder"));
        open.path = dir.path().join("missing.ron").display().to_string();
        assert!(refusal(&open).starts_with("There is no file at"));
        open.path = file.display().to_string();
        assert_eq!(open.check(), Ok(file.clone()));
        open.path = "  ".into();
        assert!(refusal(&open).starts_with("Type the path"));

        let mut save = InAppDialog::new(FileAction::Export, dir.path());
        assert_eq!(save.check(), Ok(dir.path().join("compare.csv")));
        save.path = dir.path().join("nope/out.csv").display().to_string();
        let problem = refusal(&save);
        assert!(problem.contains("does not exist"), "{problem}");
        save.path = file.join("out.csv").display().to_string();
        assert!(refusal(&save).contains("is not a folder"));
        // An existing file is replaced only on a second OK.
        save.path = file.display().to_string();
        assert_eq!(save.ok(), None);
        let problem = save.problem.as_ref().unwrap().text(Lang::English);
        assert!(problem.contains("Save again replaces it"), "{problem}");
        assert_eq!(save.ok(), Some(file));
    }

    #[test]
    fn the_listing_shows_folders_first_then_the_action_s_files() {
        let dir = tempfile::TempDir::new().unwrap();
        for name in ["b.ron", "a.csv", "notes.txt", ".hidden.ron"] {
            std::fs::write(dir.path().join(name), "").unwrap();
        }
        std::fs::create_dir(dir.path().join("z")).unwrap();
        let names = |action| -> Vec<String> {
            let d = InAppDialog::new(action, dir.path());
            d.list(dir.path())
                .unwrap()
                .into_iter()
                .map(|e| e.name)
                .collect()
        };
        assert_eq!(names(FileAction::Open), ["z", "b.ron"]);
        assert_eq!(names(FileAction::Export), ["z", "a.csv", "b.ron"]);
    }
}
