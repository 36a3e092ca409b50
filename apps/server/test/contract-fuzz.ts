/**
 * Malformed requests generated from the OpenAPI document the app publishes (`app.swagger()`), so a call
 * added to the API reference is fuzzed the day it lands. Two sources, both deterministic:
 * - `systematicRequests`: every named malformation for every operation (broken JSON, multipart without
 *   a boundary, file parts, odd path ids and query values, wrong types for every declared field);
 * - `randomRequest`: a fast-check arbitrary mixing the same ingredients with random values (seeded).
 */
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { API_ROOT } from '@pw/contracts';

export type Identity = 'visitor' | 'bogus' | 'user' | 'funeral-home' | 'admin';
export const IDENTITIES: readonly Identity[] = ['visitor', 'bogus', 'user', 'funeral-home', 'admin'];

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  default?: unknown;
}

interface Parameter {
  name: string;
  in: string;
  schema?: JsonSchema;
}

export interface Operation {
  method: string;
  /** The path template of the reference, e.g. `/api/notification/update/{id}`. */
  path: string;
  pathParams: string[];
  query: Array<{ name: string; schema: JsonSchema }>;
  /** Declared body fields and the media types the reference lists (none: the call takes no body). */
  body: { fields: Record<string, JsonSchema>; types: string[] } | null;
  secured: boolean;
}

export interface FuzzRequest {
  label: string;
  method: string;
  url: string;
  identity: Identity;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        security?: unknown[];
      }
    >
  >;
}

/** Every operation of the reference. */
export function operationsOf(document: unknown): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries((document as OpenApiDocument).paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const parameters = operation.parameters ?? [];
      const content = operation.requestBody?.content ?? {};
      const types = Object.keys(content);
      const fields: Record<string, JsonSchema> = {};
      for (const type of types) Object.assign(fields, content[type]?.schema?.properties ?? {});
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: parameters
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        body: types.length ? { fields, types } : null,
        secured: Boolean(operation.security?.length),
      });
    }
  }
  return operations;
}

/** The role whose area a secured path belongs to (so the guard lets the malformed body through). */
export function ownerOf(operation: Operation): Identity {
  if (!operation.secured) return 'visitor';
  if (operation.path.startsWith(`${API_ROOT}/admin/`)) return 'admin';
  if (operation.path.startsWith(`${API_ROOT}/web/funeral-home/`)) return 'funeral-home';
  return 'user';
}

/** A plausible value for a schema: the starting point the malformations are applied to. */
export function sampleOf(schema: JsonSchema): unknown {
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const branch = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0];
  if (branch) return sampleOf(branch);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return [sampleOf(schema.items ?? {})];
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, sampleOf(v)]));
    default:
      return sampleString(schema);
  }
}

/**
 * A string the schema accepts, so the malformations reach past the first check: one matching its
 * pattern (fast-check, fixed seed), else one text for all (a password and its confirmation agree).
 */
function sampleString(schema: JsonSchema): string {
  const fits = (text: string) =>
    text.length >= (schema.minLength ?? 0) && text.length <= (schema.maxLength ?? Infinity);
  if (schema.pattern) {
    const candidates = fc.sample(fc.stringMatching(new RegExp(schema.pattern)), { seed: 8, numRuns: 50 });
    return candidates.find(fits) ?? 'sample';
  }
  return 'Sample text 12345'.slice(0, schema.maxLength ?? Infinity);
}

// ---- The ingredients ---------------------------------------------------------------------------

/** Odd path segments: traversal, NUL, numbers out of range, encodings that do not decode, huge. */
export const ODD_PATH_VALUES = [
  '..',
  '../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  '1%00',
  '1e309',
  '-1',
  '0',
  '1.5',
  '99999999999999999999999',
  '9007199254740993',
  'NaN',
  'Infinity',
  'null',
  '__proto__',
  'constructor',
  '%',
  '%E0%A4%A',
  '%ZZ',
  '%F0%9F%92%A5',
  '%C0%AF',
  ' ',
  '%20',
  "'; drop table users; --",
  '<script>',
  'a'.repeat(5000),
  '9'.repeat(2000),
];

/** Odd query values (raw, already in query-string form). */
export const ODD_QUERY_VALUES = [
  '',
  '1e309',
  '-1',
  '0',
  '1.5',
  'abc',
  'NaN',
  'Infinity',
  '9'.repeat(400),
  '%00',
  '%ZZ',
  '%E0%A4%A',
  'a'.repeat(10_000),
  'Not/AZone',
  '../../etc',
  'true',
];

