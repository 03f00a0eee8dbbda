//! The learning views in Chinese, as a user meets them after choosing
//! 简体中文 in the Language menu: the search inspector stepping A* by its
//! Chinese buttons, the Help page's paragraphs, the distance readout and
//! the two-stage hint — each checked against the test's own search.

use crate::app::PlayCommand;

use eframe::egui::Vec2;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::app::i18n::{HelpMsg, Lang, Message};
use crate::app::tests::{
    board, distance, harness_with, harness_with_distances, klotski_harness, neighbours, set_board,
    to_chinese, wait_until,
};
use crate::app::{Command, HuarongApp, Settings};
use crate::engine::{Board, Dir, HeuristicKind};

/// Open the inspector on the board shown (what the Inspect button does).
fn open_inspector(h: &mut Harness<'_, HuarongApp>) {
    let ctx = h.ctx.clone();
    h.state_mut().apply(Command::Inspect, &ctx, 0.0);
    h.run();
    assert!(h.state().inspector().is_some(), "{}", h.state().status());
}

fn inspector_steps(h: &Harness<'_, HuarongApp>) -> u64 {
    h.state().inspector().expect("open").model().steps
}

fn astar_settings() -> Settings {
    Settings {
        strategy: "astar".into(),
        heuristic: HeuristicKind::Manhattan,
        animate: false,
        ..Settings::default()
    }
}

#[test]
fn the_inspectors_chinese_step_button_steps_a_star_and_the_open_list_speaks_chinese() {
    let mut h = harness_with(astar_settings());
    let start = "1 2 3 4 0 6 7 5 8";
    set_board(&mut h, start);
    to_chinese(&mut h);
    open_inspector(&mut h);
    h.get_by_label("搜索检视：A* 算法（启发函数：曼哈顿距离）");
    assert!(h.query_by_label("Step").is_none(), "no English button");
    // Step, by its Chinese label: the start is expanded, and its children
    // are its neighbours, each new and stored.
    h.get_by_label("单步").click();
    wait_until(&mut h, |h| inspector_steps(h) == 1, 60, "the first step");
    h.run();
    let model = h.state().inspector().unwrap().model();
    let inspector = h.state().inspector().unwrap();
    assert_eq!(
        inspector.text(&model.current().expect("expanding").state),
        start
    );
    let mut children: Vec<String> = model
        .children()
        .iter()
        .map(|c| inspector.text(&c.node.state))
        .collect();
    let mut expected: Vec<String> = neighbours(&board(start))
        .iter()
        .map(Board::to_text)
        .collect();
    children.sort();
    expected.sort();
    assert_eq!(children, expected);
    assert!(
        h.query_all_by_label_contains("新状态：已存储")
            .next()
            .is_some()
    );
    // The open list's caption and tab, in Chinese.
    h.get_by_label("开放列表").click();
    h.run();
    let waiting = model_open_len(&h);
    h.get_by_label_contains(&format!("{waiting} 个待扩展"));
    // All of them shown (after one step): said so, least f first.
    h.get_by_label_contains("全部，f 小的在前");
    assert!(h.query_by_label_contains("waiting").is_none());
    // The next Step expands the node the open list shows first.
    let first = h.state().inspector().unwrap().model().next_open(1)[0]
        .state
        .clone();
    h.get_by_label("单步").click();
    wait_until(&mut h, |h| inspector_steps(h) == 2, 60, "the second step");
    let model = h.state().inspector().unwrap().model();
    assert_eq!(model.current().unwrap().state, first);
    // Back, by its Chinese label: step 1 again, said in Chinese.
    h.get_by_label("后退").click();
    h.run();
    assert_eq!(inspector_steps(&h), 1);
    h.get_by_label("已退回第 1 步。");
}

fn model_open_len(h: &Harness<'_, HuarongApp>) -> usize {
    h.state().inspector().unwrap().model().open_len()
}

#[test]
fn the_help_page_shows_its_paragraphs_and_glossary_in_chinese() {
    let mut h = harness_with(astar_settings());
    h.run();
    to_chinese(&mut h);
    h.get_by_label("帮助").click();
    h.run();
    h.get_by_label("解法入门").click();
    h.run();
    assert!(h.state().show_strategies, "the Help page is open");
    // Every strategy's paragraph and its Chinese name, none in English.
    for s in crate::engine::strategy::STRATEGIES {
        let name = crate::app::i18n::names::strategy_label(*s, Lang::Chinese);
        assert!(h.query_all_by_label(&name).next().is_some(), "{name}");
    }
    h.get_by_label(&HelpMsg::AStar.text(Lang::Chinese));
    h.get_by_label(&HelpMsg::Intro.text(Lang::Chinese));
    assert!(
        h.query_by_label(&HelpMsg::AStar.text(Lang::English))
            .is_none()
    );
    // The glossary's words.
    for word in ["可采纳", "一致", "阈值", "禁忌长度", "局部极小值"] {
        assert!(h.query_by_label(word).is_some(), "{word}");
    }
}

