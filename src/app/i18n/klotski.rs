//! The words of the Klotski view: its panels, status line, step list,
//! hints, the layout editor and its validation messages: [`KlotskiMsg`].
//! In Chinese a move (one piece, any distance) is a 步, as Klotski books
//! count 横刀立马's 81 步, and a unit step is a 格.

use super::{Lang, Message, messages};
use crate::engine::klotski::{Layout, LayoutError, Metric};

messages! {
    /// The Klotski view, its hints and its layout editor.
    KlotskiMsg;
    // The family switch above the views, and the family's name inside a
    // sentence.
    FamilyKlotski => "Klotski 华容道", "华容道 Klotski";
    FamilyName => "Klotski", "华容道";
    // The left panel.
    Heading => "Klotski 华容道", "华容道";
    LayoutLabel => "Layout", "布局";
    ClassicItem { number: usize, name: String, moves: usize } =>
        "{number}. {name} ({moves} moves)",
        "{number}. {name}（{moves} 步）";
    EditLayout => "Edit layout…", "编辑布局…";
    Reset => "Reset", "重来";
    ShowDistance => "Show distance and Hint", "显示距离和提示";
    StrategyHeading => "Strategy", "策略";
    CountIn => "Count solutions in:", "解的计数方式：";
    RadioMoves => "moves", "步（整块移动）";
    RadioMovesHint =>
        "One piece moving any distance along a free path is one move (the traditional count).",
        "一块棋子沿空位移动任意远（可以拐弯）算一步（传统计法）。";
    RadioSteps => "steps", "格（单格移动）";
    RadioStepsHint => "One piece moving one cell is one step.", "一块棋子移动一格算一格。";
    TimeLimit => "Time limit (s)", "时间上限（秒）";
    Solve => "Solve", "求解";
    Inspect => "Inspect", "检视";
    InspectHint =>
        "Step through the search: its nodes, open list and tree",
        "检视搜索过程：一步步看节点、开放列表和搜索树";
    Running { strategy: String, unit: String } =>
        "{strategy} running ({unit})",
        "{strategy} 运行中（以{unit}计）";
    // Units of a count, in a sentence.
    UnitMove => "move", "步";
    UnitMoves => "moves", "步";
    UnitStep => "step", "格";
    UnitSteps => "steps", "格";
    // The header above the board.
    CounterMoves { n: usize } => "Moves: {n}", "步数：{n}";
    CounterSteps { n: usize } => "Steps: {n}", "格数：{n}";
    Escaped { name: String } => "{name} escaped!", "{name}逃出去了！";
    ColourMoves => "Colour moves", "按走法着色";
    ColourMovesHint =>
        "Colour each piece that can move by what its best move does to the distance.",
        "给每块能动的棋子着色，表示它最好的一步让离出口的距离怎样变化。";
    AmongAll => "Among all positions…", "在所有局面中…";
    Exit => "exit", "出口";
    BoardLabel => "klotski board", "华容道棋盘";
    // Titles of a layout shown.
    EditedTitle { name: String } => "{name} (edited)", "{name}（已编辑）";
    EditedLayout => "Edited layout", "编辑过的布局";
    PastedLayout => "Pasted layout", "粘贴的布局";
    ComparedLayout => "Compared layout", "比较中的布局";
    ClosestTitle => "Closest to the exit", "最接近出口的局面";
    FarthestTitle => "Farthest from the exit", "离出口最远的局面";
    // The status line.
    Intro =>
        "Drag a piece, or click one and use the arrow keys. Bring 曹操 Cao Cao to the exit.",
        "拖动棋子，或点选一块后用方向键移动。把曹操移到出口。";
    Loaded { title: String } =>
        "{title}: bring 曹操 Cao Cao to the exit.",
        "{title}：把曹操移到出口。";
    Won { moves: usize, steps: usize } =>
        "Solved! 曹操 Cao Cao escaped in {moves} moves ({steps} steps).",
        "成功！曹操用 {moves} 步（{steps} 格）逃出。";
    Copied => "Layout copied as text.", "布局已复制为文本。";
    BackToStart => "Back to the start.", "回到开局。";
    TilesOnly { strategy: String, fallback: String } =>
        "{strategy} solves sliding tiles only: {fallback} is chosen for Klotski.",
        "{strategy}只能解数字推盘：华容道改用{fallback}。";
    FallbackChosen { fallback: String } =>
        "{fallback} is chosen for Klotski.",
        "华容道改用{fallback}。";
    NotALayout { why: String } =>
        "Paste takes a Klotski layout, rows split by '/', e.g. BAAC/BAAC/DEEF/DGHF/I..J: {why}",
        "这里只能粘贴华容道布局，各行用“/”分隔，例如 BAAC/BAAC/DEEF/DGHF/I..J：{why}";
    Solving { strategy: String, unit: String } =>
        "Solving with {strategy} in {unit}…",
        "正在用{strategy}求解（以{unit}计）…";
    Cancelling => "Cancelling…", "正在取消…";
    RunIn { strategy: String, unit: String } => "{strategy} in {unit}", "{strategy}（以{unit}计）";
    NotSolving { why: String } => "Not solving: {why}", "未求解：{why}";
    SolveFailed { why: String } =>
        "Solve failed (internal error): {why}",
        "求解失败（内部错误）：{why}";
    Ended { status: String, counters: String } => "{status} — {counters}", "{status}——统计：{counters}";
    Optimal => "optimal", "最优";
    WithinOptimal { w: String } => "≤ {w} × optimal", "不超过最优的 {w} 倍";
    GuaranteeInBrackets { guarantee: String, unit: String } =>
        " ({guarantee} in {unit})",
        "（以{unit}计{guarantee}）";
    GuaranteeAfterComma { guarantee: String, unit: String } =>
        ", {guarantee} in {unit}",
        "，以{unit}计{guarantee}";
    SolvedStatus { moves: usize, steps: usize, guarantee: String, strategy: String, counters: String } =>
        "Solved: {moves} moves, {steps} steps{guarantee} by {strategy} — {counters}",
        "已解出：{moves} 步，{steps} 格{guarantee}，{strategy}——{counters}";
    NoReplay =>
        "Internal error: the solution does not replay.",
        "内部错误：解法无法重放。";
    Blocked { step: String } => "Blocked: {step} cannot go there.", "走不通：{step} 无法移动。";
    // The steps panel.
    Summary { moves: usize, steps: usize, strategy: String, guarantee: String } =>
        "{moves} moves, {steps} steps by {strategy}{guarantee}",
        "{moves} 步，{steps} 格，{strategy}{guarantee}";
    ListSingleSteps => "List single steps", "逐格列出";
    ListSingleStepsHint =>
        "One row a step instead of one row a move.",
        "每格一行，而不是每步一行。";
    // Hints and distances.
    CountingFromStart =>
        "Distance: counting the positions reachable from the start…",
        "距离：正在统计从开局能到达的局面…";
    NoExit { n: String } =>
        "The exit cannot be reached: the group of {n} positions reachable from here never reaches it.",
        "到不了出口：从这里能到达的 {n} 个局面，没有一个能到出口。";
    ShowClosest { name: String, n: u32, unit: String } =>
        "Show the closest ({name} {n} {unit} from the exit)",
        "显示最接近出口的局面（{name}离出口 {n} {unit}）";
    ToExit { n: u32, unit: String } =>
        "{n} {unit} to the exit (exact)",
        "离出口还有 {n} {unit}（精确）";
    Hint => "Hint", "提示";
    MoreHint => "More hint", "更多提示";
    HintPiece { name: String } => "Hint: move {name}", "提示：移动{name}";
    HintMove { step: String } => "Hint: {step}", "提示：{step}";
    CountingPositions => "Counting the positions…", "正在统计局面…";
    AmongAllText { unit: String } =>
        "The positions reachable from this layout's start, by their distance to the exit in {unit} (switch the count on the left to see the other).",
        "从此布局开局能到达的所有局面，按离出口的距离（以{unit}计）分布（在左侧切换计数方式可看另一种）。";
    StartIs { n: u32, unit: String } =>
        "The layout's start is {n} {unit} from the exit.",
        "此布局的开局离出口 {n} {unit}。";
    ShowFarthest => "Show the farthest", "显示最远的局面";
    ShowFarthestHint =>
        "Play a position as far as any in the group from the exit.",
        "摆出一个离出口最远的局面来玩。";
    // The layout editor.
    EditorTitle => "Edit layout", "编辑布局";
    EditorHelp =>
        "Click the grid to place the chosen shape (its top-left on the cell), or edit the text: rows joined by '/', '.' empty, one letter a piece.",
        "点击网格放置所选形状（左上角落在所点的格上），或直接编辑文本：各行用“/”连接，“.”表示空格，一个字母代表一块棋子。";
    ToolSoldier => "1×1 soldier", "1×1 卒";
    ToolWide => "1×2 general (wide)", "1×2 横将";
    ToolTall => "2×1 general (tall)", "2×1 竖将";
    ToolCaoCao => "2×2 Cao Cao", "2×2 曹操";
    ToolErase => "Erase", "擦除";
    GridLabel => "layout grid", "布局网格";
    TextField => "Text:", "文本：";
    TextLabel => "layout text", "布局文本";
    Clear { rows: usize, cols: usize } => "Clear {rows}×{cols}", "清空为 {rows}×{cols}";
    Valid { pieces: usize, target: char, row: usize, col: usize } =>
        "Valid: {pieces} pieces, target {target} goes to row {row}, column {col}.",
        "有效：共 {pieces} 块棋子，目标 {target} 要移到第 {row} 行第 {col} 列。";
    Invalid { why: String } => "Invalid: {why}", "无效：{why}";
    Apply => "Apply", "应用";
    // What is wrong with a layout's text (the engine's LayoutError).
    ErrEmpty => "no rows given", "没有给出任何行";
    ErrUnequalRows { row: usize, len: usize, expected: usize } =>
        "row {row} has {len} cells but row 1 has {expected}",
        "第 {row} 行有 {len} 格，而第 1 行有 {expected} 格";
    ErrUnknownChar { c: char } =>
        "unknown character '{c}': use one letter per piece and '.' for empty cells",
        "未知字符“{c}”：每块棋子用一个字母，空格用“.”";
    ErrNotRectangle { c: char } =>
        "the cells of piece '{c}' do not form a filled rectangle",
        "棋子“{c}”的格子没有构成一个填满的矩形";
    ErrShape { letter: char, rows: usize, cols: usize } =>
        "piece '{letter}' is {rows}x{cols}: pieces must be 1x1, 1x2, 2x1 or 2x2",
        "棋子“{letter}”是 {rows}×{cols}：棋子只能是 1×1、1×2、2×1 或 2×2";
    ErrNoTarget => "no 2x2 piece to bring to the exit", "没有要移到出口的 2×2 棋子";
    ErrTwoTargets { a: char, b: char } =>
        "two 2x2 pieces ('{a}' and '{b}'): the target must be unique",
        "有两块 2×2 棋子（“{a}”和“{b}”）：目标只能有一块";
    ErrNoEmptyCell => "no empty cell: nothing can move", "没有空格：什么也动不了";
    ErrBadSize { rows: usize, cols: usize, min: usize, max: usize } =>
        "a {rows}x{cols} board is out of range: rows and columns must be {min} to {max}",
        "{rows}×{cols} 的棋盘超出范围：行数和列数都须在 {min} 到 {max} 之间";
    ErrTooManyCells { rows: usize, cols: usize, cells: usize, max: usize } =>
        "a {rows}x{cols} board has {cells} cells: layouts hold at most {max} (8x7 or 7x8)",
        "{rows}×{cols} 的棋盘有 {cells} 格：布局最多只能有 {max} 格（8×7 或 7×8）";
}

