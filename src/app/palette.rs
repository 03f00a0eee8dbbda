//! Every colour that means something on a board or in the inspector, in
//! one place: one meaning a colour across the app. The views take their
//! colours from here (a test below fails on a colour written in their
//! sources), and a test keeps the colours apart from one another.
//!
//! Chart series (anatomy, traces, compare, batch, the distribution's
//! bars: the move colouring's own come from here) and Klotski's piece
//! colours name series and pieces, not states of the search or effects
//! of a move, and keep their own.

use eframe::egui::Color32;

// The boards.
/// A tile on its goal cell (when in-place tiles are marked).
pub const HOME: Color32 = Color32::from_rgb(0x3b, 0x6e, 0x4f);
/// The same green, lighter, for a hovered tile on its goal cell: still
/// read as in place, and still seen to react to the pointer.
pub const HOME_HOVERED: Color32 = Color32::from_rgb(0x4f, 0x8f, 0x67);
/// Linear-conflict links: read on every tint and on both themes.
pub const LINK: Color32 = Color32::from_rgb(0xe8, 0x5d, 0xd0);
/// The hint's ring around a tile.
pub const RING: Color32 = Color32::from_rgb(0xff, 0xc8, 0x3d);
/// The arrows of an unsolvable board's cycles: apart from the links' pink.
pub const ARROW: Color32 = Color32::from_rgb(0xf2, 0xf2, 0xf2);

// What a move does to the distance (the move colouring and its legend).
/// A move that brings the board closer. Blue, not green: green already
/// marks tiles in place.
pub const CLOSER: Color32 = Color32::from_rgb(0x2a, 0x6c, 0xc8);
/// A move that keeps the distance.
pub const SAME: Color32 = Color32::from_rgb(0xb0, 0x8c, 0x1c);
/// A move that takes the board farther.
pub const FARTHER: Color32 = Color32::from_rgb(0xc8, 0x32, 0x32);

/// Tiles that belong together: a pattern database's groups, an
/// unsolvable board's cycles, in turn. None of them is the move
/// colouring's blue, red or ochre, nor the in-place green.
pub const GROUP_TINTS: [Color32; 5] = [
    Color32::from_rgb(0x8a, 0x4f, 0xa8),
    Color32::from_rgb(0x00, 0x98, 0x88),
    Color32::from_rgb(0x78, 0x48, 0x28),
    Color32::from_rgb(0xa8, 0x4f, 0x6a),
    Color32::from_rgb(0x4a, 0x4a, 0x9a),
];

/// The fringe colouring's tint for fringe `k` of `n` (see
/// `app::fringe`): a ramp of hues from red (placed first) through yellow,
/// green and blue to violet (placed last), so the order of the solve reads
/// off the board; rows and columns alternate between a lighter and a
/// darker shade, so two fringes that touch differ in lightness too. Muted
/// (half saturated) and dark enough for white numbers. Like the chart
/// series, a sequence that names groups rather than one state: the move
/// colouring and the heuristic view's tints are drawn over it when on.
pub fn fringe_tint(k: usize, n: usize) -> Color32 {
    let span = n.saturating_sub(1).max(1) as f32;
    let hue = 0.78 * (k.min(n) as f32 / span);
    let value = if k.is_multiple_of(2) { 0.70 } else { 0.52 };
    // Greens and yellows look lighter than blues at one value: darker.
    let value = value * (1.0 - 0.25 * (-((hue - 0.22) / 0.12).powi(2)).exp());
    hsv(hue, 0.6, value)
}

/// A colour from hue (0..1, red at 0), saturation and value, in gamma
/// space as the colours above are written.
fn hsv(hue: f32, saturation: f32, value: f32) -> Color32 {
    let h = (hue.rem_euclid(1.0)) * 6.0;
    let c = value * saturation;
    let x = c * (1.0 - (h % 2.0 - 1.0).abs());
    let (r, g, b) = match h as u32 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    let m = value - c;
    let byte = |v: f32| ((v + m).clamp(0.0, 1.0) * 255.0).round() as u8;
    Color32::from_rgb(byte(r), byte(g), byte(b))
}

