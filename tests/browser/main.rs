//! The page of `npuzzle serve` in a real headless Chromium, driven by
//! WebDriver (chromedriver): a shared URL loads, check and its reason,
//! solve and play to the goal, tiles moved by clicks and arrow keys, a
//! board with holes and the mask editor, a graph.
//!
//! Skipped, with the reason printed, when `chromium` or `chromedriver`
//! is not on the PATH (Debian: `apt-get install chromium
//! chromium-driver`; `CHROME` and `CHROMEDRIVER` name others), unless
//! `NPUZZLE_BROWSER_TESTS=require`, which makes that a failure (CI sets
//! it). `cargo test --test browser -- --ignored screenshots` writes the
//! README's screenshots into `docs/`.

#[path = "../support/mod.rs"]
mod support;
#[macro_use]
mod page;
mod first_minutes;
mod pictures;

use std::time::{Duration, Instant};

use fantoccini::Locator;
use serde_json::json;

/// The page's query for the 24-cell board with dead ends, solved but for
/// tiles 1 and 2 swapped in the target (an unreachable pair).
fn hdu4021_two_swapped() -> String {
    let from: Vec<String> = (1..24).chain([0]).map(|t| t.to_string()).collect();
    let to: Vec<String> = [2, 1]
        .into_iter()
        .chain(3..24)
        .chain([0])
        .map(|t: u32| t.to_string())
        .collect();
    format!("board=hdu4021&from={}&to={}", from.join(","), to.join(","))
}

#[tokio::test]
async fn a_shared_url_loads_and_check_gives_the_reason_with_its_cells() {
    with_page!(|page| {
        page.goto("board=3x3&from=8,2,0/4,6,1/3,7,5").await;
        assert_eq!(page.value("board").await, "3x3");
        // A board from the URL is named in the preset list.
        assert_eq!(page.value("preset").await, "8-puzzle");
        assert_eq!(page.value("from").await, "8 2 0/4 6 1/3 7 5");
        assert_eq!(page.value("to").await, "1 2 3/4 5 6/7 8 0");
        let tiles = page.tiles().await;
        assert_eq!(tiles.len(), 8);
        assert_eq!(tiles[0], (0, 8, false));
        assert_eq!(tiles[4], (5, 1, false));
        assert!(
            tiles
                .iter()
                .any(|&(cell, token, home)| (cell, token, home) == (3, 4, true))
        );
        page.click("check").await;
        page.wait_for("document.querySelector('[data-testid=verdict]').textContent !== ''")
            .await;
        assert_eq!(page.text("verdict").await, "reachable");
        // A new shared URL in the same page: tiles 1 and 2 swapped.
        page.goto("board=3x3&from=2,1,3/4,5,6/7,8,0").await;
        page.wait_for("document.querySelector('[data-testid=from]').value === '2 1 3/4 5 6/7 8 0'")
            .await;
        page.click("check").await;
        page.wait_for("document.querySelector('[data-testid=verdict]').textContent !== ''")
            .await;
        assert_eq!(
            page.text("verdict").await,
            "unreachable: permutation parity odd, blank distance 0 (even)"
        );
        let named = page
            .js("return [...document.querySelectorAll('.slot.named')].map(s => s.dataset.slot)")
            .await;
        assert_eq!(
            named,
            json!(["0", "1", "8"]),
            "the two tiles out of place and the blank's cell are named"
        );
        // Typed (or pasted) and checked at once: the check is of what was typed.
        let from = page.hook("from").await;
        page.js("document.querySelector('[data-testid=from]').value = ''")
            .await;
        from.send_keys("1 2 3/4 5 6/7 0 8").await.unwrap();
        page.click("check").await;
        page.wait_for(
            "document.querySelector('[data-testid=verdict]').textContent === 'reachable'",
        )
        .await;
        assert!(
            page.tiles().await.contains(&(8, 8, false)),
            "tile 8 drawn on cell 8, off its goal"
        );
        // Bad input: the library's words, and the board stays as it was.
        page.js("document.querySelector('[data-testid=from]').value = '1 2 3/4 5 6/7 0 y'")
            .await;
        page.click("check").await;
        page.wait_for("document.querySelector('[data-testid=message]').textContent !== ''")
            .await;
        let said = page.text("message").await;
        assert!(said.starts_with("from: ") && said.contains("'y'"), "{said}");
        assert_eq!(page.tiles().await.len(), 8);
    });
}

