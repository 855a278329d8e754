import { type Cue, SUBTITLE_CUE_TEXT_MAX } from '@leadreel/shared';
import { CJK_LINE, cleanText, LATIN_LINE, MAX_LINES } from './cue-layout.ts';
import { EngineError, type TextTasks } from './engine.ts';
import { type HttpEngineSettings, httpEngineName, inBatches } from './http-call.ts';
import { englishName } from './languages.ts';
import { askForStrings, CHAT_BATCH } from './openai-chat.ts';
import { layoutCues } from './rules-text-tasks.ts';

/**
 * "AI optimise" by an OpenAI-compatible chat model: it punctuates and breaks each cue's text into lines; the
 * times are the track's own, never the model's, and the rules then split what is still too long.
 */
export function createChatTextTasks(settings: HttpEngineSettings): TextTasks {
  return {
    name: httpEngineName('OpenAI-compatible', settings.model, settings.url),
    async optimise(cues, lang, call) {
      const kept = cues.map((cue) => ({ ...cue, text: cleanText(cue.text) })).filter((cue) => cue.text !== '');
      const instruction =
        `You edit the ${englishName(lang)} subtitles of a video, one string per cue. Fix punctuation and capitals, ` +
        `and break each into at most ${MAX_LINES} lines of at most ${LATIN_LINE} characters (${CJK_LINE} in Chinese, ` +
        'Japanese or Korean) with "\\n". Keep the words and the language: do not translate, merge, split or summarise.';
      const texts = await inBatches(
        kept.map((cue) => cue.text),
        CHAT_BATCH,
        (batch) => askForStrings(settings, instruction, batch, call.signal),
        call.onProgress,
      );
      const improved: Cue[] = kept.map((cue, index) => {
        const text = cleanText(texts[index] ?? '');
        if (text === '' || [...text].length > SUBTITLE_CUE_TEXT_MAX) {
          throw new EngineError(
            'speech_engine_garbage',
            `cue ${index + 1} came back ${text === '' ? 'empty' : 'too long'}`,
          );
        }
        return { start: cue.start, end: cue.end, text };
      });
      return layoutCues(improved);
    },
  };
}
