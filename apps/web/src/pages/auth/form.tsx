import { type FormEvent, type InputHTMLAttributes, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { errorText } from '../../api/index.ts';
import type { Check } from './validation.ts';

// The public screens' forms in plain elements: antd's Form, Input and Button were most of the sign-in
// screen's script. They behave as antd's did: a field is checked as it changes, every field at once on
// submit, a field that depends on another again when that one changes.

export type FieldState = { value: string; error: string | null; onChange: (value: string) => void };

export function useFields<K extends string>(
  checks: Record<K, Check>,
  {
    initial = {},
    dependents = {},
  }: { initial?: Partial<Record<NoInfer<K>, string>>; dependents?: Partial<Record<NoInfer<K>, NoInfer<K>[]>> } = {},
) {
  const names = Object.keys(checks) as K[];
  const [values, setValues] = useState(
    () => Object.fromEntries(names.map((name) => [name, initial[name] ?? ''])) as Record<K, string>,
  );
  const [errors, setErrors] = useState<Partial<Record<K, string | null>>>({});
  const current = useRef(values);
  // A slow check (the zod schemas are fetched at the first one) must not overwrite a newer answer.
  const runs = useRef(new Map<K, number>());
  const checked = useRef(new Set<K>());

  const check = async (name: K): Promise<boolean> => {
    const run = (runs.current.get(name) ?? 0) + 1;
    runs.current.set(name, run);
    checked.current.add(name);
    const error = await checks[name](current.current[name], current.current);
    if (runs.current.get(name) === run) setErrors((previous) => ({ ...previous, [name]: error }));
    return !error;
  };

  /** Checks `only` (else every field) and answers the values when all of them pass. */
  const validate = async (only: K[] = names) =>
    (await Promise.all(only.map(check))).every(Boolean) ? current.current : null;

  const field = (name: K): FieldState => ({
    value: values[name],
    error: errors[name] ?? null,
    onChange: (value) => {
      current.current = { ...current.current, [name]: value };
      setValues(current.current);
      void check(name);
      for (const other of dependents[name] ?? []) if (checked.current.has(other)) void check(other);
    },
  });

  /** A form's onSubmit: every field checked at once, then `submit` with the values when they all pass. */
  const onSubmit = (submit: (values: Record<K, string>) => Promise<void> | void) => (event: FormEvent) => {
    event.preventDefault();
    void validate().then((passed) => passed && submit(passed));
  };

  return { field, validate, onSubmit };
}

type FieldProps = {
  label: string;
  field: FieldState;
  type?: 'text' | 'password';
  /** Drawn joined to the right of the input (the send-code button). */
  addon?: ReactNode;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type' | 'id'>;

/** A labelled input with its message under it; a password has a button that shows what was typed. */
export function Field({ label, field, type = 'text', addon, ...input }: FieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const messageId = `${id}-message`;
  const [shown, setShown] = useState(false);
  const control = (
    <div className={field.error ? 'auth-control auth-control-error' : 'auth-control'}>
      <input
        {...input}
        id={id}
        className="auth-input"
        type={type === 'password' && !shown ? 'password' : 'text'}
        value={field.value}
        onChange={(event) => field.onChange(event.target.value)}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={field.error ? messageId : undefined}
      />
      {type === 'password' && (
        <button
          type="button"
          className="auth-reveal"
          aria-label={t('auth.showPassword')}
          aria-pressed={shown}
          onClick={() => setShown((value) => !value)}
        >
          {shown ? <EyeIcon /> : <EyeClosedIcon />}
        </button>
      )}
    </div>
  );
  return (
    <div className="auth-field">
      <label htmlFor={id} className="auth-label">
        {label}
      </label>
      {addon ? (
        <div className="auth-compact">
          {control}
          {addon}
        </div>
      ) : (
        control
      )}
      <div id={messageId} className="auth-message" aria-live="polite">
        {field.error && t(field.error)}
      </div>
    </div>
  );
}

/** The email field every auth screen starts with. */
export function EmailField({ field }: { field: FieldState }) {
  const { t } = useTranslation();
  return <Field label={t('auth.email')} field={field} autoComplete="email" placeholder={t('auth.emailPlaceholder')} />;
}

export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button
      type="submit"
      className="auth-button auth-button-primary auth-button-block"
      disabled={busy}
      aria-busy={busy}
    >
      {busy && <span className="spinner spinner-small" aria-hidden="true" />}
      {children}
    </button>
  );
}

