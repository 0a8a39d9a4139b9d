/// The playground's one page: layout, style and script. CodeMirror comes from Debian's
/// libjs-codemirror, served under `/codemirror/`; everything else is here. The page reads what
/// the server tells it (`CONFIG`: the program, the lesson, the language's words) and talks to
/// the tab's session through `/api/run`, `/api/do`, `/api/check` and `/api/lesson-check`.
enum PlaygroundPage {
    static func html(config: JSON) -> String {
        // JSON inside a script element: `</` would end the element.
        let data = config.text.replacing("</", with: "<\\/")
        return page.replacing("%CONFIG%", with: data)
    }

    private static let page = #"""
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>Tapline playground</title>
        <link rel="stylesheet" href="/codemirror/lib/codemirror.css">
        <script src="/codemirror/lib/codemirror.js"></script>
        <script src="/codemirror/addon/mode/simple.js"></script>
        <script src="/codemirror/addon/edit/matchbrackets.js"></script>
        <style>
        body { margin: 0; font-family: system-ui, sans-serif; background: #f6f7f9; color: #1f2328; }
        header { display: flex; gap: 10px; align-items: center; padding: 8px 14px; background: #24292e; color: #fff; flex-wrap: wrap; }
        header h1 { font-size: 16px; margin: 0 12px 0 0; }
        header button, header select { font-size: 13px; padding: 4px 10px; border-radius: 6px; border: 1px solid #57606a; background: #fff; cursor: pointer; }
        header button.primary { background: #2da44e; color: #fff; border-color: #2da44e; }
        #clock { font-family: ui-monospace, monospace; margin-left: 6px; }
        main { display: grid; grid-template-columns: minmax(380px, 1fr) minmax(380px, 1fr); gap: 12px; padding: 12px; }
        section { background: #fff; border: 1px solid #d0d7de; border-radius: 8px; padding: 8px 12px; margin-bottom: 12px; }
        section h2 { font-size: 13px; text-transform: uppercase; letter-spacing: .04em; color: #57606a; margin: 2px 0 8px; }
        .CodeMirror { height: 420px; border: 1px solid #d0d7de; border-radius: 6px; font-size: 13px; }
        .cm-tapline-error { text-decoration: wavy underline #cf222e; }
        .cm-tapline-warning { text-decoration: wavy underline #bf8700; }
        .cm-command { color: #8250df; font-weight: bold; }
        #diagnostics div { font-family: ui-monospace, monospace; font-size: 12px; white-space: pre-wrap; color: #cf222e; margin-top: 6px; }
        #diagnostics div.warning { color: #9a6700; }
        pre { margin: 0; font-size: 12px; white-space: pre-wrap; max-height: 260px; overflow: auto; }
        #output .new { background: #fff8c5; }
        .row { display: flex; gap: 8px; flex-wrap: wrap; align-items: center; margin: 4px 0; }
        button.tap { font-size: 14px; padding: 6px 14px; border-radius: 8px; border: 1px solid #0969da; background: #ddf4ff; cursor: pointer; }
        .field { display: flex; gap: 4px; align-items: center; font-family: ui-monospace, monospace; font-size: 13px; }
        .field input { width: 120px; font-family: inherit; }
        .value { font-family: ui-monospace, monospace; font-size: 13px; }
        .views { display: flex; gap: 10px; flex-wrap: wrap; }
        .view-panel { border: 2px solid #2da44e; border-radius: 10px; padding: 6px 12px; min-width: 120px; transition: opacity .3s; }
        .view-panel[data-state="dismantled"] { border: 2px dashed #afb8c1; opacity: .55; }
        .view-panel .state { font-size: 11px; color: #57606a; }
        .flash { animation: flash .8s; }
        @keyframes flash { from { background: #fff8c5; } to { background: transparent; } }
        #marbles { overflow-x: auto; }
        #marbles svg g.mark { cursor: pointer; }
        #trace-line { font-family: ui-monospace, monospace; font-size: 12px; white-space: pre-wrap; color: #0550ae; min-height: 1.2em; }
        #lesson { grid-column: 1 / -1; }
        #lesson { max-height: 45vh; overflow: auto; }
        /* Lessons are written for a terminal: their columns line up in a fixed-width font. */
        #lesson .text, #lesson-task { white-space: pre-wrap; font-family: ui-monospace, monospace; font-size: 13px; line-height: 1.35; }
        #lesson pre.starter { background: #f6f8fa; padding: 6px; border-radius: 6px; }
        #verdict.passed { color: #1a7f37; } #verdict.failed { color: #cf222e; }
        .empty { color: #8c959f; font-size: 13px; }
        </style>
        </head>
        <body>
        <header>
          <h1>Tapline playground</h1>
          <button id="run" class="primary" title="Run the program from the start (Ctrl-Enter)">▶ Run</button>
          <button id="share" title="A link with the program in it">Share</button>
          <span style="margin-left:12px">Clock:</span>
          <button id="play">Play</button><button id="pause" disabled>Pause</button><button id="step">Step</button>
          <select id="speed" title="Virtual time per tick"><option value="50">0.5×</option><option value="100" selected>1×</option><option value="200">2×</option><option value="500">5×</option></select>
          <span id="clock">0ms</span>
          <span id="status" style="margin-left:auto"></span>
        </header>
        <main>
          <section id="lesson" hidden>
            <h2 id="lesson-title"></h2>
            <div class="text" id="lesson-text"></div>
            <p><b>Exercise.</b> <span id="lesson-task"></span></p>
          </section>
          <div>
            <section>
              <h2 id="editor-title">Program</h2>
              <pre class="starter" id="lesson-before" hidden></pre>
              <textarea id="code"></textarea>
              <pre class="starter" id="lesson-after" hidden></pre>
              <div id="diagnostics"></div>
              <div id="lesson-check" hidden>
                <div class="row"><button id="check">Check</button><button id="hint">Hint</button><span id="verdict"></span></div>
                <pre id="lesson-notes"></pre>
              </div>
            </section>
            <section>
              <h2>Output</h2>
              <pre id="output"></pre>
            </section>
          </div>
          <div>
            <section id="world">
              <h2>The program's world</h2>
              <div id="buttons" class="row"></div>
              <div id="subjects"></div>
              <div id="values"></div>
              <div id="views" class="views"></div>
              <div id="world-empty" class="empty">Run the program: its buttons, subjects, values and views appear here.</div>
            </section>
            <section>
              <h2>Marbles</h2>
              <div id="marbles"><span class="empty">Nothing recorded yet.</span></div>
              <div id="trace-line"></div>
            </section>
          </div>
        </main>
        <script>
        const CONFIG = %CONFIG%;
        const $ = (id) => document.getElementById(id);
        const tab = sessionStorage.getItem("tapline-tab") || Math.random().toString(36).slice(2) + Date.now().toString(36);
        sessionStorage.setItem("tapline-tab", tab);
        const drawn = {};          // the last drawing of each view with a body
        let timer = null;
        let marks = [];

        // Without CodeMirror (libjs-codemirror not installed) the page still works, on the
        // plain text area: the server said how to install the editor.
        if (typeof CodeMirror === "undefined") {
          window.CodeMirror = {
            defineSimpleMode() {},
            fromTextArea(area) {
              area.style.width = "100%"; area.style.height = "420px";
              return { getValue: () => area.value, setValue: (v) => { area.value = v; area.dispatchEvent(new Event("input")); },
                       on: (_, f) => area.addEventListener("input", f), markText: () => ({ clear() {} }) };
            },
          };
        }
        // Colouring: Swift's words, Tapline's commands at the start of a statement.
        const words = (list) => new RegExp("(?:" + list.join("|") + ")\\b");
        CodeMirror.defineSimpleMode("tapline", {
          start: [
            { regex: /\/\/.*/, token: "comment" }, { regex: /#.*/, token: "comment" },
            { regex: /\/\*/, token: "comment", next: "comment" },
            { regex: /"(?:[^\\"]|\\.)*?(?:"|$)/, token: "string" },
            { regex: /\d+(?:\.\d+)?(?:ns|us|ms|s|min|h)?\b/, token: "number" },
            { regex: words(CONFIG.keywords.concat(["class", "struct", "enum", "protocol", "extension", "init", "deinit", "self", "in", "throws", "some"])), token: "keyword" },
            { regex: new RegExp("\\s*(?:" + CONFIG.commands.join("|") + ")\\b(?= )"), sol: true, token: "command" },
            { regex: /\$[A-Za-z_]\w*/, token: "variable-2" },
            { regex: /[A-Z]\w*/, token: "type" },
            { regex: /[a-z_]\w*/, token: "variable" },
            { regex: /[{[(]/, indent: true }, { regex: /[}\])]/, dedent: true },
          ],
          comment: [{ regex: /.*?\*\//, token: "comment", next: "start" }, { regex: /.*/, token: "comment" }],
          meta: { lineComment: "//", dontIndentStates: ["comment"] },
        });
        const editor = CodeMirror.fromTextArea($("code"), { mode: "tapline", lineNumbers: true, matchBrackets: true, indentUnit: 2,
          extraKeys: { "Ctrl-Enter": () => run(), "Cmd-Enter": () => run() } });

        function fromHash() {
          const match = location.hash.match(/code=([A-Za-z0-9_-]*)/);
          if (!match) return null;
          try {
            const bytes = Uint8Array.from(atob(match[1].replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
            return new TextDecoder().decode(bytes);
          } catch (e) { return null; }
        }
        function toHash(text) {
          let binary = "";
          new TextEncoder().encode(text).forEach((b) => { binary += String.fromCharCode(b); });
          return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
        }

        async function post(path, body) {
          const response = await fetch("/api/" + path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
          return response.json();
        }

        function markDiagnostics(list) {
          marks.forEach((m) => m.clear());
          marks = [];
          $("diagnostics").innerHTML = "";
          for (const d of list) {
            const from = { line: d.line - 1, ch: d.column - 1 };
            let to = { line: d.end_line - 1, ch: d.end_column - 1 };
            if (to.line === from.line && to.ch <= from.ch) to = { line: from.line, ch: from.ch + 1 };
            marks.push(editor.markText(from, to, { className: "cm-tapline-" + d.severity, title: d.message }));
            const div = document.createElement("div");
            div.className = d.severity;
            div.textContent = d.rendered || (d.line + ":" + d.column + ": " + d.message);
            div.dataset.id = d.id;
            $("diagnostics").appendChild(div);
          }
        }

        let checkTimer = null;
        editor.on("change", () => {
          clearTimeout(checkTimer);
          checkTimer = setTimeout(async () => markDiagnostics((await post("check", { code: editor.getValue() })).diagnostics || []), 400);
        });

        function show(reply) {
          if (reply.error) { $("status").textContent = reply.error; return; }
          const out = $("output");
          if (reply.output) {
            const span = document.createElement("span");
            span.className = "new";
            span.textContent = reply.output;
            out.querySelectorAll(".new").forEach((s) => s.classList.remove("new"));
            out.appendChild(span);
            out.scrollTop = out.scrollHeight;
          }
          if (reply.stderr) {
            const span = document.createElement("span");
            span.style.color = "#cf222e";
            span.textContent = reply.stderr;
            out.appendChild(span);
          }
          markDiagnostics(reply.diagnostics || []);
          $("clock").textContent = reply.time;
          $("status").textContent = reply.status === "ok" ? "" : reply.status === "interrupted"
            ? "stopped: it ran for " + CONFIG.requestSeconds + " s of real time (a loop that never ends?)" : reply.status;
          if (reply.status !== "ok") pause();
          for (const v of reply.views || []) drawn[v.name] = v;
          drawWorld(reply.world || []);
          drawMarbles(reply.svg);
        }

        // A value as `:list` shows it, without the subscriber count and ending it follows.
        const withoutCount = (detail) => detail.replace(/, \d+ subscribers?(, .*)?$/, "");

        function drawWorld(world) {
          $("world-empty").hidden = world.length > 0;
          const buttons = $("buttons"), subjects = $("subjects"), values = $("values"), views = $("views");
          buttons.innerHTML = ""; subjects.innerHTML = ""; values.innerHTML = "";
          const seenViews = new Set();
          for (const item of world) {
            if (item.keyword === "button") {
              const b = document.createElement("button");
              b.className = "tap";
              b.dataset.name = item.name;
              let title = item.detail;
              try { title = JSON.parse(item.detail); } catch (e) {}
              b.textContent = title || item.name;
              b.title = "tap " + item.name;
              b.onclick = () => act("tap " + item.name);
              buttons.appendChild(b);
            } else if (item.keyword === "subject" || item.keyword === "current") {
              const row = document.createElement("div");
              row.className = "field";
              row.dataset.name = item.name;
              const input = document.createElement("input");
              input.placeholder = item.type || "value";
              const send = document.createElement("button");
              send.textContent = "send";
              send.onclick = () => {
                let value = input.value;
                if ((item.type || "").startsWith("String") && !value.startsWith("\"")) value = JSON.stringify(value);
                act("send " + item.name + " " + value);
              };
              input.onkeydown = (e) => { if (e.key === "Enter") send.onclick(); };
              row.append(item.name + ":", input, send);
              if (item.keyword === "current") row.append(" " + withoutCount(item.detail));
              subjects.appendChild(row);
            } else if (item.keyword === "published" || (item.keyword === "let" && item.detail.startsWith("="))) {
              const row = document.createElement("div");
              row.className = "value";
              row.dataset.name = item.name;
              row.textContent = (item.keyword === "published" ? "@Published " : "let ") + item.name + " " + withoutCount(item.detail);
              values.appendChild(row);
            } else if (item.keyword === "view") {
              seenViews.add(item.name);
              let panel = views.querySelector('[data-view="' + CSS.escape(item.name) + '"]');
              if (!panel) {
                panel = document.createElement("div");
                panel.className = "view-panel";
                panel.dataset.view = item.name;
                views.appendChild(panel);
              }
              const state = item.detail.startsWith("shown") ? "mounted" : "dismantled";
              const body = drawn[item.name] && drawn[item.name].shown && state === "mounted" ? drawn[item.name].html : "";
              const html = "<div class=\"state\">" + item.name + " · " + state + "</div>" + body;
              if (panel.dataset.state !== state || panel.innerHTML !== html) {
                panel.dataset.state = state;
                panel.innerHTML = html;
                panel.classList.remove("flash"); void panel.offsetWidth; panel.classList.add("flash");
              }
              panel.querySelectorAll("button[data-tap]").forEach((b) => { b.onclick = () => act("tap " + b.dataset.tap); });
            }
          }
          views.querySelectorAll(".view-panel").forEach((p) => { if (!seenViews.has(p.dataset.view)) p.remove(); });
        }

        function drawMarbles(svg) {
          const box = $("marbles");
          if (!svg) { box.innerHTML = "<span class=\"empty\">Nothing recorded yet.</span>"; return; }
          box.innerHTML = svg;
          box.querySelectorAll("g.mark").forEach((g) => {
            g.onclick = () => {
              const title = g.querySelector("title");
              $("trace-line").textContent = title ? title.textContent : "";
            };
          });
        }

        async function run() {
          pause();
          $("output").textContent = "";
          $("trace-line").textContent = "";
          for (const k in drawn) delete drawn[k];
          $("views").innerHTML = "";
          show(await post("run", { tab: tab, code: editor.getValue() }));
        }
        async function act(code) { show(await post("do", { tab: tab, code: code })); }
        async function step() { await act("wait " + $("speed").value + "ms"); }
        function play() {
          if (timer) return;
          timer = setInterval(step, 250);
          $("play").disabled = true; $("pause").disabled = false;
        }
        function pause() {
          clearInterval(timer); timer = null;
          $("play").disabled = false; $("pause").disabled = true;
        }

        $("run").onclick = run;
        $("play").onclick = play;
        $("pause").onclick = pause;
        $("step").onclick = step;
        $("share").onclick = async () => {
          history.replaceState(null, "", "#code=" + toHash(editor.getValue()));
          try { await navigator.clipboard.writeText(location.href); $("status").textContent = "link copied"; }
          catch (e) { $("status").textContent = "the link is in the address bar"; }
        };

        if (CONFIG.lesson) {
          const l = CONFIG.lesson;
          $("lesson").hidden = false;
          $("lesson-title").textContent = l.title;
          $("lesson-text").textContent = l.text;
          $("lesson-task").textContent = l.task;
          $("lesson-before").textContent = l.before;
          $("lesson-before").hidden = !l.before.trim();
          $("lesson-check").hidden = false;
          $("lesson-after").textContent = l.after;
          $("lesson-after").hidden = !l.after.trim();
          $("editor-title").textContent = "Your answer (between the starter's lines)";
          let hints = 0;
          $("hint").onclick = () => {
            if (hints < l.hints.length) $("lesson-notes").textContent += (hints ? "\n\n" : "") + l.hints[hints++];
          };
          $("check").onclick = async () => {
            const v = await post("lesson-check", { code: editor.getValue() });
            $("verdict").className = v.passed ? "passed" : "failed";
            $("verdict").textContent = v.passed ? "✓ Passed" : "✗ Not yet";
            $("lesson-notes").textContent = v.passed ? "" : [v.mistake, v.error].concat(v.problems || []).filter(Boolean).join("\n");
          };
        }
        editor.setValue(fromHash() ?? CONFIG.program);
        document.title = "Tapline playground — " + (CONFIG.lesson ? CONFIG.lesson.title : CONFIG.name);
        run();
        </script>
        </body>
        </html>

        """#
}
