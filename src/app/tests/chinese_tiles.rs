//! The sliding-tiles side in Chinese, as a user switches to it: the panel,
//! a solve, the step list, the status line and the set-state dialog.

use crate::app::PlayCommand;
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

use crate::app::HuarongApp;
use crate::app::i18n::{Lang, names};
use crate::app::settings::Settings;
use crate::app::tests::{board, harness, harness_with, set_board, wait_for_solver};
use crate::engine::Dir;
use crate::engine::strategy::{self, Family};

/// Carry out `cmd` as a click would, and draw the next frame.
fn apply(h: &mut Harness<'_, HuarongApp>, cmd: crate::app::Command) {
    let ctx = h.ctx.clone();
    h.state_mut().apply(cmd, &ctx, 0.0);
    // A solve's spinner keeps asking for frames: one frame is enough.
    let _ = h.run_ok();
}

/// Switch to Chinese the way a user does: Language ▸ 简体中文.
fn to_chinese(h: &mut Harness<'_, HuarongApp>) {
    h.run();
    h.get_by_label("Language").click();
    h.run();
    h.get_by_label("简体中文").click();
    h.run();
    assert_eq!(h.state().settings.language, Lang::Chinese);
}

/// A step row as the test reads the board: the tile in the cell the blank
/// moves to slides the other way.
fn chinese_row(i: usize, cells: &[u8], cols: usize, dir: Dir) -> String {
    let blank = cells.iter().position(|&c| c == 0).unwrap();
    let (to, arrow, way) = match dir {
        Dir::Up => (blank - cols, '↓', '上'),
        Dir::Down => (blank + cols, '↑', '下'),
        Dir::Left => (blank - 1, '→', '左'),
        Dir::Right => (blank + 1, '←', '右'),
    };
    format!("第 {i} 步：{} 号块 {arrow}（空格{way}移）", cells[to])
}

#[test]
fn after_switching_to_chinese_a_solve_lists_its_steps_and_status_in_chinese() {
    let mut h = harness();
    to_chinese(&mut h);
    set_board(&mut h, "1 2 3 4 0 6 7 5 8");
    // The panel speaks Chinese; the English labels are gone.
    for label in ["谜题", "策略", "启发函数", "限制", "起始局面", "求解"] {
        h.get_by_label(label);
    }
    for label in ["Solve", "Strategy", "Heuristic", "Randomize"] {
        assert!(h.query_by_label(label).is_none(), "{label} left in English");
    }
    h.get_by_label("还没有解：请按“求解”。");
    // BFS by its Chinese name, then Solve.
    h.get_by_label("广度优先搜索").click();
    h.run();
    assert_eq!(h.state().settings.strategy, "bfs");
    h.get_by_label("求解").click();
    h.run();
    wait_for_solver(&mut h);
    let path = h.state().solution_path().unwrap().to_vec();
    // Replay the path test-side: it ends at the goal and each row names
    // the tile that slid.
    let mut b = board("1 2 3 4 0 6 7 5 8");
    h.get_by_label("第 0 步：起始局面");
    for (i, &d) in path.iter().enumerate() {
        h.get_by_label(&chinese_row(i + 1, b.cells(), 3, d));
        b.apply(d);
    }
    assert_eq!(b, board("1 2 3 4 5 6 7 8 0"));
    let status = h.state().status();
    assert!(
        status.starts_with(&format!(
            "已解出：{} 步（最优），由 广度优先搜索 求得 — 扩展 ",
            path.len()
        )),
        "{status}"
    );
    assert!(
        status.contains("扩展") && !status.contains("expanded"),
        "{status}"
    );
    // The summary above the list, and the playback buttons.
    h.get_by_label_contains(&format!("{} 步，由 广度优先搜索 求得，最优", path.len()));
    h.get_by_label("末步").click();
    h.run();
    assert_eq!(h.state().step(), path.len());
    assert!(h.state().tiles().game.is_solved());
    h.get_by_label("首步").click();
    h.run();
    assert_eq!(h.state().step(), 0);
    // Clicking a row shows that step, as in English.
    let row = chinese_row(1, board("1 2 3 4 0 6 7 5 8").cells(), 3, path[0]);
    h.get_by_label(&row).click();
    h.run();
    assert_eq!(h.state().step(), 1);
}

#[test]
fn every_strategy_radio_in_chinese_selects_the_same_strategy_as_in_english() {
    let mut h = harness();
    to_chinese(&mut h);
    // Start from one not in the list's first place, so every click changes it.
    for s in strategy::for_family(Family::Tiles)
        .collect::<Vec<_>>()
        .iter()
        .rev()
    {
        let label = names::strategy_label(*s, Lang::Chinese);
        assert!(h.query_by_label(s.label()).is_none() || s.label() == label);
        h.get_by_label(&label).click();
        h.run();
        assert_eq!(h.state().settings.strategy, s.name(), "{label}");
    }
    // The local searches show their knobs in Chinese.
    h.get_by_label("模拟退火").click();
    h.run();
    h.get_by_label("参数");
    h.get_by_label("初始温度 T₀");
}

