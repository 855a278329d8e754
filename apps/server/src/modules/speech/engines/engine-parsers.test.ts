import { describe, expect, it } from 'vitest';
import { apertiumArgs, joinForApertium, parseApertiumModes, SEAM, splitFromApertium } from './apertium.ts';
import { silentWav } from './fake-engine-server.ts';
import { backoffMs, DEFAULT_HTTP_POLICY, endpoint, retryAfterMs } from './http-call.ts';
import { allPairs, canonicalTag, matchLanguage, requirePair } from './languages.ts';
import { parseLibreLanguages } from './libretranslate.ts';
import { espeakArgs, fliteArgs, parseEspeakVoices } from './local-speaker.ts';
import { stringsOfAnswer } from './openai-chat.ts';
import { groupWords, parsePocketsphinxWords, pocketsphinxArgs } from './pocketsphinx.ts';
import { wavSecondsOf } from './wav.ts';

describe('command lines', () => {
  it.each([
    ['pocketsphinx', pocketsphinxArgs('/w/a.wav'), ['-infile', '/w/a.wav', '-time', 'yes']],
    ['apertium', apertiumArgs('eng-spa'), ['-u', 'eng-spa']],
    ['flite', fliteArgs('rms', '/w/o.wav'), ['-voice', 'rms', '-f', '/dev/stdin', '-o', '/w/o.wav']],
    ['espeak-ng', espeakArgs('cmn', '/w/o.wav'), ['-v', 'cmn', '--stdin', '-w', '/w/o.wav']],
  ])('%s', (_name, args, expected) => {
    expect(args).toEqual(expected);
  });
});

describe('pocketsphinx output', () => {
  const OUTPUT = [
    'the factory ships every order',
    '<s> 0.120 0.200 0.999400',
    'the 0.210 0.310 0.968794',
    'factory 0.320 0.920 0.999300',
    '[NOISE] 0.930 1.000 0.5',
    'ships(2) 1.010 1.300 0.624781',
    '<sil> 1.310 1.900 0.979902',
    'every 1.910 2.200 0.86',
    'order 2.210 2.500 1.000000',
    '</s> 2.510 2.600 1.000000',
    'INFO: ngram_search.c(301): TOTAL bestpath 0.01 CPU 0.001 xRT',
  ].join('\n');

  it('takes the timed words, without silences, noises or alternate pronunciation marks', () => {
    expect(parsePocketsphinxWords(OUTPUT)).toEqual([
      { word: 'the', start: 0.21, end: 0.31 },
      { word: 'factory', start: 0.32, end: 0.92 },
      { word: 'ships', start: 1.01, end: 1.3 },
      { word: 'every', start: 1.91, end: 2.2 },
      { word: 'order', start: 2.21, end: 2.5 },
    ]);
  });

  it('groups words into cues at pauses of half a second, and before 84 characters or 6 seconds', () => {
    expect(groupWords(parsePocketsphinxWords(OUTPUT))).toEqual([
      { start: 0.21, end: 1.3, text: 'the factory ships' },
      { start: 1.91, end: 2.5, text: 'every order' },
    ]);
    const steady = (count: number, word: string, step: number) =>
      Array.from({ length: count }, (_, index) => ({ word, start: index * step, end: index * step + step - 0.01 }));
    const long = groupWords(steady(30, 'manufacturing', 0.2));
    expect(long.length).toBeGreaterThan(1);
    for (const cue of long) expect(cue.text.length).toBeLessThanOrEqual(84);
    const slow = groupWords(steady(20, 'go', 0.45));
    for (const cue of slow) expect(cue.end - cue.start).toBeLessThanOrEqual(6);
    expect(slow.flatMap((cue) => cue.text.split(' '))).toHaveLength(20);
  });
});

describe('apertium', () => {
  it('lists the pairs it can name in BCP 47, without variants', () => {
    expect(parseApertiumModes('  eng-spa\n  spa-eng\n  spa-eng_US\n  eng-cat\n  xyz-eng-foo\n')).toEqual([
      { from: 'en', to: 'es', mode: 'eng-spa' },
      { from: 'es', to: 'en', mode: 'spa-eng' },
      { from: 'en', to: 'ca', mode: 'eng-cat' },
    ]);
  });

  it('puts texts on lines between seams and splits them back, or says the count is wrong', () => {
    const input = joinForApertium(['Hello', 'two\nlines', 'x\u0000y']);
    expect(input).toBe(`Hello\n${SEAM}\ntwo lines\n${SEAM}\nxy\n`);
    expect(splitFromApertium(`Hola\n${SEAM}\ndos líneas\n${SEAM}\nxy\n`, 3)).toEqual(['Hola', 'dos líneas', 'xy']);
    expect(splitFromApertium(`Hola\n${SEAM}\ndos líneas\n`, 3)).toBeNull();
  });
});

