//! The charts' axes as drawn (egui_kittest): the tick labels a plot paints
//! (read from the frame's text shapes, as the accessibility tree has no
//! plot ticks) and the tooltip of a bar.

use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable};

use crate::app::tests::{harness, harness_with, set_board, wait_for_solver, wait_until};
use crate::app::widgets::anatomy::{Shape, compare_shapes};
use crate::app::widgets::distribution::Distribution;
use crate::app::{HuarongApp, Settings};
use crate::engine::strategy::find;
use crate::engine::{HeuristicKind, TracePoint};
use crate::units::{parse_count, thousands};

/// Every text the last frame painted, with where.
fn painted<S>(h: &Harness<'_, S>) -> Vec<(String, egui::Rect)> {
    fn walk(shape: &egui::Shape, out: &mut Vec<(String, egui::Rect)>) {
        match shape {
            egui::Shape::Text(t) => {
                out.push((t.galley.text().to_string(), shape.visual_bounding_rect()))
            }
            egui::Shape::Vec(v) => v.iter().for_each(|s| walk(s, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    for c in &h.output().shapes {
        walk(&c.shape, &mut out);
    }
    out
}

/// A plot's tick labels between the bottom of `above` and the top of
/// `below` (the labels before and after the plot).
fn ticks(h: &Harness<'_, HuarongApp>, above: egui::Rect, below: egui::Rect) -> Ticks {
    let region = egui::Rect::everything_below(above.bottom() - 1.0)
        .intersect(egui::Rect::everything_above(below.top() + 1.0));
    ticks_in(h, region)
}

/// The tick labels painted in `region`: the x axis's (the lowest row of
/// numbers, left to right) and the y axis's (bottom up).
fn ticks_in<S>(h: &Harness<'_, S>, region: egui::Rect) -> Ticks {
    let numbers: Vec<(String, egui::Rect)> = painted(h)
        .into_iter()
        .filter(|(t, r)| {
            region.contains_rect(*r)
                && !t.is_empty()
                && t.chars()
                    .all(|c| c.is_ascii_digit() || ",. kMG−-".contains(c))
        })
        .collect();
    assert!(!numbers.is_empty(), "no tick labels painted");
    let lowest = numbers
        .iter()
        .map(|(_, r)| r.center().y)
        .fold(f32::NEG_INFINITY, f32::max);
    let (mut x, mut y): (Vec<_>, Vec<_>) = numbers
        .into_iter()
        .partition(|(_, r)| (r.center().y - lowest).abs() < 3.0);
    x.sort_by(|a, b| a.1.center().x.total_cmp(&b.1.center().x));
    y.sort_by(|a, b| b.1.center().y.total_cmp(&a.1.center().y));
    Ticks { x, y }
}

/// The tick labels of one plot and where they were painted.
struct Ticks {
    x: Vec<(String, egui::Rect)>,
    y: Vec<(String, egui::Rect)>,
}

impl Ticks {
    /// The x labels as whole numbers; fails on any that is not one.
    fn x_whole(&self) -> Vec<u64> {
        self.x
            .iter()
            .map(|(t, _)| {
                assert!(!t.contains('.'), "a fraction on a whole axis: {:?}", self.x);
                parse_count(t).unwrap_or_else(|| panic!("{t:?} in {:?}", self.x))
            })
            .collect()
    }

    /// The y labels as counts.
    fn y_counts(&self) -> Vec<u64> {
        self.y
            .iter()
            .map(|(t, _)| parse_count(t).unwrap_or_else(|| panic!("{t:?} in {:?}", self.y)))
            .collect()
    }
}

/// The app with IDA* run to its end in the inspector on a board two
/// moves from the goal (Manhattan distance 2: one iteration), its
/// Iterations tab open.
fn one_iteration() -> crate::app::tests::TestApp {
    let mut h = harness();
    set_board(&mut h, "1 2 3 4 5 6 0 7 8");
    h.get_by_label(find("idastar").unwrap().label()).click();
    h.run();
    h.get_by_label(HeuristicKind::Manhattan.label()).click();
    h.run();
    crate::app::inspector::tests::click_inspect(&mut h);
    h.get_by_label("Run to end").click();
    wait_until(
        &mut h,
        |h| {
            h.state()
                .inspector()
                .is_some_and(|i| i.message().starts_with("The run is over"))
        },
        30,
        "the end",
    );
    h.get_by_label("Iterations").click();
    h.run();
    h
}

#[test]
fn idastars_chart_of_a_single_iteration_ticks_whole_bounds_and_a_top_count() {
    let mut h = one_iteration();
    let iterations = h.state().inspector().unwrap().model().iterations.clone();
    assert_eq!(iterations.len(), 1, "one iteration: {iterations:?}");
    let (bound, expanded) = (iterations[0].bound as u64, iterations[0].expanded);
    let above = h.get_by_label_contains("Each iteration searches").rect();
    let below = h.get_by_label("iteration").rect();
    let t = ticks(&h, above, below);
    // Whole bounds only: the bound and a neighbour, never 1.8 or 2.2.
    let x = t.x_whole();
    assert!(x.contains(&bound), "{x:?}");
    assert!(x.len() >= 2, "{x:?}");
    assert!(
        x.windows(2).all(|w| w[0] < w[1]),
        "{x:?}: labels in order, none twice"
    );
    // Counts from 0 up to a labelled top at or above the iteration's.
    let y = t.y_counts();
    assert_eq!(y.first(), Some(&0), "{:?}", t.y);
    assert!(y.len() >= 2, "{:?}", t.y);
    assert!(*y.last().unwrap() >= expanded, "{y:?} for {expanded}");
    // The bar's figures show beside the pointer, in the window.
    let (_, at) =
        t.x.iter()
            .find(|(l, _)| parse_count(l) == Some(bound))
            .unwrap();
    let over_bar = at.center_top() - egui::vec2(0.0, 12.0);
    h.hover_at(over_bar);
    h.run();
    let text = format!("bound {bound}: {}", thousands(expanded));
    // (The plot itself is also named by its hover text.)
    let tip = h
        .get_all_by_label(&text)
        .find(|n| n.accesskit_node().role() == egui::accesskit::Role::Label)
        .expect("the tooltip");
    let window = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1100.0, 720.0));
    assert!(window.contains_rect(tip.rect()), "{:?}", tip.rect());
}

#[test]
fn the_anatomys_chart_by_depth_labels_its_deepest_depth_and_its_top_count() {
    let mut h = harness_with(Settings {
        strategy: "astar".into(),
        heuristic: HeuristicKind::Manhattan,
        animate: false,
        ..Settings::default()
    });
    set_board(&mut h, "8 6 7 2 5 4 3 0 1");
    h.get_by_label("Solve").click();
    h.run_ok();
    wait_for_solver(&mut h);
    h.get_by_label("Anatomy").click();
    h.run();
    let a = h
        .state()
        .tiles()
        .anatomy
        .clone()
        .and_then(|r| r.anatomy)
        .expect("recorded");
    let above = h.get_by_label_contains("Expanded by depth:").rect();
    let below = h.get_by_label_contains("Expanded by f = g + h").rect();
    let t = ticks(&h, above, below);
    let x = t.x_whole();
    let deepest = (a.by_depth.len() - 1) as u64;
    assert_eq!(x.first(), Some(&0), "{x:?}");
    assert_eq!(x.last(), Some(&deepest), "{x:?}");
    let y = t.y_counts();
    let most = *a.by_depth.iter().max().unwrap();
    assert_eq!(y.first(), Some(&0), "{:?}", t.y);
    assert!(*y.last().unwrap() >= most, "{y:?} for {most}");
    assert!(y.len() >= 3, "{y:?}");
}

/// A widget drawn alone in a window of `size`, after a few frames.
fn alone<'a>(size: egui::Vec2, ui: impl FnMut(&mut egui::Ui) + 'a) -> Harness<'a> {
    let mut h = Harness::builder().with_size(size).build_ui(ui);
    h.run();
    h
}