#[tokio::test]
async fn the_multi_tile_box_asks_for_the_fewest_multi_tile_moves() {
    with_page!(|page| {
        page.goto("board=3x3&from=8,2,0/4,6,1/3,7,5").await;
        page.click("mtm").await;
        assert!(page.hash().await.contains("metric=mtm"));
        page.click("solve").await;
        page.wait_for("document.querySelector('[data-testid=moves]').textContent !== ''")
            .await;
        let info = page.text("solve-info").await;
        assert!(
            info.starts_with("the fewest multi-tile moves, 18 in multi-tile moves"),
            "{info}"
        );
    });
}

#[tokio::test]
async fn solve_then_play_to_the_end_puts_every_tile_on_its_goal() {
    with_page!(|page| {
        page.goto("board=15-puzzle&from=5,1,2,3/9,6,7,4/13,10,11,8/0,14,15,12")
            .await;
        assert_eq!(page.value("board").await, "4x4");
        page.click("optimal").await;
        assert!(page.hash().await.contains("optimal=1"));
        page.click("solve").await;
        page.wait_for("document.querySelector('[data-testid=moves]').textContent !== ''")
            .await;
        assert_eq!(page.text("moves").await, "9");
        assert!(page.text("solve-info").await.starts_with("shortest"));
        let listed = page.js("return [...document.querySelectorAll('#move-list li')].map(li => li.textContent).join('')").await;
        assert_eq!(listed, "DDDLLLUUU");
        // One step: the first move is played and marked in the list.
        page.click("step").await;
        page.wait_for(
            "document.querySelector('#puzzle .tile[data-token=\"13\"]').dataset.cell === '12'",
        )
        .await;
        page.wait_for("document.querySelector('#move-list li.current')?.dataset.index === '0'")
            .await;
        page.click("step-back").await;
        page.wait_for("!document.querySelector('#move-list li.current')")
            .await;
        // Play to the end, fast.
        page.js(
            "const s = document.querySelector('[data-testid=speed]'); s.value = 40; \
                 s.dispatchEvent(new Event('input'))",
        )
        .await;
        page.click("play").await;
        page.wait_for("document.querySelector('#move-list li.current')?.dataset.index === '8'")
            .await;
        let tiles = page.tiles().await;
        assert_eq!(tiles.len(), 15);
        for (cell, token, home) in tiles {
            assert_eq!((token, home), (cell + 1, true), "tile on cell {cell}");
        }
        assert!(
            page.text("play").await.contains("Play"),
            "stopped at the end"
        );
    });
}

#[tokio::test]
async fn a_4x5_board_gets_a_near_shortest_answer_that_says_how_near() {
    with_page!(|page| {
        // Its tables (about two seconds) are built on the first solve,
        // and the answer takes about six more on two cores (its end
        // searched again, shortest): more than the usual ten seconds on
        // a busy machine.
        page.goto("board=4x5&from=4,16,12,11,6/13,2,17,14,3/9,5,15,18,10/1,19,7,8,0")
            .await;
        page.click("solve").await;
        let answered = "document.querySelector('[data-testid=moves]').textContent !== ''";
        page.wait_for_within(answered, 30).await;
        // 78 is the shortest; the answer is within 1.5 of it, and says so.
        let moves: u64 = page.text("moves").await.parse().unwrap();
        assert!((78..=117).contains(&moves), "{moves}");
        let info = page.text("solve-info").await;
        assert!(info.starts_with("at most 1."), "{info}");
        assert!(info.contains("× the shortest"), "{info}");
    });
}

#[tokio::test]
async fn a_click_or_an_arrow_key_moves_a_tile_next_to_the_blank() {
    with_page!(|page| {
        page.goto("board=3x3").await;
        assert_eq!(page.value("from").await, "1 2 3/4 5 6/7 8 0");
        page.click_tile(0).await; // not next to the blank: nothing happens
        assert_eq!(page.value("from").await, "1 2 3/4 5 6/7 8 0");
        page.click_tile(7).await; // tile 8 slides right, into the blank
        page.wait_for(
            "document.querySelector('#puzzle .tile[data-token=\"8\"]').dataset.cell === '8'",
        )
        .await;
        assert_eq!(page.value("from").await, "1 2 3/4 5 6/7 0 8");
        assert!(
            page.hash().await.contains("from=1,2,3,4,5,6,7,0,8"),
            "{}",
            page.hash().await
        );
        let tile8 = page.tiles().await.into_iter().find(|t| t.1 == 8).unwrap();
        assert!(!tile8.2, "tile 8 is off its goal cell");
        // The arrow key: the tile right of the blank moves left.
        page.press('\u{e012}').await;
        page.wait_for(
            "document.querySelector('#puzzle .tile[data-token=\"8\"]').dataset.cell === '7'",
        )
        .await;
        assert_eq!(page.value("from").await, "1 2 3/4 5 6/7 8 0");
        page.press('\u{e015}').await; // down: the tile above the blank
        page.wait_for(
            "document.querySelector('#puzzle .tile[data-token=\"6\"]').dataset.cell === '8'",
        )
        .await;
    });
}

