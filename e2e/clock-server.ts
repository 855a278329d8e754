import { runServer } from '../apps/server/src/server.ts';

// LeadReel as `make start` runs it, with its clock E2E_CLOCK_OFFSET_DAYS ahead of the machine's, so a test can
// see a plan lapse without waiting months. The plan lifecycle's schedule counts real minutes, so it runs once
// as soon as the server listens: what its next run would have done at the moved time.
const offsetMs = Number(process.env.E2E_CLOCK_OFFSET_DAYS ?? 0) * 86_400_000;
const services = await runServer({ now: () => new Date(Date.now() + offsetMs) });
await services.lifecycle.run();
