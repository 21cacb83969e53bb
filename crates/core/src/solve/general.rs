//! Constructive solutions on any board: the block-cut tree of the
//! decision, one block at a time.
//!
//! The blank is slid to its goal cell and the block-cut tree rooted there,
//! as in [`crate::reach`](mod@crate::reach). Each block is then solved on
//! its own: the blank walks to the block's entry, sets the block's cells
//! with moves inside the block, and walks back the same way (which puts
//! every cell on its way back as it was). A bridge needs nothing, a cycle
//! turns, a small block (θ0 among them) is searched breadth first. A
//! larger 2-connected block is peeled: a cell whose removal leaves the
//! rest 2-connected (and not a cycle, and with an odd cycle when the
//! block has one) gets its token, walked there step by step with the
//! blank going round it (on grids, by the ways whose slides bring other
//! tokens nearer their targets, as on boxes); or two neighbouring cells
//! that can only go together (the last two of a row, say) or a whole ear
//! are loaded at once, by turning a cycle through them; until a few cells
//! are left for a breadth-first search. A region that can lose neither a
//! cell nor an ear (a long cycle with one chord) is sorted by 3-cycles
//! instead (see `three_cycles`).

use std::collections::VecDeque;

use crate::arrangement::{BLANK, Token};
use crate::board::{Board, Cell};
use crate::graph::{Block, Blocks, bfs_tree, path_by, shortest_path};
use crate::solve::{Move, bfs, slide_worth, three_cycles};

/// Blocks larger than this are not peeled (the peeling is about quadratic
/// in the block's size).
pub const MAX_PEELED_BLOCK: usize = 40_000;
/// Regions this small are finished breadth first.
const ENDGAME: usize = 8;

/// Moves taking `from` to `to` (a reachable pair), or why this board is
/// beyond the method.
pub fn solve_graph(board: &Board, from: &[Token], to: &[Token]) -> Result<Vec<Move>, String> {
    let mut state = State {
        tokens: from.to_vec(),
        blank: from.iter().position(|&t| t == BLANK).expect("a blank"),
        moves: Vec::new(),
    };
    let goal_blank = to.iter().position(|&t| t == BLANK).expect("a blank");
    let path = shortest_path(board, state.blank as Cell, goal_blank as Cell).expect("reachable");
    for &c in &path[1..] {
        state.slide(c as usize);
    }
    let blocks = Blocks::rooted(board, goal_blank as Cell);
    // The blank travels on a breadth-first tree from the root, visiting the
    // blocks' entries in depth-first order: each tree edge is walked down
    // and back up once at most, and every walk is retraced, which puts
    // the cells on the way back as they were.
    let tree = bfs_tree(board, goal_blank as Cell);
    let (depth, preorder) = tree_order(&tree, goal_blank);
    let mut work: Vec<(&Block, Vec<usize>)> = blocks
        .blocks
        .iter()
        .map(|block| (block, block_cells(&blocks, block)))
        .filter(|(_, cells)| cells[1..].iter().any(|&c| state.tokens[c] != to[c]))
        .collect();
    work.sort_by_key(|(block, _)| preorder[block.entry as usize]);
    for (block, cells) in &work {
        walk_tree(&tree, &depth, block.entry as usize, &mut state);
        solve_block(board, &blocks, block, cells, &mut state, to)?;
        if state.moves.len() > MAX_MOVES {
            return Err(format!(
                "more than {MAX_MOVES} moves: too many to hold in memory on a board other than a box"
            ));
        }
    }
    walk_tree(&tree, &depth, goal_blank, &mut state);
    Ok(state.moves)
}

/// The most moves held for a board other than a box (8 bytes each).
pub const MAX_MOVES: usize = 1 << 27;

/// Depth of each cell on the tree, and its rank in a depth-first preorder.
fn tree_order(tree: &[Cell], root: usize) -> (Vec<usize>, Vec<usize>) {
    let n = tree.len();
    let mut children = vec![Vec::new(); n];
    for (c, &p) in tree.iter().enumerate() {
        if p != u32::MAX && p as usize != c {
            children[p as usize].push(c);
        }
    }
    let (mut depth, mut preorder) = (vec![0; n], vec![usize::MAX; n]);
    let mut stack = vec![root];
    let mut rank = 0;
    while let Some(v) = stack.pop() {
        preorder[v] = rank;
        rank += 1;
        for &w in &children[v] {
            depth[w] = depth[v] + 1;
            stack.push(w);
        }
    }
    (depth, preorder)
}

