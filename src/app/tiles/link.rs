//! A tile board in a link: `puzzle=3x3`, `state=8,6,7,2,5,4,3,0,1` (a
//! random start if none), `goal=…` (with a state only).

use crate::app::command::{Command, PlayCommand};
use crate::app::link::{FamilyLink, LinkedPuzzle, Params, Refused};
use crate::app::model::Start;
use crate::app::settings::Family;
use crate::engine::{Board, Shape, TilePuzzle};

/// Tile boards' part of links.
pub struct TileLink;

/// A board's cells as a link writes them: `8,6,7,2,5,4,3,0,1`.
fn cells(board: &Board) -> String {
    let cells: Vec<String> = board.cells().iter().map(u8::to_string).collect();
    cells.join(",")
}

impl FamilyLink for TileLink {
    fn names(&self, kind: &str) -> bool {
        Shape::parse(kind).is_ok()
    }

    fn own_parameters(&self) -> &'static [&'static str] {
        &["state", "goal"]
    }

    fn puzzle(&self, kind: &str, params: &Params<'_>) -> Result<LinkedPuzzle, Refused> {
        let (get, refuse) = (|name| params.get(name), |name| params.refuse(name));
        let shape = Shape::parse(kind).map_err(|_| refuse("puzzle"))?;
        let size = format!("{}x{}", shape.rows, shape.cols);
        let goal = match get("goal") {
            None => None,
            Some(goal) => {
                let cells = goal.replace(',', " ");
                Board::parse(&cells, Some(shape)).map_err(|_| refuse("goal"))?;
                Some(cells)
            }
        };
        let open = match get("state") {
            None if goal.is_some() => return Err(refuse("goal")),
            None => Command::Play(PlayCommand::NewSize(shape)),
            Some(state) => {
                let cells = state.replace(',', " ");
                let puzzle = TilePuzzle::parse(&cells, Some(&size), goal.as_deref())
                    .map_err(|_| refuse("state"))?;
                Command::SetPuzzle(puzzle)
            }
        };
        Ok(LinkedPuzzle {
            family: Family::Tiles,
            shape: Some(shape),
            metric: None,
            open,
        })
    }

    fn query(&self, start: &Start) -> Option<String> {
        let Start::Tiles(puzzle) = start else {
            return None;
        };
        let shape = puzzle.shape();
        let mut q = format!(
            "?puzzle={}x{}&state={}",
            shape.rows,
            shape.cols,
            cells(&puzzle.start)
        );
        if puzzle.goal != Board::goal(shape) {
            q.push_str(&format!("&goal={}", cells(&puzzle.goal)));
        }
        Some(q)
    }
}
