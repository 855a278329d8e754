import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTES } from './catalogue.ts';
import { ROUTE_SCHEMAS } from './schemas.ts';

describe('the route catalogue', () => {
  it('names each method and path once, and has schemas for every route', () => {
    const keys = Object.values(ROUTES).map((route) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(Object.keys(ROUTE_SCHEMAS).sort()).toEqual(Object.keys(ROUTES).sort());
    for (const [name, schemas] of Object.entries(ROUTE_SCHEMAS)) {
      const route = ROUTES[name as keyof typeof ROUTES];
      // A GET takes a query, a POST a body, never the other way round.
      if (route.method === 'GET') expect('body' in schemas, name).toBe(false);
      else expect('query' in schemas, name).toBe(false);
      // A route answers its envelope's data, or (a file, a beacon) says that it answers something else.
      expect('response' in schemas, name).toBe(!('answers' in route));
    }
  });

  it('is the only place its paths are written', async () => {
    const root = path.resolve(import.meta.dirname, '../../../..');
    const found: string[] = [];
    for (const dir of ['apps/server/src', 'apps/web/src', 'apps/player/src']) {
      for (const entry of await readdir(path.join(root, dir), { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue;
        const file = path.join(entry.parentPath, entry.name);
        const text = await readFile(file, 'utf8');
        for (const route of Object.values(ROUTES)) {
          const written = [route.path, `/api${route.path}`].some(
            (address) => text.includes(`'${address}'`) || text.includes(`\`${address}\``),
          );
          if (written) {
            found.push(`${path.relative(root, file)}: ${route.path}`);
          }
        }
      }
    }
    expect(found).toEqual([]);
  });
});
