//! What a newcomer met on the page, made right: a bad arrangement no
//! longer locks the page, fields show whole arrangements, the preset
//! list keeps its choice, solving by hand has its moment, an answer
//! from before never stays beside a new question, a long table build is
//! announced with its cost, and a phone shows the board first.

use serde_json::json;

#[tokio::test]
async fn a_bad_arrangement_is_named_and_random_scramble_and_solve_still_work() {
    with_page!(|page| {
        page.goto("board=15-puzzle&from=2,1,3,4/5,6,7,8/9,10,11,12/13,14,15,0")
            .await;
        page.click("check").await;
        page.wait_for(
            "document.querySelector('[data-testid=verdict]').textContent.startsWith('unreachable')",
        )
        .await;
        // Typed with a tile missing, and entered.
        let from = page.hook("from").await;
        page.js("document.querySelector('[data-testid=from]').value = ''")
            .await;
        from.send_keys("1 2 3 4/5 6 7 8/9 10 11 12/13 15 14\u{e007}")
            .await
            .unwrap();
        page.wait_for(
            "document.querySelector('[data-testid=message]').textContent.startsWith('from:')",
        )
        .await;
        // The old verdict is gone, and the field it is about is marked.
        assert_eq!(page.text("verdict").await, "");
        assert_eq!(page.text("solve-info").await, "");
        let invalid = page
            .js("return document.querySelector('[data-testid=from]').getAttribute('aria-invalid')")
            .await;
        assert_eq!(invalid, json!("true"));
        // Random replaces what was typed: it works, and clears the mark.
        page.click("gen").await;
        page.wait_for("document.querySelector('[data-testid=message]').textContent === ''")
            .await;
        let drawn = page.value("from").await;
        assert_eq!(drawn.split(['/', ' ']).count(), 16, "{drawn}");
        let invalid = page
            .js("return document.querySelector('[data-testid=from]').hasAttribute('aria-invalid')")
            .await;
        assert_eq!(invalid, json!(false));
        // Typed bad again: Scramble works too, and then Solve.
        page.js("document.querySelector('[data-testid=from]').value = '1 2 3'")
            .await;
        page.click("scramble").await;
        page.wait_for(
            "document.querySelector('[data-testid=from]').value.split(/[ \\/]/).length === 16",
        )
        .await;
        page.click("solve").await;
        page.wait_for("document.querySelector('[data-testid=moves]').textContent !== ''")
            .await;
        assert_eq!(page.text("message").await, "");
    });
}

#[tokio::test]
async fn fields_hold_whole_arrangements_and_the_preset_stays_chosen() {
    with_page!(|page| {
        page.goto("board=3x3").await;
        page.js(
            "const p = document.querySelector('[data-testid=preset]'); p.value = '24-puzzle'; \
             p.dispatchEvent(new Event('change'))",
        )
        .await;
        page.wait_for("document.querySelector('[data-testid=board]').value === '5x5'")
            .await;
        assert_eq!(page.value("preset").await, "24-puzzle");
        // Buttons keep their label on one line ("Goal" wrapped at 1280 px).
        let wrap = page
            .js("return getComputedStyle(document.querySelector('[data-testid=solved]')).whiteSpace")
            .await;
        assert_eq!(wrap, json!("nowrap"));
        // 64 letters, all in view: nothing cut, nothing to scroll.
        let fits = page
            .js(
                "return ['from', 'to'].map(id => { \
                   const f = document.querySelector(`[data-testid=${id}]`); \
                   return [f.value.length, f.scrollWidth <= f.clientWidth && f.scrollHeight <= f.clientHeight + 1]; })",
            )
            .await;
        assert_eq!(fits, json!([[64, true], [64, true]]));
        // Another board typed: the list no longer names one.
        page.js(
            "const b = document.querySelector('[data-testid=board]'); b.value = '3x4'; \
             b.dispatchEvent(new Event('change'))",
        )
        .await;
        page.wait_for("document.querySelectorAll('#puzzle .tile').length === 11")
            .await;
        assert_eq!(page.value("preset").await, "");
    });
}