#[test]
fn the_distance_readout_and_the_two_stage_hint_speak_chinese() {
    let mut h = harness_with_distances(Settings {
        animate: false,
        ..Settings::default()
    });
    let start = board("1 2 3 0 4 6 7 5 8");
    let goal = Board::goal(start.shape());
    set_board(&mut h, &start.to_text());
    to_chinese(&mut h);
    let d = distance(&start, &goal);
    let readout = format!("离目标还差 {d} 步（精确）");
    wait_until(
        &mut h,
        |h| h.query_by_label(&readout).is_some(),
        60,
        "the Chinese readout",
    );
    // The moves one closer, by the test's own search: the hinted tile and
    // the way it slides, as the hint says them in Chinese.
    let closer: Vec<(u8, &str)> = Dir::ALL
        .into_iter()
        .filter_map(|blank| {
            let mut after = start.clone();
            after.apply(blank)?;
            let tile = start.cells()[after.blank()];
            // The tile slides the opposite way to the blank.
            let way = match blank {
                Dir::Up => "下",
                Dir::Down => "上",
                Dir::Left => "右",
                Dir::Right => "左",
            };
            (distance(&after, &goal) + 1 == d).then_some((tile, way))
        })
        .collect();
    assert!(!closer.is_empty());
    // The hint, by its Chinese buttons: first the tile, then its way.
    h.get_by_label("提示").click();
    h.run();
    assert!(
        closer.iter().any(|(tile, _)| h
            .query_by_label(&format!("提示：移动 {tile} 号块"))
            .is_some()),
        "the first stage names a tile whose move brings the board closer"
    );
    h.get_by_label("进一步提示").click();
    h.run();
    assert!(
        closer.iter().any(|(tile, way)| h
            .query_by_label(&format!("提示：把 {tile} 号块向{way}移"))
            .is_some()),
        "the second stage names that move"
    );
    assert!(h.query_by_label_contains("Hint:").is_none());
}

