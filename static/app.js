// duocthu chat page: talks to the JSON API (docs/api.md); no framework, no third-party code.
// Server text is only ever inserted with textContent, never as HTML.
"use strict";

(() => {
  const STORAGE_KEY = "duocthu.conversation";
  const TURN_TIMEOUT_MS = 65000; // the 40 s turn budget plus one in-flight model call
  const MAX_CHARS = 2000;

  const STATE_LABELS = {
    idle: "Sẵn sàng",
    clarifying_population: "Đang hỏi: người lớn hay trẻ em",
    clarifying_age_weight: "Đang hỏi: tuổi và cân nặng",
    clarifying_query: "Đang hỏi thêm chi tiết",
    retrieving: "Đang tra cứu",
    answering: "Đã trả lời",
    abstained: "Không trả lời",
  };

  // Each reason in words: the one table (core/reason_labels.py), embedded by the service in
  // the page it serves; a page opened without it shows the reason code itself.
  const REASON_LABELS = (() => {
    const embedded = document.querySelector('meta[name="duocthu-reason-labels"]');
    try {
      return embedded ? JSON.parse(embedded.content) : {};
    } catch (_err) {
      return {};
    }
  })();

  const $ = (id) => document.getElementById(id);
  const els = {
    messages: $("messages"),
    chips: $("quick-replies"),
    status: $("status"),
    form: $("composer"),
    input: $("composer-input"),
    send: $("send"),
    count: $("char-count"),
    badge: $("state-badge"),
    newConv: $("new-conversation"),
    citePanel: $("citation-panel"),
    citeTitle: $("citation-title"),
    citeBody: $("citation-body"),
    citeClose: $("citation-close"),
    citePassage: $("citation-passage"),
    demoNotice: $("demo-notice"),
    pathPanel: $("path-panel"),
    pathMeta: $("path-meta"),
    pathList: $("path-list"),
    diagramPanel: $("diagram-panel"),
    diagram: $("diagram"),
  };

  let session = null; // {id, token}
  let currentState = "idle";
  let busy = false;
  let citeOpener = null;

  // -- small helpers --------------------------------------------------------------------
  const el = (tag, cls, text) => {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  };

  const newKey = () => {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  };

  const loadSession = () => {
    try {
      const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) || "null");
      return saved && saved.id && saved.token ? saved : null;
    } catch {
      return null;
    }
  };
  const saveSession = (s) => localStorage.setItem(STORAGE_KEY, JSON.stringify(s));
  const clearSession = () => localStorage.removeItem(STORAGE_KEY);

  class ApiError extends Error {
    constructor(status, code, message, retryAfter) {
      super(message || code);
      this.status = status;
      this.code = code;
      this.retryAfter = retryAfter;
    }
  }

  async function api(method, path, body, timeoutMs = 15000) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const headers = { Accept: "application/json" };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (session) headers.Authorization = `Bearer ${session.token}`;
    try {
      const res = await fetch(path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: controller.signal,
        cache: "no-store",
      });
      if (res.status === 204) return null;
      const data = await res.json().catch(() => null);
      if (!res.ok) {
        const err = (data && data.error) || {};
        throw new ApiError(res.status, err.code || "http_" + res.status, err.message,
          Number(res.headers.get("Retry-After") || 0));
      }
      return data;
    } catch (exc) {
      if (exc instanceof ApiError) throw exc;
      const timedOut = exc && exc.name === "AbortError";
      throw new ApiError(0, timedOut ? "timeout" : "network",
        timedOut ? "Máy chủ trả lời quá lâu." : "Không kết nối được máy chủ.", 0);
    } finally {
      clearTimeout(timer);
    }
  }

  // -- rendering ------------------------------------------------------------------------
  function setState(state) {
    currentState = state || "idle";
    els.badge.dataset.state = currentState;
    els.badge.textContent = STATE_LABELS[currentState] || currentState;
    if (els.diagramPanel.open) loadDiagram();
  }

  function setStatus(text, retry) {
    els.status.replaceChildren();
    if (text) els.status.append(el("span", "", text));
    if (retry) {
      const button = el("button", "button secondary small", "Thử lại");
      button.type = "button";
      button.id = "retry";
      button.addEventListener("click", retry);
      els.status.append(button);
    }
  }

  function addMessage(node) {
    els.messages.append(node);
    node.scrollIntoView({ block: "end" });
  }

  function userMessage(text) {
    const li = el("li", "msg user");
    li.append(el("span", "who", "Bạn"), el("p", "text", text));
    addMessage(li);
  }

  // The message repeats the claims ("- ... [1]") and the sources ("Nguồn:"); the page shows
  // those as structured lists, so only the other lines stay as text: the lead above the
  // list, and what the message says after its claims (other bands, notices) below it.
  function messageParts(message) {
    const lead = [];
    const tail = [];
    let seenClaim = false;
    for (const line of message.split("\n")) {
      if (line.trim() === "Nguồn:") break;
      if (line.startsWith("- ")) seenClaim = true;
      else (seenClaim ? tail : lead).push(line);
    }
    return { lead: lead.join("\n").trim(), tail: tail.join("\n").trim() };
  }

  function botMessage(result) {
    const li = renderBot(result);
    followLatest(li, result);
  }

  function renderBot(result) {
    const outcome = result.outcome;
    const li = el("li", `msg bot ${outcome}`);
    li.dataset.reason = result.reason;
    li.dataset.turn = String(result.turn);
    if (outcome === "abstain") {
      li.setAttribute("role", "note");
      li.append(el("p", "abstain-label", `Không trả lời: ${REASON_LABELS[result.reason] || result.reason}`));
      li.append(el("p", "text", result.message));
      addMessage(li);
      return li;
    }
    li.append(el("span", "who", "Dược thư"));
    const claims = result.claims || [];
    if (claims.length) {
      const { lead, tail } = messageParts(result.message);
      if (lead) li.append(el("p", "text", lead));
      const list = el("ul", "claims");
      for (const claim of claims) {
        const item = el("li", claim.derivation ? "claim derived" : "claim", claim.text);
        if (claim.derivation) {
          // An amount worked out by code from the quoted row and the weight given: say so,
          // and keep the book's words and the cap at hand.
          const d = claim.derivation;
          const surface = d.body_surface_m2 != null;
          item.prepend(el("span", "derived-label", surface ? "Tính theo diện tích da: " : "Tính theo cân nặng: "));
          const body = surface ? `${d.body_surface_m2} m²` : `${d.weight_kg} kg`;
          item.title = `Từ “${d.quoted}” × ${body}` + (d.cap ? `; đã áp mức “${d.cap}”` : "");
        }
        for (const index of claim.citations) {
          const citation = result.citations[index];
          if (!citation) continue;
          const button = el("button", "cite", `[${index + 1}]`);
          button.type = "button";
          button.setAttribute("aria-expanded", "false");
          button.setAttribute("aria-controls", "citation-panel");
          button.setAttribute("aria-label", `Nguồn ${index + 1}: ${citation.drug_name}, ${citation.section_title}`);
          button.dataset.index = String(index);
          button.dataset.claim = claim.text;
          button.addEventListener("click", () => openCitation(citation, index, button));
          item.append(button);
        }
        list.append(item);
      }
      li.append(list);
      if (tail) li.append(el("p", "text after-claims", tail));
      noteDemoData(result.citations);
      if (result.citations.some((c) => c.verify_pdf)) {
        li.append(el("p", "notice-line", "Một số nguồn cần đối chiếu bản in Dược thư."));
      }
    } else {
      li.append(el("p", "text", result.message));
    }
    addMessage(li);
    return li;
  }

  function errorMessage(text) {
    const li = el("li", "msg bot error", text);
    li.setAttribute("role", "alert");
    addMessage(li);
  }

  // History saved before claims and citations were kept has each reply's text only; that
  // text is rendered by grounding/render.py in a fixed shape
  // ("- claim [1][2]" lines, then "Nguồn:" and "[n] Drug — Section, tr. a–b (mark)"), so
  // the page rebuilds them from it and shows the answer as the live turn did.
  const CLAIM_LINE = /^- (.*?)\s*((?:\[\d+\])+)$/;
  const SOURCE_LINE = /^\[(\d+)\] (.+?) — (.+?)(?:, tr\. (\d+)(?:–(\d+))?)?( \(cần đối chiếu bản in\))?$/;

  function parseStoredAnswer(message) {
    const claims = [];
    const citations = [];
    let inSources = false;
    for (const line of message.split("\n")) {
      if (line.trim() === "Nguồn:") {
        inSources = true;
        continue;
      }
      const match = inSources ? SOURCE_LINE.exec(line.trim()) : CLAIM_LINE.exec(line);
      if (!match) continue;
      if (inSources) {
        citations[Number(match[1]) - 1] = {
          drug_name: match[2], section_title: match[3],
          page_start: match[4] ? Number(match[4]) : null,
          page_end: match[5] ? Number(match[5]) : (match[4] ? Number(match[4]) : null),
          source: "", verify_pdf: Boolean(match[6]),
        };
      } else {
        const refs = Array.from(match[2].matchAll(/\[(\d+)\]/g), (m) => Number(m[1]) - 1);
        claims.push({ text: match[1], citations: refs });
      }
    }
    const complete = claims.every((c) => c.citations.every((i) => citations[i]));
    return complete ? { claims, citations } : { claims: [], citations: [] };
  }

  function historyMessage(line) {
    if (line.role === "user") {
      userMessage(line.text);
      return;
    }
    const outcome = line.outcome || "answerable";
    // Replies stored since history kept them carry their claims and citations; older ones
    // are rebuilt from the rendered text.
    const stored = (line.citations || []).length > 0;
    const parsed = stored ? { claims: line.claims || [], citations: line.citations }
      : outcome === "answerable" ? parseStoredAnswer(line.text) : { claims: [], citations: [] };
    renderBot({ outcome, reason: line.reason || "", message: line.text, turn: line.turn,
      claims: parsed.claims, citations: parsed.citations });
  }

  function showChips(replies) {
    els.chips.replaceChildren();
    els.chips.hidden = !replies || replies.length === 0;
    for (const reply of replies || []) {
      const chip = el("button", "chip", reply);
      chip.type = "button";
      chip.addEventListener("click", () => sendTurn(reply));
      els.chips.append(chip);
    }
  }

  function showPath(result) {
    els.pathList.replaceChildren();
    const rule = result.route_rule === null || result.route_rule === undefined ? "–" : result.route_rule;
    const label = REASON_LABELS[result.reason] || result.reason;
    els.pathMeta.textContent = `Lượt ${result.turn} · quy tắc định tuyến ${rule} · ${label} ` +
      `(${result.outcome}/${result.reason}) · số lần hỏi lại liên tiếp: ${result.clarify_streak}`;
    for (const step of result.path || []) {
      const li = el("li");
      li.append(el("code", "", step.source), " → ", el("code", "", step.dest), ` (${step.trigger})`);
      els.pathList.append(li);
    }
  }

  function pages(c) {
    if (c.page_start === null || c.page_start === undefined) return "không rõ";
    if (c.page_end === null || c.page_end === undefined || c.page_end === c.page_start) return `tr. ${c.page_start}`;
    return `tr. ${c.page_start}–${c.page_end}`;
  }

  function openCitation(citation, index, button, moveFocus = true) {
    if (citeOpener) citeOpener.setAttribute("aria-expanded", "false");
    citeOpener = button;
    button.setAttribute("aria-expanded", "true");
    els.citeTitle.textContent = `Nguồn [${index + 1}]`;
    els.citeBody.replaceChildren();
    const rows = [
      ["Thuốc", citation.drug_name],
      ["Mục", citation.section_title],
      ["Trang", pages(citation)],
      ["Nguồn", citation.source || "Dược thư Quốc gia Việt Nam"],
    ];
    for (const [term, value] of rows) els.citeBody.append(el("dt", "", term), el("dd", "", value));
    const flag = el("dd");
    flag.append(citation.verify_pdf
      ? el("span", "verify-flag", "Cần đối chiếu bản in")
      : el("span", "", "Không cần"));
    els.citeBody.append(el("dt", "", "Đối chiếu bản in"), flag);
    showPassage(citation, button.dataset.claim || "");
    els.citePanel.hidden = false;
    placeSheet();
    if (moveFocus) els.citeTitle.focus();
  }

  // An open citation panel follows the newest reply: it shows that answer's first source,
  // or closes (without moving focus) when the reply has none, e.g. an abstention, so it
  // never shows a source for an answer that is no longer the latest.
  function followLatest(li, result) {
    if (els.citePanel.hidden) return;
    const first = li.querySelector("button.cite");
    if (first && result.outcome !== "abstain") {
      const index = Number(first.dataset.index);
      openCitation(result.citations[index], index, first, false);
      return;
    }
    if (citeOpener) citeOpener.setAttribute("aria-expanded", "false");
    citeOpener = null;
    els.citeBody.replaceChildren();
    els.citePassage.replaceChildren();
    els.citePanel.hidden = true;
  }

  // -- the cited passage (issue 25): the quoted row under its heading, then the whole part --
  // The passage is the cited part's text as the book prints it (turn result `passage`);
  // markdown marks (`###`, `*…*`) are dropped for reading, the words are not touched.
  const plainLine = (line) => line.replace(/^#+\s*/, "").replace(/\*+/g, "").replace(/^\s*-\s+/, "").trim();
  const isHeading = (line) => /^\s*#/.test(line) || /^\s*\*[^*]+:\*\s*$/.test(line)
    || (/:\s*$/.test(line) && plainLine(line).length <= 60);
  const words = (text) => new Set(plainLine(text).toLowerCase().normalize("NFC").split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 1));

  // The line of the passage the claim quotes (most words in common) and the heading in
  // force above it: the nearest heading line, or the italic label opening the row itself.
  function quotedRow(passage, claimText) {
    const lines = passage.split("\n").filter((l) => l.trim());
    const want = words(claimText);
    let best = -1, bestScore = 0;
    lines.forEach((line, i) => {
      if (isHeading(line)) return;
      const have = words(line);
      let score = 0;
      for (const w of want) if (have.has(w)) score += 1;
      if (score > bestScore) { best = i; bestScore = score; }
    });
    if (best < 0 || bestScore < Math.min(3, want.size)) return { lines, row: -1, heading: "" };
    // The headings in force: the nearest two heading lines above the row (its own opening
    // label, if any, is already in the quoted row).
    const above = [];
    for (let i = best - 1; i >= 0 && above.length < 2; i -= 1) {
      if (isHeading(lines[i])) above.unshift(plainLine(lines[i]).replace(/:\s*$/, ""));
    }
    return { lines, row: best, heading: above.join(" › ") };
  }

  function showPassage(citation, claimText) {
    const box = els.citePassage;
    box.replaceChildren();
    const passage = citation.passage || "";
    if (!passage) return;
    const { lines, row, heading } = quotedRow(passage, claimText);
    if (row >= 0) {
      box.append(el("h3", "passage-label", "Dòng được trích"));
      if (heading) box.append(el("p", "passage-heading", heading));
      box.append(el("blockquote", "passage-row", plainLine(lines[row])));
    }
    const whole = el("details", "passage-whole");
    whole.append(el("summary", "", `Đọc toàn văn mục «${citation.section_title}» được trích`));
    const text = el("div", "passage-text");
    lines.forEach((line, i) => {
      const p = el(i === row ? "mark" : "p", isHeading(line) ? "passage-h" : "", plainLine(line));
      text.append(p);
    });
    whole.append(text);
    // Opened, the whole text starts at the quoted row, which is marked.
    whole.addEventListener("toggle", () => {
      const mark = text.querySelector("mark");
      if (whole.open && mark) text.scrollTop = Math.max(0, mark.offsetTop - text.offsetTop - 24);
    });
    if (row < 0) whole.open = true;
    box.append(whole);
  }

  // The demo-data notice stays on the page once any answer cites the bundled demo corpus
  // (its every record's source says so), for the rest of the visit.
  function noteDemoData(citations) {
    if (!(citations || []).some((c) => /^duocthu-demo\b/.test(c.source || ""))) return;
    els.demoNotice.hidden = false;
    try { sessionStorage.setItem("duocthu.demo", "1"); } catch { /* private mode: this page only */ }
  }

  // On a narrow screen the panel is a sheet; it goes where there is room, above or below
  // the composer, and never over it.
  const NARROW = window.matchMedia("(max-width: 899px)");
  function placeSheet() {
    const style = els.citePanel.style;
    style.top = style.bottom = style.maxHeight = "";
    if (els.citePanel.hidden || !NARROW.matches) return;
    const box = els.form.getBoundingClientRect();
    const above = box.top - 16;
    const below = window.innerHeight - box.bottom - 16;
    if (above >= below) {
      style.bottom = `${window.innerHeight - box.top + 8}px`;
      style.maxHeight = `${Math.max(above, 0)}px`;
    } else {
      style.top = `${box.bottom + 8}px`;
      style.maxHeight = `${Math.max(below, 0)}px`;
    }
  }

  function closeCitation() {
    els.citePanel.hidden = true;
    placeSheet();
    if (citeOpener) {
      citeOpener.setAttribute("aria-expanded", "false");
      citeOpener.focus();
      citeOpener = null;
    }
  }

  // The states as a strip (current one marked) and the edges leaving the current state,
  // from the JSON form of the machine; shown above the Mermaid text when there is no SVG.
  function diagramSummary(graph) {
    const box = el("div", "diagram-summary");
    const states = el("ol", "state-strip");
    states.setAttribute("aria-label", "Các trạng thái");
    for (const s of graph.states || []) {
      const item = el("li", s.name === currentState ? "state current" : "state", s.name);
      if (s.name === currentState) item.setAttribute("aria-current", "step");
      states.append(item);
    }
    box.append(states);
    const leaving = (graph.transitions || []).filter((t) => (t.sources || []).includes(currentState));
    if (leaving.length) {
      box.append(el("p", "meta", "Từ trạng thái hiện tại có thể đi tới:"));
      const list = el("ul", "edge-list");
      for (const t of leaving) {
        const guards = t.guards && t.guards.length ? ` [${t.guards.join(", ")}]` : "";
        list.append(el("li", "", `${t.trigger} → ${t.dest}${guards}`));
      }
      box.append(list);
    }
    return box;
  }

  function mermaidBlock(text) {
    const details = el("details", "mermaid");
    details.append(el("summary", "", "Mã Mermaid (trạng thái hiện tại được tô sáng)"));
    const pre = el("pre");
    const own = [`state "${currentState}"`, `class ${currentState} `, `${currentState} -->`];
    for (const line of text.split("\n")) {
      const trimmed = line.trim().toLowerCase();
      pre.append(own.some((p) => trimmed.startsWith(p.toLowerCase())) ? el("mark", "", line) : line, "\n");
    }
    details.append(pre);
    return details;
  }

  // -- the machine on a phone (issue 25): every way a turn can end, as readable steps -------
  const OUTCOME_TITLES = {
    answering: "Trả lời từ nguồn hoặc câu chào cố định (answering)",
    clarifying_population: "Hỏi người lớn hay trẻ em (clarifying_population)",
    clarifying_age_weight: "Hỏi tuổi và cân nặng (clarifying_age_weight)",
    clarifying_query: "Hỏi thêm chi tiết (clarifying_query)",
    abstained: "Không trả lời (abstained)",
  };

  async function showOutcomePaths() {
    let graph;
    try {
      const res = await fetch("/v1/state-diagram?format=json", { cache: "no-store" });
      if (!res.ok) return;
      graph = await res.json();
    } catch { return; }
    const box = el("section", "outcome-paths");
    box.setAttribute("aria-label", "Đường đến từng kết quả");
    box.append(el("h3", "", "Đường đến từng kết quả"));
    box.append(el("p", "meta", `Ngắt vòng hỏi lại: sau ${graph.max_consecutive_clarify} lượt hỏi liên tiếp không có thông tin mới, lượt kế tiếp dừng với clarify_loop_exhausted (MAX_CONSECUTIVE_CLARIFY = ${graph.max_consecutive_clarify}); câu trả lời mang thêm thông tin thì đếm lại từ đầu.`));
    const checks = el("details", "grounded-checks");
    checks.append(el("summary", "", "has_grounded_answer: các kiểm tra trước khi trả lời"));
    const checkList = el("ul", "");
    for (const c of graph.grounded_answer_checks || []) checkList.append(el("li", "", `${c.name} (${c.applies}): ${c.passes_when}`));
    checks.append(checkList);
    box.append(checks);
    const groups = new Map();
    for (const p of graph.paths || []) {
      if (!groups.has(p.to)) groups.set(p.to, []);
      groups.get(p.to).push(p);
    }
    for (const [to, paths] of groups) {
      const group = el("details", "outcome");
      group.dataset.outcome = to;
      if (to === "answering") group.open = true;
      group.append(el("summary", "", OUTCOME_TITLES[to] || to));
      const list = el("ol", "path-steps");
      for (const p of paths) {
        const item = el("li", p.route === "dose" ? "route dose" : "route");
        item.dataset.route = p.route;
        item.append(el("strong", "", p.title));
        const steps = el("ol", "steps");
        for (const s of p.steps) steps.append(el("li", "", s));
        item.append(steps);
        const facts = [];
        if (p.reasons.length) facts.push(`lý do: ${p.reasons.join(", ")}`);
        if (p.rules.length) facts.push(`luật: ${p.rules.join(", ")}`);
        if (p.checks.length) facts.push(`kiểm tra: ${p.checks.join(", ")}`);
        if (facts.length) item.append(el("p", "meta", facts.join(" · ")));
        list.append(item);
      }
      group.append(list);
      box.append(group);
    }
    els.diagram.append(box);
  }

  async function loadDiagram() {
    const state = encodeURIComponent(currentState);
    els.diagram.replaceChildren(el("p", "meta", "Đang tải sơ đồ…"));
    try {
      const res = await fetch(`/v1/state-diagram?format=svg&current=${state}`, { cache: "no-store" });
      if (res.ok) {
        const url = URL.createObjectURL(await res.blob());
        const img = el("img");
        img.src = url;
        img.alt = `Sơ đồ trạng thái; trạng thái hiện tại: ${currentState}`;
        const frame = el("div", "diagram-frame");
        frame.tabIndex = 0;
        frame.setAttribute("role", "region");
        frame.setAttribute("aria-label", "Sơ đồ trạng thái (cuộn ngang để xem hết)");
        frame.append(img);
        const caption = el("p", "meta diagram-caption");
        caption.append("Trạng thái hiện tại: ", el("code", "", currentState),
          " (tô cam). Mũi tên cam nét đứt: câu chào hỏi cố định, không phải câu trả lời từ nguồn. ");
        const full = el("a", "", "Mở sơ đồ đầy đủ");
        full.href = `/v1/state-diagram?format=svg&current=${state}`;
        full.target = "_blank";
        full.rel = "noopener";
        caption.append(full);
        els.diagram.replaceChildren(caption, frame);
        showOutcomePaths();
        // The picture lays the states out left to right in STATE_LABELS' order, one
        // 250-unit column each after a 70-unit margin (states/svg.py): bring the current
        // one into view.
        img.addEventListener("load", () => {
          const column = Object.keys(STATE_LABELS).indexOf(currentState);
          if (column < 0 || !img.naturalWidth) return;
          const scale = img.clientWidth / img.naturalWidth;
          frame.scrollLeft = (70 + column * 250 + 125) * scale - frame.clientWidth / 2;
        });
        return;
      }
      const [graph, text] = await Promise.all([
        fetch("/v1/state-diagram?format=json").then((r) => r.json()),
        fetch(`/v1/state-diagram?format=mermaid&current=${state}`).then((r) => r.text()),
      ]);
      els.diagram.replaceChildren(diagramSummary(graph), mermaidBlock(text));
    } catch {
      els.diagram.replaceChildren(el("p", "meta", "Không tải được sơ đồ."));
    }
  }

  // -- conversation flow ----------------------------------------------------------------
  async function startConversation() {
    session = null;
    const created = await api("POST", "/v1/conversations");
    session = { id: created.conversation_id, token: created.token };
    saveSession(session);
    setState(created.state);
    return session;
  }

  async function resume(saved) {
    session = saved;
    try {
      const view = await api("GET", `/v1/conversations/${encodeURIComponent(saved.id)}`);
      for (const line of view.history || []) historyMessage(line);
      setState(view.state);
      return true;
    } catch (exc) {
      if (exc.status === 404) {
        clearSession();
        session = null;
        return false;
      }
      throw exc;
    }
  }

  function setBusy(value) {
    busy = value;
    els.send.disabled = value;
    els.form.setAttribute("aria-busy", String(value));
  }

  async function sendTurn(text, retryOf) {
    text = (text || "").trim();
    if (!text || busy) return;
    if (text.length > MAX_CHARS) {
      setStatus(`Câu hỏi dài quá ${MAX_CHARS} ký tự.`);
      return;
    }
    const turn = retryOf || { text, key: newKey() };
    setBusy(true);
    if (!retryOf) {
      userMessage(text);
      showChips([]);
      els.input.value = "";
      updateCount();
    }
    setStatus("Đang tra cứu…");
    try {
      if (!session) await startConversation();
      const result = await api("POST", `/v1/conversations/${encodeURIComponent(session.id)}/turns`,
        { text: turn.text, idempotency_key: turn.key }, TURN_TIMEOUT_MS);
      setStatus("");
      botMessage(result);
      showChips(result.quick_replies);
      showPath(result);
      setState(result.state);
    } catch (exc) {
      handleTurnError(exc, turn);
    } finally {
      setBusy(false);
    }
  }

  function handleTurnError(exc, turn) {
    const retry = () => sendTurn(turn.text, turn);
    if (exc.status === 404) {
      clearSession();
      session = null;
      setStatus("Cuộc trò chuyện đã hết hạn hoặc không còn. Câu hỏi sẽ được gửi trong cuộc trò chuyện mới.",
        () => sendTurn(turn.text, { text: turn.text, key: newKey() }));
      return;
    }
    if (exc.status === 409 || exc.status === 429 || exc.status === 503) {
      const wait = exc.retryAfter ? ` Vui lòng thử lại sau ${exc.retryAfter} giây.` : "";
      setStatus(`${exc.message}${wait}`, retry);
      return;
    }
    if (exc.status === 0) {
      // Same idempotency key: if the server did finish the turn, the retry returns it unchanged.
      setStatus(`${exc.message} Bạn có thể thử lại; câu hỏi sẽ không bị xử lý hai lần.`, retry);
      return;
    }
    errorMessage(exc.message || "Đã có lỗi xảy ra.");
    setStatus("");
  }

  async function newConversation() {
    if (busy) return;
    const old = session;
    els.messages.replaceChildren();
    showChips([]);
    closeCitation();
    els.pathList.replaceChildren();
    els.pathMeta.textContent = "Chưa có lượt nào.";
    setStatus("");
    try {
      await startConversation();
    } catch (exc) {
      setStatus(exc.message || "Không tạo được cuộc trò chuyện mới.");
    }
    if (old) {
      // Forget the old conversation on the server too; failure here does not matter to the user.
      fetch(`/v1/conversations/${encodeURIComponent(old.id)}`, {
        method: "DELETE", headers: { Authorization: `Bearer ${old.token}` },
      }).catch(() => {});
    }
    els.input.focus();
  }

  function updateCount() {
    els.count.textContent = String(els.input.value.length);
  }

  // -- wiring ---------------------------------------------------------------------------
  els.form.addEventListener("submit", (event) => {
    event.preventDefault();
    sendTurn(els.input.value);
  });
  els.input.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      sendTurn(els.input.value);
    }
  });
  els.input.addEventListener("input", updateCount);
  els.newConv.addEventListener("click", newConversation);
  els.citeClose.addEventListener("click", closeCitation);
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !els.citePanel.hidden) closeCitation();
  });
  window.addEventListener("resize", placeSheet);
  window.addEventListener("scroll", placeSheet, { passive: true });
  els.diagramPanel.addEventListener("toggle", () => {
    if (els.diagramPanel.open) loadDiagram();
  });

  (async () => {
    // The server marks the page when it serves the demo corpus; an answer citing demo data
    // (noteDemoData) shows the notice too, for the rest of the visit.
    if (document.body.dataset.demoCorpus === "true") els.demoNotice.hidden = false;
    try { if (sessionStorage.getItem("duocthu.demo")) els.demoNotice.hidden = false; } catch { /* none */ }
    const saved = loadSession();
    try {
      if (!(saved && (await resume(saved)))) await startConversation();
      setStatus("");
    } catch (exc) {
      setStatus(exc.message || "Không kết nối được máy chủ.", () => location.reload());
    }
    document.body.dataset.ready = "true";
  })();
})();
