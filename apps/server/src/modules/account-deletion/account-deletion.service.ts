import type { AccountDeletion, Language, RequestDeletion } from '@leadreel/shared';
import { formatDay } from '@leadreel/shared/dates';
import { DELETION_TEXT } from '@leadreel/shared/viewer-text/account-deletion';
import type { Logger } from 'pino';
import { badRequest, conflict, notFound, unauthorized } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AccountService } from '../account/account.service.ts';
import type { ApiKeyService } from '../api-keys/api-keys.service.ts';
import type { SessionService } from '../auth/session.service.ts';
import type { EventBus } from '../events/events.ts';
import { mailHtml } from '../mail/mail.templates.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { StorageDriver } from '../storage/storage.ts';
import { accountDir } from '../videos/keys.ts';
import type { DeletionRepo } from './account-deletion.repo.ts';

const DAY_MS = 86_400_000;
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** Every storage prefix holding an account's objects: its uploads, and what the pipeline derived (videos/keys.ts). */
export const accountPrefixes = (accountId: string) => [accountDir(accountId), `media/${accountId}/`];

/**
 * Account deletion (the console contract "reason, agreement, typed confirmation, then a submitted
 * request"). The request locks the account at once: its `account_deletion` row is what the sign-in check,
 * the public pages, media, webhooks and API keys read, so the lock is one committed row. Sessions and API
 * keys are revoked and auto-renewal is stopped at the provider right after. After the grace period the job
 * deletes the account's objects, analytics and rows; each step is idempotent and the row records how far it
 * got, so a job killed at any point finishes once on its next run.
 */
