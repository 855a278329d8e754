import type { FastifyPluginAsync } from 'fastify';
import { catalogueRoutes } from '../../lib/catalogue-routes.ts';
import { type AuthHooks, accountId } from '../../plugins/auth.ts';
import type { SpeechService } from './speech.service.ts';

/** The console contract's "speech-to-text" calls: the GlobalVoice and subtitle screens, and the task center. */
export const speechRoutes: FastifyPluginAsync<{ speech: SpeechService; hooks: AuthHooks }> = async (
  app,
  { speech, hooks },
) => {
  const route = catalogueRoutes(app, hooks);
  route('speech.engines', (request) => speech.engines(accountId(request)));
  route('speech.estimate', (request, body) => speech.estimate(accountId(request), body));
  route('speech.transcribe', (request, body) => speech.transcribe(accountId(request), body));
  route('speech.translate', (request, body) => speech.translate(accountId(request), body));
  route('speech.optimise', (request, { subtitleId }) => speech.optimise(accountId(request), subtitleId));
  route('speech.tasks', (request, query) => speech.list(accountId(request), query));
  route('speech.status', (request, { taskId }) => speech.status(accountId(request), taskId));
  route('speech.cancel', (request, { taskId }) => speech.cancel(accountId(request), taskId));
  route('speech.retry', (request, { taskId }) => speech.retry(accountId(request), taskId));
  route('speech.dubs', (request, { videoId }) => speech.dubs(accountId(request), videoId));
  route('speech.removeDub', async (request, { videoId, lang }) => {
    await speech.removeDub(accountId(request), videoId, lang);
    return null;
  });
};
