//! Why a search ended without a solution, in both languages. The engine
//! gives its reason in English words only (`Outcome::reason`, what the CLI
//! prints); the app words each case it knows from the outcome itself (its
//! status and counters), so no English reaches the Chinese UI. A reason the
//! app cannot tell apart (an internal error) is shown as the engine wrote
//! it.

use super::{Lang, Message, messages, names};
use crate::engine::{Stats, Status};

messages! {
    /// The reasons a search ended unsolved.
    ReasonMsg;
    /// A search that went through every state it can reach.
    Exhausted =>
        "every reachable state was searched; none is the goal",
        "所有可达的状态都已搜索，没有一个是目标";
    /// Decided before any search (the start and goal differ in parity).
    CannotReach =>
        "the start cannot reach the goal",
        "起点无法到达目标";
    /// A local search that used up its iterations.
    OutOfIterations =>
        "no solution before its iterations ran out",
        "迭代次数用完，仍未找到解";
    /// A depth-limited search whose limit cut every path it could find.
    DepthLimit { limit: u32 } =>
        "no path within the depth limit of {limit} moves",
        "在深度上限 {limit} 步以内没有解";
    /// The status, then the reason.
    StatusBecause { status: String, why: String } => "{status}: {why}", "{status}，原因：{why}";
    /// How a stopped run ended, then the length it proved.
    EndedProving { ended: String, n: u32 } =>
        "{ended}; every solution takes at least {n} moves (proven by this search before it stopped)",
        "{ended}；本次搜索停止前已证明：任何解都至少要 {n} 步";
    /// The length proven, alone (a panel's line).
    Proven { n: u32 } =>
        "Every solution takes at least {n} moves (proven by this search before it stopped).",
        "本次搜索停止前已证明：任何解都至少要 {n} 步。";
    /// How a stopped run that proves no bound (not an exact search) ended.
    EndedProvingNothing { ended: String } =>
        "{ended}; a search of this kind stopped early proves no bound on the shortest solution",
        "{ended}；这类搜索没有完成就停止，不能证明最短解的下界";
    /// The same alone (a panel's line).
    ProvesNothing =>
        "Stopped early, a search of this kind proves no bound on the shortest solution.",
        "这类搜索没有完成就停止，不能证明最短解的下界。";
    /// The same, where a solution is counted in unit steps (Klotski).
    EndedProvingSteps { ended: String, n: u32 } =>
        "{ended}; every solution takes at least {n} steps (proven by this search before it stopped)",
        "{ended}；本次搜索停止前已证明：任何解都至少要 {n} 步";
}

/// A length a stopped exact search proved no solution is shorter than
/// ([`crate::engine::strategy::proven_lower_bound`]), in its metric.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Proven {
    /// The length (none: the search, not exact, proves none).
    pub at_least: Option<u32>,
    /// Counted in unit steps (Klotski's steps metric), not moves.
    pub in_steps: bool,
}

/// The reason a run that ended with `status` and `stats` gives, in
/// `lang`, beyond what the status says: `None` when the status says it all
/// (a limit, a cancel) or there is none. In English the engine's words
/// (`reason`), as the CLI prints them.
pub fn reason(status: Status, stats: &Stats, reason: Option<&str>, lang: Lang) -> Option<String> {
    let engine = reason.map(str::trim).filter(|r| !r.is_empty());
    if lang == Lang::English {
        let words = crate::units::status(status).to_lowercase();
        return engine
            .filter(|r| !words.contains(&r.to_lowercase()))
            .map(str::to_string);
    }
    let known = match status {
        Status::Solved | Status::Limit(_) | Status::Cancelled => return None,
        // Searched: it went through all it can reach; not searched: the
        // start was refused as it stands.
        Status::Unsolvable if stats.expanded > 0 => ReasonMsg::Exhausted,
        Status::Unsolvable => ReasonMsg::CannotReach,
        // A bound but no walk: a depth-limited search, cut at its limit
        // (a local search has a walk and no bound).
        Status::NotFound if stats.walk_length.is_none() && stats.bound.is_some() => {
            ReasonMsg::DepthLimit {
                limit: stats.bound.unwrap_or_default(),
            }
        }
        Status::NotFound => ReasonMsg::OutOfIterations,
    };
    Some(known.text(lang))
}

