//! The words of the learning views that show a run: the search inspector
//! and the anatomy charts ([`InspectorMsg`]).

use super::messages;

messages! {
    /// The search inspector and the anatomy of a run.
    InspectorMsg;
    // The inspector's controls.
    Inspecting { title: String } => "Inspecting {title}", "搜索检视：{title}";
    Title { strategy: String, heuristic: String } => "{strategy} with {heuristic}", "{strategy}（启发函数：{heuristic}）";
    Close => "Close", "关闭";
    CloseHint => "Back to play (Esc)", "返回游戏（Esc）";
    HowHint =>
        "Each strategy in a paragraph, and the words used here",
        "每种策略一段说明，以及这里用到的术语";
    Step => "Step", "单步";
    StepHint => "One expansion (or one proposed move)", "扩展一个节点（或提出一步移动）";
    Step10 => "Step ×10", "单步 ×10";
    Pause => "Pause", "暂停";
    Play => "Play", "播放";
    StepsPerSecond => " steps/s", " 步/秒";
    PlaySpeed => "Play's speed", "播放速度";
    RunToEnd => "Run to end", "运行到结束";
    RunToEndHint => "Every step, as fast as they can be shown", "一步接一步，以能显示的最快速度运行";
    Back => "Back", "后退";
    BackHint =>
        "One step back (replayed from the recorded events)",
        "后退一步（根据记录的事件重放）";
    StepCount { n: String } => "Step {n}", "第 {n} 步";
    Expanded { n: String } => "expanded {n}", "已扩展 {n}";
    Generated { n: String } => "generated {n}", "已生成 {n}";
    OnPath { n: usize } => "on the path {n}", "路径上 {n} 个";
    Bound { n: u32 } => "bound {n}", "阈值 {n}";
    Walked { n: String } => "walked {n}", "已走 {n} 步";
    Temperature { t: String } => "T = {t}", "温度 T = {t}";
    StoredOpen { stored: String, open: String } =>
        "stored {stored} · open {open}",
        "已存储 {stored} · 开放列表 {open}";
    Layer { n: u32 } => "layer {n}", "第 {n} 层";
    GoalReached { g: u32 } => "goal reached in {g} moves", "{g} 步到达目标";
    Preparing => "Preparing the search…", "正在准备搜索…";
    // The tabs.
    TabWalk => "Walk and proposals", "游走与提议";
    TabTabu => "Tabu list", "禁忌表";
    TabIterations => "Iterations", "各轮迭代";
    TabPath => "Path", "路径";
    TabTree => "Search tree", "搜索树";
    TabQueue => "Queue", "队列";
    TabOpen => "Open list", "开放列表";
    TabLayers => "Layers", "分层";
    // The line under the controls.
    Started { title: String } =>
        "Inspecting {title}. Step shows one expansion (or one proposed move) at a time.",
        "正在检视{title}。每按一次“单步”，显示一次扩展（或一步提议的移动）。";
    BackOff { n: String } =>
        "Back is off for this run: it passed {n} events, more than are kept. Step on, or Close and inspect a smaller puzzle.",
        "本次运行无法后退：事件已超过 {n} 个，多于保留的上限。请继续单步，或关闭后检视一个更小的谜题。";
    AtStart => "At the start: nothing to go back to.", "已在起点：无法再后退。";
    BackTo { n: String } => "Back to step {n}.", "已退回第 {n} 步。";
    RunOver { ended: String } => "The run is over. {ended}", "运行已结束。{ended}";
    ShowingTreeNode { n: usize } =>
        "Showing tree node {n} on the board; Step returns to the search.",
        "棋盘上显示的是搜索树节点 {n}；按“单步”回到搜索。";
    // How a run ended.
    SolvedOptimal { moves: usize, counters: String } =>
        "Solved: {moves} moves (optimal) — {counters}",
        "已解出：{moves} 步（最优）——{counters}";
    Solved { moves: usize, counters: String } =>
        "Solved: {moves} moves — {counters}",
        "已解出：{moves} 步——{counters}";
    Ended { how: String, counters: String } => "{how} — {counters}", "{how}——运行统计：{counters}";
    NotSolving { why: String } => "Not solving: {why}", "未求解：{why}";
    CancelledLoading => "Cancelled while loading the database.", "载入数据库时已取消。";
    CannotInspect { strategy: String } =>
        "{strategy} cannot be inspected: it reports no steps to show. Choose another strategy.",
        "{strategy}无法检视：它不报告可以显示的步骤。请选择其他策略。";
    UnsolvableBoard { why: String } =>
        "Not inspecting: the board is unsolvable: {why}",
        "无法检视：这个局面无解：{why}";
    NotInspecting { why: String } => "Not inspecting: {why}.", "无法检视：{why}。";
    NothingToInspect =>
        "Not inspecting: the board is already at the goal, so there is nothing to search. Press Randomize or Shuffle (left) for a puzzle first.",
        "无法检视：棋盘已在目标局面，没有要搜索的。请先按左侧的“随机局面”或“打乱”出一道题。";
    NothingToInspectKlotski =>
        "Not inspecting: Cao Cao is already at the exit, so there is nothing to search. Press Reset (left) to go back to the layout's start, or pick another layout.",
        "无法检视：曹操已在出口，没有要搜索的。请先按左侧的“重来”回到布局的开局，或另选一个布局。";
    // The node and its children.
    FateSearchedNext => "within the bound: searched next", "未超阈值：接着搜索";
    FateNew => "new: stored", "新状态：已存储";
    FateDuplicate => "seen before: dropped", "已见过：丢弃";
    FateReopened => "shorter path: reopened", "路径更短：重新打开";
    FateImproved => "shorter path: updated in the open list", "路径更短：在开放列表中更新";
    FatePruned => "f over the bound: cut off", "f 超过阈值：剪枝";
    FateSkipped =>
        "repeats a shorter or earlier move sequence: skipped",
        "与更短或更早的走法重复：略过";
    HeadingPicked => "Tree node (picked)", "搜索树节点（已选中）";
    HeadingExpanding => "Expanding", "正在扩展";
    HeadingNotStarted => "Not started", "尚未开始";
    StartPressStep => "The start. Press Step to expand it.", "这是起点。按“单步”扩展它。";
    Children { n: usize } => "Children ({n})", "子节点（{n} 个）";
    ChildrenSoFar { n: usize } =>
        "Children so far ({n}) — depth first: the rest follow when the search comes back here",
        "目前已生成的子节点（{n} 个）——深度优先：其余的等搜索回到这里再生成";
    GoalFromStart { g: u32 } =>
        "The goal is reached, {g} moves from the start.",
        "已到达目标，距起点 {g} 步。";
    NodeExpanded => "node expanded", "正在扩展的节点";
    StartState => "start", "起点";
    Child { i: usize } => "child {i}", "子节点 {i}";
    TreeNode { n: usize } => "tree node {n}", "搜索树节点 {n}";
    NodeHover { n: usize, numbers: String } => "node {n} · {numbers}", "节点 {n} · {numbers}";
    // The open list, path, layers and iterations.
    QueueHeader { waiting: String, stored: String, shown: usize } =>
        "{waiting} waiting, {stored} stored; the {shown} next in the queue (first in, first out):",
        "{waiting} 个待扩展，{stored} 个已存储；队列中接下来的 {shown} 个（先进先出）：";
    OpenHeader { waiting: String, stored: String, shown: usize } =>
        "{waiting} waiting, {stored} stored; the {shown} with the least f (newest first among equal f):",
        "{waiting} 个待扩展，{stored} 个已存储；f 最小的 {shown} 个（f 相同时新的在前）：";
    QueueHeaderAll { waiting: String, stored: String } =>
        "{waiting} waiting, {stored} stored; the whole queue in order (first in, first out):",
        "{waiting} 个待扩展，{stored} 个已存储；队列中的全部（先进先出）：";
    OpenHeaderAll { waiting: String, stored: String } =>
        "{waiting} waiting, {stored} stored; all of them, the least f first (newest first among equal f):",
        "{waiting} 个待扩展，{stored} 个已存储；全部，f 小的在前（f 相同时新的在前）：";
    OpenHeaderWeighted { waiting: String, stored: String, shown: usize, w: String } =>
        "{waiting} waiting, {stored} stored; the {shown} with the least g + {w}·h (newest first among equal values):",
        "{waiting} 个待扩展，{stored} 个已存储；g + {w}·h 最小的 {shown} 个（相同时新的在前）：";
    OpenHeaderWeightedAll { waiting: String, stored: String, w: String } =>
        "{waiting} waiting, {stored} stored; all of them, the least g + {w}·h first (newest first among equal values):",
        "{waiting} 个待扩展，{stored} 个已存储；全部，g + {w}·h 小的在前（相同时新的在前）：";
    OpenHeaderEstimate { waiting: String, stored: String, shown: usize } =>
        "{waiting} waiting, {stored} stored; the {shown} with the least h (newest first among equal h):",
        "{waiting} 个待扩展，{stored} 个已存储；h 最小的 {shown} 个（h 相同时新的在前）：";
    OpenHeaderEstimateAll { waiting: String, stored: String } =>
        "{waiting} waiting, {stored} stored; all of them, the least h first (newest first among equal h):",
        "{waiting} 个待扩展，{stored} 个已存储；全部，h 小的在前（h 相同时新的在前）：";
    NothingYet => "Nothing yet: the start is expanded first.", "还没有：先扩展起点。";
    NothingProposedYet =>
        "Nothing yet: Step proposes the first move from the start.",
        "还没有：按“单步”从起点提出第一步移动。";
    GridQueue => "queue", "队列";
    GridOpen => "open", "开放列表";
    GridPath => "path", "路径";
    LayersHeader { layer: u32, next: u32 } =>
        "Expanding layer {layer}. States first reached at each depth (layer {next} is still being filled):",
        "正在扩展第 {layer} 层。各深度首次到达的状态数（第 {next} 层还在填充）：";
    DepthN { d: usize } => "depth {d}", "深度 {d}";
    Depth => "depth", "深度";
    States => "states", "状态数";
    IterationsHeader { bound: u32 } =>
        "Each iteration searches depth first, cutting off nodes whose f exceeds the bound; the next bound is the least f cut off. Bound now: {bound}.",
        "每轮迭代做一次深度优先搜索，剪去 f 超过阈值的节点；下一轮的阈值取被剪去节点中最小的 f。当前阈值：{bound}。";
    ColIteration => "iteration", "迭代";
    ColBound => "bound", "阈值";
    ColExpanded => "expanded", "扩展";
    ColGenerated => "generated", "生成";
    ColSkipped => "skipped", "略过";
    ColSkippedHint =>
        "Moves skipped by move pruning: they would repeat a shorter or earlier move sequence (see Help: move pruning).",
        "走法剪枝略过的步：它们会与更短或更早的走法重复（见帮助：走法剪枝）。";
    PathHeader { n: usize } =>
        "IDA* keeps only the path from the start to the node it expands: {n} nodes.",
        "IDA* 只保存从起点到当前扩展节点的路径：{n} 个节点。";
    // A local search's walk.
    WalkIsAt => "The walk is at", "游走当前所在";
    WalkState => "walk state", "游走状态";
    WalkedRaw { n: String } =>
        "{n} moves walked (the raw walk, loops included)",
        "已走 {n} 步（原始游走，含回路）";
    WalkedRawRun { n: String, run: u32 } =>
        "{n} moves walked (the raw walk, loops included); run {run}",
        "已走 {n} 步（原始游走，含回路）；第 {run} 轮";
    MoveProposed => "Move proposed", "提议的移动";
    ProposedState => "proposed state", "提议的状态";
    StuckAt { energy: f64 } =>
        "Stuck in a local minimum at energy {energy}",
        "困在能量为 {energy} 的局部极小值";
    NoBetterNeighbour => "No neighbour is better. Their energies:", "没有更好的邻居。它们的能量：";
    Neighbour => "neighbour", "邻居";
    EnergyN { e: f64 } => "energy {e}", "能量 {e}";
    EnergyChange { from: f64, to: f64, delta: String } =>
        "energy {from} → {to} (ΔE {delta})",
        "能量 {from} → {to}（ΔE {delta}）";
    // Tabu search weighs a score (its pseudocode's word), annealing and
    // greedy an energy: the panel says the same word as the table.
    ScoreChange { from: f64, to: f64, delta: String } =>
        "score {from} → {to} (Δ {delta})",
        "分数 {from} → {to}（Δ {delta}）";
    StuckAtScore { score: f64 } =>
        "Stuck in a local minimum at score {score}",
        "困在分数为 {score} 的局部极小值";
    NoBetterNeighbourScore => "No neighbour is better. Their scores:", "没有更好的邻居。它们的分数：";
    ScoreN { s: f64 } => "score {s}", "分数 {s}";
    // Which neighbour a proposal is: the tile that moves, and where.
    TileMoved { tile: u8, way: String } => "tile {tile} {way}", "{tile} 号块 {way}";
    Chance { p: String } => "chance of taking it {p} %", "接受概率 {p} %";
    Tabu => "tabu", "禁忌";
    Accepted => "accepted", "接受";
    Rejected => "rejected", "拒绝";
    AcceptedAspiration => "accepted (tabu, aspiration)", "接受（虽禁忌，但满足特赦准则）";
    Tied => "tied with the move taken: a draw chose that one", "与选中的移动并列：随机选了那一个";
    Weighed =>
        "weighed (the move is chosen once every neighbour is)",
        "已评估（评估完所有邻居后再选择移动）";
    ColScore => "score", "分数";
    // Two runs side by side.
    BesideLabel => "Side by side with:", "并排比较：";
    BesideOpen => "Open side by side", "并排打开";
    BesideHint =>
        "A second run on the same start, stepped with this one: one step each per Step",
        "在同一起点上再开一个运行，与这个一起单步：每按一次“单步”各走一步";
    BesideClose => "Close the right one", "关闭右边的";
    FirstDifference { step: u64, left: String, right: String } =>
        "They first differ at step {step}: the left takes {left}, the right {right}.",
        "两者在第 {step} 步首次不同：左边取 {left}，右边取 {right}。";
    SameSoFar { n: u64 } => "The same {n} steps so far.", "到目前为止，前 {n} 步相同。";
    LatestStates => "The latest states walked through, oldest first:", "最近走过的状态，旧的在前：";
    GridWalk => "walk", "游走";
    Now => "now", "当前";
    OneMoveAgo => "1 move ago", "1 步前";
    MovesAgo { k: usize } => "{k} moves ago", "{k} 步前";
    ProposedNewest => "Proposed moves, newest first:", "提议的移动，新的在前：";
    ColEnergy => "energy", "能量";
    ColChance => "chance", "概率";
    TabuCount { n: usize } =>
        "{n} states on the tabu list (the walk may not return to them for a while); the latest:",
        "禁忌表中有 {n} 个状态（游走在一段时间内不能回到这些状态）；最近的几个：";
    GridTabu => "tabu", "禁忌";
    Newest => "newest", "最新";
    NoAspiration =>
        "No aspiration yet (a tabu move taken because it beats the best score).",
        "尚未触发特赦准则（禁忌的移动因优于最好分数而被采纳）。";
    AspirationHeader =>
        "Aspiration: tabu moves taken because they beat the best score so far:",
        "特赦准则：因优于迄今最好分数而被采纳的禁忌移动：";
    AspirationLine { iteration: String, score: f64, best: f64 } =>
        "iteration {iteration}: score {score} beat the best {best}",
        "第 {iteration} 次迭代：分数 {score} 优于最好的 {best}";
    Diversified { n: u32 } =>
        "Diversified {n} times (random moves after no new best for a while).",
        "已扰动 {n} 次（长时间没有新的最好分数后随机走几步）。";
    // The search tree.
    TreeNodes { n: String } =>
        "{n} nodes: the expansions, in order left to right, each under the node it came from. Click one to see it on the board.",
        "{n} 个节点：各次扩展按先后从左到右排列，每个节点位于它的父节点之下。点击节点可在棋盘上查看。";
    TreeNodesIteration { n: String } =>
        "{n} nodes: this iteration's expansions, in order left to right, each under the node it came from. Click one to see it on the board.",
        "{n} 个节点：本轮迭代的各次扩展按先后从左到右排列，每个节点位于它的父节点之下。点击节点可在棋盘上查看。";
    // The anatomy of a run.
    TabSolution => "Solution", "解法";
    TabSolutionHint =>
        "The solution's steps, to play and step through",
        "解法的各步，可以播放或一步步看";
    TabAnatomy => "Anatomy", "剖析";
    TabAnatomyHint =>
        "Where the latest run's effort went: nodes by depth and by f, iterations, b*",
        "最近一次运行的工作量花在哪里：按深度和按 f 统计的节点、迭代、b*";
    RecordAnatomy => "Record the anatomy of each run", "记录每次运行的剖析";
    RecordAnatomyHint =>
        "Count each run's expansions by depth and by f as it goes. A recorded search takes about a fifth longer, and IDA* runs on one thread; the times shown include it. Also for the rows of Compare strategies.",
        "运行时按深度和按 f 统计每次扩展。记录时搜索约慢五分之一，IDA* 只用一个线程；显示的用时已包含这部分开销。也用于“策略对比”的各行。";
    RunUnderWay => "A run is under way: its anatomy shows when it ends.", "正在运行：结束后显示它的剖析。";
    NoRunYet => "No run yet: press Solve, then look here.", "还没有运行：先按“求解”，再来这里看。";
    NoAnatomy { run: String } =>
        "{run} reports no expanded nodes, so it has no anatomy (a local search walks: its trace shows the walk).",
        "{run}不报告扩展的节点，所以没有剖析（局部搜索是在游走：它的轨迹图显示游走过程）。";
    NotRecorded { run: String } =>
        "{run} was not recorded: the setting above was off.",
        "{run}没有被记录：当时上面的设置是关闭的。";
    AnatomyOf { run: String } => "Anatomy of {run}", "{run}的剖析";
    ExpandedGenerated { expanded: String, generated: String } =>
        "{expanded} expanded, {generated} generated",
        "扩展 {expanded}，生成 {generated}";
    ExpandedGeneratedSolution { expanded: String, generated: String, moves: u32 } =>
        "{expanded} expanded, {generated} generated; solution {moves} moves",
        "扩展 {expanded}，生成 {generated}；解长 {moves} 步";
    Branching { b: String } => "Effective branching factor b* = {b}", "有效分支因子 b* = {b}";
    BranchingHint =>
        "The branching of a uniform tree as deep as the solution holding as many nodes as the run generated: N + 1 = 1 + b* + … + b*^d. Closer to 1 is a better guided search.",
        "设想一棵与解等深、分支均匀的树，节点数与本次运行生成的节点一样多，它的分支数就是 b*：N + 1 = 1 + b* + … + b*^d。越接近 1，说明搜索的引导越好。";
    StartEstimate => "The start's estimate against the solution:", "起点的估计值与解长相比：";
    StartShare { h: u32, len: u32, pct: String } =>
        "h(start) {h} of {len} moves ({pct} %)",
        "h(起点) = {h}，解长 {len} 步（{pct} %）";
    StartShareHint =>
        "An admissible heuristic never passes the solution's length; the closer, the fewer nodes.",
        "可采纳的启发函数永远不会超过解长；越接近解长，扩展的节点越少。";
    ByDepthTitle { n: String, max: usize } =>
        "Expanded by depth: {n} nodes, depths 0–{max}",
        "按深度统计的扩展：{n} 个节点，深度 0–{max}";
    DepthG => "depth g", "深度 g";
    ByFTitle { n: usize } =>
        "Expanded by f = g + h: {n} values of f",
        "按 f = g + h 统计的扩展：f 共有 {n} 个取值";
    IterationsTitle { n: usize } =>
        "IDA*'s {n} iterations: expanded by bound",
        "IDA* 的 {n} 轮迭代：各阈值下的扩展数";
    LayersTitle { states: String, layers: usize } =>
        "Layers (new states by depth): {states} states in {layers} layers",
        "分层（按深度统计的新状态）：{layers} 层共 {states} 个状态";
    ErrorTitle { n: String, mean: String, exact: String } =>
        "Heuristic's error (true distance − h) over {n} expansions: mean {mean}, exact at {exact} %",
        "启发函数的误差（真实距离 − h），共 {n} 次扩展：平均 {mean}，{exact} % 精确";
    ErrorAxis => "error", "误差";
    ErrorWhere =>
        "The heuristic's error is shown on boards of up to 10 cells and in Klotski, where exact distances are quick to count.",
        "启发函数的误差只在不超过 10 格的棋盘和华容道中显示：那里的精确距离能很快算出。";
    CompareTitle => "Nodes expanded by depth (log scale)", "按深度统计的扩展节点（对数刻度）";
    CompareHint =>
        "Recorded runs take about a fifth longer (IDA* on one thread); the setting is in the play view's Anatomy tab.",
        "记录剖析的运行约慢五分之一（IDA* 只用一个线程）；这个设置在游戏视图的“剖析”标签页里。";
    CompareLine { label: String, n: String, max: usize } =>
        "— {label}: {n} expanded over depths 0–{max}",
        "— {label}：深度 0–{max} 共扩展 {n}";
    // At a glance (issue 31 §3): the legend of a node's colours, the open
    // list's next node and ties, the tree's labels, folds and zoom, the
    // layers once the goal is reached.
    LegendHeading => "Colours:", "图例：";
    LegendCurrent => "being expanded", "正在扩展";
    LegendOpen => "in the open list", "在开放列表中";
    LegendClosed => "expanded already", "已扩展";
    LegendNew => "new child", "新的子节点";
    LegendDropped => "dropped (seen before, cut off or skipped)", "丢弃（已见过、剪枝或略过）";
    LegendSolution =>
        "on the path to the goal (before it is reached: to the node being expanded)",
        "在到目标的路径上（到达目标前：到正在扩展的节点）";
    NextMarker => "expanded next", "下一个扩展";
    OpenMarker => "waiting", "待扩展";
    Pushed { n: String } => "pushed {n}", "第 {n} 个加入";
    PushedTied { n: String } => "tie: pushed {n}", "并列：第 {n} 个加入";
    TieRule =>
        "Among equal values the node pushed last is expanded first: the nodes of one value are kept as a stack (last in, first out).",
        "值相同时，最后加入的节点先扩展：同一个值的节点后进先出。";
    LayersEnded { layer: u32 } =>
        "The search ended at layer {layer}: the goal is there. States first reached at each depth:",
        "搜索在第 {layer} 层结束：目标就在这一层。各深度首次到达的状态数：";
    ExpansionN { n: usize } => "#{n}", "第 {n} 个";
    GoalNode => "goal", "目标";
    FoldedBadge { n: String } => "+{n} folded", "合起了 {n} 个";
    FoldedNode { n: usize, count: String } =>
        "tree node {n}, {count} folded below",
        "搜索树节点 {n}，下面合起了 {count} 个";
    FoldedHover { n: usize, count: String } =>
        "node {n}: {count} nodes folded below. Click to unfold.",
        "节点 {n}：下面合起了 {count} 个节点。点击展开。";
    OpenNode { k: usize } => "open node {k}", "开放列表节点 {k}";
    // While Predict asks which node is expanded next: no rank to tell it.
    OpenNodeUnranked => "open node", "开放列表节点";
    OpenHoverUnranked { numbers: String } =>
        "in the open list · {numbers}",
        "在开放列表中 · {numbers}";
    OpenVeiled =>
        "Until the question is answered the list is shown in no telling order.",
        "回答问题之前，这里不按扩展的顺序显示。";
    OpenHover { k: usize, numbers: String } =>
        "in the open list, {k} before it · {numbers}",
        "在开放列表中，前面还有 {k} 个 · {numbers}";
    TreeFolded { n: String } =>
        "{n} nodes: the expansions left to right, each under the node it came from. The run is large: subtrees off the path are folded (click one to unfold). Click a node to see it on the board.",
        "{n} 个节点：各次扩展按先后从左到右排列，每个节点位于它的父节点之下。本次运行很大：路径以外的子树已合起（点击可展开）。点击节点可在棋盘上查看。";
    TreeFoldedIteration { n: String } =>
        "{n} nodes: this iteration's expansions left to right, each under the node it came from. The run is large: subtrees off the path are folded (click one to unfold). Click a node to see it on the board.",
        "{n} 个节点：本轮迭代的各次扩展按先后从左到右排列，每个节点位于它的父节点之下。本次运行很大：路径以外的子树已合起（点击可展开）。点击节点可在棋盘上查看。";
    ZoomOut => "Zoom out", "缩小";
    ZoomIn => "Zoom in", "放大";
    ZoomLevel { pct: String } => "zoom {pct} %", "缩放 {pct} %";
    ZoomFit => "Fit", "适应窗口";
    FoldAll => "Fold all", "全部合起";
    ZoomHint => "Drag or scroll to pan; Ctrl + scroll to zoom.", "拖动或滚动可平移；Ctrl + 滚动可缩放。";
}