/// Walks the blank on the tree to `target`: up to the common ancestor,
/// then down.
fn walk_tree(tree: &[Cell], depth: &[usize], target: usize, state: &mut State) {
    let (mut a, mut b) = (state.blank, target);
    let mut down = Vec::new();
    while a != b {
        if depth[a] >= depth[b] {
            a = tree[a] as usize;
            state.slide(a);
        } else {
            down.push(b);
            b = tree[b] as usize;
        }
    }
    for &c in down.iter().rev() {
        state.slide(c);
    }
}

/// The arrangement being solved and the moves so far.
struct State {
    tokens: Vec<Token>,
    blank: usize,
    moves: Vec<Move>,
}

impl State {
    /// The token on `cell` (next to the blank) slides into the blank.
    fn slide(&mut self, cell: usize) {
        self.moves.push(Move {
            from: cell as Cell,
            to: self.blank as Cell,
        });
        self.tokens.swap(cell, self.blank);
        self.blank = cell;
    }
}

/// A block's cells, its entry first.
fn block_cells(blocks: &Blocks, block: &Block) -> Vec<usize> {
    let mut cells = vec![block.entry as usize];
    let mut seen = std::collections::HashSet::from([block.entry as usize]);
    for &(u, v) in blocks.edges_of(block) {
        for c in [u as usize, v as usize] {
            if seen.insert(c) {
                cells.push(c);
            }
        }
    }
    cells
}

/// A block on local indices (0 is the entry): adjacency lists.
struct Local {
    cells: Vec<usize>,
    /// Board cell -> local index.
    index: std::collections::HashMap<usize, usize>,
    adjacent: Vec<Vec<usize>>,
    /// Each cell's row and column, on boards drawn on a grid.
    position: Option<Vec<(usize, usize)>>,
}

/// Solves one block, the blank starting and ending on its entry.
fn solve_block(
    board: &Board,
    blocks: &Blocks,
    block: &Block,
    cells: &[usize],
    state: &mut State,
    to: &[Token],
) -> Result<(), String> {
    let index: std::collections::HashMap<usize, usize> =
        cells.iter().enumerate().map(|(l, &c)| (c, l)).collect();
    let mut adjacent = vec![Vec::new(); cells.len()];
    for &(u, v) in blocks.edges_of(block) {
        let (a, b) = (index[&(u as usize)], index[&(v as usize)]);
        adjacent[a].push(b);
        adjacent[b].push(a);
    }
    let local = Local {
        cells: cells.to_vec(),
        index,
        adjacent,
        position: cells
            .iter()
            .map(|&c| board.grid_position(c as Cell))
            .collect(),
    };
    let edges = blocks.edges_of(block).len();
    if edges == cells.len() && cells.len() > 3 {
        turn_cycle(&local, state, to);
        return Ok(());
    }
    let tokens: Vec<Token> = cells.iter().map(|&c| state.tokens[c]).collect();
    if bfs::small_enough(&tokens) {
        let goal = local_goal(&local, to);
        return endgame(&local, &(0..cells.len()).collect::<Vec<_>>(), state, &goal);
    }
    if cells.len() > MAX_PEELED_BLOCK {
        return Err(format!(
            "a block of {} cells: constructive solutions on boards other than boxes peel blocks of at most {MAX_PEELED_BLOCK}",
            cells.len()
        ));
    }
    // The peeling ends round a home cell in the thick of the block: the
    // goal's blank is walked there first, and the blank walks back after.
    // A peeling that corners itself is tried again round another home.
    let all = vec![true; cells.len()];
    let mut failure = String::new();
    for home in homes(&local, 4) {
        let walk = local_path(&local, &all, 0, home).expect("a connected block");
        let mut goal = local_goal(&local, to);
        for step in walk.windows(2) {
            goal.swap(step[0], step[1]);
        }
        let mut attempt = State {
            tokens: state.tokens.clone(),
            blank: state.blank,
            moves: Vec::new(),
        };
        match peel(&local, home, &mut attempt, &goal) {
            Ok(()) => {
                for &l in walk.iter().rev().skip(1) {
                    attempt.slide(local.cells[l]);
                }
                state.tokens = attempt.tokens;
                state.blank = attempt.blank;
                state.moves.extend(attempt.moves);
                return Ok(());
            }
            Err(why) => failure = why,
        }
    }
    Err(failure)
}

