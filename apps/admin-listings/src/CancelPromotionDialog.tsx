// Remove Promotion on Local Businesses (decision 0048): a featured place is a paid promotion, so removing
// it cancels that promotion, after a confirmation that names the business and says what was paid. The
// promotions are read fresh when the dialog opens; cancelling sends the version that was shown.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PROMOTION_MESSAGES, type AdminListing, type AdminPromotion } from '@afterwards/contracts';
import { errorMessage, formatPounds } from '@afterwards/web-staff';
import { Alert, ConfirmDialog, InlineLoading } from '@afterwards/web-ui';
import { LISTINGS_KEY, listingPromotionsApi } from './api';

const longDate = (iso: string) => new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

function describe(p: AdminPromotion): string {
  return `${formatPounds(p.amount)} ${p.paymentStatus === 'Paid' ? 'paid' : 'due'}, Position #${p.position}, until ${longDate(p.endDate)}`;
}

export function CancelPromotionDialog({ listing, onClose, onCancelled }: { listing: AdminListing; onClose: () => void; onCancelled: (message: string) => void }) {
  const running = useQuery({ queryKey: [...LISTINGS_KEY, 'promotions', listing.id], queryFn: ({ signal }) => listingPromotionsApi.running(listing.id, signal), staleTime: 0 });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const promotions = running.data?.promotions ?? [];
  const paid = promotions.some((p) => p.paymentStatus === 'Paid');

  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      for (const p of promotions) await listingPromotionsApi.cancel(p.id, p.version);
      onClose();
      onCancelled(PROMOTION_MESSAGES.cancelled);
    } catch (error) {
      setFailure(`${PROMOTION_MESSAGES.cancelFailed} ${errorMessage(error)}`);
      void running.refetch();
    } finally {
      setBusy(false);
    }
  };

  return (
    <ConfirmDialog
      title={paid ? 'Cancel paid promotion' : 'Cancel promotion'}
      confirmLabel={promotions.length > 1 ? `Cancel ${promotions.length} Promotions` : 'Cancel Promotion'}
      cancelLabel="Keep Promotion"
      danger
      confirmDisabled={busy || promotions.length === 0}
      onCancel={onClose}
      onConfirm={() => void confirm()}
    >
      {running.isPending ? (
        <InlineLoading>Loading the promotion...</InlineLoading>
      ) : running.isError ? (
        <div role="alert">
          <Alert tone="error">{PROMOTION_MESSAGES.loadFailed}</Alert>
        </div>
      ) : promotions.length === 0 ? (
        <p className="aw-dialog-text">
          <strong>{listing.name}</strong> has no running promotion now. Its featured place will clear on its own.
        </p>
      ) : (
        <>
          <p className="aw-dialog-text">
            <strong>{listing.name}</strong> {paid ? 'has paid for' : 'has'} {promotions.length === 1 ? 'a promotion' : `${promotions.length} promotions`}:
          </p>
          <ul className="lb-dialog-list">
            {promotions.map((p) => (
              <li key={p.id}>{describe(p)}</li>
            ))}
          </ul>
          <p className="aw-dialog-text">
            Cancelling ends {promotions.length === 1 ? 'it' : 'them'} today and the business is no longer featured. Any refund is arranged outside the back office. This cannot be undone.
          </p>
        </>
      )}
      {failure ? (
        <div role="alert">
          <Alert tone="error">{failure}</Alert>
        </div>
      ) : null}
    </ConfirmDialog>
  );
}