// The state of a search (the inspector's legend, open list, children
// and tree), as frames and links around small boards.
/// The node being expanded.
pub const CURRENT: Color32 = Color32::from_rgb(0x1e, 0xc8, 0xe6);
/// Open: stored and waiting to be expanded (the frontier).
pub const OPEN: Color32 = Color32::from_rgb(0x9c, 0xcc, 0x2c);
/// Closed: expanded already.
pub const CLOSED: Color32 = Color32::from_rgb(0xa8, 0xa8, 0xb4);
/// New: a child first reached by this expansion.
pub const NEW: Color32 = Color32::from_rgb(0x3c, 0xe0, 0x8c);
/// Dropped: a child seen before, cut off or skipped.
pub const DROPPED: Color32 = Color32::from_rgb(0x6a, 0x6a, 0x6a);
/// On the path from the start to the goal (or, before the goal, to the
/// node being expanded).
pub const SOLUTION: Color32 = Color32::from_rgb(0xe0, 0x9a, 0x2a);

// Charts and the Klotski board: colours that tell series or pieces apart
// (categorical), kept here so no view writes one of its own.

/// A chart's series in turn: the compared rows' lines; the anatomy's bars
/// (the first) and the heuristic's error (the second); a local search's
/// walk (current, best, temperature, acceptance).
pub const SERIES: [Color32; 6] = [
    Color32::from_rgb(90, 150, 230),
    Color32::from_rgb(214, 96, 77),
    Color32::from_rgb(120, 190, 120),
    Color32::from_rgb(230, 160, 60),
    Color32::from_rgb(170, 120, 210),
    Color32::from_rgb(100, 190, 200),
];
/// A batch's configurations in turn (its scatter and legend).
pub const CONFIGURATIONS: [Color32; 8] = [
    Color32::from_rgb(0x1f, 0x77, 0xb4),
    Color32::from_rgb(0xff, 0x7f, 0x0e),
    Color32::from_rgb(0x2c, 0xa0, 0x2c),
    Color32::from_rgb(0xd6, 0x27, 0x28),
    Color32::from_rgb(0x94, 0x67, 0xbd),
    Color32::from_rgb(0x8c, 0x56, 0x4b),
    Color32::from_rgb(0xe3, 0x77, 0xc2),
    Color32::from_rgb(0x7f, 0x7f, 0x7f),
];
/// The distances' distribution: its bars, and the bar of the position shown.
pub const DISTRIBUTION: Color32 = Color32::from_rgb(0x4a, 0x7f, 0xb5);
/// The bar of the position shown in the distances' distribution.
pub const DISTRIBUTION_HERE: Color32 = Color32::from_rgb(0xe0, 0x8a, 0x2c);
/// Klotski's pieces by role: Cao Cao, a general, a soldier, another block.
pub const CAO_CAO: Color32 = Color32::from_rgb(196, 62, 52);
/// A general (1×2 or 2×1).
pub const GENERAL: Color32 = Color32::from_rgb(52, 110, 176);
/// A soldier (1×1).
pub const SOLDIER: Color32 = Color32::from_rgb(214, 160, 48);
/// Any other block.
pub const BLOCK: Color32 = Color32::from_rgb(120, 120, 120);
/// The Klotski board's exit.
pub const EXIT: Color32 = Color32::from_rgb(210, 40, 40);
/// A Klotski piece that cannot move, under the hint's overlay.
pub const STILL: Color32 = Color32::from_rgb(0x4a, 0x4a, 0x4a);

