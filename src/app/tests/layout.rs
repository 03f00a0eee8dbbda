//! Widgets keep their place whatever the text beside them says
//! (egui_kittest): the board, the Solve row and the side panels do not move
//! when the strategy, the language or the run's state changes their words.

use egui_kittest::kittest::Queryable;

use crate::app::HuarongApp;
use crate::app::i18n::Lang;
use crate::app::settings::Settings;
use crate::app::tests::{cell_rect, harness_with, set_board, wait_while};
use crate::engine::HeuristicKind;
use crate::engine::strategy::{self, Family};

fn settings() -> Settings {
    Settings {
        heuristic: HeuristicKind::Manhattan,
        animate: false,
        ..Settings::default()
    }
}

#[test]
fn the_board_stays_put_whichever_strategy_and_language_is_chosen() {
    for lang in Lang::ALL {
        let mut h = harness_with(Settings {
            language: lang,
            ..settings()
        });
        set_board(&mut h, "1 2 3 4 5 6 0 7 8");
        let board = cell_rect(&h, 0);
        for s in strategy::for_family(Family::Tiles) {
            h.state_mut().settings_mut().strategy = s.name().to_string();
            h.run();
            assert_eq!(cell_rect(&h, 0), board, "{} in {lang:?}", s.name());
        }
    }
}

/// The two window sizes a new user meets: a large screen and a small one.
const SIZES: [eframe::egui::Vec2; 2] = [
    eframe::egui::Vec2::new(1600.0, 1000.0),
    eframe::egui::Vec2::new(800.0, 560.0),
];

#[test]
fn the_board_stays_put_while_a_run_starts_runs_and_ends() {
    for size in SIZES {
        let mut h = harness_with(Settings {
            strategy: "idastar".into(),
            ..settings()
        });
        h.set_size(size);
        set_board(&mut h, "8 6 7 2 5 4 3 0 1");
        let board = cell_rect(&h, 0);
        h.get_by_label("Solve").click();
        h.run_ok();
        assert_eq!(cell_rect(&h, 0), board, "while running at {size:?}");
        wait_while(&mut h, HuarongApp::is_solving, 60, "idastar");
        assert_eq!(
            cell_rect(&h, 0),
            board,
            "with a solution listed at {size:?}"
        );
    }
}
