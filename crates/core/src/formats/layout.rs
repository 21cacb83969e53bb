//! Where each cell of a board is drawn, in units of one cell: the centre
//! of each cell, the size of the whole drawing, and labels.
//!
//! - 2-D boxes and masks: each cell on its own row and column (holes
//!   left empty);
//! - boxes of three or more dimensions: 2-D layers side by side (the
//!   third side from the end across, any further sides down), each
//!   labelled with its place;
//! - a box of one dimension: a row;
//! - graphs: classical scaling of the distances between cells (in edges),
//!   refined by stress majorization (Gansner, Koren & North, *Graph
//!   drawing by stress majorization*, 2004): the drawn distance of every
//!   two cells is pulled towards the number of edges between them, so
//!   that cycles come out round and θ graphs as θ. Small graphs are laid
//!   out from a few starts and the drawing with the fewest crossing edges
//!   kept. Graphs over [`MAX_STRESS_CELLS`] cells are drawn on a circle.

use crate::board::{Board, Cell, Layout};
use serde_json::{Value, json};

/// The largest graph laid out by stress majorization (its cost grows as
/// the square of the cells, per sweep).
pub const MAX_STRESS_CELLS: usize = 400;

/// Sweeps of stress majorization.
const SWEEPS: usize = 300;

/// The largest graph laid out from several starts.
const MAX_TRIED_CELLS: usize = 100;

/// The most edges whose crossings are counted to choose among drawings:
/// about 12 million pairs a drawing.
const MAX_CROSSING_EDGES: usize = 5_000;

/// A board's drawing: cell centres, size and labels.
#[derive(Debug)]
pub struct Placement {
    /// The centre of each cell.
    pub centres: Vec<[f64; 2]>,
    /// Width and height of the whole drawing.
    pub size: [f64; 2],
    /// Texts to write, each with the (x, y) of its left end.
    pub labels: Vec<(String, [f64; 2])>,
}

impl Placement {
    /// As JSON: `{"positions": [[x, y], ...], "size": [w, h], "labels":
    /// [{"text", "x", "y"}]}`, numbers rounded to thousandths.
    #[must_use]
    pub fn to_json(&self) -> Value {
        let round = |v: f64| (v * 1000.0).round() / 1000.0;
        let positions: Vec<[f64; 2]> = self
            .centres
            .iter()
            .map(|&[x, y]| [round(x), round(y)])
            .collect();
        let labels: Vec<Value> = self
            .labels
            .iter()
            .map(|(text, [x, y])| json!({"text": text, "x": round(*x), "y": round(*y)}))
            .collect();
        json!({
            "positions": positions,
            "size": [round(self.size[0]), round(self.size[1])],
            "labels": labels,
        })
    }
}

/// Where the cells of `board` are drawn.
pub fn place(board: &Board) -> Placement {
    match board.layout() {
        Layout::Box { dims } => boxed(dims),
        Layout::Mask { rows, cols, .. } => {
            let centres = (0..board.cell_count() as Cell)
                .map(|c| {
                    let (r, col) = board.row_col(c).expect("a mask is 2-D");
                    [col as f64 + 0.5, r as f64 + 0.5]
                })
                .collect();
            Placement {
                centres,
                size: [*cols as f64, *rows as f64],
                labels: Vec::new(),
            }
        }
        Layout::Graph => graph(board),
    }
}

/// A box: a row, a grid, or layers of grids.
fn boxed(dims: &[usize]) -> Placement {
    let cells: usize = dims.iter().product();
    if dims.len() <= 2 {
        let cols = *dims.last().unwrap_or(&1);
        let rows = if dims.len() == 2 { dims[0] } else { 1 };
        let centres = (0..cells)
            .map(|c| [(c % cols) as f64 + 0.5, (c / cols) as f64 + 0.5])
            .collect();
        return Placement {
            centres,
            size: [cols as f64, rows as f64],
            labels: Vec::new(),
        };
    }
    // Layers: the last two sides are a grid; the third from the end runs
    // across, the ones before it (flattened) down. Each layer has a label
    // line above it and a gap of one cell to its right.
    const LABEL: f64 = 0.8;
    let n = dims.len();
    let (rows, cols, across) = (dims[n - 2], dims[n - 1], dims[n - 3]);
    let down: usize = dims[..n - 3].iter().product();
    let layer_w = cols as f64 + 1.0;
    let layer_h = rows as f64 + LABEL + 0.5;
    let mut labels = Vec::new();
    for d in 0..down {
        for a in 0..across {
            let mut index = vec![a];
            let mut rest = d;
            for &side in dims[..n - 3].iter().rev() {
                index.push(rest % side);
                rest /= side;
            }
            index.reverse();
            let name: Vec<String> = index.iter().map(usize::to_string).collect();
            labels.push((
                format!("layer {}", name.join(",")),
                [a as f64 * layer_w, d as f64 * layer_h + LABEL * 0.6],
            ));
        }
    }
    let centres = (0..cells)
        .map(|c| {
            let (col, row) = (c % cols, (c / cols) % rows);
            let layer = c / (rows * cols);
            let (a, d) = (layer % across, layer / across);
            [
                a as f64 * layer_w + col as f64 + 0.5,
                d as f64 * layer_h + LABEL + row as f64 + 0.5,
            ]
        })
        .collect();
    Placement {
        centres,
        size: [across as f64 * layer_w - 1.0, down as f64 * layer_h - 0.5],
        labels,
    }
}

