import { mountControls } from './controls.ts';
import { mountForm } from './form.ts';

// The controls bundle (controls.js), fetched on play beside hls.js; the facade finds it here.
(
  window as unknown as { LeadReelControls: { mountControls: typeof mountControls; mountForm: typeof mountForm } }
).LeadReelControls = { mountControls, mountForm };
