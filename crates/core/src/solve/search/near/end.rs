//! The end of a near-shortest answer made shortest: on boards searched
//! whole, the tables guide a shortest search (IDA*) to the goal from
//! any arrangement, and one that starts a few dozen moves before the
//! end of the answer is cheap. The weighted searches leave their
//! answers' ends a little long (the way they come near the goal is
//! chosen from afar), and a shortest end from there is often a few
//! moves shorter: on the first ten of Korf & Felner's 24-puzzles, 1.071
//! → 1.059 times the shortest (see [`END_NODES`]).

use super::Context;
use crate::arrangement::Token;
use crate::moves::Move;
use crate::solve::search::ida::{self, Iterations};
use crate::solve::search::played;
use crate::solve::search::rectangle::{self, Heuristic};
use crate::solve::search::weighted::Near;
use crate::stop::Stop;

/// The first end searched, in moves; each next one is [`END_STEP`]
/// longer, until one is not found within its nodes.
const END_FIRST: usize = 50;

/// How much longer each end searched is than the one before.
const END_STEP: usize = 10;

/// The most nodes of each shortest search of an answer's end, after
/// the stages, as [`Iterations`] counts them: about a second on two
/// cores with the compact tables. Charged as the cores went, on the
/// first ten of Korf & Felner's 50 (length over the shortest, before
/// the stages from 1.4): none 1.071 (2.05 s an answer, worst 2.73 s),
/// 4 M 1.063 (2.61 s), 8 M 1.059 (3.18 s, worst 4.12 s), 16 M 1.057
/// (4.23 s, worst 5.67 s). Counted by whole iterations, which stop
/// sooner (at the expected size of the next), 16 M gives the first 25
/// the lengths that 8 M charged as they went gave, in 5.0 s an answer
/// against 5.9 s (worst 7.8 s against 9.6 s); 8 M, one of them 2 moves
/// longer, in 5.0 s on the first ten and 4.4 s on the next 15.
pub(super) const END_NODES: u64 = 16_000_000;

/// [`END_NODES`] where the heuristic is the maximum over a catalogue (the
/// 24-puzzle's, where it is cached): a node costs about four times as
/// much. On the first ten of Korf & Felner's 50, the same lengths as
/// the 6-6-6-6 tables' 16 M in the same time (4.5 s an answer against
/// 4.7, worst 6.6 s against 6.9); 12 M made one answer 6 moves shorter
/// (1.047 → 1.041) in 6.6 s an answer, worst 12.6 s, past the 10 s a
/// default answer has.
pub(super) const END_NODES_CATALOGUE: u64 = 6_000_000;

/// The nodes of each end's search with `heuristic`.
pub(super) fn end_nodes(heuristic: &Heuristic) -> u64 {
    match heuristic.more.is_empty() {
        true => END_NODES,
        false => END_NODES_CATALOGUE,
    }
}

impl Context<'_> {
    /// `near`'s answer (from `a` to `b`, on a board searched whole) with
    /// its end made shortest (see [`shortest_end`]), each shorter length
    /// reported; marked shortest, its bound its length, where the whole
    /// answer was searched.
    pub(crate) fn shortest_end(
        &self,
        heuristic: &Heuristic,
        (a, b): (&[Token], &[Token]),
        near: &mut Near,
        (nodes, stop): (u64, Stop),
    ) {
        let mut shorter = self.shorter_reporter(near.lower_bound);
        let moves = &mut near.found.moves;
        let (expanded, whole) = shortest_end(heuristic, (a, b), moves, (nodes, stop), &mut shorter);
        near.found.nodes += expanded;
        if whole {
            // The whole answer was searched: it is a shortest one.
            near.found.optimal = true;
            near.lower_bound = near.found.moves.len() as u64;
        }
    }
}

