//! The names of the engine's things as people read them, in both
//! languages: strategies (with their one-sentence descriptions), heuristics,
//! tuning knobs, puzzle families and run statuses. The
//! engine keeps its English labels for the CLI; the app shows these. Chinese
//! names are the ones textbooks use (广度优先搜索, 模拟退火, 曼哈顿距离, …).
//!
//! Keyed by the engine's names, so a strategy the registry adds without an
//! entry here fails `every_registered_name_has_a_translation`.

use super::{HelpMsg, Lang, Message, messages};
use crate::engine::HeuristicKind;
use crate::engine::outcome::{LimitKind, Status};
use crate::engine::strategy::{ParamKey, SearchKind, Strategy, find};
use crate::engine::tiles::GoalPattern;

messages! {
    /// The engine's names: strategies, heuristics, knobs, metrics, families
    /// and statuses.
    NameMsg;
    StrategyBfs => "BFS", "广度优先搜索";
    StrategyBfsMirror => "BFS, mirror images merged", "广度优先（镜像合并）";
    StrategyDfs => "DFS (depth-limited)", "深度优先搜索（限深）";
    StrategyIds => "Iterative deepening (IDS)", "迭代加深搜索";
    StrategyAStar => "A*", "A* 算法";
    StrategyIdaStar => "IDA*", "IDA* 算法";
    StrategyAnnealing => "Simulated annealing", "模拟退火";
    StrategyTabu => "Tabu search", "禁忌搜索";
    StrategyGreedy => "Greedy", "贪心爬山";
    StrategyWeighted => "Weighted A*", "加权 A* 算法";
    StrategyGbfs => "Greedy best-first", "贪心最佳优先搜索";
    StrategyFast => "Fast (row by row)", "快速（逐行归位）";
    AboutBfs =>
        "Breadth-first (FIFO branch-and-bound): explores every state at distance d before d+1. Optimal, but stores every state it sees.",
        "广度优先（先进先出的分支限界）：先搜完距离为 d 的所有状态，再搜 d+1。得到最优解，但要保存见过的每个状态。";
    AboutBfsMirror =>
        "Breadth-first with each position and its mirror image (left and right swapped) counted as one: the goal is its own mirror image, so both are equally far from it. Optimal, and stores about half the positions BFS does; on a layout whose goal is off centre, plain BFS.",
        "广度优先，但把每个局面和它的镜像（左右对调）算作一个：目标左右对称，所以两者离目标一样远。得到最优解，保存的局面约为广度优先的一半；目标不在正中的布局上，就是普通广度优先。";
    AboutDfs =>
        "Depth-first, depth-limited: follows one line of moves as deep as the limit allows before it backs up to try the next, and returns the first path it finds. Not optimal, and a limit below the shortest path finds none; a state met again no shallower is not searched again.",
        "深度优先（限深）：沿一条走法一直走到深度上限，再回头试下一条，返回找到的第一条路径。不保证最优，上限小于最短路径时找不到解；再次见到、深度并不更小的状态不再搜索。";
    AboutIds =>
        "Iterative deepening: depth-first searches cut at depth 0, 1, 2, … until one reaches the goal. Optimal like BFS, and stores only the current path like DFS, at the price of searching the shallow levels again each round.",
        "迭代加深：依次以深度 0、1、2……为上限做深度优先搜索，直到某一轮到达目标。像广度优先搜索一样得到最优解，也像深度优先搜索一样只保存当前路径，代价是每轮都要重新搜索前面的各层。";
    AboutAStar =>
        "A* (LC branch-and-bound): expands the state with the least moves-so-far + estimate. Optimal with these heuristics; stores every state it sees.",
        "A* 算法（最小代价分支限界）：每次扩展“已走步数 + 估计值”最小的状态。用这些启发函数可得最优解；要保存见过的每个状态。";
    AboutIdaStar =>
        "IDA*: depth-first searches that prune at moves-so-far + estimate > bound, raising the bound each round. Optimal, and stores only the current path.",
        "IDA* 算法：多轮深度优先搜索，剪去“已走步数 + 估计值 > 阈值”的分支，每轮提高阈值。得到最优解，只保存当前路径。";
    AboutAnnealing =>
        "Simulated annealing: a random walk that always takes a better move and a worse one with probability exp(-ΔE/T), cooling T with an adaptive schedule. Not optimal; may fail; the walk is returned with its loops erased.",
        "模拟退火：随机游走，更好的一步总是接受，更差的一步以概率 exp(-ΔE/T) 接受，温度 T 按自适应方案下降。不保证最优，可能失败；返回的路径去掉了游走中的回路。";
    AboutTabu =>
        "Tabu search: always moves to the best neighbour not visited among the last few states (unless it beats the best so far), kicking the walk when it stalls. Not optimal; may fail; the walk is returned with its loops erased.",
        "禁忌搜索：总是走到最近几个状态之外最好的邻居（若能超过迄今最好则不受禁忌），停滞时扰动一下。不保证最优，可能失败；返回的路径去掉了游走中的回路。";
    AboutGreedy =>
        "Greedy hill climbing: takes the best strictly improving move until none is left. Fast, but stops at the first local minimum — the reason annealing and tabu search exist.",
        "贪心爬山：每次走严格变好的最佳一步，直到没有这样的一步。很快，但停在第一个局部极小值——这正是模拟退火和禁忌搜索存在的原因。";
    AboutGbfs =>
        "Greedy best-first search: expands the stored state with the least estimate, ignoring the moves made so far. Usually quick, but its path can be far longer than the shortest; stores every state it sees.",
        "贪心最佳优先搜索：每次扩展估计值最小的已存储状态，不看已走的步数。通常很快，但路径可能比最短路径长得多；要保存见过的每个状态。";
    AboutWeighted =>
        "Weighted A*: expands the state with the least moves-so-far + w × estimate. Its path is proven at most w times the shortest, and it searches far less than A*. Uses the chosen estimate; on boards past 4×4 a row-by-row path is taken when its length is already within w × the estimate, else a capped weighted IDA* and plain IDA* take turns until a path is proven within the bound.",
        "加权 A* 算法：每次扩展“已走步数 + w × 估计值”最小的状态。可以证明其路径至多为最短路径的 w 倍，搜索量远少于 A*。使用所选的启发函数；大于 4×4 的棋盘上，若逐行归位的路径已在 w × 估计值之内，就直接采用，否则由带上限的加权 IDA* 与普通 IDA* 轮流搜索，直到证明某条路径在界限之内。";
    AboutFast =>
        "Row by row, as people solve it: small searches place an outer row or column and lock it, then the smaller board, and the last 3×3 is solved optimally; boards up to 4×4 are also tried whole by weighted A*, and stretches of the path are re-solved shortest. Any size in well under a second, but the paths are longer than the shortest.",
        "像人一样逐行求解：用小规模搜索归位最外一行或一列并锁定，再解剩下的小棋盘，最后的 3×3 求最优解；4×4 以内的棋盘还会整体用加权 A* 试一次，路径中的片段再重新求最短。任何尺寸都远不到一秒，但路径比最短的长。";
    HeuristicMisplaced => "Misplaced tiles", "错位数";
    HeuristicGaschnig => "Gaschnig (swaps with the blank)", "Gaschnig 启发（与空格交换）";
    HeuristicManhattan => "Manhattan distance", "曼哈顿距离";
    HeuristicLinearConflict => "Manhattan + linear conflict", "曼哈顿距离 + 线性冲突";
    HeuristicPdb => "Pattern database 6-6-3", "模式数据库 6-6-3";
    HeuristicPdb78 => "Pattern database 7-8 (strong)", "模式数据库 7-8（强）";
    HeuristicPdb6666 => "Pattern database 6-6-6-6", "模式数据库 6-6-6-6";
    ParamSeed => "Seed", "随机种子";
    ParamSeedHelp => "The same seed gives the same run.", "相同的种子得到相同的运行。";
    ParamT0 => "T₀", "初始温度 T₀";
    ParamT0Help => "Starting temperature.", "开始时的温度。";
    ParamAlpha => "α", "降温系数 α";
    ParamAlphaHelp =>
        "Cooling factor per iteration; the adaptive schedule moves it within 0.999–0.9999.",
        "每次迭代的降温系数；自适应方案让它在 0.999–0.9999 之间变化。";
    ParamWindow => "Window", "统计窗口";
    ParamWindowHelp => "Iterations per acceptance-rate window.", "统计接受率的每个窗口的迭代次数。";
    ParamRunIters => "Iterations", "迭代次数";
    ParamRunItersHelp => "Iterations per run.", "每轮运行的迭代次数。";
    ParamMaxIters => "Iterations", "迭代次数";
    ParamMaxItersHelp => "Most iterations.", "最多迭代次数。";
    ParamMaxMovesHelp => "Most moves.", "最多步数。";
    ParamRestarts => "Restarts", "重启次数";
    ParamRestartsHelp => "Extra runs from the start after a run fails.", "一轮失败后从起点重新运行的次数。";
    ParamTenure => "Tenure", "禁忌长度";
    ParamTenureHelp => "How many recent states are tabu.", "最近多少个状态被禁忌。";
    ParamWeight => "Weight w", "权重 w";
    ParamWeightHelp =>
        "Paths at most w times the shortest: 1 is optimal, larger is faster.",
        "路径至多为最短的 w 倍：1 即最优，越大越快。";
    ParamDepth => "Depth limit", "深度上限";
    ParamDepthHelp =>
        "The most moves a path may have: the search backs up there.",
        "路径最多的步数：搜索到这里就回头。";
    StatusSolved => "solved", "已解出";
    StatusUnsolvable => "unsolvable", "无解";
    StatusNodeLimit => "node limit", "达到节点上限";
    StatusMemoryLimit => "memory limit", "达到内存上限";
    StatusTimeLimit => "time limit", "达到时间上限";
    StatusCancelled => "cancelled", "已取消";
    StatusNotFound => "no solution found", "未找到解";
    Counters { expanded: String, generated: String, stored: String, memory: String, time: String } =>
        "expanded {expanded}, generated {generated}, peak stored {stored}, memory {memory}, time {time}",
        "扩展 {expanded}，生成 {generated}，峰值存储 {stored}，内存 {memory}，用时 {time}";
    MemoryWithDatabase { search: String, database: String } =>
        "{search} + pattern database {database}", "{search} + 模式数据库 {database}";
    DatabaseBytesHint =>
        "Above: the search's own memory (what its stored states take). Below, after +: the pattern database it reads, held for the whole run apart from the search.",
        "上：搜索存储的状态所占的内存。下（+ 之后）：它读取的模式数据库，在整个运行期间另外占用。";
}

