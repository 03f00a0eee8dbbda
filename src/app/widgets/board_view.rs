//! The board widget: tiles drawn to fit the space (plain, in fringe
//! colours, or cut from a picture), hover highlights, clicks, drags that
//! follow the pointer along the free axis, sliding on hover, and slide
//! animations.

use eframe::egui::{
    self, Align2, Color32, CornerRadius, FontId, Pos2, Rect, Sense, Stroke, StrokeKind, Vec2,
};

use crate::app::picture::Shown;
use crate::app::settings::Look;

use crate::app::game::Action;
use crate::engine::{Board, Dir};

/// How long a slide animates, in seconds (playback shortens it at higher
/// speeds: `steps::slide_seconds`).
pub const SLIDE_SECONDS: f64 = 0.12;

/// What the user did on the board this frame.
#[derive(Clone, Debug, PartialEq)]
pub enum BoardInput {
    /// Slide tiles: the blank moves.
    Slide {
        /// The blank moves.
        action: Action,
        /// Whether to animate (not after a drag, whose tiles are already there).
        animate: bool,
    },
    /// A cell was picked (edit mode).
    Pick(usize),
}

/// Display options.
#[derive(Clone, Copy, Debug)]
pub struct BoardOptions<'a> {
    /// The goal, for the "in place" marks.
    pub goal: &'a Board,
    /// Mark tiles on their goal cell.
    pub mark_home: bool,
    /// Accept clicks and drags.
    pub interactive: bool,
    /// Edit mode: clicks pick cells instead of sliding.
    pub edit_mode: bool,
    /// A cell picked in edit mode.
    pub picked: Option<usize>,
    /// Tints, numbers and links drawn over the tiles (the move overlay,
    /// the heuristic view, the hint's tile).
    pub marks: Option<&'a Marks>,
    /// Picture, fringe colours and hover control.
    pub look: TileLook<'a>,
}

/// How the tiles look and whether hovering slides them (the Board look
/// settings, with the picture loaded). The default is the plain board.
#[derive(Clone, Copy, Debug, Default)]
pub struct TileLook<'a> {
    /// Tiles cut from this picture.
    pub picture: Option<&'a Shown>,
    /// Numbers over the picture.
    pub numbers: bool,
    /// Tiles filled by their fringe's colour (without a picture).
    pub fringe: bool,
    /// Moving the pointer onto a tile in the blank's line slides it.
    pub hover_slide: bool,
}

impl<'a> TileLook<'a> {
    /// The look `look` asks for, with `picture` if it asks for one.
    pub fn of(look: &Look, picture: Option<&'a Shown>) -> Self {
        Self {
            picture: picture.filter(|_| look.picture),
            numbers: look.numbers,
            fringe: look.fringe,
            hover_slide: look.hover_slide,
        }
    }
}

/// What the overlays draw on the board, by cell.
#[derive(Clone, Debug, Default)]
pub struct Marks {
    /// A tile's fill instead of the plain one.
    pub fill: Vec<Option<Color32>>,
    /// A small number in a tile's upper-left corner.
    pub corner: Vec<Option<String>>,
    /// Arcs between two cells' tiles (linear-conflict pairs).
    pub links: Vec<(usize, usize)>,
    /// Arrows from a cell's tile to another cell (a cycle of an unsolvable
    /// board: each tile belongs where the next one stands), unlike the
    /// links in shape and colour.
    pub arrows: Vec<(usize, usize)>,
    /// A ring around one tile (the hint's tile).
    pub ring: Option<usize>,
}

pub(crate) use crate::app::palette::RING;
use crate::app::palette::{ARROW, HOME, HOME_HOVERED, LINK, fringe_tint};

/// Tiles in flight after a slide.
#[derive(Clone, Debug)]
struct SlideAnim {
    /// (tile, from cell, to cell)
    moved: Vec<(u8, usize, usize)>,
    start: f64,
    /// How long it takes, in seconds.
    seconds: f64,
}

