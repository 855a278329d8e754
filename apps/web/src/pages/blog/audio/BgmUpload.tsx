import { useState } from 'react';
import { MaterialLibrary } from '../../../features/materials/MaterialLibrary.tsx';
import { BgmChoice, useSaveBgm } from './BgmChoice.tsx';
import './audio.css';

const MUSIC_KINDS = ['material-audio'] as const;

/** Background music "Upload": the account's own sounds (MP3, WAV, M4A), uploaded here and used as the music. */
export function BgmUpload() {
  const { bgm, save } = useSaveBgm();
  const [saving, setSaving] = useState<string | null>(null);
  return (
    <div className="blog-audio">
      <BgmChoice />
      <MaterialLibrary
        kinds={MUSIC_KINDS}
        pickedId={bgm.materialId}
        busyId={saving}
        onPick={async (material) => {
          setSaving(material.materialId);
          await save({ trackId: null, materialId: material.materialId });
          setSaving(null);
        }}
      />
    </div>
  );
}
