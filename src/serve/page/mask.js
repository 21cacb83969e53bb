// The mask editor: a grid of rows × columns where a click turns a cell
// into a hole and back; every change hands the new spec
// ("mask:##./#.#/...") to the page. Each square has data-mask="row,col".

const SVG = 'http://www.w3.org/2000/svg';
const UNIT = 22;

export class MaskEditor {
  /**
   * @param {HTMLElement} root the editor's container (shown while editing)
   * @param {(spec: string) => void} onChange called with each new spec
   */
  constructor(root, onChange) {
    this.root = root;
    this.onChange = onChange;
    this.svg = root.querySelector('svg');
    this.rowsInput = root.querySelector('#mask-rows');
    this.colsInput = root.querySelector('#mask-cols');
    this.cells = [[true]];
    this.svg.addEventListener('click', (event) => {
      const square = event.target.closest('[data-mask]');
      if (!square) return;
      const [r, c] = square.dataset.mask.split(',').map(Number);
      this.cells[r][c] = !this.cells[r][c];
      this.render();
      this.onChange(this.spec());
    });
    const resize = () => {
      const rows = clamp(Number(this.rowsInput.value), 1, 40);
      const cols = clamp(Number(this.colsInput.value), 1, 40);
      this.cells = Array.from({ length: rows }, (_, r) =>
        Array.from({ length: cols }, (_, c) => (this.cells[r] ? this.cells[r][c] ?? true : true)));
      this.render();
      this.onChange(this.spec());
    };
    this.rowsInput.addEventListener('change', resize);
    this.colsInput.addEventListener('change', resize);
    root.querySelector('#mask-done').addEventListener('click', () => this.close());
  }

  /** Opens the editor on `spec` when it is a mask or a 2-D box, else on a full 4×4. */
  open(spec) {
    const box = /^(\d+)x(\d+)$/.exec(spec);
    if (spec.startsWith('mask:')) {
      this.cells = spec.slice(5).split('/').map((row) => [...row].map((ch) => ch === '#'));
    } else if (box && Number(box[1]) <= 40 && Number(box[2]) <= 40) {
      this.cells = Array.from({ length: Number(box[1]) }, () => Array(Number(box[2])).fill(true));
    } else {
      this.cells = Array.from({ length: 4 }, () => Array(4).fill(true));
    }
    this.rowsInput.value = String(this.cells.length);
    this.colsInput.value = String(Math.max(...this.cells.map((row) => row.length)));
    this.root.hidden = false;
    this.render();
    this.onChange(this.spec());
  }

  close() {
    this.root.hidden = true;
  }

  /** The spec of the mask drawn. */
  spec() {
    return 'mask:' + this.cells.map((row) => row.map((cell) => (cell ? '#' : '.')).join('')).join('/');
  }

  render() {
    const rows = this.cells.length;
    const cols = Math.max(...this.cells.map((row) => row.length));
    this.svg.replaceChildren();
    this.svg.setAttribute('viewBox', `0 0 ${cols * UNIT} ${rows * UNIT}`);
    this.svg.setAttribute('width', String(cols * UNIT));
    this.svg.setAttribute('height', String(rows * UNIT));
    this.cells.forEach((row, r) => row.forEach((cell, c) => {
      const square = document.createElementNS(SVG, 'rect');
      square.setAttribute('x', String(c * UNIT + 1));
      square.setAttribute('y', String(r * UNIT + 1));
      square.setAttribute('width', String(UNIT - 2));
      square.setAttribute('height', String(UNIT - 2));
      square.setAttribute('class', cell ? 'mask-cell' : 'mask-hole');
      square.dataset.mask = `${r},${c}`;
      this.svg.append(square);
    }));
  }
}

function clamp(value, low, high) {
  return Number.isFinite(value) ? Math.min(high, Math.max(low, Math.round(value))) : low;
}