/// A cycle block: the blank goes round it until the tokens are in place.
fn turn_cycle(local: &Local, state: &mut State, to: &[Token]) {
    // The cycle in order from the entry.
    let mut order = vec![0usize];
    let (mut prev, mut cur) = (0usize, local.adjacent[0][0]);
    while cur != 0 {
        order.push(cur);
        let next = *local.adjacent[cur]
            .iter()
            .find(|&&w| w != prev)
            .expect("degree 2");
        prev = cur;
        cur = next;
    }
    let cells: Vec<usize> = order.iter().map(|&l| local.cells[l]).collect();
    let solved = |s: &State| cells[1..].iter().all(|&c| s.tokens[c] == to[c]);
    // One turn moves every token one cell back along the blank's way;
    // at most as many turns as tokens.
    for _ in 0..cells.len() {
        if solved(state) {
            return;
        }
        for &c in &cells[1..] {
            state.slide(c);
        }
        state.slide(cells[0]);
    }
    debug_assert!(solved(state));
}

/// Finishes the region `region` (local indices, entry included) by
/// breadth-first search over its arrangements.
fn endgame(
    local: &Local,
    region: &[usize],
    state: &mut State,
    goal: &[Token],
) -> Result<(), String> {
    let global: Vec<usize> = region.iter().map(|&l| local.cells[l]).collect();
    let mut edges = Vec::new();
    for (i, &l) in region.iter().enumerate() {
        for &w in &local.adjacent[l] {
            if let Some(j) = region.iter().position(|&x| x == w)
                && i < j
            {
                edges.push((i as Cell, j as Cell));
            }
        }
    }
    let sub = Board::graph(region.len(), &edges).expect("a valid sub-board");
    let a: Vec<Token> = global.iter().map(|&c| state.tokens[c]).collect();
    let b: Vec<Token> = region.iter().map(|&l| goal[l]).collect();
    let solution = bfs::shortest(&sub, &a, &b)
        .ok_or_else(|| "the last cells of a block could not be finished".to_string())?;
    for m in solution.moves {
        state.slide(global[m.from as usize]);
    }
    Ok(())
}

/// The block's goal on local cells: `to`'s tokens, the blank on the
/// entry (local 0).
fn local_goal(local: &Local, to: &[Token]) -> Vec<Token> {
    let mut goal: Vec<Token> = local.cells.iter().map(|&c| to[c]).collect();
    goal[0] = BLANK;
    goal
}

/// Cells to end the peeling round, best first: those with the most cells
/// within three steps (in the thick of the block, away from holes), each
/// at least five steps from the ones before.
fn homes(local: &Local, count: usize) -> Vec<usize> {
    let all = vec![true; local.cells.len()];
    let mut order: Vec<(usize, usize)> = (0..local.cells.len())
        .map(|l| (distances_capped(local, &all, l, 3), l))
        .collect();
    order.sort_by_key(|&(d, l)| (std::cmp::Reverse(d), l));
    let mut chosen: Vec<usize> = Vec::new();
    for (_, l) in order {
        let dist = distances(local, &all, l);
        if chosen.iter().all(|&c| dist[c] >= 5) {
            chosen.push(l);
            if chosen.len() == count {
                break;
            }
        }
    }
    chosen
}

/// How many cells lie within `cap` steps of `from`.
fn distances_capped(local: &Local, alive: &[bool], from: usize, cap: usize) -> usize {
    let mut seen = vec![false; alive.len()];
    seen[from] = true;
    let mut frontier = vec![from];
    let mut count = 1;
    for _ in 0..cap {
        let mut next = Vec::new();
        for &v in &frontier {
            for &w in &local.adjacent[v] {
                if alive[w] && !seen[w] {
                    seen[w] = true;
                    count += 1;
                    next.push(w);
                }
            }
        }
        frontier = next;
    }
    count
}

