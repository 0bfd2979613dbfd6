// The review room's one script, for the served page and the shared file alike. It reads every
// moment of the hand from the page (<script type="application/json" id="hand-data">) and draws the
// moment at N: it sets text, never HTML. Served and writable, it records an act by posting one
// transcript line, as `handrec add` does.
"use strict";
// What changed since the value before at the same place (projections/delta.py): {"=": 1} the same
// value; {"{": {KEY: DELTA}, "-": [KEY]} a dict, only its keys that changed (and those taken away);
// {"[": K, "+": [DELTA], "]": S} a list, the first K items of the one before, the new ones (each
// read against the item before at its place), then its last S; anything else is itself. What did
// not change is shared with the value before, never copied, and never changed in place.
function handrecUndelta(before, d) {
  if (d === null || typeof d !== "object" || Array.isArray(d)) return d;
  if (Object.prototype.hasOwnProperty.call(d, "=")) return before;
  const own = Object.prototype.hasOwnProperty;
  const put = function (o, k, v) {  // (a key that is no object's own, "__proto__", kept as data)
    if (k !== "__proto__") o[k] = v;
    else Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
  };
  if (own.call(d, "{")) {
    const base = before !== null && typeof before === "object" && !Array.isArray(before) ? before : {};
    const gone = {};
    (d["-"] || []).forEach(function (k) { put(gone, k, true); });
    const out = {};
    Object.keys(base).forEach(function (k) { if (!own.call(gone, k)) put(out, k, base[k]); });
    const changed = d["{"];
    Object.keys(changed).forEach(function (k) {
      put(out, k, handrecUndelta(own.call(base, k) ? base[k] : null, changed[k]));
    });
    return out;
  }
  if (own.call(d, "[")) {
    const base = Array.isArray(before) ? before : [];
    const k = d["["], s = d["]"] || 0, keptEnd = base.length - s;
    const out = base.slice(0, k);
    (d["+"] || []).forEach(function (sub, i) { out.push(handrecUndelta(k + i < keptEnd ? base[k + i] : null, sub)); });
    for (let i = keptEnd; s && i < base.length; i++) out.push(base[i]);
    return out;
  }
  throw new Error("not a delta: " + Object.keys(d).slice(0, 5).join(","));
}
if (typeof window !== "undefined") window.handrecUndelta = handrecUndelta;

// The compare page (two accounts act by act) steps with the hand page's keys: ← → Home End follow
// its step links (each a step of the server's; the page holds no moments of its own).
(function () {
  if (typeof document === "undefined" || !document.body || !document.body.classList.contains("compare-page")) return;
  document.addEventListener("keydown", function (ev) {
    const tag = ev.target && ev.target.tagName;
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const id = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" }[ev.key];
    const link = id && document.getElementById(id);
    if (link && link.href !== location.href) { ev.preventDefault(); location.href = link.href; }
  });
})();

