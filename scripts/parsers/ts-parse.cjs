// Parse each file named with TypeScript's own parser (syntax only: no types,
// no imports) and print its syntax errors; exit 1 if any file has one.
// Needs the `typescript` package on NODE_PATH (scripts/parsers/setup.sh).
"use strict";
const fs = require("fs");
const ts = require("typescript");

let errors = 0;
for (const file of process.argv.slice(2)) {
    const text = fs.readFileSync(file, "utf8");
    const out = ts.transpileModule(text, {
        fileName: file,
        reportDiagnostics: true,
        compilerOptions: { allowJs: true, jsx: ts.JsxEmit.Preserve },
    });
    for (const d of out.diagnostics || []) {
        const where = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : null;
        const at = where ? `${file}:${where.line + 1}:${where.character + 1}` : file;
        console.error(`${at}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`);
        errors++;
    }
}
process.exit(errors ? 1 : 0);
