//! Links that open a puzzle: the web edition reads its address, e.g.
//! `?puzzle=3x3&state=8,6,7,2,5,4,3,0,1&strategy=astar&heuristic=manhattan&solve`
//! or `?puzzle=klotski&layout=1&metric=steps&inspect`, and carries it out
//! as the commands a person would give. A link with a parameter it cannot
//! use opens nothing of it, and says which parameter was refused.
//!
//! What a link says of its puzzle (`puzzle=` and the family's own
//! parameters) each family says in its own module, as a [`FamilyLink`]
//! its play view hands over (`PlayView::link`); this module reads and
//! writes the rest (strategy, heuristic, what to do).

use super::command::{Command, PlayCommand};
use super::model::Start;
use super::settings::{Family, Settings};
use crate::engine::klotski::Metric;
use crate::engine::strategy;
use crate::engine::{HeuristicKind, Shape};

/// One family's part of links.
pub trait FamilyLink: Sync {
    /// Whether `puzzle=kind` names a puzzle of this family.
    fn names(&self, kind: &str) -> bool;
    /// The parameters only this family's links take (`state`, `layout`, …).
    fn own_parameters(&self) -> &'static [&'static str];
    /// The puzzle `puzzle=kind` opens, read with this family's own
    /// parameters from `params`.
    fn puzzle(&self, kind: &str, params: &Params<'_>) -> Result<LinkedPuzzle, Refused>;
    /// The query's first part for `start` (`?puzzle=…` and this family's
    /// own parameters), if `start` is of this family.
    fn query(&self, start: &Start) -> Option<String>;
}

/// The puzzle a link opens, as its family read it.
#[derive(Clone, Debug)]
pub struct LinkedPuzzle {
    /// Its family.
    pub family: Family,
    /// The board shape a tile heuristic must fit (`None`: its searches
    /// take no heuristic, and a link naming one is refused).
    pub shape: Option<Shape>,
    /// The metric its searches count in, where the link says one.
    pub metric: Option<Metric>,
    /// The command that opens it.
    pub open: Command,
}

/// What to do once the puzzle is open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Then {
    Play,
    Solve,
    Inspect,
}

/// A link's request, checked.
#[derive(Clone, Debug)]
pub struct Link {
    puzzle: LinkedPuzzle,
    strategy: Option<&'static str>,
    heuristic: Option<HeuristicKind>,
    then: Then,
}

/// A link's parameters, decoded, in their order.
pub struct Params<'a>(&'a [(String, String)]);

