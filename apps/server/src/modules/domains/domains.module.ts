import { worker } from '../jobs/jobs.ts';
import { defineModule } from '../module.ts';
import { createDnsLookup } from './dns-check.ts';
import { DOMAIN_CHECK, DOMAIN_CHECKS_DUE, DOMAIN_LOST_MAIL } from './domains.jobs.ts';
import { createDomainRepo } from './domains.repo.ts';
import { domainRoutes, domainSiteRoutes } from './domains.routes.ts';
import { createDomainService, type DomainService } from './domains.service.ts';

declare module '../module.ts' {
  interface Services {
    domains: DomainService;
  }
}

/** Custom domains: proven by TXT, routed by CNAME, re-checked daily (docs/product.md "Custom domains"). */
export const domainsModule = defineModule({
  name: 'domains',
  create: ({ db, services, config, storage, mailer, queue, clock, log }) => ({
    domains: createDomainService({
      repo: createDomainRepo(db),
      followReplaced: (trx, fromId, toId) => services.brands.followDomain(trx, fromId, toId),
      entitlements: services.entitlements,
      folders: services.videos,
      accounts: services.accounts,
      storage,
      mailer,
      lookup: createDnsLookup({ servers: config.DNS_SERVERS, timeoutMs: config.DNS_TIMEOUT_MS }),
      clock,
      log,
      target: config.customDomainTarget,
      publicUrl: config.publicUrl,
      brand: config.BRAND_NAME,
      sendCheck: queue && ((domainId) => queue.send(DOMAIN_CHECK, { domainId })),
      sendLostMail: queue && ((lost) => queue.send(DOMAIN_LOST_MAIL, lost)),
    }),
  }),
  api: async (scope, { services, hooks }) => {
    await scope.register(domainRoutes, { domains: services.domains, hooks });
  },
  site: async (app, { services }) => {
    await app.register(domainSiteRoutes, { domains: services.domains });
  },
  jobs: [DOMAIN_CHECK, DOMAIN_CHECKS_DUE, DOMAIN_LOST_MAIL],
  workers: ({ services }) => [
    worker(DOMAIN_CHECK, async (jobs) => {
      for (const job of jobs) await services.domains.check(job.data.domainId);
    }),
    worker(DOMAIN_CHECKS_DUE, async () => {
      await services.domains.checkDue();
    }),
    worker(DOMAIN_LOST_MAIL, async (jobs) => {
      for (const job of jobs) await services.domains.mailLost(job.data);
    }),
  ],
});