describe('espeak-ng voices', () => {
  const LISTING = [
    'Pty Language       Age/Gender VoiceName          File                 Other Languages',
    ' 5  af              --/M      Afrikaans          gmw/af               ',
    ' 5  cmn             --/M      Chinese_(Mandarin,_latin_as_English) sit/cmn              (zh-cmn 5)(zh 5)',
    ' 5  cmn-latn-pinyin --/M      Chinese_(Mandarin,_latin_as_Pinyin) sit/cmn-Latn-pinyin  (zh-cmn 5)(zh 5)',
    ' 2  en-gb           --/M      English_(Great_Britain) gmw/en               (en 2)',
    ' 5  en-gb-x-rp      --/M      English_(Received_Pronunciation) gmw/en-GB-x-rp       (en-gb 4)(en 5)',
    ' 5  es              --/M      Spanish_(Spain)    roa/es               ',
    ' 5  es-419          --/M      Spanish_(Latin_America) roa/es-419           (es-mx 6)(es 6)',
    ' 5  fr-fr           --/M      French_(France)    roa/fr               (fr 5)',
    ' 5  fr-be           --/M      French_(Belgium)   roa/fr-BE            (fr 8)',
    ' 5  piqd            --/M      Klingon            art/piqd             ',
    ' 5  pt              --/M      Portuguese_(Portugal) roa/pt               (pt-pt 5)',
    ' 5  pt-br           --/M      Portuguese_(Brazil) roa/pt-BR            (pt 6)',
    ' 5  vi-vn-x-central --/M      Vietnamese_(Central) aav/vi-VN-x-central  ',
    ' 5  yue             --/M      Chinese_(Cantonese) sit/yue              (zh-yue 5)(zh 8)',
  ].join('\n');

  it('maps each language, in BCP 47, to the voice espeak-ng prefers for it, English left to flite', () => {
    expect(Object.fromEntries(parseEspeakVoices(LISTING))).toEqual({
      af: 'af',
      zh: 'cmn',
      'zh-Latn-pinyin': 'cmn-latn-pinyin',
      es: 'es',
      'es-419': 'es-419',
      'es-MX': 'es-419',
      'fr-FR': 'fr-fr',
      fr: 'fr-fr',
      'fr-BE': 'fr-be',
      pt: 'pt',
      'pt-PT': 'pt',
      'pt-BR': 'pt-br',
      yue: 'yue',
    });
  });
});

describe('WAV header', () => {
  it.each([
    ['a plain WAV', silentWav(2.5), 2.5],
    ['a WAV with a LIST chunk before its data, as ffmpeg writes', withList(silentWav(1)), 1],
    ['a WAV written to a pipe, its sizes left unset', unsized(silentWav(3)), 3],
  ])('reads the seconds of %s', (_name, bytes, seconds) => {
    expect(wavSecondsOf(bytes.subarray(0, 4096), bytes.length)).toBeCloseTo(seconds, 3);
  });

  it.each([
    ['an MP3', Buffer.from('ID3\u0003\u0000\u0000\u0000\u0000\u0000\u0000')],
    ['nothing', Buffer.alloc(0)],
    [
      'a WAV without a format',
      Buffer.concat([Buffer.from('RIFF\u0000\u0000\u0000\u0000WAVEdata\u0000\u0000\u0000\u0000')]),
    ],
  ])('says null for %s', (_name, bytes) => {
    expect(wavSecondsOf(bytes, bytes.length)).toBeNull();
  });
});

function withList(wav: Buffer): Buffer {
  const list = Buffer.concat([Buffer.from('LIST'), Buffer.from([5, 0, 0, 0]), Buffer.from('INFOx'), Buffer.from([0])]);
  return Buffer.concat([wav.subarray(0, 36), list, wav.subarray(36)]);
}
function unsized(wav: Buffer): Buffer {
  const copy = Buffer.from(wav);
  copy.writeUInt32LE(0xffffffff, 4);
  copy.writeUInt32LE(0xffffffff, 40);
  return copy;
}

