import ReduxDevTools

/// The live page: the recorded page's look, fed by the server's WebSocket instead of a file,
/// with the controls that steer the app.
///
/// Every value from an app reaches the page through `textContent`, never as markup; the
/// Content-Security-Policy runs only the page's own script and style (by a nonce made for each
/// page) and lets it connect to its own server only.
enum LivePage {
  static func html(socketHost: String) -> String {
    // The Host header is the client's; only a plain host and port go into the policy.
    let isPlainHost =
      !socketHost.isEmpty
      && socketHost.unicodeScalars.allSatisfy {
        $0.properties.isASCIIHexDigit
          || "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.:[]-".unicodeScalars.contains($0)
      }
    let host = isPlainHost ? socketHost : "127.0.0.1"
    let nonce = (0..<2).map { _ in String(UInt64.random(in: .min ... .max), radix: 36) }.joined()
    return """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'nonce-\(nonce)'; \
      style-src 'nonce-\(nonce)'; connect-src ws://\(host); img-src data:; base-uri 'none'; form-action 'none'">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>Live inspector</title>
      <style nonce="\(nonce)">\(InspectorTemplate.style)\(style)</style>
      </head>
      <body>
      <header>
        <h1>Live</h1>
        <select id="instance" aria-label="Store"></select>
        <span id="status">connecting…</span>
        <button id="live" type="button">Live</button>
        <button id="skip" type="button">Skip</button>
        <button id="pause" type="button">Pause</button>
        <button id="export" type="button">Export</button>
        <label class="button">Import<input id="import" type="file" accept=".jsonl,.json,application/json"></label>
      </header>
      <div id="message" role="status"></div>
      <main>
        <nav id="actions" aria-label="Actions" tabindex="0"><div id="spacer"></div><div id="rows"></div></nav>
        <section>
          <h2>Action <span id="action"></span></h2>
          <h2>Changes</h2>
          <ul id="changes"></ul>
          <h2>State after it</h2>
          <div id="tree"></div>
          <h2>Dispatch</h2>
          <textarea id="dispatch-text" rows="3" spellcheck="false" placeholder='{"increment":{}}'></textarea>
          <button id="dispatch" type="button">Dispatch</button>
        </section>
      </main>
      <script nonce="\(nonce)">"use strict";
      \(InspectorTemplate.valueTreeScript)\(script)</script>
      </body>
      </html>

      """
  }

  private static let style = """
    button, .button { font: inherit; padding: 2px 10px; border: 1px solid var(--line); border-radius: 4px; background: none; color: inherit; cursor: pointer; }
    .button input { display: none; }
    #status { opacity: .75; }
    #message { padding: 0 12px; min-height: 0; font-family: ui-monospace, Menlo, monospace; color: #cf222e; }
    #message:not(:empty) { padding: 6px 12px; border-bottom: 1px solid var(--line); }
    .row.skipped { text-decoration: line-through; opacity: .6; }
    .row.shown { box-shadow: inset 4px 0 0 #e3b341; }
    #dispatch-text { width: 100%; font-family: ui-monospace, Menlo, monospace; }
    """

