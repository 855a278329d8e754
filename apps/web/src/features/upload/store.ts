import { create } from 'zustand';
import { onClearSession } from '../../api/index.ts';
import { RESUME_KEY, UploadEngine, type UploadTask } from './engine.ts';
import { browserTransport } from './transport.ts';

/** One engine for the whole console, so uploads go on while the user moves between pages. */
let engine: UploadEngine | null = null;
let engineUser: string | null = null;
export function uploadEngine(userId = engineUser ?? 'anonymous') {
  if (!engine || engineUser !== userId) {
    engine?.dispose();
    engine = new UploadEngine(browserTransport, { storageKey: `${RESUME_KEY}.${userId}` });
    engineUser = userId;
  }
  return engine;
}

type UploadState = { tasks: UploadTask[]; panelOpen: boolean; setPanelOpen: (open: boolean) => void };

export const useUploadStore = create<UploadState>((set) => ({
  tasks: [],
  panelOpen: false,
  setPanelOpen: (panelOpen) => set({ panelOpen }),
}));

/** Connects the engine to the store once the console has a signed-in user. */
export function connectUploads(userId: string) {
  return uploadEngine(userId).subscribe((tasks) => useUploadStore.setState({ tasks }));
}

/** Logout: uploads of the previous user stop and are forgotten. */
export function resetUploads() {
  engine?.dispose();
  engine = null;
  engineUser = null;
  useUploadStore.setState({ tasks: [], panelOpen: false });
}
onClearSession(resetUploads);