/// The words of each registered strategy, keyed by its registry name: its
/// name, its one sentence, and its Help page paragraph. The one table a new
/// strategy adds its words to (a test fails on a strategy without a row).
static STRATEGY_WORDS: &[(&str, NameMsg, NameMsg, HelpMsg)] = &[
    ("bfs", NameMsg::StrategyBfs, NameMsg::AboutBfs, HelpMsg::Bfs),
    (
        "bfs-mirror",
        NameMsg::StrategyBfsMirror,
        NameMsg::AboutBfsMirror,
        HelpMsg::BfsMirror,
    ),
    ("dfs", NameMsg::StrategyDfs, NameMsg::AboutDfs, HelpMsg::Dfs),
    ("ids", NameMsg::StrategyIds, NameMsg::AboutIds, HelpMsg::Ids),
    (
        "astar",
        NameMsg::StrategyAStar,
        NameMsg::AboutAStar,
        HelpMsg::AStar,
    ),
    (
        "idastar",
        NameMsg::StrategyIdaStar,
        NameMsg::AboutIdaStar,
        HelpMsg::IdaStar,
    ),
    (
        "annealing",
        NameMsg::StrategyAnnealing,
        NameMsg::AboutAnnealing,
        HelpMsg::Annealing,
    ),
    (
        "tabu",
        NameMsg::StrategyTabu,
        NameMsg::AboutTabu,
        HelpMsg::Tabu,
    ),
    (
        "greedy",
        NameMsg::StrategyGreedy,
        NameMsg::AboutGreedy,
        HelpMsg::Greedy,
    ),
    (
        "weighted",
        NameMsg::StrategyWeighted,
        NameMsg::AboutWeighted,
        HelpMsg::Weighted,
    ),
    (
        "gbfs",
        NameMsg::StrategyGbfs,
        NameMsg::AboutGbfs,
        HelpMsg::Gbfs,
    ),
    (
        "fast",
        NameMsg::StrategyFast,
        NameMsg::AboutFast,
        HelpMsg::Fast,
    ),
];