  private static let script = """
    const token = new URLSearchParams(location.search).get("token") || "";
    const instances = new Map();
    const rowHeight = 22;
    const list = document.getElementById("actions");
    const rows = document.getElementById("rows");
    const picker = document.getElementById("instance");
    let current = null;
    let selected = -1;
    let socket = null;
    let drawScheduled = false;
    let imports = 0;

    function instance(id) {
      let found = instances.get(id);
      if (!found) {
        found = { id, label: id, style: "", steps: [], connected: false, dropped: 0, shown: null,
                  paused: false, acceptsActions: false, imported: false, following: true };
        instances.set(id, found);
        const option = document.createElement("option");
        option.value = id;
        option.textContent = id;
        picker.append(option);
        if (current === null) current = id;
      }
      return found;
    }

    function showMessage(text) { document.getElementById("message").textContent = text; }

    function receive(data) {
      if (data.ready) { document.body.dataset.connected = "true"; return; }
      const target = instance(data.instance);
      if (data.disconnected) { target.connected = false; return schedule(); }
      const message = data.message;
      switch (message.kind) {
      case "hello":
        target.label = message.label; target.style = message.style; target.connected = true;
        target.acceptsActions = message.acceptsActions;
        target.steps.push({ step: message.step, action: target.steps.length ? "(the app connected again)" : "(state when the inspector connected)",
                            changes: [], state: message.state, baseline: true });
        for (const option of picker.options) if (option.value === target.id) option.textContent = target.label + " (" + target.style + ")";
        break;
      case "step":
        target.steps.push({ step: message.step, time: message.time, action: message.action, value: message.value,
                            changes: message.changes || [], state: message.state });
        break;
      case "restated":
        for (const step of target.steps) {
          if (step.step === message.step && !step.baseline) {
            step.state = message.state; step.changes = message.changes || []; step.skipped = message.skipped;
          }
        }
        break;
      case "shown": target.shown = message.live ? null : message.step; break;
      case "dropped": target.dropped += message.count; break;
      case "paused": target.paused = message.paused; break;
      case "error": if (target.id === current) showMessage(message.message); break;
      }
      schedule();
    }

    function schedule() {
      if (drawScheduled) return;
      drawScheduled = true;
      setTimeout(() => { drawScheduled = false; draw(); }, 0);
    }

    function connect() {
      socket = new WebSocket("ws://" + location.host + "/page?token=" + encodeURIComponent(token));
      socket.onmessage = (event) => receive(JSON.parse(event.data));
      socket.onclose = () => {
        document.body.dataset.connected = "false";
        for (const target of instances.values()) if (!target.imported) target.connected = false;
        schedule();
        setTimeout(connect, 1000);
      };
    }

    function command(body) {
      const target = instances.get(current);
      if (!target || target.imported) return showMessage("An imported session cannot be steered.");
      if (!socket || socket.readyState !== WebSocket.OPEN) return showMessage("The server is not connected.");
      socket.send(JSON.stringify({ instance: target.id, command: body }));
    }

    function draw() {
      const target = instances.get(current);
      const steps = target ? target.steps : [];
      if (target && target.following) selected = steps.length - 1;
      document.getElementById("spacer").style.height = (steps.length * rowHeight) + "px";
      document.getElementById("status").textContent = !target ? "waiting for an app…" :
        (target.imported ? "imported" : target.connected ? "connected" : "not connected") +
        ", " + steps.filter((s) => !s.baseline).length + " actions" +
        (target.dropped ? ", " + target.dropped + " dropped while no server was reading" : "") +
        (target.paused ? ", paused" : "") + (target.shown !== null ? ", the app shows step " + target.shown : "");
      document.getElementById("pause").textContent = target && target.paused ? "Resume" : "Pause";
      const first = Math.max(0, Math.floor(list.scrollTop / rowHeight) - 2);
      const last = Math.min(steps.length, first + Math.ceil(list.clientHeight / rowHeight) + 4);
      const drawn = [];
      for (let index = first; index < last; index++) {
        const step = steps[index];
        const row = document.createElement("div");
        row.className = "row" + (index === selected ? " selected" : "") + (step.skipped ? " skipped" : "") +
          (target.shown !== null && step.step === target.shown && !step.baseline ? " shown" : "");
        row.dataset.index = String(index);
        row.dataset.step = String(step.step);
        const number = document.createElement("span");
        number.className = "number";
        number.textContent = String(step.step);
        row.append(number, document.createTextNode(step.action));
        drawn.push(row);
      }
      rows.style.top = (first * rowHeight) + "px";
      rows.replaceChildren(...drawn);
      const step = steps[selected];
      document.getElementById("action").textContent = step ? step.action : "";
      const changes = (step ? (step.changes.length ? step.changes : ["No change"]) : []).map((change) => {
        const item = document.createElement("li");
        item.textContent = change;
        return item;
      });
      document.getElementById("changes").replaceChildren(...changes);
      const shownState = step ? step.state : undefined;
      if (document.getElementById("tree").dataset.index !== String(selected) || shownState !== lastTreeState) {
        document.getElementById("tree").replaceChildren(step ? valueNode("state", step.state, true) : "");
        document.getElementById("tree").dataset.index = String(selected);
        lastTreeState = shownState;
      }
      if (target && target.following) list.scrollTop = list.scrollHeight;
    }
    let lastTreeState;

    function select(index, jump) {
      const target = instances.get(current);
      if (!target) return;
      selected = Math.max(0, Math.min(target.steps.length - 1, index));
      target.following = selected === target.steps.length - 1;
      showMessage("");
      if (jump && !target.imported) command(target.following ? { kind: "live" } : { kind: "jump", step: target.steps[selected].step });
      draw();
    }

    list.addEventListener("scroll", draw);
    rows.addEventListener("click", (event) => {
      const row = event.target.closest(".row");
      if (row) select(Number(row.dataset.index), true);
    });
    list.addEventListener("keydown", (event) => {
      if (event.key === "ArrowDown") { select(selected + 1, true); event.preventDefault(); }
      if (event.key === "ArrowUp") { select(selected - 1, true); event.preventDefault(); }
    });
    picker.addEventListener("change", () => { current = picker.value; selected = -1; showMessage(""); draw(); });
    document.getElementById("live").addEventListener("click", () => {
      const target = instances.get(current);
      if (!target) return;
      select(target.steps.length - 1, true);
    });
    document.getElementById("skip").addEventListener("click", () => {
      const target = instances.get(current);
      const step = target && target.steps[selected];
      if (!step || step.baseline) return showMessage("Select an action to skip.");
      command({ kind: "skip", step: step.step });
    });
    document.getElementById("pause").addEventListener("click", () => {
      const target = instances.get(current);
      if (target) command({ kind: target.paused ? "resume" : "pause" });
    });
    document.getElementById("dispatch").addEventListener("click", () => {
      const target = instances.get(current);
      if (!target) return;
      if (!target.acceptsActions) return showMessage("This store's actions are not Decodable, so the page cannot make one.");
      let action;
      try { action = JSON.parse(document.getElementById("dispatch-text").value); }
      catch (error) { return showMessage("Not JSON: " + error.message); }
      showMessage("");
      command({ kind: "dispatch", action });
    });
    document.getElementById("export").addEventListener("click", () => {
      const target = instances.get(current);
      if (!target || !target.steps.length) return;
      const lines = [JSON.stringify({ format: "swift-redux-session", version: 1, label: target.label, style: target.style,
                                      started: new Date().toISOString(), state: target.steps[0].state })];
      for (const step of target.steps) {
        if (step.baseline || step.skipped) continue;
        const line = { step: step.step, time: step.time || 0, action: step.action, state: step.state, changes: step.changes };
        if (step.value !== undefined) line.value = step.value;
        lines.push(JSON.stringify(line));
      }
      const link = document.createElement("a");
      link.href = URL.createObjectURL(new Blob([lines.join("\\n") + "\\n"], { type: "application/jsonl" }));
      link.download = (target.label || "session") + ".jsonl";
      window.lastExport = lines.join("\\n") + "\\n";
      link.click();
    });
    document.getElementById("import").addEventListener("change", async (event) => {
      const file = event.target.files[0];
      if (!file) return;
      try {
        const lines = (await file.text()).split("\\n").filter((line) => line.trim()).map((line) => JSON.parse(line));
        if (!lines.length || lines[0].format !== "swift-redux-session") throw new Error("not a recording of SessionRecorder");
        imports += 1;
        const target = instance("imported-" + imports);
        Object.assign(target, { label: file.name, style: lines[0].style, imported: true, connected: false });
        target.steps.push({ step: 0, action: "(state when recording began)", changes: [], state: lines[0].state, baseline: true });
        for (const line of lines.slice(1)) {
          if (line.end) break;
          target.steps.push({ step: line.step, time: line.time, action: line.action, value: line.value, changes: line.changes || [], state: line.state });
        }
        for (const option of picker.options) if (option.value === target.id) option.textContent = file.name + " (imported)";
        current = target.id;
        picker.value = target.id;
        showMessage("");
        draw();
      } catch (error) {
        showMessage(file.name + " cannot be imported: " + error.message);
      }
    });
    connect();
    draw();
    document.body.dataset.ready = "true";
    """
}
