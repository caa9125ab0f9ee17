// The task processor of the console's files (POST /api/manual-console/process-with-hydra): what a file
// holds, found by parsing it. JavaScript and TypeScript are parsed by @babel/parser (error recovery on,
// so every syntax error of the file is named, not only the first); Python by CPython's own parser (`ast`)
// in a python3 subprocess, which only parses: nothing of the file runs. Without python3 the answer says
// the syntax was not checked instead of claiming the file is clean.
import { spawn } from 'node:child_process';
import { parse, type ParseResult } from '@babel/parser';
import { extensionOf } from '../../src/domain/console-input';

export interface SyntaxProblem {
  /** 1-based, or null when the parser gave no place. */
  line: number | null;
  column: number | null;
  message: string;
}

export interface FileAnalysis {
  fileName: string;
  language: 'javascript' | 'typescript' | 'python';
  lines: number;
  functions: string[];
  imports: string[];
  /** False when no parser could look at the file (Python without python3). */
  syntaxChecked: boolean;
  syntaxErrors: SyntaxProblem[];
  summary: string;
}

/** Rule: lines as an editor counts them: a final newline does not start another line; empty is 0. */
export function countLines(text: string): number {
  if (text === '') return 0;
  const breaks = text.match(/\r\n|\r|\n/g)?.length ?? 0;
  return /(\r\n|\r|\n)$/.test(text) ? breaks : breaks + 1;
}

type Node = { type: string; [key: string]: unknown };

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
}

function nameOf(key: unknown): string | null {
  if (!isNode(key)) return null;
  if (key.type === 'Identifier' || key.type === 'PrivateName') {
    const id = key.type === 'PrivateName' ? (key.id as Node) : key;
    return typeof id.name === 'string' ? id.name : null;
  }
  if (key.type === 'StringLiteral' && typeof key.value === 'string') return key.value;
  return null;
}

const FUNCTION_VALUES = new Set(['ArrowFunctionExpression', 'FunctionExpression']);
const METHODS = new Set(['ClassMethod', 'ClassPrivateMethod', 'ObjectMethod', 'TSDeclareMethod']);