/// Peels a 2-connected block down to a breadth-first endgame.
fn peel(local: &Local, home: usize, state: &mut State, goal: &[Token]) -> Result<(), String> {
    let aims = Aims::new(local, goal);
    let m = local.cells.len();
    let mut alive = vec![true; m];
    let mut left = m;
    let odd_block = !is_bipartite(local, &alive);
    let mut blocked = vec![false; m];
    while left > ENDGAME {
        // A cell that has not cut the region before (or two that go
        // together), else an ear, else any cell.
        let mut c = match peelable(local, &alive, home, odd_block, &mut blocked, false) {
            Some(Peel::Pair(ear, u, v)) => {
                if load_ear(local, &aims, &mut alive, &ear, u, v, state).is_ok() {
                    left -= 2;
                    continue;
                }
                None
            }
            Some(Peel::Cell(c)) => Some(c),
            None => None,
        };
        if c.is_none() {
            if let Some((ear, u, v)) = peelable_ear(local, &alive, home, odd_block)
                && load_ear(local, &aims, &mut alive, &ear, u, v, state).is_ok()
            {
                left -= ear.len();
                continue;
            }
            c = match peelable(local, &alive, home, odd_block, &mut blocked, true) {
                Some(Peel::Cell(c)) => Some(c),
                _ => None,
            };
        }
        // Neither a cell nor an ear can go (a long cycle with one chord,
        // say), or the ear is too long for the rest to load it.
        let Some(c) = c else { break };
        // Bring a token that belongs on c: the nearest one still free.
        let want = goal[c];
        let from_cell = nearest_token(local, &alive, c, want, state)
            .ok_or_else(|| "no token left for a cell".to_string())?;
        walk_token(local, &aims, &alive, from_cell, c, state);
        alive[c] = false;
        left -= 1;
    }
    finish(local, &alive, home, state, goal)
}

/// Sets the live cells: breadth first when few arrangements are left,
/// else (or where the search finds none) by 3-cycles.
fn finish(
    local: &Local,
    alive: &[bool],
    home: usize,
    state: &mut State,
    goal: &[Token],
) -> Result<(), String> {
    // The blank home first: the sorting wants it there.
    if !walk_blank(local, alive, home, state) {
        return Err("the blank cannot get home".into());
    }
    let region: Vec<usize> = (0..alive.len()).filter(|&l| alive[l]).collect();
    let tokens: Vec<Token> = region
        .iter()
        .map(|&l| state.tokens[local.cells[l]])
        .collect();
    if bfs::small_enough(&tokens) && endgame(local, &region, state, goal).is_ok() {
        return Ok(());
    }
    // The sorting, on the region's own indices.
    let at: std::collections::HashMap<usize, usize> =
        region.iter().enumerate().map(|(i, &l)| (l, i)).collect();
    let adjacent: Vec<Vec<usize>> = region
        .iter()
        .map(|&l| {
            local.adjacent[l]
                .iter()
                .filter_map(|w| at.get(w).copied())
                .collect()
        })
        .collect();
    let want: Vec<Token> = region.iter().map(|&l| goal[l]).collect();
    let walk = three_cycles::sort_by_three_cycles(&adjacent, at[&home], &tokens, &want)?;
    for i in walk {
        state.slide(local.cells[region[i]]);
    }
    Ok(())
}

/// Whether the live cells are 2-connected, not a cycle, not θ0, and
/// non-bipartite if the block is: whether every arrangement the block
/// allows is still open to them.
fn can_remain(local: &Local, alive: &[bool], odd_block: bool) -> bool {
    let cells = alive.iter().filter(|&&a| a).count();
    let edges: usize = (0..alive.len())
        .filter(|&l| alive[l])
        .map(|l| local.adjacent[l].iter().filter(|&&w| alive[w]).count())
        .sum::<usize>()
        / 2;
    edges > cells
        && is_biconnected(local, alive)
        && !is_theta0(local, alive, cells, edges)
        && (!odd_block || !is_bipartite(local, alive))
}

