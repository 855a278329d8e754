import { mountFacades } from './facade.ts';

// facade.js: inlined in the page by the server (site/player-assets.ts), which names the rest of the player
// (player.js, by its versioned address) in the script element's data-player.
mountFacades(document.currentScript?.dataset.player ?? null);