#[tokio::test]
async fn solving_by_hand_has_its_moment() {
    with_page!(|page| {
        page.goto("board=3x3&from=1,2,3/4,5,6/0,7,8").await;
        page.click_tile(7).await;
        assert_eq!(page.text("message").await, "");
        page.click_tile(8).await;
        page.wait_for("document.querySelector('[data-testid=message]').textContent !== ''")
            .await;
        assert_eq!(page.text("message").await, "solved, by hand, in 2 moves!");
        let glow = page
            .js("return document.querySelector('#puzzle').classList.contains('solved')")
            .await;
        assert_eq!(glow, json!(true));
        // One more move and it is no longer solved.
        page.click_tile(5).await;
        page.wait_for("document.querySelector('[data-testid=message]').textContent === ''")
            .await;
    });
}

#[tokio::test]
async fn a_new_solve_clears_the_old_answer_before_it_gives_its_own() {
    with_page!(|page| {
        page.goto("board=4x4&from=5,1,2,3/9,6,7,4/13,10,11,8/0,14,15,12&to=1,2,3,4/5,6,7,8/9,10,11,12/13,14,15,0")
            .await;
        // Every text the count shows, as it changes.
        page.js(
            "window.seen = []; \
             new MutationObserver(() => window.seen.push(document.querySelector('[data-testid=moves]').textContent)) \
               .observe(document.querySelector('[data-testid=moves]'), { childList: true, subtree: true, characterData: true });",
        )
        .await;
        for optimal in [false, true] {
            if optimal {
                page.click("optimal").await;
            }
            page.click("solve").await;
            page.wait_for(
                "document.querySelector('[data-testid=moves]').textContent !== '' \
                           && !document.querySelector('[data-testid=solve]').disabled",
            )
            .await;
        }
        assert_eq!(page.js("return window.seen").await, json!(["9", "", "9"]));
    });
}

#[tokio::test]
async fn a_long_table_build_is_announced_with_its_cost_and_stop() {
    // Six-tile tables of 3×6: 13.4 million entries each, seconds apiece.
    // Stopped at once: the test needs the notice, not the tables.
    with_page!(server = ["--pattern-tiles", "6"], |page| {
        page.goto("board=3x6&from=1,2,3,4,5,6/7,8,9,10,11,12/13,14,15,16,0,17&optimal=1")
            .await;
        page.click("solve").await;
        page.wait_for("!document.querySelector('[data-testid=notice]').hidden")
            .await;
        let notice = page.text("notice").await;
        for words in ["13,366,080 entries", "53 MB of memory", "Stop ends it"] {
            assert!(notice.contains(words), "{words}: {notice}");
        }
        assert!(
            page.hook("stop")
                .await
                .attr("hidden")
                .await
                .unwrap()
                .is_none()
        );
        page.click("stop").await;
        page.wait_for(
            "document.querySelector('[data-testid=message]').textContent === 'stopped' \
                       && document.querySelector('[data-testid=notice]').hidden",
        )
        .await;
    });
}

#[tokio::test]
async fn a_phone_shows_the_board_above_the_controls() {
    with_page!(|page| {
        page.client.set_window_size(390, 844).await.unwrap();
        page.goto("board=15-puzzle").await;
        let order = page
            .js(
                "const top = (s) => document.querySelector(s).getBoundingClientRect().top; \
                 return [top('.stage') < top('.controls'), \
                         document.querySelector('#puzzle').getBoundingClientRect().right <= window.innerWidth \
                         && document.documentElement.scrollWidth <= document.documentElement.clientWidth]",
            )
            .await;
        assert_eq!(order, json!([true, true]));
        page.client.set_window_size(1280, 960).await.unwrap();
    });
}