/// Whether the live cells (`cells` of them, `edges` edges) form θ0, as
/// the decision sees it.
fn is_theta0(local: &Local, alive: &[bool], cells: usize, edges: usize) -> bool {
    if cells != 7 || edges != 8 {
        return false;
    }
    let live: Vec<usize> = (0..alive.len()).filter(|&l| alive[l]).collect();
    let index = |l: usize| live.iter().position(|&x| x == l).map(|i| i as Cell);
    let mut pairs = Vec::new();
    for (i, &l) in live.iter().enumerate() {
        for &w in &local.adjacent[l] {
            if let Some(j) = index(w).filter(|&j| j as usize > i) {
                pairs.push((i as Cell, j));
            }
        }
    }
    crate::reach::is_theta0_graph(live.len(), &pairs)
}

/// An ear of the live cells: a path of cells with two live neighbours
/// each (not the entry), between two other cells `u` and `v`, whose
/// removal leaves a region that `can_remain`.
fn peelable_ear(
    local: &Local,
    alive: &[bool],
    home: usize,
    odd_block: bool,
) -> Option<(Vec<usize>, usize, usize)> {
    let live_neighbours = |l: usize| -> Vec<usize> {
        local.adjacent[l]
            .iter()
            .copied()
            .filter(|&w| alive[w])
            .collect()
    };
    let mut tried = vec![false; alive.len()];
    for start in 0..alive.len() {
        if start == home || !alive[start] || tried[start] || live_neighbours(start).len() != 2 {
            continue;
        }
        // Grow the chain both ways while cells have two live neighbours.
        let mut ends = Vec::new();
        let mut chain = vec![start];
        for &first in &live_neighbours(start) {
            let (mut prev, mut cur) = (start, first);
            let mut part = Vec::new();
            while cur != home && cur != start && live_neighbours(cur).len() == 2 {
                part.push(cur);
                let next = *live_neighbours(cur)
                    .iter()
                    .find(|&&w| w != prev)
                    .expect("two neighbours");
                prev = cur;
                cur = next;
            }
            ends.push((cur, part));
        }
        let (u, left_part) = ends.remove(0);
        let (v, right_part) = ends.remove(0);
        chain.splice(0..0, left_part.into_iter().rev());
        chain.extend(right_part);
        for &c in &chain {
            tried[c] = true;
        }
        if u == v || chain.contains(&u) {
            continue; // a cycle hanging on one cell, or the whole region
        }
        let mut trial = alive.to_vec();
        for &c in &chain {
            trial[c] = false;
        }
        if can_remain(local, &trial, odd_block) {
            // Ordered from u to v.
            return Some((chain, u, v));
        }
    }
    None
}