/// What is wrong with a layout's text, in `lang` (the English is the
/// engine's own wording, as the CLI prints it).
pub fn layout_error(e: &LayoutError, lang: Lang) -> String {
    match *e {
        LayoutError::Empty => KlotskiMsg::ErrEmpty,
        LayoutError::UnequalRows { row, len, expected } => {
            KlotskiMsg::ErrUnequalRows { row, len, expected }
        }
        LayoutError::UnknownChar(c) => KlotskiMsg::ErrUnknownChar { c },
        LayoutError::NotRectangle(c) => KlotskiMsg::ErrNotRectangle { c },
        LayoutError::ShapeNotAllowed { letter, rows, cols } => {
            KlotskiMsg::ErrShape { letter, rows, cols }
        }
        LayoutError::NoTarget => KlotskiMsg::ErrNoTarget,
        LayoutError::TwoTargets(a, b) => KlotskiMsg::ErrTwoTargets { a, b },
        LayoutError::NoEmptyCell => KlotskiMsg::ErrNoEmptyCell,
        LayoutError::BadSize { rows, cols } => KlotskiMsg::ErrBadSize {
            rows,
            cols,
            min: Layout::MIN_SIDE,
            max: Layout::MAX_SIDE,
        },
        LayoutError::TooManyCells { rows, cols } => KlotskiMsg::ErrTooManyCells {
            rows,
            cols,
            cells: rows * cols,
            max: Layout::MAX_CELLS,
        },
    }
    .text(lang)
}