/** Values of the wrong type (or of the right type and absurd) for any field. */
export const ODD_FIELD_VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  1e308,
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  'a'.repeat(200_000),
  '💥'.repeat(2000),
  '\ud800',
  [],
  ['a', 'b'],
  [[[]]],
  {},
  { $gt: '' },
  { nested: { deeper: [1, { x: null }] } },
  'NaN',
  '9'.repeat(400),
  "' OR 1=1 --",
  '../../etc/passwd',
  '2026-02-31',
  '25:61',
];

/** Whole bodies that are not what any call expects. `body` is sent as is, with `type` as content type. */
function malformedBodies(): Array<{ label: string; type?: string; body: string | Buffer }> {
  const boundary = `fuzz${randomBytes(6).toString('hex')}`;
  const part = (name: string, value: string, extra = '') =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${extra}\r\n\r\n${value}\r\n`;
  const file = (name: string, content: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="f.bin"\r\n` +
    `Content-Type: application/octet-stream\r\n\r\n${content}\r\n`;
  const end = `--${boundary}--\r\n`;
  const multipart = `multipart/form-data; boundary=${boundary}`;
  const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
  return [
    { label: 'json: truncated object', type: 'application/json', body: '{"email": "a@b.c", ' },
    { label: 'json: lone brace', type: 'application/json', body: '{' },
    { label: 'json: bare word', type: 'application/json', body: 'nul' },
    { label: 'json: string', type: 'application/json', body: '"text"' },
    { label: 'json: number', type: 'application/json', body: '1e309' },
    { label: 'json: null', type: 'application/json', body: 'null' },
    { label: 'json: array', type: 'application/json', body: '[1,2,3]' },
    { label: 'json: true', type: 'application/json', body: 'true' },
    { label: 'json: empty', type: 'application/json', body: '' },
    { label: 'json: whitespace', type: 'application/json', body: ' \n\t ' },
    { label: 'json: byte order mark', type: 'application/json', body: '\ufeff{}' },
    { label: 'json: __proto__', type: 'application/json', body: '{"__proto__": {"polluted": true}}' },
    {
      label: 'json: constructor.prototype',
      type: 'application/json',
      body: '{"constructor": {"prototype": {"polluted": true}}}',
    },
    { label: 'json: nested 100k deep', type: 'application/json', body: deep(100_000) },
    {
      label: 'json: invalid UTF-8',
      type: 'application/json',
      body: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0xff, 0x22, 0x7d]),
    },
    {
      label: 'json: over the body limit',
      type: 'application/json',
      body: `{"a":"${'x'.repeat(1_100_000)}"}`,
    },
    { label: 'json: utf-16 charset', type: 'application/json; charset=utf-16', body: '{}' },
    { label: 'json: bogus charset', type: 'application/json; charset=klingon', body: '{}' },
    { label: 'multipart: no boundary', type: 'multipart/form-data', body: part('a', 'b') + end },
    { label: 'multipart: empty boundary', type: 'multipart/form-data; boundary=', body: end },
    { label: 'multipart: unclosed quoted boundary', type: 'multipart/form-data; boundary="abc', body: end },
    {
      label: 'multipart: boundary over 70 characters',
      type: `multipart/form-data; boundary=${'b'.repeat(200)}`,
      body: `--${'b'.repeat(200)}--\r\n`,
    },
    { label: 'multipart: not multipart inside', type: multipart, body: '{"email":"a@b.c"}' },
    { label: 'multipart: truncated part', type: multipart, body: part('email', 'a@b.c').slice(0, -10) },
    {
      label: 'multipart: header without colon',
      type: multipart,
      body: `--${boundary}\r\nContent-Disposition form-data\r\n\r\nx\r\n${end}`,
    },
    {
      label: 'multipart: part without a name',
      type: multipart,
      body: `--${boundary}\r\nContent-Disposition: form-data\r\n\r\nx\r\n${end}`,
    },
    { label: 'multipart: __proto__ field', type: multipart, body: part('__proto__', 'x') + end },
    { label: 'multipart: __proto__[] field', type: multipart, body: part('__proto__[]', 'x') + end },
    { label: 'multipart: constructor field', type: multipart, body: part('constructor', 'x') + end },
    { label: 'multipart: toString field', type: multipart, body: part('toString', 'x') + end },
    {
      label: 'multipart: hasOwnProperty[] field',
      type: multipart,
      body: part('hasOwnProperty[]', 'x') + end,
    },
    {
      label: 'multipart: invalid JSON field',
      type: multipart,
      body: `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\nContent-Type: application/json\r\n\r\n{nope\r\n${end}`,
    },
    {
      label: 'multipart: JSON field',
      type: multipart,
      body: `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\nContent-Type: application/json\r\n\r\n{"a":[1]}\r\n${end}`,
    },
    { label: 'multipart: a file part', type: multipart, body: file('photo', 'not an image') + end },
    { label: 'multipart: a file part named like a field', type: multipart, body: file('email', 'x') + end },
    {
      label: 'multipart: three files',
      type: multipart,
      body: file('photo', 'a') + file('photo', 'b') + file('videos[]', 'c') + end,
    },
    {
      label: 'multipart: a field of 200 KiB',
      type: multipart,
      body: part('message', 'm'.repeat(200 * 1024)) + end,
    },
    {
      label: 'multipart: 300 fields',
      type: multipart,
      body: Array.from({ length: 300 }, (_, i) => part(`f${i}`, 'x')).join('') + end,
    },
    {
      label: 'multipart: the same field 300 times',
      type: multipart,
      body: Array.from({ length: 300 }, () => part('video_ids[]', '1')).join('') + end,
    },
    { label: 'multipart: a huge field name', type: multipart, body: part('n'.repeat(100_000), 'x') + end },
    { label: 'urlencoded', type: 'application/x-www-form-urlencoded', body: 'email=a%40b.c&password=x' },
    { label: 'text/plain', type: 'text/plain', body: 'hello' },
    { label: 'xml', type: 'application/xml', body: '<a/>' },
    { label: 'content type of semicolons', type: ';;;', body: '{}' },
    { label: 'content type list', type: 'application/json, text/plain', body: '{}' },
    { label: 'content type wildcard', type: '*/*', body: '{}' },
    { label: 'content type with bad parameter', type: 'application/json; =x', body: '{}' },
    { label: 'no content type, a body', body: '{"a":1}' },
    { label: 'no content type, binary body', body: randomBytes(256) },
  ];
}