/// Fills an ear's cells (ordered from `u` to `v`) with a conveyor: the
/// blank going round the cycle of the ear and a way back from `v` to `u`
/// moves every token on it one cell, tokens entering the ear at `v`. The
/// ear is first emptied of the tokens it needs, then loaded one token per
/// turn, the one for the cell next to `u` first.
fn load_ear(
    local: &Local,
    aims: &Aims,
    alive: &mut [bool],
    ear: &[usize],
    u: usize,
    v: usize,
    state: &mut State,
) -> Result<(), String> {
    let goal = aims.goal;
    // The blank out of the ear first, to u.
    if !walk_blank(local, alive, u, state) {
        return Err("the blank cannot reach an ear".into());
    }
    let mut rest = alive.to_vec();
    for &c in ear {
        rest[c] = false;
    }
    let back = local_path(local, &rest, v, u).ok_or("no way round an ear")?;
    // The conveyor, from u: the ear, then back from v to u.
    let mut ring: Vec<usize> = ear.to_vec();
    ring.extend(&back);
    let needed: Vec<Token> = ear.iter().map(|&c| goal[c]).collect();
    let turn = |state: &mut State, rest: &[bool]| -> Result<(), String> {
        // The blank to u through the rest but not v (whose token goes in
        // next), then once round.
        let mut open = rest.to_vec();
        open[v] = false;
        if !walk_blank(local, &open, u, state) {
            return Err("the blank cannot reach an ear".into());
        }
        for &l in &ring {
            state.slide(local.cells[l]);
        }
        Ok(())
    };
    // Make sure the rest holds every token the ear needs: each turn pushes
    // one token out at u's end and lets in the token on v, made a token
    // the rest has more of than the ear needs.
    let surplus = |state: &State| -> std::collections::HashMap<Token, i64> {
        let mut count = std::collections::HashMap::new();
        for l in (0..rest.len()).filter(|&l| rest[l]) {
            *count.entry(state.tokens[local.cells[l]]).or_insert(0) += 1;
        }
        for t in &needed {
            *count.entry(*t).or_insert(0) -= 1;
        }
        count
    };
    for _ in 0..ear.len() {
        let count = surplus(state);
        if count.values().all(|&c| c >= 0) {
            break;
        }
        // The nearest spare: any will do.
        let near = distances(local, &rest, v);
        let spare = (0..rest.len())
            .filter(|&l| rest[l] && l != v)
            .filter(|&l| {
                let t = state.tokens[local.cells[l]];
                t != BLANK && count.get(&t).is_some_and(|&c| c > 0)
            })
            .min_by_key(|&l| near[l])
            .ok_or("no spare token to fill an ear with")?;
        walk_token(local, aims, &rest, spare, v, state);
        turn(state, &rest)?;
    }
    // Load: the token for the cell next to u first.
    for &c in ear {
        let want = goal[c];
        let from =
            nearest_token(local, &rest, v, want, state).ok_or("an ear's token is out of reach")?;
        walk_token(local, aims, &rest, from, v, state);
        turn(state, &rest)?;
    }
    for &c in ear {
        alive[c] = false;
    }
    Ok(())
}

/// Breadth-first distances from the entry inside the live cells.
fn distances(local: &Local, alive: &[bool], from: usize) -> Vec<usize> {
    let mut dist = vec![usize::MAX; alive.len()];
    dist[from] = 0;
    let mut queue = VecDeque::from([from]);
    while let Some(v) = queue.pop_front() {
        for &w in &local.adjacent[v] {
            if alive[w] && dist[w] == usize::MAX {
                dist[w] = dist[v] + 1;
                queue.push_back(w);
            }
        }
    }
    dist
}

/// A live cell (not the entry) whose removal keeps the rest 2-connected,
/// not a cycle, and non-bipartite if the block is: corners first (fewest
/// live neighbours: on grids the rest stays a fat rectangle-like shape),
/// the farthest from home first among equals. Or two neighbouring cells
/// that can go together where neither can alone.
fn peelable(
    local: &Local,
    alive: &[bool],
    home: usize,
    odd_block: bool,
    blocked: &mut [bool],
    retry: bool,
) -> Option<Peel> {
    let dist = distances(local, alive, home);
    let degree = |l: usize| local.adjacent[l].iter().filter(|&&w| alive[w]).count();
    let key = |l: usize| (degree(l), std::cmp::Reverse(dist[l]));
    // Each trial walks the whole region, so cells that would have cut it
    // before (`blocked`) are tried only when no other cell and no ear can
    // go: they seldom can until much of the region is gone. The first
    // pass seldom tries more than a few cells, so it looks for the best
    // one each time instead of sorting them all.
    let mut candidates: Vec<usize> = (0..alive.len())
        .filter(|&l| alive[l] && l != home && blocked[l] == retry)
        .collect();
    if retry {
        candidates.sort_by_key(|&l| key(l));
        candidates.reverse();
    }
    let mut trial = alive.to_vec();
    while !candidates.is_empty() {
        let pick = if retry {
            candidates.len() - 1
        } else {
            (0..candidates.len())
                .min_by_key(|&i| key(candidates[i]))
                .expect("a candidate")
        };
        let c = candidates.swap_remove(pick);
        trial[c] = false;
        if can_remain(local, &trial, odd_block) {
            blocked[c] = false;
            return Some(Peel::Cell(c));
        }
        if !retry {
            // The last two cells of a row, say: neither can go alone,
            // as the other would hang on one neighbour.
            for &d in &local.adjacent[c] {
                if !trial[d] || d == home {
                    continue;
                }
                trial[d] = false;
                // The conveyor goes in from u (next to c) and out to v
                // (next to d).
                let u = local.adjacent[c].iter().copied().find(|&w| trial[w]);
                let v = u.and_then(|u| {
                    local.adjacent[d]
                        .iter()
                        .copied()
                        .find(|&w| trial[w] && w != u)
                });
                if let (Some(u), Some(v)) = (u, v)
                    && can_remain(local, &trial, odd_block)
                {
                    return Some(Peel::Pair(vec![c, d], u, v));
                }
                trial[d] = true;
            }
        }
        trial[c] = true;
        blocked[c] = true;
    }
    None
}

