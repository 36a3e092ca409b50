import { useEffect } from 'react';
import { createColumnHelper } from '@tanstack/react-table';
import { oneTimeRateBody, type OneTimeRate } from '@pw/contracts';
import { DataTable, ListFooter, PerPageSelect, useListState } from '@/components/data-table';
import { nowrapCell } from '@/components/data-table/cells';
import { FormError } from '@/components/form/FormError';
import { TextField } from '@/components/form/TextField';
import { useBodyForm } from '@/components/form/use-body-form';
import { useTitle } from '@/lib/use-title';
import { useOneTimeRate } from '../api/get-one-time-rate';
import { useSetOneTimeRate } from '../api/set-one-time-rate';
import { formatWhen } from '@/lib/dates';
import { priceLabel } from '@/lib/plan-labels';
import { useSavedDialog } from './use-saved-dialog';

const column = createColumnHelper<OneTimeRate & { serial: number }>();
const columns = [
  column.accessor('serial', { header: 'S.No.' }),
  column.accessor('rate', { header: 'Rate', cell: (info) => priceLabel(info.getValue()) }),
  column.accessor('updated_at', {
    header: 'Update Date',
    cell: nowrapCell(formatWhen),
  }),
];

/** /admin/otpurchase-management: the per-minute rate of extra video time, and its history. */
export function OneTimeRatePage() {
  useTitle('One-Time Purchase');
  const list = useListState();
  const { data, isPending, isFetching, isError, refetch } = useOneTimeRate(list.params);
  const mutation = useSetOneTimeRate();
  const saved = useSavedDialog();
  const { field, handleSubmit, reset, summary } = useBodyForm<{ rate: string }>({
    schema: oneTimeRateBody,
    defaultValues: { rate: '' },
    failure: mutation.isError ? mutation.error : null,
  });

  // The form shows the current rate once it is known, unless the admin has already typed one:
  // a rate typed while the page was still loading is what they mean to save.
  const current = data?.current?.rate;
  useEffect(() => {
    if (current !== undefined) reset({ rate: current }, { keepDirtyValues: true });
  }, [current, reset]);

  // docs/product.md §9.3's 'Updated', in the success dialog every plan save ends with.
  const submit = handleSubmit(({ rate }) =>
    // As the schema gives it back: trimmed (the form keeps the values as typed).
    mutation.mutate(rate.trim(), {
      onSuccess: (response) => {
        reset({ rate: response.data.rate });
        void saved(
          response.message || 'Updated',
          `The price per minute is now ${priceLabel(response.data.rate)}.`,
        );
      },
    }),
  );
  // The history's S.No. counts across pages (row 11 is the first of page 2).
  const first = data?.meta.from ?? 1;
  const rows = data?.data.map((rate, index) => ({ ...rate, serial: first + index }));

  return (
    <div>
      <h1 className="h2 mb-3">One-Time Purchase</h1>
      <div className="card mb-4 page-narrow">
        <div className="card-body p-4">
          <form noValidate onSubmit={(event) => void submit(event)}>
            <TextField
              id="rate"
              label="Price Per Minute"
              markRequired
              inputMode="decimal"
              hint="In dollars, e.g. 0.50"
              {...field('rate')}
            />
            <button type="submit" className="btn btn-primary" disabled={mutation.isPending}>
              {mutation.isPending ? 'Saving…' : 'Save'}
            </button>
            <FormError message={summary} />
          </form>
        </div>
      </div>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h2 className="h4 mb-0">Rate History</h2>
        <PerPageSelect value={list.perPage} onChange={list.setPerPage} />
      </div>
      <DataTable
        caption="Rate history"
        columns={columns}
        rows={rows}
        isLoading={isPending || isFetching}
        isError={isError}
        onRetry={() => void refetch()}
      />
      <ListFooter meta={data?.meta} onPage={list.setPage} />
    </div>
  );
}