/// A tile (and those between it and the blank) being dragged.
#[derive(Clone, Debug)]
struct Drag {
    /// Cells whose tiles move with the pointer.
    cells: Vec<usize>,
    action: Action,
    /// Unit vector toward the blank.
    axis: Vec2,
    start: Pos2,
    offset: f32,
}

/// Transient state of the board widget.
#[derive(Default)]
pub struct BoardView {
    anim: Option<SlideAnim>,
    drag: Option<Drag>,
    /// The cell under the pointer last frame (hover control slides once
    /// per entry into a cell, not again while the pointer rests there).
    hover_cell: Option<usize>,
}

/// Board geometry in screen space.
struct Layout {
    origin: Pos2,
    cell: f32,
    cols: usize,
}

impl Layout {
    fn cell_rect(&self, cell: usize) -> Rect {
        let (r, c) = (cell / self.cols, cell % self.cols);
        let min = self.origin + Vec2::new(c as f32, r as f32) * self.cell;
        Rect::from_min_size(min, Vec2::splat(self.cell))
    }
    fn cell_at(&self, p: Pos2, cells: usize) -> Option<usize> {
        let v = (p - self.origin) / self.cell;
        if v.x < 0.0 || v.y < 0.0 {
            return None;
        }
        let (c, r) = (v.x as usize, v.y as usize);
        (c < self.cols && r * self.cols + c < cells).then_some(r * self.cols + c)
    }
}

impl BoardView {
    /// Animate `action` played on `before` (call right after playing it)
    /// over `seconds`.
    pub fn animate(&mut self, before: &Board, action: &[Dir], now: f64, seconds: f64) {
        let mut b = before.clone();
        let mut moved: Vec<(u8, usize, usize)> = Vec::new();
        for &d in action {
            let blank = b.blank();
            let Some(from) = b.shape().neighbour(blank, d) else {
                break;
            };
            let tile = b.cells()[from];
            match moved.iter_mut().find(|m| m.0 == tile) {
                Some(m) => m.2 = blank,
                None => moved.push((tile, from, blank)),
            }
            b.apply(d);
        }
        self.anim = Some(SlideAnim {
            moved,
            start: now,
            seconds,
        });
    }

    /// Drop any animation or drag (the board was replaced).
    pub fn reset(&mut self) {
        self.anim = None;
        self.drag = None;
    }

    /// Whether an animation is running (the app keeps repainting).
    pub fn animating(&self, now: f64) -> bool {
        self.anim
            .as_ref()
            .is_some_and(|a| now - a.start < a.seconds)
    }