/// The row of the strategy called `name` (the engine's registry name).
fn strategy_words(name: &str) -> Option<&'static (&'static str, NameMsg, NameMsg, HelpMsg)> {
    STRATEGY_WORDS.iter().find(|row| row.0 == name)
}

/// The message naming the strategy called `name`, and its one sentence.
fn strategy_msgs(name: &str) -> Option<(NameMsg, NameMsg)> {
    strategy_words(name).map(|(_, label, about, _)| (label.clone(), about.clone()))
}

/// How the strategy called `name` works, in a paragraph for learners (the
/// Help page).
pub fn strategy_paragraph(name: &str) -> Option<HelpMsg> {
    strategy_words(name).map(|(.., help)| help.clone())
}

/// A strategy's label in `lang` (the engine's label for one the table does
/// not know, which a test rules out).
pub fn strategy_label(strategy: &dyn Strategy, lang: Lang) -> String {
    strategy_label_of(strategy.name(), lang).unwrap_or_else(|| strategy.label().to_string())
}

/// The label of the strategy called `name`, if it is one.
pub fn strategy_label_of(name: &str, lang: Lang) -> Option<String> {
    strategy_msgs(name).map(|(label, _)| label.text(lang))
}

/// A strategy's one-sentence description in `lang`.
pub fn strategy_description(strategy: &dyn Strategy, lang: Lang) -> String {
    strategy_msgs(strategy.name()).map_or_else(
        || strategy.description().to_string(),
        |(_, about)| about.text(lang),
    )
}

