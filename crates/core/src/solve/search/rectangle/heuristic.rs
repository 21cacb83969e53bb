//! The heuristic of the shortest search, and the state it is kept on
//! incrementally: pattern database values (normal and reflected, of one
//! partition or the maximum over a catalogue of them) or Manhattan
//! distance with linear conflicts, updated one move at a time.

use std::sync::Arc;

use super::{BLANK_MARK, MAX_CELLS, Rectangle, Sides};
use crate::solve::error::SolveError;
use crate::solve::progress::OnProgress;
use crate::solve::search::pdb::{self, PatternDb, PdbCache};
use crate::stop::Stop;

/// The heuristic: pattern databases (with Manhattan distance for the
/// tiles outside them), or Manhattan distance with linear conflicts.
pub(crate) struct Heuristic {
    pub(crate) rect: Rectangle,
    pub(crate) blank_goal: u8,
    /// The partition looked up on every move (no databases: Manhattan
    /// distance with linear conflicts).
    pub(crate) first: Partition,
    pub(crate) reflect: bool,
    /// A catalogue's other partitions of the same tiles: the heuristic
    /// is the maximum over them all.
    pub(crate) more: Vec<Partition>,
    /// The lookups besides the first partition's on the board as it is,
    /// in the order a search makes them, each only where those before do
    /// not prune the node: (partition, reflected), partition 0 the first
    /// one and `k` > 0 `more[k - 1]`. The first partition reflected
    /// comes first where there is reflection (a search fetches its
    /// children's entries ahead).
    pub(crate) lazy: Vec<(usize, bool)>,
    /// The tables looked up, each once however many partitions share it
    /// (a table on the board as it is or reflected): the first
    /// partition's patterns first, in its order, then the lazy lookups'
    /// others.
    tables: Vec<TableLookup>,
    /// Each lazy lookup's tables, indices into `tables`, lookup after
    /// lookup: lookup `k`'s from `lazy_start[k]` to `lazy_start[k + 1]`.
    lazy_tables: Vec<u8>,
    lazy_start: Vec<u8>,
    /// For each goal cell: the tables beyond the first partition's whose
    /// tiles include it (a bit each), and the lazy lookups whose
    /// partition leaves it out (a bit each: their Manhattan part).
    tile_tables: Vec<u64>,
    tile_outside: Vec<u32>,
}

/// One table as searches look it up: which tiles' cells make its
/// positions (the goal cells of the tiles, in the table's order), and
/// whether they and the blank are reflected about the main diagonal.
struct TableLookup {
    db: Arc<PatternDb>,
    tiles: Vec<u8>,
    reflected: bool,
}

/// Where a goal cell is in a partition: (pattern, index in it).
type Slot = Option<(u8, u8)>;

/// A partition of the tiles into additive databases.
pub(crate) struct Partition {
    pub(crate) dbs: Vec<Arc<PatternDb>>,
    /// For each goal cell: its place in `dbs`, on the board as it is and
    /// reflected about the main diagonal.
    pub(crate) slot: Vec<Slot>,
    pub(crate) reflected_slot: Vec<Slot>,
    /// Where each pattern's positions start among the partition's (as
    /// [`SearchState::pos`] keeps the first one's), one more at the end:
    /// pattern `p`'s are `start[p]..start[p + 1]`.
    start: Vec<u8>,
    /// The lookups made of it where the heuristic reflects.
    pub(crate) sides: Sides,
}

impl Heuristic {
    /// Manhattan distance plus linear conflicts.
    pub(crate) fn manhattan(rect: &Rectangle, blank_goal: u8) -> Self {
        Self {
            rect: rect.clone(),
            blank_goal,
            first: Partition::new(rect, blank_goal, Vec::new()),
            reflect: false,
            more: Vec::new(),
            lazy: Vec::new(),
            tables: Vec::new(),
            lazy_tables: Vec::new(),
            lazy_start: vec![0],
            tile_tables: Vec::new(),
            tile_outside: Vec::new(),
        }
    }

    /// Additive pattern databases for `patterns`, from memory, `cache` or
    /// built; `progress` hears about builds, which stop when `cancel` is
    /// set.
    pub(crate) fn with_databases(
        rect: &Rectangle,
        blank_goal: u8,
        patterns: &[Vec<u8>],
        cache: Option<&PdbCache>,
        progress: OnProgress,
        stop: Stop,
    ) -> Result<Self, SolveError> {
        let dbs = Self::databases(rect, blank_goal, patterns, cache, progress, stop)?;
        Ok(Self::from_databases(rect, blank_goal, dbs))
    }

