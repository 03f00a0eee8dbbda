//! What the user can ask for: the one way views talk to the app. A
//! [`Command`] is the app's to carry out (files, dialogs, the screen shown,
//! the language); a [`PlayCommand`] goes to the play view shown, and each
//! play view decides about every one of them in an exhaustive `match`, so
//! a new command is a compile-time decision in every view; a
//! [`CompareCommand`] goes to the compare view (its rows, its batch and
//! the batch by depth), which alone starts and cancels their jobs.

use super::error::Busy;
use super::i18n::{self, Said, TilesMsg};
use super::run_by::RunBy;
use super::settings::Family;
use crate::engine::klotski::Layout;
use crate::engine::{Shape, TilePuzzle};

/// Everything the user can ask for, from buttons, menus, keys and dialogs
/// ([`HuarongApp::apply`](super::HuarongApp::apply)).
#[derive(Clone, Debug)]
pub enum Command {
    /// A command for the play view shown.
    Play(PlayCommand),
    /// A command for the compare view (the comparison of the family
    /// shown).
    Compare(CompareCommand),
    /// Open the dialog that sets the position: Set state for tiles, the
    /// layout editor for Klotski.
    OpenSetState,
    /// Cancel the database build running on its own (the top bar's
    /// Cancel, on every screen).
    CancelDatabaseBuild,
    /// Copy the web edition's link to the puzzle shown, with the strategy
    /// chosen.
    CopyLink,
    /// Text pasted (Ctrl+V): a tile state opens Set state with it; in
    /// Klotski a layout is loaded.
    Paste(String),
    /// Apply this puzzle (the Set state dialog's Apply).
    SetPuzzle(TilePuzzle),
    /// Close the Set state dialog without change.
    CloseSetState,
    /// Open the search inspector on the board shown (step through a run).
    Inspect,
    /// Close the search inspector (its run is cancelled).
    CloseInspector,
    /// Switch the puzzle family.
    SetFamily(Family),
    /// Show the compare view (`true`) or the play view.
    ShowCompare(bool),
    /// Show the race mode.
    ShowRace,
    /// Export the race records of the board chosen (dialog).
    ExportRecords,
    /// Open a replay (dialog).
    OpenReplay,
    /// Save the replay watched (dialog).
    SaveReplay,
    /// Open a second inspected run beside the one shown, on its start.
    InspectBeside(super::model::Choice),
    /// Show a compared run's solution in the play view.
    PlayCompared(Box<(crate::app::model::Start, crate::app::model::Finished, RunBy)>),
    /// Export the compare table (dialog).
    Export,
    /// Export the batch aggregates (dialog).
    ExportBatch,
    /// Open a puzzle file (dialog).
    Open,
    /// Save the puzzle (dialog).
    Save,
    /// Save the puzzle with its solution (dialog).
    SaveSolution,
    /// Close the error dialog.
    DismissError,
    /// Quit.
    Quit,
    /// Speak this language from the next frame on.
    SetLanguage(i18n::Lang),
    /// Show the keys.
    Help,
    /// Show the about box.
    About,
    /// Open the Help page "How the strategies work".
    OpenHelp,
    /// Choose a picture file for the tiles (dialog).
    ChoosePicture,
    /// A command for the race (its own board, never refused while a play
    /// view's job runs).
    Race(RaceCommand),
    /// The settings as a view's widgets changed them (a strategy, a
    /// heuristic, a limit, the board's look): never refused, as a widget
    /// never was.
    SetSettings(Box<super::settings::Settings>),
}

/// What the play view shown is asked to do.
#[derive(Clone, Debug)]
pub enum PlayCommand {
    /// A new board of this size, at the goal (tiles).
    NewSize(Shape),
    /// A uniformly random solvable start (tiles).
    Randomize,
    /// This goal pattern on the board's shape, with a random start toward
    /// it (tiles).
    SetGoal(crate::engine::tiles::GoalPattern),
    /// Random moves from the goal (tiles).
    Shuffle,
    /// Back to the start: the tile position last set or the solution's
    /// start (undoable), or the layout's start (Klotski).
    Reset,
    /// Put the tiles at the goal (undoable; tiles).
    GoToGoal,
    /// Load the classic Klotski layout with this index.
    LoadClassic(usize),
    /// Play this Klotski layout (the layout editor's Apply).
    SetLayout(Layout),
    /// Play this Klotski position under this title (a position shown from
    /// the hints: the farthest from the exit, the closest to it).
    PlayLayout(Layout, Said),
    /// Close the layout editor without change (Klotski).
    CloseEditor,
    /// Toggle edit mode (tiles).
    ToggleEdit,
    /// Solve the board shown.
    Solve,
    /// Choose this strategy (registry name) and solve the board shown.
    SolveWith(&'static str),
    /// Solve the board shown although the run may take very long.
    SolveAnyway,
    /// Cancel the running solve.
    Cancel,
    /// Undo a move.
    Undo,
    /// Redo a move.
    Redo,
    /// Show this step of the solution.
    ShowStep(usize),
    /// Play the solution from the step shown.
    PlaySolution,
    /// Pause playback.
    PauseSolution,
    /// Copy the state as text.
    CopyState,
    /// Build the strong (7-8) pattern database in the background (tiles).
    BuildStrongDatabase,
    /// Cancel that build.
    CancelStrongDatabase,
}

/// What the compare view is asked to do: its buttons, for the comparison
/// of the family shown. A row is named by its index in the rows (not by
/// its place in the sorted table).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CompareCommand {
    /// Run every row on the start shown.
    RunAll,
    /// Cancel every running row.
    CancelAll,
    /// Add a row of the new row's strategy and heuristic, with the knobs
    /// the left panel has for it.
    AddRow,
    /// Run this row on the start shown.
    Run(usize),
    /// Cancel this row's run.
    Cancel(usize),
    /// Show this row's trace.
    ShowTrace(usize),
    /// Put a copy of this row's configuration below it.
    Duplicate(usize),
    /// Remove this row.
    Remove(usize),
    /// Start the batch of random starts.
    StartBatch,
    /// Cancel the batch of random starts.
    CancelBatch,
    /// Start the batch by solution depth.
    StartByDepth,
    /// Cancel the batch by solution depth.
    CancelByDepth,
}