/// `moves` (from `a` to `b`) with their last moves replaced by a
/// shortest way to `b`: ends of [`END_FIRST`] moves, then [`END_STEP`]
/// more each time, each searched by IDA* on `heuristic` (for `b`'s
/// blank goal) within `nodes` (see [`Iterations`]), until one is not
/// found within them (a longer end would cost more), the whole answer
/// was searched or `stop` says; `shorter` hears each shorter length.
/// Bounded by counts of whole iterations, so that the default's answer
/// is the same on every machine and in every run. The nodes
/// expanded, and whether the whole answer is now a shortest one.
fn shortest_end(
    heuristic: &Heuristic,
    (a, b): (&[Token], &[Token]),
    moves: &mut Vec<Move>,
    (nodes, stop): (u64, Stop),
    shorter: &mut dyn FnMut(usize),
) -> (u64, bool) {
    let mut expanded = 0;
    let mut length = END_FIRST;
    while !stop.now() {
        let length_now = length.min(moves.len());
        let kept = moves.len() - length_now;
        let (tiles, _) = rectangle::relabel(&played(a, &moves[..kept]), b);
        let mut iterations = Iterations::within(nodes);
        let found = ida::ida_star_logged(heuristic, &tiles, stop, &mut |_, expanded| {
            iterations.go_on(expanded)
        });
        let Some(end) = found else {
            expanded += iterations.spent;
            break;
        };
        expanded += end.nodes;
        if end.moves.len() < length_now {
            moves.truncate(kept);
            moves.extend(end.moves);
            shorter(moves.len());
        }
        if kept == 0 {
            return (expanded, true);
        }
        length += END_STEP;
    }
    (expanded, false)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::search::rectangle::Rectangle;

    /// A long way round on 3×4 (a walk of the blank from the goal,
    /// played back): ends of 50, 60, … moves are made shortest, and at
    /// last the whole answer; it still replays to the goal.
    #[test]
    fn a_long_way_round_is_made_shortest() {
        let rect = Rectangle::new(3, 4);
        let b: Vec<Token> = (1..12).chain([0]).collect();
        // The blank walks 90 steps from the goal without undoing one.
        let (mut at, mut blank, mut previous) = (b.clone(), 11usize, usize::MAX);
        let mut walk = Vec::new();
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        while walk.len() < 90 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let around = &rect.neighbours[blank];
            let to = around[x as usize % around.len()] as usize;
            if to == previous {
                continue;
            }
            at.swap(blank, to);
            walk.push(Move {
                from: to as u32,
                to: blank as u32,
            });
            (previous, blank) = (blank, to);
        }
        let a = at;
        // Played back, the walk is a way from `a` to the goal.
        let mut moves: Vec<Move> = walk
            .iter()
            .rev()
            .map(|m| Move {
                from: m.to,
                to: m.from,
            })
            .collect();
        assert_eq!(played(&a, &moves), b);
        let (tiles, blank_goal) = rectangle::relabel(&a, &b);
        let heuristic = Heuristic::manhattan(&rect, blank_goal);
        let stop = Stop::default();
        let mut heard = Vec::new();
        let mut hear = |m| heard.push(m);
        let (expanded, whole) =
            shortest_end(&heuristic, (&a, &b), &mut moves, (1 << 20, stop), &mut hear);
        assert_eq!(played(&a, &moves), b);
        assert!(moves.len() < 90 && expanded > 0);
        assert_eq!(heard.last(), Some(&moves.len()));
        assert!(whole);
        let shortest = ida::ida_star_logged(&heuristic, &tiles, stop, &mut |_, _| true);
        assert_eq!(shortest.map(|s| s.moves.len()), Some(moves.len()));
        // Within no nodes only the first end's first iteration is
        // searched (no other is begun): nothing shorter, the moves stay.
        let before = moves.clone();
        let (_, whole) = shortest_end(&heuristic, (&a, &b), &mut moves, (0, stop), &mut |_| {});
        assert!(!whole);
        assert_eq!(moves, before);
    }
}