    /// The databases of `patterns` (one partition's, or a catalogue's),
    /// from memory, `cache` or built, as
    /// [`with_databases`](Self::with_databases) takes them.
    pub(crate) fn databases(
        rect: &Rectangle,
        blank_goal: u8,
        patterns: &[Vec<u8>],
        cache: Option<&PdbCache>,
        progress: OnProgress,
        stop: Stop,
    ) -> Result<Vec<Arc<PatternDb>>, SolveError> {
        patterns
            .iter()
            .map(|cells| {
                pdb::shared(
                    &rect.pattern(cells.clone(), blank_goal),
                    cache,
                    progress,
                    stop,
                )
            })
            .collect()
    }

    /// Additive pattern databases already at hand (their patterns must be
    /// disjoint, leave out the blank's goal cell and have it as their
    /// blank's goal).
    pub(crate) fn from_databases(
        rect: &Rectangle,
        blank_goal: u8,
        dbs: Vec<Arc<PatternDb>>,
    ) -> Self {
        // Reflection keeps the goal's shape when the blank's goal cell is
        // on the diagonal: then the same databases bound the mirrored state.
        let reflect =
            !dbs.is_empty() && rect.rows == rect.cols && rect.transpose(blank_goal) == blank_goal;
        let mut h = Self {
            rect: rect.clone(),
            blank_goal,
            first: Partition::new(rect, blank_goal, dbs),
            reflect,
            more: Vec::new(),
            lazy: Vec::new(),
            tables: Vec::new(),
            lazy_tables: Vec::new(),
            lazy_start: vec![0],
            tile_tables: Vec::new(),
            tile_outside: Vec::new(),
        };
        h.order_lookups();
        h
    }

    /// This heuristic with the maximum taken over `partitions` too (each
    /// additive databases of the same tiles, as
    /// [`from_databases`](Self::from_databases) takes them).
    ///
    /// Each partition is looked up on the `sides` it comes with where
    /// this heuristic reflects, as it is elsewhere.
    ///
    /// # Panics
    /// Where a partition's databases are not disjoint, have another blank
    /// goal, or number more than 32.
    pub(crate) fn with_catalogue(mut self, partitions: Vec<(Vec<Arc<PatternDb>>, Sides)>) -> Self {
        self.more = partitions
            .into_iter()
            .map(|(dbs, sides)| Partition {
                sides,
                ..Partition::new(&self.rect, self.blank_goal, dbs)
            })
            .collect();
        self.order_lookups();
        self
    }

    /// This heuristic, looked up on the board as it is only (not also
    /// reflected): lower, as cheap again.
    pub(crate) fn without_reflection(mut self) -> Self {
        self.reflect = false;
        self.order_lookups();
        self
    }

    /// Sets [`lazy`](Self::lazy) from the partitions and the reflection.
    fn order_lookups(&mut self) {
        let reflect = self.reflect;
        let sides = |part: usize| -> &[bool] {
            let sides = match part {
                0 => Sides::Both,
                k => self.more[k - 1].sides,
            };
            match (reflect, sides) {
                (false, _) | (true, Sides::Plain) => &[false],
                (true, Sides::Both) => &[false, true],
                (true, Sides::Reflected) => &[true],
            }
        };
        self.lazy = (0..=self.more.len())
            .flat_map(|part| sides(part).iter().map(move |&reflected| (part, reflected)))
            .filter(|&(part, reflected)| part > 0 || reflected)
            .collect();
        self.share_tables();
    }

