import { type Limits, networkOf } from '../../plugins/limits.ts';
import { worker } from '../jobs/jobs.ts';
import { defineModule } from '../module.ts';
import { createCaptchaCheck } from './captcha.ts';
import { createLeadNotifier, type LeadNotifier } from './lead-notifier.ts';
import { LEAD_BURST, LEAD_DIGEST, LEAD_MAIL } from './leads.jobs.ts';
import { createLeadRepo } from './leads.repo.ts';
import { formRoutes, leadListRoutes, submitRoutes } from './leads.routes.ts';
import { createLeadService, type LeadService } from './leads.service.ts';

declare module '../module.ts' {
  interface Services {
    leads: LeadService;
    /** The owner's mails about leads: one per lead or per burst of leads, and the daily digest. */
    leadNotifier: LeadNotifier;
  }
}

/**
 * Inquiry forms, the viewer's submission, viewers' clicks on player buttons, the lead list and export, and
 * the mails leads send.
 */
export const leadsModule = defineModule({
  name: 'leads',
  create: ({ db, services, events, mailer, queue, config, log }) => {
    const repo = createLeadRepo(db);
    const { accounts, entitlements } = services;
    return {
      leads: createLeadService({
        repo,
        forms: services.settings,
        videos: services.videos,
        accounts,
        entitlements,
        events,
        captcha: createCaptchaCheck(config),
        siteOfPage: (accountId, pageUrl) => services.publicSites.siteOfPage(accountId, pageUrl),
      }),
      leadNotifier: createLeadNotifier({
        leads: repo,
        accounts,
        mailer,
        sendLater: queue && ((burst, afterSeconds) => queue.send(LEAD_BURST, burst, { afterSeconds })),
        brand: config.BRAND_NAME,
        publicUrl: config.publicUrl,
        log,
      }),
    };
  },
  api: async (scope, { services, hooks, limits }) => {
    await scope.register(formRoutes, { leads: services.leads, hooks });
    await scope.register(leadListRoutes, { leads: services.leads, hooks });
    await scope.register(submitRoutes, {
      leads: services.leads,
      hooks,
      limits: viewerPostLimits(limits, 'lead'),
    });
  },
  jobs: [LEAD_MAIL, LEAD_BURST, LEAD_DIGEST],
  // The owner's mail about a new lead (the console contract email-notification), sent by a worker and retried;
  // a lead that comes within minutes of one mailed waits for the one mail of its burst.
  reactions: { 'lead.created': LEAD_MAIL },
  workers: ({ services }) => [
    worker(LEAD_MAIL, async (jobs) => {
      const sent = await Promise.allSettled(jobs.map((job) => services.leadNotifier.send(job.data.leadId)));
      // The whole batch is retried; each lead is claimed before its mail, so the sent ones stay sent.
      const failed = sent.find((result) => result.status === 'rejected');
      if (failed) throw failed.reason;
    }),
    worker(LEAD_BURST, async (jobs) => {
      for (const job of jobs) await services.leadNotifier.sendBurst(job.data.accountId, new Date(job.data.since));
    }),
    worker(LEAD_DIGEST, async () => {
      await services.leadNotifier.sendDigests(new Date());
    }),
  ],
});

/**
 * The windows on what viewers post (an inquiry, a site's email gate), named `kind`: a viewer sends one
 * form, maybe twice; an office behind one address a few more, a company's network a few dozen. Each
 * address and each network has its own window, and none is shared by a video: a flood from one place fills
 * its own and never closes the form to viewers elsewhere. The address is checked first, so a single
 * address hammering away is refused before it spends its network's share.
 */
export function viewerPostLimits(limits: Limits, kind: string) {
  return [
    limits.limiter({ max: 10, timeWindow: 60_000, keyGenerator: (request) => `${kind}-ip:${request.ip}` }),
    limits.limiter({
      max: 30,
      timeWindow: 60_000,
      keyGenerator: (request) => `${kind}-net:${networkOf(request.ip)}`,
    }),
  ];
}
