// The review room's one script, for the served page and the shared file alike. It reads every
// moment of the hand from the page (<script type="application/json" id="hand-data">) and draws the
// moment at N: it sets text, never HTML. Served and writable, it records an act by posting one
// transcript line, as `handrec add` does.
"use strict";
(function () {
  const node = document.getElementById("hand-data");
  if (!node) return;
  const data = JSON.parse(node.textContent);
  // A page the server made from the moment it opens at alone (`partial`: the others are null) is
  // drawn at once; the whole replay follows in a script of its own, which hands it to `install`
  // (window.handrecInstall) whichever of the two scripts runs first.
  let moments = data.moments;
  let whole = !data.partial;
  // The replay is compact (projections/replay.py): a moment's table holds what changed since the
  // moment before (under hands, the seats that changed), and a moment whose rulings or score are
  // those of an earlier one holds that moment's index; the rulings' own event number is left out.
  function expand(compact) {
    compact.forEach(function (m, i) {
      if (i > 0) {
        const before = compact[i - 1].table;
        const changed = m.table;
        m.table = Object.assign({}, before, changed);
        m.table.hands = Object.assign({}, before.hands, changed.hands || {});
      }
      if (typeof m.rulings === "number") m.rulings = compact[m.rulings].rulings;
      if (typeof m.score === "number") m.score = compact[m.score].score;
    });
    return compact;
  }
  if (whole) expand(moments);
  const events = data.events;
  const last = moments.length; // events are numbered 1..last
  const body = document.body;
  const writable = body.dataset.writable === "1";
  const SUITS = ["S", "H", "D", "C"];
  const SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
  const SUIT_NAME = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
  const SEAT_NAME = { N: "North", E: "East", S: "South", W: "West" };
  const PARTNER = { N: "S", S: "N", E: "W", W: "E" };
  const $ = (id) => document.getElementById(id);
  let at = last;

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
  function readAt() {
    const fromHash = new URLSearchParams(location.hash.slice(1)).get("at");
    const fromQuery = new URLSearchParams(location.search).get("at");
    const n = parseInt(fromHash || fromQuery || body.dataset.at || String(last), 10);
    return Number.isFinite(n) ? clamp(n) : last;
  }

  // ------------------------------------------------------------ the table

  function renderSeat(seat, t) {
    const box = $("seat-" + seat);
    clear(box);
    box.classList.toggle("to-play", t.to_play === seat);
    const h = t.hands[seat];
    const who = el("div", "who", h.name);
    if (h.role) who.appendChild(el("span", "role", " (" + h.role + ")"));
    // Who sat there: as the whole record says (an archive gives its players after the play).
    const player = h.player || (moments[last - 1].table.hands[seat] || {}).player;
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
    const canPlay = writable && at === last;
    SUITS.forEach(function (s) {
      const row = el("div", "suit-row");
      row.appendChild(el("span", "suit" + (isRed(s) ? " red" : ""), SYMBOL[s] + " "));
      const mine = h.held.filter(function (c) { return c[0] === s; });
      if (!mine.length) row.appendChild(el("span", "muted", "—"));
      mine.forEach(function (c) {
        const e = el(canPlay ? "button" : "span", "card" + (isRed(s) ? " red" : ""), rank(c));
        e.dataset.card = c;
        if (canPlay) {
          e.type = "button";
          e.title = "play " + seat + " " + c;
          e.setAttribute("aria-label", "play " + SEAT_NAME[seat] + "'s " + SUIT_NAME[s] + " " + rank(c));
          e.addEventListener("click", function () { record("play " + seat + " " + c); });
        }
        row.appendChild(e);
      });
      box.appendChild(row);
    });
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

  function renderStatus(m) {
    const t = m.table;
    const box = $("status");
    clear(box);
    const won = el("div", null, "tricks won: NS " + t.won.NS + ", EW " + t.won.EW);
    box.appendChild(won);
    if (t.claim) box.appendChild(el("div", null, SEAT_NAME[t.claim.seat] + " claims " + t.claim.tricks +
      " of the remaining tricks (event " + t.claim.event + ")"));
    if (t.cut_at) box.appendChild(el("div", null, "the cards were cut for the next deal at event " + t.cut_at));
    t.questions.forEach(function (q) {
      box.appendChild(el("div", "open-question", "open question: " + SEAT_NAME[q.asker] + " asked " +
        SEAT_NAME[q.asked] + " 'having none?' (event " + q.event + ")"));
    });
    (m.rulings.exposed || []).forEach(function (x) {
      const d = el("div", "exposed", "exposed: " + SEAT_NAME[x.seat] + "'s ");
      d.appendChild(cardEl(x.card));
      d.appendChild(document.createTextNode(" (L" + x.law + ")"));
      box.appendChild(d);
    });
  }

  // ------------------------------------------------------------ the rulings panel

  function penaltyText(p) {
    return "Penalty" + (p.law ? " L" + p.law : "") + ": " + (p.said || (p.options.length ? p.options.join(" or ") : "—")) +
      (p.elector ? " — " + SEAT_NAME[p.elector] + " elects" : "") + (p.elected ? "; elected: " + p.elected : "");
  }

  function renderStatements(m) {
    const box = $("statements");
    if (!box) return;
    clear(box);
    // What was said, up to this moment: the record's notes (struck ones left out), who said each.
    const said = events.slice(0, at).filter(function (e) {
      return e.said && !(e.corrected && e.corrected.kind === "struck");
    }).map(function (e) { return {event: e.number, by: e.said.by, text: e.said.text}; });
    if (!said.length) box.appendChild(el("p", "muted", "None recorded (note by=NAME ... records one)."));
    said.forEach(function (s) {
      const p = el("p", "statement");
      p.appendChild(eventLink(s.event));
      p.appendChild(document.createTextNode(" " + (s.by || "a note") + ": " + s.text));
      box.appendChild(p);
    });
  }

  function renderRulings(m) {
    const box = $("rulings");
    clear(box);
    const r = m.rulings;
    (r.corrections || []).forEach(function (c) {
      const p = el("p", "correction");
      p.appendChild(document.createTextNode("Event "));
      p.appendChild(eventLink(c.event, String(c.event)));
      p.appendChild(document.createTextNode(" ('" + c.original + "') " + (c.kind === "struck" ? "struck"
        : "amended to '" + c.as_corrected + "'") + " at event "));
      p.appendChild(eventLink(c.correction, String(c.correction)));
      p.appendChild(document.createTextNode((c.author ? " by " + c.author : "") + (c.reason ? ": " + c.reason : "") +
        ". The rulings read the record as corrected."));
      box.appendChild(p);
    });
    if (!r.revokes.length) box.appendChild(el("p", "muted", "No revoke."));
    r.revokes.forEach(function (v) {
      const div = el("div", "ruling revoke");
      div.dataset.seat = v.seat;
      div.dataset.status = v.status;
      const head = el("div");
      head.appendChild(el("span", "badge " + v.status, v.status));
      head.appendChild(document.createTextNode(" " + SEAT_NAME[v.seat] + (v.kind === "dummy" ? " (dummy)" : "") +
        ", trick " + v.trick + ": "));
      head.appendChild(cardEl(v.card));
      head.appendChild(document.createTextNode(" on " + SUIT_NAME[v.suit] + " led "));
      head.appendChild(el("span", "laws", "[L" + v.laws.join(", L") + "]"));
      div.appendChild(head);
      div.appendChild(el("p", "explanation", v.explanation));
      (v.remarks || []).forEach(function (x) { div.appendChild(el("p", "explanation remark", x.text)); });
      const facts = el("p", "muted");
      facts.appendChild(document.createTextNode("played at "));
      facts.appendChild(eventLink(v.event));
      if (v.status_event) {
        facts.appendChild(document.createTextNode("; " + v.status + " at "));
        facts.appendChild(eventLink(v.status_event));
      }
      div.appendChild(facts);
      if (v.penalty) div.appendChild(el("p", "penalty", penaltyText(v.penalty)));
      if (v.penalty_barred_by) div.appendChild(el("p", "barred", "No penalty: barred by L" + v.penalty_barred_by));
      const t = v.transfer;  // the Laws of Duplicate Bridge (L64): as the text view says it (handrec/views.py)
      if (t && v.status === "established") {
        const soFar = t.final ? "" : " so far";
        div.appendChild(el("p", "penalty transfer", t.tricks
          ? "Transfer" + soFar + ": " + t.tricks + " trick" + (t.tricks > 1 ? "s" : "") + " to " + t.to +
            " (" + t.which.join(", ") + ") [L" + t.law + "]"
          : "No trick transferred" + soFar + ": " + t.why));
        if (t.equity) div.appendChild(el("p", "barred equity", "L64C: " + t.equity.why));
      }
      box.appendChild(div);
    });
    const irr = $("irregularities");
    clear(irr);
    if (!r.irregularities.length) irr.appendChild(el("p", "muted", "None."));
    r.irregularities.forEach(function (i) {
      const div = el("div", "ruling irregularity");
      div.dataset.kind = i.kind;
      const head = el("div");
      head.appendChild(el("strong", null, i.kind));
      head.appendChild(document.createTextNode(" by " + (i.seat ? SEAT_NAME[i.seat] : i.side || "the table") + " at "));
      head.appendChild(eventLink(i.event));
      if (i.laws.length) head.appendChild(el("span", "laws", " [L" + i.laws.join(", L") + "]"));
      if (i.code) head.appendChild(el("span", "muted", " (ruled under " + i.code + ")"));
      div.appendChild(head);
      div.appendChild(el("p", "explanation", i.explanation));
      if (i.penalty) div.appendChild(el("p", "penalty", penaltyText(i.penalty)));
      irr.appendChild(div);
    });
  }

  function sheetTable(sheet) {
    const table = el("table", "score");
    const head = el("tr");
    ["side", "column", "points", "why"].forEach(function (h) { head.appendChild(el("th", null, h)); });
    table.appendChild(head);
    sheet.items.forEach(function (i) {
      const tr = el("tr");
      tr.appendChild(el("td", null, i.side));
      tr.appendChild(el("td", null, i.column));
      tr.appendChild(el("td", "points", i.points));
      tr.appendChild(el("td", null, i.why + " [L" + i.laws.join(", L") + "]"));
      table.appendChild(tr);
    });
    const total = el("tr");
    total.appendChild(el("th", null, "total"));
    total.appendChild(el("td", null, ""));
    total.appendChild(el("td", "points", ""));
    total.appendChild(el("td", null, sheet.score  // a duplicate board (L77): the board's score
      ? "NS " + sheet.score.NS + " · EW " + sheet.score.EW
      : "NS: trick " + sheet.NS.trick + ", honor " + sheet.NS.honor +
        " · EW: trick " + sheet.EW.trick + ", honor " + sheet.EW.honor));
    table.appendChild(total);
    return table;
  }

  function renderScore(m) {
    const box = $("score");
    clear(box);
    const s = m.score;
    if (!s) { box.appendChild(el("p", "muted", m.unscored)); return; }
    box.appendChild(el("p", null, (s.declarer ? s.contract + " by " + SEAT_NAME[s.declarer] : "passed out") +
      " · tricks NS " + s.tricks.NS + ", EW " + s.tricks.EW +
      (s.penalty_tricks ? " (" + s.penalty_tricks + (s.transfers ? " transferred)" : " penalty tricks)") : "")));
    box.appendChild(sheetTable(s));
    s.notes.forEach(function (n) { box.appendChild(el("p", "muted", n)); });
    if (s.election) {
      const e = s.election;
      box.appendChild(el("p", null, "L" + e.law + " election by " + SEAT_NAME[e.elector] + " (" +
        (e.elected ? "elected " + e.elected : "not yet elected") + "); each option:"));
      Object.keys(e.options).forEach(function (choice) {
        box.appendChild(el("p", "option", choice + ":"));
        box.appendChild(sheetTable(e.options[choice]));
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
    const m = moments[at - 1];
    if (!m) {  // the whole replay is not here yet: the moment is drawn when it comes (install)
      $("where").textContent = "event " + at + " of " + last + " (loading…)";
      $("slider").value = String(at);
      return;
    }
    const t = m.table;
    $("where").textContent = "event " + at + " of " + last;
    $("current-line").textContent = at + "  " + events[at - 1].line;
    $("slider").value = String(at);
    $("first").disabled = $("prev").disabled = at === 1;
    $("next").disabled = $("last").disabled = at === last;
    $("contract").textContent = t.contract ? t.contract + (t.dealer ? ", dealer " + SEAT_NAME[t.dealer] : "")
      : "no contract yet";
    const tags = moments[last - 1].table.tags;  // the occasion, as the whole record says
    const occasion = ["Event", "Date", "Site", "Table", "Board", "Director"].filter(function (k) { return tags[k]; })
      .map(function (k) { return k.toLowerCase() + " " + tags[k]; });
    $("occasion").textContent = occasion.join(" · ");
    ["N", "E", "S", "W"].forEach(function (s) { renderSeat(s, t); });
    renderCenter(t);
    renderStatus(m);
    renderHistory(t);
    renderDealt(t);
    renderRulings(m);
    renderStatements(m);
    renderScore(m);
    renderEvents();
    if (writable) renderQuick(m);
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
  window.addEventListener("hashchange", function () {
    const n = parseInt(new URLSearchParams(location.hash.slice(1)).get("at") || "", 10);
    if (Number.isFinite(n) && clamp(n) !== at) go(n);
  });

  $("first").addEventListener("click", function () { go(1); });
  $("prev").addEventListener("click", function () { go(at - 1); });
  $("next").addEventListener("click", function () { go(at + 1); });
  $("last").addEventListener("click", function () { go(last); });
  $("slider").max = String(last);
  $("slider").addEventListener("input", function () { go(parseInt($("slider").value, 10)); });
  document.querySelectorAll("#events a").forEach(function (a) {
    a.addEventListener("click", function (ev) { ev.preventDefault(); go(Number(a.dataset.at)); });
  });
  document.addEventListener("keydown", function (ev) {
    const tag = ev.target && ev.target.tagName;
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const to = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 1, End: last }[ev.key];
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

  function renderQuick(m) {
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
    const t = m.table;
    const r = m.rulings;
    r.revokes.forEach(function (v) {
      // "Having none?" may be asked, and must be recorded, after the revoke is established too (L85).
      if ((v.status === "correctable" || v.status === "established") && v.kind === "revoke") {
        quickButton(box, "ask " + PARTNER[v.seat] + " " + v.seat);
      }
      if (v.status === "correctable") quickButton(box, "withdraw " + v.seat + " " + v.card);
      if (v.penalty && v.penalty.elector && !v.penalty.elected) {
        v.penalty.options.forEach(function (o) { quickButton(box, "elect " + v.penalty.elector + " " + o); });
      }
    });
    r.irregularities.forEach(function (i) {
      if (i.penalty && i.penalty.elector && !i.penalty.elected) {
        i.penalty.options.forEach(function (o) {
          if (o !== "lead" && o !== "forbid" && o !== "call") quickButton(box, "elect " + i.penalty.elector + " " + o);
        });
      }
    });
    t.questions.forEach(function (q) {
      // In words a director will not misclick: "yes" is "I do hold one".
      quickButton(box, "answer " + q.asked + " yes", SEAT_NAME[q.asked] + " holds one (yes)");
      quickButton(box, "answer " + q.asked + " no", SEAT_NAME[q.asked] + " has none (no)");
    });
    // A trick is turned and quitted once it is whole (its winner known), not before.
    if (t.trick && t.trick.winner && !t.trick.quitted_by) { quickButton(box, "quit NS"); quickButton(box, "quit EW"); }
    // Undo is no deletion: the last card played may be taken back, as the laws let it be.
    const lastEvent = events[last - 1];
    const played = /^play ([NESW]) (\S+)$/.exec(lastEvent.line);
    if (played && !box.querySelector("[data-line='withdraw " + played[1] + " " + played[2] + "']")) {
      quickButton(box, "withdraw " + played[1] + " " + played[2]);
    }
    // Undo: the last event struck from the record (a correction, kept and shown), once confirmed.
    if (last > 3) {
      const undo = el("button", "undo", "undo event " + last + "…");
      undo.type = "button";
      undo.dataset.line = "strike " + last;
      undo.addEventListener("click", function () {
        if (window.confirm("Strike event " + last + " ('" + lastEvent.line + "') from the record? The record keeps it, " +
                           "struck, with this correction.")) {
          record("strike " + last + " by=room undone from the room");
        }
      });
      box.appendChild(undo);
    }
    quickButton(box, "inspect");
    quickButton(box, "cut");
    // The acts that need words of their own: the line is started, the recorder finishes it.
    const seat = t.declarer || "S";
    [["claim", "claim " + seat + " "], ["claim a revoke", "claim-revoke NS "], ["mix", "mix "],
     ["attention", "attention " + (t.dummy || "N") + " "], ["restore", "restore "], ["note", "note by= "]]
      .forEach(function (pair) {
        const b = el("button", "start", pair[0] + "…");
        b.type = "button";
        b.addEventListener("click", function () { const i = $("line"); i.value = pair[1]; i.focus(); });
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
    moments = expand(full.moments);
    whole = true;
    body.dataset.whole = "1";
    render();
  }

  at = readAt();
  render();
  if (whole) body.dataset.whole = "1";
  window.handrecInstall = install;
  if (window.handrecFull) install(window.handrecFull);
  // For the tests: the moment at N as the script rebuilt it from the compact replay.
  window.handrecReview = { go: go, at: function () { return at; }, last: last,
    moment: function (n) { return moments[n - 1]; }, whole: function () { return whole; } };
})();