    /// Sets the tables looked up ([`tables`](Self::tables)), each once,
    /// and which of them each lazy lookup adds up, from
    /// [`lazy`](Self::lazy).
    fn share_tables(&mut self) {
        let rect = &self.rect;
        let n = rect.cell_count();
        let mut tables: Vec<TableLookup> = Vec::new();
        let index_of = |db: &Arc<PatternDb>, reflected: bool, tables: &mut Vec<TableLookup>| {
            let same = |t: &TableLookup| t.reflected == reflected && t.db.pattern == db.pattern;
            match tables.iter().position(same) {
                Some(i) => i as u8,
                None => {
                    let at = |c: u8| if reflected { rect.transpose(c) } else { c };
                    tables.push(TableLookup {
                        db: db.clone(),
                        tiles: db.pattern.cells.iter().map(|&c| at(c)).collect(),
                        reflected,
                    });
                    (tables.len() - 1) as u8
                }
            }
        };
        for db in &self.first.dbs {
            index_of(db, false, &mut tables);
        }
        let mut lazy_tables = Vec::new();
        let mut lazy_start = vec![0u8];
        for &(part, reflected) in &self.lazy {
            for db in &self.part(part).dbs {
                lazy_tables.push(index_of(db, reflected, &mut tables));
            }
            lazy_start.push(lazy_tables.len() as u8);
        }
        assert!(tables.len() <= MAX_TABLES, "a table's bit each");
        let first = self.first.dbs.len();
        let mut tile_tables = vec![0u64; n];
        for (i, table) in tables.iter().enumerate().skip(first) {
            for &t in &table.tiles {
                tile_tables[t as usize] |= 1 << i;
            }
        }
        let tile_outside = (0..n)
            .map(|t| {
                self.lazy
                    .iter()
                    .enumerate()
                    .filter(|&(_, &(part, reflected))| {
                        self.partition(part, reflected).1[t].is_none()
                    })
                    .fold(0u32, |m, (k, _)| m | 1 << k)
            })
            .collect();
        assert!(self.lazy.len() <= 32, "a lazy lookup's bit each");
        self.tables = tables;
        self.lazy_tables = lazy_tables;
        self.lazy_start = lazy_start;
        self.tile_tables = tile_tables;
        self.tile_outside = tile_outside;
    }

    /// Partition `part` (0 the first partition, `k` > 0 `more[k - 1]`).
    #[inline]
    fn part(&self, part: usize) -> &Partition {
        match part {
            0 => &self.first,
            k => &self.more[k - 1],
        }
    }

    /// Partition `part`'s databases and where each goal cell is in them,
    /// on the board as it is or reflected (0 the first partition, `k` > 0
    /// `more[k - 1]`).
    #[inline]
    fn partition(&self, part: usize, reflected: bool) -> (&[Arc<PatternDb>], &[Slot]) {
        let p = self.part(part);
        (
            &p.dbs,
            if reflected {
                &p.reflected_slot
            } else {
                &p.slot
            },
        )
    }

    /// Each cell's neighbours on the rectangle.
    pub(crate) fn neighbours(&self) -> &[Vec<u8>] {
        &self.rect.neighbours
    }

    /// The heuristic's value on a state (`tiles[cell]` = goal cell of the
    /// token there, `BLANK_MARK` for the blank), computed from scratch
    /// without allocating: for searches that keep no state per node.
    pub(crate) fn value(&self, tiles: &[u8]) -> u32 {
        let rect = &self.rect;
        if self.first.dbs.is_empty() {
            let moves: u32 = tiles
                .iter()
                .enumerate()
                .filter(|&(_, &t)| t != BLANK_MARK)
                .map(|(cell, &t)| rect.distance(cell as u8, t))
                .sum();
            let rows: u32 = (0..rect.rows)
                .map(|r| line_conflicts(rect, tiles, true, r))
                .sum();
            let cols: u32 = (0..rect.cols)
                .map(|c| line_conflicts(rect, tiles, false, c))
                .sum();
            return moves + rows + cols;
        }
        let mut place = [0u8; 64];
        super::places(tiles, self.blank_goal, &mut place);
        let place = &place[..tiles.len()];
        self.lazy
            .iter()
            .map(|&(part, reflected)| self.databases_value(tiles, place, part, reflected))
            .fold(self.databases_value(tiles, place, 0, false), u32::max)
    }

    /// Partition `part`'s sum plus the Manhattan distance of the other
    /// tiles, on the board as it is or reflected about its main diagonal.
    fn databases_value(&self, tiles: &[u8], place: &[u8], part: usize, reflected: bool) -> u32 {
        let (dbs, slot) = self.partition(part, reflected);
        let rest: u32 = tiles
            .iter()
            .enumerate()
            .filter(|&(_, &t)| t != BLANK_MARK && slot[t as usize].is_none())
            .map(|(cell, &t)| self.rect.distance(cell as u8, t))
            .sum();
        let blank = place[self.blank_goal as usize];
        let databases: u32 = dbs
            .iter()
            .map(|db| self.db_value(db, place, blank, None, reflected) as u32)
            .sum();
        rest + databases
    }
}

