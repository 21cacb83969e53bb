// The page's controls: the board, the arrangements, check, solve and the
// player, with the state in the URL (#board=...&from=...&to=...). Every
// question goes to the server's JSON API; the page only draws and moves.

import { BoardView } from './board.js';
import { MaskEditor } from './mask.js';

const $ = (id) => document.getElementById(id);

/** The most moves listed (a long solution still plays to its end). */
const LISTED = 3000;

const state = {
  show: null, // the answer of /api/show for the board drawn
  start: [], // the arrangement the moves start from ("from")
  current: [], // the arrangement drawn
  goal: [], // "to"
  solution: null, // { moves: [[from, to], ...], index: moves played }
  timer: null,
  solving: null, // the AbortController of the solve under way
  loading: Promise.resolve(true), // the load under way, if any
  byHand: 0, // moves played by hand since the start was set
  presetBoard: null, // the board the preset list names, while it is drawn
};

const view = new BoardView($('puzzle'), (cell) => clickTile(cell));
const mask = new MaskEditor($('mask-editor'), (spec) => {
  $('board').value = spec;
  load({ resetArrangements: true });
});

// ---- the server --------------------------------------------------------

/** POSTs `body` as JSON; the answer, or an Error with the server's words. */
async function api(path, body, signal) {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    signal,
  });
  const answer = await response.json().catch(() => ({ error: `${response.status} ${response.statusText}` }));
  if (!response.ok || answer.error) throw new Error(answer.error || response.statusText);
  return answer;
}

function message(text = '', kind = 'error') {
  $('message').textContent = text;
  $('message').className = `message ${text ? kind : ''}`;
}

/**
 * A load that failed: the error, the field it is about marked, and no
 * verdict or answer left from before (they were about something else).
 */
function failed(text) {
  stop();
  clearVerdict();
  state.solution = null;
  showSolution();
  const field = /^(board|from|to)\b/.exec(text);
  markInvalid(field ? field[1] : null);
  message(text);
}

/** Marks the field `id` as holding what the server refused (none: clears). */
function markInvalid(id = null) {
  for (const name of ['board', 'from', 'to']) {
    if (name === id) $(name).setAttribute('aria-invalid', 'true');
    else $(name).removeAttribute('aria-invalid');
  }
}

// ---- arrangements as text and in the URL -----------------------------

/** An arrangement as typed: rows split by "/" on 2-D boxes. */
function text(tokens) {
  const dims = state.show && state.show.dims;
  if (dims && dims.length === 2 && dims[1] > 0) {
    const rows = [];
    for (let i = 0; i < tokens.length; i += dims[1]) rows.push(tokens.slice(i, i + dims[1]).join(' '));
    return rows.join('/');
  }
  return tokens.join(' ');
}

function encode(value) {
  return encodeURIComponent(value).replace(/%2F/g, '/').replace(/%2C/g, ',').replace(/%3A/g, ':');
}

function writeHash() {
  const hash = `#board=${encode(state.show.board)}&from=${encode(state.start.join(','))}`
    + `&to=${encode(state.goal.join(','))}${$('optimal').checked ? '&optimal=1' : ''}`
    + `${$('mtm').checked ? '&metric=mtm' : ''}`;
  if (location.hash !== hash) history.replaceState(null, '', hash);
}

function readHash() {
  const params = new URLSearchParams(location.hash.slice(1));
  $('board').value = params.get('board') || '3x3';
  $('from').value = params.get('from') || '';
  $('to').value = params.get('to') || '';
  $('optimal').checked = params.get('optimal') === '1';
  $('mtm').checked = params.get('metric') === 'mtm';
}

// ---- loading a board and arrangements ---------------------------------

/** Loads what the inputs say (one load at a time); whether it worked. */
function load(options) {
  state.loading = state.loading.then(() => loadNow(options)).catch((error) => {
    failed(String(error));
    return false;
  });
  return state.loading;
}

/**
 * Waits for loads under way, then loads the inputs if they say something
 * else than what is drawn (typed, but not yet entered); whether the
 * board drawn is the one typed. `withFrom: false` is for work that
 * replaces "from" (Random, Scramble): what is typed there, even a bad
 * arrangement, is not looked at.
 */
