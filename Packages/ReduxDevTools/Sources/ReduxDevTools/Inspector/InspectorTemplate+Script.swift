extension InspectorTemplate {
  /// A value of the state as a tree that unfolds, built a level at a time as it is opened, every
  /// value shown as text: `valueNode(key, value, open)`. The recorded page and the live page
  /// (`redux-inspect --live`) both use it.
  package static let valueTreeScript = """
    function valueNode(key, value, open) {
      if (value !== null && typeof value === "object") {
        const details = document.createElement("details");
        const summary = document.createElement("summary");
        const entries = Array.isArray(value) ? value.map((item, index) => [String(index), item]) : Object.entries(value);
        summary.textContent = key + (Array.isArray(value) ? " [" + entries.length + "]" : " {" + entries.length + "}");
        details.append(summary);
        let built = false;
        const build = () => {
          if (built) return;
          built = true;
          const shown = entries.slice(0, 500);
          for (const [childKey, child] of shown) details.append(valueNode(childKey, child, false));
          if (entries.length > shown.length) {
            const more = document.createElement("div");
            more.className = "leaf";
            more.textContent = "… " + (entries.length - shown.length) + " more";
            details.append(more);
          }
        };
        details.addEventListener("toggle", () => { if (details.open) build(); });
        if (open) { details.open = true; build(); }
        return details;
      }
      const leaf = document.createElement("div");
      leaf.className = "leaf";
      const name = document.createElement("span");
      name.className = "key";
      name.textContent = key + ": ";
      const shown = document.createElement("span");
      shown.className = value === null ? "null" : typeof value === "string" ? "string"
        : typeof value === "number" ? "number-value" : "boolean";
      shown.textContent = JSON.stringify(value);
      leaf.append(name, shown);
      return leaf;
    }

    """

  /// The page's behaviour. Every recorded value reaches the page through `textContent`, never
  /// as markup; the action list draws only the rows in view, so 10,000 actions open at once.
  static let script =
    "\"use strict\";\n" + valueTreeScript + """
      const recording = JSON.parse(document.getElementById("recording").textContent);
      const steps = [{ step: 0, time: 0, action: "(state when recording began)", changes: [], state: recording.header.state }]
        .concat(recording.steps);
      const rowHeight = 22;
      const list = document.getElementById("actions");
      const rows = document.getElementById("rows");
      const slider = document.getElementById("slider");
      let selected = steps.length - 1;

      document.getElementById("spacer").style.height = (steps.length * rowHeight) + "px";
      document.getElementById("summary").textContent = recording.header.style + " store, " +
        (steps.length - 1) + " actions" + (recording.truncated ? " (the recording reached its size limit)" : "");
      slider.max = String(steps.length - 1);

      function drawRows() {
        const first = Math.max(0, Math.floor(list.scrollTop / rowHeight) - 2);
        const last = Math.min(steps.length, first + Math.ceil(list.clientHeight / rowHeight) + 4);
        const drawn = [];
        for (let index = first; index < last; index++) {
          const row = document.createElement("div");
          row.className = index === selected ? "row selected" : "row";
          row.dataset.step = String(index);
          const number = document.createElement("span");
          number.className = "number";
          number.textContent = String(index);
          row.append(number, document.createTextNode(steps[index].action));
          drawn.push(row);
        }
        rows.style.top = (first * rowHeight) + "px";
        rows.replaceChildren(...drawn);
      }

      function select(index) {
        selected = Math.max(0, Math.min(steps.length - 1, index));
        const step = steps[selected];
        slider.value = String(selected);
        document.getElementById("position").textContent = "Step " + selected + " of " + (steps.length - 1);
        document.getElementById("action").textContent = step.action;
        const changes = document.getElementById("changes");
        const items = (step.changes.length ? step.changes : ["No change"]).map((change) => {
          const item = document.createElement("li");
          item.textContent = change;
          return item;
        });
        changes.replaceChildren(...items);
        document.getElementById("tree").replaceChildren(valueNode("state", step.state, true));
        const top = selected * rowHeight;
        if (top < list.scrollTop || top + rowHeight > list.scrollTop + list.clientHeight) {
          list.scrollTop = top - list.clientHeight / 2;
        }
        drawRows();
      }

      list.addEventListener("scroll", drawRows);
      rows.addEventListener("click", (event) => {
        const row = event.target.closest(".row");
        if (row) select(Number(row.dataset.step));
      });
      slider.addEventListener("input", () => select(Number(slider.value)));
      list.addEventListener("keydown", (event) => {
        if (event.key === "ArrowDown") { select(selected + 1); event.preventDefault(); }
        if (event.key === "ArrowUp") { select(selected - 1); event.preventDefault(); }
      });
      select(selected);
      document.body.dataset.ready = "true";
      """
}