/// A graph: classical scaling of its distances, refined by stress
/// majorization, spread so that no two cells overlap, moved to start at
/// half a cell from the edges.
fn graph(board: &Board) -> Placement {
    let n = board.cell_count();
    let mut centres: Vec<[f64; 2]> = circle(n);
    if n <= MAX_STRESS_CELLS && n > 1 {
        let dist = Distances::new(board);
        let mut scaled = centres.clone();
        classical_scaling(&dist, &mut scaled);
        let mut starts = vec![scaled];
        if n <= MAX_TRIED_CELLS {
            // Stress has local minima (a twisted cycle): a few more starts,
            // the drawing with the fewest crossing edges kept.
            starts.push(centres.clone());
            starts.extend((1..=4).map(|seed| scattered(n, seed)));
        }
        let edges: Vec<(Cell, Cell)> = board.edges().collect();
        // Crossings are counted pair by pair: only where there is a
        // choice of drawings, and few enough edges (a dense graph is a
        // tangle however drawn; counting would cost billions of pairs).
        let counted = starts.len() > 1 && edges.len() <= MAX_CROSSING_EDGES;
        centres = starts
            .into_iter()
            .map(|mut points| {
                stress_majorization(&dist, &mut points);
                let crossed = if counted {
                    crossings(&points, &edges)
                } else {
                    0
                };
                let score = (crossed, stress(&dist, &points));
                (score, points)
            })
            .min_by(|(a, _), (b, _)| a.0.cmp(&b.0).then(a.1.total_cmp(&b.1)))
            .map(|(_, points)| points)
            .expect("at least one start");
    }
    // Spread: no two cells nearer than 0.9 of a cell (a dense graph's
    // layout puts them closer), at most six-fold.
    let mut nearest = f64::INFINITY;
    for i in 0..n.min(MAX_STRESS_CELLS) {
        for j in 0..i {
            nearest = nearest.min(distance(centres[i], centres[j]));
        }
    }
    if nearest.is_finite() && nearest > 0.0 && nearest < 0.9 {
        let scale = (0.9 / nearest).min(6.0);
        for p in &mut centres {
            *p = [p[0] * scale, p[1] * scale];
        }
    }
    let min_x = centres.iter().map(|p| p[0]).fold(f64::INFINITY, f64::min);
    let min_y = centres.iter().map(|p| p[1]).fold(f64::INFINITY, f64::min);
    for p in &mut centres {
        *p = [p[0] - min_x + 0.5, p[1] - min_y + 0.5];
    }
    let width = centres.iter().map(|p| p[0] + 0.5).fold(1.0, f64::max);
    let height = centres.iter().map(|p| p[1] + 0.5).fold(1.0, f64::max);
    Placement {
        centres,
        size: [width, height],
        labels: Vec::new(),
    }
}

/// `n` points on a circle one unit apart (a slight spiral keeps any two
/// from coinciding), starting at the top.
fn circle(n: usize) -> Vec<[f64; 2]> {
    let radius = (n as f64 / std::f64::consts::TAU).max(0.5);
    (0..n)
        .map(|i| {
            let angle = std::f64::consts::TAU * i as f64 / n as f64;
            let r = radius * (1.0 + 0.01 * i as f64 / n as f64);
            [r * angle.sin(), -r * angle.cos()]
        })
        .collect()
}

/// `n` points scattered over a square, from a seed (a plain linear
/// congruential generator: the drawing is the same every time).
fn scattered(n: usize, seed: u64) -> Vec<[f64; 2]> {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 11) as f64 / (1u64 << 53) as f64
    };
    let side = (n as f64).sqrt() * 1.5;
    (0..n).map(|_| [next() * side, next() * side]).collect()
}