async function loaded({ withFrom = true } = {}) {
  await state.loading;
  const sameBoard = state.show && $('board').value.trim() === state.show.board
    && $('to').value.trim() === text(state.goal);
  // What is drawn is what is typed (even after a refused load, once the
  // fields were set again), or all but a "from" about to be replaced.
  if (sameBoard && (!withFrom || $('from').value.trim() === text(state.start))) return true;
  if (!withFrom) $('from').value = '';
  return load();
}

/**
 * Draws the board typed, with the arrangements typed: when the board
 * changed and they do not fit it, with the goal on the board instead.
 */
async function loadNow({ resetArrangements = false } = {}) {
  stop();
  const spec = $('board').value.trim();
  const fromText = $('from').value.trim();
  const toText = $('to').value.trim();
  const changed = !state.show || state.show.board !== spec;
  let show;
  let note = '';
  try {
    const request = { board: spec };
    if (!resetArrangements && toText) request.to = toText;
    if (!resetArrangements && fromText) request.from = fromText;
    try {
      show = await api('/api/show', request);
    } catch (error) {
      if (!changed || resetArrangements || (!fromText && !toText)) throw error;
      show = await api('/api/show', { board: spec });
      note = `${error.message}: the goal is on the board instead`;
    }
  } catch (error) {
    failed(error.message);
    return false;
  }
  markInvalid();
  message(note, 'note');
  const relaid = !state.show || JSON.stringify(state.show.positions) !== JSON.stringify(show.positions)
    || state.show.board !== show.board;
  state.show = show;
  state.goal = show.to;
  state.start = show.from || show.to.slice();
  state.current = state.start.slice();
  state.solution = null;
  if (relaid) view.setLayout(show);
  view.setTokens(state.current, state.goal);
  state.byHand = 0;
  $('board').value = show.board;
  $('from').value = text(state.start);
  $('to').value = text(state.goal);
  // The preset list names the board while it is the one drawn, however
  // it came (a preset, the URL, the default, typed).
  if (state.presetBoard !== show.board) {
    const preset = presetOf(show.board);
    state.presetBoard = preset ? show.board : null;
    $('preset').value = preset;
  }
  clearVerdict();
  showSolution();
  writeHash();
  return true;
}

/** Sets the start (and the board drawn) to `tokens`, dropping any solution. */
function setStart(tokens) {
  stop();
  state.byHand = 0;
  message();
  markInvalid();
  state.start = tokens.slice();
  state.current = tokens.slice();
  state.solution = null;
  view.setTokens(state.current, state.goal);
  $('from').value = text(state.start);
  clearVerdict();
  showSolution();
  writeHash();
}

// ---- playing by hand ---------------------------------------------------

/** A click on the tile on `cell`: it slides when the blank is next to it. */
function clickTile(cell) {
  const blank = state.current.indexOf(0);
  if (blank < 0 || !view.neighboursOf(cell).includes(blank)) return;
  moveByHand(cell, blank);
}

function moveByHand(from, to) {
  stop();
  view.slide(from, to);
  const tokens = state.current;
  [tokens[from], tokens[to]] = [tokens[to], tokens[from]];
  state.start = tokens.slice();
  state.solution = null;
  state.byHand += 1;
  $('from').value = text(state.start);
  clearVerdict();
  showSolution();
  writeHash();
  if (sameTokens(tokens, state.goal)) {
    const n = state.byHand;
    message(`solved, by hand, in ${n} ${n === 1 ? 'move' : 'moves'}!`, 'solved');
    $('puzzle').classList.add('solved');
  } else if ($('message').classList.contains('solved')) {
    message();
  }
}

function sameTokens(a, b) {
  return a.length === b.length && a.every((token, i) => token === b[i]);
}