(function () {
  if (typeof document === "undefined") return;
  const node = document.getElementById("hand-data");
  if (!node) return;
  const data = JSON.parse(node.textContent);
  const undelta = handrecUndelta;
  // A page the server made from the moment it opens at alone (`partial`: the others are null, each
  // held whole) is drawn at once; the whole replay follows in a script of its own, which hands it
  // to `install` (window.handrecInstall) whichever of the two scripts runs first.
  let moments = data.moments;
  let words = data.words;
  let whole = !data.partial;
  // The whole replay tells each moment (its table, rulings, score, unscored, and its words) as
  // what changed since the moment before: a moment is read from the one before when it is shown,
  // and one in CHECKPOINT is kept read, so that a step back reads at most CHECKPOINT moments.
  const CHECKPOINT = 32;
  let checkpoints = [];  // the moments 0, CHECKPOINT, 2 * CHECKPOINT ... read so far
  let current = null;  // the moment last read
  function read(before, i) {
    const m = moments[i], b = before || {};
    return { i: i, table: undelta(b.table, m.table), rulings: undelta(b.rulings, m.rulings),
      score: undelta(b.score, m.score), unscored: undelta(b.unscored, m.unscored), words: undelta(b.words, words[i]) };
  }
  // Moment i (from 0) whole: its table, rulings, score, unscored and words; null when not here yet.
  function stateAt(i) {
    if (!whole) {
      const m = moments[i];
      if (!m) return null;
      return { i: i, table: m.table, rulings: m.rulings, score: m.score, unscored: m.unscored, words: words[i] };
    }
    if (current && current.i === i) return current;
    let s = null;
    const c = Math.min(Math.floor(i / CHECKPOINT), checkpoints.length - 1);
    if (c >= 0) s = checkpoints[c];
    if (current && current.i < i && (!s || current.i > s.i)) s = current;
    for (let j = s ? s.i + 1 : 0; j <= i; j++) {
      s = read(s, j);
      if (j % CHECKPOINT === 0 && checkpoints.length === j / CHECKPOINT) checkpoints.push(s);
    }
    current = s;
    return s;
  }
  const events = data.events;
  const last = moments.length; // events are numbered 1..last
  // Stepping starts at the auction (or the contract): the set-up before it and the tags after it
  // (the hand's leading `hand`, `dealer`, `deal`, `tag` lines) are folded into that one moment, not
  // a step each; they stay in the list of events. `start` is where |◀ and Home go.
  const SETUP = { hand: 1, dealer: 1, deal: 1, tag: 1, auction: 1, contract: 1 };
  let setupEnd = 0;
  while (setupEnd < events.length && SETUP[events[setupEnd].kind]) setupEnd++;
  let start = setupEnd;
  for (let k = 0; k < setupEnd; k++) {
    if (events[k].kind === "auction" || events[k].kind === "contract") { start = k + 1; break; }
  }
  start = Math.max(1, Math.min(start, last));
  function nextOf(n) { return n < start ? start : Math.min(last, Math.max(n + 1, n < setupEnd ? setupEnd + 1 : n + 1)); }
  function prevOf(n) { return n === start ? start : n < start ? Math.max(1, n - 1) : (n <= setupEnd + 1 ? start : n - 1); }
  let final = stateAt(last - 1);  // the last moment: the whole record's players and occasion
  const body = document.body;
  const writable = body.dataset.writable === "1";
  const SUITS = ["S", "H", "D", "C"];
  // The names and the words are the page's data (handrec/wording.py): the script composes none.
  const SYMBOL = data.names.symbols;
  const SUIT_NAME = data.names.suits;
  const SEAT_NAME = data.names.seats;
  const acts = data.acts;
  const $ = (id) => document.getElementById(id);
  let at = last;
  // The script that brings the whole replay (after this one in the page) failed: the server
  // refused it, or did not answer. The page says so (its words are the template's), and keeps the
  // moment it has.
  window.addEventListener("error", function (ev) {
    const t = ev.target;
    if (!whole && t && t.tagName === "SCRIPT" && /\/api\/moments\//.test(t.src || "") && $("moments-failed")) {
      $("moments-failed").hidden = false;
    }
  }, true);

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }
  function clear(e) { while (e.firstChild) e.removeChild(e.firstChild); }
  function isRed(suit) { return suit === "H" || suit === "D"; }
  function rank(card) { const r = card.slice(1); return r === "T" ? "10" : r; }
  function cardEl(card, tag) {
    if (card === "?") {  // a card played that the record does not know (an `unknown` line)
      const u = el(tag || "span", "card unknown", "?");
      u.setAttribute("aria-label", "a card not known");
      u.dataset.card = card;
      return u;
    }
    const e = el(tag || "span", "card" + (isRed(card[0]) ? " red" : ""), SYMBOL[card[0]] + rank(card));
    e.dataset.card = card;
    return e;
  }
  function clamp(n) { return Math.max(1, Math.min(last, n)); }
  function hrefAt(n) { return location.protocol === "file:" ? "#at=" + n : "?at=" + n; }
  function eventLink(n, text) {
    const a = el("a", "jump", text || "event " + n);
    a.href = hrefAt(n);
    a.dataset.at = String(n);
    a.addEventListener("click", function (ev) { ev.preventDefault(); go(n); });
    return a;
  }
  // Words with links and cards in them (handrec/wording.py's segments), drawn into `box`.
  function segments(box, segs) {
    (segs || []).forEach(function (x) {
      if (typeof x === "string") box.appendChild(document.createTextNode(x));
      else if (x.event !== undefined) box.appendChild(eventLink(x.event, x.text));
      else if (x.card !== undefined) box.appendChild(cardEl(x.card));
      else if (x.badge !== undefined) box.appendChild(el("span", "badge " + x.badge, x.badge));
    });
    return box;
  }
  function readAt() {
    const fromHash = new URLSearchParams(location.hash.slice(1)).get("at");
    const fromQuery = new URLSearchParams(location.search).get("at");
    const n = parseInt(fromHash || fromQuery || body.dataset.at || String(last), 10);
    return Number.isFinite(n) ? clamp(n) : last;
  }

  // ------------------------------------------------------------ the table

  // A card face up on the table before its player (an exposed card; under a duplicate code a
  // penalty card, L49, L50): the rulings' `exposed`. It lies apart from his hand, not in it, though
  // the table's `held` still lists it (he has not played it).
  function faceUpRow(seat, cards, canPlay) {
    const row = el("div", "face-up");
    row.appendChild(el("span", "muted", "face up: "));
    cards.forEach(function (c) {
      let e;
      if (canPlay && acts.plays[seat][c]) {
        const line = acts.plays[seat][c];
        e = el("button", "card" + (isRed(c[0]) ? " red" : ""), SYMBOL[c[0]] + rank(c));
        e.type = "button";
        e.title = line;
        e.dataset.card = c;
        e.setAttribute("aria-label", line + " (" + SEAT_NAME[seat] + ", face up)");
        e.addEventListener("click", function () { record(line); });
      } else {
        e = cardEl(c);
      }
      e.classList.add("exposed-card");
      row.appendChild(e);
    });
    return row;
  }

  function renderSeat(seat, t, exposed) {
    const box = $("seat-" + seat);
    clear(box);
    box.classList.toggle("to-play", t.to_play === seat);
    const h = t.hands[seat];
    const who = el("div", "who", h.name);
    if (h.role) who.appendChild(el("span", "role", " (" + h.role + ")"));
    // Who sat there: as the whole record says (an archive gives its players after the play).
    const player = h.player || (final.table.hands[seat] || {}).player;
    if (player) who.appendChild(el("span", "player", " " + player));
    if (t.to_play === seat) who.appendChild(el("span", "role", " · to play"));
    box.appendChild(who);
    if (h.held === null) {
      box.appendChild(el("div", "muted", "hand not known"));
      if (h.shown.length) {
        const row = el("div", "suit-row");
        row.appendChild(el("span", "muted", "played: "));
        h.shown.forEach(function (c) { row.appendChild(cardEl(c)); row.appendChild(document.createTextNode(" ")); });
        box.appendChild(row);
      }
      return;
    }
    const canPlay = writable && at === last && acts && acts.plays[seat];
    const faceUp = (exposed || []).filter(function (x) { return x.seat === seat && h.held.indexOf(x.card) >= 0; })
      .map(function (x) { return x.card; });
    const rows = [];
    SUITS.forEach(function (s) {
      const row = el("div", "suit-row");
      row.appendChild(el("span", "suit" + (isRed(s) ? " red" : ""), SYMBOL[s] + " "));
      const mine = h.held.filter(function (c) { return c[0] === s && faceUp.indexOf(c) < 0; });
      if (!mine.length) row.appendChild(el("span", "muted", "—"));
      mine.forEach(function (c) {
        const e = el(canPlay ? "button" : "span", "card" + (isRed(s) ? " red" : ""), rank(c));
        e.dataset.card = c;
        if (canPlay) {
          const line = acts.plays[seat][c];
          e.type = "button";
          e.title = line;
          e.setAttribute("aria-label", line + " (" + SEAT_NAME[seat] + ", " + SUIT_NAME[s] + ")");
          e.addEventListener("click", function () { record(line); });
        }
        row.appendChild(e);
      });
      rows.push(row);
    });
    // (face up toward the middle of the table: below North's hand, above South's, inside East's and West's)
    if (faceUp.length && seat === "S") box.appendChild(faceUpRow(seat, faceUp, canPlay));
    rows.forEach(function (row) { box.appendChild(row); });
    if (faceUp.length && seat !== "S") box.appendChild(faceUpRow(seat, faceUp, canPlay));
    if (h.unknown) {  // cards played that the record does not know: among those shown, which not said
      box.appendChild(el("div", "muted", "(" + (h.unknown === 1 ? "one" : h.unknown) + " of these played, not known)"));
    }
  }

  function renderCenter(t) {
    const box = $("center");
    clear(box);
    if (!t.trick) {
      box.appendChild(el("div", "muted", "no card played"));
      return;
    }
    box.classList.toggle("quitted", !!t.trick.quitted_by);
    const caption = el("div", "caption", "trick " + t.trick.number + (t.trick.quitted_by
      ? ", quitted by " + t.trick.quitted_by + (t.trick.implicit ? " (counted)" : "") : ""));
    box.appendChild(caption);
    // Each seat's card in its place; a card taken back or added to the trick is named below.
    const placed = {};
    const aside = [];
    t.trick.cards.forEach(function (p) {
      if ((p.taken_back && !p.stands) || p.surplus || placed[p.seat]) { aside.push(p); return; }
      placed[p.seat] = true;
      const e = cardEl(p.card, "div");
      e.classList.add("played", p.seat);
      e.title = SEAT_NAME[p.seat] + (p.stands ? " (taken back, but it stands in the trick)" : "");
      box.appendChild(e);
    });
    if (aside.length) {
      const note = el("div", "aside");
      aside.forEach(function (p, i) {
        note.appendChild(document.createTextNode((i ? "; " : "") + p.seat + " "));
        note.appendChild(cardEl(p.card));
        note.appendChild(document.createTextNode(p.taken_back ? " taken back" : " added"));
      });
      box.appendChild(note);
    }
  }

  // The tricks played so far, and the deal as dealt: the history a director reads at every moment.
  function renderHistory(t) {
    const box = $("history");
    if (!box) return;
    clear(box);
    if (!t.history || !t.history.length) return;
    const table = el("table", "history-table");
    const head = el("tr");
    ["trick", "led by", "cards", "won by", "quitted by"].forEach(function (h) { head.appendChild(el("th", null, h)); });
    table.appendChild(head);
    t.history.forEach(function (h) {
      const tr = el("tr");
      tr.appendChild(el("td", null, String(h.number)));
      tr.appendChild(el("td", null, h.leader ? SEAT_NAME[h.leader] : ""));
      const cards = el("td");
      h.cards.forEach(function (p, i) {
        cards.appendChild(document.createTextNode((i ? "  " : "") + p[0] + " "));
        cards.appendChild(cardEl(p[1]));
      });
      tr.appendChild(cards);
      tr.appendChild(el("td", null, h.winner ? SEAT_NAME[h.winner] : "—"));
      tr.appendChild(el("td", null, h.quitted_by || "—"));
      table.appendChild(tr);
    });
    box.appendChild(table);
  }

  function renderDealt(t) {
    const box = $("dealt");
    if (!box) return;
    clear(box);
    ["N", "E", "S", "W"].forEach(function (seat) {
      const row = el("div", "suit-row");
      row.appendChild(el("strong", null, SEAT_NAME[seat] + ": "));
      const held = t.dealt ? t.dealt[seat] : null;
      if (!held) { row.appendChild(el("span", "muted", "not known")); box.appendChild(row); return; }
      SUITS.forEach(function (s) {
        row.appendChild(el("span", "suit" + (isRed(s) ? " red" : ""), " " + SYMBOL[s] + " "));
        const mine = held.filter(function (c) { return c[0] === s; }).map(rank);
        row.appendChild(document.createTextNode(mine.length ? mine.join(" ") : "—"));
      });
      box.appendChild(row);
    });
  }

  // The auction as a bidding diagram beside the table, at every moment (its words: wording.auction).
  function renderAuction(w) {
    const box = $("auction");
    if (!box || !w.auction) return;
    clear(box);
    const a = w.auction;
    if (a.none !== undefined) { box.appendChild(el("p", "muted", a.none)); return; }
    const table = el("table", "bidding");
    const head = el("tr");
    a.columns.forEach(function (c) { head.appendChild(el("th", c === a.dealer ? "dealer" : null, c)); });
    table.appendChild(head);
    a.rows.forEach(function (row) {
      const tr = el("tr");
      row.forEach(function (c) {
        const td = el("td");
        // (a suit bid: its level, then its suit's symbol in its colour, as the cards are drawn; a
        // call alerted: the number of its note under the diagram)
        if (c && typeof c === "object") {
          if (c.level) {
            td.appendChild(document.createTextNode(c.level));
            td.appendChild(el("span", "suit" + (isRed(c.suit) ? " red" : ""), SYMBOL[c.suit]));
          } else td.appendChild(document.createTextNode(c.text));
          if (c.alert) td.appendChild(el("sup", "alert", String(c.alert)));
        } else td.textContent = c;
        tr.appendChild(td);
      });
      table.appendChild(tr);
    });
    box.appendChild(table);
    // The calls alerted or explained, and what was said of each (wording.alert_said).
    (a.alerts || []).forEach(function (line) { box.appendChild(el("p", "alert-said", line)); });
  }

  function renderStatus(w) {
    const box = $("status");
    clear(box);
    w.status.forEach(function (line, i) {
      const text = line.map(function (x) { return typeof x === "string" ? x : ""; }).join("");
      const cls = i === 0 ? null : /^open question/.test(text) ? "open-question" : /^exposed/.test(text) ? "exposed" : null;
      box.appendChild(segments(el("div", cls), line));
    });
  }

  // ------------------------------------------------------------ the rulings panel

  function renderStatements(w) {
    const box = $("statements");
    if (!box) return;
    clear(box);
    if (!w.statements.length) box.appendChild(el("p", "muted", "None recorded (note by=NAME ... records one)."));
    w.statements.forEach(function (line) { box.appendChild(segments(el("p", "statement"), line)); });
  }

  // What each law cited requires, folded away on the screen, printed open.
  function lawsOf(div, laws, label) {
    if (!laws || !laws.length) return;
    const d = el("details", "laws");
    d.appendChild(el("summary", null, label));
    const dl = el("dl");
    laws.forEach(function (l) { dl.appendChild(el("dt", null, l[0])); dl.appendChild(el("dd", null, l[1])); });
    d.appendChild(dl);
    div.appendChild(d);
  }

  function renderRulings(w) {
    const box = $("rulings");
    clear(box);
    const r = w.rulings;
    r.corrections.forEach(function (c) { box.appendChild(segments(el("p", "correction"), c)); });
    if (r.no_revoke) box.appendChild(el("p", "muted", r.no_revoke));
    r.revokes.forEach(function (v) {
      const div = el("div", "ruling revoke");
      div.dataset.seat = v.seat;
      div.dataset.status = v.status;
      div.appendChild(segments(el("div"), v.head));
      div.appendChild(el("p", "explanation", v.explanation));
      v.remarks.forEach(function (x) { div.appendChild(el("p", "explanation remark", x)); });
      div.appendChild(segments(el("p", "muted"), v.facts));
      if (v.penalty) div.appendChild(el("p", "penalty", v.penalty));
      if (v.barred) div.appendChild(el("p", "barred", v.barred));
      if (v.transfer) div.appendChild(el("p", "penalty transfer", v.transfer));
      if (v.equity) div.appendChild(el("p", "barred equity", v.equity));
      lawsOf(div, v.laws, v.laws_label);
      box.appendChild(div);
    });
    r.decisions.forEach(function (d) { box.appendChild(segments(el("p", "decision"), d)); });
    // The cards face up on the table, each with what it is (a penalty card, major or minor, and
    // what it obliges; under the 1912 code an exposed card), and since when.
    const face = $("exposed");
    if (face) {
      clear(face);
      (r.exposed || []).forEach(function (x) { face.appendChild(segments(el("p", "ruling exposed"), x)); });
      $("exposed-head").hidden = face.hidden = !(r.exposed || []).length;
    }
    const irr = $("irregularities");
    clear(irr);
    if (!r.irregularities.length) irr.appendChild(el("p", "muted", "None."));
    r.irregularities.forEach(function (i) {
      const div = el("div", "ruling irregularity");
      div.dataset.kind = i.kind;
      div.appendChild(segments(el("div"), i.head));
      div.appendChild(el("p", "explanation", i.explanation));
      if (i.penalty) div.appendChild(el("p", "penalty", i.penalty));
      lawsOf(div, i.laws, i.laws_label);
      irr.appendChild(div);
    });
  }

  function sheetTable(sheet) {
    const table = el("table", "score");
    const head = el("tr");
    ["side", "column", "points", "why"].forEach(function (h) { head.appendChild(el("th", null, h)); });
    table.appendChild(head);
    sheet.rows.forEach(function (row) {
      const tr = el("tr");
      row.forEach(function (cell, k) { tr.appendChild(el("td", k === 2 ? "points" : null, cell)); });
      table.appendChild(tr);
    });
    const total = el("tr");
    total.appendChild(el("th", null, "total"));
    total.appendChild(el("td", null, ""));
    total.appendChild(el("td", "points", ""));
    total.appendChild(el("td", null, sheet.total));
    table.appendChild(total);
    return table;
  }

  function renderScore(w) {
    const box = $("score");
    clear(box);
    const s = w.score;
    if (s.unscored !== undefined) { box.appendChild(el("p", "muted", s.unscored)); return; }
    box.appendChild(el("p", null, s.head));
    box.appendChild(sheetTable(s.sheet));
    s.notes.forEach(function (n) { box.appendChild(el("p", "muted", n)); });
    if (s.election) {
      box.appendChild(el("p", null, s.election));
      s.options.forEach(function (o) {
        box.appendChild(el("p", "option", o.choice));
        box.appendChild(sheetTable(o.sheet));
      });
    }
  }

  // ------------------------------------------------------------ the events and the step bar

  function renderEvents() {
    document.querySelectorAll("#events li").forEach(function (li) {
      const here = Number(li.dataset.n) === at;
      li.classList.toggle("at", here);
      if (here) {
        li.setAttribute("aria-current", "step");
        const list = $("events");
        const top = li.offsetTop - list.offsetTop;
        if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - li.offsetHeight) {
          list.scrollTop = Math.max(0, top - list.clientHeight / 2);
        }
      } else {
        li.removeAttribute("aria-current");
      }
    });
  }

  function render() {
    const m = stateAt(at - 1);
    if (!m) {  // the whole replay is not here yet: the moment is drawn when it comes (install)
      $("where").textContent = "event " + at + " of " + last + " (loading…)";
      $("slider").value = String(at);
      return;
    }
    const t = m.table;
    $("where").textContent = "event " + at + " of " + last;
    $("current-line").textContent = at + "  " + events[at - 1].line;
    $("slider").value = String(at);
    $("first").disabled = at === start;
    $("prev").disabled = at === 1 || at === start;
    $("next").disabled = $("last").disabled = at === last;
    $("contract").textContent = t.contract ? t.contract + (t.dealer ? ", dealer " + SEAT_NAME[t.dealer] : "")
      : "no contract yet";
    const tags = final.table.tags;  // the occasion, as the whole record says
    const occasion = ["Event", "Date", "Site", "Table", "Board", "Director"].filter(function (k) { return tags[k]; })
      .map(function (k) { return k.toLowerCase() + " " + tags[k]; });
    $("occasion").textContent = occasion.join(" · ");
    ["N", "E", "S", "W"].forEach(function (s) { renderSeat(s, t, m.rulings.exposed); });
    renderCenter(t);
    const w = m.words;
    renderStatus(w);
    renderAuction(w);
    renderHistory(t);
    renderDealt(t);
    renderRulings(w);
    renderStatements(w);
    renderScore(w);
    renderEvents();
    if (writable) renderQuick();
    body.dataset.at = String(at);
  }

  function go(n) {
    at = clamp(n);
    render();
    try {
      history.replaceState(null, "", location.protocol === "file:" ? "#at=" + at
        : location.pathname + "?at=" + at);
    } catch (e) { /* a browser that will not: the page still shows the moment */ }
  }

  // An address changed by hand (`#at=N` typed in the address bar of the shareable file, a link to
  // another moment of this page): the page goes there, no reload needed.
  // Printed, the page holds what is folded away on the screen: the deal as dealt, the laws' words.
  window.addEventListener("beforeprint", function () {
    document.querySelectorAll("details").forEach(function (d) {
      if (!d.open) { d.open = true; d.dataset.printOpened = "1"; }
    });
  });
  window.addEventListener("afterprint", function () {
    document.querySelectorAll("details[data-print-opened]").forEach(function (d) {
      d.open = false; delete d.dataset.printOpened;
    });
  });

  window.addEventListener("hashchange", function () {
    const n = parseInt(new URLSearchParams(location.hash.slice(1)).get("at") || "", 10);
    if (Number.isFinite(n) && clamp(n) !== at) go(n);
  });

  $("first").addEventListener("click", function () { go(start); });
  $("prev").addEventListener("click", function () { go(prevOf(at)); });
  $("next").addEventListener("click", function () { go(nextOf(at)); });
  $("last").addEventListener("click", function () { go(last); });
  $("slider").max = String(last);
  $("slider").addEventListener("input", function () { go(parseInt($("slider").value, 10)); });
  document.querySelectorAll("#events a").forEach(function (a) {
    a.addEventListener("click", function (ev) { ev.preventDefault(); go(Number(a.dataset.at)); });
  });
  document.addEventListener("keydown", function (ev) {
    const tag = ev.target && ev.target.tagName;
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const to = { ArrowLeft: prevOf(at), ArrowRight: nextOf(at), Home: start, End: last }[ev.key];
    if (to !== undefined) { ev.preventDefault(); go(to); }
  });

  // ------------------------------------------------------------ recording from the page

  function say(text, cls) {
    const box = $("message");
    if (!box) return;
    box.textContent = text;
    box.className = "message " + cls;
    box.hidden = !text;
  }

  function record(line) {
    if (!writable) return;
    const form = new URLSearchParams();
    form.set("line", line);
    form.set("expected", String(last));
    form.set("csrftoken", body.dataset.csrf || "");
    say("recording: " + line, "ok");
    fetch(body.dataset.post, { method: "POST", body: form, credentials: "same-origin",
      headers: { "Accept": "application/json" } })
      .then(function (resp) { return resp.json().then(function (j) { return [resp.status, j]; }); })
      .then(function (r) {
        const status = r[0], j = r[1];
        if (status === 200) { location.href = location.pathname + "?at=" + j.total; return; }
        if (status === 409) { location.href = location.pathname + "?at=" + j.total + "&notice=changed"; return; }
        say(j.error || "refused", "refused");
      })
      .catch(function () { say("the server did not answer; nothing was recorded", "refused"); });
  }

  function quickButton(box, line, label) {
    const b = el("button", null, label || line);
    b.type = "button";
    b.dataset.line = line;
    b.addEventListener("click", function () { record(line); });
    box.appendChild(b);
  }

  function renderQuick() {
    const box = $("quick");
    if (!box) return;
    clear(box);
    const form = $("record-form");
    if (at !== last) {
      box.appendChild(el("span", "muted", "Recording adds to the end of the record: go to the last event."));
      if (form) form.hidden = true;
      return;
    }
    if (form) form.hidden = false;
    if (!acts) return;
    acts.buttons.forEach(function (b) { quickButton(box, b.line, b.label); });
    // Undo: the last event struck from the record (a correction, kept and shown), once confirmed.
    if (acts.undo) {
      const undo = el("button", "undo", acts.undo.label);
      undo.type = "button";
      undo.dataset.line = acts.undo.line;
      undo.addEventListener("click", function () {
        if (window.confirm(acts.undo.confirm)) record(acts.undo.line);
      });
      box.appendChild(undo);
    }
    // The acts that need words of their own: the line is started, the recorder finishes it.
    acts.starts.forEach(function (a) {
      const b = el("button", "start", a.label);
      b.type = "button";
      b.addEventListener("click", function () { const i = $("line"); i.value = a.start; i.focus(); });
      box.appendChild(b);
    });
  }

  const recordForm = $("record-form");
  if (recordForm) {
    recordForm.addEventListener("submit", function (ev) {
      ev.preventDefault();
      const input = $("line");
      if (input.value.trim()) record(input.value.trim());
    });
  }
  const notice = new URLSearchParams(location.search).get("notice");
  if (notice === "changed") {
    say("The hand changed under you: someone else recorded first, and nothing of yours was stored. " +
      "This is the hand at its new last event; record again if you still need to.", "refused");
  }

  function install(full) {
    if (whole) return;
    if (!full || !full.moments || full.moments.length !== last) return;  // another record: the page is kept
    moments = full.moments;
    words = full.words;
    whole = true;
    if ($("moments-failed")) $("moments-failed").hidden = true;
    checkpoints = [];
    current = null;
    final = stateAt(last - 1);
    body.dataset.whole = "1";
    render();
  }

  at = readAt();
  render();
  if (whole) body.dataset.whole = "1";
  window.handrecInstall = install;
  if (window.handrecFull) install(window.handrecFull);
  // For the tests: the moment at N as the script reads it from the replay (its table, rulings,
  // score and unscored), and its words.
  window.handrecReview = { go: go, at: function () { return at; }, last: last, start: start,
    moment: function (n) {
      const m = stateAt(n - 1);
      return m && { table: m.table, rulings: m.rulings, score: m.score, unscored: m.unscored };
    },
    words: function (n) { const m = stateAt(n - 1); return m && m.words; },
    whole: function () { return whole; } };
})();
