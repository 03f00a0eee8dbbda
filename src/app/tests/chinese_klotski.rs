//! The Klotski view, its layout editor and the compare view in Chinese, as
//! a user switches to it from the Language menu: the words are Chinese and
//! the Chinese buttons do what the English ones do.

use crate::app::view::PlayView as _;
use eframe::egui::Vec2;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

use crate::app::HuarongApp;
use crate::app::i18n::{CompareMsg, KlotskiMsg, Lang, Message};
use crate::app::klotski::names::describe_move;
use crate::app::settings::{Family, Settings};
use crate::app::tests::{CTRL, klotski_harness, wait_while};
use crate::engine::klotski::{Layout, Metric};
use crate::storage::layouts::classics;

/// Language → 简体中文, as a user does.
fn speak_chinese(h: &mut Harness<'_, HuarongApp>) {
    h.get_by_label("Language").click();
    h.run();
    h.get_by_label("简体中文").click();
    h.run();
    assert_eq!(h.state().settings().language, Lang::Chinese);
}

/// A message as the Chinese view shows it.
fn zh(msg: impl Message) -> String {
    msg.text(Lang::Chinese)
}

#[test]
fn the_klotski_view_solves_and_lists_the_steps_in_chinese() {
    let mut h = klotski_harness();
    h.run();
    // The pieces are named in English until the language is Chinese.
    let drawn = |h: &Harness<'_, HuarongApp>| h.state().klotski().drawn_names();
    assert!(drawn(&h).contains(&"Cao Cao".to_string()));
    speak_chinese(&mut h);
    h.run();
    let names = drawn(&h);
    assert!(names.contains(&"曹操".to_string()), "{names:?}");
    assert!(names.contains(&"关羽".to_string()), "{names:?}");
    assert!(!names.iter().any(|n| n.is_ascii()), "{names:?}");
    // The panel in Chinese, no separate names choice any more.
    for label in [
        KlotskiMsg::Heading,
        KlotskiMsg::LayoutLabel,
        KlotskiMsg::EditLayout,
        KlotskiMsg::ShowDistance,
        KlotskiMsg::CountIn,
    ] {
        h.get_by_label(&zh(label));
    }
    assert!(h.query_by_label("Names:").is_none());
    let first = &classics()[0];
    h.get_by_label(&first.name);
    assert!(h.query_by_label_contains(&first.english).is_none());
    h.get_by_label(&zh(KlotskiMsg::Intro));

    // Solve by BFS in moves with the Chinese buttons.
    h.state_mut().settings_mut().strategy = "bfs".into();
    h.get_by_label(&zh(KlotskiMsg::RadioMoves)).click();
    h.run();
    assert_eq!(h.state().settings().metric, Metric::Moves);
    h.get_by_label(&zh(KlotskiMsg::Solve)).click();
    h.step();
    wait_while(&mut h, |a| a.klotski().is_solving(), 60, "solver");
    h.run();
    let sol = h.state().klotski().solution().expect("solved");
    // The published optimum of 横刀立马, as the English Solve finds it.
    assert_eq!(sol.moves_to.last(), Some(&first.moves));
    let total = sol.steps.len();
    assert!(
        total >= first.steps,
        "no fewer steps than the optimum in steps"
    );
    let summary = format!("{} 步，{total} 格，广度优先搜索，以步计最优", first.moves);
    h.get_by_label(&summary);
    let status = h.state().klotski().status();
    assert!(status.starts_with("Solved: 81 moves"), "{status}");
    h.get_by_label_contains("已解出：81 步");
    // The first row: the first piece's move, its name in Chinese and an
    // arrow for each cell.
    let piece = sol.steps[0].0;
    let dirs: Vec<_> = sol
        .steps
        .iter()
        .take_while(|s| s.0 == piece)
        .map(|s| s.1)
        .collect();
    let name = h.state().klotski().names()[piece].clone();
    let row = describe_move(&name, &dirs, Lang::Chinese);
    assert!(row.starts_with(&name.chinese) && row.contains(['↑', '↓', '←', '→']));
    assert!(
        h.query_all_by_label_contains(&row).next().is_some(),
        "{row}"
    );
    // Reset (重来) puts the start back, as Reset does.
    let start = h.state().klotski().game().start.clone();
    h.get_by_label(&zh(KlotskiMsg::ListSingleSteps)).click();
    h.run();
    h.get_by_label(&zh(KlotskiMsg::Reset)).click();
    h.run();
    assert_eq!(h.state().klotski().game().layout(), &start);
    h.get_by_label(&zh(KlotskiMsg::BackToStart));
}