impl Partition {
    /// Where each goal cell is in `dbs`, as it is and reflected.
    fn new(rect: &Rectangle, blank_goal: u8, dbs: Vec<Arc<PatternDb>>) -> Self {
        let n = rect.cell_count();
        let mut slot = vec![None; n];
        for (p, db) in dbs.iter().enumerate() {
            assert_eq!(db.pattern.blank, blank_goal, "the databases' blank goal");
            for (i, &c) in db.pattern.cells.iter().enumerate() {
                assert!(c != blank_goal && slot[c as usize].is_none());
                slot[c as usize] = Some((p as u8, i as u8));
            }
        }
        let mut start = vec![0u8];
        for db in &dbs {
            let end = usize::from(start[start.len() - 1]) + db.pattern.cells.len();
            assert!(
                end <= MAX_PATTERN_CELLS,
                "a partition's tiles fit a lazy lookup"
            );
            start.push(end as u8);
        }
        let reflected_slot = if rect.rows == rect.cols {
            (0..n as u8)
                .map(|c| slot[rect.transpose(c) as usize])
                .collect()
        } else {
            vec![None; n]
        };
        Self {
            dbs,
            slot,
            reflected_slot,
            start,
            sides: Sides::Both,
        }
    }
}

/// The incrementally kept parts of the heuristic for one state.
#[derive(Clone)]
pub(crate) struct SearchState {
    pub(crate) tiles: Vec<u8>,
    pub(crate) blank: u8,
    /// Pattern databases: positions (pattern after pattern, as
    /// [`Partition::start`] says) and values per pattern of the first
    /// partition, and the Manhattan distance of the tiles outside them.
    pub(crate) pos: [u8; MAX_PATTERN_CELLS],
    pub(crate) value: Vec<u32>,
    pub(crate) rest: u32,
    /// Pattern databases: the cell of each tile (by its goal cell).
    at: [u8; pdb::MAX_TABLE_CELLS],
    /// Each table's value as last looked up ([`Heuristic::tables`]'
    /// order; the first partition's kept exact on every move), and the
    /// moves of its tiles since (its value now is within that many of
    /// the one kept; at most 255 counted).
    table_value: [u8; MAX_TABLES],
    table_drift: [u8; MAX_TABLES],
    /// Each lazy lookup's Manhattan part: the distances of the tiles its
    /// partition leaves out.
    lazy_rest: Vec<u32>,
    /// What undoing the moves made needs of the tables: the value and
    /// drift, as they were, of each table the moved tile is in (beyond
    /// the first partition's), move after move.
    table_undo: Vec<(u8, u8)>,
    /// Manhattan mode: conflicts per row and per column.
    pub(crate) row_conflicts: Vec<u32>,
    pub(crate) col_conflicts: Vec<u32>,
}

/// Pattern `p`'s positions among a partition's (`start` its
/// [`Partition::start`]).
#[inline]
fn pattern_cells<'a>(pos: &'a [u8], start: &[u8], p: usize) -> &'a [u8] {
    &pos[usize::from(start[p])..usize::from(start[p + 1])]
}

/// The most tiles of a partition's patterns together: pattern databases
/// stop at 64 cells (a bit a cell), and one cell is the blank's.
const MAX_PATTERN_CELLS: usize = 63;

/// The most tables a heuristic looks up (each once, however many of its
/// partitions share it): a bit each. A partition has at most 31
/// patterns (of two tiles or more, on at most 63 tiles), so the first
/// one, as it is and reflected, fits.
const MAX_TABLES: usize = 64;

impl SearchState {
    pub(crate) fn new(h: &Heuristic, tiles: &[u8]) -> Self {
        let rect = &h.rect;
        let blank = tiles
            .iter()
            .position(|&t| t == BLANK_MARK)
            .expect("a blank") as u8;
        let mut s = Self {
            tiles: tiles.to_vec(),
            blank,
            pos: [0; MAX_PATTERN_CELLS],
            value: vec![0; h.first.dbs.len()],
            rest: 0,
            at: [0; pdb::MAX_TABLE_CELLS],
            table_value: [0; MAX_TABLES],
            table_drift: [0; MAX_TABLES],
            lazy_rest: vec![0; h.lazy.len()],
            table_undo: Vec::new(),
            row_conflicts: vec![0; rect.rows],
            col_conflicts: vec![0; rect.cols],
        };
        if h.first.dbs.is_empty() {
            for (cell, &t) in tiles.iter().enumerate() {
                if t != BLANK_MARK {
                    s.rest += rect.distance(cell as u8, t);
                }
            }
            for r in 0..rect.rows {
                s.row_conflicts[r] = s.line_conflicts(rect, true, r);
            }
            for c in 0..rect.cols {
                s.col_conflicts[c] = s.line_conflicts(rect, false, c);
            }
            return s;
        }
        let start = &h.first.start;
        for (cell, &t) in tiles.iter().enumerate() {
            if t == BLANK_MARK {
                continue;
            }
            s.at[t as usize] = cell as u8;
            match h.first.slot[t as usize] {
                Some((p, i)) => s.pos[(start[p as usize] + i) as usize] = cell as u8,
                None => s.rest += rect.distance(cell as u8, t),
            }
            let mut outside = h.tile_outside[t as usize];
            while outside != 0 {
                let k = outside.trailing_zeros() as usize;
                outside &= outside - 1;
                s.lazy_rest[k] += rect.distance(cell as u8, t);
            }
        }
        for i in 0..h.tables.len() {
            s.table_value[i] = s.look_up(h, i);
        }
        for (p, v) in s.value.iter_mut().enumerate() {
            *v = u32::from(s.table_value[p]);
        }
        s
    }