export function createAccountDeletion(deps: {
  repo: DeletionRepo;
  accounts: Pick<AccountService, 'find' | 'remove'>;
  sessions: Pick<SessionService, 'revokeOthers'>;
  apiKeys: Pick<ApiKeyService, 'revokeAll'>;
  /** Stops the account's subscription renewing, at the provider (billing's "cancel subscribe"). */
  stopRenewal: (accountId: string) => Promise<void>;
  storage: Pick<StorageDriver, 'deletePrefix' | 'listOpenUploads' | 'abortMultipartUpload'>;
  /** A link to the account's export (the exports module's, as mailed before a lapsed plan clears). */
  exportLink: (accountId: string, until: Date) => Promise<string>;
  /** Deletes the account's rows in the analytics database (which has no foreign key to cascade). */
  eraseAnalytics: (accountId: string) => Promise<void>;
  events: EventBus;
  mailer: Mailer;
  brand: string;
  publicUrl: string;
  graceDays: number;
  clock: Clock;
  log: Logger;
}) {
  const { repo, accounts, events } = deps;

  async function status(accountId: string): Promise<AccountDeletion> {
    const [account, row] = await Promise.all([accounts.find(accountId), repo.find(accountId)]);
    if (!account) throw unauthorized();
    return {
      pending: row !== undefined,
      requestedAt: row ? seconds(row.requested_at) : 0,
      deleteAfter: row ? seconds(row.delete_after) : 0,
      graceDays: deps.graceDays,
      phrase: account.email,
      exportUrl: await deps.exportLink(accountId, new Date(deps.clock.now().getTime() + DAY_MS)),
    };
  }

  /** Revokes what could still act for the account; each is idempotent, so the job repeats them safely. */
  async function lockOut(accountId: string) {
    await deps.sessions.revokeOthers(accountId);
    await deps.apiKeys.revokeAll(accountId);
  }

  async function sweep(accountId: string) {
    const prefixes = accountPrefixes(accountId);
    // An upload still open keeps its parts out of the listing of objects (on S3 they are billed until
    // aborted): every one under the account's prefixes is aborted first.
    const open = await deps.storage.listOpenUploads(new Date(deps.clock.now().getTime() + DAY_MS));
    for (const upload of open.filter((candidate) => prefixes.some((prefix) => candidate.key.startsWith(prefix)))) {
      await deps.storage.abortMultipartUpload(upload.key, upload.uploadId);
    }
    for (const prefix of prefixes) await deps.storage.deletePrefix(prefix);
    await deps.eraseAnalytics(accountId);
  }

  async function erase(row: { account_id: string; email: string; language: Language; erased_at: Date | null }) {
    const accountId = row.account_id;
    if (!row.erased_at) {
      await deps.stopRenewal(accountId);
      await lockOut(accountId);
      await sweep(accountId);
      // Every table holding the account's data cascades from its row (db/migrations); the request row
      // has no foreign key and records that this step is done.
      await events.transaction(async (trx) => {
        await accounts.remove(trx, accountId);
        await repo.markErased(trx, accountId, deps.clock.now());
      });
    }
    // Again, for anything work in flight during the first pass wrote after it.
    await sweep(accountId);
    await events.transaction(async (trx, publish) => {
      if (await repo.remove(trx, accountId)) publish('account.deleted', { to: row.email, language: row.language });
    });
  }

  function mail(to: string, language: Language, kind: 'requested' | 'done', date: Date | null) {
    const t = DELETION_TEXT[language];
    const fill = (text: string) =>
      text
        .replaceAll('{brand}', deps.brand)
        .replaceAll('{date}', date ? formatDay(date) : '')
        .replaceAll('{url}', deps.publicUrl);
    const paragraphs = [t[kind].body, ...(kind === 'requested' ? [t.cancel] : []), t.signature].map(fill);
    return deps.mailer.send({
      to,
      subject: fill(t[kind].subject),
      text: `${paragraphs.join('\n\n')}\n`,
      html: mailHtml(paragraphs),
    });
  }

  return {
    status,

    async request(accountId: string, input: RequestDeletion): Promise<AccountDeletion> {
      const account = await accounts.find(accountId);
      if (!account) throw unauthorized();
      // the typed confirmation phrase, here the sign-in email (case and surrounding spaces aside).
      if (input.phrase.trim().toLowerCase() !== account.email.toLowerCase()) {
        throw badRequest('deletion_phrase_mismatch', 'phrase');
      }
      const now = deps.clock.now();
      const deleteAfter = new Date(now.getTime() + deps.graceDays * DAY_MS);
      await events.transaction(async (trx, publish) => {
        const recorded = await repo.insert(trx, {
          account_id: accountId,
          email: account.email,
          language: account.language,
          reason: input.reason,
          note: input.note.trim(),
          requested_at: now,
          delete_after: deleteAfter,
        });
        if (!recorded) throw conflict('deletion_already_requested');
        publish('account.deletionRequested', { accountId, deleteAfter: deleteAfter.toISOString() });
      });
      const answer = await status(accountId);
      await lockOut(accountId);
      // The provider may be down: the job stops renewal again before it deletes anything.
      await deps.stopRenewal(accountId).catch((error: unknown) => {
        deps.log.warn({ err: error, accountId }, 'could not stop the subscription renewing; the deletion job retries');
      });
      return answer;
    },

    async cancel(accountId: string): Promise<AccountDeletion> {
      if (!(await repo.cancel(accountId))) {
        const row = await repo.find(accountId);
        throw row ? conflict('deletion_in_progress') : notFound('deletion_not_pending');
      }
      return status(accountId);
    },

    /** One run of the deletion job: every account past its grace period. Throws (to retry) if any failed. */
    async run() {
      let failed: unknown;
      let erased = 0;
      for (const row of await repo.due(deps.clock.now())) {
        try {
          await erase(row);
          erased += 1;
        } catch (error) {
          deps.log.error({ err: error, accountId: row.account_id }, 'account deletion failed; retried');
          failed ??= error;
        }
      }
      if (failed) throw failed;
      return erased;
    },

    /** The mail at the request, unless it was cancelled (or requested again) since. */
    async mailRequested(accountId: string, deleteAfterIso: string) {
      const row = await repo.find(accountId);
      if (!row || row.erased_at || row.delete_after.toISOString() !== deleteAfterIso) return;
      await mail(row.email, row.language, 'requested', row.delete_after);
    },

    mailDone: (to: string, language: Language) => mail(to, language, 'done', null),
  };
}
export type AccountDeletionService = ReturnType<typeof createAccountDeletion>;