/** Arrow keys on 2-D boards: the tile beside the blank slides that way. */
function arrowKey(event) {
  if (!state.show || !state.show.two_d || event.target.closest('input, select, textarea')) return;
  const step = { ArrowLeft: [1, 0], ArrowRight: [-1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] }[event.key];
  if (!step) return;
  event.preventDefault();
  const blank = state.current.indexOf(0);
  if (blank < 0) return;
  const [col, row] = view.colRow(blank);
  const tile = view.cellAt(col + step[0], row + step[1]);
  if (tile !== undefined) moveByHand(tile, blank);
}

// ---- check -------------------------------------------------------------

function clearVerdict() {
  $('verdict').textContent = '';
  $('verdict').className = 'verdict';
  $('puzzle').classList.remove('solved');
  view.highlight();
}

async function check() {
  if (!(await loaded())) return;
  try {
    const answer = await api('/api/reach', { board: state.show.board, from: state.current, to: state.goal });
    $('verdict').textContent = answer.reachable ? 'reachable' : `unreachable: ${answer.reason}`;
    $('verdict').className = `verdict ${answer.reachable ? 'yes' : 'no'}`;
    $('verdict').dataset.kind = answer.kind || '';
    view.highlight(answer.cells);
    message();
  } catch (error) {
    message(error.message);
  }
}

// ---- solve -------------------------------------------------------------

async function solve() {
  if (state.solving || !(await loaded())) return;
  stop();
  const controller = new AbortController();
  state.solving = controller;
  // The answer shown was for a question asked before: not this one's.
  state.solution = null;
  showSolution();
  clearVerdict();
  message();
  $('solve').disabled = true;
  $('stop').hidden = false;
  $('solve-info').textContent = 'solving…';
  const progress = new EventSource('/api/progress');
  progress.addEventListener('progress', (event) => showProgress(JSON.parse(event.data)));
  try {
    const request = {
      board: state.show.board, from: state.current, to: state.goal, optimal: $('optimal').checked,
      metric: $('mtm').checked ? 'mtm' : 'stm',
    };
    const answer = await api('/api/solve', request, controller.signal);
    message();
    if (!answer.reachable) {
      $('solve-info').textContent = 'no solution';
      await check();
      return;
    }
    state.start = state.current.slice();
    state.solution = { moves: answer.moves, index: 0, answer };
    $('from').value = text(state.start);
    writeHash();
    showSolution();
  } catch (error) {
    $('solve-info').textContent = '';
    message(error.name === 'AbortError' ? 'stopped' : error.message, error.name === 'AbortError' ? 'note' : 'error');
  } finally {
    progress.close();
    showProgress({ building: [] });
    state.solving = null;
    $('solve').disabled = false;
    $('stop').hidden = true;
  }
}

/**
 * A table build's bar, and before a long one what it costs (the same
 * figures as the command line's notice) and how to stop it.
 */
function showProgress({ building }) {
  const shown = building && building.length > 0;
  $('progress').hidden = !shown;
  const long = shown && building.find((b) => b.seconds !== undefined);
  $('notice').hidden = !long;
  if (long) {
    $('notice').textContent = `First, a table of ${long.total.toLocaleString('en')} entries is built: `
      + `about ${long.seconds} s, ${long.megabytes} MB of memory and at most as much disk, once (it is kept). `
      + 'Stop ends it; without "shortest" the answer needs no table.';
  }
  if (!shown) return;
  const { table, done, total } = building[0];
  $('progress').querySelector('progress').value = total ? done / total : 0;
  $('progress').querySelector('span').textContent =
    `building table ${table}: ${Math.floor((100 * done) / Math.max(total, 1))}%`;
}

/** A move as written: the direction the tile moves on 2-D boards, else "from-to". */
function moveName([from, to]) {
  if (state.show.two_d) {
    const [[c1, r1], [c2, r2]] = [view.colRow(from), view.colRow(to)];
    if (c2 > c1) return 'R';
    if (c2 < c1) return 'L';
    return r2 > r1 ? 'D' : 'U';
  }
  return `${from}-${to}`;
}