    /// The heuristic of the first partition as it is alone: a lower
    /// bound of `h` that costs one database lookup per move.
    #[inline]
    pub(crate) fn h_normal(&self, h: &Heuristic) -> u32 {
        if h.first.dbs.is_empty() {
            return self.rest
                + self.row_conflicts.iter().sum::<u32>()
                + self.col_conflicts.iter().sum::<u32>();
        }
        self.rest + self.value.iter().sum::<u32>()
    }

    /// The heuristic, bringing every lookup up to date.
    pub(crate) fn h(&mut self, h: &Heuristic) -> u32 {
        let mut best = self.h_normal(h);
        for k in 0..h.lazy.len() {
            best = best.max(self.refresh(h, k));
        }
        best
    }

    /// A lower bound of the heuristic that exceeds `limit` exactly when
    /// the heuristic does: a search prunes on it as on the heuristic.
    /// Lookups stop at the first partition past `limit`, and skip those
    /// whose sum cannot be (known from above to be within it).
    #[inline]
    pub(crate) fn h_within(&mut self, h: &Heuristic, limit: u32) -> u32 {
        let mut best = self.h_normal(h);
        if best > limit {
            return best;
        }
        for k in 0..h.lazy.len() {
            if self.lazy_upper(h, k) <= limit {
                continue;
            }
            best = best.max(self.refresh(h, k));
            if best > limit {
                break;
            }
        }
        best
    }

    /// Lazy lookup `k`'s tables, indices into [`Heuristic::tables`].
    #[inline]
    fn lazy_tables(h: &Heuristic, k: usize) -> &[u8] {
        &h.lazy_tables[usize::from(h.lazy_start[k])..usize::from(h.lazy_start[k + 1])]
    }

    /// Lazy lookup `k`'s sum known from above: each table's value as last
    /// looked up plus its drift (exact where none drifted).
    #[inline]
    fn lazy_upper(&self, h: &Heuristic, k: usize) -> u32 {
        Self::lazy_tables(h, k)
            .iter()
            .map(|&i| {
                u32::from(self.table_value[i as usize]) + u32::from(self.table_drift[i as usize])
            })
            .sum::<u32>()
            + self.lazy_rest[k]
    }

    /// Looks up lazy lookup `k`'s tables that drifted (a table another
    /// lazy lookup shares is then up to date for it too); its sum, exact.
    #[inline]
    fn refresh(&mut self, h: &Heuristic, k: usize) -> u32 {
        let mut sum = self.lazy_rest[k];
        for &i in Self::lazy_tables(h, k) {
            let i = usize::from(i);
            if self.table_drift[i] != 0 {
                self.table_value[i] = self.look_up(h, i);
                self.table_drift[i] = 0;
            }
            sum += u32::from(self.table_value[i]);
        }
        sum
    }

    /// Table `i`'s positions on the board now (in its order, reflected
    /// where it is looked up so) into `pos`; how many.
    #[inline]
    fn table_positions(&self, h: &Heuristic, i: usize, pos: &mut [u8; 32]) -> usize {
        let table = &h.tables[i];
        let n = table.tiles.len();
        for (p, &t) in pos.iter_mut().zip(&table.tiles) {
            let cell = self.at[t as usize];
            *p = if table.reflected {
                h.rect.transpose(cell)
            } else {
                cell
            };
        }
        n
    }

    /// Table `i`'s value on the board now.
    #[inline]
    fn look_up(&self, h: &Heuristic, i: usize) -> u8 {
        let mut pos = [0u8; 32];
        let n = self.table_positions(h, i, &mut pos);
        let table = &h.tables[i];
        let blank = if table.reflected {
            h.rect.transpose(self.blank)
        } else {
            self.blank
        };
        table.db.lookup(&pos[..n], blank)
    }

    fn line_conflicts(&self, rect: &Rectangle, row: bool, line: usize) -> u32 {
        line_conflicts(rect, &self.tiles, row, line)
    }

