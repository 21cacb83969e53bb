//! The pictures people keep, in a real browser: the page's "Save
//! picture" and "Save animation" give SVG files; the picture draws every
//! tile, and the animation, stopped near its end, has every tile on its
//! goal cell (SMIL, no script: the same file plays in an `<img>`).

use serde_json::{Value, json};

/// The SVG file the page last handed out, as text.
async fn downloaded(page: &crate::page::Page) -> String {
    page.wait_for("document.querySelector('[data-testid=download]').href.startsWith('blob:')")
        .await;
    let text = page
        .js("return document.querySelector('[data-testid=download]').file.text()")
        .await;
    text.as_str().unwrap().to_string()
}

/// Each tile's token and its place (the translation of its group), in
/// `svg` drawn inline in the page, at `seconds` into its animation.
async fn tiles_at(page: &crate::page::Page, svg: &str, seconds: f64) -> Value {
    let script = format!(
        "const holder = document.createElement('div'); holder.className = 'kept'; \
         holder.innerHTML = {svg}; document.body.append(holder); \
         const svg = holder.querySelector('svg'); svg.pauseAnimations(); svg.setCurrentTime({seconds}); \
         const places = [...svg.querySelectorAll('.tile')].map(t => {{ \
           const m = t.getCTM(); \
           return [Number(t.dataset.token), Math.round(m.e), Math.round(m.f)]; }}) \
           .sort((a, b) => a[0] - b[0]); \
         holder.remove(); return places;",
        svg = serde_json::to_string(svg).unwrap()
    );
    page.js(&script).await
}

/// The length of an animation, from its `dur`.
fn duration(svg: &str) -> f64 {
    let rest = svg.split("dur=\"").nth(1).expect("an animation");
    rest.split('s').next().unwrap().parse().unwrap()
}

#[tokio::test]
async fn the_picture_and_the_animation_are_saved_and_play_to_the_goal() {
    with_page!(|page| {
        page.goto("board=3x3&from=8,2,0/4,6,1/3,7,5").await;
        page.click("save-picture").await;
        let picture = downloaded(&page).await;
        assert!(picture.starts_with("<svg"), "{picture}");
        let name = page
            .js("return document.querySelector('[data-testid=download]').download")
            .await;
        assert_eq!(name, json!("npuzzle-board.svg"));
        let start = tiles_at(&page, &picture, 0.0).await;
        assert_eq!(start.as_array().unwrap().len(), 8);

        page.click("solve").await;
        page.wait_for("!document.querySelector('[data-testid=save-animation]').disabled")
            .await;
        page.click("save-animation").await;
        page.wait_for(
            "document.querySelector('[data-testid=download]').download === 'npuzzle-solution.svg'",
        )
        .await;
        let film = downloaded(&page).await;
        assert!(film.contains("<desc>24 moves"), "{film}");
        // At the start the tiles stand where the picture has them; near
        // the end, where the solved board's picture has them.
        assert_eq!(tiles_at(&page, &film, 0.0).await, start);
        let goal = page
            .js(
                "return fetch('/api/svg', {method: 'POST', headers: {'Content-Type': 'application/json'}, \
                 body: JSON.stringify({board: '3x3', from: '1 2 3/4 5 6/7 8 0'})}).then(r => r.json()).then(a => a.svg)",
            )
            .await;
        let goal = tiles_at(&page, goal.as_str().unwrap(), 0.0).await;
        let end = tiles_at(&page, &film, duration(&film) - 0.5).await;
        assert_eq!(end, goal);
        assert_ne!(end, start);
    });
}

#[tokio::test]
async fn pictures_of_boards_with_holes_layers_and_graphs_draw_every_cell() {
    with_page!(|page| {
        page.goto("board=3x3").await;
        for (board, cells) in [("hdu4021", 24), ("2x3x4", 24), ("theta0", 7)] {
            let counts = page
                .js(&format!(
                    "return fetch('/api/svg', {{method: 'POST', headers: {{'Content-Type': 'application/json'}}, \
                     body: JSON.stringify({{board: '{board}'}})}}).then(r => r.json()).then(a => {{ \
                       const holder = document.createElement('div'); holder.innerHTML = a.svg; \
                       document.body.append(holder); \
                       const drawn = [...holder.querySelectorAll('.cell')] \
                         .filter(c => c.getBoundingClientRect().width > 0).length; \
                       holder.remove(); return drawn; }})"
                ))
                .await;
            assert_eq!(counts, json!(cells), "{board}");
        }
    });
}