/// A heuristic's label in `lang`.
pub fn heuristic_label(kind: HeuristicKind, lang: Lang) -> String {
    match kind {
        HeuristicKind::Misplaced => NameMsg::HeuristicMisplaced,
        HeuristicKind::Gaschnig => NameMsg::HeuristicGaschnig,
        HeuristicKind::Manhattan => NameMsg::HeuristicManhattan,
        HeuristicKind::LinearConflict => NameMsg::HeuristicLinearConflict,
        HeuristicKind::Pdb => NameMsg::HeuristicPdb,
        HeuristicKind::Pdb78 => NameMsg::HeuristicPdb78,
        HeuristicKind::Pdb6666 => NameMsg::HeuristicPdb6666,
    }
    .text(lang)
}

/// A tuning knob's label and help in `lang`; `strategy` is the engine name
/// of the strategy it tunes (greedy's iterations are moves).
pub fn param_text(strategy: &str, key: ParamKey, lang: Lang) -> (String, String) {
    let (label, help) = match key {
        ParamKey::Seed => (NameMsg::ParamSeed, NameMsg::ParamSeedHelp),
        ParamKey::T0 => (NameMsg::ParamT0, NameMsg::ParamT0Help),
        ParamKey::Alpha => (NameMsg::ParamAlpha, NameMsg::ParamAlphaHelp),
        ParamKey::Window => (NameMsg::ParamWindow, NameMsg::ParamWindowHelp),
        ParamKey::RunIters => (NameMsg::ParamRunIters, NameMsg::ParamRunItersHelp),
        // A hill climb's iterations are its moves.
        ParamKey::MaxIters
            if find(strategy).and_then(|s| s.search_kind()) == Some(SearchKind::HillClimbing) =>
        {
            (NameMsg::ParamMaxIters, NameMsg::ParamMaxMovesHelp)
        }
        ParamKey::MaxIters => (NameMsg::ParamMaxIters, NameMsg::ParamMaxItersHelp),
        ParamKey::Restarts => (NameMsg::ParamRestarts, NameMsg::ParamRestartsHelp),
        ParamKey::Tenure => (NameMsg::ParamTenure, NameMsg::ParamTenureHelp),
        ParamKey::Weight => (NameMsg::ParamWeight, NameMsg::ParamWeightHelp),
        ParamKey::Depth => (NameMsg::ParamDepth, NameMsg::ParamDepthHelp),
    };
    (label.text(lang), help.text(lang))
}

/// How a run ended, in `lang` ("solved", "time limit", …).
pub fn status_text(status: Status, lang: Lang) -> String {
    match status {
        Status::Solved => NameMsg::StatusSolved,
        Status::Unsolvable => NameMsg::StatusUnsolvable,
        Status::Limit(LimitKind::Nodes) => NameMsg::StatusNodeLimit,
        Status::Limit(LimitKind::Memory) => NameMsg::StatusMemoryLimit,
        Status::Limit(LimitKind::Time) => NameMsg::StatusTimeLimit,
        Status::Cancelled => NameMsg::StatusCancelled,
        Status::NotFound => NameMsg::StatusNotFound,
    }
    .text(lang)
}