describe('language tags', () => {
  it.each([
    ['eng', 'en'],
    ['spa', 'es'],
    ['cmn', 'zh'],
    ['pt-br', 'pt-BR'],
    ['fa-latn', 'fa-Latn'],
    ['ast', 'ast'],
    ['en-gb-x-rp', null],
    ['chr-US-Qaaa-x-west', null],
    ['spa-eng_US', null],
    ['', null],
  ])('%s is %s', (code, tag) => {
    expect(canonicalTag(code)).toBe(tag);
  });

  it("serves a track's language by the same tag, or by its language without the region; never the reverse", () => {
    expect(matchLanguage('zh-CN', ['en', 'zh'])).toBe('zh');
    expect(matchLanguage('EN-us', ['en-US', 'en'])).toBe('en-US');
    expect(matchLanguage('pt', ['pt-BR'])).toBeNull();
    expect(matchLanguage('pt-PT', ['pt-BR'])).toBeNull();
    expect(matchLanguage('\u0000', ['en'])).toBeNull();
  });

  it('finds the pair that serves a request, the exact one first, or refuses it', () => {
    const pairs = [
      { from: 'pt', to: 'en' },
      { from: 'pt-BR', to: 'en' },
    ];
    expect(requirePair({ from: 'pt-BR', to: 'en-GB' }, pairs)).toEqual({ from: 'pt-BR', to: 'en' });
    expect(requirePair({ from: 'pt-PT', to: 'en' }, pairs)).toEqual({ from: 'pt', to: 'en' });
    expect(() => requirePair({ from: 'en', to: 'pt' }, pairs)).toThrow(/speech_pair_unsupported/);
    expect(allPairs(['en', 'es', 'zh'])).toHaveLength(6);
  });
});

describe('HTTP details', () => {
  it('reads Retry-After as seconds or a date, and nothing else', () => {
    const now = Date.parse('2026-12-10T10:00:00Z');
    expect(retryAfterMs('7', now)).toBe(7000);
    expect(retryAfterMs('Thu, 10 Dec 2026 10:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Thu, 10 Dec 2026 09:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });

  it('backs off exponentially, with jitter, up to its ceiling', () => {
    for (const attempt of [0, 1, 2, 3, 10]) {
      const ceiling = Math.min(DEFAULT_HTTP_POLICY.maxBackoffMs, DEFAULT_HTTP_POLICY.backoffMs * 2 ** attempt);
      const wait = backoffMs(attempt, DEFAULT_HTTP_POLICY);
      expect(wait).toBeGreaterThanOrEqual(ceiling / 2);
      expect(wait).toBeLessThanOrEqual(ceiling);
    }
  });

  it.each([
    ['https://api.openai.com', '/v1/audio/speech', 'https://api.openai.com/v1/audio/speech'],
    ['https://api.openai.com/v1/', '/v1/audio/speech', 'https://api.openai.com/v1/audio/speech'],
    ['http://llm.internal/proxy/', '/v1/chat/completions', 'http://llm.internal/proxy/v1/chat/completions'],
    ['https://translate.example/', '/translate', 'https://translate.example/translate'],
  ])('%s + %s', (base, path, url) => {
    expect(endpoint(base, path)).toBe(url);
  });
});

describe('model answers', () => {
  it.each([
    ['a bare array', '["a","b"]'],
    ['an object holding one array', '{"items":["a","b"]}'],
    ['a fenced block', '```json\n{"translations": ["a", "b"]}\n```'],
  ])('takes %s', (_name, content) => {
    expect(stringsOfAnswer(content, 2)).toEqual(['a', 'b']);
  });

  it.each([
    ['prose', 'Here you go: a, b'],
    ['too few', '["a"]'],
    ['too many', '["a","b","c"]'],
    ['not strings', '[1,2]'],
    ['two arrays', '{"x":["a","b"],"y":["a","b"]}'],
    ['null', 'null'],
  ])('refuses %s as garbage', (_name, content) => {
    expect(() => stringsOfAnswer(content, 2)).toThrow(/speech_engine_garbage/);
  });

  it("reads LibreTranslate's languages, its own codes made BCP 47", () => {
    expect(
      parseLibreLanguages([
        { code: 'en', name: 'English', targets: ['en', 'zh', 'zt', 'pb', 'bad tag'] },
        { code: 'zh-Hans', name: 'Chinese', targets: ['en'] },
      ]),
    ).toEqual([
      { from: 'en', to: 'zh', source: 'en', target: 'zh' },
      { from: 'en', to: 'zh-Hant', source: 'en', target: 'zt' },
      { from: 'en', to: 'pt-BR', source: 'en', target: 'pb' },
      { from: 'zh', to: 'en', source: 'zh-Hans', target: 'en' },
    ]);
    expect(() => parseLibreLanguages({ error: 'no' })).toThrow(/speech_engine_garbage/);
    expect(() => parseLibreLanguages([{ code: 1 }])).toThrow(/speech_engine_garbage/);
  });
});
