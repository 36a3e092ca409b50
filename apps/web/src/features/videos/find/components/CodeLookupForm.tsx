import { useId } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useBodyForm } from '@/components/form/use-body-form';
import { errorMessage } from '@/lib/api';
import searchIcon from 'bootstrap-icons/icons/search.svg?raw';
import { Icon } from '@/components/Icon';
import type { Video } from '@pw/contracts';

interface CodeLookupFormProps {
  label: string;
  hint: string;
  lookup: UseMutationResult<Video, Error, string>;
  /** Where the found video opens (with the video and its code in navigation state). */
  resultPath: string;
  /** The page shows this failure itself (the access code's not-yet-released notice): no red text here. */
  quietError?: boolean;
}

/** A code box and 'Find': nothing is sent while empty (docs/product.md §13.6); the server's message shows in red. */
export function CodeLookupForm({ label, hint, lookup, resultPath, quietError }: CodeLookupFormProps) {
  const navigate = useNavigate();
  // The code is a path parameter, not a body: no schema, the server judges it.
  const { register, handleSubmit } = useBodyForm<{ code: string }>({ defaultValues: { code: '' } });
  const id = useId();

  const submit = handleSubmit(({ code }) => {
    const value = code.trim();
    if (!value || lookup.isPending) return;
    // The code goes along so the video page can read the video again (on reload too).
    lookup.mutate(value, { onSuccess: (video) => navigate(resultPath, { state: { video, code: value } }) });
  });

  const failure = lookup.isError && !quietError ? errorMessage(lookup.error, 'Unable to find video') : null;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="card p-3 p-sm-4">
      <label htmlFor={`${id}-code`} className="form-label fw-semibold">
        {label}
      </label>
      <div className="d-flex flex-wrap gap-2">
        <input
          id={`${id}-code`}
          className={`form-control flex-grow-1 w-auto ${failure ? 'is-invalid' : ''}`}
          style={{ minWidth: '12rem' }}
          autoComplete="off"
          spellCheck={false}
          {...register('code', {
            onChange: () => {
              if (lookup.isError) lookup.reset();
            },
          })}
          aria-describedby={`${id}-hint${failure ? ` ${id}-error` : ''}`}
          aria-invalid={failure ? true : undefined}
        />
        <button type="submit" className="btn btn-primary" disabled={lookup.isPending}>
          <Icon svg={searchIcon} className="me-1" />
          {lookup.isPending ? 'Finding…' : 'Find'}
        </button>
      </div>
      <p id={`${id}-hint`} className="form-text mb-0">
        {hint}
      </p>
      {failure && (
        <p id={`${id}-error`} className="text-danger mt-2 mb-0" role="alert">
          {failure}
        </p>
      )}
    </form>
  );
}