    /// Draw `board` in the available space and report the user's input.
    pub fn show(
        &mut self,
        ui: &mut egui::Ui,
        board: &Board,
        opts: BoardOptions<'_>,
    ) -> Option<BoardInput> {
        let shape = board.shape();
        let (rows, cols) = (shape.rows as usize, shape.cols as usize);
        let avail = ui.available_size();
        let cell = ((avail.x / cols as f32).min(avail.y / rows as f32))
            .floor()
            .max(8.0);
        let size = Vec2::new(cell * cols as f32, cell * rows as f32);
        let (outer, response) = ui.allocate_exact_size(avail.max(size), Sense::click_and_drag());
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Canvas, true, "board"));
        let rect = Rect::from_center_size(outer.center(), size);
        let layout = Layout {
            origin: rect.min,
            cell,
            cols,
        };
        let now = ui.input(|i| i.time);
        let visuals = ui.visuals().clone();
        let painter = ui.painter_at(outer);
        painter.rect_filled(
            rect.expand(cell * 0.06),
            CornerRadius::same(8),
            visuals.extreme_bg_color,
        );

        let input = if opts.interactive {
            self.interact(ui, &response, board, &layout, &opts)
        } else {
            None
        };
        // Each tile's home cell in the goal: where its part of the picture
        // and its fringe come from.
        let mut home_of = vec![0; board.cells().len()];
        for (cell, &t) in opts.goal.cells().iter().enumerate() {
            if let Some(slot) = home_of.get_mut(usize::from(t)) {
                *slot = cell;
            }
        }
        let fringes = (opts.look.fringe && opts.look.picture.is_none())
            .then(|| crate::app::fringe::tile_fringes(opts.goal));

        // Where each tile is drawn: its cell, or in flight.
        if !self.animating(now) {
            self.anim = None;
        }
        let anim = self.anim.as_ref();
        let t = anim.map_or(1.0, |a| ease(((now - a.start) / a.seconds) as f32));
        if anim.is_some() {
            ui.ctx().request_repaint();
        }
        let hover = response
            .hover_pos()
            .and_then(|p| layout.cell_at(p, board.cells().len()));
        let movable = hover.filter(|&c| !opts.edit_mode && board.slide_moves(c).is_some());
        let hovered_line: Vec<usize> = movable.map(|c| line_cells(board, c)).unwrap_or_default();

        for (c, &tile) in board.cells().iter().enumerate() {
            if tile == 0 {
                continue;
            }
            let mut r = layout.cell_rect(c);
            if let Some(a) = anim
                && let Some(&(_, from, to)) = a.moved.iter().find(|m| m.0 == tile)
                && to == c
            {
                let from = layout.cell_rect(from).min;
                r = r.translate((from - r.min) * (1.0 - t));
            }
            if let Some(d) = &self.drag
                && d.cells.contains(&c)
            {
                r = r.translate(d.axis * d.offset);
            }
            let home = opts.mark_home && opts.goal.cells().get(c) == Some(&tile);
            let hovered = hovered_line.contains(&c);
            let marked = opts
                .marks
                .and_then(|m| m.fill.get(c).copied().flatten())
                .filter(|_| opts.picked != Some(c));
            let tile_rect = r.shrink(cell * 0.04);
            let radius = CornerRadius::same((cell * 0.12).min(255.0) as u8);
            let picked = opts.picked == Some(c);
            let home_cell = home_of.get(usize::from(tile)).copied().unwrap_or(c);
            if let Some(picture) = opts.look.picture {
                let uv = picture.uv(shape, home_cell);
                painter.add(
                    egui::epaint::RectShape::filled(tile_rect, radius, Color32::WHITE)
                        .with_texture(picture.texture.id(), uv),
                );
                // Tints are laid over the picture, which shows through.
                let over = marked
                    .or(picked.then_some(visuals.selection.bg_fill))
                    .map(|t| t.gamma_multiply(0.65));
                if let Some(tint) = over {
                    painter.rect_filled(tile_rect, radius, tint);
                }
                if hovered {
                    painter.rect_filled(tile_rect, radius, Color32::from_white_alpha(50));
                }
                if home {
                    home_ring(&painter, tile_rect, radius, cell);
                }
                painter.rect_stroke(
                    tile_rect,
                    radius,
                    Stroke::new(1.0, Color32::from_black_alpha(120)),
                    StrokeKind::Inside,
                );
                if opts.look.numbers {
                    number_label(&painter, tile, tile_rect, cell);
                }
            } else {
                let fringe = fringes.as_ref().map(|(by_tile, n)| {
                    fringe_tint(by_tile.get(usize::from(tile)).copied().unwrap_or(0), *n)
                });
                let fill = match (marked, fringe) {
                    // A marked tile keeps its tint, lighter while hovered.
                    (Some(tint), _) | (None, Some(tint)) if hovered => {
                        tint.lerp_to_gamma(Color32::WHITE, 0.2)
                    }
                    (Some(tint), _) => tint,
                    (None, Some(_)) if picked => visuals.selection.bg_fill,
                    (None, Some(tint)) => tint,
                    (None, None) => tile_fill(&visuals, picked, hovered, home),
                };
                painter.rect_filled(tile_rect, radius, fill);
                painter.rect_stroke(
                    tile_rect,
                    radius,
                    Stroke::new(1.0, visuals.widgets.inactive.bg_stroke.color),
                    StrokeKind::Inside,
                );
                // In fringe colours a tile in place keeps its colour and
                // gets the in-place green as a ring.
                if fringe.is_some() && home {
                    home_ring(&painter, tile_rect, radius, cell);
                }
                painter.text(
                    tile_rect.center(),
                    Align2::CENTER_CENTER,
                    tile.to_string(),
                    FontId::proportional(cell * 0.38),
                    if marked.is_some() || fringe.is_some() {
                        Color32::WHITE
                    } else {
                        visuals.strong_text_color()
                    },
                );
            }
            if let Some(m) = opts.marks {
                draw_tile_marks(&painter, m, c, tile_rect, cell, radius);
            }
        }
        if let Some(m) = opts.marks {
            draw_links(&painter, m, &layout);
            draw_arrows(&painter, m, &layout, board.cells().len() / layout.cols);
        }
        input
    }

    fn interact(
        &mut self,
        ui: &egui::Ui,
        response: &egui::Response,
        board: &Board,
        layout: &Layout,
        opts: &BoardOptions<'_>,
    ) -> Option<BoardInput> {
        let edit_mode = opts.edit_mode;
        let n = board.cells().len();
        // Hover control: entering a cell (not resting in it) slides its
        // tile, if it is in the blank's line; not while a button is down
        // (a drag or a click has the board then).
        let under = response.hover_pos().and_then(|p| layout.cell_at(p, n));
        let entered = (under != self.hover_cell).then_some(under).flatten();
        self.hover_cell = under;
        if opts.look.hover_slide
            && !edit_mode
            && self.drag.is_none()
            && !ui.input(|i| i.pointer.any_down())
            && let Some(cell) = entered
            && let Some(action) = board.slide_moves(cell)
        {
            return Some(BoardInput::Slide {
                action,
                animate: true,
            });
        }
        if response.clicked() {
            let cell = response
                .interact_pointer_pos()
                .and_then(|p| layout.cell_at(p, n))?;
            return if edit_mode {
                Some(BoardInput::Pick(cell))
            } else {
                board.slide_moves(cell).map(|action| BoardInput::Slide {
                    action,
                    animate: true,
                })
            };
        }
        if edit_mode {
            return None;
        }
        // The drag starts where the button went down, not where egui saw
        // it become a drag: on a slow frame rate the pointer is far along
        // (or released) by then, and only press and release are seen.
        if response.drag_started()
            && let Some(start) = ui
                .input(|i| i.pointer.press_origin())
                .or_else(|| response.interact_pointer_pos())
            && let Some(cell) = layout.cell_at(start, n)
            && let Some(action) = board.slide_moves(cell)
        {
            let axis = match action[0] {
                Dir::Up => Vec2::new(0.0, 1.0),
                Dir::Down => Vec2::new(0.0, -1.0),
                Dir::Left => Vec2::new(1.0, 0.0),
                Dir::Right => Vec2::new(-1.0, 0.0),
            };
            self.anim = None;
            self.drag = Some(Drag {
                cells: line_cells(board, cell),
                action,
                axis,
                start,
                offset: 0.0,
            });
        }
        if let Some(d) = &mut self.drag {
            if let Some(p) = ui.input(|i| i.pointer.latest_pos()) {
                d.offset = (p - d.start).dot(d.axis).clamp(0.0, layout.cell);
            }
            if response.drag_stopped() || !ui.input(|i| i.pointer.any_down()) {
                let done = self.drag.take().expect("drag in progress");
                // Snap to the nearer cell.
                if done.offset > layout.cell / 2.0 {
                    return Some(BoardInput::Slide {
                        action: done.action,
                        animate: false,
                    });
                }
            }
        }
        None
    }
}