#[test]
fn among_all_positions_labels_distances_up_to_gods_number() {
    // A Klotski group's spread: 117 distances, counts rising then falling.
    let by_distance: Vec<u64> = (0..117u64).map(|d| 1 + d * (117 - d) * 3).collect();
    let most = *by_distance.iter().max().unwrap();
    let h = alone(egui::vec2(440.0, 360.0), |ui| {
        let shown = Distribution {
            by_distance: &by_distance,
            unit: "steps",
            here: Some(40),
        };
        shown.show(ui, "test");
    });
    let t = ticks_in(&h, egui::Rect::EVERYTHING);
    let x = t.x_whole();
    assert_eq!(x.first(), Some(&0), "{x:?}");
    assert_eq!(x.last(), Some(&116), "God's number labelled: {x:?}");
    assert!(x.len() >= 3, "{x:?}");
    let y = t.y_counts();
    assert_eq!(y.first(), Some(&0), "{:?}", t.y);
    assert!(*y.last().unwrap() >= most, "{y:?} for {most}");
}

#[test]
fn compares_log_shapes_tick_every_few_decades_up_to_the_largest_count() {
    // A 4×4's nodes by depth: from 1 to about three million over 50 depths.
    let a: Vec<u64> = (0..51u32)
        .map(|d| 1.35f64.powi(d as i32).round() as u64)
        .collect();
    let b: Vec<u64> = (0..41u32)
        .map(|d| 1.2f64.powi(d as i32).round() as u64)
        .collect();
    let most = *a.iter().chain(&b).max().unwrap();
    assert!(most > 1_000_000);
    let h = alone(egui::vec2(600.0, 400.0), |ui| {
        let shapes = [
            Shape {
                label: "A*".into(),
                by_depth: &a,
            },
            Shape {
                label: "IDA*".into(),
                by_depth: &b,
            },
        ];
        compare_shapes(ui, &shapes);
    });
    let t = ticks_in(&h, egui::Rect::EVERYTHING);
    let x = t.x_whole();
    assert_eq!((x.first(), x.last()), (Some(&0), Some(&50)), "{x:?}");
    let y = t.y_counts();
    assert!(y.len() >= 3, "more than the tick 1: {:?}", t.y);
    assert_eq!(y.first(), Some(&1), "{:?}", t.y);
    for n in &y {
        let decade = (*n as f64).log10();
        assert_eq!(
            10u64.pow(decade.round() as u32),
            *n,
            "a power of ten: {y:?}"
        );
    }
    assert!(*y.last().unwrap() >= most, "{y:?} for {most}");
}