#[test]
fn the_status_line_follows_a_language_switch_and_edits_say_why_in_chinese() {
    let mut h = harness();
    h.run();
    h.get_by_label("Shuffle").click();
    h.run();
    let english = h.state().status();
    assert!(english.starts_with("Shuffled with"), "{english}");
    to_chinese(&mut h);
    // The same line, now in Chinese, without a new command.
    let chinese = h.state().status();
    assert!(
        chinese.starts_with("随机走了 ") && chinese.ends_with(" 步打乱。"),
        "{chinese}"
    );
    h.get_by_label(&chinese);
    // An unsolvable swap is explained in Chinese.
    set_board(&mut h, "1 2 3 4 5 6 7 8 0");
    h.get_by_label("编辑模式").click();
    h.run();
    assert_eq!(h.state().status(), "编辑模式：点击两个块即可交换。");
    crate::app::tests::click_cell(&mut h, 0);
    crate::app::tests::click_cell(&mut h, 1);
    let status = h.state().status();
    assert!(status.starts_with("已交换。无解："), "{status}");
    assert!(status.contains("奇排列"), "{status}");
    // A board that cannot be solved is refused in Chinese.
    h.get_by_label("编辑模式").click();
    h.run();
    h.get_by_label("求解").click();
    h.run();
    let status = h.state().status();
    assert!(status.starts_with("不求解：这个起始局面无解："), "{status}");
    h.get_by_label("拒绝求解");
}

#[test]
fn set_state_names_each_problem_in_chinese_and_applies_as_in_english() {
    let mut h = harness_with(Settings {
        animate: false,
        language: Lang::Chinese,
        ..Settings::default()
    });
    h.run();
    set_board(&mut h, "1 2 3 4 5 6 7 0 8");
    let before = crate::app::tests::cells(&h);
    h.get_by_label("设置局面…").click();
    h.run();
    h.get_by_label("设置局面");
    for (text, problem) in [
        ("1 2 3 4 5 6 7 7 0", "数字块 7 重复"),
        (
            "1 2 3 4 5 6 7 9 0",
            "数字块 9 超出范围：数字块从 0（空格）到 8",
        ),
        ("1 2 3 4 5 6 7 8", "3x3 棋盘给了 8 个数字：应为 9 个"),
        ("1 2 3 4 five 6 7 8 0", "“five”不是数字"),
        (
            "2 1 3 4 5 6 7 8 0",
            "对这个目标无解：这个排列是目标的奇排列",
        ),
    ] {
        h.state_mut().tiles_mut().set_state.as_mut().unwrap().tiles = text.into();
        h.run();
        h.get_by_label_contains(problem);
        assert!(
            h.get_by_label("应用").accesskit_node().is_disabled(),
            "{text}"
        );
        assert_eq!(
            crate::app::tests::cells(&h),
            before,
            "the board is untouched"
        );
    }
    h.state_mut().tiles_mut().set_state.as_mut().unwrap().tiles = "0 1 2 3 4 5 6 7 8".into();
    h.run();
    h.get_by_label_contains("可以：一个可解的 3x3 谜题");
    h.get_by_label("应用").click();
    h.run();
    assert_eq!(
        crate::app::tests::cells(&h),
        board("0 1 2 3 4 5 6 7 8").cells()
    );
    assert_eq!(h.state().status(), "局面已设置。");
}

#[test]
fn a_refused_command_and_the_error_dialog_speak_chinese() {
    let mut h = harness_with(Settings {
        animate: false,
        language: Lang::Chinese,
        ..Settings::default()
    });
    h.run();
    h.get_by_label("文件").click();
    h.run();
    h.get_by_label("保存解法…").click();
    h.run();
    h.get_by_label("错误");
    h.get_by_label("还没有可保存的解：请先按“求解”。");
    h.get_by_label("确定").click();
    h.run();
    assert!(h.state().error().is_none());
    // A 4×4 BFS runs long: a new size is refused while it does.
    h.get_by_label("4×4").click();
    h.run();
    h.get_by_label("随机局面").click();
    h.run();
    h.get_by_label("广度优先搜索").click();
    h.run();
    h.get_by_label("求解").click();
    h.run_ok();
    // Held back first, in Chinese: a blind search of a random 4×4.
    h.get_by_label("广度优先搜索在这个局面上可能要算很长时间");
    h.get_by_label("改用快速（逐行归位）");
    h.get_by_label("改用加权 A* 算法");
    h.get_by_label("仍然求解").click();
    let _ = h.run_ok(); // the spinner keeps asking for frames
    assert!(h.state().is_solving());
    h.get_by_label("正在运行 广度优先搜索");
    h.get_by_label("已扩展");
    apply(&mut h, crate::app::Command::Play(PlayCommand::Shuffle));
    assert_eq!(
        h.state().status(),
        "求解进行时不能打乱：请先取消。",
        "refused in Chinese"
    );
    h.get_by_label("取消").click();
    let _ = h.run_ok();
    wait_for_solver(&mut h);
    let status = h.state().status();
    assert!(
        status.starts_with("已取消；本次搜索停止前已证明：任何解都至少要 "),
        "{status}"
    );
    assert!(status.contains(" 步 — 统计：扩展 "), "{status}");
}