/// The number of pairs of edges, with no end in common, that cross.
fn crossings(points: &[[f64; 2]], edges: &[(Cell, Cell)]) -> usize {
    let side = |a: [f64; 2], b: [f64; 2], c: [f64; 2]| {
        (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    };
    let mut count = 0;
    for (i, &(a, b)) in edges.iter().enumerate() {
        for &(c, d) in &edges[..i] {
            if a == c || a == d || b == c || b == d {
                continue;
            }
            let [p, q, r, s] = [a, b, c, d].map(|v| points[v as usize]);
            if side(p, q, r) * side(p, q, s) < 0.0 && side(r, s, p) * side(r, s, q) < 0.0 {
                count += 1;
            }
        }
    }
    count
}

/// The weighted stress of a drawing: Σ (drawn − graph distance)² / d².
fn stress(dist: &Distances, points: &[[f64; 2]]) -> f64 {
    let n = points.len();
    let mut total = 0.0;
    for i in 0..n {
        for j in 0..i {
            let d = dist.get(i, j);
            total += (distance(points[i], points[j]) - d).powi(2) / (d * d);
        }
    }
    total
}

fn distance(a: [f64; 2], b: [f64; 2]) -> f64 {
    (a[0] - b[0]).hypot(a[1] - b[1])
}

/// The number of edges between every two cells; cells in different
/// components are put one more than the largest distance apart.
struct Distances {
    n: usize,
    /// Row-major, `n × n`.
    d: Vec<f64>,
    /// Whether the two cells are connected.
    connected: Vec<bool>,
}

impl Distances {
    /// Breadth-first search from every cell.
    fn new(board: &Board) -> Self {
        let n = board.cell_count();
        let mut hops = vec![u32::MAX; n * n];
        let mut queue = Vec::with_capacity(n);
        for s in 0..n {
            let row = &mut hops[s * n..(s + 1) * n];
            row[s] = 0;
            queue.clear();
            queue.push(s as Cell);
            let mut head = 0;
            while head < queue.len() {
                let c = queue[head];
                head += 1;
                for &m in board.neighbours(c) {
                    if row[m as usize] == u32::MAX {
                        row[m as usize] = row[c as usize] + 1;
                        queue.push(m);
                    }
                }
            }
        }
        let far = hops
            .iter()
            .filter(|&&h| h != u32::MAX)
            .max()
            .copied()
            .unwrap_or(0)
            + 1;
        Self {
            n,
            d: hops
                .iter()
                .map(|&h| if h == u32::MAX { far } else { h } as f64)
                .collect(),
            connected: hops.iter().map(|&h| h != u32::MAX).collect(),
        }
    }

    fn get(&self, i: usize, j: usize) -> f64 {
        self.d[i * self.n + j]
    }
}

/// Classical scaling (Torgerson): the points whose distances best match
/// the graph's in the sense of inner products, from the two leading
/// eigenvectors of the double-centred squared distances (by power
/// iteration). A slight turn of the circle the points held is added, so
/// that cells with the same distances to all others do not coincide.
fn classical_scaling(dist: &Distances, points: &mut [[f64; 2]]) {
    let n = dist.n;
    // B = -1/2 J D² J, J the centring matrix.
    let mut b: Vec<f64> = dist.d.iter().map(|d| -0.5 * d * d).collect();
    let row_means: Vec<f64> = (0..n)
        .map(|i| b[i * n..(i + 1) * n].iter().sum::<f64>() / n as f64)
        .collect();
    let mean = row_means.iter().sum::<f64>() / n as f64;
    for i in 0..n {
        for j in 0..n {
            b[i * n + j] += mean - row_means[i] - row_means[j];
        }
    }
    let times = |v: &[f64]| -> Vec<f64> {
        (0..n)
            .map(|i| {
                b[i * n..(i + 1) * n]
                    .iter()
                    .zip(v)
                    .map(|(a, x)| a * x)
                    .sum()
            })
            .collect()
    };
    let mut axes: Vec<(f64, Vec<f64>)> = Vec::new();
    for axis in 0..2 {
        // A deterministic start, not orthogonal to any likely eigenvector.
        let mut v: Vec<f64> = (0..n)
            .map(|i| ((i * (axis + 2) + 1) as f64 * 0.618_034).fract() - 0.5)
            .collect();
        for _ in 0..200 {
            let mut w = times(&v);
            for (_, u) in &axes {
                let dot: f64 = w.iter().zip(u).map(|(a, b)| a * b).sum();
                w.iter_mut().zip(u).for_each(|(a, b)| *a -= dot * b);
            }
            let norm = w.iter().map(|x| x * x).sum::<f64>().sqrt();
            if norm < 1e-12 {
                break;
            }
            v = w.into_iter().map(|x| x / norm).collect();
        }
        // The eigenvalue (a negative one, for distances no plane holds, gives no axis).
        let value: f64 = times(&v).iter().zip(&v).map(|(a, b)| a * b).sum();
        axes.push((value.max(0.0), v));
    }
    if axes.iter().all(|(value, _)| *value < 1e-9) {
        return;
    }
    for (i, p) in points.iter_mut().enumerate() {
        let x = axes[0].1[i] * axes[0].0.sqrt();
        let y = axes[1].1[i] * axes[1].0.sqrt();
        *p = [x + 0.05 * p[0], y + 0.05 * p[1]];
    }
}

/// Moves the points so that drawn distances approach graph distances,
/// each point in turn to its weighted best place (weights 1/d²; a weak
/// pull between components).
fn stress_majorization(dist: &Distances, points: &mut [[f64; 2]]) {
    let n = points.len();
    for _ in 0..SWEEPS {
        let mut moved = 0.0f64;
        for i in 0..n {
            let (mut sx, mut sy, mut sw) = (0.0, 0.0, 0.0);
            for j in 0..n {
                if i == j {
                    continue;
                }
                let d = dist.get(i, j);
                let w = match dist.connected[i * n + j] {
                    true => 1.0 / (d * d),
                    false => 0.1 / (d * d),
                };
                let (pi, pj) = (points[i], points[j]);
                let len = distance(pi, pj).max(1e-9);
                sx += w * (pj[0] + d * (pi[0] - pj[0]) / len);
                sy += w * (pj[1] + d * (pi[1] - pj[1]) / len);
                sw += w;
            }
            let next = [sx / sw, sy / sw];
            moved = moved.max(distance(next, points[i]));
            points[i] = next;
        }
        if moved < 1e-4 {
            break;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn place_spec(spec: &str) -> Placement {
        place(&spec.parse().unwrap())
    }

    #[test]
    fn grids_and_masks_sit_on_rows_and_columns() {
        let p = place_spec("2x3");
        assert_eq!(p.centres[4], [1.5, 1.5]);
        assert_eq!(p.size, [3.0, 2.0]);
        let m = place_spec("mask:.#/##");
        assert_eq!(m.centres, vec![[1.5, 0.5], [0.5, 1.5], [1.5, 1.5]]);
    }

    #[test]
    fn layers_go_side_by_side_with_labels() {
        let p = place_spec("2x2x3");
        assert_eq!(p.labels.len(), 2);
        assert_eq!(p.labels[1].0, "layer 1");
        // Cell 6 is the first of layer 1: one layer (3 columns and a gap) to the right.
        assert_eq!(p.centres[6][0] - p.centres[0][0], 4.0);
        assert_eq!(p.centres[6][1], p.centres[0][1]);
        let four = place_spec("2x2x2x2");
        assert_eq!(four.labels.len(), 4);
        assert_eq!(four.labels[3].0, "layer 1,1");
        assert!(
            four.centres[15][1] > four.centres[0][1] + 2.0,
            "a second row of layers"
        );
    }

    #[test]
    fn graphs_have_edges_about_one_cell_long_and_no_overlaps() {
        let b: Board = "theta0".parse().unwrap();
        let p = place(&b);
        for (u, v) in b.edges() {
            let d = distance(p.centres[u as usize], p.centres[v as usize]);
            assert!((0.6..2.5).contains(&d), "edge {u}-{v}: {d}");
        }
        for i in 0..7 {
            for j in 0..i {
                assert!(distance(p.centres[i], p.centres[j]) >= 0.89);
            }
        }
        let two_parts = place_spec("graph:4:0-1,2-3");
        assert!(two_parts.centres.iter().all(|c| c[0] >= 0.5 && c[1] >= 0.5));
        // The Petersen graph: the best of several starts has far fewer
        // crossings than classical scaling's (10).
        let petersen = "graph:10:0-1,1-2,2-3,3-4,4-0,0-5,1-6,2-7,3-8,4-9,5-7,7-9,9-6,6-8,8-5";
        let b: Board = petersen.parse().unwrap();
        let edges: Vec<(Cell, Cell)> = b.edges().collect();
        assert!(crossings(&place(&b).centres, &edges) <= 5);
        let big = place_spec(&format!("graph:{}:0-1", MAX_STRESS_CELLS + 1));
        assert_eq!(big.centres.len(), MAX_STRESS_CELLS + 1);
    }
}
