//! The shape of the live cells of a board, as the one-token planner
//! asks for it: for a cell `p`, the *branches* of the live cells without
//! `p` (one when `p` separates nothing), which branch each neighbour of
//! `p` lies in, their sizes, and how many blanks an arrangement has in
//! each. One depth-first search with low links answers all of it.

use crate::arrangement::{BLANK, Token};
use crate::board::{Board, Cell};

const NONE: u32 = u32::MAX;

/// A branch of the live cells without a cell `p`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Branch {
    /// The subtree of child `c` of `p`, which `p` cuts off.
    Below(Cell),
    /// Everything else: the side of `p`'s parent and the children not
    /// cut off.
    Rest,
}

/// A depth-first tree of the live cells (one connected region).
pub(super) struct Shape<'b> {
    board: &'b Board,
    live: Vec<bool>,
    disc: Vec<u32>,
    low: Vec<u32>,
    parent: Vec<u32>,
    size: Vec<u32>,
    /// Each cell's children, in order of discovery.
    children: Vec<Vec<Cell>>,
    /// The live cells in preorder.
    order: Vec<Cell>,
    /// Each live cell's branches and their sizes, worked out once.
    branches: Vec<Vec<Branch>>,
    sizes: Vec<Vec<usize>>,
}

impl<'b> Shape<'b> {
    /// The tree of the live cells connected to `root`.
    pub(super) fn new(board: &'b Board, live: &[bool], root: Cell) -> Self {
        let n = board.cell_count();
        let mut s = Shape {
            board,
            live: live.to_vec(),
            disc: vec![NONE; n],
            low: vec![NONE; n],
            parent: vec![NONE; n],
            size: vec![1; n],
            children: vec![Vec::new(); n],
            order: Vec::new(),
            branches: vec![Vec::new(); n],
            sizes: vec![Vec::new(); n],
        };
        s.visit(root);
        let mut frames = vec![(root, 0usize)];
        while let Some(frame) = frames.last_mut() {
            let v = frame.0;
            if let Some(&w) = board.neighbours(v).get(frame.1) {
                frame.1 += 1;
                if !live[w as usize] {
                    continue;
                }
                if s.disc[w as usize] == NONE {
                    s.parent[w as usize] = v;
                    s.children[v as usize].push(w);
                    s.visit(w);
                    frames.push((w, 0));
                } else if w != s.parent[v as usize] {
                    s.low[v as usize] = s.low[v as usize].min(s.disc[w as usize]);
                }
                continue;
            }
            frames.pop();
            let p = s.parent[v as usize];
            if p != NONE {
                s.low[p as usize] = s.low[p as usize].min(s.low[v as usize]);
                s.size[p as usize] += s.size[v as usize];
            }
        }
        for i in 0..s.order.len() {
            let v = s.order[i];
            s.branches[v as usize] = s.find_branches(v);
            s.sizes[v as usize] = s.find_sizes(v);
        }
        s
    }

    fn visit(&mut self, v: Cell) {
        let time = self.order.len() as u32;
        self.disc[v as usize] = time;
        self.low[v as usize] = time;
        self.order.push(v);
    }

    /// Whether `c` is live.
    pub(super) fn is_live(&self, c: Cell) -> bool {
        self.live[c as usize]
    }

    /// The live neighbours of `c`.
    pub(super) fn neighbours(&self, c: Cell) -> impl Iterator<Item = Cell> + '_ {
        self.board
            .neighbours(c)
            .iter()
            .copied()
            .filter(|&w| self.live[w as usize])
    }

    /// Whether child `c` of `p` is cut off from the rest by `p`.
    fn cut_off(&self, p: Cell, c: Cell) -> bool {
        self.low[c as usize] >= self.disc[p as usize]
    }

    /// The branches of the live cells without `p`, `Rest` first when
    /// there is one.
    pub(super) fn branches(&self, p: Cell) -> &[Branch] {
        &self.branches[p as usize]
    }

    /// The number of cells of each branch of `p`.
    pub(super) fn sizes(&self, p: Cell) -> &[usize] {
        &self.sizes[p as usize]
    }

    fn find_branches(&self, p: Cell) -> Vec<Branch> {
        let root = self.parent[p as usize] == NONE;
        let kids = &self.children[p as usize];
        let below = kids.iter().filter(|&&c| root || self.cut_off(p, c));
        let mut out: Vec<Branch> = if root { Vec::new() } else { vec![Branch::Rest] };
        out.extend(below.map(|&c| Branch::Below(c)));
        out
    }

    /// The branch of `p` that live cell `q` (not `p`) lies in, as an
    /// index into [`branches`](Self::branches).
    pub(super) fn branch_of(&self, p: Cell, q: Cell) -> usize {
        let branches = self.branches(p);
        let branch = self.branch_containing(p, q);
        branches
            .iter()
            .position(|&b| b == branch)
            .expect("a neighbour lies in a branch")
    }

    /// The branch of `p` that cell `q` (not `p`) lies in.
    pub(super) fn branch_containing(&self, p: Cell, q: Cell) -> Branch {
        let (dp, dq) = (self.disc[p as usize], self.disc[q as usize]);
        if dq < dp || dq >= dp + self.size[p as usize] {
            return Branch::Rest;
        }
        let kids = &self.children[p as usize];
        let i = kids.partition_point(|&c| self.disc[c as usize] <= dq) - 1;
        let c = kids[i];
        if self.parent[p as usize] == NONE || self.cut_off(p, c) {
            Branch::Below(c)
        } else {
            Branch::Rest
        }
    }

    fn find_sizes(&self, p: Cell) -> Vec<usize> {
        let branches = self.find_branches(p);
        let below: usize = branches
            .iter()
            .map(|b| match b {
                Branch::Below(c) => self.size[*c as usize] as usize,
                Branch::Rest => 0,
            })
            .sum();
        branches
            .iter()
            .map(|b| match b {
                Branch::Below(c) => self.size[*c as usize] as usize,
                Branch::Rest => self.order.len() - 1 - below,
            })
            .collect()
    }

    /// The number of blanks of `tokens` in each branch of `p`.
    pub(super) fn blanks(&self, p: Cell, tokens: &[Token]) -> Vec<usize> {
        let branches = self.branches(p);
        let mut counts = vec![0; branches.len()];
        for &c in &self.order {
            if c != p && tokens[c as usize] == BLANK {
                let b = self.branch_containing(p, c);
                let i = branches.iter().position(|&x| x == b).expect("a branch");
                counts[i] += 1;
            }
        }
        counts
    }

    /// Whether `p` separates the live cells (a cut cell).
    pub(super) fn is_cut(&self, p: Cell) -> bool {
        self.branches(p).len() > 1
    }
}
