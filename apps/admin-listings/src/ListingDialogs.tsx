// The Local Businesses section's dialogs: add or edit, the CSV upload, and the confirmations and reasons its
// row and bulk actions ask for. The section owns the writes; each dialog says what to do and hands it back.
import type { ReactNode } from 'react';
import { LISTING_ADMIN_MESSAGES, type AdminListing, type BulkListingRequest } from '@afterwards/contracts';
import { errorMessage } from '@afterwards/web-staff';
import { ConfirmDialog } from '@afterwards/web-ui';
import { listingsApi } from './api';
import type { ListingChange } from './optimistic';
import { ListingFormDialog, type SaveListing } from './ListingFormDialog';
import { ReasonDialog } from './dialogs';
import { CancelPromotionDialog } from './CancelPromotionDialog';
import { BulkCsvDialog } from './BulkCsvDialog';

export type DialogState =
  | { kind: 'form'; listing: AdminListing | null }
  | { kind: 'delete' | 'approve' | 'reject' | 'suspend' | 'cancel-promotion'; listing: AdminListing }
  | { kind: 'bulk-delete' | 'bulk-suspend' }
  | { kind: 'csv' };

/** One listing's write: the change to show at once, the call, the failure's words and the success toast. */
export type RowWrite = (listing: AdminListing, change: ListingChange, call: () => Promise<AdminListing | void>, failure: (error: unknown) => string, success: string) => Promise<void>;

export interface ListingDialogsProps {
  dialog: DialogState | null;
  onClose: () => void;
  readOnly: boolean;
  /** The selected listings, for the bulk dialogs. */
  ids: string[];
  onSave: SaveListing;
  onRowWrite: RowWrite;
  onBulk: (request: BulkListingRequest) => Promise<void>;
  onPromotionCancelled: (message: string) => void;
}

const n = (v: number) => v.toLocaleString('en-GB');

export function ListingDialogs({ dialog, onClose, readOnly, ids, onSave, onRowWrite, onBulk, onPromotionCancelled }: ListingDialogsProps): ReactNode {
  const count = ids.length;
  return (
    <>
      {dialog?.kind === 'csv' ? <BulkCsvDialog onClose={() => onClose()} /> : null}
      {dialog?.kind === 'form' ? <ListingFormDialog listing={dialog.listing} readOnly={readOnly} onSave={onSave} onClose={() => onClose()} /> : null}
      {dialog?.kind === 'delete' ? (
        <ConfirmDialog
          title="Delete business"
          confirmLabel="Delete"
          danger
          onCancel={() => onClose()}
          onConfirm={() => {
            const { listing } = dialog;
            onClose();
            void onRowWrite(listing, { kind: 'delete' }, () => listingsApi.remove(listing.id), (e) => LISTING_ADMIN_MESSAGES.deleteFailed(errorMessage(e)), `"${listing.name}" deleted`);
          }}
        >
          <p className="aw-dialog-text">
            Delete <strong>{dialog.listing.name}</strong>? It leaves the directory and cannot be restored.
          </p>
        </ConfirmDialog>
      ) : null}
      {dialog?.kind === 'approve' ? (
        <ConfirmDialog
          title="Approve business"
          confirmLabel="Approve"
          onCancel={() => onClose()}
          onConfirm={() => {
            const { listing } = dialog;
            onClose();
            void onRowWrite(listing, { kind: 'approve' }, () => listingsApi.approve(listing.id), () => LISTING_ADMIN_MESSAGES.approveFailed, `"${listing.name}" approved`);
          }}
        >
          <p className="aw-dialog-text">
            Approve <strong>{dialog.listing.name}</strong>? It becomes Active and families can find it.
          </p>
        </ConfirmDialog>
      ) : null}
      {dialog?.kind === 'reject' ? (
        <ReasonDialog
          title="Reject business"
          intro={
            <>
              Why is <strong>{dialog.listing.name}</strong> being rejected? It becomes Inactive.
            </>
          }
          confirmLabel="Reject"
          onCancel={() => onClose()}
          onConfirm={(reason) => {
            const { listing } = dialog;
            onClose();
            void onRowWrite(listing, { kind: 'reject', reason }, () => listingsApi.reject(listing.id, reason), () => LISTING_ADMIN_MESSAGES.rejectFailed, `"${listing.name}" rejected`);
          }}
        />
      ) : null}
      {dialog?.kind === 'suspend' ? (
        <ReasonDialog
          title="Suspend business"
          intro={
            <>
              Why is <strong>{dialog.listing.name}</strong> being suspended? It leaves the directory until it is made Active again.
            </>
          }
          confirmLabel="Suspend"
          onCancel={() => onClose()}
          onConfirm={(reason) => {
            const { listing } = dialog;
            onClose();
            void onRowWrite(listing, { kind: 'suspend', reason }, () => listingsApi.suspend(listing.id, reason), () => LISTING_ADMIN_MESSAGES.suspendFailed, `"${listing.name}" suspended`);
          }}
        />
      ) : null}
      {dialog?.kind === 'cancel-promotion' ? (
        <CancelPromotionDialog
          listing={dialog.listing}
          onClose={() => onClose()}
          onCancelled={onPromotionCancelled}
        />
      ) : null}
      {dialog?.kind === 'bulk-suspend' ? (
        <ReasonDialog
          title={`Suspend ${n(count)} ${count === 1 ? 'business' : 'businesses'}`}
          intro={
            count === 1 ? (
              <>Why is the selected business being suspended? It leaves the directory until it is made Active again.</>
            ) : (
              <>
                Why are the <strong>{n(count)}</strong> selected businesses being suspended? They leave the directory until they are made Active again.
              </>
            )
          }
          confirmLabel={`Suspend ${n(count)}`}
          onCancel={() => onClose()}
          onConfirm={(reason) => {
            onClose();
            void onBulk({ action: 'status', ids: ids, status: 'Suspended', reason });
          }}
        />
      ) : null}
      {dialog?.kind === 'bulk-delete' ? (
        <ConfirmDialog
          title="Delete businesses"
          confirmLabel={`Delete ${n(count)}`}
          danger
          onCancel={() => onClose()}
          onConfirm={() => {
            onClose();
            void onBulk({ action: 'delete', ids: ids });
          }}
        >
          <p className="aw-dialog-text">
            Delete the {n(count)} selected {count === 1 ? 'business' : 'businesses'}? They leave the directory and cannot be restored.
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
