// galbatch serve: the command editor of the action page.
//
// The page works without this script: the table and the text box are two forms, each
// checked or saved by the server. With it, the table and the text box are kept in step
// as the player types in either, rows are added and removed without a round trip, and
// the orders are checked as he types (POST /action/check, the Check button's check, as
// JSON), each line's diagnostics shown beside its row and under the text box.
// No framework, no build step, no inline script, no eval; text is set as text only.
"use strict";

(function () {
  const table = document.getElementById("order-table");
  const body = document.getElementById("order-rows");
  const textBox = document.getElementById("orders");
  const textCheck = document.getElementById("text-check");
  const tableForm = document.getElementById("table-form");
  const textForm = document.getElementById("text-form");
  if (!textBox || !textForm) {
    return;
  }
  const csrf = textForm.querySelector('input[name="csrf"]').value;
  const DELAY = 500; // ms after the last key before a check
  const MAX_LINE = 200; // characters of an order line the table shows as fields
  const OPENING = /^MESSAGE\s+TO(?:\s+.*)?$/i;
  const CLOSING = /^END\s+MESSAGE\s*(?:#.*)?$/i;

  // The game's words: their separators, each column's datalist and their hints.
  const words = new Map();
  const separators = [];
  for (const span of document.querySelectorAll("#word-data span")) {
    const separator = span.dataset.separator;
    words.set(span.dataset.word, {
      separator: separator,
      lists: span.dataset.lists.split(" "),
      hint: span.dataset.hint,
      synopses: span.dataset.synopses,
    });
    if (!separators.includes(separator)) {
      separators.push(separator);
    }
  }
  const columns = table ? Number(table.dataset.columns) : 0;

  // -- lines and rows, as galbatch/web/table.py makes them --------------------------

  function joined(word, fields, separator) {
    const kept = fields.slice();
    while (kept.length && kept[kept.length - 1] === "") {
      kept.pop();
    }
    return [word].concat(kept).join(separator);
  }

  function rowOf(line) {
    if (line === "") {
      return { word: "", args: [] };
    }
    if (line.includes("#") || line.length > MAX_LINE) {
      return { raw: line };
    }
    for (const separator of separators) {
      const fields = line.split(separator);
      const word = fields.shift();
      const known = words.get(word);
      if (!known || known.separator !== separator) {
        continue;
      }
      if (fields.length > columns) {
        const rest = fields.splice(columns - 1).join(separator);
        fields.push(rest);
      }
      if (joined(word, fields, separator) === line) {
        return { word: word, args: fields };
      }
    }
    return { raw: line };
  }

  function rowsOf(text) {
    const lines = text.split(/\r\n|\r|\n/);
    if (lines.length && lines[lines.length - 1] === "") {
      lines.pop();
    }
    const rows = [];
    let inMessage = false;
    for (const line of lines) {
      const stripped = line.trim();
      if (inMessage || OPENING.test(stripped)) {
        rows.push({ raw: line });
        inMessage = inMessage ? !CLOSING.test(stripped) : true;
      } else {
        rows.push(rowOf(line));
      }
    }
    return rows;
  }

  function lineOfRow(tr) {
    const raw = tr.querySelector("input.raw-line");
    if (raw) {
      return raw.value;
    }
    const word = tr.querySelector("select").value;
    const known = words.get(word);
    const args = Array.from(tr.querySelectorAll("input.arg"), (input) => input.value);
    return joined(word, args, known ? known.separator : " ");
  }

  function liveRows() {
    return Array.from(body.querySelectorAll("tr.order-row")).filter(
      (tr) => !tr.querySelector('input[type="checkbox"]').checked
    );
  }

  function tableText() {
    const lines = liveRows().map(lineOfRow);
    while (lines.length && lines[lines.length - 1] === "") {
      lines.pop();
    }
    return lines.map((line) => line + "\n").join("");
  }

  // -- making rows -----------------------------------------------------------------

  function element(name, attributes, text) {
    const made = document.createElement(name);
    for (const [key, value] of Object.entries(attributes || {})) {
      made.setAttribute(key, value);
    }
    if (text !== undefined) {
      made.textContent = text;
    }
    return made;
  }

  function setLists(tr, word) {
    const known = words.get(word);
    tr.querySelectorAll("input.arg").forEach((input, j) => {
      const list = known ? known.lists[j] : "-";
      if (list && list !== "-") {
        input.setAttribute("list", list);
      } else {
        input.removeAttribute("list");
      }
    });
    const hint = tr.querySelector(".hint");
    hint.textContent = known ? known.synopses : "";
  }

  function wordCell(n, word) {
    const cell = element("td", { class: "word" });
    const select = element("select", { name: `word-${n}`, id: `word-${n}`, "aria-label": `Order, row ${n}` });
    select.appendChild(element("option", { value: "" }, ""));
    for (const [name, known] of words) {
      const option = element("option", { value: name, title: known.hint }, name);
      option.selected = name === word;
      select.appendChild(option);
    }
    cell.appendChild(select);
    cell.appendChild(element("small", { class: "hint", id: `hint-${n}` }));
    return cell;
  }

  function makeRow(n, row) {
    const tr = element("tr", { id: `row-${n}`, class: row.raw === undefined ? "order-row" : "order-row raw" });
    tr.appendChild(element("th", { scope: "row", class: "n" }, String(n)));
    if (row.raw !== undefined) {
      const cell = element("td", { colspan: String(columns + 1) });
      const input = element("input", {
        type: "text", name: `raw-${n}`, id: `raw-${n}`, class: "raw-line",
        "aria-label": `Line ${n} as written`, spellcheck: "false",
      });
      input.value = row.raw;
      cell.appendChild(input);
      tr.appendChild(cell);
    } else {
      tr.appendChild(wordCell(n, row.word));
      for (let j = 1; j <= columns; j++) {
        const cell = element("td");
        const input = element("input", {
          type: "text", name: `arg-${n}-${j}`, id: `arg-${n}-${j}`, class: "arg",
          "aria-label": `Argument #${j}, row ${n}`, spellcheck: "false", autocomplete: "off",
        });
        input.value = row.args[j - 1] || "";
        cell.appendChild(input);
        tr.appendChild(cell);
      }
      setLists(tr, row.word);
    }
    const remove = element("td", { class: "remove" });
    remove.appendChild(element("input", {
      type: "checkbox", name: `remove-${n}`, id: `remove-${n}`, value: "1", "aria-label": `Remove row ${n}`,
    }));
    tr.appendChild(remove);
    tr.appendChild(element("td", { class: "check", id: `check-${n}` }));
    return tr;
  }

  function showRows(rows) {
    const made = rows.concat([{ word: "", args: [] }]).map((row, i) => makeRow(i + 1, row));
    body.replaceChildren(...made);
    document.getElementById("rows").value = String(made.length);
  }

  function addRow() {
    const n = body.querySelectorAll("tr.order-row").length + 1;
    const tr = makeRow(n, { word: "", args: [] });
    body.appendChild(tr);
    document.getElementById("rows").value = String(n);
    tr.querySelector("select").focus();
  }

  // -- checking as the player types -----------------------------------------------

  let timer = null;
  let asked = 0;

  function later() {
    clearTimeout(timer);
    timer = setTimeout(check, DELAY);
  }

  async function check() {
    const mine = ++asked;
    const form = new URLSearchParams({ csrf: csrf, orders: textBox.value });
    let answer;
    try {
      const response = await fetch("/action/check", { method: "POST", body: form, credentials: "same-origin" });
      answer = await response.json();
    } catch (failure) {
      answer = { error: "The check could not be reached." };
    }
    if (mine === asked) {
      show(answer);
    }
  }

  function line(finding) {
    return `${finding.code} ${finding.message}`;
  }

  function show(answer) {
    textCheck.replaceChildren();
    if (table) {
      body.querySelectorAll("td.check").forEach((cell) => cell.replaceChildren());
      body.querySelectorAll("tr.order-row").forEach((tr) => tr.classList.remove("has-error", "has-warning"));
    }
    if (answer.error || answer.problem) {
      textCheck.appendChild(element("p", { class: "error" }, answer.error || `The check could not run: ${answer.problem}`));
      return;
    }
    const status = `RC ${String(answer.rc).padStart(4, "0")} ${answer.status}`;
    textCheck.appendChild(element("p", { class: "status", id: "live-status" }, answer.findings.length ? status : `${status}: no diagnostics`));
    const rows = table ? liveRows() : [];
    for (const finding of answer.findings) {
      const where = finding.line > 0 ? `line ${finding.line} col ${finding.column}: ` : "";
      textCheck.appendChild(element("p", { class: finding.severity }, where + line(finding)));
      const tr = rows[finding.line - 1];
      if (tr) {
        tr.querySelector("td.check").appendChild(element("span", { class: finding.severity }, line(finding)));
        tr.classList.add(finding.severity === "error" ? "has-error" : "has-warning");
      }
    }
  }

  // -- wiring ---------------------------------------------------------------------

  textBox.addEventListener("input", () => {
    if (table) {
      showRows(rowsOf(textBox.value));
    }
    later();
  });

  if (table) {
    const inTable = (event) => {
      if (event.target.matches("select")) {
        setLists(event.target.closest("tr"), event.target.value);
      }
      if (event.target.matches('input[type="checkbox"]')) {
        event.target.closest("tr").classList.toggle("removed", event.target.checked);
      }
      const text = tableText();
      if (textBox.value !== text) {
        textBox.value = text;
      }
      later();
    };
    body.addEventListener("input", inTable);
    body.addEventListener("change", inTable);
    const add = document.getElementById("add-row");
    add.addEventListener("click", (event) => {
      event.preventDefault();
      addRow();
    });
  }
  if (textBox.value.trim()) {
    later();
  }
})();
