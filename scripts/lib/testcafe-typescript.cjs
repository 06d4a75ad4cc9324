// TestCafe's TypeScript compiler, transpile-only (its `customCompilerModulePath`, set by scripts/e2e.ts): each
// journey file, and each TypeScript module one imports, is compiled on its own with TestCafe's own TypeScript
// (4.9) and its options and transformers, and nothing is type-checked here (a syntax error still stops the run).
//
// Why: TestCafe builds one program of every journey file and all that they import (331 files, our packages and
// their libraries' types) and type-checks it before it emits anything: about 5 s of CPU in each TestCafe
// process, two or three per `npm test`, on the two cores the journeys and the unit tests share. The journeys are
// type-checked already, by `npm run typecheck` (tsconfig.json includes e2e/) with the repository's own
// settings, and they pass `isolatedModules`, so each file compiles alone.
const { readFileSync } = require('node:fs');
const path = require('node:path');

const ts = require(require.resolve('typescript', { paths: [path.dirname(require.resolve('testcafe/package.json'))] }));

/**
 * The part of a ts.Program that TestCafe's compiler uses (getSourceFiles, emit), over the files it asks for:
 * emit transpiles each one with ts.transpileModule and hands the output to TestCafe's writeFile as a program's
 * emit would (declaration files give no output).
 */
function createProgram(rootNames, options) {
  const sources = rootNames.filter((name) => !name.endsWith('.d.ts'));
  return {
    getSourceFiles: () => [],
    emit(_target, writeFile, _cancellation, _declarationsOnly, transformers) {
      for (const fileName of sources) {
        const { outputText, diagnostics } = ts.transpileModule(readFileSync(fileName, 'utf8'), {
          compilerOptions: options,
          fileName,
          transformers,
          reportDiagnostics: true,
        });
        // Syntax errors only (transpiling checks no types): said as tsc says them, rather than as Node's error
        // on the broken JavaScript.
        if (diagnostics?.length) {
          throw new Error(
            ts.formatDiagnostics(diagnostics, {
              getCanonicalFileName: (f) => f,
              getCurrentDirectory: () => process.cwd(),
              getNewLine: () => '\n',
            }),
          );
        }
        writeFile(fileName.replace(/\.tsx?$/, '.js'), outputText, false, undefined, [{ fileName }]);
      }
      return { emitSkipped: false, diagnostics: [] };
    },
  };
}

module.exports = { ...ts, createProgram, getPreEmitDiagnostics: () => [] };