/// The unit a Klotski count is in, for `n` of them: `move`, `steps`; in
/// Chinese 步 or 格.
pub fn unit(metric: Metric, n: u32, lang: Lang) -> String {
    match (metric, n) {
        (Metric::Moves, 1) => KlotskiMsg::UnitMove,
        (Metric::Moves, _) => KlotskiMsg::UnitMoves,
        (Metric::Steps, 1) => KlotskiMsg::UnitStep,
        (Metric::Steps, _) => KlotskiMsg::UnitSteps,
    }
    .text(lang)
}

/// How far a path is guaranteed from the shortest (`optimal`, `≤ 2 ×
/// optimal`), if it is (the English is `units::guarantee`'s).
pub fn guarantee(s: &crate::engine::Stats, lang: Lang) -> Option<String> {
    match (s.optimal, s.within) {
        (true, _) => Some(KlotskiMsg::Optimal.text(lang)),
        (false, Some(w)) => Some(KlotskiMsg::WithinOptimal { w: w.to_string() }.text(lang)),
        (false, None) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Stats;

    #[test]
    fn layout_errors_read_in_english_as_the_engine_words_them() {
        let bad = [
            "",
            "AA../AA./..../....",
            "AA.?/AA../..../....",
            "AAB./A.B./..../....",
            "AAA./AAA./..../....",
            "BB../..../..../....",
            "AAB./AAB./CC../CC..",
            "AABC/AABC/DEFG/HIJK",
            "AA./AA./...",
            "AA....../AA....../......../......../......../......../......../........",
        ];
        let mut seen = std::collections::HashSet::new();
        for text in bad {
            let e = Layout::parse(text).expect_err(text);
            seen.insert(std::mem::discriminant(&e));
            assert_eq!(layout_error(&e, Lang::English), e.to_string(), "{text}");
            let zh = layout_error(&e, Lang::Chinese);
            assert!(
                zh.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
                "{zh}"
            );
        }
        assert_eq!(seen.len(), bad.len(), "every kind of error");
    }

    #[test]
    fn counters_and_guarantees_read_in_english_as_the_cli_prints_them() {
        let s = Stats {
            expanded: 12_345,
            generated: 23_456,
            peak_stored: 999,
            optimal: true,
            ..Stats::default()
        };
        assert_eq!(
            super::super::names::counters(&s, Lang::English),
            crate::units::counters(&s)
        );
        assert_eq!(guarantee(&s, Lang::English), crate::units::guarantee(&s));
        let w = Stats {
            optimal: false,
            within: Some(1.5),
            ..s
        };
        assert_eq!(guarantee(&w, Lang::English), crate::units::guarantee(&w));
        assert!(
            super::super::names::counters(&s, Lang::Chinese)
                .starts_with("扩展 12,345，生成 23,456")
        );
    }
}
