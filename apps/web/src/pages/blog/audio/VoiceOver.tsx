import { PauseCircleOutlined, SoundOutlined } from '@ant-design/icons';
import { nativeLanguageName } from '@leadreel/shared';
import { App, Button, Form, Select, Slider, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { blogApi } from '../../../api/endpoints.ts';
import { errorText } from '../../../api/index.ts';
import { useAudioPreview } from '../../../features/materials/useAudioPreview.ts';
import { useSpeechEngines } from '../../../features/speech/speechQueries.ts';
import { sceneInput } from '../editorContext.ts';
import { sceneLabel } from '../media/SceneBar.tsx';
import { useLatestEditor } from './latestEditor.ts';
import { RecordingUpload } from './RecordingUpload.tsx';
import './audio.css';

/** The voice's speed, as the settings save takes it. */
const SPEED = { min: 0.5, max: 2, step: 0.1 } as const;

/**
 * The audio tab's voice-over: on or off, the language the text-to-speech engine speaks it in, its speed, a
 * Listen per scene, and the user's own recordings (one per scene, or one of the whole script) in its place.
 */
export function VoiceOver() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { editor, latest } = useLatestEditor();
  const voice = editor.project.settings.voice;
  const engines = useSpeechEngines();
  const preview = useAudioPreview();
  const [listening, setListening] = useState<string | null>(null);
  const [speed, setSpeed] = useState<number | null>(null);

  const saveVoice = (change: Partial<typeof voice>) =>
    latest().saveSettings({ voice: { ...latest().project.settings.voice, ...change } });

  const saveSceneVoice = (sceneId: string) => (voiceMaterialId: string | null) => {
    const { project, saveScenes } = latest();
    return saveScenes(
      project.scenes.map((scene) =>
        scene.sceneId === sceneId ? sceneInput(scene, { voiceMaterialId }) : sceneInput(scene),
      ),
    );
  };

  async function listen(sceneId: string) {
    if (preview.playing === sceneId) {
      preview.stop();
      return;
    }
    setListening(sceneId);
    try {
      const { url } = await blogApi.tts({ projectId: editor.project.projectId, sceneId });
      preview.toggle(sceneId, url);
    } catch (error) {
      message.error(errorText(error));
    } finally {
      setListening(null);
    }
  }

  const speakable = engines.data?.speak.languages ?? [];
  const languages = speakable.includes(voice.lang) ? speakable : [voice.lang, ...speakable];
  return (
    <div className="blog-audio">
      <Form layout="vertical" className="blog-audio-settings">
        <Form.Item label={t('blogAudio.voice')}>
          <Switch
            checked={voice.enabled}
            aria-label={t('blogAudio.voice')}
            checkedChildren={t('blogAudio.on')}
            unCheckedChildren={t('blogAudio.off')}
            onChange={(enabled) => void saveVoice({ enabled })}
          />
        </Form.Item>
        <Form.Item label={t('blogAudio.language')}>
          <Select
            value={voice.lang}
            disabled={!voice.enabled}
            loading={engines.isPending}
            aria-label={t('blogAudio.language')}
            style={{ minWidth: 220 }}
            onChange={(lang) => void saveVoice({ lang })}
            options={languages.map((lang) => ({ value: lang, label: nativeLanguageName(lang) }))}
          />
        </Form.Item>
        <Form.Item label={t('blogAudio.speed', { speed: (speed ?? voice.speed).toFixed(1) })}>
          <Slider
            {...SPEED}
            value={speed ?? voice.speed}
            disabled={!voice.enabled}
            ariaLabelForHandle={t('blogAudio.speedLabel')}
            style={{ maxWidth: 320 }}
            onChange={setSpeed}
            onChangeComplete={async (value) => {
              await saveVoice({ speed: value });
              setSpeed(null);
            }}
          />
        </Form.Item>
        <Form.Item label={t('blogAudio.wholeRecording')} extra={t('blogAudio.wholeRecordingHelp')}>
          <RecordingUpload
            kind="tts-subtitle"
            label={t('blogAudio.uploadWholeRecording')}
            materialId={voice.recordingMaterialId}
            onUse={(recordingMaterialId) => saveVoice({ recordingMaterialId })}
          />
        </Form.Item>
      </Form>
      <Typography.Title level={5}>{t('blogAudio.scenes')}</Typography.Title>
      <ol className="blog-audio-scenes">
        {editor.project.scenes.map((scene, index) => {
          const name = sceneLabel(t, scene, index);
          return (
            <li key={scene.sceneId} className="blog-audio-scene">
              <Typography.Text className="blog-audio-scene-text">{name}</Typography.Text>
              <Button
                size="small"
                icon={preview.playing === scene.sceneId ? <PauseCircleOutlined /> : <SoundOutlined />}
                loading={listening === scene.sceneId}
                disabled={!voice.enabled}
                aria-label={t('blogAudio.listenNamed', { number: index + 1 })}
                onClick={() => void listen(scene.sceneId)}
              >
                {preview.playing === scene.sceneId ? t('blogAudio.stop') : t('blogAudio.listen')}
              </Button>
              <RecordingUpload
                kind="tts-scene"
                label={t('blogAudio.uploadSceneRecording', { number: index + 1 })}
                materialId={scene.voiceMaterialId}
                onUse={saveSceneVoice(scene.sceneId)}
              />
            </li>
          );
        })}
      </ol>
    </div>
  );
}
