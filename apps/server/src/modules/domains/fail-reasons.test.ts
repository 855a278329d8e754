import type { DomainFailReason } from '@leadreel/shared';
import { describe, expect, it } from 'vitest';
import { readReasons, storedReasons } from './fail-reasons.ts';

describe("a domain's stored fail reasons", () => {
  it('read back as they were stored, every code', () => {
    const reasons: DomainFailReason[] = [
      { code: 'txt_missing', values: { name: '_leadreel.a.test', value: 'leadreel-verify=t' } },
      { code: 'txt_wrong', values: { name: '_leadreel.a.test', value: 'leadreel-verify=t' } },
      { code: 'cname_missing', values: { name: 'a.test', target: 'edge.test' } },
      { code: 'cname_wrong', values: { name: 'a.test', found: 'b.test, c.test', target: 'edge.test' } },
      { code: 'apex_addresses', values: { name: 'a.test', found: '192.0.2.1', target: 'edge.test' } },
      { code: 'dns_unanswered', values: { name: 'a.test', problem: 'timeout' } },
      { code: 'canceled', values: {} },
      { code: 'other', values: { text: 'words' } },
    ];
    expect(readReasons(storedReasons(reasons))).toEqual(reasons);
    expect(readReasons(storedReasons([]))).toEqual([]);
    expect(readReasons(null)).toEqual([]);
  });

  it('read words from before reasons were codes as they were, and a cancellation as one', () => {
    expect(readReasons('Verification canceled')).toEqual([{ code: 'canceled', values: {} }]);
    for (const words of [
      'The TXT record at _leadreel.a.test does not hold leadreel-verify=t.',
      '42',
      '[{"code":"txt_missing","values":{}}]',
      '[{"code":"unheard_of","values":{"name":"a.test"}}]',
    ]) {
      expect(readReasons(words), words).toEqual([{ code: 'other', values: { text: words } }]);
    }
  });
});