/// What [`peelable`] found to go next.
enum Peel {
    Cell(usize),
    /// Two neighbouring cells, ordered from `u`'s side to `v`'s, with
    /// `u` next to the first and `v` next to the second.
    Pair(Vec<usize>, usize, usize),
}

/// Whether the live cells form a 2-connected graph (Tarjan's low-link,
/// iteratively).
fn is_biconnected(local: &Local, alive: &[bool]) -> bool {
    let n = alive.len();
    let Some(root) = (0..n).find(|&l| alive[l]) else {
        return false;
    };
    let mut disc = vec![usize::MAX; n];
    let mut low = vec![0; n];
    let mut parent = vec![usize::MAX; n];
    let mut stack = vec![(root, 0usize)];
    disc[root] = 0;
    let mut time = 1;
    let mut root_children = 0;
    while let Some(&mut (v, ref mut i)) = stack.last_mut() {
        if *i < local.adjacent[v].len() {
            let w = local.adjacent[v][*i];
            *i += 1;
            if !alive[w] {
                continue;
            }
            if disc[w] == usize::MAX {
                disc[w] = time;
                low[w] = time;
                time += 1;
                parent[w] = v;
                if v == root {
                    root_children += 1;
                }
                stack.push((w, 0));
            } else if w != parent[v] {
                low[v] = low[v].min(disc[w]);
            }
        } else {
            stack.pop();
            if let Some(&(p, _)) = stack.last() {
                low[p] = low[p].min(low[v]);
                if p != root && low[v] >= disc[p] {
                    return false;
                }
            }
        }
    }
    let reached = (0..n)
        .filter(|&l| alive[l] && disc[l] != usize::MAX)
        .count();
    let live = alive.iter().filter(|&&a| a).count();
    reached == live && root_children <= 1
}

fn is_bipartite(local: &Local, alive: &[bool]) -> bool {
    let mut colour = vec![u8::MAX; alive.len()];
    for start in 0..alive.len() {
        if !alive[start] || colour[start] != u8::MAX {
            continue;
        }
        colour[start] = 0;
        let mut stack = vec![start];
        while let Some(v) = stack.pop() {
            for &w in &local.adjacent[v] {
                if !alive[w] {
                    continue;
                }
                if colour[w] == u8::MAX {
                    colour[w] = 1 - colour[v];
                    stack.push(w);
                } else if colour[w] == colour[v] {
                    return false;
                }
            }
        }
    }
    true
}

/// The live cell nearest `target` holding token `want` (local index).
fn nearest_token(
    local: &Local,
    alive: &[bool],
    target: usize,
    want: Token,
    state: &State,
) -> Option<usize> {
    let dist = distances(local, alive, target);
    (0..alive.len())
        .filter(|&l| alive[l] && dist[l] != usize::MAX && state.tokens[local.cells[l]] == want)
        .min_by_key(|&l| dist[l])
}

