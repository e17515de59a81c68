import { ApiRequestError } from '@engine/core';
import { useT } from '@engine/react';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useDeleteAvatar, useUploadAvatar } from '@/lib/queries/avatar';
import { Avatar } from '@/shell/avatar/avatar';
import { useNotify } from '@/shell/notifications/notifications-provider';
import styles from './avatar-uploader.module.css';

const MAX_BYTES = 2 * 1024 * 1024;

export interface AvatarUploaderProps {
  uid: number | string;
  /** The person's name (initials when there is no picture). */
  name: string;
  /** The stored picture's address, or null. */
  current: string | null;
}

/**
 * Chooses, previews, uploads and removes a profile picture. The chosen file shows at once as a
 * preview; nothing is sent until Upload. The server's reason for refusing a file is shown.
 */
export function AvatarUploader({ uid, name, current }: AvatarUploaderProps) {
  const { t } = useT();
  const { notify } = useNotify();
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [stored, setStored] = useState<string | null>(current);
  const upload = useUploadAvatar(uid);
  const remove = useDeleteAvatar(uid);
  const busy = upload.isPending || remove.isPending;

  const [lastCurrent, setLastCurrent] = useState(current);
  if (lastCurrent !== current) {
    setLastCurrent(current);
    setStored(current);
  }

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const reason = (e: unknown) =>
    e instanceof ApiRequestError && e.status === 400
      ? t(e.message)
      : t('Something went wrong, please try again.');

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setError(null);
    if (chosen && chosen.size > MAX_BYTES) {
      setFile(null);
      setError(t('The image is larger than 2 MB.'));
      event.target.value = '';
      return;
    }
    setFile(chosen);
  };

  const reset = () => {
    setFile(null);
    if (inputRef.current) inputRef.current.value = '';
  };

  const send = () => {
    if (!file) return;
    setError(null);
    upload.mutate(file, {
      onSuccess: (user) => {
        setStored(user.avatar ?? null);
        reset();
        notify('success', t('Your picture has been updated.'));
      },
      onError: (e) => setError(reason(e)),
    });
  };

  const drop = () => {
    setError(null);
    remove.mutate(undefined, {
      onSuccess: () => {
        setStored(null);
        notify('success', t('Your picture has been removed.'));
      },
      onError: (e) => setError(reason(e)),
    });
  };

  return (
    <section className={styles.panel} aria-labelledby={`${inputId}-heading`}>
      <h2 id={`${inputId}-heading`} className={styles.heading}>
        {t('Profile picture')}
      </h2>
      <div className={styles.picture}>
        {preview ? (
          <img
            className={styles.preview}
            src={preview}
            alt={t('Preview of the chosen picture')}
            width={112}
            height={112}
          />
        ) : (
          <Avatar name={name} src={stored} size={112} label={t('Current picture')} />
        )}
      </div>
      <div className={styles.controls}>
        <label htmlFor={inputId} className={styles.choose}>
          {file ? t('Choose another picture') : t('Choose a picture')}
        </label>
        <input
          ref={inputRef}
          id={inputId}
          className={styles.file}
          type="file"
          accept="image/*"
          aria-describedby={hintId}
          onChange={choose}
          disabled={busy}
        />
        <p id={hintId} className={styles.hint}>
          {t('PNG, JPEG, WebP or GIF, up to 2 MB.')}
        </p>
        {file ? (
          <div className={styles.row}>
            <button
              type="button"
              className={styles.primary}
              onClick={send}
              disabled={busy}
              aria-busy={upload.isPending}
            >
              {t('Upload')}
            </button>
            <button type="button" className={styles.secondary} onClick={reset} disabled={busy}>
              {t('Cancel')}
            </button>
          </div>
        ) : stored ? (
          <button
            type="button"
            className={styles.secondary}
            onClick={drop}
            disabled={busy}
            aria-busy={remove.isPending}
          >
            {t('Remove picture')}
          </button>
        ) : null}
        {upload.isPending ? (
          <div className={styles.busy} role="status">
            <span className={styles.bar} aria-hidden="true" />
            {t('Uploading…')}
          </div>
        ) : null}
        {error ? (
          <p className={styles.error} role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </section>
  );
}
