import { randomBytes } from 'node:crypto';
import { BRAND_IMAGE_MAX_BYTES, type CustomDomain, DOMAIN_VERIFY_HOURS, type DomainFailReason } from '@leadreel/shared';
import type { Transaction } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, notFound, planPeriod } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AccountService } from '../account/account.service.ts';
import type { EntitlementsService } from '../entitlements/entitlements.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { StorageDriver, StoredObject } from '../storage/storage.ts';
import type { VideoService } from '../videos/videos.service.ts';
import { type CheckResult, checkDomain, type DnsLookup, txtName, txtValue } from './dns-check.ts';
import { domainLostMail } from './domains.mail.ts';
import type { DomainRepo, DomainRow } from './domains.repo.ts';
import { readReasons, storedReasons } from './fail-reasons.ts';

// The rules below are docs/product.md "Custom domains"; each constant is one of its numbers.
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const VERIFY_WINDOW_MS = DOMAIN_VERIFY_HOURS * HOUR_MS;
/** A verifying domain's checks: 1 minute after a failed one, then 2, 4... at most an hour apart. */
const backoffMs = (attempts: number) => Math.min(MINUTE_MS * 2 ** Math.max(0, attempts - 1), HOUR_MS);
/** A verified domain is checked again once a day; after a check with no clear answer, within the hour. */
const RECHECK_MS = DAY_MS;
const RECHECK_UNCLEAR_MS = HOUR_MS;
/** How long a claimed due check holds its domain before another run may take it (a worker that died). */
const CLAIM_LEASE_MS = 5 * MINUTE_MS;
const DUE_BATCH = 100;
const CHECKS_AT_ONCE = 8;

const seconds = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);
const domainNotFound = () => notFound('domain_not_found', 'id');
const CANCELED = storedReasons([{ code: 'canceled', values: {} }]);

/** A host as the site layer and Caddy give it: lowercase, without port or trailing dot, or null when no name. */
function hostName(host: string): string | null {
  if (typeof host !== 'string') return null;
  const name = host
    .toLowerCase()
    .replace(/:\d{1,5}$/, '')
    .replace(/\.$/, '');
  return /^[a-z0-9.-]{1,253}$/.test(name) ? name : null;
}

/** Where a domain's favicon is stored: under the account's media, so deleting the account deletes it. */
const faviconFolder = (accountId: string, domainId: string) => `media/${accountId}/domains/${domainId}/`;
const faviconKey = (accountId: string, domainId: string, file: string) =>
  `${faviconFolder(accountId, domainId)}${file}/image`;
/** The same-origin path it is served at, on the console's host and on the domain itself. */
export const faviconPath = (domainId: string, file: string) => `/brand-media/domain/${domainId}/${file}`;
export const FAVICON_FILE = /^favicon-[0-9a-f]{16}\.(png|jpg)$/;

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** JPG or PNG, told by its first bytes, not by what the browser said it was. */
function imageKind(bytes: Buffer): 'png' | 'jpg' | null {
  if (bytes.subarray(0, 8).equals(PNG)) return 'png';
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  return null;
}

/** An active domain as the site layer finds it by its host. */
export type HostDomain = {
  id: string;
  accountId: string;
  domain: string;
  folderId: string | null;
  faviconPath: string | null;
};
/** A verified domain that stopped serving, as its owner's mail tells it. */
export type LostDomain = { accountId: string; domain: string; reasons: DomainFailReason[]; at: string };
/** The same, as a mail job sent before reasons were codes carries it: the check's words. */
export type LostDomainInWords = Omit<LostDomain, 'reasons'> & { reason: string };

/** An account's active domain, as share dialogs and sitemaps list them. */
export type ActiveDomain = { id: string; domain: string; folderId: string | null };

/**
 * Custom domains (the console contract account/custom-domain; docs/product.md "Custom domains"): an account
 * proves a domain with a TXT record and routes it here with a CNAME; verified, its pages are served on it.
 */