/// A tile's corner number and the hint's ring.
fn draw_tile_marks(
    painter: &egui::Painter,
    marks: &Marks,
    cell_index: usize,
    tile_rect: Rect,
    cell: f32,
    radius: CornerRadius,
) {
    if let Some(Some(text)) = marks.corner.get(cell_index) {
        let at = tile_rect.min + Vec2::splat(cell * 0.07);
        let galley = painter.layout_no_wrap(
            text.clone(),
            FontId::proportional((cell * 0.2).max(9.0)),
            Color32::WHITE,
        );
        let bubble = Rect::from_min_size(at, galley.size()).expand(2.0);
        painter.rect_filled(bubble, 3.0, Color32::from_black_alpha(150));
        painter.galley(at, galley, Color32::WHITE);
    }
    if marks.ring == Some(cell_index) {
        painter.rect_stroke(
            tile_rect,
            radius,
            Stroke::new((cell * 0.05).max(2.0), RING),
            StrokeKind::Outside,
        );
    }
}

/// The in-place green as a ring inside a tile (over a picture or a fringe
/// colour, which a green fill would hide).
fn home_ring(painter: &egui::Painter, tile_rect: Rect, radius: CornerRadius, cell: f32) {
    painter.rect_stroke(
        tile_rect,
        radius,
        Stroke::new((cell * 0.035).max(2.0), HOME_HOVERED),
        StrokeKind::Inside,
    );
}