#[test]
fn the_layout_editor_names_a_bad_layout_in_chinese_and_applies_a_good_one() {
    let mut h = klotski_harness();
    speak_chinese(&mut h);
    h.get_by_label(&zh(KlotskiMsg::EditLayout)).click();
    h.run();
    h.get_by_label(&zh(KlotskiMsg::EditorTitle));
    h.get_by_label(&zh(KlotskiMsg::ToolCaoCao));
    fn type_layout(h: &mut Harness<'_, HuarongApp>, text: &str) {
        h.get_by_label(&zh(KlotskiMsg::TextLabel)).focus();
        h.run();
        h.key_press_modifiers(CTRL, eframe::egui::Key::A);
        h.run();
        h.get_by_label(&zh(KlotskiMsg::TextLabel)).type_text(text);
        h.run();
    }
    // A 1×3 piece: named, in Chinese, and Apply (应用) stays off.
    type_layout(&mut h, "BAAC/BAAC/DEEF/DGHF/IJJJ");
    h.get_by_label_contains("无效：棋子“J”是 1×3");
    let apply = zh(KlotskiMsg::Apply);
    assert!(h.get_by_label(&apply).accesskit_node().is_disabled());
    // Two targets.
    type_layout(&mut h, "AAB./AAB./CC../CC..");
    h.get_by_label_contains("有两块 2×2 棋子");
    // A good layout: 应用 loads it, as Apply does.
    let text = "BAAC/BAAC/DEEF/DGHF/.IJ.";
    type_layout(&mut h, text);
    h.get_by_label_contains("有效：共 10 块棋子");
    h.get_by_label(&apply).click();
    h.run();
    assert_eq!(
        h.state().klotski().game().layout(),
        &Layout::parse(text).unwrap()
    );
    let title = zh(KlotskiMsg::EditedTitle {
        name: classics()[0].name.clone(),
    });
    h.get_by_label(&title);
    assert_eq!(h.state().klotski().title(), "横刀立马 (edited)");
}

#[test]
fn the_compare_table_speaks_chinese_and_its_buttons_run_and_play() {
    let mut h = klotski_harness();
    h.get_by_label("Compare strategies").click();
    h.run();
    speak_chinese(&mut h);
    for label in [
        CompareMsg::Heading,
        CompareMsg::RunAll,
        CompareMsg::CancelAll,
        CompareMsg::Add,
        CompareMsg::ColStrategy,
        CompareMsg::ColStatus,
        CompareMsg::ColLengthMoves,
        CompareMsg::ColOptimal,
        CompareMsg::ColExpanded,
        CompareMsg::ColGenerated,
        CompareMsg::ColMemory,
        CompareMsg::ColTime,
    ] {
        h.get_by_label(&zh(label));
    }
    assert!(h.query_by_label("Run all").is_none());
    // Strategy names as textbooks write them.
    h.get_by_label("广度优先搜索");
    h.get_by_label("禁忌搜索");
    // 运行 on the first row (BFS) runs it, as Run does.
    h.get_all_by_label(&zh(CompareMsg::Run))
        .next()
        .unwrap()
        .click();
    h.step();
    wait_while(&mut h, |a| a.compare().is_running(), 120, "compare runs");
    h.run();
    let bfs = h.state().compare().rows[0].summary.expect("BFS ran");
    let moves = classics()[0].moves;
    assert_eq!(bfs.solution_length(), Some(moves));
    // Counted in moves: the length alone, under 长度（步）.
    assert!(
        h.query_by_label(&format!("{moves}（{moves} 步）"))
            .is_none()
    );
    assert!(h.query_all_by_label(&moves.to_string()).next().is_some());
    h.get_by_label("已解出");
    h.get_by_label(&zh(CompareMsg::Yes));
    h.get_by_label(&zh(CompareMsg::TimeChart));
    // 播放 loads the solution into the play view, as Play does.
    h.get_all_by_label(&zh(CompareMsg::Play))
        .next()
        .unwrap()
        .click();
    h.run();
    let sol = h.state().klotski().solution().expect("played");
    assert_eq!(sol.moves_to.last(), Some(&moves));
}