/** What a public screen says after a call: a failure (worded at render, so it follows the language) or news. */
export type Notice = { error: unknown } | { success: string; values?: Record<string, string> };

/**
 * The notice of this screen, starting with any news the screen before left in the history entry (the
 * password was reset, where a code was sent). The news is taken out of the entry once shown, so a reload or
 * a return through the browser's history does not say it again.
 */
export function useNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const arrived = (location.state as { notice?: Notice } | null)?.notice ?? null;
  const notice = useState<Notice | null>(arrived);
  const { pathname, search, hash } = location;
  useEffect(() => {
    if (arrived) void navigate({ pathname, search, hash }, { replace: true, state: null });
  }, [arrived, navigate, pathname, search, hash]);
  return notice;
}

export function FormNotice({ notice }: { notice: Notice | null }) {
  const { t } = useTranslation();
  if (!notice) return null;
  return 'error' in notice ? (
    <div role="alert" className="auth-notice auth-notice-error">
      {errorText(notice.error)}
    </div>
  ) : (
    <div role="status" className="auth-notice auth-notice-success">
      {t(notice.success, notice.values ?? {})}
    </div>
  );
}

// antd's EyeOutlined and EyeInvisibleOutlined (@ant-design/icons-svg, MIT), so the field looks as it did.
const EYE =
  'M942.2 486.2C847.4 286.5 704.1 186 512 186c-192.2 0-335.4 100.5-430.2 300.3a60.3 60.3 0 000 51.5C176.6 737.5 319.9 838 512 838c192.2 0 335.4-100.5 430.2-300.3 7.7-16.2 7.7-35 0-51.5zM512 766c-161.3 0-279.4-81.8-362.7-254C232.6 339.8 350.7 258 512 258c161.3 0 279.4 81.8 362.7 254C791.5 684.2 673.4 766 512 766zm-4-430c-97.2 0-176 78.8-176 176s78.8 176 176 176 176-78.8 176-176-78.8-176-176-176zm0 288c-61.9 0-112-50.1-112-112s50.1-112 112-112 112 50.1 112 112-50.1 112-112 112z';
const EYE_CLOSED = [
  'M942.2 486.2Q889.47 375.11 816.7 305l-50.88 50.88C807.31 395.53 843.45 447.4 874.7 512 791.5 684.2 673.4 766 512 766q-72.67 0-133.87-22.38L323 798.75Q408 838 512 838q288.3 0 430.2-300.3a60.29 60.29 0 000-51.5zm-63.57-320.64L836 122.88a8 8 0 00-11.32 0L715.31 232.2Q624.86 186 512 186q-288.3 0-430.2 300.3a60.3 60.3 0 000 51.5q56.69 119.4 136.5 191.41L112.48 835a8 8 0 000 11.31L155.17 889a8 8 0 0011.31 0l712.15-712.12a8 8 0 000-11.32zM149.3 512C232.6 339.8 350.7 258 512 258c54.54 0 104.13 9.36 149.12 28.39l-70.3 70.3a176 176 0 00-238.13 238.13l-83.42 83.42C223.1 637.49 183.3 582.28 149.3 512zm246.7 0a112.11 112.11 0 01146.2-106.69L401.31 546.2A112 112 0 01396 512z',
  'M508 624c-3.46 0-6.87-.16-10.25-.47l-52.82 52.82a176.09 176.09 0 00227.42-227.42l-52.82 52.82c.31 3.38.47 6.79.47 10.25a111.94 111.94 0 01-112 112z',
];

function EyeIcon() {
  return (
    <svg viewBox="64 64 896 896" width="1em" height="1em" fill="currentColor" aria-hidden="true" focusable="false">
      <path d={EYE} />
    </svg>
  );
}

function EyeClosedIcon() {
  return (
    <svg viewBox="64 64 896 896" width="1em" height="1em" fill="currentColor" aria-hidden="true" focusable="false">
      {EYE_CLOSED.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