/// A tile's number over its picture: small, white on a dark backdrop in
/// the lower-right corner, readable on any picture and clear of the
/// corner numbers (upper left).
fn number_label(painter: &egui::Painter, tile: u8, tile_rect: Rect, cell: f32) {
    let galley = painter.layout_no_wrap(
        tile.to_string(),
        FontId::proportional((cell * 0.17).max(10.0)),
        Color32::WHITE,
    );
    let pad = Vec2::new(4.0, 1.0);
    let at = tile_rect.max - galley.size() - pad - Vec2::splat(cell * 0.05);
    let backdrop = Rect::from_min_size(at - pad, galley.size() + pad * 2.0);
    painter.rect_filled(backdrop, 4.0, Color32::from_black_alpha(170));
    painter.galley(at, galley, Color32::WHITE);
}

/// The links, as arcs bulging away from the line they join (so that
/// several in one row stay apart), a dot at each end.
fn draw_links(painter: &egui::Painter, marks: &Marks, layout: &Layout) {
    let stroke = Stroke::new((layout.cell * 0.035).max(2.0), LINK);
    for &(a, b) in &marks.links {
        let (pa, pb) = (layout.cell_rect(a).center(), layout.cell_rect(b).center());
        // Above a row, right of a column: clear of the corner numbers
        // (upper left).
        let along = pb - pa;
        let normal = Vec2::new(along.y, -along.x).normalized();
        let normal = if normal.y > 0.0 || normal.x < 0.0 {
            -normal
        } else {
            normal
        };
        let lift = layout.cell * (0.25 + 0.1 * along.length() / layout.cell);
        let (ea, eb) = (
            pa + normal * layout.cell * 0.22,
            pb + normal * layout.cell * 0.22,
        );
        let control = ea + (eb - ea) / 2.0 + normal * lift;
        painter.add(egui::epaint::QuadraticBezierShape::from_points_stroke(
            [ea, control, eb],
            false,
            Color32::TRANSPARENT,
            stroke,
        ));
        for end in [ea, eb] {
            painter.circle_filled(end, stroke.width * 1.6, LINK);
        }
    }
}

/// How far an arrow keeps from every tile's centre, in cells: the tile's
/// number (up to two digits at 0.38 of a cell) lies within this.
const NUMBER_CLEARANCE: f32 = 0.27;

