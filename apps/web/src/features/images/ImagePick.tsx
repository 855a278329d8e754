import { UploadOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { type ChangeEvent, useRef, useState } from 'react';
import { errorText } from '../../api/index.ts';
import { IMAGE_ACCEPT, ImageRefused, type ReadImage, readImageFile } from './imageFile.ts';

/**
 * A button that picks a brand or domain image, checks it in the browser (readImageFile) and hands it to
 * `upload`; a refusal or a failed upload is told in a toast, in the user's language.
 */
export function ImagePick({
  label,
  disabled = false,
  upload,
  testId,
  gate = (open) => open(),
}: {
  label: string;
  disabled?: boolean;
  upload: (image: ReadImage) => Promise<void>;
  testId?: string;
  /** Runs the file picker, or stops it (the period gate's renew dialog). */
  gate?: (open: () => void) => void;
}) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setBusy(true);
    try {
      await upload(await readImageFile(file));
    } catch (failure) {
      message.error(failure instanceof ImageRefused ? failure.message : errorText(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        icon={<UploadOutlined />}
        loading={busy}
        disabled={disabled}
        onClick={() => gate(() => picker.current?.click())}
      >
        {label}
      </Button>
      <input
        ref={picker}
        type="file"
        accept={IMAGE_ACCEPT}
        className="visually-hidden"
        tabIndex={-1}
        aria-label={label}
        data-testid={testId}
        disabled={disabled || busy}
        onChange={(event) => void pick(event)}
      />
    </>
  );
}