/** Named functions (declarations, methods, functions bound to a name) and imported modules of a tree. */
function collect(root: Node): { functions: string[]; imports: string[] } {
  const functions: string[] = [];
  const imports: string[] = [];
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const type = node.type;
    if (type === 'FunctionDeclaration' || type === 'TSDeclareFunction') {
      const name = nameOf(node.id);
      if (name) functions.push(name);
    } else if (METHODS.has(type)) {
      const name = nameOf(node.key);
      if (name) functions.push(name);
    } else if (
      type === 'VariableDeclarator' ||
      type === 'ClassProperty' ||
      type === 'ObjectProperty'
    ) {
      const value = node.init ?? node.value;
      const name = nameOf(node.id ?? node.key);
      if (isNode(value) && FUNCTION_VALUES.has(value.type) && name) functions.push(name);
    } else if (type === 'ImportDeclaration' || type === 'ExportAllDeclaration') {
      const source = node.source as Node | null;
      if (source && typeof source.value === 'string') imports.push(source.value);
    } else if (type === 'ExportNamedDeclaration' && isNode(node.source)) {
      if (typeof node.source.value === 'string') imports.push(node.source.value);
    } else if (type === 'TSImportEqualsDeclaration') {
      const ref = node.moduleReference as Node;
      const expression = ref.expression as Node | undefined;
      if (expression && typeof expression.value === 'string') imports.push(expression.value);
    } else if (type === 'CallExpression') {
      const callee = node.callee as Node;
      const first = (node.arguments as Node[])[0];
      const named =
        callee.type === 'Import' || (callee.type === 'Identifier' && callee.name === 'require');
      if (named && first?.type === 'StringLiteral' && typeof first.value === 'string') {
        imports.push(first.value);
      }
    } else if (type === 'ImportExpression') {
      const source = node.source as Node;
      if (source.type === 'StringLiteral' && typeof source.value === 'string')
        imports.push(source.value);
    }
    // Children in source order: pushed reversed, popped first.
    const children: Node[] = [];
    for (const [key, value] of Object.entries(node)) {
      if (key === 'loc' || key === 'extra' || key.endsWith('Comments')) continue;
      if (Array.isArray(value)) {
        for (const item of value) if (isNode(item)) children.push(item);
      } else if (isNode(value)) {
        children.push(value);
      }
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return { functions, imports: [...new Set(imports)] };
}

interface BabelError {
  message: string;
  loc?: { line: number; column: number };
}

function problemOf(error: unknown): SyntaxProblem {
  const { message, loc } = error as BabelError;
  return {
    line: loc?.line ?? null,
    // Babel counts columns from 0; editors from 1.
    column: loc ? loc.column + 1 : null,
    // Babel appends "(line:column)" to its message: the place is given on its own.
    message: String(message).replace(/\s*\(\d+:\d+\)$/, ''),
  };
}

/** JavaScript or TypeScript, parsed as a module (falling back to a script: `with`, octal literals). */
export function analyseScript(source: string, typescript: boolean) {
  const plugins: NonNullable<Parameters<typeof parse>[1]>['plugins'] = typescript
    ? ['typescript']
    : ['jsx'];
  // A module first; a script only when the module reading found problems, and it is kept only when it
  // finds fewer (so a file with imports and one typo keeps its imports and names the one typo).
  let best: { ast: ParseResult | null; problems: SyntaxProblem[] } | null = null;
  for (const sourceType of ['module', 'script'] as const) {
    let attempt: { ast: ParseResult | null; problems: SyntaxProblem[] };
    try {
      const ast = parse(source, {
        sourceType,
        plugins,
        errorRecovery: true,
        allowReturnOutsideFunction: true,
        allowAwaitOutsideFunction: true,
      });
      attempt = { ast, problems: (ast.errors ?? []).map(problemOf) };
    } catch (error) {
      attempt = { ast: null, problems: [problemOf(error)] };
    }
    if (
      best === null ||
      (attempt.ast !== null && best.ast === null) ||
      (attempt.ast !== null && attempt.problems.length < best.problems.length)
    ) {
      best = attempt;
    }
    if (best.ast !== null && best.problems.length === 0) break;
  }
  const { ast, problems } = best!;
  let found = ast ? collect(ast.program as unknown as Node) : { functions: [], imports: [] };
  // An error the parser cannot recover from leaves no tree: the lines before it are read on their own,
  // so the answer still names the functions and imports above the error.
  const stop = problems[0]?.line ?? null;
  if (ast === null && stop !== null && stop > 1) {
    const before = source
      .split(/\r\n|\r|\n/)
      .slice(0, stop - 1)
      .join('\n');
    try {
      const partial = parse(before, { sourceType: 'module', plugins, errorRecovery: true });
      found = collect(partial.program as unknown as Node);
    } catch {
      // The part before is broken too: nothing is named rather than a guess.
    }
  }
  return { ...found, syntaxErrors: problems };
}

/** CPython's parser over stdin: JSON of functions, imports and the syntax error, if any. */
const PYTHON_PARSER = `
import ast, json, sys
source = sys.stdin.buffer.read()
out = {"functions": [], "imports": [], "error": None}
try:
    tree = ast.parse(source, filename="<upload>")
except SyntaxError as e:
    out["error"] = {"line": e.lineno, "column": e.offset, "message": e.msg}
except ValueError as e:
    out["error"] = {"line": None, "column": None, "message": str(e)}
else:
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            out["functions"].append(node.name)
        elif isinstance(node, ast.Import):
            out["imports"].extend(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            out["imports"].append("." * node.level + (node.module or ""))
sys.stdout.write(json.dumps(out))
`;

export const PYTHON_TIMEOUT_MS = 10_000;

interface PythonResult {
  functions: string[];
  imports: string[];
  error: SyntaxProblem | null;
}

/** Null when python3 cannot be run here (not installed) or gave no answer in time. */
export function parsePython(
  source: Buffer,
  python = 'python3',
  timeoutMs = PYTHON_TIMEOUT_MS,
): Promise<PythonResult | null> {
  return new Promise((resolve) => {
    // -I: isolated (no PYTHON* variables, no user site-packages); the file only goes through `ast.parse`.
    const child = spawn(python, ['-I', '-c', PYTHON_PARSER], {
      stdio: ['pipe', 'pipe', 'ignore'],
      timeout: timeoutMs,
    });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', () => resolve(null));
    child.stdin.on('error', () => undefined);
    child.on('close', (code) => {
      if (code !== 0) return resolve(null);
      try {
        const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as PythonResult;
        resolve({ ...parsed, imports: [...new Set(parsed.imports)] });
      } catch {
        resolve(null);
      }
    });
    child.stdin.end(source);
  });
}

function summaryOf(analysis: Omit<FileAnalysis, 'summary'>): string {
  const parts = [
    `${analysis.lines} ${analysis.lines === 1 ? 'line' : 'lines'}`,
    `${analysis.functions.length} ${analysis.functions.length === 1 ? 'function' : 'functions'}`,
    `${analysis.imports.length} ${analysis.imports.length === 1 ? 'import' : 'imports'}`,
  ];
  const syntax = !analysis.syntaxChecked
    ? 'syntax not checked (python3 is not available on the server)'
    : analysis.syntaxErrors.length === 0
      ? 'no syntax errors'
      : analysis.syntaxErrors
          .map(
            (problem) =>
              `syntax error${problem.line !== null ? ` at line ${problem.line}` : ''}: ${problem.message}`,
          )
          .join('; ');
  return `${analysis.fileName}: ${parts.join(', ')}; ${syntax}`;
}

/** Only .py, .js and .ts are processed (002 §5): the caller checks with isProcessableFile. */
export async function analyseFile(
  fileName: string,
  content: Buffer,
  options: { python?: string } = {},
): Promise<FileAnalysis> {
  const text = content.toString('utf8');
  const lines = countLines(text);
  const extension = extensionOf(fileName);
  let base: Omit<FileAnalysis, 'summary'>;
  if (extension === 'py') {
    const parsed = await parsePython(content, options.python);
    if (parsed) {
      base = {
        fileName,
        language: 'python',
        lines,
        functions: parsed.functions,
        imports: parsed.imports,
        syntaxChecked: true,
        syntaxErrors: parsed.error ? [parsed.error] : [],
      };
    } else {
      // No parser: the names are read line by line, and the answer says the syntax was not checked.
      base = {
        fileName,
        language: 'python',
        lines,
        functions: [...text.matchAll(/^\s*(?:async\s+)?def\s+([A-Za-z_]\w*)/gm)].map((m) => m[1]!),
        imports: [
          ...new Set(
            [...text.matchAll(/^\s*(?:from\s+(\S+)\s+import|import\s+([\w.]+))/gm)].map(
              (m) => (m[1] ?? m[2])!,
            ),
          ),
        ],
        syntaxChecked: false,
        syntaxErrors: [],
      };
    }
  } else {
    const typescript = extension === 'ts';
    base = {
      fileName,
      language: typescript ? 'typescript' : 'javascript',
      lines,
      ...analyseScript(text, typescript),
      syntaxChecked: true,
    };
  }
  return { ...base, summary: summaryOf(base) };
}
