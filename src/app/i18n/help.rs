//! The words of the Help page "How the strategies work": its paragraphs
//! and its glossary ([`HelpMsg`]).

use super::messages;

messages! {
    /// The Help page: the introduction, a paragraph per strategy and the
    /// glossary.
    HelpMsg;
    Intro =>
        "Every strategy looks for a path of moves from the start to the goal. The exact ones (BFS, A*, IDA*) search systematically and return a shortest path; the local ones walk and may fail. After a solve, the Anatomy tab beside Solution shows where the run's effort went.",
        "每种策略都在寻找一条从初始局面走到目标局面的移动序列。精确算法（广度优先搜索、A* 算法、IDA* 算法）系统地搜索，返回的是最短路径；局部搜索则在状态之间游走，可能失败。求解之后，“解法”旁边的“剖析”标签页会显示这次运行的工作量花在了哪里。";
    Words => "Words", "术语";
    Bfs =>
        "Breadth-first search keeps a queue (the frontier). It takes the oldest state, generates its neighbours, and adds those never seen before to the back. So it expands every state 1 move from the start, then every state 2 moves away, and so on: the first time it reaches the goal, no shorter path exists. It uses no heuristic, and it stores every state it has seen, which is why it runs out of memory on the 15-puzzle. Its anatomy shows the layers growing by depth.",
        "广度优先搜索维护一个队列（即搜索的边界）。每次取出最早入队的状态，生成它的所有邻居，把从未见过的邻居加到队尾。因此它先扩展距起点 1 步的所有状态，再扩展距起点 2 步的所有状态，依此类推：第一次到达目标时，就不存在更短的路径。它不用启发函数，并且要保存见过的每一个状态，这正是它在 15 数码上会耗尽内存的原因。它的剖析图显示各层随深度增长的情况。";
    BfsMirror =>
        "On the classic board the goal is its own mirror image: Cao Cao must reach the bottom centre. A position and its mirror image (left and right swapped) are then exactly as far from the goal, so BFS may treat the two as one: of each pair it stores the one a fixed rule picks, never the other. The layers are as many as BFS's and the path as short, but each layer holds about half the positions, because most classic layouts are symmetric and their groups hold each position's image too. The positions the inspector shows may be the mirror images of those the path passes; the path itself is played out on the real board. This is symmetry reduction, which puzzle solvers use widely.",
        "在传统棋盘上，目标左右对称：曹操要走到底部正中。于是一个局面和它的镜像（左右对调）离目标完全一样远，广度优先搜索可以把两者当作一个：每一对只保存按同一规则选定的那一个。层数与广度优先搜索相同，路径一样短，但每层只有约一半的局面，因为大多数传统布局左右对称，可达局面中也都有每个局面的镜像。检视器里显示的局面可能是路径所经局面的镜像；而路径是在真实棋盘上走出的。这就是对称性约简，求解器常用这一方法。";
    Dfs =>
        "Depth-first search always expands the state it generated last: it follows one line of moves as deep as it can, and backs up to try the next only when that line ends. Cut at a depth limit (the most moves a path may have), it never wanders off for ever; it returns the first path it finds, usually much longer than the shortest, and with a limit below the shortest path it finds none and says the limit cut it. Here it also remembers the least depth it met each state at, so it never walks in a circle and never searches a state again from no shallower. Its inspector shows one iteration, bounded by the limit.",
        "深度优先搜索总是扩展最后生成的状态：沿一条走法尽量向深处走，这条路走到头才回头试下一条。设了深度上限（路径最多的步数），它就不会一直走下去；它返回找到的第一条路径，通常比最短路径长得多；上限小于最短路径时找不到解，并说明原因是深度上限。这里它还记住见到每个状态时的最小深度，因此不会在回路中打转，也不会在不更小的深度再次搜索同一个状态。检视器中它只有一轮迭代，阈值就是深度上限。";
    Ids =>
        "Iterative deepening runs depth-first search again and again with a growing depth limit: 0, 1, 2, … The first round that reaches the goal finds a shortest path, as BFS does, yet like depth-first search it stores only the current path. The shallow levels are searched again every round, but the deepest level holds most of the states, so the repeats cost only a small factor. It is IDA* with an estimate of 0, and its anatomy shows its iterations, one per bound.",
        "迭代加深搜索以逐轮增大的深度上限 0、1、2……多次做深度优先搜索。第一次到达目标的那一轮找到的就是最短路径，这一点与广度优先搜索相同；但它像深度优先搜索一样只保存当前路径。前面的各层每轮都要重新搜索，不过大部分状态都在最深的一层，所以重复只多花不大的倍数。它就是估计值总是 0 的 IDA* 算法，它的剖析图按阈值逐轮显示各次迭代。";
    AStar =>
        "A* also keeps a frontier, but always expands the state with the least f = g + h: the moves made so far (g) plus the heuristic's estimate of the moves still needed (h). With an admissible heuristic it is optimal, and a better heuristic (closer to the true distance) makes it expand far fewer states than BFS. A state reached again more cheaply is reopened. Like BFS it stores every state it sees. Its anatomy shows how many states it expanded at each value of f: all those below the solution's length, and some at it.",
        "A* 算法同样维护一个边界（开放列表），但总是扩展 f = g + h 最小的状态：g 是已经走过的步数，h 是启发函数对剩余步数的估计。只要启发函数是可采纳的，A* 算法就能找到最优解；启发函数越好（越接近真实距离），它扩展的状态就比广度优先搜索少得越多。如果以更小的代价再次到达某个状态，就把它重新打开。与广度优先搜索一样，它要保存见过的每一个状态。它的剖析图显示在 f 的每个取值上扩展了多少状态：f 小于解长的全部扩展，等于解长的扩展一部分。";
    IdaStar =>
        "IDA* (iterative-deepening A*) searches depth first from the start and cuts off every path whose f = g + h passes a bound. If an iteration finds no solution, the bound rises to the smallest f that was cut off and the search starts again. It stores only the current path, so it never runs out of memory, at the price of expanding states again in each iteration (and along different paths). Its anatomy shows the iterations: on tile boards the bound rises by 2 each time, from h of the start to the solution's length.",
        "IDA* 算法（迭代加深 A* 算法）从起点做深度优先搜索，凡是 f = g + h 超过阈值的路径都被剪去。如果一轮迭代没有找到解，就把阈值提高到被剪去路径中最小的 f，再从头搜索。它只保存当前路径，因此不会耗尽内存，代价是每轮迭代（以及沿不同路径）都要重复扩展状态。它的剖析图显示各轮迭代：在数字推盘上，阈值每次提高 2，从起点的 h 一直升到解长。";
    Annealing =>
        "Simulated annealing is a local search: it walks from state to state without remembering where it has been. Each step it proposes a random neighbour; a better one (lower energy) is always taken, a worse one with probability exp(−ΔE / T). The temperature T starts high (many worse moves are taken, the walk explores) and cools (the walk settles). It may fail, never proves its path shortest, and the path shown is the walk with its loops erased.",
        "模拟退火是一种局部搜索：它从一个状态走到另一个状态，并不记住走过哪里。每一步随机提出一个邻居：更好的（能量更低）总是接受，更差的则以概率 exp(−ΔE / T) 接受。温度 T 起初很高（常常接受更差的移动，游走在四处探索），随后逐渐降低（游走慢慢稳定下来）。它可能失败，也无法证明路径最短；显示的路径是去掉了回路的游走。";
    Tabu =>
        "Tabu search is a local search that always moves to the best neighbour, even a worse one, but not to a state visited recently: the last few states (the tenure) are tabu. That keeps it from sliding back into the local minimum it just left. A tabu move is still taken if it beats the best state so far (aspiration), and when the walk stalls it is kicked with a few random moves. Not optimal; may fail.",
        "禁忌搜索也是一种局部搜索：它总是走到最好的邻居，即使这个邻居比当前状态更差，但不走回最近访问过的状态——最近的若干个状态（禁忌长度）被列为禁忌。这样它就不会滑回刚刚离开的局部极小值。如果某个禁忌移动能超过迄今最好的状态，仍然可以采纳（特赦准则）；游走停滞时，再随机走几步加以扰动。它不保证最优，也可能失败。";
    Greedy =>
        "Greedy hill climbing takes the best neighbour as long as it is strictly better than the current state, and stops when none is: at a local minimum, which is usually not the goal. It is fast and shows why annealing and tabu search exist.",
        "贪心爬山法只要最好的邻居严格优于当前状态，就走过去；没有这样的邻居时便停下，停在一个局部极小值上，而它通常不是目标。它很快，也正好说明了为什么需要模拟退火和禁忌搜索。";
    Weighted =>
        "Weighted A* is A* with the estimate counted w times: it expands the state with the least g + w × h. Trusting the estimate more, it heads for the goal and expands far fewer states, at a price it can bound: its path is at most w times the shortest (bounded suboptimal). With w = 1 it is A*; the larger w, the faster and the longer the path may be.",
        "加权 A* 算法就是把估计值乘以 w 的 A* 算法：它扩展 g + w × h 最小的状态。由于更信任估计值，它会径直奔向目标，扩展的状态少得多，而代价有界：路径长度至多为最短路径的 w 倍（有界次优）。w = 1 时它就是 A* 算法；w 越大，搜索越快，路径也可能越长。";
    Gbfs =>
        "Greedy best-first search also keeps an open list, but looks at the heuristic's estimate h alone: it always expands the state with the least h, however many moves g it took to get there. It is A* with f = h, or weighted A* with a very large w. It often reaches the goal quickly, but it is not optimal and its path can be far longer than the shortest; like A* it stores every state it sees. Set beside A*, it shows what g is for: with g, the search does not take a long way round for a state that only looks closer.",
        "贪心最佳优先搜索也维护一个开放列表，但只看启发函数的估计值 h：总是扩展 h 最小的状态，不看走到它已经用了多少步 g。它就是 f = h 的 A* 算法，也可以看成 w 极大的加权 A* 算法。它常常很快就到达目标，但不保证最优，路径可能比最短路径长得多；与 A* 算法一样，它要保存见过的每一个状态。把它和 A* 算法放在一起比较，就能看出 g 的作用：有了 g，搜索不会为了看起来更近的状态而走远路。";
    Fast =>
        "Row by row solves a tile board as people do: small searches bring the tiles of an outer row or column home and lock them, then the same on the smaller board left, until the last 3×3 is solved optimally. It solves any size in well under a second, but its paths are longer than the shortest. It expands no nodes of one search, so it has no anatomy.",
        "逐行归位法像人一样解数字推盘：用小规模搜索把最外面一行或一列的数字块送回原位并锁定，再对剩下的小棋盘做同样的事，直到最后的 3×3 用最优解完成。任何尺寸都能在远不到一秒内解出，但路径比最短路径长。它不是单独一次搜索，没有可统计的扩展节点，所以没有剖析。";
    // The glossary: each word, then its meaning.
    WordState => "state", "状态";
    MeanState =>
        "One arrangement of the tiles or pieces. The start and the goal are states.",
        "数字块或棋子的一种摆放。初始局面和目标局面都是状态。";
    WordExpanded => "expanded", "扩展";
    MeanExpanded =>
        "A state whose neighbours the search generated. The count of expanded nodes is the usual measure of a search's work.",
        "搜索为某个状态生成它的所有邻居，就称扩展了这个状态。扩展的节点数是衡量搜索工作量的常用指标。";
    WordGenerated => "generated", "生成";
    MeanGenerated =>
        "A neighbour produced while expanding a state, whether the search keeps it or not.",
        "扩展一个状态时产生的邻居，不论搜索是否保留它。";
    WordStored => "stored", "存储";
    MeanStored =>
        "States the search holds in memory at once (its open and closed lists); IDA* stores only its current path.",
        "搜索同时保存在内存中的状态（开放列表和关闭列表）；IDA* 算法只保存当前路径。";
    WordFrontier => "frontier", "边界";
    MeanFrontier =>
        "The states generated but not yet expanded: BFS's queue, A*'s open list.",
        "已生成但尚未扩展的状态：广度优先搜索的队列，A* 算法的开放列表。";
    WordDepth => "depth, g", "深度 g";
    MeanDepth =>
        "The moves from the start to a state along the path the search found.",
        "沿搜索找到的路径，从起点到某个状态所走的步数。";
    WordHeuristic => "heuristic, h", "启发函数 h";
    MeanHeuristic =>
        "An estimate of the moves still needed from a state to the goal (misplaced tiles, Gaschnig's, Manhattan distance, linear conflict, pattern databases). Each of the first three is the exact cost of a simpler puzzle: a tile may move anywhere, swap with the blank wherever it is, or slide over other tiles.",
        "对从某个状态到目标还需多少步的估计（错位数、Gaschnig 启发、曼哈顿距离、线性冲突、模式数据库）。其中错位数、Gaschnig 启发和曼哈顿距离各是一个更简单的谜题的精确步数：数字块可以移到任何位置、可以与任何位置的空格交换，或者可以越过其他数字块滑动。";
    WordF => "f", "估价 f";
    MeanF => "g + h: the estimated length of a solution through a state.", "g + h：经过某个状态的解的估计长度。";
    WordAdmissible => "admissible", "可采纳";
    MeanAdmissible =>
        "A heuristic that never overestimates the true distance. A* and IDA* are optimal with one. The anatomy's heuristic error (true distance − h) is then never negative.",
        "从不高估真实距离的启发函数。用它时，A* 和 IDA* 算法都能得到最优解，剖析中的启发函数误差（真实距离 − h）也不会是负数。";
    WordConsistent => "consistent", "一致";
    MeanConsistent =>
        "A heuristic that drops by at most 1 per move (h(s) ≤ 1 + h(next)). With one, A* never needs to reopen a state.",
        "每走一步至多减少 1 的启发函数（h(s) ≤ 1 + h(下一状态)）。用它时，A* 算法永远不必重新打开状态。";
    WordWeight => "weight, w", "权重 w";
    MeanWeight =>
        "How much more weighted A* trusts the estimate than the moves made: it orders states by g + w × h, and its path is at most w times the shortest.",
        "加权 A* 算法对估计值的信任比对已走步数多几倍：它按 g + w × h 给状态排序，路径至多为最短路径的 w 倍。";
    WordOptimal => "optimal", "最优";
    MeanOptimal =>
        "A solution no shorter one exists for; an optimal strategy always returns one.",
        "不存在更短解的解；最优的策略总是返回这样的解。";
    WordBound => "bound", "阈值";
    MeanBound =>
        "IDA*'s limit on f in one iteration: paths with a larger f are cut off (pruned).",
        "IDA* 算法在一轮迭代中对 f 的限制：f 更大的路径被剪去（剪枝）。";
    WordIteration => "iteration", "迭代";
    MeanIteration =>
        "One depth-first search of IDA* under one bound; each starts again from the start.",
        "IDA* 算法在一个阈值下做的一次深度优先搜索；每轮都从起点重新开始。";
    WordLayer => "layer", "层";
    MeanLayer =>
        "All the states first reached at one depth. BFS expands the layers in order.",
        "在同一深度首次到达的全部状态。广度优先搜索按顺序逐层扩展。";
    WordBranching => "effective branching factor, b*", "有效分支因子 b*";
    MeanBranching =>
        "The branching of a uniform tree as deep as the solution that would hold as many nodes as the search generated: N + 1 = 1 + b* + b*² + … + b*^d. Near 1: a well guided search.",
        "设想一棵与解等深、分支均匀的树，它的节点数与搜索生成的节点数相同，这棵树的分支数就是 b*：N + 1 = 1 + b* + b*² + … + b*^d。接近 1 说明搜索的引导很好。";
    WordDuplicate => "duplicate", "重复状态";
    MeanDuplicate =>
        "A generated state seen before and not reached more cheaply: dropped.",
        "生成时已经见过、而且这次的代价并不更小的状态：直接丢弃。";
    WordMovePruning => "move pruning", "走法剪枝";
    MeanMovePruning =>
        "On tile boards IDA* skips a move when the last few moves would repeat a shorter sequence, or an equally long one earlier in the order U, D, L, R: both reach the same position, so only one is searched (Taylor and Korf's automaton). Undoing the last move is the simplest case.",
        "在滑块棋盘上，IDA* 算法会略过这样的一步：走完之后，最近的几步与一段更短的（或同样长但按 U、D、L、R 顺序更早的）走法重复——两者到达同一局面，只需搜索其中一个（Taylor 与 Korf 的自动机）。撤销上一步是最简单的情形。";
    WordEnergy => "energy", "能量";
    MeanEnergy =>
        "What a local search tries to lower: the heuristic's estimate of the state (tabu search's score also weighs the walk).",
        "局部搜索想要降低的量：启发函数对该状态的估计（禁忌搜索的分数还会考虑游走的情况）。";
    WordTemperature => "temperature, T", "温度 T";
    MeanTemperature =>
        "Annealing's willingness to take a worse move: with ΔE the rise in energy, the move is taken with probability exp(−ΔE / T). T falls as the walk goes on.",
        "模拟退火接受更差移动的意愿：设 ΔE 为能量的增加量，则以概率 exp(−ΔE / T) 接受这步移动。随着游走进行，T 逐渐降低。";
    WordTenure => "tenure", "禁忌长度";
    MeanTenure =>
        "How many recent states tabu search keeps tabu (forbidden to return to).",
        "禁忌搜索把最近多少个状态列为禁忌（不许走回去）。";
    WordAspiration => "aspiration", "特赦准则";
    MeanAspiration =>
        "Tabu search taking a tabu move anyway, because it beats the best state so far.",
        "禁忌搜索仍然采纳某个禁忌移动，因为它超过了迄今最好的状态。";
    WordLocalMinimum => "local minimum", "局部极小值";
    MeanLocalMinimum =>
        "A state no neighbour of which is better: where greedy hill climbing stops.",
        "没有任何邻居比它更好的状态：贪心爬山法就停在这里。";
    WordLoopErasure => "loop erasure", "回路消除";
    MeanLoopErasure =>
        "Cutting every loop out of a local search's walk, so the path shown never visits a state twice.",
        "从局部搜索的游走中剪掉所有回路，使显示的路径不会两次经过同一个状态。";
}