impl Command {
    /// The command as the user knows it, if it is refused while `busy`:
    /// those that replace the position a solve or comparison works on.
    pub(super) fn refused_while(&self, busy: Busy) -> Option<TilesMsg> {
        use PlayCommand as P;
        if busy == Busy::BuildingDatabase {
            // The build is for a goal, not a position: only a second build
            // waits.
            return match self {
                Command::Play(P::BuildStrongDatabase) => Some(TilesMsg::ActionBuildStrong),
                _ => None,
            };
        }
        Some(match self {
            Command::Play(play) => match play {
                P::NewSize(_) => TilesMsg::ActionNewSize,
                P::Randomize => TilesMsg::ActionRandomize,
                P::SetGoal(_) => TilesMsg::ActionSetGoal,
                P::Shuffle => TilesMsg::ActionShuffle,
                P::Reset => TilesMsg::ActionReset,
                P::GoToGoal => TilesMsg::ActionGoToGoal,
                P::LoadClassic(_) => TilesMsg::ActionChooseLayout,
                P::SetLayout(_) => TilesMsg::ActionEditLayout,
                P::PlayLayout(..) => TilesMsg::ActionShowPosition,
                P::ToggleEdit => TilesMsg::ActionEditMode,
                P::BuildStrongDatabase => TilesMsg::ActionBuildStrong,
                P::CloseEditor
                | P::Solve
                | P::SolveWith(_)
                | P::SolveAnyway
                | P::Cancel
                | P::Undo
                | P::Redo
                | P::ShowStep(_)
                | P::PlaySolution
                | P::PauseSolution
                | P::CopyState
                | P::CancelStrongDatabase => return None,
            },
            Command::OpenSetState => TilesMsg::ActionSetState,
            Command::Paste(_) => TilesMsg::ActionPasteState,
            Command::SetPuzzle(_) => TilesMsg::ActionSetState,
            Command::SetFamily(_) => TilesMsg::ActionSwitchPuzzle,
            Command::Open => TilesMsg::ActionOpen,
            // A compared run may be played while other rows run, but not
            // over a running solve.
            Command::PlayCompared(_) if busy == Busy::Solving => TilesMsg::ActionPlayCompared,
            // The compare view's own commands work on its rows and batch,
            // never on the position: none is refused today (its buttons
            // are disabled where they would not act). A refusal added
            // here is decided per command.
            Command::Compare(compare) => match compare {
                CompareCommand::RunAll
                | CompareCommand::CancelAll
                | CompareCommand::AddRow
                | CompareCommand::Run(_)
                | CompareCommand::Cancel(_)
                | CompareCommand::ShowTrace(_)
                | CompareCommand::Duplicate(_)
                | CompareCommand::Remove(_)
                | CompareCommand::StartBatch
                | CompareCommand::CancelBatch
                | CompareCommand::StartByDepth
                | CompareCommand::CancelByDepth => return None,
            },
            Command::ShowCompare(_) if busy == Busy::Comparing => TilesMsg::ActionSwitchView,
            _ => return None,
        })
    }
}

impl From<CompareCommand> for Command {
    fn from(compare: CompareCommand) -> Self {
        Command::Compare(compare)
    }
}

impl From<PlayCommand> for Command {
    fn from(play: PlayCommand) -> Self {
        Command::Play(play)
    }
}

/// What the race view is asked to do.
#[derive(Clone, Debug, PartialEq)]
pub enum RaceCommand {
    /// A new scramble of the settings' size.
    NewScramble,
    /// Replay the current board's solve with this index in its list.
    Replay(usize),
    /// Play these blank moves.
    Play {
        /// The blank's moves.
        action: Vec<crate::engine::Dir>,
        /// Whether to animate the slide.
        animate: bool,
    },
}
