import { describe, expect, it } from 'vitest';
import { defineModule, makeServices, type ServiceContext } from './module.ts';

const context = {} as Omit<ServiceContext, 'services'>;
type Loose = Record<string, unknown>;

describe('makeServices', () => {
  it("gives each module the others' services, whichever is listed first", async () => {
    const first = defineModule({
      name: 'first',
      create: ({ services }) => {
        const later = (services as unknown as Loose).second as { twice: (n: number) => number };
        return { first: { quadruple: (n: number) => later.twice(later.twice(n)) } } as never;
      },
    });
    const second = defineModule({
      name: 'second',
      create: () => ({ second: { twice: (n: number) => n * 2 } }) as never,
    });
    const services = makeServices([first, second], context) as unknown as Loose;
    expect((services.first as { quadruple: (n: number) => number }).quadruple(3)).toBe(12);
  });

  it('forwards calls to a service that is itself a function', async () => {
    const user = defineModule({
      name: 'user',
      create: ({ services }) => {
        const check = (services as unknown as Loose).check as (id: string) => Promise<boolean>;
        return { user: { allowed: (id: string) => check(id) } } as never;
      },
    });
    const checker = defineModule({
      name: 'checker',
      create: () => ({ check: async (id: string) => id === 'a' }) as never,
    });
    const services = makeServices([user, checker], context) as unknown as Loose;
    const { allowed } = services.user as { allowed: (id: string) => Promise<boolean> };
    expect(await allowed('a')).toBe(true);
    expect(await allowed('b')).toBe(false);
  });

  it('names a service that is used while services are made, or that no module makes', () => {
    const eager = defineModule({
      name: 'eager',
      create: ({ services }) => {
        ((services as unknown as Loose).late as { go: () => void }).go();
        return {};
      },
    });
    expect(() => makeServices([eager], context)).toThrow(
      'services.late is used before it is made, or no module makes it',
    );
    const services = makeServices([], context) as unknown as Loose;
    expect(() => (services.missing as () => void)()).toThrow('services.missing');
  });

  it('refuses two modules that make the same service', () => {
    const one = defineModule({ name: 'one', create: () => ({ same: 1 }) as never });
    const two = defineModule({ name: 'two', create: () => ({ same: 2 }) as never });
    expect(() => makeServices([one, two], context)).toThrow('services.same is made by two modules (the second: two)');
  });
});