#[tokio::test]
async fn a_board_with_holes_is_drawn_checked_and_edited() {
    with_page!(|page| {
        page.goto(&hdu4021_two_swapped()).await;
        assert!(page.value("board").await.starts_with("mask:.#..#./"));
        let slots = page
            .js("return document.querySelectorAll('#puzzle .slot').length")
            .await;
        assert_eq!(slots, json!(24));
        assert_eq!(page.tiles().await.len(), 23);
        // Cell 0 is in the second column of the first row: a hole is left before it.
        let x0 = page
            .js("return Number(document.querySelector('.slot[data-slot=\"0\"]').getAttribute('x'))")
            .await;
        let x2 = page
            .js("return Number(document.querySelector('.slot[data-slot=\"2\"]').getAttribute('x'))")
            .await;
        assert!(x0.as_f64().unwrap() > x2.as_f64().unwrap());
        page.click("check").await;
        page.wait_for("document.querySelector('[data-testid=verdict]').textContent !== ''")
            .await;
        assert_eq!(
            page.text("verdict").await,
            "unreachable: token 2 is locked on dead-end cell 1"
        );
        let named = page
            .js("return [...document.querySelectorAll('.slot.named')].map(s => s.dataset.slot)")
            .await;
        assert_eq!(named, json!(["1"]));
        // The mask editor: a 3×3 board loses its centre cell.
        page.goto("board=3x3").await;
        page.hook("preset")
            .await
            .select_by_value("mask…")
            .await
            .unwrap();
        page.wait_for("!document.querySelector('[data-testid=mask-editor]').hidden")
            .await;
        page.client
            .find(Locator::Css("[data-mask='1,1']"))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
        page.wait_for("document.querySelector('[data-testid=board]').value === 'mask:###/#.#/###'")
            .await;
        page.wait_for("document.querySelectorAll('#puzzle .slot').length === 8")
            .await;
        assert_eq!(page.tiles().await.len(), 7);
        assert_eq!(page.value("from").await, "1 2 3 4 5 6 7 0");
        assert!(
            page.hash()
                .await
                .contains("board=mask:%23%23%23/%23.%23/%23%23%23"),
            "{}",
            page.hash().await
        );
    });
}

#[tokio::test]
async fn a_graph_is_drawn_with_its_edges_and_played_on() {
    with_page!(|page| {
        page.goto("board=theta0").await;
        assert_eq!(
            page.value("board").await,
            "graph:7:0-2,0-3,0-5,1-2,1-4,1-6,3-4,5-6"
        );
        let drawn = page
            .js(
                "return [document.querySelectorAll('#puzzle circle.slot').length, \
                 document.querySelectorAll('#puzzle .edges line').length]",
            )
            .await;
        assert_eq!(drawn, json!([7, 8]));
        // Cells are drawn apart (no two centres closer than most of a cell).
        let spread = page
            .js("const c = [...document.querySelectorAll('#puzzle circle.slot')].map(s => \
                 [Number(s.getAttribute('cx')), Number(s.getAttribute('cy')), Number(s.getAttribute('r'))]); \
                 let least = Infinity; for (const a of c) for (const b of c) if (a !== b) \
                 least = Math.min(least, Math.hypot(a[0] - b[0], a[1] - b[1]) / a[2]); return least")
            .await;
        assert!(spread.as_f64().unwrap() > 1.8, "{spread}");
        // The blank is on cell 6, next to cells 1 and 5: tile 6 on cell 5 slides in.
        page.click_tile(5).await;
        page.wait_for(
            "document.querySelector('#puzzle .tile[data-token=\"6\"]').dataset.cell === '6'",
        )
        .await;
        assert_eq!(page.value("from").await, "1 2 3 4 5 0 6");
        page.click("check").await;
        page.wait_for(
            "document.querySelector('[data-testid=verdict]').textContent === 'reachable'",
        )
        .await;
    });
}

