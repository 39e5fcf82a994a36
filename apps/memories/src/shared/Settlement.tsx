// Starting late, and items that do not apply: a task or checklist document can be marked 'Not needed' or
// 'Done before I started' (with an optional reason), which counts it as settled in the progress, and the
// mark can be undone. One control for the Tasks and Documents tabs.
import { useId, useState } from 'react';
import { SETTLEMENT_KINDS, SETTLEMENT_LABELS, SETTLEMENT_REASON_MAX, SettleItemRequestSchema, type Settlement, type SettlementKind } from '@afterwards/contracts';
import { Badge, Button, FormDialog, TextArea, useToast } from '@afterwards/web-ui';
import { api } from '../api';
import { memoriesStore, reportMutationError, useCloseAllModals } from '../store';

type Item = 'tasks' | 'documents';

const MARKED: Record<SettlementKind, string> = { not_needed: 'marked as not needed', done_before: 'marked as done before you started' };

const HINTS: Record<SettlementKind, string> = {
  not_needed: 'It does not apply to this person (for example there was no pension, car or will).',
  done_before: 'It was already done before you started using this checklist.',
};

/** The mark and its reason on a settled item, with Undo; or the button that opens the dialog to mark it. */
export function SettlementControl({
  memoryId,
  item,
  itemId,
  title,
  settled,
  done,
  readOnly = false,
}: {
  memoryId: string;
  item: Item;
  itemId: string;
  title: string;
  settled: Settlement | null;
  done: boolean;
  /** A viewer sees the mark but cannot set or undo it. */
  readOnly?: boolean;
}) {
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  async function undo() {
    if (busy) return;
    setBusy(true);
    try {
      memoriesStore.apply(await api.unsettle(memoryId, item, itemId));
      toast.success(`"${title}" is back on your list`);
    } catch (error) {
      reportMutationError(toast, error, memoryId, (message) => `Failed to update: ${message}`);
    } finally {
      setBusy(false);
    }
  }

  if (settled) {
    return (
      <div className="aw-cluster mem-settled">
        <Badge className="mem-badge--settled">{SETTLEMENT_LABELS[settled.kind]}</Badge>
        {settled.reason ? <span className="mem-settled__reason">{settled.reason}</span> : null}
        {/* The item's title goes in the name, not in hidden text, so the title is written once on the page. */}
        {readOnly ? null : (
          <Button variant="quiet" size="sm" onClick={() => void undo()} disabled={busy} aria-label={`Undo ${SETTLEMENT_LABELS[settled.kind]} for ${title}`}>
            Undo
          </Button>
        )}
      </div>
    );
  }
  if (done || readOnly) return null;
  return (
    <>
      <Button variant="quiet" size="sm" className="mem-settle-button mem-no-print" onClick={() => setOpen(true)} aria-label={`Does not apply? ${title}`}>
        Does not apply?
      </Button>
      {open ? <SettleDialog memoryId={memoryId} item={item} itemId={itemId} title={title} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function SettleDialog({ memoryId, item, itemId, title, onClose }: { memoryId: string; item: Item; itemId: string; title: string; onClose: () => void }) {
  const toast = useToast();
  const name = useId();
  const [kind, setKind] = useState<SettlementKind>('not_needed');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  useCloseAllModals(() => {
    if (!busy) onClose();
  });

  async function submit() {
    if (busy) return;
    const parsed = SettleItemRequestSchema.safeParse({ kind, reason: reason.trim() || null });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setBusy(true);
    try {
      memoriesStore.apply(await api.settle(memoryId, item, itemId, parsed.data));
      toast.success(`"${title}" ${MARKED[kind]}`);
      onClose();
    } catch (failure) {
      setError(reportMutationError(toast, failure, memoryId, (message) => `Failed to update: ${message}`));
      setBusy(false);
    }
  }

  return (
    <FormDialog open onClose={onClose} title="Does this apply?" onSubmit={() => void submit()} submitLabel="Save" busy={busy} busyLabel="Saving..." formClassName="mem-form">
      <p className="aw-muted">
        <strong>{title}</strong>: mark it so it no longer waits on your list. It counts towards your progress, and you can undo it at any time.
      </p>
      <fieldset className="mem-settle-kinds">
        <legend className="aw-field__label">What fits best</legend>
        {SETTLEMENT_KINDS.map((k) => (
          <label key={k} className="aw-row mem-settle-kind">
            <input type="radio" name={name} value={k} checked={kind === k} onChange={() => setKind(k)} disabled={busy} />
            <span>
              <strong>{SETTLEMENT_LABELS[k]}</strong>
              <span className="aw-muted"> {HINTS[k]}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <TextArea
        label="Reason (optional)"
        hint={`Only you see this. Up to ${SETTLEMENT_REASON_MAX} characters.`}
        value={reason}
        maxLength={SETTLEMENT_REASON_MAX}
        rows={3}
        onChange={(e) => {
          setReason(e.currentTarget.value);
          setError(undefined);
        }}
        error={error}
        disabled={busy}
      />
    </FormDialog>
  );
}