/// Each view of the tile side in both languages at both sizes, saved for
/// a person to look at.
#[test]
#[ignore = "renders with wgpu and saves PNGs; run by hand"]
fn render_tiles_in_chinese() {
    let dir = crate::app::tests::screenshot_dir();
    for lang in Lang::ALL {
        let tag = crate::app::tests::lang_tag(lang);
        for (w, hgt) in [(1600.0, 1000.0), (800.0, 560.0)] {
            let save = |h: &mut Harness<'_, HuarongApp>, name: &str| {
                h.set_size(egui::Vec2::new(w, hgt));
                h.run_ok();
                let img = crate::app::tests::rendered(h);
                img.save(dir.join(format!("tiles-{name}-{tag}-{w}.png")))
                    .unwrap();
            };
            let settings = Settings {
                animate: false,
                language: lang,
                ..Settings::default()
            };
            // The welcome.
            let mut h = harness_with(settings.clone());
            save(&mut h, "welcome");
            // A solved 8-puzzle, a few steps in.
            set_board(&mut h, "8 6 7 2 5 4 3 0 1");
            apply(&mut h, crate::app::Command::Play(PlayCommand::Solve));
            h.run();
            wait_for_solver(&mut h);
            for _ in 0..5 {
                let next = h.state().step() + 1;
                apply(
                    &mut h,
                    crate::app::Command::Play(PlayCommand::ShowStep(next)),
                );
                h.run();
            }
            save(&mut h, "solved");
            // Annealing's knobs.
            h.state_mut().settings.strategy = "annealing".into();
            save(&mut h, "annealing");
            // The set-state dialog naming a problem.
            apply(&mut h, crate::app::Command::OpenSetState);
            h.run();
            h.state_mut().tiles_mut().set_state.as_mut().unwrap().tiles =
                "2 1 3\n4 5 6\n7 8 0".into();
            save(&mut h, "set-state");
            apply(&mut h, crate::app::Command::CloseSetState);
            // A solve running on a 4×4 with the live counters.
            let mut h = harness_with(Settings {
                strategy: "bfs".into(),
                ..settings.clone()
            });
            apply(
                &mut h,
                crate::app::Command::Play(PlayCommand::NewSize(
                    crate::engine::Shape::new(4, 4).unwrap(),
                )),
            );
            apply(&mut h, crate::app::Command::Play(PlayCommand::Randomize));
            apply(&mut h, crate::app::Command::Play(PlayCommand::Solve));
            crate::app::tests::wait_until(
                &mut h,
                |h| h.query_by_label("0 / 0").is_none(),
                10,
                "live counters",
            );
            save(&mut h, "running");
            apply(&mut h, crate::app::Command::Play(PlayCommand::Cancel));
            wait_for_solver(&mut h);
            save(&mut h, "cancelled");
            // Keys and About, and the error dialog.
            apply(&mut h, crate::app::Command::Help);
            save(&mut h, "keys");
            h.state_mut().show_help = false;
            apply(&mut h, crate::app::Command::About);
            save(&mut h, "about");
            h.state_mut().show_about = false;
            apply(&mut h, crate::app::Command::SaveSolution);
            save(&mut h, "error");
        }
    }
}

/// The race's inspection field counts in the interface's seconds, as the
/// play panel's time limit does ("5 秒", not "5 s").
#[test]
fn the_race_inspection_field_says_seconds_in_chinese() {
    let mut h = harness_with(Settings {
        animate: false,
        language: Lang::Chinese,
        ..Settings::default()
    });
    h.run();
    h.get_by_label("竞速").click();
    h.run();
    let field = h.get_by_label("观察时间：");
    let value = field
        .accesskit_node()
        .value()
        .unwrap_or_default()
        .to_string();
    assert!(value.ends_with(" 秒"), "{value:?}");
    assert!(!value.ends_with(" s"), "{value:?}");
}

/// Issue 43 item 19: counts in the Chinese UI go by 万 and 亿, not by k
/// and M: the node limit of ten million reads "1000 万".
#[test]
fn the_node_limit_reads_in_chinese_units() {
    let mut h = harness_with(Settings {
        language: Lang::Chinese,
        max_knodes: 10_000,
        ..Settings::default()
    });
    h.run();
    h.get_by_value("1000 万");
    assert!(h.query_by_value("10 M").is_none());
    h.state_mut().settings_mut().max_knodes = 250_000;
    h.run();
    h.get_by_value("2.5 亿");
}
