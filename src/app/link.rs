//! Links that open a puzzle: the web edition reads its address, e.g.
//! `?puzzle=3x3&state=8,6,7,2,5,4,3,0,1&strategy=astar&heuristic=manhattan&solve`
//! or `?puzzle=klotski&layout=1&metric=steps&inspect`, and carries it out
//! as the commands a person would give. A link with a parameter it cannot
//! use opens nothing of it, and says which parameter was refused.

use super::command::{Command, PlayCommand};
use super::model::Start;
use super::settings::{Family, Settings};
use crate::engine::klotski::{Layout, Metric};
use crate::engine::strategy;
use crate::engine::{HeuristicKind, Shape, TilePuzzle};

/// The puzzle a link opens.
#[derive(Clone, Debug, PartialEq)]
enum Puzzle {
    /// A tile board of that shape, at that start (a random one if none).
    Tiles(Shape, Option<TilePuzzle>),
    /// A Klotski layout: a shipped one by its index, or one given whole.
    Klotski(KlotskiStart),
}

#[derive(Clone, Debug, PartialEq)]
enum KlotskiStart {
    Classic(usize),
    Given(Layout),
}

/// What to do once the puzzle is open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Then {
    Play,
    Solve,
    Inspect,
}

/// A link's request, checked.
#[derive(Clone, Debug, PartialEq)]
pub struct Link {
    puzzle: Puzzle,
    strategy: Option<&'static str>,
    heuristic: Option<HeuristicKind>,
    metric: Option<Metric>,
    then: Then,
}

/// A parameter a link gave that cannot be used: its name and value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    /// `state`, `strategy`, … (or the unknown name itself).
    pub parameter: String,
    /// What it said.
    pub value: String,
}

/// Percent-decoding of one query component (`+` is a space), as browsers
/// write addresses.
fn decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' => {
                let hex = text.get(i + 1..i + 3)?;
                out.push(u8::from_str_radix(hex, 16).ok()?);
                i += 2;
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8(out).ok()
}

/// The query of a link that opens `start` with the strategy (and the
/// heuristic, where it uses one) chosen in `settings`; it reads back as
/// [`Link::parse`] reads it.
pub fn query_of(settings: &Settings, start: &Start) -> String {
    let cells = |b: &crate::engine::Board| {
        let cells: Vec<String> = b.cells().iter().map(u8::to_string).collect();
        cells.join(",")
    };
    let strategy = settings.strategy();
    let mut query = match start {
        Start::Tiles(puzzle) => {
            let shape = puzzle.shape();
            let mut q = format!(
                "?puzzle={}x{}&state={}",
                shape.rows,
                shape.cols,
                cells(&puzzle.start)
            );
            if puzzle.goal != crate::engine::Board::goal(shape) {
                q.push_str(&format!("&goal={}", cells(&puzzle.goal)));
            }
            q.push_str(&format!("&strategy={}", strategy.name()));
            if strategy.uses_heuristic() {
                q.push_str(&format!("&heuristic={}", settings.heuristic.name()));
            }
            q
        }
        Start::Klotski(layout, metric) => format!(
            "?puzzle=klotski&layout={}&metric={}&strategy={}",
            layout.to_text(),
            match metric {
                Metric::Moves => "moves",
                Metric::Steps => "steps",
            },
            strategy.name()
        ),
    };
    query.shrink_to_fit();
    query
}