/// How a run ended in `lang`: the status, with its [`reason`] when there
/// is one (`Not found: no solution in 1000 iterations; …`, in Chinese
/// `未找到解，原因：迭代次数用完，仍未找到解`). English as
/// [`crate::units::ended`] writes it.
pub fn ended(status: Status, stats: &Stats, why: Option<&str>, lang: Lang) -> String {
    ended_proving(status, stats, why, None, lang)
}

/// [`ended`], then the length a stopped run `proven` (a limit, a cancel):
/// "Time limit reached; every solution takes at least 52 moves (proven so
/// far)".
pub fn ended_proving(
    status: Status,
    stats: &Stats,
    why: Option<&str>,
    proven: Option<Proven>,
    lang: Lang,
) -> String {
    let ended = ended_only(status, stats, why, lang);
    // Only a stopped run has a proven length (`RunBy::proven`).
    match proven {
        Some(Proven { at_least: None, .. }) => ReasonMsg::EndedProvingNothing { ended }.text(lang),
        Some(p) => {
            let n = p.at_least.unwrap_or_default();
            if p.in_steps {
                ReasonMsg::EndedProvingSteps { ended, n }.text(lang)
            } else {
                ReasonMsg::EndedProving { ended, n }.text(lang)
            }
        }
        None => ended,
    }
}

fn ended_only(status: Status, stats: &Stats, why: Option<&str>, lang: Lang) -> String {
    if lang == Lang::English {
        return crate::units::ended(status, why);
    }
    let status_words = names::status_text(status, lang);
    match reason(status, stats, why, lang) {
        Some(why) => ReasonMsg::StatusBecause {
            status: status_words,
            why,
        }
        .text(lang),
        None => status_words,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{LimitKind, Outcome};

    #[test]
    fn each_ending_the_app_knows_reads_in_chinese_and_english_stays_the_engines() {
        let zh = Lang::Chinese;
        let limit: Outcome<u8> = Outcome::stopped(
            crate::engine::control::Stop::Limit(LimitKind::Nodes),
            Stats::default(),
        );
        let r = limit.reason.as_deref();
        assert_eq!(ended(limit.status, &limit.stats, r, zh), "达到节点上限");
        assert_eq!(
            ended(limit.status, &limit.stats, r, Lang::English),
            crate::units::ended(limit.status, r)
        );
        let searched = Stats {
            expanded: 10,
            ..Stats::default()
        };
        let exhausted: Outcome<u8> = Outcome::exhausted(10, searched);
        let r = exhausted.reason.as_deref();
        assert_eq!(
            ended(exhausted.status, &exhausted.stats, r, zh),
            "无解，原因：所有可达的状态都已搜索，没有一个是目标"
        );
        assert_eq!(
            reason(exhausted.status, &exhausted.stats, r, Lang::English).as_deref(),
            r
        );
        let refused: Outcome<u8> = Outcome::unsolvable("odd permutation".into());
        let r = refused.reason.as_deref();
        assert_eq!(
            ended(refused.status, &refused.stats, r, zh),
            "无解，原因：起点无法到达目标"
        );
        let not_found = ended(
            Status::NotFound,
            &searched,
            Some("no solution in 5 iterations"),
            zh,
        );
        assert!(
            !not_found.is_ascii() && !not_found.contains("iterations"),
            "{not_found}"
        );
    }

    /// A depth-limited search that its limit cut is not "out of
    /// iterations": the real run's ending names the limit in both
    /// languages.
    #[test]
    fn a_depth_limit_that_cut_the_search_is_named_with_its_limit() {
        use crate::engine::{Control, HeuristicChoice, TilePuzzle, solve_tiles, strategy};
        let dfs = strategy::configure(
            "dfs",
            &strategy::Tuning {
                depth: Some(10),
                ..strategy::Tuning::default()
            },
        )
        .unwrap();
        // 22 moves from the goal: a limit of 10 cuts every path.
        let p = TilePuzzle::parse("1 5 7 8 4 2 6 3 0", None, None).unwrap();
        let o = solve_tiles(&*dfs, &p, &HeuristicChoice::Manhattan, &Control::default()).unwrap();
        assert_eq!(o.status, Status::NotFound);
        let r = o.reason.as_deref();
        let zh = ended(o.status, &o.stats, r, Lang::Chinese);
        assert!(zh.contains("深度上限 10 步"), "{zh}");
        assert!(!zh.contains("迭代"), "{zh}");
        let en = ended(o.status, &o.stats, r, Lang::English);
        assert!(en.contains("depth limit of 10 moves"), "{en}");
    }
}