/// Render the Klotski view (solved in moves, part way through, hints and
/// the editor open), and the compare view with a run, in both languages at
/// 1600×1000 and 800×560, into `$HUARONG_SCREENSHOTS`.
#[test]
#[ignore]
fn render_klotski_and_compare_in_chinese() {
    let dir = crate::app::tests::screenshot_dir();
    let mut h = crate::app::tests::harness_with_distances(Settings {
        animate: false,
        family: Family::Klotski,
        strategy: "bfs".into(),
        metric: Metric::Moves,
        colour_moves: true,
        ..Settings::default()
    });
    h.run();
    h.get_by_label("Solve").click();
    h.step();
    wait_while(&mut h, |a| a.klotski().is_solving(), 60, "solver");
    h.run();
    for _ in 0..30 {
        h.get_by_label("Next").click();
        h.run();
    }
    let shoot = |h: &mut Harness<'_, HuarongApp>, name: &str| {
        for (w, ht) in [(1600.0, 1000.0), (800.0, 560.0)] {
            h.set_size(Vec2::new(w, ht));
            for lang in [Lang::English, Lang::Chinese] {
                h.state_mut().settings_mut().language = lang;
                h.run();
                h.run();
                let tag = if lang == Lang::Chinese { "zh" } else { "en" };
                crate::app::tests::rendered(h)
                    .save(dir.join(format!("i18n-{name}-{tag}-{w}x{ht}.png")))
                    .unwrap();
            }
        }
        h.state_mut().settings_mut().language = Lang::English;
        h.run();
    };
    wait_until_hint(&mut h);
    h.get_by_label("Hint").click();
    h.run();
    shoot(&mut h, "klotski");
    // The editor, with a layout it refuses.
    h.get_by_label("Edit layout…").click();
    h.run();
    h.get_by_label("layout text").focus();
    h.run();
    h.key_press_modifiers(CTRL, eframe::egui::Key::A);
    h.run();
    h.get_by_label("layout text")
        .type_text("BAAC/BAAC/DEEF/DGHF/IJJJ");
    h.run();
    shoot(&mut h, "klotski-editor");
    h.get_by_label("Cancel").click();
    h.run();
    // The whole group's distances.
    h.get_by_label("Among all positions…").click();
    h.run();
    wait_while(
        &mut h,
        |a| a.klotski().hints.ready().is_none(),
        60,
        "the group",
    );
    shoot(&mut h, "klotski-among-all");

    // The compare view: BFS, A* and tabu run, the others not.
    let mut h = klotski_harness();
    h.get_by_label("Compare strategies").click();
    h.run();
    for k in [0, 1, 4] {
        h.get_all_by_label("Run").nth(k).unwrap().click();
        h.step();
    }
    wait_while(&mut h, |a| a.compare().is_running(), 120, "compare runs");
    h.get_all_by_label("Trace").nth(4).unwrap().click();
    h.run();
    shoot(&mut h, "compare");
}

/// Wait until the distance readout is there (its group built).
fn wait_until_hint(h: &mut Harness<'_, HuarongApp>) {
    crate::app::tests::wait_until(h, |h| h.query_by_label("Hint").is_some(), 60, "the hint");
}