/** The solution's count, list and details (or none). */
function showSolution() {
  const list = $('move-list');
  list.replaceChildren();
  const solution = state.solution;
  $('moves').textContent = solution ? String(solution.moves.length) : '';
  $('moves-unit').textContent = solution ? (solution.moves.length === 1 ? 'move' : 'moves') : '';
  $('save-animation').disabled = !solution;
  if (!solution) {
    $('solve-info').textContent = '';
    return;
  }
  const a = solution.answer;
  // The quality in the metric asked for: what optimal and lower_bound count.
  const multi = a.metric === 'mtm';
  const [count, best] = multi ? [a.mtm, 'the fewest multi-tile moves'] : [a.length, 'the shortest'];
  const near = a.lower_bound ? `at most ${(count / a.lower_bound).toFixed(2)}× ${best}` : 'constructive';
  const details = [a.optimal ? (multi ? best : 'shortest') : near];
  if (a.mtm !== undefined) details.push(`${a.mtm} in multi-tile moves`);
  if (a.nodes) details.push(`${a.nodes.toLocaleString('en')} nodes`);
  details.push(`${a.seconds.toFixed(3)} s`);
  $('solve-info').textContent = details.join(', ');
  solution.moves.slice(0, LISTED).forEach((m, i) => {
    const item = document.createElement('li');
    item.textContent = moveName(m);
    item.dataset.index = String(i);
    list.append(item);
  });
  if (solution.moves.length > LISTED) {
    const more = document.createElement('li');
    more.className = 'more';
    more.textContent = `… ${solution.moves.length - LISTED} more`;
    list.append(more);
  }
  markCurrent();
}

/** Highlights the move last played in the list. */
function markCurrent() {
  const list = $('move-list');
  const old = list.querySelector('.current');
  if (old) old.classList.remove('current');
  const solution = state.solution;
  const done = solution ? solution.index : 0;
  $('play').textContent = state.timer ? '❚❚ Pause' : '▶ Play';
  if (!solution || done === 0) return;
  const item = list.children[done - 1];
  if (item && !item.classList.contains('more')) {
    item.classList.add('current');
    item.scrollIntoView({ block: 'nearest' });
  }
}

// ---- the player --------------------------------------------------------

function stepForward() {
  const s = state.solution;
  if (!s || s.index >= s.moves.length) return false;
  const [from, to] = s.moves[s.index];
  view.slide(from, to);
  [state.current[from], state.current[to]] = [state.current[to], state.current[from]];
  s.index += 1;
  markCurrent();
  return true;
}

function stepBack() {
  const s = state.solution;
  if (!s || s.index === 0) return;
  s.index -= 1;
  const [from, to] = s.moves[s.index];
  view.slide(to, from);
  [state.current[from], state.current[to]] = [state.current[to], state.current[from]];
  markCurrent();
}

/** Shows the arrangement after the first `index` moves, without sliding. */
function jump(index) {
  const s = state.solution;
  if (!s) return;
  stop();
  const tokens = state.start.slice();
  for (const [from, to] of s.moves.slice(0, index)) [tokens[from], tokens[to]] = [tokens[to], tokens[from]];
  state.current = tokens;
  s.index = index;
  view.setTokens(tokens, state.goal);
  markCurrent();
}

function speed() {
  return Number($('speed').value); // moves a second
}

function play() {
  const s = state.solution;
  if (!s) return;
  if (state.timer) {
    stop();
    return;
  }
  if (s.index >= s.moves.length) jump(0);
  const tick = () => {
    if (!stepForward() || s.index >= s.moves.length) {
      stop();
      return;
    }
    state.timer = setTimeout(tick, 1000 / speed());
  };
  state.timer = setTimeout(tick, 0);
  markCurrent();
}

function stop() {
  if (state.timer) clearTimeout(state.timer);
  state.timer = null;
  if (state.solution) markCurrent();
  else $('play').textContent = '▶ Play';
}

function slideTime() {
  view.setSlideTime(Math.round(Math.min(220, 800 / speed())));
}

// ---- random arrangements -------------------------------------------------