impl<'a> Params<'a> {
    /// The value of the parameter `name`, if the link gives it.
    pub fn get(&self, name: &str) -> Option<&'a str> {
        self.0
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// The parameter `name` refused, with what it said.
    pub fn refuse(&self, name: &str) -> Refused {
        Refused {
            parameter: name.to_string(),
            value: self.get(name).unwrap_or_default().to_string(),
        }
    }
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
/// [`Link::parse`] reads it with the same `families`.
pub fn query_of(settings: &Settings, start: &Start, families: &[&dyn FamilyLink]) -> String {
    let strategy = settings.strategy();
    let mut query = families
        .iter()
        .find_map(|f| f.query(start))
        .unwrap_or_default();
    query.push_str(&format!("&strategy={}", strategy.name()));
    // Only a board a heuristic fits is linked with one.
    if strategy.uses_heuristic() && start.shape().is_some() {
        query.push_str(&format!("&heuristic={}", settings.heuristic.name()));
    }
    query.shrink_to_fit();
    query
}

impl Link {
    /// The link in the query `query` (`?` and all, or without it); `None`
    /// when it names no puzzle (an address without parameters).
    pub fn parse(query: &str, families: &[&dyn FamilyLink]) -> Result<Option<Link>, Refused> {
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
        let params = Params(&pairs);
        let get = |name: &str| params.get(name);
        let refuse = |name: &str| params.refuse(name);
        // Parameters every link may take; the families add their own.
        const COMMON: &[&str] = &["puzzle", "strategy", "heuristic", "solve", "inspect"];
        let own = |key: &str| families.iter().any(|f| f.own_parameters().contains(&key));
        for (key, value) in &pairs {
            let flag = key == "solve" || key == "inspect";
            let repeated = pairs.iter().filter(|(k, _)| k == key).count() > 1;
            let known = COMMON.contains(&key.as_str()) || own(key);
            if !known || repeated || (flag && !value.is_empty()) {
                return Err(Refused {
                    parameter: key.clone(),
                    value: value.clone(),
                });
            }
        }
        let kind = get("puzzle").ok_or_else(|| refuse("puzzle"))?;
        let family = families
            .iter()
            .find(|f| f.names(kind))
            .ok_or_else(|| refuse("puzzle"))?;
        // Another family's parameter is refused, not ignored.
        if let Some((key, _)) = pairs.iter().find(|(key, _)| {
            !COMMON.contains(&key.as_str()) && !family.own_parameters().contains(&key.as_str())
        }) {
            return Err(refuse(key));
        }
        let puzzle = family.puzzle(kind, &params)?;
        let strategy = match get("strategy") {
            None => None,
            Some(name) => Some(
                strategy::for_family(puzzle.family)
                    .find(|s| s.name() == name)
                    .ok_or_else(|| refuse("strategy"))?
                    .name(),
            ),
        };
        let heuristic = match (get("heuristic"), puzzle.shape) {
            (None, _) => None,
            (Some(name), Some(shape)) => {
                let kind = HeuristicKind::from_name(name).ok_or_else(|| refuse("heuristic"))?;
                if !crate::app::offered::fits(kind, shape) {
                    return Err(refuse("heuristic"));
                }
                Some(kind)
            }
            (Some(_), None) => return Err(refuse("heuristic")),
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
            then,
        }))
    }

    /// The commands that open it, as a person would give them, from the
    /// settings `settings`.
    pub fn commands(&self, settings: &Settings) -> Vec<Command> {
        let mut changed = settings.clone();
        let mut out = Vec::new();
        changed.family = self.puzzle.family;
        if let Some(shape) = self.puzzle.shape {
            changed.rows = shape.rows;
            changed.cols = shape.cols;
        }
        if let Some(name) = self.strategy {
            changed.strategy = name.to_string();
        }
        if let Some(kind) = self.heuristic {
            changed.heuristic = kind;
        }
        if let Some(metric) = self.puzzle.metric {
            changed.metric = metric;
        }
        out.push(Command::SetFamily(changed.family));
        out.push(Command::SetSettings(Box::new(changed)));
        out.push(self.puzzle.open.clone());
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
    use crate::app::klotski::link::KlotskiLink;
    use crate::app::tiles::link::TileLink;
    use crate::engine::TilePuzzle;
    use crate::engine::klotski::Layout;

    /// The families' parts of links, as the app's play views hand them over.
    const FAMILIES: [&dyn FamilyLink; 2] = [&TileLink, &KlotskiLink];

    fn parse(query: &str) -> Result<Option<Link>, Refused> {
        Link::parse(query, &FAMILIES)
    }

    /// The command that opens the link's puzzle, in words to compare.
    fn opens(link: &Link) -> String {
        format!("{:?}", link.puzzle.open)
    }

    #[test]
    fn a_tile_link_names_its_start_strategy_heuristic_and_what_to_do() {
        let link =
            parse("?puzzle=3x3&state=8,6,7,2,5,4,3,0,1&strategy=astar&heuristic=manhattan&solve")
                .unwrap()
                .unwrap();
        let start = TilePuzzle::parse("8 6 7 2 5 4 3 0 1", None, None).unwrap();
        assert_eq!(link.puzzle.family, Family::Tiles);
        assert_eq!(link.puzzle.shape, Some(start.shape()));
        assert_eq!(opens(&link), format!("{:?}", Command::SetPuzzle(start)));
        assert_eq!(link.strategy, Some("astar"));
        assert_eq!(link.heuristic, Some(HeuristicKind::Manhattan));
        assert_eq!(link.then, Then::Solve);
        // Spaces written as %20 or + read as commas do.
        let spaced = parse("puzzle=3x3&state=8%206+7,2,5,4,3,0,1")
            .unwrap()
            .unwrap();
        assert_eq!(opens(&spaced), opens(&link));
    }

    #[test]
    fn a_klotski_link_opens_a_classic_by_number_or_name_or_a_layout_by_its_text() {
        let by_number = parse("puzzle=klotski&layout=1&metric=steps&inspect")
            .unwrap()
            .unwrap();
        assert_eq!(by_number.puzzle.family, Family::Klotski);
        assert_eq!(
            opens(&by_number),
            format!("{:?}", Command::Play(PlayCommand::LoadClassic(0)))
        );
        assert_eq!(
            (by_number.puzzle.metric, by_number.then),
            (Some(Metric::Steps), Then::Inspect)
        );
        let by_name = parse("puzzle=klotski&layout=%E6%A8%AA%E5%88%80%E7%AB%8B%E9%A9%AC").unwrap();
        assert_eq!(opens(&by_name.unwrap()), opens(&by_number));
        let text = "BAAC/BAAC/DEEF/DGHF/I..J";
        let given = parse(&format!("puzzle=klotski&layout={text}"))
            .unwrap()
            .unwrap();
        let layout = Layout::parse(text).unwrap();
        assert_eq!(
            opens(&given),
            format!("{:?}", Command::Play(PlayCommand::SetLayout(layout)))
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
        let query = query_of(&settings, &Start::Tiles(tiles.clone()), &FAMILIES);
        let link = parse(&query).unwrap().unwrap();
        assert_eq!(
            opens(&link),
            format!("{:?}", Command::SetPuzzle(tiles)),
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
        let query = query_of(&bfs, &Start::Tiles(start), &FAMILIES);
        assert!(!query.contains("heuristic"), "{query}");
        let layout = Layout::parse("BAAC/BAAC/DEEF/DGHF/I..J").unwrap();
        let query = query_of(
            &settings,
            &Start::Klotski(layout.clone(), Metric::Steps),
            &FAMILIES,
        );
        // No heuristic for a layout, even with one that takes it chosen.
        assert!(!query.contains("heuristic"), "{query}");
        let query = query_of(
            &bfs,
            &Start::Klotski(layout.clone(), Metric::Steps),
            &FAMILIES,
        );
        let link = parse(&query).unwrap().unwrap();
        // Given as text, the layout opens as it was (a classic's too).
        assert_eq!(
            opens(&link),
            format!("{:?}", Command::Play(PlayCommand::SetLayout(layout))),
            "{query}"
        );
        assert_eq!(
            (link.puzzle.metric, link.strategy),
            (Some(Metric::Steps), Some("bfs"))
        );
    }

    #[test]
    fn no_parameters_is_no_link() {
        assert!(matches!(parse(""), Ok(None)));
        assert!(matches!(parse("?"), Ok(None)));
    }

    #[test]
    fn each_bad_parameter_is_named_with_what_it_said() {
        let refused = |query: &str| parse(query).unwrap_err();
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
        let link = parse("puzzle=4x4&strategy=idastar&heuristic=pdb663")
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
