import { parse } from '@babel/parser';

// Finds the table writes in a service's source (issue 52: one owner per table, enforced). A read of
// another service's table is allowed, a write is not, so this reads the syntax tree (Babel's parser
// with TypeScript: TypeScript 7's compiler has no JavaScript API) and reports every write call
// (`.insert(`, `.patch(`, `.update(`, `.delete(`, `.del(`, `upsertGraph`...) whose query starts at
// a model of @mastering/db (`Order.query(trx)`, `order.$query(trx)`, `order.$relatedQuery('files')`,
// `knex(Order.tableName)`) and every raw SQL statement that inserts, updates or deletes.

/** The models of @mastering/db: each class's table, and each relation's model. */
export type ModelTables = {
  tableOf: ReadonlyMap<string, string>;
  relations: ReadonlyMap<string, ReadonlyMap<string, string>>;
  /** Each model's static methods that write its table (`Upload.open`, `Session.start`), from writingStatics. */
  writers: ReadonlyMap<string, ReadonlySet<string>>;
};

/** One write found: the table, where, and the code that does it. */
export type TableWrite = { table: string; line: number; code: string };

/** Query-builder methods that change rows (objection and knex). */
export const WRITE_METHODS = new Set([
  'insert',
  'insertAndFetch',
  'insertGraph',
  'insertGraphAndFetch',
  'upsertGraph',
  'upsertGraphAndFetch',
  'update',
  'updateAndFetch',
  'updateAndFetchById',
  'patch',
  'patchAndFetch',
  'patchAndFetchById',
  'delete',
  'deleteById',
  'del',
  'truncate',
  'relate',
  'unrelate',
]);

/** A write statement in raw SQL, and the table it names (not `on conflict do update`, `for update`). */
const RAW_WRITE =
  /\b(?:insert\s+into|(?<!\b(?:do|for|key)\s+)update|delete\s+from|truncate(?:\s+table)?|merge\s+into)\s+(?:only\s+)?(\?\?|"?[a-z_][a-z0-9_]*"?)/gi;

// biome-ignore lint/suspicious/noExplicitAny: Babel's nodes are walked generically, by their `type`.
type Node = any;

/** Every node under `node` (itself included), depth first. */
function* nodesOf(node: Node): Generator<Node> {
  if (!node || typeof node.type !== 'string') return;
  yield node;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'loc' || key === 'leadingComments' || key === 'trailingComments' || key === 'extra') continue;
    if (Array.isArray(value)) for (const child of value) yield* nodesOf(child);
    else if (value && typeof value === 'object') yield* nodesOf(value);
  }
}

/** The name of a member expression's property (`a.b` and `a['b']`), if it is a plain name. */
const propertyName = (member: Node): string | undefined =>
  member.property?.type === 'Identifier' && !member.computed
    ? member.property.name
    : member.property?.type === 'StringLiteral'
      ? member.property.value
      : undefined;

const isMember = (node: Node) => node?.type === 'MemberExpression' || node?.type === 'OptionalMemberExpression';
const isCall = (node: Node) => node?.type === 'CallExpression' || node?.type === 'OptionalCallExpression';

/** The text of a string or template literal (a template's placeholders as blanks). */
const textOf = (node: Node): string | undefined =>
  node?.type === 'StringLiteral'
    ? node.value
    : node?.type === 'TemplateLiteral'
      ? node.quasis.map((q: Node) => q.value.cooked ?? q.value.raw).join(' ')
      : undefined;

/** True when the calls under `node` include a write method or a raw write statement. */
const writesUnder = (node: Node): boolean =>
  [...nodesOf(node)].some((call) => {
    if (!isCall(call) || !isMember(call.callee)) return false;
    const method = propertyName(call.callee);
    if (method === 'raw') return [...(textOf(call.arguments[0]) ?? '').matchAll(RAW_WRITE)].length > 0;
    return method !== undefined && WRITE_METHODS.has(method);
  });

/**
 * The static methods of the model classes in one source file of packages/db/src/models that write
 * (their body calls a write method): calling one from a service is a write to the model's table.
 */
export function writingStatics(source: string): { model: string; method: string }[] {
  const ast = parse(source, { sourceType: 'module', plugins: ['typescript'] });
  return [...nodesOf(ast.program)]
    .filter((node) => node.type === 'ClassDeclaration' && node.id)
    .flatMap((cls) =>
      cls.body.body
        .filter((member: Node) => member.type === 'ClassMethod' && member.static && member.key.type === 'Identifier')
        .filter((member: Node) => member.kind === 'method' && writesUnder(member.body))
        .map((member: Node) => ({ model: cls.id.name as string, method: member.key.name as string })),
    );
}

