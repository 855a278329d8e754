import { describe, expect, it } from 'vitest';
import { escapeHtml, isoDuration, jsonForScript, safeHttpUrl } from './html.ts';

describe('escaping for each context', () => {
  it('leaves no tag, quote or backtick in HTML text and attributes', () => {
    expect(escapeHtml(`<script>alert(1)</script>" onmouseover='x' \`&`)).toBe(
      '&lt;script&gt;alert(1)&lt;/script&gt;&quot; onmouseover=&#39;x&#39; &#96;&amp;',
    );
  });

  it('keeps a JSON-LD block closed whatever the values hold, and the JSON the same when parsed', () => {
    const value = { name: '</script><script>alert(1)</script><!-- & \u2028' };
    const text = jsonForScript(value);
    expect(text).not.toMatch(/<|>|&|\u2028/);
    expect(JSON.parse(text)).toEqual(value);
  });

  it('passes only http and https links', () => {
    expect(safeHttpUrl('https://example.test/a?b=1')).toBe('https://example.test/a?b=1');
    for (const bad of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      '//x',
      '',
      null,
    ]) {
      expect(safeHttpUrl(bad)).toBeNull();
    }
  });

  it('writes durations as ISO 8601', () => {
    expect(isoDuration(0)).toBe('PT0S');
    expect(isoDuration(65.4)).toBe('PT1M5S');
    expect(isoDuration(3600)).toBe('PT1H');
    expect(isoDuration(3725)).toBe('PT1H2M5S');
  });
});