#[test]
fn a_trace_of_one_point_shows_whole_iterations_and_its_value_between_ticks() {
    for n in [1u64, 3, 40] {
        let points: Vec<TracePoint> = (0..n)
            .map(|i| TracePoint {
                iteration: i * 25,
                temperature: None,
                current: 14.0 - (i % 3) as f64,
                best: 14.0 - (i.min(2)) as f64,
                acceptance: None,
            })
            .collect();
        let last = (n - 1) * 25;
        let h = alone(egui::vec2(500.0, 300.0), |ui| {
            crate::app::widgets::trace_plot::show(ui, "test", &points);
        });
        let t = ticks_in(&h, egui::Rect::EVERYTHING);
        let x = t.x_whole();
        assert!(x.len() >= 2, "{n}: {x:?}");
        assert!(x.contains(&last), "{n}: the last iteration labelled: {x:?}");
        let y: Vec<f64> =
            t.y.iter()
                .map(|(l, _)| l.replace(',', "").parse::<f64>().expect(l))
                .collect();
        assert!(y.len() >= 2, "{n}: {y:?}");
        let values = points.iter().flat_map(|p| [p.current, p.best]);
        let low = values.clone().fold(f64::INFINITY, f64::min);
        let high = values.fold(f64::NEG_INFINITY, f64::max);
        assert!(y[0] <= low && *y.last().unwrap() >= high, "{n}: {y:?}");
    }
}

/// The charts above drawn alone, for a look by eye. Ignored: it needs a
/// graphics driver.
#[test]
#[ignore = "renders PNGs; run with HUARONG_SCREENSHOTS=<folder>"]
fn render_axes() {
    let dir = crate::app::tests::screenshot_dir();
    let by_distance: Vec<u64> = (0..117u64).map(|d| 1 + d * (117 - d) * 3).collect();
    let a: Vec<u64> = (0..51).map(|d| 1.35f64.powi(d).round() as u64).collect();
    let iterations = [crate::engine::observe::Iteration {
        bound: 23,
        expanded: 4_321,
        generated: 9_000,
        skipped: 0,
    }];
    let points: Vec<TracePoint> = (0..1)
        .map(|i| TracePoint {
            iteration: i,
            temperature: None,
            current: 14.0,
            best: 14.0,
            acceptance: None,
        })
        .collect();
    let mut h = Harness::builder()
        .with_size(egui::vec2(480.0, 1000.0))
        .build_ui(|ui| {
            Distribution {
                by_distance: &by_distance,
                unit: "steps",
                here: Some(40),
            }
            .show(ui, "look");
            compare_shapes(
                ui,
                &[Shape {
                    label: "A*".into(),
                    by_depth: &a,
                }],
            );
            crate::app::widgets::trace_plot::show(ui, "look", &points);
            let (x, y) = (
                crate::app::widgets::axes::Scale::bars(23.0, 23.0),
                crate::app::widgets::axes::Scale::count(iterations[0].expanded as f64),
            );
            let plot = egui_plot::Plot::new("look iterations").height(160.0);
            crate::app::widgets::axes::apply(plot, x, y, crate::app::i18n::language(ui.ctx()))
                .show(ui, |p| {
                    p.bar_chart(egui_plot::BarChart::new(
                        "expanded",
                        vec![egui_plot::Bar::new(23.0, 4_321.0).width(0.8)],
                    ))
                });
        });
    h.run();
    let img = crate::app::tests::rendered(&mut h);
    img.save(dir.join("axes.png")).unwrap();
    // The IDA* chart of one iteration in the app, the pointer over its bar.
    let mut h = one_iteration();
    let above = h.get_by_label_contains("Each iteration searches").rect();
    let below = h.get_by_label("iteration").rect();
    let t = ticks(&h, above, below);
    let (_, at) = t.x.iter().find(|(l, _)| l == "2").expect("the bound");
    h.hover_at(at.center_top() - egui::vec2(0.0, 12.0));
    h.run();
    let img = crate::app::tests::rendered(&mut h);
    img.save(dir.join("axes-idastar.png")).unwrap();
}
