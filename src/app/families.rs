//! The families of puzzles the app plays, and each one's play view: the
//! one table a new family is added to. The shell, the compare view, the
//! inspector and the files reach a family through its view
//! ([`PlayView`]) and the shared types of [`model`](super::model), never by
//! naming it.

use super::jobs::Jobs;
use super::klotski::KlotskiPlay;
use super::settings::Settings;
use super::tiles::TilesPlay;
use super::view::{PlayView, PlayViews};
use crate::engine::rng::SeededRng;

/// Each family's play view, new, in the family switch's order: `settings`
/// say what to show first, `rng` makes random starts, `jobs` runs their
/// work.
pub fn play_views(settings: &Settings, rng: SeededRng, jobs: &Jobs) -> PlayViews {
    let views: Vec<Box<dyn PlayView>> = vec![
        Box::new(TilesPlay::new(settings, rng, jobs.clone())),
        Box::new(KlotskiPlay::new(settings.classic, jobs.clone())),
    ];
    PlayViews::new(views)
}
