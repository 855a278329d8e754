import { mountControls } from './controls.ts';

// The controls bundle (controls.js), fetched on play beside hls.js; the facade finds it here.
(window as unknown as { LeadReelControls: { mountControls: typeof mountControls } }).LeadReelControls = {
  mountControls,
};
