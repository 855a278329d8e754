import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RouteDef } from './routeDef.ts';
import { BLOG_TO_VIDEO_ROUTE, PUBLIC_ROUTES, SIGNED_IN_ROUTES } from './routeTable.ts';

const all = (defs: RouteDef[]): RouteDef[] => defs.flatMap((def) => [def, ...all(def.children ?? [])]);

describe('the route table', () => {
  it("is composed from the areas' own route modules, which load their pages lazily", async () => {
    const pages = path.resolve(import.meta.dirname, '../pages');
    const modules = (await readdir(pages, { recursive: true })).filter((file) => file.endsWith('routes.ts'));
    expect(modules.length).toBeGreaterThanOrEqual(7);
    for (const file of modules) {
      const text = await readFile(path.join(pages, file), 'utf8');
      // A static import of a page would put it in the first screen's chunk.
      const imports = [...text.matchAll(/^import .* from '([^']+)';$/gm)].map((match) => match[1]);
      expect(imports, file).toEqual(['../../app/routeDef.ts']);
    }
  });

  it('gives every built screen a page that loads, and names no route twice in a section', async () => {
    const routes = all([...PUBLIC_ROUTES, ...SIGNED_IN_ROUTES, BLOG_TO_VIDEO_ROUTE]);
    const loaded = await Promise.all(routes.filter((def) => def.page).map((def) => def.page?.()));
    expect(loaded.length).toBeGreaterThanOrEqual(20);
    for (const component of loaded) expect(typeof component).toBe('function');
    for (const def of routes) {
      const names = (def.children ?? []).map((child) => child.name);
      expect(new Set(names).size, def.name).toBe(names.length);
    }
  });
});
