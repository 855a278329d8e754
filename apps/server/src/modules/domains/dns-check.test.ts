import type { DomainFailReason } from '@leadreel/shared';
import { describe, expect, it } from 'vitest';
import { type Answer, checkDomain, type DnsLookup } from './dns-check.ts';

// The decision a check makes from DNS's answers (docs/product.md "Custom domains"); the answers themselves
// come from a real DNS server in domain-checks.int.test.ts.
const TARGET = 'edge.leadreel.test';
const DOMAIN = 'video.acme.test';
const TOKEN = 'tok';
const records = (...values: string[]): Answer<string> => ({ records: values });
const none: Answer<string> = { none: true };
const timeout: Answer<string> = { unknown: 'timeout' };

function lookup(answers: Partial<Record<keyof DnsLookup, Record<string, Answer<string>>>>): DnsLookup {
  const of = (kind: keyof DnsLookup) => async (name: string) => answers[kind]?.[name] ?? none;
  return { cname: of('cname'), txt: of('txt'), a: of('a'), aaaa: of('aaaa') };
}
const proof = { [`_leadreel.${DOMAIN}`]: records('v=spf1 -all', `leadreel-verify=${TOKEN}`) };

describe('checkDomain', () => {
  it('verifies the CNAME to the target (any case, a trailing dot) with the TXT proof among other values', async () => {
    for (const cname of [TARGET, `${TARGET}.`, TARGET.toUpperCase()]) {
      const found = await checkDomain(
        lookup({ cname: { [DOMAIN]: records(cname) }, txt: proof }),
        DOMAIN,
        TOKEN,
        TARGET,
      );
      expect(found, cname).toEqual({ verified: true });
    }
  });

  it('is clearly wrong when one record is clearly wrong, even while the other has no answer', async () => {
    const wrongCname = lookup({
      cname: { [DOMAIN]: records('elsewhere.test') },
      txt: { [`_leadreel.${DOMAIN}`]: timeout },
    });
    expect(await checkDomain(wrongCname, DOMAIN, TOKEN, TARGET)).toEqual({
      verified: false,
      clear: true,
      reasons: [{ code: 'cname_wrong', values: { name: DOMAIN, found: 'elsewhere.test', target: TARGET } }],
    });
    const noTxt = lookup({ cname: { [DOMAIN]: timeout } });
    expect(await checkDomain(noTxt, DOMAIN, TOKEN, TARGET)).toMatchObject({ verified: false, clear: true });
  });

  it('is unknown, not wrong, when the only failures are missing answers', async () => {
    const silent = lookup({ cname: { [DOMAIN]: timeout }, txt: { [`_leadreel.${DOMAIN}`]: { unknown: 'servfail' } } });
    expect(await checkDomain(silent, DOMAIN, TOKEN, TARGET)).toEqual({
      verified: false,
      clear: false,
      reasons: [
        { code: 'dns_unanswered', values: { name: DOMAIN, problem: 'timeout' } },
        { code: 'dns_unanswered', values: { name: `_leadreel.${DOMAIN}`, problem: 'servfail' } },
      ],
    });
  });

  it("takes a name without a CNAME by its addresses: some, and all of them the target's", async () => {
    const target = { [TARGET]: records('192.0.2.10') };
    const targetV6 = { [TARGET]: records('2001:db8::10') };
    const cases: [Record<string, Answer<string>>, Record<string, Answer<string>>, boolean][] = [
      [{ [DOMAIN]: records('192.0.2.10') }, {}, true],
      [{ [DOMAIN]: records('192.0.2.10') }, { [DOMAIN]: records('2001:db8::10') }, true],
      [{ [DOMAIN]: records('192.0.2.10', '198.51.100.1') }, {}, false],
      [{}, { [DOMAIN]: records('2001:db8::99') }, false],
      [{}, {}, false],
    ];
    for (const [a, aaaa, verified] of cases) {
      const found = await checkDomain(
        lookup({ a: { ...target, ...a }, aaaa: { ...targetV6, ...aaaa }, txt: proof }),
        DOMAIN,
        TOKEN,
        TARGET,
      );
      expect(found.verified, JSON.stringify([a, aaaa])).toBe(verified);
    }
    // The target's own addresses unknown: no clear answer, and the name that went unanswered is the target.
    const unknownTarget = lookup({ a: { [DOMAIN]: records('192.0.2.10'), [TARGET]: timeout }, txt: proof });
    expect(await checkDomain(unknownTarget, DOMAIN, TOKEN, TARGET)).toEqual({
      verified: false,
      clear: false,
      reasons: [{ code: 'dns_unanswered', values: { name: TARGET, problem: 'timeout' } }],
    });
  });

  it('gives a reason with its values for each record at fault, both when both are', async () => {
    const wanted = `leadreel-verify=${TOKEN}`;
    const txtName = `_leadreel.${DOMAIN}`;
    const cases: [string, Parameters<typeof lookup>[0], DomainFailReason[]][] = [
      [
        'nothing published',
        {},
        [
          { code: 'cname_missing', values: { name: DOMAIN, target: TARGET } },
          { code: 'txt_missing', values: { name: txtName, value: wanted } },
        ],
      ],
      [
        'another TXT value, two CNAMEs elsewhere',
        {
          cname: { [DOMAIN]: records('One.example.test.', 'two.example.test') },
          txt: { [txtName]: records('leadreel-verify=other') },
        },
        [
          {
            code: 'cname_wrong',
            values: { name: DOMAIN, found: 'one.example.test, two.example.test', target: TARGET },
          },
          { code: 'txt_wrong', values: { name: txtName, value: wanted } },
        ],
      ],
      [
        'an apex with an address not the target',
        {
          a: { [DOMAIN]: records('192.0.2.10', '198.51.100.7'), [TARGET]: records('192.0.2.10') },
          txt: proof,
        },
        [{ code: 'apex_addresses', values: { name: DOMAIN, found: '192.0.2.10, 198.51.100.7', target: TARGET } }],
      ],
    ];
    for (const [name, answers, reasons] of cases) {
      expect(await checkDomain(lookup(answers), DOMAIN, TOKEN, TARGET), name).toEqual({
        verified: false,
        clear: true,
        reasons,
      });
    }
  });
});