    /// The database values that sliding each token on `froms` into the
    /// blank would give its pattern (`u32::MAX` for a token in none, and
    /// for `skip`). All the children's ranks are found and their entries
    /// fetched before any is read, so that their cache misses (most
    /// lookups are) overlap instead of queueing.
    #[inline]
    pub(crate) fn values_after(
        &self,
        h: &Heuristic,
        froms: &[u8],
        skip: u8,
        limit: u32,
    ) -> [u32; 4] {
        let mut moved = [[0u8; 32]; 4];
        let mut ranked = [None; 4];
        for (k, &from) in froms.iter().enumerate().take(4) {
            let t = self.tiles[from as usize];
            if from == skip {
                continue;
            }
            let Some((p, i)) = h.first.slot[t as usize] else {
                continue;
            };
            let start = &h.first.start;
            let pos = pattern_cells(&self.pos, start, p as usize);
            moved[k][..pos.len()].copy_from_slice(pos);
            moved[k][i as usize] = self.blank;
            let db = &h.first.dbs[p as usize];
            let r = db.rank(&moved[k][..pos.len()]);
            db.prefetch(r);
            ranked[k] = Some((p as usize, r));
            // The child's reflected lookup (the first lazy one), where the
            // normal value alone does not prune it and its sum may: fetched
            // now too. (Fetching every lazy lookup a child may need, the
            // same way, was slower on the 24-puzzle's catalogue.)
            if h.reflect
                && let Some((p, i)) = h.first.reflected_slot[t as usize]
                && self.lazy_upper(h, 0) + 2 > limit
            {
                // Lazy lookup 0 is the first partition reflected.
                let table = usize::from(Self::lazy_tables(h, 0)[p as usize]);
                let mut mirrored = [0u8; 32];
                let len = self.table_positions(h, table, &mut mirrored);
                mirrored[i as usize] = h.rect.transpose(self.blank);
                let db = &h.first.dbs[p as usize];
                db.prefetch(db.rank(&mirrored[..len]));
            }
        }
        let mut values = [u32::MAX; 4];
        for (k, &from) in froms.iter().enumerate().take(4) {
            if let Some((p, r)) = ranked[k] {
                let len = h.first.dbs[p].pattern.cells.len();
                // The blank ends where the token was.
                values[k] = h.first.dbs[p].lookup_ranked(r, &moved[k][..len], from) as u32;
            }
        }
        values
    }

    /// What [`h_normal`](Self::h_normal) would be after sliding the
    /// token on `from` into the blank, `normal` being its value now and
    /// `ahead` what [`values_after`](Self::values_after) gave that move:
    /// a search prunes most children on this alone, before it pays for
    /// [`apply`](Self::apply) and [`undo`](Self::undo).
    #[inline]
    pub(crate) fn normal_after(&self, h: &Heuristic, normal: u32, from: u8, ahead: u32) -> u32 {
        let t = self.tiles[from as usize];
        match h.first.slot[t as usize] {
            Some((p, _)) => normal - self.value[p as usize] + ahead,
            None => {
                let rect = &h.rect;
                let farther = rect.distance(self.blank, t) as i32 - rect.distance(from, t) as i32;
                normal.wrapping_add_signed(farther)
            }
        }
    }