/// Walks the token on local cell `from` to local cell `to` along a
/// shortest way through live cells, the blank going round it.
fn walk_token(
    local: &Local,
    aims: &Aims,
    alive: &[bool],
    from: usize,
    to: usize,
    state: &mut State,
) {
    let dist = distances(local, alive, to);
    // Search scratch for the blank's ways round the token, reused from
    // step to step (each search stops at the first cell it needs).
    let n = alive.len();
    let (mut stamp, mut parent) = (vec![0u32; n], vec![0usize; n]);
    let (mut depth, mut score) = (vec![0u32; n], vec![0i32; n]);
    let mut generation = 0;
    let mut queue = VecDeque::new();
    let mut at = from;
    while at != to {
        // The blank to the nearest of the cells one step nearer `to` next
        // to the token, not through the token: a token going diagonally
        // on a grid then zigzags at three moves a step.
        generation += 1;
        let blank = local_index(local, state.blank);
        stamp[blank] = generation;
        (depth[blank], score[blank]) = (0, 0);
        queue.clear();
        queue.push_back(blank);
        let mut next = None;
        while let Some(v) = queue.pop_front() {
            if dist[v] < dist[at] && local.adjacent[at].contains(&v) {
                next = Some(v);
                break;
            }
            for &w in &local.adjacent[v] {
                if !alive[w] || w == at {
                    continue;
                }
                // Of the shortest ways, the one whose slides bring tokens
                // nearest their targets: the blank stepping to `w` slides
                // its token to `v`.
                let gain = score[v] + aims.worth(state.tokens[local.cells[w]], w, v);
                if stamp[w] != generation {
                    stamp[w] = generation;
                    (parent[w], depth[w], score[w]) = (v, depth[v] + 1, gain);
                    queue.push_back(w);
                } else if depth[w] == depth[v] + 1 && gain > score[w] {
                    (parent[w], score[w]) = (v, gain);
                }
            }
        }
        let next = next.expect("a 2-connected block lets the blank round");
        let mut way = vec![next];
        while *way.last().expect("a cell") != blank {
            way.push(parent[*way.last().expect("a cell")]);
        }
        for &l in way.iter().rev().skip(1) {
            state.slide(local.cells[l]);
        }
        state.slide(local.cells[at]);
        at = next;
    }
}

/// Where the tokens are bound, to score the blank's ways by the slides
/// they make (on grids, as the box solver does).
struct Aims<'g> {
    goal: &'g [Token],
    position: Option<&'g [(usize, usize)]>,
    /// The cell each token is bound for, for the tokens the goal has once.
    target: std::collections::HashMap<Token, usize>,
}

impl<'g> Aims<'g> {
    fn new(local: &'g Local, goal: &'g [Token]) -> Aims<'g> {
        let mut target = std::collections::HashMap::new();
        let mut repeated = std::collections::HashSet::new();
        for (l, &t) in goal.iter().enumerate() {
            if target.insert(t, l).is_some() {
                repeated.insert(t);
            }
        }
        target.retain(|t, _| !repeated.contains(t));
        Aims {
            goal,
            position: local.position.as_deref(),
            target,
        }
    }

    /// What sliding `token` from cell `from` to its neighbour `to` saves
    /// its later walks ([`slide_worth`]); nothing off grids and for
    /// repeated tokens.
    fn worth(&self, token: Token, from: usize, to: usize) -> i32 {
        let (Some(position), Some(&target)) = (self.position, self.target.get(&token)) else {
            return 0;
        };
        let ((r, c), (fr, fc), (tr, tc)) = (position[target], position[from], position[to]);
        let (rows, cols) = (r.abs_diff(fr), c.abs_diff(fc));
        let (along, across, now) = if tr != fr {
            (rows, cols, r.abs_diff(tr))
        } else {
            (cols, rows, c.abs_diff(tc))
        };
        slide_worth(along > across, now < along)
    }
}

fn local_index(local: &Local, cell: usize) -> usize {
    local.index[&cell]
}

/// Walks the blank to local cell `to` along a shortest way through live
/// cells; false where there is none.
fn walk_blank(local: &Local, alive: &[bool], to: usize, state: &mut State) -> bool {
    let blank = local_index(local, state.blank);
    let Some(way) = local_path(local, alive, blank, to) else {
        return false;
    };
    for &l in &way[1..] {
        state.slide(local.cells[l]);
    }
    true
}

/// A shortest path between local cells through live cells.
fn local_path(local: &Local, alive: &[bool], from: usize, to: usize) -> Option<Vec<usize>> {
    path_by(alive.len(), from, to, |v| {
        local.adjacent[v].iter().copied().filter(|&w| alive[w])
    })
}