// ---- Requests ----------------------------------------------------------------------------------

const urlOf = (operation: Operation, params: Record<string, string> = {}, query = '') => {
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '1');
  return query ? `${path}?${query}` : path;
};

const hasBody = (operation: Operation) => operation.method !== 'GET' && operation.method !== 'HEAD';

const jsonRequest = (
  operation: Operation,
  label: string,
  identity: Identity,
  body: unknown,
): FuzzRequest => ({
  label,
  method: operation.method,
  url: urlOf(operation),
  identity,
  headers: { 'content-type': 'application/json' },
  payload: JSON.stringify(body),
});

function multipartRequest(
  operation: Operation,
  label: string,
  identity: Identity,
  fields: Record<string, unknown>,
): FuzzRequest {
  const boundary = `fuzz${randomBytes(6).toString('hex')}`;
  const text = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
  const parts = Object.entries(fields).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map(
      (item) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${text(item)}\r\n`,
    ),
  );
  return {
    label,
    method: operation.method,
    url: urlOf(operation),
    identity,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: `${parts.join('')}--${boundary}--\r\n`,
  };
}

/**
 * Every named malformation of one operation, each sent as the owner of the area (so the guard lets it
 * through to the body) and, but for the per-field ones, again as someone else: in turn a visitor, a
 * bogus token or another role.
 *
 * A query parameter declared the same way by many calls (the lists' `page`, `per_page`, `search`…) is
 * parsed by the same schema wherever it appears: the first call of a sweep that declares it gets the whole
 * matrix (each odd value, repeated, as an array and as an object, as two identities); every later call
 * still gets each odd value in it, as its owner, which proves that call reads the parameter through the
 * schema. `seenQuery` is that memory, kept by the caller for one sweep.
 */
export function systematicRequests(operation: Operation, seenQuery = new Set<string>()): FuzzRequest[] {
  const owner = ownerOf(operation);
  const others = IDENTITIES.filter((identity) => identity !== owner);
  let turn = 0;
  const twice = (build: (identity: Identity) => FuzzRequest) => [
    build(owner),
    build(others[turn++ % others.length]!),
  ];
  const requests: FuzzRequest[] = [];
  const tag = `${operation.method} ${operation.path}`;

  for (const name of operation.pathParams) {
    for (const value of ODD_PATH_VALUES) {
      requests.push(
        ...twice((identity) => ({
          label: `${tag}: path ${name}=${value.slice(0, 40)}`,
          method: operation.method,
          url: urlOf(operation, { [name]: value }),
          identity,
          headers: {},
        })),
      );
    }
  }

  const queryRequest = (query: string, identity: Identity): FuzzRequest => ({
    label: `${tag}: query ${query.slice(0, 60)}`,
    method: operation.method,
    url: urlOf(operation, {}, query),
    identity,
    headers: {},
  });
  for (const { name, schema } of operation.query) {
    const key = `${name} ${JSON.stringify(schema)}`;
    const firstSeen = !seenQuery.has(key);
    seenQuery.add(key);
    for (const value of ODD_QUERY_VALUES) {
      if (!firstSeen) {
        requests.push(queryRequest(`${name}=${value}`, owner));
        continue;
      }
      const queries = [
        `${name}=${value}`,
        `${name}=${value}&${name}=2`,
        `${name}[]=${value}`,
        `${name}[a]=${value}`,
      ];
      for (const query of queries) requests.push(...twice((identity) => queryRequest(query, identity)));
    }
  }
  // A parameter the call does not declare is ignored, whatever it holds.
  for (const value of ODD_QUERY_VALUES) requests.push(queryRequest(`unknown=${value}`, owner));
  requests.push(
    ...twice((identity) => ({
      label: `${tag}: garbage query string`,
      method: operation.method,
      url: urlOf(operation, {}, '&&==&%&a=%&=&[]=&a[][]][=1'),
      identity,
      headers: {},
    })),
  );

  if (!hasBody(operation)) return requests;

  for (const malformed of malformedBodies()) {
    requests.push(
      ...twice((identity) => ({
        label: `${tag}: ${malformed.label}`,
        method: operation.method,
        url: urlOf(operation),
        identity,
        headers:
          malformed.type === undefined ? {} : ({ 'content-type': malformed.type } as Record<string, string>),
        payload: malformed.body,
      })),
    );
  }

  const fields = operation.body?.fields ?? {};
  const sample = Object.fromEntries(Object.entries(fields).map(([name, schema]) => [name, sampleOf(schema)]));
  const multipartToo = operation.body?.types.includes('multipart/form-data') ?? false;
  for (const name of Object.keys(fields)) {
    const { [name]: _dropped, ...withoutIt } = sample;
    requests.push(jsonRequest(operation, `${tag}: json without ${name}`, owner, withoutIt));
    ODD_FIELD_VALUES.forEach((value, index) => {
      const body = { ...sample, [name]: value };
      requests.push(jsonRequest(operation, `${tag}: json ${name}=odd#${index}`, owner, body));
      if (multipartToo) {
        requests.push(multipartRequest(operation, `${tag}: multipart ${name}=odd#${index}`, owner, body));
      }
    });
  }
  return requests;
}