/// A search's counters on one line in `lang`: the one wording the status
/// lines, the inspector and the Klotski view share (English: the CLI's,
/// [`crate::units::counters`]).
pub fn counters(s: &crate::engine::Stats, lang: Lang) -> String {
    use crate::units::{duration, thousands};
    if lang == Lang::English {
        return crate::units::counters(s);
    }
    NameMsg::Counters {
        expanded: thousands(s.expanded),
        generated: thousands(s.generated),
        stored: thousands(s.peak_stored),
        memory: memory(s.peak_bytes, s.database_bytes, lang),
        time: duration(s.elapsed.as_secs_f64()),
    }
    .text(lang)
}

/// A search's memory in `lang` and, apart, the pattern database it
/// consulted (English: [`crate::units::memory`]).
pub fn memory(search: u64, database: u64, lang: Lang) -> String {
    use crate::units::bytes;
    match database {
        0 => bytes(search),
        db => NameMsg::MemoryWithDatabase {
            search: bytes(search),
            database: bytes(db),
        }
        .text(lang),
    }
}

/// The second line of a table's memory cell for a run guided by a pattern
/// database, "+ 11.0 MiB" (the row's heuristic, beside it, names the
/// database; [`database_hint`] says it in words); `None` for a run that
/// consulted none. Short, so the column stays narrow.
pub fn database_line(database: u64) -> Option<String> {
    (database > 0).then(|| format!("+ {}", crate::units::bytes(database)))
}

/// What a memory cell's hover says: the two figures apart.
pub fn database_hint(lang: Lang) -> String {
    NameMsg::DatabaseBytesHint.text(lang)
}

/// A goal pattern as the app names it.
pub fn pattern_label(p: GoalPattern, lang: Lang) -> String {
    match p {
        GoalPattern::Rows => super::RaceMsg::GoalRows,
        GoalPattern::BlankFirst => super::RaceMsg::GoalBlankFirst,
        GoalPattern::Columns => super::RaceMsg::GoalColumns,
        GoalPattern::Snake => super::RaceMsg::GoalSnake,
        GoalPattern::Spiral => super::RaceMsg::GoalSpiral,
    }
    .text(lang)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::strategy::STRATEGIES;

    /// The summary line shows the search's memory and, apart, the pattern
    /// database's, in both languages; a run without one shows one figure.
    #[test]
    fn the_summary_shows_search_memory_and_database_memory_apart() {
        let guided = crate::engine::Stats {
            expanded: 40,
            peak_bytes: 6 << 10,
            database_bytes: 550 << 20,
            ..crate::engine::Stats::default()
        };
        let english = counters(&guided, Lang::English);
        assert_eq!(english, crate::units::counters(&guided));
        assert!(
            english.contains("memory 6.0 KiB + pattern database 550.0 MiB"),
            "{english}"
        );
        let chinese = counters(&guided, Lang::Chinese);
        assert!(
            chinese.contains("内存 6.0 KiB + 模式数据库 550.0 MiB"),
            "{chinese}"
        );
        let alone = crate::engine::Stats {
            database_bytes: 0,
            ..guided
        };
        for lang in [Lang::English, Lang::Chinese] {
            let text = counters(&alone, lang);
            assert!(
                text.contains("6.0 KiB") && !text.contains("550.0 MiB"),
                "{text}"
            );
            assert!(
                !text.contains("database") && !text.contains("数据库"),
                "{text}"
            );
            assert!(database_hint(lang).contains('+'));
        }
        assert_eq!(database_line(0), None);
        assert_eq!(database_line(550 << 20).as_deref(), Some("+ 550.0 MiB"));
    }

    #[test]
    fn every_registered_name_has_a_translation() {
        for s in STRATEGIES {
            let Some((label, about)) = strategy_msgs(s.name()) else {
                panic!("no names for {}", s.name())
            };
            // The English side is the engine's own wording, so the app reads
            // the same as the CLI's help in English.
            assert_eq!(label.text(Lang::English), s.label());
            assert_eq!(about.text(Lang::English), s.description());
            for p in s.params() {
                let (label, help) = param_text(s.name(), p.key, Lang::English);
                assert_eq!((label.as_str(), help.as_str()), (p.label, p.help));
            }
        }
        for kind in HeuristicKind::ALL {
            assert_eq!(heuristic_label(kind, Lang::English), kind.label());
        }
        for family in crate::engine::strategy::Family::ALL {
            assert_eq!(
                super::super::family_name(family, Lang::English),
                family.name()
            );
        }
    }
}