/// Every colour above with its name (the hovered green aside, a shade of
/// [`HOME`]), for the tests.
#[cfg(test)]
pub fn named() -> Vec<(String, Color32)> {
    let mut all: Vec<(String, Color32)> = [
        ("HOME", HOME),
        ("LINK", LINK),
        ("RING", RING),
        ("ARROW", ARROW),
        ("CLOSER", CLOSER),
        ("SAME", SAME),
        ("FARTHER", FARTHER),
        ("CURRENT", CURRENT),
        ("OPEN", OPEN),
        ("CLOSED", CLOSED),
        ("NEW", NEW),
        ("DROPPED", DROPPED),
        ("SOLUTION", SOLUTION),
    ]
    .into_iter()
    .map(|(n, c)| (n.to_string(), c))
    .collect();
    all.extend(
        GROUP_TINTS
            .iter()
            .enumerate()
            .map(|(i, &c)| (format!("GROUP_TINTS[{i}]"), c)),
    );
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    /// How far apart two colours are (Euclidean in RGB, weighted the way
    /// the eye weighs the channels: the "redmean" approximation).
    fn distance(a: Color32, b: Color32) -> f32 {
        let r = (f32::from(a.r()) + f32::from(b.r())) / 2.0;
        let (dr, dg, db) = (
            f32::from(a.r()) - f32::from(b.r()),
            f32::from(a.g()) - f32::from(b.g()),
            f32::from(a.b()) - f32::from(b.b()),
        );
        ((2.0 + r / 256.0) * dr * dr + 4.0 * dg * dg + (2.0 + (255.0 - r) / 256.0) * db * db).sqrt()
    }

    /// The hovered green is a shade of the in-place green: nearer it than
    /// any other colour.
    #[test]
    fn the_hovered_home_green_is_a_shade_of_home() {
        let home = distance(HOME_HOVERED, HOME);
        for (name, c) in named().into_iter().filter(|(n, _)| n != "HOME") {
            assert!(distance(HOME_HOVERED, c) > home, "{name}");
        }
    }

    #[test]
    fn one_meaning_per_colour_no_two_named_colours_look_alike() {
        let all = named();
        let mut close = Vec::new();
        for (i, (a, ca)) in all.iter().enumerate() {
            for (b, cb) in &all[i + 1..] {
                let d = distance(*ca, *cb);
                if d < 80.0 {
                    close.push(format!("{a} and {b}: {d:.0}"));
                }
            }
        }
        assert!(close.is_empty(), "too alike: {close:?}");
    }

    /// Every fringe of every board size has a tint of its own, two
    /// fringes one after the other (which touch on the board) differ
    /// clearly, and white numbers read on each.
    #[test]
    fn fringe_tints_are_apart_and_dark_enough_for_white_numbers() {
        for n in 2..=17 {
            let tints: Vec<Color32> = (0..n).map(|k| fringe_tint(k, n)).collect();
            for (i, a) in tints.iter().enumerate() {
                // Relative luminance (sRGB channels taken as linear: a
                // rough bound is enough here).
                let lum = 0.2126 * f32::from(a.r())
                    + 0.7152 * f32::from(a.g())
                    + 0.0722 * f32::from(a.b());
                assert!(lum < 170.0, "fringe {i} of {n} is too light: {a:?}");
                for (j, b) in tints.iter().enumerate().skip(i + 1) {
                    let d = distance(*a, *b);
                    assert!(d > 20.0, "fringes {i} and {j} of {n} alike: {d:.0}");
                    if j == i + 1 {
                        assert!(d > 60.0, "fringes {i} and {j} of {n} touch: {d:.0}");
                    }
                }
            }
        }
    }

    /// The views that colour boards and search nodes write no colour of
    /// their own: every one comes from this palette, so a colour cannot
    /// mean one thing in one view and another elsewhere.
    #[test]
    fn the_views_take_their_colours_from_the_palette() {
        let views = [
            (
                "widgets/board_view.rs",
                include_str!("widgets/board_view.rs"),
            ),
            (
                "tiles/heuristic_view.rs",
                include_str!("tiles/heuristic_view.rs"),
            ),
            ("tiles/distance.rs", include_str!("tiles/distance.rs")),
            ("tiles/explain.rs", include_str!("tiles/explain.rs")),
            ("inspector/mod.rs", include_str!("inspector/mod.rs")),
            ("inspector/node.rs", include_str!("inspector/node.rs")),
            (
                "inspector/frontier.rs",
                include_str!("inspector/frontier.rs"),
            ),
            ("inspector/tree.rs", include_str!("inspector/tree.rs")),
            ("inspector/legend.rs", include_str!("inspector/legend.rs")),
            ("compare/batch.rs", include_str!("compare/batch.rs")),
            ("widgets/anatomy.rs", include_str!("widgets/anatomy.rs")),
            (
                "widgets/trace_plot.rs",
                include_str!("widgets/trace_plot.rs"),
            ),
            (
                "widgets/distribution.rs",
                include_str!("widgets/distribution.rs"),
            ),
            ("klotski/board.rs", include_str!("klotski/board.rs")),
            ("klotski/hint.rs", include_str!("klotski/hint.rs")),
        ];
        for (file, text) in views {
            for written in [
                "Color32::from_rgb",
                "Color32::from_rgba",
                "Color32::from_hex",
            ] {
                assert!(!text.contains(written), "{file} writes a colour: {written}");
            }
        }
    }
}