// ---- Random requests (fast-check) --------------------------------------------------------------

const oddString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 64 }),
  fc.string({ unit: 'grapheme', maxLength: 64 }),
  fc.constantFrom(...ODD_QUERY_VALUES),
);

const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...ODD_FIELD_VALUES),
  fc.jsonValue({ maxDepth: 4 }),
  oddString,
  fc.double(),
  fc.integer(),
);

/** One random malformed request for one of `operations`: mutated fields, params, query and content type. */
export function randomRequest(operations: Operation[]): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      operation: fc.constantFrom(...operations),
      identity: fc.constantFrom(...IDENTITIES),
      asOwner: fc.boolean(),
      param: fc.oneof(fc.constantFrom(...ODD_PATH_VALUES), oddString.map(encodeURIComponent)),
      query: fc.array(fc.tuple(fc.string({ maxLength: 12 }), oddString), { maxLength: 4 }),
      mutations: fc.dictionary(fc.string({ maxLength: 12 }), oddValue, { maxKeys: 4 }),
      dropped: fc.nat(),
      encoding: fc.constantFrom('json', 'multipart', 'raw-json', 'none'),
    })
    .map(({ operation, identity, asOwner, param, query, mutations, dropped, encoding }) => {
      const fields = operation.body?.fields ?? {};
      const names = Object.keys(fields);
      const body: Record<string, unknown> = Object.fromEntries(
        names.map((name) => [name, sampleOf(fields[name]!)]),
      );
      // Mutate declared fields mostly (unknown names too), and drop one now and then.
      const mutationEntries = Object.entries(mutations);
      mutationEntries.forEach(([key, value], index) => {
        body[names.length && index % 2 === 0 ? names[(key.length + index) % names.length]! : key] = value;
      });
      if (names.length && dropped % 3 === 0) delete body[names[dropped % names.length]!];
      const querystring = query
        .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
        .join('&');
      const params = Object.fromEntries(operation.pathParams.map((name) => [name, param]));
      const who = asOwner ? ownerOf(operation) : identity;
      const base = {
        label: `${operation.method} ${operation.path}: random ${encoding}`,
        method: operation.method,
        url: urlOf(operation, params, querystring),
        identity: who,
      };
      if (!hasBody(operation) || encoding === 'none') return { ...base, headers: {} };
      if (encoding === 'multipart') {
        const request = multipartRequest(operation, base.label, who, body);
        return { ...request, url: base.url };
      }
      const json = JSON.stringify(body);
      // raw-json: cut the text somewhere, so the parser sees broken JSON of every shape.
      const payload = encoding === 'raw-json' ? json.slice(0, dropped % (json.length + 1)) : json;
      return { ...base, headers: { 'content-type': 'application/json' }, payload };
    });
}
