/**
 * TypeScript types of an OpenAPI 3.0 document, in the shape openapi-typescript writes (`paths`,
 * `operations`, `components`), which openapi-fetch reads. Written here because openapi-typescript needs
 * the TypeScript compiler's JavaScript API, which TypeScript 7 no longer has. It covers what the public
 * API's document uses: objects, arrays, enums, nullable, unions, $ref to components.
 */

type Schema = {
  $ref?: string;
  type?: string;
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  description?: string;
  format?: string;
};
type Parameter = { name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema: Schema };
type Operation = {
  operationId: string;
  summary?: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
  responses: Record<string, { description?: string; content?: Record<string, { schema: Schema }> }>;
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
};

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const key = (name: string) => (IDENTIFIER.test(name) ? name : JSON.stringify(name));
const pad = (depth: number) => '  '.repeat(depth);

function comment(text: string | undefined, depth: number) {
  if (!text) return '';
  return `${pad(depth)}/** ${text.replaceAll('*/', '*\\/').replaceAll('\n', ' ')} */\n`;
}

function literal(value: unknown) {
  return JSON.stringify(value);
}

export function typeOf(schema: Schema, depth = 0): string {
  const base = ((): string => {
    if (schema.$ref) {
      const name = schema.$ref.replace('#/components/schemas/', '');
      return `components["schemas"][${JSON.stringify(name)}]`;
    }
    if (schema.const !== undefined) return literal(schema.const);
    if (schema.enum) return schema.enum.map(literal).join(' | ');
    const union = schema.anyOf ?? schema.oneOf;
    if (union) return union.map((member) => typeOf(member, depth)).join(' | ');
    if (schema.allOf) return schema.allOf.map((member) => `(${typeOf(member, depth)})`).join(' & ');
    switch (schema.type) {
      case 'string':
        return 'string';
      case 'integer':
      case 'number':
        return 'number';
      case 'boolean':
        return 'boolean';
      case 'null':
        return 'null';
      case 'array':
        return `(${schema.items ? typeOf(schema.items, depth) : 'unknown'})[]`;
      case 'object':
        return objectOf(schema, depth);
      default:
        return schema.properties ? objectOf(schema, depth) : 'unknown';
    }
  })();
  return schema.nullable ? `${base} | null` : base;
}

function objectOf(schema: Schema, depth: number): string {
  const required = new Set(schema.required ?? []);
  const lines = Object.entries(schema.properties ?? {}).map(
    ([name, property]) =>
      `${comment(property.description, depth + 1)}${pad(depth + 1)}${key(name)}${required.has(name) ? '' : '?'}: ${typeOf(property, depth + 1)};`,
  );
  const extra = schema.additionalProperties;
  if (extra && typeof extra === 'object') lines.push(`${pad(depth + 1)}[key: string]: ${typeOf(extra, depth + 1)};`);
  else if (extra === true) lines.push(`${pad(depth + 1)}[key: string]: unknown;`);
  if (lines.length === 0) return 'Record<string, never>';
  return `{\n${lines.join('\n')}\n${pad(depth)}}`;
}

function parametersOf(operation: Operation, depth: number) {
  const groups = { query: [] as Parameter[], header: [] as Parameter[], path: [] as Parameter[] };
  for (const parameter of operation.parameters ?? []) groups[parameter.in].push(parameter);
  const group = (where: keyof typeof groups) => {
    const list = groups[where];
    if (list.length === 0) return `${pad(depth + 1)}${where}?: never;`;
    const optional = list.every((parameter) => !parameter.required) ? '?' : '';
    const fields = list.map(
      (parameter) =>
        `${pad(depth + 2)}${key(parameter.name)}${parameter.required ? '' : '?'}: ${typeOf(parameter.schema, depth + 2)};`,
    );
    return `${pad(depth + 1)}${where}${optional}: {\n${fields.join('\n')}\n${pad(depth + 1)}};`;
  };
  return `{\n${group('query')}\n${group('header')}\n${group('path')}\n${pad(depth + 1)}cookie?: never;\n${pad(depth)}}`;
}

function contentOf(content: Record<string, { schema: Schema }> | undefined, depth: number) {
  if (!content) return `${pad(depth)}content?: never;`;
  const types = Object.entries(content).map(
    ([type, { schema }]) => `${pad(depth + 1)}${JSON.stringify(type)}: ${typeOf(schema, depth + 1)};`,
  );
  return `${pad(depth)}content: {\n${types.join('\n')}\n${pad(depth)}};`;
}

function operationOf(operation: Operation, depth: number) {
  const body = operation.requestBody
    ? `${pad(depth + 1)}requestBody${operation.requestBody.required ? '' : '?'}: {\n${contentOf(operation.requestBody.content, depth + 2)}\n${pad(depth + 1)}};`
    : `${pad(depth + 1)}requestBody?: never;`;
  const responses = Object.entries(operation.responses).map(
    ([status, response]) =>
      `${comment(response.description, depth + 2)}${pad(depth + 2)}${status}: {\n${pad(depth + 3)}headers: { [name: string]: unknown };\n${contentOf(response.content, depth + 3)}\n${pad(depth + 2)}};`,
  );
  return `{\n${pad(depth + 1)}parameters: ${parametersOf(operation, depth + 1)};\n${body}\n${pad(depth + 1)}responses: {\n${responses.join('\n')}\n${pad(depth + 1)}};\n${pad(depth)}}`;
}

/** The types of `document`, as the text of a TypeScript module. */
export function clientTypes(document: Document): string {
  const out: string[] = [
    "// Generated from the public API's OpenAPI document by `npm run openapi`: do not edit.",
    '',
    'export interface paths {',
  ];
  const operations: string[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    out.push(`  ${JSON.stringify(path)}: {`);
    out.push('    parameters: { query?: never; header?: never; path?: never; cookie?: never };');
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) {
        out.push(`    ${method}?: never;`);
        continue;
      }
      out.push(`${comment(operation.summary, 2)}    ${method}: operations[${JSON.stringify(operation.operationId)}];`);
      operations.push(`  ${JSON.stringify(operation.operationId)}: ${operationOf(operation, 1)};`);
    }
    out.push('  };');
  }
  out.push('}', '', 'export interface operations {', ...operations, '}', '', 'export interface components {');
  out.push('  schemas: {');
  for (const [name, schema] of Object.entries(document.components?.schemas ?? {})) {
    out.push(`    ${key(name)}: ${typeOf(schema, 2)};`);
  }
  out.push('  };', '}', '');
  return out.join('\n');
}
