//! A Klotski layout in a link: `puzzle=klotski`, `layout=` a classic's
//! number or name or a layout's text (the first classic if none),
//! `metric=moves|steps`.

use crate::app::command::{Command, PlayCommand};
use crate::app::link::{FamilyLink, LinkedPuzzle, Params, Refused};
use crate::app::model::Start;
use crate::app::settings::Family;
use crate::engine::klotski::{Layout, Metric};

/// Klotski's part of links.
pub struct KlotskiLink;

impl FamilyLink for KlotskiLink {
    fn names(&self, kind: &str) -> bool {
        kind.eq_ignore_ascii_case("klotski")
    }

    fn own_parameters(&self) -> &'static [&'static str] {
        &["layout", "metric"]
    }

    fn puzzle(&self, _: &str, params: &Params<'_>) -> Result<LinkedPuzzle, Refused> {
        let (get, refuse) = (|name| params.get(name), |name| params.refuse(name));
        let layout = get("layout").unwrap_or("1");
        let open = match crate::storage::layouts::find(layout) {
            Some(classic) => {
                let all = crate::storage::layouts::classics();
                let index = all.iter().position(|c| std::ptr::eq(c, classic));
                Command::Play(PlayCommand::LoadClassic(
                    index.ok_or_else(|| refuse("layout"))?,
                ))
            }
            None => Command::Play(PlayCommand::SetLayout(
                Layout::parse(layout).map_err(|_| refuse("layout"))?,
            )),
        };
        let metric = match get("metric") {
            None => None,
            Some(name) => Some(Metric::from_name(name).ok_or_else(|| refuse("metric"))?),
        };
        Ok(LinkedPuzzle {
            family: Family::Klotski,
            shape: None,
            metric,
            open,
        })
    }

    fn query(&self, start: &Start) -> Option<String> {
        let Start::Klotski(layout, metric) = start else {
            return None;
        };
        Some(format!(
            "?puzzle=klotski&layout={}&metric={}",
            layout.to_text(),
            metric.name()
        ))
    }
}