    /// Slides the token on `from` into the blank; returns what undo needs.
    /// `ahead`: the value [`Self::values_after`] gave, if known.
    #[inline]
    pub(crate) fn apply(&mut self, h: &Heuristic, from: u8, ahead: u32) -> Undo {
        let rect = &h.rect;
        let to = self.blank;
        let t = self.tiles[from as usize];
        self.tiles[to as usize] = t;
        self.tiles[from as usize] = BLANK_MARK;
        self.blank = from;
        let mut undo = Undo {
            to,
            value: u32::MAX,
            rest: self.rest,
            lines: [u32::MAX; 2],
        };
        // How much farther from its goal the token is now (-1 or 1): the
        // change of every Manhattan distance that counts it.
        let farther = rect.distance(to, t) as i32 - rect.distance(from, t) as i32;
        if h.first.dbs.is_empty() {
            self.rest = self.rest.wrapping_add_signed(farther);
            // A move along a row changes the token's column: only the two
            // columns' conflicts can change (and likewise for rows), and
            // of those only the one that holds the token's goal, if either
            // does (the others' conflicts are among their own tokens).
            let horizontal = rect.row(from) == rect.row(to);
            let (a, b, goal) = if horizontal {
                (rect.col(from), rect.col(to), rect.col(t))
            } else {
                (rect.row(from), rect.row(to), rect.row(t))
            };
            let lines = if horizontal {
                &self.col_conflicts
            } else {
                &self.row_conflicts
            };
            undo.lines = [lines[a], lines[b]];
            if goal == a || goal == b {
                let changed = self.line_conflicts(rect, !horizontal, goal);
                let lines = if horizontal {
                    &mut self.col_conflicts
                } else {
                    &mut self.row_conflicts
                };
                lines[goal] = changed;
            }
            return undo;
        }
        match h.first.slot[t as usize] {
            Some((p, i)) => {
                let (p, i) = (p as usize, i as usize);
                let start = &h.first.start;
                self.pos[start[p] as usize + i] = to;
                undo.value = self.value[p];
                self.value[p] = if ahead != u32::MAX {
                    ahead
                } else {
                    let cells = pattern_cells(&self.pos, start, p);
                    h.first.dbs[p].lookup(cells, self.blank) as u32
                };
                // The first partition's tables are kept exact.
                self.table_value[p] = self.value[p] as u8;
            }
            None => self.rest = self.rest.wrapping_add_signed(farther),
        }
        self.at[t as usize] = to;
        // Each other table of the tile drifts by a move (its value
        // changes by at most one a move).
        let mut tables = h.tile_tables[t as usize];
        while tables != 0 {
            let i = tables.trailing_zeros() as usize;
            tables &= tables - 1;
            self.table_undo
                .push((self.table_value[i], self.table_drift[i]));
            self.table_drift[i] = self.table_drift[i].saturating_add(1);
        }
        let mut outside = h.tile_outside[t as usize];
        while outside != 0 {
            let k = outside.trailing_zeros() as usize;
            outside &= outside - 1;
            self.lazy_rest[k] = self.lazy_rest[k].wrapping_add_signed(farther);
        }
        undo
    }

    /// Takes back the last move.
    #[inline]
    pub(crate) fn undo(&mut self, h: &Heuristic, u: &Undo) {
        let rect = &h.rect;
        // The token went from `from` (now the blank) to `u.to`.
        let from = self.blank;
        let t = self.tiles[u.to as usize];
        self.tiles[from as usize] = t;
        self.tiles[u.to as usize] = BLANK_MARK;
        self.blank = u.to;
        self.rest = u.rest;
        if h.first.dbs.is_empty() {
            let horizontal = rect.row(from) == rect.row(u.to);
            let (a, b) = if horizontal {
                (rect.col(from), rect.col(u.to))
            } else {
                (rect.row(from), rect.row(u.to))
            };
            let lines = if horizontal {
                &mut self.col_conflicts
            } else {
                &mut self.row_conflicts
            };
            lines[a] = u.lines[0];
            lines[b] = u.lines[1];
            return;
        }
        if let Some((p, i)) = h.first.slot[t as usize] {
            self.pos[(h.first.start[p as usize] + i) as usize] = from;
            self.value[p as usize] = u.value;
            self.table_value[p as usize] = u.value as u8;
        }
        self.at[t as usize] = from;
        // Back in the order they were kept.
        let mut tables = h.tile_tables[t as usize];
        while tables != 0 {
            let i = 63 - tables.leading_zeros() as usize;
            tables &= !(1 << i);
            let (value, drift) = self.table_undo.pop().expect("kept by apply");
            self.table_value[i] = value;
            self.table_drift[i] = drift;
        }
        let mut outside = h.tile_outside[t as usize];
        if outside != 0 {
            // The token went back from `u.to` to `from`.
            let nearer = rect.distance(from, t) as i32 - rect.distance(u.to, t) as i32;
            while outside != 0 {
                let k = outside.trailing_zeros() as usize;
                outside &= outside - 1;
                self.lazy_rest[k] = self.lazy_rest[k].wrapping_add_signed(nearer);
            }
        }
    }
}

/// What `undo` needs to take a move back: the blank's cell before the
/// move, and the heuristic parts the move changed.
pub(crate) struct Undo {
    pub(crate) to: u8,
    pub(crate) value: u32,
    pub(crate) rest: u32,
    pub(crate) lines: [u32; 2],
}

