//! The words of the inspector's lesson: each strategy's pseudocode, the
//! narration of a step, the variables it touches ([`LessonMsg`]), and the
//! Predict practice.

use super::messages;

messages! {
    /// The pseudocode panel and the narration of a step.
    LessonMsg;
    Heading => "Pseudocode", "算法步骤";
    ThisStep => "This step", "这一步";
    Variables => "Variables", "变量";
    Ready => "Nothing run yet: Step runs the first step.", "还没有运行：按“单步”运行第一步。";
    PassedOver =>
        "Running on: each step is counted but not explained until the run stops at one.",
        "正在运行：走过的每一步只计数，运行停在某一步时才说明那一步。";
    ThisPosition => "this position", "这个局面";
    // Breadth-first.
    BfsInit => "queue ← [start]; seen ← [start]", "队列 ← [起点]；已见 ← [起点]";
    BfsTake => "while the queue is not empty: n ← take its first node", "当队列不空：n ← 取出队列的第一个节点";
    BfsEach => "  for each move n → c:", "  对 n 的每一步移动 n → c：";
    BfsMirror => "    c ← c or its mirror image, whichever is smaller", "    c ← c 与其镜像中较小的一个";
    BfsSeen => "    if c was seen: drop it", "    若 c 已见过：丢弃";
    BfsStore => "    else: mark c seen, put it at the end of the queue", "    否则：记 c 为已见，放到队列末尾";
    BfsGoal => "      if c is the goal: stop, solved", "      若 c 是目标：停止，已解出";
    // Best-first.
    BestInit => "open list ← [start]; g(start) ← 0", "开放列表 ← [起点]；g(起点) ← 0";
    BestTake =>
        "while the open list is not empty: n ← the node on it with the least f = g + h (the newest among equal f)",
        "当开放列表不空：n ← 其中 f = g + h 最小的节点（f 相同时取最新的）";
    BestTakeWeighted =>
        "while the open list is not empty: n ← the node on it with the least g + w·h (the newest among equals)",
        "当开放列表不空：n ← 其中 g + w·h 最小的节点（相同时取最新的）";
    BestTakeEstimate =>
        "while the open list is not empty: n ← the node on it with the least h (the newest among equal h)",
        "当开放列表不空：n ← 其中 h 最小的节点（h 相同时取最新的）";
    BestGoal => "  if n is the goal: stop, solved", "  若 n 是目标：停止，已解出";
    BestEach => "  close n; for each move n → c, g(c) = g(n) + 1:", "  关闭 n；对每一步移动 n → c，g(c) = g(n) + 1：";
    BestNew => "    if c is new: put it on the open list", "    若 c 是新的：放入开放列表";
    BestDuplicate => "    else if c has g ≤ g(n) + 1 already: drop it", "    否则若 c 已有 g ≤ g(n) + 1：丢弃";
    BestReopen => "    else if c is closed: reopen it with the smaller g", "    否则若 c 已关闭：以更小的 g 重新打开";
    BestImprove => "    else: lower its g on the open list", "    否则：在开放列表中降低它的 g";
    // Depth-first, depth-limited.
    DfsInit => "L ← the depth limit; search(start, 0)", "L ← 深度限制；search(起点，0)";
    DfsSearch => "search(n, g): for each move n → c:", "search(n, g)：对每一步移动 n → c：";
    DfsDuplicate => "  if c was met before at a depth ≤ g + 1: skip it", "  若之前在深度 ≤ g + 1 处到达过 c：不再搜索";
    DfsCut => "  else if g + 1 = L and c is not the goal: cut it", "  否则若 g + 1 = L 且 c 不是目标：剪掉";
    DepthGoal => "  else if c is the goal: stop, solved", "  否则若 c 是目标：停止，已解出";
    DfsDescend => "  else: search(c, g + 1)", "  否则：search(c, g + 1)";
    // IDA* and IDS.
    IdaInit => "bound ← h(start)", "阈值 ← h(起点)";
    IdsInit => "limit ← 0", "深度限制 ← 0";
    IdaRound => "repeat: next ← ∞; search(start, 0)", "重复：最小超出 ← ∞；search(起点，0)";
    IdaSearch =>
        "  search(n, g): for each move n → c that does not undo the last one:",
        "  search(n, g)：对不撤销上一步的每一步移动 n → c：";
    IdaSkip => "    if move pruning rules the move out: skip it", "    若走法剪枝排除这一步：不搜索";
    IdaDuplicate =>
        "    if c was reached in this iteration at a depth ≤ g + 1: skip it",
        "    若本轮迭代已在深度 ≤ g + 1 处到达 c：不再搜索";
    IdaCut =>
        "    f ← g + 1 + h(c); if f > bound: next ← min(next, f), cut",
        "    f ← g + 1 + h(c)；若 f > 阈值：最小超出 ← min(f, 最小超出)，剪掉";
    IdsCut =>
        "    if g + 1 > limit: next ← min(next, g + 1), cut",
        "    若 g + 1 > 深度限制：最小超出 ← min(g + 1, 最小超出)，剪掉";
    IdaGoal => "    else if c is the goal: stop, solved", "    否则若 c 是目标：停止，已解出";
    IdaDescend => "    else: search(c, g + 1)", "    否则：search(c, g + 1)";
    IdaNext => "  bound ← next", "  阈值 ← 最小超出";
    IdsNext => "  limit ← next", "  深度限制 ← 最小超出";
    // Simulated annealing.
    AnnealInit => "s ← start; T ← T0", "s ← 起点；T ← T0";
    AnnealPick => "repeat: s' ← a random neighbour of s; ΔE ← E(s') − E(s)", "重复：s' ← s 的一个随机邻居；ΔE ← E(s') − E(s)";
    AnnealDown => "  if ΔE ≤ 0: move to s'", "  若 ΔE ≤ 0：移到 s'";
    AnnealChance => "  else: move to s' with the chance p = exp(−ΔE / T)", "  否则：以概率 p = exp(−ΔE / T) 移到 s'";
    AnnealCool => "  T ← max(α·T, T_min), α set by the share of moves accepted", "  T ← max(α·T, T_min)，α 随接受的比例调整";
    AnnealRestart => "a run that used up its iterations starts again from the start", "一次运行用完迭代次数后从起点重新开始";
    LocalGoal => "  if s is the goal: stop, solved (the walk's loops erased)", "  若 s 是目标：停止，已解出（去掉游走中的回路）";
    // Tabu search.
    TabuInit => "s ← start; best ← score(start); tabu list ← [ ]", "s ← 起点；best ← score(起点)；禁忌表 ← [ ]";
    TabuWeigh => "repeat: weigh every neighbour s' of s: its score, and whether it is tabu", "重复：评估 s 的每个邻居 s'：得分，是否在禁忌表中";
    TabuFree => "  take the best one not on the tabu list", "  选不在禁忌表中最好的一个";
    TabuAspire => "  or a tabu one whose score beats best (aspiration)", "  或得分优于 best 的禁忌邻居（特赦准则）";
    TabuOldest => "  or, if every one is tabu, the one left longest ago", "  或者，若全都在禁忌表中，选最早离开的一个";
    TabuMove =>
        "  move there; it joins the tabu list, the oldest leaves past the tenure; best ← min(best, score)",
        "  移过去；它加入禁忌表，超过禁忌长度时最早的离开；best ← min(best, score)";
    TabuKick => "  no new best for a while: a few random moves", "  一段时间没有新的 best：随机走几步";
    // Greedy hill climbing.
    GreedyInit => "s ← start", "s ← 起点";
    GreedyWeigh => "repeat: weigh every neighbour s' of s by its energy E(s')", "重复：按能量 E(s') 评估 s 的每个邻居 s'";
    GreedyStuck => "  if no E(s') < E(s): stop at a local minimum", "  若没有 E(s') < E(s)：停在局部极小值";
    GreedyTake => "  move to the best s' (at random among equals)", "  移到最好的 s'（相同时随机选）";
    // The narration of a step.
    BfsTake1 { state: String, g: u32, waiting: String } =>
        "Expand {state}: the first of the queue, at depth {g} ({waiting} wait behind it)",
        "扩展 {state}：队列的第一个，深度 {g}（后面还有 {waiting} 个等待）";
    BfsNew1 { i: usize, at: String } =>
        "Child {i}: not seen before: stored at the end of the queue (place {at})",
        "子节点 {i}：之前没见过：存储到队列末尾（第 {at} 位）";
    BfsSeen1 { i: usize } => "Child {i}: seen before: dropped", "子节点 {i}：之前见过：丢弃";
    Goal1 { g: u32 } => "It is the goal: solved in {g} moves", "它是目标：{g} 步解出";
    BestTake1 { state: String, f: u32, ties: String } =>
        "Expand {state}: its f = {f} is the least on the open list ({ties})",
        "扩展 {state}：它的 f = {f} 是开放列表中最小的（{ties}）";
    BestTakeWeighted1 { state: String, g: u32, w: String, h: u32, key: String, ties: String } =>
        "Expand {state}: its g + w·h = {g} + {w}·{h} = {key} is the least on the open list ({ties})",
        "扩展 {state}：它的 g + w·h = {g} + {w}·{h} = {key} 是开放列表中最小的（{ties}）";
    BestTakeEstimate1 { state: String, h: u32, ties: String } =>
        "Expand {state}: its h = {h} is the least on the open list ({ties})",
        "扩展 {state}：它的 h = {h} 是开放列表中最小的（{ties}）";
    Ties { n: String } =>
        "tied with {n} other nodes; the newest goes first",
        "另有 {n} 个节点与它相同；最新的先取";
    NoTies => "no other node has it", "没有其他节点与它相同";
    BestGoal1 { state: String, g: u32 } =>
        "Next on the open list, {state} is the goal: solved in {g} moves",
        "开放列表的下一个 {state} 是目标：{g} 步解出";
    BestNew1 { i: usize, g: u32, h: u32, f: u32 } =>
        "Child {i}: new: on the open list with g = {g}, h = {h}, f = {f}",
        "子节点 {i}：新的：放入开放列表，g = {g}，h = {h}，f = {f}";
    BestDuplicate1 { i: usize, g: u32 } =>
        "Child {i}: seen before with g ≤ {g}: dropped",
        "子节点 {i}：之前见过且 g ≤ {g}：丢弃";
    BestReopened1 { i: usize, g: u32, f: u32 } =>
        "Child {i}: closed before, now reached with the smaller g = {g}: reopened with f = {f}",
        "子节点 {i}：已关闭，现在以更小的 g = {g} 到达：重新打开，f = {f}";
    BestImproved1 { i: usize, g: u32, f: u32 } =>
        "Child {i}: waiting on the open list, now reached with the smaller g = {g}: its f is now {f}",
        "子节点 {i}：在开放列表中等待，现在以更小的 g = {g} 到达：f 变为 {f}";
    DfsLimit1 { limit: u32 } =>
        "The depth limit is {limit}: no path longer than {limit} moves is searched",
        "深度限制为 {limit}：不搜索超过 {limit} 步的路径";
    DfsSearch1 { state: String, g: u32 } => "Search {state} at depth {g}", "搜索 {state}，深度 {g}";
    DfsDuplicate1 { i: usize, g: u32 } =>
        "Child {i}: met before at a depth ≤ {g}: not searched again",
        "子节点 {i}：之前在深度 ≤ {g} 处到达过：不再搜索";
    DfsCut1 { i: usize, limit: u32 } =>
        "Child {i}: at the depth limit {limit} and not the goal: cut",
        "子节点 {i}：到达深度限制 {limit} 且不是目标：剪掉";
    BackUp1 { state: String, g: u32 } =>
        "Back up to {state} at depth {g}: its next move",
        "回到 {state}（深度 {g}）：它的下一步移动";
    DfsNew1 { i: usize } => "Child {i}: searched next", "子节点 {i}：接着搜索它";
    FirstBound1 { bound: u32 } =>
        "The first bound is h(start) = {bound}: only nodes with f ≤ {bound} are searched",
        "第一个阈值是 h(起点) = {bound}：只搜索 f ≤ {bound} 的节点";
    FirstLimit1 { bound: u32 } =>
        "The first depth limit is {bound}: only paths of at most {bound} moves are searched",
        "第一个深度限制是 {bound}：只搜索不超过 {bound} 步的路径";
    NextBound1 { was: u32, least: String, next: u32 } =>
        "The bound was {was} and nothing was found; the least f that went over it was {least}: the next bound is {next}",
        "阈值原为 {was}，没有找到目标；超过它的最小 f 是 {least}：下一个阈值是 {next}";
    NextLimit1 { was: u32, least: String, next: u32 } =>
        "The depth limit was {was} and nothing was found; the least f that went over it was {least}: the next limit is {next}",
        "深度限制原为 {was}，没有找到目标；超过它的最小 f 是 {least}：下一个深度限制是 {next}";
    IdaSearch1 { state: String, g: u32, h: u32, f: u32, bound: u32 } =>
        "Search {state}: f = {g} + {h} = {f} ≤ bound {bound}",
        "搜索 {state}：f = {g} + {h} = {f} ≤ 阈值 {bound}";
    IdaCut1 { i: usize, g: u32, h: u32, f: u32, bound: u32, least: u32 } =>
        "Child {i}: f = {g} + {h} = {f} > bound {bound}: cut (the least f cut so far is {least})",
        "子节点 {i}：f = {g} + {h} = {f} > 阈值 {bound}：剪掉（目前剪掉的最小 f 是 {least}）";
    // While Predict asks the next bound: the least cut (the answer) kept back.
    IdaCutVeiled1 { i: usize, g: u32, h: u32, f: u32, bound: u32 } =>
        "Child {i}: f = {g} + {h} = {f} > bound {bound}: cut",
        "子节点 {i}：f = {g} + {h} = {f} > 阈值 {bound}：剪掉";
    IdaNew1 { i: usize, f: u32, bound: u32 } =>
        "Child {i}: f = {f} ≤ bound {bound}: searched next",
        "子节点 {i}：f = {f} ≤ 阈值 {bound}：接着搜索它";
    IdaSkipped1 { i: usize } =>
        "Child {i}: move pruning skips it: a shorter or earlier sequence of moves reaches the same state",
        "子节点 {i}：走法剪枝排除它：更短或更早的走法序列到达同一状态";
    IdaDuplicate1 { i: usize, g: u32 } =>
        "Child {i}: reached in this iteration at a depth ≤ {g} already: skipped",
        "子节点 {i}：本轮迭代已在深度 ≤ {g} 处到达：不再搜索";
    Downhill1 { from: String, to: String } =>
        "E {from} → {to}: not worse: taken",
        "E {from} → {to}：没有变差：接受";
    Uphill1 { delta: String, t: String, p: String, verdict: String } =>
        "Worse by {delta}; at T = {t} the chance to accept is {p}: {verdict}",
        "变差 {delta}；在 T = {t} 时接受的概率是 {p}：{verdict}";
    Accepted => "accepted", "接受";
    Rejected => "rejected", "拒绝";
    Restarted1 { run: u32 } =>
        "The run used up its iterations: run {run} starts again from the start",
        "这次运行用完了迭代次数：第 {run} 次运行从起点重新开始";
    TabuWeighed1 { score: String, tabu: String } =>
        "Neighbour weighed: score {score}{tabu}; not the move taken (that one is weighed last)",
        "评估邻居：得分 {score}{tabu}；不是要走的那一步（那一步最后评估）";
    OnTabuList => ", on the tabu list", "，在禁忌表中";
    TabuTaken1 { score: String, best: String } =>
        "Move taken: score {score}, the best not on the tabu list (best so far {best})",
        "走这一步：得分 {score}，是不在禁忌表中最好的（目前最好 {best}）";
    TabuAspiration1 { score: String, best: String } =>
        "On the tabu list, but its score {score} beats the best so far, {best}: taken (aspiration)",
        "在禁忌表中，但得分 {score} 优于目前最好的 {best}：仍然走（特赦准则）";
    TabuAllTabu1 { score: String } =>
        "Every neighbour is on the tabu list: back to the one left longest ago (score {score})",
        "所有邻居都在禁忌表中：回到最早离开的那个（得分 {score}）";
    TabuKick1 { score: String } =>
        "A random move, as no new best came for a while: score {score}",
        "随机走一步（一段时间没有新的最好值）：得分 {score}";
    GreedyWeighed1 { from: String, to: String } =>
        "Neighbour weighed: E {from} → {to}; not the move taken (that one is weighed last)",
        "评估邻居：E {from} → {to}；不是要走的那一步（那一步最后评估）";
    GreedyTaken1 { from: String, to: String } =>
        "Move taken: E {from} → {to}, the best neighbour, and strictly better",
        "走这一步：E {from} → {to}，是最好的邻居，而且严格更好";
    GreedyStuck1 { energy: String } =>
        "No neighbour is better than E = {energy}: stuck at a local minimum",
        "没有邻居比 E = {energy} 更好：停在局部极小值";
    LocalGoal1 { g: u32 } =>
        "It is the goal: solved; with the walk's loops erased, {g} moves are left",
        "到达目标：已解出；去掉游走的回路后剩下 {g} 步";
    // The variables.
    VarG => "g (moves from the start)", "g（从起点走的步数）";
    VarH => "h (heuristic)", "h（启发函数）";
    VarF => "f = g + h", "f = g + h（估价）";
    VarKey => "g + w·h", "g + w·h（排序键）";
    VarTies => "others with the same f", "f 相同的其他节点";
    VarTiesKey => "others with the same g + w·h", "g + w·h 相同的其他节点";
    VarTiesH => "others with the same h", "h 相同的其他节点";
    VarQueue => "nodes in the queue", "队列中的节点";
    VarBound => "bound", "阈值";
    VarLimit => "depth limit", "深度限制";
    VarNext => "next (least f cut so far)", "最小超出（目前剪掉的最小 f）";
    VarEnergy => "energy E(s)", "能量 E(s)";
    VarProposed => "energy E(s')", "能量 E(s')";
    VarDelta => "change ΔE", "变化 ΔE";
    VarTemperature => "temperature T", "温度 T";
    VarChance => "chance p", "概率 p";
    VarTaken => "taken", "是否接受";
    VarScore => "score(s')", "得分 score(s')";
    VarBest => "best so far", "目前最好 best";
    VarIsTabu => "s' on the tabu list", "s' 在禁忌表中";
    VarTabuLen => "states on the tabu list", "禁忌表中的状态";
    VarAspiration => "aspiration", "特赦准则";
    Yes => "yes", "是";
    No => "no", "否";
    // Predict.
    Predict => "Predict", "答题";
    PredictHint =>
        "Before each step, say what the search does next; Step checks your answer against the search",
        "每一步之前，先说出搜索下一步做什么；用搜索的结果检查回答";
    Score { right: String, asked: String } => "Score: {right} of {asked} right", "得分：{asked} 题中答对 {right} 题";
    AskTake => "Which node is expanded next? Click it in the list below.", "下一个扩展哪个节点？在下面的列表中点击它。";
    AskBound => "No node is left within the bound. What is the next bound?", "阈值内已没有节点。下一个阈值是多少？";
    AskAccept => "Is this move accepted?", "这一步会被接受还是拒绝？";
    AskTabu => "Which neighbour does tabu search move to? Click it.", "禁忌搜索会移到哪个邻居？点击它。";
    AskGreedy =>
        "Where does greedy move? Click the neighbour, or say it stops.",
        "贪心移到哪里？点击那个邻居，或者说它停下。";
    StopsHere => "It stops: a local minimum", "停下：局部极小值";
    Chance1 { from: String, to: String, delta: String, t: String, p: String } =>
        "E {from} → {to} (ΔE = {delta}); at T = {t} the chance to accept is {p}",
        "E {from} → {to}（ΔE = {delta}）；在 T = {t} 时接受的概率是 {p}";
    AskChild { i: usize } =>
        "Child {i} of the node expanded next: what becomes of it?",
        "下一个扩展的节点的子节点 {i}：它会怎样？";
    WaitQuestion => "Preparing the question…", "正在准备问题…";
    Right { why: String } => "Right. {why}", "答对了。{why}";
    Wrong { why: String } => "Wrong. {why}", "答错了。{why}";
    NoQuestion => "No question at this step: Step on.", "这一步没有问题：继续单步。";
    Candidate { i: usize } => "choice {i}", "选择 {i}";
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::i18n::{Lang, Message};

    /// Issue 43 item 19: IDA*'s and IDS's running minimum is named in
    /// Chinese in the pseudocode and the variables, as 阈值 and 深度限制
    /// are (it read "next ← min(next, f)").
    #[test]
    fn the_deepening_searches_pseudocode_names_its_minimum_in_chinese() {
        for m in [
            LessonMsg::IdaRound,
            LessonMsg::IdaCut,
            LessonMsg::IdsCut,
            LessonMsg::IdaNext,
            LessonMsg::IdsNext,
            LessonMsg::VarNext,
        ] {
            let zh = m.text(Lang::Chinese);
            assert!(!zh.contains("next"), "{zh}");
            assert!(zh.contains("最小超出"), "{zh}");
            assert!(m.text(Lang::English).contains("next"));
        }
    }
}