impl Link {
    /// The link in the query `query` (`?` and all, or without it); `None`
    /// when it names no puzzle (an address without parameters).
    pub fn parse(query: &str) -> Result<Option<Link>, Refused> {
        let query = query.strip_prefix('?').unwrap_or(query);
        let mut pairs = Vec::new();
        for part in query.split('&').filter(|p| !p.is_empty()) {
            let (key, value) = part.split_once('=').unwrap_or((part, ""));
            let refused = || Refused {
                parameter: key.to_string(),
                value: value.to_string(),
            };
            let key = decode(key).ok_or_else(refused)?;
            let value = decode(value).ok_or_else(refused)?;
            pairs.push((key, value));
        }
        if pairs.is_empty() {
            return Ok(None);
        }
        let get = |name: &str| {
            pairs
                .iter()
                .find(|(k, _)| k == name)
                .map(|(_, v)| v.as_str())
        };
        let refuse = |name: &str| Refused {
            parameter: name.to_string(),
            value: get(name).unwrap_or_default().to_string(),
        };
        const KNOWN: &[&str] = &[
            "puzzle",
            "state",
            "goal",
            "layout",
            "strategy",
            "heuristic",
            "metric",
            "solve",
            "inspect",
        ];
        for (key, value) in &pairs {
            let flag = key == "solve" || key == "inspect";
            let repeated = pairs.iter().filter(|(k, _)| k == key).count() > 1;
            if !KNOWN.contains(&key.as_str()) || repeated || (flag && !value.is_empty()) {
                return Err(Refused {
                    parameter: key.clone(),
                    value: value.clone(),
                });
            }
        }
        let kind = get("puzzle").ok_or_else(|| refuse("puzzle"))?;
        let family_only = |name: &str, family: bool| match (get(name), family) {
            (Some(_), false) => Err(refuse(name)),
            _ => Ok(()),
        };
        let puzzle = if kind.eq_ignore_ascii_case("klotski") {
            family_only("state", false)?;
            family_only("goal", false)?;
            family_only("heuristic", false)?;
            let layout = get("layout").unwrap_or("1");
            let start = match crate::storage::layouts::find(layout) {
                Some(classic) => {
                    let all = crate::storage::layouts::classics();
                    let index = all.iter().position(|c| std::ptr::eq(c, classic));
                    KlotskiStart::Classic(index.ok_or_else(|| refuse("layout"))?)
                }
                None => KlotskiStart::Given(Layout::parse(layout).map_err(|_| refuse("layout"))?),
            };
            Puzzle::Klotski(start)
        } else {
            family_only("layout", false)?;
            family_only("metric", false)?;
            let shape = Shape::parse(kind).map_err(|_| refuse("puzzle"))?;
            let size = format!("{}x{}", shape.rows, shape.cols);
            let goal = match get("goal") {
                None => None,
                Some(goal) => {
                    let cells = goal.replace(',', " ");
                    crate::engine::Board::parse(&cells, Some(shape)).map_err(|_| refuse("goal"))?;
                    Some(cells)
                }
            };
            let start = match get("state") {
                None if goal.is_some() => return Err(refuse("goal")),
                None => None,
                Some(state) => {
                    let cells = state.replace(',', " ");
                    let puzzle = TilePuzzle::parse(&cells, Some(&size), goal.as_deref())
                        .map_err(|_| refuse("state"))?;
                    Some(puzzle)
                }
            };
            Puzzle::Tiles(shape, start)
        };
        let family = match puzzle {
            Puzzle::Tiles(..) => Family::Tiles,
            Puzzle::Klotski(_) => Family::Klotski,
        };
        let strategy = match get("strategy") {
            None => None,
            Some(name) => Some(
                strategy::for_family(family)
                    .find(|s| s.name() == name)
                    .ok_or_else(|| refuse("strategy"))?
                    .name(),
            ),
        };
        let heuristic = match (get("heuristic"), &puzzle) {
            (None, _) => None,
            (Some(name), Puzzle::Tiles(shape, _)) => {
                let kind = HeuristicKind::from_name(name).ok_or_else(|| refuse("heuristic"))?;
                if !crate::app::offered::fits(kind, *shape) {
                    return Err(refuse("heuristic"));
                }
                Some(kind)
            }
            (Some(_), Puzzle::Klotski(_)) => return Err(refuse("heuristic")),
        };
        let metric = match get("metric") {
            None => None,
            Some("moves") => Some(Metric::Moves),
            Some("steps") => Some(Metric::Steps),
            Some(_) => return Err(refuse("metric")),
        };
        let then = match (get("solve").is_some(), get("inspect").is_some()) {
            (false, false) => Then::Play,
            (true, false) => Then::Solve,
            (false, true) => Then::Inspect,
            (true, true) => return Err(refuse("inspect")),
        };
        Ok(Some(Link {
            puzzle,
            strategy,
            heuristic,
            metric,
            then,
        }))
    }

