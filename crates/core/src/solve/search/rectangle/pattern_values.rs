//! The heuristic kept by parts, for searches that store their states
//! packed rather than walk one state up and down (weighted A*): each
//! database's value, normal and reflected, and the Manhattan distance of
//! the tiles outside them. A move changes one pattern's value on each
//! side, so a child's value costs one lookup a side instead of one for
//! every database.

use super::Heuristic;
use crate::solve::search::pdb::PatternDb;

/// The most databases kept by parts where the searcher does not say:
/// the weighted search's, which stores a state's parts in its open list.
pub(crate) const MAX_PARTS: usize = 8;

/// A state's heuristic by parts, for at most `N` databases.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PatternValues<const N: usize = MAX_PARTS> {
    value: [u8; N],
    reflected: [u8; N],
    rest: u16,
    reflected_rest: u16,
}

impl Heuristic {
    /// The parts of the heuristic on a state whose tile with goal cell `t`
    /// is on `place[t]`, the blank on `blank`; `None` for Manhattan
    /// distance with linear conflicts, or more than `N`
    /// databases.
    pub(crate) fn pattern_values<const N: usize>(
        &self,
        place: &[u8],
        blank: u8,
    ) -> Option<PatternValues<N>> {
        if self.first.dbs.is_empty() || self.first.dbs.len() > N {
            return None;
        }
        let mut parts = PatternValues {
            value: [0; N],
            reflected: [0; N],
            rest: 0,
            reflected_rest: 0,
        };
        for (t, &cell) in place.iter().enumerate() {
            let t = t as u8;
            if t == self.blank_goal {
                continue;
            }
            if self.first.slot[t as usize].is_none() {
                parts.rest += self.rect.distance(cell, t) as u16;
            }
            if self.reflect && self.first.reflected_slot[t as usize].is_none() {
                parts.reflected_rest += self.rect.distance(cell, t) as u16;
            }
        }
        for p in 0..self.first.dbs.len() {
            parts.value[p] = self.pattern_value(p, place, blank, None, false);
            if self.reflect {
                parts.reflected[p] = self.pattern_value(p, place, blank, None, true);
            }
        }
        Some(parts)
    }

    /// The heuristic's value from its parts.
    pub(crate) fn total<const N: usize>(&self, parts: &PatternValues<N>) -> u32 {
        let sum =
            |values: &[u8], rest: u16| values.iter().map(|&v| v as u32).sum::<u32>() + rest as u32;
        let normal = sum(&parts.value[..self.first.dbs.len()], parts.rest);
        if self.reflect {
            normal.max(sum(
                &parts.reflected[..self.first.dbs.len()],
                parts.reflected_rest,
            ))
        } else {
            normal
        }
    }

    /// The parts after the tile with goal cell `t` slides from `from` into
    /// the blank on `to` (`place` as before the move).
    pub(crate) fn parts_after<const N: usize>(
        &self,
        parts: &PatternValues<N>,
        place: &[u8],
        t: u8,
        from: u8,
        to: u8,
    ) -> PatternValues<N> {
        let mut after = *parts;
        let moved = Some((t, to));
        match self.first.slot[t as usize] {
            Some((p, _)) => {
                after.value[p as usize] = self.pattern_value(p as usize, place, from, moved, false)
            }
            None => {
                after.rest = after.rest + self.rect.distance(to, t) as u16
                    - self.rect.distance(from, t) as u16
            }
        }
        if self.reflect {
            match self.first.reflected_slot[t as usize] {
                Some((p, _)) => {
                    after.reflected[p as usize] =
                        self.pattern_value(p as usize, place, from, moved, true)
                }
                None => {
                    after.reflected_rest = after.reflected_rest + self.rect.distance(to, t) as u16
                        - self.rect.distance(from, t) as u16
                }
            }
        }
        after
    }

    /// Database `p`'s value with the blank on `blank` and the tiles on
    /// `place`, but for `moved` (a tile and its new cell), on the board as
    /// it is or reflected about its main diagonal.
    pub(crate) fn pattern_value(
        &self,
        p: usize,
        place: &[u8],
        blank: u8,
        moved: Option<(u8, u8)>,
        reflected: bool,
    ) -> u8 {
        self.db_value(&self.first.dbs[p], place, blank, moved, reflected)
    }

    /// [`pattern_value`](Self::pattern_value) of database `db`, of any
    /// partition.
    pub(crate) fn db_value(
        &self,
        db: &PatternDb,
        place: &[u8],
        blank: u8,
        moved: Option<(u8, u8)>,
        reflected: bool,
    ) -> u8 {
        let rect = &self.rect;
        let at = |cell: u8| {
            if reflected {
                rect.transpose(cell)
            } else {
                cell
            }
        };
        let mut positions = [0u8; 64];
        for (i, &goal) in db.pattern.cells.iter().enumerate() {
            // The reflected pattern's i-th tile is the one whose goal
            // mirrors the pattern's i-th goal cell.
            let t = at(goal);
            let cell = match moved {
                Some((m, to)) if m == t => to,
                _ => place[t as usize],
            };
            positions[i] = at(cell);
        }
        db.lookup(&positions[..db.pattern.cells.len()], at(blank))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::search::pdb;
    use crate::solve::search::rectangle::BLANK_MARK;
    use crate::solve::search::rectangle::Rectangle;
    use rand::{Rng, SeedableRng};

    /// `PatternValues` kept move by move equal the value computed from scratch, on
    /// a random walk of 3×3 with tables of 2 and 3 tiles.
    #[test]
    fn parts_follow_a_walk_as_the_value_from_scratch() {
        let rect = Rectangle::new(3, 3);
        let patterns = [vec![0u8, 1, 3], vec![2, 5], vec![4, 6, 7]];
        let dbs = patterns
            .iter()
            .map(|cells| {
                pdb::shared(
                    &rect.pattern(cells.clone(), 8),
                    None,
                    &|_| {},
                    crate::stop::Stop::default(),
                )
                .expect("a small table")
            })
            .collect();
        let h = Heuristic::from_databases(&rect, 8, dbs);
        let mut tiles: Vec<u8> = (0..8).chain([BLANK_MARK]).collect();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let place_of = |tiles: &[u8]| {
            let mut place = vec![0u8; 9];
            for (cell, &t) in tiles.iter().enumerate() {
                place[if t == BLANK_MARK { 8 } else { t as usize }] = cell as u8;
            }
            place
        };
        let mut blank = 8u8;
        let mut parts: PatternValues = h
            .pattern_values(&place_of(&tiles), blank)
            .expect("three tables");
        for _ in 0..2000 {
            let options = &rect.neighbours[blank as usize];
            let from = options[rng.random_range(0..options.len())];
            let t = tiles[from as usize];
            parts = h.parts_after(&parts, &place_of(&tiles), t, from, blank);
            tiles.swap(from as usize, blank as usize);
            blank = from;
            assert_eq!(h.total(&parts), h.value(&tiles));
        }
    }
}
