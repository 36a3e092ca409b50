import { useEffect, useId, useMemo, useState, type DragEvent } from 'react';
import cloudUpload from 'bootstrap-icons/icons/cloud-arrow-up.svg?raw';
import trash from 'bootstrap-icons/icons/trash.svg?raw';
import { Icon } from '@/components/Icon';
import { Label } from '@/components/form/Label';
import { addImages, DEFAULT_MAX_FILES, IMAGE_TYPES, UPLOAD_HINT } from './rules';

interface Props {
  label: string;
  files: File[];
  onChange: (files: File[]) => void;
  /** docs/product.md §13.6: 3 by default, 1 for sign-up and profile photos. */
  maxFiles?: number;
  /** The image already saved (profile edit), shown until a new one is chosen. */
  currentUrl?: string | null;
  /** A server-side error for this field. */
  error?: string;
  required?: boolean;
  id?: string;
  /** Previews show the whole image in its own shape (a wide banner stays wide), not a square crop. */
  keepShape?: boolean;
  /** A line of help of the form's own, read with the field. */
  hint?: string;
}

/** The shared image uploader: click or drop, previews, per-image removal, the contract's messages. */
export function ImageUploader({
  label,
  files,
  onChange,
  maxFiles = DEFAULT_MAX_FILES,
  currentUrl,
  error,
  required,
  id,
  keepShape = false,
  hint,
}: Props) {
  const autoId = useId();
  const inputId = id ?? `image-${autoId}`;
  const [ruleError, setRuleError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  const previews = useMemo(() => files.map((file) => ({ file, url: URL.createObjectURL(file) })), [files]);
  useEffect(() => () => previews.forEach((preview) => URL.revokeObjectURL(preview.url)), [previews]);

  const add = (incoming: File[]) => {
    if (incoming.length === 0) return;
    const result = addImages(files, incoming, maxFiles);
    setRuleError(result.error);
    if (result.files !== files) onChange(result.files);
  };

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    add(Array.from(event.dataTransfer.files));
  };

  const message = ruleError ?? error;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;

  return (
    <div className="mb-3">
      <Label htmlFor={inputId} required={required}>
        {label}
      </Label>
      <label
        className={`image-drop${dragging ? ' is-dragging' : ''}${message ? ' is-invalid' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <input
          id={inputId}
          type="file"
          className="visually-hidden"
          accept={IMAGE_TYPES.join(',')}
          multiple={maxFiles > 1}
          aria-describedby={`${hintId}${message ? ` ${errorId}` : ''}`}
          aria-invalid={message ? true : undefined}
          onChange={(event) => {
            add(Array.from(event.target.files ?? []));
            event.target.value = '';
          }}
        />
        <Icon svg={cloudUpload} className="image-drop-icon" />
        <span className="fw-semibold">Choose an image or drop it here</span>
        <span id={hintId} className="form-text mt-0">
          {UPLOAD_HINT}
          {hint && <span className="d-block">{hint}</span>}
        </span>
      </label>
      {message && (
        <div id={errorId} className="invalid-feedback d-block" role="alert">
          {message}
        </div>
      )}
      {(previews.length > 0 || currentUrl) && (
        <ul className="image-previews list-unstyled d-flex flex-wrap gap-2 mt-2 mb-0">
          {previews.length === 0 && currentUrl && (
            <li>
              <img src={currentUrl} alt="Current photo" className="image-preview" />
            </li>
          )}
          {previews.map(({ file, url }) => (
            <li key={url} className={`position-relative${keepShape ? ' mw-100' : ''}`}>
              <img
                src={url}
                alt={`Selected: ${file.name}`}
                className={keepShape ? 'image-preview-natural' : 'image-preview'}
              />
              <button
                type="button"
                className="btn btn-sm btn-light image-remove"
                aria-label={`Remove ${file.name}`}
                onClick={() => {
                  setRuleError(null);
                  onChange(files.filter((kept) => kept !== file));
                }}
              >
                <Icon svg={trash} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