/// An arrow's course from cell `a`'s tile to cell `b`'s (`rows` × `cols`
/// cells of side 1, centres at half-integers), as points to join. A
/// straight line from centre to centre crossed the numbers of the tiles
/// between; this course keeps [`NUMBER_CLEARANCE`] from every tile's
/// centre (its own two included) and stays on the board: an arc bulging
/// to one side (the first of the bulges tried that is clear, to the
/// right of the way first, so a swap's two arrows arc apart), else a path
/// along the gaps between the tiles.
fn arrow_course(a: usize, b: usize, rows: usize, cols: usize) -> Vec<Pos2> {
    let centre = |c: usize| Pos2::new((c % cols) as f32 + 0.5, (c / cols) as f32 + 0.5);
    let (pa, pb) = (centre(a), centre(b));
    let along = pb - pa;
    let right = Vec2::new(-along.y, along.x).normalized();
    let (w, h) = (cols as f32, rows as f32);
    let inside = |p: &Pos2| p.x > 0.05 && p.y > 0.05 && p.x < w - 0.05 && p.y < h - 0.05;
    // The points of `course` clear of its own ends' numbers.
    let trimmed = |course: Vec<Pos2>| -> Vec<Pos2> {
        course
            .into_iter()
            .filter(|p| {
                p.distance(pa) >= NUMBER_CLEARANCE + 0.03
                    && p.distance(pb) >= NUMBER_CLEARANCE + 0.03
            })
            .collect()
    };
    let clear = |points: &[Pos2]| {
        points.len() >= 2
            && points.iter().all(inside)
            && points
                .iter()
                .all(|p| (0..rows * cols).all(|c| p.distance(centre(c)) >= NUMBER_CLEARANCE))
    };
    for bulge in [0.12f32, 0.25, 0.35, 0.5, 0.65, 0.85, 1.1, 1.4] {
        for middle in [0.5f32, 0.3, 0.7] {
            for side in [1.0f32, -1.0] {
                // A quadratic arc pulled `bulge` cells off the line.
                let control = pa + along * middle + right * side * bulge * 2.0;
                let point = |t: f32| {
                    let u = 1.0 - t;
                    (pa.to_vec2() * (u * u)
                        + control.to_vec2() * (2.0 * u * t)
                        + pb.to_vec2() * (t * t))
                        .to_pos2()
                };
                let points = trimmed((0..=48).map(|k| point(k as f32 / 48.0)).collect());
                if clear(&points) {
                    return points;
                }
            }
        }
    }
    // Along the gaps, which lie half a cell from every centre: from the
    // tile to its corner nearest the other (on the right of the way), one
    // bend, the other tile's corner, the tile.
    let corner = |p: Pos2, toward: Pos2| {
        [(-0.5, -0.5), (-0.5, 0.5), (0.5, -0.5), (0.5, 0.5)]
            .map(|(x, y)| p + Vec2::new(x, y))
            .into_iter()
            .filter(inside)
            .min_by(|x, y| x.distance(toward).total_cmp(&y.distance(toward)))
            .unwrap_or(p)
    };
    let (ca, cb) = (corner(pa, pb + right * 0.8), corner(pb, pa + right * 0.8));
    let middle = pa + along / 2.0;
    let bend = [Pos2::new(cb.x, ca.y), Pos2::new(ca.x, cb.y)]
        .into_iter()
        .max_by(|x, y| {
            (*x - middle)
                .dot(right)
                .total_cmp(&(*y - middle).dot(right))
        })
        .unwrap_or(ca);
    let corners = [pa, ca, bend, cb, pb];
    let mut points = Vec::new();
    for pair in corners.windows(2) {
        let n = ((pair[1] - pair[0]).length() * 16.0).ceil().max(1.0) as usize;
        points.extend((0..n).map(|k| pair[0] + (pair[1] - pair[0]) * (k as f32 / n as f32)));
    }
    points.push(pb);
    trimmed(points)
}

/// The arrows, each an arc from one tile to the other that keeps clear of
/// every tile's number ([`arrow_course`]), its head at the end.
fn draw_arrows(painter: &egui::Painter, marks: &Marks, layout: &Layout, rows: usize) {
    let stroke = Stroke::new((layout.cell * 0.025).max(1.5), ARROW);
    let to_screen = |p: Pos2| layout.origin + p.to_vec2() * layout.cell;
    for &(a, b) in &marks.arrows {
        let points: Vec<Pos2> = arrow_course(a, b, rows, layout.cols)
            .into_iter()
            .map(to_screen)
            .collect();
        let (Some(&end), Some(&before)) = (points.last(), points.iter().rev().nth(1)) else {
            continue;
        };
        painter.add(egui::Shape::line(points.clone(), stroke));
        let back = (before - end).normalized() * layout.cell * 0.12;
        let rot = |v: Vec2, angle: f32| {
            let (s, c) = angle.sin_cos();
            Vec2::new(c * v.x - s * v.y, s * v.x + c * v.y)
        };
        for angle in [0.45f32, -0.45] {
            painter.line_segment([end, end + rot(back, angle)], stroke);
        }
    }
}

