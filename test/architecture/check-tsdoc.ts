/**
 * Finds the public exports that have no TSDoc where they are declared (issue 21). It loads the package's entry
 * points with the TypeScript compiler, follows every re-export and alias to the declaration a user's editor
 * jumps to, and reports each declaration without a `/** ... *\/` comment. Members of interfaces and types are
 * not required: the type itself is.
 */
import { relative } from "node:path";
import ts from "typescript";

/** A public declaration with no TSDoc: the repository-relative file, its 1-based line, the exported name. */
export interface Undocumented {
  readonly file: string;
  readonly line: number;
  readonly name: string;
}

/** Whether a declaration carries a JSDoc comment (on the statement, for `const x = ...` declarations). */
function hasTsDoc(declaration: ts.Declaration): boolean {
  return ts.getJSDocCommentsAndTags(declaration).some((node) => ts.isJSDoc(node));
}

/**
 * The declarations that need their own comment: an overloaded function's first signature speaks for the rest (and
 * for its implementation), as an editor shows it.
 */
function declarationsToCheck(symbol: ts.Symbol): ts.Declaration[] {
  const declarations = symbol.declarations ?? [];
  const functions = declarations.filter((d) => ts.isFunctionDeclaration(d));
  if (functions.length <= 1) return declarations;
  return declarations.filter((d) => !ts.isFunctionDeclaration(d) || d === functions[0]);
}

/**
 * Every undocumented public declaration reachable from `entryPoints` (absolute paths), inside `root`'s `src/`,
 * sorted by file and line. A name declared several times (overloads, merged interfaces) is reported per
 * declaration.
 */
export function undocumentedExports(root: string, entryPoints: readonly string[]): Undocumented[] {
  const program = ts.createProgram(entryPoints, {
    target: ts.ScriptTarget.ES2023,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    resolveJsonModule: true,
    types: ["node"],
  });
  const checker = program.getTypeChecker();
  const found = new Map<string, Undocumented>();
  for (const entry of entryPoints) {
    const source = program.getSourceFile(entry);
    const module = source === undefined ? undefined : checker.getSymbolAtLocation(source);
    if (module === undefined) throw new Error(`no module symbol for ${entry}`);
    for (const exported of checker.getExportsOfModule(module)) {
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      for (const declaration of declarationsToCheck(symbol)) {
        const file = relative(root, declaration.getSourceFile().fileName);
        if (!file.startsWith("src/") || hasTsDoc(declaration)) continue;
        const { line } = declaration.getSourceFile().getLineAndCharacterOfPosition(declaration.getStart());
        const key = `${file}:${line}`;
        if (!found.has(key)) found.set(key, { file, line: line + 1, name: exported.getName() });
      }
    }
  }
  return [...found.values()].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}