/// Linear conflicts on one row (or column) of `tiles`: twice the fewest
/// tiles to take out of the line so that the tiles whose goal is in it
/// are in goal order (a longest increasing subsequence).
///
/// The subsequence is found by patience sorting with the piles' tops kept
/// as the bits of a word (the goal places in a line are distinct): a
/// tile's place replaces the lowest top above it, or starts a new pile,
/// and the piles are the subsequence's length. No branch depends on the
/// tiles: on nearly solved lines, where whether a tile's goal is in the
/// line is a toss-up, a branch on it and a search by halves over the tops
/// took 100 ns a 12-cell line against 31 (50 against 19 on 7 cells).
pub(crate) fn line_conflicts(rect: &Rectangle, tiles: &[u8], row: bool, line: usize) -> u32 {
    let (len, at, step) = if row {
        (rect.cols, line * rect.cols, 1)
    } else {
        (rect.rows, line, rect.cols)
    };
    let (goal_lines, goal_places) = if row {
        (&rect.row_of, &rect.col_of)
    } else {
        (&rect.col_of, &rect.row_of)
    };
    if len > 64 {
        return long_line_conflicts(goal_lines, goal_places, tiles, (at, step, len), line);
    }
    let (mut tops, mut count) = (0u64, 0u32);
    for k in 0..len {
        // The blank's mark has a line of its own (none).
        let t = tiles[at + k * step] as usize;
        let inside = goal_lines[t] as usize == line;
        // A place under 64 where the tile is inside, nothing otherwise.
        let bit = u64::from(inside).wrapping_shl(u32::from(goal_places[t]));
        let above = tops & !((bit << 1).wrapping_sub(1));
        tops = (tops ^ (above & above.wrapping_neg())) | bit;
        count += u32::from(inside);
    }
    2 * (count - tops.count_ones())
}

/// [`line_conflicts`] on a line of more than 64 cells (two rows of 65 to
/// 72), the tops in an array (nothing allocated: searches call this on
/// every move).
#[cold]
fn long_line_conflicts(
    goal_lines: &[u8; 256],
    goal_places: &[u8; 256],
    tiles: &[u8],
    (at, step, len): (usize, usize, usize),
    line: usize,
) -> u32 {
    // Both sides are at least 2: no line is longer.
    let mut tops = [0u8; MAX_CELLS / 2];
    let (mut piles, mut count) = (0, 0);
    for k in 0..len {
        let t = tiles[at + k * step] as usize;
        if goal_lines[t] as usize == line {
            count += 1;
            let place = goal_places[t];
            let i = tops[..piles].partition_point(|&x| x < place);
            tops[i] = place;
            piles += usize::from(i == piles);
        }
    }
    2 * (count - piles as u32)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The definition, slowly: twice the tiles of the line whose goal is
    /// in it, less the longest increasing run of their goal places
    /// (quadratic dynamic programming).
    fn conflicts_by_definition(rect: &Rectangle, tiles: &[u8], row: bool, line: usize) -> u32 {
        let cells: Vec<usize> = if row {
            (0..rect.cols).map(|k| line * rect.cols + k).collect()
        } else {
            (0..rect.rows).map(|k| k * rect.cols + line).collect()
        };
        let places: Vec<usize> = cells
            .iter()
            .map(|&c| tiles[c])
            .filter(|&t| t != BLANK_MARK)
            .filter(|&t| if row { rect.row(t) } else { rect.col(t) } == line)
            .map(|t| if row { rect.col(t) } else { rect.row(t) })
            .collect();
        let mut longest = vec![1usize; places.len()];
        for i in 0..places.len() {
            for j in 0..i {
                if places[j] < places[i] {
                    longest[i] = longest[i].max(longest[j] + 1);
                }
            }
        }
        2 * (places.len() - longest.iter().copied().max().unwrap_or(0)) as u32
    }

    proptest! {
        /// Every line of random arrangements, on boards whose lines reach
        /// 72 cells (past one 64-bit word).
        #[test]
        fn line_conflicts_are_twice_the_tiles_out_of_order(
            (rows, cols) in prop_oneof![Just((3, 3)), Just((5, 7)), Just((12, 12)), Just((2, 72))],
            seed in any::<u64>(),
            sorted_run in 0usize..144,
        ) {
            let rect = Rectangle::new(rows, cols);
            let cells = rows * cols;
            // A random arrangement with a sorted stretch, so that long
            // increasing runs come up too.
            let mut tiles: Vec<u8> = (0..cells as u8).collect();
            let mut x = seed | 1;
            for i in (1..cells).rev() {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                tiles.swap(i, (x % (i as u64 + 1)) as usize);
            }
            let run = sorted_run % cells;
            tiles[..run].sort_unstable();
            tiles[(x % cells as u64) as usize] = BLANK_MARK;
            for r in 0..rows {
                prop_assert_eq!(
                    line_conflicts(&rect, &tiles, true, r),
                    conflicts_by_definition(&rect, &tiles, true, r)
                );
            }
            for c in 0..cols {
                prop_assert_eq!(
                    line_conflicts(&rect, &tiles, false, c),
                    conflicts_by_definition(&rect, &tiles, false, c)
                );
            }
        }
    }
}
