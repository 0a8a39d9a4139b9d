// Starts `tapline lsp` for Tapline documents and speaks the Language Server Protocol with it:
// diagnostics as you type, an operator's help on hover, completion, go to definition.
// A small client of its own, on VS Code's API and Node's child_process only: the usual
// client library comes from npm, which this project does not use.
"use strict";
const vscode = require("vscode");
const { spawn } = require("child_process");

class Client {
  constructor(command, log) {
    this.nextId = 1;
    this.pending = new Map();
    this.buffer = Buffer.alloc(0);
    this.onNotification = () => {};
    this.process = spawn(command, ["lsp"], { stdio: ["pipe", "pipe", "pipe"] });
    this.process.stdout.on("data", (chunk) => this.receive(chunk));
    this.process.on("error", (error) => log(`cannot start '${command} lsp': ${error.message}`));
    // A server that ends answers nothing more: what waits for it gets no result.
    this.process.on("exit", (code) => {
      log(`'${command} lsp' ended (status ${code})`);
      for (const resolve of this.pending.values()) resolve(null);
      this.pending.clear();
    });
    this.process.stderr.on("data", (chunk) => log(chunk.toString("utf8").trimEnd()));
    this.process.stdin.on("error", (error) => log(`cannot write to '${command} lsp': ${error.message}`));
  }

  request(method, params) {
    const id = this.nextId++;
    this.write({ jsonrpc: "2.0", id, method, params });
    return new Promise((resolve) => this.pending.set(id, resolve));
  }

  notify(method, params) {
    this.write({ jsonrpc: "2.0", method, params });
  }

  write(message) {
    if (this.process.exitCode !== null || !this.process.stdin.writable) return;
    const body = Buffer.from(JSON.stringify(message), "utf8");
    this.process.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
    this.process.stdin.write(body);
  }

  // Frames: headers, a blank line, then Content-Length bytes of JSON.
  receive(chunk) {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const end = this.buffer.indexOf("\r\n\r\n");
      if (end < 0) return;
      const match = /Content-Length: *(\d+)/i.exec(this.buffer.slice(0, end).toString("ascii"));
      const length = match ? Number(match[1]) : 0;
      if (this.buffer.length < end + 4 + length) return;
      const message = JSON.parse(this.buffer.slice(end + 4, end + 4 + length).toString("utf8"));
      this.buffer = this.buffer.slice(end + 4 + length);
      if (message.id !== undefined && this.pending.has(message.id)) {
        this.pending.get(message.id)(message.result === undefined ? null : message.result);
        this.pending.delete(message.id);
      } else if (message.method) {
        this.onNotification(message.method, message.params);
      }
    }
  }

  async stop() {
    await this.request("shutdown", null);
    this.notify("exit", null);
  }
}

const range = (r) => new vscode.Range(r.start.line, r.start.character, r.end.line, r.end.character);
const place = (document, position) => ({
  textDocument: { uri: document.uri.toString() },
  position: { line: position.line, character: position.character },
});

let client;

async function activate(context) {
  const output = vscode.window.createOutputChannel("Tapline");
  const command = vscode.workspace.getConfiguration("tapline").get("path") || "tapline";
  client = new Client(command, (line) => output.appendLine(line));
  const diagnostics = vscode.languages.createDiagnosticCollection("tapline");
  client.onNotification = (method, params) => {
    if (method !== "textDocument/publishDiagnostics") return;
    diagnostics.set(vscode.Uri.parse(params.uri), params.diagnostics.map((d) => {
      const severity = d.severity === 1 ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Warning;
      const diagnostic = new vscode.Diagnostic(range(d.range), d.message, severity);
      diagnostic.code = d.code;
      diagnostic.source = "tapline";
      return diagnostic;
    }));
  };
  await client.request("initialize", { processId: process.pid, rootUri: null, capabilities: {} });
  client.notify("initialized", {});

  const isTapline = (document) => document.languageId === "tapline";
  const open = (document) => {
    if (!isTapline(document)) return;
    client.notify("textDocument/didOpen", {
      textDocument: { uri: document.uri.toString(), languageId: "tapline", version: document.version, text: document.getText() },
    });
  };
  vscode.workspace.textDocuments.forEach(open);
  const selector = { language: "tapline" };
  context.subscriptions.push(
    diagnostics,
    output,
    vscode.workspace.onDidOpenTextDocument(open),
    vscode.workspace.onDidChangeTextDocument((event) => {
      if (!isTapline(event.document)) return;
      client.notify("textDocument/didChange", {
        textDocument: { uri: event.document.uri.toString(), version: event.document.version },
        contentChanges: [{ text: event.document.getText() }],
      });
    }),
    vscode.workspace.onDidCloseTextDocument((document) => {
      if (isTapline(document)) client.notify("textDocument/didClose", { textDocument: { uri: document.uri.toString() } });
    }),
    vscode.languages.registerHoverProvider(selector, {
      async provideHover(document, position) {
        const result = await client.request("textDocument/hover", place(document, position));
        return result ? new vscode.Hover(new vscode.MarkdownString(result.contents.value)) : null;
      },
    }),
    vscode.languages.registerCompletionItemProvider(selector, {
      async provideCompletionItems(document, position) {
        const items = (await client.request("textDocument/completion", place(document, position))) || [];
        return items.map((item) => new vscode.CompletionItem(item.label));
      },
    }, ".", "$"),
    vscode.languages.registerDefinitionProvider(selector, {
      async provideDefinition(document, position) {
        const result = await client.request("textDocument/definition", place(document, position));
        return result ? new vscode.Location(vscode.Uri.parse(result.uri), range(result.range)) : null;
      },
    }),
  );
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate, Client };
