import { useRef } from 'react';
import { type EditorContextValue, useEditor } from '../editorContext.ts';

/**
 * The editor as it is when a change is saved, not when it was started: a recording is used once its upload
 * ends, and the script or settings may have been saved in between.
 */
export function useLatestEditor(): { editor: EditorContextValue; latest: () => EditorContextValue } {
  const editor = useEditor();
  const ref = useRef(editor);
  ref.current = editor;
  return { editor, latest: () => ref.current };
}
