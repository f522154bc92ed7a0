// A page's socket coming back after the program went away (a crash, a closed terminal,
// a restart: the program serves the page again at the same address, docs/web.md): the
// next attempt after a growing pause (0.5, 1, 2, then every 3 s, for as long as the
// page is open), the banner saying so ("… reconnecting… attempt 3 in 2 s", the label
// from the server), and body[data-offline] while the page is not connected (the table
// is shown dimmed and takes no clicks: nothing would reach the program).
const PAUSES = [500, 1000, 2000, 3000];

export function retrier(connect, banner) {
  let failed = 0; // attempts that failed since the last connection
  let due = 0; // performance.now() of the next attempt
  let ticker = null;
  return {
    // connected: back to the first pause
    ok() {
      failed = 0;
      clearInterval(ticker);
      ticker = null;
      delete document.body.dataset.offline;
      banner.hidden = true;
    },
    // the socket closed: say so with `label` ({n}: the next attempt, {s}: seconds to it;
    // none yet: "…") and try again after the pause
    lost(label) {
      const wait = PAUSES[Math.min(failed, PAUSES.length - 1)];
      failed += 1;
      due = performance.now() + wait;
      document.body.dataset.offline = String(failed);
      const draw = () => {
        const s = Math.max(0, Math.ceil((due - performance.now()) / 1000));
        banner.textContent = label ? label.replace("{n}", String(failed + 1)).replace("{s}", String(s)) : "…";
      };
      banner.hidden = false;
      draw();
      clearInterval(ticker);
      ticker = setInterval(draw, 250);
      setTimeout(connect, wait);
    },
  };
}