/// A tile's fill: picked (edit mode) first, then in place (hovered or
/// not), then hovered, then plain.
fn tile_fill(visuals: &egui::Visuals, picked: bool, hovered: bool, home: bool) -> Color32 {
    match (picked, hovered, home) {
        (true, _, _) => visuals.selection.bg_fill,
        (false, true, true) => HOME_HOVERED,
        (false, false, true) => HOME,
        (false, true, false) => visuals.widgets.hovered.weak_bg_fill,
        (false, false, false) => visuals.widgets.inactive.weak_bg_fill,
    }
}

/// The cells from `cell` up to (not including) the blank, in its line.
fn line_cells(board: &Board, cell: usize) -> Vec<usize> {
    let Some(action) = board.slide_moves(cell) else {
        return Vec::new();
    };
    let mut cells = Vec::new();
    let mut c = board.blank();
    for d in action {
        c = board
            .shape()
            .neighbour(c, d)
            .expect("slide moves stay on the board");
        cells.push(c);
    }
    cells
}

fn ease(t: f32) -> f32 {
    let t = t.clamp(0.0, 1.0);
    1.0 - (1.0 - t) * (1.0 - t)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Green dominates: the colour reads as "in place".
    fn greenish(c: Color32) -> bool {
        c.g() > c.r() + 0x20 && c.g() > c.b() + 0x10
    }

    /// Every arrow an unsolvable board's cycles can need, on boards up to
    /// 6×6, stays clear of every tile's number (issue 43 item 12: a
    /// straight line from centre to centre crossed the numbers of the
    /// tiles between, 3 → 5 on a 3×3 board the centre tile's) and on the
    /// board.
    #[test]
    fn arrows_keep_clear_of_every_tile_s_number() {
        for (rows, cols) in [
            (2, 2),
            (2, 3),
            (3, 3),
            (3, 4),
            (4, 4),
            (5, 5),
            (6, 6),
            (3, 7),
        ] {
            let centre = |c: usize| Pos2::new((c % cols) as f32 + 0.5, (c / cols) as f32 + 0.5);
            for a in 0..rows * cols {
                for b in (0..rows * cols).filter(|&b| b != a) {
                    let course = arrow_course(a, b, rows, cols);
                    assert!(course.len() > 2, "{a}→{b} on {rows}×{cols}");
                    for p in &course {
                        for c in 0..rows * cols {
                            assert!(
                                p.distance(centre(c)) >= NUMBER_CLEARANCE,
                                "{a}→{b} on {rows}×{cols} passes {p:?}, over tile {c}'s number"
                            );
                        }
                        assert!(p.x > 0.0 && p.y > 0.0 && p.x < cols as f32 && p.y < rows as f32);
                    }
                }
            }
        }
    }

    #[test]
    fn a_hovered_tile_in_place_stays_green_and_differs_from_its_resting_look() {
        for visuals in [egui::Visuals::dark(), egui::Visuals::light()] {
            let resting = tile_fill(&visuals, false, false, true);
            let hovered = tile_fill(&visuals, false, true, true);
            assert!(greenish(resting) && greenish(hovered), "{hovered:?}");
            assert_ne!(resting, hovered, "hover still shows");
            let plain_hovered = tile_fill(&visuals, false, true, false);
            assert!(!greenish(plain_hovered), "only tiles in place are green");
            assert_ne!(plain_hovered, tile_fill(&visuals, false, false, false));
            assert_eq!(
                tile_fill(&visuals, true, true, true),
                visuals.selection.bg_fill,
                "a picked tile shows as picked"
            );
        }
    }
}