#[tokio::test]
async fn a_box_of_three_dimensions_is_drawn_as_layers_and_played_across_them() {
    with_page!(|page| {
        page.goto("board=2x3x4").await;
        let labels = page.js("return [...document.querySelectorAll('#puzzle .labels text')].map(t => t.textContent)").await;
        assert_eq!(labels, json!(["layer 0", "layer 1"]));
        assert_eq!(page.tiles().await.len(), 23);
        // The blank is on cell 23 (layer 1, last row and column); cell 11,
        // the same place in layer 0, is next to it: its tile crosses over.
        page.click_tile(11).await;
        page.wait_for(
            "document.querySelector('#puzzle .tile[data-token=\"12\"]').dataset.cell === '23'",
        )
        .await;
        let from = page.value("from").await;
        assert!(
            from.ends_with("11 0 13 14 15 16 17 18 19 20 21 22 23 12"),
            "{from}"
        );
    });
}

#[tokio::test]
async fn stop_hangs_up_and_the_server_stops_the_search() {
    // Manhattan distance only: Korf's first 15-puzzle takes far longer than this test.
    with_page!(server = ["--pattern-tiles", "0"], |page| {
        page.goto("board=4x4&from=14,13,15,7/11,12,9,5/6,0,2,1/4,8,10,3&to=0,1,2,3/4,5,6,7/8,9,10,11/12,13,14,15&optimal=1")
            .await;
        page.click("solve").await;
        page.wait_for("!document.querySelector('[data-testid=stop]').hidden")
            .await;
        let started = Instant::now();
        while page.server.searches() == 0 {
            assert!(
                started.elapsed() < Duration::from_secs(5),
                "the search never started"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        page.click("stop").await;
        page.wait_for("document.querySelector('[data-testid=message]').textContent === 'stopped'")
            .await;
        let stopped = Instant::now();
        while page.server.searches() > 0 {
            assert!(
                stopped.elapsed() < Duration::from_secs(5),
                "the search goes on"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        assert_eq!(page.text("moves").await, "");
        let disabled = page.hook("solve").await.prop("disabled").await.unwrap();
        assert_eq!(
            disabled.as_deref(),
            Some("false"),
            "Solve can be pressed again"
        );
    });
}

/// The guide's screenshots: the 15-puzzle being solved, a board with
/// holes and its reason, and the SVG files of `docs/` as Chromium draws
/// them. Run by hand; writes `docs/serve-*.png` and `docs/*-svg.png`.
#[tokio::test]
#[ignore]
async fn screenshots() {
    with_page!(|page| {
        let docs = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs");
        std::fs::create_dir_all(&docs).unwrap();
        page.goto("board=15-puzzle&from=3,14,9,11/5,4,8,2/13,12,6,7/10,1,15,0&to=0,1,2,3/4,5,6,7/8,9,10,11/12,13,14,15&optimal=1").await;
        page.click("solve").await;
        page.wait_for("document.querySelector('[data-testid=moves]').textContent !== ''")
            .await;
        page.js("const list = document.querySelectorAll('#move-list li'); list[29].click()")
            .await;
        tokio::time::sleep(Duration::from_millis(400)).await;
        std::fs::write(
            docs.join("serve-15.png"),
            page.client.screenshot().await.unwrap(),
        )
        .unwrap();
        page.goto(&hdu4021_two_swapped()).await;
        page.click("check").await;
        page.wait_for("document.querySelector('[data-testid=verdict]').textContent !== ''")
            .await;
        tokio::time::sleep(Duration::from_millis(300)).await;
        std::fs::write(
            docs.join("serve-holes.png"),
            page.client.screenshot().await.unwrap(),
        )
        .unwrap();
        // The SVG files of docs/ (written by `show --svg` and `solve
        // --svg`), drawn by the browser: the picture, and the animation
        // stopped halfway.
        for (file, seconds) in [("board.svg", 0.0), ("solution.svg", 2.8)] {
            let svg = std::fs::read_to_string(docs.join(file)).unwrap();
            page.js(&format!(
                "const holder = document.createElement('div'); holder.id = 'kept'; \
                 holder.style = 'position: fixed; inset: 0; background: white; padding: 16px; z-index: 9'; \
                 holder.innerHTML = {}; document.body.append(holder); \
                 const svg = holder.querySelector('svg'); svg.pauseAnimations(); svg.setCurrentTime({seconds});",
                serde_json::to_string(&svg).unwrap()
            ))
            .await;
            tokio::time::sleep(Duration::from_millis(200)).await;
            let shot = page
                .client
                .find(Locator::Css("#kept svg"))
                .await
                .unwrap()
                .screenshot()
                .await
                .unwrap();
            let png = file.replace(".svg", "-svg.png");
            std::fs::write(docs.join(png), shot).unwrap();
            page.js("document.getElementById('kept').remove()").await;
        }
    });
}
