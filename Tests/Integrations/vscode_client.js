// Runs editors/vscode/extension.js as VS Code would, against a stand-in for VS Code's API,
// with the real `tapline lsp` (the path given as the first argument): opens a script with an
// error, waits for its diagnostic, hovers, completes, asks for a definition, deactivates.
// Prints "ok" when every check holds; otherwise throws.
"use strict";
const Module = require("module");
const path = require("path");
const assert = require("assert");

const uri = "file:///tmp/search.tapline";
const text = "subject query: String\nquery.debounce(for: 300ms).sink { print($0) }\nsend query 42\n";
const published = new Map();
const providers = {};
const disposable = { dispose() {} };

class Range {
  constructor(startLine, startCharacter, endLine, endCharacter) {
    this.start = { line: startLine, character: startCharacter };
    this.end = { line: endLine, character: endCharacter };
  }
}
const Uri = { parse: (value) => ({ toString: () => value }) };
const document = { uri: Uri.parse(uri), languageId: "tapline", version: 1, getText: () => text };

const vscode = {
  Range,
  Uri,
  DiagnosticSeverity: { Error: 0, Warning: 1 },
  Diagnostic: class { constructor(range, message, severity) { Object.assign(this, { range, message, severity }); } },
  Hover: class { constructor(contents) { this.contents = contents; } },
  MarkdownString: class { constructor(value) { this.value = value; } },
  CompletionItem: class { constructor(label) { this.label = label; } },
  Location: class { constructor(target, range) { Object.assign(this, { uri: target, range }); } },
  window: { createOutputChannel: () => ({ appendLine: (line) => console.error(line), dispose() {} }) },
  workspace: {
    getConfiguration: () => ({ get: () => process.argv[2] }),
    textDocuments: [document],
    onDidOpenTextDocument: () => disposable,
    onDidChangeTextDocument: () => disposable,
    onDidCloseTextDocument: () => disposable,
  },
  languages: {
    createDiagnosticCollection: () => ({ set: (target, list) => published.set(target.toString(), list), dispose() {} }),
    registerHoverProvider: (selector, provider) => { providers.hover = provider; return disposable; },
    registerCompletionItemProvider: (selector, provider) => { providers.completion = provider; return disposable; },
    registerDefinitionProvider: (selector, provider) => { providers.definition = provider; return disposable; },
  },
};

const load = Module._load;
Module._load = function (request, ...rest) {
  return request === "vscode" ? vscode : load.call(this, request, ...rest);
};
const extension = require(path.resolve(__dirname, "../../editors/vscode/extension.js"));

async function main() {
  await extension.activate({ subscriptions: [] });
  for (let waited = 0; !published.has(uri) && waited < 10000; waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const [diagnostic] = published.get(uri) || [];
  assert.ok(diagnostic, "no diagnostic was published");
  assert.strictEqual(diagnostic.code, "sendTypeMismatch");
  assert.strictEqual(diagnostic.severity, vscode.DiagnosticSeverity.Error);
  assert.deepStrictEqual([diagnostic.range.start.line, diagnostic.range.start.character], [2, 11]);

  const hover = await providers.hover.provideHover(document, { line: 1, character: 9 });
  assert.ok(hover.contents.value.includes("Waits until the upstream has been quiet"), hover.contents.value);
  const items = await providers.completion.provideCompletionItems(document, { line: 1, character: 9 });
  assert.deepStrictEqual(items.map((item) => item.label), ["debounce(for:"]);
  const location = await providers.definition.provideDefinition(document, { line: 1, character: 2 });
  assert.strictEqual(location.uri.toString(), uri);
  assert.deepStrictEqual([location.range.start.line, location.range.start.character], [0, 8]);

  await extension.deactivate();
  console.log("ok");
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