export function createDomainService(deps: {
  repo: DomainRepo;
  /** Moves what belongs to a replaced domain (its brand) to its successor, in the swap's transaction. */
  followReplaced: (trx: Transaction<Database>, fromId: string, toId: string) => Promise<unknown>;
  entitlements: EntitlementsService;
  folders: Pick<VideoService, 'listFolders'>;
  accounts: Pick<AccountService, 'mailTarget'>;
  storage: Pick<StorageDriver, 'put' | 'get' | 'deletePrefix'>;
  mailer: Mailer;
  lookup: DnsLookup;
  clock: Clock;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** Where CNAME records point (CUSTOM_DOMAIN_TARGET). */
  target: string;
  publicUrl: string;
  brand: string;
  /** Sends a domain's check to a worker; null without a queue, where it runs at once. */
  sendCheck: ((domainId: string) => Promise<void>) | null;
  /** Sends the mail of a domain that stopped serving to a worker, which retries it; null: mailed at once. */
  sendLostMail: ((lost: LostDomain) => Promise<void>) | null;
}) {
  const { repo, entitlements, clock, target, log } = deps;
  const ownHosts = [new URL(deps.publicUrl).hostname.toLowerCase(), target];

  /** Whether an account may still have its domains served: a plan with domains, and not being deleted. */
  async function stillEntitled(accountId: string) {
    const rights = await entitlements.ofAccount(accountId);
    return (rights?.caps.domains ?? 0) > 0;
  }

  function toData(row: DomainRow): CustomDomain {
    return {
      id: row.id,
      cname: row.domain,
      cnameValue: target,
      txtName: txtName(row.domain),
      txtValue: txtValue(row.token),
      status: row.status,
      active: row.active,
      failReasons: readReasons(row.fail_reason),
      replacesId: row.replaces_id,
      folderId: row.folder_id,
      faviconUrl: row.favicon ? faviconPath(row.id, row.favicon) : null,
      createdAt: seconds(row.created_at) as number,
      checkedAt: seconds(row.checked_at),
      verifiedAt: seconds(row.verified_at),
      nextCheckAt: seconds(row.next_check_at),
    };
  }

  /** "cnameCount above 0 enables custom domains, and VIP status is needed to load the domain list." */
  async function assertPlan(accountId: string) {
    const rights = await entitlements.of(accountId);
    if (!rights.paid || rights.caps.domains <= 0) throw forbidden('domain_not_allowed');
    return rights;
  }

  /** Adding and changing domains: closed from Frozen on (periods' customDomain), then the plan's. */
  async function assertUse(accountId: string) {
    const rights = await entitlements.of(accountId);
    if (!rights.features.customDomain) throw planPeriod();
    if (!rights.paid || rights.caps.domains <= 0) throw forbidden('domain_not_allowed');
    return rights;
  }

  /** The installation's own host and the CNAME target, and any name under them, are never a customer's. */
  function assertNotOurs(domain: string) {
    if (ownHosts.some((own) => domain === own || domain.endsWith(`.${own}`))) {
      throw badRequest('domain_reserved', 'domain');
    }
  }

  const newToken = () => randomBytes(24).toString('base64url');

  async function own(accountId: string, id: string) {
    const row = await repo.find(accountId, id);
    if (!row) throw domainNotFound();
    return row;
  }

  async function dropFavicons(row: Pick<DomainRow, 'account_id' | 'id'>) {
    await deps.storage.deletePrefix(faviconFolder(row.account_id, row.id)).catch((error: unknown) => {
      log.warn({ err: error, domainId: row.id }, 'could not delete the favicon of a removed domain');
    });
  }

  /** What a domain that stopped serving tells its owner; a transport failure throws, for the job to retry. */
  async function mailLost(lost: LostDomain | LostDomainInWords) {
    const mailTarget = await deps.accounts.mailTarget(lost.accountId);
    if (!mailTarget) return;
    const mail = domainLostMail(
      { brand: deps.brand, url: deps.publicUrl, language: mailTarget.language },
      lost.domain,
      'reasons' in lost ? lost.reasons : readReasons(lost.reason),
    );
    await deps.mailer.send({ to: mailTarget.to, ...mail });
  }

  /** Records what one check found (docs/product.md "Custom domains": states, window, backoff, re-check). */
  async function record(row: DomainRow, result: CheckResult) {
    const now = clock.now();
    if (row.status === 'verifying') {
      if (result.verified) {
        const done = await repo.verify(
          row,
          {
            verified_at: now,
            checked_at: now,
            fail_reason: null,
            attempts: 0,
            verify_until: null,
            next_check_at: new Date(now.getTime() + RECHECK_MS),
          },
          deps.followReplaced,
        );
        if (done?.replaced) await dropFavicons(done.replaced);
        if (done) log.info({ domainId: row.id, domain: row.domain }, 'custom domain verified');
        return;
      }
      const attempts = row.attempts + 1;
      const until = row.verify_until ?? now;
      if (now.getTime() >= until.getTime()) {
        await repo.recordCheck(row, {
          status: 'fail',
          fail_reason: storedReasons(result.reasons),
          attempts,
          checked_at: now,
          next_check_at: null,
        });
        return;
      }
      // The last check falls at the window's end, however far the backoff has grown.
      const next = Math.min(now.getTime() + backoffMs(attempts), until.getTime());
      await repo.recordCheck(row, {
        fail_reason: storedReasons(result.reasons),
        attempts,
        checked_at: now,
        next_check_at: new Date(next),
      });
      return;
    }
    if (row.status !== 'verified') return;
    if (result.verified) {
      await repo.recordCheck(row, {
        checked_at: now,
        fail_reason: null,
        next_check_at: new Date(now.getTime() + RECHECK_MS),
      });
      return;
    }
    // A timeout or SERVFAIL says nothing about the records: the domain keeps serving and is asked again soon.
    if (!result.clear) {
      await repo.recordCheck(row, { checked_at: now, next_check_at: new Date(now.getTime() + RECHECK_UNCLEAR_MS) });
      log.warn({ domainId: row.id, domain: row.domain, reasons: result.reasons }, 'no clear DNS answer for a domain');
      return;
    }
    const lost = await repo.recordCheck(row, {
      status: 'fail',
      active: false,
      fail_reason: storedReasons(result.reasons),
      checked_at: now,
      next_check_at: null,
    });
    if (!lost) return;
    log.warn({ domainId: row.id, domain: row.domain, reasons: result.reasons }, 'custom domain lost its records');
    const notice = { accountId: row.account_id, domain: row.domain, reasons: result.reasons, at: now.toISOString() };
    // The domain has stopped serving whatever becomes of the mail; the console shows the same reason.
    if (deps.sendLostMail) {
      await deps.sendLostMail(notice).catch((error: unknown) => {
        log.error({ err: error, domainId: row.id }, 'could not send the mail job of a domain that stopped serving');
      });
    } else {
      await mailLost(notice);
    }
  }

  async function runCheck(row: DomainRow) {
    if (row.status === 'fail') return;
    await record(row, await checkDomain(deps.lookup, row.domain, row.token, target));
  }

  async function check(domainId: string) {
    const row = await repo.findById(domainId);
    if (row) await runCheck(row);
  }

  /** A check now: a worker's job, or without a queue at once, as a worker would run it. */
  async function checkSoon(domainId: string) {
    if (!deps.sendCheck) return check(domainId);
    // The row is committed with its next check due now, so the minute's run of due checks takes it if
    // this job cannot be sent.
    await deps.sendCheck(domainId).catch((error: unknown) => {
      log.warn({ err: error, domainId }, 'could not send a domain check; the due checks will take it');
    });
  }

  const reread = async (row: DomainRow) => (await repo.find(row.account_id, row.id)) ?? row;

  return {
    async list(accountId: string): Promise<{ list: CustomDomain[]; cap: number; target: string }> {
      const rights = await assertPlan(accountId);
      return { list: (await repo.list(accountId)).map(toData), cap: rights.caps.domains, target };
    },

    async add(accountId: string, domain: string): Promise<CustomDomain> {
      const rights = await assertUse(accountId);
      assertNotOurs(domain);
      const now = clock.now();
      const row = await repo.insertUnderCap(
        {
          account_id: accountId,
          domain,
          token: newToken(),
          status: 'verifying',
          verify_until: new Date(now.getTime() + VERIFY_WINDOW_MS),
          next_check_at: now,
          created_at: now,
        },
        rights.caps.domains,
      );
      if (row === 'taken') throw conflict('domain_taken', 'domain');
      if (row === 'cap') throw badRequest('domains_too_many');
      await checkSoon(row.id);
      return toData(await reread(row));
    },

    /** Open whatever the plan or period: giving a domain up is never a paid feature. */
    async remove(accountId: string, id: string) {
      const row = await repo.remove(accountId, id);
      if (!row) throw domainNotFound();
      await dropFavicons(row);
    },

    /** A verifying or failed domain is checked now, with a new window; a verified one has nothing to retry. */
    async retry(accountId: string, id: string): Promise<CustomDomain> {
      await assertUse(accountId);
      const now = clock.now();
      const row = await repo.changeIn(accountId, id, ['verifying', 'fail'], {
        status: 'verifying',
        attempts: 0,
        fail_reason: null,
        verify_until: new Date(now.getTime() + VERIFY_WINDOW_MS),
        next_check_at: now,
      });
      if (!row) {
        await own(accountId, id);
        throw conflict('domain_not_verifying', 'id');
      }
      await checkSoon(row.id);
      return toData(await reread(row));
    },

    /** Open whatever the plan or period, as removing is. */
    async cancel(accountId: string, id: string): Promise<CustomDomain> {
      const row = await repo.changeIn(accountId, id, ['verifying'], {
        status: 'fail',
        fail_reason: CANCELED,
        next_check_at: null,
      });
      if (row) return toData(row);
      await own(accountId, id);
      throw conflict('domain_not_verifying', 'id');
    },

    /**
     * A new domain in place of `id`, which keeps serving until the new one is verified and is then deleted.
     * The pending replacement may go one past the plan's cap; it keeps the old one's folder and favicon.
     */
    async reset(accountId: string, input: { id: string; domain: string }): Promise<CustomDomain> {
      const rights = await assertUse(accountId);
      const old = await own(accountId, input.id);
      assertNotOurs(input.domain);
      const now = clock.now();
      const row = await repo.insertUnderCap(
        {
          account_id: accountId,
          domain: input.domain,
          token: newToken(),
          status: 'verifying',
          replaces_id: old.id,
          folder_id: old.folder_id,
          verify_until: new Date(now.getTime() + VERIFY_WINDOW_MS),
          next_check_at: now,
          created_at: now,
        },
        rights.caps.domains + 1,
      );
      if (row === 'taken') throw conflict('domain_taken', 'domain');
      if (row === 'cap') throw badRequest('domains_too_many');
      if (old.favicon) {
        const stored = await deps.storage.get(faviconKey(accountId, old.id, old.favicon));
        if (stored) {
          await deps.storage.put(faviconKey(accountId, row.id, old.favicon), stored.body, contentTypeOf(old.favicon));
          await repo.change(accountId, row.id, { favicon: old.favicon });
        }
      }
      await checkSoon(row.id);
      return toData(await reread(row));
    },

    /** The folder whose videos this domain shares; another account's folder is as unknown as none. */
    async bindFolder(accountId: string, input: { id: string; folderId: string | null }): Promise<CustomDomain> {
      await assertUse(accountId);
      await own(accountId, input.id);
      if (input.folderId !== null) {
        const folders = await deps.folders.listFolders(accountId);
        if (!folders.some((folder) => folder.folderId === input.folderId)) {
          throw notFound('folder_invalid', 'folderId');
        }
      }
      const row = await repo.change(accountId, input.id, { folder_id: input.folderId });
      if (!row) throw domainNotFound();
      return toData(row);
    },

    /** A JPG or PNG of at most 2 MB (told by its bytes), stored as sent under the domain, named by us. */
    async favicon(accountId: string, input: { id: string; image: string }): Promise<CustomDomain> {
      await assertUse(accountId);
      const old = await own(accountId, input.id);
      const bytes = Buffer.from(input.image, 'base64');
      if (bytes.length > BRAND_IMAGE_MAX_BYTES) throw badRequest('image_too_large', 'image');
      const kind = imageKind(bytes);
      if (!kind) throw badRequest('image_file_invalid', 'image');
      const file = `favicon-${randomBytes(8).toString('hex')}.${kind}`;
      await deps.storage.put(faviconKey(accountId, old.id, file), bytes, contentTypeOf(file));
      const row = await repo.change(accountId, old.id, { favicon: file });
      if (!row) {
        await dropFavicons(old);
        throw domainNotFound();
      }
      if (old.favicon && old.favicon !== file) {
        await deps.storage.deletePrefix(`${faviconFolder(accountId, old.id)}${old.favicon}/`).catch(() => undefined);
      }
      return toData(row);
    },

    /** A domain's favicon for the browser, or null (no such domain, or not its current file). */
    async faviconFile(domainId: string, file: string): Promise<{ stored: StoredObject; contentType: string } | null> {
      if (!FAVICON_FILE.test(file)) return null;
      const row = await repo.findById(domainId);
      if (!row || row.favicon !== file) return null;
      const stored = await deps.storage.get(faviconKey(row.account_id, row.id, file));
      return stored ? { stored, contentType: contentTypeOf(file) } : null;
    },

    /**
     * For the site layer, on every request to a host not the installation's: one indexed query, no DNS. A
     * domain serves only while its account's plan still has custom domains and the account is not being
     * deleted (docs/product.md "Custom domains").
     */
    async resolveHost(host: string): Promise<HostDomain | null> {
      const name = hostName(host);
      const row = name ? await repo.activeByHost(name) : undefined;
      if (!row || !(await stillEntitled(row.account_id))) return null;
      return {
        id: row.id,
        accountId: row.account_id,
        domain: row.domain,
        folderId: row.folder_id,
        faviconPath: row.favicon ? faviconPath(row.id, row.favicon) : null,
      };
    },

    async activeForAccount(accountId: string): Promise<ActiveDomain[]> {
      const rows = await repo.activeForAccount(accountId);
      return rows.map((row) => ({ id: row.id, domain: row.domain, folderId: row.folder_id }));
    },

    /** Caddy's on-demand TLS ask: only a verified domain that serves gets a certificate. */
    async allowCertificate(domain: string): Promise<boolean> {
      const name = hostName(domain);
      const accountId = name ? await repo.verifiedAndActive(name) : null;
      return accountId !== null && (await stillEntitled(accountId));
    },

    /** One domain's check (the DOMAIN_CHECK job). */
    check,

    /** The mail of a domain that stopped serving (the DOMAIN_LOST_MAIL job). */
    mailLost,

    /** The domains whose check is due, a batch at a time, a few at once (the DOMAIN_CHECKS_DUE job). */
    async checkDue() {
      const rows = await repo.claimDue(clock.now(), CLAIM_LEASE_MS, DUE_BATCH);
      let next = 0;
      const lane = async () => {
        while (next < rows.length) {
          const row = rows[next++] as DomainRow;
          await runCheck(row).catch((error: unknown) => {
            log.error({ err: error, domainId: row.id }, 'could not check a custom domain');
          });
        }
      };
      // One domain's failure (its row, not its DNS) must not hold up the others; its lease brings it back.
      await Promise.all(Array.from({ length: Math.min(CHECKS_AT_ONCE, rows.length) }, lane));
      return rows.length;
    },
  };
}
export type DomainService = ReturnType<typeof createDomainService>;

const contentTypeOf = (file: string) => (file.endsWith('.png') ? 'image/png' : 'image/jpeg');