    /// The commands that open it, as a person would give them, from the
    /// settings `settings`.
    pub fn commands(&self, settings: &Settings) -> Vec<Command> {
        let mut changed = settings.clone();
        let mut out = Vec::new();
        match &self.puzzle {
            Puzzle::Tiles(shape, _) => {
                changed.family = Family::Tiles;
                changed.rows = shape.rows;
                changed.cols = shape.cols;
            }
            Puzzle::Klotski(_) => changed.family = Family::Klotski,
        }
        if let Some(name) = self.strategy {
            changed.strategy = name.to_string();
        }
        if let Some(kind) = self.heuristic {
            changed.heuristic = kind;
        }
        if let Some(metric) = self.metric {
            changed.metric = metric;
        }
        out.push(Command::SetFamily(changed.family));
        out.push(Command::SetSettings(Box::new(changed)));
        out.push(match &self.puzzle {
            Puzzle::Tiles(_, Some(puzzle)) => Command::SetPuzzle(puzzle.clone()),
            Puzzle::Tiles(shape, None) => Command::Play(PlayCommand::NewSize(*shape)),
            Puzzle::Klotski(KlotskiStart::Classic(i)) => {
                Command::Play(PlayCommand::LoadClassic(*i))
            }
            Puzzle::Klotski(KlotskiStart::Given(layout)) => {
                Command::Play(PlayCommand::SetLayout(layout.clone()))
            }
        });
        match self.then {
            Then::Play => {}
            Then::Solve => out.push(Command::Play(PlayCommand::Solve)),
            Then::Inspect => out.push(Command::Inspect),
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tile_link_names_its_start_strategy_heuristic_and_what_to_do() {
        let link = Link::parse(
            "?puzzle=3x3&state=8,6,7,2,5,4,3,0,1&strategy=astar&heuristic=manhattan&solve",
        )
        .unwrap()
        .unwrap();
        let start = TilePuzzle::parse("8 6 7 2 5 4 3 0 1", None, None).unwrap();
        assert_eq!(link.puzzle, Puzzle::Tiles(start.shape(), Some(start)));
        assert_eq!(link.strategy, Some("astar"));
        assert_eq!(link.heuristic, Some(HeuristicKind::Manhattan));
        assert_eq!(link.then, Then::Solve);
        // Spaces written as %20 or + read as commas do.
        let spaced = Link::parse("puzzle=3x3&state=8%206+7,2,5,4,3,0,1")
            .unwrap()
            .unwrap();
        assert_eq!(spaced.puzzle, link.puzzle);
    }

    #[test]
    fn a_klotski_link_opens_a_classic_by_number_or_name_or_a_layout_by_its_text() {
        let by_number = Link::parse("puzzle=klotski&layout=1&metric=steps&inspect")
            .unwrap()
            .unwrap();
        assert_eq!(by_number.puzzle, Puzzle::Klotski(KlotskiStart::Classic(0)));
        assert_eq!(
            (by_number.metric, by_number.then),
            (Some(Metric::Steps), Then::Inspect)
        );
        let by_name =
            Link::parse("puzzle=klotski&layout=%E6%A8%AA%E5%88%80%E7%AB%8B%E9%A9%AC").unwrap();
        assert_eq!(by_name.unwrap().puzzle, by_number.puzzle);
        let text = "BAAC/BAAC/DEEF/DGHF/I..J";
        let given = Link::parse(&format!("puzzle=klotski&layout={text}"))
            .unwrap()
            .unwrap();
        assert_eq!(
            given.puzzle,
            Puzzle::Klotski(KlotskiStart::Given(Layout::parse(text).unwrap()))
        );
    }

    #[test]
    fn a_copied_link_reads_back_as_the_puzzle_and_strategy_it_was_made_of() {
        let goal = "0 1 2 3 4 5 6 7 8";
        let tiles = TilePuzzle::parse("8 6 7 2 5 4 3 0 1", Some("3x3"), Some(goal)).unwrap();
        let settings = Settings {
            strategy: "idastar".to_string(),
            heuristic: HeuristicKind::LinearConflict,
            ..Settings::default()
        };
        let query = query_of(&settings, &Start::Tiles(tiles.clone()));
        let link = Link::parse(&query).unwrap().unwrap();
        assert_eq!(
            link.puzzle,
            Puzzle::Tiles(tiles.shape(), Some(tiles)),
            "{query}"
        );
        assert_eq!(link.strategy, Some("idastar"));
        assert_eq!(link.heuristic, Some(HeuristicKind::LinearConflict));
        // A strategy that takes no heuristic is linked without one.
        let bfs = Settings {
            strategy: "bfs".to_string(),
            ..settings.clone()
        };
        let start = TilePuzzle::parse("1 2 3 4 5 6 7 0 8", None, None).unwrap();
        let query = query_of(&bfs, &Start::Tiles(start));
        assert!(!query.contains("heuristic"), "{query}");
        let layout = Layout::parse("BAAC/BAAC/DEEF/DGHF/I..J").unwrap();
        let query = query_of(&bfs, &Start::Klotski(layout.clone(), Metric::Steps));
        let link = Link::parse(&query).unwrap().unwrap();
        // Given as text, the layout opens as it was (a classic's too).
        assert_eq!(
            link.puzzle,
            Puzzle::Klotski(KlotskiStart::Given(layout)),
            "{query}"
        );
        assert_eq!(
            (link.metric, link.strategy),
            (Some(Metric::Steps), Some("bfs"))
        );
    }

    #[test]
    fn no_parameters_is_no_link() {
        assert_eq!(Link::parse(""), Ok(None));
        assert_eq!(Link::parse("?"), Ok(None));
    }

    #[test]
    fn each_bad_parameter_is_named_with_what_it_said() {
        let refused = |query: &str| Link::parse(query).unwrap_err();
        let cases = [
            ("puzzle=3x3&state=1,2,3", "state", "1,2,3"),
            (
                "puzzle=3x3&state=1,1,2,3,4,5,6,7,0",
                "state",
                "1,1,2,3,4,5,6,7,0",
            ),
            ("puzzle=0x9", "puzzle", "0x9"),
            ("puzzle=cube", "puzzle", "cube"),
            ("state=1,2,3,4,5,6,7,8,0", "puzzle", ""),
            ("puzzle=3x3&strategy=teleport", "strategy", "teleport"),
            // Fast solves tile boards only; databases fit their boards only.
            ("puzzle=klotski&strategy=fast", "strategy", "fast"),
            ("puzzle=3x3&heuristic=pdb663", "heuristic", "pdb663"),
            ("puzzle=3x3&heuristic=nearby", "heuristic", "nearby"),
            (
                "puzzle=klotski&heuristic=manhattan",
                "heuristic",
                "manhattan",
            ),
            ("puzzle=klotski&layout=99", "layout", "99"),
            ("puzzle=klotski&layout=AB/..", "layout", "AB/.."),
            ("puzzle=klotski&metric=hops", "metric", "hops"),
            ("puzzle=3x3&metric=moves", "metric", "moves"),
            ("puzzle=3x3&colour=red", "colour", "red"),
            ("puzzle=3x3&solve=yes", "solve", "yes"),
            ("puzzle=3x3&solve&inspect", "inspect", ""),
            ("puzzle=3x3&puzzle=4x4", "puzzle", "3x3"),
            ("puzzle=3x3&state=%ZZ", "state", "%ZZ"),
            (
                "puzzle=3x3&goal=1,2,3,4,5,6,7,8,0",
                "goal",
                "1,2,3,4,5,6,7,8,0",
            ),
            ("puzzle=3x3&state=1,2,3,4,5,6,7,8,0&goal=1,2", "goal", "1,2"),
            ("puzzle=klotski&goal=1,2", "goal", "1,2"),
        ];
        for (query, parameter, value) in cases {
            let said = refused(query);
            assert_eq!(
                (said.parameter.as_str(), said.value.as_str()),
                (parameter, value),
                "{query}"
            );
        }
    }

    #[test]
    fn a_link_opens_as_a_person_would_choose() {
        let settings = Settings::default();
        let link = Link::parse("puzzle=4x4&strategy=idastar&heuristic=pdb663")
            .unwrap()
            .unwrap();
        let commands = link.commands(&settings);
        let Command::SetSettings(changed) = &commands[1] else {
            panic!("{commands:?}")
        };
        assert_eq!((changed.rows, changed.cols), (4, 4));
        assert_eq!(changed.strategy, "idastar");
        assert_eq!(changed.heuristic, HeuristicKind::Pdb);
        assert!(matches!(commands[0], Command::SetFamily(Family::Tiles)));
        assert!(matches!(
            commands[2],
            Command::Play(PlayCommand::NewSize(_))
        ));
        assert_eq!(commands.len(), 3);
    }
}