/// The learning views in both languages at both sizes, for a look
/// (`HUARONG_SCREENSHOTS=dir cargo test --bin huarong
/// render_learning_views_in_chinese -- --ignored`).
#[test]
#[ignore = "renders PNGs; needs a graphics driver"]
fn render_learning_views_in_chinese() {
    let dir = crate::app::tests::screenshot_dir();
    for lang in Lang::ALL {
        let tag = crate::app::tests::lang_tag(lang);
        for (w, hgt) in [(1600.0, 1000.0), (800.0, 560.0)] {
            let save = |h: &mut Harness<'_, HuarongApp>, name: &str| {
                h.set_size(Vec2::new(w, hgt));
                h.run_ok();
                let img = crate::app::tests::rendered(h);
                img.save(dir.join(format!("{name}-{tag}-{w}.png"))).unwrap();
            };
            let with = |settings: Settings| {
                let mut h = harness_with(Settings {
                    language: lang,
                    animate: false,
                    ..settings
                });
                h.set_size(Vec2::new(w, hgt));
                h.run();
                h
            };
            let far = "8 6 7 2 5 4 3 0 1";
            // The inspector: A* (node and open list, then the tree), IDA*
            // (iterations), annealing (walk) and tabu (tabu list).
            for (strategy, steps, tabs) in [
                ("astar", 12, &[None, Some(InspectorTab::Tree)][..]),
                ("idastar", 40, &[Some(InspectorTab::Iterations)][..]),
                ("bfs", 30, &[Some(InspectorTab::Layers)][..]),
                ("annealing", 60, &[None][..]),
                ("tabu", 60, &[Some(InspectorTab::Tabu)][..]),
            ] {
                let mut h = with(Settings {
                    strategy: strategy.into(),
                    heuristic: HeuristicKind::Manhattan,
                    ..Settings::default()
                });
                set_board(&mut h, far);
                open_inspector(&mut h);
                for _ in 0..steps {
                    let n = inspector_steps(&h);
                    let step = crate::app::i18n::InspectorMsg::Step.text(lang);
                    h.get_by_label(&step).click();
                    wait_until(&mut h, |h| inspector_steps(h) > n, 60, "a step");
                }
                for tab in tabs {
                    if let Some(tab) = tab {
                        h.query_all_by_label(&tab.label(lang))
                            .next()
                            .expect("the tab")
                            .click();
                        h.run();
                    }
                    let name = tab.map_or("node", InspectorTab::file);
                    save(&mut h, &format!("inspector-{strategy}-{name}"));
                }
            }
            // The anatomy after an A* solve and an IDA* solve.
            for strategy in ["astar", "idastar"] {
                let mut h = with(Settings {
                    strategy: strategy.into(),
                    heuristic: HeuristicKind::Manhattan,
                    record_anatomy: true,
                    ..Settings::default()
                });
                set_board(&mut h, "4 1 3 7 2 6 0 5 8");
                let ctx = h.ctx.clone();
                h.state_mut()
                    .apply(Command::Play(PlayCommand::Solve), &ctx, 0.0);
                crate::app::tests::wait_for_solver(&mut h);
                let anatomy = crate::app::i18n::InspectorMsg::TabAnatomy.text(lang);
                h.get_by_label(&anatomy).click();
                h.run();
                save(&mut h, &format!("anatomy-{strategy}"));
            }
            // Help.
            let mut h = with(astar_settings());
            let ctx = h.ctx.clone();
            h.state_mut().apply(Command::OpenHelp, &ctx, 0.0);
            save(&mut h, "help");
            // The readout, the hint (both stages) and the overlay.
            let mut h = harness_with_distances(Settings {
                language: lang,
                animate: false,
                colour_moves: true,
                ..Settings::default()
            });
            h.set_size(Vec2::new(w, hgt));
            set_board(&mut h, "1 2 3 0 4 6 7 5 8");
            wait_until(
                &mut h,
                |h| {
                    !h.state()
                        .tiles()
                        .distances
                        .move_effects(&board("1 2 3 0 4 6 7 5 8"))
                        .is_empty()
                },
                60,
                "the overlay",
            );
            for stage in [
                crate::app::i18n::HintMsg::Hint,
                crate::app::i18n::HintMsg::MoreHint,
            ] {
                h.get_by_label(&stage.text(lang)).click();
                h.run();
            }
            save(&mut h, "hint-overlay");
            // The distribution chart.
            set_board(&mut h, far);
            h.state_mut().tiles_mut().distances.among_all = true;
            wait_until(
                &mut h,
                |h| h.state().tiles().distances.table().is_some(),
                60,
                "the table",
            );
            save(&mut h, "distribution");
            h.state_mut().tiles_mut().distances.among_all = false;
            // An unsolvable board explained.
            set_board(&mut h, "2 3 1 4 5 6 8 7 0");
            save(&mut h, "unsolvable");
            // The heuristic view (linear conflict on a 4×4).
            let mut h = harness_with_distances(Settings {
                language: lang,
                animate: false,
                heuristic_view: true,
                heuristic: HeuristicKind::LinearConflict,
                ..Settings::default()
            });
            let b = board("2 1 3 4 5 6 7 8 13 10 11 12 9 14 15 0");
            set_board(&mut h, &b.to_text());
            wait_until(
                &mut h,
                |h| h.state().tiles().distances.known(&b).is_some(),
                120,
                "the 4×4 distance",
            );
            save(&mut h, "heuristic-view");
            // The Klotski inspector (A*).
            let mut h = klotski_harness();
            h.state_mut().settings.language = lang;
            h.state_mut().settings_mut().strategy = "astar".into();
            h.set_size(Vec2::new(w, hgt));
            h.run();
            open_inspector(&mut h);
            for _ in 0..5 {
                let n = inspector_steps(&h);
                let step = crate::app::i18n::InspectorMsg::Step.text(lang);
                h.get_by_label(&step).click();
                wait_until(&mut h, |h| inspector_steps(h) > n, 60, "a step");
            }
            save(&mut h, "inspector-klotski");
        }
    }
}

/// The inspector's tabs the render test picks.
#[derive(Clone, Copy)]
enum InspectorTab {
    Tree,
    Iterations,
    Layers,
    Tabu,
}

impl InspectorTab {
    fn label(self, lang: Lang) -> String {
        use crate::app::i18n::InspectorMsg;
        match self {
            InspectorTab::Tree => InspectorMsg::TabTree,
            InspectorTab::Iterations => InspectorMsg::TabIterations,
            InspectorTab::Layers => InspectorMsg::TabLayers,
            InspectorTab::Tabu => InspectorMsg::TabTabu,
        }
        .text(lang)
    }

    fn file(self) -> &'static str {
        match self {
            InspectorTab::Tree => "tree",
            InspectorTab::Iterations => "iterations",
            InspectorTab::Layers => "layers",
            InspectorTab::Tabu => "tabu",
        }
    }
}