/** The table writes in one file's source. */
export function tableWritesIn(source: string, models: ModelTables): TableWrite[] {
  const ast = parse(source, { sourceType: 'module', plugins: ['typescript', 'jsx'], errorRecovery: true });
  const all = [...nodesOf(ast.program)];
  const lines = source.split('\n');

  // The models this file imports from @mastering/db, by their local names.
  const modelOf = new Map<string, string>();
  for (const node of all)
    if (node.type === 'ImportDeclaration' && node.source.value === '@mastering/db')
      for (const spec of node.specifiers)
        if (spec.type === 'ImportSpecifier' && models.tableOf.has(spec.imported.name ?? spec.imported.value))
          modelOf.set(spec.local.name, spec.imported.name ?? spec.imported.value);

  /** The model a type annotation names (`Order`, `Order[]`, `Array<Order>`, `Order | null`). */
  const modelOfType = (type: Node): string | undefined => {
    if (!type) return undefined;
    if (type.type === 'TSTypeAnnotation') return modelOfType(type.typeAnnotation);
    if (type.type === 'TSTypeReference' && type.typeName.type === 'Identifier') {
      if (modelOf.has(type.typeName.name)) return modelOf.get(type.typeName.name);
      const [first] = type.typeParameters?.params ?? [];
      return type.typeName.name === 'Array' ? modelOfType(first) : undefined;
    }
    if (type.type === 'TSArrayType') return modelOfType(type.elementType);
    if (type.type === 'TSUnionType') for (const t of type.types) if (modelOfType(t)) return modelOfType(t);
    return undefined;
  };

  /** The model whose rows the variable `name` holds: from its declared type or its initialiser. */
  const modelOfName = (name: string, depth: number): string | undefined => {
    for (const node of all) {
      if (node.type === 'Identifier' && node.name === name && node.typeAnnotation) {
        const model = modelOfType(node.typeAnnotation);
        if (model) return model;
      }
      if (node.type === 'TSPropertySignature' && node.key?.name === name && node.typeAnnotation) {
        const model = modelOfType(node.typeAnnotation);
        if (model) return model;
      }
      if (node.type === 'VariableDeclarator' && node.id.type === 'Identifier' && node.id.name === name && node.init) {
        const model = modelOfQuery(node.init, depth + 1);
        if (model) return model;
      }
      if (node.type === 'ForOfStatement' && node.left.type === 'VariableDeclaration') {
        const id = node.left.declarations[0]?.id;
        if (id?.type === 'Identifier' && id.name === name) {
          const model = modelOfQuery(node.right, depth + 1);
          if (model) return model;
        }
      }
    }
    return undefined;
  };

  /** The model a query (or a row, or rows) starts from, walking down a call chain to its root. */
  const modelOfQuery = (start: Node, depth: number): string | undefined => {
    if (depth > 8) return undefined;
    let node = start;
    while (node) {
      if (['AwaitExpression', 'TSNonNullExpression', 'TSAsExpression', 'ParenthesizedExpression'].includes(node.type))
        node = node.expression ?? node.argument;
      else if (isCall(node)) {
        const callee = node.callee;
        if (isMember(callee)) {
          const method = propertyName(callee);
          const target = callee.object;
          if (
            (method === 'query' || method === 'relatedQuery') &&
            target.type === 'Identifier' &&
            modelOf.has(target.name)
          )
            return method === 'query'
              ? modelOf.get(target.name)
              : relatedModel(modelOf.get(target.name)!, textOf(node.arguments[0]));
          if (method === '$query') return modelOfQuery(target, depth + 1);
          if (method === '$relatedQuery') {
            const owner = modelOfQuery(target, depth + 1);
            return owner ? relatedModel(owner, textOf(node.arguments[0])) : undefined;
          }
          node = target;
        } else if (callee.type === 'Identifier' && node.arguments.length > 0) {
          // knex(Order.tableName): a builder over a model's table.
          const arg = node.arguments[0];
          if (isMember(arg) && propertyName(arg) === 'tableName' && arg.object.type === 'Identifier')
            return modelOf.get(arg.object.name);
          return undefined;
        } else return undefined;
      } else if (isMember(node)) node = node.object;
      else if (node.type === 'Identifier')
        return modelOf.has(node.name) ? undefined : modelOfName(node.name, depth + 1);
      else return undefined;
    }
    return undefined;
  };

  /** The model whose table an expression names: `Order.tableName`, or a variable set to it. */
  const modelOfTableName = (node: Node): string | undefined => {
    if (isMember(node) && propertyName(node) === 'tableName' && node.object.type === 'Identifier')
      return modelOf.get(node.object.name);
    if (node?.type !== 'Identifier') return undefined;
    const declarator = all.find(
      (d) => d.type === 'VariableDeclarator' && d.id.type === 'Identifier' && d.id.name === node.name && d.init,
    );
    return declarator && isMember(declarator.init) ? modelOfTableName(declarator.init) : undefined;
  };

  const relatedModel = (model: string, relation: string | undefined) =>
    relation ? models.relations.get(model)?.get(relation) : undefined;

  const writes: TableWrite[] = [];
  const found = (node: Node, table: string) => {
    const line = node.loc.start.line as number;
    writes.push({ table, line, code: lines[line - 1]!.trim() });
  };
  for (const node of all) {
    if (!isCall(node) || !isMember(node.callee)) continue;
    const method = propertyName(node.callee);
    const target = node.callee.object;
    if (method && WRITE_METHODS.has(method)) {
      const model = modelOfQuery(target, 0);
      if (model) found(node, models.tableOf.get(model)!);
    } else if (method && target.type === 'Identifier' && modelOf.has(target.name)) {
      const model = modelOf.get(target.name)!;
      if (models.writers.get(model)?.has(method)) found(node, models.tableOf.get(model)!);
    } else if (method === 'raw') {
      const sql = textOf(node.arguments[0]) ?? '';
      for (const match of sql.matchAll(RAW_WRITE)) {
        const named = match[1]!;
        if (named !== '??') found(node, named.replaceAll('"', '').toLowerCase());
        else {
          // `insert into ??` with the table as a binding: the binding at that placeholder's place.
          const place = sql.slice(0, match.index + match[0].length).match(/\?\??/g)!.length - 1;
          const model = modelOfTableName(node.arguments[1]?.elements?.[place]);
          if (model) found(node, models.tableOf.get(model)!);
        }
      }
    }
  }
  return writes;
}
