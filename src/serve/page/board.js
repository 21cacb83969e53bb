// The board drawn in SVG, from the answer of POST /api/show: a slot for
// every cell (squares on 2-D boards, circles on graphs), the edges of graphs,
// and a tile for every token but the blank. Each tile is a <g> with
// data-cell (the cell it stands on) and data-token (its token); tiles
// slide by a CSS transition on their transform, and a tile on its goal
// cell has the class "home".

const SVG = 'http://www.w3.org/2000/svg';

/** An SVG element with attributes. */
function el(name, attributes = {}) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  return node;
}

export class BoardView {
  /**
   * @param {SVGSVGElement} svg where to draw
   * @param {(cell: number) => void} onClick called with the cell of a clicked tile
   */
  constructor(svg, onClick) {
    this.svg = svg;
    this.tiles = new Map(); // cell -> tile element
    svg.addEventListener('click', (event) => {
      const tile = event.target.closest('[data-cell]');
      if (tile) onClick(Number(tile.dataset.cell));
    });
  }

  /** Lays out the board: slots, edges and labels; no tiles yet. */
  setLayout(show) {
    this.show = show;
    const [w, h] = show.size;
    const unit = Math.max(10, Math.min(96, Math.floor(640 / Math.max(w, h, 1))));
    this.unit = unit;
    this.graph = show.kind === 'graph';
    this.centres = show.positions.map(([x, y]) => [x * unit, y * unit]);
    this.neighbours = Array.from({ length: show.cells }, () => []);
    for (const [u, v] of show.edges) {
      this.neighbours[u].push(v);
      this.neighbours[v].push(u);
    }
    // On 2-D boards: the cell at each (column, row), for the arrow keys.
    this.cellsByPlace = new Map();
    if (show.two_d) {
      show.positions.forEach(([x, y], cell) => this.cellsByPlace.set(`${Math.floor(x)},${Math.floor(y)}`, cell));
    }
    this.svg.replaceChildren();
    this.svg.setAttribute('viewBox', `0 0 ${w * unit} ${h * unit}`);
    this.svg.setAttribute('width', String(Math.ceil(w * unit)));
    this.svg.setAttribute('height', String(Math.ceil(h * unit)));
    this.svg.classList.toggle('graph', this.graph);
    this.svg.style.setProperty('--font', `${Math.max(7, Math.round(unit * 0.42))}px`);
    const edges = el('g', { class: 'edges' });
    if (this.graph) {
      for (const [u, v] of show.edges) {
        const [[x1, y1], [x2, y2]] = [this.centres[u], this.centres[v]];
        edges.append(el('line', { x1, y1, x2, y2 }));
      }
    }
    const slots = el('g', { class: 'slots' });
    this.slots = this.centres.map(([x, y], cell) => {
      const slot = this.graph
        ? el('circle', { cx: x, cy: y, r: unit * 0.44 })
        : el('rect', { x: x - unit / 2 + 1, y: y - unit / 2 + 1, width: unit - 2, height: unit - 2, rx: unit * 0.08 });
      slot.setAttribute('class', 'slot');
      slot.dataset.slot = String(cell);
      slots.append(slot);
      return slot;
    });
    const labels = el('g', { class: 'labels' });
    if (this.graph) {
      // Cell numbers, for moves written as cell pairs.
      this.centres.forEach(([x, y], cell) => {
        const number = el('text', { x: x + unit * 0.36, y: y - unit * 0.4, class: 'cell-number' });
        number.textContent = String(cell);
        labels.append(number);
      });
    }
    for (const label of show.labels) {
      const text = el('text', { x: label.x * unit + 2, y: label.y * unit });
      text.textContent = label.text;
      labels.append(text);
    }
    this.tileLayer = el('g', { class: 'tiles' });
    this.svg.append(edges, slots, labels, this.tileLayer);
    this.tiles.clear();
  }

  /** Puts `tokens` on the board (no sliding), marking tiles on `goal`. */
  setTokens(tokens, goal) {
    this.goal = goal;
    this.tileLayer.replaceChildren();
    this.tiles.clear();
    const unit = this.unit;
    tokens.forEach((token, cell) => {
      if (token === 0) return;
      const tile = el('g', { class: 'tile' });
      tile.dataset.cell = String(cell);
      tile.dataset.token = String(token);
      const shape = this.graph
        ? el('circle', { cx: unit / 2, cy: unit / 2, r: unit * 0.4 })
        : el('rect', { x: 3, y: 3, width: unit - 6, height: unit - 6, rx: unit * 0.12 });
      const label = el('text', { x: unit / 2, y: unit / 2 });
      label.textContent = String(token);
      if (String(token).length > 3) label.classList.add('small');
      tile.append(shape, label);
      this.place(tile, cell);
      this.tileLayer.append(tile);
      this.tiles.set(cell, tile);
    });
  }

  /** Moves a tile's element onto `cell` and marks it when at home. */
  place(tile, cell) {
    const [x, y] = this.centres[cell];
    tile.dataset.cell = String(cell);
    tile.style.transform = `translate(${x - this.unit / 2}px, ${y - this.unit / 2}px)`;
    tile.classList.toggle('home', this.goal && this.goal[cell] === Number(tile.dataset.token));
  }

  /** Slides the tile on `from` onto `to` (the blank's cell). */
  slide(from, to) {
    const tile = this.tiles.get(from);
    if (!tile) return;
    this.tiles.delete(from);
    this.tiles.set(to, tile);
    this.place(tile, to);
  }

  /** The cells next to `cell`. */
  neighboursOf(cell) {
    return this.neighbours[cell] || [];
  }

  /** On a 2-D board, the cell at (column, row), if any. */
  cellAt(col, row) {
    return this.cellsByPlace.get(`${col},${row}`);
  }

  /** The (column, row) of a cell of a 2-D board. */
  colRow(cell) {
    const [x, y] = this.show.positions[cell];
    return [Math.floor(x), Math.floor(y)];
  }

  /** Outlines the cells a reason names (none: clears). */
  highlight(cells = []) {
    const named = new Set(cells);
    this.slots.forEach((slot, cell) => slot.classList.toggle('named', named.has(cell)));
  }

  /** How long a slide takes. */
  setSlideTime(ms) {
    this.svg.style.setProperty('--slide', `${ms}ms`);
  }
}