async function generate(moves) {
  if (!(await loaded({ withFrom: false }))) return;
  try {
    const request = { board: state.show.board, to: state.goal };
    if (moves !== undefined) request.moves = moves;
    const answer = await api('/api/gen', request);
    setStart(answer.from);
    message();
  } catch (error) {
    message(error.message);
  }
}

// ---- pictures to keep ------------------------------------------------------

/**
 * Saves the board as drawn (or, with `animated`, the solution played
 * from its start) as an SVG file: the server draws it, the page hands it
 * to the browser as a download.
 */
async function save(animated) {
  if (!(await loaded())) return;
  const request = { board: state.show.board, to: state.goal };
  if (animated && state.solution) {
    request.from = state.start;
    request.moves = state.solution.moves;
  } else {
    request.from = state.current;
  }
  try {
    const answer = await api('/api/svg', request);
    const link = $('download');
    if (link.href) URL.revokeObjectURL(link.href);
    // Kept on the link too: the page's policy lets nothing fetch a blob:
    // URL, so that the browser tests read the file from here.
    link.file = new Blob([answer.svg], { type: 'image/svg+xml' });
    link.href = URL.createObjectURL(link.file);
    link.download = animated ? 'npuzzle-solution.svg' : 'npuzzle-board.svg';
    link.click();
    message();
  } catch (error) {
    message(error.message);
  }
}

/** The preset list's entry for a board spec, or '' when it has none. */
function presetOf(board) {
  const aliases = { '3x3': '8-puzzle', '4x4': '15-puzzle', '5x5': '24-puzzle' };
  const name = aliases[board] || board;
  const listed = [...$('preset').options].some((o) => o.value === name && !name.endsWith('…'));
  return listed ? name : '';
}

// ---- wiring --------------------------------------------------------------

$('preset').addEventListener('change', async () => {
  const choice = $('preset').value;
  if (choice === 'mask…') {
    $('preset').value = '';
    mask.open($('board').value.trim());
    return;
  }
  mask.close();
  if (choice === 'graph…') {
    $('preset').value = '';
    $('board').value = 'graph:8:0-1,1-2,2-3,3-0,3-4,4-5,5-6,6-7,7-4,1-6';
    $('board').focus();
  } else if (choice) {
    $('board').value = choice;
  } else {
    return;
  }
  // The preset stays chosen while its board is drawn.
  state.presetBoard = null;
  const ok = await load({ resetArrangements: true });
  if (ok && choice !== 'graph…') {
    state.presetBoard = state.show.board;
    $('preset').value = choice;
  }
});
$('board').addEventListener('change', () => load());
$('load').addEventListener('click', () => load());
$('from').addEventListener('change', () => load());
$('to').addEventListener('change', () => load());
// Enter in an arrangement loads it (a new line is not part of one).
for (const id of ['from', 'to']) {
  $(id).addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' || event.shiftKey) return;
    event.preventDefault();
    load();
  });
}
$('save-picture').addEventListener('click', () => save(false));
$('save-animation').addEventListener('click', () => save(true));
$('gen').addEventListener('click', () => generate());
$('scramble').addEventListener('click', () => generate(Math.max(0, Number($('scramble-moves').value) || 0)));
$('solved').addEventListener('click', () => setStart(state.goal));
$('check').addEventListener('click', check);
$('solve').addEventListener('click', solve);
$('stop').addEventListener('click', () => state.solving && state.solving.abort());
$('optimal').addEventListener('change', () => state.show && writeHash());
$('mtm').addEventListener('change', () => state.show && writeHash());
$('play').addEventListener('click', play);
$('step').addEventListener('click', () => { stop(); stepForward(); });
$('back').addEventListener('click', () => { stop(); stepBack(); });
$('rewind').addEventListener('click', () => jump(0));
$('speed').addEventListener('input', slideTime);
$('move-list').addEventListener('click', (event) => {
  const item = event.target.closest('li[data-index]');
  if (item) jump(Number(item.dataset.index) + 1);
});
document.addEventListener('keydown', arrowKey);
window.addEventListener('hashchange', () => {
  readHash();
  load();
});

readHash();
slideTime();
load().then(() => document.body.classList.add('ready'));
